//! The editor window: it opens the draft the files window asked for, then shows the level's
//! name, description and board size and the sections in order (or, as the position editor,
//! the setup alone), checks the draft after every change, and closes when asked.

use super::pieces::pieces_section;
use super::rules::rules_section;
use super::save::{save_section, status};
use super::setup::setup_section;
use super::state::{Editor, check};
use crate::ui::common::opening::Pending;
use crate::ui::common::requests::EditorRequest;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::path::Path;

/// The editor window, while a draft is open; a draft asked for is opened first.
pub(super) fn editor_window(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    mut request: ResMut<EditorRequest>,
    mut pending: ResMut<Pending>,
) -> Result {
    if let Some(opening) = request.take() {
        editor.open(opening.draft, &opening.path);
        editor.setting_up = opening.setting_up;
    }
    if editor.draft.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let said = &mut request.said;
    // The position editor is the setup alone, under its own title (and so its own
    // remembered layout).
    let title = if editor.setting_up {
        "Position editor"
    } else {
        "Level editor"
    };
    egui::Window::new(title)
        .open(&mut open)
        .default_pos(egui::pos2(16.0, 16.0))
        .default_size(egui::vec2(470.0, 700.0))
        .vscroll(true)
        .show(ctx, |ui| {
            let editor = &mut *editor;
            let changed = if editor.setting_up {
                setup_section(ui, editor, &mut pending, said)
            } else {
                let mut changed = level_section(ui, editor);
                changed |= pieces_section(ui, editor);
                changed |= setup_section(ui, editor, &mut pending, said);
                changed | rules_section(ui, editor)
            };
            if changed && let Some(draft) = &editor.draft {
                editor.checked = Some(check(draft, Path::new(&editor.path)));
            }
            ui.separator();
            if editor.setting_up {
                status(ui, editor, said);
            } else {
                save_section(ui, editor, &mut pending, said);
            }
        });
    if !open || editor.close {
        editor.draft = None;
        request.closed();
    }
    Ok(())
}

/// Name, description and board size. True if the draft changed.
fn level_section(ui: &mut egui::Ui, editor: &mut Editor) -> bool {
    let Some(draft) = editor.draft.as_mut() else {
        return false;
    };
    let mut changed = false;
    egui::CollapsingHeader::new("Level")
        .default_open(true)
        .show(ui, |ui| {
            let mut name = draft.name();
            ui.horizontal(|ui| {
                ui.label("Name:");
                if ui.text_edit_singleline(&mut name).changed() {
                    draft.set_name(&name);
                    changed = true;
                }
            });
            let mut description = draft.description();
            ui.label("Description:");
            if ui
                .add(egui::TextEdit::multiline(&mut description).desired_rows(2))
                .changed()
            {
                draft.set_description(&description);
                changed = true;
            }
            let mode = if draft.is_continuous() {
                "continuous"
            } else {
                "grid"
            };
            let (mut files, mut ranks) = draft.board();
            ui.horizontal(|ui| {
                ui.label(format!("Mode: {mode}. Board:"));
                let f = ui.add(egui::DragValue::new(&mut files).range(1..=26));
                ui.label("×");
                let r = ui.add(egui::DragValue::new(&mut ranks).range(1..=26));
                if f.changed() || r.changed() {
                    draft.set_board(files, ranks);
                    editor.board.resize(files as usize, ranks as usize);
                    editor.board.write(draft);
                    changed = true;
                }
            });
        });
    changed
}
