//! Headless rule tests: the rules inside a Bevy app with no window, driven by text.
//!
//! A rule author checks a level the way the desktop app plays it: an [`App`] with
//! [`MinimalPlugins`] and [`RulesPlugin`], a match loaded from a level file (and a start
//! position, if not the level's own), moves sent as [`MoveRequest`] or [`GridMoveRequest`]
//! messages, one `app.update()` per move, and the answer read back from the
//! [`MoveOutcome`] or [`GridMoveOutcome`] message, the match resource and the piece
//! entities. [`ContinuousSim`] and [`GridSim`] do exactly that; their `app` is public for
//! anything they do not wrap.
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

use super::continuous::{
    ContinuousMatch, MoveOutcome, MoveRequest, PieceKind, PieceSide, PieceSlot,
};
use super::grid::{GridMatch, GridMoveOutcome, GridMoveRequest, GridPiece, Refusal};
use super::{Match, MatchCommand, MatchGame, RulesPlugin};
use crate::continuous::notation::{parse_move, parse_point};
use crate::continuous::{Game, Outcome, Point, Status};
use crate::grid::Move;
use crate::grid::notation::{move_text, read_move};
use crate::level::{self, ContinuousLevel, GridLevel, Level};
use crate::play::{Color, Play};
use bevy::ecs::message::Messages;
use bevy::prelude::*;
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

/// An app with [`MinimalPlugins`] and [`RulesPlugin`] playing `state`, after its first
/// frame (the match has entered its mode and its pieces have their entities).
fn headless_app<G: MatchGame>(state: Match<G>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, RulesPlugin));
    app.insert_resource(state);
    app.update();
    app
}

/// A headless app playing a continuous level.
pub struct ContinuousSim {
    /// The app: [`MinimalPlugins`], [`RulesPlugin`] and the [`ContinuousMatch`] resource.
    pub app: App,
}

impl ContinuousSim {
    /// An app playing `level` from its setup.
    pub fn new(level: ContinuousLevel) -> Self {
        Self::with_match(ContinuousMatch::new(level))
    }

    /// An app playing `level` from the position `pos` (POS text, such as `w;K@e1;k@e8`).
    pub fn at(level: ContinuousLevel, pos: &str) -> Result<Self, HarnessError> {
        let start = level.parse_position(pos)?;
        Ok(Self::with_match(ContinuousMatch::from_position(
            level, start,
        )))
    }

    /// An app playing the continuous level in the file at `path`, from `pos` or its setup.
    pub fn from_file(path: impl AsRef<Path>, pos: Option<&str>) -> Result<Self, HarnessError> {
        Self::open(level::load(path.as_ref())?, pos)
    }

    /// An app playing a continuous level written out in `text` (a level file's contents;
    /// `file` names it in errors), from `pos` or its setup.
    pub fn from_text(file: &str, text: &str, pos: Option<&str>) -> Result<Self, HarnessError> {
        Self::open(level::parse(file, text)?, pos)
    }

    fn open(level: Level, pos: Option<&str>) -> Result<Self, HarnessError> {
        let level = level.into_continuous()?;
        match pos {
            Some(pos) => Self::at(level, pos),
            None => Ok(Self::new(level)),
        }
    }

    fn with_match(state: ContinuousMatch) -> Self {
        ContinuousSim {
            app: headless_app(state),
        }
    }

    /// Sends the move `FROM->TO[=Q]` (square names or `x,y`) as a player's request, runs
    /// one frame, and returns the rules' answer.
    pub fn play(&mut self, text: &str) -> Result<Outcome, HarnessError> {
        let board = self.game().position().board().clone();
        let request = parse_move(&board, text)
            .map_err(|e| HarnessError::Text(format!("move '{text}': {e}")))?;
        self.app.world_mut().write_message(MoveRequest(request));
        self.app.update();
        let outcomes = self.app.world().resource::<Messages<MoveOutcome>>();
        let answer = outcomes
            .iter_current_update_messages()
            .filter(|o| o.request == request)
            .last()
            .map(|o| o.outcome.clone());
        answer.ok_or_else(|| HarnessError::Text(format!("move '{text}': no answer came")))
    }

    /// Plays `text` and returns the refusal's reason word (`blocked`, `too-short`, …), or
    /// `None` if the move was played.
    pub fn refusal(&mut self, text: &str) -> Result<Option<String>, HarnessError> {
        Ok(match self.play(text)? {
            Outcome::Illegal(reason) => Some(reason.word().to_string()),
            _ => None,
        })
    }

    /// Sends a command on the whole match (undo, redo, resign, …) and runs one frame.
    pub fn command(&mut self, command: MatchCommand) {
        self.app.world_mut().write_message(command);
        self.app.update();
    }

    /// The match: its level and game.
    pub fn state(&self) -> &ContinuousMatch {
        self.app.world().resource::<ContinuousMatch>()
    }

    /// The game: its position, history and status.
    pub fn game(&self) -> &Game {
        &self.state().game
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        self.game().status()
    }

    /// A point on this level's board, from `x,y` or a square name.
    pub fn point(&self, text: &str) -> Result<Point, HarnessError> {
        parse_point(self.game().position().board(), text)
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
            .map(|(slot, kind, side, t)| {
                let letter = match side.0 {
                    Color::White => kind.0.letter(),
                    Color::Black => kind.0.letter().to_ascii_lowercase(),
                };
                (slot.0, letter, t.translation)
            })
            .collect();
        out.sort_by_key(|e| e.0);
        out
    }
}

/// A headless app playing a grid level.
pub struct GridSim {
    /// The app: [`MinimalPlugins`], [`RulesPlugin`] and the [`GridMatch`] resource.
    pub app: App,
}

impl GridSim {
    /// An app playing `level` from its setup.
    pub fn new(level: GridLevel) -> Self {
        Self::with_match(GridMatch::new(level))
    }

    /// An app playing `level` from the position `fen`.
    pub fn at(level: GridLevel, fen: &str) -> Result<Self, HarnessError> {
        let start = level.parse_fen(fen)?;
        let game = crate::grid::game::Game::new(level.variant.clone(), start);
        Ok(Self::with_match(Match { level, game }))
    }

    /// An app playing the grid level in the file at `path`, from `fen` or its setup.
    pub fn from_file(path: impl AsRef<Path>, fen: Option<&str>) -> Result<Self, HarnessError> {
        Self::open(level::load(path.as_ref())?, fen)
    }

    /// An app playing a grid level written out in `text` (a level file's contents; `file`
    /// names it in errors), from `fen` or its setup.
    pub fn from_text(file: &str, text: &str, fen: Option<&str>) -> Result<Self, HarnessError> {
        Self::open(level::parse(file, text)?, fen)
    }

    fn open(level: Level, fen: Option<&str>) -> Result<Self, HarnessError> {
        let level = level.into_grid()?;
        match fen {
            Some(fen) => Self::at(level, fen),
            None => Ok(Self::new(level)),
        }
    }

    fn with_match(state: GridMatch) -> Self {
        GridSim {
            app: headless_app(state),
        }
    }

    /// Sends the move `e2e4` / `e7e8q` as a player's request, runs one frame, and returns
    /// the move played or why it was refused.
    pub fn play(&mut self, text: &str) -> Result<Result<Move, Refusal>, HarnessError> {
        let variant = &self.state().level.variant;
        let not_a_move = || {
            HarnessError::Text(format!(
                "move '{text}': expected a move like e2e4 or e7e8q on this board"
            ))
        };
        let (from, to, letter) = read_move(variant, text).ok_or_else(not_a_move)?;
        let promotion = match letter {
            None => None,
            Some(c) => Some(variant.role_of_letter(c).ok_or_else(|| {
                HarnessError::Text(format!("move '{text}': no piece has the letter '{c}'"))
            })?),
        };
        let request = GridMoveRequest {
            from,
            to,
            promotion,
        };
        self.app.world_mut().write_message(request);
        self.app.update();
        let outcomes = self.app.world().resource::<Messages<GridMoveOutcome>>();
        let answer = outcomes
            .iter_current_update_messages()
            .filter(|o| o.request == request)
            .last()
            .map(|o| o.result);
        answer.ok_or_else(|| HarnessError::Text(format!("move '{text}': no answer came")))
    }

    /// Sends a command on the whole match (undo, redo, resign, …) and runs one frame.
    pub fn command(&mut self, command: MatchCommand) {
        self.app.world_mut().write_message(command);
        self.app.update();
    }

    /// The match: its level and game.
    pub fn state(&self) -> &GridMatch {
        self.app.world().resource::<GridMatch>()
    }

    /// The game: its positions, history and status.
    pub fn game(&self) -> &crate::grid::game::Game {
        &self.state().game
    }

    /// How the game stands.
    pub fn status(&self) -> crate::play::Status {
        Play::status(self.game())
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
