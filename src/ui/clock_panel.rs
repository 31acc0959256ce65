//! The clocks as the window draws them, both modes: both sides' time shown large in the panel, the
//! running one marked and low time in red; the time control chosen in the panel; the
//! clocks held until the window draws; and frames often enough for a running clock to
//! tick and to fall. The clock itself is `sim::match_clock` (the match's) over `clock` (a side's
//! time).

use crate::clock::{TimeControl, clock_face};
use crate::play::Color as Side;
use crate::sim::match_clock::MatchClock;
use bevy::prelude::*;
use bevy_egui::egui;
use std::time::Duration;

/// Holds the clocks until the window is ready. (An interactive window also adds
/// [`tick_while_running`].)
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, hold_clocks)
        .add_systems(Last, release_clocks);
}

/// The controls offered in the panel, beside Untimed and a typed one.
const OFFERED: [&str; 7] = ["1+0", "3+0", "3+2", "5+3", "10+5", "15+10", "30+0"];

/// How often a window with a running clock draws at least (a tenth of a second: the
/// clock shows tenths below ten seconds).
const TICK: Duration = Duration::from_millis(100);

/// Frames the window draws before the clocks run: the first ones may take seconds while
/// the renderer starts.
const HELD_FRAMES: u32 = 10;

/// No time runs while the window starts.
fn hold_clocks(mut clock: ResMut<MatchClock>) {
    clock.held = true;
}

/// Lets the clocks run once the window has drawn its first frames and compiled its
/// pipelines.
fn release_clocks(
    mut clock: ResMut<MatchClock>,
    compiling: Option<Res<super::idle::Compiling>>,
    mut frames: Local<u32>,
) {
    if !clock.held {
        return;
    }
    *frames += 1;
    if *frames >= HELD_FRAMES && !compiling.is_some_and(|c| c.now()) {
        clock.held = false;
    }
}

/// A window that waits for events wakes every [`TICK`] while a clock runs.
pub(super) fn tick_while_running(
    clock: Res<MatchClock>,
    settings: Option<ResMut<bevy::winit::WinitSettings>>,
) {
    use bevy::winit::UpdateMode;
    let Some(mut settings) = settings else {
        return;
    };
    let running = clock.clock.as_ref().is_some_and(|c| c.running().is_some());
    let wanted = if running {
        bevy::winit::WinitSettings {
            focused_mode: UpdateMode::reactive_low_power(TICK),
            unfocused_mode: UpdateMode::reactive_low_power(TICK),
        }
    } else {
        super::idle::settings()
    };
    if settings.focused_mode != wanted.focused_mode {
        *settings = wanted;
    }
}

/// Whether `left` is low: under a tenth of the control's base time, or twenty seconds.
fn low(left: Duration, control: TimeControl) -> bool {
    left < (control.base / 10).min(Duration::from_secs(20))
}

/// Both clocks, large: the side at the top of the board first, the running one framed,
/// a low one in red. Nothing in an untimed game.
pub(super) fn clock_faces(ui: &mut egui::Ui, clock: &MatchClock, now: Duration, flipped: bool) {
    let Some(c) = &clock.clock else {
        return;
    };
    let order = if flipped {
        [Side::White, Side::Black]
    } else {
        [Side::Black, Side::White]
    };
    for side in order {
        let left = c.left(side, now);
        let running = c.running() == Some(side);
        let colour = if left.is_zero() || low(left, c.control()) {
            egui::Color32::from_rgb(235, 80, 60)
        } else if running {
            egui::Color32::from_rgb(240, 240, 240)
        } else {
            egui::Color32::from_rgb(150, 150, 150)
        };
        let frame = egui::Frame::group(ui.style()).stroke(if running {
            egui::Stroke::new(2.0, egui::Color32::from_rgb(110, 190, 110))
        } else {
            egui::Stroke::new(1.0, egui::Color32::from_gray(70))
        });
        frame.show(ui, |ui| {
            ui.set_min_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(side.name()).size(16.0).color(colour));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(
                        egui::RichText::new(clock_face(left))
                            .monospace()
                            .size(28.0)
                            .color(colour),
                    );
                    if running {
                        ui.label(egui::RichText::new("⏵").size(18.0).color(colour));
                    }
                });
            });
        });
    }
}

/// What the control chooser holds between frames: the text of a typed control and what
/// it said.
#[derive(Default)]
pub(super) struct Typed {
    text: String,
    said: String,
}

/// The time control chooser: Untimed, the offered ones, or one typed as MIN+INC. A choice
/// gives both sides the new control's full time.
pub(super) fn control_choice(ui: &mut egui::Ui, clock: &mut MatchClock, typed: &mut Typed) {
    let current = clock.clock.as_ref().map(|c| c.control());
    let shown = current.map_or("Untimed".to_string(), |c| c.to_string());
    let mut chosen: Option<Option<TimeControl>> = None;
    ui.horizontal(|ui| {
        ui.label("Clock:");
        egui::ComboBox::from_id_salt("time control")
            .selected_text(shown)
            .width(80.0)
            .show_ui(ui, |ui| {
                if ui.selectable_label(current.is_none(), "Untimed").clicked() {
                    chosen = Some(None);
                }
                for text in OFFERED {
                    let control: Option<TimeControl> = text.parse().ok();
                    if ui.selectable_label(current == control, text).clicked() {
                        chosen = Some(control);
                    }
                }
            });
        let field = ui.add(
            egui::TextEdit::singleline(&mut typed.text)
                .hint_text("MIN+INC")
                .desired_width(64.0),
        );
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Set").clicked() || entered) && !typed.text.trim().is_empty() {
            match typed.text.parse::<TimeControl>() {
                Ok(control) => {
                    chosen = Some(Some(control));
                    typed.said.clear();
                }
                Err(e) => typed.said = e.to_string(),
            }
        }
    });
    if !typed.said.is_empty() {
        ui.colored_label(egui::Color32::from_rgb(200, 60, 40), &typed.said);
    }
    if let Some(control) = chosen {
        clock.set_control(control);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_time_is_a_tenth_of_the_base_or_twenty_seconds() {
        let blitz: TimeControl = "5+3".parse().expect("a control");
        assert!(low(Duration::from_secs(19), blitz));
        assert!(!low(Duration::from_secs(21), blitz));
        let bullet: TimeControl = "0.5+0".parse().expect("a control");
        assert!(low(Duration::from_secs(2), bullet));
        assert!(!low(Duration::from_secs(4), bullet));
    }

    #[test]
    fn every_offered_control_reads() {
        for text in OFFERED {
            let control: TimeControl = text.parse().expect(text);
            assert_eq!(control.to_string(), text);
        }
    }
}
