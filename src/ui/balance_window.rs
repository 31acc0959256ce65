//! The balance lab's window: `areachess balance` run from the window, on the level being
//! played. The games are played on background threads of the lowest priority while the
//! board stays in use; the panel shows a progress bar, the tallies in the same words as the
//! command line and the same plots, and can cancel the run. The files window shows it
//! (`ui::common::requests::LabShown`).

use super::common::level::LevelName;
use super::common::requests::LabShown;
use super::pictures::{options_with_text, render_svg};
use crate::search::balance_lab::{BalanceSettings, Tallies, run};
use crate::search::balance_lab::{plots, words};
use crate::search::contest::{Contest, ContinuousContest, GridContest};
use crate::sim::{ContinuousMatch, GridMatch};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lab>()
        .init_resource::<LabShown>()
        .add_systems(bevy_egui::EguiPrimaryContextPass, lab_window);
}

/// The panel: what the next run is asked for, the run under way or finished, and its plots.
#[derive(Resource)]
pub struct Lab {
    /// Games to play (with values: for each kind as well).
    games: u32,
    /// The engines' time a move.
    movetime_ms: u64,
    /// Games at once.
    jobs: usize,
    /// Whether each kind's value is measured by handicap games.
    values: bool,
    /// The run under way or last finished.
    run: Option<Run>,
    /// The plots drawn for the tallies of so many games.
    plots: Vec<egui::TextureHandle>,
    plotted: Option<u32>,
    /// When they were drawn (egui's clock, seconds).
    plotted_at: f64,
    /// Runs started, for each its own seed.
    started: u64,
}

impl Default for Lab {
    fn default() -> Lab {
        Lab {
            games: 20,
            movetime_ms: 50,
            // The board keeps one core where there are two or more.
            jobs: cores().saturating_sub(1).max(1),
            values: false,
            run: None,
            plots: Vec::new(),
            plotted: None,
            plotted_at: 0.0,
            started: 0,
        }
    }
}

impl Lab {
    /// The last run in a line, for the `--screenshot` report: games played of how many,
    /// its state, the tallies.
    pub fn report(&self) -> Option<String> {
        let run = self.run.as_ref()?;
        let p = run.shared.lock().ok()?;
        let (w, d, b) = p
            .tallies
            .as_ref()
            .map_or((0, 0, 0), |t| (t.white, t.draws, t.black));
        Some(format!(
            "balance: {}/{} games of {}, {}; white {w} draws {d} black {b}",
            p.played,
            p.total,
            run.level,
            run.state(&p)
        ))
    }
}

/// How many cores the machine has.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A run: its level's name, what its threads report, and the flag that stops them.
struct Run {
    level: String,
    shared: Arc<Mutex<Progress>>,
    stop: Arc<AtomicBool>,
    cancelled: bool,
}

/// What the run's threads report: the tallies so far, games played of how many, and
/// whether (and how) it ended.
#[derive(Default)]
struct Progress {
    tallies: Option<Tallies>,
    played: u64,
    total: u64,
    finished: bool,
    error: Option<String>,
}

impl Run {
    /// In a word: playing, cancelling, cancelled, done, or why it stopped.
    fn state(&self, p: &Progress) -> String {
        match (&p.error, p.finished, self.cancelled) {
            (Some(e), _, _) => format!("stopped: {e}"),
            (None, true, true) => "cancelled".to_string(),
            (None, true, false) => "done".to_string(),
            (None, false, true) => "cancelling".to_string(),
            (None, false, false) => "playing".to_string(),
        }
    }

    /// Starts a run of the level being played: a copy of its start, played on threads.
    fn start(
        settings: BalanceSettings,
        grid: Option<&GridMatch>,
        continuous: Option<&ContinuousMatch>,
        level: String,
    ) -> Option<Run> {
        let stop = Arc::new(AtomicBool::new(false));
        let settings = BalanceSettings {
            stop: Some(Arc::clone(&stop)),
            ..settings
        };
        let shared = Arc::new(Mutex::new(Progress::default()));
        let name = level.clone();
        match (continuous, grid) {
            (Some(m), _) => {
                let start = crate::continuous::Game::new(m.level.start.clone());
                spawn(
                    ContinuousContest,
                    start,
                    name,
                    settings,
                    Arc::clone(&shared),
                );
            }
            (None, Some(m)) => {
                let start = crate::grid::game::Game::new(
                    Arc::clone(&m.level.variant),
                    m.level.start.clone(),
                );
                let contest = GridContest::new(&m.level.variant);
                spawn(contest, start, name, settings, Arc::clone(&shared));
            }
            (None, None) => return None,
        }
        Some(Run {
            level,
            shared,
            stop,
            cancelled: false,
        })
    }
}

/// Plays the run on a thread of its own (which starts the players' threads), reporting
/// into `common`.
fn spawn<C>(
    contest: C,
    start: C::Game,
    level: String,
    settings: BalanceSettings,
    shared: Arc<Mutex<Progress>>,
) where
    C: Contest + Sync + Send + 'static,
    C::Game: Send + Sync + 'static,
{
    let kinds = contest.kinds(&start).0.len() as u64;
    let total = u64::from(settings.games) * if settings.values { 1 + kinds } else { 1 };
    if let Ok(mut p) = shared.lock() {
        p.total = total.max(1);
    }
    std::thread::spawn(move || {
        let result = run(&contest, &start, &level, &settings, |tallies, _left| {
            if let Ok(mut p) = shared.lock() {
                p.tallies = Some(tallies.clone());
                p.played += 1;
            }
        });
        if let Ok(mut p) = shared.lock() {
            match result {
                Ok(tallies) => p.tallies = Some(tallies),
                Err(e) => p.error = Some(e),
            }
            p.finished = true;
        }
    });
}

/// The Balance panel, while open.
fn lab_window(
    mut contexts: EguiContexts,
    mut lab: ResMut<Lab>,
    mut shown: ResMut<LabShown>,
    grid: Option<Res<GridMatch>>,
    continuous: Option<Res<ContinuousMatch>>,
    level: Option<Res<LevelName>>,
) -> Result {
    if !shown.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let lab = &mut *lab;
    let mut open = true;
    // What the run's threads have reported, read once a frame; the state in words too.
    let (tallies, played, total, finished, state) = match &lab.run {
        Some(run) => match run.shared.lock() {
            Ok(p) => (
                p.tallies.clone(),
                p.played,
                p.total,
                p.finished,
                run.state(&p),
            ),
            Err(_) => (None, 0, 1, true, "stopped".to_string()),
        },
        None => (None, 0, 1, true, String::new()),
    };
    let running = lab.run.is_some() && !finished;
    // New plots when more games are in, at most twice a second while the run goes on.
    let games_in = tallies.as_ref().map(|t| t.games);
    let now = ctx.input(|i| i.time);
    if games_in != lab.plotted
        && let Some(t) = &tallies
        && (finished || now - lab.plotted_at >= 0.5)
    {
        lab.plots = draw_plots(ctx, t);
        lab.plotted = games_in;
        lab.plotted_at = now;
    }
    egui::Window::new("Balance lab")
        .open(&mut open)
        .default_pos(egui::pos2(40.0, 40.0))
        .default_width(470.0)
        .vscroll(true)
        .show(ctx, |ui| {
            let name = level.as_ref().map_or(String::new(), |l| l.0.clone());
            ui.label(format!(
                "Engine against engine from the setup of {name}, with a little noise so \
                 that games differ."
            ));
            ui.add_enabled_ui(!running, |ui| {
                ui.horizontal(|ui| {
                    ui.label("Games:");
                    ui.add(egui::DragValue::new(&mut lab.games).range(1..=10_000));
                    ui.label("ms a move:");
                    ui.add(egui::DragValue::new(&mut lab.movetime_ms).range(1..=10_000));
                    ui.label("Threads:");
                    ui.add(egui::DragValue::new(&mut lab.jobs).range(1..=cores().max(1)));
                });
                ui.checkbox(
                    &mut lab.values,
                    "Also measure each piece's value (a side a piece short, per kind)",
                );
            });
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(!running, egui::Button::new("Start"))
                    .clicked()
                {
                    lab.started += 1;
                    let settings = BalanceSettings {
                        games: lab.games,
                        movetime: Duration::from_millis(lab.movetime_ms),
                        jobs: lab.jobs,
                        shard: (1, 1),
                        seed: lab.started,
                        max_plies: 300,
                        values: lab.values,
                        stop: None,
                        background: true,
                    };
                    lab.run = Run::start(settings, grid.as_deref(), continuous.as_deref(), name);
                    lab.plots.clear();
                    lab.plotted = None;
                }
                if ui
                    .add_enabled(running, egui::Button::new("Cancel"))
                    .clicked()
                    && let Some(run) = &mut lab.run
                {
                    run.stop.store(true, Ordering::Relaxed);
                    run.cancelled = true;
                }
            });
            if let Some(run) = &lab.run {
                let share = played as f32 / total.max(1) as f32;
                ui.add(
                    egui::ProgressBar::new(share)
                        .text(format!("{played}/{total} games of {}: {state}", run.level)),
                );
            }
            if let Some(t) = &tallies {
                for line in words(t) {
                    ui.monospace(line);
                }
            }
            for plot in &lab.plots {
                let size = plot.size_vec2();
                let room = ui.available_width().max(100.0);
                let scale = (room / size.x).min(1.0);
                ui.image((plot.id(), size * scale));
            }
        });
    if running {
        ctx.request_repaint_after(Duration::from_millis(250));
    }
    if !open {
        // Closing the panel ends its run: nothing plays where nobody looks.
        if let Some(run) = &lab.run {
            run.stop.store(true, Ordering::Relaxed);
        }
        shown.0 = false;
    }
    Ok(())
}

/// The run's plots as textures, drawn from the SVG that `balance --report` writes.
fn draw_plots(ctx: &egui::Context, tallies: &Tallies) -> Vec<egui::TextureHandle> {
    let Ok(svgs) = plots(tallies) else {
        return Vec::new();
    };
    let options = options_with_text();
    svgs.iter()
        .filter_map(|(file, svg)| {
            let (w, h, rgba) = render_svg(svg, &options).ok()?;
            let image = egui::ColorImage::from_rgba_unmultiplied([w as usize, h as usize], &rgba);
            Some(ctx.load_texture(
                format!("balance-{file}"),
                image,
                egui::TextureOptions::LINEAR,
            ))
        })
        .collect()
}
