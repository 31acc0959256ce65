//! The piece visuals: a rimmed disc of its side's colour for each piece entity the rules mirror,
//! and its kind's picture over it (see `ui::pictures`).

use super::super::Stage;
use super::super::glide::{Glides, Placed, glide};
use super::super::pictures::{self, Drawn, Upright, keep_upright};
use crate::continuous::Kind;
use crate::continuous::Side;
use crate::convert::to_bevy;
use crate::sim::{Match, PieceKind, PieceSide, PieceSlot};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Glides>()
        .add_systems(Startup, make_looks)
        .add_systems(
            Update,
            (dress_pieces, glide_pieces, keep_upright)
                .chain()
                .in_set(Stage::View),
        );
}

#[derive(Resource)]
struct DiscLooks {
    /// The whole disc, in its rim's colour, and the face inside the rim.
    mesh: Handle<Mesh>,
    face: Handle<Mesh>,
    /// Each side's face and rim colours.
    white: [Handle<ColorMaterial>; 2],
    black: [Handle<ColorMaterial>; 2],
    /// Each kind's pictures, in `Kind::ALL`'s order.
    pictures: Vec<(Kind, Drawn)>,
}

/// The picture's side, in units of R: it keeps inside 0.7 R, leaving the disc's edge bare.
const PICTURE_SIZE: f32 = 1.6;

/// The face's radius, in units of R: the rest of the disc is its rim.
const FACE: f32 = 0.93;

/// Marks the face and picture entities over a disc.
#[derive(Component)]
struct Picture;

fn make_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    commands.insert_resource(DiscLooks {
        pictures: Kind::ALL
            .iter()
            .map(|&kind| (kind, pictures::draw_continuous(kind, &mut images)))
            .collect(),
        mesh: meshes.add(Circle::new(1.0)),
        face: meshes.add(Circle::new(FACE)),
        white: [
            materials.add(Color::srgb(0.97, 0.97, 0.95)),
            materials.add(Color::srgb(0.25, 0.25, 0.28)),
        ],
        black: [
            materials.add(Color::srgb(0.12, 0.12, 0.14)),
            materials.add(Color::srgb(0.80, 0.80, 0.78)),
        ],
    });
}

/// Gives new or changed piece entities a disc of their side's colour and their kind's
/// picture.
#[allow(clippy::type_complexity)]
fn dress_pieces(
    mut commands: Commands,
    looks: Option<Res<DiscLooks>>,
    pieces: Query<
        (Entity, &PieceKind, &PieceSide, Option<&Children>),
        Or<(Changed<PieceKind>, Changed<PieceSide>)>,
    >,
    old: Query<(), With<Picture>>,
) {
    let Some(looks) = looks else { return };
    for (entity, kind, side, children) in &pieces {
        let ([face, rim], index) = match side.0 {
            Side::White => (looks.white.clone(), 0),
            Side::Black => (looks.black.clone(), 1),
        };
        commands
            .entity(entity)
            .insert((Mesh2d(looks.mesh.clone()), MeshMaterial2d(rim)));
        for &child in children.into_iter().flatten() {
            if old.contains(child) {
                commands.entity(child).despawn();
            }
        }
        commands.spawn((
            Picture,
            Mesh2d(looks.face.clone()),
            MeshMaterial2d(face),
            Transform::from_xyz(0.0, 0.0, 0.005),
            ChildOf(entity),
        ));
        if let Some((_, drawn)) = looks.pictures.iter().find(|(k, _)| *k == kind.0) {
            commands.spawn((
                Picture,
                Upright,
                Sprite {
                    image: drawn.side[index].clone(),
                    custom_size: Some(Vec2::splat(PICTURE_SIZE)),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 0.01),
                ChildOf(entity),
            ));
        }
    }
}

/// Moves each piece along its glide (see `ui::glide`), after the match changes.
fn glide_pieces(
    state: Res<Match>,
    time: Res<Time>,
    mut glides: ResMut<Glides>,
    mut pieces: Query<(&PieceSlot, &mut Transform)>,
) {
    let now = time.elapsed_secs();
    let placed = state.game.position().pieces();
    if state.is_changed() {
        let shown = placed
            .iter()
            .map(|p| Placed {
                at: to_bevy(p.at),
                side: p.side as u8,
                kind: p.kind as u8,
            })
            .collect();
        glides.show(shown, now);
    }
    if glides.busy() || state.is_changed() {
        glide(&mut glides, now, &mut pieces, |slot| {
            placed.get(slot.0).map(|p| to_bevy(p.at))
        });
    }
}
