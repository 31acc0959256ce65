//! The side panel (status, commands, the pieces for the inspector, the move list) and the
//! promotion dialog.

use super::super::Flipped;
use super::super::Mode;
use super::super::{Choice, LevelName, inspect, match_controls, promotion_choice, side_panel};
use super::{Pick, Said, grid_status};
use crate::sim::{GridMatch, GridMoveRequest, MatchCommand};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, promotion_dialog, inspect::inspector_window).in_set(Mode::Grid),
    );
}

/// The side panel: status, commands, the pieces, the move list.
#[allow(clippy::too_many_arguments)]
fn panel(
    mut contexts: EguiContexts,
    state: Res<GridMatch>,
    name: Res<LevelName>,
    said: Res<Said>,
    mut flipped: ResMut<Flipped>,
    mut pick: ResMut<Pick>,
    mut inspector: ResMut<inspect::Inspector>,
    mut commands: MessageWriter<MatchCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    side_panel(ctx, "grid match", &name.0, |ui| {
        let game = &state.game;
        let flip = |ui: &mut egui::Ui| {
            if ui.button("Flip board").clicked() {
                flipped.0 = !flipped.0;
            }
        };
        if let Some(command) = match_controls(ui, &grid_status(&state), &said.0, flip) {
            commands.write(command);
            *pick = Pick::default();
        }
        ui.collapsing("Pieces (click one to inspect it)", |ui| {
            ui.horizontal_wrapped(|ui| {
                for (t, piece) in state.level.variant.types.iter().enumerate() {
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
        ui.separator();
        ui.label("Click a piece, then one of its marked squares (rings: captures). Right click or Esc drops it. Ctrl+Z / Ctrl+Y undo and redo; F flips the board.");
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            let texts = game.move_texts();
            let first_black = game.start().to_move() == 1;
            let mut number = game.start().fullmove();
            let mut k = 0;
            while k < texts.len() {
                let line = if k == 0 && first_black {
                    k += 1;
                    format!("{number:>3}. ...  {}", texts[0])
                } else {
                    let white = &texts[k];
                    let black = texts.get(k + 1).map_or("", String::as_str);
                    k += 2;
                    format!("{number:>3}. {white:<7} {black}")
                };
                ui.monospace(line);
                number += 1;
            }
        });
    });
    Ok(())
}

/// The promotion choice: the level's choices, and "no promotion" where it is optional.
fn promotion_dialog(
    mut contexts: EguiContexts,
    state: Res<GridMatch>,
    mut pick: ResMut<Pick>,
    mut requests: MessageWriter<GridMoveRequest>,
) -> Result {
    let Some((from, to, choices)) = pick.promotion.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let labelled: Vec<(String, Option<u8>)> = choices
        .iter()
        .map(|&choice| {
            let label = match choice {
                Some(t) => state.level.variant.types[usize::from(t)].name.clone(),
                None => "No promotion".to_string(),
            };
            (label, choice)
        })
        .collect();
    match promotion_choice(ctx, &labelled) {
        Choice::Chose(promotion) => {
            requests.write(GridMoveRequest {
                from,
                to,
                promotion,
            });
            *pick = Pick::default();
        }
        Choice::Cancelled => *pick = Pick::default(),
        Choice::Waiting => {}
    }
    Ok(())
}
