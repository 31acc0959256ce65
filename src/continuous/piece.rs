//! What stands on the continuous board: sides, kinds and pieces, as plain data.

use super::geometry::Point;

pub use crate::play::Color;

/// The kind of a continuous piece, named by its upper-case letter. The six classic kinds
/// have constants; a level may add others (docs/continuous-rules.md#pieces-from-betza),
/// and its [`Board`](crate::continuous::Board) says which kinds exist and what each is
/// called.
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
