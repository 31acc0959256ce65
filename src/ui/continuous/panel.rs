//! The side panel (status, commands, the move list) and the promotion dialog.

use super::super::Mode;
use super::super::{Choice, Flipped, LevelName, match_controls, promotion_choice, side_panel};
use super::{Feedback, Selection, ShowThreats, continuous_status};
use crate::continuous::notation::format_applied_brief;
use crate::continuous::{Kind, Request};
use crate::sim::{Match, MatchCommand, MoveRequest};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, promotion_dialog).in_set(Mode::Continuous),
    );
}

#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: one parameter per resource"
)]
fn panel(
    mut contexts: EguiContexts,
    state: Res<Match>,
    name: Res<LevelName>,
    feedback: Res<Feedback>,
    mut threats: ResMut<ShowThreats>,
    mut flipped: ResMut<Flipped>,
    mut inspected: ResMut<super::inspect::Inspected>,
    mut commands: MessageWriter<MatchCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    side_panel(ctx, "match", &name.0, |ui| {
        let game = &state.game;
        let flip = |ui: &mut egui::Ui| {
            if ui.button("Flip board").clicked() {
                flipped.0 = !flipped.0;
            }
        };
        if let Some(command) = match_controls(ui, &continuous_status(game), &feedback.0, flip) {
            commands.write(command);
        }
        ui.checkbox(&mut threats.0, "Show the enemy's capture areas");
        ui.collapsing("Pieces (click one to inspect it)", |ui| {
            ui.horizontal_wrapped(|ui| {
                for kind in Kind::ALL {
                    if ui.button(kind.name()).clicked() {
                        inspected.toggle(kind, &state.level.board);
                    }
                }
            });
        });
        ui.separator();
        ui.label("Click a piece, then click where it should go. Right click or Esc drops it. Ctrl+Z / Ctrl+Y undo and redo; F flips the board.");
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            let board = game.position().board();
            for (n, played) in game.played().iter().enumerate() {
                ui.monospace(format!(
                    "{:>3}. {}",
                    n + 1,
                    format_applied_brief(board, &played.applied)
                ));
            }
        });
    });
    Ok(())
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
    let choices: Vec<(String, Kind)> = state
        .level
        .board
        .promotion
        .iter()
        .map(|&kind| (kind.name().to_string(), kind))
        .collect();
    match promotion_choice(ctx, &choices) {
        Choice::Chose(kind) => {
            requests.write(MoveRequest(Request {
                from,
                to,
                promotion: Some(kind),
            }));
            selection.promotion = None;
        }
        Choice::Cancelled => selection.promotion = None,
        Choice::Waiting => {}
    }
    Ok(())
}
