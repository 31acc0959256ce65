//! What the evaluation adds for a level's own goals, so that the search steers toward
//! them before it can see them reached: checks given under n-check, the flag piece's
//! distance to its region, the last pieces of a type under extinction, and material turned
//! upside down where giving everything away wins (antichess, losers chess).

use crate::grid::rules::{Goals, Outcome};
use crate::grid::{Position, Variant, role_of};
use crate::play::Color;

/// A check given, under n-check, worth this much; the last one before the goal more.
const CHECK_GIVEN: i32 = 250;
/// The check before the winning one, on top of [`CHECK_GIVEN`].
const CHECK_BEFORE_LAST: i32 = 600;
/// Each step the flag piece is nearer its region than the board's longest distance.
const FLAG_STEP: i32 = 45;
/// A type of which a side has only the last piece extinction allows.
const LAST_OF_A_TYPE: i32 = 250;

/// The goals' tables, built once per variant.
#[derive(Clone, Debug, Default)]
pub(super) struct GoalTables {
    /// By side and square: the king steps from there to the side's flag region (none
    /// where the side has no region).
    flag_distance: [Vec<u8>; 2],
    /// The longest such distance on the board.
    longest: i32,
}

impl GoalTables {
    /// The tables `v`'s goals need.
    pub(super) fn of_variant(v: &Variant) -> GoalTables {
        let Some(flag) = &v.goals.flag else {
            return GoalTables::default();
        };
        let g = v.geometry;
        let longest = i32::from(g.files().max(g.ranks())) - 1;
        let mut flag_distance = [Vec::new(), Vec::new()];
        for side in Color::BOTH {
            let region: Vec<_> = g
                .all()
                .filter(|&sq| flag.region[side][usize::from(sq)])
                .collect();
            if region.is_empty() {
                continue;
            }
            flag_distance[side] = g
                .all()
                .map(|sq| {
                    region
                        .iter()
                        .map(|&t| {
                            (g.file(sq) - g.file(t))
                                .abs()
                                .max((g.rank(sq) - g.rank(t)).abs())
                        })
                        .min()
                        .unwrap_or(0) as u8
                })
                .collect();
        }
        GoalTables {
            flag_distance,
            longest,
        }
    }

    /// By side: what its goals add to its score in `pos`. `material`: each side's material
    /// as the evaluation counted it.
    pub(super) fn terms(&self, v: &Variant, pos: &Position, material: &[i32; 2]) -> [i32; 2] {
        let goals: &Goals = &v.goals;
        let mut terms = [0; 2];
        for side in Color::BOTH {
            let term = &mut terms[side];
            if let Some(n) = goals.checks {
                let given = i32::from(n) - i32::from(pos.checks_left(side));
                *term += given * CHECK_GIVEN;
                if given == i32::from(n) - 1 {
                    *term += CHECK_BEFORE_LAST;
                }
            }
            if let Some(flag) = &goals.flag
                && !self.flag_distance[side].is_empty()
            {
                let nearest = pos
                    .pieces(side)
                    .iter()
                    .filter(|&&sq| role_of(pos.cell(sq)) == flag.piece)
                    .map(|&sq| i32::from(self.flag_distance[side][usize::from(sq)]))
                    .min();
                if let Some(d) = nearest {
                    *term += (self.longest - d) * FLAG_STEP;
                }
            }
            if let Some(e) = &goals.extinction {
                let sign = match e.outcome {
                    Outcome::Loss => -1,
                    Outcome::Win => 1,
                    Outcome::Draw => 0,
                };
                if e.types.is_empty() {
                    // Everything given away wins: fewer pieces are worth more.
                    if e.outcome == Outcome::Win {
                        *term -= 2 * material[side];
                    }
                } else {
                    for &role in &e.types {
                        let count = pos
                            .pieces(side)
                            .iter()
                            .filter(|&&sq| role_of(pos.cell(sq)) == role)
                            .count() as i32
                            + i32::from(pos.in_hand(side, role));
                        if count == i32::from(e.left) + 1 {
                            *term += sign * LAST_OF_A_TYPE;
                        }
                    }
                }
            }
        }
        terms
    }
}
