//! Grid mode in the window, one plugin per concern: the board view (fitted left of the
//! panel, coordinates on its edges, flipped on request), the pieces, input, the overlays
//! (the picked piece's destinations, captures apart, the last move, check), the panel
//! with the promotion dialog, and the piece inspector. Legality is the rules' ([`GridMoveRequest`] →
//! [`GridMoveOutcome`]); the destinations shown are the game's own legal moves, computed
//! once per pick.
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - `pick`: the picked piece and its legal moves, which input, overlays and panel share.
//! - `board`: the coordinates round the board.
//! - `inspect`: the piece inspector.
//! - `pieces`: the pieces' tokens and their glides.
//! - `input`: picking, dragging and dropping with the pointer.
//! - `overlays`: the last move, check, the picked piece's destinations.
//! - `panel`: the side panel, with the pieces in hand and the types to inspect.
//!
//! [`GridMoveRequest`]: crate::sim::GridMoveRequest
//! [`GridMoveOutcome`]: crate::sim::GridMoveOutcome

use super::flow;
use bevy::prelude::*;
use pick::Pick;

mod board;
mod input;
mod inspect;
mod overlays;
mod panel;
mod pick;
mod pieces;

/// Grid mode: its game's flow, its resources and the plugins of each concern.
pub fn plugin(app: &mut App) {
    flow::for_mode::<crate::grid::game::Game, Pick>(app);
    super::view::for_mode::<crate::grid::game::Game>(app);
    app.init_resource::<inspect::Inspector>()
        .add_systems(OnEnter(crate::sim::GameMode::Grid), fresh_inspector)
        .add_plugins((
            board::plugin,
            pieces::plugin,
            input::plugin,
            overlays::plugin,
            panel::plugin,
        ));
}

/// A new match's inspector shows nothing.
fn fresh_inspector(mut commands: Commands) {
    commands.insert_resource(inspect::Inspector::default());
}
