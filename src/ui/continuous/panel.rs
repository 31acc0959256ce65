//! The side panel (the shared status, commands and move list, with the capture-area switch
//! and the kinds to inspect) and the promotion dialog.

use super::super::Flipped;
use super::super::LevelName;
use super::super::flow::{Choice, Said, match_panel, promotion_choice, side_panel};
use super::{Pick, ShowThreats};
use crate::continuous::{Kind, Request};
use crate::sim::{ContinuousMatch, GameMode, MatchCommand, MoveRequest};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, promotion_dialog).run_if(in_state(GameMode::Continuous)),
    );
}

/// How to play, under the buttons.
const HELP: &str = "Click a piece, then click where it should go. Right click or Esc drops it. Ctrl+Z / Ctrl+Y undo and redo; F flips the board.";

#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: one parameter per resource"
)]
fn panel(
    mut contexts: EguiContexts,
    state: Res<ContinuousMatch>,
    name: Res<LevelName>,
    said: Res<Said>,
    mut threats: ResMut<ShowThreats>,
    mut flipped: ResMut<Flipped>,
    mut inspected: ResMut<super::inspect::Inspected>,
    mut commands: MessageWriter<MatchCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    side_panel(ctx, &name.0, |ui| {
        let extras = |ui: &mut bevy_egui::egui::Ui| {
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
        };
        if let Some(command) = match_panel(ui, &state.game, &said, &mut flipped, HELP, extras) {
            commands.write(command);
        }
    });
    Ok(())
}

/// The promotion choice: the level's promotion pieces.
fn promotion_dialog(
    mut contexts: EguiContexts,
    state: Res<ContinuousMatch>,
    mut selection: ResMut<Pick>,
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
