//! What a grid piece is worth, in centipawns: the level's `value` where it gives one, else
//! an estimate from the piece's own moves. [`crate::grid::Variant`] works every estimate
//! out once, when it is built (from its board, types and move tables: a [`PieceSet`]), and
//! [`Variant::value`](crate::grid::Variant::value) reads it back.
//!
//! # How a piece is valued
//!
//! A piece is worth what it can do on a board that is not empty. From every square it may
//! stand on, each square it reaches on the board of the variant's size, through the
//! engine's own move tables and chain walk, counts by how likely it is to stay open when
//! other pieces stand about ([`CROWDING`] of the squares taken, at random):
//!
//! | way of reaching a square | counts |
//! | --- | --- |
//! | a leap, or a ride's first square | 1, and [`LEAP_LENGTH`] more for each step of length beyond one (a knight's leap is two long) |
//! | a lame leap (`n`) | as a leap, times (1 − [`CROWDING`]) for each square its path crosses |
//! | a ride's square beyond `k` others | [`RIDE_SCALE`] × (1 − [`CROWDING`])^k: each square passed must be empty |
//! | a ride that may jump (`j`, `jj`) | as a ride, by the chance that no more pieces than it may jump stand in the way |
//! | a grasshopper's landing beyond `k` empty squares | as a leap, times [`HOP_SCALE`] × [`CROWDING`] × (1 − [`CROWDING`])^k: a hurdle there, none before |
//! | a cannon's landing with `j` squares before it | as a leap, times [`HOP_SCALE`] × j × [`CROWDING`] × (1 − [`CROWDING`])^(j−1): exactly one screen |
//!
//! A capture there is worth that times [`LEAP_CAPTURE`] (or [`RIDE_CAPTURE`] beyond a
//! ride's first square), a move to an empty square that times [`LEAP_QUIET`] (or
//! [`RIDE_QUIET`]): a capture threatens, and a long quiet ride is seldom worth having. A
//! square two ways reach counts the best of them. The average over the squares the piece
//! may stand on is its mobility `m`, and it is worth `(`[`LINEAR`]` m + `[`SQUARED`]` m²)
//! × colour`: the square makes a compound worth more than its parts, and `colour` is
//! `1 − `[`COLOUR_BOUND`]` × (1 − f)` where `f` is the share of the board the piece can
//! ever reach (½ for a bishop, ⅛ for an alfil on 8×8).
//!
//! | decision | choice |
//! | --- | --- |
//! | which side | White's piece; Black's moves are White's turned round, and worth the same |
//! | squares it may stand on | all, but a promoting piece never stands on its last rank |
//! | first moves (`i`), en passant, castling | not counted: each happens once, if at all |
//! | promotion | a promoting piece adds [`PROMOTION_SHARE`] of what it gains by becoming the best of its choices (a choice's level `value` if it has one), the more the closer it stands to the zone: by 1/(1 + ranks still to go), on average over its squares |
//! | chains the tables do not hold (hops over two, landings further on) | walked by the engine's reference walk, on the empty board and with one enemy on each other square in turn: a move `b` single pieces can block counts as a ride's square beyond `b`; one that only a piece makes possible counts as a grasshopper's landing with its hurdle just before it; from a spread of the squares, about 3 000 walks in all, what they add to the tables' moves averaged there |
//! | royal pieces | worth 0: losing one is the game, not material ([`Variant::value`](crate::grid::Variant::value) gives a level's `value` even for them) |
//! | range | every value is a whole number from 0 to [`MAX_VALUE`] |
//!
//! # Calibration
//!
//! The constants were fitted by a random local search minimising the squared relative
//! error against the classical values of chess (P 100, N 320, B 340, R 510, Q 950),
//! H. G. Muller's archbishop and chancellor on 10×8 (850, 900) and Fairy-Stockfish's
//! hand-set values of fairy pieces on 8×8 scaled to its knight at 320 (ferz, wazir, alfil,
//! ferz-alfil, commoner, knibis, biskni, kniroo, rookni, amazon, dragon horse, dragon king,
//! silver, gold), with the chess pieces held inside their ranges, then rounded. Chess
//! comes out P 99, N 331, B 351, R 512, Q 943; Capablanca A 791, C 939, Q 1001. A count of
//! squares adds a bishop's worth to a knight's: it cannot find the archbishop as strong as
//! the chancellor, as Muller's games did.

use super::board::{Geometry, Square};
use super::rules::{PieceType, Role};
use super::tables::{Ray, RayKind, Tables, flag};
use crate::betza::model::{Ending, Occupancy, Occupant, chain_destinations};
use crate::play::Color;

/// The largest value a piece may have, in centipawns (a level's `value` and every
/// estimate lie in `0..=MAX_VALUE`): a hundred pawns, far above any real piece, and small
/// enough that a whole board of such pieces adds up to well within an `i32`.
pub const MAX_VALUE: i32 = 10_000;

/// The names of the grid evaluation's weights, in the order the engine keeps them
/// (its `GridWeights`): what a level's `[evaluation]` table and
/// `areachess tune` call them.
pub const WEIGHT_NAMES: [&str; 28] = [
    "mobility",
    "moves",
    "tempo",
    "royal_danger",
    "shelter",
    "passed_middle",
    "passed_end",
    "doubled",
    "isolated",
    "connected",
    "advance_share",
    "advance_middle_percent",
    "royal_centre",
    "royal_home",
    "passed_their_royal",
    "passed_own_royal",
    "open_file",
    "half_open_file",
    "bound_pair",
    "centre_pawn",
    "royal_danger_square",
    "pawn_middle_percent",
    "outpost",
    "royal_danger_queenless",
    "storm",
    "trapped",
    "passed_free",
    "bound_pawns",
];

/// The largest weight a level's `[evaluation]` table may give.
pub const MAX_WEIGHT: i32 = 10_000;

/// The share of squares taken on the board a piece is valued on.
pub const CROWDING: f64 = 0.46;
/// A leap's (or a ride's first square's) weight as a quiet move; its capture weighs 1.
pub const LEAP_QUIET: f64 = 0.6;
/// A leap's capture.
pub const LEAP_CAPTURE: f64 = 1.0;
/// How much more a leap counts for each square of length beyond the first (a knight's
/// leap is two long): longer leaps cross the board faster.
pub const LEAP_LENGTH: f64 = 0.15;
/// The scale of a ride's squares beyond its first.
pub const RIDE_SCALE: f64 = 2.25;
/// A ride's quiet move, beyond its first square.
pub const RIDE_QUIET: f64 = 0.3;
/// A ride's capture, beyond its first square.
pub const RIDE_CAPTURE: f64 = 1.1;
/// The scale of a hopper's landings.
pub const HOP_SCALE: f64 = 1.0;
/// The weight of mobility.
pub const LINEAR: f64 = 32.5;
/// The weight of mobility squared.
pub const SQUARED: f64 = 0.18;
/// How much a piece that reaches only part of the board loses, at most.
pub const COLOUR_BOUND: f64 = 0.12;
/// The share of a promotion's gain a promoting piece is worth, one step from its zone.
pub const PROMOTION_SHARE: f64 = 0.067;

/// About how many reference walks a type's chains may take: they are walked from a spread
/// of its squares that many walks allow.
const CHAIN_WALKS: usize = 3_000;

/// What an estimate reads of a variant: its board, its piece types and their move tables.
#[derive(Clone, Copy)]
pub(crate) struct PieceSet<'v> {
    /// The board.
    pub geometry: Geometry,
    /// The piece types, by role.
    pub types: &'v [PieceType],
    /// Their move tables.
    pub tables: &'v Tables,
}

impl PieceSet<'_> {
    /// Every role, in the order of the types.
    fn roles(&self) -> impl Iterator<Item = Role> + use<> {
        (0..self.types.len()).map(Role::new)
    }

    /// Whether pieces of this role are royal.
    fn is_royal(&self, role: Role) -> bool {
        self[role].royal
    }
}

impl std::ops::Index<Role> for PieceSet<'_> {
    type Output = PieceType;

    fn index(&self, role: Role) -> &PieceType {
        &self.types[role.index()]
    }
}

/// Every type's estimated value in centipawns, in the order of the types, from its moves
/// on an empty board of the variant's size (see the module's docs); 0 for a royal piece. A
/// level's `value` is not consulted here, except for what a promotion may give.
pub(crate) fn estimates(v: PieceSet<'_>) -> Vec<i32> {
    let mut e = Estimator::new(v);
    v.roles().map(|role| e.estimate(role)).collect()
}

/// Works out estimates, remembering each type's worth before promotion.
struct Estimator<'v> {
    v: PieceSet<'v>,
    /// By type: its worth from its own moves, once worked out.
    own: Vec<Option<f64>>,
}

impl<'v> Estimator<'v> {
    fn new(v: PieceSet<'v>) -> Estimator<'v> {
        Estimator {
            v,
            own: vec![None; v.types.len()],
        }
    }

    fn estimate(&mut self, role: Role) -> i32 {
        if self.v.is_royal(role) {
            return 0;
        }
        let own = self.own(role);
        let value = own + self.promotion_bonus(role, own);
        value.round().clamp(0.0, f64::from(MAX_VALUE)) as i32
    }

    /// What a type is worth from its own moves, without promotion.
    fn own(&mut self, role: Role) -> f64 {
        if let Some(known) = self.own[role.index()] {
            return known;
        }
        let found = if self.v.is_royal(role) {
            0.0
        } else {
            worth(self.v, role)
        };
        self.own[role.index()] = Some(found);
        found
    }

    /// What a promoting type gains from its choices, as a share by how near it stands to
    /// its zone on average.
    fn promotion_bonus(&mut self, role: Role, own: f64) -> f64 {
        let v = self.v;
        let Some(p) = &v[role].promotion else {
            return 0.0;
        };
        let best =
            p.to.iter()
                .map(|&to| match v[to].value {
                    Some(given) => f64::from(given),
                    None => self.own(to),
                })
                .fold(0.0, f64::max);
        if best <= own {
            return 0.0;
        }
        let g = self.v.geometry;
        let zone = i32::from(p.zone);
        let nearness: Vec<f64> = standing_squares(self.v, role)
            .map(|sq| {
                let to_go = (g.ranks_ahead(Color::White, g.rank(sq)) - zone).max(0);
                1.0 / f64::from(1 + to_go)
            })
            .collect();
        if nearness.is_empty() {
            return 0.0;
        }
        let nearness = nearness.iter().sum::<f64>() / nearness.len() as f64;
        PROMOTION_SHARE * nearness * (best - own)
    }
}

/// The squares a piece of this type may stand on: all but a promoting piece's last rank.
fn standing_squares(v: PieceSet<'_>, role: Role) -> impl Iterator<Item = Square> + '_ {
    let g = v.geometry;
    let promotes = v[role].promotion.is_some();
    g.all()
        .filter(move |&sq| !(promotes && g.ranks_ahead(Color::White, g.rank(sq)) == 0))
}

/// How a piece reaches each square from one square: the best weight of a quiet move and of
/// a capture there.
struct Reached {
    quiet: Vec<f64>,
    capture: Vec<f64>,
    touched: Vec<Square>,
}

impl Reached {
    fn new(squares: usize) -> Reached {
        Reached {
            quiet: vec![0.0; squares],
            capture: vec![0.0; squares],
            touched: Vec::new(),
        }
    }

    /// Counts `to` with these weights of a quiet move and a capture (0: not that way).
    fn add(&mut self, to: Square, quiet: f64, capture: f64) {
        if quiet <= 0.0 && capture <= 0.0 {
            return;
        }
        let n = to.index();
        if self.quiet[n] == 0.0 && self.capture[n] == 0.0 {
            self.touched.push(to);
        }
        self.quiet[n] = self.quiet[n].max(quiet);
        self.capture[n] = self.capture[n].max(capture);
    }

    /// The sum of every weight.
    fn sum(&self) -> f64 {
        self.touched
            .iter()
            .map(|sq| self.quiet[sq.index()] + self.capture[sq.index()])
            .sum()
    }

    /// Forgets every square, for the next one.
    fn clear(&mut self) {
        for sq in self.touched.drain(..) {
            self.quiet[sq.index()] = 0.0;
            self.capture[sq.index()] = 0.0;
        }
    }
}

/// The leaps (file and rank differences) a piece makes from any square to any square.
struct Leaps {
    /// By difference, offset by the board's size less one.
    made: Vec<bool>,
    /// How many differences there are along the files.
    width: i32,
}

impl Leaps {
    fn new(g: Geometry) -> Leaps {
        let (files, ranks) = (i32::from(g.files()), i32::from(g.ranks()));
        Leaps {
            made: vec![false; ((2 * files - 1) * (2 * ranks - 1)) as usize],
            width: 2 * files - 1,
        }
    }

    fn add(&mut self, g: Geometry, from: Square, to: Square) {
        let (df, dr) = (g.file(to) - g.file(from), g.rank(to) - g.rank(from));
        let files = i32::from(g.files());
        let ranks = i32::from(g.ranks());
        self.made[((dr + ranks - 1) * self.width + df + files - 1) as usize] = true;
    }

    /// The share of the board a piece making these leaps can ever reach: the mean size of
    /// the board's connected parts, over the board's size.
    fn reachable_share(&self, g: Geometry) -> f64 {
        let (files, ranks) = (i32::from(g.files()), i32::from(g.ranks()));
        let leaps: Vec<(i32, i32)> = (0..self.made.len() as i32)
            .filter(|&k| self.made[k as usize])
            .map(|k| (k % self.width - (files - 1), k / self.width - (ranks - 1)))
            .collect();
        reachable_share(g, &leaps)
    }
}

/// A piece's worth from its own moves (see the module's docs).
fn worth(v: PieceSet<'_>, role: Role) -> f64 {
    let g = v.geometry;
    let origins: Vec<Square> = standing_squares(v, role).collect();
    if origins.is_empty() {
        return 0.0;
    }
    // Chains are walked from a spread of the squares: each takes a walk on the empty
    // board, one with each other square taken, and one for each square a hop may reach.
    let chained = if v.tables.chains[role.index()].is_empty() {
        Vec::new()
    } else {
        spread(g, &origins, CHAIN_WALKS / (2 * g.squares() + 1))
    };
    let mut reached = Reached::new(g.squares());
    let mut leaps = Leaps::new(g);
    let (mut rays, mut chains) = (0.0, 0.0);
    for &from in &origins {
        for ray in v.tables.rays(Color::White, role, from) {
            ray_reach(v, ray, from, &mut reached);
        }
        let by_rays = reached.sum();
        if chained.contains(&from) {
            chain_reach(v, role, from, &mut reached);
            chains += reached.sum() - by_rays;
        }
        rays += by_rays;
        for &to in &reached.touched {
            leaps.add(g, from, to);
        }
        reached.clear();
    }
    // What chains add where they were walked, added to what rays reach everywhere.
    let m = rays / origins.len() as f64 + chains / chained.len().max(1) as f64;
    let colour = 1.0 - COLOUR_BOUND * (1.0 - leaps.reachable_share(g));
    (LINEAR * m + SQUARED * m * m) * colour
}

/// A spread of about `count` of `squares`, every few files and ranks (the first `count`
/// if none is on the spread).
fn spread(g: Geometry, squares: &[Square], count: usize) -> Vec<Square> {
    let count = count.max(1);
    if squares.len() <= count {
        return squares.to_vec();
    }
    let every = (squares.len() as f64 / count as f64).sqrt().ceil() as i32;
    let kept: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|&sq| g.file(sq) % every == every / 2 && g.rank(sq) % every == every / 2)
        .collect();
    if kept.is_empty() {
        squares.iter().copied().take(count).collect()
    } else {
        kept
    }
}

/// The weight of a quiet move and of a capture reached by a leap of `length` (0 for a
/// ride's squares past its first), with `clear` the chance its way is open.
fn weights(modes: u16, length: i32, clear: f64) -> (f64, f64) {
    let (quiet, capture) = if length > 0 {
        let longer = 1.0 + LEAP_LENGTH * f64::from(length - 1);
        (LEAP_QUIET * longer, LEAP_CAPTURE * longer)
    } else {
        (RIDE_SCALE * RIDE_QUIET, RIDE_SCALE * RIDE_CAPTURE)
    };
    (
        if modes & flag::MOVES != 0 {
            quiet * clear
        } else {
            0.0
        },
        if modes & flag::CAPTURES != 0 {
            capture * clear
        } else {
            0.0
        },
    )
}

/// How far `to` lies from `from` in king steps, files wrapping round (a cylinder's leap
/// across the edge is short).
fn length(g: Geometry, from: Square, to: Square) -> i32 {
    let files = (g.file(to) - g.file(from)).abs();
    let files = files.min(i32::from(g.files()) - files);
    files.max((g.rank(to) - g.rank(from)).abs())
}

/// The chance that at most `jumps` of `k` squares are taken.
fn open(k: usize, jumps: u8) -> f64 {
    let taken = CROWDING;
    let mut term = (1.0 - taken).powi(k as i32);
    let mut sum = 0.0;
    for j in 0..=k.min(usize::from(jumps)) {
        sum += term;
        // The binomial's next term, from this one.
        term *= (k - j) as f64 / (j + 1) as f64 * taken / (1.0 - taken);
    }
    sum.min(1.0)
}

/// Counts the squares one ray reaches from `from`.
fn ray_reach(v: PieceSet<'_>, ray: &Ray, from: Square, reached: &mut Reached) {
    if ray.flags & flag::INITIAL != 0 {
        return;
    }
    let g = v.geometry;
    let free = 1.0 - CROWDING;
    let squares = v.tables.ray_squares(ray);
    match ray.kind {
        RayKind::Slide => {
            // A merged run of leaps: each square is a leap of its own, not a ride's step.
            let leaps = ray.flags & flag::LEAPS != 0;
            for (k, &to) in squares.iter().enumerate() {
                if k == 0 && ray.flags & flag::SKIP_FIRST != 0 {
                    continue;
                }
                let passed = if leaps {
                    0
                } else if ray.flags & flag::LAME != 0 {
                    v.tables.lame_path(ray, k).len()
                } else {
                    k
                };
                let clear = open(passed, ray.jumps);
                let leap = if k == 0 || leaps {
                    length(g, from, to)
                } else {
                    0
                };
                let (quiet, capture) = weights(ray.flags, leap, clear);
                reached.add(to, quiet, capture);
            }
        }
        RayKind::Grasshopper => {
            for k in 0..usize::from(ray.reach) {
                if let Some(&to) = squares.get(k + 1) {
                    let chance = HOP_SCALE * CROWDING * free.powi(k as i32);
                    let (quiet, capture) = weights(ray.flags, 1, chance);
                    reached.add(to, quiet, capture);
                }
            }
        }
        RayKind::Cannon => {
            for (j, &to) in squares.iter().enumerate().skip(1) {
                let chance = HOP_SCALE * j as f64 * CROWDING * free.powi(j as i32 - 1);
                let (quiet, capture) = weights(ray.flags, 1, chance);
                reached.add(to, quiet, capture);
            }
        }
    }
}

/// Counts the squares a type's chains of several legs reach from `from`, by the engine's
/// reference walk: on the empty board, then with one enemy on each other square in turn.
fn chain_reach(v: PieceSet<'_>, role: Role, from: Square, reached: &mut Reached) {
    let g = v.geometry;
    let chains = &v.tables.chains[role.index()];
    let (files, ranks) = (i32::from(g.files()), i32::from(g.ranks()));
    let start = (g.file(from), g.rank(from));
    let walk = |enemies: &[(i32, i32)]| {
        let at = |x: i32, y: i32| {
            if enemies.contains(&(x, y)) {
                Occupant::Enemy
            } else {
                Occupant::Empty
            }
        };
        let board = Occupancy {
            files,
            ranks,
            at: &at,
        };
        chain_destinations(chains, &board, start, false)
    };
    // Sorted, as the walk's destinations are, to be searched by halves.
    let empty: Vec<(i32, i32)> = walk(&[])
        .into_iter()
        .filter(|&(_, r)| r == Ending::Move)
        .map(|(at, _)| at)
        .collect();
    // By square: how many single pieces block a move there; whether a piece on it is
    // captured; the first square whose piece opens a hop there.
    let n = g.squares();
    let mut blocked = vec![0usize; n];
    let mut captured = vec![false; n];
    let mut opened: Vec<Option<(i32, i32)>> = vec![None; n];
    let index = |at: (i32, i32)| g.square(at.0, at.1).map(Square::index);
    for h in g.all().filter(|&h| h != from) {
        let hat = (g.file(h), g.rank(h));
        let found = walk(&[hat]);
        captured[h.index()] = found.binary_search(&(hat, Ending::Capture)).is_ok();
        for &d in empty.iter().filter(|&&d| d != hat) {
            if found.binary_search(&(d, Ending::Move)).is_err()
                && let Some(k) = index(d)
            {
                blocked[k] += 1;
            }
        }
        for &(d, r) in &found {
            if r == Ending::Move
                && empty.binary_search(&d).is_err()
                && let Some(k) = index(d)
            {
                opened[k].get_or_insert(hat);
            }
        }
    }
    let mut modes = flag::MOVES;
    let free = 1.0 - CROWDING;
    for &d in &empty {
        let Some(to) = g.square(d.0, d.1) else {
            continue;
        };
        let (quiet, _) = chain_weights(g, from, to, blocked[to.index()], modes);
        reached.add(to, quiet, 0.0);
    }
    modes = flag::CAPTURES;
    for to in g.all().filter(|&h| captured[h.index()]) {
        let (_, capture) = chain_weights(g, from, to, blocked[to.index()], modes);
        reached.add(to, 0.0, capture);
    }
    for to in g.all() {
        let Some(hurdle) = opened[to.index()] else {
            continue;
        };
        let d = (g.file(to), g.rank(to));
        let takes = walk(&[hurdle, d]).contains(&(d, Ending::Capture));
        // As if the hurdle stood just before the landing, every square before it empty.
        let beyond = (length(g, from, to) - 2).max(0);
        let chance = HOP_SCALE * CROWDING * free.powi(beyond);
        let flags = flag::MOVES | if takes { flag::CAPTURES } else { 0 };
        let (quiet, capture) = weights(flags, 1, chance);
        reached.add(to, quiet, capture);
    }
}

/// A chain's move or capture to `to`, which `blocked` single pieces can stop: a leap if
/// none can, else a ride's square beyond that many.
fn chain_weights(g: Geometry, from: Square, to: Square, blocked: usize, modes: u16) -> (f64, f64) {
    if blocked == 0 {
        weights(modes, length(g, from, to), 1.0)
    } else {
        weights(modes, 0, open(blocked, 0))
    }
}

/// The share of the board a piece making these leaps (from each square to each square)
/// can ever reach: the mean size of the squares' connected parts, over the board's size.
fn reachable_share(g: Geometry, leaps: &[(i32, i32)]) -> f64 {
    let n = g.squares();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut a: usize) -> usize {
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }
    for sq in g.all() {
        for &(df, dr) in leaps {
            if let Some(to) = g.square(g.file(sq) + df, g.rank(sq) + dr) {
                let (a, b) = (root(&mut parent, sq.index()), root(&mut parent, to.index()));
                parent[a] = b;
            }
        }
    }
    let mut size = vec![0usize; n];
    for k in 0..n {
        size[root(&mut parent, k)] += 1;
    }
    let together: usize = (0..n).map(|k| size[root(&mut parent, k)]).sum();
    together as f64 / (n * n) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::cell::piece;
    use crate::grid::movegen::piece_moves;
    use crate::grid::position::Position;
    use crate::grid::{RoyalRule, Stalemate, Variant};

    /// `role`'s estimate in `v`, worked out afresh.
    fn estimate(v: &Variant, role: Role) -> i32 {
        Estimator::new(v.piece_set()).estimate(role)
    }

    /// A variant of these (letter, Betza) types on a `files × ranks` board.
    fn variant(files: u8, ranks: u8, types: &[(char, &str)]) -> Variant {
        let types = types
            .iter()
            .map(|&(letter, betza)| PieceType::new(letter, "piece", betza).expect("reads"))
            .collect();
        Variant::new(
            Geometry::new(files, ranks).expect("a board"),
            types,
            None,
            Stalemate::Draw,
            RoyalRule::Checkmate,
        )
        .expect("a variant")
    }

    fn shipped() -> Vec<std::sync::Arc<Variant>> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("levels/")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        paths
            .iter()
            .filter_map(|p| crate::level::load(p).expect("loads").into_grid().ok())
            .map(|g| g.variant)
            .collect()
    }

    /// The squares a lone moved White piece of `role` on `from` reaches by quiet moves, and
    /// those it captures a lone enemy on, by the move generator.
    fn generated(v: &Variant, role: Role, from: Square) -> (Vec<Square>, Vec<Square>) {
        let g = v.geometry;
        let mut pos = Position::empty(g.squares());
        pos.put(v, from, piece(Color::White, role), true);
        let mut moves = Vec::new();
        piece_moves(v, &pos, from, &mut moves);
        let mut quiet: Vec<Square> = moves.iter().map(|m| m.to).collect();
        quiet.sort();
        quiet.dedup();
        let mut captures = Vec::new();
        for target in g.all().filter(|&t| t != from) {
            let mut pos = pos.clone();
            pos.put(v, target, piece(Color::Black, role), true);
            moves.clear();
            piece_moves(v, &pos, from, &mut moves);
            if moves.iter().any(|m| m.to == target && m.kind.captures()) {
                captures.push(target);
            }
        }
        (quiet, captures)
    }

    #[test]
    fn the_estimate_counts_the_squares_the_move_generator_reaches() {
        for v in shipped() {
            // There a moved piece makes its `i` moves too, which the estimate leaves out.
            if v.initial_squares.iter().any(Option::is_some) {
                continue;
            }
            for role in v.roles() {
                let hops = !v.tables.chains[role.index()].is_empty()
                    || v.geometry.all().any(|sq| {
                        v.tables
                            .rays(Color::White, role, sq)
                            .iter()
                            .any(|r| r.kind != RayKind::Slide)
                    });
                if hops {
                    continue;
                }
                // Every square for quiet moves; a spread for captures, which take a walk
                // per target.
                for (n, from) in standing_squares(v.piece_set(), role).enumerate() {
                    let mut reached = Reached::new(v.geometry.squares());
                    for ray in v.tables.rays(Color::White, role, from) {
                        ray_reach(v.piece_set(), ray, from, &mut reached);
                    }
                    let mut quiet: Vec<Square> = reached
                        .touched
                        .iter()
                        .copied()
                        .filter(|s| reached.quiet[s.index()] > 0.0)
                        .collect();
                    quiet.sort();
                    let mut captures: Vec<Square> = reached
                        .touched
                        .iter()
                        .copied()
                        .filter(|s| reached.capture[s.index()] > 0.0)
                        .collect();
                    captures.sort();
                    let (gen_quiet, gen_captures) = generated(&v, role, from);
                    let name = &v[role].name;
                    assert_eq!(
                        quiet,
                        gen_quiet,
                        "{name} quiet from {}",
                        v.geometry.name(from)
                    );
                    if n % 7 == 0 {
                        assert_eq!(captures, gen_captures, "{name} captures");
                    }
                }
            }
        }
    }

    #[test]
    fn a_royal_piece_is_estimated_at_nothing() {
        let mut king = PieceType::new('K', "King", "K").expect("reads");
        king.royal = true;
        let commoner = PieceType::new('M', "Mann", "K").expect("reads");
        let v = Variant::new(
            Geometry::new(8, 8).expect("a board"),
            vec![king, commoner],
            None,
            Stalemate::Draw,
            RoyalRule::Checkmate,
        )
        .expect("a variant");
        assert_eq!(estimate(&v, Role::new(0)), 0);
        assert!(estimate(&v, Role::new(1)) > 300);
    }

    #[test]
    fn a_way_is_open_while_no_more_pieces_stand_on_it_than_it_may_jump() {
        let (taken, free) = (CROWDING, 1.0 - CROWDING);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(open(0, 0), 1.0));
        assert!(close(open(2, 0), free * free));
        assert!(close(open(2, 1), free * free + 2.0 * taken * free));
        assert!(close(open(3, 3), 1.0));
        assert!(close(open(20, u8::MAX), 1.0));
    }

    #[test]
    fn colour_bound_pieces_reach_their_share_of_the_board() {
        let g = Geometry::new(8, 8).expect("a board");
        let share = |leaps: &[(i32, i32)]| reachable_share(g, leaps);
        assert_eq!(share(&[(1, 1), (-1, -1), (1, -1), (-1, 1)]), 0.5);
        assert_eq!(share(&[(2, 2), (-2, -2), (2, -2), (-2, 2)]), 1.0 / 8.0);
        let knight = [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ];
        assert_eq!(share(&knight), 1.0);
        assert_eq!(share(&[(0, 1), (0, -1)]), 1.0 / 8.0);
    }

    #[test]
    fn each_further_square_of_a_ride_adds_less() {
        let v = variant(12, 12, &[('W', "W"), ('T', "W2"), ('F', "W4"), ('R', "R")]);
        let [w, two, four, rook] = [0, 1, 2, 3].map(|n| estimate(&v, Role::new(n)));
        assert!(
            w < two && two < four && four < rook,
            "{w} {two} {four} {rook}"
        );
        assert!(two - w > (four - two) / 2, "{w} {two} {four}");
        assert!(four - two > rook - four, "{two} {four} {rook}");
    }

    #[test]
    fn a_piece_without_moves_is_worth_nothing() {
        // Forward steps only, and no promotion: stuck on the last rank, nothing elsewhere
        // but a step, so little; a piece that only moves when unmoved counts nothing.
        let v = variant(8, 8, &[('I', "imW"), ('L', "fW")]);
        assert_eq!(estimate(&v, Role::new(0)), 0);
        assert!(estimate(&v, Role::new(1)) > 0);
    }

    #[test]
    fn chained_hoppers_count_on_the_largest_board_in_bounded_time() {
        let v = variant(26, 26, &[('H', "gQ-!sK"), ('C', "pR-!sW")]);
        for role in v.roles() {
            let x = estimate(&v, role);
            assert!(x > 0 && x < MAX_VALUE, "{x}");
        }
    }
}
