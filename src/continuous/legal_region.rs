//! Everywhere a piece may legally go: its legal region as drawable parts, the nearest
//! legal target to a pointer, and whether a side has any legal move at all. `resolve`
//! judges one requested target; this module finds them all.
//!
//! # How "no legal move" is decided, and why it cannot miss one
//!
//! Every rule is a finite Boolean combination of tests of the form "this point is inside
//! that circle" or "on this side of that line": overlap and contact are distances to disc
//! centres, capture areas are capsules, annuli and their offsets, the board is a rectangle.
//! So each of a piece's shapes gives its targets as a one-parameter family (a ray for each
//! slide, the landing circle for each ring, within its sectors) or, for a sector disc (the
//! king's), a fan of rays, and along a family the answer can change only where the family
//! crosses one of finitely many known curves
//! ([`crate::continuous::attack`] lists them for each kind of threat, conservatively: extra
//! curves cost time, never correctness).
//!
//! - Along a ray or circle we compute every crossing, sort them, and test each crossing and
//!   one point strictly between each consecutive pair. Between two crossings nothing
//!   changes, so if any target of the family is legal, one of the tested points is.
//! - For a sector disc the fan is two-dimensional. Along a fixed direction the crossings
//!   move continuously with the direction, and their order can change only when the
//!   direction passes a point where two curves meet, grazes a circle, or crosses a sector's
//!   edge. We collect all such critical directions (within the disc's reach), and test
//!   every critical direction and one direction between each consecutive pair, each exactly
//!   as above. For a royal piece the curves are its enemies' capture areas; for any other,
//!   the curves across which it starts or stops shielding its king.
//! - Castling targets are two points; captures are finitely many pieces, each judged in full
//!   (a royal sector disc's by the same method restricted to the directions that touch that
//!   piece).
//!
//! A side has a legal move iff one of these finitely many tested targets is legal; each
//! witness found is re-judged by [`resolve_piece`] before it is believed. Degenerate legal
//! sets of a single point are found when they sit on a critical value, which is where they
//! can sit. No sampling density or step size enters the decision.

use super::attack::{
    attackers, disc_capture_witness, is_attacked, landing_crossings, shield_curves,
};
use super::board::Board;
use super::geometry::{
    Curve, Intervals, OPEN_END, Point, angle_of, circle_runs, circle_samples,
    circle_samples_middles_first, contact, interval_samples, overlaps_sweep_within,
    overlaps_within, unit,
};
use super::king_zones::{Near, Zones};
use super::piece::{Color, Kind, Piece};
use super::position::Position;
use super::reach::{Reach, reaches, slide_end};
use super::resolve::{Outcome, first_contact, path_prefix_ok, resolve_piece};
use super::shapes::Sectors;
use std::f64::consts::TAU;

/// A part of a piece's legal region, for drawing and for snapping a pointer.
#[derive(Clone, Debug, PartialEq)]
pub enum RegionPart {
    /// Targets `from + t·dir` for `t` in the intervals.
    Ray {
        /// The piece's centre.
        from: Point,
        /// Unit direction.
        dir: Point,
        /// Legal distances.
        intervals: Intervals,
    },
    /// Knight landings `centre + radius·(cos a, sin a)` for `a` in the arcs.
    Arcs {
        /// The knight's centre.
        centre: Point,
        /// The jump length.
        radius: f64,
        /// Legal angles (`end` may pass 2π).
        arcs: Vec<(f64, f64)>,
    },
    /// The king castles by moving here.
    Castle {
        /// The king's target.
        to: Point,
    },
}

impl RegionPart {
    /// Its legal stretches: distances along a ray, angles around a ring; none for a
    /// castling move.
    pub fn stretches(&self) -> &[(f64, f64)] {
        match self {
            RegionPart::Ray { intervals, .. } => &intervals.0,
            RegionPart::Arcs { arcs, .. } => arcs,
            RegionPart::Castle { .. } => &[],
        }
    }

    /// The target at `t` of a stretch: `t` from the centre along a ray, at angle `t`
    /// around a ring; a castling move's target whatever `t`.
    pub fn point_at(&self, t: f64) -> Point {
        match self {
            RegionPart::Ray { from, dir, .. } => *from + *dir * t,
            RegionPart::Arcs { centre, radius, .. } => *centre + unit(t) * *radius,
            RegionPart::Castle { to } => *to,
        }
    }
}

/// A piece's full legal region.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LegalRegion {
    /// Plain moves.
    pub parts: Vec<RegionPart>,
    /// Indices of the pieces it can legally capture.
    pub captures: Vec<usize>,
}

impl LegalRegion {
    /// Whether the piece has no legal move.
    pub fn is_empty(&self) -> bool {
        self.captures.is_empty()
            && self.parts.iter().all(|p| match p {
                RegionPart::Ray { intervals, .. } => intervals.is_empty(),
                RegionPart::Arcs { arcs, .. } => arcs.is_empty(),
                RegionPart::Castle { .. } => false,
            })
    }

    /// One candidate target per interval, arc and castling move: the middles.
    pub fn targets(&self) -> impl Iterator<Item = Point> + '_ {
        self.parts.iter().flat_map(|p| {
            let points: Vec<Point> = match p {
                RegionPart::Castle { to } => vec![*to],
                _ => p
                    .stretches()
                    .iter()
                    .map(|&(a, b)| p.point_at(0.5 * (a + b)))
                    .collect(),
            };
            points
        })
    }
}

/// How many directions the drawn region of a sector disc (the king's) uses over the whole
/// circle; its decision uses exact ones.
pub const KING_FAN_RAYS: usize = 72;

/// Which directions a sector disc's region is given on.
#[derive(Clone, Debug)]
enum Fan {
    /// Evenly spaced, `n` to the whole circle, for drawing.
    Even(usize),
    /// These angles only.
    Angles(Vec<f64>),
    /// Every direction where the answer can change, and one between each pair: exact.
    Exact,
}

impl Fan {
    /// The angles of this fan inside `sectors`, for a disc of `radius` at `pieces[i]`
    /// whose answer can change only across `curves`.
    fn angles(&self, o: Point, sectors: &Sectors, radius: f64, curves: &[Curve]) -> Vec<f64> {
        let mut angles = match self {
            Fan::Even(n) => (0..*n).map(|k| k as f64 * TAU / *n as f64).collect(),
            Fan::Angles(a) => a.clone(),
            Fan::Exact => {
                let mut critical = critical_directions(o, curves, radius);
                critical.extend(sectors.bounds());
                circle_samples(critical)
            }
        };
        angles.retain(|&a| sectors.contains(a));
        angles
    }
}

/// The legal region of `pos.pieces()[i]` (empty when it is not that side's turn). A sector
/// disc's plain moves (the king's) are given on [`KING_FAN_RAYS`] evenly spaced directions,
/// for drawing.
pub fn legal_region(pos: &Position, i: usize) -> LegalRegion {
    if pos.pieces()[i].side != pos.to_move() {
        return LegalRegion::default();
    }
    region(pos, i, &Fan::Even(KING_FAN_RAYS))
}

/// The legal region with a sector disc's plain moves on `rays` evenly spaced directions
/// (fewer than drawn, for a quick look: the computer's candidates).
pub fn legal_region_with_fan(pos: &Position, i: usize, rays: usize) -> LegalRegion {
    if pos.pieces()[i].side != pos.to_move() {
        return LegalRegion::default();
    }
    region(pos, i, &Fan::Even(rays.max(1)))
}

/// The legal region with a sector disc's plain moves on every direction where the answer
/// can change and one between each pair: no stretch of it is missed, however narrow (the
/// computer's candidates for a king in check, whose escapes can be slivers).
pub fn legal_region_exact(pos: &Position, i: usize) -> LegalRegion {
    if pos.pieces()[i].side != pos.to_move() {
        return LegalRegion::default();
    }
    region(pos, i, &Fan::Exact)
}

/// The legal region with a sector disc's plain moves on the single direction `dir` only:
/// the exact answer for that ray, which the drawn fan only samples.
pub fn legal_region_towards(pos: &Position, i: usize, dir: Point) -> LegalRegion {
    if pos.pieces()[i].side != pos.to_move() {
        return LegalRegion::default();
    }
    region(pos, i, &Fan::Angles(vec![angle_of(dir)]))
}

fn region(pos: &Position, i: usize, fan: &Fan) -> LegalRegion {
    if pos.board().is_royal(pos.pieces()[i].kind) {
        let view = KingView::new(pos, i);
        let mut parts = view.plain(fan);
        parts.extend(view.castles());
        LegalRegion {
            parts,
            captures: view.captures(),
        }
    } else {
        other_region(pos, i, fan)
    }
}

/// The position's pieces with the mover lifted, and where its king went.
struct Lifted<'a> {
    board: &'a Board,
    pieces: Vec<Piece>,
    king: usize,
    /// Whether some enemy already attacks the king with the mover lifted.
    threatened: bool,
    curves: Vec<Curve>,
    /// What the mover may promote to, when one of those kinds has a disc of another size
    /// than its own (then whether it fits, and what it shields, depend on the choice);
    /// empty otherwise.
    choices: Vec<Kind>,
}

impl<'a> Lifted<'a> {
    fn new(pos: &'a Position, i: usize) -> Self {
        let board = pos.board();
        let mover = pos.pieces()[i];
        let shield = board.radius(mover.kind);
        let mut pieces = pos.pieces().to_vec();
        pieces.remove(i);
        let side = mover.side;
        let king = pieces
            .iter()
            .position(|p| p.side == side && board.is_royal(p.kind))
            .unwrap_or_default();
        let threats = attackers(board, &pieces, king);
        let mut curves: Vec<Curve> = threats
            .iter()
            .flat_map(|&a| shield_curves(board, &pieces, a, king, shield))
            .collect();
        let promotion = board.promotion_of(mover.kind);
        let choices: Vec<Kind> = if promotion.iter().any(|&k| board.radius(k) != shield) {
            promotion.to_vec()
        } else {
            Vec::new()
        };
        if !choices.is_empty() {
            // Where the mover starts to promote, and, for each size of disc it may become,
            // where that disc stops fitting or starts or stops shielding.
            curves.extend(promotion_curves(board, side == Color::White, shield));
            let mut sizes: Vec<f64> = choices.iter().map(|&k| board.radius(k)).collect();
            sizes.sort_by(f64::total_cmp);
            sizes.dedup();
            for radius in sizes {
                curves.extend(board.inset_for(radius).edges());
                curves.extend(
                    pieces
                        .iter()
                        .map(|q| Curve::circle(q.at, contact(radius, board.radius(q.kind)))),
                );
                for &a in &threats {
                    curves.extend(shield_curves(board, &pieces, a, king, radius));
                }
            }
        }
        Lifted {
            board,
            threatened: !threats.is_empty(),
            pieces,
            king,
            curves,
            choices,
        }
    }

    /// Whether the king is safe with the mover (moved) standing at `q`: a friendly disc can
    /// only shield, so with no threat every point is safe. Where the mover promotes to a
    /// disc of another size, some choice must fit there and leave the king safe.
    fn safe_with(&mut self, mover: Piece, q: Point) -> bool {
        let board = self.board;
        let white = mover.side == Color::White;
        if !self.choices.is_empty() && board.promotes_disc_at(white, q, board.radius(mover.kind)) {
            return (0..self.choices.len()).any(|n| {
                let promoted = Piece {
                    at: q,
                    kind: self.choices[n],
                    ..mover
                };
                board.fits(&promoted, &self.pieces) && self.safe_as(promoted)
            });
        }
        self.safe_as(Piece { at: q, ..mover })
    }

    /// Whether the king is safe with `piece` standing among the others.
    fn safe_as(&mut self, piece: Piece) -> bool {
        if !self.threatened {
            return true;
        }
        self.pieces.push(piece);
        let safe = !is_attacked(self.board, &self.pieces, self.king);
        self.pieces.pop();
        safe
    }
}

/// The curve where a disc of `radius` moving forward (White's +y, else −y) starts to touch
/// the promotion line: a line across a rectangle, and on a round board the circle of the
/// rim's curve moved back by the line's distance.
fn promotion_curves(board: &Board, white: bool, radius: f64) -> Vec<Curve> {
    let line = board.promotion_line + radius;
    let (y, ahead) = if white {
        (board.height() - line, 1.0)
    } else {
        (line, -1.0)
    };
    let mut out = vec![Curve::line(Point::new(0.0, y), Point::X)];
    if board.round {
        out.push(Curve::circle(
            board.centre() - Point::new(0.0, ahead * board.promotion_line),
            board.outline_radius() - radius,
        ));
    }
    out
}

/// The legal region of a piece that is not royal: its king's safety is the only thing its
/// own position changes, through the shields its landing may make or break.
fn other_region(pos: &Position, i: usize, fan: &Fan) -> LegalRegion {
    let board = pos.board();
    let pieces = pos.pieces();
    let mover = pieces[i];
    let me = board.disc(&mover);
    let o = mover.at;
    let inset = board.inset_for(me.radius);
    let mut lifted = Lifted::new(pos, i);
    let mut region = LegalRegion::default();

    let ray = |lifted: &mut Lifted<'_>,
               u: Point,
               longest: f64,
               may_capture: bool,
               region: &mut LegalRegion| {
        let exit = inset.exit_distance(o, u).min(longest);
        let contact = first_contact(board, pieces, i, me, u, exit);
        // Plain moves stop short of any contact: an enemy there is captured, and a friend's
        // exact touch is left to rounding, so the region keeps a hair clear of it.
        let (hi, open_hi) = match contact {
            Some((_, t)) => (t, true),
            None => (exit, false),
        };
        let mut critical = Vec::new();
        for c in &lifted.curves {
            c.line_params(o, u, &mut critical);
        }
        let lo = board.min_move + OPEN_END;
        let intervals = if hi < lo {
            Intervals::default()
        } else {
            let samples = interval_samples(critical, lo, hi);
            Intervals::from_samples(&samples, |t| {
                !(open_hi && t >= hi) && lifted.safe_with(mover, o + u * t)
            })
        };
        region.parts.push(RegionPart::Ray {
            from: o,
            dir: u,
            intervals,
        });
        if let Some((j, _)) = contact
            && may_capture
            && pieces[j].side != mover.side
        {
            region.captures.push(j);
        }
    };

    let enemies = || (0..pieces.len()).filter(|&j| pieces[j].side != mover.side);
    let touch = |j: usize| me.contact(board.radius(pieces[j].kind));
    let shapes = reaches(board, &mover);
    for shape in shapes.clone() {
        match shape {
            Reach::Slide { dir, end, modes } if modes.moves => {
                let longest = end.map_or(f64::INFINITY, Point::length);
                ray(&mut lifted, dir, longest, modes.captures, &mut region);
            }
            Reach::Slide { dir, end, .. } => {
                // A capture-only strip: the judge decides each enemy it holds.
                let far = slide_end(inset, o, dir, end);
                let held: Vec<usize> = enemies()
                    .filter(|&j| overlaps_sweep_within(pieces[j].at, o, far, touch(j)))
                    .collect();
                region.captures.extend(held);
            }
            Reach::Ring {
                sectors,
                radius: r,
                modes,
            } => {
                if modes.moves {
                    let curves = lifted.curves.clone();
                    let arcs =
                        landing_arcs(pos, i, r, sectors, &curves, |q| lifted.safe_with(mover, q));
                    region.parts.push(RegionPart::Arcs {
                        centre: o,
                        radius: r,
                        arcs,
                    });
                }
                if modes.captures {
                    let near: Vec<usize> = enemies()
                        .filter(|&j| (pieces[j].at.distance(o) - r).abs() < touch(j))
                        .collect();
                    region.captures.extend(near);
                }
            }
            Reach::Disc {
                sectors,
                radius,
                modes,
            } => {
                if modes.moves {
                    let mut curves = lifted.curves.clone();
                    curves.extend(contact_curves(pos, i, radius));
                    for theta in fan.angles(o, sectors, radius, &curves) {
                        ray(
                            &mut lifted,
                            unit(theta),
                            radius,
                            modes.captures,
                            &mut region,
                        );
                    }
                }
                if modes.captures {
                    let near: Vec<usize> = enemies()
                        .filter(|&j| pieces[j].at.distance(o) <= radius + touch(j))
                        .collect();
                    region.captures.extend(near);
                }
            }
        }
    }
    region.captures = judged_captures(pos, i, std::mem::take(&mut region.captures));
    region
}

/// The free landing arcs of `pieces[i]` jumping `r` inside `sectors` where `safe` holds,
/// `safe` changing only across `curves`: on the board, overlapping no disc, kept a hair
/// clear of their ends.
fn landing_arcs(
    pos: &Position,
    i: usize,
    r: f64,
    sectors: &Sectors,
    curves: &[Curve],
    mut safe: impl FnMut(Point) -> bool,
) -> Vec<(f64, f64)> {
    let board = pos.board();
    let pieces = pos.pieces();
    let me = board.disc(&pieces[i]);
    let o = me.at;
    let inset = board.inset_for(me.radius);
    let discs = pieces.iter().map(|q| board.disc(q));
    let mut critical = landing_crossings(board, o, me.radius, r, discs);
    for c in curves {
        c.circle_params(o, r, &mut critical);
    }
    critical.extend(sectors.bounds());
    let arcs = circle_runs(&circle_samples(critical), |phi| {
        let q = o + unit(phi) * r;
        sectors.contains(phi)
            && inset.contains(q)
            && pieces
                .iter()
                .enumerate()
                .all(|(j, p)| j == i || !overlaps_within(q, p.at, me.contact(board.radius(p.kind))))
            && safe(q)
    });
    kept_clear(arcs)
}

/// Arc ends are where a landing just touches a disc or the edge: keep a hair clear.
fn kept_clear(arcs: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    arcs.into_iter()
        .filter_map(|(a, b)| {
            if b - a >= TAU {
                Some((a, b))
            } else {
                (b - a > 2.0 * OPEN_END).then_some((a + OPEN_END, b - OPEN_END))
            }
        })
        .collect()
}

/// The candidates (in order, once each) that the judge lets `pieces[i]` capture: a
/// capture's legality depends on the captured piece only, so each is judged in full.
fn judged_captures(pos: &Position, i: usize, candidates: Vec<usize>) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(candidates.len());
    for x in candidates {
        if !out.contains(&x) && captures(pos, i, x) {
            out.push(x);
        }
    }
    out
}

/// Whether the judge lets `pieces[i]` capture `pieces[x]`, aiming at [`capture_aim`].
fn captures(pos: &Position, i: usize, x: usize) -> bool {
    matches!(
        resolve_piece(pos, i, capture_aim(pos, i, x), None),
        Outcome::Capture(a) if a.captured.is_some_and(|c| c.at == pos.pieces()[x].at)
    )
}

/// Where to aim to capture `pieces[x]` with `pieces[i]`: its centre, except where one of
/// the piece's rings passes within the snap tolerance of that centre, where the aim would
/// read as one particular landing; then a point inside the victim but off the ring, so
/// that every landing is considered.
pub fn capture_aim(pos: &Position, i: usize, x: usize) -> Point {
    let mover = pos.pieces()[i];
    let victim = pos.pieces()[x].at;
    let victim_radius = pos.board().radius(pos.pieces()[x].kind);
    let d = victim - mover.at;
    let grazing = reaches(pos.board(), &mover).find_map(|s| match s {
        Reach::Ring { radius, .. } => {
            let off = d.length() - radius;
            (off.abs() <= 2.0 * super::geometry::SNAP).then_some(off)
        }
        _ => None,
    });
    if let Some(off) = grazing {
        let outward = d.normalize_or(Point::X);
        let inward = 0.5 * victim_radius;
        return victim + outward * if off >= 0.0 { inward } else { -inward };
    }
    // A sector disc slides toward the aim: where the way to the centre is barred, aim
    // along a direction that strikes the victim first, at its closest approach.
    let board = pos.board();
    let strikes = |aim: Point| {
        matches!(resolve_piece(pos, i, aim, None),
            Outcome::Capture(a) if a.captured.is_some_and(|c| c.at == victim))
    };
    for shape in reaches(board, &mover) {
        let Reach::Disc {
            sectors,
            radius,
            modes,
        } = shape
        else {
            continue;
        };
        if !modes.captures {
            continue;
        }
        if strikes(victim) {
            break;
        }
        let direction = if board.is_royal(mover.kind) {
            royal_strike(pos, i, sectors, radius, x).map(unit)
        } else {
            let others = pos
                .pieces()
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i && j != x)
                .map(|(_, q)| board.disc(q));
            let target = board.disc(&pos.pieces()[x]);
            disc_capture_witness(board, board.disc(&mover), radius, sectors, target, others)
                .map(|contact| (contact - mover.at).normalize())
        };
        if let Some(u) = direction {
            let aim = mover.at + u * d.dot(u);
            if strikes(aim) {
                return aim;
            }
        }
    }
    victim
}

/// What every question about a royal piece's own moves shares: its zones, whether it
/// stands in one, and the discs within its reach. Built once per question.
struct KingView<'a> {
    pos: &'a Position,
    i: usize,
    zones: Zones<'a>,
    nearby: Vec<Piece>,
}

impl<'a> KingView<'a> {
    fn new(pos: &'a Position, i: usize) -> Self {
        let near = reach_of(pos, i);
        let zones = Zones::new(pos.board(), pos.pieces(), i, None, near);
        KingView {
            pos,
            i,
            zones,
            nearby: within(pos, i, near.radius),
        }
    }

    /// A margin about the royal piece's reach within which its zones' curves are kept: its
    /// disc's width.
    fn touch(&self) -> f64 {
        let king = &self.pos.pieces()[self.i];
        self.pos.board().contact(king, king)
    }

    /// Plain moves: each slide's ray, each sector disc on the fan's directions, each ring's
    /// safe free arcs.
    fn plain(&self, fan: &Fan) -> Vec<RegionPart> {
        let (board, pieces) = (self.pos.board(), self.pos.pieces());
        let king = pieces[self.i];
        let from = king.at;
        let mut parts = Vec::new();
        for shape in reaches(board, &king) {
            match shape {
                Reach::Slide { dir, end, modes } if modes.moves => {
                    let limit = end.map_or(f64::INFINITY, Point::length);
                    parts.push(RegionPart::Ray {
                        from,
                        dir,
                        intervals: self.ray(dir, limit),
                    });
                }
                Reach::Disc {
                    sectors,
                    radius,
                    modes,
                } if modes.moves => {
                    let curves = match fan {
                        Fan::Exact => {
                            let mut curves = self.zones.curves(from, radius + self.touch());
                            curves.extend(contact_curves(self.pos, self.i, radius));
                            curves
                        }
                        _ => Vec::new(),
                    };
                    parts.extend(fan.angles(from, sectors, radius, &curves).into_iter().map(
                        |theta| RegionPart::Ray {
                            from,
                            dir: unit(theta),
                            intervals: self.ray(unit(theta), radius),
                        },
                    ));
                }
                Reach::Ring {
                    sectors,
                    radius: r,
                    modes,
                } if modes.moves => {
                    let curves = self.zones.curves(from, r + self.touch());
                    let arcs = landing_arcs(self.pos, self.i, r, sectors, &curves, |q| {
                        !self.zones.attacked(q)
                    });
                    parts.push(RegionPart::Arcs {
                        centre: from,
                        radius: r,
                        arcs,
                    });
                }
                _ => {}
            }
        }
        parts
    }

    /// The royal piece's legal plain distances along `u`, up to `limit`: past the capture
    /// areas it stands in (if in check), short of the first one it would enter and of the
    /// first disc it touches.
    fn ray(&self, u: Point, limit: f64) -> Intervals {
        let board = self.pos.board();
        let me = board.disc(&self.pos.pieces()[self.i]);
        let o = me.at;
        let exit = board.inset_for(me.radius).exit_distance(o, u);
        let mut hi = limit.min(exit);
        if let Some((_, t)) = first_contact(board, &self.nearby, usize::MAX, me, u, hi) {
            hi = t;
        }
        let free = self.zones.stretch(o, u, hi, true);
        // Every end is a boundary where some test flips: keep a hair clear of it.
        let lo = board.min_move.max(free.left) + OPEN_END;
        let top = free.entered.min(hi) - OPEN_END;
        if lo <= top {
            Intervals(vec![(lo, top)])
        } else {
            Intervals::default()
        }
    }

    /// Castling moves (judged in full).
    fn castles(&self) -> Vec<RegionPart> {
        let board = self.pos.board();
        let king = self.pos.pieces()[self.i];
        if king.moved || board.castling.is_none_or(|c| c.king != king.kind) {
            return Vec::new();
        }
        let travel = board.castling_king_travel;
        [-1.0, 1.0]
            .into_iter()
            .map(|sign| king.at + Point::new(sign * travel, 0.0))
            .filter(|&to| {
                resolve_piece(self.pos, self.i, to, None)
                    .applied()
                    .is_some_and(|a| a.castling.is_some())
            })
            .map(|to| RegionPart::Castle { to })
            .collect()
    }

    /// The enemies the royal piece can legally capture: by its sector discs, examined
    /// exactly; by its slides and rings, each candidate judged in full.
    fn captures(&self) -> Vec<usize> {
        let (board, pieces) = (self.pos.board(), self.pos.pieces());
        let king = pieces[self.i];
        let mut out = Vec::new();
        let mut candidates = Vec::new();
        for shape in reaches(board, &king) {
            match shape {
                Reach::Disc {
                    sectors,
                    radius,
                    modes,
                } if modes.captures => {
                    out.extend(disc_captures(self.pos, self.i, sectors, radius));
                }
                Reach::Slide { dir, end, modes } if modes.captures => {
                    let far = slide_end(board.inset_of(&king), king.at, dir, end);
                    candidates.extend((0..pieces.len()).filter(|&j| {
                        pieces[j].side != king.side
                            && overlaps_sweep_within(
                                pieces[j].at,
                                king.at,
                                far,
                                board.contact(&king, &pieces[j]),
                            )
                    }));
                }
                Reach::Ring { radius, modes, .. } if modes.captures => {
                    candidates.extend((0..pieces.len()).filter(|&j| {
                        pieces[j].side != king.side
                            && (pieces[j].at.distance(king.at) - radius).abs()
                                < board.contact(&king, &pieces[j])
                    }));
                }
                _ => {}
            }
        }
        candidates.retain(|x| !out.contains(x));
        out.extend(judged_captures(self.pos, self.i, candidates));
        out
    }
}

/// The pieces other than `pieces[i]` whose discs the disc of `pieces[i]` could touch
/// while its centre stays within `distance` of where it stands.
fn within(pos: &Position, i: usize, distance: f64) -> Vec<Piece> {
    let board = pos.board();
    let me = pos.pieces()[i];
    pos.pieces()
        .iter()
        .enumerate()
        .filter(|&(j, q)| j != i && q.at.distance(me.at) < distance + board.contact(&me, q))
        .map(|(_, q)| *q)
        .collect()
}

/// The part of the board a royal piece's own moves can reach, as the focus of its zones.
fn reach_of(pos: &Position, i: usize) -> Near {
    let board = pos.board();
    let piece = pos.pieces()[i];
    let across = board.width().hypot(board.height());
    let radius = reaches(board, &piece)
        .map(|s| match s {
            Reach::Slide { end, .. } => end.map_or(across, Point::length),
            Reach::Disc { radius, .. } => radius,
            Reach::Ring { radius, .. } => radius + board.radius(piece.kind),
        })
        .fold(0.0, f64::max);
    Near {
        centre: piece.at,
        radius,
    }
}

/// The enemies a royal sector disc can legally capture.
fn disc_captures(pos: &Position, i: usize, sectors: &Sectors, reach: f64) -> Vec<usize> {
    let king = pos.pieces()[i];
    (0..pos.pieces().len())
        .filter(|&x| pos.pieces()[x].side != king.side)
        .filter(|&x| royal_strike(pos, i, sectors, reach, x).is_some())
        .collect()
}

/// A direction in which the royal sector disc of `pieces[i]` legally captures `pieces[x]`:
/// every direction inside the sectors that touches it first is examined through the
/// critical directions of the paths there.
fn royal_strike(pos: &Position, i: usize, sectors: &Sectors, reach: f64, x: usize) -> Option<f64> {
    let board = pos.board();
    let pieces = pos.pieces();
    let king = pieces[i];
    let o = king.at;
    let victim = pieces[x];
    let touch = board.contact(&king, &victim);
    let apart = board.radius(king.kind) + board.radius(victim.kind);
    if victim.side == king.side || victim.at.distance(o) > reach + apart {
        return None;
    }
    // The landing does not depend on the direction: reject it first. The king lands on
    // the victim's centre, where its own disc (larger, perhaps) must fit, and be safe.
    let mut after = pieces.to_vec();
    after[i].at = victim.at;
    after.remove(x);
    let k = if x < i { i - 1 } else { i };
    let others = after
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != k)
        .map(|(_, q)| q);
    if !board.fits(&after[k], others) || is_attacked(board, &after, k) {
        return None;
    }
    let near = Near {
        centre: o,
        radius: reach,
    };
    let zones = Zones::new(board, pieces, i, Some(x), near);
    let mut curves = zones.curves(o, reach + board.contact(&king, &king));
    curves.extend(contact_curves(pos, i, reach));
    let base = angle_of(victim.at - o);
    let half = (touch / victim.at.distance(o)).clamp(-1.0, 1.0).asin();
    let mut angles: Vec<f64> = critical_directions(o, &curves, reach)
        .into_iter()
        .chain(sectors.bounds())
        .filter(|a| angle_gap(*a, base) <= half)
        .collect();
    angles.push(base - half);
    angles.push(base + half);
    angles.push(base);
    // The middles between critical directions first: there the strike holds on both sides,
    // so the aim a caller derives from the direction survives rounding.
    circle_samples_middles_first(angles)
        .into_iter()
        .filter(|a| angle_gap(*a, base) <= half && sectors.contains(*a))
        .find(|&theta| {
            let u = unit(theta);
            let limit = reach.min(board.inset_of(&king).exit_distance(o, u));
            let Some((j, tc)) = first_contact(board, pieces, i, board.disc(&king), u, limit) else {
                return false;
            };
            j == x && path_prefix_ok(&zones, o, u, tc, false)
        })
}

fn angle_gap(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(TAU);
    d.min(TAU - d)
}

/// The circles on which the first disc that a disc sliding up to `reach` from
/// `pieces[i]` touches changes.
fn contact_curves(pos: &Position, i: usize, reach: f64) -> Vec<Curve> {
    let board = pos.board();
    let me = board.disc(&pos.pieces()[i]);
    let o = me.at;
    let mut out: Vec<Curve> = pos
        .pieces()
        .iter()
        .enumerate()
        .filter_map(|(j, q)| {
            let touch = me.contact(board.radius(q.kind));
            (j != i && q.at.distance(o) <= reach + 2.0 * touch).then(|| Curve::circle(q.at, touch))
        })
        .collect();
    out.push(Curve::circle(o, board.min_move));
    out.push(Curve::circle(o, reach));
    let far = reach + 2.0 * contact(me.radius, board.largest_radius());
    out.extend(board.inset_for(me.radius).edges_near(o, far));
    out
}

/// Directions from `o` in which the order of crossings with `curves` can change within
/// `reach`: grazing a circle, or passing a point where two curves meet.
fn critical_directions(o: Point, curves: &[Curve], reach: f64) -> Vec<f64> {
    let mut angles = Vec::new();
    for c in curves {
        c.tangent_angles(o, &mut angles);
    }
    let mut points = Vec::new();
    for (k, a) in curves.iter().enumerate() {
        for b in &curves[k + 1..] {
            a.intersections(b, &mut points);
        }
    }
    angles.extend(
        points
            .into_iter()
            .filter(|p| {
                let d = p.distance(o);
                d > 1e-12 && d <= reach + 1e-6
            })
            .map(|p| angle_of(p - o)),
    );
    angles
}

/// A legal move of the side to play, as a piece index and a target, if there is one. The
/// method is exact (see the module docs): `None` means there is no legal move at all. The
/// target is one the judge accepts, but where a royal piece's only moves are captures found
/// along grazing directions, whose aim rounding may spoil.
pub fn find_legal_move(pos: &Position) -> Option<(usize, Point)> {
    let side = pos.to_move();
    let board = pos.board();
    let pieces = pos.pieces();
    let confirmed = |i: usize, to: Point| resolve_piece(pos, i, to, None).applied().is_some();
    let first_confirmed = |i: usize, parts: Vec<RegionPart>| {
        let region = LegalRegion {
            parts,
            captures: Vec::new(),
        };
        region.targets().find(|&to| confirmed(i, to))
    };
    let mut royals = Vec::new();
    let mut unconfirmed = None;
    for (i, piece) in pieces.iter().enumerate() {
        if piece.side != side {
            continue;
        }
        if board.is_royal(piece.kind) {
            royals.push(i);
            continue;
        }
        // A coarse fan for any sector disc first; the exact one if that finds nothing.
        for fan in [Fan::Even(32), Fan::Exact] {
            let region = other_region(pos, i, &fan);
            if let Some(to) = region.targets().find(|&to| confirmed(i, to)) {
                return Some((i, to));
            }
            if let Some(&x) = region.captures.first() {
                return Some((i, capture_aim(pos, i, x)));
            }
            if !reaches(board, piece).any(|s| matches!(s, Reach::Disc { .. })) {
                break;
            }
        }
    }
    for k in royals {
        let view = KingView::new(pos, k);
        // Cheap first: a coarse fan, castling and captures usually settle it; the exact fan
        // decides the rest.
        let mut cheap = view.plain(&Fan::Even(32));
        cheap.extend(view.castles());
        if let Some(to) = first_confirmed(k, cheap) {
            return Some((k, to));
        }
        // A capture whose aim the judge confirms; one it does not (a strike found only
        // along a grazing direction) still proves a legal move, kept for last.
        let captures = view.captures();
        if let Some(to) = captures
            .iter()
            .map(|&x| capture_aim(pos, k, x))
            .find(|&to| confirmed(k, to))
        {
            return Some((k, to));
        }
        if let Some(to) = first_confirmed(k, view.plain(&Fan::Exact)) {
            return Some((k, to));
        }
        if let Some(&x) = captures.first() {
            unconfirmed.get_or_insert((k, capture_aim(pos, k, x)));
        }
    }
    unconfirmed
}

/// Whether the side to play has a legal move (exact; see the module docs).
pub fn has_legal_move(pos: &Position) -> bool {
    find_legal_move(pos).is_some()
}

/// Where a piece dragged toward `pointer` would really go: the nearest legal plain target
/// on its region, or a capture when the pointer is inside a capturable enemy. For the king,
/// the slide toward the pointer is computed exactly on the pointer's own direction.
pub fn nearest_target(pos: &Position, i: usize, pointer: Point) -> Option<Target> {
    let piece = pos.pieces()[i];
    if piece.side != pos.to_move() {
        return None;
    }
    // A sector disc's slide toward the pointer is computed on the pointer's own direction.
    let d = pointer - piece.at;
    let theta = if d.length() > 1e-12 { angle_of(d) } else { 0.0 };
    let region = region(pos, i, &Fan::Angles(vec![theta]));
    for &x in &region.captures {
        let victim = &pos.pieces()[x];
        if victim.at.distance(pointer) <= pos.board().radius(victim.kind) {
            return Some(Target {
                point: pos.pieces()[x].at,
                aim: capture_aim(pos, i, x),
                captures: Some(x),
            });
        }
    }
    region
        .parts
        .iter()
        .filter_map(|part| match part {
            RegionPart::Ray {
                from,
                dir,
                intervals,
            } => intervals
                .nearest((pointer - *from).dot(*dir))
                .map(|t| *from + *dir * t),
            RegionPart::Arcs {
                centre,
                radius,
                arcs,
            } => {
                let arcs: Vec<(f64, f64)> = arcs.iter().copied().filter(|(a, b)| b > a).collect();
                nearest_on_arcs(*centre, *radius, &arcs, pointer)
            }
            RegionPart::Castle { to } => Some(*to),
        })
        .min_by(|a, b| a.distance(pointer).total_cmp(&b.distance(pointer)))
        .map(|point| Target {
            point,
            aim: point,
            captures: None,
        })
}

/// How near a square's centre (in R) a dropped piece lands on the centre itself.
pub const SNAP_TO_CENTRE: f64 = 0.15;

/// Where a piece dropped at `pointer` goes: the centre of a square within
/// [`SNAP_TO_CENTRE`] of the pointer when the piece may land there, so that ordinary play
/// reads `e2->e4`; else [`nearest_target`].
pub fn drop_target(pos: &Position, i: usize, pointer: Point) -> Option<Target> {
    if let Some((_, centre)) = pos.board().nearest_centre(pointer)
        && centre.distance(pointer) <= SNAP_TO_CENTRE
        && centre != pos.pieces()[i].at
        && let Some(applied) = resolve_piece(pos, i, centre, None).applied()
        && applied.captured.is_none()
        && applied.to == centre
    {
        return Some(Target {
            point: centre,
            aim: centre,
            captures: None,
        });
    }
    nearest_target(pos, i, pointer)
}

/// A target chosen by [`nearest_target`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// Where the piece's centre would go.
    pub point: Point,
    /// The point to request to get there (differs from `point` only for some captures).
    pub aim: Point,
    /// The piece it would capture.
    pub captures: Option<usize>,
}

fn nearest_on_arcs(centre: Point, radius: f64, arcs: &[(f64, f64)], p: Point) -> Option<Point> {
    let phi = angle_of(p - centre);
    arcs.iter()
        .map(|&(a, b)| {
            let rel = (phi - a).rem_euclid(TAU);
            let angle = if rel <= b - a {
                a + rel
            } else if angle_gap(phi, a) <= angle_gap(phi, b) {
                a
            } else {
                b
            };
            centre + unit(angle) * radius
        })
        .min_by(|x, y| x.distance(p).total_cmp(&y.distance(p)))
}
