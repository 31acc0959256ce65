//! Drawing only when something changes. A hot-seat game stands still most of the time, and
//! under a software renderer every frame keeps both cores busy, so the window draws a frame
//! when the window system reports something (the pointer, a key, a resize) or when this
//! module asks for one: while the renderer compiles its pipelines, while pieces glide,
//! while a demonstration plays by itself, while a file waits to open, and for the frame
//! after the rules were asked or answered something. `--screenshot` runs keep drawing every
//! frame, as they count frames.

use super::common::demo::Demo;
use super::common::opening::Pending;
use super::glide::Glides;
use crate::sim::{
    CurrentGame, GridMoveOutcome, GridMoveRequest, GridPlay, LoadGame, MatchCommand, MoveOutcome,
    MoveRequest,
};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Adds the frame requests. The app's update mode is set by the caller (`ui::run`), since
/// only the interactive window waits for events.
pub(super) fn plugin(app: &mut App) {
    let compiling = Compiling::default();
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.insert_resource(compiling.clone()).add_systems(
            bevy::render::Render,
            note_compiling.in_set(bevy::render::RenderSystems::Cleanup),
        );
    }
    app.insert_resource(compiling)
        .add_systems(Last, keep_drawing)
        .add_systems(
            PreUpdate,
            quiet_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        );
}

/// The update mode of the interactive window: wait for the window's own events (the pointer
/// over it, keys while it has focus, resizes) or a request, at most five seconds while it
/// has focus. Device events are left out: they report the mouse moving anywhere on the
/// screen, which would redraw the board for a pointer on another window.
pub(super) fn settings() -> bevy::winit::WinitSettings {
    use bevy::winit::{UpdateMode, WinitSettings};
    use std::time::Duration;
    WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(Duration::from_secs(5)),
        unfocused_mode: UpdateMode::reactive_low_power(Duration::from_secs(60)),
    }
}

/// Whether the renderer is still compiling pipelines, as the render world last saw it
/// (shared by both worlds). A pipeline becomes ready some frames after it is asked for;
/// until then what needs it is not drawn, so frames must keep coming.
#[derive(Resource, Clone, Default)]
pub(super) struct Compiling(Arc<AtomicBool>);

impl Compiling {
    /// Whether pipelines are still being compiled.
    pub(super) fn now(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Notes, in the render world, whether any pipeline is still being compiled.
fn note_compiling(
    cache: Res<bevy::render::render_resource::PipelineCache>,
    compiling: Res<Compiling>,
) {
    let waiting = cache.waiting_pipelines().next().is_some();
    compiling.0.store(waiting, Ordering::Relaxed);
}

/// Passes the modifier keys on to egui only when they change. bevy_egui 0.42 reports
/// them every frame as an event, and egui redraws after any event, so the window would
/// never rest; egui keeps the last reported state between frames, so nothing is lost.
fn quiet_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<HashMap<Entity, egui::Modifiers>>,
) {
    for (context, mut input) in &mut inputs {
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) => last.insert(context, *now) != Some(*now),
            _ => true,
        });
    }
}

/// What the rules were told or answered this frame (each reader sees a message once).
#[derive(bevy::ecs::system::SystemParam)]
struct RuleTraffic<'w, 's> {
    requests: MessageReader<'w, 's, MoveRequest>,
    outcomes: MessageReader<'w, 's, MoveOutcome>,
    grid_requests: MessageReader<'w, 's, GridMoveRequest>,
    grid_plays: MessageReader<'w, 's, GridPlay>,
    grid_outcomes: MessageReader<'w, 's, GridMoveOutcome>,
    commands: MessageReader<'w, 's, MatchCommand>,
    loads: MessageReader<'w, 's, LoadGame>,
}

impl RuleTraffic<'_, '_> {
    /// Whether any message passed since the last look (and marks them seen).
    fn any(&mut self) -> bool {
        // Every reader is read, so none reports the same message twice.
        let counts = [
            self.requests.read().count(),
            self.outcomes.read().count(),
            self.grid_requests.read().count(),
            self.grid_plays.read().count(),
            self.grid_outcomes.read().count(),
            self.commands.read().count(),
            self.loads.read().count(),
        ];
        counts.iter().any(|&n| n > 0)
    }
}

/// What goes on by itself, without input: pipelines being compiled, a glide, a
/// demonstration's autoplay, a file to open, the computer's answer about to be played.
#[derive(bevy::ecs::system::SystemParam)]
struct Underway<'w> {
    compiling: Res<'w, Compiling>,
    glides: Option<Res<'w, Glides>>,
    demo: Option<Res<'w, Demo>>,
    pending: Option<Res<'w, Pending>>,
    computer: Option<Res<'w, crate::sim::computer::Computer>>,
}

impl Underway<'_> {
    /// Whether anything is under way.
    fn any(&self) -> bool {
        self.compiling.0.load(Ordering::Relaxed)
            || self.glides.as_ref().is_some_and(|g| g.busy())
            || self.demo.as_ref().is_some_and(|d| d.playing())
            || self.pending.as_ref().is_some_and(|p| p.0.is_some())
            || self.computer.as_ref().is_some_and(|c| c.wants_frames())
    }
}

/// Asks for another frame while something goes on without any input to wake the window
/// (see [`Underway`]), after the rules' messages (answered the next frame) and when a match
/// changed (its pieces and panels follow the next frame).
fn keep_drawing(
    underway: Underway,
    current: CurrentGame,
    mut traffic: RuleTraffic,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if traffic.any() || underway.any() || current.is_changed() {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::super::open::tests::app_on;
    use super::*;
    use crate::sim::{ContinuousMatch, GridMatch};

    /// The headless app of both modes on `file`, with the frame requests and the app's
    /// clock at 1/60 s a frame (as under `--drive`), a few frames on.
    fn app(file: &str) -> App {
        let mut app = app_on(file);
        app.add_message::<RequestRedraw>()
            .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_secs_f64(1.0 / 60.0),
            ))
            .add_plugins(plugin);
        frames(&mut app, 3);
        app
    }

    /// Runs `n` frames; for each, whether it asked for another.
    fn frames(app: &mut App, n: usize) -> Vec<bool> {
        (0..n)
            .map(|_| {
                app.update();
                let messages = app.world().resource::<Messages<RequestRedraw>>();
                messages.iter_current_update_messages().count() > 0
            })
            .collect()
    }

    #[test]
    fn a_still_game_asks_for_no_frames_and_a_move_asks_until_its_glide_ends() {
        let mut app = app("chess.toml");
        assert_eq!(
            frames(&mut app, 5),
            [false; 5],
            "a still game draws nothing"
        );
        let m = app.world().resource::<GridMatch>().game.legal_moves()[0];
        app.world_mut().write_message(GridMoveRequest {
            from: m.from,
            to: m.to,
            promotion: None,
            drop: None,
        });
        // The glide takes a quarter of a second: 15 frames at 1/60 s.
        let after = frames(&mut app, 30);
        let asked = after.iter().take_while(|&&a| a).count();
        assert!(
            (15..20).contains(&asked),
            "frames asked for in a row after the move: {asked} ({after:?})"
        );
        assert!(after[asked..].iter().all(|&a| !a), "then quiet: {after:?}");
        assert_eq!(
            app.world().resource::<GridMatch>().game.played().len(),
            1,
            "the move was made"
        );
    }

    #[test]
    fn a_command_asks_for_frames_and_so_does_a_file_waiting_to_open() {
        let mut app = app("area-of-competence.toml");
        assert_eq!(frames(&mut app, 3), [false; 3]);
        app.world_mut().write_message(MatchCommand::Resign);
        // The rules answer in the frame they are told; one more frame shows the answer.
        assert_eq!(frames(&mut app, 3), [true, false, false]);
        assert!(
            app.world()
                .resource::<ContinuousMatch>()
                .game
                .status()
                .is_over(),
            "the resignation was made"
        );
        frames(&mut app, 3);
        app.world_mut()
            .resource_mut::<Pending>()
            .file(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/obento.toml"));
        assert!(frames(&mut app, 1)[0], "a file to open");
        assert!(
            app.world().get_resource::<GridMatch>().is_some(),
            "Obento opened"
        );
    }

    #[test]
    fn a_demonstration_playing_by_itself_keeps_the_frames_coming() {
        let mut app = app("chess.toml");
        assert_eq!(frames(&mut app, 3), [false; 3]);
        app.insert_resource(Demo::autoplaying("a demonstration"));
        assert!(frames(&mut app, 90).iter().all(|&a| a), "autoplay");
        app.insert_resource(Demo::default());
        assert_eq!(frames(&mut app, 3), [false; 3], "stopped");
    }

    #[test]
    fn pipelines_being_compiled_keep_the_frames_coming() {
        let mut app = app("obento.toml");
        assert_eq!(frames(&mut app, 3), [false; 3]);
        let compiling = app.world().resource::<Compiling>().0.clone();
        compiling.store(true, Ordering::Relaxed);
        assert_eq!(frames(&mut app, 3), [true; 3], "while compiling");
        compiling.store(false, Ordering::Relaxed);
        assert_eq!(frames(&mut app, 3), [false; 3], "compiled");
    }
}
