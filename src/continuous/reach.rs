//! What a piece can do from where it stands: its kind's movement shapes (DESIGN §2b),
//! turned to its side and kept to those its "has moved" state allows. This is the one
//! question the rules ask of a kind; they never ask which kind it is.

use super::board::Board;
use super::geometry::Point;
use super::position::{Kind, Piece};

/// One shape a piece moves or captures by, in board coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reach<'a> {
    /// A slide along the unit direction `dir`: to the board's edge, or to `end` (an offset
    /// from the piece's centre along `dir`).
    Slide {
        /// Unit direction.
        dir: Point,
        /// The far end's offset from the centre, if the slide is limited.
        end: Option<Point>,
        /// What it may do.
        modes: Modes,
    },
    /// A straight slide in any direction inside `sectors`, up to `radius` (the king's).
    Disc {
        /// Angles (about the centre, counter-clockwise from +x) the slide may take.
        sectors: &'a Sectors,
        /// How far it may go.
        radius: f64,
        /// What it may do.
        modes: Modes,
    },
    /// A jump onto the circle of `radius`, at any angle inside `sectors` (the knight's).
    Ring {
        /// Angles (about the centre) it may land at.
        sectors: &'a Sectors,
        /// The jump's length.
        radius: f64,
        /// What it may do.
        modes: Modes,
    },
}

/// What a shape may do: move to empty places, capture, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modes {
    /// It may end on an empty place; an enemy at its first contact blocks it unless it
    /// also captures.
    pub moves: bool,
    /// It may capture.
    pub captures: bool,
}

impl Modes {
    /// Moves and captures, as most shapes do.
    pub const BOTH: Modes = Modes {
        moves: true,
        captures: true,
    };
    /// Moves only (`m`).
    pub const MOVES: Modes = Modes {
        moves: true,
        captures: false,
    };
    /// Captures only (`c`): an enemy overlapping the shape is captured; nothing moves there.
    pub const CAPTURES: Modes = Modes {
        moves: false,
        captures: true,
    };
}

/// The directions a disc or ring shape may take.
#[derive(Clone, Debug, PartialEq)]
pub enum Sectors {
    /// Every direction.
    Whole,
    /// Arcs, counter-clockwise, each `(from, to)` with `to - from` in (0, 2π).
    Arcs(Vec<(f64, f64)>),
}

impl Sectors {
    /// Whether the direction at angle `theta` lies inside (ends included).
    pub fn contains(&self, theta: f64) -> bool {
        match self {
            Sectors::Whole => true,
            Sectors::Arcs(arcs) => arcs
                .iter()
                .any(|&(a, b)| (theta - a).rem_euclid(std::f64::consts::TAU) <= b - a + 1e-12),
        }
    }

    /// The angles where a sector starts or ends (none for every direction).
    pub fn bounds(&self) -> Vec<f64> {
        match self {
            Sectors::Whole => Vec::new(),
            Sectors::Arcs(arcs) => arcs.iter().flat_map(|&(a, b)| [a, b]).collect(),
        }
    }
}

/// Every direction, for the shapes that need a reference to it.
pub static WHOLE: Sectors = Sectors::Whole;

/// A piece's shapes as it stands, made one at a time: the rules ask for them at every
/// capture test, so nothing is gathered, copied about or allocated.
#[derive(Clone, Debug)]
pub enum Reaches<'a> {
    /// Slides along these directions, to the edge.
    Rides(std::slice::Iter<'static, Point>),
    /// One shape.
    One(Option<Reach<'a>>),
    /// A pawn's three: ahead up to `reach` (moves only), and the two capture capsules
    /// `capture` forward and to each side; `next` counts them.
    Pawn {
        /// +1 for White, −1 for Black.
        forward: f64,
        /// How far it may move ahead.
        reach: f64,
        /// The capsules' sideways and forward extent.
        capture: f64,
        /// How many are given already.
        next: u8,
    },
}

impl<'a> Iterator for Reaches<'a> {
    type Item = Reach<'a>;

    #[inline]
    fn next(&mut self) -> Option<Reach<'a>> {
        match self {
            Reaches::Rides(dirs) => dirs.next().map(|&dir| Reach::Slide {
                dir,
                end: None,
                modes: Modes::BOTH,
            }),
            Reaches::One(shape) => shape.take(),
            Reaches::Pawn {
                forward: f,
                reach,
                capture: c,
                next,
            } => {
                let (f, c) = (*f, *c);
                let shape = match *next {
                    0 => Reach::Slide {
                        dir: Point::new(0.0, f),
                        end: Some(Point::new(0.0, f * *reach)),
                        modes: Modes::MOVES,
                    },
                    1 | 2 => {
                        let x = if *next == 1 { -1.0 } else { 1.0 };
                        Reach::Slide {
                            dir: Point::new(x, f) * std::f64::consts::FRAC_1_SQRT_2,
                            end: Some(Point::new(x * c, f * c)),
                            modes: Modes::CAPTURES,
                        }
                    }
                    _ => return None,
                };
                *next += 1;
                Some(shape)
            }
        }
    }
}

/// The shapes `piece` moves and captures by on `board`, as it stands.
#[inline]
pub fn reaches(board: &Board, piece: &Piece) -> Reaches<'static> {
    match piece.kind {
        Kind::KING => Reaches::One(Some(Reach::Disc {
            sectors: &WHOLE,
            radius: board.king_reach,
            modes: Modes::BOTH,
        })),
        Kind::KNIGHT => Reaches::One(Some(Reach::Ring {
            sectors: &WHOLE,
            radius: board.knight_distance,
            modes: Modes::BOTH,
        })),
        Kind::PAWN => Reaches::Pawn {
            forward: piece.side.forward(),
            reach: if piece.moved {
                board.pawn_step
            } else {
                board.pawn_first_step
            },
            capture: board.pawn_capture,
            next: 0,
        },
        kind => Reaches::Rides(kind.slide_directions().iter()),
    }
}
