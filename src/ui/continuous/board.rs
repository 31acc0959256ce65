//! The board view: the camera, the squares, and fitting the board left of the panel.

use super::super::{Flipped, Stage, board_bundle, fit_board};
use crate::sim::{ContinuousMatch, GameMode};
use bevy::camera::Projection;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameMode::Continuous), spawn_board)
        .add_systems(
            Update,
            fit_camera
                .in_set(Stage::View)
                .run_if(in_state(GameMode::Continuous)),
        );
}

fn spawn_board(
    mut commands: Commands,
    state: Res<ContinuousMatch>,
    mut images: ResMut<Assets<Image>>,
) {
    let board = &state.level.board;
    let size = Vec2::new(board.width() as f32, board.height() as f32);
    commands.spawn(board_bundle(
        GameMode::Continuous,
        board.files,
        board.ranks,
        size,
        &mut images,
    ));
}

/// Fits the board into the window left of the panel.
fn fit_camera(
    state: Res<ContinuousMatch>,
    flipped: Res<Flipped>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let board = state.game.position().board();
    let size = Vec2::new(board.width() as f32, board.height() as f32);
    let (mut transform, mut projection) = camera.into_inner();
    fit_board(
        &window,
        (&mut transform, &mut projection),
        size,
        size * 1.08,
        flipped.0,
    );
}
