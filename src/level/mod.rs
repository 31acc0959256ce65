//! Level files (`levels/*.toml`): reading a level, with every error placed at its file, line
//! and column.
//!
//! Reading goes in three steps, each reporting every problem it finds:
//! 1. TOML syntax;
//! 2. the shape of the file against [`schema`] (every key, its type, required keys, the
//!    keys of the other mode), where entries that do not fit are dropped;
//! 3. the meaning: lengths in range, Betza strings, FEN against the board and the pieces,
//!    promotion and castling letters that exist (in `continuous` and `grid`).
//!
//! The keys are described once, on the serde structs of `file` (`LevelFile` and the tables
//! in it): [`schema`] derives the JSON Schema from them, checks a level's shape with it, and
//! writes it as `levels/schema.json` and as docs/levels.md's reference table.
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - `error`: what can be wrong in a level file and where ([`LevelErrorKind`],
//!   [`LevelError`], [`LevelErrors`]), and the collector that places each problem.
//! - `modes`: a level once read: [`Level`], [`GridLevel`], [`ContinuousLevel`].
//! - `file`: the file's tables and keys as serde reads them, and the checks both modes'
//!   readers make alike.
//! - [`schema`]: the file's shape, derived from `file`: the check, the JSON Schema and the
//!   reference table.
//! - `goals`: the grid rules that end a game other than by mate (n-check, the flag,
//!   extinction, forced captures, draw odds).
//! - `continuous`, `grid`: each mode's reader, from the read file to its level.
//! - `load`: reading a level file or text through those steps ([`load`], [`parse`]).
//! - [`draft`]: a level being edited in the window, checked by reading its text.
//!
//! The notations a level's pieces may be written in are in [`crate::notation`]; saved
//! games and PGN, which replay a game on a level, in [`crate::record`].

mod continuous;
pub mod draft;
mod error;
mod file;
mod goals;
mod grid;
mod load;
mod modes;
pub mod schema;

pub use crate::pictures::Look;
pub use continuous::{MOST_CORNERS, MOST_OBSTACLES, RADII};
pub use error::{
    LevelError, LevelErrorKind, LevelErrors, LevelMode, Needed, SetupError, UrcReferenceError,
    line_column,
};
#[cfg(test)]
pub(crate) use load::shipped_grid;
pub use load::{for_variant, load, parse, parse_copy, shipped};
pub use modes::{ContinuousLevel, GridLevel, Level, LevelKind, ModeError};
