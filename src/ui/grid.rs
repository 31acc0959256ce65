//! Grid mode in the window: the board fitted left of the panel with coordinates on its
//! edges, the pieces, picking and moving with the mouse, the picked piece's legal
//! destinations (captures marked apart), the last move and check, a promotion dialog, and
//! the panel. Legality is the rules' ([`GridMoveRequest`] → [`GridMoveOutcome`]); the
//! destinations shown are the game's own legal moves, computed once per pick.

use super::PANEL_WIDTH;
use crate::grid::Square;
use crate::grid::game::Status;
use crate::grid::position::{Move, MoveKind};
use crate::sim::grid::square_centre;
use crate::sim::{
    GridMatch, GridMoveOutcome, GridMoveRequest, GridPiece, MatchCommand, RulesSystems,
};
use bevy::camera::Projection;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The grid board view, pieces, input, marks and panel.
pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.19)))
        .init_resource::<Pick>()
        .init_resource::<Flipped>()
        .init_resource::<Said>()
        .init_resource::<super::inspect::Inspector>()
        .add_systems(Startup, (spawn_camera, spawn_board).chain())
        .add_systems(
            Update,
            (
                fit_camera,
                dress_pieces,
                pick_and_move,
                keyboard_commands,
                read_outcomes,
                draw_marks,
                draw_last_move_choices,
            )
                .chain()
                .after(RulesSystems),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                labels,
                panel,
                promotion_dialog,
                super::inspect::inspector_window,
            ),
        );
}

/// The picked piece and its legal moves (computed once per pick), and a move waiting for
/// its promotion choice.
#[derive(Resource, Default)]
struct Pick {
    from: Option<Square>,
    moves: Vec<Move>,
    promotion: Option<(Square, Square, Vec<Option<u8>>)>,
}

/// Whether Black's side is at the bottom.
#[derive(Resource, Default)]
struct Flipped(bool);

/// The last thing the rules said, in words.
#[derive(Resource, Default)]
struct Said(String);

#[derive(Resource)]
struct Looks {
    disc: Handle<Mesh>,
    rim: Handle<Mesh>,
    side: [Handle<ColorMaterial>; 2],
    rim_colour: [Handle<ColorMaterial>; 2],
}

fn spawn_camera(mut commands: Commands) {
    // No multisampling: with a software renderer it costs more than the whole frame.
    commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
}

fn spawn_board(
    mut commands: Commands,
    state: Res<GridMatch>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let g = state.level.variant.geometry;
    let light = materials.add(Color::srgb(0.93, 0.89, 0.80));
    let dark = materials.add(Color::srgb(0.84, 0.78, 0.66));
    let tile = meshes.add(Rectangle::new(1.0, 1.0));
    for sq in 0..g.squares() as Square {
        let material = if (g.file(sq) + g.rank(sq)) % 2 == 0 {
            dark.clone()
        } else {
            light.clone()
        };
        commands.spawn((
            Name::new("Square"),
            Mesh2d(tile.clone()),
            MeshMaterial2d(material),
            Transform::from_translation(square_centre(&state.level, sq).extend(0.0)),
        ));
    }
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

/// Fits the board into the window left of the panel, turned round when flipped.
fn fit_camera(
    state: Res<GridMatch>,
    flipped: Res<Flipped>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let g = state.level.variant.geometry;
    let (w, h) = (f32::from(g.files()), f32::from(g.ranks()));
    let avail = Vec2::new(
        (window.width() - PANEL_WIDTH).max(100.0),
        window.height().max(100.0),
    );
    // Room for the coordinates round the board.
    let scale = ((w + 1.0) / avail.x).max((h + 1.0) / avail.y);
    let (mut transform, mut projection) = camera.into_inner();
    let sign = if flipped.0 { -1.0 } else { 1.0 };
    transform.translation.x = w / 2.0 + sign * PANEL_WIDTH / 2.0 * scale;
    transform.translation.y = h / 2.0;
    transform.rotation = Quat::from_rotation_z(if flipped.0 { std::f32::consts::PI } else { 0.0 });
    if let Projection::Orthographic(ortho) = projection.as_mut() {
        ortho.scale = scale;
    }
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

/// The square under the pointer, if any.
fn square_under(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    state: &GridMatch,
) -> Option<Square> {
    let (camera, at) = camera;
    let p = window
        .cursor_position()
        .and_then(|c| camera.viewport_to_world_2d(at, c).ok())?;
    let g = state.level.variant.geometry;
    g.square(p.x.floor() as i32, p.y.floor() as i32)
}

/// A click on one of the mover's pieces picks it; a click on one of its destinations asks
/// for the move (through the promotion dialog if there is a choice); anything else drops
/// the pick. Right click drops it too.
fn pick_and_move(
    buttons: Res<ButtonInput<MouseButton>>,
    mut contexts: EguiContexts,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    state: Res<GridMatch>,
    mut pick: ResMut<Pick>,
    mut requests: MessageWriter<GridMoveRequest>,
) {
    if contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.egui_wants_pointer_input())
    {
        return;
    }
    if buttons.just_pressed(MouseButton::Right) {
        *pick = Pick::default();
        return;
    }
    let pressed = buttons.just_pressed(MouseButton::Left);
    let released = buttons.just_released(MouseButton::Left);
    if !(pressed || released) || pick.promotion.is_some() {
        return;
    }
    let under = square_under(&window, *camera, &state);
    if released {
        // A drop: the picked piece dragged onto one of its destinations.
        if let (Some(from), Some(sq)) = (pick.from, under)
            && sq != from
        {
            ask(&mut pick, &mut requests, sq);
        }
        return;
    }
    let Some(sq) = under else {
        *pick = Pick::default();
        return;
    };
    if pick.from.is_some() && ask(&mut pick, &mut requests, sq) {
        return;
    }
    let moves: Vec<Move> = state
        .game
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq)
        .collect();
    *pick = if moves.is_empty() {
        Pick::default()
    } else {
        Pick {
            from: Some(sq),
            moves,
            promotion: None,
        }
    };
}

/// Asks for the picked piece's move to `to`: at once if there is one way, through the
/// promotion dialog if there are several. False if `to` is not one of its destinations.
fn ask(pick: &mut Pick, requests: &mut MessageWriter<GridMoveRequest>, to: Square) -> bool {
    let Some(from) = pick.from else {
        return false;
    };
    let choices: Vec<Option<u8>> = pick
        .moves
        .iter()
        .filter(|m| m.to == to)
        .map(|m| m.promotion.checked_sub(1))
        .collect();
    match choices.as_slice() {
        [] => false,
        [only] => {
            requests.write(GridMoveRequest {
                from,
                to,
                promotion: *only,
            });
            *pick = Pick::default();
            true
        }
        _ => {
            pick.promotion = Some((from, to, choices));
            true
        }
    }
}

fn keyboard_commands(
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: MessageWriter<MatchCommand>,
    mut pick: ResMut<Pick>,
    mut flipped: ResMut<Flipped>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        commands.write(MatchCommand::Undo);
        *pick = Pick::default();
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        commands.write(MatchCommand::Redo);
        *pick = Pick::default();
    }
    if keys.just_pressed(KeyCode::KeyF) && !ctrl {
        flipped.0 = !flipped.0;
    }
    if keys.just_pressed(KeyCode::Escape) {
        *pick = Pick::default();
    }
}

fn read_outcomes(mut outcomes: MessageReader<GridMoveOutcome>, mut said: ResMut<Said>) {
    for outcome in outcomes.read() {
        said.0 = match &outcome.result {
            Ok(_) => String::new(),
            Err(why) => format!("Refused: {why}"),
        };
    }
}

/// The last move, check, the picked piece and its destinations.
fn draw_marks(mut gizmos: Gizmos, state: Res<GridMatch>, pick: Res<Pick>) {
    let level = &state.level;
    let game = &state.game;
    let at = |sq: Square| square_centre(level, sq);
    if let Some(&last) = game.played().last() {
        let colour = Color::srgba(0.95, 0.8, 0.2, 0.9);
        for sq in [last.from, last.to] {
            gizmos.rect_2d(
                Isometry2d::from_translation(at(sq)),
                Vec2::splat(0.94),
                colour,
            );
        }
    }
    let pos = game.position();
    let us = pos.to_move();
    if matches!(game.status(), Status::Playing | Status::Checkmate { .. })
        && crate::grid::in_check(&level.variant, pos)
    {
        for &royal in pos.royals(us) {
            gizmos.circle_2d(at(royal), 0.47, Color::srgb(0.9, 0.15, 0.1));
        }
    }
    if let Some(from) = pick.from {
        gizmos.rect_2d(
            Isometry2d::from_translation(at(from)),
            Vec2::splat(0.9),
            Color::srgb(0.1, 0.6, 0.95),
        );
        for m in &pick.moves {
            let capture = matches!(m.kind, MoveKind::Capture | MoveKind::EnPassant);
            if capture {
                gizmos.circle_2d(at(m.to), 0.45, Color::srgb(0.9, 0.2, 0.15));
                gizmos.circle_2d(at(m.to), 0.41, Color::srgb(0.9, 0.2, 0.15));
            } else {
                gizmos.circle_2d(at(m.to), 0.12, Color::srgb(0.1, 0.65, 0.3));
                gizmos.circle_2d(at(m.to), 0.08, Color::srgb(0.1, 0.65, 0.3));
            }
        }
    }
}

/// During a demonstration, every square the last mover could have gone to (computed once
/// per move).
fn draw_last_move_choices(
    mut gizmos: Gizmos,
    state: Res<GridMatch>,
    demo: Res<super::files::Demo>,
    mut cache: Local<(usize, Vec<Square>)>,
) {
    if !demo.showing() {
        return;
    }
    let game = &state.game;
    let n = game.played().len();
    if cache.0 != n || (n > 0 && cache.1.is_empty()) {
        let squares = n.checked_sub(1).map_or_else(Vec::new, |last| {
            let from = game.played()[last].from;
            let mut before = game.position_before(last).clone();
            let mut list = Vec::new();
            crate::grid::legal_moves(&state.level.variant, &mut before, &mut list);
            list.iter()
                .filter(|m| m.from == from)
                .map(|m| m.to)
                .collect()
        });
        *cache = (n, squares);
    }
    for &sq in &cache.1 {
        gizmos.circle_2d(
            square_centre(&state.level, sq),
            0.16,
            Color::srgba(0.55, 0.35, 0.95, 0.9),
        );
    }
}

/// Piece labels over the discs and coordinates on the board's edges, drawn by egui.
fn labels(
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

/// The side panel: status, commands, the pieces, the move list.
#[allow(clippy::too_many_arguments)]
fn panel(
    mut contexts: EguiContexts,
    state: Res<GridMatch>,
    name: Res<super::LevelName>,
    said: Res<Said>,
    mut flipped: ResMut<Flipped>,
    mut pick: ResMut<Pick>,
    mut inspector: ResMut<super::inspect::Inspector>,
    mut commands: MessageWriter<MatchCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::right("grid match")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.heading(&name.0);
            let game = &state.game;
            let flip = |ui: &mut egui::Ui| {
                if ui.button("Flip board").clicked() {
                    flipped.0 = !flipped.0;
                }
            };
            if let Some(command) = super::match_controls(ui, &grid_status(&state), &said.0, flip) {
                commands.write(command);
                *pick = Pick::default();
            }
            ui.collapsing("Pieces (click one to inspect it)", |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (t, piece) in state.level.variant.types.iter().enumerate() {
                        if ui.button(&piece.name).on_hover_text(piece.betza.to_string()).clicked() {
                            inspector.toggle(t, piece);
                        }
                    }
                });
            });
            ui.separator();
            ui.label("Click a piece, then one of its marked squares (rings: captures). Right click or Esc drops it. Ctrl+Z / Ctrl+Y undo and redo; F flips the board.");
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| {
                let texts = game.move_texts();
                let first_black = game.start().to_move() == 1;
                let mut number = game.start().fullmove();
                let mut k = 0;
                while k < texts.len() {
                    let line = if k == 0 && first_black {
                        k += 1;
                        format!("{number:>3}. ...  {}", texts[0])
                    } else {
                        let white = &texts[k];
                        let black = texts.get(k + 1).map_or("", String::as_str);
                        k += 2;
                        format!("{number:>3}. {white:<7} {black}")
                    };
                    ui.monospace(line);
                    number += 1;
                }
            });
        });
    Ok(())
}

/// How a grid game stands, in words.
pub(crate) fn grid_status(state: &GridMatch) -> String {
    let game = &state.game;
    let side = |s: usize| ["White", "Black"][s];
    match game.status() {
        Status::Playing => {
            let us = game.position().to_move();
            if crate::grid::in_check(&state.level.variant, game.position()) {
                format!("{} to move — check!", side(us))
            } else {
                format!("{} to move", side(us))
            }
        }
        Status::Checkmate { winner } => format!("Checkmate: {} wins", side(winner)),
        Status::Stalemate { winner: None } => "Stalemate: draw".to_string(),
        Status::Stalemate { winner: Some(w) } => format!("Stalemate: {} wins", side(w)),
        Status::RoyalLost { winner } => format!("Royal piece taken: {} wins", side(winner)),
        Status::Resigned { winner } => format!("Resigned: {} wins", side(winner)),
        Status::DrawAgreed => "Draw agreed".to_string(),
    }
}

/// The promotion choice: the level's choices, and "no promotion" where it is optional.
fn promotion_dialog(
    mut contexts: EguiContexts,
    state: Res<GridMatch>,
    mut pick: ResMut<Pick>,
    mut requests: MessageWriter<GridMoveRequest>,
) -> Result {
    let Some((from, to, choices)) = pick.promotion.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut chosen: Option<Option<Option<u8>>> = None;
    egui::Window::new("Promotion")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label("Promote to:");
            for choice in &choices {
                let text = match choice {
                    Some(t) => state.level.variant.types[usize::from(*t)].name.clone(),
                    None => "No promotion".to_string(),
                };
                if ui.button(text).clicked() {
                    chosen = Some(Some(*choice));
                }
            }
            if ui.button("Cancel").clicked() {
                chosen = Some(None);
            }
        });
    match chosen {
        Some(Some(promotion)) => {
            requests.write(GridMoveRequest {
                from,
                to,
                promotion,
            });
            *pick = Pick::default();
        }
        Some(None) => *pick = Pick::default(),
        None => {}
    }
    Ok(())
}
