//! areachess: a chess-variant simulator with two rule worlds.
//!
//! - [`betza`]: the Betza dialect for grid pieces.
//! - [`continuous`]: "area of competence" chess on a continuous board (pure rules).
//! - [`grid`]: the square-grid engine (moves, perft, FEN).
//! - [`level`]: level files.
//! - [`sim`]: the rules inside Bevy, without rendering.
//! - [`urc`]: pieces written in the URC piece schema (YAML or TOML), as Betza.
//! - [`convert`]: the one place where rule vectors (f64) meet Bevy's (f32).
//! - `ui` (feature `gui`): the desktop app.

pub mod betza;
pub mod cli;
pub mod continuous;
pub mod convert;
pub mod grid;
pub mod level;
pub mod sim;
#[cfg(feature = "gui")]
pub mod ui;
pub mod urc;
