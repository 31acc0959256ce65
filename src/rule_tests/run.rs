//! Running one case through the rules the window and the command line use: the position,
//! the moves played from it, then each expectation checked against what the rules say.

use super::file::Case;
use crate::continuous::notation::{format_point_brief, parse_move, parse_point};
use crate::continuous::{self, Outcome, Request};
use crate::grid::game::Game as GridGame;
use crate::grid::{self, Move, MoveKind, Square};
use crate::level::{ContinuousLevel, GridLevel, Level, LevelKind};
use crate::play::{DrawRule, Play, Status};
use crate::record::game::{continuous_start, grid_start};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Instant;
use toml::Spanned;

/// The deepest `perft` a case may ask for: deeper counts take minutes to hours.
pub const MOST_PERFT_DEPTH: u32 = 6;

/// The longest a case's perft may count: a depth a level's branching makes endless (a
/// 26×26 board of riders) ends as a failure, not a run that never ends.
const PERFT_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// The longest the perft counts of one file may take in all.
pub const FILE_PERFT_TIME: std::time::Duration = std::time::Duration::from_secs(300);

/// The most moves a case plays first: a game of thousands of moves is no rule's test, and
/// each `legal` entry replays from a copy of it.
pub const MOST_MOVES: usize = 2_000;

/// The most entries of a `legal`, `illegal`, `reaches`, `misses` or `only` list.
pub const MOST_LISTED: usize = 1_000;

/// Two points this close are one (in R).
const SAME_POINT: f64 = 1e-6;

/// What failed, each at its byte offset in the file.
#[derive(Debug, Default)]
pub struct Failures(pub Vec<(usize, String)>);

impl Failures {
    fn at<T>(&mut self, key: &Spanned<T>, message: impl Into<String>) {
        self.0.push((key.span().start, message.into()));
    }
}

/// Runs `case`, which starts at the offset `at`, on `level`: what failed, each at the
/// offset of the key that expected it (at `at` when no key did).
pub fn run(level: &Level, case: &Case, at: usize, perft_until: Instant) -> Failures {
    let mut failures = Failures::default();
    if let Some(first) = case.moves.first()
        && case.moves.len() > MOST_MOVES
    {
        failures.at(
            first,
            format!(
                "moves: {} moves; a case plays at most {MOST_MOVES}",
                case.moves.len()
            ),
        );
        return failures;
    }
    for (key, list) in [
        ("legal", &case.legal),
        ("illegal", &case.illegal),
        ("reaches", &case.reaches),
        ("misses", &case.misses),
    ] {
        if let Some(first) = list.first()
            && list.len() > MOST_LISTED
        {
            failures.at(
                first,
                format!(
                    "{key}: {} entries; a list holds at most {MOST_LISTED}",
                    list.len()
                ),
            );
            return failures;
        }
    }
    if let Some(only) = &case.only
        && only.get_ref().len() > MOST_LISTED
    {
        failures.at(only, format!("only: more than {MOST_LISTED} squares"));
        return failures;
    }
    if !checks_something(case) {
        failures.0.push((
            at,
            "the case checks nothing: give expect, lands, captures, reaches, misses, only, \
             legal, illegal, result, ends, check or perft"
                .into(),
        ));
        return failures;
    }
    match &level.kind {
        LevelKind::Grid(g) => grid_case(g, case, perft_until, &mut failures),
        LevelKind::Continuous(c) => continuous_case(c, case, &mut failures),
    }
    failures
}

/// Whether a case expects anything (a case of moves alone only shows that they play).
fn checks_something(case: &Case) -> bool {
    case.tried.is_some()
        || case.expect.is_some()
        || case.lands.is_some()
        || case.captures.is_some()
        || !case.reaches.is_empty()
        || !case.misses.is_empty()
        || case.only.is_some()
        || !case.legal.is_empty()
        || !case.illegal.is_empty()
        || case.result.is_some()
        || case.ends.is_some()
        || case.check.is_some()
        || case.perft.is_some()
}

/// How the game ended, in one word (`playing` while it goes on): [`Status::word`], with
/// a draw by rule named by its rule.
pub fn end_word(status: Status) -> &'static str {
    match status {
        Status::Drawn { by } => match by {
            DrawRule::Repetition(_) => "repetition",
            DrawRule::MoveRule(_) => "move-rule",
            DrawRule::InsufficientMaterial => "insufficient-material",
            DrawRule::Counting => "counting",
        },
        other => other.word(),
    }
}

/// The words `ends` takes.
pub const END_WORDS: [&str; 19] = [
    "playing",
    "checkmate",
    "stalemate",
    "royal-captured",
    "bare-king",
    "pawn-drop-mate",
    "perpetual-check",
    "checks",
    "flag",
    "extinction",
    "draw-odds",
    "shatar-mate",
    "repetition",
    "move-rule",
    "insufficient-material",
    "counting",
    "draw",
    "resigned",
    "on-time",
];

/// Whether what the rules made of a move (`move`, `capture`, or why it was refused) is
/// what `expected` says.
fn outcome_matches(expected: &str, legal: bool, word: &str) -> bool {
    match expected {
        "legal" => legal,
        "illegal" => !legal,
        other => other == word,
    }
}

/// The checks on the game as it stands: result, end, check.
fn game_checks(game: &dyn Play, case: &Case, failures: &mut Failures) {
    let status = game.status();
    if let Some(result) = &case.result {
        let got = status.result();
        if result.get_ref().trim() != got {
            failures.at(
                result,
                format!(
                    "expected result {}, got {got} ({})",
                    result.get_ref(),
                    game.describe()
                ),
            );
        }
    }
    if let Some(ends) = &case.ends {
        let got = end_word(status);
        let wanted = ends.get_ref().trim();
        if !END_WORDS.contains(&wanted) {
            failures.at(
                ends,
                format!("ends: '{wanted}' is none of {}", END_WORDS.join(", ")),
            );
        } else if wanted != got {
            failures.at(
                ends,
                format!(
                    "expected the game to end by {wanted}, got {got} ({})",
                    game.describe()
                ),
            );
        }
    }
    if let Some(check) = &case.check {
        let got = game.in_check();
        if *check.get_ref() != got {
            let who = game.to_move().name();
            failures.at(
                check,
                format!(
                    "expected check = {}, got {got}: {who} is {}in check",
                    check.get_ref(),
                    if got { "" } else { "not " }
                ),
            );
        }
    }
}

/// The `expect` word's spelling checked: a word the mode can give.
fn known_outcome(expect: &Spanned<String>, words: &[&str], failures: &mut Failures) -> bool {
    let word = expect.get_ref().trim();
    let known = ["move", "capture", "legal", "illegal"].contains(&word) || words.contains(&word);
    if !known {
        failures.at(
            expect,
            format!(
                "expect: '{word}' is none of move, capture, legal, illegal{}",
                if words.is_empty() {
                    String::new()
                } else {
                    format!(", {}", words.join(", "))
                }
            ),
        );
    }
    known
}

/// The keys that speak of a tried move, when there is none.
fn without_a_move(case: &Case, failures: &mut Failures) {
    if let Some(key) = &case.expect {
        failures.at(key, "expect: there is no `move` to judge");
    }
    if let Some(key) = &case.lands {
        failures.at(key, "lands: there is no `move` to land");
    }
    if let Some(key) = &case.captures {
        failures.at(key, "captures: there is no `move` to capture");
    }
}

// ---- Grid levels ----

/// Plays a move written in coordinates (`e2e4`, `e7e8q`, `P@e4`) or SAN (`Nf3`, `O-O`).
fn play_grid(game: &mut GridGame, text: &str) -> Result<Move, String> {
    let text = text.trim();
    match game.play_text(text) {
        Ok(m) => Ok(m),
        Err(first) => {
            let san = grid::san::read_san(game.variant(), game.position(), text);
            match san {
                Some(m) if game.legal_moves().contains(&m) => {
                    game.play(m);
                    Ok(m)
                }
                _ => Err(first.to_string()),
            }
        }
    }
}

/// A square of the level's board.
fn grid_square(
    level: &GridLevel,
    key: &Spanned<String>,
    failures: &mut Failures,
) -> Option<Square> {
    let found = level.variant.geometry.parse_square(key.get_ref().trim());
    if found.is_none() {
        failures.at(
            key,
            format!("'{}': not a square of this board", key.get_ref()),
        );
    }
    found
}

fn grid_case(level: &GridLevel, case: &Case, perft_until: Instant, failures: &mut Failures) {
    let v = &level.variant;
    let position = case.position.as_ref().map(|p| p.get_ref().as_str());
    let start = match grid_start(level, position) {
        Ok(start) => start,
        Err(e) => {
            if let Some(key) = &case.position {
                failures.at(key, format!("position: {e}"));
            }
            return;
        }
    };
    let mut game = GridGame::new(Arc::clone(v), start);
    for (n, text) in case.moves.iter().enumerate() {
        if let Err(e) = play_grid(&mut game, text.get_ref()) {
            failures.at(
                text,
                format!("moves: move {} '{}': {e}", n + 1, text.get_ref()),
            );
            return;
        }
    }
    match &case.tried {
        Some(tried) => {
            let played = play_grid(&mut game, tried.get_ref());
            grid_tried(level, case, tried, played, failures);
        }
        None => without_a_move(case, failures),
    }
    if let Some(piece) = &case.piece {
        grid_piece(level, &game, case, piece, failures);
    } else {
        for key in case.reaches.iter().chain(&case.misses) {
            failures.at(
                key,
                "reaches and misses need `piece`: the square it stands on",
            );
        }
        if let Some(key) = &case.only {
            failures.at(key, "only needs `piece`: the square it stands on");
        }
    }
    for (keys, legal) in [(&case.legal, true), (&case.illegal, false)] {
        for key in keys {
            let mut trial = game.clone();
            let outcome = play_grid(&mut trial, key.get_ref());
            if outcome.is_ok() != legal {
                let why = outcome.err().map(|e| format!(": {e}")).unwrap_or_default();
                failures.at(
                    key,
                    format!(
                        "expected '{}' {}, got {}{why}",
                        key.get_ref(),
                        if legal { "legal" } else { "illegal" },
                        if legal { "illegal" } else { "legal" },
                    ),
                );
            }
        }
    }
    game_checks(&game, case, failures);
    if let Some(perft) = &case.perft {
        let wanted = *perft.get_ref();
        if !(1..=MOST_PERFT_DEPTH).contains(&wanted.depth) {
            failures.at(
                perft,
                format!(
                    "perft: depth {} is not within 1 to {MOST_PERFT_DEPTH}",
                    wanted.depth
                ),
            );
        } else {
            let mut position = game.position().clone();
            let left = perft_until.saturating_duration_since(Instant::now());
            let got = perft_within(v, &mut position, wanted.depth, left.min(PERFT_TIME));
            if got.is_none() {
                failures.at(
                    perft,
                    format!(
                        "perft {}: not counted within {} s (a case) or the file's {} s in \
                         all; ask for less depth",
                        wanted.depth,
                        PERFT_TIME.as_secs(),
                        FILE_PERFT_TIME.as_secs()
                    ),
                );
            } else if let Some(got) = got
                && got != wanted.nodes
            {
                failures.at(
                    perft,
                    format!(
                        "expected perft {} = {}, got {got}",
                        wanted.depth, wanted.nodes
                    ),
                );
            }
        }
    }
}

/// Perft of `depth` from `position`, or `None` if it takes longer than `limit`.
fn perft_within(
    v: &grid::Variant,
    position: &mut grid::Position,
    depth: u32,
    limit: std::time::Duration,
) -> Option<u64> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{RecvTimeoutError, channel};
    let stop = Arc::new(AtomicBool::new(false));
    let (done, finished) = channel::<()>();
    let timer = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            if finished.recv_timeout(limit) == Err(RecvTimeoutError::Timeout) {
                stop.store(true, Ordering::Relaxed);
            }
        })
    };
    let counted = grid::divide_until(v, position, depth, &stop);
    let _ = done.send(());
    let _ = timer.join();
    (!stop.load(Ordering::Relaxed)).then(|| counted.iter().map(|(_, n)| n).sum())
}

/// The checks on a tried grid move: `expect`, `lands`, `captures`.
fn grid_tried(
    level: &GridLevel,
    case: &Case,
    tried: &Spanned<String>,
    played: Result<Move, String>,
    failures: &mut Failures,
) {
    let v = &level.variant;
    let word = match &played {
        Ok(m) if m.kind.captures() => "capture",
        Ok(_) => "move",
        Err(_) => "illegal",
    };
    let expect = case.expect.as_ref();
    let wanted = expect.map_or("legal", |e| e.get_ref().trim());
    if expect.is_none_or(|e| known_outcome(e, &[], failures))
        && !outcome_matches(wanted, played.is_ok(), word)
    {
        let why = played
            .as_ref()
            .err()
            .map(|e| format!(": {e}"))
            .unwrap_or_default();
        let place = expect.map_or(tried.span().start, |e| e.span().start);
        failures.0.push((
            place,
            format!("'{}': expected {wanted}, got {word}{why}", tried.get_ref()),
        ));
    }
    let Ok(m) = played else {
        for key in [&case.lands, &case.captures].into_iter().flatten() {
            failures.at(
                key,
                format!(
                    "'{}' is not played: nothing lands or is taken",
                    tried.get_ref()
                ),
            );
        }
        return;
    };
    let name = |sq: Square| v.geometry.name(sq).to_string();
    if let Some(lands) = &case.lands
        && let Some(sq) = grid_square(level, lands, failures)
        && sq != m.to
    {
        failures.at(
            lands,
            format!("expected it to land on {}, got {}", name(sq), name(m.to)),
        );
    }
    if let Some(captures) = &case.captures {
        let victim = m.kind.captures().then(|| m.victim_square());
        let wanted = captures.get_ref().trim();
        if wanted == "nothing" {
            if let Some(sq) = victim {
                failures.at(
                    captures,
                    format!("expected nothing taken, got the piece on {}", name(sq)),
                );
            }
        } else if let Some(sq) = grid_square(level, captures, failures)
            && victim != Some(sq)
        {
            let got = victim.map_or("nothing taken".into(), |s| {
                format!("the piece on {}", name(s))
            });
            failures.at(
                captures,
                format!("expected the piece on {} taken, got {got}", name(sq)),
            );
        }
    }
}

/// The checks on a grid piece's moves: `reaches`, `misses`, `only`.
fn grid_piece(
    level: &GridLevel,
    game: &GridGame,
    case: &Case,
    piece: &Spanned<String>,
    failures: &mut Failures,
) {
    let Some(from) = grid_square(level, piece, failures) else {
        return;
    };
    let v = &level.variant;
    let name = |sq: Square| v.geometry.name(sq).to_string();
    let targets: BTreeSet<String> = game
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from && !matches!(m.kind, MoveKind::Drop { .. }))
        .map(|m| name(m.to))
        .collect();
    for (keys, reach) in [(&case.reaches, true), (&case.misses, false)] {
        for key in keys {
            if let Some(sq) = grid_square(level, key, failures)
                && targets.contains(&name(sq)) != reach
            {
                failures.at(
                    key,
                    format!(
                        "expected the piece on {} {} {}; it goes to: {}",
                        name(from),
                        if reach { "to reach" } else { "not to reach" },
                        name(sq),
                        list(&targets)
                    ),
                );
            }
        }
    }
    if let Some(only) = &case.only {
        let mut wanted = BTreeSet::new();
        for text in only.get_ref() {
            match v.geometry.parse_square(text.trim()) {
                Some(sq) => {
                    wanted.insert(name(sq));
                }
                None => failures.at(
                    only,
                    format!("only: '{text}' is not a square of this board"),
                ),
            }
        }
        if wanted != targets {
            let missing: BTreeSet<_> = wanted.difference(&targets).cloned().collect();
            let extra: BTreeSet<_> = targets.difference(&wanted).cloned().collect();
            failures.at(
                only,
                format!(
                    "expected the piece on {} to go to {} alone; missing: {}; also: {}",
                    name(from),
                    list(&wanted),
                    list(&missing),
                    list(&extra)
                ),
            );
        }
    }
}

/// Squares in a line, or "none".
fn list(squares: &BTreeSet<String>) -> String {
    if squares.is_empty() {
        "none".into()
    } else {
        squares.iter().cloned().collect::<Vec<_>>().join(" ")
    }
}

// ---- Continuous levels ----

/// A point of the level's board.
fn continuous_point(
    level: &ContinuousLevel,
    key: &Spanned<String>,
    failures: &mut Failures,
) -> Option<continuous::Point> {
    match parse_point(&level.board, key.get_ref().trim()) {
        Ok(p) => Some(p),
        Err(e) => {
            failures.at(key, format!("'{}': {e}", key.get_ref()));
            None
        }
    }
}

/// Plays a `FROM->TO[=X]` move; the refusal in words.
fn play_continuous(
    level: &ContinuousLevel,
    game: &mut continuous::Game,
    text: &str,
) -> Result<Outcome, String> {
    let request = parse_move(&level.board, text.trim()).map_err(|e| e.to_string())?;
    Ok(game.play(request))
}

fn continuous_case(level: &ContinuousLevel, case: &Case, failures: &mut Failures) {
    let position = case.position.as_ref().map(|p| p.get_ref().as_str());
    let start = match continuous_start(level, position) {
        Ok(start) => start,
        Err(e) => {
            if let Some(key) = &case.position {
                failures.at(key, format!("position: {e}"));
            }
            return;
        }
    };
    let mut game = continuous::Game::new(start);
    for (n, text) in case.moves.iter().enumerate() {
        let refused = match play_continuous(level, &mut game, text.get_ref()) {
            Ok(Outcome::Illegal(reason)) => Some(format!("illegal: {}", reason.explain())),
            Ok(_) => None,
            Err(e) => Some(e),
        };
        if let Some(why) = refused {
            failures.at(
                text,
                format!("moves: move {} '{}': {why}", n + 1, text.get_ref()),
            );
            return;
        }
    }
    match &case.tried {
        Some(tried) => match play_continuous(level, &mut game, tried.get_ref()) {
            Ok(outcome) => continuous_tried(level, case, tried, &outcome, failures),
            Err(e) => failures.at(tried, format!("move: {e}")),
        },
        None => without_a_move(case, failures),
    }
    if let Some(key) = &case.only {
        failures.at(
            key,
            "only: a continuous piece reaches endless points; give reaches and misses",
        );
    }
    match &case.piece {
        Some(piece) => {
            if let Some(from) = continuous_point(level, piece, failures) {
                for (keys, reach) in [(&case.reaches, true), (&case.misses, false)] {
                    for key in keys {
                        let Some(to) = continuous_point(level, key, failures) else {
                            continue;
                        };
                        let outcome = game.clone().play(Request {
                            from,
                            to,
                            promotion: None,
                        });
                        if outcome.applied().is_some() != reach {
                            let got = match &outcome {
                                Outcome::Illegal(reason) => format!("refused: {reason}"),
                                _ => "it goes there".into(),
                            };
                            failures.at(
                                key,
                                format!(
                                    "expected the piece on {} {} {}; {got}",
                                    piece.get_ref().trim(),
                                    if reach { "to reach" } else { "not to reach" },
                                    key.get_ref().trim()
                                ),
                            );
                        }
                    }
                }
            }
        }
        None => {
            for key in case.reaches.iter().chain(&case.misses) {
                failures.at(
                    key,
                    "reaches and misses need `piece`: the point it stands on",
                );
            }
        }
    }
    for (keys, legal) in [(&case.legal, true), (&case.illegal, false)] {
        for key in keys {
            let got = match play_continuous(level, &mut game.clone(), key.get_ref()) {
                Ok(outcome) => outcome,
                Err(e) => {
                    failures.at(key, e);
                    continue;
                }
            };
            if got.applied().is_some() != legal {
                let word = match &got {
                    Outcome::Illegal(reason) => format!("illegal ({reason})"),
                    _ => "legal".into(),
                };
                failures.at(
                    key,
                    format!(
                        "expected '{}' {}, got {word}",
                        key.get_ref(),
                        if legal { "legal" } else { "illegal" }
                    ),
                );
            }
        }
    }
    game_checks(&game, case, failures);
    if let Some(key) = &case.perft {
        failures.at(
            key,
            "perft counts grid moves; a continuous board has endless moves",
        );
    }
}

/// The checks on a tried continuous move: `expect`, `lands`, `captures`.
fn continuous_tried(
    level: &ContinuousLevel,
    case: &Case,
    tried: &Spanned<String>,
    outcome: &Outcome,
    failures: &mut Failures,
) {
    let board = &level.board;
    let word = match outcome {
        Outcome::Move(_) => "move",
        Outcome::Capture(_) => "capture",
        Outcome::Illegal(reason) => reason.word(),
    };
    let expect = case.expect.as_ref();
    let wanted = expect.map_or("legal", |e| e.get_ref().trim());
    let reasons = continuous::Reason::ALL.map(continuous::Reason::word);
    if expect.is_none_or(|e| known_outcome(e, &reasons, failures))
        && !outcome_matches(wanted, outcome.applied().is_some(), word)
    {
        let place = expect.map_or(tried.span().start, |e| e.span().start);
        failures.0.push((
            place,
            format!("'{}': expected {wanted}, got {word}", tried.get_ref()),
        ));
    }
    let Some(applied) = outcome.applied() else {
        for key in [&case.lands, &case.captures].into_iter().flatten() {
            failures.at(
                key,
                format!(
                    "'{}' is refused: nothing lands or is taken",
                    tried.get_ref()
                ),
            );
        }
        return;
    };
    if let Some(lands) = &case.lands
        && let Some(p) = continuous_point(level, lands, failures)
        && (p - applied.to).length() > SAME_POINT
    {
        failures.at(
            lands,
            format!(
                "expected it to land on {}, got {}",
                lands.get_ref().trim(),
                format_point_brief(board, applied.to)
            ),
        );
    }
    if let Some(captures) = &case.captures {
        let wanted = captures.get_ref().trim();
        let victim = applied.captured.as_ref().map(|p| p.at);
        if wanted == "nothing" {
            if let Some(at) = victim {
                failures.at(
                    captures,
                    format!(
                        "expected nothing taken, got the piece on {}",
                        format_point_brief(board, at)
                    ),
                );
            }
        } else if let Some(p) = continuous_point(level, captures, failures)
            && victim.is_none_or(|at| (at - p).length() > SAME_POINT)
        {
            let got = victim.map_or("nothing taken".into(), |at| {
                format!("the piece on {}", format_point_brief(board, at))
            });
            failures.at(
                captures,
                format!("expected the piece on {wanted} taken, got {got}"),
            );
        }
    }
}
