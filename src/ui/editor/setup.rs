//! The setup section: the palette of pieces (the level's, as it last read), the board of
//! letters to click or drag on, the side to move and the castling rights, the FEN or POS,
//! and Play from this position.

use super::setup_board::{Carried, SetupBoard};
use super::state::Editor;
use crate::level::draft::Draft;
use crate::level::{Level, LevelKind};
use crate::ui::common::opening::{Opened, Pending};
use bevy_egui::egui;
use std::path::PathBuf;

/// One piece of the palette: a click makes it the one squares are clicked with, a drag
/// carries it to a square.
fn palette_chip(
    ui: &mut egui::Ui,
    (palette, carried): (&mut char, &mut Option<Carried>),
    c: char,
    hover: &str,
) {
    let chip = ui
        .selectable_label(*palette == c, c.to_string())
        .interact(egui::Sense::drag())
        .on_hover_text(hover);
    if chip.clicked() {
        *palette = c;
    }
    if chip.drag_started() {
        *carried = Some((c, None));
    }
}

/// The setup: a board of letters to click, the palette, and the FEN or POS; `said` is
/// what the editor says.
pub(super) fn setup_section(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    pending: &mut Pending,
    said: &mut String,
) -> bool {
    let Some(draft) = editor.draft.as_mut() else {
        return false;
    };
    let mut changed = false;
    egui::CollapsingHeader::new("Setup")
        .default_open(editor.setting_up)
        .show(ui, |ui| {
            // The last level that read gives the palette, so that it stays while a setup
            // being made does not check.
            if let Some(letters) = palette_letters(draft, editor.checked.as_ref()) {
                editor.letters = letters;
            }
            let letters = if editor.letters.is_empty() {
                draft.pieces().iter().map(|p| p.letter).collect()
            } else {
                editor.letters.clone()
            };
            ui.horizontal_wrapped(|ui| {
                ui.label("Place:");
                for side in [true, false] {
                    for &l in &letters {
                        let c = if side { l } else { l.to_ascii_lowercase() };
                        palette_chip(
                            ui,
                            (&mut editor.palette, &mut editor.carried),
                            c,
                            "Click to place it with clicks, or drag it to a square",
                        );
                    }
                }
                if !draft.is_continuous() {
                    for (c, name) in [('*', "A boulder"), ('@', "A bomb")] {
                        palette_chip(
                            ui,
                            (&mut editor.palette, &mut editor.carried),
                            c,
                            &format!("{name}: a neutral obstacle"),
                        );
                    }
                }
                if ui
                    .selectable_label(editor.palette == ' ', "empty")
                    .clicked()
                {
                    editor.palette = ' ';
                }
            });
            if editor.board.between() > 0 {
                ui.label(format!(
                    "{} pieces stand between square centres: the board leaves them where they \
                     are (move them in the POS below).",
                    editor.board.between()
                ));
            }
            if editor.board.ui(ui, editor.palette, &mut editor.carried) {
                editor.board.write(draft);
                changed = true;
            }
            ui.horizontal(|ui| {
                if ui.button("Clear").clicked() {
                    editor.board.clear();
                    editor.board.write(draft);
                    changed = true;
                }
                if ui
                    .add_enabled(editor.board.between() == 0, egui::Button::new("Flip"))
                    .on_hover_text("Turns the position round, White and Black swapped")
                    .on_disabled_hover_text(
                        "Pieces between square centres cannot be turned round here: edit the POS",
                    )
                    .clicked()
                {
                    editor.board.flip();
                    editor.board.write(draft);
                    changed = true;
                }
                let mut white = editor.board.white_to_move;
                ui.label("To move:");
                if ui.selectable_label(white, "White").clicked() {
                    white = true;
                }
                if ui.selectable_label(!white, "Black").clicked() {
                    white = false;
                }
                if white != editor.board.white_to_move {
                    editor.board.white_to_move = white;
                    editor.board.write(draft);
                    changed = true;
                }
            });
            if !draft.is_continuous() {
                ui.horizontal(|ui| {
                    ui.label("Castling rights:");
                    for (k, right) in ["K", "Q", "k", "q"].into_iter().enumerate() {
                        let mut on = editor.board.castling[k];
                        if ui.checkbox(&mut on, right).changed() {
                            editor.board.castling[k] = on;
                            editor.board.write(draft);
                            changed = true;
                        }
                    }
                });
            }
            let label = if draft.is_continuous() {
                "POS:"
            } else {
                "FEN:"
            };
            let mut text = draft.setup();
            ui.horizontal(|ui| {
                ui.label(label);
                if ui
                    .add(egui::TextEdit::singleline(&mut text).desired_width(380.0))
                    .changed()
                {
                    draft.set_setup(&text);
                    editor.board = SetupBoard::read(draft);
                    changed = true;
                }
            });
            let playable = matches!(editor.checked, Some(Ok(_))) && !changed;
            if ui
                .add_enabled(playable, egui::Button::new("Play from this position"))
                .on_hover_text(
                    "A new game of this level from the position, without saving the level",
                )
                .clicked()
            {
                let path = PathBuf::from(editor.path.trim());
                match Opened::from_level_text(&path, &draft.to_text()) {
                    Ok(opened) => {
                        pending.read(opened);
                        editor.close = true;
                    }
                    Err(e) => *said = e.message,
                }
            }
        });
    changed
}

/// The letters of every piece type of the level as it reads, if it reads: the draft's
/// own in the file's order, then any the level has besides (a classic continuous level's
/// army has no `[pieces]` of its own).
fn palette_letters(draft: &Draft, checked: Option<&Result<Level, String>>) -> Option<Vec<char>> {
    let level: Vec<char> = match checked? {
        Ok(level) => match &level.kind {
            LevelKind::Grid(g) => g.variant.types.iter().map(|t| t.letter).collect(),
            LevelKind::Continuous(c) => c.board.kinds.iter().map(|k| k.kind.letter()).collect(),
        },
        Err(_) => return None,
    };
    let mut letters: Vec<char> = draft
        .pieces()
        .iter()
        .map(|p| p.letter)
        .filter(|l| level.contains(l))
        .collect();
    for l in level {
        if !letters.contains(&l) {
            letters.push(l);
        }
    }
    Some(letters)
}
