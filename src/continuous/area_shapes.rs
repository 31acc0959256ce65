//! The seed's movement and capture areas as parry2d shapes, to draw and to test discs
//! against; no rule is decided here. A movement area is the part of the board a piece's
//! disc covers while it moves, a capture area where an enemy disc touching it is
//! capturable.
//!
//! The rules themselves ([`super::resolve`](mod@super::resolve), [`super::attack`]) ask the same questions in
//! terms of disc centres; the property test `capturable_pieces_lie_in_capture_areas` pins
//! the two views to each other.

use super::geometry::{Disc, EPS, Point, R, angle_of, segment_distance, unit};
use super::position::Position;
use super::reach::{Reach, reaches, slide_end, slide_limit};
use super::resolve::first_contact;
use super::shapes::Sectors;
use parry2d_f64::math::Pose;
use parry2d_f64::query::PointQuery;
use parry2d_f64::shape::{Ball, Capsule};

/// One area shape.
#[derive(Clone, Debug)]
pub enum Area {
    /// A swept disc: a strip as wide as the disc between two centres (slides and
    /// capture-only strips, such as the pawn's capsules).
    Strip(Capsule),
    /// What a disc of radius `disc` sliding from `centre` up to a reach covers, in any
    /// direction inside `sectors` (the king's: a whole disc of radius reach + R).
    Disc {
        /// Centre.
        centre: Point,
        /// The ball of radius reach + `disc`.
        ball: Ball,
        /// The radius of the sliding disc.
        disc: f64,
        /// The directions of the slides.
        sectors: Sectors,
    },
    /// What a landing disc covers on a ring, at the angles in `sectors` (the knight's: a
    /// whole annulus).
    Annulus {
        /// Centre.
        centre: Point,
        /// Inner radius.
        inner: f64,
        /// Outer radius.
        outer: f64,
        /// The angles of the landings.
        sectors: Sectors,
    },
}

impl Area {
    /// Distance from `p` to the area (0 inside).
    pub fn distance(&self, p: Point) -> f64 {
        match self {
            Area::Strip(capsule) => capsule.distance_to_local_point(p, true),
            Area::Disc {
                centre,
                ball,
                disc,
                sectors,
            } => {
                if sectors.is_whole() || sectors.contains(angle_of(p - *centre)) {
                    return ball.distance_to_point(&Pose::from_translation(*centre), p, true);
                }
                // Beside the sectors: the nearest slide is along one of their edges.
                let reach = ball.radius - disc;
                let edge = sectors
                    .bounds()
                    .into_iter()
                    .map(|a| segment_distance(p, *centre, *centre + unit(a) * reach))
                    .fold(f64::INFINITY, f64::min);
                (edge - disc).max(0.0)
            }
            Area::Annulus {
                centre,
                inner,
                outer,
                sectors,
            } => {
                let d = p.distance(*centre);
                if sectors.is_whole() || sectors.contains(angle_of(p - *centre)) {
                    return (inner - d).max(d - outer).max(0.0);
                }
                let radius = 0.5 * (inner + outer);
                let disc = 0.5 * (outer - inner);
                let end = sectors
                    .bounds()
                    .into_iter()
                    .map(|a| p.distance(*centre + unit(a) * radius))
                    .fold(f64::INFINITY, f64::min);
                (end - disc).max(0.0)
            }
        }
    }

    /// The area's edge as polylines, for drawing: a strip's two sides and its far end; a
    /// disc's or a ring's circles, or, cut to sectors, their arcs closed by straight ends.
    pub fn outline(&self) -> Vec<Vec<Point>> {
        let arc = |centre: Point, radius: f64, from: f64, to: f64| -> Vec<Point> {
            let steps = ((to - from) * 24.0).ceil().max(2.0) as usize;
            (0..=steps)
                .map(|k| centre + unit(from + (to - from) * k as f64 / steps as f64) * radius)
                .collect()
        };
        let whole = [(0.0, std::f64::consts::TAU)];
        let spans = |sectors: &Sectors| -> Vec<(f64, f64)> {
            if sectors.is_whole() {
                whole.to_vec()
            } else {
                sectors.as_slice().iter().map(|s| (s.from, s.to)).collect()
            }
        };
        match self {
            Area::Strip(capsule) => {
                let (a, b) = (capsule.segment.a, capsule.segment.b);
                let u = (b - a).normalize_or(Point::X);
                let n = u.perp() * capsule.radius;
                let turn = angle_of(n);
                vec![
                    vec![a + n, b + n],
                    vec![a - n, b - n],
                    arc(b, capsule.radius, turn - std::f64::consts::PI, turn),
                ]
            }
            Area::Disc {
                centre,
                ball,
                sectors,
                ..
            } => spans(sectors)
                .into_iter()
                .map(|(from, to)| {
                    let mut line = arc(*centre, ball.radius, from, to);
                    if !sectors.is_whole() {
                        line.insert(0, *centre);
                        line.push(*centre);
                    }
                    line
                })
                .collect(),
            Area::Annulus {
                centre,
                inner,
                outer,
                sectors,
            } => spans(sectors)
                .into_iter()
                .map(|(from, to)| {
                    let mut line = arc(*centre, *outer, from, to);
                    let mut back = arc(*centre, *inner, from, to);
                    back.reverse();
                    if !sectors.is_whole() {
                        line.extend(back);
                        line.push(line[0]);
                        return line;
                    }
                    line.push(Point::new(f64::NAN, f64::NAN));
                    line.extend(back);
                    line
                })
                .flat_map(|line| {
                    // A whole ring is two circles: split where the gap was marked.
                    line.split(|p| p.x.is_nan())
                        .map(<[Point]>::to_vec)
                        .collect::<Vec<_>>()
                })
                .collect(),
        }
    }

    /// Whether a disc of radius R centred at `p` overlaps the area (touching is not overlap).
    pub fn touches_disc(&self, p: Point) -> bool {
        self.overlaps_disc(Disc::new(p, R))
    }

    /// Whether the disc `p` overlaps the area (touching is not overlap).
    pub fn overlaps_disc(&self, p: Disc) -> bool {
        self.distance(p.at) < p.radius - EPS
    }
}

/// The movement area of `pos.pieces()[i]`, ignoring other pieces: its moving slides' full
/// strips (to the board's edge or their end), its sector discs, its rings.
pub fn movement_area(pos: &Position, i: usize) -> Vec<Area> {
    let board = pos.board();
    let piece = pos.pieces()[i];
    let me = board.disc(&piece);
    let o = piece.at;
    reaches(board, &piece)
        .filter_map(|shape| match shape {
            Reach::Slide { dir, end, modes } if modes.moves => Some(Area::Strip(Capsule::new(
                o,
                slide_end(board.inset_for(me.radius), o, dir, end),
                me.radius,
            ))),
            Reach::Disc {
                sectors,
                radius,
                modes,
            } if modes.moves => Some(disc(me, radius, sectors)),
            Reach::Ring {
                sectors,
                radius,
                modes,
            } if modes.moves => Some(ring(me, radius, sectors)),
            _ => None,
        })
        .collect()
}

/// The capture area of `pos.pieces()[i]`: where an enemy disc touching it could be
/// captured. A slide that moves and captures ends at its first contact (included); a
/// capture-only slide is its whole strip (the pawn's capsules); discs and rings as they are.
pub fn capture_area(pos: &Position, i: usize) -> Vec<Area> {
    let board = pos.board();
    let piece = pos.pieces()[i];
    let me = board.disc(&piece);
    let o = piece.at;
    let inset = board.inset_for(me.radius);
    reaches(board, &piece)
        .filter_map(|shape| match shape {
            Reach::Slide { dir, end, modes } if modes.captures => {
                let far = if modes.moves {
                    let limit = slide_limit(inset, o, dir, end);
                    match first_contact(board, pos.pieces(), i, me, dir, limit) {
                        // Up to and including the disc it first touches.
                        Some((j, _)) => o + dir * (pos.pieces()[j].at - o).dot(dir),
                        None => o + dir * limit,
                    }
                } else {
                    slide_end(inset, o, dir, end)
                };
                Some(Area::Strip(Capsule::new(o, far, me.radius)))
            }
            Reach::Disc {
                sectors,
                radius,
                modes,
            } if modes.captures => Some(disc(me, radius, sectors)),
            Reach::Ring {
                sectors,
                radius,
                modes,
            } if modes.captures => Some(ring(me, radius, sectors)),
            _ => None,
        })
        .collect()
}

/// What the disc `mover` sliding up to `reach` inside `sectors` sweeps.
fn disc(mover: Disc, reach: f64, sectors: &Sectors) -> Area {
    Area::Disc {
        centre: mover.at,
        ball: Ball::new(reach + mover.radius),
        disc: mover.radius,
        sectors: sectors.clone(),
    }
}

/// What the landing disc of `mover` on the ring of `distance` covers, inside `sectors`.
fn ring(mover: Disc, distance: f64, sectors: &Sectors) -> Area {
    Area::Annulus {
        centre: mover.at,
        inner: distance - mover.radius,
        outer: distance + mover.radius,
        sectors: sectors.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::{Board, Color, Kind, Piece, Setup};
    use std::sync::Arc;

    fn position(pieces: Vec<Piece>) -> Position {
        Position::try_from(Setup {
            board: Arc::new(Board::default()),
            pieces,
            to_move: Color::White,
        })
        .expect("valid")
    }

    #[test]
    fn rook_strip_is_two_r_wide_and_stops_at_first_contact() {
        let board = Board::default();
        let a1 = board.square_centre(0, 0);
        let e1 = board.square_centre(4, 0);
        let pos = position(vec![
            Piece::new(Color::White, Kind::ROOK, a1),
            Piece::new(Color::Black, Kind::KNIGHT, e1),
            Piece::new(Color::White, Kind::KING, board.square_centre(7, 2)),
            Piece::new(Color::Black, Kind::KING, board.square_centre(7, 7)),
        ]);
        let strips = capture_area(&pos, 0);
        let east = &strips[0];
        let at = |p: Point| Disc::new(p, R);
        assert!(east.overlaps_disc(at(e1)));
        assert!(east.overlaps_disc(at(a1 + Point::new(5.0, 1.9))));
        assert!(!east.overlaps_disc(at(a1 + Point::new(5.0, 2.0))));
        // A disc of radius 1.5 there reaches into the strip.
        assert!(east.overlaps_disc(Disc::new(a1 + Point::new(5.0, 2.0), 1.5)));
        assert!(!east.overlaps_disc(at(board.square_centre(6, 0))));
        assert!(movement_area(&pos, 0)[0].overlaps_disc(at(board.square_centre(6, 0))));
    }

    #[test]
    fn knight_ring_is_the_annulus_its_landing_disc_fills() {
        let ring = ring(Disc::new(Point::ZERO, R), 40f64.sqrt(), &Sectors::whole());
        let at = |x: f64| Disc::new(Point::new(x, 0.0), R);
        assert!(ring.overlaps_disc(at(40f64.sqrt() + 1.9)));
        assert!(!ring.overlaps_disc(at(40f64.sqrt() + 2.0)));
        assert!(!ring.overlaps_disc(at(40f64.sqrt() - 2.0)));
        // A knight of radius 2 fills the annulus 2 either side of its ring.
        let wide = super::ring(Disc::new(Point::ZERO, 2.0), 40f64.sqrt(), &Sectors::whole());
        assert!(wide.overlaps_disc(at(40f64.sqrt() + 2.9)));
        assert!(!wide.overlaps_disc(at(40f64.sqrt() + 3.0)));
    }
}
