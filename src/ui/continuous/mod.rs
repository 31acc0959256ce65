//! Continuous mode in the window, one plugin per concern: the board view, the piece
//! visuals, input, the overlays (legal regions, capture areas, check) and the panel.

use crate::continuous::{LegalRegion, Status, Target};
use bevy::prelude::*;

mod board;
mod input;
pub mod inspect;
mod overlays;
mod panel;
mod pieces;

/// Continuous mode: its resources and the plugins of each concern.
pub fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<Feedback>()
        .init_resource::<ShowThreats>()
        .add_plugins((
            board::plugin,
            inspect::plugin,
            pieces::plugin,
            input::plugin,
            overlays::plugin,
            panel::plugin,
        ));
}

/// Puts back the panels' state a new match starts with.
pub(super) fn reset(world: &mut World) {
    world.insert_resource(Selection::default());
    world.insert_resource(Feedback::default());
    world.insert_resource(ShowThreats::default());
    world.insert_resource(inspect::Inspected::default());
}

/// The picked piece, its legal region (computed once per pick) and where it would land.
#[derive(Resource, Default)]
struct Selection {
    piece: Option<usize>,
    region: Option<LegalRegion>,
    target: Option<Target>,
    pointer: Option<Vec2>,
    /// A promoting move waiting for the player's choice.
    promotion: Option<(crate::continuous::Point, crate::continuous::Point)>,
}

/// Whether the enemy's capture areas are drawn.
#[derive(Resource, Default)]
struct ShowThreats(bool);

/// The last thing the rules said, in words.
#[derive(Resource, Default)]
struct Feedback(String);

/// How a continuous game stands, in words.
pub(crate) fn continuous_status(game: &crate::continuous::Game) -> String {
    match game.status() {
        Status::Playing => {
            let side = game.position().to_move();
            if game.in_check() {
                format!("{side} to move — check!")
            } else {
                format!("{side} to move")
            }
        }
        Status::Checkmate { winner } => format!("Checkmate: {winner} wins"),
        Status::Stalemate => "Stalemate: draw".to_string(),
        Status::Resigned { winner } => format!("Resigned: {winner} wins"),
        Status::DrawAgreed => "Draw agreed".to_string(),
    }
}
