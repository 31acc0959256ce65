//! Pieces, sides and the checked position value of the continuous game.

use super::board::Board;
use super::geometry::{Point, overlaps};
use std::sync::Arc;

pub use crate::play::Color;

/// The kind of a continuous piece, named by its upper-case letter. The six classic kinds
/// have constants; a level may add others (DESIGN §2b), and its [`Board`] says which kinds
/// exist and what each is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(char);

impl Kind {
    /// The king.
    pub const KING: Kind = Kind('K');
    /// The queen: rook and bishop together.
    pub const QUEEN: Kind = Kind('Q');
    /// The rook: slides along the board's axes.
    pub const ROOK: Kind = Kind('R');
    /// The bishop: slides along the diagonals.
    pub const BISHOP: Kind = Kind('B');
    /// The knight: jumps onto a circle.
    pub const KNIGHT: Kind = Kind('N');
    /// The pawn: slides forward, captures diagonally forward.
    pub const PAWN: Kind = Kind('P');

    /// The six classic kinds, king first.
    pub const CLASSIC: [Kind; 6] = [
        Kind::KING,
        Kind::QUEEN,
        Kind::ROOK,
        Kind::BISHOP,
        Kind::KNIGHT,
        Kind::PAWN,
    ];

    /// The upper-case letter of the kind.
    pub fn letter(self) -> char {
        self.0
    }

    /// The kind a letter of either case names (any ASCII letter; whether a board has it is
    /// the board's question).
    pub fn from_letter(c: char) -> Option<Kind> {
        c.is_ascii_alphabetic()
            .then(|| Kind(c.to_ascii_uppercase()))
    }

    /// The letter of a `side` piece of this kind: upper case for White.
    pub fn letter_of(self, side: Color) -> char {
        match side {
            Color::White => self.letter(),
            Color::Black => self.letter().to_ascii_lowercase(),
        }
    }

    /// The kind for a one-letter string of either case.
    pub fn from_letter_str(s: &str) -> Option<Kind> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Kind::from_letter(c),
            _ => None,
        }
    }

    /// The English name of a classic kind, else "piece" (a level names its own kinds).
    pub fn name(self) -> &'static str {
        self.classic_name().unwrap_or("piece")
    }

    /// The English name of a classic kind; `None` for any other (its level names it).
    pub fn classic_name(self) -> Option<&'static str> {
        Some(match self {
            Kind::KING => "king",
            Kind::QUEEN => "queen",
            Kind::ROOK => "rook",
            Kind::BISHOP => "bishop",
            Kind::KNIGHT => "knight",
            Kind::PAWN => "pawn",
            _ => return None,
        })
    }
}

/// A disc on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piece {
    /// Owner.
    pub side: Color,
    /// Kind.
    pub kind: Kind,
    /// Centre of the disc.
    pub at: Point,
    /// Whether the piece has moved (castling and the pawn's first slide need it unmoved).
    pub moved: bool,
}

impl Piece {
    /// An unmoved piece.
    pub fn new(side: Color, kind: Kind, at: Point) -> Self {
        Piece {
            side,
            kind,
            at,
            moved: false,
        }
    }

    /// The FEN-style letter: upper case for White.
    pub fn letter(&self) -> char {
        self.kind.letter_of(self.side)
    }
}

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
                let royal: Vec<&crate::continuous::board::KindSpec> =
                    board.kinds.iter().filter(|k| k.royal).collect();
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
        if super::attack::is_attacked(&position.board, &position.pieces, waiting) {
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
            .filter(|&(_, d)| d <= super::geometry::R + super::geometry::SNAP)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }
}
