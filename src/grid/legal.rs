//! Legality, perft and how a position stands: a pseudo-legal move (from `movegen`) is
//! legal when it captures none of the mover's royal pieces and leaves none attacked. Only
//! a move that may expose a royal is played and tested; the squares that may are found
//! from the enemy's attacks first (see the decision table in `grid/mod.rs`).

use super::board::Square;
use super::cell::{EMPTY, is_piece, role_of, side_of};
use super::goals::{GoalEnd, checks_end, extinction_end, flag_reached, in_flag_region};
use super::movegen::{
    Moves, Walker, attackers, castling_moves, drop_moves, in_check, is_attacked, lost_every_royal,
    own, piece_moves, pseudo_moves, touches_royal,
};
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::rules::{Explosions, Flag, RoyalRule, Stalemate, Walls};
use super::variant::Variant;
use crate::play::{Color, Goal};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether pseudo-legal `m` is legal: it captures none of the mover's royals and leaves
/// none attacked.
pub fn is_legal(v: &Variant, pos: &mut Position, m: Move) -> bool {
    if let Some(ex) = &v.explosions {
        return is_legal_atomic(v, ex, pos, m);
    }
    if v.royal_rule == RoyalRule::Capture {
        return true;
    }
    let us = pos.to_move();
    if m.kind == MoveKind::Capture {
        let c = pos.cell(m.to);
        if is_piece(c) && side_of(c) == us && v.is_royal(role_of(c)) {
            return false;
        }
    }
    // A royal that would turn to stone by taking may not take.
    if m.kind.captures() {
        let mover = role_of(pos.cell(m.from));
        if v.is_royal(mover) && v.petrify.contains(&mover) {
            return false;
        }
    }
    let undo = pos.make(v, m);
    let safe = pos
        .royals(us)
        .iter()
        .all(|&r| !is_attacked(v, pos, r, us.opponent()))
        && !(v.flying_royals && royals_face(v, pos));
    pos.unmake(v, m, &undo);
    safe
}

/// Whether a royal of each side stand on one file or rank with nothing between them (the
/// flying general).
fn royals_face(v: &Variant, pos: &Position) -> bool {
    let g = v.geometry;
    pos.royals(Color::White).iter().any(|&w| {
        pos.royals(Color::Black).iter().any(|&b| {
            let (df, dr) = (g.file(b) - g.file(w), g.rank(b) - g.rank(w));
            if df != 0 && dr != 0 {
                return false;
            }
            let (sf, sr) = (df.signum(), dr.signum());
            let steps = df.abs().max(dr.abs());
            (1..steps).all(|k| {
                g.square(g.file(w) + k * sf, g.rank(w) + k * sr)
                    .is_some_and(|s| pos.cell(s) == EMPTY)
            })
        })
    })
}

/// [`is_legal`] under atomic captures: a type that may not take its own kind does not; no
/// move blows up a royal of its own; one that blows up an enemy royal is legal; else no
/// royal of the mover may be left attacked, unless it touches an enemy royal.
fn is_legal_atomic(v: &Variant, ex: &Explosions, pos: &mut Position, m: Move) -> bool {
    if m.kind == MoveKind::Capture {
        let (mover, victim) = (pos.cell(m.from), pos.cell(m.to));
        if is_piece(victim)
            && role_of(mover) == role_of(victim)
            && ex.not_alike.contains(&role_of(mover))
        {
            return false;
        }
    }
    if v.royal_rule == RoyalRule::Capture || !v.types.iter().any(|t| t.royal) {
        return true;
    }
    let us = pos.to_move();
    let them = us.opponent();
    let (ours, theirs) = (pos.royals(us).len(), pos.royals(them).len());
    let undo = pos.make_board(v, m);
    let legal = if pos.royals(us).len() < ours {
        false
    } else if pos.royals(them).len() < theirs {
        true
    } else {
        pos.royals(us)
            .iter()
            .all(|&r| touches_royal(v, pos, r, them) || !is_attacked(v, pos, r, them))
    };
    pos.unmake(v, m, &undo);
    legal
}

/// Squares whose emptying or filling may expose a royal piece of the side to move.
#[derive(Default)]
struct Danger {
    leave: [u64; WORDS],
    enter: [u64; WORDS],
    /// Whether `enter` has any square.
    any_enter: bool,
    /// Whether the side's (only) royal is in check by a leap or a line.
    checked: bool,
    /// In check: the checkers' squares and the squares between a riding checker and the
    /// royal. A move of another piece that neither takes on nor enters one of them leaves
    /// the check standing.
    resolve: [u64; WORDS],
}

/// Enough 64-bit words for the largest board.
const WORDS: usize = (26 * 26usize).div_ceil(64);

#[inline]
fn has(set: &[u64; WORDS], sq: Square) -> bool {
    set[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
}

#[inline]
fn mark(set: &mut [u64; WORDS], sq: Square) {
    set[sq.index() / 64] |= 1 << (sq.index() % 64);
}

/// The squares from which a move may expose a royal (a pinned piece's, a lame leaper's
/// blocker's, a bent rider's blocker's, any square on a hopper's line) and those onto which it may (a hopper's line),
/// when every enemy attack has a shape the reverse tables know, into `d` (empty to begin
/// with); a check by a leap or a line is noted with the squares that could end it, where
/// the side has one royal. False when every move must be tried.
fn danger(v: &Variant, pos: &Position, d: &mut Danger) -> bool {
    let us = pos.to_move();
    let them = us.opponent();
    let t = &v.tables;
    let a = &t.attacks[them];
    // The flying general pins what stands between the royals, and a piece that turns to
    // stone by taking changes the lines: every move is tried.
    if a.any_forward || v.flying_royals || !v.petrify.is_empty() {
        return false;
    }
    let single = pos.royals(us).len() == 1;
    for &r in pos.royals(us) {
        for &(from, types) in t.leaps_to(them, r) {
            let c = pos.cell(from);
            if own(c, them) && types >> role_of(c).index() & 1 != 0 {
                if !single {
                    return false;
                }
                mark(&mut d.resolve, from);
                d.checked = true;
            }
        }
        // One walk per line finds both a check and a pin.
        for line in &a.lines {
            let back = t.reverse(line.line, r);
            let mut shield = None;
            for (k, &s) in back.iter().enumerate().take(usize::from(line.longest)) {
                let c = pos.cell(s);
                if c == EMPTY {
                    continue;
                }
                if own(c, them) && usize::from(line.reach[role_of(c).index()]) > k {
                    match shield {
                        None if !single => return false,
                        None => {
                            for &between in &back[..=k] {
                                mark(&mut d.resolve, between);
                            }
                            d.checked = true;
                        }
                        Some(ours) => mark(&mut d.leave, ours),
                    }
                    break;
                }
                if shield.is_none() && own(c, us) {
                    shield = Some(s);
                    continue;
                }
                break;
            }
        }
        for lame in &a.lame {
            if let Some((from, first, len)) = lame.from[usize::from(r)] {
                let c = pos.cell(from);
                if own(c, them) && lame.types[role_of(c).index()] {
                    let path = &t.path_squares[first as usize..(first + u32::from(len)) as usize];
                    if path.iter().all(|&p| pos.cell(p) == EMPTY) {
                        return false;
                    }
                    for &p in path {
                        mark(&mut d.leave, p);
                    }
                }
            }
        }
        for bent in &a.bent {
            // As for a line: the first piece back along the ride may shield the royal
            // from riders stepping in further on.
            let mut shield = None;
            for (k, &s) in t.reverse(bent.ride, r).iter().enumerate() {
                if k >= usize::from(bent.longest) {
                    break;
                }
                let c = pos.cell(s);
                if c != EMPTY {
                    if shield.is_some() || !own(c, us) {
                        break;
                    }
                    shield = Some(s);
                }
                if let Some(&from) = t.reverse(bent.step, s).first() {
                    let c = pos.cell(from);
                    if own(c, them) && usize::from(bent.reach[role_of(c).index()]) > k {
                        match shield {
                            None => return false,
                            Some(ours) => mark(&mut d.leave, ours),
                        }
                        break;
                    }
                }
            }
        }
        if !a.hops.is_empty() && is_attacked(v, pos, r, them) {
            return false;
        }
        for hop in &a.hops {
            let back = t.reverse(hop.line, r);
            if hop.grasshopper.iter().any(|&g| g)
                && let Some((&hurdle, beyond)) = back.split_first()
            {
                if pos.cell(hurdle) == EMPTY {
                    // A piece arriving here would be a hurdle.
                    mark(&mut d.enter, hurdle);
                    d.any_enter = true;
                } else if let Some(&s) = beyond.iter().find(|&&s| pos.cell(s) != EMPTY) {
                    // Leaving would let whatever stands behind jump the hurdle.
                    mark(&mut d.leave, s);
                }
            }
            if hop.cannon.iter().any(|&c| c) {
                // Only the first two pieces along the line matter: arriving before the
                // second, or leaving either, changes which piece is the screen.
                let mut seen = 0;
                for &s in back {
                    if pos.cell(s) == EMPTY {
                        mark(&mut d.enter, s);
                        d.any_enter = true;
                        continue;
                    }
                    mark(&mut d.leave, s);
                    seen += 1;
                    if seen == 2 {
                        break;
                    }
                }
            }
        }
    }
    true
}

/// A move list that keeps only captures and promotions.
struct NoisyOnly<'a>(&'a mut Vec<Move>);

impl Moves for NoisyOnly<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if m.is_noisy() {
            self.0.push(m);
        }
    }

    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }

    fn drop_repeats(&mut self, first: usize) {
        self.0.drop_repeats(first);
    }
}

/// Every legal move of the side to move, into `out`.
pub fn legal_moves(v: &Variant, pos: &mut Position, out: &mut Vec<Move>) {
    legal_moves_of(v, pos, out, Wanted::All);
}

/// Whether the side to move has a legal move: the moves are tested only until one is
/// legal (testing every one may walk every enemy chain for each).
pub fn has_legal_move(v: &Variant, pos: &mut Position) -> bool {
    let mut one = Vec::new();
    legal_moves_of(v, pos, &mut one, Wanted::Any);
    !one.is_empty()
}

/// Which legal moves a generation wants.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// Every one.
    All,
    /// Those that take or promote.
    Noisy,
    /// One, if there is any.
    Any,
}

/// The legal captures and promotions of the side to move, into `out`: the moves of
/// [`legal_moves`] that take or promote, found without generating the others
/// (quiescence asks for these).
pub fn legal_noisy_moves(v: &Variant, pos: &mut Position, out: &mut Vec<Move>) {
    legal_moves_of(v, pos, out, Wanted::Noisy);
}

fn legal_moves_of(v: &Variant, pos: &mut Position, out: &mut Vec<Move>, wanted: Wanted) {
    if bare_king(v, pos).is_some() || goal_end(v, pos).is_some() {
        out.clear();
        return;
    }
    let goals = &v.goals;
    if !goals.must_capture
        && !goals.no_checks
        && !goals.royal_stays_in_check
        && v.walls.is_none()
        && !v.must_drop
        && v.drop_checks
        && !v.first_move_gates
    {
        safe_moves_of(v, pos, out, wanted);
        return;
    }
    // Forced captures and forbidden checks judge a move by the others: all of them first.
    safe_moves_of(v, pos, out, Wanted::All);
    level_move_rules(v, pos, out);
    match wanted {
        Wanted::All => {}
        Wanted::Noisy => out.retain(|m| m.is_noisy()),
        Wanted::Any => out.truncate(1),
    }
}

/// The level's rules that keep or multiply the moves that leave no royal attacked, `out`:
/// forbidden checks, makpong's royal in check, forced captures, then walls.
fn level_move_rules(v: &Variant, pos: &mut Position, out: &mut Vec<Move>) {
    let goals = &v.goals;
    // Cambodian chess: a royal in check makes no leap of its first move.
    if v.first_move_gates && in_check(v, pos) {
        let g = v.geometry;
        out.retain(|m| {
            let royal = is_piece(pos.cell(m.from)) && v.is_royal(role_of(pos.cell(m.from)));
            let (df, dr) = (g.file(m.to) - g.file(m.from), g.rank(m.to) - g.rank(m.from));
            !(royal && m.dropped().is_none() && (df.abs() > 1 || dr.abs() > 1))
        });
    }
    // No drop gives check (supply chess).
    if !v.drop_checks {
        out.retain(|&m| m.dropped().is_none() || !gives_check(v, pos, m));
    }
    // A side that may drop must (placement chess).
    if v.must_drop && out.iter().any(|m| m.dropped().is_some()) {
        out.retain(|m| m.dropped().is_some());
    }
    if goals.no_checks {
        out.retain(|&m| !gives_check(v, pos, m));
    }
    if goals.royal_stays_in_check && in_check(v, pos) {
        // Only taking the one checker moves a royal (makpong).
        let us = pos.to_move();
        let (mut checkers, mut found) = (Vec::new(), Vec::new());
        for &r in pos.royals(us) {
            attackers(v, pos, r, us.opponent(), &mut found);
            checkers.extend_from_slice(&found);
        }
        checkers.sort();
        checkers.dedup();
        out.retain(|m| {
            m.dropped().is_some() || !v.is_royal(role_of(pos.cell(m.from))) || checkers == [m.to]
        });
    }
    if goals.must_capture && out.iter().any(|m| m.kind.captures()) {
        out.retain(|m| m.kind.captures());
    }
    if let Some(walls) = v.walls {
        add_walls(v, walls, pos, out);
    }
}

/// Each move of `out` once for every square its wall may go on (a move with nowhere to put
/// one is no move), in the order of the moves, then of the squares.
fn add_walls(v: &Variant, walls: Walls, pos: &mut Position, out: &mut Vec<Move>) {
    let us = pos.to_move();
    let allowed = |sq: Square| {
        v.wall_squares[us]
            .as_ref()
            .is_none_or(|squares| squares[usize::from(sq)])
    };
    let base = std::mem::take(out);
    let mut reach = Vec::new();
    for m in base {
        let undo = pos.make_board(v, m);
        let empty = |pos: &Position, sq: Square| pos.cell(sq) == EMPTY && allowed(sq);
        match walls {
            Walls::Past => {
                if m.dropped().is_none() && empty(pos, m.from) {
                    out.push(Move {
                        wall: Some(m.from),
                        ..m
                    });
                }
            }
            Walls::Anywhere | Walls::Duck => {
                for sq in v.geometry.all().filter(|&sq| empty(pos, sq)) {
                    out.push(Move {
                        wall: Some(sq),
                        ..m
                    });
                }
            }
            Walls::Arrow => {
                // Where the piece could go next from its landing square, in board order.
                let landed = m.to;
                reach.clear();
                piece_moves(v, pos, landed, &mut reach);
                let mut squares: Vec<Square> = reach
                    .iter()
                    .filter(|r| r.dropped().is_none() && empty(pos, r.to))
                    .map(|r| r.to)
                    .collect();
                squares.sort();
                squares.dedup();
                for sq in squares {
                    out.push(Move {
                        wall: Some(sq),
                        ..m
                    });
                }
            }
        }
        pos.unmake(v, m, &undo);
    }
}

/// Whether `m` leaves a royal piece of the other side attacked.
pub fn gives_check(v: &Variant, pos: &mut Position, m: Move) -> bool {
    let undo = pos.make_board(v, m);
    let check = in_check(v, pos);
    pos.unmake(v, m, &undo);
    check
}

/// The moves that leave no royal of the mover attacked (every legal move, but for the
/// level's forced captures and forbidden checks).
fn safe_moves_of(v: &Variant, pos: &mut Position, out: &mut Vec<Move>, wanted: Wanted) {
    let noisy_only = wanted == Wanted::Noisy;
    if v.explosions.is_some() {
        // Explosions change what attacks what: every move is played and tested.
        pseudo_moves(v, pos, out);
        out.retain(|&m| (!noisy_only || m.is_noisy()) && is_legal(v, pos, m));
        if wanted == Wanted::Any {
            out.truncate(1);
        }
        return;
    }
    if v.royal_rule == RoyalRule::Capture {
        pseudo_moves(v, pos, out);
        if noisy_only {
            out.retain(|m| m.is_noisy());
        }
        return;
    }
    out.clear();
    let mut d = Danger::default();
    let known = danger(v, pos, &mut d);
    let danger = known.then_some(&d);
    let us = pos.to_move();
    let t = &v.tables;
    // A piece whose every move is legal: no royal of ours is in check, it is not royal,
    // not pinned, no hopper's line is near, and it neither takes friends, walks chains,
    // nor may take en passant now.
    let tested = if !known || d.any_enter || d.checked {
        u32::MAX
    } else if pos.en_passant.squares().is_empty() {
        t.always_tested
    } else {
        t.always_tested | t.en_passant_types
    };
    let pinned = d.leave.iter().any(|&w| w != 0);
    let free = |pos: &Position, from: Square| {
        tested >> role_of(pos.cell(from)).index() & 1 == 0 && !(pinned && has(&d.leave, from))
    };
    // The free pieces' moves first; the others' after them, to be tested. The others are
    // few as a rule: kept here, they need not be sought again.
    let walker = Walker::new(v, pos, us);
    let walk = |from: Square, out: &mut Vec<Move>| {
        if noisy_only {
            walker.piece_moves(from, &mut NoisyOnly(out));
        } else {
            walker.piece_moves(from, out);
        }
    };
    let all_tested = tested == u32::MAX;
    let mut others = [Square::default(); 8];
    let mut count = 0;
    if !all_tested {
        for &from in pos.pieces(us) {
            if free(pos, from) {
                walk(from, out);
            } else {
                if let Some(slot) = others.get_mut(count) {
                    *slot = from;
                }
                count += 1;
            }
        }
    }
    let first_tested = out.len();
    match others.get(..count) {
        Some(others) if !all_tested => {
            for &from in others {
                walk(from, out);
            }
        }
        _ => {
            for &from in pos.pieces(us) {
                if !free(pos, from) {
                    walk(from, out);
                }
            }
        }
    }
    // Castling and drops neither take nor promote.
    if !noisy_only {
        castling_moves(v, pos, out);
        drop_moves(v, pos, out);
    }
    // A lone royal's step is judged by lifting it and asking whether its target is
    // attacked, when every attack is looked up backwards (so the piece it takes cannot
    // hide the square).
    let lone_royal = pos.royals(us).len() == 1 && !v.tables.attacks[us.opponent()].any_forward;
    if wanted == Wanted::Any && first_tested > 0 {
        out.truncate(1);
        return;
    }
    let mut keep = first_tested;
    for k in first_tested..out.len() {
        let m = out[k];
        let legal = match danger {
            Some(d)
                if matches!(
                    m.kind,
                    MoveKind::Quiet | MoveKind::Double | MoveKind::Capture
                ) && !own(pos.cell(m.to), us)
                    && !m.promotion.is_some_and(|t| v.is_royal(t)) =>
            {
                if v.is_royal(role_of(pos.cell(m.from))) {
                    if lone_royal {
                        let royal = pos.cells[usize::from(m.from)];
                        pos.cells[usize::from(m.from)] = EMPTY;
                        let attacked = is_attacked(v, pos, m.to, us.opponent());
                        pos.cells[usize::from(m.from)] = royal;
                        !attacked
                    } else {
                        is_legal(v, pos, m)
                    }
                } else if d.checked && !has(&d.resolve, m.to) {
                    // Neither taking a checker nor stepping between: the check stands.
                    false
                } else if d.checked || has(&d.leave, m.from) || has(&d.enter, m.to) {
                    is_legal(v, pos, m)
                } else {
                    true
                }
            }
            // A drop only adds a blocker: in check, it must block; out of check, it is
            // safe unless it may screen for a hopper.
            Some(d) if m.dropped().is_some() => {
                if d.checked {
                    has(&d.resolve, m.to) && is_legal(v, pos, m)
                } else {
                    !has(&d.enter, m.to) || is_legal(v, pos, m)
                }
            }
            _ => is_legal(v, pos, m),
        };
        if legal {
            out[keep] = m;
            keep += 1;
            if wanted == Wanted::Any {
                break;
            }
        }
    }
    out.truncate(keep);
}

/// The legal moves found the slow way: every pseudo-legal move made and tested. The
/// reference [`legal_moves`] is checked against.
pub fn legal_moves_by_trial(v: &Variant, pos: &mut Position, out: &mut Vec<Move>) {
    pseudo_moves(v, pos, out);
    if bare_king(v, pos).is_some() || goal_end(v, pos).is_some() {
        out.clear();
    }
    let mut keep = 0;
    for k in 0..out.len() {
        let m = out[k];
        if is_legal(v, pos, m) {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
    level_move_rules(v, pos, out);
}

/// Counts the leaf nodes `depth` plies below `pos`, as Fairy-Stockfish's perft does (each
/// promotion choice and each castling is one move; the last ply is counted, not played).
pub fn perft(v: &Variant, pos: &mut Position, depth: u32) -> u64 {
    let mut lists: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(v, pos, depth, &mut lists, &AtomicBool::new(false))
}

fn perft_with(
    v: &Variant,
    pos: &mut Position,
    depth: u32,
    lists: &mut [Vec<Move>],
    stop: &AtomicBool,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    legal_moves(v, pos, list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let undo = pos.make(v, m);
        nodes += perft_with(v, pos, depth - 1, rest, stop);
        pos.unmake(v, m, &undo);
    }
    nodes
}

/// Perft split by root move: each legal move with its count.
pub fn divide(v: &Variant, pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    divide_until(v, pos, depth, &AtomicBool::new(false))
}

/// [`divide`] that gives up once `stop` is set: the root moves counted by then, the last
/// of them perhaps in part.
pub fn divide_until(
    v: &Variant,
    pos: &mut Position,
    depth: u32,
    stop: &AtomicBool,
) -> Vec<(Move, u64)> {
    let mut root = Vec::new();
    legal_moves(v, pos, &mut root);
    let mut lists: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect();
    let mut counted = Vec::with_capacity(root.len());
    for m in root {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let undo = pos.make(v, m);
        let n = perft_with(v, pos, depth.saturating_sub(1), &mut lists, stop);
        pos.unmake(v, m, &undo);
        counted.push((m, n));
    }
    counted
}

/// How a grid game stands for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameState {
    /// It has a legal move and the game goes on.
    Ongoing,
    /// It has no legal move and a royal piece is attacked: the other side wins.
    Checkmate,
    /// It has no legal move and no check: the level's stalemate rule decides.
    Stalemate(Stalemate),
    /// Under royal capture, it has lost its last royal piece.
    RoyalLost,
    /// The bare-king rule has ended the game: this side won.
    BareKing(Color),
    /// It has no legal move, in check from a pawn just dropped under shogi's rules: the
    /// side that dropped it loses.
    PawnDropMate,
    /// One of the level's own goals has ended the game.
    Goal(GoalEnd),
}

/// Whether a piece of the flag's type of `side` stands in its region unattacked.
fn flag_safe(v: &Variant, flag: &Flag, pos: &Position, side: Color) -> bool {
    pos.pieces(side).iter().any(|&sq| {
        role_of(pos.cell(sq)) == flag.piece
            && in_flag_region(flag, side, sq)
            && !is_attacked(v, pos, sq, side.opponent())
    })
}

/// The end the level's own goals have made of the game, if they have, as Fairy-Stockfish
/// judges it (extinction, then the flag, then n-check). The flag with an answer: a side
/// that arrives does not win at once; the other side moves first, and the arrival wins if
/// it still stands then (Jeson Mor). A royal flag piece (racing kings) wins at once unless
/// Black, answering White's arrival, can bring its own into its region with that move;
/// if it does, both have arrived and the game is drawn.
pub fn goal_end(v: &Variant, pos: &mut Position) -> Option<GoalEnd> {
    if !v.goals.any_end() {
        return None;
    }
    if let Some(end) = extinction_end(v, pos) {
        return Some(end);
    }
    if let Some(flag) = &v.goals.flag {
        let us = pos.to_move();
        let them = us.opponent();
        let flagged = |winner| {
            Some(GoalEnd {
                winner,
                goal: Goal::Flag,
            })
        };
        let royal = v.is_royal(flag.piece);
        // Under `safe`, a piece there counts only while no enemy piece attacks it.
        let reached = |pos: &Position, side: Color| {
            flag_reached(flag, pos, side) && (!flag.safe || flag_safe(v, flag, pos, side))
        };
        if (flag.answer || flag.safe) && reached(pos, us) {
            let both = ((royal && us == Color::White) || (flag.safe && !flag.answer))
                && reached(pos, them);
            return flagged((!both).then_some(us));
        }
        if (!flag.answer || flag.safe || royal) && reached(pos, them) {
            let answers =
                flag.answer && us == Color::Black && !in_check(v, pos) && can_answer(v, flag, pos);
            if !answers {
                return flagged(Some(them));
            }
        }
    }
    checks_end(v, pos)
}

/// Whether the side to move has a legal move that brings a piece of the flag's type into
/// its own region.
fn can_answer(v: &Variant, flag: &Flag, pos: &mut Position) -> bool {
    let us = pos.to_move();
    let mut moves = Vec::new();
    safe_moves_of(v, pos, &mut moves, Wanted::All);
    moves.into_iter().any(|m| {
        m.dropped().is_none()
            && role_of(pos.cell(m.from)) == flag.piece
            && in_flag_region(flag, us, m.to)
            && !(v.goals.no_checks && gives_check(v, pos, m))
    })
}

/// Whether the last move dropped shogi's pawn (so a mate it gives loses for the dropper).
pub fn dropped_pawn_mates(v: &Variant, pos: &Position) -> bool {
    v.pawn_drop_mate_loses && v.shogi_pawn().is_some() && pos.last_drop == v.shogi_pawn()
}

/// The winner under the bare-king rule, if the level has it and it has ended the game, as
/// Fairy-Stockfish decides it for shatranj. A side is bare when it has a
/// single piece left. The side that has just moved, bare, loses when the side to move has
/// two pieces or more; the side to move, bare, loses when the other has three or more,
/// for then no capture of its own can bare the other king in return. Two bare kings play on.
pub fn bare_king(v: &Variant, pos: &Position) -> Option<Color> {
    if !v.bare_king {
        return None;
    }
    let us = pos.to_move();
    let count = |c: Color| pos.pieces(c).len();
    for (side, claim) in [(us.opponent(), 0), (us, 1)] {
        if count(side) <= 1 && count(side.opponent()) >= 2 + claim {
            return Some(side.opponent());
        }
    }
    None
}

/// The state of the game for the side to move.
pub fn game_state(v: &Variant, pos: &mut Position) -> GameState {
    let us = pos.to_move();
    if v.royal_rule == RoyalRule::Capture && lost_every_royal(v, pos, us) {
        return GameState::RoyalLost;
    }
    if let Some(winner) = bare_king(v, pos) {
        return GameState::BareKing(winner);
    }
    if let Some(end) = goal_end(v, pos) {
        return GameState::Goal(end);
    }
    if has_legal_move(v, pos) {
        GameState::Ongoing
    } else if in_check(v, pos) {
        if dropped_pawn_mates(v, pos) {
            GameState::PawnDropMate
        } else {
            GameState::Checkmate
        }
    } else {
        GameState::Stalemate(v.stalemate)
    }
}
