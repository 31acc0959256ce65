//! The piece visuals: a disc of its side's colour for each piece entity the rules mirror,
//! and its letter over it.

use super::super::Stage;
use crate::continuous::Side;
use crate::sim::{PieceKind, PieceSide, PieceSlot};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_looks)
        .add_systems(Update, dress_pieces.in_set(Stage::View))
        .add_systems(EguiPrimaryContextPass, piece_letters);
}

#[derive(Resource)]
struct DiscLooks {
    mesh: Handle<Mesh>,
    white: Handle<ColorMaterial>,
    black: Handle<ColorMaterial>,
}

fn make_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    commands.insert_resource(DiscLooks {
        mesh: meshes.add(Circle::new(1.0)),
        white: materials.add(Color::srgb(0.97, 0.97, 0.95)),
        black: materials.add(Color::srgb(0.12, 0.12, 0.14)),
    });
}

/// Gives new or changed piece entities a disc of their side's colour.
fn dress_pieces(
    mut commands: Commands,
    looks: Option<Res<DiscLooks>>,
    pieces: Query<(Entity, &PieceSide), Changed<PieceSide>>,
) {
    let Some(looks) = looks else { return };
    for (entity, side) in &pieces {
        let material = match side.0 {
            Side::White => looks.white.clone(),
            Side::Black => looks.black.clone(),
        };
        commands
            .entity(entity)
            .insert((Mesh2d(looks.mesh.clone()), MeshMaterial2d(material)));
    }
}

/// Piece letters, drawn by egui over the discs.
fn piece_letters(
    mut contexts: EguiContexts,
    camera: Single<(&Camera, &GlobalTransform)>,
    pieces: Query<(&PieceKind, &PieceSide, &GlobalTransform), With<PieceSlot>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, at) = *camera;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("letters"),
    ));
    let size = camera
        .world_to_viewport(at, Vec3::ZERO)
        .ok()
        .zip(camera.world_to_viewport(at, Vec3::X).ok())
        .map_or(20.0, |(a, b)| (b - a).length() * 1.2);
    for (kind, side, transform) in &pieces {
        let Ok(screen) = camera.world_to_viewport(at, transform.translation()) else {
            continue;
        };
        let colour = match side.0 {
            Side::White => egui::Color32::from_rgb(30, 30, 34),
            Side::Black => egui::Color32::from_rgb(240, 240, 235),
        };
        painter.text(
            egui::pos2(screen.x, screen.y),
            egui::Align2::CENTER_CENTER,
            kind.0.letter(),
            egui::FontId::proportional(size),
            colour,
        );
    }
    Ok(())
}
