//! Games written down and read back: a game of either mode made from a level, a start and
//! moves, saved games, and PGN. Each reads its game through the rules, move by move.
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - [`game`]: [`AnyGame`], and the one function that turns a level, a FEN or POS and moves
//!   into a game ([`game::game`], [`game::grid_game`], [`game::continuous_game`]), which the
//!   command line, the headless harness, saved games, PGN and the protocols share.
//! - [`save`]: saved games, both modes, in TOML.
//! - [`pgn`]: PGN, both modes.

pub mod game;
pub mod pgn;
pub mod save;

pub use game::{AnyGame, Draws, GameError};
