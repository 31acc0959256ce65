//! The rules inside Bevy, without rendering: a [`Match`] resource holding the level and its
//! game, the [`GameMode`] state that follows it, one entity per piece that mirrors the
//! position, who plays each side, and the messages that ask for moves and commands and
//! report what became of them. Works with `MinimalPlugins`.
//!
//! Both modes are one flow: [`MatchGame`] is what a mode's game adds to [`Play`] for the
//! ECS (its level, its move request and answer messages), and every system here but the
//! piece mirrors is written once, generic over it. Data flows one way: a request or
//! [`MatchCommand`] message → the rules → the [`Match`] resource → the piece entities.
//!
//! Inserting a `Match` (at start, or after removing the one before) enters its mode: the
//! state goes through `OnExit` and `OnEnter` even when the mode stays the same, so what
//! belongs to the old match (entities marked `DespawnOnExit`) goes and the new one's is
//! set up.
//!
//! [`harness`] drives this app headlessly from text (a level file, a POS or FEN, moves):
//! the API rule authors write their own tests with.
//!
//! The modules import in one direction, each only from those listed before it (and from
//! the match, its game trait and the players, defined here):
//!
//! - [`match_clock`]: the match's chess clock as a resource, and the budget the computer
//!   plans from.
//! - [`computer`]: the computer at the board (its moves and hints).
//! - `timekeeper`: lets the side to move's time run, obeys Pause, calls a flag fall.
//! - [`analysis`]: browsing, the analysis engine and the evaluation graph.
//! - [`continuous`], [`grid`]: each mode's game for the ECS and its piece mirrors.
//! - [`harness`]: the headless test harness.

use crate::play::{Color, Play, Seat};
use crate::record::AnyGame;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

pub mod analysis;
pub mod computer;
pub mod continuous;
pub mod grid;
pub mod harness;
pub mod match_clock;
mod timekeeper;

pub use continuous::{ContinuousMatch, MoveOutcome, MoveRequest, PieceKind, PieceSide, PieceSlot};
pub use grid::{GridMatch, GridMoveOutcome, GridMoveRequest, GridPiece};

/// Depth of piece entities, above the board.
pub const PIECE_Z: f32 = 1.0;

/// Adds the rules for both modes: the state, the messages, the systems that apply them,
/// and the piece mirrors.
pub struct RulesPlugin;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<StatesPlugin>() {
            app.add_plugins(StatesPlugin);
        }
        app.init_state::<GameMode>()
            .init_resource::<Players>()
            .init_resource::<computer::Computer>()
            .init_resource::<match_clock::MatchClock>()
            .init_resource::<MovesAccepted>()
            .init_resource::<analysis::Analysis>()
            .init_resource::<analysis::Browse>()
            .add_message::<MatchCommand>()
            .add_message::<LoadGame>()
            .configure_sets(
                Update,
                (
                    RuleStep::Apply,
                    RuleStep::Clock,
                    RuleStep::Think,
                    RuleStep::Mirror,
                )
                    .chain()
                    .in_set(RulesSystems),
            );
        rules_for::<crate::continuous::Game>(app);
        rules_for::<crate::grid::game::Game>(app);
        app.add_systems(
            Update,
            (
                continuous::mirror_pieces.run_if(resource_exists::<ContinuousMatch>),
                grid::mirror_pieces.run_if(resource_exists::<GridMatch>),
            )
                .in_set(RuleStep::Mirror),
        );
    }
}

/// The systems of one mode's game, the same for both.
fn rules_for<G: MatchGame>(app: &mut App) {
    app.add_message::<G::Request>()
        .add_message::<G::Answer>()
        .add_systems(
            PreUpdate,
            enter_mode::<G>
                .run_if(resource_added::<Match<G>>)
                .in_set(EnterModeSystems),
        )
        .add_systems(
            Update,
            (apply_loads::<G>, apply_requests::<G>, apply_commands::<G>)
                .chain()
                .in_set(RuleStep::Apply)
                .run_if(resource_exists::<Match<G>>),
        );
    timekeeper::for_mode::<G>(app);
    computer::for_mode::<G>(app);
    analysis::for_mode::<G>(app);
}

/// The rules' systems: the moves, commands and loaded games asked for this frame, then the
/// piece mirrors.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RulesSystems;

/// Where a newly inserted match enters its mode, in `PreUpdate`, so that the state
/// changes in the same frame's `StateTransition`, before any mode's systems run. Swap a
/// match before this set and no system sees a match of the other mode's state.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct EnterModeSystems;

/// The steps inside [`RulesSystems`]: the moves and commands asked for, then the clock,
/// then the computer's turn, then the piece mirrors.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
enum RuleStep {
    Apply,
    Clock,
    Think,
    Mirror,
}

/// Which mode's match is open: entered when a level or saved game opens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// No match yet.
    #[default]
    Closed,
    /// A continuous match ([`ContinuousMatch`]).
    Continuous,
    /// A grid match ([`GridMatch`]).
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
        on_info: &mut dyn FnMut(computer::Thought),
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

/// A command on the match as a whole.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchCommand {
    /// Take back the last move.
    Undo,
    /// Replay the last move taken back.
    Redo,
    /// Take back every move, to be replayed one by one (a demonstration starts so).
    Rewind,
    /// The side to move resigns.
    Resign,
    /// The players agree a draw.
    AgreeDraw,
    /// Start again from the level's start position.
    Restart,
    /// Take back every move after the first N (browsing: continue from here); Redo
    /// brings them back.
    ContinueFrom(usize),
}

/// How many moves the rules have played at a player's request since the app started (not
/// counting undo, redo or loaded games): a window that has played none has only looked.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MovesAccepted(pub u64);

/// Replace the game being played by one read from a saved game (already replayed through
/// the rules); a game of the other mode is ignored.
#[derive(Message, Clone, Debug)]
pub struct LoadGame(pub AnyGame);

/// Who plays each side. The window takes a person's moves only for a side whose seat is
/// [`Seat::Human`]; the computer plays the others.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Players {
    /// White's player.
    pub white: Seat,
    /// Black's player.
    pub black: Seat,
}

impl Players {
    /// The player of `side`.
    pub fn of(&self, side: Color) -> Seat {
        match side {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The player of `side`, to change.
    pub fn of_mut(&mut self, side: Color) -> &mut Seat {
        match side {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Whether a person plays the side to move in `game`.
    pub fn human_to_move(&self, game: &(impl Play + ?Sized)) -> bool {
        self.of(game.to_move()) == Seat::Human
    }

    /// Seats each side given (White's, then Black's); a side given none keeps its player.
    pub fn seat(&mut self, seats: [Option<Seat>; 2]) {
        for (side, seat) in Color::BOTH.into_iter().zip(seats) {
            if let Some(seat) = seat {
                *self.of_mut(side) = seat;
            }
        }
    }

    /// Whether a person plays either side.
    pub fn any_human(&self) -> bool {
        self.white == Seat::Human || self.black == Seat::Human
    }
}

/// A new match entered its mode (again, if the mode is the same).
fn enter_mode<G: MatchGame>(mut mode: ResMut<NextState<GameMode>>) {
    mode.set(G::MODE);
}

fn apply_loads<G: MatchGame>(mut loads: MessageReader<LoadGame>, mut state: ResMut<Match<G>>) {
    for LoadGame(game) in loads.read() {
        if let Some(game) = G::loaded(game) {
            state.game = game.clone();
        }
    }
}

/// Plays the moves asked for. A legal one presses the mover's clock; a person's move
/// also ends a pause (they mean to go on).
#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: one parameter per resource"
)]
fn apply_requests<G: MatchGame>(
    mut requests: MessageReader<G::Request>,
    mut answers: MessageWriter<G::Answer>,
    mut state: ResMut<Match<G>>,
    mut clock: ResMut<match_clock::MatchClock>,
    mut computer: ResMut<computer::Computer>,
    mut accepted: ResMut<MovesAccepted>,
    players: Res<Players>,
    time: Res<Time<Real>>,
) {
    for request in requests.read() {
        let mover = state.game.to_move();
        let answer = state.game.answer(*request);
        if G::refusal(&answer).is_none() {
            accepted.0 += 1;
            match_clock::press(&mut clock, mover, match_clock::now(&time));
            if players.of(mover) == Seat::Human && computer.paused {
                computer.paused = false;
            }
        }
        answers.write(answer);
    }
}

fn apply_commands<G: MatchGame>(
    mut commands: MessageReader<MatchCommand>,
    mut state: ResMut<Match<G>>,
    players: Res<Players>,
    mut computer: ResMut<computer::Computer>,
    mut clock: ResMut<match_clock::MatchClock>,
) {
    for command in commands.read() {
        let Match { level, game } = &mut *state;
        // Against the computer, Undo and Redo go back to (or on to) a person's turn: your
        // move and its reply together. Between computers they step one move, paused.
        let computer_to_move = |game: &G| players.any_human() && !players.human_to_move(game);
        match command {
            MatchCommand::Undo => {
                if game.undo() {
                    while computer_to_move(game) && game.undo() {}
                }
                if !players.any_human() {
                    computer.paused = true;
                }
            }
            MatchCommand::Redo => {
                if game.redo() {
                    while computer_to_move(game) && game.redo() {}
                }
                if !players.any_human() {
                    computer.paused = true;
                }
            }
            MatchCommand::Rewind => game.rewind(),
            MatchCommand::Resign => game.resign(),
            MatchCommand::AgreeDraw => game.agree_draw(),
            MatchCommand::Restart => {
                *game = game.next(level);
                clock.restart();
            }
            MatchCommand::ContinueFrom(ply) => *game = analysis::at_ply(game, *ply),
        }
    }
}

/// The match of whichever mode is open, for what is written once for both: the panel's
/// status, the banner, saving, the files window.
#[derive(bevy::ecs::system::SystemParam)]
pub struct CurrentGame<'w> {
    continuous: Option<Res<'w, ContinuousMatch>>,
    grid: Option<Res<'w, GridMatch>>,
}

impl CurrentGame<'_> {
    /// The game being played, if a match is open.
    pub fn game(&self) -> Option<&dyn Play> {
        match (&self.continuous, &self.grid) {
            (Some(m), _) => Some(&m.game),
            (None, Some(m)) => Some(&m.game),
            (None, None) => None,
        }
    }

    /// A copy of the game being played, to save.
    pub fn saved(&self) -> Option<AnyGame> {
        match (&self.continuous, &self.grid) {
            (Some(m), _) => Some(m.game.saved()),
            (None, Some(m)) => Some(m.game.saved()),
            (None, None) => None,
        }
    }

    /// Whether the open match is continuous.
    pub fn is_continuous(&self) -> bool {
        self.continuous.is_some()
    }

    /// A new game of the match's level from the position written in `text` (a FEN on a
    /// grid level, a POS on a continuous one), or why it does not read.
    pub fn from_position(&self, text: &str) -> Result<AnyGame, String> {
        match (&self.continuous, &self.grid) {
            (Some(m), _) => m
                .level
                .parse_position(text)
                .map(|start| AnyGame::Continuous(crate::continuous::Game::new(start)))
                .map_err(|e| format!("POS: {e}")),
            (None, Some(m)) => m
                .level
                .parse_fen(text)
                .map(|start| {
                    AnyGame::Grid(crate::grid::game::Game::new(m.level.variant.clone(), start))
                })
                .map_err(|e| format!("FEN: {e}")),
            (None, None) => Err("no game is open".to_string()),
        }
    }

    /// Whether the match changed since this system last looked.
    pub fn is_changed(&self) -> bool {
        self.continuous.as_ref().is_some_and(|m| m.is_changed())
            || self.grid.as_ref().is_some_and(|m| m.is_changed())
    }
}
