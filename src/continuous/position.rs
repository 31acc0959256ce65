//! The checked position value of the continuous game: pieces on a board, a side to move.

use super::board::Board;
use super::geometry::{Point, SNAP};
use std::sync::Arc;

pub use super::piece::{Color, Kind, Piece};

/// Why a set of pieces is not a position.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PositionError {
    /// A disc sticks out of the board.
    #[error("the {side} {kind} at {x},{y} is not wholly on the board")]
    OffBoard {
        /// Owner.
        side: Color,
        /// Kind name.
        kind: &'static str,
        /// Centre x.
        x: f64,
        /// Centre y.
        y: f64,
    },
    /// A disc overlaps a wall or a hole.
    #[error("the {side} {kind} at {x},{y} overlaps a wall or a hole")]
    OnObstacle {
        /// Owner.
        side: Color,
        /// Kind name.
        kind: &'static str,
        /// Centre x.
        x: f64,
        /// Centre y.
        y: f64,
    },
    /// Two discs overlap.
    #[error("the pieces at {a} and {b} overlap")]
    Overlap {
        /// First centre, as `x,y`.
        a: String,
        /// Second centre, as `x,y`.
        b: String,
    },
    /// A side does not have exactly one royal piece.
    #[error("{side} has {count} {royal}; it needs exactly one")]
    Kings {
        /// The side.
        side: Color,
        /// How many it has.
        count: usize,
        /// What the board's royal pieces are called: "kings", or "royal pieces (J)".
        royal: String,
    },
    /// The side that has just moved is in check: it would have left its king capturable.
    #[error("{side} is not to move but its king can be captured")]
    WaitingSideInCheck {
        /// The side not to move.
        side: Color,
    },
    /// A coordinate is not a finite number.
    #[error("a piece has a coordinate that is not a finite number")]
    NotFinite,
    /// More discs than a position may hold.
    #[error("{count} pieces are more than the {MAX_DISCS} a continuous position may hold")]
    TooManyDiscs {
        /// How many there are.
        count: usize,
    },
}

/// The most discs a continuous position may hold: 300, past a 16×16 board with every
/// square filled. The rules themselves would take more, but the computer would not: every
/// candidate move is judged against every disc, and the candidates are looked for among
/// all pairs of discs, so its first look at a position grows faster than the square of
/// the count (about 3 s for 256 packed discs in a release build, 40 s for 676).
pub const MAX_DISCS: usize = 300;

/// A checked position: every disc on the board, no two overlapping, one king a side.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    board: Arc<Board>,
    pieces: Vec<Piece>,
    to_move: Color,
}

/// Pieces on a board with a side to move, not yet checked: what a reader or an editor
/// builds. [`Position::try_from`] (in `setup.rs`) checks it once and makes it a
/// [`Position`]; nothing else makes one from outside the rules.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The board and its rule lengths.
    pub board: Arc<Board>,
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// The side to move.
    pub to_move: Color,
}

impl Position {
    /// A position from parts already checked (by `setup.rs`) or produced by the rules.
    pub(super) fn from_checked(board: Arc<Board>, pieces: Vec<Piece>, to_move: Color) -> Self {
        Position {
            board,
            pieces,
            to_move,
        }
    }

    /// The board and its rule lengths.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The shared board, for building related positions.
    pub fn board_arc(&self) -> &Arc<Board> {
        &self.board
    }

    /// Every piece; indices are stable until the next move.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The side to play.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The index of `side`'s king.
    pub fn king(&self, side: Color) -> usize {
        self.pieces
            .iter()
            .position(|p| p.side == side && self.board.is_royal(p.kind))
            .unwrap_or_default()
    }

    /// The piece whose disc contains `point` (within the snap tolerance), if any.
    pub fn piece_at(&self, point: Point) -> Option<usize> {
        self.pieces
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.at.distance(point), self.board.radius(p.kind)))
            .filter(|&(_, d, radius)| d <= radius + SNAP)
            .map(|(i, d, _)| (i, d))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }
}
