//! The balance lab, a designer's tool beside the engine: it plays the engine against
//! itself from a level's setup and tells how balanced the setup is and what each kind of
//! piece is worth. `areachess balance` and the window's Balance panel run it.
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - `selfplay`: the games' schedule (seeds, shards, handicap games), [`run`], and the
//!   [`Tallies`] with their intervals.
//! - `report`: the tallies in [`words`] and SVG [`plots`].

mod report;
mod selfplay;

pub use report::{plots, words};
pub use selfplay::{
    BalanceSettings, Handicap, MergeError, NOISE, Schedule, Tallies, TalliesError, run, wilson,
};
