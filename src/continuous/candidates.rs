//! The moves worth searching: a finite list of legal moves chosen from the geometry
//! (DESIGN §7's continuous engine). The board is continuous, but what a move changes
//! happens at finitely many places: where a slide ends, where the piece lines up with an
//! enemy, where it lands on a ring, what it captures.
//!
//! For each piece of the side to move, from its legal region (exact intervals on its rays,
//! arcs on its rings, castling, captures):
//! - every legal capture;
//! - both ends of each legal stretch of a slide, and the whole squares from where the piece
//!   stands between them (a pawn's single and double step);
//! - the points of a slide from which one of the piece's own slides or rings would reach an
//!   enemy's or a friend's centre (where it attacks or defends it), where it would stand on
//!   the line between an enemy and its own royal piece (where it blocks), and just either
//!   side of where it enters an enemy's capture area (a strip, a ring's band, a king's
//!   reach);
//! - each landing arc's ends and middle, and points 45° apart along it;
//! - castling;
//! - each promotion choice of a promoting move.
//!
//! Every candidate is judged by the rules ([`resolve_piece`]) before it is kept, and a
//! landing within [`NEAR`] of one already kept for the same piece is dropped.

use super::geometry::{Curve, OVERLAP, Point, unit};
use super::position::{Kind, Position};
use super::reach::{Reach, reaches, slide_end};
use super::region::{KING_FAN_RAYS, LegalRegion, RegionPart, capture_aim, legal_region_with_fan};
use super::resolve::{Applied, resolve_piece};

/// Landings of one piece closer than this (in R) count as one.
pub const NEAR: f64 = 0.35;

/// How many directions a sector disc's candidates use over the whole circle.
const DISC_RAYS: usize = 16;

/// A legal move, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The mover's index in the position.
    pub piece: usize,
    /// The requested target.
    pub to: Point,
    /// The promotion asked for.
    pub promotion: Option<Kind>,
    /// What it does.
    pub applied: Box<Applied>,
}

impl Candidate {
    /// Whether it captures or promotes.
    pub fn is_noisy(&self) -> bool {
        self.applied.captured.is_some() || self.applied.promotion.is_some()
    }
}

/// What the candidates of every piece of one side look at: the enemies, the edges of
/// their capture areas, and the lines from each enemy to that side's royal piece. Made
/// once per position, not once per piece.
struct Surroundings {
    enemies: Vec<Point>,
    edges: Vec<Curve>,
    lines: Vec<(Point, Point)>,
}

impl Surroundings {
    fn new(pos: &Position, side: super::position::Color) -> Self {
        let enemies: Vec<Point> = pos
            .pieces()
            .iter()
            .filter(|p| p.side != side)
            .map(|p| p.at)
            .collect();
        let king = pos.pieces()[pos.king(side)].at;
        let lines = enemies.iter().map(|&e| (e, king - e)).collect();
        Surroundings {
            edges: threat_edges(pos, side),
            enemies,
            lines,
        }
    }
}

/// The candidate moves of the side to move, into `out` (cleared first).
pub fn candidates(pos: &Position, out: &mut Vec<Candidate>) {
    out.clear();
    let side = pos.to_move();
    let around = Surroundings::new(pos, side);
    for i in 0..pos.pieces().len() {
        if pos.pieces()[i].side == side {
            candidates_of(pos, i, &around, out);
        }
    }
}

/// The candidate moves of `pos.pieces()[i]`, appended to `out`.
pub fn piece_candidates(pos: &Position, i: usize, out: &mut Vec<Candidate>) {
    let around = Surroundings::new(pos, pos.pieces()[i].side);
    candidates_of(pos, i, &around, out);
}

fn candidates_of(pos: &Position, i: usize, around: &Surroundings, out: &mut Vec<Candidate>) {
    let region = legal_region_with_fan(pos, i, DISC_RAYS.min(KING_FAN_RAYS));
    let first = out.len();
    let keep = |to: Point, out: &mut Vec<Candidate>| {
        let landed = |c: &Candidate| c.applied.to.distance(to) < NEAR;
        if out[first..].iter().any(landed) {
            return;
        }
        judge(pos, i, to, out);
    };
    for &x in &region.captures {
        keep(capture_aim(pos, i, x), out);
    }
    for to in points(pos, i, &region, around) {
        keep(to, out);
    }
}

/// Judges one target, and each promotion choice if it promotes.
fn judge(pos: &Position, i: usize, to: Point, out: &mut Vec<Candidate>) {
    let Some(applied) = resolve_piece(pos, i, to, None).applied().cloned() else {
        return;
    };
    let promotes = applied.promotion.is_some();
    let mover = applied.mover.kind;
    out.push(Candidate {
        piece: i,
        to,
        promotion: applied.promotion,
        applied: Box::new(applied),
    });
    if promotes {
        let choices = pos.board().promotion_of(mover);
        for &kind in choices.iter().skip(1) {
            if let Some(applied) = resolve_piece(pos, i, to, Some(kind)).applied().cloned() {
                out.push(Candidate {
                    piece: i,
                    to,
                    promotion: Some(kind),
                    applied: Box::new(applied),
                });
            }
        }
    }
}

/// The plain targets worth trying in a piece's legal region.
fn points(pos: &Position, i: usize, region: &LegalRegion, around: &Surroundings) -> Vec<Point> {
    let board = pos.board();
    let mover = pos.pieces()[i];
    let step = board.square;
    // The friends it could defend from there, and the enemies it could attack.
    let others: Vec<Point> = pos
        .pieces()
        .iter()
        .enumerate()
        .filter(|&(j, p)| j != i && p.side == mover.side)
        .map(|(_, p)| p.at)
        .chain(around.enemies.iter().copied())
        .collect();
    // Where the piece, once moved, reaches from: its own slide directions and ring radii.
    let shapes: Vec<Reach<'_>> = reaches(board, &mover).collect();
    let mut out = Vec::new();
    for part in &region.parts {
        match part {
            RegionPart::Ray {
                from,
                dir,
                intervals,
            } => {
                for &(a, b) in &intervals.0 {
                    if b < a {
                        continue;
                    }
                    // Whole squares from where it stands first (a pawn's single and double
                    // step), then the ends: a landing near one already kept is dropped.
                    // (The region keeps a hair clear of its ends; the judge decides there.)
                    let mut t = step * (a / step).ceil();
                    while t <= b + 1e-6 {
                        out.push(*from + *dir * t);
                        t += step;
                    }
                    out.push(*from + *dir * b);
                    out.push(*from + *dir * a);
                    let mut crossings = Vec::new();
                    for edge in &around.edges {
                        edge.line_params(*from, *dir, &mut crossings);
                    }
                    // Just short of each edge and just past it: the last point out of an
                    // enemy's reach, the first point out of it.
                    let near_edges = crossings.into_iter().flat_map(|t| [t - 0.05, t + 0.05]);
                    for t in lining_up(*from, *dir, &shapes, &others)
                        .into_iter()
                        .chain(blocking(*from, *dir, &around.lines))
                        .chain(near_edges)
                    {
                        if t > a && t < b {
                            out.push(*from + *dir * t);
                        }
                    }
                }
            }
            RegionPart::Arcs {
                centre,
                radius,
                arcs,
            } => {
                for &(a, b) in arcs {
                    let mut angles = vec![a, b, 0.5 * (a + b)];
                    let mut t = a + std::f64::consts::FRAC_PI_4;
                    while t < b {
                        angles.push(t);
                        t += std::f64::consts::FRAC_PI_4;
                    }
                    out.extend(angles.into_iter().map(|t| *centre + unit(t) * *radius));
                }
            }
            RegionPart::Castle { to } => out.push(*to),
        }
    }
    out
}

/// The edges of the areas where `side`'s enemies could capture a disc: each capturing
/// slide's strip (to its end or the board's edge, whatever stands in it), each ring's band,
/// each sector disc's reach.
fn threat_edges(pos: &Position, side: super::position::Color) -> Vec<Curve> {
    let board = pos.board();
    let inset = board.inset();
    let mut out = Vec::new();
    for p in pos.pieces().iter().filter(|p| p.side != side) {
        for shape in reaches(board, p) {
            match shape {
                Reach::Slide { dir, end, modes } if modes.captures => {
                    let far = slide_end(inset, p.at, dir, end);
                    out.extend(Curve::capsule(p.at, far, OVERLAP));
                }
                Reach::Ring { radius, modes, .. } if modes.captures => {
                    out.push(Curve::circle(p.at, radius + OVERLAP));
                    out.push(Curve::circle(p.at, (radius - OVERLAP).max(0.0)));
                }
                Reach::Disc { radius, modes, .. } if modes.captures => {
                    out.push(Curve::circle(p.at, radius + OVERLAP));
                }
                _ => {}
            }
        }
    }
    out
}

/// The distances along the ray `from + t·dir` at which it crosses one of `lines` (a start
/// and the way to the end) between its ends: where a piece would stand between an enemy
/// and the royal piece it aims at.
fn blocking(from: Point, dir: Point, lines: &[(Point, Point)]) -> Vec<f64> {
    lines
        .iter()
        .filter_map(|&(start, way)| {
            // from + dir·t = start + way·s, with 0 < s < 1.
            let det = dir.perp_dot(way);
            if det.abs() < 1e-9 {
                return None;
            }
            let rel = start - from;
            let t = rel.perp_dot(way) / det;
            let s = rel.perp_dot(dir) / det;
            (s > 0.0 && s < 1.0).then_some(t)
        })
        .collect()
}

/// The distances along the ray `from + t·dir` at which one of `shapes` (moved there)
/// would reach an enemy's centre: a slide lining up with it, or a ring passing through it.
fn lining_up(from: Point, dir: Point, shapes: &[Reach<'_>], enemies: &[Point]) -> Vec<f64> {
    let mut out = Vec::new();
    for &e in enemies {
        let rel = e - from;
        for shape in shapes {
            match *shape {
                Reach::Slide { dir: d, modes, .. } if modes.captures => {
                    // from + dir·t + d·s = e, with s > 0.
                    let det = dir.perp_dot(d);
                    if det.abs() < 1e-9 {
                        continue;
                    }
                    let t = rel.perp_dot(d) / det;
                    let s = dir.perp_dot(rel) / det;
                    if s > 0.0 {
                        out.push(t);
                    }
                }
                Reach::Ring { radius, modes, .. } if modes.captures => {
                    // |from + dir·t − e| = radius.
                    let b = rel.dot(dir);
                    let c = rel.length_squared() - radius * radius;
                    let disc = b * b - c;
                    if disc >= 0.0 {
                        out.push(b - disc.sqrt());
                        out.push(b + disc.sqrt());
                    }
                }
                _ => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::Board;
    use crate::continuous::notation::parse_position;
    use std::sync::Arc;

    fn pos(text: &str) -> Position {
        parse_position(Arc::new(Board::default()), &[], text).expect("test POS")
    }

    #[test]
    fn every_candidate_is_legal_and_lands_apart_from_its_pieces_others() {
        // (With the king on e1 the knight would give check: its ring passes 1.7R from e1.)
        let p = pos("w;K@g1;R@a1;N@b1;B@c1;Q@d1;P@e2;P@d2;n@c3;k@e8;r@h8;p@e5");
        let mut list = Vec::new();
        candidates(&p, &mut list);
        assert!(list.len() > 40, "{}", list.len());
        for c in &list {
            let again = resolve_piece(&p, c.piece, c.to, c.promotion);
            assert_eq!(again.applied(), Some(&*c.applied), "{c:?}");
        }
        for (n, a) in list.iter().enumerate() {
            for b in &list[n + 1..] {
                if a.piece == b.piece && a.promotion == b.promotion {
                    assert!(a.applied.to.distance(b.applied.to) >= NEAR, "{a:?} {b:?}");
                }
            }
        }
        // The knight on c3 can be taken by the pawn on d2 and the knight on b1.
        let takers: Vec<usize> = list
            .iter()
            .filter(|c| c.applied.captured.is_some())
            .map(|c| c.piece)
            .collect();
        assert!(takers.len() >= 2, "{takers:?}");
    }

    #[test]
    fn a_pawn_offers_its_single_and_double_step() {
        // Read against a setup with the pawn on e2, so that it counts as unmoved.
        let board = Arc::new(Board::default());
        let setup = parse_position(board.clone(), &[], "w;K@e1;P@e2;k@e8").expect("POS");
        let p = parse_position(board.clone(), setup.pieces(), "w;K@e1;P@e2;k@e8").expect("POS");
        assert!(!p.pieces()[1].moved);
        let mut list = Vec::new();
        piece_candidates(&p, 1, &mut list);
        for square in ["e3", "e4"] {
            let at = board.parse_square(square).expect("square");
            assert!(
                list.iter().any(|c| c.applied.to == at),
                "{square}: {list:?}"
            );
        }
    }

    #[test]
    fn a_promoting_pawn_offers_each_choice() {
        let p = pos("w;K@e1;P@a7;k@h8");
        let mut list = Vec::new();
        piece_candidates(&p, 1, &mut list);
        let kinds: Vec<Option<Kind>> = list
            .iter()
            .filter(|c| c.applied.promotion.is_some())
            .map(|c| c.promotion)
            .collect();
        for k in [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT] {
            assert!(kinds.contains(&Some(k)), "{kinds:?}");
        }
    }
}
