//! Capture areas: whether an enemy piece could capture a disc, which is what check means.
//!
//! "Could capture" is geometric (pseudo-legal): the attacker's own king safety is not asked,
//! exactly as a pinned piece still gives check in chess.
//!
//! Every question that ranges over a continuum (the knight's landing circle, the directions a
//! king can strike from) is answered exactly by the critical-value method of
//! [`super::geometry::interval_samples`]: the answer can only change where the moving point
//! crosses one of a finite list of circles and lines, so testing those crossings and one point
//! between each consecutive pair tests every piece of the continuum.

use super::board::Board;
use super::geometry::{
    Curve, Inset, OVERLAP, Point, angle_of, circle_samples_middles_first, overlaps, overlaps_sweep,
    segment_distance, sweep_contact, unit,
};
use super::piece::Piece;
use super::reach::{Reach, Reaches, reaches, slide_end, slide_limit};
use super::shapes::{Modes, Sectors};

/// Whether the disc of `pieces[target]` is capturable by any piece of the other side.
pub fn is_attacked(board: &Board, pieces: &[Piece], target: usize) -> bool {
    let side = pieces[target].side;
    (0..pieces.len()).any(|i| pieces[i].side != side && can_capture(board, pieces, i, target))
}

/// The pieces of the other side that could capture `pieces[target]`.
pub fn attackers(board: &Board, pieces: &[Piece], target: usize) -> Vec<usize> {
    let side = pieces[target].side;
    (0..pieces.len())
        .filter(|&i| pieces[i].side != side && can_capture(board, pieces, i, target))
        .collect()
}

/// Whether `pieces[attacker]` has a geometric capture of `pieces[target]`: by one of its
/// shapes that captures.
pub fn can_capture(board: &Board, pieces: &[Piece], attacker: usize, target: usize) -> bool {
    let a = &pieces[attacker];
    let p = pieces[target].at;
    let others = || {
        pieces
            .iter()
            .enumerate()
            .filter(move |&(i, _)| i != attacker && i != target)
            .map(|(_, q)| q.at)
    };
    let shapes = reaches(board, a);
    shapes.clone().any(|shape| match shape {
        Reach::Slide { modes, .. } if !modes.captures => false,
        Reach::Slide {
            dir,
            end,
            modes: Modes { moves: true, .. },
        } => slider_hits(board.inset(), a.at, dir, end, p, others()),
        Reach::Slide { dir, end, .. } => {
            capture_only_hits(board, a.at, dir, end, shapes.clone(), p)
        }
        Reach::Ring { modes, .. } | Reach::Disc { modes, .. } if !modes.captures => false,
        Reach::Ring {
            sectors, radius, ..
        } => ring_capture_witness(board, a.at, radius, sectors, p, others()).is_some(),
        Reach::Disc {
            sectors, radius, ..
        } => disc_capture_witness(board, a.at, radius, sectors, p, others()).is_some(),
    })
}

/// Whether a capture-only slide captures the disc at `p`: the disc overlaps the slide's
/// swept strip, and none of the piece's moving slides (an enemy there blocks it instead),
/// as the pawn's capsules do.
fn capture_only_hits(
    board: &Board,
    from: Point,
    dir: Point,
    end: Option<Point>,
    mut shapes: Reaches<'_>,
    p: Point,
) -> bool {
    let far = |dir: Point, end: Option<Point>| slide_end(board.inset(), from, dir, end);
    overlaps_sweep(p, from, far(dir, end))
        && !shapes.any(|s| match s {
            Reach::Slide {
                dir,
                end,
                modes: Modes { moves: true, .. },
            } => overlaps_sweep(p, from, far(dir, end)),
            _ => false,
        })
}

/// Whether a slider at `from` moving along `u` touches the disc at `p` before any of `others`,
/// before leaving the board and within its `end`, if limited.
fn slider_hits(
    inset: Inset<'_>,
    from: Point,
    u: Point,
    end: Option<Point>,
    p: Point,
    others: impl Iterator<Item = Point>,
) -> bool {
    let exit = slide_limit(inset, from, u, end);
    let Some(t) = sweep_contact(from, u, p, exit) else {
        return false;
    };
    others
        .into_iter()
        .all(|q| sweep_contact(from, u, q, t).is_none())
}

/// The angles (about a jumper at `from`, landing at distance `r`) where its landing disc
/// starts or stops overlapping one of `discs`, or crosses the board's edge: the only places
/// where the legality of a landing can change.
pub fn landing_crossings(
    board: &Board,
    from: Point,
    r: f64,
    discs: impl IntoIterator<Item = Point>,
) -> Vec<f64> {
    let mut critical = Vec::new();
    for q in discs {
        Curve::circle(q, OVERLAP).circle_params(from, r, &mut critical);
    }
    for edge in board.inset().edges() {
        edge.circle_params(from, r, &mut critical);
    }
    critical
}

/// A landing angle (about the jumper) at which a piece at `from` jumping `r` inside
/// `sectors` overlaps the disc at `p`, lies on the board and overlaps none of `others`.
pub fn ring_capture_witness(
    board: &Board,
    from: Point,
    r: f64,
    sectors: &Sectors,
    p: Point,
    others: impl Iterator<Item = Point>,
) -> Option<f64> {
    if (from.distance(p) - r).abs() >= OVERLAP {
        return None;
    }
    let others: Vec<Point> = others
        .filter(|q| (from.distance(*q) - r).abs() < OVERLAP)
        .collect();
    let inset = board.inset();
    let mut critical = landing_crossings(
        board,
        from,
        r,
        std::iter::once(p).chain(others.iter().copied()),
    );
    critical.extend(sectors.bounds());
    circle_samples_middles_first(critical)
        .into_iter()
        .find(|&phi| {
            let q = from + unit(phi) * r;
            sectors.contains(phi)
                && overlaps(q, p)
                && inset.contains(q)
                && others.iter().all(|o| !overlaps(q, *o))
        })
}

/// The critical angles (about the target `p`, on the circle of contact points) of a
/// straight strike from `from`, up to `reach` inside `sectors`, and a witness contact point
/// if the strike exists.
fn strike(
    board: &Board,
    from: Point,
    reach: f64,
    sectors: &Sectors,
    p: Point,
    others: &[Point],
) -> (Vec<f64>, Option<Point>) {
    let inset = board.inset();
    let mut critical = Vec::new();
    for a in sectors.bounds() {
        Curve::line(from, unit(a)).circle_params(p, OVERLAP, &mut critical);
    }
    Curve::circle(from, reach).circle_params(p, OVERLAP, &mut critical);
    // Contact points seen from `from` as the first touch lie on the near half: the boundary is
    // the circle with diameter from–p.
    Curve::circle((from + p) * 0.5, from.distance(p) * 0.5).circle_params(
        p,
        OVERLAP,
        &mut critical,
    );
    for edge in inset.edges_near(from, reach + OVERLAP) {
        edge.circle_params(p, OVERLAP, &mut critical);
        // A wall's shadow: where the strikes graze it.
        let mut tangents = Vec::new();
        edge.tangent_angles(from, &mut tangents);
        for a in tangents {
            Curve::line(from, unit(a)).circle_params(p, OVERLAP, &mut critical);
        }
    }
    for q in others {
        let guard = Curve::circle(*q, OVERLAP);
        guard.circle_params(p, OVERLAP, &mut critical);
        let mut tangents = Vec::new();
        guard.tangent_angles(from, &mut tangents);
        for a in tangents {
            Curve::line(from, unit(a)).circle_params(p, OVERLAP, &mut critical);
        }
    }
    // Midpoints first, so that the witness is no grazing contact that rounding could lose.
    let samples = circle_samples_middles_first(critical.clone());
    let witness = samples
        .into_iter()
        .map(|psi| p + unit(psi) * OVERLAP)
        .find(|&c| {
            c.distance(from) <= reach + 1e-9
                && inset.contains(c)
                && inset.exit_distance(from, (c - from).normalize_or_zero()) + 1e-9
                    >= c.distance(from)
                && (c - from).dot(c - p) <= 1e-12
                && others
                    .iter()
                    .all(|q| segment_distance(*q, from, c) >= OVERLAP)
                && (sectors.is_whole() || sectors.contains(angle_of(c - from)))
        });
    (critical, witness)
}

/// A contact point from which a piece at `from`, sliding up to `reach` inside `sectors`,
/// strikes the disc at `p`: it slides straight, touches `p` first, within its reach and on
/// the board (the king's capture).
pub fn disc_capture_witness(
    board: &Board,
    from: Point,
    reach: f64,
    sectors: &Sectors,
    p: Point,
    others: impl Iterator<Item = Point>,
) -> Option<Point> {
    if from.distance(p) > reach + OVERLAP {
        return None;
    }
    let near = reach + 2.0 * OVERLAP;
    let others: Vec<Point> = others.filter(|q| q.distance(from) <= near).collect();
    strike(board, from, reach, sectors, p, &others).1
}

/// The curves across which a friendly disc moving about can start or stop shielding
/// `pieces[king]` from `pieces[attacker]` (the mover is not in `pieces`).
pub fn shield_curves(board: &Board, pieces: &[Piece], attacker: usize, king: usize) -> Vec<Curve> {
    let a = &pieces[attacker];
    let k = pieces[king].at;
    let others: Vec<Point> = pieces
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != attacker && i != king)
        .map(|(_, q)| q.at)
        .collect();
    let mut curves = Vec::new();
    for shape in reaches(board, a) {
        match shape {
            Reach::Slide {
                dir: u,
                end,
                modes:
                    Modes {
                        moves: true,
                        captures: true,
                    },
            } => {
                let exit = slide_limit(board.inset(), a.at, u, end);
                if let Some(t) = sweep_contact(a.at, u, k, exit) {
                    curves.extend(Curve::capsule(a.at, a.at + u * t, OVERLAP));
                }
            }
            // A capture-only strip is an area, not a path: nothing stands between.
            Reach::Slide { .. } => {}
            Reach::Ring { modes, .. } | Reach::Disc { modes, .. } if !modes.captures => {}
            Reach::Ring {
                sectors, radius: r, ..
            } => {
                curves.push(Curve::circle(a.at, r + OVERLAP));
                curves.push(Curve::circle(a.at, (r - OVERLAP).max(0.0)));
                let mut critical = landing_crossings(
                    board,
                    a.at,
                    r,
                    std::iter::once(k).chain(others.iter().copied()),
                );
                critical.extend(sectors.bounds());
                curves.extend(
                    critical
                        .into_iter()
                        .map(|phi| Curve::circle(a.at + unit(phi) * r, OVERLAP)),
                );
            }
            Reach::Disc {
                sectors, radius, ..
            } => {
                let (critical, _) = strike(board, a.at, radius, sectors, k, &others);
                for psi in critical {
                    let c = k + unit(psi) * OVERLAP;
                    curves.extend(Curve::capsule(a.at, c, OVERLAP));
                    curves.push(Curve::circle(c, OVERLAP));
                }
            }
        }
    }
    curves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::shapes::Sector;
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_8, PI};

    /// Board centre and a point `d` away from it at angle `theta`.
    fn around(board: &Board, d: f64, theta: f64) -> (Point, Point) {
        let c = Point::new(board.width() / 2.0, board.height() / 2.0);
        (c, c + unit(theta) * d)
    }

    #[test]
    fn a_half_ring_captures_only_on_its_half() {
        let board = Board::default();
        let r = board.knight_distance;
        let forward = Sectors::new([Sector { from: 0.0, to: PI }]);
        let (from, ahead) = around(&board, r, FRAC_PI_2);
        let (_, behind) = around(&board, r, -FRAC_PI_2);
        let none = std::iter::empty;
        assert!(ring_capture_witness(&board, from, r, &forward, ahead, none()).is_some());
        assert!(ring_capture_witness(&board, from, r, &forward, behind, none()).is_none());
        // Straight to the side, on the sector's edge: a landing inside the half still overlaps.
        let (_, side) = around(&board, r, 0.0);
        let witness = ring_capture_witness(&board, from, r, &forward, side, none());
        assert!(witness.is_some_and(|phi| forward.contains(phi)));
        // Just beyond the edge, further than a disc's reach from any landing inside.
        let (_, below) = around(&board, r, -0.5);
        assert!(ring_capture_witness(&board, from, r, &forward, below, none()).is_none());
    }

    #[test]
    fn a_sector_disc_strikes_only_along_its_sectors() {
        let board = Board::default();
        let reach = board.king_reach;
        // The forward king's directions, 22.5° to 157.5°.
        let forward = Sectors::new([Sector {
            from: FRAC_PI_8,
            to: PI - FRAC_PI_8,
        }]);
        let (from, ahead) = around(&board, 3.0, FRAC_PI_2);
        let (_, behind) = around(&board, 3.0, -FRAC_PI_2);
        // Beside it, a slide at 22.5° still brushes the disc: that is a capture.
        let (_, beside) = around(&board, 3.0, 0.0);
        let none = std::iter::empty;
        assert!(disc_capture_witness(&board, from, reach, &forward, ahead, none()).is_some());
        assert!(disc_capture_witness(&board, from, reach, &forward, beside, none()).is_some());
        assert!(
            disc_capture_witness(&board, from, reach, &Sectors::whole(), behind, none()).is_some()
        );
        assert!(disc_capture_witness(&board, from, reach, &forward, behind, none()).is_none());
    }
}
