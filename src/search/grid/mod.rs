//! The grid world for the search: the evaluation, kept apart from the search that asks
//! it, and the adapter that makes a grid game something the engine can search and a
//! player can play.
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - `goal_terms`: what the evaluation adds for a level's own goals (checks given, the
//!   flag's distance, the last pieces of a type, material upside down where giving it
//!   away wins).
//! - `eval`: [`GridEval`], the grid evaluation and the tables it builds once per
//!   variant; [`SquareTables`], [`PawnCache`], [`EvalParts`].
//! - `checks`: check without making the move: the check lanes, and whether a royal is
//!   attacked once a piece has moved.
//! - `exchange`: the static exchange evaluation of a capture.
//! - `adapter`: [`GridSearch`], a grid position with its history as the engine's
//!   `Searchable`, and the evaluation as the `Arena` of a [`GridPlayer`].

mod adapter;
mod checks;
mod eval;
mod exchange;
mod goal_terms;

pub use adapter::{GridPlayer, GridSearch};
pub use eval::{EvalParts, GridEval, PawnCache, SquareTables, white_view};
