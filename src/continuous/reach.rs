//! What a piece can do from where it stands: its kind's movement shapes (DESIGN §2b),
//! turned to its side and kept to those its "has moved" state allows. This is the one
//! question the rules ask of a kind; they never ask which kind it is.

use super::board::Board;
use super::geometry::{Inset, Point};
use super::position::{Kind, Piece};
use super::shapes::{Modes, Sectors};
use std::sync::LazyLock;

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

/// Every direction, for the shapes that need a reference to it.
pub static WHOLE: LazyLock<Sectors> = LazyLock::new(Sectors::whole);

/// How far a slide from `from` along `dir` may go: to the board's edge, or to its `end`
/// if that comes first.
pub fn slide_limit(inset: Inset, from: Point, dir: Point, end: Option<Point>) -> f64 {
    let exit = inset.exit_distance(from, dir);
    end.map_or(exit, |e| exit.min(e.length()))
}

/// Where a slide from `from` along `dir` ends: at its `end`, else at the board's edge.
pub fn slide_end(inset: Inset, from: Point, dir: Point, end: Option<Point>) -> Point {
    match end {
        Some(e) => from + e,
        None => from + dir * inset.exit_distance(from, dir),
    }
}

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
                        modes: Modes::MOVES_ONLY,
                    },
                    1 | 2 => {
                        let x = if *next == 1 { -1.0 } else { 1.0 };
                        Reach::Slide {
                            dir: Point::new(x, f) * std::f64::consts::FRAC_1_SQRT_2,
                            end: Some(Point::new(x * c, f * c)),
                            modes: Modes::CAPTURES_ONLY,
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
