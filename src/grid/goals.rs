//! A level's own ends, as Fairy-Stockfish judges them before the side to move plays:
//! extinction, the flag and n-check, read off a position. Forced captures, forbidden
//! checks and the flag's answer need legal moves and live in `legal`.

use super::board::Square;
use super::cell::{is_piece, role_of, side_of};
use super::movegen::attackers;
use super::position::Position;
use super::rules::{Extinction, Flag, Outcome};
use super::variant::Variant;
use crate::play::{Color, Goal};

/// A game ended by one of the level's goals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalEnd {
    /// The winner (`None`: a draw).
    pub winner: Option<Color>,
    /// Which goal ended it.
    pub goal: Goal,
}

/// How many pieces `side` has of `role` (of every type, without one), on the board and in
/// hand.
pub fn count_with_hand(pos: &Position, side: Color, role: Option<super::rules::Role>) -> u32 {
    let on_board = pos
        .pieces(side)
        .iter()
        .filter(|&&sq| role.is_none_or(|r| role_of(pos.cell(sq)) == r))
        .count() as u32;
    let in_hand: u32 = match role {
        Some(r) => u32::from(pos.in_hand(side, r)),
        None => pos.hands[side].iter().map(|&n| u32::from(n)).sum(),
    };
    on_board + in_hand
}

/// The side extinction has befallen, if it has: the side that has just moved is looked
/// at first, as Fairy-Stockfish does.
pub fn extinct(rule: &Extinction, pos: &Position) -> Option<Color> {
    let us = pos.to_move();
    [us.opponent(), us].into_iter().find(|&side| {
        let left = |role| count_with_hand(pos, side, role) <= u32::from(rule.left);
        if rule.types.is_empty() {
            left(None)
        } else {
            rule.types.iter().any(|&r| left(Some(r)))
        }
    })
}

/// The end extinction makes of the game, if it has made one.
pub fn extinction_end(v: &Variant, pos: &Position) -> Option<GoalEnd> {
    let rule = v.goals.extinction.as_ref()?;
    let side = extinct(rule, pos)?;
    Some(GoalEnd {
        winner: match rule.outcome {
            Outcome::Loss => Some(side.opponent()),
            Outcome::Win => Some(side),
            Outcome::Draw => None,
        },
        goal: Goal::Extinction,
    })
}

/// Whether `sq` lies in `side`'s flag region.
pub fn in_flag_region(flag: &Flag, side: Color, sq: Square) -> bool {
    flag.region[side]
        .get(usize::from(sq))
        .copied()
        .unwrap_or(false)
}

/// Whether a piece of `side` of the flag's type stands in `side`'s region.
pub fn flag_reached(flag: &Flag, pos: &Position, side: Color) -> bool {
    pos.pieces(side).iter().any(|&sq| {
        let c = pos.cell(sq);
        is_piece(c)
            && side_of(c) == side
            && role_of(c) == flag.piece
            && in_flag_region(flag, side, sq)
    })
}

/// Under shatar's rule on mates (`rules.shatar_mate`, as Fairy-Stockfish's
/// shatarMateRule), what the mate that ends `positions` makes of the game, if not the
/// usual win: a mate given by knights (the type lettered N) alone wins for the mated
/// side; else the checks the mating side gave in a row up to the mate are looked at, and
/// unless one of them was given by a knight, rook or bers (N, R, J), the game is drawn.
pub fn shatar_mate(v: &Variant, positions: &[Position]) -> Option<GoalEnd> {
    if !v.goals.shatar_mate {
        return None;
    }
    let now = positions.last()?;
    let ended = |winner| {
        Some(GoalEnd {
            winner,
            goal: Goal::ShatarMate,
        })
    };
    if shatar_checks(v, now).knights_only {
        return ended(Some(now.to_move()));
    }
    let mut k = positions.len() - 1;
    loop {
        let checks = shatar_checks(v, &positions[k]);
        if !checks.check {
            break;
        }
        if checks.shak {
            return None;
        }
        if k < 2 {
            break;
        }
        k -= 2;
    }
    ended(None)
}

/// What shatar's rule on mates reads of a check on the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShatarChecks {
    /// Some piece gives check.
    pub check: bool,
    /// Every piece giving it is a knight (N).
    pub knights_only: bool,
    /// One of them is a knight, rook or bers (N, R, J): a shak.
    pub shak: bool,
}

/// The checks on the side to move of `pos`, as shatar's rule on mates reads them.
pub fn shatar_checks(v: &Variant, pos: &Position) -> ShatarChecks {
    let us = pos.to_move();
    let mut letters = Vec::new();
    let mut found = Vec::new();
    for &r in pos.royals(us) {
        attackers(v, pos, r, us.opponent(), &mut found);
        letters.extend(found.iter().map(|&sq| v[role_of(pos.cell(sq))].letter));
    }
    ShatarChecks {
        check: !letters.is_empty(),
        knights_only: letters.iter().all(|&c| c == 'N'),
        shak: letters.iter().any(|c| matches!(c, 'N' | 'R' | 'J')),
    }
}

/// The end n-check makes of the game: the side that has just moved has given its last
/// check.
pub fn checks_end(v: &Variant, pos: &Position) -> Option<GoalEnd> {
    v.goals.checks?;
    let them = pos.to_move().opponent();
    (pos.checks_left(them) == 0).then_some(GoalEnd {
        winner: Some(them),
        goal: Goal::Checks,
    })
}
