//! The piece visuals: for each piece entity the rules mirror, its kind's token (a rimmed
//! disc of its kind's radius in its side's colour with the kind's picture, see `ui::pictures`), kept
//! upright when the board is turned unless the picture is of moves; and their glides.

use crate::convert::{from_bevy, to_bevy};
use crate::level::ContinuousLevel;
use crate::sim::GameMode;
use crate::sim::{ContinuousMatch, PieceKind, PieceSide, PieceSlot};
use crate::ui::common::level::LevelSource;
use crate::ui::common::stage::Stage;
use crate::ui::glide::Placed;
use crate::ui::pictures::{self, Pictures, Token, Upright, keep_upright};
use crate::ui::view::{self, BoardView, Ground, Lot};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            draw_pictures.run_if(resource_exists_and_changed::<ContinuousMatch>),
            dress_pieces,
            view::glide_pieces::<crate::continuous::Game>,
            keep_upright,
        )
            .chain()
            .in_set(Stage::View)
            .run_if(in_state(GameMode::Continuous)),
    );
}

/// A token's side for a disc of radius R, in units of R: the disc's diameter (a kind with
/// a radius of its own is drawn to scale).
const TOKEN_SIZE: f32 = 2.0;

/// The face inside a rim 0.07 R wide; the figure keeps inside 0.7 R, so the disc's edge
/// stays bare.
const TOKEN: Token = Token {
    face: 50.0 * 0.93,
    picture: 0.8,
};

/// Marks the token entity over a piece.
#[derive(Component)]
struct Picture;

/// Draws the tokens of every kind the level's board has, in its order, when the level is
/// new.
fn draw_pictures(
    mut commands: Commands,
    state: Res<ContinuousMatch>,
    source: Option<Res<LevelSource>>,
    current: Option<Res<Pictures>>,
    mut images: ResMut<Assets<Image>>,
) {
    let key = Pictures::key("continuous", source.as_deref());
    if current.is_some_and(|p| p.are_for(&key)) {
        return;
    }
    let dir = pictures::level_dir(source.as_deref());
    let level = &state.level;
    let rendered: Vec<_> = level
        .board
        .kinds
        .iter()
        .map(|spec| pictures::draw_continuous(&spec.name, &level.look(spec.kind), &dir, TOKEN))
        .collect();
    commands.insert_resource(Pictures::new(key, &rendered, &mut images));
}

/// Gives new or changed piece entities their kind's token for their side, kept upright
/// unless it is a picture of moves.
#[allow(
    clippy::type_complexity,
    reason = "a Bevy query of the new pieces with their kind and side"
)]
fn dress_pieces(
    mut commands: Commands,
    pictures: Option<Res<Pictures>>,
    state: Res<ContinuousMatch>,
    pieces: Query<
        (Entity, &PieceKind, &PieceSide, Option<&Children>),
        Or<(Changed<PieceKind>, Changed<PieceSide>)>,
    >,
    old: Query<(), With<Picture>>,
) {
    let Some(pictures) = pictures else { return };
    let kinds = &state.level.board.kinds;
    for (entity, kind, side, children) in &pieces {
        for &child in children.into_iter().flatten() {
            if old.contains(child) {
                commands.entity(child).despawn();
            }
        }
        let Some(drawn) = kinds
            .iter()
            .position(|s| s.kind == kind.0)
            .and_then(|i| pictures.tokens.drawn.get(i))
        else {
            continue;
        };
        let index = usize::from(side.0 == crate::continuous::Color::Black);
        let radius = state.level.board.radius(kind.0) as f32;
        commands.entity(entity).insert(Visibility::Inherited);
        let mut token = commands.spawn((
            Picture,
            Sprite {
                image: pictures.tokens.atlas.clone(),
                rect: Some(drawn.side[index]),
                custom_size: Some(Vec2::splat(TOKEN_SIZE * radius)),
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

impl BoardView for crate::continuous::Game {
    type Piece = PieceSlot;

    fn squares(level: &ContinuousLevel) -> UVec2 {
        UVec2::new(level.board.files, level.board.ranks)
    }

    fn size(level: &ContinuousLevel) -> Vec2 {
        Vec2::new(level.board.width() as f32, level.board.height() as f32)
    }

    fn padded(level: &ContinuousLevel) -> Vec2 {
        Self::size(level) * 1.08
    }

    fn placed(state: &ContinuousMatch) -> Vec<Placed> {
        state
            .game
            .position()
            .pieces()
            .iter()
            .map(|p| Placed {
                at: to_bevy(p.at),
                side: p.side,
                kind: p.kind.letter() as u8,
            })
            .collect()
    }

    fn rest(state: &ContinuousMatch, slot: &PieceSlot) -> Option<Vec2> {
        let pieces = state.game.position().pieces();
        pieces.get(slot.0).map(|p| to_bevy(p.at))
    }

    fn ground(level: &ContinuousLevel) -> Option<Ground<'_>> {
        let board = &level.board;
        if !board.round && board.walls.is_empty() && board.holes.is_empty() {
            return None;
        }
        let (centre, radius) = (board.centre(), board.outline_radius());
        Some(Box::new(move |at| {
            let at = from_bevy(at);
            let off_rim = board.round && at.distance(centre) > radius;
            if off_rim || board.holes.iter().any(|o| o.covers(at)) {
                Lot::Off
            } else if board.walls.iter().any(|o| o.covers(at)) {
                Lot::Wall
            } else {
                Lot::Square
            }
        }))
    }
}
