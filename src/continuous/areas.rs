//! Movement and capture areas as parry2d shapes, in the seed's sense: the part of the board a
//! piece's disc covers while it moves (movement area) or where an enemy disc touching it is
//! capturable (capture area). For drawing, and for "does this disc touch that area" queries.
//!
//! The rules themselves ([`super::resolve`](mod@super::resolve), [`super::attack`]) ask the same questions in
//! terms of disc centres; the property test `capturable_pieces_lie_in_capture_areas` pins
//! the two views to each other.

use super::attack::pawn_areas;
use super::geometry::{EPS, Point, R};
use super::position::{Kind, Piece, Position};
use super::resolve::first_contact;
use parry2d_f64::math::Pose;
use parry2d_f64::query::PointQuery;
use parry2d_f64::shape::{Ball, Capsule};

/// One area shape.
#[derive(Clone, Debug)]
pub enum Area {
    /// A swept disc: a strip of width 2R between two centres (rook and bishop rays, pawn
    /// slides and capture capsules).
    Strip(Capsule),
    /// A disc (the region a king's disc can sweep).
    Disc {
        /// Centre.
        centre: Point,
        /// The ball.
        ball: Ball,
    },
    /// The ring the knight's landing disc fills.
    Annulus {
        /// Centre.
        centre: Point,
        /// Inner radius.
        inner: f64,
        /// Outer radius.
        outer: f64,
    },
}

impl Area {
    /// Distance from `p` to the area (0 inside).
    pub fn distance(&self, p: Point) -> f64 {
        match self {
            Area::Strip(capsule) => capsule.distance_to_local_point(p, true),
            Area::Disc { centre, ball } => {
                ball.distance_to_point(&Pose::from_translation(*centre), p, true)
            }
            Area::Annulus {
                centre,
                inner,
                outer,
            } => {
                let d = p.distance(*centre);
                (inner - d).max(d - outer).max(0.0)
            }
        }
    }

    /// Whether a disc centred at `p` overlaps the area (touching is not overlap).
    pub fn touches_disc(&self, p: Point) -> bool {
        self.distance(p) < R - EPS
    }
}

/// The movement area of `pos.pieces()[i]`, ignoring other pieces: full strips to the board's
/// edge, the king's disc, the knight's ring, the pawn's forward slide.
pub fn movement_area(pos: &Position, i: usize) -> Vec<Area> {
    let board = pos.board();
    let piece = pos.pieces()[i];
    let o = piece.at;
    match piece.kind {
        Kind::KING => vec![king_disc(o, board.king_reach)],
        Kind::KNIGHT => vec![knight_ring(o, board.knight_distance)],
        Kind::PAWN => {
            let (_, ahead) = pawn_areas(board, &piece);
            vec![Area::Strip(Capsule::new(o, ahead, R))]
        }
        _ => strips(&piece, |u| o + u * board.inset().exit_distance(o, u)),
    }
}

/// The capture area of `pos.pieces()[i]`: where an enemy disc touching it could be
/// captured. A slider's strips end at their first contact (included); the knight's ring;
/// the king's disc; the pawn's two forward-diagonal capsules.
pub fn capture_area(pos: &Position, i: usize) -> Vec<Area> {
    let board = pos.board();
    let piece = pos.pieces()[i];
    let o = piece.at;
    match piece.kind {
        Kind::KING => vec![king_disc(o, board.king_reach)],
        Kind::KNIGHT => vec![knight_ring(o, board.knight_distance)],
        Kind::PAWN => {
            let (caps, _) = pawn_areas(board, &piece);
            caps.iter()
                .map(|&c| Area::Strip(Capsule::new(o, c, R)))
                .collect()
        }
        _ => strips(&piece, |u| {
            let exit = board.inset().exit_distance(o, u);
            match first_contact(pos.pieces(), i, o, u, exit) {
                // Up to and including the disc it first touches.
                Some((j, _)) => o + u * (pos.pieces()[j].at - o).dot(u),
                None => o + u * exit,
            }
        }),
    }
}

/// A slider's strips, one per direction, each from its centre to `end(direction)`.
fn strips(piece: &Piece, end: impl Fn(Point) -> Point) -> Vec<Area> {
    piece
        .kind
        .slide_directions()
        .iter()
        .map(|&u| Area::Strip(Capsule::new(piece.at, end(u), R)))
        .collect()
}

/// The disc a king's disc can sweep: its reach plus its own radius.
fn king_disc(centre: Point, reach: f64) -> Area {
    Area::Disc {
        centre,
        ball: Ball::new(reach + R),
    }
}

fn knight_ring(centre: Point, distance: f64) -> Area {
    Area::Annulus {
        centre,
        inner: distance - R,
        outer: distance + R,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::{Board, Color, Piece};
    use std::sync::Arc;

    fn position(pieces: Vec<Piece>) -> Position {
        Position::new(Arc::new(Board::default()), pieces, Color::White).expect("valid")
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
        assert!(east.touches_disc(e1));
        assert!(east.touches_disc(a1 + Point::new(5.0, 1.9)));
        assert!(!east.touches_disc(a1 + Point::new(5.0, 2.0)));
        assert!(!east.touches_disc(board.square_centre(6, 0)));
        assert!(movement_area(&pos, 0)[0].touches_disc(board.square_centre(6, 0)));
    }

    #[test]
    fn knight_ring_is_the_annulus_its_landing_disc_fills() {
        let ring = knight_ring(Point::ZERO, 40f64.sqrt());
        assert!(ring.touches_disc(Point::new(40f64.sqrt() + 1.9, 0.0)));
        assert!(!ring.touches_disc(Point::new(40f64.sqrt() + 2.0, 0.0)));
        assert!(!ring.touches_disc(Point::new(40f64.sqrt() - 2.0, 0.0)));
    }
}
