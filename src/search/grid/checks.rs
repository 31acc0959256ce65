//! Check on a grid without making the move: the lanes from which the side to move could
//! check the enemy's one royal ([`CheckLanes`], a quick proof that a plain move does not
//! check), and whether a royal is attacked once one piece has moved, asked by changing
//! two cells in place ([`royal_attacked_after`]). The search's `gives_check` and the
//! exchange's pins both ask it.

use crate::grid::movegen::{holds, is_attacked};
use crate::grid::{Cell, EMPTY, is_piece, role_of, side_of};
use crate::grid::{Position, Role, RoyalRule, Square, Variant};
use crate::play::Color;

/// The squares from which the side to move could attack the enemy's royal in one move as
/// the board stands, and its pieces whose leaving may open a line onto it: a quick proof
/// that a plain move does not check. Kept only where every attack of that side is a leap
/// or a line (no lame leaps, bent riders, hoppers or attacks found by generating) and
/// royals may not be left attacked, so the side not to move never stands in check.
#[derive(Clone, Debug, Default)]
pub(super) struct CheckLanes {
    /// Whether the sets are those of the position as it stands.
    pub(super) known: bool,
    /// Words of one set of squares.
    words: usize,
    /// By role: the squares from which a piece of it would attack the royal: a leap's
    /// start, or a square on a line with nothing between it and the royal.
    by_role: Vec<u64>,
    /// The side's pieces that alone stand between the royal and a piece of the side
    /// attacking along that line.
    openers: Vec<u64>,
}

impl CheckLanes {
    /// Whether every attack of side `by` is a leap or a line, so that lanes prove moves
    /// quiet.
    pub(super) fn usable(v: &Variant, by: Color) -> bool {
        let a = &v.tables.attacks[by];
        v.royal_rule == RoyalRule::Checkmate
            && a.lame.is_empty()
            && a.bent.is_empty()
            && a.hops.is_empty()
            && !a.any_forward
    }

    /// The lanes of side `by` onto a royal on `royal` in `pos`.
    pub(super) fn build(&mut self, v: &Variant, pos: &Position, by: Color, royal: Square) {
        let t = &v.tables;
        let roles = v.types.len();
        self.words = v.geometry.squares().div_ceil(64);
        self.by_role.clear();
        self.by_role.resize(roles * self.words, 0);
        self.openers.clear();
        self.openers.resize(self.words, 0);
        let words = self.words;
        let bit = |sq: Square| (usize::from(sq) / 64, 1_u64 << (usize::from(sq) % 64));
        for &(from, types) in t.leaps_to(by, royal) {
            let (w, b) = bit(from);
            for role in 0..roles.min(32) {
                if types >> role & 1 != 0 {
                    self.by_role[role * words + w] |= b;
                }
            }
        }
        for line in &t.attacks[by].lines {
            let back = t.reverse(line.line, royal);
            let longest = usize::from(line.longest).min(back.len());
            for (k, &s) in back[..longest].iter().enumerate() {
                let (w, b) = bit(s);
                for role in 0..roles {
                    if usize::from(line.reach[role]) > k {
                        self.by_role[role * words + w] |= b;
                    }
                }
                let c = pos.cell(s);
                if c == EMPTY {
                    continue;
                }
                // The first piece on the line: one of ours opens it if the next piece
                // beyond is ours and attacks along it.
                if is_piece(c) && side_of(c) == by {
                    let beyond = back[k + 1..longest]
                        .iter()
                        .enumerate()
                        .find(|&(_, &s2)| pos.cell(s2) != EMPTY);
                    if let Some((j, &s2)) = beyond {
                        let c2 = pos.cell(s2);
                        if is_piece(c2)
                            && side_of(c2) == by
                            && usize::from(line.reach[role_of(c2).index()]) > k + 1 + j
                        {
                            self.openers[w] |= b;
                        }
                    }
                }
                break;
            }
        }
        self.known = true;
    }

    /// Whether a piece of `role` arriving on `to` from `from` may check the royal: it
    /// lands where its kind attacks the royal from, or it leaves a line to it open. (A
    /// piece that moves away along a line it attacks along gave check already, which the
    /// rules exclude.)
    pub(super) fn may_check(&self, role: Role, from: Square, to: Square) -> bool {
        holds(&self.by_role[role.index() * self.words..], usize::from(to))
            || holds(&self.openers, usize::from(from))
    }
}

/// Whether one of `side`'s royals (but one standing on `to`, which the move takes) is
/// attacked once the piece on `from` has moved to `to` as `arrived`: the two cells are
/// changed in place, all that an attack looked up backwards reads, and put back.
pub(super) fn royal_attacked_after(
    v: &Variant,
    pos: &mut Position,
    from: Square,
    to: Square,
    arrived: Cell,
    side: Color,
) -> bool {
    let (moved, there) = (pos.cells[usize::from(from)], pos.cells[usize::from(to)]);
    pos.cells[usize::from(from)] = EMPTY;
    pos.cells[usize::from(to)] = arrived;
    let attacked = pos
        .royals(side)
        .iter()
        .any(|&r| r != to && is_attacked(v, pos, r, side.opponent()));
    pos.cells[usize::from(from)] = moved;
    pos.cells[usize::from(to)] = there;
    attacked
}
