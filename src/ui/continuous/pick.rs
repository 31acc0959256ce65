//! What the mode's input, overlays and panel share: the picked piece (its legal region, where
//! it would land, a promotion waiting for its choice) and whether the enemy's capture areas
//! are shown.

use crate::continuous::{LegalRegion, Point, Request, Target};
use crate::sim::{ContinuousMatch, MoveRequest};
use crate::ui::flow::Picked;
use bevy::prelude::*;

/// The picked piece, its legal region (computed once per pick) and where it would land;
/// where the pointer is on the board.
#[derive(Resource, Default)]
pub(super) struct Pick {
    pub(super) piece: Option<usize>,
    pub(super) region: Option<LegalRegion>,
    pub(super) target: Option<Target>,
    pub(super) pointer: Option<Vec2>,
    /// A promoting move waiting for the player's choice.
    pub(super) promotion: Option<(Point, Point)>,
}

impl Picked<crate::continuous::Game> for Pick {
    fn drop_pick(&mut self) {
        *self = Pick {
            pointer: self.pointer,
            ..Pick::default()
        };
    }

    /// What the moving piece may promote to, by name.
    fn promotion(&self, state: &ContinuousMatch) -> Option<Vec<(String, MoveRequest)>> {
        let (from, to) = self.promotion?;
        let position = state.game.position();
        let mover = position.pieces().get(position.piece_at(from)?)?.kind;
        let board = &state.level.board;
        let choices = board.promotion_of(mover).iter().map(|&kind| {
            let request = Request {
                from,
                to,
                promotion: Some(kind),
            };
            (board.name_of(kind).to_string(), MoveRequest(request))
        });
        Some(choices.collect())
    }
}

/// Whether the enemy's capture areas are drawn.
#[derive(Resource, Default)]
pub(super) struct ShowThreats(pub(super) bool);
