//! Continuous mode in the window, one plugin per concern: the piece visuals, input, the
//! overlays (legal regions, capture areas, check), the panel's extras and the inspector.
//! The board view and the game's flow are the shared ones (`ui::view`, `ui::flow`).
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - `pick`: the picked piece and whether capture areas show, which input, overlays and
//!   panel share.
//! - `inspect`: the kind inspector.
//! - `pieces`: the pieces' tokens and their glides.
//! - `input`: picking, targeting and moving with the pointer.
//! - `overlays`: the legal region, the capture areas, check.
//! - `panel`: the side panel, with the capture-area switch and the kinds to inspect.

use super::flow;
use crate::sim::GameMode;
use bevy::prelude::*;
use pick::{Pick, ShowThreats};

mod input;
mod inspect;
mod overlays;
mod panel;
mod pick;
mod pieces;

/// Continuous mode: its game's flow, its resources and the plugins of each concern.
pub fn plugin(app: &mut App) {
    flow::for_mode::<crate::continuous::Game, Pick>(app);
    super::view::for_mode::<crate::continuous::Game>(app);
    app.init_resource::<ShowThreats>()
        .add_systems(OnEnter(GameMode::Continuous), fresh_panels)
        .add_plugins((
            inspect::plugin,
            pieces::plugin,
            input::plugin,
            overlays::plugin,
            panel::plugin,
        ));
}

/// What a new match's panel starts with: capture areas hidden, no kind inspected.
fn fresh_panels(mut commands: Commands) {
    commands.insert_resource(ShowThreats::default());
    commands.insert_resource(inspect::Inspected::default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{ContinuousMatch, MatchCommand, MoveRequest};
    use crate::ui::open::tests::app_on;

    fn picked(app: &App) -> Option<usize> {
        app.world().resource::<Pick>().piece
    }

    #[test]
    fn a_pick_lasts_while_the_game_stands_still_and_goes_when_a_move_is_taken_back() {
        let mut app = app_on("area-of-competence.toml");
        let state = app.world().resource::<ContinuousMatch>();
        let board = state.level.board.clone();
        let e2e4 = crate::continuous::notation::parse_move(&board, "e2->e4").expect("a move");
        app.world_mut().write_message(MoveRequest(e2e4));
        app.update();
        app.world_mut().resource_mut::<Pick>().piece = Some(0);
        app.update();
        assert_eq!(picked(&app), Some(0), "nothing changed: the pick stays");
        app.world_mut().write_message(MatchCommand::Undo);
        app.update();
        assert_eq!(picked(&app), None, "its index may name another piece now");
    }
}
