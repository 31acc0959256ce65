//! The desktop app: draws what `sim` holds and turns clicks into move requests. The rules
//! decide everything; this module only asks them (through [`RulesPlugin`] messages and the
//! pure region queries) and draws the answers.

use crate::cli::Failure;
use crate::continuous::areas::{Area, capture_area};
use crate::continuous::notation::format_applied_brief;
use crate::continuous::{LegalRegion, RegionPart, Request, Side, Status, Target};
use crate::continuous::{legal_region, nearest_target};
use crate::convert::{from_bevy, to_bevy};
use crate::level::{self, LevelKind};
use crate::sim::{
    GridMatch, Match, MatchCommand, MoveOutcome, MoveRequest, PieceKind, PieceSide, PieceSlot,
    RulesPlugin,
};
use bevy::camera::Projection;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};

mod drive;
mod files;
mod grid;
pub mod inspect;

pub use drive::{Step, parse_script};

/// Width of the side panel, in logical pixels.
const PANEL_WIDTH: f32 = 300.0;

/// Opens the window on the level at `path` and runs until it is closed, or, with `shot`,
/// until the window has been saved as a PNG after the given number of frames.
pub fn run(
    path: &Path,
    shot: Option<(PathBuf, u32)>,
    script: Option<Vec<Step>>,
) -> Result<(), Failure> {
    // A level, or a saved game (which carries its level).
    let (level, source, saved_game) = match level::load(path) {
        Ok(level) => {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let source = files::LevelSource {
                path: path.to_path_buf(),
                text,
            };
            (level, source, None)
        }
        Err(level_errors) => match level::save::load(path) {
            Ok(saved) => {
                let source = files::LevelSource {
                    path: PathBuf::from(&saved.level_path),
                    text: saved.level_text.clone(),
                };
                (saved.level, source, Some(saved.game))
            }
            Err(_) => return Err(level_errors.into()),
        },
    };
    let title = format!("areachess — {}", level.name);
    let name = level.name.clone();
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title,
            resolution: (1100, 760).into(),
            ..default()
        }),
        ..default()
    }))
    .add_plugins((EguiPlugin::default(), RulesPlugin))
    .insert_resource(LevelName(name))
    .insert_resource(files::find_demos(&source))
    .insert_resource(source)
    .init_resource::<files::FileField>()
    .add_systems(Update, files::autoplay)
    .add_systems(
        EguiPrimaryContextPass,
        (files::files_window, files::game_over_banner),
    );
    match level.kind {
        LevelKind::Continuous(continuous) => {
            let mut state = Match::new(continuous);
            if let Some(level::save::AnyGame::Continuous(game)) = saved_game {
                state.game = game;
            }
            app.add_plugins(plugin).insert_resource(state);
        }
        LevelKind::Grid(g) => {
            let mut state = GridMatch::new(*g);
            if let Some(level::save::AnyGame::Grid(game)) = saved_game {
                state.game = game;
            }
            app.add_plugins(grid::plugin).insert_resource(state);
        }
    }
    if let Some((path, frames)) = shot {
        app.insert_resource(ScreenshotPlan { path, frames })
            .init_resource::<FrameTimes>()
            .add_systems(Last, (record_frame_time, take_screenshot).chain());
        if let Some(steps) = script {
            app.insert_resource(drive::Drive::new(steps, frames))
                .add_systems(First, drive::drive);
        }
    }
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(Failure {
            code: code.get(),
            message: "the window closed with an error".into(),
        }),
    }
}

/// `--screenshot`: where to save the window and after how many frames.
#[derive(Resource)]
struct ScreenshotPlan {
    path: PathBuf,
    frames: u32,
}

/// Frame times seen during a `--screenshot` run (the first ten, while shaders compile,
/// left out); reported on stderr when the screenshot is saved.
#[derive(Resource, Default)]
struct FrameTimes(Vec<f32>);

fn record_frame_time(time: Res<Time>, mut times: ResMut<FrameTimes>, mut seen: Local<u32>) {
    *seen += 1;
    if *seen > 10 {
        times.0.push(time.delta_secs());
    }
}

impl FrameTimes {
    /// `N frames: mean M ms, slowest S ms`.
    fn report(&self) -> String {
        let n = self.0.len();
        if n == 0 {
            return "no frames timed".to_string();
        }
        let mean = self.0.iter().sum::<f32>() / n as f32;
        let slowest = self.0.iter().copied().fold(0.0, f32::max);
        format!(
            "{n} frames: mean {:.1} ms, slowest {:.1} ms",
            mean * 1e3,
            slowest * 1e3
        )
    }
}

/// Counts frames; at the planned one, asks Bevy for a screenshot of the window, saves it,
/// and ends the app (with an error if the file cannot be written).
fn take_screenshot(
    mut commands: Commands,
    plan: Res<ScreenshotPlan>,
    script: Option<Res<drive::Drive>>,
    mut frame: Local<u32>,
) {
    // With a script, the frames count from its end (a few, for its last step to show).
    if script.as_ref().is_some_and(|s| !s.done()) {
        return;
    }
    *frame += 1;
    let wanted = if script.is_some() {
        5
    } else {
        plan.frames.max(1)
    };
    if *frame != wanted {
        return;
    }
    let path = plan.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>,
              times: Res<FrameTimes>,
              mut exit: MessageWriter<AppExit>| {
            eprintln!("areachess: {}", times.report());
            let saved = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|e| e.to_string())
                .and_then(|image| image.to_rgb8().save(&path).map_err(|e| e.to_string()));
            match saved {
                Ok(()) => {
                    exit.write(AppExit::Success);
                }
                Err(e) => {
                    error!("cannot save the screenshot to {}: {e}", path.display());
                    exit.write(AppExit::from_code(3));
                }
            }
        },
    );
}

/// The continuous board view, piece visuals, input and panels.
pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.19)))
        .init_resource::<Selection>()
        .init_resource::<Feedback>()
        .init_resource::<ShowThreats>()
        .add_systems(Startup, (spawn_camera, spawn_board).chain())
        .add_systems(
            Update,
            (
                fit_camera,
                dress_pieces,
                track_pointer,
                pick_and_drop,
                keyboard_commands,
                read_outcomes,
                draw_region,
                draw_last_move_region,
            )
                .chain()
                .after(crate::sim::RulesSystems),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (side_panel, piece_letters, promotion_dialog),
        );
}

/// The level's title for the panel.
#[derive(Resource)]
struct LevelName(String);

/// The picked piece, its legal region (computed once per pick) and where it would land.
#[derive(Resource, Default)]
struct Selection {
    piece: Option<usize>,
    region: Option<LegalRegion>,
    target: Option<Target>,
    pointer: Option<Vec2>,
    /// A promoting move waiting for the player's choice.
    promotion: Option<(crate::continuous::Point, crate::continuous::Point)>,
}

/// Whether the enemy's capture areas are drawn.
#[derive(Resource, Default)]
struct ShowThreats(bool);

/// The last thing the rules said, in words.
#[derive(Resource, Default)]
struct Feedback(String);

#[derive(Resource)]
struct DiscLooks {
    mesh: Handle<Mesh>,
    white: Handle<ColorMaterial>,
    black: Handle<ColorMaterial>,
}

fn spawn_camera(mut commands: Commands) {
    // No multisampling: with a software renderer it costs more than the whole frame.
    commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
}

fn spawn_board(
    mut commands: Commands,
    state: Res<Match>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let board = state.level.board.clone();
    let square = board.square as f32;
    let light = materials.add(Color::srgb(0.93, 0.89, 0.80));
    let dark = materials.add(Color::srgb(0.84, 0.78, 0.66));
    let tile = meshes.add(Rectangle::new(square, square));
    for file in 0..board.files {
        for rank in 0..board.ranks {
            let centre = to_bevy(board.square_centre(file, rank));
            let material = if (file + rank) % 2 == 0 {
                dark.clone()
            } else {
                light.clone()
            };
            commands.spawn((
                Name::new("Square"),
                Mesh2d(tile.clone()),
                MeshMaterial2d(material),
                Transform::from_translation(centre.extend(0.0)),
            ));
        }
    }
    commands.insert_resource(DiscLooks {
        mesh: meshes.add(Circle::new(1.0)),
        white: materials.add(Color::srgb(0.97, 0.97, 0.95)),
        black: materials.add(Color::srgb(0.12, 0.12, 0.14)),
    });
}

/// Fits the board into the window left of the panel.
fn fit_camera(
    state: Res<Match>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let board = state.game.position().board();
    let (w, h) = (board.width() as f32, board.height() as f32);
    let avail = Vec2::new(
        (window.width() - PANEL_WIDTH).max(100.0),
        window.height().max(100.0),
    );
    let scale = (w / avail.x).max(h / avail.y) * 1.08;
    let (mut transform, mut projection) = camera.into_inner();
    transform.translation.x = w / 2.0 + PANEL_WIDTH / 2.0 * scale;
    transform.translation.y = h / 2.0;
    if let Projection::Orthographic(ortho) = projection.as_mut() {
        ortho.scale = scale;
    }
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

/// Where the pointer is on the board, and where the picked piece would land.
fn track_pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    state: Res<Match>,
    mut selection: ResMut<Selection>,
) {
    let (camera, at) = *camera;
    let pointer = window
        .cursor_position()
        .and_then(|c| camera.viewport_to_world_2d(at, c).ok());
    if pointer == selection.pointer {
        return;
    }
    selection.pointer = pointer;
    selection.target = match (selection.piece, pointer) {
        (Some(i), Some(p)) => nearest_target(state.game.position(), i, from_bevy(p)),
        _ => None,
    };
}

/// Left press picks one of your pieces; a press elsewhere, or a release off the picked
/// disc (a drag), moves the picked one; right click drops it.
fn pick_and_drop(
    buttons: Res<ButtonInput<MouseButton>>,
    mut contexts: EguiContexts,
    state: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
) {
    if contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.egui_wants_pointer_input())
    {
        return;
    }
    if buttons.just_pressed(MouseButton::Right) {
        *selection = Selection::default();
        return;
    }
    if selection.promotion.is_some() {
        return;
    }
    let released = buttons.just_released(MouseButton::Left);
    if !buttons.just_pressed(MouseButton::Left) && !released {
        return;
    }
    let Some(pointer) = selection.pointer.map(from_bevy) else {
        return;
    };
    let pos = state.game.position();
    if released {
        // A drop: the picked piece dragged off its own disc.
        if let Some(i) = selection.piece
            && pos.piece_at(pointer) != Some(i)
        {
            let to = selection.target.map_or(pointer, |t| t.aim);
            request_move(&mut selection, &mut requests, pos, pos.pieces()[i].at, to);
        }
        return;
    }
    let own = pos
        .piece_at(pointer)
        .filter(|&i| pos.pieces()[i].side == pos.to_move());
    match (selection.piece, own) {
        (_, Some(i)) if selection.piece != Some(i) => {
            selection.piece = Some(i);
            selection.region = Some(legal_region(pos, i));
            selection.target = nearest_target(pos, i, pointer);
        }
        (Some(i), _) => {
            let to = selection.target.map_or(pointer, |t| t.aim);
            request_move(&mut selection, &mut requests, pos, pos.pieces()[i].at, to);
        }
        (None, _) => {}
    }
}

/// Asks for a move, or, when it would promote and the level offers a choice, opens the
/// promotion dialog first.
fn request_move(
    selection: &mut Selection,
    requests: &mut MessageWriter<MoveRequest>,
    pos: &crate::continuous::Position,
    from: crate::continuous::Point,
    to: crate::continuous::Point,
) {
    let promotes = crate::continuous::resolve(pos, from, to, None)
        .applied()
        .is_some_and(|a| a.promotion.is_some());
    let pointer = selection.pointer;
    if promotes && pos.board().promotion.len() > 1 {
        *selection = Selection {
            pointer,
            promotion: Some((from, to)),
            ..default()
        };
    } else {
        requests.write(MoveRequest(Request {
            from,
            to,
            promotion: None,
        }));
        *selection = Selection {
            pointer,
            ..default()
        };
    }
}

/// The promotion choice: the level's promotion pieces.
fn promotion_dialog(
    mut contexts: EguiContexts,
    state: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
) -> Result {
    let Some((from, to)) = selection.promotion else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut chosen = None;
    egui::Window::new("Promotion")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label("Promote to:");
            for &kind in &state.level.board.promotion {
                if ui.button(kind.name()).clicked() {
                    chosen = Some(Some(kind));
                }
            }
            if ui.button("Cancel").clicked() {
                chosen = Some(None);
            }
        });
    match chosen {
        Some(Some(kind)) => {
            requests.write(MoveRequest(Request {
                from,
                to,
                promotion: Some(kind),
            }));
            selection.promotion = None;
        }
        Some(None) => selection.promotion = None,
        None => {}
    }
    Ok(())
}

fn keyboard_commands(
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: MessageWriter<MatchCommand>,
    mut selection: ResMut<Selection>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        commands.write(MatchCommand::Undo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        commands.write(MatchCommand::Redo);
    }
    if keys.just_pressed(KeyCode::Escape) {
        *selection = Selection::default();
    }
}

fn read_outcomes(mut outcomes: MessageReader<MoveOutcome>, mut feedback: ResMut<Feedback>) {
    for outcome in outcomes.read() {
        feedback.0 = match &outcome.outcome {
            crate::continuous::Outcome::Illegal(reason) => {
                format!("Illegal: {} ({reason})", reason.explain())
            }
            _ => String::new(),
        };
    }
}

fn draw_region(
    mut gizmos: Gizmos,
    state: Res<Match>,
    selection: Res<Selection>,
    threats: Res<ShowThreats>,
) {
    let pos = state.game.position();
    if threats.0 {
        let colour = Color::srgba(0.85, 0.3, 0.1, 0.6);
        for i in (0..pos.pieces().len()).filter(|&i| pos.pieces()[i].side != pos.to_move()) {
            for area in capture_area(pos, i) {
                draw_area(&mut gizmos, &area, colour);
            }
        }
    }
    let move_colour = Color::srgba(0.15, 0.55, 0.95, 0.9);
    let capture_colour = Color::srgb(0.9, 0.2, 0.15);
    if let Some(region) = &selection.region {
        draw_parts(&mut gizmos, region, move_colour);
        for &x in &region.captures {
            if let Some(p) = pos.pieces().get(x) {
                gizmos.circle_2d(to_bevy(p.at), 1.15, capture_colour);
            }
        }
    }
    if let Some(target) = selection.target {
        gizmos.circle_2d(to_bevy(target.point), 1.0, Color::srgba(0.1, 0.8, 0.3, 0.9));
    }
    if let Some(i) = selection.piece
        && let Some(p) = pos.pieces().get(i)
    {
        gizmos.circle_2d(to_bevy(p.at), 1.08, Color::srgb(0.95, 0.75, 0.1));
    }
    if state.game.in_check() {
        let king = pos.pieces()[pos.king(pos.to_move())].at;
        gizmos.circle_2d(to_bevy(king), 1.25, capture_colour);
    }
}

/// During a demonstration, the region the last move was chosen from (computed once per
/// move, not per frame).
fn draw_last_move_region(
    mut gizmos: Gizmos,
    state: Res<Match>,
    demo: Res<files::Demo>,
    mut cache: Local<Option<(usize, LegalRegion)>>,
) {
    if !demo.showing() {
        return;
    }
    let played = state.game.played();
    let n = played.len();
    if cache.as_ref().map(|c| c.0) != Some(n) {
        *cache = n.checked_sub(1).and_then(|last| {
            let before = if last == 0 {
                state.game.start()
            } else {
                &played[last - 1].applied.position
            };
            let i = before.piece_at(played[last].request.from)?;
            Some((n, legal_region(before, i)))
        });
        if cache.is_none() {
            *cache = Some((n, LegalRegion::default()));
        }
    }
    let Some((_, region)) = cache.as_ref() else {
        return;
    };
    draw_parts(&mut gizmos, region, Color::srgba(0.55, 0.35, 0.95, 0.9));
}

/// How a continuous game stands, in words.
pub(crate) fn continuous_status(game: &crate::continuous::Game) -> String {
    match game.status() {
        Status::Playing => {
            let side = game.position().to_move();
            if game.in_check() {
                format!("{side} to move — check!")
            } else {
                format!("{side} to move")
            }
        }
        Status::Checkmate { winner } => format!("Checkmate: {winner} wins"),
        Status::Stalemate => "Stalemate: draw".to_string(),
        Status::Resigned { winner } => format!("Resigned: {winner} wins"),
        Status::DrawAgreed => "Draw agreed".to_string(),
    }
}

/// The panel's status line, the rules' last refusal, and the match buttons (Undo, Redo,
/// New game; Resign, Agree draw, then whatever `more` adds to that row); returns the
/// command clicked.
fn match_controls(
    ui: &mut egui::Ui,
    status: &str,
    refusal: &str,
    more: impl FnOnce(&mut egui::Ui),
) -> Option<MatchCommand> {
    ui.label(egui::RichText::new(status).strong());
    if !refusal.is_empty() {
        ui.colored_label(egui::Color32::from_rgb(200, 60, 40), refusal);
    }
    let mut clicked = None;
    let mut buttons = |ui: &mut egui::Ui, row: &[(&str, MatchCommand)]| {
        for &(label, command) in row {
            if ui.button(label).clicked() {
                clicked = Some(command);
            }
        }
    };
    ui.horizontal(|ui| {
        buttons(
            ui,
            &[
                ("Undo", MatchCommand::Undo),
                ("Redo", MatchCommand::Redo),
                ("New game", MatchCommand::Restart),
            ],
        );
    });
    ui.horizontal(|ui| {
        buttons(
            ui,
            &[
                ("Resign", MatchCommand::Resign),
                ("Agree draw", MatchCommand::AgreeDraw),
            ],
        );
        more(ui);
    });
    clicked
}

/// Draws a legal region's rays, ring arcs and castling landings.
fn draw_parts(gizmos: &mut Gizmos, region: &LegalRegion, colour: Color) {
    for part in &region.parts {
        match part {
            RegionPart::Ray {
                from,
                dir,
                intervals,
            } => {
                for &(a, b) in &intervals.0 {
                    gizmos.line_2d(to_bevy(*from + *dir * a), to_bevy(*from + *dir * b), colour);
                }
            }
            RegionPart::Arcs {
                centre,
                radius,
                arcs,
            } => {
                for &(a, b) in arcs {
                    let steps = ((b - a) * 24.0).ceil().max(2.0) as usize;
                    let points = (0..=steps).map(|k| {
                        let t = a + (b - a) * k as f64 / steps as f64;
                        to_bevy(*centre + crate::continuous::geometry::unit(t) * *radius)
                    });
                    gizmos.linestrip_2d(points, colour);
                }
            }
            RegionPart::Castle { to } => {
                gizmos.circle_2d(to_bevy(*to), 0.4, colour);
            }
        }
    }
}

/// Outlines an area: a strip's sides and end circles, a disc, a ring.
fn draw_area(gizmos: &mut Gizmos, area: &Area, colour: Color) {
    match area {
        Area::Strip(capsule) => {
            let (a, b) = (capsule.segment.a, capsule.segment.b);
            let n = (b - a).normalize_or(crate::continuous::Point::X).perp() * capsule.radius;
            gizmos.line_2d(to_bevy(a + n), to_bevy(b + n), colour);
            gizmos.line_2d(to_bevy(a - n), to_bevy(b - n), colour);
            gizmos.circle_2d(to_bevy(b), capsule.radius as f32, colour);
        }
        Area::Disc { centre, ball } => {
            gizmos.circle_2d(to_bevy(*centre), ball.radius as f32, colour);
        }
        Area::Annulus {
            centre,
            inner,
            outer,
        } => {
            gizmos.circle_2d(to_bevy(*centre), *inner as f32, colour);
            gizmos.circle_2d(to_bevy(*centre), *outer as f32, colour);
        }
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

fn side_panel(
    mut contexts: EguiContexts,
    state: Res<Match>,
    name: Res<LevelName>,
    feedback: Res<Feedback>,
    mut threats: ResMut<ShowThreats>,
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
    egui::Panel::right("match")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.heading(&name.0);
            let game = &state.game;
            if let Some(command) =
                match_controls(ui, &continuous_status(game), &feedback.0, |_| {})
            {
                commands.write(command);
            }
            ui.checkbox(&mut threats.0, "Show the enemy's capture areas");
            ui.separator();
            ui.label("Click a piece, then click where it should go. Right click or Esc drops it. Ctrl+Z / Ctrl+Y undo and redo.");
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| {
                let board = game.position().board();
                for (n, played) in game.played().iter().enumerate() {
                    ui.monospace(format!("{:>3}. {}", n + 1, format_applied_brief(board, &played.applied)));
                }
            });
        });
    Ok(())
}
