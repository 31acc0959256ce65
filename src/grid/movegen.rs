//! Pseudo-legal move generation from the per-square tables, and attacks: every piece's
//! rays, chains walked by the reference walk, drops and castling (a royal castling king
//! may not start, pass or land on an attacked square). Which of these moves are legal is `legal`'s
//! question.

use super::board::Square;
use super::castling::path;
use super::cell::{EMPTY, is_piece, piece, role_of, side_of};
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::rules::{Role, RoyalRule};
use super::tables::{Ray, RayKind, flag};
use super::variant::Variant;
use crate::betza::model::{Ending, Occupancy, Occupant, chain_destinations};
use crate::play::Color;

/// Whether the piece cell `c` may be taken by a `side` mover whose ray has `flags`.
#[inline]
pub(crate) fn takes(c: u8, side: Color, flags: u16) -> bool {
    if flags & flag::CAPTURES == 0 {
        return false;
    }
    if !is_piece(c) {
        return flags & flag::DESTROY != 0;
    }
    side_of(c) != side || flags & flag::BACKSTAB != 0
}

/// Where generated moves go: a move list, or a watch for one capture (which keeps no
/// move, so that looking for an attack allocates nothing).
pub(crate) trait Moves {
    /// Adds a move.
    fn push(&mut self, m: Move);
    /// How many moves it holds.
    fn len(&self) -> usize;
    /// Sorts the moves from the `first` on and keeps each once.
    fn drop_repeats(&mut self, first: usize);
}

impl Moves for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }

    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }

    fn drop_repeats(&mut self, first: usize) {
        let moves = &mut self[first..];
        moves.sort_unstable();
        let mut keep = 0;
        for k in 0..moves.len() {
            if k == 0 || moves[k] != moves[keep - 1] {
                moves[keep] = moves[k];
                keep += 1;
            }
        }
        self.truncate(first + keep);
    }
}

/// A watch for a capture on one square.
struct CaptureOn {
    /// The square.
    sq: Square,
    /// Whether a capture on it was generated.
    found: bool,
}

impl Moves for CaptureOn {
    fn push(&mut self, m: Move) {
        self.found |= m.to == self.sq && m.kind == MoveKind::Capture;
    }

    fn len(&self) -> usize {
        0
    }

    fn drop_repeats(&mut self, _: usize) {}
}

/// Adds a move of a ray with `flags`: split into its promotion choices where the mover
/// promotes, as is.
#[inline]
fn push_ray(
    v: &Variant,
    pos: &Position,
    (side, ty): (Color, Role),
    flags: u16,
    m: Move,
    out: &mut impl Moves,
) {
    if flags & flag::PROMOTES == 0 {
        out.push(m);
    } else {
        push(v, pos, side, ty, m, out);
    }
}

/// Adds a move, split into its promotion choices where the mover promotes (those `pos`
/// allows, where only captured types may be chosen).
#[inline(never)]
fn push(v: &Variant, pos: &Position, side: Color, ty: Role, m: Move, out: &mut impl Moves) {
    let Some(p) = &v[ty].promotion else {
        out.push(m);
        return;
    };
    let g = v.geometry;
    let in_zone = |sq: Square| p.in_zone(g, side, sq);
    let promotes = in_zone(m.to) || (p.from_zone && in_zone(m.from));
    if !promotes {
        out.push(m);
        return;
    }
    // Declining leaves it as it is: never where it could not move again, nor (but under
    // shogi's promotion from the zone) on the last rank.
    let last = g.ranks_ahead(side, g.rank(m.to)) == 0;
    if p.optional && !stuck(v, side, ty, m.to) && (p.from_zone || !last) {
        out.push(m);
    }
    for &to in p.choices(side) {
        if p.captured_only && !captured(v, pos, side, to) {
            continue;
        }
        out.push(Move {
            promotion: Some(to),
            ..m
        });
    }
}

/// Whether a `side` piece of type `ty` on `sq` would have no move even on an empty board
/// (a pawn on its last rank, a shogi knight on its last two).
pub fn stuck(v: &Variant, side: Color, ty: Role, sq: Square) -> bool {
    let multi_leg = v[ty].chains.iter().any(|c| c.legs.len() > 1);
    !multi_leg && v.tables.rays(side, ty, sq).iter().all(|r| r.len == 0)
}

/// Whether `side` has fewer pieces of type `role` on the board than in the setup.
fn captured(v: &Variant, pos: &Position, side: Color, role: Role) -> bool {
    let on_board = pos
        .pieces(side)
        .iter()
        .filter(|&&sq| role_of(pos.cell(sq)) == role)
        .count();
    on_board < usize::from(v.setup_counts[side][role.index()])
}

/// Whether the squares a lame ray's `k`-th step passes are empty.
#[inline]
fn lame_clear(v: &Variant, pos: &Position, ray: &Ray, k: usize) -> bool {
    v.tables
        .lame_path(ray, k)
        .iter()
        .all(|&s| pos.cell(s) == EMPTY)
}

/// One side's pieces' moves in one position: what each piece's walk reads of the
/// position, looked up once for all of them.
pub(crate) struct Walker<'a> {
    v: &'a Variant,
    pos: &'a Position,
    /// What a cell holding an enemy piece has in [`SIDE_BITS`].
    enemy: u8,
    /// Flags of the rays the plain walk cannot take in this position when one of their
    /// squares is an en-passant square.
    unplain: u16,
}

impl<'a> Walker<'a> {
    pub(crate) fn new(v: &'a Variant, pos: &'a Position, side: Color) -> Walker<'a> {
        Walker {
            v,
            pos,
            enemy: piece(side.opponent(), Role::new(0)) & SIDE_BITS,
            unplain: if pos.en_passant.squares().is_empty() {
                0
            } else {
                flag::EN_PASSANT
            },
        }
    }

    /// Every pseudo-legal move of the piece on `from`, one of this walker's side.
    #[inline(always)]
    pub(crate) fn piece_moves(&self, from: Square, out: &mut impl Moves) {
        let (v, pos, enemy) = (self.v, self.pos, self.enemy);
        let c = pos.cell(from);
        let (side, ty) = (side_of(c), role_of(c));
        let t = &v.tables;
        // Rays this piece may not use now, and rays the plain walk cannot take now.
        let unused = if may_move_as_new(v, pos, side, from) {
            0
        } else {
            flag::INITIAL
        };
        // Flags that take a ray off the plainest walk: a slide to empty squares that takes
        // the first enemy.
        let unusual = unused
            | self.unplain
            | flag::GENERAL
            | flag::LAME
            | flag::SKIP_FIRST
            | flag::DOUBLE
            | flag::LEAPS;
        let first = out.len();
        for ray in t.rays(side, ty, from) {
            let mut squares = t.ray_squares(ray);
            if ray.flags & unusual == 0 {
                slide(pos, from, squares, ray.flags, MoveKind::Quiet, enemy, out);
                continue;
            }
            if ray.flags & unused != 0 {
                continue;
            }
            if ray.flags & flag::GENERAL != 0
                || (ray.flags & self.unplain != 0
                    && squares.iter().any(|&s| pos.en_passant.contains(s)))
            {
                ray_moves(v, pos, from, ray, out);
                continue;
            }
            if ray.flags & (flag::LAME | flag::SKIP_FIRST) != 0 {
                // A lame leap's path, or the step a bent ray shares with an earlier one:
                // empty, or the ray is closed.
                if ray.flags & flag::LAME != 0 && !lame_clear(v, pos, ray, 0) {
                    continue;
                }
                if ray.flags & flag::SKIP_FIRST != 0 {
                    match squares.split_first() {
                        Some((&step, rest)) if pos.cell(step) == EMPTY => squares = rest,
                        _ => continue,
                    }
                }
            }
            let quiet = if ray.flags & flag::DOUBLE != 0 {
                MoveKind::Double
            } else {
                MoveKind::Quiet
            };
            if ray.flags & flag::LEAPS != 0 {
                let moves = ray.flags & flag::MOVES != 0;
                let captures = ray.flags & flag::CAPTURES != 0;
                for &to in squares {
                    let there = pos.cell(to);
                    if there == EMPTY {
                        if moves {
                            out.push(Move::new(from, to, quiet));
                        }
                    } else if captures && there & SIDE_BITS == enemy {
                        out.push(Move::new(from, to, MoveKind::Capture));
                    }
                }
                continue;
            }
            slide(pos, from, squares, ray.flags, quiet, enemy, out);
        }
        if t.beyond_rays >> ty.index() & 1 != 0 {
            chains_and_repeats(v, pos, from, first, out);
        }
    }
}

/// The moves of a piece's chains, and then its moves from `first` on sorted and each kept
/// once where two of its ways may reach one square.
#[cold]
#[inline(never)]
fn chains_and_repeats(
    v: &Variant,
    pos: &Position,
    from: Square,
    first: usize,
    out: &mut impl Moves,
) {
    let t = &v.tables;
    let ty = role_of(pos.cell(from));
    if !t.chains[ty.index()].is_empty() {
        chain_moves(v, pos, from, out);
    }
    if t.repeats[ty.index()] {
        // Two ways to one square are one move.
        out.drop_repeats(first);
    }
}

/// The moves of a plain slide from `from` over `squares`: to each empty square (a move of
/// kind `quiet`) as far as the first piece, which it takes if that is an enemy (its cell
/// has side bits `enemy`); which of the two it may do, its `flags` say.
#[inline(always)]
fn slide(
    pos: &Position,
    from: Square,
    squares: &[Square],
    flags: u16,
    quiet: MoveKind,
    enemy: u8,
    out: &mut impl Moves,
) {
    let moves = flags & flag::MOVES != 0;
    let captures = flags & flag::CAPTURES != 0;
    for &to in squares {
        let there = pos.cell(to);
        if there == EMPTY {
            if moves {
                out.push(Move::new(from, to, quiet));
            }
            continue;
        }
        if captures && there & SIDE_BITS == enemy {
            out.push(Move::new(from, to, MoveKind::Capture));
        }
        break;
    }
}

/// The bits of a cell that say whether it holds a piece, and whose.
const SIDE_BITS: u8 = 0xc0;

/// The moves along one ray the plain walk does not take: lame, hopping, jumping,
/// promoting, initial, en passant, bent, friendly or obstacle captures.
#[inline(never)]
fn ray_moves(v: &Variant, pos: &Position, from: Square, ray: &Ray, out: &mut impl Moves) {
    let c = pos.cell(from);
    let (side, ty) = (side_of(c), role_of(c));
    let squares = v.tables.ray_squares(ray);
    let en_passant_live = !pos.en_passant.squares().is_empty();
    let lame = ray.flags & flag::LAME != 0;
    // A move of this piece along this ray, to `to`.
    let add = |out: &mut _, to, kind| {
        push_ray(
            v,
            pos,
            (side, ty),
            ray.flags,
            Move::new(from, to, kind),
            out,
        );
    };
    match ray.kind {
        RayKind::Slide => {
            let mut passed = 0u8;
            for (k, &to) in squares.iter().enumerate() {
                if lame && !lame_clear(v, pos, ray, k) {
                    break;
                }
                let there = pos.cell(to);
                if k == 0 && ray.flags & flag::SKIP_FIRST != 0 {
                    if there == EMPTY {
                        continue;
                    }
                    break;
                }
                if there == EMPTY {
                    if ray.flags & flag::MOVES != 0 {
                        let double = ray.flags & flag::DOUBLE != 0
                            || (ray.flags & flag::SOME_DOUBLE != 0 && passes_over(v, from, to));
                        let kind = if double {
                            MoveKind::Double
                        } else {
                            MoveKind::Quiet
                        };
                        add(out, to, kind);
                    }
                    if en_passant_live
                        && ray.flags & flag::EN_PASSANT != 0
                        && ray.flags & flag::CAPTURES != 0
                        && pos.en_passant.contains(to)
                        && own(pos.cell(pos.en_passant.victim), side.opponent())
                    {
                        let victim = pos.en_passant.victim;
                        add(out, to, MoveKind::EnPassant { victim });
                    }
                    continue;
                }
                if !is_piece(there) && ray.flags & flag::FLY != 0 {
                    continue;
                }
                if takes(there, side, ray.flags) {
                    add(out, to, MoveKind::Capture);
                }
                if ray.flags & flag::LEAPS != 0 {
                    continue;
                }
                if passed >= ray.jumps {
                    break;
                }
                passed += 1;
            }
        }
        RayKind::Grasshopper => {
            for k in 0..usize::from(ray.reach) {
                if lame && !lame_clear(v, pos, ray, k) {
                    break;
                }
                if pos.cell(squares[k]) == EMPTY {
                    continue;
                }
                if let Some(&to) = squares.get(k + 1) {
                    let there = pos.cell(to);
                    if there == EMPTY {
                        if ray.flags & flag::MOVES != 0 {
                            add(out, to, MoveKind::Quiet);
                        }
                    } else if takes(there, side, ray.flags) {
                        add(out, to, MoveKind::Capture);
                    }
                }
                break;
            }
        }
        RayKind::Cannon => {
            let mut screened = false;
            for (k, &to) in squares.iter().enumerate() {
                if lame && !lame_clear(v, pos, ray, k) {
                    break;
                }
                let there = pos.cell(to);
                if !screened {
                    screened = there != EMPTY;
                    continue;
                }
                if there == EMPTY {
                    if ray.flags & flag::MOVES != 0 {
                        add(out, to, MoveKind::Quiet);
                    }
                    continue;
                }
                if !is_piece(there) && ray.flags & flag::FLY != 0 {
                    continue;
                }
                if takes(there, side, ray.flags) {
                    add(out, to, MoveKind::Capture);
                }
                break;
            }
        }
    }
}

/// Whether a straight move from `from` to `to` passes over at least one square.
fn passes_over(v: &Variant, from: Square, to: Square) -> bool {
    v.geometry.steps(from, to).0 >= 2
}

/// The moves of a piece's chains of several legs, by the reference walk on the board as
/// the mover sees it (Black's turned round).
fn chain_moves(v: &Variant, pos: &Position, from: Square, out: &mut impl Moves) {
    let g = v.geometry;
    let c = pos.cell(from);
    let (side, ty) = (side_of(c), role_of(c));
    let (files, ranks) = (i32::from(g.files()), i32::from(g.ranks()));
    let turn = |x: i32, y: i32| {
        if side == Color::White {
            (x, y)
        } else {
            (files - 1 - x, ranks - 1 - y)
        }
    };
    let at = |x: i32, y: i32| {
        let (x, y) = turn(x, y);
        let Some(sq) = g.square(x, y) else {
            return Occupant::Empty;
        };
        let there = pos.cell(sq);
        if there == EMPTY {
            Occupant::Empty
        } else if !is_piece(there) {
            Occupant::Obstacle
        } else if side_of(there) == side {
            Occupant::Friend
        } else {
            Occupant::Enemy
        }
    };
    let board = Occupancy {
        files,
        ranks,
        at: &at,
    };
    let start = turn(g.file(from), g.rank(from));
    let found = chain_destinations(
        &v.tables.chains[ty.index()],
        &board,
        start,
        may_move_as_new(v, pos, side_of(pos.cell(from)), from),
    );
    for (to, reach) in found {
        let (x, y) = turn(to.0, to.1);
        let Some(to) = g.square(x, y) else { continue };
        let kind = match reach {
            Ending::Move => MoveKind::Quiet,
            Ending::Capture => MoveKind::Capture,
        };
        push(v, pos, side, ty, Move::new(from, to, kind), out);
    }
}

/// Whether `sq` is attacked by a piece of side `by` (as the board stands).
pub fn is_attacked(v: &Variant, pos: &Position, sq: Square, by: Color) -> bool {
    each_attacker(v, pos, sq, by, |_| true)
}

/// The squares of `by`'s pieces that attack `sq` as the board stands, into `out` (a piece
/// that attacks by two routes is named twice).
pub fn attackers(v: &Variant, pos: &Position, sq: Square, by: Color, out: &mut Vec<Square>) {
    out.clear();
    each_attacker(v, pos, sq, by, |from| {
        out.push(from);
        false
    });
}

/// Calls `found` with the square of each of `by`'s pieces that attacks `sq`, until it
/// returns true; whether it did.
#[inline]
fn each_attacker(
    v: &Variant,
    pos: &Position,
    sq: Square,
    by: Color,
    mut found: impl FnMut(Square) -> bool,
) -> bool {
    let t = &v.tables;
    let a = &t.attacks[by];
    for &(from, types) in t.leaps_to(by, sq) {
        let c = pos.cell(from);
        if own(c, by) && types >> role_of(c).index() & 1 != 0 && found(from) {
            return true;
        }
    }
    for line in &a.lines {
        for (k, &s) in t.reverse(line.line, sq).iter().enumerate() {
            if k >= usize::from(line.longest) {
                break;
            }
            let c = pos.cell(s);
            if c == EMPTY {
                continue;
            }
            if is_piece(c)
                && side_of(c) == by
                && usize::from(line.reach[role_of(c).index()]) > k
                && found(s)
            {
                return true;
            }
            break;
        }
    }
    for lame in &a.lame {
        if let Some((from, first, len)) = lame.from[usize::from(sq)] {
            let c = pos.cell(from);
            if is_piece(c)
                && side_of(c) == by
                && lame.types[role_of(c).index()]
                && t.path_squares[first as usize..(first + u32::from(len)) as usize]
                    .iter()
                    .all(|&p| pos.cell(p) == EMPTY)
                && found(from)
            {
                return true;
            }
        }
    }
    for bent in &a.bent {
        // Each empty square back along the ride may be the step square.
        for (k, &s) in t.reverse(bent.ride, sq).iter().enumerate() {
            if k >= usize::from(bent.longest) || pos.cell(s) != EMPTY {
                break;
            }
            if let Some(&from) = t.reverse(bent.step, s).first() {
                let c = pos.cell(from);
                if own(c, by) && usize::from(bent.reach[role_of(c).index()]) > k && found(from) {
                    return true;
                }
            }
        }
    }
    for hop in &a.hops {
        let back = t.reverse(hop.line, sq);
        // A grasshopper lands just beyond its hurdle.
        if back.first().is_some_and(|&h| pos.cell(h) != EMPTY)
            && let Some(&s) = back[1..].iter().find(|&&s| pos.cell(s) != EMPTY)
        {
            let c = pos.cell(s);
            if is_piece(c) && side_of(c) == by && hop.grasshopper[role_of(c).index()] && found(s) {
                return true;
            }
        }
        // A cannon captures over exactly one screen.
        let mut occupied = back.iter().filter(|&&s| pos.cell(s) != EMPTY);
        if occupied.next().is_some()
            && let Some(&s) = occupied.next()
        {
            let c = pos.cell(s);
            if is_piece(c) && side_of(c) == by && hop.cannon[role_of(c).index()] && found(s) {
                return true;
            }
        }
    }
    if a.any_forward {
        // Moves are walked to find a capture on `sq`: a square that is empty or holds a
        // piece of `by`'s own gets a stand-in enemy for the walk.
        let stand_in;
        let pos = if pos.cell(sq) != EMPTY && !own(pos.cell(sq), by) {
            pos
        } else {
            let mut p = pos.clone();
            p.cells[usize::from(sq)] = piece(by.opponent(), Role::new(0));
            stand_in = p;
            &stand_in
        };
        let walker = Walker::new(v, pos, by);
        let mut watch = CaptureOn { sq, found: false };
        for &from in pos.pieces(by) {
            // A piece lifted off the board for an exchange (see `attackers`) is skipped.
            let c = pos.cell(from);
            if own(c, by) && a.forward[role_of(c).index()] {
                walker.piece_moves(from, &mut watch);
                if watch.found && found(from) {
                    return true;
                }
                watch.found = false;
            }
        }
    }
    false
}

/// Whether the piece of `side` on `from` may make its `i` (initial) moves: from the level's
/// squares for them where it names some, else if it has not moved.
#[inline]
pub(crate) fn may_move_as_new(v: &Variant, pos: &Position, side: Color, from: Square) -> bool {
    match &v.initial_squares[side] {
        Some(squares) => squares[usize::from(from)],
        None => !pos.has_moved(from),
    }
}

/// Whether the side to move has a royal piece under attack (under atomic captures, one
/// that does not touch an enemy royal).
pub fn in_check(v: &Variant, pos: &Position) -> bool {
    let us = pos.to_move();
    let them = us.opponent();
    let atomic = v.explosions.is_some();
    pos.royals(us)
        .iter()
        .any(|&r| !(atomic && touches_royal(v, pos, r, them)) && is_attacked(v, pos, r, them))
}

/// Whether a royal piece of `side` stands on one of the eight squares around `sq`.
pub fn touches_royal(v: &Variant, pos: &Position, sq: Square, side: Color) -> bool {
    let g = v.geometry;
    pos.royals(side).iter().any(|&r| {
        r != sq && (g.file(r) - g.file(sq)).abs() <= 1 && (g.rank(r) - g.rank(sq)).abs() <= 1
    })
}

/// Every pseudo-legal move of the piece on `from` (the side of that piece moving).
pub(crate) fn piece_moves(v: &Variant, pos: &Position, from: Square, out: &mut Vec<Move>) {
    let c = pos.cell(from);
    if !is_piece(c) {
        return;
    }
    Walker::new(v, pos, side_of(c)).piece_moves(from, out);
}

/// A tally of moves generated, keeping none (a move reached two ways counts twice): those
/// that do not land in a set of squares to avoid, and those that land in a set of
/// squares.
struct Tally<'a> {
    counts: MoveCounts,
    set: &'a [u64],
    avoid: &'a [u64],
}

/// What [`count_moves`] counts of a piece's moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCounts {
    /// Its moves that do not land in the set to avoid: its mobility.
    pub moves: usize,
    /// Its moves into the set of squares (a royal's zone).
    pub into: usize,
}

/// Whether square `t` is in the set of squares `set` (a bit per square).
#[inline(always)]
pub(crate) fn holds(set: &[u64], t: usize) -> bool {
    set.get(t / 64).is_some_and(|w| w & (1 << (t % 64)) != 0)
}

impl Moves for Tally<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        let t = usize::from(m.to);
        self.counts.moves += usize::from(!holds(self.avoid, t));
        self.counts.into += usize::from(holds(self.set, t));
    }

    fn len(&self) -> usize {
        self.counts.moves
    }

    fn drop_repeats(&mut self, _: usize) {}
}

/// Counts the pseudo-legal moves of the piece on `from` (none on an empty square): those
/// that do not land in `avoid`, and those that land in `set` (each set a bit per square,
/// as [`Square`]s number them). Its mobility in the position and its attacks on a zone,
/// for an evaluation; cheaper than listing the moves.
pub fn count_moves(
    v: &Variant,
    pos: &Position,
    from: Square,
    set: &[u64],
    avoid: &[u64],
) -> MoveCounts {
    let c = pos.cell(from);
    if !is_piece(c) {
        return MoveCounts::default();
    }
    let mut tally = Tally {
        counts: MoveCounts::default(),
        set,
        avoid,
    };
    Walker::new(v, pos, side_of(c)).piece_moves(from, &mut tally);
    tally.counts
}

/// Every pseudo-legal move of the side to move, castling included.
pub fn pseudo_moves(v: &Variant, pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    let us = pos.to_move();
    if v.royal_rule == RoyalRule::Capture && lost_every_royal(v, pos, us) {
        return;
    }
    let walker = Walker::new(v, pos, us);
    for &from in pos.pieces(us) {
        walker.piece_moves(from, out);
    }
    castling_moves(v, pos, out);
    drop_moves(v, pos, out);
}

/// The drops of the side to move: each type in its hand onto each empty square, except
/// that a type that promotes is not dropped on its own first rank nor in its promotion
/// zone (Fairy-Stockfish's rule for pawns). Under shogi's rules a piece goes wherever it
/// could still move, but a pawn not on a file with an unpromoted pawn of its side.
pub(crate) fn drop_moves(v: &Variant, pos: &Position, out: &mut Vec<Move>) {
    if !v.drops {
        return;
    }
    let us = pos.to_move();
    let g = v.geometry;
    let ranks = i32::from(g.ranks());
    for role in v.roles() {
        if pos.in_hand(us, role) == 0 {
            continue;
        }
        // Ranks counted from the side's own first rank.
        let barred = |sq: Square| {
            // Never outside the type's own region (xiangqi's advisor in its palace).
            if !v[role].may_reach(us, sq) {
                return true;
            }
            if let Some(flags) = &v.drop_squares[us] {
                // The level's squares instead of the rules for pawns.
                return !flags[usize::from(sq)];
            }
            if v.shogi_drops {
                return stuck(v, us, role, sq);
            }
            v[role].promotion.as_ref().is_some_and(|p| {
                let rank = g.rank(sq);
                let own = if us == Color::White {
                    rank
                } else {
                    ranks - 1 - rank
                };
                (own == 0 && !v.first_rank_drops) || p.in_zone(g, us, sq)
            })
        };
        // Shogi: no more unpromoted pawns of one's own on a file than the level allows
        // (a bit per full file).
        let mut pawn_files: u32 = 0;
        if v.shogi_pawn() == Some(role) {
            let own = piece(us, role);
            let mut on_file = [0u8; 32];
            for &sq in pos.pieces(us) {
                if pos.cell(sq) == own {
                    let file = g.file(sq) as usize;
                    on_file[file] += 1;
                    if on_file[file] >= v.pawns_per_file {
                        pawn_files |= 1 << file;
                    }
                }
            }
        }
        let apart = v.bishops_apart.map(|b| BishopsApart::new(v, pos, us, b));
        for sq in g.all() {
            if pos.cell(sq) == EMPTY
                && !barred(sq)
                && pawn_files & (1 << g.file(sq)) == 0
                && apart.as_ref().is_none_or(|a| a.allows(v, role, sq))
            {
                out.push(Move::drop(role, sq));
            }
        }
    }
}

/// Placement chess's rule for its bishops (`rules.bishops_apart`): a side's pieces of the
/// type end on squares of both colours, so a drop may not leave fewer squares of a colour
/// (empty ones it may drop on, and its pieces of the type there) than half of them.
struct BishopsApart {
    /// The type.
    role: Role,
    /// The side's pieces of the type, on the board and in hand.
    total: usize,
    /// By colour (0: dark, as a1): the side's pieces of the type on it.
    standing: [usize; 2],
    /// By colour: the empty squares the side may drop on.
    free: [usize; 2],
}

impl BishopsApart {
    fn new(v: &Variant, pos: &Position, us: Color, role: Role) -> BishopsApart {
        let g = v.geometry;
        let own = piece(us, role);
        let mut standing = [0; 2];
        for &sq in pos.pieces(us) {
            if pos.cell(sq) == own {
                standing[colour(v, sq)] += 1;
            }
        }
        let mut free = [0; 2];
        for sq in g.all() {
            let may = v.drop_squares[us]
                .as_ref()
                .is_none_or(|flags| flags[usize::from(sq)]);
            if may && pos.cell(sq) == EMPTY {
                free[colour(v, sq)] += 1;
            }
        }
        BishopsApart {
            role,
            total: standing[0] + standing[1] + usize::from(pos.in_hand(us, role)),
            standing,
            free,
        }
    }

    /// Whether dropping a piece of `role` on `to` keeps the rule, as Fairy-Stockfish's
    /// dropOppositeColoredBishop judges it.
    fn allows(&self, v: &Variant, role: Role, to: Square) -> bool {
        let c = colour(v, to);
        if role == self.role {
            return self.standing[c] < self.total.div_ceil(2);
        }
        // Another piece takes a square: enough must stay for the type on each colour.
        (0..2).all(|k| {
            let free = self.free[k] - usize::from(k == c);
            self.standing[k] + free >= self.total / 2
        })
    }
}

/// The colour of `sq`: 0 for the dark squares (a1's), 1 for the light.
fn colour(v: &Variant, sq: Square) -> usize {
    let g = v.geometry;
    ((g.file(sq) + g.rank(sq)) & 1) as usize
}

/// Whether `side` had royal pieces in this variant and has none left.
pub(crate) fn lost_every_royal(v: &Variant, pos: &Position, side: Color) -> bool {
    pos.royals(side).is_empty() && v.types.iter().any(|t| t.royal)
}

pub(crate) fn castling_moves(v: &Variant, pos: &Position, out: &mut Vec<Move>) {
    let Some(rule) = v.castling else { return };
    let us = pos.to_move();
    let Some(king) = pos.castles.king(us) else {
        return;
    };
    if !pos.castles.any(us) {
        return;
    }
    let g = v.geometry;
    let kf = g.file(king);
    // The square on the king's rank and file `f` (between 0 and the board's files).
    let on_rank = |f: i32| Square::from_index(king.index() - kf as usize + f as usize);
    for rook in pos.castles.rooks(us) {
        let Some(way) = path(&rule, g, kf, g.file(rook)) else {
            continue;
        };
        let clear = way.clear.clone().all(|f| {
            let s = on_rank(f);
            s == king || s == rook || pos.cell(s) == EMPTY
        });
        if !clear {
            continue;
        }
        // A king that is not royal may castle out of, through and into attack, as in
        // Fairy-Stockfish.
        // Under atomic captures a square touching the enemy royal is safe: taking there
        // would blow up the taker's own royal.
        let atomic = v.explosions.is_some();
        let safe = !v.is_royal(rule.king)
            || way.safe.clone().all(|f| {
                let s = on_rank(f);
                (atomic && touches_royal(v, pos, s, us.opponent()))
                    || !is_attacked(v, pos, s, us.opponent())
            });
        if safe {
            out.push(Move::new(king, on_rank(way.to), MoveKind::Castle { rook }));
        }
    }
}

/// Whether cell `c` is a piece of `side`.
#[inline]
pub(crate) fn own(c: u8, side: Color) -> bool {
    is_piece(c) && side_of(c) == side
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::board::Geometry;
    use crate::grid::cell::piece;
    use crate::grid::fen::parse_fen;
    use crate::grid::legal::*;
    use crate::grid::rules::{PieceType, Stalemate};
    use crate::random::Rng;
    use std::path::Path;

    /// Whether a `by` piece has a capture onto `sq`, found by generating its moves.
    fn captured_forward(v: &Variant, pos: &Position, sq: Square, by: Color) -> bool {
        let mut moves = Vec::new();
        let walker = Walker::new(v, pos, by);
        pos.pieces(by).iter().any(|&from| {
            moves.clear();
            walker.piece_moves(from, &mut moves);
            moves
                .iter()
                .any(|m| m.to == sq && m.kind == MoveKind::Capture)
        })
    }

    /// Checks, on every square of `pos`, that the reverse tables find an attack exactly
    /// when some enemy piece's generated moves capture there (an empty square holding, for
    /// the check, a piece of the side attacked).
    fn attacks_agree(v: &Variant, pos: &mut Position) {
        let stand_in = Role::new(v.types.iter().position(|t| !t.royal).expect("a non-royal"));
        for sq in v.geometry.all() {
            let c = pos.cell(sq);
            for by in Color::BOTH {
                let victim = by.opponent();
                if c == EMPTY {
                    pos.cells[sq.index()] = piece(victim, stand_in);
                } else if !own(c, victim) {
                    continue;
                }
                assert_eq!(
                    is_attacked(v, pos, sq, by),
                    captured_forward(v, pos, sq, by),
                    "{:?} attacked by {by:?} in {}",
                    v.geometry.name(sq),
                    crate::grid::Fen {
                        variant: v,
                        position: pos
                    }
                );
                pos.cells[sq.index()] = c;
            }
        }
    }

    /// Plays `plies` random legal moves from `pos`, checking at every ply the attacks
    /// square by square and that the fast legality filter keeps exactly the moves that
    /// survive being played.
    fn along_a_game(v: &Variant, mut pos: Position, seed: u64, plies: usize) {
        let mut rng = Rng::new(seed);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        for _ in 0..plies {
            attacks_agree(v, &mut pos);
            legal_moves(v, &mut pos, &mut fast);
            legal_moves_by_trial(v, &mut pos, &mut slow);
            fast.sort_unstable();
            slow.sort_unstable();
            assert_eq!(fast, slow);
            if fast.is_empty() {
                break;
            }
            let m = fast[rng.below(fast.len())];
            pos.make(v, m);
        }
    }

    /// A royal king, the piece `X` under test and a rook, on an 8×8 board.
    fn with_piece(betza: &str) -> Variant {
        let mut king = PieceType::new('K', "king", "K").expect("K reads");
        king.royal = true;
        let x = PieceType::new('X', "x", betza).expect("the piece reads");
        let rook = PieceType::new('R', "rook", "R").expect("R reads");
        Variant::new(
            Geometry::new(8, 8).expect("8x8"),
            vec![x, king, rook],
            None,
            Stalemate::Draw,
            RoyalRule::Checkmate,
        )
        .expect("a valid variant")
    }

    /// Kings in opposite corners, the rest of the board scattered from `seed`; `None` when
    /// the side not to move stands in check.
    fn scattered(v: &Variant, seed: u64) -> Option<Position> {
        let mut rng = Rng::new(seed);
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let c = match (file, rank) {
                    (0, 0) => 'K',
                    (7, 7) => 'k',
                    _ => [
                        'X', 'x', 'X', 'x', 'R', 'r', '*', '.', '.', '.', '.', '.', '.',
                    ][rng.below(13)],
                };
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    fen.push_str(&empty.to_string());
                    empty = 0;
                }
                fen.push(c);
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            fen.push(if rank > 0 { '/' } else { ' ' });
        }
        fen.push_str("w - - 0 1");
        parse_fen(v, &fen).ok()
    }

    #[test]
    fn bent_riders_attack_as_they_capture() {
        for betza in [
            "F-R",
            "fF-fR|bF-bR",
            "W-B",
            "fW-fB|bW-bB",
            "fD-fB|bD-bB|rD-rB|lD-lB",
            "f^A-rR|f^A-fR|b_A-lR|b_A-bR",
            "N-R",
            "F-R3",
            "F-W",
            "mF-mR|cW-cB",
            // A ride straight back over the rider's own square: checked forward.
            "W-R",
            "K-Q",
        ] {
            let v = with_piece(betza);
            let games = (1..200u64)
                .filter_map(|seed| Some((seed, scattered(&v, seed.wrapping_mul(0x9E37_79B9))?)))
                .take(12);
            assert_eq!(games.clone().count(), 12, "{betza}: twelve games");
            for (seed, pos) in games {
                along_a_game(&v, pos, seed, 30);
            }
        }
    }

    #[test]
    fn obento_attacks_and_legality_agree_along_games() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/obento.toml");
        let level = crate::level::load(&path)
            .expect("obento loads")
            .into_grid()
            .expect("a grid level");
        let middlegame = level
            .parse_fen(
                "otws1iiyswt1/rvgmbqkbmgvr/1ppp2pppop1/p8p2/9Y1p/12/2y9/2O9/12/\
                 PP1P1PPPPPPP/RVGMBQKBMGVR/1TWS1IIYSWTO w KQkq - 0 9",
            )
            .expect("the middlegame reads");
        for seed in 1..=6u64 {
            along_a_game(&level.variant, level.start.clone(), seed, 60);
            along_a_game(&level.variant, middlegame.clone(), seed, 60);
        }
    }

    /// Every legal move made and taken back leaves the board and the lists of pieces and
    /// royals as they were, in their order: a search walks the lists, and what it finds
    /// must not depend on how many moves it tried on the way (captures, promotions,
    /// castling and drops met along random games).
    #[test]
    fn a_move_taken_back_leaves_the_piece_lists_in_their_order() {
        for name in ["chess", "crazyhouse", "shogi", "grand", "obento", "janus"] {
            let level = crate::level::shipped_grid(name);
            let v = &level.variant;
            // How many castling moves, captures, promotions and drops were taken back.
            let mut met = [0; 4];
            for seed in 1..=4u64 {
                let mut pos = level.start.clone();
                let mut rng = Rng::new(seed);
                let mut moves = Vec::new();
                for _ in 0..120 {
                    legal_moves(v, &mut pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let lists = |p: &Position| {
                        Color::BOTH.map(|c| (p.pieces(c).to_vec(), p.royals(c).to_vec()))
                    };
                    let before = (pos.clone(), lists(&pos));
                    for &m in &moves {
                        met[0] += usize::from(matches!(m.kind, MoveKind::Castle { .. }));
                        met[1] += usize::from(m.kind.captures());
                        met[2] += usize::from(m.promotion.is_some());
                        met[3] += usize::from(m.dropped().is_some());
                        let undo = pos.make(v, m);
                        pos.unmake(v, m, &undo);
                        assert_eq!(pos, before.0, "{name}: {m:?}");
                        assert_eq!(lists(&pos), before.1, "{name}: {m:?} reordered the lists");
                    }
                    let m = moves[rng.below(moves.len())];
                    pos.make(v, m);
                }
            }
            let castles = !matches!(name, "shogi" | "grand");
            let promotes = name != "janus";
            let drops = matches!(name, "crazyhouse" | "shogi");
            assert!(
                met[1] > 0
                    && (met[0] > 0) == castles
                    && (met[2] > 0) == promotes
                    && (met[3] > 0) == drops,
                "{name}: castling, captures, promotions, drops met: {met:?}"
            );
        }
    }

    /// In check from a rook, only the moves that take it, step between, or move the king
    /// away stay; in double check only the king's; a pinned blocker may not block.
    #[test]
    fn in_check_only_moves_that_end_the_check_are_legal() {
        let level = crate::level::shipped_grid("chess");
        let legal = |fen: &str| {
            let mut pos = level.parse_fen(fen).expect("the position reads");
            let mut moves = Vec::new();
            legal_moves(&level.variant, &mut pos, &mut moves);
            let mut names: Vec<String> = moves
                .iter()
                .map(|m| {
                    format!(
                        "{}{}",
                        level.variant.geometry.name(m.from),
                        level.variant.geometry.name(m.to)
                    )
                })
                .collect();
            names.sort();
            names
        };
        // The rook on e8 checks; the knight on c5 may block on e6 or e4, the bishop on
        // h1 on e4; the king steps aside (not to e2, on the rook's file).
        assert_eq!(
            legal("4r2k/8/8/2N5/8/8/8/4K2B w - - 0 1"),
            ["c5e4", "c5e6", "e1d1", "e1d2", "e1f1", "e1f2", "h1e4"]
        );
        // Double check by the rook and the knight on d3: the king alone moves, and not
        // to f2, which the knight holds.
        assert_eq!(
            legal("4r2k/8/8/2N5/8/3n4/8/4K2B w - - 0 1"),
            ["e1d1", "e1d2", "e1f1"]
        );
        // The knight on d2 could block on e4, but the queen on a5 pins it.
        assert_eq!(
            legal("4r2k/8/8/q7/8/8/3N4/4K3 w - - 0 1"),
            ["e1d1", "e1f1", "e1f2"]
        );
    }
}
