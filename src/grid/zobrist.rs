//! Zobrist keys: one random 64-bit number per thing a position can hold, so that a
//! position's key is the XOR of the numbers of what it holds and a move changes it by a
//! few XORs. The search's transposition table and the repetition rule read it.

use super::board::Square;
use super::cell::{Cell, is_piece, role_of, side_of};
use super::rules::{MAX_TYPES, PieceType, Role};

/// The random numbers of one variant's board, fixed by a seed so that keys are the same
/// in every run (fixed-depth searches give the same move every time).
#[derive(Clone, Debug)]
pub struct Zobrist {
    squares: usize,
    /// By what stands (see [`Zobrist::slot`]) and square.
    cells: Vec<u64>,
    /// By square: an unmoved piece whose type has first-move-only moves stands there.
    unmoved: Vec<u64>,
    /// By square: the rook of a castling right stands there.
    castling: Vec<u64>,
    /// By square: the piece that may be taken en passant stands there.
    en_passant: Vec<u64>,
    /// By side, type and count (the last shared by all larger counts): pieces in hand.
    hand: Vec<u64>,
    /// Black is to move.
    pub(crate) black: u64,
    /// By side and count: the checks a side has still to give (n-check).
    checks: Vec<u64>,
    /// By type: whether its moves depend on having moved (an `i` leg).
    initial: [bool; MAX_TYPES],
}

/// Two obstacles, then each side's types.
const SLOTS: usize = 2 + 2 * MAX_TYPES;

/// Counts in hand with a number of their own; more share the last.
const HAND_COUNTS: usize = 64;

/// Counts of checks still to give with a number of their own; more share the last.
const CHECK_COUNTS: usize = 100;

impl Zobrist {
    /// The numbers for a board of `squares` squares and these types.
    pub fn new(squares: usize, types: &[PieceType]) -> Zobrist {
        let mut rng = crate::random::Rng::new(0x5eed_a4ea_c4e5_5000);
        let mut next = || rng.next_u64();
        let mut table = |n: usize| (0..n).map(|_| next()).collect::<Vec<u64>>();
        let cells = table(SLOTS * squares);
        let unmoved = table(squares);
        let castling = table(squares);
        let en_passant = table(squares);
        let black = table(1)[0];
        let hand = table(2 * MAX_TYPES * HAND_COUNTS);
        let checks = table(2 * CHECK_COUNTS);
        let mut initial = [false; MAX_TYPES];
        for (flag, t) in initial.iter_mut().zip(types) {
            *flag = t
                .chains
                .iter()
                .any(|c| c.legs.iter().any(|l| l.modes.initial));
        }
        Zobrist {
            squares,
            cells,
            unmoved,
            castling,
            en_passant,
            hand,
            black,
            checks,
            initial,
        }
    }

    /// Where a non-empty cell's numbers start.
    #[inline]
    fn slot(cell: Cell) -> usize {
        if is_piece(cell) {
            2 + side_of(cell).index() * MAX_TYPES + role_of(cell).index()
        } else {
            usize::from(cell & 1)
        }
    }

    /// The number of `cell` standing on `sq`, moved or not (0 for an empty square).
    #[inline]
    pub(crate) fn square(&self, sq: Square, cell: Cell, moved: bool) -> u64 {
        if cell == 0 {
            return 0;
        }
        let s = usize::from(sq);
        let mut key = self.cells[Self::slot(cell) * self.squares + s];
        if !moved && is_piece(cell) && self.initial[role_of(cell).index()] {
            key ^= self.unmoved[s];
        }
        key
    }

    /// The number of a castling right whose rook stands on `sq`.
    #[inline]
    pub(crate) fn castling(&self, sq: Square) -> u64 {
        self.castling[usize::from(sq)]
    }

    /// The number of `n` pieces of `role` in `side`'s hand (0 for none).
    #[inline]
    pub(crate) fn hand(&self, side: crate::play::Color, role: Role, n: u8) -> u64 {
        if n == 0 {
            return 0;
        }
        let count = usize::from(n).min(HAND_COUNTS - 1);
        self.hand[(side.index() * MAX_TYPES + role.index()) * HAND_COUNTS + count]
    }

    /// The number of `side` having `n` checks still to give (0 for none: a level without
    /// n-check keeps 0).
    #[inline]
    pub(crate) fn checks(&self, side: crate::play::Color, n: u8) -> u64 {
        if n == 0 {
            return 0;
        }
        self.checks[side.index() * CHECK_COUNTS + usize::from(n).min(CHECK_COUNTS - 1)]
    }

    /// The number of an en-passant chance on the piece standing on `sq`.
    #[inline]
    pub(crate) fn en_passant(&self, sq: Square) -> u64 {
        self.en_passant[usize::from(sq)]
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::{Move, legal_moves};
    use std::path::Path;

    /// Plays pseudo-random games on every shipped grid level and checks, after each make
    /// and unmake, that the kept key is the key computed afresh.
    #[test]
    fn kept_key_equals_the_key_computed_afresh() {
        let mut levels = 0;
        for entry in std::fs::read_dir("levels").expect("levels/") {
            let path = entry.expect("an entry").path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let Ok(level) = crate::level::load(Path::new(&path)).map(|l| l.into_grid()) else {
                continue;
            };
            let Ok(level) = level else { continue };
            levels += 1;
            let v = &level.variant;
            let mut pos = level.start.clone();
            let mut rng = crate::random::Rng::new(7);
            let mut list: Vec<Move> = Vec::new();
            let fresh = |pos: &crate::grid::Position| {
                let mut p = pos.clone();
                p.rekey(v);
                p.key()
            };
            assert_eq!(pos.key(), fresh(&pos), "{}", path.display());
            for _ in 0..120 {
                legal_moves(v, &mut pos, &mut list);
                if list.is_empty() {
                    break;
                }
                let m = list[rng.below(list.len())];
                let before = pos.key();
                let undo = pos.make(v, m);
                assert_eq!(pos.key(), fresh(&pos), "{} after {m:?}", path.display());
                assert_ne!(pos.key(), before, "a move changes the key");
                pos.unmake(v, m, &undo);
                assert_eq!(pos.key(), before, "unmake restores the key");
                pos.make(v, m);
            }
        }
        assert!(levels >= 8, "only {levels} grid levels found");
    }
}
