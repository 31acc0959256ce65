//! The static exchange evaluation on a grid: what a capture wins once both sides have
//! taken on its square with their cheapest attacker for as long as it pays, each free to
//! stop, a piece pinned to its royal taking no part. The search prunes and orders
//! captures by it.

use super::checks::royal_attacked_after;
use super::eval::GridEval;
use crate::grid::movegen::attackers;
use crate::grid::{Cell, EMPTY, is_piece, piece, role_of, side_of};
use crate::grid::{Move, Position, RoyalRule, Square, Variant};
use crate::play::Color;

/// What a royal counts for in an exchange: more than anything it could win, so that a
/// royal never takes on a square the other side still attacks.
const ROYAL_IN_EXCHANGE: i32 = 100_000;

/// The longest exchange followed on one square.
const LONGEST_EXCHANGE: usize = 32;

/// The exchange evaluation's scratch lists, kept between calls: attackers, and the cells
/// lifted.
#[derive(Clone, Debug, Default)]
pub(super) struct Exchange {
    seen: Vec<Square>,
    lifted: Vec<(Square, Cell)>,
}

/// What a cell's piece counts for in an exchange.
fn exchange_worth(eval: &GridEval, c: Cell) -> i32 {
    let role = role_of(c);
    let v: &Variant = &eval.variant;
    if v[role].royal {
        ROYAL_IN_EXCHANGE
    } else {
        eval.value(role)
    }
}

/// What `m` itself wins (the victim's worth, and a promotion's gain), and the worth
/// of the piece then standing on its target, which the exchange may lose: its result
/// lies between the first less the second and the first.
pub(super) fn first(eval: &GridEval, pos: &Position, m: Move) -> (i32, i32) {
    let us = pos.to_move();
    let victim = pos.cell(m.victim_square());
    let mut taken = 0;
    if is_piece(victim) && side_of(victim) != us {
        taken = exchange_worth(eval, victim);
    }
    let mut standing = exchange_worth(eval, pos.cell(m.from));
    if let Some(p) = m.promotion {
        let promoted = eval.value(p);
        taken += promoted - standing;
        standing = promoted;
    }
    (taken, standing)
}

impl Exchange {
    /// The static exchange evaluation of `m`: what the mover wins (or loses, below 0)
    /// when both sides then take on its target square with their least valuable attacker
    /// that may (not one pinned to its royal) for as long as it pays, each free to stop.
    /// Pieces are lifted off the board as they take, so attacks behind them (and screens
    /// of cannons) count; the board is left as it was.
    pub(super) fn evaluate(&mut self, eval: &GridEval, pos: &mut Position, m: Move) -> i32 {
        let us = pos.to_move();
        let victim_at = m.victim_square();
        let mover = pos.cell(m.from);
        let mut gains = [0_i32; LONGEST_EXCHANGE + 1];
        let (taken, mut standing) = first(eval, pos, m);
        gains[0] = taken;
        let arrived = m.promotion.map_or(mover, |p| piece(us, p));
        self.lifted.clear();
        for sq in [m.from, victim_at, m.to] {
            if !self.lifted.iter().any(|&(s, _)| s == sq) {
                self.lifted.push((sq, pos.cell(sq)));
            }
        }
        pos.cells[usize::from(m.from)] = EMPTY;
        pos.cells[usize::from(victim_at)] = EMPTY;
        pos.cells[usize::from(m.to)] = arrived;
        let v = &*eval.variant;
        let mut side = us.opponent();
        let mut depth = 0;
        let mut seen = std::mem::take(&mut self.seen);
        while depth < LONGEST_EXCHANGE {
            attackers(v, pos, m.to, side, &mut seen);
            // The cheapest attacker that may take: one pinned to its royal, or leaving a
            // check standing, is passed over for the next.
            let taker = loop {
                let Some((k, from, worth)) = seen
                    .iter()
                    .enumerate()
                    .map(|(k, &sq)| (k, sq, exchange_worth(eval, pos.cell(sq))))
                    .min_by_key(|&(_, _, worth)| worth)
                else {
                    break None;
                };
                if may_take(v, pos, from, m.to, side) {
                    break Some((from, worth));
                }
                seen.swap_remove(k);
            };
            let Some((from, worth)) = taker else {
                break;
            };
            depth += 1;
            gains[depth] = standing - gains[depth - 1];
            // Neither side can do better by going on: the rest does not change the result.
            if (-gains[depth - 1]).max(gains[depth]) < 0 {
                break;
            }
            let taker = pos.cell(from);
            self.lifted.push((from, taker));
            pos.cells[usize::from(from)] = EMPTY;
            pos.cells[usize::from(m.to)] = taker;
            standing = worth;
            side = side.opponent();
        }
        self.seen = seen;
        while let Some((sq, c)) = self.lifted.pop() {
            pos.cells[usize::from(sq)] = c;
        }
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }
}

/// Whether `side`'s piece on `from` may take on `to` in an exchange (the board as the
/// exchange has left it): not where that leaves one of its royals attacked, as a piece
/// pinned to its royal would. A royal taking is left to the exchange's worths; so is every
/// taker where royals may be taken.
fn may_take(v: &Variant, pos: &mut Position, from: Square, to: Square, side: Color) -> bool {
    let taker = pos.cells[usize::from(from)];
    v.royal_rule == RoyalRule::Capture
        || v[role_of(taker)].royal
        || !royal_attacked_after(v, pos, from, to, taker, side)
}
