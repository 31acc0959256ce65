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
    Curve, Disc, Inset, Point, angle_of, circle_samples_middles_first, contact,
    overlaps_sweep_within, overlaps_within, segment_distance, sweep_contact_within, unit,
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
    let mover = board.disc(a);
    let p = board.disc(&pieces[target]);
    let others = || {
        pieces
            .iter()
            .enumerate()
            .filter(move |&(i, _)| i != attacker && i != target)
            .map(|(_, q)| board.disc(q))
    };
    let shapes = reaches(board, a);
    shapes.clone().any(|shape| match shape {
        Reach::Slide { modes, .. } if !modes.captures => false,
        Reach::Slide {
            dir,
            end,
            modes: Modes { moves: true, .. },
        } => slider_hits(
            board.inset_for(mover.radius),
            mover.at,
            dir,
            end,
            p,
            others(),
        ),
        Reach::Slide { dir, end, .. } => {
            capture_only_hits(board, mover, dir, end, shapes.clone(), p)
        }
        Reach::Ring { modes, .. } | Reach::Disc { modes, .. } if !modes.captures => false,
        Reach::Ring {
            sectors, radius, ..
        } => ring_capture_witness(board, mover, radius, sectors, p, others()).is_some(),
        Reach::Disc {
            sectors, radius, ..
        } => disc_capture_witness(board, mover, radius, sectors, p, others()).is_some(),
    })
}

/// Whether a capture-only slide of `mover` captures the disc `p`: the disc overlaps the
/// slide's swept strip, and none of the piece's moving slides (an enemy there blocks it
/// instead), as the pawn's capsules do.
fn capture_only_hits(
    board: &Board,
    mover: Disc,
    dir: Point,
    end: Option<Point>,
    mut shapes: Reaches<'_>,
    p: Disc,
) -> bool {
    let from = mover.at;
    let touch = mover.contact(p.radius);
    let inset = board.inset_for(mover.radius);
    let far = |dir: Point, end: Option<Point>| slide_end(inset, from, dir, end);
    overlaps_sweep_within(p.at, from, far(dir, end), touch)
        && !shapes.any(|s| match s {
            Reach::Slide {
                dir,
                end,
                modes: Modes { moves: true, .. },
            } => overlaps_sweep_within(p.at, from, far(dir, end), touch),
            _ => false,
        })
}

/// Whether `mover` sliding along `u` touches the disc `p` before any of `others`, before
/// leaving `inset` (its own) and within its `end`, if limited.
fn slider_hits(
    inset: Inset<'_>,
    from: Point,
    u: Point,
    end: Option<Point>,
    p: Disc,
    others: impl Iterator<Item = Disc>,
) -> bool {
    let exit = slide_limit(inset, from, u, end);
    let Some(t) = sweep_contact_within(from, u, p.at, contact(inset.radius, p.radius), exit) else {
        return false;
    };
    others
        .into_iter()
        .all(|q| sweep_contact_within(from, u, q.at, contact(inset.radius, q.radius), t).is_none())
}

/// The angles (about a jumper of radius `mover` at `from`, landing at distance `r`) where its
/// landing disc starts or stops overlapping one of `discs`, or crosses the board's edge: the
/// only places where the legality of a landing can change.
pub fn landing_crossings(
    board: &Board,
    from: Point,
    mover: f64,
    r: f64,
    discs: impl IntoIterator<Item = Disc>,
) -> Vec<f64> {
    let mut critical = Vec::new();
    for q in discs {
        Curve::circle(q.at, contact(mover, q.radius)).circle_params(from, r, &mut critical);
    }
    for edge in board.inset_for(mover).edges() {
        edge.circle_params(from, r, &mut critical);
    }
    critical
}

/// A landing angle (about the jumper) at which `mover` jumping `r` inside `sectors` overlaps
/// the disc `p`, lies on the board and overlaps none of `others`.
pub fn ring_capture_witness(
    board: &Board,
    mover: Disc,
    r: f64,
    sectors: &Sectors,
    p: Disc,
    others: impl Iterator<Item = Disc>,
) -> Option<f64> {
    let from = mover.at;
    let touch = mover.contact(p.radius);
    if (from.distance(p.at) - r).abs() >= touch {
        return None;
    }
    let others: Vec<Disc> = others
        .filter(|q| (from.distance(q.at) - r).abs() < mover.contact(q.radius))
        .collect();
    let inset = board.inset_for(mover.radius);
    let mut critical = landing_crossings(
        board,
        from,
        mover.radius,
        r,
        std::iter::once(p).chain(others.iter().copied()),
    );
    critical.extend(sectors.bounds());
    circle_samples_middles_first(critical)
        .into_iter()
        .find(|&phi| {
            let q = from + unit(phi) * r;
            sectors.contains(phi)
                && overlaps_within(q, p.at, touch)
                && inset.contains(q)
                && others
                    .iter()
                    .all(|o| !overlaps_within(q, o.at, mover.contact(o.radius)))
        })
}

/// The critical angles (about the target `p`, on the circle of the centres where `mover`
/// touches it) of a straight strike by `mover`, up to `reach` inside `sectors`, and a
/// witness contact point if the strike exists.
fn strike(
    board: &Board,
    mover: Disc,
    reach: f64,
    sectors: &Sectors,
    p: Disc,
    others: &[Disc],
) -> (Vec<f64>, Option<Point>) {
    let from = mover.at;
    let touch = mover.contact(p.radius);
    let inset = board.inset_for(mover.radius);
    let mut critical = Vec::new();
    for a in sectors.bounds() {
        Curve::line(from, unit(a)).circle_params(p.at, touch, &mut critical);
    }
    Curve::circle(from, reach).circle_params(p.at, touch, &mut critical);
    // Contact points seen from `from` as the first touch lie on the near half: the boundary is
    // the circle with diameter from–p.
    Curve::circle((from + p.at) * 0.5, from.distance(p.at) * 0.5).circle_params(
        p.at,
        touch,
        &mut critical,
    );
    // A wall's or a disc's shadow: where the strikes graze it.
    let shadow = |curve: Curve, critical: &mut Vec<f64>| {
        curve.circle_params(p.at, touch, critical);
        let mut tangents = Vec::new();
        curve.tangent_angles(from, &mut tangents);
        for a in tangents {
            Curve::line(from, unit(a)).circle_params(p.at, touch, critical);
        }
    };
    for edge in inset.edges_near(from, reach + touch) {
        shadow(edge, &mut critical);
    }
    for q in others {
        shadow(Curve::circle(q.at, mover.contact(q.radius)), &mut critical);
    }
    // Midpoints first, so that the witness is no grazing contact that rounding could lose.
    let samples = circle_samples_middles_first(critical.clone());
    let witness = samples
        .into_iter()
        .map(|psi| p.at + unit(psi) * touch)
        .find(|&c| {
            c.distance(from) <= reach + 1e-9
                && inset.contains(c)
                && inset.exit_distance(from, (c - from).normalize_or_zero()) + 1e-9
                    >= c.distance(from)
                && (c - from).dot(c - p.at) <= 1e-12
                && others
                    .iter()
                    .all(|q| segment_distance(q.at, from, c) >= mover.contact(q.radius))
                && (sectors.is_whole() || sectors.contains(angle_of(c - from)))
        });
    (critical, witness)
}

/// A contact point from which `mover`, sliding up to `reach` inside `sectors`, strikes the
/// disc `p`: it slides straight, touches `p` first, within its reach and on the board (the
/// king's capture).
pub fn disc_capture_witness(
    board: &Board,
    mover: Disc,
    reach: f64,
    sectors: &Sectors,
    p: Disc,
    others: impl Iterator<Item = Disc>,
) -> Option<Point> {
    let from = mover.at;
    if from.distance(p.at) > reach + mover.contact(p.radius) {
        return None;
    }
    let others: Vec<Disc> = others
        .filter(|q| q.at.distance(from) <= reach + 2.0 * mover.contact(q.radius))
        .collect();
    strike(board, mover, reach, sectors, p, &others).1
}

/// The curves across which a friendly disc of radius `shield` moving about can start or stop
/// shielding `pieces[king]` from `pieces[attacker]` (the mover is not in `pieces`).
pub fn shield_curves(
    board: &Board,
    pieces: &[Piece],
    attacker: usize,
    king: usize,
    shield: f64,
) -> Vec<Curve> {
    let a = board.disc(&pieces[attacker]);
    let k = board.disc(&pieces[king]);
    let block = a.contact(shield);
    let others: Vec<Disc> = pieces
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != attacker && i != king)
        .map(|(_, q)| board.disc(q))
        .collect();
    let mut curves = Vec::new();
    for shape in reaches(board, &pieces[attacker]) {
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
                let exit = slide_limit(board.inset_for(a.radius), a.at, u, end);
                if let Some(t) = sweep_contact_within(a.at, u, k.at, a.contact(k.radius), exit) {
                    curves.extend(Curve::capsule(a.at, a.at + u * t, block));
                }
            }
            // A capture-only strip is an area, not a path: nothing stands between.
            Reach::Slide { .. } => {}
            Reach::Ring { modes, .. } | Reach::Disc { modes, .. } if !modes.captures => {}
            Reach::Ring {
                sectors, radius: r, ..
            } => {
                curves.push(Curve::circle(a.at, r + block));
                curves.push(Curve::circle(a.at, (r - block).max(0.0)));
                let mut critical = landing_crossings(
                    board,
                    a.at,
                    a.radius,
                    r,
                    std::iter::once(k).chain(others.iter().copied()),
                );
                critical.extend(sectors.bounds());
                curves.extend(
                    critical
                        .into_iter()
                        .map(|phi| Curve::circle(a.at + unit(phi) * r, block)),
                );
            }
            Reach::Disc {
                sectors, radius, ..
            } => {
                let (critical, _) = strike(board, a, radius, sectors, k, &others);
                for psi in critical {
                    let c = k.at + unit(psi) * a.contact(k.radius);
                    curves.extend(Curve::capsule(a.at, c, block));
                    curves.push(Curve::circle(c, block));
                }
            }
        }
    }
    curves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::geometry::R;
    use crate::continuous::shapes::Sector;
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_8, PI};

    /// Board centre and a point `d` away from it at angle `theta`, as discs of radius R.
    fn around(board: &Board, d: f64, theta: f64) -> (Disc, Disc) {
        let c = Point::new(board.width() / 2.0, board.height() / 2.0);
        (Disc::new(c, R), Disc::new(c + unit(theta) * d, R))
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
        // At −0.4 rad the nearest landing inside the half (at 0) is 2√40·sin 0.2 ≈ 2.51 off:
        // out of reach of a disc of radius R, within reach of one of radius 2 (3 − ε).
        let (_, near_below) = around(&board, r, -0.4);
        assert!(ring_capture_witness(&board, from, r, &forward, near_below, none()).is_none());
        let big = Disc::new(near_below.at, 2.0);
        assert!(ring_capture_witness(&board, from, r, &forward, big, none()).is_some());
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

    #[test]
    fn a_strike_reaches_as_far_as_the_two_discs_touch() {
        // A king (reach 4) strikes a disc whose centre is reach + the two radii away, less
        // the tolerance, and not one a hundredth further.
        let board = Board::default();
        let reach = board.king_reach;
        let whole = Sectors::whole();
        let none = std::iter::empty;
        for (mine, theirs) in [(R, R), (1.5, R), (R, 0.5), (2.0, 1.5)] {
            let (from, _) = around(&board, 0.0, 0.0);
            let from = Disc::new(from.at, mine);
            let d = reach + mine + theirs;
            let near = Disc::new(from.at + Point::X * (d - 0.01), theirs);
            let far = Disc::new(from.at + Point::X * (d + 0.01), theirs);
            assert!(disc_capture_witness(&board, from, reach, &whole, near, none()).is_some());
            assert!(disc_capture_witness(&board, from, reach, &whole, far, none()).is_none());
        }
    }
}
