//! Who chooses a move: the engine (to a depth or for a time), a random mover, or a greedy
//! one that takes the most valuable piece it can. `areachess match` pits them against
//! each other; the window will seat them at the board.
//!
//! [`Player`] is written once over the [`Arena`] trait, below the two modes that
//! implement it; each mode names its own player (`grid::GridPlayer`,
//! `continuous::ContinuousPlayer`).

use super::arena::Arena;
use super::engine::{Info, Noise, Report, Searcher};
use super::limits::Limits;
use super::plan::Plan;
use crate::random::Rng;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A kind of player, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// The search: to a fixed depth, for its own time per move, or for the match's.
    Engine {
        /// The depth, if fixed.
        depth: Option<u32>,
        /// Its own time per move, if it has one.
        movetime: Option<Duration>,
    },
    /// A uniformly random legal move (on a continuous board: a uniformly random one of the
    /// engine's candidate moves, a finite set).
    Random,
    /// The capture of the most valuable piece it can take (a random one among equals),
    /// else a random move.
    Greedy,
    /// The window's computer at a strength: its plan's depth or time, and its errors.
    Computer(crate::play::Strength),
}

/// A player name that is none of `engine`, `engine:DEPTH`, `engine@MS`, `random`,
/// `greedy`, `computer:N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "player '{0}': expected engine, engine:DEPTH (1 to 99), engine@MS (1 to 600000 ms a move), random, greedy or computer:N (the window's strength, 1 to 5)"
)]
pub struct NotAPlayer(pub String);

impl PlayerKind {
    /// The engine searching for the time it is given.
    pub const ENGINE: PlayerKind = PlayerKind::Engine {
        depth: None,
        movetime: None,
    };

    /// How far an engine of this kind searches when a move takes `movetime` by default.
    pub fn limits(&self, movetime: Duration) -> Limits {
        match *self {
            PlayerKind::Engine { depth: Some(d), .. } => Limits::depth(d),
            PlayerKind::Engine {
                movetime: Some(own),
                ..
            } => Limits::movetime(own),
            PlayerKind::Computer(strength) => Plan::of(strength).limits,
            _ => Limits::movetime(movetime),
        }
    }
}

impl FromStr for PlayerKind {
    type Err = NotAPlayer;

    fn from_str(text: &str) -> Result<PlayerKind, NotAPlayer> {
        match text {
            "engine" => Ok(PlayerKind::ENGINE),
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            _ if text.starts_with("computer:") => text["computer:".len()..]
                .parse()
                .map(PlayerKind::Computer)
                .map_err(|_| NotAPlayer(text.to_string())),
            _ => {
                let depth = text
                    .strip_prefix("engine:")
                    .and_then(|d| d.parse::<u32>().ok())
                    .filter(|d| (1..=99).contains(d))
                    .map(|d| PlayerKind::Engine {
                        depth: Some(d),
                        movetime: None,
                    });
                let timed = text
                    .strip_prefix("engine@")
                    .and_then(|ms| ms.parse::<u64>().ok())
                    .filter(|ms| (1..=600_000).contains(ms))
                    .map(|ms| PlayerKind::Engine {
                        depth: None,
                        movetime: Some(Duration::from_millis(ms)),
                    });
                depth.or(timed).ok_or_else(|| NotAPlayer(text.to_string()))
            }
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Engine { depth: Some(d), .. } => write!(f, "engine:{d}"),
            PlayerKind::Engine {
                movetime: Some(t), ..
            } => write!(f, "engine@{}", t.as_millis()),
            PlayerKind::Engine { .. } => f.write_str("engine"),
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Greedy => f.write_str("greedy"),
            PlayerKind::Computer(strength) => write!(f, "computer:{strength}"),
        }
    }
}

/// What a move costs a player's clock beyond its search in a match: making the move and
/// starting the next search.
const CLOCK_OVERHEAD: Duration = Duration::from_millis(5);

/// A player of one mode, with the engine's memory kept between its moves.
pub struct Player<A: Arena> {
    kind: PlayerKind,
    searcher: Searcher<A::Found>,
}

impl<A: Arena> Player<A> {
    /// A player of this kind; an engine's table takes about `hash_mb` MiB.
    pub fn new(kind: PlayerKind, hash_mb: usize) -> Player<A> {
        let engine = matches!(kind, PlayerKind::Engine { .. } | PlayerKind::Computer(_));
        Player {
            kind,
            searcher: Searcher::new(if engine { hash_mb } else { 0 }),
        }
    }

    /// Gives its engine a new, empty table of about `hash_mb` MiB, or says the machine
    /// could not (the table is then one entry: set it again).
    pub fn set_hash(&mut self, hash_mb: usize) -> Result<(), std::collections::TryReserveError> {
        self.searcher.set_hash(hash_mb)
    }

    /// Its kind.
    pub fn kind(&self) -> PlayerKind {
        self.kind
    }

    /// Forgets what it learned in the last game; the window's computer draws the errors
    /// it will make in this one from `seed`.
    pub fn new_game(&mut self, seed: u64) {
        self.searcher.clear();
        if let PlayerKind::Computer(strength) = self.kind {
            self.searcher.set_noise(Plan::of(strength).noise(seed));
        }
    }

    /// Makes its engine misjudge every position by up to the noise's amplitude.
    pub fn set_noise(&mut self, noise: Option<Noise>) {
        self.searcher.set_noise(noise);
    }

    /// Its move in `game` (none when there is no legal move), thinking for `movetime`
    /// where it thinks, and on a clock (time left, increment) within it.
    pub fn choose(
        &mut self,
        arena: &A,
        game: &A::Game,
        movetime: Duration,
        clock: Option<(Duration, Duration)>,
        rng: &mut Rng,
    ) -> Option<A::Move> {
        match self.kind {
            PlayerKind::Random => arena.pick(game, false, rng),
            PlayerKind::Greedy => arena.pick(game, true, rng),
            PlayerKind::Engine { .. } | PlayerKind::Computer(_) => {
                let mut limits = self.kind.limits(movetime);
                if let Some((left, increment)) = clock {
                    // On the clock an engine with no time of its own plans from it alone.
                    if self.kind == PlayerKind::ENGINE {
                        limits.movetime = None;
                    }
                    limits.time_left = Some(left);
                    limits.increment = increment;
                    limits.overhead = CLOCK_OVERHEAD;
                }
                let best = self.think(arena, game, &limits, |_| {}).best?;
                Some(arena.chosen(game, &best))
            }
        }
    }

    /// The engine's search of `game` within `limits`, reporting each depth to `on_info`.
    pub fn think(
        &mut self,
        arena: &A,
        game: &A::Game,
        limits: &Limits,
        on_info: impl FnMut(&Info<A::Found>),
    ) -> Report<A::Found> {
        let mut search = arena.search(game);
        self.searcher.search_threads(&mut search, limits, on_info)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timed_engine_thinks_for_its_own_time() {
        let timed: PlayerKind = "engine@250".parse().expect("a player");
        let default = Duration::from_millis(100);
        assert_eq!(
            timed.limits(default).movetime,
            Some(Duration::from_millis(250))
        );
        assert_eq!(PlayerKind::ENGINE.limits(default).movetime, Some(default));
        let deep: PlayerKind = "engine:3".parse().expect("a player");
        assert_eq!(deep.limits(default).depth, Some(3));
    }

    #[test]
    fn players_read_as_the_command_line_writes_them() {
        for text in [
            "engine",
            "engine:4",
            "engine@250",
            "random",
            "greedy",
            "computer:1",
            "computer:5",
        ] {
            let p: PlayerKind = text.parse().expect("a player");
            assert_eq!(p.to_string(), text);
        }
        for bad in [
            "engine:0",
            "engine:x",
            "engine:",
            "Random",
            "",
            "engine:100",
            "engine@0",
            "engine@",
            "engine@600001",
            "engine@-5",
            "computer:0",
            "computer:6",
            "computer:",
            "computer",
        ] {
            assert_eq!(
                bad.parse::<PlayerKind>(),
                Err(NotAPlayer(bad.to_string())),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_random_source_repeats_from_its_seed_and_stays_below_its_bound() {
        let mut a = Rng::new(5);
        let mut b = Rng::new(5);
        let draws: Vec<usize> = (0..1000).map(|_| a.below(7)).collect();
        assert!(draws.iter().all(|&d| d < 7));
        assert!((0..7).all(|k| draws.contains(&k)));
        assert_eq!(draws, (0..1000).map(|_| b.below(7)).collect::<Vec<_>>());
    }
}
