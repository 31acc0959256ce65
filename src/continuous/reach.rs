//! What a piece can do from where it stands: its kind's movement shapes (DESIGN §2b),
//! turned to its side and kept to those its "has moved" state allows. This is the one
//! question the rules ask of a kind; they never ask which kind it is.

use super::board::Board;
use super::geometry::Point;
use super::position::{Kind, Piece};

/// One shape a piece moves or captures by, in board coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum Reach {
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
        sectors: Sectors,
        /// How far it may go.
        radius: f64,
        /// What it may do.
        modes: Modes,
    },
    /// A jump onto the circle of `radius`, at any angle inside `sectors` (the knight's).
    Ring {
        /// Angles (about the centre) it may land at.
        sectors: Sectors,
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

/// Arcs of directions, counter-clockwise, each `(from, to)` with `to - from` in (0, 2π].
#[derive(Clone, Debug, PartialEq)]
pub struct Sectors(pub Vec<(f64, f64)>);

impl Sectors {
    /// Every direction.
    pub fn whole() -> Sectors {
        Sectors(vec![(0.0, std::f64::consts::TAU)])
    }

    /// Whether these are every direction.
    pub fn is_whole(&self) -> bool {
        self.0
            .iter()
            .any(|&(a, b)| b - a >= std::f64::consts::TAU - 1e-12)
    }

    /// Whether the direction at angle `theta` lies inside (ends included).
    pub fn contains(&self, theta: f64) -> bool {
        self.0.iter().any(|&(a, b)| {
            b - a >= std::f64::consts::TAU - 1e-12
                || (theta - a).rem_euclid(std::f64::consts::TAU) <= b - a + 1e-12
        })
    }

    /// The angles where a sector starts or ends (none for every direction).
    pub fn bounds(&self) -> Vec<f64> {
        if self.is_whole() {
            return Vec::new();
        }
        self.0.iter().flat_map(|&(a, b)| [a, b]).collect()
    }
}

/// The shapes `piece` moves and captures by on `board`, as it stands.
pub fn reaches(board: &Board, piece: &Piece) -> Vec<Reach> {
    let f = piece.side.forward();
    let slides = |dirs: &[Point]| -> Vec<Reach> {
        dirs.iter()
            .map(|&dir| Reach::Slide {
                dir,
                end: None,
                modes: Modes::BOTH,
            })
            .collect()
    };
    match piece.kind {
        Kind::KING => vec![Reach::Disc {
            sectors: Sectors::whole(),
            radius: board.king_reach,
            modes: Modes::BOTH,
        }],
        Kind::KNIGHT => vec![Reach::Ring {
            sectors: Sectors::whole(),
            radius: board.knight_distance,
            modes: Modes::BOTH,
        }],
        Kind::PAWN => {
            let c = board.pawn_capture;
            let reach = if piece.moved {
                board.pawn_step
            } else {
                board.pawn_first_step
            };
            let capture = |x: f64| Reach::Slide {
                dir: Point::new(x, f).normalize(),
                end: Some(Point::new(x * c, f * c)),
                modes: Modes::CAPTURES,
            };
            vec![
                Reach::Slide {
                    dir: Point::new(0.0, f),
                    end: Some(Point::new(0.0, f * reach)),
                    modes: Modes::MOVES,
                },
                capture(-1.0),
                capture(1.0),
            ]
        }
        kind => slides(kind.slide_directions()),
    }
}
