//! What each fuzz target asks of one reader, written once: the cargo-fuzz targets in
//! `fuzz_targets/` call these on libFuzzer's inputs, and `tests/areachess/fuzz_replay.rs`
//! calls them on every file of `fuzz/corpus/` and `fuzz/regressions/` on the stable
//! toolchain, so a reader that breaks on a known input fails `cargo test`.
//!
//! Each body takes any bytes. A reader may refuse them, but only with an error placed inside
//! the input; it may never panic, and what it reads back it must write the same way again.
#![allow(dead_code)]

use areachess::betza::model::{Occupancy, Occupant, chain_destinations, chains};
use areachess::grid::{self, Fen};
use areachess::level::{self, Level, LevelKind};
use areachess::notation::{hasinu, urc};
use areachess::protocol::{Catalog, Output, uci::Uci, xboard};
use areachess::record::{Draws, game, pgn::Record, save};
use std::io::Cursor;
use std::sync::OnceLock;

/// What a target does with one input.
pub type Body = fn(&[u8]);

/// The targets, by the name of their folder under `fuzz/corpus/`.
pub const TARGETS: &[(&str, Body)] = &[
    ("betza", betza),
    ("level", level),
    ("saved", saved),
    ("hasinu", hasinu),
    ("urc", urc),
    ("fen", fen),
    ("pos", pos),
    ("moves", moves),
    ("judge", judge),
    ("pgn", pgn),
    ("balance", balance),
    ("uci", uci),
    ("xboard", xboard),
    ("drive", drive),
    ("rule_tests", rule_tests),
];

/// Loads once what the bodies share (the shipped levels, the protocols' catalog), before
/// the first input, so that no input is charged for it.
pub fn warm_up() {
    let _ = shipped();
    let _ = catalog();
}

/// The text of `data` if it is UTF-8 (the readers below take `&str`; the protocols and PGN
/// take bytes themselves).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The first byte picks one of `n` choices; the rest is the input.
fn pick(data: &[u8], n: usize) -> (usize, &[u8]) {
    match data.split_first() {
        Some((&b, rest)) => (b as usize % n, rest),
        None => (0, data),
    }
}

/// Shipped levels, loaded once: grid levels for FEN and moves, continuous ones for POS and
/// `judge` requests.
fn shipped() -> &'static [Level] {
    static LEVELS: OnceLock<Vec<Level>> = OnceLock::new();
    LEVELS.get_or_init(|| {
        [
            "chess.toml",
            "crazyhouse.toml",
            "obento.toml",
            "shogi.toml",
            "chess960.toml",
            "grand.toml",
            "makruk.toml",
            "area-of-competence.toml",
            "continuous-fairies.toml",
            "continuous-capablanca.toml",
        ]
        .iter()
        .map(|name| level::shipped(name).expect("a shipped level loads"))
        .collect()
    })
}

fn grid_levels() -> Vec<&'static level::GridLevel> {
    shipped()
        .iter()
        .filter_map(|l| match &l.kind {
            LevelKind::Grid(g) => Some(g.as_ref()),
            LevelKind::Continuous(_) => None,
        })
        .collect()
}

fn continuous_levels() -> Vec<&'static level::ContinuousLevel> {
    shipped()
        .iter()
        .filter_map(|l| match &l.kind {
            LevelKind::Continuous(c) => Some(c),
            LevelKind::Grid(_) => None,
        })
        .collect()
}

/// Betza: an error placed inside the text, or a piece that prints canonically, reads back
/// the same and walks a small board without leaving it.
pub fn betza(data: &[u8]) {
    let Some(text) = text(data) else { return };
    match areachess::betza::parse(text) {
        Err(e) => {
            assert!(e.column >= 1 && e.column <= text.chars().count() + 1);
            let _ = e.render(text);
        }
        Ok(parsed) => {
            let printed = parsed.to_string();
            let again = areachess::betza::parse(&printed).expect("the canonical form reads back");
            assert_eq!(again.to_string(), printed);
            let compiled = chains(&parsed);
            let at = |x: i32, y: i32| match (x * 7 + y * 3) % 5 {
                0 => Occupant::Enemy,
                1 => Occupant::Friend,
                _ => Occupant::Empty,
            };
            let board = Occupancy {
                files: 7,
                ranks: 7,
                at: &at,
            };
            for (square, _) in chain_destinations(&compiled, &board, (3, 3), true) {
                assert!(square.0 >= 0 && square.0 < 7 && square.1 >= 0 && square.1 < 7);
                assert_ne!(square, (3, 3));
            }
        }
    }
}

/// A level file: it loads, or every error is placed on a line of the text.
pub fn level(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let lines = text.split('\n').count();
    if let Err(errors) = level::parse("fuzz.toml", text) {
        assert!(!errors.0.is_empty());
        for e in &errors.0 {
            assert!(e.span.line >= 1 && e.span.line <= lines, "{e}");
            assert!(e.span.column >= 1, "{e}");
        }
    }
}

/// A saved game: it reads or is refused.
pub fn saved(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let _ = save::parse("fuzz.save.toml", text);
}

/// A Ħasínū text: a piece or an error.
pub fn hasinu(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let _ = hasinu::parse(text);
}

/// A URC YAML document: pieces, each translated to Betza or refused.
pub fn urc(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(pieces) = urc::read_yaml(text) {
        for piece in pieces {
            let _ = urc::to_betza(&piece.definition);
        }
    }
}

/// A FEN on one of the shipped grid levels: refused, or a position whose FEN reads back to
/// itself and whose legal moves can be generated.
pub fn fen(data: &[u8]) {
    let levels = grid_levels();
    let (which, rest) = pick(data, levels.len());
    let Some(text) = text(rest) else { return };
    let level = levels[which];
    let Ok(mut position) = level.parse_fen(text) else {
        return;
    };
    let written = Fen {
        variant: &level.variant,
        position: &position,
    }
    .to_string();
    let again = level.parse_fen(&written).expect("a written FEN reads back");
    let rewritten = Fen {
        variant: &level.variant,
        position: &again,
    }
    .to_string();
    assert_eq!(written, rewritten);
    let mut legal = Vec::new();
    grid::legal_moves(&level.variant, &mut position, &mut legal);
}

/// A POS on one of the shipped continuous levels: refused, or a position that reads back.
pub fn pos(data: &[u8]) {
    let levels = continuous_levels();
    let (which, rest) = pick(data, levels.len());
    let Some(text) = text(rest) else { return };
    let level = levels[which];
    if let Ok(position) = level.parse_position(text) {
        let written = areachess::continuous::notation::format_position(&position);
        let again = level
            .parse_position(&written)
            .expect("a written POS reads back");
        assert_eq!(
            areachess::continuous::notation::format_position(&again),
            written
        );
    }
}

/// Moves on one of the shipped grid levels, a line each, from the setup.
pub fn moves(data: &[u8]) {
    let levels = grid_levels();
    let (which, rest) = pick(data, levels.len());
    let Some(text) = text(rest) else { return };
    let moves: Vec<&str> = text.lines().take(400).collect();
    if let Ok(g) = game::grid_game(levels[which], None, &moves, Draws::EndTheGame) {
        let _ = g.status();
    }
}

/// `judge` requests on one of the shipped continuous levels, a line each, from the setup.
pub fn judge(data: &[u8]) {
    let levels = continuous_levels();
    let (which, rest) = pick(data, levels.len());
    let Some(text) = text(rest) else { return };
    let moves: Vec<&str> = text.lines().take(200).collect();
    if let Ok(g) = game::continuous_game(levels[which], None, &moves) {
        let _ = g.status();
    }
}

/// A PGN's bytes (UTF-8 or Latin-1): read, then replayed on the level its `Variant` names among the shipped ones
/// loaded here (chess otherwise); never a file looked up from the text.
pub fn pgn(data: &[u8]) {
    let Ok(record) = Record::read("fuzz.pgn", data) else {
        return;
    };
    let variant = record.variant();
    let level = shipped()
        .iter()
        .find(|l| l.name.eq_ignore_ascii_case(&variant))
        .unwrap_or(&shipped()[0]);
    let _ = record.replay("fuzz.pgn", level);
}

/// Balance tallies as JSON: read, merged with themselves and reported in words.
pub fn balance(data: &[u8]) {
    use areachess::search::balance_lab::{Tallies, words};
    let Ok(tallies) = serde_json::from_slice::<Tallies>(data) else {
        return;
    };
    let mut sum = tallies.clone();
    if sum.merge(&tallies).is_ok() {
        let _ = words(&sum);
    }
}

/// Lines a protocol is fed that would ask for work past what one fuzz input may take: a
/// perft deeper than 2 (exponential by request) or a hash table above 64 MB.
fn too_costly(line: &[u8]) -> bool {
    let line = String::from_utf8_lossy(line).to_ascii_lowercase();
    let words: Vec<&str> = line.split_whitespace().collect();
    let number_after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .map(|n| n.parse::<u64>().map_or(true, |n| n > 64))
    };
    words.contains(&"perft") && number_after("perft").unwrap_or(false)
        || words.first() == Some(&"memory") && number_after("memory").unwrap_or(false)
        || words.contains(&"hash") && number_after("value").unwrap_or(false)
}

/// The input's lines without the too costly ones, as bytes.
fn affordable(data: &[u8]) -> Vec<u8> {
    let mut kept = Vec::with_capacity(data.len());
    for line in data.split(|&b| b == b'\n') {
        if !too_costly(line) {
            kept.extend_from_slice(line);
            kept.push(b'\n');
        }
    }
    kept
}

fn catalog() -> Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG
        .get_or_init(|| Catalog::of_folder(&areachess::shipped::levels()))
        .clone()
}

/// A UCI session fed the input's lines until it ends.
pub fn uci(data: &[u8]) {
    let input = Cursor::new(affordable(data));
    let mut session = Uci::new(Output::new(std::io::sink()), catalog(), None);
    session.stop_counts_at_end();
    session.run(input);
}

/// An XBoard session fed the input's lines until it ends.
pub fn xboard(data: &[u8]) {
    let input = Cursor::new(affordable(data));
    xboard::run(Output::new(std::io::sink()), catalog(), None, input);
}

/// A `--drive` script: refused with the step's number (or the script's length), or steps
/// whose board points every shipped board reads without a panic.
pub fn drive(data: &[u8]) {
    let Some(text) = text(data) else { return };
    match areachess::script::parse_script(text) {
        Err(e) => {
            assert!(
                e.starts_with("step ") || e.starts_with("the script is"),
                "{e}"
            );
            assert!(e.len() < 1024, "an error as long as {} bytes", e.len());
        }
        Ok(steps) => {
            for step in steps {
                if let areachess::script::Step::Move(point) = step {
                    for g in grid_levels() {
                        let _ = g.variant.geometry.parse_square(point.trim());
                    }
                    for c in continuous_levels() {
                        let _ = areachess::continuous::notation::parse_point(&c.board, &point);
                    }
                }
            }
        }
    }
}

/// A rule-test file, as if beside a level: every case gets a verdict placed on a line of
/// the text. Files that ask for a perft deeper than 3 are left out: their time is the
/// count's, which the runner bounds by a clock, not the reader's.
pub fn rule_tests(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(file) = areachess::rule_tests::read(text)
        && file.case.iter().any(|c| {
            c.get_ref()
                .perft
                .as_ref()
                .is_some_and(|p| p.get_ref().depth > 3)
        })
    {
        return;
    }
    let lines = text.split('\n').count();
    let path = std::path::Path::new("fuzz/t.tests.toml");
    for verdict in areachess::rule_tests::run_file(path, text) {
        assert!(verdict.at.0 >= 1 && verdict.at.0 <= lines, "{verdict:?}");
        for ((line, column), _) in &verdict.failures {
            assert!(*line >= 1 && *line <= lines && *column >= 1, "{verdict:?}");
        }
    }
}
