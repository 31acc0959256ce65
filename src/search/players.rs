//! Who chooses a move: the engine (to a depth or for a time), a random mover, or a greedy
//! one that takes the most valuable piece it can. `areachess match` pits them against
//! each other; the window will seat them at the board.

use super::grid::{GridEval, GridSearch};
use super::{Limits, Report, Searcher};
use crate::grid::game::Game;
use crate::grid::position::{is_piece, role_of, side_of};
use crate::grid::{Move, MoveKind};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
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
}

/// A player name that is none of `engine`, `engine:DEPTH`, `engine@MS`, `random`, `greedy`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "player '{0}': expected engine, engine:DEPTH (1 to 99), engine@MS (1 to 600000 ms a move), random or greedy"
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
        }
    }
}

pub use crate::random::Rng;

/// A player of grid games, with the engine's memory kept between its moves.
pub struct GridPlayer {
    kind: PlayerKind,
    searcher: Searcher<Move>,
}

impl GridPlayer {
    /// A player of this kind; an engine's table takes about `hash_mb` MiB.
    pub fn new(kind: PlayerKind, hash_mb: usize) -> GridPlayer {
        let hash_mb = if matches!(kind, PlayerKind::Engine { .. }) {
            hash_mb
        } else {
            0
        };
        GridPlayer {
            kind,
            searcher: Searcher::new(hash_mb),
        }
    }

    /// Its kind.
    pub fn kind(&self) -> PlayerKind {
        self.kind
    }

    /// Forgets what it learned in the last game.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Makes its engine misjudge every position by up to the noise's amplitude.
    pub fn set_noise(&mut self, noise: Option<super::Noise>) {
        self.searcher.set_noise(noise);
    }

    /// Its move in `game` (none once the game is over), thinking for `movetime` where it
    /// thinks.
    pub fn choose(
        &mut self,
        eval: &Arc<GridEval>,
        game: &Game,
        movetime: Duration,
        rng: &mut Rng,
    ) -> Option<Move> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        match self.kind {
            PlayerKind::Random => Some(moves[rng.below(moves.len())]),
            PlayerKind::Greedy => Some(greedy(eval, game, &moves, rng)),
            PlayerKind::Engine { .. } => {
                let limits = self.kind.limits(movetime);
                self.think(eval, game, &limits, |_| {}).best
            }
        }
    }

    /// The engine's search of `game` within `limits`, reporting each depth to `on_info`.
    pub fn think(
        &mut self,
        eval: &Arc<GridEval>,
        game: &Game,
        limits: &Limits,
        on_info: impl FnMut(&super::Info<Move>),
    ) -> Report<Move> {
        let history: Vec<u64> = (0..game.played().len())
            .map(|n| game.position_before(n).key())
            .collect();
        let mut search = GridSearch::new(Arc::clone(eval), game.position().clone(), &history);
        self.searcher.search(&mut search, limits, on_info)
    }
}

/// The capture of the most valuable piece (a royal first), a random one among equals;
/// else a random move.
fn greedy(eval: &GridEval, game: &Game, moves: &[Move], rng: &mut Rng) -> Move {
    let pos = game.position();
    let v = game.variant();
    let us = pos.to_move();
    let worth = |m: &Move| -> i32 {
        let at = match m.kind {
            MoveKind::EnPassant { victim } => victim,
            MoveKind::Capture => m.to,
            _ => return -1,
        };
        let c = pos.cell(at);
        if !is_piece(c) || side_of(c) == us {
            return -1;
        }
        let role = role_of(c);
        if v[role].royal {
            i32::MAX
        } else {
            eval.value(role)
        }
    };
    let best = moves.iter().map(worth).max().unwrap_or(-1);
    let pool: Vec<Move> = moves.iter().copied().filter(|m| worth(m) == best).collect();
    pool[rng.below(pool.len())]
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
        for text in ["engine", "engine:4", "engine@250", "random", "greedy"] {
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
