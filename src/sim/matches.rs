//! The match as the ECS holds it, both modes: the [`Match`] resource (a level and its
//! game), [`MatchGame`], what a mode's game adds to [`Play`] for the ECS, the [`Thought`]
//! its engine reports after each depth, the [`GameMode`] state a match enters, and the
//! depth its piece entities are drawn at. Every other file of `sim` builds on these.

use crate::play::Play;
use crate::record::AnyGame;
use crate::search::Score;
use bevy::prelude::*;

/// What the engine thinks after one finished depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The depth finished.
    pub depth: u32,
    /// The score for the side it thinks for.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The best line so far, in the mode's notation.
    pub line: String,
    /// Which of the best moves this is (1: the best; more when several lines are asked).
    pub multipv: u32,
}

/// Which mode's match is open: entered when a level or saved game opens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// No match yet.
    #[default]
    Closed,
    /// A continuous match (`ContinuousMatch`).
    Continuous,
    /// A grid match (`GridMatch`).
    Grid,
}

/// What a mode's game is to the ECS, beside [`Play`]: its level, the message that asks for
/// a move and the one that answers, and how it saves and loads.
///
/// The app's trait (this layer and the window above it): every system of `sim` is written
/// once over it, and the computer at the board thinks through its engine (a player of
/// `search`, which knows nothing of the ECS). The headless harness adds what a test needs
/// of a mode (`harness::Mode`). The grid's and the continuous game implement it.
pub trait MatchGame: Play + Clone + Send + Sync + 'static {
    /// The level the game is played on.
    type Level: Clone + Send + Sync + std::fmt::Debug + 'static;
    /// A player's request for a move.
    type Request: Message + Copy;
    /// What became of a request.
    type Answer: Message;
    /// The mode whose state this game's match enters.
    const MODE: GameMode;

    /// A new game from the level's start position (dealt anew where the level draws its
    /// setups).
    fn start(level: &Self::Level) -> Self;

    /// The game New game starts after this one: the same start, or a new deal where the
    /// level draws its setups.
    fn next(&self, level: &Self::Level) -> Self {
        let _ = level;
        let mut next = self.clone();
        next.restart();
        next
    }

    /// Judges a request and plays it if it is legal.
    fn answer(&mut self, request: Self::Request) -> Self::Answer;

    /// The words for the player when the answer refuses the move; `None` when it was
    /// played.
    fn refusal(answer: &Self::Answer) -> Option<String>;

    /// The move `answer` answers, tried in the game `before`, as a rule-test case (see
    /// [`crate::rule_tests::add_case`]).
    fn tried(before: &Self, level: &Self::Level, answer: &Self::Answer)
    -> crate::rule_tests::Tried;

    /// This game, to save.
    fn saved(&self) -> AnyGame;

    /// This mode's game in `game`, if it is one.
    fn loaded(game: &AnyGame) -> Option<&Self>;

    /// The computer's memory for this mode (its search and evaluation), kept between its
    /// moves.
    type Engine: Send + Sync + 'static;

    /// A fresh engine for games on `level`.
    fn engine(level: &Self::Level) -> Self::Engine;

    /// The engine's move for the side to move within `limits`, erring by `noise`; each
    /// finished depth is told to `on_info`. `None` when the game is over.
    fn think(
        &self,
        engine: &mut Self::Engine,
        limits: &crate::search::Limits,
        noise: Option<crate::search::Noise>,
        on_info: &mut dyn FnMut(Thought),
    ) -> Option<Self::Request>;

    /// Where a request's move starts and ends on the board, in world units, and the move
    /// in the mode's notation (a hint's arrow and words).
    fn sketch(level: &Self::Level, game: &Self, request: &Self::Request) -> (Vec2, Vec2, String);
}

/// The match being played: its level and its game (position and history).
#[derive(Resource, Clone, Debug)]
pub struct Match<G: MatchGame> {
    /// The level the match plays.
    pub level: G::Level,
    /// The game so far.
    pub game: G,
}

impl<G: MatchGame> Match<G> {
    /// A new match from the level's start position.
    pub fn new(level: G::Level) -> Self {
        let game = G::start(&level);
        Match { level, game }
    }
}

/// Depth of piece entities, above the board.
pub const PIECE_Z: f32 = 1.0;
