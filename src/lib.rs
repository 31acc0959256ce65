//! areachess: a chess-variant simulator with two rule worlds.
//!
//! - [`betza`]: the Betza dialect for grid pieces.
//! - [`continuous`]: "area of competence" chess on a continuous board (pure rules).
//! - [`grid`]: the square-grid engine (moves, perft, FEN).
//! - [`notation`]: other programs' piece and variant languages (URC, Ħasínū, XBetza, the
//!   Fairy-Stockfish export).
//! - [`pictures`]: the pieces' pictures, as SVG text.
//! - [`level`]: level files: their format, its schema, reading and checking them.
//! - [`record`]: games written down and read back: a level, a start and moves made a game,
//!   saved games, PGN.
//! - [`protocol`]: the engine protocols, UCI and XBoard.
//! - [`search`]: the computer opponent's search over both modes.
//! - [`random`]: the one seeded random source (the same seed, the same games).
//! - [`clock`]: the chess clock (time controls, time left, flag falls), for both modes.
//! - [`play`]: what both modes' games share: colours, how a game stands, the [`play::Play`] trait.
//! - [`square`]: a square's name (`e4`, `j10`), read and written the same in both modes.
//! - [`span`]: where in a user's text an error is (file, line, column).
//! - [`shipped`]: the levels, demonstrations and pictures inside the program.
//! - [`library`]: levels by name: the shipped ones and the user's library.
//! - [`reading`]: which files are read and how much of each (regular files, a cap per
//!   kind, a file another file names only inside the naming file's folder).
//! - [`script`]: the window's `--drive` script, read without the window.
//! - [`sim`]: the rules inside Bevy, without rendering.
//! - [`convert`]: the one place where rule vectors (f64) meet Bevy's (f32).
//! - [`failure`]: what a command or the window reports when it cannot go on.
//! - `ui` (feature `gui`): the desktop app.

/// The version line `areachess --version` prints after the program's name: the package's
/// version and the commit it was built from (`unknown` outside a git clone).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("AREACHESS_COMMIT"),
    ")"
);

pub mod betza;
pub mod clock;
pub mod continuous;
pub mod convert;
pub mod failure;
pub mod grid;
pub mod level;
pub mod library;
pub mod notation;
pub mod pictures;
pub mod play;
pub mod protocol;
pub mod random;
pub mod reading;
pub mod record;
pub mod rule_tests;
pub mod script;
pub mod search;
pub mod shipped;
pub mod sim;
pub mod span;
pub mod square;
#[cfg(feature = "gui")]
pub mod ui;
