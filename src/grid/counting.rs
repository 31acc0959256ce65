//! Makruk's, Cambodian and ASEAN counting: once one side has no pawns left to promote and the
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
//! | ASEAN | only a bare side counts, and only against a rook (16 moves), else a khon (lettered B, 44), else a knight (64); the count starts at 0 |
//! | the count | in plies, as Fairy-Stockfish keeps it: one more each move once counting has begun; a bare side starts at twice the pieces on the board |
//! | the end | a draw when the count passes the limit, unless the side to move is checkmated |
//! | the search's key | the count is left out of a position's key, like the other clocks |

use super::board::Square;
use super::cell::{Cell, role_of};
use super::rules::{Counting, CountingRule, Role};
use super::variant::Variant;
use crate::play::Color;

/// Where a game's count stands: the limit in plies (0: nobody counts yet) and the plies
/// counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// The limit in plies; 0 while nobody counts.
    pub limit: u32,
    /// The plies counted.
    pub ply: u32,
}

impl Count {
    /// Whether the count has passed its limit: the game is drawn, unless the side to move
    /// is checkmated (the caller decides that).
    pub fn expired(self) -> bool {
        self.limit > 0 && self.ply > self.limit
    }
}

/// What counting reads of a position: each side's pieces and what stands on their squares.
#[derive(Clone, Copy)]
pub(crate) struct Armies<'a> {
    /// By side: the squares of its pieces.
    pub pieces: [&'a [Square]; 2],
    /// By square: what stands there.
    pub cells: &'a [Cell],
}

impl Armies<'_> {
    /// The squares of `side`'s pieces.
    fn of(&self, side: Color) -> &[Square] {
        self.pieces[side]
    }

    /// The role of the piece on `sq`.
    fn role(&self, sq: Square) -> Role {
        role_of(self.cells[usize::from(sq)])
    }
}

/// How many of `side`'s pieces are of `role`.
fn count_of(pos: Armies<'_>, side: Color, role: Option<Role>) -> usize {
    role.map_or(0, |r| {
        pos.of(side).iter().filter(|&&sq| pos.role(sq) == r).count()
    })
}

/// Whether a piece of a type that promotes stands anywhere.
fn any_pawn(v: &Variant, pos: Armies<'_>) -> bool {
    Color::BOTH.into_iter().any(|side| {
        pos.of(side)
            .iter()
            .any(|&sq| v[pos.role(sq)].promotion.is_some())
    })
}

/// The limit, in moves, for `side` counting (0: it does not count).
fn limit(v: &Variant, c: &Counting, pos: Armies<'_>, side: Color) -> u32 {
    let other = side.opponent();
    let ours = pos.of(side).len();
    if pos.of(other).len() == 1 {
        return 0;
    }
    let theirs = |role| count_of(pos, other, role);
    let less = match c.rule {
        CountingRule::Asean => {
            return if any_pawn(v, pos) || ours > 1 {
                0
            } else if theirs(c.rook) > 0 {
                16
            } else if theirs(c.khon) > 0 {
                44
            } else if theirs(c.knight) > 0 {
                64
            } else {
                0
            };
        }
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

/// Updates the count after a move: `pos` is the position after it, `us` the side to move
/// there (the other side moved) and `count` the count before it; `captured` is the type
/// taken, if any.
pub(crate) fn after_move(
    v: &Variant,
    c: &Counting,
    pos: Armies<'_>,
    us: Color,
    mut count: Count,
    captured: Option<Role>,
    promoted: bool,
) -> Count {
    if count.limit > 0 {
        count.ply += 1;
    }
    let mover = us.opponent();
    let all = (pos.of(Color::White).len() + pos.of(Color::Black).len()) as u32;
    let took_pawn =
        c.rule != CountingRule::Asean && captured.is_some_and(|r| v[r].promotion.is_some());
    if took_pawn && pos.of(mover).len() == 1 && !any_pawn(v, pos) {
        let moves = limit(v, c, pos, mover);
        if moves > 0 {
            count = Count {
                limit: 2 * moves,
                ply: 2 * all - 1,
            };
        }
    }
    let bared = (captured.is_some() || promoted) && pos.of(us).len() == 1;
    if count.limit == 0 || bared {
        let moves = limit(v, c, pos, us);
        if moves > 0 {
            let ply = if c.rule == CountingRule::Asean || pos.of(us).len() > 1 {
                0
            } else {
                2 * all
            };
            count = Count {
                limit: 2 * moves,
                ply,
            };
        }
    }
    count
}
