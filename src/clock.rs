//! A chess clock for both modes: a time control (`5+3`: five minutes each, three seconds
//! added after every move; `0.5+0`: thirty seconds, sudden death) and the two sides' time
//! left, read against a time the caller supplies, so that tests drive it with a fake clock
//! and the window with its own.
//!
//! | rule | decision |
//! | --- | --- |
//! | which side's time runs | the side to move's, while the game goes on and is not paused; the caller says which ([`ChessClock::run`]) |
//! | the increment | added to a side's time when it completes a move (Fischer), also for the first move |
//! | a flag fall | the running side's time reaches zero; the game ends (see `play::Status::OutOfTime`) |
//! | Undo and Redo | leave both times as they are: time spent thinking stays spent, and the clock runs for whoever is to move after them |
//! | a saved game | keeps the control and both times left; loading resumes from them |

use crate::play::Color;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How much time each side has: a base time, and an increment added after each move
/// (zero: sudden death).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The time each side starts with.
    pub base: Duration,
    /// The time added to a side's clock after each of its moves.
    pub increment: Duration,
}

impl TimeControl {
    /// `base` each and `increment` a move.
    pub fn new(base: Duration, increment: Duration) -> TimeControl {
        TimeControl { base, increment }
    }
}

/// `MIN+INC` with the shortest decimals that read back: `5+3`, `0.5+0`, `1.25+0.5`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base.as_secs_f64() / 60.0;
        write!(f, "{minutes}+{}", self.increment.as_secs_f64())
    }
}

/// A time control that does not read as `MIN+INC`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// No `+` between the minutes and the increment.
    #[error("time control '{0}': expected MIN+INC, e.g. 5+3 or 0.5+0")]
    Shape(String),
    /// The minutes are not a number above zero (at most a week).
    #[error("time control '{text}': the minutes '{minutes}' must be a number above 0")]
    Minutes {
        /// The whole control as written.
        text: String,
        /// The minutes as written.
        minutes: String,
    },
    /// The increment is not a number of seconds from 0 (at most an hour).
    #[error(
        "time control '{text}': the increment '{increment}' must be a number of seconds, 0 or more"
    )]
    Increment {
        /// The whole control as written.
        text: String,
        /// The increment as written.
        increment: String,
    },
}

/// The longest base time read: a week, far beyond any game, and well inside a `Duration`.
const LONGEST_BASE_MINUTES: f64 = 7.0 * 24.0 * 60.0;
/// The longest increment read: an hour.
const LONGEST_INCREMENT_SECONDS: f64 = 3600.0;

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (minutes, increment) = text
            .trim()
            .split_once('+')
            .ok_or_else(|| TimeControlError::Shape(text.to_string()))?;
        let number = |s: &str, most: f64, least_exclusive: bool| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v <= most)
                .filter(|v| if least_exclusive { *v > 0.0 } else { *v >= 0.0 })
        };
        let base = number(minutes, LONGEST_BASE_MINUTES, true).ok_or_else(|| {
            TimeControlError::Minutes {
                text: text.to_string(),
                minutes: minutes.to_string(),
            }
        })?;
        let inc = number(increment, LONGEST_INCREMENT_SECONDS, false).ok_or_else(|| {
            TimeControlError::Increment {
                text: text.to_string(),
                increment: increment.to_string(),
            }
        })?;
        Ok(TimeControl {
            base: Duration::from_secs_f64(base * 60.0),
            increment: Duration::from_secs_f64(inc),
        })
    }
}

/// Both sides' time under a [`TimeControl`], read at times the caller gives (any steady
/// count from a fixed start: the window's clock, or a test's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessClock {
    control: TimeControl,
    /// Each side's time left when its clock last stopped (White's first).
    left: [Duration; 2],
    /// The side whose time runs, and since when.
    running: Option<(Color, Duration)>,
}

impl ChessClock {
    /// A clock with the control's full time for both sides, stopped.
    pub fn new(control: TimeControl) -> ChessClock {
        ChessClock {
            control,
            left: [control.base; 2],
            running: None,
        }
    }

    /// A stopped clock with these times left (a saved game's).
    pub fn resumed(control: TimeControl, left: [Duration; 2]) -> ChessClock {
        ChessClock {
            control,
            left,
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose time runs, if any.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// `side`'s time left at `now` (zero once it has run out).
    pub fn left(&self, side: Color, now: Duration) -> Duration {
        match self.running {
            Some((running, since)) if running == side => {
                self.left[side].saturating_sub(now.saturating_sub(since))
            }
            _ => self.left[side],
        }
    }

    /// Both sides' time left at `now`, White's first.
    pub fn both_left(&self, now: Duration) -> [Duration; 2] {
        Color::BOTH.map(|side| self.left(side, now))
    }

    /// Lets `side`'s time run from `now` (`None`: stops both). The time that ran until now
    /// is charged to the side whose time was running.
    pub fn run(&mut self, side: Option<Color>, now: Duration) {
        if self.running() == side {
            return;
        }
        self.stop(now);
        self.running = side.map(|s| (s, now));
    }

    /// Stops the clock at `now`, charging the running side.
    fn stop(&mut self, now: Duration) {
        if let Some((side, _)) = self.running {
            self.left[side] = self.left(side, now);
            self.running = None;
        }
    }

    /// `mover` completed a move at `now`: its time is charged and its increment added, and
    /// the other side's time runs. A side whose time had already run out gets nothing.
    pub fn moved(&mut self, mover: Color, now: Duration) {
        self.stop(now);
        if !self.left[mover].is_zero() {
            self.left[mover] += self.control.increment;
        }
        self.running = Some((mover.opponent(), now));
    }

    /// The running side, if its time has run out at `now`.
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        self.running()
            .filter(|&side| self.left(side, now).is_zero())
    }
}

/// A time left as a clock shows it: `4:59` from ten seconds up (`1:02:03` from an hour),
/// `9.4` below ten seconds.
pub fn clock_face(left: Duration) -> String {
    let millis = left.as_millis();
    if millis < 10_000 {
        // Tenths, rounded down: a clock never shows more time than is left.
        return format!("{}.{}", millis / 1000, millis / 100 % 10);
    }
    let seconds = left.as_secs();
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn time_controls_read_as_minutes_plus_seconds_and_write_back() {
        let five_three: TimeControl = "5+3".parse().expect("a control");
        assert_eq!(five_three, TimeControl::new(secs(300.0), secs(3.0)));
        assert_eq!(five_three.to_string(), "5+3");
        let half: TimeControl = "0.5+0".parse().expect("a control");
        assert_eq!(half.base, secs(30.0));
        assert!(half.increment.is_zero());
        assert_eq!(half.to_string(), "0.5+0");
        assert_eq!(
            " 1.25+0.5 ".parse::<TimeControl>().map(|c| c.to_string()),
            Ok("1.25+0.5".to_string())
        );
    }

    #[test]
    fn a_bad_time_control_says_which_part_is_wrong() {
        for (text, part) in [
            ("5", "MIN+INC"),
            ("", "MIN+INC"),
            ("0+3", "minutes '0'"),
            ("-1+3", "minutes '-1'"),
            ("x+3", "minutes 'x'"),
            ("inf+0", "minutes 'inf'"),
            ("NaN+0", "minutes 'NaN'"),
            ("1e300+0", "minutes '1e300'"),
            ("5+-1", "increment '-1'"),
            ("5+", "increment ''"),
            ("5+3+1", "increment '3+1'"),
            ("5+1e9", "increment '1e9'"),
        ] {
            let error = text.parse::<TimeControl>().expect_err(text).to_string();
            assert!(error.contains(part), "{text}: {error}");
        }
    }

    #[test]
    fn only_the_running_side_loses_time() {
        let mut clock = ChessClock::new("1+0".parse().expect("a control"));
        clock.run(Some(White), secs(10.0));
        assert_eq!(clock.left(White, secs(25.0)), secs(45.0));
        assert_eq!(clock.left(Black, secs(25.0)), secs(60.0));
        clock.run(Some(White), secs(20.0)); // still White: nothing changes
        assert_eq!(clock.left(White, secs(25.0)), secs(45.0));
    }

    #[test]
    fn a_move_adds_the_increment_and_starts_the_other_clock() {
        let mut clock = ChessClock::new("1+2".parse().expect("a control"));
        clock.run(Some(White), secs(0.0));
        clock.moved(White, secs(5.0));
        assert_eq!(clock.left(White, secs(9.0)), secs(57.0));
        assert_eq!(clock.running(), Some(Black));
        assert_eq!(clock.left(Black, secs(9.0)), secs(56.0));
        clock.moved(Black, secs(9.0));
        assert_eq!(clock.both_left(secs(9.0)), [secs(57.0), secs(58.0)]);
    }

    #[test]
    fn pausing_stops_both_sides_time() {
        let mut clock = ChessClock::new("1+0".parse().expect("a control"));
        clock.run(Some(Black), secs(0.0));
        clock.run(None, secs(4.0));
        assert_eq!(clock.running(), None);
        assert_eq!(clock.both_left(secs(100.0)), [secs(60.0), secs(56.0)]);
        clock.run(Some(Black), secs(100.0));
        assert_eq!(clock.left(Black, secs(101.0)), secs(55.0));
    }

    #[test]
    fn the_running_side_flags_when_its_time_is_gone() {
        let mut clock = ChessClock::new("0.1+0".parse().expect("a control"));
        clock.run(Some(White), secs(1.0));
        assert_eq!(clock.flagged(secs(6.99)), None);
        assert_eq!(clock.flagged(secs(7.0)), Some(White));
        assert_eq!(clock.left(White, secs(50.0)), Duration::ZERO);
        // A side that is not running never flags, however little it has.
        let mut clock = ChessClock::resumed(
            "1+0".parse().expect("a control"),
            [Duration::ZERO, secs(1.0)],
        );
        assert_eq!(clock.flagged(secs(100.0)), None);
        clock.run(Some(Black), secs(100.0));
        assert_eq!(clock.flagged(secs(100.5)), None);
        assert_eq!(clock.flagged(secs(101.0)), Some(Black));
    }

    #[test]
    fn a_flagged_side_gets_no_increment() {
        let mut clock = ChessClock::new("0.05+5".parse().expect("a control"));
        clock.run(Some(White), secs(0.0));
        clock.moved(White, secs(10.0));
        assert_eq!(clock.left(White, secs(10.0)), Duration::ZERO);
    }

    #[test]
    fn a_clock_face_shows_minutes_or_tenths() {
        assert_eq!(clock_face(secs(300.0)), "5:00");
        assert_eq!(clock_face(secs(299.99)), "4:59");
        assert_eq!(clock_face(secs(10.0)), "0:10");
        assert_eq!(clock_face(secs(9.99)), "9.9");
        assert_eq!(clock_face(secs(0.05)), "0.0");
        assert_eq!(clock_face(secs(3723.0)), "1:02:03");
    }
}
