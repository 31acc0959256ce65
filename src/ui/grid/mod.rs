//! Grid mode in the window, one plugin per concern: the board view (fitted left of the
//! panel, coordinates on its edges, flipped on request), the pieces, input, the overlays
//! (the picked piece's destinations, captures apart, the last move, check) and the panel
//! with the promotion dialog. Legality is the rules' ([`GridMoveRequest`] →
//! [`GridMoveOutcome`]); the destinations shown are the game's own legal moves, computed
//! once per pick.
//!
//! [`GridMoveRequest`]: crate::sim::GridMoveRequest
//! [`GridMoveOutcome`]: crate::sim::GridMoveOutcome

use crate::grid::Square;
use crate::grid::game::Status;
use crate::grid::position::Move;
use crate::sim::GridMatch;
use bevy::prelude::*;

mod board;
mod input;
mod overlays;
mod panel;
pub(super) mod pieces;

/// Grid mode: its resources and the plugins of each concern.
pub fn plugin(app: &mut App) {
    app.init_resource::<Pick>()
        .init_resource::<Said>()
        .init_resource::<super::inspect::Inspector>()
        .add_plugins((
            board::plugin,
            pieces::plugin,
            input::plugin,
            overlays::plugin,
            panel::plugin,
        ));
}

/// Puts back the panels' state a new match starts with.
pub(super) fn reset(world: &mut World) {
    world.insert_resource(Pick::default());
    world.insert_resource(Said::default());
    world.insert_resource(super::inspect::Inspector::default());
}

/// The picked piece and its legal moves (computed once per pick), and a move waiting for
/// its promotion choice.
#[derive(Resource, Default)]
struct Pick {
    from: Option<Square>,
    moves: Vec<Move>,
    promotion: Option<(Square, Square, Vec<Option<u8>>)>,
}

/// The last thing the rules said, in words.
#[derive(Resource, Default)]
struct Said(String);

/// How a grid game stands, in words.
pub(crate) fn grid_status(state: &GridMatch) -> String {
    let game = &state.game;
    let side = |s: usize| ["White", "Black"][s];
    match game.status() {
        Status::Playing => {
            let us = game.position().to_move();
            if crate::grid::in_check(&state.level.variant, game.position()) {
                format!("{} to move — check!", side(us))
            } else {
                format!("{} to move", side(us))
            }
        }
        Status::Checkmate { winner } => format!("Checkmate: {} wins", side(winner)),
        Status::Stalemate { winner: None } => "Stalemate: draw".to_string(),
        Status::Stalemate { winner: Some(w) } => format!("Stalemate: {} wins", side(w)),
        Status::RoyalLost { winner } => format!("Royal piece taken: {} wins", side(winner)),
        Status::Resigned { winner } => format!("Resigned: {} wins", side(winner)),
        Status::DrawAgreed => "Draw agreed".to_string(),
    }
}
