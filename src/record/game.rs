//! A game of either mode ([`AnyGame`]), and the one way a level, a start and moves become a
//! game: the start read as a FEN (grid) or a POS (continuous), else the level's setup, then
//! each move read and played through the rules. The command line, the headless harness,
//! saved games, PGN and the engine protocols all read a game so; each words the
//! [`GameError`] for its own users (a flag, a line and column, a protocol's reply).
//!
//! | rule | decision |
//! | --- | --- |
//! | grid moves | coordinate notation (`e2e4`, `e7e8q`, `P@e4`, `O-O`), as [`grid::game::Game::play_text`] reads them |
//! | continuous moves | `FROM->TO[=X]`, as `judge` reads them; a move the rules refuse is an error, with the reason |
//! | the first bad move | ends the reading: its number (from 1) is in the error |
//! | draws by rule | end the game, unless the reader leaves them to be claimed ([`Draws::Claimed`]: an engine following its GUI's game) |

use crate::continuous::notation::{NotationError, format_position, parse_move};
use crate::continuous::{self, Outcome, Reason};
use crate::grid::{self, Fen, FenError};
use crate::level::{ContinuousLevel, GridLevel, Level, LevelKind};
use crate::play::Play;
use std::sync::Arc;

/// The most moves (plies) a game read from a record (a saved game, a PGN) may have. It is
/// above the longest game chess's fifty-move rule allows (5,949 moves, 11,898 plies), so no
/// game played under a move rule is refused; and it bounds what a record without one
/// costs: a grid game keeps every position it passed through for the draw rules, about
/// 1.5 KB a ply on an 8×8 board, some 30 MB at the limit.
pub const MAX_PLIES: usize = 20_000;

/// A game of either mode.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A grid game.
    Grid(grid::game::Game),
    /// A continuous game.
    Continuous(continuous::Game),
}

impl AnyGame {
    /// The game, whichever its mode.
    pub fn game(&self) -> &dyn Play {
        match self {
            AnyGame::Grid(g) => g,
            AnyGame::Continuous(g) => g,
        }
    }

    /// The current position as FEN (grid) or POS (continuous).
    pub fn position_text(&self) -> String {
        match self {
            AnyGame::Grid(g) => Fen {
                variant: g.variant(),
                position: g.position(),
            }
            .to_string(),
            AnyGame::Continuous(g) => format_position(g.position()),
        }
    }

    /// The game, whichever its mode, to change.
    pub fn game_mut(&mut self) -> &mut dyn Play {
        match self {
            AnyGame::Grid(g) => g,
            AnyGame::Continuous(g) => g,
        }
    }
}

/// Whether a draw by rule (repetition, the move rule, material) ends a grid game read from
/// moves, or waits for a claim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Draws {
    /// A draw by rule ends the game, as the window and the command line play it.
    #[default]
    EndTheGame,
    /// Left to be claimed, so that an engine follows a game as far as its GUI plays it.
    Claimed,
}

/// Why a level, a start and moves make no game: the start does not read on the level, or a
/// move (numbered from 1) does not read or is not legal.
#[derive(Clone, Debug, thiserror::Error)]
pub enum GameError {
    /// The grid start is not a FEN of the level (boxed, as the POS's error is).
    #[error("{0}")]
    Fen(Box<FenError>),
    /// The continuous start is not a POS of the level (boxed: the notation's errors are
    /// large).
    #[error("{0}")]
    Position(Box<NotationError>),
    /// A grid move does not read or is not legal.
    #[error("move {number}: {reason}")]
    GridMove {
        /// Its number, from 1.
        number: usize,
        /// Why it was refused.
        reason: grid::game::PlayError,
    },
    /// A continuous move does not read.
    #[error("move {number}: {error}")]
    ContinuousMove {
        /// Its number, from 1.
        number: usize,
        /// Why it does not read (boxed, as for [`GameError::Position`]).
        error: Box<NotationError>,
    },
    /// A continuous move reads but the rules refuse it.
    #[error("move {number} '{text}': illegal ({reason})")]
    Illegal {
        /// Its number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why the rules refuse it.
        reason: Reason,
    },
}

impl GameError {
    /// Whether it is the start that does not read (not a move).
    pub fn is_start(&self) -> bool {
        matches!(self, GameError::Fen(_) | GameError::Position(_))
    }

    /// The number (from 1) of the move refused, if a move was.
    pub fn move_number(&self) -> Option<usize> {
        match self {
            GameError::Fen(_) | GameError::Position(_) => None,
            GameError::GridMove { number, .. }
            | GameError::ContinuousMove { number, .. }
            | GameError::Illegal { number, .. } => Some(*number),
        }
    }
}

/// The game on `level` after `moves` from `position` (a FEN on a grid level, a POS on a
/// continuous one), else from the level's setup.
pub fn game(
    level: &Level,
    position: Option<&str>,
    moves: &[impl AsRef<str>],
) -> Result<AnyGame, GameError> {
    Ok(match &level.kind {
        LevelKind::Grid(g) => AnyGame::Grid(grid_game(g, position, moves, Draws::EndTheGame)?),
        LevelKind::Continuous(c) => AnyGame::Continuous(continuous_game(c, position, moves)?),
    })
}

/// The position a grid game starts from: the FEN `fen`, else the level's setup.
pub fn grid_start(level: &GridLevel, fen: Option<&str>) -> Result<grid::Position, GameError> {
    match fen {
        Some(text) => level
            .parse_fen(text)
            .map_err(|e| GameError::Fen(Box::new(e))),
        None => Ok(level.start.clone()),
    }
}

/// The grid game on `level` after `moves` (coordinate notation) from the FEN `fen`, else
/// from the setup; `draws` says whether a draw by rule ends it.
pub fn grid_game(
    level: &GridLevel,
    fen: Option<&str>,
    moves: &[impl AsRef<str>],
    draws: Draws,
) -> Result<grid::game::Game, GameError> {
    let start = grid_start(level, fen)?;
    let mut game = grid::game::Game::new(Arc::clone(&level.variant), start);
    if draws == Draws::Claimed {
        game.leave_draws_to_claims();
    }
    for (n, text) in moves.iter().enumerate() {
        game.play_text(text.as_ref())
            .map_err(|reason| GameError::GridMove {
                number: n + 1,
                reason,
            })?;
    }
    Ok(game)
}

/// The position a continuous game starts from: the POS `position`, else the level's setup.
pub fn continuous_start(
    level: &ContinuousLevel,
    position: Option<&str>,
) -> Result<continuous::Position, GameError> {
    match position {
        Some(text) => level
            .parse_position(text)
            .map_err(|e| GameError::Position(Box::new(e))),
        None => Ok(level.start.clone()),
    }
}

/// The continuous game on `level` after `moves` (`FROM->TO[=X]`) from the POS `position`,
/// else from the setup.
pub fn continuous_game(
    level: &ContinuousLevel,
    position: Option<&str>,
    moves: &[impl AsRef<str>],
) -> Result<continuous::Game, GameError> {
    let start = continuous_start(level, position)?;
    let mut game = continuous::Game::new(start);
    for (n, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        let request =
            parse_move(&level.board, text).map_err(|error| GameError::ContinuousMove {
                number: n + 1,
                error: Box::new(error),
            })?;
        if let Outcome::Illegal(reason) = game.play(request) {
            return Err(GameError::Illegal {
                number: n + 1,
                text: text.to_string(),
                reason,
            });
        }
    }
    Ok(game)
}
