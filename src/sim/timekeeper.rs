//! The timekeeper: each frame, after the rules applied the moves and commands and
//! before the computer's turn, it lets the side to move's time run on the
//! [`MatchClock`] while the game goes on and nothing holds or pauses it, and ends the game
//! when that time is gone. It sits above the computer, whose Pause it obeys.
//!
//! | rule | decision |
//! | --- | --- |
//! | when the clocks start | at once headless; the window holds them ([`MatchClock::held`]) until it has drawn its first frames, so a slow start costs nobody time |
//! | Pause | `Computer::paused` stops both clocks as it stops the computer; a person's move goes on with the game |
//! | Undo, Redo | the times stay as they are (time spent stays spent); the side to move afterwards runs |
//! | New game | both sides get the control's full time again |
//! | a flag fall | the side to move loses, or draws when the other cannot mate (`play::Status::OutOfTime`); Undo cannot bring it back, as the time is still gone |

use super::computer::Computer;
use super::match_clock::{MatchClock, now};
use super::matches::{Match, MatchGame};
use super::sets::RuleStep;
use crate::play::Status;
use bevy::prelude::*;

/// The clock's systems for the mode of game `G`: after the rules applied this frame's
/// moves and commands, before the computer's turn.
pub(super) fn for_mode<G: MatchGame>(app: &mut App) {
    app.add_systems(
        Update,
        run_clock::<G>
            .in_set(RuleStep::Clock)
            .run_if(resource_exists::<Match<G>>),
    );
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
