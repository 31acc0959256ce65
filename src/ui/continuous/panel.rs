//! The side panel: the shared status, commands and move list, with the capture-area switch
//! and the kinds to inspect.

use super::pick::ShowThreats;
use crate::sim::{ContinuousMatch, GameMode, MatchCommand};
use crate::ui::common::level::LevelName;
use crate::ui::common::look::Flipped;
use crate::ui::flow::{Said, SeatsParam, match_panel, side_panel};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        panel.run_if(in_state(GameMode::Continuous)),
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
    mut seats: SeatsParam,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    side_panel(ctx, &name.0, |ui| {
        let extras = |ui: &mut bevy_egui::egui::Ui| {
            ui.checkbox(&mut threats.0, "Show the enemy's capture areas");
            ui.collapsing("Pieces (click one to inspect it)", |ui| {
                ui.horizontal_wrapped(|ui| {
                    let board = &state.level.board;
                    for spec in &board.kinds {
                        if ui.button(&spec.name).clicked() {
                            inspected.toggle(spec.kind, board);
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
