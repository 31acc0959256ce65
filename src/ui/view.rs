//! The board and its pieces as both modes show them, written once over [`BoardView`]: the
//! camera, the board spawned when a match opens (one sprite), the camera fitted to it left
//! of the panel (turned round when flipped), and the pieces gliding to where the rules put
//! them.

use super::common::look::{Flipped, PANEL_WIDTH, SQUARE_COLOURS};
use super::common::stage::Stage;
use super::glide::{Glides, Placed, glide};
use crate::sim::{GameMode, Match, MatchGame};
use bevy::camera::Projection;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// What the window needs of a mode to show its board and pieces.
pub(super) trait BoardView: MatchGame {
    /// The component that marks a mirrored piece.
    type Piece: Component;

    /// The board's files and ranks.
    fn squares(level: &Self::Level) -> UVec2;

    /// The board's size in world units (its lower-left corner at the origin).
    fn size(level: &Self::Level) -> Vec2;

    /// The board and what is drawn round it, which the window must hold.
    fn padded(level: &Self::Level) -> Vec2;

    /// Every piece as it stands now.
    fn placed(state: &Match<Self>) -> Vec<Placed>;

    /// Where a mirrored piece rests.
    fn rest(state: &Match<Self>, piece: &Self::Piece) -> Option<Vec2>;

    /// What each point of the board shows, for a board that is more than its squares (a
    /// round board, walls, holes); `None` for a plain rectangle of squares.
    fn ground(_level: &Self::Level) -> Option<Ground<'_>> {
        None
    }
}

/// What a point of the board shows, in world units (the board's lower-left corner at the origin).
pub(super) type Ground<'a> = Box<dyn Fn(Vec2) -> Lot + 'a>;

/// What stands at a point of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lot {
    /// A square of the board.
    Square,
    /// A wall.
    Wall,
    /// No board: off a round board's edge, or in a hole.
    Off,
}

/// A wall's colour: a slate grey, darker than either square.
pub(super) const WALL_COLOUR: Color = Color::srgb(0.36, 0.37, 0.40);

/// The board of mode `G`: spawned when its match opens, fitted every frame.
pub(super) fn for_mode<G: BoardView>(app: &mut App) {
    app.add_systems(OnEnter(G::MODE), spawn_board::<G>)
        .add_systems(
            Update,
            fit_camera::<G>
                .in_set(Stage::View)
                .run_if(in_state(G::MODE)),
        );
}

fn spawn_board<G: BoardView>(
    mut commands: Commands,
    state: Res<Match<G>>,
    mut images: ResMut<Assets<Image>>,
) {
    let squares = G::squares(&state.level);
    let size = G::size(&state.level);
    let image = match G::ground(&state.level) {
        Some(ground) => ground_image(squares, size, &ground),
        None => squares_image(squares.x, squares.y),
    };
    commands.spawn(board_bundle(G::MODE, size, images.add(image)));
}

/// Fits the board into the window left of the panel, turned round when flipped.
fn fit_camera<G: BoardView>(
    state: Res<Match<G>>,
    flipped: Res<Flipped>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let (mut transform, mut projection) = camera.into_inner();
    fit_board(
        &window,
        (&mut transform, &mut projection),
        G::size(&state.level),
        G::padded(&state.level),
        flipped.0,
    );
}

/// Moves each piece along its glide (see `ui::glide`), after the match changes.
pub(super) fn glide_pieces<G: BoardView>(
    state: Res<Match<G>>,
    time: Res<Time>,
    mut glides: ResMut<Glides>,
    mut pieces: Query<(&G::Piece, &mut Transform)>,
) {
    let now = time.elapsed_secs();
    if state.is_changed() {
        glides.show(G::placed(&state), now);
    }
    if glides.busy() || state.is_changed() {
        glide(&mut glides, now, &mut pieces, |p| G::rest(&state, p));
    }
}

/// A board of `files` × `ranks` squares: a texture of one pixel per square, drawn without
/// smoothing. For a software renderer the board is then one draw instead of one per square.
fn squares_image(files: u32, ranks: u32) -> Image {
    let [light, dark] = SQUARE_COLOURS.map(|c| c.to_srgba().to_u8_array());
    let mut data = Vec::with_capacity((files * ranks * 4) as usize);
    // Rows from the top: the last rank first. a1 is dark.
    for rank in (0..ranks).rev() {
        for file in 0..files {
            data.extend_from_slice(if (file + rank) % 2 == 0 {
                &dark
            } else {
                &light
            });
        }
    }
    let mut image = rgba_image(files, ranks, data);
    image.sampler = bevy::image::ImageSampler::nearest();
    image
}

/// The longest side, in pixels, of the texture of a board that is more than its squares.
const GROUND_PIXELS: u32 = 512;

/// A board that is more than its squares, painted point by point from `ground` (a round
/// board's edge and holes clear, walls in their colour) at up to [`GROUND_PIXELS`] a side,
/// and smoothed when drawn.
fn ground_image(squares: UVec2, size: Vec2, ground: &Ground<'_>) -> Image {
    let per_square = (GROUND_PIXELS / squares.x.max(squares.y).max(1)).clamp(4, 64);
    let (w, h) = (squares.x * per_square, squares.y * per_square);
    let [light, dark] = SQUARE_COLOURS.map(|c| c.to_srgba().to_u8_array());
    let wall = WALL_COLOUR.to_srgba().to_u8_array();
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for row in (0..h).rev() {
        for column in 0..w {
            let at = Vec2::new(
                (column as f32 + 0.5) / w as f32 * size.x,
                (row as f32 + 0.5) / h as f32 * size.y,
            );
            let (file, rank) = (column / per_square, row / per_square);
            data.extend_from_slice(&match ground(at) {
                Lot::Square if (file + rank) % 2 == 0 => dark,
                Lot::Square => light,
                Lot::Wall => wall,
                Lot::Off => [0, 0, 0, 0],
            });
        }
    }
    rgba_image(w, h, data)
}

/// An sRGB texture of `width` × `height` pixels, rows from the top.
fn rgba_image(width: u32, height: u32, data: Vec<u8>) -> Image {
    Image::new(
        bevy::render::render_resource::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        bevy::render::render_resource::TextureDimension::D2,
        data,
        bevy::render::render_resource::TextureFormat::Rgba8UnormSrgb,
        bevy::asset::RenderAssetUsages::RENDER_WORLD,
    )
}

/// The board's sprite, filling `size` world units from the origin, gone when the match of
/// `mode` ends. Being a sprite, it leaves the opaque pass empty, and Bevy then skips that
/// pass and its full-window attachments.
fn board_bundle(mode: GameMode, size: Vec2, image: Handle<Image>) -> impl Bundle {
    (
        Name::new("Board"),
        DespawnOnExit(mode),
        Sprite {
            image,
            custom_size: Some(size),
            ..default()
        },
        Transform::from_translation((size / 2.0).extend(0.0)),
    )
}

/// The board's camera (both modes).
pub(super) fn spawn_camera(mut commands: Commands) {
    // No multisampling: with a software renderer it costs more than the whole frame.
    commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
}

/// Points the camera at a board of `size` world units (its lower-left corner at the origin)
/// so that `padded` (the board and what is drawn round it) fits the window left of the
/// panel; `turned` puts the far side at the bottom.
fn fit_board(
    window: &Window,
    camera: (&mut Transform, &mut bevy::camera::Projection),
    size: Vec2,
    padded: Vec2,
    turned: bool,
) {
    let avail = Vec2::new(
        (window.width() - PANEL_WIDTH).max(100.0),
        window.height().max(100.0),
    );
    let scale = (padded.x / avail.x).max(padded.y / avail.y);
    let (transform, projection) = camera;
    let sign = if turned { -1.0 } else { 1.0 };
    transform.translation.x = size.x / 2.0 + sign * PANEL_WIDTH / 2.0 * scale;
    transform.translation.y = size.y / 2.0;
    transform.rotation = Quat::from_rotation_z(if turned { std::f32::consts::PI } else { 0.0 });
    if let bevy::camera::Projection::Orthographic(ortho) = projection {
        ortho.scale = scale;
    }
}
