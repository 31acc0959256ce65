//! The computer opponent: one search over both modes.
//!
//! Each mode implements [`Searchable`] (moves, make and unmake, a key, check, the end of
//! the game, an evaluation); [`Searcher`] runs iterative-deepening alpha-beta over it
//! within [`Limits`] and reports each finished depth as an [`Info`]. Each mode's
//! evaluation lives apart from the search that asks it. What each grid piece is worth is
//! a fact about the piece: [`crate::grid::values`].
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - `searchable`: the [`Searchable`] trait, how a game ends for the side to move
//!   ([`End`]), and the scores of won games ([`MATE`], [`Score`]).
//! - `limits`: how long a search may run ([`Limits`], [`Ponder`]) and its deadlines.
//! - [`tuning`]: every number the search and the evaluations are tuned by.
//! - `table`: the transposition table.
//! - `engine`: the search itself ([`Searcher`]).
//! - `plan`: what the window's computer spends at each strength ([`Plan`]).
//! - [`arena`]: what a player needs of one mode (the [`arena::Arena`] trait).
//! - [`players`]: who chooses a move: the engine, a random or a greedy mover.
//! - [`grid`]: the grid evaluation, and the grid world as the search and a player see it.
//! - [`continuous`]: the continuous evaluation, and the continuous world as the search
//!   and a player see it.
//! - [`contest`]: games between two players, written once for both modes.
//!
//! Beside the engine, tools that use it and that it never uses:
//!
//! - [`tactics`]: the continuous tactics suite, a yardstick for the engine.
//! - [`texel`]: fitting the grid evaluation's weights to self-play games.
//! - [`balance_lab`]: self-play that tells a designer how balanced a level is.

pub mod arena;
pub mod balance_lab;
pub mod contest;
pub mod continuous;
mod engine;
pub mod grid;
mod limits;
mod plan;
pub mod players;
mod searchable;
mod table;
pub mod tactics;
pub mod texel;
pub mod tuning;

pub use engine::{Info, MAX_DEPTH, Noise, Report, Searcher, cores};
pub use limits::{Limits, Ponder};
pub use plan::Plan;
pub use searchable::{End, MATE, MATE_BOUND, Score, Searchable};
