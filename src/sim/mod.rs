//! The rules inside Bevy, without rendering: a [`Match`] resource holding the level and its
//! game, the [`GameMode`] state that follows it, one entity per piece that mirrors the
//! position, who plays each side, and the messages that ask for moves and commands and
//! report what became of them. Works with `MinimalPlugins`; [`RulesPlugin`] adds it all.
//!
//! Both modes are one flow: [`MatchGame`] is what a mode's game adds to
//! [`Play`](crate::play::Play) for the ECS (its level, its move request and answer
//! messages), and every system here but the piece mirrors is written once, generic over it.
//! Data flows one way: a request or [`MatchCommand`] message → the rules → the [`Match`]
//! resource → the piece entities.
//!
//! Inserting a `Match` (at start, or after removing the one before) enters its mode: the
//! state goes through `OnExit` and `OnEnter` even when the mode stays the same, so what
//! belongs to the old match (entities marked `DespawnOnExit`) goes and the new one's is
//! set up.
//!
//! [`harness`] drives this app headlessly from text (a level file, a POS or FEN, moves):
//! the API rule authors write their own tests with.
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - [`match_clock`]: the match's chess clock as a resource, and the budget the computer
//!   plans from.
//! - `players`: who plays each side ([`Players`]).
//! - `sets`: the system sets the rules run in ([`RulesSystems`], [`EnterModeSystems`]).
//! - `matches`: the [`Match`] resource, its game trait [`MatchGame`], the [`Thought`] an
//!   engine reports, the [`GameMode`] state.
//! - [`computer`]: the computer at the board (its moves and hints).
//! - `timekeeper`: lets the side to move's time run, obeys Pause, calls a flag fall.
//! - [`analysis`]: browsing, the analysis engine and the evaluation graph.
//! - `apply`: the rules' own systems, written once over [`MatchGame`]: entering a new
//!   match's mode, applying loaded games, move requests and [`MatchCommand`]s.
//! - [`continuous`], [`grid`]: each mode's game for the ECS and its piece mirrors.
//! - `current`: the match of whichever mode is open ([`CurrentGame`]).
//! - `plugin`: [`RulesPlugin`], which adds all of the above to an app.
//! - [`harness`]: the headless test harness.

mod apply;
mod current;
mod matches;
mod players;
mod plugin;
mod sets;

pub mod analysis;
pub mod computer;
pub mod continuous;
pub mod grid;
pub mod harness;
pub mod match_clock;
mod timekeeper;

pub use apply::{LastTried, LoadGame, MatchCommand, MovesAccepted};
pub use continuous::{ContinuousMatch, MoveOutcome, MoveRequest, PieceKind, PieceSide, PieceSlot};
pub use current::CurrentGame;
pub use grid::{GridMatch, GridMoveOutcome, GridMoveRequest, GridPiece, GridPlay};
pub use matches::{GameMode, Match, MatchGame, PIECE_Z, Thought};
pub use players::Players;
pub use plugin::RulesPlugin;
pub use sets::{EnterModeSystems, RulesSystems};
