//! Input: where the pointer is on the board, picking a piece and dropping it (by a second
//! click or a drag) and the promotion choice. Input records intent; the move goes to the
//! rules as a [`MoveRequest`]. The keys and the rules' answers are the shared flow's.

use super::pick::Pick;
use crate::continuous::{Request, drop_target, legal_region};
use crate::convert::from_bevy;
use crate::sim::GameMode;
use crate::sim::{ContinuousMatch, MoveRequest, Players};
use crate::ui::common::pointer::{Click, clicks, pointer_on_panels};
use crate::ui::common::stage::Stage;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (track_pointer, pick_and_drop)
            .chain()
            .in_set(Stage::Input)
            .run_if(in_state(GameMode::Continuous)),
    );
}

/// Where the pointer is on the board, and where the picked piece would land.
fn track_pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    state: Res<ContinuousMatch>,
    mut selection: ResMut<Pick>,
) {
    let (camera, at) = *camera;
    let pointer = window
        .cursor_position()
        .and_then(|c| camera.viewport_to_world_2d(at, c).ok());
    if pointer == selection.pointer {
        return;
    }
    selection.pointer = pointer;
    selection.target = match (selection.piece, pointer) {
        (Some(i), Some(p)) => drop_target(state.game.position(), i, from_bevy(p)),
        _ => None,
    };
}

/// Left press picks one of your pieces; a press elsewhere, or a release off the picked
/// disc (a drag), moves the picked one; right click drops it. Presses and releases are
/// taken in the order they came, so a quick click picks or moves as a slow one does.
fn pick_and_drop(
    mut buttons: MessageReader<MouseButtonInput>,
    mut contexts: EguiContexts,
    state: Res<ContinuousMatch>,
    players: Res<Players>,
    mut selection: ResMut<Pick>,
    mut requests: MessageWriter<MoveRequest>,
) {
    let clicks = clicks(&mut buttons);
    if clicks.is_empty() || pointer_on_panels(&mut contexts) || !players.human_to_move(&state.game)
    {
        return;
    }
    let pos = state.game.position();
    for click in clicks {
        if click == Click::Cancel {
            *selection = Pick::default();
            continue;
        }
        let Some(pointer) = selection.pointer.map(from_bevy) else {
            continue;
        };
        if selection.promotion.is_some() {
            continue;
        }
        if click == Click::Release {
            // A drop: the picked piece dragged off its own disc.
            if let Some(i) = selection.piece
                && pos.piece_at(pointer) != Some(i)
            {
                let to = selection.target.map_or(pointer, |t| t.aim);
                request_move(&mut selection, &mut requests, pos, pos.pieces()[i].at, to);
            }
            continue;
        }
        let own = pos
            .piece_at(pointer)
            .filter(|&i| pos.pieces()[i].side == pos.to_move());
        match (selection.piece, own) {
            (_, Some(i)) if selection.piece != Some(i) => {
                selection.piece = Some(i);
                selection.region = Some(legal_region(pos, i));
                selection.target = drop_target(pos, i, pointer);
            }
            (Some(i), _) => {
                let to = selection.target.map_or(pointer, |t| t.aim);
                request_move(&mut selection, &mut requests, pos, pos.pieces()[i].at, to);
            }
            (None, _) => {}
        }
    }
}

/// Asks for a move, or, when it would promote and the level offers a choice, opens the
/// promotion dialog first.
fn request_move(
    selection: &mut Pick,
    requests: &mut MessageWriter<MoveRequest>,
    pos: &crate::continuous::Position,
    from: crate::continuous::Point,
    to: crate::continuous::Point,
) {
    let choices = crate::continuous::resolve(pos, from, to, None)
        .applied()
        .filter(|a| a.promotion.is_some())
        .map_or(0, |a| pos.board().promotion_of(a.mover.kind).len());
    let pointer = selection.pointer;
    if choices > 1 {
        *selection = Pick {
            pointer,
            promotion: Some((from, to)),
            ..default()
        };
    } else {
        requests.write(MoveRequest(Request {
            from,
            to,
            promotion: None,
        }));
        *selection = Pick {
            pointer,
            ..default()
        };
    }
}
