//! The board view: the camera (turned round when flipped), the squares, fitting the board
//! left of the panel, and the coordinates on its edges.

use super::super::Flipped;
use super::super::{Stage, board_bundle, fit_board};
use crate::sim::{GameMode, GridMatch};
use bevy::camera::Projection;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameMode::Grid), spawn_board)
        .add_systems(
            Update,
            fit_camera
                .in_set(Stage::View)
                .run_if(in_state(GameMode::Grid)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            coordinates.run_if(in_state(GameMode::Grid)),
        );
}

fn spawn_board(mut commands: Commands, state: Res<GridMatch>, mut images: ResMut<Assets<Image>>) {
    let g = state.level.variant.geometry;
    let (files, ranks) = (u32::from(g.files()), u32::from(g.ranks()));
    commands.spawn(board_bundle(
        GameMode::Grid,
        files,
        ranks,
        Vec2::new(files as f32, ranks as f32),
        &mut images,
    ));
}

/// Fits the board into the window left of the panel, turned round when flipped.
fn fit_camera(
    state: Res<GridMatch>,
    flipped: Res<Flipped>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let g = state.level.variant.geometry;
    let size = Vec2::new(f32::from(g.files()), f32::from(g.ranks()));
    let (mut transform, mut projection) = camera.into_inner();
    // Room for the coordinates round the board.
    fit_board(
        &window,
        (&mut transform, &mut projection),
        size,
        size + 1.0,
        flipped.0,
    );
}

/// File letters and rank numbers round the board, drawn by egui.
fn coordinates(
    mut contexts: EguiContexts,
    state: Res<GridMatch>,
    camera: Single<(&Camera, &GlobalTransform)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, at) = *camera;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("grid coordinates"),
    ));
    let screen = |p: Vec2| camera.world_to_viewport(at, p.extend(0.0)).ok();
    let unit = screen(Vec2::ZERO)
        .zip(screen(Vec2::X))
        .map_or(40.0, |(a, b)| (b - a).length());
    let level = &state.level;
    let g = level.variant.geometry;
    let edge = egui::Color32::from_rgb(200, 200, 195);
    let font = egui::FontId::proportional((unit * 0.3).clamp(9.0, 18.0));
    for file in 0..i32::from(g.files()) {
        let name = g.name(g.square(file, 0).expect("on the board")).to_string();
        let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        for y in [-0.3, f32::from(g.ranks()) + 0.3] {
            if let Some(p) = screen(Vec2::new(file as f32 + 0.5, y)) {
                painter.text(
                    egui::pos2(p.x, p.y),
                    egui::Align2::CENTER_CENTER,
                    &letters,
                    font.clone(),
                    edge,
                );
            }
        }
    }
    for rank in 0..g.ranks() {
        for x in [-0.3, f32::from(g.files()) + 0.3] {
            if let Some(p) = screen(Vec2::new(x, f32::from(rank) + 0.5)) {
                painter.text(
                    egui::pos2(p.x, p.y),
                    egui::Align2::CENTER_CENTER,
                    (rank + 1).to_string(),
                    font.clone(),
                    edge,
                );
            }
        }
    }
    Ok(())
}
