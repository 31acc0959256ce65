//! The pieces: for each piece entity the rules mirror, its type's token (a rimmed disc of
//! its side's colour with the type's picture, see `ui::pictures`), kept upright when the
//! board is turned unless the picture is of moves; and their glides from square to square.

use crate::grid::{is_piece, role_of, side_of};
use crate::level::GridLevel;
use crate::sim::GameMode;
use crate::sim::grid::square_centre;
use crate::sim::{GridMatch, GridPiece};
use crate::ui::common::level::LevelSource;
use crate::ui::common::stage::Stage;
use crate::ui::glide::Placed;
use crate::ui::pictures::{self, Pictures, Token, Upright, keep_upright};
use crate::ui::view::{self, BoardView};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            draw_pictures.run_if(resource_exists_and_changed::<GridMatch>),
            dress_pieces,
            view::glide_pieces::<crate::grid::game::Game>,
            keep_upright,
        )
            .chain()
            .in_set(Stage::View)
            .run_if(in_state(GameMode::Grid)),
    );
}

/// Draws the level's piece pictures when the level is new.
fn draw_pictures(
    mut commands: Commands,
    state: Res<GridMatch>,
    source: Option<Res<LevelSource>>,
    current: Option<Res<Pictures>>,
    mut images: ResMut<Assets<Image>>,
) {
    let key = Pictures::key("grid", source.as_deref());
    if current.is_some_and(|p| p.are_for(&key)) {
        return;
    }
    let dir = pictures::level_dir(source.as_deref());
    let rendered: Vec<_> = state
        .level
        .variant
        .types
        .iter()
        .map(|t| pictures::draw_grid(t, &dir, TOKEN))
        .collect();
    commands.insert_resource(Pictures::new(key, &rendered, &mut images));
}

/// A token's side on a square: its rimmed disc's diameter.
const TOKEN_SIZE: f32 = 0.84;

/// A token's face (radius 0.38 of a square) inside its rim; the picture fills the token.
const TOKEN: Token = Token {
    face: 50.0 * 0.38 / 0.42,
    picture: 1.0,
};

/// Gives new piece entities their type's token: a rimmed disc of their side's colour and
/// their picture, in one sprite.
fn dress_pieces(
    mut commands: Commands,
    pictures: Option<Res<Pictures>>,
    pieces: Query<(Entity, &GridPiece), Added<GridPiece>>,
) {
    let Some(pictures) = pictures else {
        return;
    };
    for (entity, piece) in &pieces {
        let Some(drawn) = pictures.tokens.drawn.get(piece.kind.index()) else {
            continue;
        };
        commands.entity(entity).insert(Visibility::Inherited);
        let mut token = commands.spawn((
            Sprite {
                image: pictures.tokens.atlas.clone(),
                rect: Some(drawn.side[piece.side.index()]),
                custom_size: Some(Vec2::splat(TOKEN_SIZE)),
                ..default()
            },
            Transform::default(),
            ChildOf(entity),
        ));
        if !drawn.turns {
            token.insert(Upright);
        }
    }
}

impl BoardView for crate::grid::game::Game {
    type Piece = GridPiece;

    fn squares(level: &GridLevel) -> UVec2 {
        let g = level.variant.geometry;
        UVec2::new(u32::from(g.files()), u32::from(g.ranks()))
    }

    fn size(level: &GridLevel) -> Vec2 {
        Self::squares(level).as_vec2()
    }

    /// Room for the coordinates round the board.
    fn padded(level: &GridLevel) -> Vec2 {
        Self::size(level) + 1.0
    }

    fn placed(state: &GridMatch) -> Vec<Placed> {
        let pos = state.game.position();
        state
            .level
            .variant
            .geometry
            .all()
            .filter(|&sq| is_piece(pos.cell(sq)))
            .map(|sq| {
                let cell = pos.cell(sq);
                Placed {
                    at: square_centre(&state.level, sq),
                    side: side_of(cell),
                    kind: role_of(cell).index() as u8,
                }
            })
            .collect()
    }

    fn rest(state: &GridMatch, piece: &GridPiece) -> Option<Vec2> {
        Some(square_centre(&state.level, piece.square))
    }
}
