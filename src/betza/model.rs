//! The compiled move model: each term becomes a [`Leg`] (its leaps, how far it goes, what
//! it may do to what it meets), each chain a [`ChainMoves`], and [`chain_destinations`]
//! walks them on a board. This is the reference the grid engine's tables and the piece
//! inspector are checked against.
//!
//! | letter | meaning in a leg |
//! | --- | --- |
//! | `m` / `c` | only to empty squares / only captures (both, or neither: either) |
//! | `i` | only while the piece has not moved |
//! | `j` / `jj` | a rider may pass over one / any number of pieces (not landing on them) |
//! | `g` | slides to the first piece within range and lands on the square just beyond it |
//! | `p` | slides to the first piece (the screen), then on past it: empty squares beyond are moves, the next piece a capture |
//! | `n` | a leaper is blocked by a piece on its path: straight along the longer side first, then diagonally (`nN` is the Xiangqi horse) |
//! | `d` | may capture friendly pieces |
//! | `x` / `y` | may capture obstacles / passes over obstacles |
//! | `o` | the board wraps left–right (a cylinder); a ride stops when it comes back to its start |
//! | `q` | a ride that would leave the board turns back off that edge, once |
//! | old `(a,r,f,b)` | leap `r` right and `a` ahead, up to `f` times as written and `b` times turned round (0: not; negative: no limit); moving tuples before `;`, capturing after |
//!
//! | link | the next leg starts from | the move may also end |
//! | --- | --- | --- |
//! | `-` | every empty square the previous leg may stop on | wherever the previous leg could end |
//! | `+` | every square it may stop on, passing over a piece there (not capturing it) | wherever the previous leg could end |
//! | `-!` `+!` | as `-` / `+` | not during the previous leg |
//! | `-/` `+/` | as `-` / `+` | only on the previous leg's last square |
//!
//! Where a leg may stop, whatever its `m` and `c` say:
//!
//! | leg | stops on |
//! | --- | --- |
//! | `g` | its landing only: the seed's grasshopper "must jump over one piece", so the empty squares before the hurdle and the hurdle itself are passed, never stopped on (`gR-sW` steps on only from the square beyond the hurdle) |
//! | `p` | the squares past its screen, up to and including the next piece; neither the squares before the screen nor the screen |
//! | any other | every square it visits: the empty squares of its ride, and the piece that ends it |
//!
//! `s` on a leg keeps the previous leg's direction (`W-!sW` is exactly two steps straight).
//! A move never ends on its own starting square.
//!
//! So a hop over several pieces, or a landing further on, is a chain: `fgR+!bW+!fgR` hops
//! two pieces forward (the step back puts the second hop's start on the first hurdle, so
//! the hurdles may stand side by side), and `gR-!sW` lands two squares beyond the hurdle,
//! over an empty one.

use super::ast::{Atom, Behaviour, Betza, Forced, Modifier, OldNotation, Range, Term};
use super::directions::{Leap, parts, select};

/// What a leg may do, from its behaviour modifiers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LegModes {
    /// May end on an empty square.
    pub moves: bool,
    /// May end by capturing.
    pub captures: bool,
    /// Pieces a rider may pass over: 0, 1, or `u8::MAX` for any number.
    pub jumps: u8,
    /// `g`: lands just beyond the first piece.
    pub grasshopper: bool,
    /// `p`: lands anywhere beyond exactly one piece.
    pub cannon: bool,
    /// `n`: a leap is blocked by a piece on its path.
    pub lame: bool,
    /// `i`: only while unmoved.
    pub initial: bool,
    /// `e`: may capture en passant.
    pub en_passant: bool,
    /// `o`: the board wraps left–right.
    pub cylinder: bool,
    /// `y`: passes over obstacles.
    pub fly: bool,
    /// `q`: bounces once off an edge.
    pub bounce: bool,
    /// `x`: may capture obstacles.
    pub destroy: bool,
    /// `d`: may capture friendly pieces.
    pub backstab: bool,
    /// `s`: continues in the previous leg's direction.
    pub same_direction: bool,
}

/// One term, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// The leaps, in the mover's orientation.
    pub leaps: Vec<Leap>,
    /// How many times a leap repeats: `None` for without limit.
    pub range: Option<u16>,
    /// What the leg may do.
    pub modes: LegModes,
}

/// Compiles one term.
pub fn leg(term: &Term) -> Leg {
    let mut leaps: Vec<Leap> = parts(term.atom)
        .iter()
        .flat_map(|(base, _)| select(base, &term.modifiers))
        .collect();
    leaps.sort_unstable();
    leaps.dedup();
    let range = match term.range {
        Range::Default if rides(term.atom) => None,
        Range::Default => Some(1),
        Range::Steps(n) => Some(n),
        Range::Unlimited => None,
    };
    let mut modes = LegModes::default();
    let (mut only_move, mut only_capture) = (false, false);
    for m in &term.modifiers {
        match m {
            Modifier::Behaviour(Behaviour::Move) => only_move = true,
            Modifier::Behaviour(Behaviour::Capture) => only_capture = true,
            Modifier::Behaviour(Behaviour::Jump) => modes.jumps = modes.jumps.max(1),
            Modifier::Behaviour(Behaviour::JumpMany) => modes.jumps = u8::MAX,
            Modifier::Behaviour(Behaviour::Grasshopper) => modes.grasshopper = true,
            Modifier::Behaviour(Behaviour::Cannon) => modes.cannon = true,
            Modifier::Behaviour(Behaviour::Lame) => modes.lame = true,
            Modifier::Behaviour(Behaviour::Initial) => modes.initial = true,
            Modifier::Behaviour(Behaviour::EnPassant) => modes.en_passant = true,
            Modifier::Behaviour(Behaviour::Cylinder) => modes.cylinder = true,
            Modifier::Behaviour(Behaviour::Fly) => modes.fly = true,
            Modifier::Behaviour(Behaviour::Bounce) => modes.bounce = true,
            Modifier::Behaviour(Behaviour::Destroy) => modes.destroy = true,
            Modifier::Behaviour(Behaviour::Backstab) => modes.backstab = true,
            Modifier::Same => modes.same_direction = true,
            _ => {}
        }
    }
    // Both letters, or neither, allow both.
    modes.moves = only_move || !only_capture;
    modes.captures = only_capture || !only_move;
    Leg {
        leaps,
        range,
        modes,
    }
}

/// What stands on a square, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nothing.
    Empty,
    /// One of the mover's side.
    Friend,
    /// One of the other side.
    Enemy,
    /// A boulder or bomb: neutral, blocks everyone.
    Obstacle,
}

/// How a destination is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ending {
    /// A move to an empty square.
    Move,
    /// A capture of what stands there.
    Capture,
}

/// A board for [`destinations`]: `files × ranks` squares, `(0, 0)` at the mover's lower
/// left, and what stands on each.
pub struct Occupancy<'a> {
    /// Number of files.
    pub files: i32,
    /// Number of ranks.
    pub ranks: i32,
    /// What stands on `(file, rank)`.
    pub at: &'a dyn Fn(i32, i32) -> Occupant,
}

/// A chain, compiled: its legs and the links between them (`links.len() + 1 == legs.len()`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainMoves {
    /// The legs, in order.
    pub legs: Vec<Leg>,
    /// The link before each leg after the first.
    pub links: Vec<Join>,
}

/// How two legs join, as the model needs it (the AST's [`Link`](super::ast::Link) less its
/// column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Join {
    /// `-`: the next leg cannot pass the piece the previous one ends on.
    pub blocking: bool,
    /// Where the move may end.
    pub forced: Forced,
}

/// Compiles every chain of a piece; the old notation becomes one-leg chains.
pub fn chains(betza: &Betza) -> Vec<ChainMoves> {
    let alternatives = match betza {
        Betza::Modern(alternatives) => alternatives,
        Betza::Old(old) => return old_legs(old),
    };
    alternatives
        .iter()
        .flat_map(|alt| &alt.chains)
        .map(|chain| ChainMoves {
            legs: std::iter::once(&chain.first)
                .chain(chain.rest.iter().map(|(_, t)| t))
                .map(leg)
                .collect(),
            links: chain
                .rest
                .iter()
                .map(|(l, _)| Join {
                    blocking: l.blocking,
                    forced: l.forced,
                })
                .collect(),
        })
        .collect()
}

/// The old notation's tuples `(a, r, f, b)` as legs: the leap `r` to the right and `a`
/// ahead, repeated up to `f` times as written and up to `b` times turned round (0: not that
/// way; negative: without limit). Tuples before `;` only move, those after only capture.
/// The seed's king, four tuples of `(…,1,1)`, is exactly the eight king steps.
fn old_legs(old: &OldNotation) -> Vec<ChainMoves> {
    let as_leg = |leap: Leap, count: i32, moves: bool| Leg {
        leaps: vec![leap],
        range: if count < 0 {
            None
        } else {
            Some(count.min(i32::from(u16::MAX)) as u16)
        },
        modes: LegModes {
            moves,
            captures: !moves,
            ..LegModes::default()
        },
    };
    let mut out = Vec::new();
    for (tuples, moves) in [(&old.moves, true), (&old.captures, false)] {
        for &[a, r, f, b] in tuples {
            let ahead = (r, a);
            let behind = (r.saturating_neg(), a.saturating_neg());
            for (leap, count) in [(ahead, f), (behind, b)] {
                if count != 0 && leap != (0, 0) {
                    out.push(ChainMoves {
                        legs: vec![as_leg(leap, count, moves)],
                        links: Vec::new(),
                    });
                }
            }
        }
    }
    out
}

/// Every square the chains reach from `from`, with how, sorted and without repeats.
///
/// A chain's next leg starts from any square its previous leg may stop on (a hopper's
/// only past its hurdle or screen): from an empty one always, from an occupied one only
/// across a non-blocking link (`+`), passing over that piece. A plain link lets the move also end wherever the previous leg could; `!` never
/// during the previous leg; `/` only on its last square. A leg with `s` keeps the previous
/// leg's direction. The move's last leg ends as a single leg does.
pub fn chain_destinations(
    chains: &[ChainMoves],
    board: &Occupancy<'_>,
    from: (i32, i32),
    unmoved: bool,
) -> Vec<((i32, i32), Ending)> {
    let mut out = Vec::new();
    let squares = board.files.max(0) as usize * board.ranks.max(0) as usize;
    // Each destination is kept once however many ways reach it.
    let mut found = vec![false; 2 * squares];
    for chain in chains {
        if chain.legs.iter().any(|l| l.modes.initial) && !unmoved {
            continue;
        }
        let mut walk = Walk {
            chain,
            board,
            start: from,
            found: &mut found,
            out: &mut out,
        };
        walk.walk();
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Where a leg of a chain starts: a square, and the previous leg's direction when the leg
/// keeps it. The rest of the walk depends on nothing else.
type Start = ((i32, i32), Option<Leap>);

/// One chain's walk: where it started, what it found.
struct Walk<'w, 'b> {
    chain: &'w ChainMoves,
    board: &'w Occupancy<'b>,
    start: (i32, i32),
    /// Which destinations are already out, by square and then ending (a move, a capture).
    found: &'w mut Vec<bool>,
    out: &'w mut Vec<((i32, i32), Ending)>,
}

impl Walk<'_, '_> {
    /// Walks the chain leg by leg: each leg from every place the one before may stop on,
    /// each place once, so a walk costs its legs times the board at most.
    ///
    /// A walk whose places at some leg are those of an earlier leg, the legs in between
    /// being repeated after it, goes round a loop: the repeats find nothing new and end
    /// where they began, so they are passed over (`R-R-R-…` settles after a few legs, a
    /// knight's chain after two, alternating on the squares' colours).
    fn walk(&mut self) {
        let legs = self.chain.legs.len();
        let mut starts: Vec<Start> = vec![(self.start, None)];
        let mut met: Vec<(usize, Vec<Start>)> = Vec::new();
        let mut n = 0;
        while n < legs && !starts.is_empty() {
            starts.sort_unstable();
            starts.dedup();
            if let Some(&(before, _)) = met.iter().find(|(_, seen)| *seen == starts) {
                let period = n - before;
                while n + period < legs && (n..n + period).all(|t| self.same_leg(t, t - period)) {
                    n += period;
                }
            }
            met.push((n, starts.clone()));
            let mut next = Vec::new();
            for &(here, previous) in &starts {
                self.leg(n, here, previous, &mut next);
            }
            starts = next;
            n += 1;
        }
    }

    /// Whether legs `a` and `b` walk alike: the same leg, joined alike to the next one,
    /// which keeps the direction alike.
    fn same_leg(&self, a: usize, b: usize) -> bool {
        let legs = &self.chain.legs;
        let keeps = |n: usize| legs.get(n + 1).map(|l| l.modes.same_direction);
        legs[a] == legs[b]
            && self.chain.links.get(a) == self.chain.links.get(b)
            && keeps(a) == keeps(b)
    }

    /// The index of `at` among the board's squares, if it is on the board.
    fn index(&self, (x, y): (i32, i32)) -> Option<usize> {
        let b = self.board;
        ((0..b.files).contains(&x) && (0..b.ranks).contains(&y)).then(|| (y * b.files + x) as usize)
    }

    /// Puts a destination out unless it is already.
    fn reach(&mut self, at: (i32, i32), how: Ending) {
        if let Some(k) = self.index(at) {
            let k = 2 * k + usize::from(how == Ending::Capture);
            if std::mem::replace(&mut self.found[k], true) {
                return;
            }
        }
        self.out.push((at, how));
    }

    /// Walks leg `n` from `here`, `previous` being the direction of the leg before; the
    /// places the next leg starts from go to `next`.
    fn leg(&mut self, n: usize, here: (i32, i32), previous: Option<Leap>, next: &mut Vec<Start>) {
        let leg = &self.chain.legs[n];
        let next_link = self.chain.links.get(n);
        for &leap in &leg.leaps {
            if leg.modes.same_direction && previous.is_some_and(|p| !same_direction(p, leap)) {
                continue;
            }
            let path = visits(leg, leap, self.board, here, self.start);
            let last = path.len().saturating_sub(1);
            for (k, visit) in path.iter().enumerate() {
                let may_end = match next_link.map(|l| l.forced) {
                    None | Some(Forced::No) => true,
                    Some(Forced::Full) => false,
                    Some(Forced::Half) => k == last,
                };
                if may_end
                    && visit.at != self.start
                    && let Some(reach) = visit.reach
                {
                    self.reach(visit.at, reach);
                }
                if let Some(link) = next_link
                    && visit.stop
                    && (visit.occupant == Occupant::Empty || !link.blocking)
                {
                    // The direction matters only to a leg that keeps it.
                    let keeps = self.chain.legs[n + 1].modes.same_direction;
                    next.push((visit.at, keeps.then_some(visit.step)));
                }
            }
        }
    }
}

/// Whether two leaps point the same way.
fn same_direction(a: Leap, b: Leap) -> bool {
    i64::from(a.0) * i64::from(b.1) == i64::from(a.1) * i64::from(b.0)
        && i64::from(a.0) * i64::from(b.0) + i64::from(a.1) * i64::from(b.1) > 0
}

/// A square a leg's walk passes or lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Visit {
    at: (i32, i32),
    occupant: Occupant,
    /// The step that arrived here (after any bounce).
    step: Leap,
    /// Whether the leg may stop here (a hopper passes the squares up to its hurdle or
    /// screen): the next leg of a chain starts only from such squares.
    stop: bool,
    /// How the leg may end here, if it may.
    reach: Option<Ending>,
}

/// The squares one leap of one leg passes or lands on, in order, as far as it goes.
/// `start` is where the whole move began (the mover's own square counts as empty).
fn visits(
    leg: &Leg,
    leap: Leap,
    board: &Occupancy<'_>,
    from: (i32, i32),
    start: (i32, i32),
) -> Vec<Visit> {
    let m = leg.modes;
    let occupant = |at: (i32, i32)| {
        if at == start {
            Occupant::Empty
        } else {
            (board.at)(at.0, at.1)
        }
    };
    let limit = leg.range.map_or(i32::MAX, i32::from);
    let mut out = Vec::new();
    let mut here = from;
    let mut step = leap;
    let mut bounced = false;
    let mut passed = 0u8;
    let mut screened = false;
    let mut k = 0;
    while k < limit {
        k += 1;
        let Some((next, turned)) = advance(here, step, board, m, bounced) else {
            break;
        };
        // The leap lands on the board, so its path is short.
        if m.lame && !path_clear(step, board, here, start) {
            break;
        }
        if let Some(s) = turned {
            step = s;
            bounced = true;
        }
        here = next;
        if here == from {
            break; // Around the cylinder, or bounced straight back.
        }
        let what = occupant(here);
        let mut visit = Visit {
            at: here,
            occupant: what,
            step,
            stop: true,
            reach: None,
        };
        if m.grasshopper {
            out.push(Visit {
                stop: false,
                ..visit
            });
            if what != Occupant::Empty {
                // Land just beyond the hurdle, whatever the range.
                if let Some((land, _)) = advance(here, step, board, m, bounced)
                    && land != from
                {
                    let there = occupant(land);
                    out.push(Visit {
                        at: land,
                        occupant: there,
                        step,
                        stop: true,
                        reach: ending(there, m),
                    });
                }
                break;
            }
            continue;
        }
        if m.cannon && !screened {
            screened = what != Occupant::Empty;
            out.push(Visit {
                stop: false,
                ..visit
            });
            continue;
        }
        if what == Occupant::Obstacle && m.fly {
            out.push(visit);
            continue;
        }
        visit.reach = ending(what, m);
        out.push(visit);
        if what != Occupant::Empty {
            if m.cannon || passed >= m.jumps {
                break;
            }
            passed = passed.saturating_add(1);
        }
    }
    out
}

/// How a leg with modes `m` may end on a square holding `what`.
fn ending(what: Occupant, m: LegModes) -> Option<Ending> {
    match what {
        Occupant::Empty => m.moves.then_some(Ending::Move),
        Occupant::Enemy => m.captures.then_some(Ending::Capture),
        Occupant::Friend => (m.captures && m.backstab).then_some(Ending::Capture),
        Occupant::Obstacle => (m.captures && m.destroy).then_some(Ending::Capture),
    }
}

/// One step: the square reached and, if the step turned off an edge, the new step.
/// Computed in i64 so that no custom leap can overflow.
fn advance(
    here: (i32, i32),
    step: Leap,
    board: &Occupancy<'_>,
    m: LegModes,
    bounced: bool,
) -> Option<((i32, i32), Option<Leap>)> {
    let (files, ranks) = (i64::from(board.files), i64::from(board.ranks));
    let mut x = i64::from(here.0) + i64::from(step.0);
    let mut y = i64::from(here.1) + i64::from(step.1);
    let mut turned = None;
    if m.cylinder {
        x = x.rem_euclid(files);
    }
    let off = |x: i64, y: i64| x < 0 || x >= files || y < 0 || y >= ranks;
    if off(x, y) {
        if !m.bounce || bounced {
            return None;
        }
        // Turn back off whichever edge the step crosses.
        let mut s = step;
        if x < 0 || x >= files {
            s.0 = s.0.saturating_neg();
        }
        if y < 0 || y >= ranks {
            s.1 = s.1.saturating_neg();
        }
        let (bx, by) = (reflect(x, files), reflect(y, ranks));
        if off(bx, by) {
            return None;
        }
        x = bx;
        y = by;
        turned = Some(s);
    }
    // On the board, so both fit in i32.
    Some(((x as i32, y as i32), turned))
}

/// A coordinate past an edge, mirrored back (edge squares are not repeated).
fn reflect(v: i64, size: i64) -> i64 {
    if v < 0 {
        -v
    } else if v >= size {
        2 * (size - 1) - v
    } else {
        v
    }
}

/// Whether the squares a lame leap passes are empty (the move's own start counts as
/// empty).
fn path_clear(leap: Leap, board: &Occupancy<'_>, from: (i32, i32), start: (i32, i32)) -> bool {
    lame_path(leap, board.files, board.ranks, from)
        .into_iter()
        .all(|here| here == start || (board.at)(here.0, here.1) == Occupant::Empty)
}

/// The on-board squares a lame leap from `from` passes: straight along the longer side,
/// then diagonally.
fn lame_path(leap: Leap, files: i32, ranks: i32, from: (i32, i32)) -> Vec<(i32, i32)> {
    let (ax, ay) = (
        i64::from(leap.0.unsigned_abs()),
        i64::from(leap.1.unsigned_abs()),
    );
    let (sx, sy) = (i64::from(leap.0.signum()), i64::from(leap.1.signum()));
    let (long, short) = (ax.max(ay), ax.min(ay));
    // Past the board's own size a path only repeats squares (on a cylinder) or leaves it.
    let longest = 2 * i64::from(files.max(ranks)) + 2;
    let (mut x, mut y) = (i64::from(from.0), i64::from(from.1));
    let mut out = Vec::new();
    for k in 1..long.min(longest) {
        let straight = k <= long - short;
        if ax >= ay {
            x += sx;
            y += if straight { 0 } else { sy };
        } else {
            x += if straight { 0 } else { sx };
            y += sy;
        }
        if x >= 0 && x < i64::from(files) && y >= 0 && y < i64::from(ranks) {
            out.push((x as i32, y as i32));
        }
    }
    out
}

/// One square of a leap's ride as the board's shape alone decides it: where it is, the
/// step that arrived there (after any bounce), and the squares a lame leap passes to get
/// there from the square before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// The square.
    pub at: (i32, i32),
    /// The step that arrived here.
    pub step: Leap,
    /// The squares passed on the way from the previous stop (for `n`).
    pub path: Vec<(i32, i32)>,
}

/// The squares one leap of a leg rides over on an empty `files × ranks` board from `from`,
/// at most `count` of them: what [`chain_destinations`] walks, before any piece is
/// consulted. The grid engine builds its per-square tables from this.
pub fn ride(
    modes: LegModes,
    leap: Leap,
    files: i32,
    ranks: i32,
    from: (i32, i32),
    count: usize,
) -> Vec<Stop> {
    let at = |_: i32, _: i32| Occupant::Empty;
    let board = Occupancy {
        files,
        ranks,
        at: &at,
    };
    let mut out = Vec::new();
    let mut here = from;
    let mut step = leap;
    let mut bounced = false;
    while out.len() < count {
        let Some((next, turned)) = advance(here, step, &board, modes, bounced) else {
            break;
        };
        let path = if modes.lame {
            lame_path(step, files, ranks, here)
        } else {
            Vec::new()
        };
        if let Some(s) = turned {
            step = s;
            bounced = true;
        }
        here = next;
        if here == from {
            break;
        }
        out.push(Stop {
            at: here,
            step,
            path,
        });
    }
    out
}

/// Whether an atom's parts ride by default.
pub fn rides(atom: Atom) -> bool {
    parts(atom).iter().all(|(_, rides)| *rides)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::parse;
    use std::collections::HashMap;

    /// Where a piece on the centre (4,4) of a 9×9 board with `pieces` goes, and how.
    fn on_board(
        text: &str,
        pieces: &[((i32, i32), Occupant)],
        unmoved: bool,
    ) -> Vec<((i32, i32), Ending)> {
        let compiled = chains(&parse(text).expect("valid"));
        let map: HashMap<(i32, i32), Occupant> = pieces.iter().copied().collect();
        let at = |x: i32, y: i32| map.get(&(x, y)).copied().unwrap_or(Occupant::Empty);
        let board = Occupancy {
            files: 9,
            ranks: 9,
            at: &at,
        };
        chain_destinations(&compiled, &board, (4, 4), unmoved)
    }

    /// The squares a piece on the centre reaches, however.
    fn chained(text: &str, pieces: &[((i32, i32), Occupant)]) -> Vec<(i32, i32)> {
        let mut squares: Vec<(i32, i32)> = on_board(text, pieces, false)
            .into_iter()
            .map(|d| d.0)
            .collect();
        squares.dedup();
        squares
    }

    /// The destinations straight above the centre.
    fn above(d: &[((i32, i32), Ending)]) -> Vec<((i32, i32), Ending)> {
        d.iter()
            .copied()
            .filter(|(s, _)| s.0 == 4 && s.1 > 4)
            .collect()
    }

    fn squares(v: &[((i32, i32), Ending)], reach: Ending) -> Vec<(i32, i32)> {
        v.iter().filter(|d| d.1 == reach).map(|d| d.0).collect()
    }

    use Ending::{Capture, Move};
    use Occupant::{Enemy, Friend, Obstacle};

    /// Every destination of a chain by the plainest walk: each leg from each place the one
    /// before stops on, every leg walked (no loop passed over).
    fn walked_in_full(
        chain: &ChainMoves,
        board: &Occupancy<'_>,
        from: (i32, i32),
    ) -> Vec<((i32, i32), Ending)> {
        let mut out = Vec::new();
        let mut starts: Vec<Start> = vec![(from, None)];
        for (n, leg) in chain.legs.iter().enumerate() {
            let link = chain.links.get(n);
            let mut next = Vec::new();
            for &(here, previous) in &starts {
                for &leap in &leg.leaps {
                    if leg.modes.same_direction
                        && previous.is_some_and(|p| !same_direction(p, leap))
                    {
                        continue;
                    }
                    let path = visits(leg, leap, board, here, from);
                    let last = path.len().saturating_sub(1);
                    for (k, visit) in path.iter().enumerate() {
                        let may_end = match link.map(|l| l.forced) {
                            None | Some(Forced::No) => true,
                            Some(Forced::Full) => false,
                            Some(Forced::Half) => k == last,
                        };
                        if may_end
                            && visit.at != from
                            && let Some(reach) = visit.reach
                        {
                            out.push((visit.at, reach));
                        }
                        if let Some(link) = link
                            && visit.stop
                            && (visit.occupant == Occupant::Empty || !link.blocking)
                        {
                            let keeps = chain.legs[n + 1].modes.same_direction;
                            next.push((visit.at, keeps.then_some(visit.step)));
                        }
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            starts = next;
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    #[test]
    fn passing_over_a_chains_loops_finds_what_walking_every_leg_finds() {
        let texts = [
            "R-R-R-R-R-R-R-R-R-R",
            "N-N-N-N-N-N-N-N-N-K",
            "W-F-W-F-W-F-W-F-W-F-W",
            "oQ-oQ-oQ-oQ-oQ-oQ",
            "gQ-gQ-gQ-gQ-gQ-gQ-gQ",
            "pR+pR+pR+pR+pR+pR",
            "W-!sW-!sW-!sW-!sW-!sW",
            "N-/N-/N-/N-/N-/N-/K",
            "mW-cW-mW-cW-mW-cW-mW",
            "jjB+jjB+jjB+jjB+R",
            "D-A-D-A-D-A-D-A-F",
            "W-W-W-W-W-W-W-W-W-W-W-W-W-W-W-N",
        ];
        // A board of a few of each kind of occupant, spread by a fixed rule.
        let occupant = |x: i32, y: i32, seed: i32| match (x * 7 + y * 13 + seed * 5) % 11 {
            0 => Occupant::Enemy,
            1 => Occupant::Friend,
            2 if seed % 2 == 0 => Occupant::Obstacle,
            _ => Occupant::Empty,
        };
        for text in texts {
            let compiled = chains(&parse(text).expect("valid"));
            for seed in 0..6 {
                let at = |x: i32, y: i32| occupant(x, y, seed);
                let board = Occupancy {
                    files: 7 + seed,
                    ranks: 9 - seed % 3,
                    at: &at,
                };
                for from in [(0, 0), (3, 2), (6, 7)] {
                    let expected = walked_in_full(&compiled[0], &board, from);
                    let found = chain_destinations(&compiled, &board, from, false);
                    assert_eq!(found, expected, "{text} from {from:?}, board {seed}");
                }
            }
        }
    }

    #[test]
    fn a_leaper_reaches_its_leaps() {
        let d = on_board("W", &[], false);
        assert_eq!(squares(&d, Move), vec![(3, 4), (4, 3), (4, 5), (5, 4)]);
    }

    #[test]
    fn a_rider_stops_at_the_first_piece_capturing_an_enemy() {
        let d = on_board("R", &[((4, 6), Enemy), ((1, 4), Friend)], false);
        assert_eq!(
            squares(&d, Move),
            vec![
                (2, 4),
                (3, 4),
                (4, 0),
                (4, 1),
                (4, 2),
                (4, 3),
                (4, 5),
                (5, 4),
                (6, 4),
                (7, 4),
                (8, 4)
            ]
        );
        assert_eq!(squares(&d, Capture), vec![(4, 6)]);
    }

    #[test]
    fn move_only_and_capture_only_split_a_piece() {
        let d = on_board(
            "mBcK",
            &[((5, 5), Enemy), ((4, 5), Enemy), ((6, 6), Enemy)],
            false,
        );
        assert_eq!(squares(&d, Capture), vec![(4, 5), (5, 5)]);
        assert!(!squares(&d, Move).contains(&(5, 5)));
        assert!(squares(&d, Move).contains(&(3, 5)));
        assert!(!squares(&d, Move).contains(&(4, 3)), "c K does not move");
    }

    #[test]
    fn counted_range_and_initial_only() {
        let d = on_board("ifW2", &[], true);
        assert_eq!(squares(&d, Move), vec![(4, 5), (4, 6)]);
        assert!(on_board("ifW2", &[], false).is_empty());
    }

    #[test]
    fn jumping_riders_pass_one_or_many_pieces() {
        let pieces = [((4, 6), Enemy), ((4, 7), Enemy)];
        assert_eq!(
            above(&on_board("jR", &pieces, false)),
            vec![((4, 5), Move), ((4, 6), Capture), ((4, 7), Capture)]
        );
        assert_eq!(
            above(&on_board("jjR", &pieces, false)),
            vec![
                ((4, 5), Move),
                ((4, 6), Capture),
                ((4, 7), Capture),
                ((4, 8), Move)
            ]
        );
    }

    #[test]
    fn a_grasshopper_lands_just_beyond_the_first_piece() {
        let d = on_board(
            "gQ",
            &[((4, 6), Friend), ((6, 6), Enemy), ((7, 7), Enemy)],
            false,
        );
        assert_eq!(squares(&d, Move), vec![(4, 7)]);
        assert_eq!(squares(&d, Capture), vec![(7, 7)]);
    }

    #[test]
    fn a_cannon_captures_over_one_screen() {
        let d = on_board(
            "mRcpR",
            &[((4, 6), Friend), ((4, 8), Enemy), ((6, 4), Enemy)],
            false,
        );
        assert_eq!(squares(&d, Capture), vec![(4, 8)]);
        assert!(squares(&d, Move).contains(&(4, 5)));
        assert!(!squares(&d, Move).contains(&(4, 7)), "c p R does not move");
        assert!(
            !squares(&d, Capture).contains(&(6, 4)),
            "nothing to hop over on the right"
        );
    }

    #[test]
    fn a_lame_knight_is_blocked_by_the_square_beside_it() {
        let d = on_board("nN", &[((4, 5), Friend)], false);
        let moves = squares(&d, Move);
        assert!(!moves.contains(&(3, 6)) && !moves.contains(&(5, 6)));
        assert!(moves.contains(&(6, 5)) && moves.contains(&(3, 2)));
        assert_eq!(moves.len(), 6);
    }

    #[test]
    fn backstab_captures_friends() {
        let d = on_board("dK", &[((4, 5), Friend)], false);
        assert_eq!(squares(&d, Capture), vec![(4, 5)]);
        assert!(squares(&on_board("K", &[((4, 5), Friend)], false), Capture).is_empty());
    }

    #[test]
    fn obstacles_block_unless_destroyed_or_flown_over() {
        let rock = [((4, 6), Obstacle)];
        assert_eq!(above(&on_board("R", &rock, false)), vec![((4, 5), Move)]);
        assert_eq!(
            above(&on_board("xR", &rock, false)),
            vec![((4, 5), Move), ((4, 6), Capture)]
        );
        assert_eq!(
            above(&on_board("yR", &rock, false)),
            vec![((4, 5), Move), ((4, 7), Move), ((4, 8), Move)]
        );
    }

    #[test]
    fn a_cylinder_rider_wraps_round_the_files() {
        let friend = [((6, 4), Friend)];
        let row = |d: &[((i32, i32), Ending)]| -> Vec<(i32, i32)> {
            d.iter().map(|d| d.0).filter(|s| s.1 == 4).collect()
        };
        assert_eq!(
            row(&on_board("R", &friend, false)),
            vec![(0, 4), (1, 4), (2, 4), (3, 4), (5, 4)]
        );
        assert_eq!(
            row(&on_board("oR", &friend, false)),
            vec![(0, 4), (1, 4), (2, 4), (3, 4), (5, 4), (7, 4), (8, 4)]
        );
    }

    #[test]
    fn a_bouncing_bishop_turns_off_an_edge_once() {
        let compiled = chains(&parse("qB").expect("valid"));
        let at = |_: i32, _: i32| Occupant::Empty;
        let board = Occupancy {
            files: 9,
            ranks: 9,
            at: &at,
        };
        let d = chain_destinations(&compiled, &board, (4, 1), false);
        let down_left: Vec<(i32, i32)> = d
            .iter()
            .map(|d| d.0)
            .filter(|s| s.0 < 4 && (s.1 <= 1 || s.0 + s.1 <= 3))
            .collect();
        assert_eq!(down_left, vec![(0, 3), (1, 2), (2, 1), (3, 0)]);
    }

    #[test]
    fn a_forced_chain_ends_only_after_its_left_leg() {
        assert_eq!(
            chained("W-!W", &[]),
            vec![
                (2, 4),
                (3, 3),
                (3, 5),
                (4, 2),
                (4, 6),
                (5, 3),
                (5, 5),
                (6, 4)
            ]
        );
    }

    #[test]
    fn a_plain_chain_may_also_end_on_its_left_leg() {
        let d = chained("W-W", &[]);
        assert!(d.contains(&(4, 5)) && d.contains(&(4, 6)) && !d.contains(&(4, 4)));
        assert_eq!(d.len(), 12);
    }

    #[test]
    fn a_blocking_chain_cannot_pass_the_piece_its_left_leg_ends_on() {
        let friend = [((4, 5), Friend)];
        assert!(!chained("W-!W", &friend).contains(&(4, 6)));
        assert!(chained("W+!W", &friend).contains(&(4, 6)));
    }

    #[test]
    fn a_half_forced_chain_may_end_only_at_the_end_of_its_left_leg() {
        let plain = chained("fW3-fN", &[]);
        let half = chained("fW3-/fN", &[]);
        let forced = chained("fW3-!fN", &[]);
        assert_eq!(half, vec![(3, 7), (3, 8), (4, 7), (5, 7), (5, 8)]);
        assert_eq!(
            plain,
            vec![(3, 7), (3, 8), (4, 5), (4, 6), (4, 7), (5, 7), (5, 8)]
        );
        assert_eq!(forced, vec![(3, 7), (3, 8), (5, 7), (5, 8)]);
    }

    #[test]
    fn same_direction_keeps_the_left_legs_way() {
        assert_eq!(chained("W-!sW", &[]), vec![(2, 4), (4, 2), (4, 6), (6, 4)]);
    }

    #[test]
    fn a_chain_after_a_grasshopper_starts_only_beyond_the_hurdle() {
        // The seed's `g` must jump: nothing before the hurdle, nor the hurdle, is a stop.
        let d = on_board("gR-sW", &[((4, 6), Friend)], false);
        assert_eq!(d, vec![((4, 7), Move), ((4, 8), Move)]);
        let through = on_board("gR+sW", &[((4, 6), Friend), ((4, 7), Enemy)], false);
        assert_eq!(through, vec![((4, 7), Capture), ((4, 8), Move)]);
        assert!(
            on_board("gR-sW", &[], false).is_empty(),
            "no hurdle, no move"
        );
    }

    #[test]
    fn a_chain_after_a_cannon_starts_only_past_the_screen() {
        // A step right from a cannon's stops: past the screen on (4, 6) only.
        let pieces = [((4, 6), Friend), ((4, 8), Enemy)];
        assert_eq!(chained("pR-!rW", &pieces), vec![(5, 7)]);
        assert_eq!(chained("pR+!rW", &pieces), vec![(5, 7), (5, 8)]);
    }

    #[test]
    fn a_step_back_onto_the_hurdle_lets_a_second_hop_follow() {
        // Two hurdles forward, side by side or apart, then just beyond the second.
        let hops = "fgR+!bW+!fgR";
        let side_by_side = [((4, 5), Friend), ((4, 6), Enemy)];
        assert_eq!(on_board(hops, &side_by_side, false), vec![((4, 7), Move)]);
        let apart = [((4, 5), Friend), ((4, 7), Enemy), ((4, 8), Enemy)];
        assert_eq!(on_board(hops, &apart, false), vec![((4, 8), Capture)]);
        assert!(on_board(hops, &[((4, 6), Enemy)], false).is_empty());
    }

    #[test]
    fn forced_steps_after_a_hop_land_further_over_empty_squares() {
        // Three squares beyond the hurdle; the two before must be empty.
        let far = "fgR-!sW-!sW";
        assert_eq!(
            on_board(far, &[((4, 5), Friend)], false),
            vec![((4, 8), Move)]
        );
        assert_eq!(
            on_board(far, &[((4, 5), Friend), ((4, 8), Enemy)], false),
            vec![((4, 8), Capture)]
        );
        assert!(on_board(far, &[((4, 5), Friend), ((4, 7), Enemy)], false).is_empty());
        assert!(
            on_board(far, &[((4, 6), Friend)], false).is_empty(),
            "off the board"
        );
    }

    #[test]
    fn the_andromeda_example_reads_as_two_chains() {
        let d = chained("W-B|F-R", &[]);
        // A wazir step then a bishop ride, or a ferz step then a rook ride.
        assert!(
            d.contains(&(4, 5))
                && d.contains(&(6, 7))
                && d.contains(&(5, 5))
                && d.contains(&(5, 8))
        );
    }

    #[test]
    fn the_seeds_old_notation_king_is_a_king() {
        let king =
            "(1,0,1,1):(0,1,1,1):(1,1,1,1):(1,-1,1,1);(1,0,1,1):(0,1,1,1):(1,1,1,1):(1,-1,1,1)";
        let ring = [
            (3, 3),
            (3, 4),
            (3, 5),
            (4, 3),
            (4, 5),
            (5, 3),
            (5, 4),
            (5, 5),
        ];
        assert_eq!(chained(king, &[]), ring.to_vec());
        let enemy = [((4, 5), Enemy)];
        assert_eq!(
            squares(&on_board(king, &enemy, false), Capture),
            vec![(4, 5)]
        );
    }

    #[test]
    fn old_notation_counts_repeat_and_zero_forbids() {
        // A rook that moves forward any distance, backward up to two, and never captures.
        let d = chained("(1,0,-1,2);", &[]);
        assert_eq!(d, vec![(4, 2), (4, 3), (4, 5), (4, 6), (4, 7), (4, 8)]);
        assert!(chained("(1,0,0,0);", &[]).is_empty());
    }
}
