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
//!
//! UCI's `UCI_Elo` picks from a finer ladder ([`Plan::LADDER`]): these five; between
//! strengths 1 and 2, one ply with errors of up to 1 pawn and two plies with errors of up
//! to 1.75; between strengths 2 and 3, the full search to a fixed depth of 3 to 8 plies.

use super::engine::Noise;
use super::limits::Limits;
use crate::play::Strength;
use std::time::Duration;

/// One rung of `UCI_Elo`'s ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rung {
    /// One of the window's strengths.
    Strength(u8),
    /// The search to `depth`, its evaluation wrong by up to `blunder` centipawns, for at
    /// most a second.
    Depth {
        /// How deep it searches.
        depth: u32,
        /// The largest deliberate error (0: none).
        blunder: i32,
    },
}

impl Rung {
    /// How this rung searches.
    pub fn plan(self) -> Plan {
        match self {
            Rung::Strength(n) => Plan::of(Strength::new(n).unwrap_or(Strength::MAX)),
            Rung::Depth { depth, blunder } => Plan::bounded(Some(depth), SHALLOW_MILLIS, blunder),
        }
    }

    /// The search to `depth` without errors.
    const fn exact(depth: u32) -> Rung {
        Rung::Depth { depth, blunder: 0 }
    }
}

/// The longest a search bounded by depth takes, however wide the position.
const SHALLOW_MILLIS: u64 = 1000;

/// How the computer searches at one strength.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The search's bounds.
    pub limits: Limits,
    /// The largest deliberate error in its evaluation, in centipawns (0: none).
    pub blunder: i32,
}

impl Plan {
    /// The rungs `UCI_Elo` picks from, weakest first: the window's strengths, two shallow
    /// searches with errors between strengths 1 and 2, and searches to a fixed depth
    /// without errors between 2 and 3, each with its rating on Fairy-Stockfish's scale as
    /// matches measured it (docs/engine.md).
    pub const LADDER: [(Rung, i32); 13] = [
        (Rung::Strength(1), 778),
        (
            Rung::Depth {
                depth: 1,
                blunder: 100,
            },
            976,
        ),
        (
            Rung::Depth {
                depth: 2,
                blunder: 175,
            },
            1170,
        ),
        (Rung::Strength(2), 1433),
        (Rung::exact(3), 1647),
        (Rung::exact(4), 1805),
        (Rung::exact(5), 1905),
        (Rung::exact(6), 1950),
        (Rung::exact(7), 1983),
        (Rung::exact(8), 2101),
        (Rung::Strength(3), 2353),
        (Rung::Strength(4), 2590),
        (Rung::Strength(5), 2758),
    ];

    /// The plan that plays at about `elo` on Fairy-Stockfish's scale: the strongest rung
    /// rated at most that, or the weakest rung.
    pub fn for_elo(elo: i32) -> Plan {
        let (weakest, _) = Plan::LADDER[0];
        let rung = Plan::LADDER
            .iter()
            .filter(|&&(_, rating)| rating <= elo)
            .map(|&(rung, _)| rung)
            .next_back()
            .unwrap_or(weakest);
        rung.plan()
    }

    /// The lowest and highest ratings of the ladder.
    pub fn elo_range() -> (i32, i32) {
        let last = Plan::LADDER.len() - 1;
        (Plan::LADDER[0].1, Plan::LADDER[last].1)
    }

    /// The plan of `strength`.
    pub fn of(strength: Strength) -> Plan {
        let (depth, millis, blunder) = match strength.get() {
            1 => (Some(1), SHALLOW_MILLIS, 250),
            2 => (Some(2), SHALLOW_MILLIS, 100),
            3 => (None, 400, 0),
            4 => (None, 1200, 0),
            _ => (None, 4000, 0),
        };
        Plan::bounded(depth, millis, blunder)
    }

    /// The search to `depth` (if any) for at most `millis`, erring by up to `blunder`.
    fn bounded(depth: Option<u32>, millis: u64, blunder: i32) -> Plan {
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

    /// Bounds `limits` (a GUI's) by this plan: its depth and its time, whichever is less,
    /// on one thread, as the window's strengths search (more threads would make a
    /// strength stronger than the one measured).
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
            threads: 1,
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
            threads: 4,
            ..Limits::default()
        };
        let bounded = weak.bound(gui);
        assert_eq!(bounded.depth, Some(1));
        assert_eq!(bounded.movetime, Some(Duration::from_millis(100)));
        assert_eq!(bounded.time_left, Some(Duration::from_secs(60)));
        // A strength searches on one thread, whatever the GUI offers.
        assert_eq!(bounded.threads, 1);
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
    fn an_elo_picks_the_strongest_rung_rated_at_most_that() {
        for &(rung, elo) in &Plan::LADDER {
            let want = rung.plan();
            for asked in [elo, elo + 1] {
                let got = Plan::for_elo(asked);
                assert_eq!(got.limits.depth, want.limits.depth, "UCI_Elo {asked}");
                assert_eq!(got.limits.movetime, want.limits.movetime, "UCI_Elo {asked}");
                assert_eq!(got.blunder, want.blunder, "UCI_Elo {asked}");
            }
        }
        let (low, high) = Plan::elo_range();
        assert_eq!(
            Plan::for_elo(low - 500).blunder,
            Plan::of(Strength::MIN).blunder
        );
        assert_eq!(
            Plan::for_elo(high + 500).most_time(),
            Duration::from_secs(4)
        );
        for pair in Plan::LADDER.windows(2) {
            let between = Plan::for_elo(pair[1].1 - 1);
            assert_eq!(between.limits.depth, pair[0].0.plan().limits.depth);
            assert_eq!(between.most_time(), pair[0].0.plan().most_time());
        }
    }

    #[test]
    fn the_ladder_climbs_in_rating_and_in_search() {
        let rated_in_order = Plan::LADDER.windows(2).all(|w| w[0].1 < w[1].1);
        assert!(rated_in_order);
        // Each rung searches deeper or longer than the one below, or as deep with smaller
        // errors (a deeper search may err more: its rating says which is stronger).
        for pair in Plan::LADDER.windows(2) {
            let (lower, upper) = (pair[0].0.plan(), pair[1].0.plan());
            let stronger = match (lower.limits.depth, upper.limits.depth) {
                (Some(a), Some(b)) => b > a || (b == a && upper.blunder < lower.blunder),
                (Some(_), None) => upper.blunder == 0,
                (None, None) => upper.most_time() > lower.most_time(),
                (None, Some(_)) => false,
            };
            assert!(stronger, "{:?} above {:?}", pair[1].0, pair[0].0);
        }
        let strengths: Vec<u8> = Plan::LADDER
            .iter()
            .filter_map(|&(rung, _)| match rung {
                Rung::Strength(n) => Some(n),
                Rung::Depth { .. } => None,
            })
            .collect();
        assert_eq!(
            strengths,
            [1, 2, 3, 4, 5],
            "every strength is on the ladder, in order"
        );
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
