//! The grid rules that end a game other than by mate (`rules.checks`, `checkmate`, `flag`,
//! `extinction`, `must_capture`, `no_checks`, `draw_odds`), read from the level file into
//! the grid's [`Goals`], and the regions of squares rules name (the flag's, `double_step`,
//! `en_passant`), each fault placed at its key.

use super::error::{Errors, LevelErrorKind};
use super::file::{
    ExplosionsSection, ExtinctionSection, FlagSection, RegionSection, RulesSection, is_on,
};
use crate::grid::rules::{Explosions, Extinction, Flag, Goals, Outcome};
use crate::grid::{Geometry, Role};
use crate::play::Color;
use toml::Spanned;

/// The goals `rules` gives on a board of `geometry`, with piece letters found by `role`.
/// `royal`: whether the level has a royal type (checks mean nothing without one).
pub(super) fn read(
    rules: &RulesSection,
    role: &dyn Fn(&str) -> Option<Role>,
    geometry: Geometry,
    royal: bool,
    errors: &mut Errors<'_>,
) -> Goals {
    let mut goals = Goals::default();
    if let Some(n) = &rules.checks {
        match u8::try_from(*n.get_ref()) {
            Ok(k) if (1..=crate::grid::fen::MAX_CHECKS).contains(&k) => goals.checks = Some(k),
            _ => errors.at(n.span(), LevelErrorKind::Checks(*n.get_ref())),
        }
    }
    if let Some(w) = &rules.checkmate {
        goals.checkmate = outcome(w, "checkmate", false, errors);
    }
    goals.must_capture = is_on(&rules.must_capture);
    goals.no_checks = is_on(&rules.no_checks);
    goals.royal_stays_in_check = is_on(&rules.royal_stays_in_check);
    if let Some(w) = &rules.draw_odds {
        goals.draw_odds = match w.get_ref().as_str() {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            other => {
                errors.at(
                    w.span(),
                    LevelErrorKind::RuleWord {
                        key: "draw_odds",
                        word: other.to_string(),
                        expected: "\"white\" or \"black\"",
                    },
                );
                None
            }
        };
    }
    if let Some(f) = &rules.flag {
        goals.flag = flag(f, role, geometry, errors);
    }
    if let Some(e) = &rules.extinction {
        goals.extinction = extinction(e.get_ref(), role, errors);
    }
    if !royal {
        for (key, span) in [
            ("checks", rules.checks.as_ref().map(Spanned::span)),
            ("no_checks", rules.no_checks.as_ref().map(Spanned::span)),
            (
                "royal_stays_in_check",
                rules.royal_stays_in_check.as_ref().map(Spanned::span),
            ),
        ] {
            if let Some(span) = span {
                errors.at(span, LevelErrorKind::GoalNeedsRoyal(key));
            }
        }
    }
    goals
}

/// "loss" or "win" (or "draw", where `draw` allows it).
fn outcome(
    word: &Spanned<String>,
    key: &'static str,
    draw: bool,
    errors: &mut Errors<'_>,
) -> Outcome {
    match word.get_ref().as_str() {
        "loss" => Outcome::Loss,
        "win" => Outcome::Win,
        "draw" if draw => Outcome::Draw,
        other => {
            errors.at(
                word.span(),
                LevelErrorKind::RuleWord {
                    key,
                    word: other.to_string(),
                    expected: if draw {
                        "\"loss\", \"win\" or \"draw\""
                    } else {
                        "\"loss\" or \"win\""
                    },
                },
            );
            Outcome::Loss
        }
    }
}

/// The type a goal names by `letter`, or an error at it.
pub(super) fn piece(
    letter: &Spanned<String>,
    key: &'static str,
    role: &dyn Fn(&str) -> Option<Role>,
    errors: &mut Errors<'_>,
) -> Option<Role> {
    let found = role(letter.get_ref()).filter(|_| {
        let mut chars = letter.get_ref().chars();
        matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_uppercase())
    });
    if found.is_none() {
        errors.at(
            letter.span(),
            LevelErrorKind::GoalPiece {
                key,
                letter: letter.get_ref().clone(),
            },
        );
    }
    found
}

fn flag(
    section: &Spanned<FlagSection>,
    role: &dyn Fn(&str) -> Option<Role>,
    geometry: Geometry,
    errors: &mut Errors<'_>,
) -> Option<Flag> {
    let f = section.get_ref();
    let piece = piece(&f.piece, "flag piece", role, errors);
    if f.white.is_none() && f.black.is_none() {
        errors.at(section.span(), LevelErrorKind::FlagWithoutRegion);
    }
    let [white, black] = sides(&f.white, &f.black, geometry, errors);
    let none = || vec![false; geometry.squares()];
    Some(Flag {
        piece: piece?,
        region: [white.unwrap_or_else(none), black.unwrap_or_else(none)],
        answer: is_on(&f.answer),
        safe: is_on(&f.safe),
    })
}

/// Atomic captures as `rules.explosions` gives them, each letter checked at its place.
pub(super) fn explosions(
    section: &ExplosionsSection,
    role: &dyn Fn(&str) -> Option<Role>,
    errors: &mut Errors<'_>,
) -> Explosions {
    let mut letters = |list: &Option<Spanned<Vec<Spanned<String>>>>, key| {
        list.iter()
            .flat_map(|l| l.get_ref())
            .filter_map(|letter| piece(letter, key, role, errors))
            .collect()
    };
    Explosions {
        spares: letters(&section.spares, "explosions spares"),
        immune: letters(&section.immune, "explosions immune"),
        not_alike: letters(&section.not_alike, "explosions not_alike"),
    }
}

/// By side: the squares a [`RegionSection`] names, one flag per square index (`None` for
/// a side it leaves out).
pub(super) fn region(
    section: &RegionSection,
    geometry: Geometry,
    errors: &mut Errors<'_>,
) -> [Option<Vec<bool>>; 2] {
    sides(&section.white, &section.black, geometry, errors)
}

type Entries = Option<Spanned<Vec<Spanned<String>>>>;

/// Each side's list of squares and rectangles read into flags by square index.
pub(super) fn sides(
    white: &Entries,
    black: &Entries,
    geometry: Geometry,
    errors: &mut Errors<'_>,
) -> [Option<Vec<bool>>; 2] {
    [white, black].map(|entries| {
        let entries = entries.as_ref()?;
        let mut flags = vec![false; geometry.squares()];
        for entry in entries.get_ref() {
            match squares_of(entry.get_ref(), geometry) {
                Some(squares) => squares.into_iter().for_each(|sq| flags[sq] = true),
                None => errors.at(
                    entry.span(),
                    LevelErrorKind::FlagSquare(entry.get_ref().clone()),
                ),
            }
        }
        Some(flags)
    })
}

/// The square indexes an entry of a flag region names: one square (`d4`) or the rectangle
/// between two corners (`a8-h8`, `d4-e5`).
fn squares_of(text: &str, g: Geometry) -> Option<Vec<usize>> {
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (g.parse_square(a)?, g.parse_square(b)?),
        None => {
            let sq = g.parse_square(text)?;
            (sq, sq)
        }
    };
    let (files, ranks) = (
        g.file(a).min(g.file(b))..=g.file(a).max(g.file(b)),
        g.rank(a).min(g.rank(b))..=g.rank(a).max(g.rank(b)),
    );
    Some(
        ranks
            .flat_map(|r| files.clone().filter_map(move |f| g.square(f, r)))
            .map(usize::from)
            .collect(),
    )
}

fn extinction(
    e: &ExtinctionSection,
    role: &dyn Fn(&str) -> Option<Role>,
    errors: &mut Errors<'_>,
) -> Option<Extinction> {
    let mut types = Vec::new();
    let mut whole = true;
    for letter in e.pieces.iter().flat_map(|p| p.get_ref()) {
        match piece(letter, "extinction pieces", role, errors) {
            Some(r) if !types.contains(&r) => types.push(r),
            Some(_) => {}
            None => whole = false,
        }
    }
    let left = match &e.left {
        None => 0,
        Some(n) => match u8::try_from(*n.get_ref()) {
            Ok(k) if k <= 99 => k,
            _ => {
                errors.at(n.span(), LevelErrorKind::ExtinctionLeft(*n.get_ref()));
                whole = false;
                0
            }
        },
    };
    let outcome = e.outcome.as_ref().map_or(Outcome::Loss, |w| {
        outcome(w, "extinction outcome", true, errors)
    });
    whole.then_some(Extinction {
        types,
        left,
        outcome,
    })
}
