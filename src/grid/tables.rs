//! Per-square move tables, built once per variant from the compiled Betza, so move
//! generation never reads Betza again.
//!
//! - Forward: for each side, type and square, the rays a piece there walks. A ray is the
//!   list of squares one leap of one leg rides over on an empty board (cylinder wraps and
//!   edge bounces already applied), with its modes; lame leaps keep the squares each step
//!   passes. Chains of several legs are walked at run time by the reference walk.
//! - Reverse: for each attacking side, the ways a square can be attacked, looked up from
//!   the attacked square outwards (the first piece along a line, a leap's origin, a
//!   hopper's hurdle, a bent rider's step square and origin). Types whose captures do not
//!   fit these shapes are checked forward.

use super::board::{Geometry, Square};
use super::rules::{MAX_TYPES, PieceType, Promotion, Role};
use crate::betza::directions::Leap;
use crate::betza::model::{ChainMoves, Leg, Stop, ride};
use crate::play::Color;

/// Flags of a ray, from its leg's modes.
pub(crate) mod flag {
    /// May end on an empty square.
    pub const MOVES: u16 = 1;
    /// May end by capturing.
    pub const CAPTURES: u16 = 2;
    /// Only while the piece has not moved.
    pub const INITIAL: u16 = 4;
    /// May capture en passant.
    pub const EN_PASSANT: u16 = 8;
    /// May capture friendly pieces.
    pub const BACKSTAB: u16 = 16;
    /// May capture obstacles.
    pub const DESTROY: u16 = 32;
    /// Passes over obstacles.
    pub const FLY: u16 = 64;
    /// A leap blocked by a piece on its path.
    pub const LAME: u16 = 128;
    /// A bent ray's first square belongs to an earlier ray of the same first step: block
    /// there, but neither move nor capture.
    pub const SKIP_FIRST: u16 = 256;
    /// An initial ray each of whose squares lies two or more steps away along a straight
    /// line: every move along it passes over a square (a double step).
    pub const DOUBLE: u16 = 512;
    /// An initial ray whose squares lie some one step, some more steps away: whether a
    /// move passes over a square is decided square by square.
    pub const SOME_DOUBLE: u16 = 1024;
    /// Some of its squares lie in its piece's promotion zone.
    pub const PROMOTES: u16 = 2048;
    /// Several leaps of one square each, with the same flags: no square blocks another.
    pub const LEAPS: u16 = 4096;
    /// Not plain (see [`PLAIN_FLAGS`](super::PLAIN_FLAGS)): walked by the general walk.
    pub const GENERAL: u16 = 8192;
}

/// The flags a plain ray may have (see [`Ray::plain`]); any other makes it
/// [`flag::GENERAL`].
pub(crate) const PLAIN_FLAGS: u16 = flag::MOVES
    | flag::CAPTURES
    | flag::INITIAL
    | flag::EN_PASSANT
    | flag::LAME
    | flag::SKIP_FIRST
    | flag::DOUBLE
    | flag::LEAPS;

/// How a ray treats the pieces it meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RayKind {
    /// Stops at the first piece (after passing `jumps` of them).
    Slide,
    /// Lands just beyond the first piece.
    Grasshopper,
    /// Passes exactly one piece, then moves to empty squares or captures the next piece.
    Cannon,
}

/// One leap of one leg from one square.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    /// First square, in [`Tables::squares`].
    pub start: u32,
    /// Squares the ray may end on or pass (a grasshopper's list has one more, its last
    /// possible landing).
    pub len: u16,
    /// How many of them a grasshopper may approach over (its range); `len` for others.
    pub reach: u16,
    pub kind: RayKind,
    pub flags: u16,
    /// Pieces a slide may pass over (`u8::MAX`: any number).
    pub jumps: u8,
    /// For lame rays: the first of `len` entries in [`Tables::paths`].
    pub paths: u32,
}

impl Ray {
    /// Whether the plain walk may take it: a slide with no jumps that moves to empty
    /// squares and captures enemies, none of its moves promoting, no flags but
    /// [`PLAIN_FLAGS`], and lame only as a single leap. Its caller checks the initial and
    /// en-passant flags, the lame leap's path and a bent ray's shared step before walking
    /// it plainly.
    pub fn plain(&self) -> bool {
        self.flags & flag::GENERAL == 0
    }
}

/// A line along which a side attacks: every type's reach along it.
#[derive(Clone, Debug)]
pub(crate) struct AttackLine {
    /// Index of the reverse rays (from the attacked square back toward the attacker).
    pub line: usize,
    /// The longest reach of any type along it.
    pub longest: u16,
    /// Each type's reach (0: does not attack this way; `u16::MAX`: without limit).
    pub reach: [u16; MAX_TYPES],
}

/// A lame leap a side attacks with: the types, and from each square the attacker's square
/// and the squares that must be empty.
#[derive(Clone, Debug)]
pub(crate) struct LameAttack {
    /// Which types attack with this leap.
    pub types: [bool; MAX_TYPES],
    /// By attacked square: the attacker's square and a range in [`Tables::paths`] list.
    pub from: Vec<Option<(Square, u32, u16)>>,
}

/// A hopping capture along a line.
#[derive(Clone, Debug)]
pub(crate) struct HopAttack {
    pub line: usize,
    pub grasshopper: [bool; MAX_TYPES],
    pub cannon: [bool; MAX_TYPES],
}

/// A bent rider's capture after its first step: one step, then a ride along another
/// line. Walking back from the attacked square along the ride, every square passed must be
/// empty; each is a possible step square, and the attacker stands one step back from it.
#[derive(Clone, Debug)]
pub(crate) struct BentAttack {
    /// The reverse line of the ride (from the attacked square back toward the step's
    /// square).
    pub ride: usize,
    /// The reverse line of the first step: its first square from the step's square is the
    /// attacker's.
    pub step: usize,
    /// The longest ride of any type along it.
    pub longest: u16,
    /// Each type's ride (0: does not attack this way; `u16::MAX`: without limit).
    pub reach: [u16; MAX_TYPES],
}

/// How one side's pieces can attack a square.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attacks {
    /// Lines some type rides along (more than one step).
    pub lines: Vec<AttackLine>,
    /// By attacked square: a range in `leaps`.
    pub leaps_to: Vec<(u32, u16)>,
    /// Single leaps (lines every type takes one step along), by attacked square: where the
    /// attacker stands, and which types (bit `1 << type`) attack from there.
    pub leaps: Vec<(Square, u32)>,
    pub lame: Vec<LameAttack>,
    pub hops: Vec<HopAttack>,
    /// Bent riders' captures past their first step (the step itself is a leap).
    pub bent: Vec<BentAttack>,
    /// Types whose captures are checked by generating them.
    pub forward: [bool; MAX_TYPES],
    /// Whether any type is checked forward.
    pub any_forward: bool,
}

/// Every table of a variant.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    squares_count: usize,
    types_count: usize,
    /// By (side, type, square): the range of its rays in `rays`.
    index: Vec<(u32, u32)>,
    pub rays: Vec<Ray>,
    pub squares: Vec<Square>,
    /// Lame paths: by ray element, a range in `path_squares`.
    pub paths: Vec<(u32, u16)>,
    pub path_squares: Vec<Square>,
    /// Chains of several legs, by type: walked at run time.
    pub chains: Vec<Vec<ChainMoves>>,
    /// By (line, square): the squares from that square back along the line.
    reverse: Vec<(u32, u16)>,
    /// The step of each line, from attacker toward the attacked square.
    pub line_steps: Vec<Leap>,
    /// By attacking side.
    pub attacks: [Attacks; 2],
    /// By type: it may capture friends or walks chains (each of its moves is tested).
    pub careful: [bool; MAX_TYPES],
    /// By type: it may capture en passant.
    pub en_passant: [bool; MAX_TYPES],
    /// Types (bit `1 << type`) whose every move is tested for legality: royal, careful, or
    /// promoting to a royal type.
    pub always_tested: u32,
    /// Types (bit `1 << type`) that may capture en passant.
    pub en_passant_types: u32,
    /// Types (bit `1 << type`) with moves beyond their rays: chains walked at run time, or
    /// repeats to drop.
    pub beyond_rays: u32,
    /// By type: two of its rays (or a ray and a chain) may reach one square, so its moves
    /// are sorted and repeats dropped.
    pub repeats: [bool; MAX_TYPES],
}

impl Tables {
    /// Builds every table.
    pub fn build(geometry: Geometry, types: &[PieceType]) -> Tables {
        let n = geometry.squares();
        let mut t = Tables {
            squares_count: n,
            types_count: types.len(),
            index: Vec::with_capacity(2 * types.len() * n),
            rays: Vec::new(),
            squares: Vec::new(),
            paths: Vec::new(),
            path_squares: Vec::new(),
            chains: types
                .iter()
                .map(|p| {
                    p.chains
                        .iter()
                        .filter(|c| c.legs.len() > 1 && !bent(c))
                        .cloned()
                        .collect()
                })
                .collect(),
            reverse: Vec::new(),
            line_steps: Vec::new(),
            attacks: [Attacks::default(), Attacks::default()],
            careful: [false; MAX_TYPES],
            en_passant: [false; MAX_TYPES],
            always_tested: 0,
            en_passant_types: 0,
            beyond_rays: 0,
            repeats: [false; MAX_TYPES],
        };
        for (ty, p) in types.iter().enumerate() {
            let legs = || p.chains.iter().flat_map(|c| &c.legs);
            t.careful[ty] = !t.chains[ty].is_empty() || legs().any(|l| l.modes.backstab);
            t.en_passant[ty] = legs().any(|l| l.modes.en_passant);
            // A piece that may promote to a royal type must not become one under attack.
            let crowns = p
                .promotion
                .as_ref()
                .is_some_and(|pr| pr.every_choice().any(|&r| types[r.index()].royal));
            if t.careful[ty] || p.royal || crowns {
                t.always_tested |= 1 << ty;
            }
            if t.en_passant[ty] {
                t.en_passant_types |= 1 << ty;
            }
        }
        for side in Color::BOTH {
            for p in types {
                for sq in (0..n).map(Square::from_index) {
                    let first = t.rays.len() as u32;
                    let chains = p.chains_at(side, sq);
                    for chain in chains.iter().filter(|c| c.legs.len() == 1) {
                        for &leap in &chain.legs[0].leaps {
                            let zone = p.promotion.as_ref();
                            t.add_ray(
                                geometry,
                                &chain.legs[0],
                                orient(leap, side),
                                sq,
                                (side, zone),
                                p.region[side].as_deref(),
                            );
                        }
                    }
                    for chain in chains.iter().filter(|c| bent(c)) {
                        let zone = p.promotion.as_ref();
                        t.add_bent(geometry, chain, sq, (side, zone));
                    }
                    // Shogi: every move from inside the zone may promote.
                    let from_zone = p.promotion.as_ref().filter(|z| z.from_zone);
                    if from_zone.is_some_and(|z| z.in_zone(geometry, side, sq)) {
                        // PROMOTES is not a plain flag: the rays become general ones.
                        for ray in &mut t.rays[first as usize..] {
                            ray.flags |= flag::PROMOTES | flag::GENERAL;
                        }
                    }
                    t.merge_leaps(first as usize);
                    t.index.push((first, t.rays.len() as u32 - first));
                }
            }
        }
        for side in Color::BOTH {
            t.attacks[side] = t.build_attacks(geometry, types, side);
            t.gather_leaps(side);
        }
        for ty in 0..types.len() {
            t.repeats[ty] = !t.chains[ty].is_empty() || t.rays_overlap(ty);
            if t.repeats[ty] || !t.chains[ty].is_empty() {
                t.beyond_rays |= 1 << ty;
            }
        }
        t
    }

    /// Merges each run of plain one-square rays with the same flags, from the ray `first`
    /// on, into one ray of [`flag::LEAPS`]: one walk over several leaps instead of one per
    /// leap, in the same order.
    fn merge_leaps(&mut self, first: usize) {
        let leap =
            |r: &Ray| r.plain() && r.len == 1 && r.flags & (flag::LAME | flag::SKIP_FIRST) == 0;
        let mut kept = first;
        for k in first..self.rays.len() {
            let ray = self.rays[k];
            if k > first {
                let last = &mut self.rays[kept - 1];
                let joins = (leap(last) || last.flags & flag::LEAPS != 0)
                    && leap(&ray)
                    && last.flags & !flag::LEAPS == ray.flags
                    && last.start + u32::from(last.len) == ray.start;
                if joins {
                    last.len += 1;
                    last.reach += 1;
                    last.flags |= flag::LEAPS;
                    continue;
                }
            }
            self.rays[kept] = ray;
            kept += 1;
        }
        self.rays.truncate(kept);
    }

    /// Whether, from some square, two rays of type `ty` include one square (a bent ray's
    /// shared first step aside).
    fn rays_overlap(&self, ty: usize) -> bool {
        let mut seen = vec![false; self.squares_count];
        Color::BOTH.into_iter().any(|side| {
            (0..self.squares_count).map(Square::from_index).any(|sq| {
                seen.iter_mut().for_each(|s| *s = false);
                self.rays(side, Role::new(ty), sq).iter().any(|ray| {
                    let skip = usize::from(ray.flags & flag::SKIP_FIRST != 0);
                    self.ray_squares(ray)[skip..]
                        .iter()
                        .any(|&s| std::mem::replace(&mut seen[usize::from(s)], true))
                })
            })
        })
    }

    /// Moves the attack lines of `side` that no type rides further than one step into its
    /// per-square lists of leaps, so that a square's leap attacks are one list to read.
    fn gather_leaps(&mut self, side: Color) {
        let (leaps, lines) = std::mem::take(&mut self.attacks[side].lines)
            .into_iter()
            .partition::<Vec<_>, _>(|l| l.longest == 1);
        let mut a = std::mem::take(&mut self.attacks[side]);
        a.lines = lines;
        for sq in (0..self.squares_count).map(Square::from_index) {
            let start = a.leaps.len() as u32;
            for leap in &leaps {
                if let Some(&from) = self.reverse(leap.line, sq).first() {
                    let types = (0..MAX_TYPES)
                        .filter(|&ty| leap.reach[ty] > 0)
                        .fold(0, |m, ty| m | 1 << ty);
                    a.leaps.push((from, types));
                }
            }
            a.leaps_to
                .push((start, (a.leaps.len() as u32 - start) as u16));
        }
        self.attacks[side] = a;
    }

    /// The single leaps that may attack `sq`, with the types that attack by each.
    #[inline]
    pub fn leaps_to(&self, side: Color, sq: Square) -> &[(Square, u32)] {
        let a = &self.attacks[side];
        let (first, len) = a.leaps_to[sq.index()];
        &a.leaps[first as usize..first as usize + usize::from(len)]
    }

    /// The rays of a `side` piece of type `ty` on `sq`.
    #[inline]
    pub fn rays(&self, side: Color, role: Role, sq: Square) -> &[Ray] {
        let (first, count) = self.index[(side.index() * self.types_count + role.index())
            * self.squares_count
            + usize::from(sq)];
        &self.rays[first as usize..(first + count) as usize]
    }

    /// The squares of a ray.
    #[inline]
    pub fn ray_squares(&self, ray: &Ray) -> &[Square] {
        &self.squares[ray.start as usize..ray.start as usize + usize::from(ray.len)]
    }

    /// The squares a lame ray's `k`-th step passes.
    #[inline]
    pub fn lame_path(&self, ray: &Ray, k: usize) -> &[Square] {
        let (first, len) = self.paths[ray.paths as usize + k];
        &self.path_squares[first as usize..first as usize + usize::from(len)]
    }

    /// The squares from `sq` back along `line`, nearest first.
    #[inline]
    pub fn reverse(&self, line: usize, sq: Square) -> &[Square] {
        let (first, len) = self.reverse[line * self.squares_count + usize::from(sq)];
        &self.squares[first as usize..first as usize + usize::from(len)]
    }

    /// Adds a bent rider's rays: one per first step and second leap, each the first step's
    /// square then the ride from it. The first step's square is a destination in the first
    /// such ray only; the mover's own square is passed as if empty. `promotion` is the
    /// mover's side and its promotion zone, if any.
    fn add_bent(
        &mut self,
        g: Geometry,
        chain: &ChainMoves,
        sq: Square,
        promotion: (Color, Option<&Promotion>),
    ) {
        let side = promotion.0;
        let (first, second) = (&chain.legs[0], &chain.legs[1]);
        let (files, ranks) = (i32::from(g.files()), i32::from(g.ranks()));
        let bound = 4 * (usize::from(g.files()) + usize::from(g.ranks())) + 4;
        let count = second.range.map_or(bound, usize::from).min(bound);
        let from = (g.file(sq), g.rank(sq));
        let mut flags = 0;
        if first.modes.moves {
            flags |= flag::MOVES;
        }
        if first.modes.captures {
            flags |= flag::CAPTURES;
        }
        for &leap in &first.leaps {
            let Some(step) = ride(first.modes, orient(leap, side), files, ranks, from, 1).pop()
            else {
                continue;
            };
            let turns: Vec<Leap> = if second.leaps.is_empty() {
                vec![(0, 0)]
            } else {
                second.leaps.clone()
            };
            for (k, &turn) in turns.iter().enumerate() {
                let start = self.squares.len() as u32;
                self.squares.push(square(g, step.at));
                if turn != (0, 0) {
                    for stop in ride(
                        second.modes,
                        orient(turn, side),
                        files,
                        ranks,
                        step.at,
                        count,
                    ) {
                        let at = square(g, stop.at);
                        if at != sq {
                            self.squares.push(at);
                        }
                    }
                }
                let len = (self.squares.len() as u32 - start) as u16;
                let mut flags = if k == 0 {
                    flags
                } else {
                    flags | flag::SKIP_FIRST
                };
                if self.squares[start as usize..]
                    .iter()
                    .any(|&s| in_zone(g, promotion, s))
                {
                    flags |= flag::PROMOTES;
                }
                if flags & !PLAIN_FLAGS != 0 {
                    flags |= flag::GENERAL;
                }
                self.rays.push(Ray {
                    start,
                    len,
                    reach: len,
                    kind: RayKind::Slide,
                    flags,
                    jumps: 0,
                    paths: 0,
                });
            }
        }
    }

    /// Adds one ray; `promotion` is the mover's side and its promotion zone, if any.
    fn add_ray(
        &mut self,
        g: Geometry,
        leg: &Leg,
        leap: Leap,
        sq: Square,
        promotion: (Color, Option<&Promotion>),
        region: Option<&[bool]>,
    ) {
        let m = leg.modes;
        let bound = 4 * (usize::from(g.files()) + usize::from(g.ranks())) + 4;
        let mut count = leg.range.map_or(bound, usize::from).min(bound);
        if m.grasshopper {
            count += 1; // the landing beyond a hurdle on the last square of its range
        }
        let from = (g.file(sq), g.rank(sq));
        let mut stops = ride(
            m,
            leap,
            i32::from(g.files()),
            i32::from(g.ranks()),
            from,
            count,
        );
        // A piece kept to a region (which the loader allows only to leapers) has no leap
        // out of it.
        if let Some(region) = region {
            stops.retain(|s| region[usize::from(square(g, s.at))]);
        }
        if stops.is_empty() || (m.grasshopper && stops.len() < 2) {
            return;
        }
        let mut flags = 0;
        for (on, f) in [
            (m.moves, flag::MOVES),
            (m.captures, flag::CAPTURES),
            (m.initial, flag::INITIAL),
            (m.en_passant, flag::EN_PASSANT),
            (m.backstab, flag::BACKSTAB),
            (m.destroy, flag::DESTROY),
            (m.fly, flag::FLY),
            (m.lame, flag::LAME),
        ] {
            if on {
                flags |= f;
            }
        }
        if m.initial {
            // A double step, as en passant reads it: a straight move over a square at least.
            let passes = |s: &Stop| g.steps(sq, square(g, s.at)).0 >= 2;
            if stops.iter().all(passes) {
                flags |= flag::DOUBLE;
            } else if stops.iter().any(passes) {
                flags |= flag::SOME_DOUBLE;
            }
        }
        if stops.iter().any(|s| in_zone(g, promotion, square(g, s.at))) {
            flags |= flag::PROMOTES;
        }
        let kind = if m.grasshopper {
            RayKind::Grasshopper
        } else if m.cannon {
            RayKind::Cannon
        } else {
            RayKind::Slide
        };
        let start = self.squares.len() as u32;
        let paths = self.paths.len() as u32;
        for stop in &stops {
            let at = square(g, stop.at);
            self.squares.push(at);
            if m.lame {
                let first = self.path_squares.len() as u32;
                // The mover's own square counts as empty.
                for &p in &stop.path {
                    let p = square(g, p);
                    if p != sq {
                        self.path_squares.push(p);
                    }
                }
                self.paths
                    .push((first, (self.path_squares.len() as u32 - first) as u16));
            }
        }
        let reach = if m.grasshopper {
            stops.len().min(count - 1)
        } else {
            stops.len()
        };
        let plain = kind == RayKind::Slide
            && m.jumps == 0
            && (!m.lame || stops.len() == 1)
            && flags & !PLAIN_FLAGS == 0;
        if !plain {
            flags |= flag::GENERAL;
        }
        self.rays.push(Ray {
            start,
            len: stops.len() as u16,
            reach: reach as u16,
            kind,
            flags,
            jumps: m.jumps,
            paths,
        });
    }

    /// The line with this step (attacker toward target), added if new.
    fn line(&mut self, g: Geometry, step: Leap) -> usize {
        if let Some(n) = self.line_steps.iter().position(|&s| s == step) {
            return n;
        }
        let n = self.line_steps.len();
        self.line_steps.push(step);
        for sq in (0..self.squares_count).map(Square::from_index) {
            let start = self.squares.len() as u32;
            let (mut f, mut r) = (g.file(sq), g.rank(sq));
            loop {
                f = f.saturating_sub(step.0);
                r = r.saturating_sub(step.1);
                match g.square(f, r) {
                    Some(s) => self.squares.push(s),
                    None => break,
                }
            }
            self.reverse
                .push((start, (self.squares.len() as u32 - start) as u16));
        }
        n
    }

    fn build_attacks(&mut self, g: Geometry, types: &[PieceType], side: Color) -> Attacks {
        let mut a = Attacks::default();
        for (ty, p) in types.iter().enumerate() {
            // Moves that depend on where the piece stands are read off its moves.
            if p.across.is_some() || p.region.iter().any(Option::is_some) {
                a.forward[ty] = true;
                continue;
            }
            for chain in &p.chains {
                if chain.legs.iter().all(|l| !l.modes.captures) {
                    continue;
                }
                if bent(chain) {
                    if !self.bent_attack(g, &mut a, chain, ty, side) {
                        a.forward[ty] = true;
                    }
                    continue;
                }
                let leg = &chain.legs[0];
                let m = leg.modes;
                let plain_geometry = chain.legs.len() == 1
                    && m.jumps == 0
                    && !m.cylinder
                    && !m.bounce
                    && !m.initial
                    && (!m.grasshopper || !m.cannon);
                let line_piece = plain_geometry && !m.grasshopper && !m.cannon && !m.fly && !m.lame;
                let lame_leaper = plain_geometry
                    && !m.grasshopper
                    && !m.cannon
                    && !m.fly
                    && m.lame
                    && leg.range == Some(1);
                let hopper = plain_geometry
                    && (m.grasshopper || m.cannon)
                    && !m.lame
                    && !(m.cannon && m.fly)
                    && leg.range.is_none();
                if !(line_piece || lame_leaper || hopper) {
                    a.forward[ty] = true;
                    continue;
                }
                for &leap in &leg.leaps {
                    let step = orient(leap, side);
                    if line_piece {
                        self.attack_line(g, &mut a, step, ty, leg.range.unwrap_or(u16::MAX));
                    } else if lame_leaper {
                        let lame = self.lame_attack(g, step, leg);
                        let mut types = [false; MAX_TYPES];
                        types[ty] = true;
                        a.lame.push(LameAttack { types, from: lame });
                    } else {
                        let line = self.line(g, step);
                        let k = match a.hops.iter().position(|h| h.line == line) {
                            Some(k) => k,
                            None => {
                                a.hops.push(HopAttack {
                                    line,
                                    grasshopper: [false; MAX_TYPES],
                                    cannon: [false; MAX_TYPES],
                                });
                                a.hops.len() - 1
                            }
                        };
                        if m.grasshopper {
                            a.hops[k].grasshopper[ty] = true;
                        } else {
                            a.hops[k].cannon[ty] = true;
                        }
                    }
                }
            }
        }
        a.any_forward = a.forward.iter().any(|&f| f);
        a
    }

    /// Adds type `ty`'s attack along the line with this step (attacker toward target),
    /// reaching `reach` steps.
    fn attack_line(&mut self, g: Geometry, a: &mut Attacks, step: Leap, ty: usize, reach: u16) {
        let line = self.line(g, step);
        let entry = match a.lines.iter_mut().position(|l| l.line == line) {
            Some(k) => &mut a.lines[k],
            None => {
                a.lines.push(AttackLine {
                    line,
                    longest: 0,
                    reach: [0; MAX_TYPES],
                });
                a.lines.last_mut().expect("just pushed")
            }
        };
        entry.reach[ty] = entry.reach[ty].max(reach);
        entry.longest = entry.longest.max(reach);
    }

    /// Adds a bent rider's captures: its first step as a leap along a line, and each step
    /// and ride as a [`BentAttack`]. False, adding nothing, when a ride may come back over
    /// the rider's own square (a step straight against the ride), which the reverse walk
    /// would read as a blocker.
    fn bent_attack(
        &mut self,
        g: Geometry,
        a: &mut Attacks,
        chain: &ChainMoves,
        ty: usize,
        side: Color,
    ) -> bool {
        let (first, second) = (&chain.legs[0], &chain.legs[1]);
        let against = |step: Leap, turn: Leap| {
            let (s, t) = (
                (i64::from(step.0), i64::from(step.1)),
                (i64::from(turn.0), i64::from(turn.1)),
            );
            s.0 * t.1 == s.1 * t.0 && s.0 * t.0 + s.1 * t.1 < 0
        };
        if first
            .leaps
            .iter()
            .any(|&s| second.leaps.iter().any(|&t| against(s, t)))
        {
            return false;
        }
        let reach = second.range.unwrap_or(u16::MAX);
        for &leap in &first.leaps {
            let step = orient(leap, side);
            self.attack_line(g, a, step, ty, 1);
            let step_line = self.line(g, step);
            for &turn in &second.leaps {
                let ride = self.line(g, orient(turn, side));
                let entry = match a
                    .bent
                    .iter_mut()
                    .position(|b| b.ride == ride && b.step == step_line)
                {
                    Some(k) => &mut a.bent[k],
                    None => {
                        a.bent.push(BentAttack {
                            ride,
                            step: step_line,
                            longest: 0,
                            reach: [0; MAX_TYPES],
                        });
                        a.bent.last_mut().expect("just pushed")
                    }
                };
                entry.reach[ty] = entry.reach[ty].max(reach);
                entry.longest = entry.longest.max(reach);
            }
        }
        true
    }

    /// For each square, where a lame leaper with this step attacks it from, and the path.
    fn lame_attack(
        &mut self,
        g: Geometry,
        step: Leap,
        leg: &Leg,
    ) -> Vec<Option<(Square, u32, u16)>> {
        (0..self.squares_count)
            .map(Square::from_index)
            .map(|target| {
                let from = g.square(
                    g.file(target).saturating_sub(step.0),
                    g.rank(target).saturating_sub(step.1),
                )?;
                let stops = ride(
                    leg.modes,
                    step,
                    i32::from(g.files()),
                    i32::from(g.ranks()),
                    (g.file(from), g.rank(from)),
                    1,
                );
                let stop = stops.first()?;
                let first = self.path_squares.len() as u32;
                for &p in &stop.path {
                    let p = square(g, p);
                    if p != from {
                        self.path_squares.push(p);
                    }
                }
                Some((from, first, (self.path_squares.len() as u32 - first) as u16))
            })
            .collect()
    }
}

/// Whether `sq` lies in the promotion zone of a `side` piece that promotes as `promotion`.
fn in_zone(g: Geometry, (side, promotion): (Color, Option<&Promotion>), sq: Square) -> bool {
    promotion.is_some_and(|p| p.in_zone(g, side, sq))
}

/// Whether a chain is a plain bent rider the tables can hold: a single step, a blocking
/// link after which the move may still end on the step, then a ride, both with the same
/// plain move and capture modes and no other letter.
fn bent(chain: &ChainMoves) -> bool {
    let [first, second] = &chain.legs[..] else {
        return false;
    };
    let plain = |l: &Leg| {
        let m = l.modes;
        crate::betza::model::LegModes {
            moves: m.moves,
            captures: m.captures,
            ..Default::default()
        } == m
    };
    let join = chain.links[0];
    join.blocking
        && join.forced == crate::betza::Forced::No
        && first.range == Some(1)
        && plain(first)
        && plain(second)
        && first.modes == second.modes
}

/// A leap as a side makes it: Black's are White's turned round.
pub(crate) fn orient(leap: Leap, side: Color) -> Leap {
    if side == Color::White {
        leap
    } else {
        (leap.0.saturating_neg(), leap.1.saturating_neg())
    }
}

fn square(g: Geometry, at: (i32, i32)) -> Square {
    g.square(at.0, at.1).unwrap_or_default()
}
