//! The continuous piece inspector: a window with a kind's name, its rules in words with
//! this level's lengths, and its movement and capture areas drawn for a piece of that kind
//! alone in the middle of the board (the sketch and the words are `ui::common::sketch`'s,
//! which the level editor shows too).

use crate::continuous::{Board, Kind};
use crate::sim::{ContinuousMatch, GameMode};
use crate::ui::common::sketch::{CAPTURES, Sketch, draw, sketch, words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Inspected>().add_systems(
        EguiPrimaryContextPass,
        inspector_window.run_if(in_state(GameMode::Continuous)),
    );
}

/// The kind the inspector shows, and its sketch (made once per choice).
#[derive(Resource, Default)]
pub(super) struct Inspected(Option<(Kind, Sketch)>);

impl Inspected {
    /// Shows `kind` (or hides the inspector if it is already shown).
    pub(super) fn toggle(&mut self, kind: Kind, board: &Arc<Board>) {
        self.0 = match &self.0 {
            Some((shown, _)) if *shown == kind => None,
            _ => sketch(board, kind).map(|s| (kind, s)),
        };
    }
}

/// The inspector window.
fn inspector_window(
    mut contexts: EguiContexts,
    state: Res<ContinuousMatch>,
    mut inspected: ResMut<Inspected>,
) -> Result {
    let Some((kind, sketch)) = inspected.0.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let board = state.level.board.clone();
    let mut open = true;
    let mut name = board.name_of(*kind).chars();
    let title: String = name
        .next()
        .into_iter()
        .flat_map(char::to_uppercase)
        .chain(name)
        .collect();
    egui::Window::new(title)
        .open(&mut open)
        .default_pos(egui::pos2(20.0, 20.0))
        .default_width(300.0)
        .resizable(false)
        .show(ctx, |ui| {
            for line in words(&board, *kind) {
                ui.label(line);
            }
            draw(ui, &board, sketch);
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(
                    egui::Color32::from_rgb(30, 70, 160),
                    "blue: it may move here",
                );
                ui.colored_label(CAPTURES, "red outline: it captures what touches this");
            });
        });
    if !open {
        inspected.0 = None;
    }
    Ok(())
}
