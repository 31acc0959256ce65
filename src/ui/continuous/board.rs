//! The board view: the camera, the squares, and fitting the board left of the panel.

use super::super::{Flipped, Mode, Stage, board_bundle, fit_board};
use crate::sim::Match;
use bevy::camera::Projection;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_board.run_if(resource_added::<Match>), fit_camera)
            .chain()
            .in_set(Stage::View)
            .in_set(Mode::Continuous),
    );
}

fn spawn_board(mut commands: Commands, state: Res<Match>, mut images: ResMut<Assets<Image>>) {
    let board = &state.level.board;
    let size = Vec2::new(board.width() as f32, board.height() as f32);
    commands.spawn(board_bundle(board.files, board.ranks, size, &mut images));
}

/// Fits the board into the window left of the panel.
fn fit_camera(
    state: Res<Match>,
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
