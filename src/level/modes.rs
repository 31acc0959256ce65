//! A level once read: its name and description and one mode's data, a [`GridLevel`] (the
//! variant and its setup) or a [`ContinuousLevel`] (the board, its setup and how its own
//! pieces look), and [`ModeError`] when a level of one mode is asked for as the other.

use crate::continuous::notation::{NotationError, parse_position};
use crate::continuous::{Board, Kind, Piece, Position};
use crate::grid::variant::Variant;
use crate::notation::fsf::{self, Unexpressible};
use crate::pictures::Look;
use std::sync::Arc;

/// A level, read and checked.
#[derive(Clone, Debug)]
pub struct Level {
    /// Title.
    pub name: String,
    /// One paragraph for the level picker.
    pub description: String,
    /// The names of the Fairy-Stockfish variants it plays exactly (grid levels only).
    pub fairy_stockfish: Vec<String>,
    /// The rules world and its data.
    pub kind: LevelKind,
}

/// What a level plays.
#[derive(Clone, Debug)]
pub enum LevelKind {
    /// Area-of-competence chess.
    Continuous(ContinuousLevel),
    /// Chess on a square grid with Betza pieces.
    Grid(Box<GridLevel>),
}

impl Level {
    /// Whether it is a continuous level.
    pub fn is_continuous(&self) -> bool {
        matches!(self.kind, LevelKind::Continuous(_))
    }

    /// The continuous level, or why this one is not.
    pub fn into_continuous(self) -> Result<ContinuousLevel, ModeError> {
        match self.kind {
            LevelKind::Continuous(c) => Ok(c),
            LevelKind::Grid(_) => Err(ModeError::NotContinuous { name: self.name }),
        }
    }

    /// The grid level, or why this one is not.
    pub fn into_grid(self) -> Result<GridLevel, ModeError> {
        match self.kind {
            LevelKind::Grid(g) => Ok(*g),
            LevelKind::Continuous(_) => Err(ModeError::NotGrid { name: self.name }),
        }
    }
}

/// A level of one mode asked for as the other.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModeError {
    /// A grid level, asked for as a continuous one.
    #[error("\"{name}\" is a grid level, not a continuous one")]
    NotContinuous {
        /// The level's name.
        name: String,
    },
    /// A continuous level, asked for as a grid one.
    #[error("\"{name}\" is a continuous level, not a grid one")]
    NotGrid {
        /// The level's name.
        name: String,
    },
}

impl Level {
    /// The level as a Fairy-Stockfish `variants.ini` section named `name` (see
    /// [`fsf::export`]), or everything Fairy-Stockfish cannot express: a continuous level is
    /// refused whole.
    pub fn to_fsf(&self, name: &str) -> Result<String, Vec<Unexpressible>> {
        match &self.kind {
            LevelKind::Grid(grid) => fsf::export(&grid.variant, &grid.start, name),
            LevelKind::Continuous(_) => Err(fsf::no_squares()),
        }
    }
}

/// A grid level: the variant and its start position.
#[derive(Clone, Debug)]
pub struct GridLevel {
    /// The variant, with its move tables.
    pub variant: Arc<Variant>,
    /// The setup.
    pub start: crate::grid::Position,
}

impl GridLevel {
    /// Reads a FEN of this level.
    pub fn parse_fen(&self, fen: &str) -> Result<crate::grid::Position, crate::grid::FenError> {
        crate::grid::parse_fen(&self.variant, fen)
    }
}

/// A continuous level: its board, its start position and how its own pieces look.
#[derive(Clone, Debug, PartialEq)]
pub struct ContinuousLevel {
    /// The board, its rule lengths and its kinds of piece.
    pub board: Arc<Board>,
    /// The start position.
    pub start: Position,
    /// The picture and label of each kind the level declares (`[pieces.X]`).
    pub looks: Vec<Look>,
}

impl ContinuousLevel {
    /// How `kind` is shown: as the level declares it, else by its letter alone.
    pub fn look(&self, kind: Kind) -> Look {
        self.looks
            .iter()
            .find(|l| l.kind == kind)
            .cloned()
            .unwrap_or_else(|| Look {
                kind,
                image: None,
                label: kind.letter().to_string(),
            })
    }

    /// The setup's pieces, which decide which pieces of a POS count as unmoved.
    pub fn setup(&self) -> &[Piece] {
        self.start.pieces()
    }

    /// Reads a POS on this level's board.
    pub fn parse_position(&self, text: &str) -> Result<Position, NotationError> {
        parse_position(self.board.clone(), self.setup(), text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_of_the_other_mode_is_refused_by_name() {
        assert_eq!(
            ModeError::NotContinuous {
                name: "Chess".into()
            }
            .to_string(),
            "\"Chess\" is a grid level, not a continuous one"
        );
        assert_eq!(
            ModeError::NotGrid {
                name: "Obento".into()
            }
            .to_string(),
            "\"Obento\" is a continuous level, not a grid one"
        );
    }
}
