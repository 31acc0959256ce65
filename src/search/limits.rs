//! How long a search may run: the limits a caller gives (depth, nodes, a fixed move
//! time, a game clock, or none until stopped) and the deadlines drawn from them.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What bounds one search. Every bound given applies; with none, the search runs until
/// [`Limits::stop`] is raised (or to the deepest depth).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// The most nodes.
    pub nodes: Option<u64>,
    /// A fixed time for this move.
    pub movetime: Option<Duration>,
    /// The mover's time left on its clock.
    pub time_left: Option<Duration>,
    /// The mover's increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
    /// Time the mover's clock loses on each move outside the search (the window's frames,
    /// a protocol's round trip), kept back from the time left and the increment.
    pub overhead: Duration,
    /// Raised by another thread to stop the search at once (UCI `stop`, a cancelled
    /// think in the window).
    pub stop: Option<Arc<AtomicBool>>,
    /// How many of the best moves to find, each with its line (UCI's MultiPV; 0 or 1:
    /// the best alone). Not a bound: each depth searches them all.
    pub lines: usize,
    /// How many threads search (UCI's Threads; 0 or 1: one). The others help through
    /// the shared transposition table (Lazy SMP) and stop when the first does.
    pub threads: usize,
    /// A search on the opponent's time (UCI `go ponder`): its time limits count only from
    /// the moment the move it guessed is played.
    pub ponder: Option<Arc<Ponder>>,
}

/// A search begun on the opponent's time, on the guess that the opponent plays the move
/// it was given: until [`Ponder::hit`] (the guess was right) its clock does not run, and
/// its result is held back.
#[derive(Debug)]
pub struct Ponder {
    started: Instant,
    pondering: AtomicBool,
    /// When the guess was played, in microseconds from `started`.
    hit_at: AtomicU64,
}

impl Ponder {
    /// Pondering from now.
    pub fn start() -> Arc<Ponder> {
        Arc::new(Ponder {
            started: Instant::now(),
            pondering: AtomicBool::new(true),
            hit_at: AtomicU64::new(0),
        })
    }

    /// The guess was played (UCI `ponderhit`), or the search is stopped: the clock runs
    /// from now.
    pub fn hit(&self) {
        if self.pondering() {
            let micros = self.started.elapsed().as_micros() as u64;
            self.hit_at.store(micros, Ordering::SeqCst);
            self.pondering.store(false, Ordering::SeqCst);
        }
    }

    /// Whether the search still thinks on the opponent's time.
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::SeqCst)
    }

    /// The time since the guess was played; none while pondering.
    fn since_hit(&self) -> Option<Duration> {
        if self.pondering() {
            return None;
        }
        let at = Duration::from_micros(self.hit_at.load(Ordering::SeqCst));
        Some(self.started.elapsed().saturating_sub(at))
    }
}

impl Limits {
    /// Search to this depth only.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for this long.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Search this many nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// Time kept back from a fixed move time for answering after the search stops.
const MOVETIME_MARGIN: Duration = Duration::from_millis(3);

/// The deadlines of one search.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    start: Instant,
    /// Past this, no new iteration starts.
    soft: Option<Duration>,
    /// Past this, the search stops where it is.
    hard: Option<Duration>,
    nodes: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
    ponder: Option<Arc<Ponder>>,
}

impl Clock {
    /// The deadlines for `limits`, starting now.
    pub fn start(limits: &Limits) -> Clock {
        let mut soft = None;
        let mut hard = None;
        if let Some(t) = limits.movetime {
            // A fixed time is all spent: what is saved cannot be used later, and an
            // iteration cut short still answers when its first move was searched.
            hard = Some(t.saturating_sub(MOVETIME_MARGIN));
        }
        if let Some(left) = limits.time_left {
            // A share of what is left, plus most of the increment, never more than a
            // fifth of the clock; the hard limit allows an iteration to finish. What the
            // move loses outside the search comes off the clock and the increment first.
            let moves = u32::max(limits.moves_to_go.unwrap_or(30), 1).min(30);
            let reserve = left / 20 + limits.overhead;
            let usable = left.saturating_sub(reserve);
            let increment = limits.increment.saturating_sub(limits.overhead);
            let share = usable / moves + increment * 3 / 4;
            let cap = usable / 5 + increment / 2;
            let target = share.min(cap).max(Duration::from_millis(1));
            let ceiling = (target * 3)
                .min(usable / 3 + increment / 2)
                .max(Duration::from_millis(1));
            soft = Some(soft.map_or(target, |s: Duration| s.min(target)));
            hard = Some(hard.map_or(ceiling, |h: Duration| h.min(ceiling)));
        }
        Clock {
            start: Instant::now(),
            soft,
            hard,
            nodes: limits.nodes,
            stop: limits.stop.clone(),
            ponder: limits.ponder.clone(),
        }
    }

    /// Time since the search began.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now, having searched `nodes` nodes.
    pub fn out_of_time(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|n| nodes >= n) || self.stopped_or_late()
    }

    /// Whether the search was told to stop or its time is up, whatever its nodes.
    pub fn stopped_or_late(&self) -> bool {
        if self
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            return true;
        }
        self.hard
            .is_some_and(|h| self.spent().is_some_and(|spent| spent >= h))
    }

    /// Whether another iteration is worth starting: one usually takes longer than all
    /// before it together.
    pub fn another_iteration(&self) -> bool {
        self.soft
            .is_none_or(|s| self.spent().is_none_or(|spent| spent * 2 < s))
    }

    /// The time the limits count: all of it, or after a ponder hit only what came after;
    /// none while pondering.
    fn spent(&self) -> Option<Duration> {
        match &self.ponder {
            Some(p) => p.since_hit(),
            None => Some(self.elapsed()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pondering_search_keeps_its_time_until_the_guess_is_played() {
        let ponder = Ponder::start();
        let limits = Limits {
            movetime: Some(Duration::from_millis(20)),
            ponder: Some(Arc::clone(&ponder)),
            ..Limits::default()
        };
        let clock = Clock::start(&limits);
        // On a game clock (a target of about 13 ms, at most 38 ms), whose soft limit
        // stops new iterations: it waits for the hit too.
        let clocked = Clock::start(&Limits {
            time_left: Some(Duration::from_millis(400)),
            ponder: Some(Arc::clone(&ponder)),
            ..Limits::default()
        });
        std::thread::sleep(Duration::from_millis(40));
        for c in [&clock, &clocked] {
            assert!(!c.out_of_time(1) && c.another_iteration());
        }
        ponder.hit();
        assert!(!ponder.pondering());
        assert!(!clock.out_of_time(1), "the time counts from the hit");
        std::thread::sleep(Duration::from_millis(40));
        assert!(clock.out_of_time(1));
        assert!(clocked.out_of_time(1) && !clocked.another_iteration());
    }

    #[test]
    fn a_clock_spends_a_share_of_what_is_left() {
        let limits = Limits {
            time_left: Some(Duration::from_secs(60)),
            increment: Duration::from_secs(1),
            ..Limits::default()
        };
        let clock = Clock::start(&limits);
        let soft = clock.soft.expect("a soft limit");
        let hard = clock.hard.expect("a hard limit");
        assert!(
            soft > Duration::from_secs(1) && soft < Duration::from_secs(4),
            "{soft:?}"
        );
        assert!(hard >= soft && hard <= Duration::from_secs(20), "{hard:?}");
    }

    #[test]
    fn a_nearly_empty_clock_still_leaves_time_on_it() {
        let limits = Limits {
            time_left: Some(Duration::from_millis(50)),
            ..Limits::default()
        };
        let clock = Clock::start(&limits);
        assert!(clock.hard.expect("a hard limit") <= Duration::from_millis(16));
    }

    #[test]
    fn the_time_lost_outside_the_search_is_kept_back() {
        let limits = |overhead| Limits {
            time_left: Some(Duration::from_millis(300)),
            increment: Duration::from_millis(100),
            overhead,
            ..Limits::default()
        };
        let plain = Clock::start(&limits(Duration::ZERO));
        let kept = Clock::start(&limits(Duration::from_millis(50)));
        let (soft, hard) = (
            kept.soft.expect("a soft limit"),
            kept.hard.expect("a hard limit"),
        );
        assert!(hard < plain.hard.expect("a hard limit"));
        let overhead = Duration::from_millis(50);
        // With little left, a move as planned, overhead included, costs no more than the
        // increment brings back, and even the longest one leaves time on the clock.
        assert!(soft + overhead <= Duration::from_millis(100), "{soft:?}");
        assert!(hard + overhead < Duration::from_millis(300), "{hard:?}");
        // With nothing left at all, the search still gets a moment.
        let empty = Clock::start(&Limits {
            time_left: Some(Duration::ZERO),
            overhead: Duration::from_millis(50),
            ..Limits::default()
        });
        assert_eq!(empty.hard, Some(Duration::from_millis(1)));
    }

    #[test]
    fn a_fixed_move_time_is_spent_but_for_a_margin() {
        let clock = Clock::start(&Limits::movetime(Duration::from_millis(100)));
        assert_eq!(clock.hard, Some(Duration::from_millis(97)));
        // No iteration is refused for lack of time before the hard limit.
        assert_eq!(clock.soft, None);
        assert!(clock.another_iteration());
    }
}
