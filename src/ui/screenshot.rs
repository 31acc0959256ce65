//! `play --screenshot`: draw some frames, save the window as a PNG through Bevy's screenshot
//! API, report on stderr the frame times, how the game stands and how long each computer
//! move took, and exit.

use super::drive;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use std::path::PathBuf;

/// Adds the screenshot to `app`: after `frames` frames, or a few after a `--drive` script.
pub(super) struct ScreenshotPlugin {
    /// Where to save the window.
    pub path: PathBuf,
    /// How many frames to draw first.
    pub frames: u32,
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ScreenshotPlan {
            path: self.path.clone(),
            frames: self.frames,
        })
        .init_resource::<FrameTimes>()
        .init_resource::<Memory>()
        .add_systems(
            Last,
            (record_frame_time, note_memory, take_screenshot).chain(),
        );
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

/// The process's resident memory after the first frames (when everything is loaded and
/// the shaders compiled), reported beside the memory at the end.
#[derive(Resource, Default)]
struct Memory {
    frames: u32,
    early: Option<u64>,
}

/// How many frames are drawn before the first reading of the memory.
const MEMORY_AFTER: u32 = 120;

/// The resident set size in KiB, where the system tells it (Linux's `/proc`).
fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn note_memory(mut memory: ResMut<Memory>) {
    memory.frames += 1;
    if memory.frames == MEMORY_AFTER {
        memory.early = resident_kib();
    }
}

/// Times frames by the wall clock (a `--drive` script sets the app's clock to a fixed step).
fn record_frame_time(
    mut times: ResMut<FrameTimes>,
    mut seen: Local<u32>,
    mut last: Local<Option<std::time::Instant>>,
) {
    let now = std::time::Instant::now();
    *seen += 1;
    if *seen > 10
        && let Some(last) = *last
    {
        times.0.push((now - last).as_secs_f32());
    }
    *last = Some(now);
}

/// A frame this much longer than 1/60 s has missed its turn at 60 frames a second (on
/// time, frames paced by the display vary by a few tenths of a millisecond).
const LATE: f32 = 1.1 / 60.0;

impl FrameTimes {
    /// `N frames: mean M ms, median D ms, 95th percentile P ms, slowest S ms; K late`, where
    /// late is over [`LATE`].
    fn report(&self) -> String {
        let n = self.0.len();
        if n == 0 {
            return "no frames timed".to_string();
        }
        let mut sorted = self.0.clone();
        sorted.sort_by(f32::total_cmp);
        let mean = sorted.iter().sum::<f32>() / n as f32;
        // The nearest-rank percentile: the smallest time at least `p` of the frames keep to.
        let rank = |p: f32| sorted[((p * n as f32).ceil() as usize).clamp(1, n) - 1];
        let late = sorted.iter().filter(|&&t| t > LATE).count();
        format!(
            "{n} frames: mean {:.1} ms, median {:.1} ms, 95th percentile {:.1} ms, slowest {:.1} ms; {late} late (over {:.1} ms)",
            mean * 1e3,
            rank(0.5) * 1e3,
            rank(0.95) * 1e3,
            sorted[n - 1] * 1e3,
            LATE * 1e3,
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
              current: crate::sim::CurrentGame,
              computer: Res<crate::sim::computer::Computer>,
              memory: Res<Memory>,
              lab: Option<Res<super::balance_window::Lab>>,
              analysis: Option<Res<crate::sim::analysis::Analysis>>,
              mut exit: MessageWriter<AppExit>| {
            eprintln!("areachess: {}", times.report());
            if let (Some(early), Some(now)) = (memory.early, resident_kib()) {
                eprintln!(
                    "areachess: memory: {} MiB resident after {MEMORY_AFTER} frames, {} MiB at the end",
                    early / 1024,
                    now / 1024
                );
            }
            if let Some(game) = current.game() {
                eprintln!(
                    "areachess: game: {} after {} moves",
                    game.describe(),
                    game.moves_played()
                );
            }
            if !computer.answers.is_empty() {
                let answers: Vec<String> = computer
                    .answers
                    .iter()
                    .map(|(side, time)| format!("{side} {:.2}", time.as_secs_f64()))
                    .collect();
                eprintln!("areachess: computer answers (s): {}", answers.join(", "));
            }
            if let Some(line) = lab.and_then(|lab| lab.report()) {
                eprintln!("areachess: {line}");
            }
            for thought in analysis
                .iter()
                .filter(|analysis| analysis.on)
                .flat_map(|analysis| analysis.lines_found())
            {
                eprintln!("areachess: analysis: depth {}: {}", thought.depth, thought.line);
            }
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

#[cfg(test)]
mod tests {
    use super::FrameTimes;

    #[test]
    fn the_report_gives_the_spread_and_the_late_frames() {
        // Twenty frames: 17 of 10 ms, one of 18 ms (on time), one of 20 ms, one of 40 ms.
        let mut times = vec![0.010; 17];
        times.push(0.018);
        times.extend([0.020, 0.040]);
        let report = FrameTimes(times).report();
        assert_eq!(
            report,
            "20 frames: mean 12.4 ms, median 10.0 ms, 95th percentile 20.0 ms, slowest 40.0 ms; 2 late (over 18.3 ms)"
        );
        assert_eq!(FrameTimes(Vec::new()).report(), "no frames timed");
    }
}
