//! Saving and exporting: what `check` says of the draft, the file to save it in, Save,
//! Save and play, and the Fairy-Stockfish and XBoard exports.

use super::state::Editor;
use crate::level::draft::Draft;
use crate::level::{Level, LevelKind};
use crate::ui::common::opening::Pending;
use bevy_egui::egui;
use std::path::{Path, PathBuf};

/// What `check` says, Save, Save and play, and the exports; `said` is what the editor
/// says.
pub(super) fn save_section(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    pending: &mut Pending,
    said: &mut String,
) {
    status(ui, editor, said);
    ui.horizontal(|ui| {
        ui.label("File:");
        ui.text_edit_singleline(&mut editor.path);
    });
    let ok = matches!(editor.checked, Some(Ok(_)));
    ui.horizontal(|ui| {
        let save = ui.add_enabled(ok, egui::Button::new("Save")).clicked();
        let play = ui
            .add_enabled(ok, egui::Button::new("Save and play"))
            .clicked();
        if (save || play)
            && let Some(draft) = &editor.draft
        {
            let path = PathBuf::from(editor.path.trim());
            match save_level(draft, &path) {
                Ok(()) => {
                    *said = format!("Saved {}.", path.display());
                    if play {
                        pending.file(path);
                        editor.close = true;
                    }
                }
                Err(e) => *said = e,
            }
        }
        if ui
            .add_enabled(ok, egui::Button::new("Fairy-Stockfish"))
            .on_hover_text("The level as a variants.ini section, or why it cannot be")
            .clicked()
            && let Some(Ok(level)) = &editor.checked
        {
            let stem = Path::new(&editor.path)
                .file_stem()
                .map_or("level".to_string(), |s| s.to_string_lossy().into_owned());
            editor.export = match level.to_fsf(&format!("{stem}-areachess")) {
                Ok(section) => section,
                Err(problems) => problems
                    .iter()
                    .map(|p| format!("cannot: {p}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            };
        }
        if ui
            .add_enabled(ok, egui::Button::new("XBoard pieces"))
            .on_hover_text("The piece lines XBoard is sent for this level")
            .clicked()
            && let Some(Ok(level)) = &editor.checked
        {
            editor.export = xboard_lines(level);
        }
    });
    if !said.is_empty() {
        ui.label(&*said);
    }
    if !editor.export.is_empty() {
        let mut text = editor.export.clone();
        ui.add(
            egui::TextEdit::multiline(&mut text)
                .font(egui::TextStyle::Monospace)
                .desired_rows(6),
        );
    }
}

/// Whether the draft checks, or what `check` says of it, line by line; and what the last
/// action said (`said`).
pub(super) fn status(ui: &mut egui::Ui, editor: &Editor, said: &str) {
    match &editor.checked {
        Some(Ok(level)) => {
            ui.colored_label(
                egui::Color32::from_rgb(110, 190, 110),
                format!("{}: the level checks.", level.name),
            );
        }
        Some(Err(problems)) => {
            for line in problems.lines() {
                ui.colored_label(egui::Color32::from_rgb(220, 70, 50), line);
            }
        }
        None => {}
    }
    if editor.setting_up && !said.is_empty() {
        ui.label(said);
    }
}

/// The `piece LETTER& XBETZA` lines XBoard is sent, or why a piece has none.
fn xboard_lines(level: &Level) -> String {
    let LevelKind::Grid(g) = &level.kind else {
        return "XBoard plays grid levels only.".into();
    };
    let v = &g.variant;
    let longest = i32::from(v.geometry.files().max(v.geometry.ranks()));
    v.types
        .iter()
        .map(
            |t| match crate::notation::xbetza::translate(&t.betza, longest) {
                Ok(text) => format!("piece {}& {text}", t.letter),
                Err(why) => format!("piece {}: {why}", t.letter),
            },
        )
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes the draft to `path` atomically and reads it back as `check` would.
pub fn save_level(draft: &Draft, path: &Path) -> Result<(), String> {
    if path.as_os_str().is_empty() {
        return Err("Name a file to save the level in.".into());
    }
    let text = draft.to_text();
    crate::record::save::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("{}: cannot save: {e}", path.display()))?;
    crate::level::load(path)
        .map(|_| ())
        .map_err(|e| format!("saved, but it does not load: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_level_opens_in_the_editor_and_saves_the_same_level() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).expect("levels/").flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a level");
            let original = crate::level::parse(&path.display().to_string(), &text)
                .unwrap_or_else(|e| panic!("{e}"));
            let draft = Draft::from_text(&text).expect("TOML");
            // Saved beside the original, so that files it names (URC) are found.
            let copy = dir.join(format!(
                ".editor-copy-{}-{}",
                std::process::id(),
                path.file_name().and_then(|n| n.to_str()).unwrap_or("x")
            ));
            let saved = save_level(&draft, &copy);
            let reloaded = crate::level::load(&copy);
            let _ = std::fs::remove_file(&copy);
            saved.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let reloaded = reloaded.unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                format!("{:?}", reloaded),
                format!("{:?}", original),
                "{} reloads as it was",
                path.display()
            );
            seen += 1;
        }
        assert!(seen >= 15, "{seen} levels");
    }
}
