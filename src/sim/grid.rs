//! Grid mode inside Bevy: the [`GridMatch`] resource, one entity per occupied square that
//! mirrors it, and the messages that ask for moves and report their outcomes. The match
//! commands ([`super::MatchCommand`]) apply to it as to a continuous match.

use super::{MatchCommand, PIECE_Z};
use crate::grid::game::Game;
use crate::grid::position::{is_piece, side_of, type_of};
use crate::grid::{Move, Square};
use crate::level::GridLevel;
use bevy::prelude::*;

/// The grid match being played: its level and its game.
#[derive(Resource, Clone, Debug)]
pub struct GridMatch {
    /// The level the match plays.
    pub level: GridLevel,
    /// The game so far.
    pub game: Game,
}

impl GridMatch {
    /// A new match from the level's setup.
    pub fn new(level: GridLevel) -> GridMatch {
        let game = Game::new(level.variant.clone(), level.start.clone());
        GridMatch { level, game }
    }
}

/// A player asks to move the piece on `from` to `to`, promoting to the type `promotion`
/// (an index into the variant's types) or not.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridMoveRequest {
    /// The mover's square.
    pub from: Square,
    /// The target square.
    pub to: Square,
    /// The type to promote to, if any.
    pub promotion: Option<u8>,
}

/// What became of a [`GridMoveRequest`]: the move played, or why not.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GridMoveOutcome {
    /// The request.
    pub request: GridMoveRequest,
    /// The move played, or the reason it was refused.
    pub result: Result<Move, String>,
}

/// Marks an entity that mirrors the piece on this square.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridPiece {
    /// Its square.
    pub square: Square,
    /// Its type (an index into the variant's types).
    pub kind: u8,
    /// White (0) or Black (1).
    pub side: u8,
}

/// The centre of a square in world units: one square is one unit, a1's lower-left corner
/// is the origin.
pub fn square_centre(level: &GridLevel, sq: Square) -> Vec2 {
    let g = level.variant.geometry;
    Vec2::new(g.file(sq) as f32 + 0.5, g.rank(sq) as f32 + 0.5)
}

pub(super) fn apply_grid_requests(
    mut requests: MessageReader<GridMoveRequest>,
    mut outcomes: MessageWriter<GridMoveOutcome>,
    state: Option<ResMut<GridMatch>>,
) {
    let Some(mut state) = state else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        let promotion = request.promotion.map_or(0, |t| t + 1);
        let found = state
            .game
            .legal_moves()
            .into_iter()
            .find(|m| m.from == request.from && m.to == request.to && m.promotion == promotion);
        let result = match found {
            Some(m) => {
                state.game.play(m);
                Ok(m)
            }
            None if state.game.status().is_over() => Err("the game is over".to_string()),
            None => Err("not a legal move here".to_string()),
        };
        outcomes.write(GridMoveOutcome {
            request: *request,
            result,
        });
    }
}

pub(super) fn apply_grid_commands(
    mut commands: MessageReader<MatchCommand>,
    state: Option<ResMut<GridMatch>>,
) {
    let Some(mut state) = state else {
        return;
    };
    for command in commands.read() {
        match command {
            MatchCommand::Undo => {
                state.game.undo();
            }
            MatchCommand::Redo => {
                state.game.redo();
            }
            MatchCommand::Resign => state.game.resign(),
            MatchCommand::AgreeDraw => state.game.agree_draw(),
            MatchCommand::Restart => {
                let start = state.game.start().clone();
                state.game = Game::new(state.level.variant.clone(), start);
            }
        }
    }
}

/// Keeps one entity per occupied square, with its type, side and transform.
pub(super) fn mirror_grid_pieces(
    mut commands: Commands,
    state: Option<Res<GridMatch>>,
    mirrored: Query<(Entity, &GridPiece)>,
) {
    let Some(state) = state else {
        return;
    };
    if !state.is_changed() {
        return;
    }
    let pos = state.game.position();
    let mut wanted: Vec<GridPiece> = (0..state.level.variant.geometry.squares() as Square)
        .filter(|&sq| is_piece(pos.cell(sq)))
        .map(|sq| GridPiece {
            square: sq,
            kind: type_of(pos.cell(sq)) as u8,
            side: side_of(pos.cell(sq)) as u8,
        })
        .collect();
    for (entity, piece) in &mirrored {
        match wanted.iter().position(|w| w == piece) {
            Some(k) => {
                wanted.swap_remove(k);
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for piece in wanted {
        let t = &state.level.variant.types[usize::from(piece.kind)];
        commands.spawn((
            Name::new(format!(
                "{} {}",
                ["White", "Black"][usize::from(piece.side)],
                t.name
            )),
            piece,
            Transform::from_translation(square_centre(&state.level, piece.square).extend(PIECE_Z)),
        ));
    }
}
