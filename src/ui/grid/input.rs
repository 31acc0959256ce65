//! Input: picking a piece (click or press), moving it (a click on a destination or a drop
//! there), the keys. Input records intent; the move goes to the rules as a
//! [`GridMoveRequest`].

use super::super::Flipped;
use super::super::Mode;
use super::super::{Click, Stage, clicks, pointer_on_panels};
use super::{Pick, Said};
use crate::grid::Square;
use crate::grid::position::Move;
use crate::sim::{GridMatch, GridMoveOutcome, GridMoveRequest, MatchCommand};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (pick_and_move, keyboard_commands, read_outcomes)
            .chain()
            .in_set(Stage::Input)
            .in_set(Mode::Grid),
    );
}

/// The square under the pointer, if any.
fn square_under(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    state: &GridMatch,
) -> Option<Square> {
    let (camera, at) = camera;
    let p = window
        .cursor_position()
        .and_then(|c| camera.viewport_to_world_2d(at, c).ok())?;
    let g = state.level.variant.geometry;
    g.square(p.x.floor() as i32, p.y.floor() as i32)
}

/// A click on one of the mover's pieces picks it (another of them re-picks); a click on one
/// of the picked piece's destinations asks for the move (through the promotion dialog if
/// there is a choice); anything else drops the pick, and so does right click. Presses and
/// releases are taken in the order they came, so a quick click does what a slow one does.
fn pick_and_move(
    mut buttons: MessageReader<MouseButtonInput>,
    mut contexts: EguiContexts,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    state: Res<GridMatch>,
    mut pick: ResMut<Pick>,
    mut requests: MessageWriter<GridMoveRequest>,
) {
    let clicks = clicks(&mut buttons);
    if clicks.is_empty() || pointer_on_panels(&mut contexts) {
        return;
    }
    let under = square_under(&window, *camera, &state);
    for click in clicks {
        if click == Click::Cancel {
            *pick = Pick::default();
            continue;
        }
        if pick.promotion.is_some() {
            continue;
        }
        if click == Click::Release {
            // A drop: the picked piece dragged onto one of its destinations.
            if let (Some(from), Some(sq)) = (pick.from, under)
                && sq != from
            {
                ask(&mut pick, &mut requests, sq);
            }
            continue;
        }
        let Some(sq) = under else {
            *pick = Pick::default();
            continue;
        };
        if pick.from.is_some() && ask(&mut pick, &mut requests, sq) {
            continue;
        }
        let moves: Vec<Move> = state
            .game
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == sq)
            .collect();
        *pick = if moves.is_empty() {
            Pick::default()
        } else {
            Pick {
                from: Some(sq),
                moves,
                promotion: None,
            }
        };
    }
}

/// Asks for the picked piece's move to `to`: at once if there is one way, through the
/// promotion dialog if there are several. False if `to` is not one of its destinations.
fn ask(pick: &mut Pick, requests: &mut MessageWriter<GridMoveRequest>, to: Square) -> bool {
    let Some(from) = pick.from else {
        return false;
    };
    let choices: Vec<Option<u8>> = pick
        .moves
        .iter()
        .filter(|m| m.to == to)
        .map(|m| m.promotion.checked_sub(1))
        .collect();
    match choices.as_slice() {
        [] => false,
        [only] => {
            requests.write(GridMoveRequest {
                from,
                to,
                promotion: *only,
            });
            *pick = Pick::default();
            true
        }
        _ => {
            pick.promotion = Some((from, to, choices));
            true
        }
    }
}

fn keyboard_commands(
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: MessageWriter<MatchCommand>,
    mut pick: ResMut<Pick>,
    mut flipped: ResMut<Flipped>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        commands.write(MatchCommand::Undo);
        *pick = Pick::default();
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        commands.write(MatchCommand::Redo);
        *pick = Pick::default();
    }
    if keys.just_pressed(KeyCode::KeyF) && !ctrl {
        flipped.0 = !flipped.0;
    }
    if keys.just_pressed(KeyCode::Escape) {
        *pick = Pick::default();
    }
}

fn read_outcomes(mut outcomes: MessageReader<GridMoveOutcome>, mut said: ResMut<Said>) {
    for outcome in outcomes.read() {
        said.0 = match &outcome.result {
            Ok(_) => String::new(),
            Err(why) => format!("Refused: {why}"),
        };
    }
}
