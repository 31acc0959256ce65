//! What the mode's input, overlays and panel share: the picked piece (or the type picked
//! from the hand) with its legal moves, and a move waiting for its promotion choice or for
//! the square of its wall.

use crate::grid::Move;
use crate::grid::Role;
use crate::grid::Square;
use crate::sim::{GridMatch, GridMoveRequest, GridPlay};
use crate::ui::flow::Picked;
use bevy::prelude::*;

/// The picked piece and its legal moves (computed once per pick), and a move waiting for
/// its promotion choice.
#[derive(Resource, Default)]
pub(super) struct Pick {
    pub(super) from: Option<Square>,
    /// A type picked from the hand to drop (then `from` is none).
    pub(super) drop: Option<Role>,
    pub(super) moves: Vec<Move>,
    pub(super) promotion: Option<(Square, Square, Vec<Option<Role>>)>,
    /// The moves to one destination that differ only by where they leave a wall, waiting
    /// for a click on one of those squares.
    pub(super) walls: Vec<Move>,
}

impl Picked<crate::grid::game::Game> for Pick {
    fn drop_pick(&mut self) {
        *self = Pick::default();
    }

    /// The level's choices, and "No promotion" where it may be declined.
    fn promotion(&self, state: &GridMatch) -> Option<Vec<(String, GridPlay)>> {
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
            (
                label,
                GridPlay {
                    request,
                    wall: None,
                },
            )
        });
        Some(labelled.collect())
    }
}
