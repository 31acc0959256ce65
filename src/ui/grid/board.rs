//! The coordinates on the board's edges (the board itself and the camera are the shared
//! view's, `ui::view`).

use crate::sim::{GameMode, GridMatch};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        coordinates.run_if(in_state(GameMode::Grid)),
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
