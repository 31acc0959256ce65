//! The match's chess clock inside the app, both modes: the side to move's time runs while
//! the game goes on, a completed move adds its increment and starts the other side's time,
//! Pause stops both, and a flag fall ends the game.
//!
//! The time read is `Time<Real>`: the wall clock in the window, one 60th of a second a
//! frame under a `--drive` script, and whatever a headless test sets.
//!
//! | rule | decision |
//! | --- | --- |
//! | when the clocks start | at once headless; the window holds them ([`MatchClock::held`]) until it has drawn its first frames, so a slow start costs nobody time |
//! | Pause | `Computer::paused` stops both clocks as it stops the computer; a person's move goes on with the game |
//! | Undo, Redo | the times stay as they are (time spent stays spent); the side to move afterwards runs |
//! | New game | both sides get the control's full time again |
//! | a flag fall | the side to move loses, or draws when the other cannot mate (`play::Status::OutOfTime`); Undo cannot bring it back, as the time is still gone |

use super::computer::Computer;
use super::{Match, MatchGame};
use crate::clock::{ChessClock, TimeControl};
use crate::play::{Color, Status};
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

/// The clock's systems for the mode of game `G`: after the rules applied this frame's
/// moves and commands, before the computer's turn.
pub(super) fn for_mode<G: MatchGame>(app: &mut App) {
    app.add_systems(
        Update,
        run_clock::<G>
            .in_set(super::RuleStep::Clock)
            .run_if(resource_exists::<Match<G>>),
    );
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

/// Lets the side to move's time run while the game goes on and nothing holds it, and ends
/// the game when that time is gone.
fn run_clock<G: MatchGame>(
    time: Res<Time<Real>>,
    computer: Res<Computer>,
    mut clock: ResMut<MatchClock>,
    mut state: ResMut<Match<G>>,
) {
    let now = now(&time);
    let game = &state.game;
    let runs = !clock.held && !computer.paused && !game.status().is_over();
    let side = runs.then(|| game.to_move());
    let (mut changed, mut flagged) = (false, None);
    if let Some(c) = clock.bypass_change_detection().clock.as_mut() {
        if c.running() != side {
            c.run(side, now);
            changed = true;
        }
        if let Some(loser) = c.flagged(now) {
            c.run(None, now);
            changed = true;
            flagged = Some(loser);
        }
    }
    if changed {
        clock.set_changed();
    }
    if let Some(loser) = flagged {
        let end = Status::out_of_time(&state.game, loser);
        state.game.end_by_players(end);
    }
}
