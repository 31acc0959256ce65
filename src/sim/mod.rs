//! The rules inside Bevy, without rendering: the match resource, one entity per piece that
//! mirrors it, and the messages that ask for moves and report their outcomes. Continuous
//! mode is here; grid mode, the same shape, is in [`grid`].
//!
//! Data flows one way: a [`MoveRequest`] or [`MatchCommand`] message → the rules → the
//! [`Match`] resource → the piece entities. Works with `MinimalPlugins`.

use crate::continuous::{Game, Kind, Outcome, Position, Request, Side};
use crate::convert::to_translation;
use crate::level::ContinuousLevel;
use bevy::prelude::*;

pub mod grid;

pub use grid::{GridMatch, GridMoveOutcome, GridMoveRequest, GridPiece};

/// Adds the rules: messages, the systems that apply them, and the piece mirror.
pub struct RulesPlugin;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<MoveRequest>()
            .add_message::<MoveOutcome>()
            .add_message::<MatchCommand>()
            .add_message::<LoadGame>()
            .add_message::<GridMoveRequest>()
            .add_message::<GridMoveOutcome>()
            .add_systems(
                Update,
                (
                    apply_loaded_games,
                    apply_move_requests,
                    apply_match_commands,
                    mirror_pieces,
                    grid::apply_grid_requests,
                    grid::apply_grid_commands,
                    grid::mirror_grid_pieces,
                )
                    .chain()
                    .in_set(RulesSystems),
            );
    }
}

/// The rules' systems, in order: moves, then commands, then the piece mirror.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RulesSystems;

/// The match being played: its level and its game (position and history).
#[derive(Resource, Clone, Debug)]
pub struct Match {
    /// The level the match plays.
    pub level: ContinuousLevel,
    /// The game so far.
    pub game: Game,
}

impl Match {
    /// A new match from the level's start position.
    pub fn new(level: ContinuousLevel) -> Self {
        let game = Game::new(level.start.clone());
        Match { level, game }
    }

    /// A match from another start position on the level's board.
    pub fn from_position(level: ContinuousLevel, start: Position) -> Self {
        Match {
            level,
            game: Game::new(start),
        }
    }
}

/// A player asks to move a piece.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct MoveRequest(pub Request);

/// What became of a [`MoveRequest`].
#[derive(Message, Clone, Debug, PartialEq)]
pub struct MoveOutcome {
    /// The request.
    pub request: Request,
    /// The rules' answer.
    pub outcome: Outcome,
}

/// A command on the match as a whole.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchCommand {
    /// Take back the last move.
    Undo,
    /// Replay the last move taken back.
    Redo,
    /// The side to move resigns.
    Resign,
    /// The players agree a draw.
    AgreeDraw,
    /// Start again from the level's start position.
    Restart,
}

/// Replace the game being played by one read from a saved game (already replayed through
/// the rules); a game of the other mode is ignored.
#[derive(Message, Clone, Debug)]
pub struct LoadGame(pub crate::level::save::AnyGame);

/// Marks an entity that mirrors the piece at this index of the current position.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSlot(pub usize);

/// The kind of the mirrored piece.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceKind(pub Kind);

/// The side of the mirrored piece.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSide(pub Side);

/// Depth of piece entities, above the board.
pub const PIECE_Z: f32 = 1.0;

fn apply_move_requests(
    mut requests: MessageReader<MoveRequest>,
    mut outcomes: MessageWriter<MoveOutcome>,
    state: Option<ResMut<Match>>,
) {
    let Some(mut state) = state else {
        requests.clear();
        return;
    };
    for MoveRequest(request) in requests.read() {
        let outcome = state.game.play(*request);
        outcomes.write(MoveOutcome {
            request: *request,
            outcome,
        });
    }
}

fn apply_loaded_games(
    mut loads: MessageReader<LoadGame>,
    continuous: Option<ResMut<Match>>,
    grid: Option<ResMut<GridMatch>>,
) {
    use crate::level::save::AnyGame;
    let (mut continuous, mut grid) = (continuous, grid);
    for LoadGame(game) in loads.read() {
        match (game, continuous.as_mut(), grid.as_mut()) {
            (AnyGame::Continuous(g), Some(state), _) => state.game = g.clone(),
            (AnyGame::Grid(g), _, Some(state)) => state.game = g.clone(),
            _ => {}
        }
    }
}

fn apply_match_commands(mut commands: MessageReader<MatchCommand>, state: Option<ResMut<Match>>) {
    let Some(mut state) = state else {
        commands.clear();
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
                state.game = Game::new(start);
            }
        }
    }
}

/// Keeps one entity per piece, with its kind, side and an f32 transform.
fn mirror_pieces(
    mut commands: Commands,
    state: Option<Res<Match>>,
    mut mirrored: Query<(
        Entity,
        &PieceSlot,
        &mut PieceKind,
        &mut PieceSide,
        &mut Transform,
    )>,
) {
    let Some(state) = state else {
        return;
    };
    if !state.is_changed() {
        return;
    }
    let pieces = state.game.position().pieces();
    let mut seen = vec![false; pieces.len()];
    for (entity, slot, mut kind, mut side, mut transform) in &mut mirrored {
        match pieces.get(slot.0) {
            Some(piece) => {
                seen[slot.0] = true;
                kind.set_if_neq(PieceKind(piece.kind));
                side.set_if_neq(PieceSide(piece.side));
                transform.translation = to_translation(piece.at, PIECE_Z);
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for (slot, piece) in pieces.iter().enumerate() {
        if !seen[slot] {
            commands.spawn(piece_bundle(slot, piece));
        }
    }
}

fn piece_bundle(slot: usize, piece: &crate::continuous::Piece) -> impl Bundle {
    (
        Name::new(format!("{} {}", piece.side, piece.kind.name())),
        PieceSlot(slot),
        PieceKind(piece.kind),
        PieceSide(piece.side),
        Transform::from_translation(to_translation(piece.at, PIECE_Z)),
    )
}
