//! The match's chess clock as the app keeps it, both modes: the [`MatchClock`] resource
//! (a [`ChessClock`] when the game is timed, and whether the window holds it), the time
//! it reads ([`now`]), a move pressing it, and the budget the computer plans from. The
//! systems that let its time run are the timekeeper's (`sim::timekeeper`).
//!
//! The time read is `Time<Real>`: the wall clock in the window, one 60th of a second a
//! frame under a `--drive` script, and whatever a headless test sets.

use crate::clock::{ChessClock, TimeControl};
use crate::play::Color;
use bevy::prelude::*;
use std::time::Duration;

/// The match's clock: none in an untimed game.
#[derive(Resource, Clone, Debug, Default)]
pub struct MatchClock {
    /// The clock, if the game is timed.
    pub clock: Option<ChessClock>,
    /// While set, no time runs: the window holds the clocks until it draws.
    pub held: bool,
}

impl MatchClock {
    /// A clock with the control's full time for both sides (`None`: untimed).
    pub fn new(control: Option<TimeControl>) -> MatchClock {
        MatchClock {
            clock: control.map(ChessClock::new),
            held: false,
        }
    }

    /// Replaces the clock by one of `control` with full time (`None`: untimed), keeping
    /// whether the window holds it.
    pub fn set_control(&mut self, control: Option<TimeControl>) {
        self.clock = control.map(ChessClock::new);
    }

    /// Both sides get the control's full time again (a new game), if the game is timed.
    pub fn restart(&mut self) {
        let control = self.clock.as_ref().map(ChessClock::control);
        self.set_control(control);
    }

    /// Resumes a saved game's clock: its control and both sides' time left, stopped.
    pub fn resume(&mut self, saved: Option<(TimeControl, [Duration; 2])>) {
        self.clock = saved.map(|(control, left)| ChessClock::resumed(control, left));
    }

    /// The control and both sides' time left at `now`, as a saved game keeps them.
    pub fn saved(&self, now: Duration) -> Option<(TimeControl, [Duration; 2])> {
        self.clock
            .as_ref()
            .map(|clock| (clock.control(), clock.both_left(now)))
    }

    /// `side`'s time left at `now`, and the increment, when the game is timed: what the
    /// computer plans its thinking from.
    pub fn budget(&self, side: Color, now: Duration) -> Option<(Duration, Duration)> {
        self.clock
            .as_ref()
            .map(|clock| (clock.left(side, now), clock.control().increment))
    }
}

/// The time of the clocks now.
pub fn now(time: &Time<Real>) -> Duration {
    time.elapsed()
}

/// A legal move was played by `mover`: its increment, and the other side's time runs.
pub(super) fn press(clock: &mut MatchClock, mover: Color, now: Duration) {
    if let Some(c) = clock.clock.as_mut() {
        c.moved(mover, now);
    }
}
