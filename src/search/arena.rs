//! What a player needs of one mode: the [`Arena`] trait, which the grid and the continuous
//! worlds implement and [`Player`](super::players::Player) is written over, so that
//! `match`, `balance`, the protocols and the window seat one player type in either mode.

use super::searchable::Searchable;
use crate::random::Rng;
use std::fmt;

/// What a player needs of one mode: a search of the game in front of it, the move a
/// search's choice stands for, and a move picked without searching.
///
/// The players' trait, one layer above [`Searchable`]: it turns a mode's game into a
/// search and the search's choice back into the game's move, so that one
/// [`Player`](super::players::Player) serves both modes. `Arc<grid::GridEval>` and
/// `continuous::Continuous` implement it; the commands reach it through
/// [`Contest`](super::contest::Contest), the app through `sim::MatchGame`.
pub trait Arena {
    /// What the player looks at: the game so far (a grid game, whose history decides
    /// repetitions) or the position (continuous).
    type Game;
    /// A move as the game takes it.
    type Move: Copy;
    /// A move as the search finds it.
    type Found: Copy + Eq + fmt::Debug + Send + Sync;
    /// The search over the game's position (copied for each helper thread).
    type Search: Searchable<Move = Self::Found> + Clone + Send;

    /// A search from where `game` stands.
    fn search(&self, game: &Self::Game) -> Self::Search;

    /// The move `found` stands for in `game`.
    fn chosen(&self, game: &Self::Game, found: &Self::Found) -> Self::Move;

    /// A move picked without searching: uniformly at random, or with `greedy` the capture
    /// of the most valuable piece (a random one among equals); none when there is no
    /// legal move.
    fn pick(&self, game: &Self::Game, greedy: bool, rng: &mut Rng) -> Option<Self::Move>;
}
