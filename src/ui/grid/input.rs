//! Input: picking a piece (click or press) and moving it (a click on a destination or a
//! drop there). Input records intent; the move goes to the rules as a [`GridMoveRequest`].
//! The keys and the rules' answers are the shared flow's.

use super::pick::Pick;
use crate::grid::Move;
use crate::grid::Role;
use crate::grid::Square;
use crate::grid::Variant;
use crate::sim::GameMode;
use crate::sim::{GridMatch, GridMoveRequest, GridPlay, Players};
use crate::ui::common::pointer::{Click, clicks, pointer_on_panels, pointer_over_panels};
use crate::ui::common::stage::Stage;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        pick_and_move
            .in_set(Stage::Input)
            .run_if(in_state(GameMode::Grid)),
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
#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: one parameter per resource"
)]
fn pick_and_move(
    mut buttons: MessageReader<MouseButtonInput>,
    mut contexts: EguiContexts,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    state: Res<GridMatch>,
    players: Res<Players>,
    mut pick: ResMut<Pick>,
    mut requests: MessageWriter<GridMoveRequest>,
    mut plays: MessageWriter<GridPlay>,
) {
    let clicks = clicks(&mut buttons);
    // A piece dragged from the hand (a panel button) is let go over the board.
    let from_hand = pick.drop.is_some() && !pointer_over_panels(&mut contexts);
    if clicks.is_empty()
        || (pointer_on_panels(&mut contexts) && !from_hand)
        || !players.human_to_move(&state.game)
    {
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
            // The picked piece dragged onto one of its destinations, or a piece dragged
            // from the hand onto a square it may be dropped on.
            match (pick.from, pick.drop, under) {
                (Some(from), _, Some(sq)) if sq != from => {
                    ask(&mut pick, &mut requests, &state.level.variant, sq);
                }
                (None, Some(_), Some(sq)) => {
                    ask_drop(&mut pick, &mut requests, sq);
                }
                _ => {}
            }
            continue;
        }
        let Some(sq) = under else {
            *pick = Pick::default();
            continue;
        };
        if !pick.walls.is_empty() {
            // A click on a marked square puts the wall there; elsewhere, it drops the move.
            if let Some(&m) = pick.walls.iter().find(|m| m.wall == Some(sq)) {
                plays.write(GridPlay::of(m));
            }
            *pick = Pick::default();
            continue;
        }
        if pick.from.is_some() && ask(&mut pick, &mut requests, &state.level.variant, sq) {
            continue;
        }
        if pick.drop.is_some() && ask_drop(&mut pick, &mut requests, sq) {
            continue;
        }
        let moves: Vec<Move> = state
            .game
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == sq && m.dropped().is_none())
            .collect();
        *pick = if moves.is_empty() {
            Pick::default()
        } else {
            Pick {
                from: Some(sq),
                moves,
                ..Pick::default()
            }
        };
    }
}

/// Asks to drop the type picked from the hand on `to`; false if it may not go there.
fn ask_drop(pick: &mut Pick, requests: &mut MessageWriter<GridMoveRequest>, to: Square) -> bool {
    let Some(m) = pick
        .moves
        .iter()
        .find(|m| m.to == to && m.dropped().is_some())
    else {
        return false;
    };
    requests.write(GridMoveRequest::of(*m));
    *pick = Pick::default();
    true
}

/// Asks for the picked piece's move to `to`: at once if there is one way, through the
/// promotion dialog if there are several. False if `to` is not one of its destinations
/// (Chess960 castling's is its rook's square).
fn ask(
    pick: &mut Pick,
    requests: &mut MessageWriter<GridMoveRequest>,
    v: &Variant,
    to: Square,
) -> bool {
    let Some(from) = pick.from else {
        return false;
    };
    let walled: Vec<Move> = pick
        .moves
        .iter()
        .filter(|m| m.target(v) == to && m.wall.is_some())
        .copied()
        .collect();
    if !walled.is_empty() {
        // The wall's square comes next: the squares it may go on are marked.
        *pick = Pick {
            walls: walled,
            ..Pick::default()
        };
        return true;
    }
    let choices: Vec<Option<Role>> = pick
        .moves
        .iter()
        .filter(|m| m.target(v) == to)
        .map(|m| m.promotion)
        .collect();
    match choices.as_slice() {
        [] => false,
        [only] => {
            requests.write(GridMoveRequest {
                from,
                to,
                promotion: *only,
                drop: None,
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
