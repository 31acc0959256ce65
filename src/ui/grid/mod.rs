//! Grid mode in the window, one plugin per concern: the board view (fitted left of the
//! panel, coordinates on its edges, flipped on request), the pieces, input, the overlays
//! (the picked piece's destinations, captures apart, the last move, check), the panel
//! with the promotion dialog, and the piece inspector. Legality is the rules' ([`GridMoveRequest`] →
//! [`GridMoveOutcome`]); the destinations shown are the game's own legal moves, computed
//! once per pick.
//!
//! [`GridMoveRequest`]: crate::sim::GridMoveRequest
//! [`GridMoveOutcome`]: crate::sim::GridMoveOutcome

use super::flow::{self, Picked};
use crate::grid::Role;
use crate::grid::Square;
use crate::grid::position::Move;
use crate::sim::{GridMatch, GridMoveRequest};
use bevy::prelude::*;

mod board;
mod input;
mod inspect;
mod overlays;
mod panel;
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

/// The picked piece and its legal moves (computed once per pick), and a move waiting for
/// its promotion choice.
#[derive(Resource, Default)]
struct Pick {
    from: Option<Square>,
    /// A type picked from the hand to drop (then `from` is none).
    drop: Option<Role>,
    moves: Vec<Move>,
    promotion: Option<(Square, Square, Vec<Option<Role>>)>,
}

impl Picked<crate::grid::game::Game> for Pick {
    fn drop_pick(&mut self) {
        *self = Pick::default();
    }

    /// The level's choices, and "No promotion" where it may be declined.
    fn promotion(&self, state: &GridMatch) -> Option<Vec<(String, GridMoveRequest)>> {
        let (from, to, choices) = self.promotion.as_ref()?;
        let labelled = choices.iter().map(|&promotion| {
            let label = match promotion {
                Some(t) => state.level.variant[t].name.clone(),
                None => "No promotion".to_string(),
            };
            let request = GridMoveRequest {
                from: *from,
                to: *to,
                promotion,
                drop: None,
            };
            (label, request)
        });
        Some(labelled.collect())
    }
}
