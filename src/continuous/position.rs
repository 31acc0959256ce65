//! The checked position value of the continuous game: pieces on a board, a side to move.

use super::attack::is_attacked;
use super::board::{Board, KindSpec};
use super::geometry::{Point, R, SNAP, overlaps};
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
}

/// A checked position: every disc on the board, no two overlapping, one king a side.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    board: Arc<Board>,
    pieces: Vec<Piece>,
    to_move: Color,
}

impl Position {
    /// Checks `pieces` on `board` and makes them a position with `to_move` to play.
    pub fn new(
        board: Arc<Board>,
        pieces: Vec<Piece>,
        to_move: Color,
    ) -> Result<Self, PositionError> {
        let inset = board.inset();
        for p in &pieces {
            if !p.at.x.is_finite() || !p.at.y.is_finite() {
                return Err(PositionError::NotFinite);
            }
            if !inset.contains(p.at) {
                return Err(PositionError::OffBoard {
                    side: p.side,
                    kind: p.kind.name(),
                    x: p.at.x,
                    y: p.at.y,
                });
            }
        }
        for (i, a) in pieces.iter().enumerate() {
            for b in &pieces[i + 1..] {
                if overlaps(a.at, b.at) {
                    return Err(PositionError::Overlap {
                        a: format!("{},{}", a.at.x, a.at.y),
                        b: format!("{},{}", b.at.x, b.at.y),
                    });
                }
            }
        }
        for side in [Color::White, Color::Black] {
            let count = pieces
                .iter()
                .filter(|p| p.side == side && board.is_royal(p.kind))
                .count();
            if count != 1 {
                let royal: Vec<&KindSpec> = board.kinds.iter().filter(|k| k.royal).collect();
                let royal = match royal.as_slice() {
                    [only] if only.kind == Kind::KING => "kings".to_string(),
                    many => {
                        let letters: Vec<String> =
                            many.iter().map(|k| k.kind.letter().to_string()).collect();
                        format!("royal pieces ({})", letters.join(" "))
                    }
                };
                return Err(PositionError::Kings { side, count, royal });
            }
        }
        let position = Position {
            board,
            pieces,
            to_move,
        };
        let waiting = position.king(to_move.opponent());
        if is_attacked(&position.board, &position.pieces, waiting) {
            return Err(PositionError::WaitingSideInCheck {
                side: to_move.opponent(),
            });
        }
        Ok(position)
    }

    /// Builds a position the rules produced themselves; only checked in debug builds.
    pub(crate) fn from_rules(board: Arc<Board>, pieces: Vec<Piece>, to_move: Color) -> Self {
        #[cfg(debug_assertions)]
        if let Err(e) = Position::new(board.clone(), pieces.clone(), to_move) {
            panic!("rules produced an invalid position ({e}): {pieces:?}");
        }
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
            .map(|(i, p)| (i, p.at.distance(point)))
            .filter(|&(_, d)| d <= R + SNAP)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }
}
