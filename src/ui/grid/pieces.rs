//! The pieces: a rimmed disc of its side's colour for each piece entity the rules mirror,
//! and its type's picture over it (see `ui::pictures`), kept upright when the board is
//! turned unless it is a picture of moves.

use super::super::Stage;
use super::super::files::LevelSource;
use super::super::glide::{Glides, Placed, glide};
use super::super::pictures::{self, Drawn, Upright, keep_upright};
use crate::grid::position::{is_piece, side_of, type_of};
use crate::sim::grid::square_centre;
use crate::sim::{GridMatch, GridPiece};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Glides>()
        .add_systems(Startup, make_looks)
        .add_systems(
            Update,
            (
                draw_pictures.run_if(resource_changed::<GridMatch>),
                dress_pieces,
                glide_pieces,
                keep_upright,
            )
                .chain()
                .in_set(Stage::View),
        );
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

/// Each piece type's pictures, by type index, and the level they were drawn for.
#[derive(Resource, Default)]
struct Pictures {
    level: String,
    drawn: Vec<Drawn>,
}

/// Draws the level's piece pictures when the level is new (the match changes with every
/// move; the pictures only with the level).
fn draw_pictures(
    mut commands: Commands,
    state: Res<GridMatch>,
    source: Option<Res<LevelSource>>,
    current: Option<Res<Pictures>>,
    mut images: ResMut<Assets<Image>>,
) {
    let key = source.as_ref().map_or(String::new(), |s| {
        format!("{}\n{}", s.path.display(), s.text)
    });
    if current.is_some_and(|p| p.level == key) {
        return;
    }
    let dir = source
        .as_ref()
        .and_then(|s| s.path.parent().map(std::path::Path::to_path_buf))
        .unwrap_or_default();
    let drawn = state
        .level
        .variant
        .types
        .iter()
        .map(|t| pictures::draw_grid(t, &dir, &mut images))
        .collect();
    commands.insert_resource(Pictures { level: key, drawn });
}

/// The picture's side on a square: the disc's rim.
const PICTURE_SIZE: f32 = 0.84;

/// Gives new piece entities a rimmed disc of their side's colour and their picture.
fn dress_pieces(
    mut commands: Commands,
    looks: Option<Res<Looks>>,
    pictures: Option<Res<Pictures>>,
    pieces: Query<(Entity, &GridPiece), Added<GridPiece>>,
) {
    let (Some(looks), Some(pictures)) = (looks, pictures) else {
        return;
    };
    for (entity, piece) in &pieces {
        let side = usize::from(piece.side);
        if let Some(drawn) = pictures.drawn.get(usize::from(piece.kind)) {
            let mut picture = commands.spawn((
                Sprite {
                    image: drawn.side[side].clone(),
                    custom_size: Some(Vec2::splat(PICTURE_SIZE)),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 0.01),
                ChildOf(entity),
            ));
            if !drawn.turns {
                picture.insert(Upright);
            }
        }
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

/// Moves each piece along its glide (see `ui::glide`), after the match changes.
fn glide_pieces(
    state: Res<GridMatch>,
    time: Res<Time>,
    mut glides: ResMut<Glides>,
    mut pieces: Query<(&GridPiece, &mut Transform)>,
) {
    let now = time.elapsed_secs();
    if state.is_changed() {
        let pos = state.game.position();
        let shown = (0..state.level.variant.geometry.squares())
            .filter(|&sq| is_piece(pos.cell(sq as _)))
            .map(|sq| {
                let cell = pos.cell(sq as _);
                Placed {
                    at: square_centre(&state.level, sq as _),
                    side: side_of(cell) as u8,
                    kind: type_of(cell) as u8,
                }
            })
            .collect();
        glides.show(shown, now);
    }
    if glides.busy() || state.is_changed() {
        glide(&mut glides, now, &mut pieces, |p| {
            Some(square_centre(&state.level, p.square))
        });
    }
}
