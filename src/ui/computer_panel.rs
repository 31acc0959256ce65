//! The computer in the window, both modes: the panel's seats (Human or Computer and a
//! strength for each side), Hint, Pause and Step, what the computer is thinking, and the
//! hint's arrow on the board. The computer itself is `sim::computer`; this module only
//! sets what it is asked and shows what it says.

use super::common::demo::Demo;
use super::common::score::score_words;
use super::common::stage::Stage;
use crate::play::{Color as Side, Play, Seat, Strength};
use crate::sim::computer::{Computer, Purpose, Wake};
use crate::sim::{GameMode, Players};
use bevy::prelude::*;
use bevy_egui::egui;

/// Wakes the window from the thinking thread; draws the hint; seats people at a
/// demonstration.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, install_wake).add_systems(
        Update,
        (
            people_watch_demonstrations,
            draw_hint.in_set(Stage::Overlays),
        )
            .run_if(not(in_state(GameMode::Closed))),
    );
}

/// Lets the thinking thread wake the window, which otherwise waits for input.
fn install_wake(mut commands: Commands, proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    if let Some(proxy) = proxy {
        let proxy = std::sync::Mutex::new((**proxy).clone());
        commands.insert_resource(Wake(std::sync::Arc::new(move || {
            if let Ok(proxy) = proxy.lock() {
                // Refused only once the window has closed, when nobody waits for it.
                let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
            }
        })));
    }
}

/// A demonstration is watched, not played: showing one seats people at both sides, so the
/// computer neither answers its moves nor skips them when stepping.
fn people_watch_demonstrations(demo: Option<Res<Demo>>, mut players: ResMut<Players>) {
    if demo.is_some_and(|d| d.is_changed() && d.showing()) && *players != Players::default() {
        *players = Players::default();
    }
}

/// The hint's arrow, from the piece to where the engine would move it.
fn draw_hint(mut gizmos: Gizmos, computer: Res<Computer>) {
    if let Some(hint) = &computer.hint {
        let colour = Color::srgb(0.95, 0.5, 0.1);
        gizmos.arrow_2d(hint.from, hint.to, colour);
    }
}

/// The panel's section on who plays: each side Human or Computer with its strength, then
/// what the computer is doing, Hint, and Pause and Step when a computer plays.
pub(super) fn seats_section(
    ui: &mut egui::Ui,
    game: &dyn Play,
    players: &mut Players,
    computer: &mut Computer,
    timed: bool,
) {
    ui.separator();
    for side in Side::BOTH {
        ui.horizontal(|ui| {
            ui.label(format!("{}:", side.name()));
            let seat = players.of(side);
            let mut human = seat == Seat::Human;
            if ui.selectable_label(human, "Human").clicked() {
                human = true;
            }
            if ui.selectable_label(!human, "Computer").clicked() {
                human = false;
            }
            let strength = match seat {
                Seat::Computer(s) => s,
                Seat::Human => Strength::DEFAULT,
            };
            let wanted = if human {
                Seat::Human
            } else {
                let mut n = strength.get();
                ui.spacing_mut().slider_width = 56.0;
                ui.add(egui::Slider::new(
                    &mut n,
                    Strength::MIN.get()..=Strength::MAX.get(),
                ))
                .on_hover_text("Strength: 1, a beginner can win; 5, the longest think");
                Seat::Computer(Strength::new(n).unwrap_or(strength))
            };
            if wanted != seat {
                *players.of_mut(side) = wanted;
            }
        });
    }
    let over = game.status().is_over();
    ui.horizontal(|ui| {
        let person_to_move = !over && players.human_to_move(game);
        let asking = computer.hint_asked
            || computer
                .thinking
                .as_ref()
                .is_some_and(|t| t.purpose == Purpose::Hint);
        if ui
            .add_enabled(person_to_move && !asking, egui::Button::new("Hint"))
            .on_hover_text("The computer's suggestion for your move, drawn as an arrow")
            .clicked()
        {
            computer.hint_asked = true;
        }
        let computers = players.white.is_computer() || players.black.is_computer();
        if computers || timed {
            let label = if computer.paused { "Resume" } else { "Pause" };
            if ui
                .button(label)
                .on_hover_text("Holds the game: the clocks stop and the computer waits")
                .clicked()
            {
                computer.paused = !computer.paused;
                computer.step = false;
            }
            if computers
                && ui
                    .add_enabled(computer.paused && !over, egui::Button::new("Step"))
                    .on_hover_text("While paused: let the computer play one move")
                    .clicked()
            {
                computer.step = true;
            }
        }
    });
    if let Some(thinking) = &computer.thinking {
        let who = match thinking.purpose {
            Purpose::Move => format!("{} is thinking", thinking.side.name()),
            Purpose::Hint => "Looking for a hint".to_string(),
        };
        let thought = thinking.thought().map_or(String::new(), |t| {
            format!(
                " — depth {}, {}, {}",
                t.depth,
                score_words(t.score, thinking.side),
                t.line
            )
        });
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(format!("{who}{thought}"));
        });
    } else if let Some(hint) = &computer.hint {
        ui.colored_label(
            egui::Color32::from_rgb(170, 110, 230),
            format!("Hint: {}", hint.text),
        );
    } else if computer.paused && (players.white.is_computer() || players.black.is_computer()) {
        ui.label("Paused: Resume, or Step one move.");
    } else if computer.paused && timed {
        ui.label("Paused: the clocks are stopped.");
    }
    if !computer.said.is_empty() {
        ui.colored_label(egui::Color32::from_rgb(200, 60, 40), &computer.said);
    }
}
