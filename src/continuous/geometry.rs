//! Plane geometry of the continuous board: disc overlap, disc sweeps (through parry2d),
//! and the circles and lines on which a rule's answer can change.
//!
//! Everything is in units of the disc radius R (R = 1) and computed in f64.

use parry2d_f64::math::{Pose, Vector};
use parry2d_f64::query::details::cast_shapes_ball_ball;
use parry2d_f64::query::{PointQuery, ShapeCastOptions};
use parry2d_f64::shape::{Ball, Segment};

/// A point or a displacement on the board (parry's f64 vector).
pub type Point = Vector;

/// The disc radius: the unit of every length.
pub const R: f64 = 1.0;
/// Tolerance of the overlap test: discs whose centres are closer than the sum of their
/// radii less `EPS` overlap; touching does not.
pub const EPS: f64 = 1e-6;
/// Two discs of the default radius R overlap when their centres are closer than this.
pub const OVERLAP: f64 = 2.0 * R - EPS;
/// The one tolerance of a requested target, for every length alike (off a slide's line,
/// past a reach, off a ring, off the castling square): a point this close to a movement
/// area is on it, and the piece lands on the point asked. Rounding, not a margin of aim.
pub const SNAP: f64 = 1e-9;

/// A disc on the board: its centre and radius (a piece's, or a wall's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Disc {
    /// Its centre.
    pub at: Point,
    /// Its radius.
    pub radius: f64,
}

impl Disc {
    /// The disc of `radius` about `at`.
    pub fn new(at: Point, radius: f64) -> Self {
        Disc { at, radius }
    }

    /// How near this disc's centre may come to the centre of a disc of radius `other`
    /// before the two overlap: the sum of the radii, less the tolerance.
    #[inline]
    pub fn contact(self, other: f64) -> f64 {
        contact(self.radius, other)
    }

    /// Whether the two discs overlap (touching is not overlap).
    #[inline]
    pub fn overlaps(self, other: Disc) -> bool {
        let d = self.contact(other.radius);
        self.at.distance_squared(other.at) < d * d
    }
}

/// How near the centres of discs of radii `a` and `b` may come before the discs overlap.
#[inline]
pub fn contact(a: f64, b: f64) -> f64 {
    a + b - EPS
}

/// Whether two discs of radius R centred at `a` and `b` overlap (touching is not overlap).
pub fn overlaps(a: Point, b: Point) -> bool {
    overlaps_within(a, b, OVERLAP)
}

/// Whether the discs centred at `a` and `b` overlap, where they overlap once their centres
/// come nearer than `contact` (see [`contact`]).
#[inline]
pub fn overlaps_within(a: Point, b: Point, contact: f64) -> bool {
    a.distance_squared(b) < contact * contact
}

/// The distance along the unit vector `dir` at which a disc of radius R leaving `from` first
/// overlaps the disc of radius R at `centre`, if it does so within `max`.
pub fn sweep_contact(from: Point, dir: Point, centre: Point, max: f64) -> Option<f64> {
    sweep_contact_within(from, dir, centre, OVERLAP, max)
}

/// The distance along the unit vector `dir` at which a disc leaving `from` first overlaps the
/// disc at `centre`, if it does so within `max`; the two overlap when their centres come
/// nearer than `contact` (see [`contact`]). This is a ball-against-ball shape cast; the
/// answer is 0 when the two already overlap.
#[inline]
pub fn sweep_contact_within(
    from: Point,
    dir: Point,
    centre: Point,
    contact: f64,
    max: f64,
) -> Option<f64> {
    // Moving away from (or along) a disc never brings the two closer; and a path that only
    // grazes at the overlap distance touches without overlapping. Most discs fail one of
    // these, so they are asked wherever the sweep is, and only the rest pay for the cast.
    let rel = centre - from;
    let ahead = rel.dot(dir);
    if ahead <= 0.0 {
        return None;
    }
    let across = rel - dir * ahead;
    if across.length_squared() >= contact * contact {
        return None;
    }
    ball_cast(from, dir, centre, contact, max)
}

/// The shape cast of [`sweep_contact`], for a disc that the sweep's line passes near.
#[inline(never)]
fn ball_cast(from: Point, dir: Point, centre: Point, contact: f64, max: f64) -> Option<f64> {
    // The cast depends only on the sum of the two radii: the mover carries it all.
    let mover = Ball::new(contact);
    let obstacle = Ball::new(0.0);
    let pos12 = Pose::from_translation(centre - from);
    let options = ShapeCastOptions {
        max_time_of_impact: max,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: false,
    };
    // parry wants the obstacle's velocity relative to the mover.
    cast_shapes_ball_ball(&pos12, -dir, &mover, &obstacle, options).map(|hit| hit.time_of_impact)
}

/// Distance from `p` to the segment `a`–`b`.
pub fn segment_distance(p: Point, a: Point, b: Point) -> f64 {
    if a.distance_squared(b) < 1e-24 {
        return p.distance(a);
    }
    Segment::new(a, b).distance_to_local_point(p, true)
}

/// Whether a disc of radius R at `p` overlaps the area swept by one moving from `a` to `b`.
pub fn overlaps_sweep(p: Point, a: Point, b: Point) -> bool {
    overlaps_sweep_within(p, a, b, OVERLAP)
}

/// Whether a disc at `p` overlaps the area swept by a disc moving from `a` to `b`, the two
/// overlapping once their centres come nearer than `contact`.
pub fn overlaps_sweep_within(p: Point, a: Point, b: Point, contact: f64) -> bool {
    segment_distance(p, a, b) < contact
}

/// The unit vector at angle `theta`.
pub fn unit(theta: f64) -> Point {
    Point::new(theta.cos(), theta.sin())
}

/// The angle of `v` in (-π, π].
pub fn angle_of(v: Point) -> f64 {
    v.y.atan2(v.x)
}

/// A region of the plane no disc may overlap or cross: a wall or a hole of a level.
#[derive(Clone, Debug, PartialEq)]
pub enum Obstacle {
    /// A disc.
    Disc {
        /// Its centre.
        centre: Point,
        /// Its radius.
        radius: f64,
    },
    /// A polygon, its corners in order (either way round); at least three.
    Polygon {
        /// Its corners.
        corners: Vec<Point>,
    },
}

impl Obstacle {
    /// The polygon's sides as corner pairs (none for a disc).
    fn sides(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        match self {
            Obstacle::Polygon { corners } => sides(corners),
            Obstacle::Disc { .. } => sides(&[]),
        }
    }

    /// The distance from `p` to the obstacle: 0 inside it.
    pub fn distance(&self, p: Point) -> f64 {
        match self {
            Obstacle::Disc { centre, radius } => (p.distance(*centre) - radius).max(0.0),
            Obstacle::Polygon { corners } => {
                if inside_polygon(p, corners) {
                    return 0.0;
                }
                self.sides()
                    .map(|(a, b)| segment_distance(p, a, b))
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }

    /// Whether `p` lies in the obstacle (its edge included), asked first of its bounding
    /// circle: the window paints a board point by point with it.
    pub fn covers(&self, p: Point) -> bool {
        match self {
            Obstacle::Disc { centre, radius } => p.distance_squared(*centre) <= radius * radius,
            Obstacle::Polygon { corners } => {
                let (c, r) = self.bounds();
                p.distance(c) <= r && inside_polygon(p, corners)
            }
        }
    }

    /// How far a disc of radius `clearance` leaving `from` along the unit `dir` travels
    /// before it overlaps the obstacle: infinite if it never does, 0 if at once. A disc
    /// that touches the obstacle, or comes within the tolerance of touching, may move along
    /// it or away: a path counts as entering only if it goes [`GRAZE`] deeper than that.
    pub fn contact(&self, from: Point, dir: Point, clearance: f64) -> f64 {
        let entry = |span: &dyn Fn(f64) -> Option<(f64, f64)>| match (
            span(clearance - GRAZE),
            span(clearance),
        ) {
            (Some((_, deep_end)), Some((t0, _))) if deep_end > SNAP => t0.max(0.0),
            _ => f64::INFINITY,
        };
        match self {
            Obstacle::Disc { centre, radius } => {
                entry(&|r| line_in_disc(from, dir, *centre, radius + r))
            }
            Obstacle::Polygon { .. } => self
                .sides()
                .map(|(a, b)| entry(&|r| line_in_capsule(from, dir, a, b, r)))
                .fold(f64::INFINITY, f64::min),
        }
    }

    /// A circle holding the obstacle: its centre and radius.
    pub fn bounds(&self) -> (Point, f64) {
        match self {
            Obstacle::Disc { centre, radius } => (*centre, *radius),
            Obstacle::Polygon { corners } => {
                let (lo, hi) = corners.iter().fold(
                    (Point::splat(f64::INFINITY), Point::splat(f64::NEG_INFINITY)),
                    |(lo, hi), c| (lo.min(*c), hi.max(*c)),
                );
                let middle = (lo + hi) * 0.5;
                let radius = corners
                    .iter()
                    .map(|c| c.distance(middle))
                    .fold(0.0, f64::max);
                (middle, radius)
            }
        }
    }

    /// The curves where whether a disc of radius `clearance` overlaps the obstacle can
    /// change: the circle about a disc, and each side's two parallels and corner circles.
    pub fn boundary(&self, clearance: f64) -> Vec<Curve> {
        match self {
            Obstacle::Disc { centre, radius } => vec![Curve::circle(*centre, radius + clearance)],
            Obstacle::Polygon { .. } => self
                .sides()
                .flat_map(|(a, b)| {
                    let [l1, l2] = Curve::parallels(a, b - a, clearance);
                    [l1, l2, Curve::circle(a, clearance)]
                })
                .collect(),
        }
    }
}

/// A polygon's sides as corner pairs, the last corner joined to the first.
fn sides(corners: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
    corners
        .iter()
        .zip(corners.iter().cycle().skip(1))
        .map(|(a, b)| (*a, *b))
}

/// Whether `p` lies inside the polygon (even-odd rule).
fn inside_polygon(p: Point, corners: &[Point]) -> bool {
    let mut inside = false;
    for (a, b) in sides(corners) {
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Where a disc centre may stand for the disc to lie wholly on the board: inside a
/// rectangle, inside a circle too on a round board, and clear of every obstacle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inset<'a> {
    /// Lower-left corner of the allowed centres.
    pub min: Point,
    /// Upper-right corner of the allowed centres.
    pub max: Point,
    /// On a round board, the circle the allowed centres stay in (centre and radius).
    pub round: Option<(Point, f64)>,
    /// The walls, which a disc may touch but not overlap or cross.
    pub walls: &'a [Obstacle],
    /// The holes: to the rules, walls drawn otherwise.
    pub holes: &'a [Obstacle],
    /// The radius of the disc whose centres these are.
    pub radius: f64,
}

/// How much deeper than its clearance (see [`Inset::clearance`]) a path must go into an obstacle to be stopped by it:
/// more than the 1e-9 by which [`Inset::contains`] lets a centre come nearer, so that a
/// disc resting there (a slide stopped by rounding a hair inside) can still move along the
/// obstacle or away.
const GRAZE: f64 = 1e-8;

impl<'a> Inset<'a> {
    /// How near a centre may come to an obstacle: a disc touching it (to the overlap test's
    /// tolerance) does not overlap it.
    fn clearance(self) -> f64 {
        self.radius - EPS
    }

    /// The walls and the holes.
    fn obstacles(self) -> impl Iterator<Item = &'a Obstacle> {
        self.walls.iter().chain(self.holes)
    }

    /// Whether `p` is an allowed centre (with a tolerance far below any player's precision,
    /// so that a slide stopped where its disc touches a wall lands).
    pub fn contains(&self, p: Point) -> bool {
        const TOL: f64 = 1e-9;
        p.x >= self.min.x - TOL
            && p.x <= self.max.x + TOL
            && p.y >= self.min.y - TOL
            && p.y <= self.max.y + TOL
            && self
                .round
                .is_none_or(|(c, radius)| p.distance(c) <= radius + TOL)
            && self
                .obstacles()
                .all(|o| o.distance(p) >= self.clearance() - TOL)
    }

    /// Whether `p` is off the board only because of an obstacle: inside the board's outline
    /// but overlapping a wall or a hole.
    pub fn on_obstacle(&self, p: Point) -> bool {
        let outline = Inset {
            walls: &[],
            holes: &[],
            ..*self
        };
        outline.contains(p) && !self.contains(p)
    }

    /// How far a centre can travel from `from` along unit `dir` and stay allowed (`from` must
    /// be allowed): to the board's edge or to the first obstacle.
    pub fn exit_distance(&self, from: Point, dir: Point) -> f64 {
        self.edge_distance(from, dir)
            .min(self.obstacle_distance(from, dir))
    }

    /// How far a centre can travel from `from` along unit `dir` before it leaves the
    /// board's outline, whatever obstacles stand on the way.
    pub fn edge_distance(&self, from: Point, dir: Point) -> f64 {
        let mut t = f64::INFINITY;
        for (p, d, lo, hi) in [
            (from.x, dir.x, self.min.x, self.max.x),
            (from.y, dir.y, self.min.y, self.max.y),
        ] {
            if d > 1e-12 {
                t = t.min((hi - p) / d);
            } else if d < -1e-12 {
                t = t.min((lo - p) / d);
            }
        }
        if let Some((c, radius)) = self.round {
            let m = from - c;
            let b = m.dot(dir);
            let disc = b * b - (m.length_squared() - radius * radius);
            t = t.min(if disc > 0.0 { -b + disc.sqrt() } else { 0.0 });
        }
        t.max(0.0)
    }

    /// [`Inset::edges`], less the boundaries of the obstacles that lie wholly farther than
    /// `radius` from `centre` (a centre within `radius` of `centre` cannot meet them).
    pub fn edges_near(self, centre: Point, radius: f64) -> impl Iterator<Item = Curve> + 'a {
        let clearance = self.clearance();
        let near = move |o: &&Obstacle| {
            let (c, r) = o.bounds();
            c.distance(centre) <= radius + r + clearance
        };
        self.outline_edges().chain(
            self.obstacles()
                .filter(near)
                .flat_map(move |o| o.boundary(clearance)),
        )
    }

    /// The rectangle's four edge lines and the round board's circle.
    fn outline_edges(self) -> impl Iterator<Item = Curve> + 'a {
        [
            Curve::line(self.min, Point::X),
            Curve::line(self.max, Point::X),
            Curve::line(self.min, Point::Y),
            Curve::line(self.max, Point::Y),
        ]
        .into_iter()
        .chain(self.round.map(|(c, radius)| Curve::circle(c, radius)))
    }

    /// How far a centre can travel from `from` along unit `dir` before it meets an
    /// obstacle, whatever the outline (infinite without obstacles).
    pub fn obstacle_distance(&self, from: Point, dir: Point) -> f64 {
        self.obstacles()
            .map(|o| o.contact(from, dir, self.clearance()))
            .fold(f64::INFINITY, f64::min)
            .max(0.0)
    }

    /// The curves where whether a centre is allowed can change: the rectangle's four edge
    /// lines, the round board's circle, and every obstacle's boundary.
    pub fn edges(self) -> impl Iterator<Item = Curve> + 'a {
        self.edges_near(Point::ZERO, f64::INFINITY)
    }
}

/// A circle or a line: the only curves on which the answer of a continuous rule can change.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Curve {
    /// A circle with its centre and radius.
    Circle {
        /// Centre.
        centre: Point,
        /// Radius.
        radius: f64,
    },
    /// The infinite line through `through` along the unit vector `dir`.
    Line {
        /// A point of the line.
        through: Point,
        /// Unit direction.
        dir: Point,
    },
}

impl Curve {
    /// A circle.
    pub fn circle(centre: Point, radius: f64) -> Self {
        Curve::Circle { centre, radius }
    }

    /// A line through `through` along `dir` (normalised here).
    pub fn line(through: Point, dir: Point) -> Self {
        Curve::Line {
            through,
            dir: dir.normalize_or(Point::X),
        }
    }

    /// The two lines parallel to the line `a + t·dir` at distance `offset`.
    pub fn parallels(a: Point, dir: Point, offset: f64) -> [Curve; 2] {
        let dir = dir.normalize_or(Point::X);
        let n = dir.perp();
        [
            Curve::line(a + n * offset, dir),
            Curve::line(a - n * offset, dir),
        ]
    }

    /// The boundary of the set of centres within `radius` of segment `a`–`b`:
    /// two parallels and two end circles.
    pub fn capsule(a: Point, b: Point, radius: f64) -> [Curve; 4] {
        let [l1, l2] = Curve::parallels(a, b - a, radius);
        [l1, l2, Curve::circle(a, radius), Curve::circle(b, radius)]
    }

    /// The parameters `t` at which the line `origin + t·dir` (unit `dir`) meets this curve.
    pub fn line_params(&self, origin: Point, dir: Point, out: &mut Vec<f64>) {
        match *self {
            Curve::Circle { centre, radius } => {
                let m = origin - centre;
                let b = m.dot(dir);
                let c = m.length_squared() - radius * radius;
                let disc = b * b - c;
                if disc >= 0.0 {
                    let s = disc.sqrt();
                    out.push(-b - s);
                    out.push(-b + s);
                }
            }
            Curve::Line { through, dir: ld } => {
                let n = ld.perp();
                let denom = dir.dot(n);
                if denom.abs() > 1e-12 {
                    out.push((through - origin).dot(n) / denom);
                }
            }
        }
    }

    /// The angles (about `centre`) at which the circle of `radius` about `centre` meets this curve.
    pub fn circle_params(&self, centre: Point, radius: f64, out: &mut Vec<f64>) {
        match *self {
            Curve::Circle {
                centre: c2,
                radius: r2,
            } => {
                let d = c2 - centre;
                let dist = d.length();
                if dist < 1e-12 || dist > radius + r2 || dist < (radius - r2).abs() {
                    return;
                }
                let base = angle_of(d);
                let cos = ((radius * radius + dist * dist - r2 * r2) / (2.0 * radius * dist))
                    .clamp(-1.0, 1.0);
                let half = cos.acos();
                out.push(base - half);
                out.push(base + half);
            }
            Curve::Line { through, dir } => {
                // Points centre + radius·u(φ) on the line: n·(centre − through) + radius·n·u(φ) = 0.
                let n = dir.perp();
                let k = -n.dot(centre - through) / radius;
                if k.abs() <= 1.0 {
                    let base = angle_of(n);
                    let half = k.acos();
                    out.push(base - half);
                    out.push(base + half);
                }
            }
        }
    }

    /// Points where two curves meet.
    pub fn intersections(&self, other: &Curve, out: &mut Vec<Point>) {
        match (*self, *other) {
            (Curve::Circle { centre, radius }, _) => {
                let mut angles = Vec::new();
                other.circle_params(centre, radius, &mut angles);
                out.extend(angles.into_iter().map(|a| centre + unit(a) * radius));
            }
            (Curve::Line { through, dir }, _) => {
                let mut ts = Vec::new();
                other.line_params(through, dir, &mut ts);
                out.extend(ts.into_iter().map(|t| through + dir * t));
            }
        }
    }

    /// The directions from `from` that graze this curve: tangents to a circle (none for a line).
    pub fn tangent_angles(&self, from: Point, out: &mut Vec<f64>) {
        if let Curve::Circle { centre, radius } = *self {
            let d = centre - from;
            let dist = d.length();
            if dist > radius && dist > 1e-12 {
                let base = angle_of(d);
                let half = (radius / dist).asin();
                out.push(base - half);
                out.push(base + half);
            }
        }
    }

    /// The shortest distance from `p` to this curve.
    pub fn distance(&self, p: Point) -> f64 {
        match *self {
            Curve::Circle { centre, radius } => (p.distance(centre) - radius).abs(),
            Curve::Line { through, dir } => (p - through).dot(dir.perp()).abs(),
        }
    }
}

/// Sorted, de-duplicated sample parameters for a search over an interval `[lo, hi]`: every
/// critical value inside, and the midpoint of every gap between consecutive ones (including
/// the ends). When a predicate can change only at the critical values, testing these
/// samples finds a point of every non-empty part where it holds.
pub fn interval_samples(mut critical: Vec<f64>, lo: f64, hi: f64) -> Vec<f64> {
    critical.retain(|t| t.is_finite() && *t > lo && *t < hi);
    critical.push(lo);
    critical.push(hi);
    critical.sort_by(f64::total_cmp);
    critical.dedup_by(|a, b| (*a - *b).abs() < 1e-12);
    let mut samples = Vec::with_capacity(critical.len() * 2);
    for pair in critical.windows(2) {
        samples.push(pair[0]);
        samples.push(0.5 * (pair[0] + pair[1]));
    }
    if let Some(last) = critical.last() {
        samples.push(*last);
    }
    samples
}

/// Like [`interval_samples`] for angles on a whole circle: critical angles and the midpoints
/// between consecutive ones, wrapping around.
pub fn circle_samples(critical: Vec<f64>) -> Vec<f64> {
    use std::f64::consts::{PI, TAU};
    let mut angles: Vec<f64> = critical
        .into_iter()
        .filter(|a| a.is_finite())
        .map(|a| a.rem_euclid(TAU))
        .collect();
    angles.sort_by(f64::total_cmp);
    angles.dedup_by(|a, b| (*a - *b).abs() < 1e-12);
    if angles.is_empty() {
        return vec![0.0, PI];
    }
    let mut samples = Vec::with_capacity(angles.len() * 2);
    for (i, &a) in angles.iter().enumerate() {
        let next = if i + 1 < angles.len() {
            angles[i + 1]
        } else {
            angles[0] + TAU
        };
        samples.push(a);
        samples.push(0.5 * (a + next));
    }
    samples
}

/// [`circle_samples`] with the midpoints first: what holds at a midpoint holds on both
/// sides of it, so a witness found there survives rounding, where one found at a critical
/// angle (a tangent, a grazing contact) may not.
pub fn circle_samples_middles_first(critical: Vec<f64>) -> Vec<f64> {
    let (middles, critical): (Vec<_>, Vec<_>) = circle_samples(critical)
        .into_iter()
        .enumerate()
        .partition(|(k, _)| k % 2 == 1);
    middles
        .into_iter()
        .chain(critical)
        .map(|(_, a)| a)
        .collect()
}

/// How far inside an open end an interval stops: far below the overlap tolerance, far above
/// rounding noise at board coordinates.
pub const OPEN_END: f64 = 1e-7;

/// A maximal run of samples where a predicate holds, with its closure's ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// First parameter of the run's closure.
    pub start: f64,
    /// Last parameter of the run's closure.
    pub end: f64,
    /// Whether `start` itself fails the predicate.
    pub open_start: bool,
    /// Whether `end` itself fails the predicate.
    pub open_end: bool,
}

/// The runs of `samples` (alternating critical value, midpoint, …, critical value, as
/// [`interval_samples`] makes them) where `holds` is true. A run that starts or ends at a
/// midpoint really extends to the neighbouring critical value, where the predicate fails.
pub fn runs(samples: &[f64], mut holds: impl FnMut(f64) -> bool) -> Vec<Run> {
    let mut out = Vec::new();
    let mut open: Option<Run> = None;
    for (i, &t) in samples.iter().enumerate() {
        let critical = i % 2 == 0;
        if holds(t) {
            match open.as_mut() {
                Some(run) => run.end = t,
                None => {
                    open = Some(if critical || i == 0 {
                        Run {
                            start: t,
                            end: t,
                            open_start: false,
                            open_end: false,
                        }
                    } else {
                        Run {
                            start: samples[i - 1],
                            end: t,
                            open_start: true,
                            open_end: false,
                        }
                    });
                }
            }
        } else if let Some(mut run) = open.take() {
            if critical {
                run.end = t;
                run.open_end = true;
            }
            out.push(run);
        }
    }
    out.extend(open);
    out
}

/// The arcs (closures, as `(start, end)` angles with `end` possibly past 2π) where `holds` is
/// true, from samples made by [`circle_samples`].
pub fn circle_runs(samples: &[f64], mut holds: impl FnMut(f64) -> bool) -> Vec<(f64, f64)> {
    use std::f64::consts::TAU;
    let values: Vec<bool> = samples.iter().map(|&a| holds(a)).collect();
    let mut k = 0;
    let mut arcs: Vec<(f64, f64)> = runs(samples, |_| {
        k += 1;
        values[k - 1]
    })
    .into_iter()
    .map(|run| (run.start, run.end))
    .collect();
    // The samples end on the midpoint before the first angle's next turn: a run still going
    // there continues into the first run, or stops at that angle.
    let n = samples.len();
    if n >= 2 && values[n - 1] {
        let first = samples[0];
        let last = arcs.len() - 1;
        if arcs.len() > 1 && values[0] {
            let (_, end) = arcs.remove(0);
            arcs[last - 1].1 = end + TAU;
        } else if values[0] {
            arcs[last] = (first, first + TAU);
        } else {
            arcs[last].1 = first + TAU;
        }
    }
    arcs
}

/// Sorted, merged closed intervals of a parameter.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Intervals(pub Vec<(f64, f64)>);

impl Intervals {
    /// Builds the intervals from samples produced by [`interval_samples`] and the predicate's
    /// value at each. Both ends are pulled inside by [`OPEN_END`]: an end is where some test
    /// flips, and a target exactly there would be decided by rounding. A run too short for
    /// that becomes its midpoint.
    pub fn from_samples(samples: &[f64], holds: impl FnMut(f64) -> bool) -> Self {
        let out = runs(samples, holds)
            .into_iter()
            .map(|run| {
                let (a, b) = (run.start + OPEN_END, run.end - OPEN_END);
                if a <= b {
                    (a, b)
                } else {
                    let mid = 0.5 * (run.start + run.end);
                    (mid, mid)
                }
            })
            .collect();
        Intervals(out)
    }

    /// Whether there is no interval.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value in the intervals nearest to `t`, leaving out single points (a legal set
    /// that is one boundary point is decided by rounding, so a pointer never snaps to one).
    pub fn nearest(&self, t: f64) -> Option<f64> {
        self.0
            .iter()
            .filter(|(a, b)| b > a)
            .map(|&(a, b)| t.clamp(a, b))
            .min_by(|x, y| (x - t).abs().total_cmp(&(y - t).abs()))
    }

    /// Whether `t` lies in one of the intervals (within `tol`).
    pub fn contains(&self, t: f64, tol: f64) -> bool {
        self.0.iter().any(|&(a, b)| t >= a - tol && t <= b + tol)
    }
}

/// Open intervals of a line parameter `t`, sorted and merged: where a point `o + t·u`
/// lies in some region.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spans(pub Vec<(f64, f64)>);

impl Spans {
    /// Sorts and merges any list of intervals (empty ones are dropped).
    pub fn merged(mut raw: Vec<(f64, f64)>) -> Self {
        raw.retain(|(a, b)| a < b);
        raw.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut merged: Vec<(f64, f64)> = Vec::with_capacity(raw.len());
        for (a, b) in raw {
            match merged.last_mut() {
                Some(last) if a <= last.1 => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        Spans(merged)
    }

    /// Adds an interval, keeping the list sorted and merged.
    pub fn add(&mut self, (a, b): (f64, f64)) {
        if a.is_nan() || b.is_nan() || a >= b {
            return;
        }
        let mut raw = std::mem::take(&mut self.0);
        raw.push((a, b));
        *self = Spans::merged(raw);
    }

    /// Adds every interval of `other`.
    pub fn extend(&mut self, other: &Spans) {
        for &span in &other.0 {
            self.add(span);
        }
    }

    /// Removes the interval `(a, b)`.
    pub fn subtract(&mut self, (a, b): (f64, f64)) {
        if a.is_nan() || b.is_nan() || a >= b {
            return;
        }
        let mut out = Vec::with_capacity(self.0.len() + 1);
        for &(x, y) in &self.0 {
            if y <= a || x >= b {
                out.push((x, y));
                continue;
            }
            if x < a {
                out.push((x, a));
            }
            if y > b {
                out.push((b, y));
            }
        }
        self.0 = out;
    }

    /// Whether `t` lies inside one of the intervals.
    pub fn contains(&self, t: f64) -> bool {
        self.0.iter().any(|&(a, b)| a < t && t < b)
    }
}

/// Where the line `o + t·u` (unit `u`) is strictly inside the circle of `radius` about `c`.
pub fn line_in_disc(o: Point, u: Point, c: Point, radius: f64) -> Option<(f64, f64)> {
    let m = o - c;
    let b = m.dot(u);
    let disc = b * b - (m.length_squared() - radius * radius);
    (disc > 0.0).then(|| {
        let s = disc.sqrt();
        (-b - s, -b + s)
    })
}

/// Where `lo < n·(o + t·u) < hi` (`n` need not be a unit vector).
pub fn line_in_slab(o: Point, u: Point, n: Point, lo: f64, hi: f64) -> Option<(f64, f64)> {
    let base = n.dot(o);
    let rate = n.dot(u);
    if rate.abs() < 1e-15 {
        return (lo < base && base < hi).then_some((f64::NEG_INFINITY, f64::INFINITY));
    }
    let (t1, t2) = ((lo - base) / rate, (hi - base) / rate);
    Some((t1.min(t2), t1.max(t2)))
}

/// Where the line `o + t·u` is within `radius` (strictly) of the segment `a`–`b`. The set
/// is convex, so one interval.
pub fn line_in_capsule(o: Point, u: Point, a: Point, b: Point, radius: f64) -> Option<(f64, f64)> {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    let mut take = |span: Option<(f64, f64)>| {
        if let Some((x, y)) = span
            && x < y
        {
            lo = lo.min(x);
            hi = hi.max(y);
        }
    };
    take(line_in_disc(o, u, a, radius));
    take(line_in_disc(o, u, b, radius));
    let len = a.distance(b);
    if len > 1e-12 {
        let w = (b - a) / len;
        let n = w.perp();
        let across = line_in_slab(o, u, n, n.dot(a) - radius, n.dot(a) + radius);
        let along = line_in_slab(o, u, w, w.dot(a), w.dot(a) + len);
        if let (Some((x1, y1)), Some((x2, y2))) = (across, along) {
            take(Some((x1.max(x2), y1.min(y2))));
        }
    }
    (lo < hi).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_discs_do_not_overlap() {
        let d = contact(R, R);
        assert!(!overlaps_within(Point::ZERO, Point::new(2.0, 0.0), d));
        assert!(overlaps_within(Point::ZERO, Point::new(1.99, 0.0), d));
        assert!(!overlaps(Point::ZERO, Point::new(2.0, 0.0)));
        assert!(overlaps(Point::ZERO, Point::new(1.99, 0.0)));
        // A disc of radius 1.5 and one of 0.5 touch at 2 as well; of 1.5 and 1 at 2.5.
        let big = Disc::new(Point::ZERO, 1.5);
        assert!(!big.overlaps(Disc::new(Point::new(2.0, 0.0), 0.5)));
        assert!(big.overlaps(Disc::new(Point::new(2.0, 0.0), 1.0)));
        assert!(!big.overlaps(Disc::new(Point::new(0.0, 2.5), 1.0)));
        assert!(big.overlaps(Disc::new(Point::new(0.0, 2.499), 1.0)));
    }

    #[test]
    fn sweep_contact_stops_at_touch_distance() {
        let d = contact(R, R);
        let t = sweep_contact_within(Point::ZERO, Point::X, Point::new(10.0, 0.0), d, 100.0);
        let t = t.expect("on the path");
        assert!((t - (8.0 + EPS)).abs() < 1e-9, "{t}");
        assert_eq!(
            sweep_contact_within(Point::ZERO, Point::X, Point::new(10.0, 2.5), d, 100.0),
            None
        );
        // A mover of radius 2 meets a disc of radius 1 three short of its centre, and one
        // 2.5 off its line at 10 − √(3² − 2.5²).
        let d = contact(2.0, R);
        let t = sweep_contact_within(Point::ZERO, Point::X, Point::new(10.0, 0.0), d, 100.0);
        assert!((t.expect("on the path") - (7.0 + EPS)).abs() < 1e-9);
        let t = sweep_contact_within(Point::ZERO, Point::X, Point::new(10.0, 2.5), d, 100.0);
        assert!((t.expect("beside the path") - (10.0 - 2.75f64.sqrt())).abs() < 1e-5);
    }

    #[test]
    fn circle_meets_line_at_two_angles() {
        let mut out = Vec::new();
        Curve::line(Point::new(0.0, 1.0), Point::X).circle_params(Point::ZERO, 2.0, &mut out);
        let mut pts: Vec<Point> = out.iter().map(|a| unit(*a) * 2.0).collect();
        pts.sort_by(|a, b| a.x.total_cmp(&b.x));
        assert_eq!(pts.len(), 2);
        for p in pts {
            assert!((p.y - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn capsule_span_matches_point_distances() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(5.0, 0.0));
        let o = Point::new(-3.0, 1.0);
        let u = Point::new(1.0, 0.2).normalize();
        let (t0, t1) = line_in_capsule(o, u, a, b, 2.0).expect("crosses");
        for k in 0..200 {
            let t = -2.0 + k as f64 * 0.1;
            let inside = segment_distance(o + u * t, a, b) < 2.0;
            if (t - t0).abs() > 1e-9 && (t - t1).abs() > 1e-9 {
                assert_eq!(inside, t > t0 && t < t1, "t = {t}");
            }
        }
    }

    #[test]
    fn spans_merge_and_subtract() {
        let mut s = Spans::default();
        s.add((3.0, 4.0));
        s.add((1.0, 2.0));
        s.add((1.5, 3.5));
        assert_eq!(s.0, vec![(1.0, 4.0)]);
        s.subtract((2.0, 3.0));
        assert_eq!(s.0, vec![(1.0, 2.0), (3.0, 4.0)]);
        assert!(s.contains(3.5) && !s.contains(2.5));
    }

    #[test]
    fn samples_cover_every_gap() {
        let s = interval_samples(vec![1.0, 3.0], 0.0, 4.0);
        assert_eq!(s, vec![0.0, 0.5, 1.0, 2.0, 3.0, 3.5, 4.0]);
        let closed = runs(&s, |t| (1.0..=3.0).contains(&t));
        assert_eq!((closed[0].start, closed[0].end), (1.0, 3.0));
        assert!(!closed[0].open_start && !closed[0].open_end);
        let open = runs(&s, |t| t > 1.0 && t < 3.0);
        assert_eq!((open[0].start, open[0].end), (1.0, 3.0));
        assert!(open[0].open_start && open[0].open_end);
        let i = Intervals::from_samples(&s, |t| t > 1.0 && t < 3.0);
        assert_eq!(i.0, vec![(1.0 + OPEN_END, 3.0 - OPEN_END)]);
        let point = Intervals::from_samples(&s, |t| t == 3.0);
        assert_eq!(point.0, vec![(3.0, 3.0)]);
    }

    /// A 10 × 10 field of centres (the board 12 × 12, R = 1) with the given obstacles.
    fn field<'a>(walls: &'a [Obstacle], round: bool) -> Inset<'a> {
        Inset {
            min: Point::new(1.0, 1.0),
            max: Point::new(11.0, 11.0),
            round: round.then_some((Point::new(6.0, 6.0), 5.0)),
            walls,
            holes: &[],
            radius: R,
        }
    }

    #[test]
    fn a_disc_wall_stops_a_slide_where_the_discs_touch() {
        // A wall of radius 2 at (8, 6): a disc sliding right along y = 6 from x = 2 touches
        // it when its centre is at x = 8 − 2 − 1 = 5, three units on.
        let walls = [Obstacle::Disc {
            centre: Point::new(8.0, 6.0),
            radius: 2.0,
        }];
        let f = field(&walls, false);
        assert!((f.exit_distance(Point::new(2.0, 6.0), Point::X) - 3.0).abs() < 1e-5);
        // Off its line by more than 3 (radius + R), the slide passes it to the edge.
        assert!((f.exit_distance(Point::new(2.0, 9.5), Point::X) - 9.0).abs() < 1e-12);
        // Off by 1: it touches when the centre is √(3² − 1²) = √8 left of the wall's centre.
        let t = f.exit_distance(Point::new(2.0, 7.0), Point::X);
        assert!((t - (6.0 - 8f64.sqrt())).abs() < 1e-5, "{t}");
        // A disc touching it may leave it or move along it, not into it.
        let touching = Point::new(5.0, 6.0);
        assert!(f.contains(touching));
        assert!(f.exit_distance(touching, -Point::X) > 2.9);
        // (Into it only by the overlap test's tolerance.)
        assert!(f.exit_distance(touching, Point::X) < 2.0 * EPS);
        assert!(!f.contains(Point::new(5.5, 6.0)));
        assert!(f.on_obstacle(Point::new(5.5, 6.0)));
        // The edge is no obstacle.
        assert!(!f.on_obstacle(Point::new(0.5, 6.0)));
        // The outline ignores the wall.
        assert!((f.edge_distance(Point::new(2.0, 6.0), Point::X) - 9.0).abs() < 1e-12);
    }

    #[test]
    fn a_polygon_wall_is_kept_a_radius_clear_of_its_sides_corners_and_inside() {
        // The square 5..7 × 5..7.
        let walls = [Obstacle::Polygon {
            corners: vec![
                Point::new(5.0, 5.0),
                Point::new(7.0, 5.0),
                Point::new(7.0, 7.0),
                Point::new(5.0, 7.0),
            ],
        }];
        let f = field(&walls, false);
        // Straight at its left side: the centre stops 1 short of x = 5.
        assert!((f.exit_distance(Point::new(1.0, 6.0), Point::X) - 3.0).abs() < 1e-5);
        // Up along x = 4.5, half a unit left of the side: the corner (5, 5) stops it where
        // the centre is 1 from it, at y = 5 − √(1 − 0.25).
        let t = f.exit_distance(Point::new(4.5, 1.0), Point::Y);
        assert!((t - (4.0 - 0.75f64.sqrt())).abs() < 1e-5, "{t}");
        // Along x = 3.9, 1.1 from the side, it passes.
        assert!((f.exit_distance(Point::new(3.9, 1.0), Point::Y) - 10.0).abs() < 1e-12);
        // Inside the square and within a radius of it: not allowed; a touch is.
        assert!(!f.contains(Point::new(6.0, 6.0)));
        assert!(!f.contains(Point::new(4.5, 6.0)));
        assert!(f.contains(Point::new(4.0, 6.0)));
        // Diagonally off the corner (7, 7): allowed from a distance of 1 on.
        let d = std::f64::consts::FRAC_1_SQRT_2;
        assert!(f.contains(Point::new(7.0 + d + 1e-7, 7.0 + d + 1e-7)));
        assert!(!f.contains(Point::new(7.0 + 0.6, 7.0 + 0.6)));
        assert_eq!(walls[0].distance(Point::new(6.0, 6.0)), 0.0);
        assert!(walls[0].covers(Point::new(6.5, 5.5)));
        assert!(!walls[0].covers(Point::new(7.5, 5.5)));
    }

    #[test]
    fn a_round_field_keeps_centres_in_its_circle() {
        let f = field(&[], true);
        assert!(f.contains(Point::new(6.0, 11.0)));
        assert!(f.contains(Point::new(6.0 + 3.0, 6.0 + 4.0)));
        // Inside the square but outside the circle.
        assert!(!f.contains(Point::new(10.0, 10.0)));
        assert!(!f.on_obstacle(Point::new(10.0, 10.0)));
        // From the centre any direction leaves after 5.
        for a in [0.0, 0.7, 2.0, 4.0] {
            assert!((f.exit_distance(Point::new(6.0, 6.0), unit(a)) - 5.0).abs() < 1e-12);
        }
        // From (6, 3) up: 3 to the centre and 5 on.
        assert!((f.exit_distance(Point::new(6.0, 3.0), Point::Y) - 8.0).abs() < 1e-12);
        // The circle is among the curves where being allowed can change.
        assert!(
            f.edges()
                .any(|c| c == Curve::circle(Point::new(6.0, 6.0), 5.0))
        );
    }
}
