//! The side panel (status, commands, the pieces for the inspector, the move list) and the
//! promotion dialog.

use super::inspect;
use super::pick::Pick;
use crate::play::{Color, Status};
use crate::sim::{GameMode, GridMatch, MatchCommand};
use crate::ui::common::level::LevelName;
use crate::ui::common::look::Flipped;
use crate::ui::flow::{Said, SeatsParam, match_panel, side_panel};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, inspect::inspector_window).run_if(in_state(GameMode::Grid)),
    );
}

/// The pieces each side holds in hand (drops): a button per type, which the side to move
/// clicks (then a marked square) or drags onto a marked square to drop it.
fn hands(ui: &mut egui::Ui, state: &GridMatch, pick: &mut Pick) {
    let v = &state.level.variant;
    let game = &state.game;
    let pos = game.position();
    ui.label("In hand (click or drag one onto a marked square):");
    for side in Color::BOTH {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}:", side.name()));
            let mut empty = true;
            for role in v.roles() {
                let n = pos.in_hand(side, role);
                if n == 0 {
                    continue;
                }
                empty = false;
                let mine = side == pos.to_move() && game.status() == Status::Playing;
                let button = egui::Button::new(format!("{} ×{n}", v[role].name))
                    .selected(mine && pick.drop == Some(role))
                    .sense(egui::Sense::click_and_drag());
                let r = ui.add_enabled(mine, button);
                if r.clicked() || r.drag_started() {
                    let moves: Vec<_> = game
                        .legal_moves()
                        .into_iter()
                        .filter(|m| m.dropped() == Some(role))
                        .collect();
                    *pick = Pick {
                        drop: Some(role),
                        moves,
                        ..Pick::default()
                    };
                }
            }
            if empty {
                ui.label("nothing");
            }
        });
    }
}

/// The level's own goals in words, with where the game stands toward them: the checks
/// each side has still to give, the flag, extinction, forced captures, draw odds.
fn goals(ui: &mut egui::Ui, state: &GridMatch) {
    let v = &state.level.variant;
    let g = &v.goals;
    let pos = state.game.position();
    if let Some(n) = g.checks {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(format!("{n} checks win —")).strong());
            for side in Color::BOTH {
                let left = pos.checks_left(side);
                ui.label(
                    egui::RichText::new(format!("{}: {left} to give", side.name()))
                        .size(16.0)
                        .strong(),
                );
            }
        });
    }
    for line in goal_lines(v) {
        ui.label(line);
    }
}

/// The goals other than n-check's counts, a line each.
pub(crate) fn goal_lines(v: &crate::grid::Variant) -> Vec<String> {
    use crate::grid::rules::Outcome;
    let g = &v.goals;
    let mut lines = Vec::new();
    let names = |roles: &[crate::grid::Role]| {
        roles
            .iter()
            .map(|&r| v[r].name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(flag) = &g.flag {
        let mut line = format!(
            "Flag: a {} reaching its side's marked squares wins",
            v[flag.piece].name
        );
        if flag.answer {
            line.push_str(" (Black may answer White's arrival; both there draw)");
        }
        lines.push(line);
    }
    if let Some(e) = &g.extinction {
        let what = if e.types.is_empty() {
            "pieces".to_string()
        } else {
            names(&e.types)
        };
        let verb = match e.outcome {
            Outcome::Loss => "loses",
            Outcome::Win => "wins",
            Outcome::Draw => "draws",
        };
        lines.push(if e.left == 0 {
            format!("Extinction: a side with no {what} left {verb}")
        } else {
            format!(
                "Extinction: a side with at most {} of its {what} {verb}",
                e.left
            )
        });
    }
    if g.checkmate == Outcome::Win {
        lines.push("Checkmate: the side mated wins".into());
    }
    if g.must_capture {
        lines.push("Captures are compulsory".into());
    }
    if g.no_checks {
        lines.push("No move may give check".into());
    }
    if let Some(ex) = &v.explosions {
        let mut line = "Captures explode: the taker and every piece around go".to_string();
        if !ex.spares.is_empty() {
            line.push_str(&format!(" (beside it, {} stay)", names(&ex.spares)));
        }
        if !ex.immune.is_empty() {
            line.push_str(&format!("; {} never go", names(&ex.immune)));
        }
        lines.push(line);
    }
    if let Some(side) = g.draw_odds {
        lines.push(format!(
            "Draw odds: every draw is a win for {}",
            side.name()
        ));
    }
    lines
}

/// How to play, under the buttons.
const HELP: &str = "Click a piece, then one of its marked squares (rings: captures); where a move leaves a wall, then the square for the wall. Right click or Esc drops it. Ctrl+Z / Ctrl+Y undo and redo; F flips the board.";

/// The side panel: the shared status, commands and move list, with the piece types to
/// inspect.
#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: one parameter per resource"
)]
fn panel(
    mut contexts: EguiContexts,
    state: Res<GridMatch>,
    name: Res<LevelName>,
    said: Res<Said>,
    mut flipped: ResMut<Flipped>,
    mut inspector: ResMut<inspect::Inspector>,
    mut commands: MessageWriter<MatchCommand>,
    mut seats: SeatsParam,
    mut pick: ResMut<Pick>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    side_panel(ctx, &name.0, |ui| {
        let extras = |ui: &mut egui::Ui| {
            goals(ui, &state);
            if state.level.variant.drops {
                hands(ui, &state, &mut pick);
            }
            ui.collapsing("Pieces (click one to inspect it)", |ui| {
                ui.horizontal_wrapped(|ui| {
                    let v = &state.level.variant;
                    for (t, piece) in v.roles().map(|t| (t, &v[t])) {
                        if ui
                            .button(&piece.name)
                            .on_hover_text(piece.betza.to_string())
                            .clicked()
                        {
                            inspector.toggle(t, piece);
                        }
                    }
                });
            });
        };
        if let Some(command) = match_panel(
            ui,
            &state.game,
            &said,
            &mut flipped,
            seats.of(&state.game),
            HELP,
            extras,
        ) {
            commands.write(command);
        }
    });
    Ok(())
}
