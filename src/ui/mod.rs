//! The desktop app: draws what `sim` holds and turns clicks into move requests. The rules
//! decide everything; this module only asks them (through [`RulesPlugin`] messages and the
//! pure region queries) and draws the answers.

use crate::failure::Failure;
use crate::sim::{GameMode, RulesPlugin};
use bevy::prelude::*;
use bevy_egui::{EguiPlugin, egui};
use std::path::{Path, PathBuf};

mod analysis;
mod autosave;
mod balance_lab;
mod clock_panel;
mod computer;
mod continuous;
mod drive;
mod editor;
mod files;
mod flow;
mod gif;
mod glide;
mod grid;
mod idle;
pub mod inspect;
mod open;
pub mod pictures;
mod screenshot;
mod view;

pub use drive::{Step, parse_script};
pub use gif::{GifSettings, gif};

/// Width of the side panel, in logical pixels.
const PANEL_WIDTH: f32 = 300.0;

/// The order of each mode's per-frame systems, after the rules: the view (camera, piece
/// visuals), then input, then the overlays drawn from the result.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
enum Stage {
    View,
    Input,
    Overlays,
}

/// What the window opens on and how: the file, or the autosaved game; a screenshot run;
/// a pointer script; the seats; a time control.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// A level or saved game to open; `None` with `resume` false: the default level.
    pub file: Option<PathBuf>,
    /// Reopen the game in progress that the window autosaved last.
    pub resume: bool,
    /// Save a PNG of the window after this many frames, then exit.
    pub shot: Option<(PathBuf, u32)>,
    /// Pointer steps to play (after the screenshot's frames, or 60).
    pub script: Option<Vec<Step>>,
    /// White's and Black's seats (`None` keeps what the file says).
    pub seats: [Option<crate::play::Seat>; 2],
    /// A clock per side with this control (`None` keeps what the file says).
    pub time: Option<crate::clock::TimeControl>,
}

/// Frames drawn before a `--drive` script starts when no screenshot is asked for: the
/// software renderer needs some to compile its shaders.
const SCRIPT_START: u32 = 60;

/// Opens the window as `launch` says and runs until it is closed, or, with a screenshot,
/// until the window has been saved as a PNG after the given number of frames.
pub fn run(launch: Launch, default_level: &Path) -> Result<(), Failure> {
    // Without a display the window system cannot start, and Bevy would panic.
    #[cfg(target_os = "linux")]
    if ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
        .iter()
        .all(|name| std::env::var_os(name).is_none_or(|v| v.is_empty()))
    {
        return Err(Failure::input(
            "cannot open a window: no display (DISPLAY and WAYLAND_DISPLAY are unset); \
             run under a desktop session or xvfb-run, or use a command such as `uci`",
        ));
    }
    let autosave = autosave::Autosave::in_data_dir();
    let path = match (&launch.file, launch.resume) {
        (_, true) => autosave.existing().ok_or_else(|| {
            Failure::input(format!(
                "--resume: no game in progress was saved{}",
                autosave
                    .path
                    .as_ref()
                    .map_or(String::new(), |p| format!(" (looked for {})", p.display()))
            ))
        })?,
        (Some(file), false) => file.clone(),
        (None, false) => default_level.to_path_buf(),
    };
    let opened = open::Opened::read(&path)?;
    let mut app = App::new();
    app.add_plugins(AppPlugin {
        title: opened.title(),
    });
    opened.install(app.world_mut());
    app.world_mut()
        .resource_mut::<crate::sim::Players>()
        .seat(launch.seats);
    if let Some(control) = launch.time {
        app.world_mut()
            .resource_mut::<crate::sim::clock::MatchClock>()
            .set_control(Some(control));
    }
    // The window offers the game in progress unless it was asked to open it.
    app.insert_resource(autosave.offering(!launch.resume));
    // A window for people draws when something changes; a screenshot or a script counts
    // frames, so it draws them all.
    if launch.shot.is_none() && launch.script.is_none() {
        app.insert_resource(idle::settings())
            .add_systems(Last, clock_panel::tick_while_running);
    }
    let frames = launch.shot.as_ref().map_or(SCRIPT_START, |(_, n)| *n);
    if let Some((path, frames)) = launch.shot {
        app.add_plugins(screenshot::ScreenshotPlugin { path, frames });
    }
    if let Some(steps) = launch.script {
        app.add_plugins(drive::DrivePlugin {
            steps,
            start_after: frames,
        });
    }
    one_thread_each(&mut app);
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(Failure {
            code: code.get(),
            message: "the window closed with an error".into(),
        }),
    }
}

/// The desktop app: Bevy's window and renderer, egui, the rules, and one plugin per
/// concern: opening files, resting while nothing happens, the flow of a game shared by
/// both modes, the files window, and each mode's board, pieces, input, overlays and panel.
pub struct AppPlugin {
    /// The window's title.
    pub title: String,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: self.title.clone(),
                        resolution: (1100, 760).into(),
                        ..default()
                    }),
                    ..default()
                })
                // One thread per task pool: see `one_thread_each`.
                .set(TaskPoolPlugin {
                    task_pool_options: TaskPoolOptions {
                        max_total_threads: 1,
                        // Two: the computer thinks on one for seconds, and the renderer's
                        // pipelines and screenshots must not wait behind it.
                        async_compute: bevy::app::TaskPoolThreadAssignmentPolicy {
                            min_threads: 2,
                            max_threads: 2,
                            percent: 0.25,
                            on_thread_spawn: None,
                            on_thread_destroy: None,
                        },
                        ..default()
                    },
                }),
        )
        .add_plugins((EguiPlugin::default(), RulesPlugin))
        .add_systems(Startup, spawn_camera)
        .add_systems(bevy_egui::EguiPrimaryContextPass, plain_style);
        add_shared(app);
        app.add_plugins((
            idle::plugin,
            files::plugin,
            clock_panel::plugin,
            autosave::plugin,
            editor::plugin,
            balance_lab::plugin,
        ));
    }
}

/// What the app has without a window too (the headless tests build it): the background,
/// the stages, opening in place, the game flow and both modes.
fn add_shared(app: &mut App) {
    add_stages(app);
    app.add_plugins((
        open::plugin,
        flow::plugin,
        computer::plugin,
        analysis::plugin,
        continuous::plugin,
        grid::plugin,
    ));
}

/// Runs each schedule's systems one after another on its own thread (the main thread, and
/// the render thread beside it). The app's systems are small, and on two cores shared with
/// the software renderer's threads, handing them between threads cost more than it saved.
/// With this and one thread per task pool, under llvmpipe, a drag on the Obento board took
/// 11.9 ms a frame instead of 13.3 with 0.5 late frames in 170 instead of 8.8, and at rest
/// 5.8 late frames in 291 instead of 14 (means of four runs each).
fn one_thread_each(app: &mut App) {
    use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
    let sub_apps = app.sub_apps_mut();
    for sub in std::iter::once(&mut sub_apps.main).chain(sub_apps.sub_apps.values_mut()) {
        if let Some(mut schedules) = sub.world_mut().get_resource_mut::<Schedules>() {
            for (_, schedule) in schedules.iter_mut() {
                schedule.set_executor(SingleThreadedExecutor::new());
            }
        }
    }
}

/// Whether Black's side is at the bottom (both modes; F or the panel's Flip board).
#[derive(Resource, Default)]
struct Flipped(bool);

/// The window's background: egui's dark panel colour. The side panel itself is left
/// unpainted and this shows through, so the panel looks as egui would draw it.
const BACKGROUND: Color = Color::srgb_u8(27, 27, 27);

/// Sets egui's look once: the dark theme (the board's surround and its coordinates are
/// drawn for it), no shadows, a steady text cursor, and panels left unpainted over the
/// window's background.
/// Under a software renderer every pixel egui paints costs each frame: a shadow's blurred
/// edge, and above all the panel's 300 × 760 fill, about 2 ms a frame by itself.
fn plain_style(mut contexts: bevy_egui::EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        let ctx = contexts.ctx_mut()?;
        ctx.set_theme(egui::Theme::Dark);
        ctx.all_styles_mut(|style| {
            style.visuals.window_shadow = egui::epaint::Shadow::NONE;
            style.visuals.popup_shadow = egui::epaint::Shadow::NONE;
            style.visuals.panel_fill = egui::Color32::TRANSPARENT;
            // A blinking cursor would need frames while nothing else happens.
            style.visuals.text_cursor.blink = false;
        });
        *done = true;
    }
    Ok(())
}

/// The level's title for the panel.
#[derive(Resource)]
struct LevelName(String);

/// The board's light and dark squares.
const SQUARE_COLOURS: [Color; 2] = [Color::srgb(0.93, 0.89, 0.80), Color::srgb(0.84, 0.78, 0.66)];

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
fn spawn_camera(mut commands: Commands) {
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

/// The background and the order of each mode's per-frame stages after the rules.
fn add_stages(app: &mut App) {
    app.insert_resource(ClearColor(BACKGROUND))
        .init_resource::<Flipped>()
        .configure_sets(
            Update,
            (Stage::View, Stage::Input, Stage::Overlays)
                .chain()
                .after(crate::sim::RulesSystems),
        )
        // A position browsed back to is looked at, not played: no picks, no overlays.
        .configure_sets(
            Update,
            (Stage::Input, Stage::Overlays).run_if(analysis::not_browsing),
        );
}

/// What a mouse button did over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Click {
    /// The left button went down.
    Press,
    /// The left button came up.
    Release,
    /// The right button went down: drop the picked piece.
    Cancel,
}

/// The board's button changes since the last frame, in the order they happened. A quick
/// click (a touchpad tap, `xdotool click`) can bring the press and the release in one frame;
/// [`ButtonInput`] would only say that both happened, so read the messages in order.
fn clicks(reader: &mut MessageReader<bevy::input::mouse::MouseButtonInput>) -> Vec<Click> {
    use bevy::input::ButtonState;
    reader
        .read()
        .filter_map(|input| match (input.button, input.state) {
            (MouseButton::Left, ButtonState::Pressed) => Some(Click::Press),
            (MouseButton::Left, ButtonState::Released) => Some(Click::Release),
            (MouseButton::Right, ButtonState::Pressed) => Some(Click::Cancel),
            _ => None,
        })
        .collect()
}

/// Whether egui has the pointer (over a panel or window), so the board should ignore it.
fn pointer_on_panels(contexts: &mut bevy_egui::EguiContexts) -> bool {
    contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.egui_wants_pointer_input())
}

/// Whether the pointer is over a panel or window, whatever egui is doing with it (while a
/// button is dragged, egui keeps the pointer though it is over the board).
fn pointer_over_panels(contexts: &mut bevy_egui::EguiContexts) -> bool {
    contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.is_pointer_over_egui())
}
