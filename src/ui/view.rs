//! The board and its pieces as both modes show them, written once over [`BoardView`]: the
//! board spawned when a match opens, the camera fitted to it left of the panel (turned
//! round when flipped), and the pieces gliding to where the rules put them.

use super::glide::{Glides, Placed, glide};
use super::{Flipped, Stage, board_bundle, fit_board};
use crate::sim::{Match, MatchGame};
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
