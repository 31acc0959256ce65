//! The desktop app: draws what `sim` holds and turns clicks into move requests. The rules
//! decide everything; this module only asks them (through [`RulesPlugin`] messages and the
//! pure region queries) and draws the answers. This file wires the plugins and runs the
//! app; everything else lives in the modules below.
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - `common`: what every part of the window shares (colours and style, the stages, the
//!   pointer, the level being played, its demonstrations, opening a file, the small boards
//!   the panels draw, what one window asks of another).
//! - `glide`: pieces gliding from where they stood to where the rules put them.
//! - [`pictures`]: piece pictures rasterised into one atlas per level.
//! - [`icon`]: the program's icon, in the window and for the package.
//! - `idle`: drawing only when something changes.
//! - `open`: opening a level or a game in place of the current one.
//! - `gif`: a game or a demonstration as an animated GIF (`areachess gif`).
//! - `drive`: a pointer script (`play --drive`).
//! - `clock_panel`, `computer_panel`, `analysis_panel`: the side panel's clocks, seats and analysis.
//! - `flow`: the flow of a game, the same in both modes, and the side panel round those
//!   sections.
//! - `view`: the camera, the board and its pieces, the same in both modes.
//! - `grid`, `continuous`: each mode's pieces, input, overlays, panel and inspector.
//! - `autosave`, `balance_window`, `editor`, `files`: the windows over the board (the game in
//!   progress kept and offered, the balance lab, the level editor, games and levels). No
//!   window imports another: the files window asks through `common::requests`.
//! - `screenshot`: `play --screenshot`, with the lab's line in its report.

use crate::failure::Failure;
use crate::sim::RulesPlugin;
use bevy::prelude::*;
use bevy_egui::EguiPlugin;
use common::look::{BACKGROUND, Flipped, plain_style};
use common::opening::Opened;
use std::path::{Path, PathBuf};

mod analysis_panel;
mod autosave;
mod balance_window;
mod clock_panel;
mod common;
mod computer_panel;
mod continuous;
mod drive;
mod editor;
mod files;
mod flow;
mod gif;
mod glide;
mod grid;
pub mod icon;
mod idle;
mod open;
pub mod pictures;
mod screenshot;
mod view;

pub use gif::{GifSettings, gif};

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
    pub script: Option<Vec<crate::script::Step>>,
    /// White's and Black's seats (`None` keeps what the file says).
    pub seats: [Option<crate::play::Seat>; 2],
    /// A clock per side with this control (`None` keeps what the file says).
    pub time: Option<crate::clock::TimeControl>,
    /// The window's size in logical pixels (`None`: [`WINDOW_SIZE`]).
    pub size: Option<(u32, u32)>,
}

/// The window's size in logical pixels when none is asked for.
pub const WINDOW_SIZE: (u32, u32) = (1100, 760);

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
    let opened = Opened::read(&path)?;
    let mut app = App::new();
    app.add_plugins(AppPlugin {
        title: opened.title(),
        size: launch.size.unwrap_or(WINDOW_SIZE),
    });
    opened.install(app.world_mut());
    app.world_mut()
        .resource_mut::<crate::sim::Players>()
        .seat(launch.seats);
    if let Some(control) = launch.time {
        app.world_mut()
            .resource_mut::<crate::sim::match_clock::MatchClock>()
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
    /// The window's size in logical pixels.
    pub size: (u32, u32),
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: self.title.clone(),
                        // X11's WM_CLASS, which the desktop entry's StartupWMClass names.
                        name: Some("areachess".into()),
                        resolution: self.size.into(),
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
        .add_systems(Startup, view::spawn_camera)
        .add_systems(Update, icon::show_in_window)
        .add_systems(bevy_egui::EguiPrimaryContextPass, plain_style);
        add_shared(app);
        app.add_plugins((
            idle::plugin,
            files::plugin,
            clock_panel::plugin,
            autosave::plugin,
            editor::plugin,
            balance_window::plugin,
        ));
    }
}

/// What the app has without a window too (the headless tests build it): the background,
/// the board the right way up, the stages, opening in place, the game flow and both modes.
fn add_shared(app: &mut App) {
    app.insert_resource(ClearColor(BACKGROUND))
        .init_resource::<Flipped>();
    app.add_plugins((
        common::stage::plugin,
        open::plugin,
        flow::plugin,
        computer_panel::plugin,
        analysis_panel::plugin,
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
