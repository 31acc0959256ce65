//! The side panel (status, commands, the pieces for the inspector, the move list) and the
//! promotion dialog.

use super::super::flow::{Said, SeatsParam, match_panel, side_panel};
use super::super::{Flipped, LevelName, inspect};
use crate::sim::{GameMode, GridMatch, MatchCommand};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, inspect::inspector_window).run_if(in_state(GameMode::Grid)),
    );
}

/// How to play, under the buttons.
const HELP: &str = "Click a piece, then one of its marked squares (rings: captures). Right click or Esc drops it. Ctrl+Z / Ctrl+Y undo and redo; F flips the board.";

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
) -> Result {
    let ctx = contexts.ctx_mut()?;
    side_panel(ctx, &name.0, |ui| {
        let extras = |ui: &mut egui::Ui| {
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
