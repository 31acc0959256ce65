//! The board's shape: files, ranks, square numbers and square names.

use crate::play::Color;
pub use crate::square::SquareName;

/// A square of a grid board, by number: `rank * files + file`, with `a1` = 0. A
/// [`Geometry`] makes one from a file and rank, or walks its squares ([`Geometry::all`]);
/// the number indexes per-square tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u16);

impl Square {
    /// The square numbered `n`, for a number below the board's `Geometry::squares`.
    pub const fn from_index(n: usize) -> Square {
        Square(n as u16)
    }

    /// Its number, to index a per-square table.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A square's number, to index a per-square table.
impl From<Square> for usize {
    fn from(sq: Square) -> usize {
        sq.index()
    }
}

/// The largest number of files or ranks (files are named `a`…`z`).
pub const MAX_SIDE: u8 = 26;

/// A board of `files × ranks` squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    files: u8,
    ranks: u8,
}

impl Geometry {
    /// A board, if both sides are between 1 and [`MAX_SIDE`].
    pub fn new(files: u8, ranks: u8) -> Option<Geometry> {
        ((1..=MAX_SIDE).contains(&files) && (1..=MAX_SIDE).contains(&ranks))
            .then_some(Geometry { files, ranks })
    }

    /// Number of files.
    pub fn files(self) -> u8 {
        self.files
    }

    /// Number of ranks.
    pub fn ranks(self) -> u8 {
        self.ranks
    }

    /// Number of squares.
    pub fn squares(self) -> usize {
        usize::from(self.files) * usize::from(self.ranks)
    }

    /// Every square of the board, a1 first, rank by rank.
    pub fn all(self) -> impl Iterator<Item = Square> {
        (0..self.squares()).map(Square::from_index)
    }

    /// The square on `file` and `rank` (0-based), if it is on the board.
    pub fn square(self, file: i32, rank: i32) -> Option<Square> {
        (file >= 0 && rank >= 0 && file < i32::from(self.files) && rank < i32::from(self.ranks))
            .then(|| Square((rank * i32::from(self.files) + file) as u16))
    }

    /// The file (0-based) of a square.
    pub fn file(self, sq: Square) -> i32 {
        i32::from(sq.0) % i32::from(self.files)
    }

    /// The rank (0-based) of a square.
    pub fn rank(self, sq: Square) -> i32 {
        i32::from(sq.0) / i32::from(self.files)
    }

    /// How many ranks lie beyond `rank` in the forward direction of `side` (0 for White,
    /// 1 for Black): 0 on its last rank.
    pub fn ranks_ahead(self, side: Color, rank: i32) -> i32 {
        if side == Color::White {
            i32::from(self.ranks) - 1 - rank
        } else {
            rank
        }
    }

    /// The straight line from `from` to `to` through whole squares: how many unit steps,
    /// and the unit step. A knight's leap is one step of itself.
    pub fn steps(self, from: Square, to: Square) -> (i32, (i32, i32)) {
        let (dx, dy) = (
            self.file(to) - self.file(from),
            self.rank(to) - self.rank(from),
        );
        let (mut a, mut b) = (dx.unsigned_abs(), dy.unsigned_abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let n = a.max(1) as i32;
        (n, (dx / n, dy / n))
    }

    /// A square's name, such as `e4` or `j10`.
    pub fn name(self, sq: Square) -> SquareName {
        SquareName {
            file: self.file(sq) as u32,
            rank: self.rank(sq) as u32,
        }
    }

    /// The square a name names, if it is on this board.
    pub fn square_named(self, name: SquareName) -> Option<Square> {
        let (file, rank) = (
            i32::try_from(name.file).ok()?,
            i32::try_from(name.rank).ok()?,
        );
        self.square(file, rank)
    }

    /// Reads a square name such as `e4` or `a10` and finds it on this board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        self.square_named(text.parse().ok()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_read_back() {
        let g = Geometry::new(12, 12).expect("valid");
        for sq in g.all() {
            let name = g.name(sq).to_string();
            assert_eq!(g.parse_square(&name), Some(sq), "{name}");
        }
        assert_eq!(g.name(Square::from_index(11 * 12 + 11)).to_string(), "l12");
        assert_eq!(g.all().count(), 144);
        for bad in ["", "e", "e0", "e01", "m1", "a13", "E4", "e4x", "é4"] {
            assert_eq!(g.parse_square(bad), None, "{bad}");
        }
    }

    #[test]
    fn sizes_are_bounded() {
        assert!(Geometry::new(0, 8).is_none());
        assert!(Geometry::new(27, 8).is_none());
        assert!(Geometry::new(26, 26).is_some());
        assert!(Geometry::new(1, 1).is_some());
    }
}
