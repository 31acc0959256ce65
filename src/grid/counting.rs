//! Makruk's and Cambodian counting: once one side has no pawns left to promote and the
//! other is nearly bare, the stronger side must mate within a number of moves or the game
//! is drawn. Decided as Fairy-Stockfish decides it (`countingRule`), so games end where
//! pyffish ends them and FENs carry the count as Fairy-Stockfish writes it: the limit in
//! the en-passant field, the count in the halfmove field.
//!
//! | rule | decision |
//! | --- | --- |
//! | pawns | pieces of a type that promotes, not yet promoted; while any stands, nobody counts |
//! | the counted pieces | of the types lettered R (rook), S (khon) and N (knight), if the level has them |
//! | board's honour | the weaker side (the one counting) has more than its king, the other more than its king: 64 moves (Cambodian: 63, and only with at most three pieces) |
//! | pieces' honour | the counting side is bare: the limit from the other side's pieces, two rooks 8, a rook 16, two khons 22, two knights 32, a khon 44, else 64 (Cambodian one less each) |
//! | the count | in plies, as Fairy-Stockfish keeps it: one more each move once counting has begun; a bare side starts at twice the pieces on the board |
//! | the end | a draw when the count passes the limit, unless the side to move is checkmated |
//! | the search's key | the count is left out of a position's key, like the other clocks |

use super::position::{Position, role_of};
use super::variant::{Role, Variant};
use crate::play::Color;

/// Which counting rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Thai makruk's board's and pieces' honour.
    Makruk,
    /// Cambodian ouk chaktrang's, a move shorter each.
    Cambodian,
}

/// A level's counting: the rule, and the types it counts by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting {
    /// The rule.
    pub rule: CountingRule,
    /// The rook's type (letter R), if the level has one.
    pub rook: Option<Role>,
    /// The khon's type (letter S).
    pub khon: Option<Role>,
    /// The knight's type (letter N).
    pub knight: Option<Role>,
}

impl Counting {
    /// The rule on `v`'s types, found by their letters.
    pub fn on(rule: CountingRule, v: &Variant) -> Counting {
        Counting {
            rule,
            rook: v.role_of_letter('R'),
            khon: v.role_of_letter('S'),
            knight: v.role_of_letter('N'),
        }
    }
}

/// Where a game's count stands: the limit in plies (0: nobody counts yet) and the plies
/// counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// The limit in plies; 0 while nobody counts.
    pub limit: u32,
    /// The plies counted.
    pub ply: u32,
}

/// How many of `side`'s pieces are of `role`.
fn count_of(pos: &Position, side: Color, role: Option<Role>) -> usize {
    role.map_or(0, |r| {
        pos.pieces(side)
            .iter()
            .filter(|&&sq| role_of(pos.cell(sq)) == r)
            .count()
    })
}

/// Whether a piece of a type that promotes stands anywhere.
fn any_pawn(v: &Variant, pos: &Position) -> bool {
    Color::BOTH.into_iter().any(|side| {
        pos.pieces(side)
            .iter()
            .any(|&sq| v[role_of(pos.cell(sq))].promotion.is_some())
    })
}

/// The limit, in moves, for `side` counting (0: it does not count).
fn limit(v: &Variant, c: &Counting, pos: &Position, side: Color) -> u32 {
    let other = side.opponent();
    let ours = pos.pieces(side).len();
    if pos.pieces(other).len() == 1 {
        return 0;
    }
    let theirs = |role| count_of(pos, other, role);
    let less = match c.rule {
        CountingRule::Makruk => {
            if any_pawn(v, pos) {
                return 0;
            }
            0
        }
        CountingRule::Cambodian => {
            if ours > 3 {
                return 0;
            }
            if ours > 1 {
                return 63;
            }
            if any_pawn(v, pos) {
                return 0;
            }
            1
        }
    };
    let moves = if ours > 1 {
        64
    } else if theirs(c.rook) > 1 {
        8
    } else if theirs(c.rook) == 1 {
        16
    } else if theirs(c.khon) > 1 {
        22
    } else if theirs(c.knight) > 1 {
        32
    } else if theirs(c.khon) == 1 {
        44
    } else {
        64
    };
    moves - less
}

/// Updates the count after a move: `pos` is the position after it (the other side to
/// move) and `count` the count before it; `captured` is the type taken, if any.
pub(crate) fn after_move(
    v: &Variant,
    c: &Counting,
    pos: &Position,
    mut count: Count,
    captured: Option<Role>,
    promoted: bool,
) -> Count {
    if count.limit > 0 {
        count.ply += 1;
    }
    let us = pos.to_move();
    let mover = us.opponent();
    let all = (pos.pieces(Color::White).len() + pos.pieces(Color::Black).len()) as u32;
    let took_pawn = captured.is_some_and(|r| v[r].promotion.is_some());
    if took_pawn && pos.pieces(mover).len() == 1 && !any_pawn(v, pos) {
        let moves = limit(v, c, pos, mover);
        if moves > 0 {
            count = Count {
                limit: 2 * moves,
                ply: 2 * all - 1,
            };
        }
    }
    let bared = (captured.is_some() || promoted) && pos.pieces(us).len() == 1;
    if count.limit == 0 || bared {
        let moves = limit(v, c, pos, us);
        if moves > 0 {
            let ply = if pos.pieces(us).len() > 1 { 0 } else { 2 * all };
            count = Count {
                limit: 2 * moves,
                ply,
            };
        }
    }
    count
}

/// Whether the count has passed its limit: the game is drawn, unless the side to move is
/// checkmated (the caller decides that).
pub fn expired(pos: &Position) -> bool {
    let count = pos.count();
    count.limit > 0 && count.ply > count.limit
}
