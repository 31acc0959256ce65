//! A small position builder and a headless Bevy app driven the way the desktop app drives it.

use areachess::continuous::notation::parse_position;
use areachess::continuous::{Board, Game, Outcome, Point, Position, Setup, Status};
use areachess::level::{self, ContinuousLevel};
use areachess::sim::MatchCommand;
use areachess::sim::harness::ContinuousSim;
use bevy::prelude::*;
use std::path::Path;
use std::sync::Arc;

/// A folder of the test's own in the system's temporary folder, named
/// `areachess-NAME-…`, removed with all in it when dropped (a failed test's too).
pub fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("areachess-{name}-"))
        .tempdir()
        .expect("a scratch folder")
}

/// The shipped continuous level.
pub fn classic() -> ContinuousLevel {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/area-of-competence.toml");
    let level = level::load(&path).expect("the shipped level loads");
    level.into_continuous().expect("continuous")
}

/// The shipped level with another board (same setup squares).
pub fn with_board(board: Board) -> ContinuousLevel {
    let classic = classic();
    let board = Arc::new(board);
    let pieces = classic.start.pieces().to_vec();
    let start = Position::try_from(Setup {
        board: board.clone(),
        pieces,
        to_move: classic.start.to_move(),
    })
    .expect("same setup");
    ContinuousLevel {
        board,
        start,
        ..classic
    }
}

/// A position on the shipped level's board, from POS text.
pub fn pos(text: &str) -> Position {
    let level = classic();
    parse_position(level.board.clone(), level.setup(), text).expect("test POS is valid")
}

/// A point from `x,y` or a square name.
pub fn pt(text: &str) -> Point {
    areachess::continuous::notation::parse_point(&classic().board, text).expect("test point")
}

/// A headless app playing `level` from `start` (or the level's setup): the library's
/// public harness ([`ContinuousSim`]), with the panicking shorthands tests want.
pub struct Sim {
    pub inner: ContinuousSim,
}

impl Sim {
    pub fn new(level: ContinuousLevel, start: Option<&str>) -> Self {
        let inner = match start {
            Some(text) => ContinuousSim::at(level, text).expect("test POS is valid"),
            None => ContinuousSim::new(level),
        };
        Sim { inner }
    }

    /// The classic level from a POS.
    pub fn at(text: &str) -> Self {
        Sim::new(classic(), Some(text))
    }

    /// Sends `FROM->TO[=Q]` as a move request, runs one frame, returns the outcome.
    pub fn play(&mut self, text: &str) -> Outcome {
        self.inner.play(text).expect("test move is readable")
    }

    /// Plays a move that must be legal.
    pub fn legal(&mut self, text: &str) -> Outcome {
        let outcome = self.play(text);
        assert!(
            outcome.applied().is_some(),
            "{text} should be legal, got {outcome:?}"
        );
        outcome
    }

    /// The reason a move is refused (panics if it is legal).
    pub fn refused(&mut self, text: &str) -> String {
        match self.play(text) {
            Outcome::Illegal(reason) => reason.word().to_string(),
            other => panic!("{text} should be illegal, got {other:?}"),
        }
    }

    pub fn command(&mut self, command: MatchCommand) {
        self.inner.command(command);
    }

    pub fn game(&self) -> &Game {
        self.inner.game()
    }

    pub fn status(&self) -> Status {
        self.inner.status()
    }

    /// The piece entities: (slot, kind letter with side case, translation).
    pub fn entities(&mut self) -> Vec<(usize, char, Vec3)> {
        self.inner.entities()
    }

    /// The letter of the piece whose disc contains `at`, if any.
    pub fn piece_at(&self, at: &str) -> Option<char> {
        self.inner.piece_at(at).expect("test point")
    }
}

/// Where an applied move landed.
pub fn landed(outcome: &Outcome) -> Point {
    outcome.applied().expect("legal").to
}

pub fn close(a: Point, b: Point) -> bool {
    a.distance(b) < 1e-9
}

/// A grid FEN of `files × ranks` with cells from `at(file, rank)` (`.` for empty), side to
/// move `side`, no castling or en passant.
pub fn fen_of(files: i32, ranks: i32, side: char, at: impl Fn(i32, i32) -> char) -> String {
    let rows: Vec<String> = (0..ranks)
        .rev()
        .map(|r| {
            let mut row = String::new();
            let mut run = 0;
            for f in 0..files {
                match at(f, r) {
                    '.' => run += 1,
                    c => {
                        if run > 0 {
                            row.push_str(&run.to_string());
                            run = 0;
                        }
                        row.push(c);
                    }
                }
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            row
        })
        .collect();
    format!("{} {side} - - 0 1", rows.join("/"))
}

/// The project's folder.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped level files, sorted.
pub fn shipped_levels() -> Vec<std::path::PathBuf> {
    let mut levels: Vec<std::path::PathBuf> = std::fs::read_dir(root().join("levels"))
        .expect("levels/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    levels.sort();
    levels
}

/// The letters of a grid variant's royal pieces, in its order.
pub fn royal_letters(variant: &areachess::grid::Variant) -> Vec<char> {
    variant
        .types
        .iter()
        .filter(|t| t.royal)
        .map(|t| t.letter)
        .collect()
}

/// Runs the built binary with `args` from the repository's root: its exit code, standard
/// output and standard error.
pub fn areachess(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_areachess"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
