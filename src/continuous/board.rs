//! The continuous board and every length its rules use, with DESIGN's defaults.

use super::geometry::{Inset, Point, R};
use super::position::Kind;
pub use crate::square::SquareName;

/// The board's size and the rule lengths, all in units of R. A level may change any of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// Number of nominal files (columns).
    pub files: u32,
    /// Number of nominal ranks (rows).
    pub ranks: u32,
    /// Side of a nominal square (default 2√2).
    pub square: f64,
    /// How far the king may slide (default 4).
    pub king_reach: f64,
    /// The knight's jump length (default √40).
    pub knight_distance: f64,
    /// A pawn's longest forward slide once it has moved (default one square).
    pub pawn_step: f64,
    /// A pawn's longest forward slide while unmoved (default two squares).
    pub pawn_first_step: f64,
    /// Forward and sideways reach of the pawn's capture capsules (default one square).
    pub pawn_capture: f64,
    /// Moves shorter than this are void (default R).
    pub min_move: f64,
    /// Distance of the promotion line from the far edge (default R).
    pub promotion_line: f64,
    /// What a pawn may promote to, in the order offered (default Q R B N).
    pub promotion: Vec<Kind>,
    /// How far the king slides when castling (default two squares).
    pub castling_king_travel: f64,
    /// How far beside the king the rook lands when castling (default one square).
    pub castling_rook_offset: f64,
    /// The kinds of piece this board plays with (default: the six classic ones).
    pub kinds: Vec<KindSpec>,
}

/// A kind of piece a level plays with.
#[derive(Clone, Debug, PartialEq)]
pub struct KindSpec {
    /// The kind (its letter).
    pub kind: Kind,
    /// Its name.
    pub name: String,
    /// Whether losing it loses the game (check and mate protect it).
    pub royal: bool,
}

impl KindSpec {
    /// One of the six classic kinds, royal if it is the king.
    pub fn classic(kind: Kind) -> KindSpec {
        KindSpec {
            kind,
            name: kind.name().to_string(),
            royal: kind == Kind::KING,
        }
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new(8, 8)
    }
}

/// A square name that is not on the board or not a square name at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square of this board")]
pub struct BadSquare(pub String);

impl Board {
    /// A board of `files × ranks` squares with every length at its default.
    pub fn new(files: u32, ranks: u32) -> Self {
        let square = 2.0 * std::f64::consts::SQRT_2 * R;
        Board {
            files,
            ranks,
            square,
            king_reach: 4.0 * R,
            knight_distance: 40f64.sqrt() * R,
            pawn_step: square,
            pawn_first_step: 2.0 * square,
            pawn_capture: square,
            min_move: R,
            promotion_line: R,
            promotion: vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT],
            castling_king_travel: 2.0 * square,
            castling_rook_offset: square,
            kinds: Kind::CLASSIC.into_iter().map(KindSpec::classic).collect(),
        }
    }

    /// The kind a letter of either case names on this board, if the board has it.
    pub fn kind_of(&self, letter: char) -> Option<Kind> {
        Kind::from_letter(letter).filter(|k| self.has(*k))
    }

    /// Whether this board plays with `kind`.
    pub fn has(&self, kind: Kind) -> bool {
        self.kinds.iter().any(|s| s.kind == kind)
    }

    /// The name of `kind` on this board.
    pub fn name_of(&self, kind: Kind) -> &str {
        self.kinds
            .iter()
            .find(|s| s.kind == kind)
            .map_or(kind.name(), |s| s.name.as_str())
    }

    /// Whether losing a piece of `kind` loses the game.
    pub fn is_royal(&self, kind: Kind) -> bool {
        self.kinds.iter().any(|s| s.kind == kind && s.royal)
    }

    /// Board width.
    pub fn width(&self) -> f64 {
        self.files as f64 * self.square
    }

    /// Board height.
    pub fn height(&self) -> f64 {
        self.ranks as f64 * self.square
    }

    /// Where a disc centre may be for the disc to lie wholly on the board.
    pub fn inset(&self) -> Inset {
        Inset {
            min: Point::new(R, R),
            max: Point::new(self.width() - R, self.height() - R),
        }
    }

    /// The centre of the square at zero-based `file` and `rank`.
    pub fn square_centre(&self, file: u32, rank: u32) -> Point {
        Point::new(
            (file as f64 + 0.5) * self.square,
            (rank as f64 + 0.5) * self.square,
        )
    }

    /// The centre of the named square, if it is on this board.
    pub fn centre_of(&self, name: SquareName) -> Option<Point> {
        (name.file < self.files && name.rank < self.ranks)
            .then(|| self.square_centre(name.file, name.rank))
    }

    /// Parses a square name such as `e1` or `b10` into its centre.
    pub fn parse_square(&self, name: &str) -> Result<Point, BadSquare> {
        name.parse::<SquareName>()
            .ok()
            .and_then(|n| self.centre_of(n))
            .ok_or_else(|| BadSquare(name.to_string()))
    }

    /// The name of the square whose centre is exactly `p`, if any.
    pub fn square_name(&self, p: Point) -> Option<SquareName> {
        let f = p.x / self.square - 0.5;
        let r = p.y / self.square - 0.5;
        let (fi, ri) = (f.round(), r.round());
        if fi < 0.0
            || ri < 0.0
            || fi >= self.files as f64
            || ri >= self.ranks as f64
            || self.files > 26
        {
            return None;
        }
        let centre = self.square_centre(fi as u32, ri as u32);
        (centre == p).then_some(SquareName {
            file: fi as u32,
            rank: ri as u32,
        })
    }

    /// `p`, or the square centre within 1e-9 of it: rounding must not move a piece off its
    /// square.
    pub fn snap_to_square(&self, p: Point) -> Point {
        let f = (p.x / self.square - 0.5).round();
        let r = (p.y / self.square - 0.5).round();
        if f < 0.0 || r < 0.0 {
            return p;
        }
        let centre = self.square_centre(f as u32, r as u32);
        if centre.distance(p) < 1e-9 { centre } else { p }
    }

    /// The promotion line's height for a pawn moving toward +y (White) or −y (Black): the
    /// pawn promotes once its disc touches it.
    pub fn promotes_at(&self, white: bool, centre: Point) -> bool {
        const TOL: f64 = 1e-9;
        if white {
            centre.y + R >= self.height() - self.promotion_line - TOL
        } else {
            centre.y - R <= self.promotion_line + TOL
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        let board = Board::default();
        let e1 = board.parse_square("e1").expect("e1 exists");
        assert!((e1.x - 4.5 * board.square).abs() < 1e-12);
        assert_eq!(
            board.square_name(e1).map(|s| s.to_string()).as_deref(),
            Some("e1")
        );
        assert!(board.parse_square("i1").is_err());
        assert!(board.parse_square("a0").is_err());
        assert!(board.parse_square("a9").is_err());
        assert!(board.parse_square("a01").is_err());
        assert!(board.parse_square("").is_err());
    }

    #[test]
    fn knight_distance_is_root_five_squares() {
        let board = Board::default();
        assert!((board.knight_distance - 5f64.sqrt() * board.square).abs() < 1e-12);
        assert!((board.king_reach - 2f64.sqrt() * board.square).abs() < 1e-12);
    }
}
