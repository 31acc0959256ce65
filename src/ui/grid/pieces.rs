//! The pieces: a rimmed disc of its side's colour for each piece entity the rules mirror,
//! and its label over it.

use super::super::Stage;
use crate::sim::grid::square_centre;
use crate::sim::{GridMatch, GridPiece};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_looks)
        .add_systems(Update, dress_pieces.in_set(Stage::View))
        .add_systems(EguiPrimaryContextPass, piece_labels);
}

#[derive(Resource)]
struct Looks {
    disc: Handle<Mesh>,
    rim: Handle<Mesh>,
    side: [Handle<ColorMaterial>; 2],
    rim_colour: [Handle<ColorMaterial>; 2],
}

fn make_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    commands.insert_resource(Looks {
        disc: meshes.add(Circle::new(0.38)),
        rim: meshes.add(Circle::new(0.42)),
        side: [
            materials.add(Color::srgb(0.97, 0.97, 0.95)),
            materials.add(Color::srgb(0.12, 0.12, 0.14)),
        ],
        rim_colour: [
            materials.add(Color::srgb(0.25, 0.25, 0.28)),
            materials.add(Color::srgb(0.80, 0.80, 0.78)),
        ],
    });
}

/// Gives new piece entities a rimmed disc of their side's colour.
fn dress_pieces(
    mut commands: Commands,
    looks: Option<Res<Looks>>,
    pieces: Query<(Entity, &GridPiece), Added<GridPiece>>,
) {
    let Some(looks) = looks else { return };
    for (entity, piece) in &pieces {
        let side = usize::from(piece.side);
        commands
            .entity(entity)
            .insert((
                Mesh2d(looks.disc.clone()),
                MeshMaterial2d(looks.side[side].clone()),
            ))
            .with_child((
                Mesh2d(looks.rim.clone()),
                MeshMaterial2d(looks.rim_colour[side].clone()),
                Transform::from_xyz(0.0, 0.0, -0.01),
            ));
    }
}

/// Each piece's label over its disc, drawn by egui.
fn piece_labels(
    mut contexts: EguiContexts,
    state: Res<GridMatch>,
    camera: Single<(&Camera, &GlobalTransform)>,
    pieces: Query<&GridPiece>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, at) = *camera;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("grid labels"),
    ));
    let screen = |p: Vec2| camera.world_to_viewport(at, p.extend(0.0)).ok();
    let unit = screen(Vec2::ZERO)
        .zip(screen(Vec2::X))
        .map_or(40.0, |(a, b)| (b - a).length());
    let level = &state.level;
    for piece in &pieces {
        let Some(p) = screen(square_centre(level, piece.square)) else {
            continue;
        };
        let label = &level.variant.types[usize::from(piece.kind)].label;
        let size = unit * if label.len() > 1 { 0.34 } else { 0.5 };
        let colour = if piece.side == 0 {
            egui::Color32::from_rgb(30, 30, 34)
        } else {
            egui::Color32::from_rgb(240, 240, 235)
        };
        painter.text(
            egui::pos2(p.x, p.y),
            egui::Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional(size),
            colour,
        );
    }
    Ok(())
}
