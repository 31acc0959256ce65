//! The balance lab's self-play: engine-against-engine games from a level's setup, played
//! on several threads by a schedule that any machine repeats, tallied for a designer, and
//! (with values) handicap games that measure what each kind of piece is worth.
//!
//! | rule | decision |
//! | --- | --- |
//! | the games | the same engine on both sides, for a fixed time a move; each game's own seed gives both engines small evaluation errors ([`NOISE`]), so games from one setup differ |
//! | the schedule | game k (from 0) of N: its seed is drawn from the run's seed and k alone, so a game plays the same whichever thread or machine plays it |
//! | shards | `I/N` plays the games k with k mod N = I − 1; the shards of one schedule add up exactly to the whole ([`Tallies::merge`]) |
//! | values | for each kind White has in the setup (not royal), games in which one side starts a piece of that kind short (the one nearest the middle file), that side White in even games and Black in odd ones; its score becomes an Elo deficit, and the value is the deficit over a pawn's, in centipawns (H.G. Muller's piece-odds method) |
//! | intervals | 95% Wilson intervals for shares, the score's interval carried through to the value |
//! | a game still going | cut short at the ply limit: a draw on a grid, material on a continuous board (as `match`) |

use crate::play::Color;
use crate::random::Rng;
use crate::search::contest::{Contest, GameSettings, Played, play_game};
use crate::search::engine::Noise;
use crate::search::players::{Player, PlayerKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// The evaluation errors each engine makes, in centipawns either way: enough to vary the
/// games, too little to change their character.
pub const NOISE: i32 = 15;

/// The most games a run may ask for (from the setup, and as many again for each kind with
/// values): far more than a designer's thousand, few enough that the schedule of every
/// game (a few bytes each, up to 27 times this with values) stays small and each game's
/// number fits its 32 bits.
pub const MAX_GAMES: u32 = 100_000;

/// What a balance run is asked for.
#[derive(Clone, Debug)]
pub struct BalanceSettings {
    /// How many games (with values: how many for each kind).
    pub games: u32,
    /// The engines' time a move.
    pub movetime: Duration,
    /// How many games at once.
    pub jobs: usize,
    /// Which slice of the schedule: (I, N), I from 1.
    pub shard: (u32, u32),
    /// The schedule's seed.
    pub seed: u64,
    /// Plies after which a game is cut short.
    pub max_plies: u32,
    /// Also measure each kind's value by handicap games.
    pub values: bool,
    /// Raised by another thread to stop the run (games under way end where they stand and
    /// are not counted).
    pub stop: Option<Arc<AtomicBool>>,
    /// Play on threads of the lowest priority, so that a window running the lab keeps
    /// drawing on time (Linux: the nice value is per thread).
    pub background: bool,
}

/// The tallies of a run: what the JSON file keeps and `--merge` adds up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tallies {
    /// The level's name.
    pub level: String,
    /// The schedule these games belong to: its seed, its games, the engines' time a move
    /// in milliseconds. Shards merge only within one schedule.
    pub schedule: Schedule,
    /// Games from the setup.
    pub games: u32,
    /// Won by White.
    pub white: u32,
    /// Drawn.
    pub draws: u32,
    /// Won by Black.
    pub black: u32,
    /// Each game's length in plies, in the order the games ended.
    pub lengths: Vec<u32>,
    /// How games ended, by reason: `checkmate`, `repetition`, `max-plies`, …
    pub endings: BTreeMap<String, u32>,
    /// With values: per kind letter, the handicap games.
    pub values: BTreeMap<char, Handicap>,
    /// The kind values are measured against (the pawn), if the level has one.
    #[serde(default)]
    pub pawn: Option<char>,
    /// The schedule's game numbers these tallies hold (to merge shards exactly once).
    pub played: Vec<u32>,
}

/// The plan the games were drawn from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// The seed.
    pub seed: u64,
    /// Games in the whole schedule.
    pub games: u32,
    /// The engines' time a move, in milliseconds.
    pub movetime_ms: u64,
    /// Whether handicap games were played.
    pub values: bool,
}

/// The handicap games of one kind: the short side's results.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Handicap {
    /// The kind's name.
    pub name: String,
    /// Its value estimated from its moves, in centipawns.
    pub estimate: i32,
    /// Games won by the side a piece short.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost by the side a piece short.
    pub losses: u32,
}

impl Handicap {
    /// Games played.
    pub fn games(&self) -> u32 {
        // Saturating: tallies read from a file may hold any counts.
        self.wins
            .saturating_add(self.draws)
            .saturating_add(self.losses)
    }

    /// The short side's score, 0 to 1, and its 95% interval.
    pub fn score(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let points = f64::from(self.wins) + f64::from(self.draws) / 2.0;
        wilson(points, n)
    }
}

/// Why two tallies do not add up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// Of different levels.
    #[error("the tallies are of different levels: '{0}' and '{1}'")]
    Level(String, String),
    /// Of different schedules.
    #[error("the tallies are of different schedules (seed, games, time a move, values)")]
    Schedule,
    /// The same game twice.
    #[error("game {0} is in both tallies")]
    Twice(u32),
    /// A count past what 32 bits hold.
    #[error("the tallies add up to more games than can be counted")]
    Overflow,
}

impl Tallies {
    /// Adds `other`'s games to these: shards of one schedule, each game once.
    pub fn merge(&mut self, other: &Tallies) -> Result<(), MergeError> {
        if self.played.is_empty() && self.games == 0 && self.values.is_empty() {
            *self = other.clone();
            return Ok(());
        }
        if self.level != other.level {
            return Err(MergeError::Level(self.level.clone(), other.level.clone()));
        }
        if self.schedule != other.schedule {
            return Err(MergeError::Schedule);
        }
        // Sorted first: a game in both is found in linear time, not by a search per game.
        let mut mine: Vec<u32> = self.played.clone();
        mine.sort_unstable();
        if let Some(&k) = other.played.iter().find(|k| mine.binary_search(k).is_ok()) {
            return Err(MergeError::Twice(k));
        }
        // Summed aside, so that tallies that would overflow leave these as they were.
        let mut sum = self.clone();
        let add = |a: &mut u32, b: u32| -> Result<(), MergeError> {
            *a = a.checked_add(b).ok_or(MergeError::Overflow)?;
            Ok(())
        };
        add(&mut sum.games, other.games)?;
        add(&mut sum.white, other.white)?;
        add(&mut sum.draws, other.draws)?;
        add(&mut sum.black, other.black)?;
        sum.lengths.extend(&other.lengths);
        for (reason, n) in &other.endings {
            add(sum.endings.entry(reason.clone()).or_default(), *n)?;
        }
        for (letter, h) in &other.values {
            let kind = sum.values.entry(*letter).or_insert_with(|| Handicap {
                name: h.name.clone(),
                estimate: h.estimate,
                ..Handicap::default()
            });
            add(&mut kind.wins, h.wins)?;
            add(&mut kind.draws, h.draws)?;
            add(&mut kind.losses, h.losses)?;
            // A kind's games are summed too (its score adds the three).
            kind.wins
                .checked_add(kind.draws)
                .and_then(|n| n.checked_add(kind.losses))
                .ok_or(MergeError::Overflow)?;
        }
        sum.played.extend(&other.played);
        sum.played.sort_unstable();
        *self = sum;
        Ok(())
    }

    /// White's, the draws' and Black's shares of the games from the setup, each with its
    /// 95% interval.
    pub fn shares(&self) -> [(f64, f64, f64); 3] {
        let n = f64::from(self.games.max(1));
        [self.white, self.draws, self.black].map(|k| wilson(f64::from(k), n))
    }

    /// The games' lengths: mean, and the quartiles (25%, median, 75%).
    pub fn length_summary(&self) -> Option<(f64, [u32; 3])> {
        if self.lengths.is_empty() {
            return None;
        }
        let mut sorted = self.lengths.clone();
        sorted.sort_unstable();
        let mean = sorted.iter().map(|&l| f64::from(l)).sum::<f64>() / sorted.len() as f64;
        let at = |p: f64| sorted[((p * (sorted.len() - 1) as f64).round()) as usize];
        Some((mean, [at(0.25), at(0.5), at(0.75)]))
    }

    /// Each kind's value measured by the handicap games, in centipawns, with its 95%
    /// interval: the short side's Elo deficit over the pawn's. `None` where there is no
    /// pawn to compare with or it has no games.
    pub fn measured_values(&self, pawn: char) -> BTreeMap<char, Option<(f64, f64, f64)>> {
        let deficit = |score: f64| {
            let s = score.clamp(0.01, 0.99);
            -400.0 * (s / (1.0 - s)).log10()
        };
        let pawn_deficit = self
            .values
            .get(&pawn)
            .filter(|h| h.games() > 0)
            .map(|h| deficit(h.score().0))
            .filter(|d| *d > 1.0);
        self.values
            .iter()
            .map(|(&letter, h)| {
                let value = pawn_deficit.filter(|_| h.games() > 0).map(|p| {
                    let (s, low, high) = h.score();
                    // A lower score is a larger deficit: the interval's ends swap.
                    (
                        100.0 * deficit(s) / p,
                        100.0 * deficit(high) / p,
                        100.0 * deficit(low) / p,
                    )
                });
                (letter, value)
            })
            .collect()
    }
}

/// The 95% Wilson interval of `k` successes in `n` trials: (share, low, high).
pub fn wilson(k: f64, n: f64) -> (f64, f64, f64) {
    if n <= 0.0 {
        return (0.0, 0.0, 1.0);
    }
    let z = 1.96_f64;
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// One game of the schedule: its number, and for a handicap game the kind taken away
/// and from which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Scheduled {
    number: u32,
    handicap: Option<(char, Color)>,
}

/// The games of a run, in the schedule's order: `games` from the setup, then (with
/// values) `games` for each kind; the shard keeps every N-th.
fn schedule(settings: &BalanceSettings, kinds: &[char]) -> Vec<Scheduled> {
    let mut all: Vec<Scheduled> = (0..settings.games)
        .map(|k| Scheduled {
            number: k,
            handicap: None,
        })
        .collect();
    if settings.values {
        for (n, &letter) in kinds.iter().enumerate() {
            for k in 0..settings.games {
                let short = if k % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                all.push(Scheduled {
                    number: settings.games * (n as u32 + 1) + k,
                    handicap: Some((letter, short)),
                });
            }
        }
    }
    let (i, n) = settings.shard;
    all.retain(|g| g.number % n.max(1) == i.saturating_sub(1));
    all
}

/// Plays the run from `start` on `settings.jobs` threads, calling `progress` after each
/// game with the tallies so far and how many games are left; returns the tallies.
pub fn run<C: Contest + Sync>(
    contest: &C,
    start: &C::Game,
    level: &str,
    settings: &BalanceSettings,
    mut progress: impl FnMut(&Tallies, usize),
) -> Result<Tallies, String>
where
    C::Game: Send + Sync,
{
    if settings.games > MAX_GAMES {
        return Err(format!(
            "{} games are more than the {MAX_GAMES} a balance run may play",
            settings.games
        ));
    }
    let (kinds, pawn) = contest.kinds(start);
    let letters: Vec<char> = kinds.iter().map(|k| k.letter).collect();
    let games = schedule(settings, &letters);
    let mut tallies = Tallies {
        level: level.to_string(),
        schedule: Schedule {
            seed: settings.seed,
            games: settings.games,
            movetime_ms: settings.movetime.as_millis() as u64,
            values: settings.values,
        },
        pawn,
        ..Tallies::default()
    };
    if settings.values {
        for k in &kinds {
            tallies.values.insert(
                k.letter,
                Handicap {
                    name: k.name.clone(),
                    estimate: k.estimate,
                    ..Handicap::default()
                },
            );
        }
    }
    let next = AtomicUsize::new(0);
    let stopped = || {
        settings
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    };
    let game_settings = GameSettings {
        opening: 0,
        max_plies: settings.max_plies,
        movetime: settings.movetime,
        time: None,
        stop: settings.stop.clone(),
    };
    let (sender, receiver) = mpsc::channel::<Result<(Scheduled, Played), String>>();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..settings.jobs.max(1) {
            let sender = sender.clone();
            let (games, next, game_settings) = (&games, &next, &game_settings);
            scope.spawn(move || {
                if settings.background {
                    lowest_priority();
                }
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&game) = games.get(k) else { break };
                    if stopped() {
                        break;
                    }
                    let result = play_one(contest, start, game, settings.seed, game_settings);
                    if sender.send(result.map(|p| (game, p))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut left = games.len();
        for result in receiver {
            left -= 1;
            match result {
                Ok(_) if stopped() => {}
                Ok((game, played)) => {
                    count(&mut tallies, game, &played);
                    progress(&tallies, left);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                }
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(tallies),
    }
}

/// Lowers this thread's priority to the least; where that is refused, it plays at the
/// priority it has.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    {
        let _ = thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
    }
}

/// Plays one scheduled game with fresh engines seeded by its number.
fn play_one<C: Contest>(
    contest: &C,
    start: &C::Game,
    game: Scheduled,
    seed: u64,
    settings: &GameSettings,
) -> Result<Played, String> {
    let game_seed = crate::random::finalize(seed ^ (u64::from(game.number) << 20));
    let mut rng = Rng::new(game_seed);
    let mut players: [Player<C::Arena>; 2] = [
        Player::new(PlayerKind::ENGINE, 16),
        Player::new(PlayerKind::ENGINE, 16),
    ];
    for (k, player) in players.iter_mut().enumerate() {
        player.set_noise(Some(Noise {
            amplitude: NOISE,
            seed: game_seed ^ k as u64,
        }));
    }
    let dealt = contest.deal(start, game_seed);
    let from = match game.handicap {
        Some((letter, side)) => contest
            .without(&dealt, side, letter)
            .ok_or_else(|| format!("no piece '{letter}' to take away from {side}"))?,
        None => dealt,
    };
    let mut opening = Rng::new(game_seed);
    play_game(
        contest,
        &from,
        &mut players,
        false,
        settings,
        &mut opening,
        &mut rng,
    )
}

/// Counts a finished game in the tallies.
fn count(tallies: &mut Tallies, game: Scheduled, played: &Played) {
    tallies.played.push(game.number);
    match game.handicap {
        None => {
            tallies.games += 1;
            match played.winner {
                Some(Color::White) => tallies.white += 1,
                Some(Color::Black) => tallies.black += 1,
                None => tallies.draws += 1,
            }
            tallies.lengths.push(played.plies);
            // `max-plies material +4` counts as `max-plies`.
            let reason = played
                .reason
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_string();
            *tallies.endings.entry(reason).or_default() += 1;
        }
        Some((letter, short)) => {
            let h = tallies.values.entry(letter).or_default();
            match played.winner {
                Some(w) if w == short => h.wins += 1,
                Some(_) => h.losses += 1,
                None => h.draws += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wilson_interval_holds_its_share_and_narrows_with_games() {
        let (p, low, high) = wilson(5.0, 10.0);
        assert_eq!(p, 0.5);
        assert!(low < 0.5 && high > 0.5 && (0.5 - low - (high - 0.5)).abs() < 1e-9);
        let (_, low_many, high_many) = wilson(500.0, 1000.0);
        assert!(high_many - low_many < high - low);
        let (_, low_none, _) = wilson(0.0, 10.0);
        assert_eq!(low_none, 0.0);
    }

    #[test]
    fn shards_split_the_schedule_and_cover_it_once() {
        let settings = |shard| BalanceSettings {
            games: 5,
            movetime: Duration::from_millis(1),
            jobs: 1,
            shard,
            seed: 1,
            max_plies: 10,
            values: true,
            stop: None,
            background: false,
        };
        let whole: Vec<u32> = schedule(&settings((1, 1)), &['N', 'P'])
            .iter()
            .map(|g| g.number)
            .collect();
        assert_eq!(whole.len(), 15);
        let mut parts: Vec<u32> = (1..=3)
            .flat_map(|i| schedule(&settings((i, 3)), &['N', 'P']))
            .map(|g| g.number)
            .collect();
        parts.sort_unstable();
        assert_eq!(parts, whole);
        let handicaps = schedule(&settings((1, 1)), &['N']);
        assert_eq!(handicaps[5].handicap, Some(('N', Color::White)));
        assert_eq!(handicaps[6].handicap, Some(('N', Color::Black)));
    }

    #[test]
    fn tallies_merge_once_and_only_within_a_schedule() {
        let a = Tallies {
            level: "Chess".into(),
            games: 2,
            white: 1,
            draws: 1,
            lengths: vec![40, 60],
            endings: [("checkmate".to_string(), 1), ("repetition".to_string(), 1)].into(),
            played: vec![0, 2],
            ..Tallies::default()
        };
        let b = Tallies {
            level: "Chess".into(),
            games: 1,
            black: 1,
            lengths: vec![30],
            endings: [("checkmate".to_string(), 1)].into(),
            played: vec![1],
            ..Tallies::default()
        };
        let mut sum = Tallies::default();
        sum.merge(&a).expect("the first");
        sum.merge(&b).expect("the second");
        assert_eq!((sum.games, sum.white, sum.draws, sum.black), (3, 1, 1, 1));
        assert_eq!(sum.endings["checkmate"], 2);
        assert_eq!(sum.played, [0, 1, 2]);
        assert_eq!(sum.merge(&b), Err(MergeError::Twice(1)));
        let other = Tallies {
            level: "Shogi".into(),
            played: vec![9],
            ..Tallies::default()
        };
        assert!(matches!(sum.merge(&other), Err(MergeError::Level(..))));
    }

    #[test]
    fn a_kind_worth_three_pawns_measures_about_three_pawns() {
        // The short side scores 36% a pawn down and 15% a knight down.
        let tallies = Tallies {
            values: [
                (
                    'P',
                    Handicap {
                        wins: 26,
                        draws: 20,
                        losses: 54,
                        ..Handicap::default()
                    },
                ),
                (
                    'N',
                    Handicap {
                        wins: 10,
                        draws: 10,
                        losses: 80,
                        ..Handicap::default()
                    },
                ),
            ]
            .into(),
            ..Tallies::default()
        };
        let values = tallies.measured_values('P');
        let (pawn, _, _) = values[&'P'].expect("the pawn");
        assert!((pawn - 100.0).abs() < 1e-9);
        let (knight, low, high) = values[&'N'].expect("the knight");
        assert!((250.0..=350.0).contains(&knight), "{knight}");
        assert!(low < knight && knight < high);
    }
}
