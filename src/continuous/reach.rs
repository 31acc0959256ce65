//! What one piece may do from where it stands: its kind's movement shapes
//! (docs/continuous-rules.md#pieces-from-betza), turned to its side and kept to those its
//! "has moved" state allows. `shapes` knows a kind anywhere; this module places it. It is
//! the one question the rules ask of a kind; they never ask which kind it is.

use super::board::Board;
use super::geometry::{Inset, Point};
use super::piece::Piece;
use super::shapes::{Form, Modes, Sectors, Shape};
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
pub fn slide_limit(inset: Inset<'_>, from: Point, dir: Point, end: Option<Point>) -> f64 {
    let exit = inset.exit_distance(from, dir);
    end.map_or(exit, |e| exit.min(e.length()))
}

/// Where a slide from `from` along `dir` ends: at its `end`, else at the board's edge; and
/// in either case at the first wall or hole. (A limited slide is not cut at the edge: its
/// strip is an area, and a capture-only strip may reach past the edge to a disc on it.)
pub fn slide_end(inset: Inset<'_>, from: Point, dir: Point, end: Option<Point>) -> Point {
    match end {
        Some(e) => {
            let wall = inset.obstacle_distance(from, dir);
            if wall < e.length() {
                from + dir * wall
            } else {
                from + e
            }
        }
        None => from + dir * inset.exit_distance(from, dir),
    }
}

/// A piece's shapes as it stands, made one at a time from its board's prepared shapes: the
/// rules ask for them at every capture test, so nothing is gathered, copied or allocated.
#[derive(Clone, Debug)]
pub struct Reaches<'a>(std::slice::Iter<'a, Shape>);

impl<'a> Iterator for Reaches<'a> {
    type Item = Reach<'a>;

    #[inline]
    fn next(&mut self) -> Option<Reach<'a>> {
        self.0.next().map(|shape| {
            let modes = shape.modes;
            match &shape.reach {
                Form::Slide { dir, length } => Reach::Slide {
                    dir: *dir,
                    end: length.is_finite().then(|| *dir * *length),
                    modes,
                },
                Form::Disc { sectors, radius } => Reach::Disc {
                    sectors,
                    radius: *radius,
                    modes,
                },
                Form::Ring { sectors, radius } => Reach::Ring {
                    sectors,
                    radius: *radius,
                    modes,
                },
            }
        })
    }
}

/// The shapes `piece` moves and captures by on `board`, as it stands.
#[inline]
pub fn reaches<'a>(board: &'a Board, piece: &Piece) -> Reaches<'a> {
    Reaches(board.shapes_of(piece.kind, piece.side, piece.moved).iter())
}
