//! What the window's computer spends at each strength: how deep or how long it searches,
//! and how much it misjudges on purpose, so that strength 1 loses to a beginner and
//! strength 5 plays as well as the engine can in a few seconds.
//!
//! | strength | search | misjudges by up to |
//! | --- | --- | --- |
//! | 1 | one ply and the captures after it | 2.5 pawns |
//! | 2 | two plies | 1 pawn |
//! | 3 | 0.4 s | — |
//! | 4 | 1.2 s | — |
//! | 5 | 4 s | — |
//!
//! The shallow ones also stop at one second, however wide the position.

use super::{Limits, Noise};
use crate::play::Strength;
use std::time::Duration;

/// How the computer searches at one strength.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The search's bounds.
    pub limits: Limits,
    /// The largest deliberate error in its evaluation, in centipawns (0: none).
    pub blunder: i32,
}

impl Plan {
    /// The strengths' ratings on Fairy-Stockfish's `UCI_Elo` scale, weakest first, as
    /// matches have measured them (docs/engine.md gives them: 2 and 3 against
    /// Fairy-Stockfish, 1 below 2 and 4 and 5 above 3 by the matches between neighbouring
    /// strengths); UCI's `UCI_Elo` picks among them.
    pub const RATED: [(u8, i32); 5] = [(1, 778), (2, 1433), (3, 2353), (4, 2590), (5, 2758)];

    /// The plan of `strength`.
    pub fn of(strength: Strength) -> Plan {
        let (depth, millis, blunder) = match strength.get() {
            1 => (Some(1), 1000, 250),
            2 => (Some(2), 1000, 100),
            3 => (None, 400, 0),
            4 => (None, 1200, 0),
            _ => (None, 4000, 0),
        };
        Plan {
            limits: Limits {
                depth,
                movetime: Some(Duration::from_millis(millis)),
                ..Limits::default()
            },
            blunder,
        }
    }

    /// What a hint searches: as strength 4 does, without errors.
    pub fn hint() -> Plan {
        Plan::of(Strength::new(4).unwrap_or(Strength::MAX))
    }

    /// The longest the search may take.
    pub fn most_time(&self) -> Duration {
        self.limits.movetime.unwrap_or(Duration::ZERO)
    }

    /// Bounds `limits` (a GUI's) by this plan: its depth and its time, whichever is less.
    pub fn bound(&self, limits: Limits) -> Limits {
        let depth = match (limits.depth, self.limits.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let movetime = match (limits.movetime, self.limits.movetime) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            depth,
            movetime,
            ..limits
        }
    }

    /// The evaluation's errors for one game, drawn from `seed`; `None` when this plan
    /// makes none.
    pub fn noise(&self, seed: u64) -> Option<Noise> {
        (self.blunder > 0).then_some(Noise {
            amplitude: self.blunder,
            seed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_bounds_a_gui_s_limits_by_the_lesser_of_each() {
        let weak = Plan::of(Strength::MIN);
        let gui = Limits {
            movetime: Some(Duration::from_millis(100)),
            time_left: Some(Duration::from_secs(60)),
            ..Limits::default()
        };
        let bounded = weak.bound(gui);
        assert_eq!(bounded.depth, Some(1));
        assert_eq!(bounded.movetime, Some(Duration::from_millis(100)));
        assert_eq!(bounded.time_left, Some(Duration::from_secs(60)));
        let strong = Plan::of(Strength::MAX).bound(Limits::depth(30));
        assert_eq!(strong.depth, Some(30));
        assert_eq!(strong.movetime, Some(Duration::from_secs(4)));
    }

    #[test]
    fn stronger_plans_search_at_least_as_long_and_err_less() {
        let plans: Vec<Plan> = (1..=5)
            .map(|n| Plan::of(Strength::new(n).expect("a strength")))
            .collect();
        for pair in plans.windows(2) {
            assert!(pair[1].blunder <= pair[0].blunder);
            let depth = |p: &Plan| p.limits.depth.unwrap_or(u32::MAX);
            assert!(depth(&pair[1]) >= depth(&pair[0]));
        }
        assert_eq!(plans[0].limits.depth, Some(1));
        assert!(plans[0].noise(7).is_some() && plans[2].noise(7).is_none());
        assert_eq!(plans[4].most_time(), Duration::from_secs(4));
    }

    #[test]
    fn noise_stays_within_its_amplitude_and_depends_on_key_and_seed() {
        let noise = Noise {
            amplitude: 100,
            seed: 42,
        };
        let errors: Vec<i32> = (0..2000u64).map(|k| noise.of(k * 7919)).collect();
        assert!(errors.iter().all(|e| (-100..=100).contains(e)));
        assert!(errors.iter().any(|&e| e > 80) && errors.iter().any(|&e| e < -80));
        assert_eq!(
            noise.of(5),
            noise.of(5),
            "the same position, the same error"
        );
        let other = Noise { seed: 43, ..noise };
        assert!((0..50u64).any(|k| noise.of(k) != other.of(k)));
        assert_eq!(
            Noise {
                amplitude: 0,
                seed: 1
            }
            .of(99),
            0
        );
    }
}
