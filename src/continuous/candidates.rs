//! The moves worth searching: a finite list of legal moves chosen from the geometry
//! (the continuous engine of docs/engine.md). The board is continuous, but what a move changes
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
//! - the points of each slide and each landing arc from which the piece, moved there,
//!   would attack the enemy royal piece or two enemies at once: computed exactly from the
//!   bands around each enemy where one of the piece's capturing shapes reaches it (a strip
//!   for a slide, a ring's band, a king's reach), one point in each stretch where the set
//!   of enemies reached and the enemies' capture areas do not change;
//! - each landing arc's ends and middle, and points 45° apart along it;
//! - castling;
//! - each promotion choice of a promoting move.
//!
//! Every candidate is judged by the rules ([`resolve_piece`]) before it is kept, and a
//! landing within [`NEAR`] of one already kept for the same piece is dropped.

use super::attack::is_attacked;
use super::geometry::{
    Curve, Disc, Point, R, circle_runs, circle_samples, contact, line_in_capsule, line_in_disc,
    segment_distance, sweep_contact_within, unit,
};
use super::legal_region::{
    KING_FAN_RAYS, LegalRegion, RegionPart, capture_aim, legal_region_exact, legal_region_with_fan,
};
use super::piece::{Kind, Piece};
use super::position::Position;
use super::reach::{Reach, reaches, slide_end, slide_limit};
use super::resolve::{Applied, resolve_piece};
use std::f64::consts::TAU;

/// Landings of one piece closer than this (in R) count as one.
pub const NEAR: f64 = 0.35;

/// The same for checks and double attacks, whose stretches can be narrow.
const NEAR_TACTICAL: f64 = 0.004;

/// A king in check whose fan of rays finds fewer stretches of escape than this is given
/// its exact region instead.
const ESCAPES_FOUND: usize = 2;

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
    /// The enemies worth attacking, with whether each is royal (an attack on it is check).
    targets: Vec<(Disc, bool)>,
    edges: Vec<Curve>,
    lines: Vec<(Point, Point)>,
    /// How far apart the points of a check's stretch are, where they are not just three.
    check_step: Option<f64>,
}

impl Surroundings {
    fn new(pos: &Position, side: super::position::Color, check_step: Option<f64>) -> Self {
        let board = pos.board();
        let enemies: Vec<Point> = pos
            .pieces()
            .iter()
            .filter(|p| p.side != side)
            .map(|p| p.at)
            .collect();
        // A pawn is no prize for a fork: the pieces that do not promote, and the royals.
        let targets = pos
            .pieces()
            .iter()
            .filter(|p| p.side != side)
            .filter(|p| board.is_royal(p.kind) || board.promotion_of(p.kind).is_empty())
            .map(|p| (board.disc(p), board.is_royal(p.kind)))
            .collect();
        let king = pos.pieces()[pos.king(side)].at;
        let lines = enemies.iter().map(|&e| (e, king - e)).collect();
        Surroundings {
            edges: threat_edges(pos, side),
            enemies,
            targets,
            lines,
            check_step,
        }
    }
}

/// The candidate moves of the side to move, into `out` (cleared first).
pub fn candidates(pos: &Position, out: &mut Vec<Candidate>) {
    candidates_in(pos, None, out);
}

/// [`candidates`] with every check tried at points [`CHECK_STEP`] apart along its stretch
/// (where the others try five): for the root of a search, where a mate found or missed
/// decides the game.
pub fn fine_candidates(pos: &Position, out: &mut Vec<Candidate>) {
    candidates_in(pos, Some(CHECK_STEP), out);
}

/// How far apart [`fine_candidates`] tries the points of a check's stretch, in R.
pub const CHECK_STEP: f64 = 0.05;

fn candidates_in(pos: &Position, check_step: Option<f64>, out: &mut Vec<Candidate>) {
    out.clear();
    let side = pos.to_move();
    let around = Surroundings::new(pos, side, check_step);
    for i in 0..pos.pieces().len() {
        if pos.pieces()[i].side == side {
            candidates_of(pos, i, &around, out);
        }
    }
}

/// The candidate moves of `pos.pieces()[i]`, appended to `out`.
pub fn piece_candidates(pos: &Position, i: usize, out: &mut Vec<Candidate>) {
    let around = Surroundings::new(pos, pos.pieces()[i].side, None);
    candidates_of(pos, i, &around, out);
}

fn candidates_of(pos: &Position, i: usize, around: &Surroundings, out: &mut Vec<Candidate>) {
    let mut region = legal_region_with_fan(pos, i, DISC_RAYS.min(KING_FAN_RAYS));
    // A king in check that the fan of rays finds (almost) shut in may still escape through
    // slivers between the rays, and whether a mate follows can depend on where in a sliver
    // it stands: then its exact region is used, each stretch tried at both ends as well.
    let stretches = |r: &LegalRegion| r.parts.iter().map(|p| p.stretches().len()).sum::<usize>();
    let escaping = pos.board().is_royal(pos.pieces()[i].kind)
        && stretches(&region) < ESCAPES_FOUND
        && is_attacked(pos.board(), pos.pieces(), i);
    if escaping {
        region = legal_region_exact(pos, i);
    }
    let first = out.len();
    let keep = |to: Point, near: f64, out: &mut Vec<Candidate>| {
        let landed = |c: &Candidate| c.applied.to.distance_squared(to) < near * near;
        if out[first..].iter().any(landed) {
            return;
        }
        judge(pos, i, to, out);
    };
    for &x in &region.captures {
        keep(capture_aim(pos, i, x), NEAR, out);
    }
    if escaping {
        for part in &region.parts {
            for &(a, b) in part.stretches() {
                keep(part.point_at(a), NEAR_TACTICAL, out);
                keep(part.point_at(b), NEAR_TACTICAL, out);
            }
        }
    }
    let (tactical, others) = points(pos, i, &region, around);
    for to in tactical {
        keep(to, NEAR_TACTICAL, out);
    }
    for to in others {
        keep(to, NEAR, out);
    }
}

/// Judges one target, and each promotion choice if it promotes.
fn judge(pos: &Position, i: usize, to: Point, out: &mut Vec<Candidate>) {
    let Some(applied) = resolve_piece(pos, i, to, None).applied().cloned() else {
        return;
    };
    let promotes = applied.promotion.is_some();
    let applied_kind = applied.promotion;
    let mover = applied.mover.kind;
    out.push(Candidate {
        piece: i,
        to,
        promotion: applied.promotion,
        applied: Box::new(applied),
    });
    if promotes {
        let choices = pos.board().promotion_of(mover);
        for &kind in choices.iter().filter(|&&k| Some(k) != applied_kind) {
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

/// The plain targets worth trying in a piece's legal region: checks and double attacks,
/// then the others.
fn points(
    pos: &Position,
    i: usize,
    region: &LegalRegion,
    around: &Surroundings,
) -> (Vec<Point>, Vec<Point>) {
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
    let bands = Bands::new(pos, i, &around.targets);
    // A piece under attack looks for the places where no enemy could take it.
    let mut refuge = Refuge::new(pos, i);
    let mut tactical = Vec::new();
    let mut out = Vec::new();
    for part in &region.parts {
        match part {
            RegionPart::Ray {
                from,
                dir,
                intervals,
            } => {
                // Where the ray crosses the edge of an enemy's capture area.
                let mut crossings = Vec::new();
                for edge in &around.edges {
                    edge.line_params(*from, *dir, &mut crossings);
                }
                for &(a, b) in &intervals.0 {
                    if b < a {
                        continue;
                    }
                    let at = |t: f64| *from + *dir * t;
                    tactical.extend(
                        bands
                            .on_ray(*from, *dir, (a, b), &crossings, around.check_step)
                            .into_iter()
                            .map(at),
                    );
                    if let Some(refuge) = refuge.as_mut() {
                        tactical.extend(refuge.safe((a, b), crossings.clone(), at));
                    }
                    // Whole squares from where it stands first (a pawn's single and double
                    // step), then the ends: a landing near one already kept is dropped.
                    // (The region keeps a hair clear of its ends; the judge decides there.)
                    let mut t = step * (a / step).ceil();
                    while t <= b + 1e-6 {
                        out.push(at(t));
                        t += step;
                    }
                    out.push(at(b));
                    out.push(at(a));
                    // Just short of each edge and just past it: the last point out of an
                    // enemy's reach, the first point out of it.
                    let near_edges = crossings.iter().flat_map(|t| [t - 0.05, t + 0.05]);
                    for t in lining_up(*from, *dir, &shapes, &others)
                        .into_iter()
                        .chain(blocking(*from, *dir, &around.lines))
                        .chain(near_edges)
                    {
                        if t > a && t < b {
                            out.push(at(t));
                        }
                    }
                }
            }
            RegionPart::Arcs {
                centre,
                radius,
                arcs,
            } => {
                let mut crossings = Vec::new();
                for edge in &around.edges {
                    edge.circle_params(*centre, *radius, &mut crossings);
                }
                for &(a, b) in arcs {
                    let at = |t: f64| *centre + unit(t) * *radius;
                    // The crossings, turned into the arc's window.
                    let cuts: Vec<f64> = crossings
                        .iter()
                        .map(|phi| phi + ((a - phi) / TAU).ceil() * TAU)
                        .collect();
                    if let Some(refuge) = refuge.as_mut() {
                        tactical.extend(refuge.safe((a, b), cuts.clone(), at));
                    }
                    let step = around.check_step.map(|step| step / *radius);
                    tactical.extend(
                        bands
                            .on_arc(*centre, *radius, (a, b), cuts, step)
                            .into_iter()
                            .map(at),
                    );
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
    (tactical, out)
}

/// The board as an attacked piece sees it while it looks for safety: a copy of the pieces
/// in which it can be moved about and asked whether any enemy could take it.
struct Refuge<'a> {
    pos: &'a Position,
    i: usize,
    pieces: Vec<Piece>,
}

impl<'a> Refuge<'a> {
    /// For `pos.pieces()[i]` if it is worth something and some enemy attacks it now.
    fn new(pos: &'a Position, i: usize) -> Option<Self> {
        let board = pos.board();
        let piece = pos.pieces()[i];
        let attacked = !board.is_royal(piece.kind)
            && board.promotion_of(piece.kind).is_empty()
            && is_attacked(board, pos.pieces(), i);
        attacked.then(|| Refuge {
            pos,
            i,
            pieces: pos.pieces().to_vec(),
        })
    }

    /// The middle of each stretch of `(lo, hi)` between consecutive `cuts` (where the way
    /// crosses the edge of an enemy's capture area) at which no enemy could take the piece.
    fn safe(
        &mut self,
        (lo, hi): (f64, f64),
        cuts: Vec<f64>,
        at: impl Fn(f64) -> Point,
    ) -> Vec<Point> {
        let mut out = Vec::new();
        for pair in stretch_ends((lo, hi), cuts).windows(2) {
            let p = at(0.5 * (pair[0] + pair[1]));
            self.pieces[self.i].at = p;
            if !is_attacked(self.pos.board(), &self.pieces, self.i) {
                out.push(p);
            }
        }
        self.pieces[self.i].at = self.pos.pieces()[self.i].at;
        out
    }
}

/// Where a piece standing at a point would reach an enemy with one of its capturing
/// shapes, blockers aside: for a slide, the strip behind the enemy along the slide's
/// direction; for a ring, the band about the enemy at the ring's radius; for a king's
/// reach, the disc about the enemy. `touch` is how near the two centres come when the
/// discs touch.
#[derive(Clone, Copy, Debug)]
enum Band {
    /// Within `touch` of the segment `a`–`b`.
    Capsule { a: Point, b: Point, touch: f64 },
    /// Between `radius − touch` and `radius + touch` of `centre`.
    Annulus {
        centre: Point,
        radius: f64,
        touch: f64,
    },
    /// Within `radius + touch` of `centre`.
    Disc {
        centre: Point,
        radius: f64,
        touch: f64,
    },
}

impl Band {
    fn contains(&self, p: Point) -> bool {
        match *self {
            Band::Capsule { a, b, touch } => segment_distance(p, a, b) < touch,
            Band::Annulus {
                centre,
                radius,
                touch,
            } => (p.distance(centre) - radius).abs() < touch,
            Band::Disc {
                centre,
                radius,
                touch,
            } => p.distance(centre) < radius + touch,
        }
    }

    /// Where the line `o + t·u` lies inside.
    fn on_line(&self, o: Point, u: Point, out: &mut Vec<(f64, f64)>) {
        match *self {
            Band::Capsule { a, b, touch } => out.extend(line_in_capsule(o, u, a, b, touch)),
            Band::Annulus {
                centre,
                radius,
                touch,
            } => {
                if let Some((x, y)) = line_in_disc(o, u, centre, radius + touch) {
                    match line_in_disc(o, u, centre, radius - touch) {
                        Some((p, q)) => out.extend([(x, p), (q, y)]),
                        None => out.push((x, y)),
                    }
                }
            }
            Band::Disc {
                centre,
                radius,
                touch,
            } => out.extend(line_in_disc(o, u, centre, radius + touch)),
        }
    }

    /// The curves bounding it.
    fn curves(&self, out: &mut Vec<Curve>) {
        match *self {
            Band::Capsule { a, b, touch } => out.extend(Curve::capsule(a, b, touch)),
            Band::Annulus {
                centre,
                radius,
                touch,
            } => {
                out.push(Curve::circle(centre, radius + touch));
                out.push(Curve::circle(centre, (radius - touch).max(0.0)));
            }
            Band::Disc {
                centre,
                radius,
                touch,
            } => out.push(Curve::circle(centre, radius + touch)),
        }
    }
}

/// The bands of one moving piece about each enemy worth attacking.
struct Bands {
    /// Per target: whether it is royal, and its bands.
    targets: Vec<(bool, Vec<Band>)>,
    /// Where the piece screens a friendly slider from the enemy royal piece: stepping out
    /// of one of these strips gives a discovered check.
    screens: Vec<Band>,
}

impl Bands {
    fn new(pos: &Position, i: usize, targets: &[(Disc, bool)]) -> Self {
        let board = pos.board();
        let mover = pos.pieces()[i];
        let me = board.radius(mover.kind);
        let moved = &Piece {
            moved: true,
            ..mover
        };
        let royal = board.disc(&pos.pieces()[pos.king(mover.side.opponent())]);
        let mut screens = Vec::new();
        for (j, friend) in pos.pieces().iter().enumerate() {
            if j == i || friend.side != mover.side {
                continue;
            }
            for shape in reaches(board, friend) {
                if let Reach::Slide { dir, end, modes } = shape
                    && modes.moves
                    && modes.captures
                {
                    let theirs = board.disc(friend);
                    let limit = slide_limit(board.inset_for(theirs.radius), friend.at, dir, end);
                    let touch = theirs.contact(royal.radius);
                    if let Some(t) = sweep_contact_within(friend.at, dir, royal.at, touch, limit) {
                        let screen = Band::Capsule {
                            a: friend.at,
                            b: friend.at + dir * t,
                            touch: theirs.contact(me),
                        };
                        if screen.contains(mover.at) {
                            screens.push(screen);
                        }
                    }
                }
            }
        }
        let across = board.width().hypot(board.height());
        let shapes: Vec<Reach<'_>> = reaches(board, moved).collect();
        let targets = targets
            .iter()
            .map(|&(e, royal)| {
                let touch = e.contact(me);
                let e = e.at;
                let bands = shapes
                    .iter()
                    .filter_map(|shape| match *shape {
                        Reach::Slide { dir, end, modes } if modes.captures => {
                            let length = end.map_or(across, |v| v.length().min(across));
                            Some(Band::Capsule {
                                a: e - dir * length,
                                b: e,
                                touch,
                            })
                        }
                        Reach::Ring { radius, modes, .. } if modes.captures => {
                            Some(Band::Annulus {
                                centre: e,
                                radius,
                                touch,
                            })
                        }
                        Reach::Disc { radius, modes, .. } if modes.captures => Some(Band::Disc {
                            centre: e,
                            radius,
                            touch,
                        }),
                        _ => None,
                    })
                    .collect();
                (royal, bands)
            })
            .collect();
        Bands { targets, screens }
    }

    /// Points (distances along `o + t·u`, within `(lo, hi)`) from which the piece would
    /// attack the royal piece (or uncover an attack on it) or two targets: in each stretch
    /// where neither the set of targets reached nor the side of any `edges` changes, as
    /// [`hot_spots`] chooses them.
    fn on_ray(
        &self,
        o: Point,
        u: Point,
        (lo, hi): (f64, f64),
        cuts: &[f64],
        check_step: Option<f64>,
    ) -> Vec<f64> {
        let overlaps = |&(a, b): &(f64, f64)| a < hi && b > lo;
        let mut spans = Vec::new();
        let mut inside = Vec::new();
        for (royal, bands) in &self.targets {
            inside.clear();
            for band in bands {
                band.on_line(o, u, &mut inside);
            }
            inside.retain(overlaps);
            if !inside.is_empty() {
                let aim = if *royal { Aim::Royal } else { Aim::Piece };
                spans.push((aim, inside.clone()));
            }
        }
        for screen in &self.screens {
            inside.clear();
            screen.on_line(o, u, &mut inside);
            let out = match inside.first() {
                Some(&(a, b)) => vec![(f64::NEG_INFINITY, a), (b, f64::INFINITY)],
                None => vec![(f64::NEG_INFINITY, f64::INFINITY)],
            };
            spans.push((Aim::Screen, out));
        }
        hot_spots((lo, hi), &spans, cuts.to_vec(), check_step)
    }

    /// Angles (about `centre`, on the landing circle of `radius`, within `(lo, hi)`) from
    /// which the piece would attack the royal piece or two targets, as [`Bands::on_ray`].
    fn on_arc(
        &self,
        centre: Point,
        radius: f64,
        (lo, hi): (f64, f64),
        cuts: Vec<f64>,
        check_step: Option<f64>,
    ) -> Vec<f64> {
        let at = |phi: f64| centre + unit(phi) * radius;
        // The angles where `holds` is true on the circle, as runs in the window from `lo`.
        let runs = |band: &Band, holds: &dyn Fn(Point) -> bool| {
            let mut curves = Vec::new();
            band.curves(&mut curves);
            let mut critical = Vec::new();
            for c in &curves {
                c.circle_params(centre, radius, &mut critical);
            }
            let mut out = Vec::new();
            if critical.is_empty() {
                if holds(at(lo)) {
                    out.push((lo, hi));
                }
                return out;
            }
            for (a, b) in circle_runs(&circle_samples(critical), |phi| holds(at(phi))) {
                let turn = ((lo - a) / TAU).ceil() * TAU;
                for k in [-1.0, 0.0, 1.0] {
                    out.push((a + turn + k * TAU, b + turn + k * TAU));
                }
            }
            out
        };
        let mut spans = Vec::with_capacity(self.targets.len() + self.screens.len());
        for (royal, bands) in &self.targets {
            let inside = bands
                .iter()
                .flat_map(|band| runs(band, &|p| band.contains(p)))
                .collect();
            spans.push((if *royal { Aim::Royal } else { Aim::Piece }, inside));
        }
        for screen in &self.screens {
            spans.push((Aim::Screen, runs(screen, &|p| !screen.contains(p))));
        }
        hot_spots((lo, hi), &spans, cuts, check_step)
    }
}

/// The ends of the stretches into which `cuts` divide `(lo, hi)`, sorted, `lo` and `hi`
/// included: each consecutive pair bounds one stretch.
fn stretch_ends((lo, hi): (f64, f64), mut cuts: Vec<f64>) -> Vec<f64> {
    cuts.retain(|t| t.is_finite() && *t > lo && *t < hi);
    cuts.push(lo);
    cuts.push(hi);
    cuts.sort_by(f64::total_cmp);
    cuts.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    cuts
}

/// What a span along a piece's way is about.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Aim {
    /// The piece would attack the enemy royal piece there: check.
    Royal,
    /// The piece would no longer screen a friendly slider from the enemy royal piece:
    /// discovered check.
    Screen,
    /// The piece would attack another enemy worth attacking.
    Piece,
}

/// The most points a fine look tries in one stretch of a check.
const MAX_CHECK_POINTS: f64 = 24.0;

/// Points of `(lo, hi)`, cut into stretches at every end of a target's spans and at every
/// one of `cuts`: the middle of each stretch where two targets are reached, and three
/// points (the middle and near both ends) of each where the royal piece is attacked or
/// uncovered, with more `check_step` apart for a fine look at a direct check.
fn hot_spots(
    (lo, hi): (f64, f64),
    spans: &[(Aim, Vec<(f64, f64)>)],
    mut cuts: Vec<f64>,
    check_step: Option<f64>,
) -> Vec<f64> {
    let within = |&(a, b): &(f64, f64)| a < hi && b > lo;
    if !spans.iter().any(|(_, s)| s.iter().any(within)) {
        return Vec::new();
    }
    for (_, s) in spans {
        for &(a, b) in s {
            cuts.push(a);
            cuts.push(b);
        }
    }
    let mut out = Vec::new();
    for pair in stretch_ends((lo, hi), cuts).windows(2) {
        let (x, y) = (pair[0], pair[1]);
        let mid = 0.5 * (x + y);
        let mut reached = 0;
        let (mut check, mut discovered) = (false, false);
        for (aim, s) in spans {
            if s.iter().any(|&(a, b)| a < mid && mid < b) {
                match aim {
                    Aim::Royal => check = true,
                    Aim::Screen => discovered = true,
                    Aim::Piece => {}
                }
                reached += 1;
            }
        }
        if check || discovered {
            // Whether a check mates turns on curves not cut here (the king's escapes), so
            // a check's stretch is tried at its middle and near both ends.
            let inset = (0.25 * (y - x)).min(0.01);
            out.extend([mid, x + inset, y - inset]);
            if let Some(step) = check_step.filter(|_| check) {
                let step = step.max((y - x) / MAX_CHECK_POINTS);
                let mut t = x + step;
                while t < y {
                    out.push(t);
                    t += step;
                }
            }
        } else if reached >= 2 {
            out.push(mid);
        }
    }
    out
}

/// The edges of the areas where `side`'s enemies could capture a disc of radius R: each
/// capturing slide's strip (to its end or the board's edge, whatever stands in it), each
/// ring's band, each sector disc's reach. (Where pieces differ in size, a disc of another
/// radius meets them a little nearer or farther: these edges only cut the stretches in
/// which candidates are looked for, so one radius serves.)
fn threat_edges(pos: &Position, side: super::position::Color) -> Vec<Curve> {
    let board = pos.board();
    let mut out = Vec::new();
    for p in pos.pieces().iter().filter(|p| p.side != side) {
        let theirs = board.radius(p.kind);
        let touch = contact(theirs, R);
        let inset = board.inset_for(theirs);
        for shape in reaches(board, p) {
            match shape {
                Reach::Slide { dir, end, modes } if modes.captures => {
                    let far = slide_end(inset, p.at, dir, end);
                    out.extend(Curve::capsule(p.at, far, touch));
                }
                Reach::Ring { radius, modes, .. } if modes.captures => {
                    out.push(Curve::circle(p.at, radius + touch));
                    out.push(Curve::circle(p.at, (radius - touch).max(0.0)));
                }
                Reach::Disc { radius, modes, .. } if modes.captures => {
                    out.push(Curve::circle(p.at, radius + touch));
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
                // Checks and double attacks are kept finer apart than the other landings.
                if a.piece == b.piece && a.promotion == b.promotion {
                    let apart = a.applied.to.distance(b.applied.to);
                    assert!(apart >= NEAR_TACTICAL, "{a:?} {b:?}");
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
