//! A grid position: what stands on every square, whose turn it is, castling rights and
//! en-passant chances, and making and unmaking moves.

use super::board::Square;
use super::castling::{Castles, Wing, rook_landing};
use super::cell::{BOULDER, Cell, EMPTY, is_piece, piece, role_of, side_of};
use super::counting::{Armies, Count, after_move};
use super::moves::{Move, MoveKind};
use super::rules::{Explosions, MAX_TYPES, Role, Walls};
use super::tables::flag;
use super::variant::Variant;
use crate::play::Color;

/// Squares of one side's pieces, in no order, with O(1) add, remove and move.
#[derive(Clone, Debug)]
pub(crate) struct PieceList {
    pub squares: Vec<Square>,
    index: Vec<u16>,
}

impl PieceList {
    fn new(n: usize) -> PieceList {
        PieceList {
            squares: Vec::with_capacity(n),
            index: vec![0; n],
        }
    }

    fn add(&mut self, sq: Square) {
        self.index[usize::from(sq)] = self.squares.len() as u16;
        self.squares.push(sq);
    }

    /// Removes `sq` (the last square taking its place); where it was, for
    /// [`restore`](Self::restore).
    fn remove(&mut self, sq: Square) -> u16 {
        let k = usize::from(self.index[usize::from(sq)]);
        let last = self.squares.len() - 1;
        self.squares.swap(k, last);
        self.index[usize::from(self.squares[k])] = k as u16;
        self.squares.pop();
        k as u16
    }

    /// Undoes [`remove`](Self::remove): `sq` back at place `k`, the square that took its
    /// place back at the end, so the order is as it was.
    fn restore(&mut self, sq: Square, k: u16) {
        let len = self.squares.len() as u16;
        if k < len {
            let stand_in = self.squares[usize::from(k)];
            self.index[usize::from(stand_in)] = len;
            self.squares.push(stand_in);
            self.squares[usize::from(k)] = sq;
        } else {
            self.squares.push(sq);
        }
        self.index[usize::from(sq)] = k;
    }

    fn relocate(&mut self, from: Square, to: Square) {
        let k = self.index[usize::from(from)];
        self.squares[usize::from(k)] = to;
        self.index[usize::from(to)] = k;
    }
}

/// En-passant chances: the squares a piece passed over on its last move, and where it
/// stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EnPassant {
    squares: [Square; 4],
    len: u8,
    /// The piece that may be captured.
    pub victim: Square,
}

impl EnPassant {
    /// The squares passed over.
    pub fn squares(&self) -> &[Square] {
        &self.squares[..usize::from(self.len)]
    }

    /// Whether `sq` is one of them.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.squares().contains(&sq)
    }

    /// Chances over `squares` (at most four are kept) against the piece on `victim`.
    pub fn new(squares: &[Square], victim: Square) -> EnPassant {
        let mut e = EnPassant {
            victim,
            ..EnPassant::default()
        };
        for &s in squares.iter().take(4) {
            e.squares[usize::from(e.len)] = s;
            e.len += 1;
        }
        e
    }
}

/// What [`Position::make`] needs to undo a move.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    mover: Cell,
    captured: Cell,
    captured_at: Square,
    captured_moved: bool,
    mover_moved: bool,
    castles: Castles,
    en_passant: EnPassant,
    halfmove: u32,
    count: Count,
    checks_left: [u8; 2],
    /// Whether the piece taken was a promoted one (it went to the hand as what it was).
    captured_promoted: bool,
    /// Whether the mover was a promoted piece.
    mover_promoted: bool,
    last_drop: Option<Role>,
    key: u64,
    /// Where the piece taken stood in its side's lists.
    captured_slot: Slot,
    /// Where the mover stood in its side's lists, if it left them (promoting, castling).
    mover_slot: Slot,
    /// Where the rook castled with stood.
    rook_slot: Slot,
    /// What an atomic capture blew up.
    blasted: Blasted,
    /// Where the duck stood (duck chess).
    duck: Option<Square>,
    /// The royal whose first move a rook's move took away (Cambodian chess).
    aimed: Option<Square>,
}

/// The pieces an explosion removed, in the order removed: each square, what stood there,
/// whether it had moved and where it stood in its side's lists.
#[derive(Clone, Copy, Debug, Default)]
struct Blasted {
    len: u8,
    pieces: [(Square, Cell, bool, Slot); 9],
}

/// Where a piece stood in its side's lists of pieces and of royals, so that a move taken
/// back leaves the lists in their order (searches walk them, and must not depend on how
/// often a move was tried).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Slot {
    piece: u16,
    royal: u16,
}

/// What [`Position::make_null`] needs to undo a pass.
#[derive(Clone, Copy, Debug)]
pub struct NullUndo {
    en_passant: EnPassant,
    last_drop: Option<Role>,
    key: u64,
}

/// A position of a grid variant. Two positions are equal when the same pieces (moved or
/// not) stand on the same squares with the same side to move, rights and clocks.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) cells: Vec<Cell>,
    /// By square: whether the piece there has moved (or did not start there).
    pub(crate) moved: Vec<bool>,
    pub(crate) to_move: Color,
    /// The castling rights.
    pub(crate) castles: Castles,
    pub(crate) en_passant: EnPassant,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Makruk's counting, where the level has it.
    pub(crate) count: Count,
    /// By side: the checks it has still to give to win, where the level has n-check
    /// (`rules.checks`); else 0.
    pub(crate) checks_left: [u8; 2],
    /// By side and type: the pieces in hand, where the level has drops.
    pub(crate) hands: [[u8; MAX_TYPES]; 2],
    /// By square: whether the piece there got there by promotion (it returns to the hand as
    /// the type it was), where the level has drops.
    pub(crate) promoted: Vec<bool>,
    /// The type the last move dropped, if it was a drop (shogi's pawn-drop mate).
    pub(crate) last_drop: Option<Role>,
    /// Where the duck stands, on a level whose wall moves (`rules.walls = "duck"`).
    pub(crate) duck: Option<Square>,
    pub(crate) pieces: [PieceList; 2],
    pub(crate) royals: [PieceList; 2],
    /// The Zobrist key of what [`Position::key`] covers.
    pub(crate) key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.cells == other.cells
            && self
                .cells
                .iter()
                .enumerate()
                .all(|(s, &c)| c == EMPTY || self.moved[s] == other.moved[s])
            && self.to_move == other.to_move
            && self.castles == other.castles
            && self.en_passant == other.en_passant
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.count == other.count
            && self.checks_left == other.checks_left
            && self.hands == other.hands
            && self
                .cells
                .iter()
                .enumerate()
                .all(|(s, &c)| c == EMPTY || self.promoted[s] == other.promoted[s])
    }
}

impl Eq for Position {}

/// Whether a piece of `side` and `role` on `to` could move back to `from` on an empty
/// board, not by a first move: a move Fairy-Stockfish counts as reversible.
fn steps_back(v: &Variant, side: Color, role: Role, from: Square, to: Square) -> bool {
    let t = &v.tables;
    t.rays(side, role, to).iter().any(|r| {
        r.flags & flag::MOVES != 0
            && r.flags & flag::INITIAL == 0
            && t.ray_squares(r).contains(&from)
    })
}

impl Position {
    /// An empty board with White to move.
    pub(crate) fn empty(squares: usize) -> Position {
        Position {
            cells: vec![EMPTY; squares],
            moved: vec![false; squares],
            to_move: Color::White,
            castles: Castles::default(),
            en_passant: EnPassant::default(),
            halfmove: 0,
            fullmove: 1,
            count: Count::default(),
            checks_left: [0; 2],
            hands: [[0; MAX_TYPES]; 2],
            promoted: vec![false; squares],
            last_drop: None,
            duck: None,
            pieces: [PieceList::new(squares), PieceList::new(squares)],
            royals: [PieceList::new(squares), PieceList::new(squares)],
            key: 0,
        }
    }

    /// Computes the key afresh (after a position is built piece by piece).
    pub(crate) fn rekey(&mut self, v: &Variant) {
        let z = &v.zobrist;
        let mut key = self.rights_key(v);
        for sq in v.geometry.all() {
            key ^= z.square(sq, self.cell(sq), self.has_moved(sq));
        }
        if self.to_move == Color::Black {
            key ^= z.black;
        }
        for side in Color::BOTH {
            key ^= z.checks(side, self.checks_left[side]);
            for (role, &n) in self.hands[side].iter().enumerate() {
                key ^= z.hand(side, Role::new(role), n);
            }
        }
        self.key = key;
    }

    /// The key of the castling rights and the en-passant chance.
    #[inline]
    fn rights_key(&self, v: &Variant) -> u64 {
        let z = &v.zobrist;
        let mut key = self.castles.key(z);
        if !self.en_passant.squares().is_empty() {
            key ^= z.en_passant(self.en_passant.victim);
        }
        key
    }

    /// The key of what stands on each of `squares` (each listed once).
    #[inline]
    fn squares_key(&self, v: &Variant, squares: &[Square]) -> u64 {
        squares.iter().fold(0, |key, &sq| {
            key ^ v.zobrist.square(sq, self.cell(sq), self.has_moved(sq))
        })
    }

    /// A 64-bit key of the pieces (and whether those with first-move-only moves have
    /// moved), the side to move, the castling rights and the en-passant chance: equal
    /// positions have equal keys, and different ones almost never share one. The clocks
    /// are left out, so a repeated position has its earlier key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// This position with the square `sq` emptied (a handicap game), castling with a rook
    /// taken away given up.
    pub fn without(&self, v: &Variant, sq: Square) -> Position {
        let mut less = self.clone();
        less.take(v, sq);
        less.castles.forget_rook(sq);
        less.rekey(v);
        less
    }

    /// Puts `cell` on an empty square.
    pub(crate) fn put(&mut self, v: &Variant, sq: Square, cell: Cell, moved: bool) {
        self.cells[usize::from(sq)] = cell;
        self.moved[usize::from(sq)] = moved;
        if is_piece(cell) {
            let side = side_of(cell);
            self.pieces[side].add(sq);
            if v.is_royal(role_of(cell)) {
                self.royals[side].add(sq);
            }
        }
    }

    /// Puts `cell` on `sq` in place of what stands there, unmoved; the key is left for
    /// [`rekey`](Self::rekey).
    pub(crate) fn set(&mut self, v: &Variant, sq: Square, cell: Cell) {
        self.take(v, sq);
        self.put(v, sq, cell, false);
    }

    fn take(&mut self, v: &Variant, sq: Square) -> Cell {
        self.take_slot(v, sq).0
    }

    /// Empties `sq`: what stood there, and where it stood in its side's lists.
    fn take_slot(&mut self, v: &Variant, sq: Square) -> (Cell, Slot) {
        let cell = self.cells[usize::from(sq)];
        self.cells[usize::from(sq)] = EMPTY;
        let mut slot = Slot::default();
        if is_piece(cell) {
            let side = side_of(cell);
            slot.piece = self.pieces[side].remove(sq);
            if v.is_royal(role_of(cell)) {
                slot.royal = self.royals[side].remove(sq);
            }
        }
        (cell, slot)
    }

    /// Undoes [`take_slot`](Self::take_slot): `cell` back on the empty `sq`, in its
    /// side's lists where it was.
    fn restore(&mut self, v: &Variant, sq: Square, cell: Cell, moved: bool, slot: Slot) {
        self.cells[usize::from(sq)] = cell;
        self.moved[usize::from(sq)] = moved;
        if is_piece(cell) {
            let side = side_of(cell);
            self.pieces[side].restore(sq, slot.piece);
            if v.is_royal(role_of(cell)) {
                self.royals[side].restore(sq, slot.royal);
            }
        }
    }

    fn shift(&mut self, v: &Variant, from: Square, to: Square) {
        let cell = self.cells[usize::from(from)];
        self.cells[usize::from(from)] = EMPTY;
        self.cells[usize::from(to)] = cell;
        let side = side_of(cell);
        self.pieces[side].relocate(from, to);
        if v.is_royal(role_of(cell)) {
            self.royals[side].relocate(from, to);
        }
    }

    /// What stands on `sq`.
    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[usize::from(sq)]
    }

    /// Whether the piece on `sq` has moved.
    pub fn has_moved(&self, sq: Square) -> bool {
        self.moved[usize::from(sq)]
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The move number: 1 at the start, one more after each Black move.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Plies since the last capture or move of a piece that promotes.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// How many earlier positions a repetition of this one may be sought in: those since
    /// the last capture or move of a promoting piece, or with drops all of them (a piece
    /// taken stays in the game), as Fairy-Stockfish counts them.
    pub fn repetition_window(&self, v: &Variant) -> usize {
        if v.drops {
            usize::MAX
        } else {
            self.halfmove() as usize
        }
    }

    /// Where counting stands (Makruk's; nothing where the level does not count).
    pub fn count(&self) -> Count {
        self.count
    }

    /// The checks `side` has still to give to win, under n-check (0 without it).
    pub fn checks_left(&self, side: Color) -> u8 {
        self.checks_left[side]
    }

    /// Counts one check given by `side` (n-check), the key with it.
    pub(crate) fn count_check(&mut self, v: &Variant, side: Color) {
        let n = self.checks_left[side];
        if n > 0 {
            self.key ^= v.zobrist.checks(side, n) ^ v.zobrist.checks(side, n - 1);
            self.checks_left[side] = n - 1;
        }
    }

    /// Passes the turn without a move (the search's null move); returns what
    /// [`unmake_null`](Self::unmake_null) needs.
    pub fn make_null(&mut self, v: &Variant) -> NullUndo {
        let undo = NullUndo {
            en_passant: self.en_passant,
            last_drop: self.last_drop.take(),
            key: self.key,
        };
        self.key ^= self.rights_key(v);
        self.en_passant = EnPassant::default();
        self.key ^= self.rights_key(v) ^ v.zobrist.black;
        self.to_move = self.to_move.opponent();
        undo
    }

    /// Takes back a null move.
    pub fn unmake_null(&mut self, undo: NullUndo) {
        self.to_move = self.to_move.opponent();
        self.en_passant = undo.en_passant;
        self.last_drop = undo.last_drop;
        self.key = undo.key;
    }

    /// En-passant chances for the side to move.
    pub fn en_passant(&self) -> &EnPassant {
        &self.en_passant
    }

    /// The squares of a side's royal pieces.
    pub fn royals(&self, side: Color) -> &[Square] {
        &self.royals[side].squares
    }

    /// The squares of a side's pieces.
    pub fn pieces(&self, side: Color) -> &[Square] {
        &self.pieces[side].squares
    }

    /// How many pieces of `role` `side` holds in hand (drops).
    pub fn in_hand(&self, side: Color, role: Role) -> u8 {
        self.hands[side][role.index()]
    }

    /// Whether the piece on `sq` got there by promotion (drops).
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.promoted[usize::from(sq)]
    }

    /// Adds one piece of `role` to `side`'s hand (or takes one, `delta` -1), key included.
    fn hand_add(&mut self, v: &Variant, side: Color, role: Role, delta: i8) {
        let n = &mut self.hands[side][role.index()];
        self.key ^= v.zobrist.hand(side, role, *n);
        *n = n.wrapping_add_signed(delta);
        self.key ^= v.zobrist.hand(side, role, *n);
    }

    /// Plays `m` (which must come from this position's move generator) on the board, with
    /// everything but the checks an n-check level counts ([`make`](Self::make) counts
    /// them: telling a check needs the attacks of `movegen`).
    pub(crate) fn make_board(&mut self, v: &Variant, m: Move) -> Undo {
        let us = self.to_move;
        let mut undo = Undo {
            mover: self.cells[usize::from(m.from)],
            captured: EMPTY,
            captured_at: m.to,
            captured_moved: false,
            mover_moved: self.moved[usize::from(m.from)],
            castles: self.castles,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            count: self.count,
            checks_left: self.checks_left,
            captured_promoted: false,
            mover_promoted: self.promoted[usize::from(m.from)],
            last_drop: self.last_drop.take(),
            key: self.key,
            captured_slot: Slot::default(),
            mover_slot: Slot::default(),
            rook_slot: Slot::default(),
            blasted: Blasted::default(),
            duck: self.duck,
            aimed: None,
        };
        // The squares the move changes, each once.
        let mut touched = [m.from; 4];
        let mut len = 1;
        let mut touch = |sq: Square| {
            if !touched[..len].contains(&sq) {
                touched[len] = sq;
                len += 1;
            }
        };
        touch(m.to);
        match m.kind {
            MoveKind::EnPassant { victim } => touch(victim),
            MoveKind::Castle { rook } => {
                touch(rook);
                touch(rook_landing(m));
            }
            _ => {}
        }
        let before = self.squares_key(v, &touched[..len]) ^ self.rights_key(v);
        self.en_passant = EnPassant::default();
        self.halfmove += 1;
        let mut hand_change = None;
        match m.kind {
            MoveKind::Castle { rook: from } => {
                let (king, king_slot) = self.take_slot(v, m.from);
                let (rook, rook_slot) = self.take_slot(v, from);
                undo.mover_slot = king_slot;
                undo.rook_slot = rook_slot;
                self.put(v, m.to, king, true);
                self.put(v, rook_landing(m), rook, true);
                self.castles.give_up(us);
            }
            MoveKind::Drop { role } => {
                let cell = piece(us, role);
                // Unmoved where the setup has the same piece (a pawn dropped on its second
                // rank may step twice, as in Fairy-Stockfish).
                let unmoved = v.setup.get(usize::from(m.to)) == Some(&cell);
                self.put(v, m.to, cell, !unmoved);
                self.promoted[usize::from(m.to)] = false;
                hand_change = Some((role, -1));
                self.last_drop = Some(role);
                self.castle_dropped(v, us, role, m.to);
                // A drop cannot be taken back: the move rule counts again.
                self.halfmove = 0;
            }
            _ => {
                let victim_at = match m.kind {
                    MoveKind::EnPassant { victim } => victim,
                    _ => m.to,
                };
                if m.kind.captures() {
                    undo.captured_at = victim_at;
                    undo.captured_moved = self.moved[usize::from(victim_at)];
                    (undo.captured, undo.captured_slot) = self.take_slot(v, victim_at);
                    self.halfmove = 0;
                    self.castles.forget(victim_at);
                    if v.drops && is_piece(undo.captured) {
                        let was = std::mem::take(&mut self.promoted[usize::from(victim_at)]);
                        undo.captured_promoted = was;
                        if v.captures_to_hand {
                            let role = v.to_hand(role_of(undo.captured), was);
                            hand_change = Some((role, 1));
                        }
                    }
                }
                let mover = undo.mover;
                self.shift(v, m.from, m.to);
                self.moved[usize::from(m.to)] = true;
                if v.drops {
                    self.promoted[usize::from(m.from)] = false;
                    self.promoted[usize::from(m.to)] = undo.mover_promoted;
                }
                if let Some(t) = m.promotion {
                    let promoted = piece(us, t);
                    undo.mover_slot = self.take_slot(v, m.to).1;
                    self.put(v, m.to, promoted, true);
                    // Marked only where a capture would send it to a hand as what it was.
                    if v.drops && v.captures_to_hand && !v.hand_keeps_promotion {
                        self.promoted[usize::from(m.to)] = true;
                    }
                }
                if m.kind.captures()
                    && let Some(ex) = &v.explosions
                {
                    self.explode(v, ex, m.to, &mut undo.blasted);
                }
                // Petrified: a piece of such a type that takes turns into a wall there.
                if m.kind.captures() && v.petrify.contains(&role_of(mover)) {
                    let (cell, moved) =
                        (self.cells[usize::from(m.to)], self.moved[usize::from(m.to)]);
                    let (_, slot) = self.take_slot(v, m.to);
                    self.castles.forget(m.to);
                    let b = &mut undo.blasted;
                    b.pieces[usize::from(b.len)] = (m.to, cell, moved, slot);
                    b.len += 1;
                    self.cells[usize::from(m.to)] = BOULDER;
                    self.moved[usize::from(m.to)] = false;
                }
                self.castles.forget(m.from);
                // A promotion, or a move of a type the move rule watches that it could
                // not take back (a pawn's; not pawn-sideways chess's step aside).
                let role = role_of(mover);
                if m.promotion.is_some()
                    || (v[role].resets_move_rule() && !steps_back(v, us, role, m.from, m.to))
                {
                    self.halfmove = 0;
                }
                if m.kind == MoveKind::Double {
                    self.set_en_passant(v, m.from, m.to);
                }
            }
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.to_move = us.opponent();
        self.key ^=
            before ^ self.squares_key(v, &touched[..len]) ^ self.rights_key(v) ^ v.zobrist.black;
        if v.first_move_gates && m.dropped().is_none() {
            undo.aimed = self.aim_rook(v, us, role_of(undo.mover), m.to);
        }
        if let Some((role, delta)) = hand_change {
            self.hand_add(v, us, role, delta);
        }
        if let Some(c) = &v.counting {
            let captured = is_piece(undo.captured).then(|| role_of(undo.captured));
            let armies = Armies {
                pieces: [&self.pieces[0].squares, &self.pieces[1].squares],
                cells: &self.cells,
            };
            let promoted = m.promotion.is_some();
            self.count = after_move(v, c, armies, self.to_move, self.count, captured, promoted);
        }
        if let Some(wall) = m.wall {
            let z = &v.zobrist;
            if v.walls == Some(Walls::Duck) {
                if let Some(old) = self.duck {
                    self.cells[usize::from(old)] = EMPTY;
                    self.key ^= z.square(old, BOULDER, false);
                }
                self.duck = Some(wall);
            }
            self.cells[usize::from(wall)] = BOULDER;
            self.key ^= z.square(wall, BOULDER, false);
        }
        undo
    }

    /// Cambodian chess: a rook (the type lettered R) of `us` that lands on `to` takes
    /// away the first move of an enemy royal on that file or rank, whatever stands between;
    /// the royal's square, if it did.
    fn aim_rook(&mut self, v: &Variant, us: Color, mover: Role, to: Square) -> Option<Square> {
        if v[mover].letter != 'R' {
            return None;
        }
        let g = v.geometry;
        let them = us.opponent();
        let royal = self.royals(them).iter().copied().find(|&r| {
            (g.file(r) == g.file(to) || g.rank(r) == g.rank(to)) && !self.moved[usize::from(r)]
        })?;
        let cell = self.cells[usize::from(royal)];
        self.key ^= v.zobrist.square(royal, cell, false) ^ v.zobrist.square(royal, cell, true);
        self.moved[usize::from(royal)] = true;
        Some(royal)
    }

    /// Placement chess (`castling.drop_file`): a king dropped on that file of its first
    /// rank may castle with the rooks in that rank's corners, and a rook dropped in a
    /// corner with the king standing there.
    fn castle_dropped(&mut self, v: &Variant, us: Color, role: Role, to: Square) {
        let (Some(rule), Some(file)) = (v.castling, v.castling_drop_file) else {
            return;
        };
        let g = v.geometry;
        let rank = if us == Color::White {
            0
        } else {
            i32::from(g.ranks()) - 1
        };
        let (file, last) = (i32::from(file), i32::from(g.files()) - 1);
        if g.rank(to) != rank {
            return;
        }
        let holds = |sq: Option<Square>, is: &dyn Fn(Role) -> bool| {
            sq.filter(|&s| {
                let c = self.cells[usize::from(s)];
                is_piece(c) && side_of(c) == us && is(role_of(c))
            })
        };
        let wing = |corner: i32| {
            if corner > file {
                Wing::King
            } else {
                Wing::Queen
            }
        };
        let mut grants = Vec::new();
        if role == rule.king && g.file(to) == file {
            for corner in [0, last] {
                if let Some(rook) = holds(g.square(corner, rank), &|r| rule.is_rook(r)) {
                    grants.push((to, wing(corner), rook));
                }
            }
        } else if rule.is_rook(role)
            && (g.file(to) == 0 || g.file(to) == last)
            && let Some(king) = holds(g.square(file, rank), &|r| r == rule.king)
        {
            grants.push((king, wing(g.file(to)), to));
        }
        for (king, wing, rook) in grants {
            self.castles.grant(us, king, wing, rook);
        }
    }

    /// An atomic capture's explosion on `at`: the piece there and every piece around but
    /// those `ex` spares go, each kept in `blasted` to be put back. The key loses every
    /// square but `at` (the move's own squares are keyed by `make_board`).
    fn explode(&mut self, v: &Variant, ex: &Explosions, at: Square, blasted: &mut Blasted) {
        let g = v.geometry;
        let (file, rank) = (g.file(at), g.rank(at));
        for dr in -1..=1 {
            for df in -1..=1 {
                let Some(sq) = g.square(file + df, rank + dr) else {
                    continue;
                };
                let cell = self.cells[usize::from(sq)];
                if !is_piece(cell) {
                    continue;
                }
                let role = role_of(cell);
                if ex.immune.contains(&role) || (sq != at && ex.spares.contains(&role)) {
                    continue;
                }
                let moved = self.moved[usize::from(sq)];
                if sq != at {
                    self.key ^= v.zobrist.square(sq, cell, moved);
                }
                let (_, slot) = self.take_slot(v, sq);
                self.castles.forget(sq);
                blasted.pieces[usize::from(blasted.len)] = (sq, cell, moved, slot);
                blasted.len += 1;
            }
        }
    }

    /// Takes back `m`, played by [`make`](Self::make) which returned `undo`.
    pub fn unmake(&mut self, v: &Variant, m: Move, undo: &Undo) {
        // The wall goes first (it may stand where the mover comes back to), the duck back
        // where it stood.
        if let Some(wall) = m.wall {
            self.cells[usize::from(wall)] = EMPTY;
            if let Some(old) = undo.duck.filter(|_| v.walls == Some(Walls::Duck)) {
                self.cells[usize::from(old)] = BOULDER;
            }
            self.duck = undo.duck;
        }
        // What an explosion took (or a capture petrified) comes back first, the mover
        // with it.
        let blasted = &undo.blasted;
        for &(sq, cell, moved, slot) in blasted.pieces[..usize::from(blasted.len)].iter().rev() {
            self.restore(v, sq, cell, moved, slot);
        }
        let us = self.to_move.opponent();
        self.to_move = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        match m.kind {
            MoveKind::Castle { rook: from } => {
                // Put last, taken first: the lists end as they were.
                let rook = self.take(v, rook_landing(m));
                let king = self.take(v, m.to);
                self.restore(v, from, rook, false, undo.rook_slot);
                self.restore(v, m.from, king, false, undo.mover_slot);
            }
            MoveKind::Drop { role } => {
                self.take(v, m.to);
                self.hands[us][role.index()] += 1;
            }
            _ => {
                if m.promotion.is_some() {
                    self.take(v, m.to);
                    self.restore(v, m.to, undo.mover, true, undo.mover_slot);
                }
                self.shift(v, m.to, m.from);
                self.moved[usize::from(m.from)] = undo.mover_moved;
                if v.drops {
                    self.promoted[usize::from(m.to)] = false;
                    self.promoted[usize::from(m.from)] = undo.mover_promoted;
                }
                if undo.captured != EMPTY {
                    self.restore(
                        v,
                        undo.captured_at,
                        undo.captured,
                        undo.captured_moved,
                        undo.captured_slot,
                    );
                    if v.drops && is_piece(undo.captured) {
                        self.promoted[usize::from(undo.captured_at)] = undo.captured_promoted;
                        if v.captures_to_hand {
                            let role = v.to_hand(role_of(undo.captured), undo.captured_promoted);
                            self.hands[us][role.index()] -= 1;
                        }
                    }
                }
            }
        }
        self.castles = undo.castles;
        if let Some(sq) = undo.aimed {
            self.moved[usize::from(sq)] = false;
        }
        self.en_passant = undo.en_passant;
        self.last_drop = undo.last_drop;
        self.halfmove = undo.halfmove;
        self.count = undo.count;
        self.checks_left = undo.checks_left;
        self.key = undo.key;
    }

    fn set_en_passant(&mut self, v: &Variant, from: Square, to: Square) {
        let g = v.geometry;
        let (f0, r0) = (g.file(from), g.rank(from));
        let (n, (sx, sy)) = g.steps(from, to);
        if n < 2 {
            return;
        }
        let mut passed = [Square::default(); 4];
        let mut len = 0;
        // Only where the other side may take en passant (`rules.en_passant`).
        let takers = &v.en_passant_squares[self.to_move.opponent()];
        for k in 1..n.min(5) {
            if let Some(s) = g.square(f0 + k * sx, r0 + k * sy)
                && takers.as_ref().is_none_or(|t| t[usize::from(s)])
            {
                passed[len] = s;
                len += 1;
            }
        }
        if len == 0 {
            return;
        }
        self.en_passant = EnPassant::new(&passed[..len], to);
    }
}
