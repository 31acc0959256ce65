//! The grid part of the level format: the board, the pieces (in Betza, Ħasínū or URC), and
//! the rules, read from the level file into a [`GridLevel`].
//!
//! Its keys are described on the serde structs of `super::file`, from which
//! [`super::schema`] derives the format's schema.

use super::error::{Errors, LevelErrorKind, LevelErrors, UrcReferenceError};
use super::file::{LevelFile, PieceSection, board_size, castling_letter, check_image, is_on};
use super::modes::{GridLevel, Level, LevelKind};
use crate::betza::model::ChainMoves;
use crate::grid::rules::{Across, Walls};
use crate::grid::values::{MAX_VALUE, MAX_WEIGHT, WEIGHT_NAMES};
use crate::grid::{
    Castling, Counting, CountingRule, DrawRules, Geometry, PieceSquares, PieceType, Promotion,
    Role, RoyalRule, Shuffle, Stalemate, Variant, set_setup,
};
use crate::notation::hasinu;
use crate::notation::urc::{self, UrcDefinition};
use crate::reading;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toml::Spanned;

/// Reads a grid level from its parsed file.
pub(super) fn read(raw: LevelFile, errors: &mut Errors<'_>) -> Result<Level, LevelErrors> {
    if let Some(c) = &raw.continuous {
        errors.at(c.span(), LevelErrorKind::ContinuousInGrid);
    }
    let geometry = board_size(&raw, errors).and_then(|(f, r)| Geometry::new(f, r));
    let Some(pieces) = &raw.pieces else {
        errors.at(0..0, LevelErrorKind::NoPieces);
        return Err(LevelErrors(errors.found.clone()));
    };
    // Letters first, so that promotions may name any of them.
    let mut letters = Vec::new();
    for key in pieces.get_ref().keys() {
        let k = key.get_ref();
        let mut chars = k.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => letters.push(c),
            _ => {
                errors.at(key.span(), LevelErrorKind::PieceKey(k.clone()));
                letters.push('?');
            }
        }
    }
    let index_of = |s: &str| {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => letters
                .iter()
                .position(|&l| l == c.to_ascii_uppercase())
                .map(Role::new),
            _ => None,
        }
    };
    let mut types = Vec::new();
    // Each promoted form and the letter of its type's unpromoted one.
    let mut promoted_from = Vec::new();
    // Promotions a piece's Ħasínū or URC names by letter or name, read once every type is.
    let mut pending = Vec::new();
    // A URC king that castles, when the level's rules say nothing of castling.
    let mut urc_castler = None;
    // Where each label the level writes out stands, to place a clash.
    let mut label_spans = Vec::new();
    for ((key, p), &letter) in pieces.get_ref().iter().zip(&letters) {
        let name = p.name.clone().unwrap_or_else(|| key.get_ref().clone());
        // The schema check has made sure exactly one of betza, hasinu and urc is given.
        let mut borrowed_promotion = None;
        let mut t = if let Some(betza) = &p.betza {
            match PieceType::new(letter, &name, betza.get_ref()) {
                Ok(t) => t,
                Err(e) => {
                    betza_error(errors, betza, &e);
                    continue;
                }
            }
        } else if let Some(text) = &p.hasinu {
            let piece = match hasinu::parse(text.get_ref()) {
                Ok(piece) => piece,
                Err(e) => {
                    errors.in_string(
                        text,
                        e.span.column,
                        LevelErrorKind::Hasinu {
                            text: text.get_ref().clone(),
                            error: e.kind,
                        },
                    );
                    continue;
                }
            };
            let Ok(mut t) = PieceType::new(letter, &name, &piece.betza) else {
                errors.at(
                    text.span(),
                    LevelErrorKind::HasinuBetza {
                        text: text.get_ref().clone(),
                        betza: piece.betza,
                    },
                );
                continue;
            };
            t.royal = piece.royal;
            borrowed_promotion = piece
                .promote
                .map(|(_, promotees)| (promotees, 1, text.span(), "hasinu promote()"));
            t
        } else if let Some(urc) = &p.urc {
            let definition = match urc_definition(urc, errors.file, errors.follows) {
                Ok(d) => d,
                Err(e) => {
                    errors.at(urc.span(), LevelErrorKind::UrcReference(e));
                    continue;
                }
            };
            let betza = match urc::to_betza(&definition) {
                Ok(b) => b,
                Err(e) => {
                    errors.at(urc.span(), LevelErrorKind::Urc(e));
                    continue;
                }
            };
            let name = p.name.clone().unwrap_or_else(|| definition.name.clone());
            let Ok(mut t) = PieceType::new(letter, &name, &betza) else {
                errors.at(urc.span(), LevelErrorKind::UrcBetza(betza));
                continue;
            };
            t.royal = definition.royal;
            let castles = definition
                .special_rules
                .as_ref()
                .and_then(|r| r.castling.as_ref())
                .is_some_and(|c| c.kingside || c.queenside);
            if castles && urc_castler.is_none() {
                urc_castler = Some((letter, urc.span()));
            }
            let promotion = definition
                .special_rules
                .as_ref()
                .and_then(|r| r.promotion.as_ref());
            if let (Some(promotion), Some(g)) = (promotion, geometry) {
                let rank = i64::from(promotion.rank);
                if (1..=i64::from(g.ranks())).contains(&rank) {
                    let zone = (i64::from(g.ranks()) - rank + 1) as u8;
                    borrowed_promotion =
                        Some((promotion.options.clone(), zone, urc.span(), "urc promotion"));
                } else {
                    errors.at(
                        urc.span(),
                        LevelErrorKind::UrcPromotionRank {
                            rank,
                            ranks: g.ranks(),
                        },
                    );
                }
            }
            t
        } else {
            // The schema check refuses a piece without moves before this point.
            continue;
        };
        t.royal |= p.royal;
        if let Some(value) = &p.value {
            let centipawns = *value.get_ref();
            match i32::try_from(centipawns) {
                Ok(c) if (0..=MAX_VALUE).contains(&c) => t.value = Some(c),
                _ => errors.at(value.span(), LevelErrorKind::PieceValue(centipawns)),
            }
        }
        if let (Some(squares), Some(g)) = (&p.squares, geometry) {
            let section = squares.get_ref();
            let mut table = |which: &'static str, rows: &Option<Spanned<Vec<Vec<i64>>>>| {
                let Some(rows) = rows else {
                    return vec![0; g.squares()];
                };
                match square_table(g, rows.get_ref()) {
                    Some(t) => t,
                    None => {
                        errors.at(
                            rows.span(),
                            LevelErrorKind::SquaresShape {
                                table: which,
                                files: g.files(),
                                ranks: g.ranks(),
                            },
                        );
                        vec![0; g.squares()]
                    }
                }
            };
            let middle = table("middle", &section.middle);
            let end = table("end", &section.end);
            t.squares = Some(PieceSquares { middle, end });
        }
        if let Some(g) = geometry {
            piece_squares(p, g, &mut t, errors);
        }
        t.resets_move_rule = p.resets_move_rule.as_ref().map(|b| *b.get_ref());
        // The schema check has made sure it is one letter A–Z.
        t.san_letter = p.san.as_ref().and_then(|s| s.get_ref().chars().next());
        if let Some(label) = &p.label {
            // The schema check has made sure it is one to four letters A–Z.
            t.label = label.get_ref().clone();
            label_spans.push((letter, label.span()));
        }
        if let Some(image) = &p.image {
            check_image(errors, image);
            t.image = Some(image.get_ref().clone());
        }
        if let Some(promo) = &p.promotion {
            let section = promo.get_ref();
            // `to` and `black_to` alike: each letter a type of the level, at least one.
            let mut targets = |letters: &[Spanned<String>]| {
                let mut roles = Vec::new();
                for target in letters {
                    match index_of(target.get_ref()) {
                        Some(i) => roles.push(i),
                        None => errors.at(
                            target.span(),
                            LevelErrorKind::PromotionTarget(target.get_ref().clone()),
                        ),
                    }
                }
                if letters.is_empty() {
                    errors.at(promo.span(), LevelErrorKind::NoPromotionTarget);
                }
                roles
            };
            let to = targets(&section.to);
            let black_to = section.black_to.as_deref().map(&mut targets);
            let zone = match &section.zone {
                None => 1,
                Some(z) => match geometry {
                    Some(g) if (1..=i64::from(g.ranks())).contains(z.get_ref()) => {
                        *z.get_ref() as u8
                    }
                    _ => {
                        errors.at(z.span(), LevelErrorKind::PromotionZone(*z.get_ref()));
                        1
                    }
                },
            };
            let squares = match (&section.squares, geometry) {
                (Some(r), Some(g)) => super::goals::region(r.get_ref(), g, errors),
                _ => [None, None],
            };
            t.promotion = Some(Promotion {
                to,
                black_to,
                zone,
                optional: section.optional,
                captured_only: section.captured_only,
                from_zone: section.from_zone,
                squares,
            });
        }
        if let (None, Some(borrowed)) = (&p.promotion, borrowed_promotion) {
            pending.push((types.len(), borrowed));
        }
        if let Some(base) = &p.promoted_from {
            promoted_from.push((types.len(), base));
        }
        types.push(t);
    }
    let forms: Vec<usize> = promoted_from.iter().map(|&(n, _)| n).collect();
    for (n, base) in promoted_from {
        match index_of(base.get_ref()) {
            Some(role) if role.index() == n => errors.at(
                base.span(),
                LevelErrorKind::PromotedFrom(base.get_ref().clone()),
            ),
            // A base that is itself a promoted form would make a chain or a circle
            // (A from B, B from A): a piece taken goes to the hand as one unpromoted type.
            Some(role) if forms.contains(&role.index()) => errors.at(
                base.span(),
                LevelErrorKind::PromotedFromPromoted(base.get_ref().clone()),
            ),
            Some(role) if types[..n].iter().any(|t| t.promoted_from == Some(role)) => errors.at(
                base.span(),
                LevelErrorKind::PromotedTwice(base.get_ref().clone()),
            ),
            Some(role) => types[n].promoted_from = Some(role),
            None => errors.at(
                base.span(),
                LevelErrorKind::PromotedFrom(base.get_ref().clone()),
            ),
        }
    }
    for (n, (promotees, zone, span, what)) in pending {
        // A URC file or a Ħasínū text may serve many levels: the choices this level lacks
        // are passed over, but at least one must be here.
        let to: Vec<Role> = promotees
            .iter()
            .filter_map(|promotee| {
                index_of(promotee).or_else(|| {
                    types
                        .iter()
                        .find(|t: &&PieceType| t.name.eq_ignore_ascii_case(promotee))
                        .and_then(|t| index_of(&t.letter.to_string()))
                })
            })
            .collect();
        if to.is_empty() {
            errors.at(span, LevelErrorKind::BorrowedPromotion { what, promotees });
        } else {
            types[n].promotion = Some(Promotion {
                to,
                black_to: None,
                zone,
                optional: false,
                captured_only: false,
                from_zone: false,
                squares: [None, None],
            });
        }
    }
    for (letter, span) in label_spans {
        let mine = types.iter().find(|t: &&PieceType| t.letter == letter);
        let label = mine.map(|t| t.label.clone()).unwrap_or_default();
        if let Some(other) = types
            .iter()
            .find(|t| t.letter != letter && t.label == label)
        {
            errors.at(
                span,
                LevelErrorKind::LabelClash {
                    label,
                    other: other.letter,
                },
            );
        }
    }
    let castling = raw.rules.castling.as_ref().and_then(|c| {
        let section = c.get_ref();
        let mut letter = |v: &Option<Spanned<String>>, default: &str, what: &'static str| {
            castling_letter(errors, c.span(), v, default, what, index_of)
        };
        let king = letter(&section.king, "K", "king");
        let rook = letter(&section.rook, "R", "rook");
        let also = match &section.also {
            None => Some(None),
            Some(_) => letter(&section.also, "R", "also").map(Some),
        };
        let steps = match &section.king_steps {
            None => Some(2),
            Some(s) => match geometry {
                Some(g) if (1..i64::from(g.files())).contains(s.get_ref()) => {
                    Some(*s.get_ref() as u8)
                }
                _ => {
                    errors.at(s.span(), LevelErrorKind::KingSteps(*s.get_ref()));
                    None
                }
            },
        };
        let mut file = |s: &Spanned<String>| {
            let text = s.get_ref();
            let mut chars = text.chars();
            match (chars.next(), chars.next(), geometry) {
                (Some(c @ 'a'..='z'), None, Some(g)) if (c as u8 - b'a') < g.files() => {
                    Some(c as u8 - b'a')
                }
                _ => {
                    errors.at(s.span(), LevelErrorKind::CastlingFile(text.clone()));
                    None
                }
            }
        };
        let chess960 = is_on(&section.chess960);
        let lands = match (&section.kingside, &section.queenside) {
            (None, None) if chess960 => geometry.map(|g| Some([g.files().saturating_sub(2), 2])),
            (None, None) => Some(None),
            (Some(k), Some(q)) => match (file(k), file(q)) {
                (Some(k), Some(q)) => Some(Some([k, q])),
                _ => None,
            },
            (Some(one), None) | (None, Some(one)) => {
                errors.at(one.span(), LevelErrorKind::CastlingFile(String::new()));
                None
            }
        };
        Some(Castling {
            king: king?,
            rook: rook?,
            also: also?,
            king_steps: steps?,
            lands: lands?,
            chess960,
        })
    });
    // URC castling: the king castles two steps with the level's rook (letter R or a piece
    // named Rook); which wings may castle is the setup FEN's KQkq.
    let castling = match (castling, raw.rules.castling.is_none(), urc_castler) {
        (None, true, Some((king, span))) => {
            let rook = index_of("R").or_else(|| {
                types
                    .iter()
                    .find(|t: &&PieceType| t.name.eq_ignore_ascii_case("rook"))
                    .and_then(|t| index_of(&t.letter.to_string()))
            });
            match (index_of(&king.to_string()), rook) {
                (Some(king), Some(rook)) => Some(Castling {
                    king,
                    rook,
                    also: None,
                    king_steps: 2,
                    lands: None,
                    chess960: false,
                }),
                _ => {
                    errors.at(span, LevelErrorKind::UrcCastlingWithoutRook);
                    None
                }
            }
        }
        (c, _, _) => c,
    };
    let stalemate = match raw.rules.stalemate.as_ref() {
        None => Stalemate::Draw,
        Some(s) => match s.get_ref().as_str() {
            "draw" => Stalemate::Draw,
            "loss" => Stalemate::Loss,
            "win" => Stalemate::Win,
            "fewer-pieces-win" => Stalemate::FewerPieces,
            other => {
                errors.at(s.span(), LevelErrorKind::Stalemate(other.to_string()));
                Stalemate::Draw
            }
        },
    };
    let royal_rule = match raw.rules.royal.as_ref() {
        None => RoyalRule::Checkmate,
        Some(s) => match s.get_ref().as_str() {
            "checkmate" => RoyalRule::Checkmate,
            "capture" => RoyalRule::Capture,
            other => {
                errors.at(s.span(), LevelErrorKind::RoyalRule(other.to_string()));
                RoyalRule::Checkmate
            }
        },
    };
    let counting = match raw.rules.counting.as_ref() {
        None => None,
        Some(s) => match s.get_ref().as_str() {
            "makruk" => Some(CountingRule::Makruk),
            "cambodian" => Some(CountingRule::Cambodian),
            "asean" => Some(CountingRule::Asean),
            other => {
                errors.at(s.span(), LevelErrorKind::Counting(other.to_string()));
                None
            }
        },
    };
    let shuffle = match raw.rules.shuffle.as_ref() {
        None => None,
        Some(s) if s.get_ref() == "chess960" => Some(Shuffle::Chess960),
        Some(s) => {
            errors.at(s.span(), LevelErrorKind::Shuffle(s.get_ref().clone()));
            None
        }
    };
    let mut draws = DrawRules::default();
    if let Some(n) = &raw.rules.repetition {
        match u32::try_from(*n.get_ref()) {
            Ok(k) if k == 0 || (2..=20).contains(&k) => draws.repetition = k,
            _ => errors.at(n.span(), LevelErrorKind::Repetition(*n.get_ref())),
        }
    }
    if let Some(n) = &raw.rules.move_rule {
        match u32::try_from(*n.get_ref()) {
            Ok(k) if k <= 1000 => draws.move_rule = k,
            _ => errors.at(n.span(), LevelErrorKind::MoveRule(*n.get_ref())),
        }
    }
    if let Some(b) = &raw.rules.insufficient_material {
        draws.insufficient_material = *b.get_ref();
    }
    let Some(geometry) = geometry else {
        return Err(LevelErrors(errors.found.clone()));
    };
    let weights = weights(&raw, errors);
    variant_names_once(&raw, errors);
    if !errors.found.is_empty() {
        return Err(LevelErrors(errors.found.clone()));
    }
    // Petrified: a royal that would turn to stone by taking takes nothing, and so attacks
    // nothing (Fairy-Stockfish's king there may stand beside the other).
    let mut petrify = Vec::new();
    if let Some(letters) = &raw.rules.petrify {
        for letter in letters.get_ref() {
            if let Some(role) = super::goals::piece(letter, "petrify", &index_of, errors) {
                petrify.push(role);
                let t = &mut types[role.index()];
                if t.royal {
                    let legs = t.chains.iter_mut().flat_map(|c| c.legs.iter_mut());
                    legs.for_each(|leg| leg.modes.captures = false);
                }
            }
        }
    }
    if !errors.found.is_empty() {
        return Err(LevelErrors(errors.found.clone()));
    }
    let mut variant = match Variant::new(geometry, types, castling, stalemate, royal_rule) {
        Ok(v) => v,
        Err(e) => {
            errors.at(pieces.span(), LevelErrorKind::Variant(e));
            return Err(LevelErrors(errors.found.clone()));
        }
    };
    variant.draws = draws;
    variant.petrify = petrify;
    variant.bare_king = is_on(&raw.rules.bare_king);
    variant.counting = counting.map(|rule| Counting::on(rule, &variant.types));
    variant.drops = is_on(&raw.rules.drops);
    variant.shuffle = shuffle;
    variant.weights = weights;
    variant.shogi_drops = is_on(&raw.rules.shogi_drops);
    variant.captures_to_hand = raw
        .rules
        .captures_to_hand
        .as_ref()
        .is_none_or(|b| *b.get_ref());
    variant.pawn_drop_mate_loses = raw
        .rules
        .pawn_drop_mate
        .as_ref()
        .is_none_or(|w| w.get_ref() == "loses");
    variant.hand_keeps_promotion = is_on(&raw.rules.hand_keeps_promotion);
    variant.first_rank_drops = is_on(&raw.rules.first_rank_drops);
    variant.flying_royals = is_on(&raw.rules.flying_royals);
    variant.must_drop = is_on(&raw.rules.must_drop);
    variant.drop_checks = raw.rules.drop_checks.as_ref().is_none_or(|b| *b.get_ref());
    variant.san_check_marks = raw
        .rules
        .san_check_marks
        .as_ref()
        .is_none_or(|b| *b.get_ref());
    if let Some(letter) = &raw.rules.bishops_apart {
        variant.bishops_apart = super::goals::piece(letter, "bishops_apart", &index_of, errors);
    }
    if let Some(letter) = &raw.rules.shogi_pawn
        && let Some(role) = super::goals::piece(letter, "shogi_pawn", &index_of, errors)
    {
        variant.shogi_pawn_letter = variant[role].letter;
    }
    if let Some(n) = &raw.rules.pawns_per_file {
        match u8::try_from(*n.get_ref()) {
            Ok(k) if (1..=26).contains(&k) => variant.pawns_per_file = k,
            _ => errors.at(
                n.span(),
                LevelErrorKind::RuleWord {
                    key: "pawns_per_file",
                    word: n.get_ref().to_string(),
                    expected: "1 to 26 pawns",
                },
            ),
        }
    }
    if let Some(c) = &raw.rules.castling
        && let Some(f) = &c.get_ref().drop_file
    {
        let mut chars = f.get_ref().chars();
        match (chars.next(), chars.next()) {
            (Some(x @ 'a'..='z'), None) if (x as u8 - b'a') < geometry.files() => {
                variant.castling_drop_file = Some(x as u8 - b'a');
            }
            _ => errors.at(
                f.span(),
                LevelErrorKind::RuleWord {
                    key: "castling drop_file",
                    word: f.get_ref().clone(),
                    expected: "a file of the board (a letter)",
                },
            ),
        }
    }
    // A rule that refines another means nothing without it.
    for (key, span, needs, needed) in [
        (
            "hand_keeps_promotion",
            raw.rules.hand_keeps_promotion.as_ref().map(Spanned::span),
            "drops",
            variant.drops,
        ),
        (
            "first_rank_drops",
            raw.rules.first_rank_drops.as_ref().map(Spanned::span),
            "drops",
            variant.drops,
        ),
        (
            "shogi_drops",
            raw.rules.shogi_drops.as_ref().map(Spanned::span),
            "drops",
            variant.drops,
        ),
        (
            "drop_squares",
            raw.rules.drop_squares.as_ref().map(Spanned::span),
            "drops",
            variant.drops,
        ),
        (
            "must_drop",
            raw.rules.must_drop.as_ref().map(Spanned::span),
            "drops",
            variant.drops,
        ),
        (
            "drop_checks",
            raw.rules.drop_checks.as_ref().map(Spanned::span),
            "drops",
            variant.drops,
        ),
        (
            "bishops_apart",
            raw.rules.bishops_apart.as_ref().map(Spanned::span),
            "drops",
            variant.drops,
        ),
        (
            "shogi_pawn",
            raw.rules.shogi_pawn.as_ref().map(Spanned::span),
            "shogi_drops",
            variant.shogi_drops,
        ),
        (
            "pawns_per_file",
            raw.rules.pawns_per_file.as_ref().map(Spanned::span),
            "shogi_drops",
            variant.shogi_drops,
        ),
        (
            "captures_to_hand",
            raw.rules.captures_to_hand.as_ref().map(Spanned::span),
            "drops",
            variant.drops,
        ),
        (
            "pawn_drop_mate",
            raw.rules.pawn_drop_mate.as_ref().map(Spanned::span),
            "shogi_drops",
            variant.shogi_drops,
        ),
    ] {
        if let Some(span) = span.filter(|_| !needed) {
            errors.at(span, LevelErrorKind::RuleNeeds { key, needs });
        }
    }
    let royal = variant.types.iter().any(|t| t.royal);
    variant.goals = super::goals::read(&raw.rules, &index_of, geometry, royal, errors);
    variant.goals.shatar_mate = is_on(&raw.rules.shatar_mate);
    if let Some(r) = &raw.rules.double_step {
        variant.initial_squares = super::goals::region(r.get_ref(), geometry, errors);
    }
    if let Some(r) = &raw.rules.en_passant {
        variant.en_passant_squares = super::goals::region(r.get_ref(), geometry, errors);
    }
    if let Some(w) = &raw.rules.walls {
        variant.walls = match w.get_ref().as_str() {
            "past" => Some(Walls::Past),
            "anywhere" => Some(Walls::Anywhere),
            "duck" => Some(Walls::Duck),
            "arrow" => Some(Walls::Arrow),
            other => {
                errors.at(
                    w.span(),
                    LevelErrorKind::RuleWord {
                        key: "walls",
                        word: other.to_string(),
                        expected: "\"past\", \"anywhere\", \"duck\" or \"arrow\"",
                    },
                );
                None
            }
        };
        if let Some(t) = variant.types.iter().find(|t| t.royal) {
            errors.at(w.span(), LevelErrorKind::WallsWithRoyal(t.letter));
        }
    }
    if let Some(r) = &raw.rules.drop_squares {
        variant.drop_squares = super::goals::region(r.get_ref(), geometry, errors);
    }
    if let Some(r) = &raw.rules.wall_squares {
        variant.wall_squares = super::goals::region(r.get_ref(), geometry, errors);
    }
    if let Some(e) = &raw.rules.explosions {
        variant.explosions = Some(super::goals::explosions(e.get_ref(), &index_of, errors));
    }
    if !errors.found.is_empty() {
        return Err(LevelErrors(errors.found.clone()));
    }
    variant.perpetual_check_loses = is_on(&raw.rules.perpetual_check_loses);
    variant.repetition_loses = is_on(&raw.rules.repetition_loses);
    variant.first_move_gates = is_on(&raw.rules.first_move_gates);
    let setup = &raw.rules.setup;
    match set_setup(&mut variant, setup.get_ref()) {
        Ok(start) => Ok(Level {
            name: raw.name.into_inner(),
            description: raw.description,
            fairy_stockfish: raw
                .fairy_stockfish
                .map(|names| {
                    names
                        .into_inner()
                        .into_iter()
                        .map(Spanned::into_inner)
                        .collect()
                })
                .unwrap_or_default(),
            kind: LevelKind::Grid(Box::new(GridLevel {
                variant: Arc::new(variant),
                start,
            })),
        }),
        Err(e) => {
            // Point at the FEN's own column inside the quoted string.
            let column = e.span.column;
            errors.in_string(setup, column, LevelErrorKind::GridSetup(e));
            Err(LevelErrors(errors.found.clone()))
        }
    }
}

/// The URC definition `urc` names (`"FILE.yaml#id"`, relative to the level file `level`,
/// inside its folder: see [`crate::reading::beside`]) or embeds (a table); `follows`:
/// whether a named file is looked for at all.
fn urc_definition(
    urc: &Spanned<toml::Value>,
    level: &str,
    follows: bool,
) -> Result<UrcDefinition, UrcReferenceError> {
    match urc.get_ref() {
        toml::Value::String(reference) => {
            let Some((file, id)) = reference.split_once('#') else {
                return Err(UrcReferenceError::NoId {
                    reference: reference.clone(),
                });
            };
            if !follows {
                return Err(UrcReferenceError::NotFollowed {
                    reference: reference.clone(),
                });
            }
            let read = reading::beside(Path::new(level), file).and_then(|path| {
                let text = reading::text(&path, reading::URC_BYTES);
                Ok((path, text?))
            });
            let (path, pieces) = match read {
                Ok((path, text)) => (path, urc::read_yaml(&text)),
                Err(error) => {
                    return Err(UrcReferenceError::Read {
                        reference: reference.clone(),
                        path: beside_as_named(level, file),
                        error,
                    });
                }
            };
            let pieces = match pieces {
                Ok(pieces) => pieces,
                Err(error) => {
                    return Err(UrcReferenceError::File {
                        reference: reference.clone(),
                        path,
                        error: Box::new(error),
                    });
                }
            };
            match pieces.iter().find(|p| p.id == id) {
                Some(p) => Ok(p.definition.clone()),
                None => Err(UrcReferenceError::NoPiece {
                    reference: reference.clone(),
                    path,
                    id: id.to_string(),
                    known: pieces.into_iter().map(|p| p.id).collect(),
                }),
            }
        }
        toml::Value::Table(table) => toml::Value::Table(table.clone())
            .try_into()
            .map_err(|e: toml::de::Error| UrcReferenceError::Table(e.message().trim().to_string())),
        other => Err(UrcReferenceError::NotAReference(other.type_str())),
    }
}

/// The file `named` beside the level `level`, as the words say (for a message about a
/// file that was not read).
fn beside_as_named(level: &str, named: &str) -> PathBuf {
    Path::new(level)
        .parent()
        .unwrap_or(Path::new(""))
        .join(named)
}

/// A piece's `region` and `across`, read into `t`: each refused where the piece's moves
/// are of a kind they cannot keep to squares (more than one leg; for `region`, a slide).
fn piece_squares(p: &PieceSection, g: Geometry, t: &mut PieceType, errors: &mut Errors<'_>) {
    let one_leg = |chains: &[ChainMoves]| chains.iter().all(|c| c.legs.len() == 1);
    if let Some(across) = &p.across {
        let section = across.get_ref();
        match crate::betza::parse(section.betza.get_ref()) {
            Ok(betza) => {
                let chains = crate::betza::model::chains(&betza);
                if !one_leg(&chains) || !one_leg(&t.chains) {
                    errors.at(
                        across.span(),
                        LevelErrorKind::PieceRegionMoves {
                            key: "across",
                            letter: t.letter,
                            why: "a move of several legs",
                        },
                    );
                }
                let [white, black] = super::goals::sides(&section.white, &section.black, g, errors);
                let none = || vec![false; g.squares()];
                t.across = Some(Across {
                    betza,
                    chains,
                    squares: [white.unwrap_or_else(none), black.unwrap_or_else(none)],
                });
            }
            Err(e) => betza_error(errors, &section.betza, &e),
        }
    }
    if let Some(region) = &p.region {
        let mut every = t.chains.iter();
        let mut across = t.across.iter().flat_map(|a| a.chains.iter());
        let leaps = |c: &ChainMoves| c.legs.len() == 1 && c.legs[0].range == Some(1);
        if !every.all(leaps) || !across.all(leaps) {
            errors.at(
                region.span(),
                LevelErrorKind::PieceRegionMoves {
                    key: "region",
                    letter: t.letter,
                    why: "a slide or a move of several legs",
                },
            );
        }
        t.region = super::goals::region(region.get_ref(), g, errors);
    }
}

/// A Betza error placed at its character inside the quoted string.
fn betza_error(errors: &mut Errors<'_>, betza: &Spanned<String>, e: &crate::betza::BetzaError) {
    let kind = LevelErrorKind::Betza {
        text: betza.get_ref().clone(),
        error: e.clone(),
    };
    errors.in_string(betza, e.column, kind);
}

/// Refuses a Fairy-Stockfish variant name given twice, at its second place.
fn variant_names_once(raw: &LevelFile, errors: &mut Errors<'_>) {
    let Some(names) = &raw.fairy_stockfish else {
        return;
    };
    for (k, name) in names.get_ref().iter().enumerate() {
        if names.get_ref()[..k]
            .iter()
            .any(|n| n.get_ref() == name.get_ref())
        {
            errors.at(
                name.span(),
                LevelErrorKind::VariantNamedTwice(name.get_ref().clone()),
            );
        }
    }
}

/// The evaluation's weights the level's `[evaluation]` sets, by their place among
/// `WEIGHT_NAMES`; a number out of range is refused at its place (the schema check has
/// refused any other name, and taken it out).
fn weights(raw: &LevelFile, errors: &mut Errors<'_>) -> Vec<(usize, i32)> {
    let Some(table) = &raw.evaluation else {
        return Vec::new();
    };
    let mut weights = Vec::new();
    for (name, value) in table.get_ref() {
        let Some(k) = WEIGHT_NAMES.iter().position(|n| n == name) else {
            continue;
        };
        match i32::try_from(*value.get_ref()) {
            Ok(v) if (0..=MAX_WEIGHT).contains(&v) => weights.push((k, v)),
            _ => errors.at(
                value.span(),
                LevelErrorKind::WeightValue {
                    name: name.clone(),
                    value: *value.get_ref(),
                },
            ),
        }
    }
    weights
}

/// A `squares` table by square index (White's view), from its rows as a level writes them
/// (the last rank first); `None` unless it has a row per rank, a number per file, each
/// within `±MAX_VALUE`.
fn square_table(g: Geometry, rows: &[Vec<i64>]) -> Option<Vec<i32>> {
    if rows.len() != usize::from(g.ranks()) {
        return None;
    }
    let mut table = vec![0; g.squares()];
    for (k, row) in rows.iter().enumerate() {
        if row.len() != usize::from(g.files()) {
            return None;
        }
        let rank = i32::from(g.ranks()) - 1 - k as i32;
        for (file, &worth) in row.iter().enumerate() {
            let worth = i32::try_from(worth).ok().filter(|w| w.abs() <= MAX_VALUE)?;
            table[usize::from(g.square(file as i32, rank)?)] = worth;
        }
    }
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn a_urc_reference_says_what_it_lacks() {
        assert_eq!(
            UrcReferenceError::NoId {
                reference: "pieces.yaml".into()
            }
            .to_string(),
            "urc \"pieces.yaml\": expected \"FILE.yaml#id\", a piece of a URC file"
        );
        assert_eq!(
            UrcReferenceError::NoPiece {
                reference: "p.yaml#x".into(),
                path: PathBuf::from("levels/p.yaml"),
                id: "x".into(),
                known: vec!["a".into(), "b".into()],
            }
            .to_string(),
            "urc \"p.yaml#x\": levels/p.yaml has no piece \"x\" (it has a, b)"
        );
        assert_eq!(
            UrcReferenceError::NotAReference("integer").to_string(),
            "urc: expected \"FILE.yaml#id\" or a table, found integer"
        );
    }
}
