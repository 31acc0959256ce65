//! Where one king may not go: the places the other side could capture it, with that king
//! lifted off the board, as regions its disc may not enter while it moves (the "cannot
//! cross" rule) and may not end in (check). `attack` answers for one disc where it
//! stands; this module answers along a whole ray at once.
//!
//! Each zone answers two questions: is a point inside (strictly), and where does a ray pass
//! through it. The second is exact and cheap for every zone but an enemy king's: a slider's
//! sweep is a capsule (convex: one interval), a pawn's is two capsules less one, a knight's
//! is a ring cut to its free sectors plus discs at the sectors' ends. An enemy king's zone
//! is bounded by many curves; its spans come from the critical-value method.

use super::attack::{disc_capture_witness, landing_crossings};
use super::board::Board;
use super::geometry::{
    Curve, Disc, Point, Spans, angle_of, circle_runs, circle_samples, interval_samples,
    line_in_capsule, line_in_disc, line_in_slab, overlaps_sweep_within, overlaps_within, runs,
    sweep_contact_within, unit,
};
use super::piece::{Color, Piece};
use super::reach::{Reach, reaches, slide_end, slide_limit};
use super::shapes::{Modes, Sectors};
use std::f64::consts::TAU;

/// The part of the board a question is about: zones that cannot reach within `radius` of
/// `centre` are not built.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Near {
    /// Centre of the region of interest.
    pub centre: Point,
    /// Its radius.
    pub radius: f64,
}

/// The capture areas of one king's enemies, with the king lifted off the board.
pub struct Zones<'a> {
    board: &'a Board,
    /// The radius of the king's disc.
    king: f64,
    /// Each zone with the index of the enemy whose capture area it is part of.
    zones: Vec<(usize, Zone)>,
}

/// Where a king sliding along a ray may be, by the "cannot cross" rule: its path may run
/// to `entered`, and it may stop anywhere from `left` to `entered` (both included: the
/// areas are open, so at either end its disc only touches one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stretch {
    /// Where it has left every capture area it stood in (0 when it stood in none).
    pub left: f64,
    /// Where it would first enter an enemy's capture area that it did not stand in, or come
    /// back into one that it had left (the ray's end when it never does).
    pub entered: f64,
}

/// One shape's capture area, as the set of centres of the king's disc it holds. `touch` is
/// how near the king's centre may come to the attacker's before the two discs overlap.
enum Zone {
    /// A slide's sweep up to its first contact (or its end, or the board's edge).
    Sweep { from: Point, to: Point, touch: f64 },
    /// A piece's capture-only strips (to the far ends `caps`), less its moving strips
    /// (to `moving`): the pawn's capsules less its way ahead.
    Strips {
        from: Point,
        caps: Vec<Point>,
        moving: Vec<Point>,
        touch: f64,
    },
    /// A jumper's free landing arcs on its circle of `radius` (angles about `from`, `end`
    /// may pass 2π).
    Ring {
        from: Point,
        radius: f64,
        arcs: Vec<(f64, f64)>,
        touch: f64,
    },
    /// A sliding strike's reach (the king's), tested exactly each time against the other
    /// pieces, with the curves that bound it (computed once: there are many).
    Strike {
        from: Disc,
        radius: f64,
        sectors: Sectors,
        others: Vec<Disc>,
        curves: Vec<Curve>,
    },
}

impl<'a> Zones<'a> {
    /// The capture areas of `king`'s enemies that reach `near`, with the king lifted,
    /// leaving out `spared` (a piece the king is about to capture: its threat dies with it).
    pub fn new(
        board: &'a Board,
        pieces: &[Piece],
        king: usize,
        spared: Option<usize>,
        near: Near,
    ) -> Self {
        let side: Color = pieces[king].side;
        let king_radius = board.radius(pieces[king].kind);
        let mut zones = Vec::new();
        let gap = |p: Point| p.distance(near.centre);
        for (i, a) in pieces.iter().enumerate() {
            if a.side == side || Some(i) == spared {
                continue;
            }
            let mover = board.disc(a);
            let touch = mover.contact(king_radius);
            // A piece whose every shape stays away from `near` makes no zone there.
            // (Squared, and not at all for a rider: this runs for every enemy.)
            let reach = board.reach_of(a.kind, a.side, a.moved);
            let within = near.radius + reach + touch;
            if reach.is_finite() && (a.at - near.centre).length_squared() > within * within {
                continue;
            }
            let inset = board.inset_for(mover.radius);
            let others = pieces
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i && j != king)
                .map(|(_, q)| board.disc(q));
            // Strips are gathered only for a piece whose strips come near (most do not).
            let (mut has_caps, mut strips_reach2) = (false, 0.0f64);
            let far = |dir: Point, end: Option<Point>| slide_end(inset, a.at, dir, end);
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
                        let rel = near.centre - a.at;
                        let ahead = rel.dot(u);
                        let miss2 = if ahead <= 0.0 {
                            rel.length_squared()
                        } else {
                            (rel - u * ahead).length_squared()
                        };
                        let within = near.radius + touch;
                        if miss2 > within * within {
                            continue;
                        }
                        let mut reach = slide_limit(inset, a.at, u, end);
                        for q in others.clone() {
                            if let Some(t) =
                                sweep_contact_within(a.at, u, q.at, mover.contact(q.radius), reach)
                            {
                                reach = t;
                            }
                        }
                        zones.push((
                            i,
                            Zone::Sweep {
                                from: a.at,
                                to: a.at + u * reach,
                                touch,
                            },
                        ));
                    }
                    Reach::Slide { dir, end, modes } => {
                        has_caps |= modes.captures;
                        strips_reach2 = strips_reach2.max((far(dir, end) - a.at).length_squared());
                    }
                    Reach::Ring { modes, .. } | Reach::Disc { modes, .. } if !modes.captures => {}
                    Reach::Ring {
                        sectors, radius, ..
                    } => {
                        if (gap(a.at) - radius).abs() <= near.radius + touch {
                            zones.push((
                                i,
                                Zone::Ring {
                                    from: a.at,
                                    radius,
                                    arcs: free_landing_arcs(
                                        board,
                                        mover,
                                        radius,
                                        sectors,
                                        others.clone(),
                                    ),
                                    touch,
                                },
                            ));
                        }
                    }
                    Reach::Disc {
                        sectors, radius, ..
                    } => {
                        if gap(a.at) <= near.radius + radius + touch {
                            let others: Vec<Disc> = others.clone().collect();
                            let mut curves = Vec::new();
                            strike_zone_curves(
                                board,
                                mover,
                                radius,
                                sectors,
                                &others,
                                touch,
                                &mut curves,
                            );
                            zones.push((
                                i,
                                Zone::Strike {
                                    from: mover,
                                    radius,
                                    sectors: sectors.clone(),
                                    others,
                                    curves,
                                },
                            ));
                        }
                    }
                }
            }
            if has_caps && gap(a.at) <= near.radius + strips_reach2.sqrt() + touch {
                let (mut caps, mut moving) = (Vec::new(), Vec::new());
                for shape in reaches(board, a) {
                    if let Reach::Slide { dir, end, modes } = shape
                        && !(modes.moves && modes.captures)
                    {
                        if modes.captures {
                            caps.push(far(dir, end));
                        } else {
                            moving.push(far(dir, end));
                        }
                    }
                }
                zones.push((
                    i,
                    Zone::Strips {
                        from: a.at,
                        caps,
                        moving,
                        touch,
                    },
                ));
            }
        }
        Zones {
            board,
            king: king_radius,
            zones,
        }
    }

    /// Whether the lifted king's disc at `p` would be capturable.
    pub fn attacked(&self, p: Point) -> bool {
        self.zones.iter().any(|(_, z)| self.zone_attacks(z, p))
    }

    /// Whether the capture area of the enemy `owner` holds the lifted king's disc at `p`.
    fn attacked_by(&self, owner: usize, p: Point) -> bool {
        self.zones
            .iter()
            .any(|(o, z)| *o == owner && self.zone_attacks(z, p))
    }

    fn zone_attacks(&self, zone: &Zone, p: Point) -> bool {
        match zone {
            Zone::Sweep { from, to, touch } => overlaps_sweep_within(p, *from, *to, *touch),
            Zone::Strips {
                from,
                caps,
                moving,
                touch,
            } => {
                caps.iter()
                    .any(|&c| overlaps_sweep_within(p, *from, c, *touch))
                    && !moving
                        .iter()
                        .any(|&m| overlaps_sweep_within(p, *from, m, *touch))
            }
            Zone::Ring {
                from,
                radius,
                arcs,
                touch,
            } => {
                let r = *radius;
                let d = p - *from;
                // No point of the circle comes nearer than this, arc ends included.
                if (d.length() - r).abs() >= *touch {
                    return false;
                }
                let phi = angle_of(d);
                arcs.iter().any(|&(a, b)| {
                    let within = (phi - a).rem_euclid(TAU) <= b - a;
                    let dist = if within {
                        (d.length() - r).abs()
                    } else {
                        let pa = *from + unit(a) * r;
                        let pb = *from + unit(b) * r;
                        p.distance(pa).min(p.distance(pb))
                    };
                    dist < *touch
                })
            }
            Zone::Strike {
                from,
                radius,
                sectors,
                others,
                ..
            } => disc_capture_witness(
                self.board,
                *from,
                *radius,
                sectors,
                Disc::new(p, self.king),
                others.iter().copied(),
            )
            .is_some(),
        }
    }

    /// The "cannot cross" rule along the king's path `o + t·u`, `0 ≤ t ≤ hi`, judged enemy
    /// by enemy: the king may leave the capture area of each enemy it stands in (an area is
    /// one enemy's, all its shapes together), and may enter none. With `may_leave` false
    /// (castling) every area entered counts, and so does one it stands in.
    pub fn stretch(&self, o: Point, u: Point, hi: f64, may_leave: bool) -> Stretch {
        let mut by_enemy: Vec<(usize, Vec<(f64, f64)>)> = Vec::new();
        for (owner, zone) in &self.zones {
            let spans = self.zone_spans(zone, o, u, hi);
            match by_enemy.iter_mut().find(|(e, _)| e == owner) {
                Some((_, all)) => all.extend(spans),
                None => by_enemy.push((*owner, spans)),
            }
        }
        let mut stretch = Stretch {
            left: 0.0,
            entered: hi,
        };
        for (owner, raw) in by_enemy {
            let spans = Spans::merged(raw);
            let mut crossed = spans.0.iter().filter(|s| s.1 > 0.0 && s.0 < hi);
            let Some(&(a, b)) = crossed.next() else {
                continue;
            };
            if may_leave && a <= 1e-9 && self.attacked_by(owner, o) {
                stretch.left = stretch.left.max(b);
                if let Some(&(again, _)) = crossed.next() {
                    stretch.entered = stretch.entered.min(again);
                }
            } else {
                stretch.entered = stretch.entered.min(a.max(0.0));
            }
        }
        stretch
    }

    /// Where the ray `o + t·u`, `0 ≤ t ≤ hi`, passes through some enemy's capture area
    /// (open intervals).
    pub fn spans(&self, o: Point, u: Point, hi: f64) -> Spans {
        Spans::merged(
            self.zones
                .iter()
                .flat_map(|(_, zone)| self.zone_spans(zone, o, u, hi))
                .collect(),
        )
    }

    /// Where the ray `o + t·u`, `0 ≤ t ≤ hi`, passes through one zone (open intervals).
    fn zone_spans(&self, zone: &Zone, o: Point, u: Point, hi: f64) -> Vec<(f64, f64)> {
        match zone {
            Zone::Sweep { from, to, touch } => line_in_capsule(o, u, *from, *to, *touch)
                .into_iter()
                .collect(),
            Zone::Strips {
                from,
                caps,
                moving,
                touch,
            } => {
                let mut spans = Spans::merged(
                    caps.iter()
                        .filter_map(|&cap| line_in_capsule(o, u, *from, cap, *touch))
                        .collect(),
                );
                for &m in moving {
                    if let Some(span) = line_in_capsule(o, u, *from, m, *touch) {
                        spans.subtract(span);
                    }
                }
                spans.0
            }
            Zone::Ring {
                from,
                radius,
                arcs,
                touch,
            } => ring_spans(*from, *radius, arcs, *touch, o, u).0,
            Zone::Strike { curves, .. } => {
                let mut critical = Vec::new();
                for c in curves {
                    c.line_params(o, u, &mut critical);
                }
                let samples = interval_samples(critical, 0.0, hi);
                runs(&samples, |t| self.zone_attacks(zone, o + u * t))
                    .into_iter()
                    .map(|run| (run.start, run.end))
                    .collect()
            }
        }
    }

    /// Every curve on which [`Zones::attacked`] can change, limited to those passing within
    /// `radius` of `centre`.
    pub fn curves(&self, centre: Point, radius: f64) -> Vec<Curve> {
        let mut all = Vec::new();
        for (_, zone) in &self.zones {
            self.zone_curves(zone, &mut all);
        }
        all.retain(|c| c.distance(centre) <= radius);
        all
    }

    fn zone_curves(&self, zone: &Zone, all: &mut Vec<Curve>) {
        match zone {
            Zone::Sweep { from, to, touch } => all.extend(Curve::capsule(*from, *to, *touch)),
            Zone::Strips {
                from,
                caps,
                moving,
                touch,
            } => {
                for &end in caps.iter().chain(moving) {
                    all.extend(Curve::capsule(*from, end, *touch));
                }
            }
            Zone::Ring {
                from,
                radius,
                arcs,
                touch,
            } => {
                let r = *radius;
                all.push(Curve::circle(*from, r + touch));
                all.push(Curve::circle(*from, (r - touch).max(0.0)));
                for &(a, b) in arcs {
                    all.push(Curve::circle(*from + unit(a) * r, *touch));
                    all.push(Curve::circle(*from + unit(b) * r, *touch));
                }
            }
            Zone::Strike { curves, .. } => all.extend_from_slice(curves),
        }
    }
}

/// The ray's spans through a jumper's zone: the ring within the free arcs, and the discs
/// about the arcs' ends, each `touch` wide.
fn ring_spans(from: Point, r: f64, arcs: &[(f64, f64)], touch: f64, o: Point, u: Point) -> Spans {
    let mut ring = Spans::default();
    if let Some(outer) = line_in_disc(o, u, from, r + touch) {
        ring.add(outer);
        if let Some(inner) = line_in_disc(o, u, from, r - touch) {
            ring.subtract(inner);
        }
    }
    let mut out = Spans::default();
    for &(a, b) in arcs {
        for sector in sector_spans(o, u, from, a, b).0 {
            for &(x, y) in &ring.0 {
                out.add((x.max(sector.0), y.min(sector.1)));
            }
        }
        for end in [a, b] {
            if let Some(span) = line_in_disc(o, u, from + unit(end) * r, touch) {
                out.add(span);
            }
        }
    }
    out
}

/// Where the ray `o + t·u` lies in the sector of directions from `centre` between angles
/// `a` and `b` (counter-clockwise; `b − a` up to 2π).
fn sector_spans(o: Point, u: Point, centre: Point, a: f64, b: f64) -> Spans {
    let mut out = Spans::default();
    let everything = (f64::NEG_INFINITY, f64::INFINITY);
    if b - a >= TAU - 1e-12 {
        out.add(everything);
        return out;
    }
    // "Left of the direction at a" and "right of the direction at b", as slabs in t.
    let left_of = |angle: f64| {
        let n = unit(angle).perp();
        line_in_slab(o, u, n, n.dot(centre), f64::INFINITY)
    };
    let right_of = |angle: f64| {
        let n = -unit(angle).perp();
        line_in_slab(o, u, n, n.dot(centre), f64::INFINITY)
    };
    let meet = |x: Option<(f64, f64)>, y: Option<(f64, f64)>| match (x, y) {
        (Some(x), Some(y)) => Some((x.0.max(y.0), x.1.min(y.1))),
        _ => None,
    };
    if b - a <= std::f64::consts::PI {
        if let Some(span) = meet(left_of(a), right_of(b)) {
            out.add(span);
        }
    } else {
        // A reflex sector: everything left of a, or right of b.
        for span in [left_of(a), right_of(b)].into_iter().flatten() {
            out.add(span);
        }
    }
    out
}

/// A superset of the curves bounding the set of centres of discs that `mover` can strike,
/// sliding up to `reach`: the Minkowski sum of its reachable star with a disc of radius
/// `touch` (how near a struck centre comes to the mover's).
fn strike_zone_curves(
    board: &Board,
    mover: Disc,
    reach: f64,
    sectors: &Sectors,
    others: &[Disc],
    touch: f64,
    out: &mut Vec<Curve>,
) {
    let from = mover.at;
    let near: Vec<Disc> = others
        .iter()
        .copied()
        .filter(|q| q.at.distance(from) <= reach + mover.contact(q.radius) + touch)
        .collect();
    let mut skeleton = vec![Curve::circle(from, reach)];
    let edges = || {
        board
            .inset_for(mover.radius)
            .edges_near(from, reach + 2.0 * touch)
    };
    for edge in edges() {
        graze(from, edge, touch, &mut skeleton, out);
    }
    // A sector's edges bound the strikes too: their lines, offset by a disc, and the apex.
    let bounds = sectors.bounds();
    for &a in &bounds {
        let dir = unit(a);
        skeleton.push(Curve::line(from, dir));
        out.extend(Curve::parallels(from, dir, touch));
    }
    // The apex, and where a disc about it starts to overlap the striker (from there no
    // strike reaches it): one circle. (With discs of radius R the circle of reach − touch
    // lies within 2e-6 of it; with others it does not.)
    out.push(Curve::circle(from, touch));
    for q in &near {
        let guard = mover.contact(q.radius);
        graze(from, Curve::circle(q.at, guard), touch, &mut skeleton, out);
        out.push(Curve::circle(q.at, guard + touch));
        out.push(Curve::circle(q.at, 1e-9));
    }
    out.push(Curve::circle(from, reach + touch));
    out.push(Curve::circle(from, (reach - touch).max(0.0)));
    for edge in edges() {
        match edge {
            Curve::Line { through, dir } => out.extend(Curve::parallels(through, dir, touch)),
            Curve::Circle { centre, radius } => {
                out.push(Curve::circle(centre, radius + touch));
                out.push(Curve::circle(centre, (radius - touch).max(1e-9)));
            }
        }
    }
    let mut vertices = Vec::new();
    for (i, a) in skeleton.iter().enumerate() {
        for b in &skeleton[i + 1..] {
            a.intersections(b, &mut vertices);
        }
    }
    vertices.retain(|v| v.distance(from) <= reach + 1e-6);
    out.extend(vertices.into_iter().map(|v| Curve::circle(v, touch)));
}

/// A curve of the strike zone's skeleton and, for a circle, its shadow from `from`: the
/// strikes that graze it bound those it stops (their lines into the skeleton, offset by
/// `touch` into `out`).
fn graze(from: Point, curve: Curve, touch: f64, skeleton: &mut Vec<Curve>, out: &mut Vec<Curve>) {
    skeleton.push(curve);
    let mut tangents = Vec::new();
    curve.tangent_angles(from, &mut tangents);
    for a in tangents {
        let dir = unit(a);
        skeleton.push(Curve::line(from, dir));
        out.extend(Curve::parallels(from, dir, touch));
    }
}

/// The arcs of a jumper's landing circle (angles about its centre) where its landing disc
/// lies on the board and overlaps none of `others`. An arc's end may pass 2π when it wraps.
fn free_landing_arcs(
    board: &Board,
    mover: Disc,
    r: f64,
    sectors: &Sectors,
    others: impl Iterator<Item = Disc>,
) -> Vec<(f64, f64)> {
    let from = mover.at;
    let inset = board.inset_for(mover.radius);
    let others: Vec<Disc> = others
        .filter(|q| (from.distance(q.at) - r).abs() < mover.contact(q.radius))
        .collect();
    let mut critical = landing_crossings(board, from, mover.radius, r, others.iter().copied());
    critical.extend(sectors.bounds());
    let free = |phi: f64| {
        let q = from + unit(phi) * r;
        sectors.contains(phi)
            && inset.contains(q)
            && others
                .iter()
                .all(|o| !overlaps_within(q, o.at, mover.contact(o.radius)))
    };
    if critical.is_empty() {
        return if free(0.0) { vec![(0.0, TAU)] } else { vec![] };
    }
    circle_runs(&circle_samples(critical), free)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sector_spans_follow_the_directions_seen_from_the_centre() {
        let o = Point::new(-10.0, 1.0);
        let u = Point::X;
        // The upper-right quarter seen from the origin: points with x > 0 on the line y = 1.
        let s = sector_spans(o, u, Point::ZERO, 0.0, std::f64::consts::FRAC_PI_2);
        assert_eq!(s.0.len(), 1);
        assert!((s.0[0].0 - 10.0).abs() < 1e-12 && s.0[0].1.is_infinite());
        // A reflex sector: everything but the lower-right quarter.
        let s = sector_spans(o, u, Point::ZERO, 0.0, 1.5 * std::f64::consts::PI);
        assert!(s.contains(5.0) && s.contains(15.0));
    }
}
