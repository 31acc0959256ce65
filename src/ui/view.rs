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
}

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
    commands.spawn(board_bundle(
        G::MODE,
        squares.x,
        squares.y,
        size,
        &mut images,
    ));
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

/// A board of `files` × `ranks` squares filling `size` world units from the origin: one
/// sprite with a texture of one pixel per square, drawn without smoothing, gone when the
/// match of `mode` ends. For a software
/// renderer this is one draw instead of one per square. Being a sprite, it also leaves the
/// opaque pass empty, and Bevy then skips that pass and its full-window attachments.
fn board_bundle(
    mode: GameMode,
    files: u32,
    ranks: u32,
    size: Vec2,
    images: &mut Assets<Image>,
) -> impl Bundle {
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
    let mut image = Image::new(
        bevy::render::render_resource::Extent3d {
            width: files,
            height: ranks,
            depth_or_array_layers: 1,
        },
        bevy::render::render_resource::TextureDimension::D2,
        data,
        bevy::render::render_resource::TextureFormat::Rgba8UnormSrgb,
        bevy::asset::RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = bevy::image::ImageSampler::nearest();
    (
        Name::new("Board"),
        DespawnOnExit(mode),
        Sprite {
            image: images.add(image),
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
