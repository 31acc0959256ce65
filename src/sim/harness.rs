//! Headless rule tests: the rules inside a Bevy app with no window, driven by text.
//!
//! A rule author checks a level the way the desktop app plays it: an [`App`] with
//! [`MinimalPlugins`] and [`RulesPlugin`], a match loaded from a level file (and a start
//! position, if not the level's own), moves sent as [`MoveRequest`] or [`GridMoveRequest`]
//! messages, one `app.update()` per move, and the answer read back from the
//! [`MoveOutcome`] or [`GridMoveOutcome`] message, the match resource and the piece
//! entities. [`Sim`] does exactly that, for either mode ([`ContinuousSim`], [`GridSim`]);
//! its `app` is public for anything it does not wrap.
//!
//! ```
//! use areachess::sim::harness::ContinuousSim;
//!
//! let level = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/area-of-competence.toml");
//! // White's rook on a1, Black's king on e8: the rook slides up its file.
//! let mut sim = ContinuousSim::from_file(level, Some("w;K@e1;R@a1;k@e8")).unwrap();
//! let outcome = sim.play("a1->a5").unwrap();
//! assert!(outcome.applied().is_some());
//! // A move shorter than R is refused, with its reason (e8 is at 12.728,21.213).
//! assert_eq!(sim.refusal("e8->12.728,20.713").unwrap().as_deref(), Some("too-short"));
//! ```
//!
//! Every input a test gives (a level file, a POS, a FEN, a move) is read with the same
//! functions the command line uses, and a mistake in it is a [`HarnessError`] naming what
//! was wrong, never a panic.

use super::apply::MatchCommand;
use super::continuous::{MoveOutcome, MoveRequest, PieceKind, PieceSide, PieceSlot};
use super::grid::{GridMoveOutcome, GridMoveRequest, GridPiece, GridPlay, Refusal};
use super::matches::{Match, MatchGame};
use super::plugin::RulesPlugin;
use crate::continuous::notation::{parse_move, parse_point};
use crate::continuous::{Outcome, Point};
use crate::grid::Move;
use crate::grid::notation::{move_text, read_move};
use crate::level::{self, Level, ModeError};
use crate::play::{Color, Status};
use crate::record::game::{self, Draws, GameError};
use bevy::ecs::message::Messages;
use bevy::prelude::*;
use std::marker::PhantomData;
use std::path::Path;

/// Why a headless test could not do what it asked: the input, not the rules, was wrong.
#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    /// The level file does not load (each problem with its file, line and column).
    #[error("{0}")]
    Level(#[from] crate::level::LevelErrors),
    /// The level is of the other mode.
    #[error("{0}")]
    Mode(#[from] crate::level::ModeError),
    /// The continuous position (POS) does not read.
    #[error("position: {0}")]
    Position(#[from] crate::continuous::notation::NotationError),
    /// The grid position (FEN) does not read.
    #[error("FEN: {0}")]
    Fen(#[from] crate::grid::FenError),
    /// A move or point that does not read on this level's board.
    #[error("{0}")]
    Text(String),
}

impl From<GameError> for HarnessError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::Fen(e) => HarnessError::Fen(*e),
            GameError::Position(e) => HarnessError::Position(*e),
            e => HarnessError::Text(e.to_string()),
        }
    }
}

/// No moves: a test starts from a position and sends its moves one by one.
const NO_MOVES: [&str; 0] = [];

/// What a headless test needs of a mode beyond [`MatchGame`]: its level out of a level
/// file, a start position and a move read from text, and which answer is a request's.
pub trait Mode: MatchGame<Answer: Clone> {
    /// This mode's level, or why `level` is of the other mode.
    fn level(level: Level) -> Result<Self::Level, ModeError>;

    /// A match on `level` from the position written in `text` (a POS or a FEN).
    fn match_at(level: Self::Level, text: &str) -> Result<Match<Self>, HarnessError>;

    /// The request a move written in this mode's notation makes in `state`.
    fn request(state: &Match<Self>, text: &str) -> Result<Self::Request, HarnessError>;

    /// Whether `answer` answers `request`.
    fn answers(answer: &Self::Answer, request: &Self::Request) -> bool;
}

impl Mode for crate::continuous::Game {
    fn level(level: Level) -> Result<Self::Level, ModeError> {
        level.into_continuous()
    }

    fn match_at(level: Self::Level, pos: &str) -> Result<Match<Self>, HarnessError> {
        let game = game::continuous_game(&level, Some(pos), &NO_MOVES)?;
        Ok(Match { level, game })
    }

    fn request(state: &Match<Self>, text: &str) -> Result<MoveRequest, HarnessError> {
        parse_move(&state.level.board, text)
            .map(MoveRequest)
            .map_err(|e| HarnessError::Text(format!("move '{text}': {e}")))
    }

    fn answers(answer: &MoveOutcome, request: &MoveRequest) -> bool {
        answer.request == request.0
    }
}

impl Mode for crate::grid::game::Game {
    fn level(level: Level) -> Result<Self::Level, ModeError> {
        level.into_grid()
    }

    fn match_at(level: Self::Level, fen: &str) -> Result<Match<Self>, HarnessError> {
        let game = game::grid_game(&level, Some(fen), &NO_MOVES, Draws::EndTheGame)?;
        Ok(Match { level, game })
    }

    fn request(state: &Match<Self>, text: &str) -> Result<GridPlay, HarnessError> {
        let variant = &state.level.variant;
        if let Some(drop) = crate::grid::notation::read_drop(variant, text) {
            let (role, to) = drop.map_err(|c| {
                HarnessError::Text(format!("move '{text}': no piece has the letter '{c}'"))
            })?;
            return Ok(GridPlay::of(crate::grid::Move::drop(role, to)));
        }
        // A move that leaves a wall is found by its whole text among the legal moves.
        if text.contains(',') {
            let m = state
                .game
                .legal_moves()
                .into_iter()
                .find(|&m| crate::grid::move_text(variant, m) == text)
                .ok_or_else(|| {
                    HarnessError::Text(format!("move '{text}': not a legal move here"))
                })?;
            return Ok(GridPlay::of(m));
        }
        let (from, to, letter) = read_move(variant, text).ok_or_else(|| {
            HarnessError::Text(format!(
                "move '{text}': expected a move like e2e4, e7e8q or P@e4 on this board"
            ))
        })?;
        let promotion =
            crate::grid::notation::promotion_of(variant, state.game.position(), from, letter)
                .map_err(|c| {
                    HarnessError::Text(format!("move '{text}': no piece has the letter '{c}'"))
                })?;
        Ok(GridPlay {
            request: GridMoveRequest {
                from,
                to,
                promotion,
                drop: None,
            },
            wall: None,
        })
    }

    fn answers(answer: &GridMoveOutcome, play: &GridPlay) -> bool {
        answer.request == play.request
    }
}

/// A headless app playing a level of mode `G`.
pub struct Sim<G: Mode> {
    /// The app: [`MinimalPlugins`], [`RulesPlugin`] and the mode's [`Match`] resource.
    pub app: App,
    mode: PhantomData<G>,
}

/// A headless app playing a continuous level.
pub type ContinuousSim = Sim<crate::continuous::Game>;

/// A headless app playing a grid level.
pub type GridSim = Sim<crate::grid::game::Game>;

impl<G: Mode> Sim<G> {
    /// An app playing `level` from its setup.
    pub fn new(level: G::Level) -> Self {
        Self::with_match(Match::new(level))
    }

    /// An app playing `level` from the position written in `text` (a POS such as
    /// `w;K@e1;k@e8` for a continuous level, a FEN for a grid level).
    pub fn at(level: G::Level, text: &str) -> Result<Self, HarnessError> {
        Ok(Self::with_match(G::match_at(level, text)?))
    }

    /// An app playing the level in the file at `path`, from the position `start` (POS or
    /// FEN) or its setup.
    pub fn from_file(path: impl AsRef<Path>, start: Option<&str>) -> Result<Self, HarnessError> {
        Self::open(level::load(path.as_ref())?, start)
    }

    /// An app playing a level written out in `text` (a level file's contents; `file` names
    /// it in errors), from the position `start` (POS or FEN) or its setup.
    pub fn from_text(file: &str, text: &str, start: Option<&str>) -> Result<Self, HarnessError> {
        Self::open(level::parse(file, text)?, start)
    }

    fn open(level: Level, start: Option<&str>) -> Result<Self, HarnessError> {
        let level = G::level(level)?;
        match start {
            Some(text) => Self::at(level, text),
            None => Ok(Self::new(level)),
        }
    }

    /// An app with [`MinimalPlugins`] and [`RulesPlugin`] playing `state`, after its first
    /// frame (the match has entered its mode and its pieces have their entities).
    fn with_match(state: Match<G>) -> Self {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, RulesPlugin));
        app.insert_resource(state);
        app.update();
        Sim {
            app,
            mode: PhantomData,
        }
    }

    /// Sends the move written `text` as a player's request, runs one frame, and returns
    /// the rules' answer to it.
    pub fn send(&mut self, text: &str) -> Result<G::Answer, HarnessError> {
        let request = G::request(self.state(), text)?;
        self.app.world_mut().write_message(request);
        self.app.update();
        let answers = self.app.world().resource::<Messages<G::Answer>>();
        let answer = answers
            .iter_current_update_messages()
            .filter(|a| G::answers(a, &request))
            .last()
            .cloned();
        answer.ok_or_else(|| HarnessError::Text(format!("move '{text}': no answer came")))
    }

    /// Sends a command on the whole match (undo, redo, resign, …) and runs one frame.
    pub fn command(&mut self, command: MatchCommand) {
        self.app.world_mut().write_message(command);
        self.app.update();
    }

    /// The match: its level and game.
    pub fn state(&self) -> &Match<G> {
        self.app.world().resource::<Match<G>>()
    }

    /// The game: its position, history and status.
    pub fn game(&self) -> &G {
        &self.state().game
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        self.game().status()
    }
}

impl ContinuousSim {
    /// Sends the move `FROM->TO[=Q]` (square names or `x,y`) as a player's request, runs
    /// one frame, and returns the rules' answer.
    pub fn play(&mut self, text: &str) -> Result<Outcome, HarnessError> {
        Ok(self.send(text)?.outcome)
    }

    /// Plays `text` and returns the refusal's reason word (`blocked`, `too-short`, …), or
    /// `None` if the move was played.
    pub fn refusal(&mut self, text: &str) -> Result<Option<String>, HarnessError> {
        Ok(match self.play(text)? {
            Outcome::Illegal(reason) => Some(reason.word().to_string()),
            _ => None,
        })
    }

    /// A point on this level's board, from `x,y` or a square name.
    pub fn point(&self, text: &str) -> Result<Point, HarnessError> {
        parse_point(&self.state().level.board, text)
            .map_err(|e| HarnessError::Text(format!("point '{text}': {e}")))
    }

    /// The letter (upper case for White) of the piece whose disc contains `at`, if any.
    pub fn piece_at(&self, at: &str) -> Result<Option<char>, HarnessError> {
        let p = self.point(at)?;
        let position = self.game().position();
        Ok(position.piece_at(p).map(|i| position.pieces()[i].letter()))
    }

    /// The piece entities the app keeps, by slot: (slot, letter with its side's case,
    /// translation in world units).
    pub fn entities(&mut self) -> Vec<(usize, char, Vec3)> {
        let mut query = self
            .app
            .world_mut()
            .query::<(&PieceSlot, &PieceKind, &PieceSide, &Transform)>();
        let mut out: Vec<_> = query
            .iter(self.app.world())
            .map(|(slot, kind, side, t)| (slot.0, kind.0.letter_of(side.0), t.translation))
            .collect();
        out.sort_by_key(|e| e.0);
        out
    }
}

impl GridSim {
    /// Sends the move `e2e4` / `e7e8q` as a player's request, runs one frame, and returns
    /// the move played or why it was refused.
    pub fn play(&mut self, text: &str) -> Result<Result<Move, Refusal>, HarnessError> {
        Ok(self.send(text)?.result)
    }

    /// The legal moves now, written `e2e4`, sorted.
    pub fn moves(&self) -> Vec<String> {
        let variant = &self.state().level.variant;
        let mut out: Vec<String> = self
            .game()
            .legal_moves()
            .into_iter()
            .map(|m| move_text(variant, m))
            .collect();
        out.sort();
        out
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        crate::grid::Fen {
            variant: &self.state().level.variant,
            position: self.game().position(),
        }
        .to_string()
    }

    /// The piece entities the app keeps: (square name, letter with its side's case),
    /// sorted by square name.
    pub fn entities(&mut self) -> Vec<(String, char)> {
        let variant = self.state().level.variant.clone();
        let mut query = self.app.world_mut().query::<&GridPiece>();
        let mut out: Vec<_> = query
            .iter(self.app.world())
            .map(|p| {
                let letter = variant.types[p.kind.index()].letter;
                let letter = match p.side {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter.to_ascii_lowercase(),
                };
                (variant.geometry.name(p.square).to_string(), letter)
            })
            .collect();
        out.sort();
        out
    }
}
