//! The continuous world as the search sees it: a [`ContinuousSearch`] over the candidate
//! moves of [`crate::continuous::candidates`] (every one judged legal by the rules), and
//! an evaluation from the pieces' shapes: material (a fairy kind's worth estimated from its
//! shapes), how far each piece can move, the enemy's reach around the king, pieces left
//! attacked and undefended, and pawns' advance toward the promotion line.

use super::arena::Arena;
use super::players::Player;
use super::searchable::{End, Searchable, crowded_quiescence_budget};
use super::tuning::{self, HANGING_SHARE, KING_DANGER, MOBILITY, TEMPO};
use crate::continuous::attack::{attackers, is_attacked};
use crate::continuous::candidates::{Candidate, candidates, fine_candidates};
use crate::continuous::geometry::Point;
use crate::continuous::legal_region::find_legal_move;
use crate::continuous::reach::{Reach, reaches};
use crate::continuous::resolve::{first_contact, resolve_piece};
use crate::continuous::{Board, Color, Kind, Piece, Position};
use crate::random::Rng;
use std::collections::HashMap;

/// A move as the search keeps it: the mover, the exact target, the promotion, and what the
/// rules said of it when it was generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContinuousMove {
    /// The mover's index in the position (a `u8` once, which wrapped past 255 discs: the
    /// move made was then not the one generated).
    pub piece: u16,
    /// The target's coordinates, as bits (exact, and comparable).
    pub to: [u64; 2],
    /// The promotion asked for.
    pub promotion: Option<Kind>,
    /// The captured piece's worth (0 for none).
    victim: i16,
    /// The mover's worth.
    attacker: i16,
    /// Whether the mover stands attacked after a capture.
    exposed: bool,
    /// The history slot of the move (its kind and target cell).
    slot: u32,
}

impl ContinuousMove {
    /// The target point.
    pub fn target(&self) -> Point {
        Point::new(f64::from_bits(self.to[0]), f64::from_bits(self.to[1]))
    }
}

/// Each kind's worth on a board, in centipawns: the classic ones by convention (P 100,
/// N B 300, R 500, Q 900), any other estimated from its shapes.
#[derive(Clone, Debug)]
pub struct Values {
    by_kind: HashMap<Kind, i32>,
}

impl Values {
    /// The values of `board`'s kinds.
    pub fn new(board: &Board) -> Values {
        let by_kind = board
            .kinds
            .iter()
            .map(|spec| {
                let value = if spec.royal {
                    0
                } else if spec.shapes.is_none() {
                    match spec.kind {
                        Kind::PAWN => tuning::PAWN,
                        Kind::KNIGHT | Kind::BISHOP => tuning::MINOR,
                        Kind::ROOK => tuning::ROOK,
                        Kind::QUEEN => tuning::QUEEN,
                        _ => tuning::MINOR,
                    }
                } else {
                    estimate(board, spec.kind)
                };
                (spec.kind, value)
            })
            .collect();
        Values { by_kind }
    }

    /// The worth of `kind` (0 for a royal one).
    pub fn of(&self, kind: Kind) -> i32 {
        self.by_kind.get(&kind).copied().unwrap_or(0)
    }
}

/// A fairy kind's worth from its shapes, on the scale where the rook's four unlimited
/// slides make 500 and the knight's whole ring 300: a slide is worth its reach (up to the
/// board's size), a ring or a disc its share of the circle; capture-only or move-only
/// shapes count a little over half.
fn estimate(board: &Board, kind: Kind) -> i32 {
    let model = board.model_of(kind);
    let across = board.width().max(board.height());
    let mut value = 0.0;
    for shape in &model.shapes {
        let share = match &shape.reach {
            crate::continuous::shapes::Form::Slide { length, .. } => {
                tuning::SLIDE_WORTH * (length.min(across) / (0.5 * across)).min(1.0)
            }
            crate::continuous::shapes::Form::Disc { sectors, radius } => {
                let fraction = fraction_of(sectors);
                tuning::DISC_WORTH * fraction * (radius / board.king_reach).min(1.5)
            }
            crate::continuous::shapes::Form::Ring { sectors, .. } => {
                tuning::RING_WORTH * fraction_of(sectors)
            }
        };
        let modes = shape.modes;
        let both = modes.moves && modes.captures;
        let initial = if shape.initial {
            tuning::INITIAL_SHARE
        } else {
            1.0
        };
        value += share * if both { 1.0 } else { tuning::ONE_MODE_SHARE } * initial;
    }
    let (low, high) = tuning::ESTIMATE_RANGE;
    value.round().clamp(low, high) as i32
}

fn fraction_of(sectors: &crate::continuous::shapes::Sectors) -> f64 {
    if sectors.is_whole() {
        return 1.0;
    }
    let total: f64 = sectors.as_slice().iter().map(|s| s.width()).sum();
    total / std::f64::consts::TAU
}

/// A continuous game from some position, for the search: the positions made so far, and
/// the candidates generated at each of them.
#[derive(Clone)]
pub struct ContinuousSearch {
    positions: Vec<Position>,
    keys: Vec<u64>,
    generated: Vec<Vec<Candidate>>,
    values: Values,
    cells: u32,
    /// The root's candidates, once made.
    root: Option<Vec<Candidate>>,
    /// The root's forcing checks (the mover, its target's bits, the promotion).
    forcing: Vec<(usize, [u64; 2], Option<Kind>)>,
}

impl ContinuousSearch {
    /// A search from `start`.
    pub fn new(start: Position) -> ContinuousSearch {
        let values = Values::new(start.board());
        let cells = start.board().files * start.board().ranks;
        let key = key_of(&start);
        ContinuousSearch {
            positions: vec![start],
            keys: vec![key],
            generated: vec![Vec::new()],
            values,
            cells,
            root: None,
            forcing: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("never empty")
    }

    fn depth(&self) -> usize {
        self.positions.len() - 1
    }

    /// The candidates of the position now, as moves (the list kept for `make`).
    fn keep(&mut self, list: Vec<Candidate>, out: &mut Vec<ContinuousMove>) {
        out.clear();
        let pos = self.position();
        for c in &list {
            out.push(self.encode(pos, c));
        }
        let d = self.depth();
        if self.generated.len() <= d {
            self.generated.resize_with(d + 1, Vec::new);
        }
        self.generated[d] = list;
    }

    /// The root's candidates ([`root_candidates`]), made once a search; their forcing
    /// checks are kept for [`Searchable::reducible`].
    fn root_list(&mut self) -> Vec<Candidate> {
        if let Some(root) = &self.root {
            return root.clone();
        }
        let (list, forcing) = root_candidates(&self.positions[0]);
        self.forcing = forcing
            .iter()
            .map(|&k| {
                let c = &list[k];
                (c.piece, [c.to.x.to_bits(), c.to.y.to_bits()], c.promotion)
            })
            .collect();
        self.root = Some(list.clone());
        list
    }

    /// What `m`, a move of the list generated at this depth, does.
    fn applied(&self, m: ContinuousMove) -> Option<&crate::continuous::Applied> {
        self.generated[self.depth()]
            .iter()
            .find(|c| {
                c.piece == usize::from(m.piece)
                    && c.to.x.to_bits() == m.to[0]
                    && c.to.y.to_bits() == m.to[1]
                    && c.promotion == m.promotion
            })
            .map(|c| &*c.applied)
    }

    fn encode(&self, pos: &Position, c: &Candidate) -> ContinuousMove {
        let mover = pos.pieces()[c.piece];
        let board = pos.board();
        let victim = c.applied.captured.map_or(0, |p| self.values.of(p.kind));
        let attacker = self
            .values
            .of(mover.kind)
            .max(if board.is_royal(mover.kind) { 2000 } else { 0 });
        let exposed = c.applied.captured.is_some() && {
            let after = &c.applied.position;
            after
                .pieces()
                .iter()
                .position(|p| p.at == c.applied.to && p.side == mover.side)
                .is_some_and(|k| is_attacked(board, after.pieces(), k))
        };
        let cell = |v: f64, n: u32| ((v / board.square).floor().max(0.0) as u32).min(n - 1);
        let square = cell(c.to.y, board.ranks) * board.files + cell(c.to.x, board.files);
        let kind = u32::from(mover.kind.letter() as u8 - b'A');
        ContinuousMove {
            // A position holds at most `MAX_DISCS` discs, within a `u16`.
            piece: c.piece as u16,
            to: [c.to.x.to_bits(), c.to.y.to_bits()],
            promotion: c.promotion,
            victim: victim.min(i32::from(i16::MAX)) as i16,
            attacker: attacker.min(i32::from(i16::MAX)) as i16,
            exposed,
            slot: kind * self.cells + square,
        }
    }
}

/// The candidates the search tries at its root: the plain ones ([`candidates`]), and the
/// forcing checks among those tried more finely along their stretches
/// ([`fine_candidates`]), so that a mate in one or two does not slip through; the fine
/// checks that force nothing are near copies of the plain ones, and hundreds of them would
/// each be searched to the full depth. A check forces when the checked side has at most
/// [`FORCING_REPLIES`] candidate answers. Returns the list and the indices in it of the
/// forcing checks, plain or fine.
pub fn root_candidates(pos: &Position) -> (Vec<Candidate>, Vec<usize>) {
    let mut list = Vec::new();
    candidates(pos, &mut list);
    let mut fine = Vec::new();
    fine_candidates(pos, &mut fine);
    let plain = list.len();
    for c in fine {
        if !list[..plain].iter().any(|k| same_move(k, &c)) {
            list.push(c);
        }
    }
    let mut kept = Vec::with_capacity(list.len());
    let mut forcing = Vec::new();
    let mut replies = Vec::new();
    for (k, c) in list.into_iter().enumerate() {
        let after = &c.applied.position;
        let forces = is_attacked(after.board(), after.pieces(), after.king(after.to_move())) && {
            candidates(after, &mut replies);
            replies.len() <= FORCING_REPLIES
        };
        if forces {
            forcing.push(kept.len());
        }
        if k < plain || forces {
            kept.push(c);
        }
    }
    (kept, forcing)
}

/// Whether two candidates are one move: the same mover, target bits and promotion.
fn same_move(a: &Candidate, b: &Candidate) -> bool {
    a.piece == b.piece
        && a.to.x.to_bits() == b.to.x.to_bits()
        && a.to.y.to_bits() == b.to.y.to_bits()
        && a.promotion == b.promotion
}

/// The position's key: its pieces' exact bits in any order, and the side to move.
pub fn key_of(pos: &Position) -> u64 {
    let mut key: u64 = match pos.to_move() {
        Color::White => 0,
        Color::Black => 0x9e37_79b9_7f4a_7c15,
    };
    for p in pos.pieces() {
        let mut h = u64::from(p.kind.letter() as u8)
            ^ (u64::from(p.side == Color::Black) << 8)
            ^ (u64::from(p.moved) << 9);
        h = crate::random::mix(h ^ p.at.x.to_bits().rotate_left(17));
        h = crate::random::mix(h ^ p.at.y.to_bits());
        key = key.wrapping_add(h);
    }
    key
}

impl Searchable for ContinuousSearch {
    type Move = ContinuousMove;

    fn moves(&mut self, out: &mut Vec<ContinuousMove>) {
        let mut list = Vec::new();
        let pos = self.position().clone();
        if self.depth() == 0 {
            list = self.root_list();
        } else {
            candidates(&pos, &mut list);
        }
        if list.is_empty()
            && let Some((i, to)) = find_legal_move(&pos)
            && let Some(applied) = resolve_piece(&pos, i, to, None).applied().cloned()
        {
            // The candidates missed the only moves there are: keep the exact witness.
            list.push(Candidate {
                piece: i,
                to,
                promotion: applied.promotion,
                applied: Box::new(applied),
            });
        }
        self.keep(list, out);
    }

    fn noisy_moves(&mut self, out: &mut Vec<ContinuousMove>) {
        let pos = self.position().clone();
        let board = pos.board();
        let pieces = pos.pieces();
        let side = pos.to_move();
        let mut list = Vec::new();
        for i in (0..pieces.len()).filter(|&i| pieces[i].side == side) {
            for x in (0..pieces.len()).filter(|&x| pieces[x].side != side) {
                if !crate::continuous::attack::can_capture(board, pieces, i, x) {
                    continue;
                }
                let aim = crate::continuous::legal_region::capture_aim(&pos, i, x);
                if let Some(applied) = resolve_piece(&pos, i, aim, None).applied().cloned()
                    && applied.captured.is_some()
                {
                    list.push(Candidate {
                        piece: i,
                        to: aim,
                        promotion: applied.promotion,
                        applied: Box::new(applied),
                    });
                }
            }
        }
        self.keep(list, out);
    }

    fn make(&mut self, m: ContinuousMove) {
        let next = self
            .applied(m)
            .map(|a| a.position.clone())
            .expect("a move of the list generated here");
        self.keys.push(key_of(&next));
        self.positions.push(next);
    }

    fn unmake(&mut self) {
        self.positions.pop();
        self.keys.pop();
    }

    fn make_null(&mut self) {
        let pos = self.position();
        let passed = Position::from_rules(
            pos.board_arc().clone(),
            pos.pieces().to_vec(),
            pos.to_move().opponent(),
        );
        self.keys.push(key_of(&passed));
        self.positions.push(passed);
    }

    fn unmake_null(&mut self) {
        self.unmake();
    }

    fn null_allowed(&self) -> bool {
        let pos = self.position();
        let side = pos.to_move();
        let board = pos.board();
        let king = pos.king(side);
        !is_attacked(board, pos.pieces(), king)
            && pos.pieces().iter().any(|p| {
                p.side == side && !board.is_royal(p.kind) && board.promotion_of(p.kind).is_empty()
            })
    }

    fn key(&self) -> u64 {
        *self.keys.last().expect("never empty")
    }

    fn in_check(&mut self) -> bool {
        let pos = self.position();
        is_attacked(pos.board(), pos.pieces(), pos.king(pos.to_move()))
    }

    fn ended(&mut self, _root_distance: usize) -> Option<End> {
        None
    }

    fn no_moves(&mut self) -> End {
        if self.in_check() {
            End::Loss
        } else {
            End::Draw
        }
    }

    fn evaluate(&mut self) -> i32 {
        evaluate(self.position(), &self.values)
    }

    fn is_noisy(&self, m: ContinuousMove) -> bool {
        m.victim > 0 || m.promotion.is_some()
    }

    fn noisy_order(&self, m: ContinuousMove) -> i32 {
        16 * i32::from(m.victim) - i32::from(m.attacker) / 16
            + m.promotion.map_or(0, |k| self.values.of(k))
    }

    fn losing_capture(&mut self, m: ContinuousMove) -> bool {
        m.exposed && m.attacker > m.victim
    }

    /// Not on this board: an open board has checks everywhere, and extending each one
    /// multiplied the tree (the bench's queen fork: 2.4 million nodes to depth 3).
    fn extends_checks(&self) -> bool {
        false
    }

    /// All but the root's forcing checks.
    fn reducible(&self, m: ContinuousMove) -> bool {
        self.depth() > 0
            || !self
                .forcing
                .iter()
                .any(|f| usize::from(m.piece) == f.0 && m.to == f.1 && m.promotion == f.2)
    }

    fn history_slots(&self) -> usize {
        26 * self.cells as usize
    }

    fn history_slot(&self, m: ContinuousMove) -> usize {
        m.slot as usize
    }

    /// Every node: one generates and judges its candidates (about 0.2 ms in a release
    /// build, far more in a debug one), so a think stops on time and cancels at once.
    fn nodes_per_clock_read(&self) -> u64 {
        1
    }

    /// The full budget up to a classic army of discs, shrinking past it (see
    /// [`crowded_quiescence_budget`]).
    fn quiescence_budget(&self) -> u32 {
        crowded_quiescence_budget(self.positions[0].pieces().len(), CLASSIC_DISCS)
    }
}

/// The discs of the classic setup: up to these, quiescence has the full budget.
const CLASSIC_DISCS: u32 = 32;

/// A check at the root forces when the checked side has at most this many answers among
/// its candidates.
const FORCING_REPLIES: usize = 3;

/// The position's worth to the side to move, in centipawns.
pub fn evaluate(pos: &Position, values: &Values) -> i32 {
    let board = pos.board();
    let pieces = pos.pieces();
    let us = pos.to_move();
    // A side with no move, out of check, is stalemated: worth nothing to either side. The
    // search's leaves look for no moves, so without this a stalemate would score as the
    // winner's best position, and be played. Asked (exactly, so not everywhere) where a
    // stalemate is the likely end: a lone king, or a few pieces well behind.
    if stalemate_is_near(pos, values)
        && !is_attacked(board, pieces, pos.king(us))
        && find_legal_move(pos).is_none()
    {
        return 0;
    }
    let mut score = [0_i32; 2];
    for (i, p) in pieces.iter().enumerate() {
        let s = p.side as usize;
        let value = values.of(p.kind);
        score[s] += value + mobility(board, pieces, i);
        if !board.promotion_of(p.kind).is_empty() {
            score[s] += advance(board, p);
        }
        if value > 0 && is_attacked(board, pieces, i) {
            // Attacked: worth less if nothing defends it (the side to move may save it).
            let defended = defended(board, pieces, i);
            if !defended {
                score[s] -= value / HANGING_SHARE;
            }
        }
    }
    for side in [Color::White, Color::Black] {
        let king = pos.king(side);
        score[side as usize] -= KING_DANGER * danger(board, pieces, king);
        score[side as usize] += mop_up(pos, values, side);
    }
    let us = us as usize;
    score[us] - score[1 - us] + TEMPO
}

/// Whether the side to move might be stalemated: it has a lone king, or besides its pawns
/// (the kinds that promote, which blocked cannot move) at most
/// [`tuning::STALEMATE_PIECES`] other pieces, and is behind by at least
/// [`tuning::STALEMATE_DEFICIT`] of material.
fn stalemate_is_near(pos: &Position, values: &Values) -> bool {
    let board = pos.board();
    let us = pos.to_move();
    let ours = pos.pieces().iter().filter(|p| p.side == us).count();
    if ours == 1 {
        return true;
    }
    let officers = pos
        .pieces()
        .iter()
        .filter(|p| {
            p.side == us && !board.is_royal(p.kind) && board.promotion_of(p.kind).is_empty()
        })
        .count();
    if officers > tuning::STALEMATE_PIECES {
        return false;
    }
    material(pos, values, us) + tuning::STALEMATE_DEFICIT <= material(pos, values, us.opponent())
}

/// The worth of `side`'s pieces (a royal piece is worth nothing).
fn material(pos: &Position, values: &Values, side: Color) -> i32 {
    pos.pieces()
        .iter()
        .filter(|p| p.side == side)
        .map(|p| values.of(p.kind))
        .sum()
}

/// What `side` gains for driving a lone enemy king to mate: where the enemy has nothing
/// but its king and `side` has at least [`tuning::MOP_UP_MATERIAL`], the lone king is
/// worth less the further it stands from the centre (a corner most) and the nearer
/// `side`'s king stands to it, so that the search, which cannot see a mate many moves
/// away, still makes progress towards one.
fn mop_up(pos: &Position, values: &Values, side: Color) -> i32 {
    let pieces = pos.pieces();
    let them = side.opponent();
    // The count first: in almost every position the enemy has more than its king, and
    // the material sum (a lookup per piece) is not needed.
    if pieces.iter().filter(|p| p.side == them).count() > 1 {
        return 0;
    }
    if material(pos, values, side) < tuning::MOP_UP_MATERIAL {
        return 0;
    }
    let board = pos.board();
    let lone = pieces[pos.king(them)].at;
    let king = pieces[pos.king(side)].at;
    let centre = Point::new(board.width() / 2.0, board.height() / 2.0);
    let diagonal = board.width().hypot(board.height());
    let edge = lone.distance(centre) / board.square;
    let near = (diagonal - lone.distance(king)) / board.square;
    (edge * tuning::MOP_UP_EDGE + near * tuning::MOP_UP_NEAR) as i32
}

/// Free slide length (in squares, up to the first disc) and ring arcs, as centipawns.
fn mobility(board: &Board, pieces: &[Piece], i: usize) -> i32 {
    let p = pieces[i];
    let me = board.disc(&p);
    let inset = board.inset_for(me.radius);
    let mut squares = 0.0;
    for shape in reaches(board, &p) {
        match shape {
            Reach::Slide { dir, end, modes } if modes.moves => {
                let limit = crate::continuous::reach::slide_limit(inset, p.at, dir, end);
                let free = first_contact(board, pieces, i, me, dir, limit);
                squares += free.map_or(limit, |(_, t)| t) / board.square;
            }
            Reach::Ring { radius, .. } => {
                let crowded = pieces
                    .iter()
                    .enumerate()
                    .filter(|&(j, q)| {
                        j != i && (q.at.distance(p.at) - radius).abs() < board.contact(&p, q)
                    })
                    .count();
                squares += (8.0 - crowded as f64).max(0.0) * 0.5;
            }
            Reach::Disc { .. } => {}
            _ => {}
        }
    }
    (squares * MOBILITY) as i32
}

/// A promoting piece's advance: up to [`tuning::ADVANCE`] as it nears the promotion line.
fn advance(board: &Board, p: &Piece) -> i32 {
    let height = board.height();
    let progress = match p.side {
        Color::White => p.at.y / height,
        Color::Black => 1.0 - p.at.y / height,
    };
    (tuning::ADVANCE * progress * progress) as i32
}

/// Whether some friend of `pieces[i]` could capture on its spot were an enemy there.
fn defended(board: &Board, pieces: &[Piece], i: usize) -> bool {
    let mut flipped = pieces.to_vec();
    flipped[i].side = flipped[i].side.opponent();
    !attackers(board, &flipped, i).is_empty()
}

/// How many enemies could capture a disc next to the king (a square away, four ways).
fn danger(board: &Board, pieces: &[Piece], king: usize) -> i32 {
    let k = pieces[king];
    let mut probe = pieces.to_vec();
    let mut count = 0;
    for d in [
        Point::new(1.0, 0.0),
        Point::new(-1.0, 0.0),
        Point::new(0.0, 1.0),
        Point::new(0.0, -1.0),
    ] {
        let at = k.at + d * board.square;
        let others = pieces.iter().enumerate().filter(|&(j, _)| j != king);
        if !board.fits(&Piece { at, ..k }, others.map(|(_, q)| q)) {
            continue;
        }
        probe[king].at = at;
        count += attackers(board, &probe, king).len() as i32;
    }
    count
}

/// The continuous world as a player sees it: the position in front of it (a continuous
/// search keeps no game history).
#[derive(Clone, Copy, Debug, Default)]
pub struct Continuous;

/// A player of continuous games.
pub type ContinuousPlayer = Player<Continuous>;

impl Arena for Continuous {
    type Game = Position;
    type Move = crate::continuous::Request;
    type Found = ContinuousMove;
    type Search = ContinuousSearch;

    fn search(&self, pos: &Position) -> ContinuousSearch {
        ContinuousSearch::new(pos.clone())
    }

    fn chosen(&self, pos: &Position, found: &ContinuousMove) -> crate::continuous::Request {
        crate::continuous::Request {
            from: pos.pieces()[usize::from(found.piece)].at,
            to: found.target(),
            promotion: found.promotion,
        }
    }

    /// Picks among the candidate moves (a finite set; where there is none, the exact
    /// search's legal move).
    fn pick(
        &self,
        pos: &Position,
        greedy: bool,
        rng: &mut Rng,
    ) -> Option<crate::continuous::Request> {
        let request =
            |piece: usize, to: Point, promotion: Option<Kind>| crate::continuous::Request {
                from: pos.pieces()[piece].at,
                to,
                promotion,
            };
        let mut list = Vec::new();
        candidates(pos, &mut list);
        if list.is_empty() {
            let (i, to) = find_legal_move(pos)?;
            return Some(request(i, to, None));
        }
        let values = Values::new(pos.board());
        let worth = |c: &Candidate| match c.applied.captured {
            Some(p) if pos.board().is_royal(p.kind) => i32::MAX,
            Some(p) => values.of(p.kind),
            None => -1,
        };
        let best = if greedy {
            list.iter().map(worth).max().unwrap_or(-1)
        } else {
            -1
        };
        let pool: Vec<&Candidate> = list
            .iter()
            .filter(|c| !greedy || worth(c) == best)
            .collect();
        let c = pool[rng.below(pool.len())];
        Some(request(c.piece, c.to, c.promotion))
    }
}

/// Material by the adjudication's scale (P 1, N B 3, R 5, Q 9; another kind by its worth
/// in pawns, rounded), White's less Black's.
pub fn material_balance(pos: &Position) -> i32 {
    let values = Values::new(pos.board());
    pos.pieces()
        .iter()
        .map(|p| {
            let points = (values.of(p.kind) + 50) / 100;
            if p.side == Color::White {
                points
            } else {
                -points
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::notation::parse_position;
    use crate::search::{Limits, MATE_BOUND};
    use std::sync::Arc;

    fn pos(text: &str) -> Position {
        parse_position(Arc::new(Board::default()), &[], text).expect("test POS")
    }

    /// The engine's move from `p` at `depth`, its score, and the position it leaves.
    fn searched(p: &Position, depth: u32) -> (ContinuousMove, crate::search::Score, Position) {
        let mut player = ContinuousPlayer::new(
            super::super::players::PlayerKind::Engine {
                depth: Some(depth),
                movetime: None,
            },
            1,
        );
        let report = player.think(&Continuous, p, &Limits::depth(depth), |_| {});
        let best = report.best.expect("a move");
        let after = resolve_piece(p, usize::from(best.piece), best.target(), None);
        let after = after.applied().expect("legal").position.clone();
        (best, report.score, after)
    }

    const QUEEN_FORK: &str =
        "w;K@b1;P@a2;P@b2;P@c2;Q@4.5,10.5;k@6.8,16.6;r@16.5,5.1;p@3.5,18;p@9.5,18.5;p@h7;p@g6";

    #[test]
    fn the_root_keeps_the_plain_candidates_and_only_the_fine_checks_that_force() {
        let p = pos(QUEEN_FORK);
        let mut plain = Vec::new();
        candidates(&p, &mut plain);
        let mut fine = Vec::new();
        fine_candidates(&p, &mut fine);
        let (root, forcing) = root_candidates(&p);
        assert!(root.len() < fine.len(), "{} of {}", root.len(), fine.len());
        assert!(root.len() >= plain.len());
        for (a, b) in plain.iter().zip(&root) {
            assert!(same_move(a, b), "the plain candidates first, in order");
        }
        let mut replies = Vec::new();
        for (k, c) in root.iter().enumerate() {
            let after = &c.applied.position;
            let check = is_attacked(after.board(), after.pieces(), after.king(after.to_move()));
            candidates(after, &mut replies);
            let forces = check && replies.len() <= FORCING_REPLIES;
            assert_eq!(forcing.contains(&k), forces, "candidate {k}");
            assert!(
                k < plain.len() || forces,
                "a fine candidate kept only if it forces"
            );
        }
    }

    #[test]
    fn the_engine_forks_the_king_and_the_loose_rook_at_depth_three() {
        let (best, _, after) = searched(&pos(QUEEN_FORK), 3);
        let pieces = after.pieces();
        let queen = pieces
            .iter()
            .position(|q| q.kind == Kind::QUEEN)
            .expect("the queen");
        let rook = pieces
            .iter()
            .position(|q| q.kind == Kind::ROOK)
            .expect("the rook");
        let board = after.board();
        assert!(
            is_attacked(board, pieces, after.king(Color::Black)),
            "check: {best:?}"
        );
        assert!(
            crate::continuous::attack::can_capture(board, pieces, queen, rook),
            "the rook attacked: {best:?}"
        );
        assert!(
            !is_attacked(board, pieces, queen),
            "the queen safe: {best:?}"
        );
    }

    #[test]
    fn the_engine_mates_on_the_back_rank() {
        let (_, score, after) = searched(&pos("w;K@e1;R@a7;R@b1;k@h8"), 2);
        assert!(score.0 >= MATE_BOUND, "{score:?}");
        assert!(find_legal_move(&after).is_none(), "mate");
    }

    #[test]
    fn a_lone_king_is_driven_to_a_corner_and_met_by_the_other() {
        let mop = |text: &str, side| {
            let p = pos(text);
            mop_up(&p, &Values::new(p.board()), side)
        };
        let centre = mop("w;K@e1;R@a1;k@e5", Color::White);
        let corner = mop("w;K@e1;R@a1;k@h8", Color::White);
        let met = mop("w;K@f6;R@a1;k@h8", Color::White);
        // e5's centre is half a square's diagonal from the board's centre, h8's about
        // 4.9 squares: 20 a square nearer the edge, less 10 a square the kings part.
        assert!(corner > centre + 40, "corner {corner}, centre {centre}");
        assert!(met > corner + 40, "met {met}, corner {corner}");
        // A lone king stalemated in its corner (a position from a game) is worth
        // nothing: a draw.
        let stalemate = pos(
            "b;k@16.766963289233072,21.627416927258842;Q@14.766964189233072,15.93613663192778;\
             K@12.727922061357857,9.414213362373095",
        );
        assert!(find_legal_move(&stalemate).is_none());
        assert_eq!(evaluate(&stalemate, &Values::new(stalemate.board())), 0);
        // So is a king with a pawn that cannot move (a white pawn 2.5 below it leaves a
        // slide of 0.5, under the minimum move), a queen and a pawn behind.
        let blocked = pos("b;k@16.766963289233072,21.627416927258842;p@1.5,8;\
             Q@14.766964189233072,15.93613663192778;K@12.727922061357857,9.414213362373095;\
             P@1.5,5.5");
        assert!(find_legal_move(&blocked).is_none());
        assert_eq!(evaluate(&blocked, &Values::new(blocked.board())), 0);
        // Nothing for the side with the lone king, nothing once it has a pawn beside it,
        // nothing with a bishop alone to mate with.
        assert_eq!(mop("w;K@e1;R@a1;k@h8", Color::Black), 0);
        assert_eq!(mop("w;K@e1;R@a1;k@h8;p@a7", Color::White), 0);
        assert_eq!(mop("w;K@e1;B@b1;k@h8", Color::White), 0);
    }

    #[test]
    fn keys_ignore_the_pieces_order_but_not_their_bits() {
        let a = pos("w;K@e1;R@a1;k@e8");
        let b = pos("w;R@a1;K@e1;k@e8");
        let c = pos("w;K@e1;R@1.5,1.5;k@e8");
        assert_eq!(key_of(&a), key_of(&b));
        assert_ne!(key_of(&a), key_of(&c));
    }

    #[test]
    fn fairy_kinds_are_valued_from_their_shapes() {
        let mut board = Board::default();
        for (letter, betza) in [('A', "BN"), ('H', "NN"), ('W', "W")] {
            board.kinds.push(crate::continuous::board::KindSpec {
                kind: Kind::from_letter(letter).expect("letter"),
                name: betza.to_string(),
                royal: false,
                shapes: Some(
                    crate::continuous::shapes::compile_text(betza, board.square).expect("Betza"),
                ),
                promotion: None,
            });
        }
        board.prepare();
        let v = Values::new(&board);
        let of = |c: char| v.of(Kind::from_letter(c).expect("letter"));
        assert!(
            of('A') > of('R') && of('A') < of('Q'),
            "archbishop {}",
            of('A')
        );
        assert!(of('H') > of('N'), "nightrider {}", of('H'));
        assert!(of('W') < of('N'), "wazir {}", of('W'));
        assert_eq!(of('K'), 0);
    }
}
