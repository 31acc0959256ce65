//! What one window asks of another, so that no window imports another: the files window
//! asks the level editor to open a draft (the editor opens it before it next draws) and
//! shows what the editor last said once it is closed; it shows the balance lab, whose own
//! close button hides it again.

use super::level::LevelSource;
use crate::level::draft::Draft;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// A draft the level editor is asked to open.
pub struct EditorOpening {
    /// The draft.
    pub draft: Draft,
    /// Where Save writes it.
    pub path: PathBuf,
    /// Whether it opens as the position editor: the setup alone, to play from.
    pub setting_up: bool,
}

/// The level editor as the other windows see it: a draft asked to be opened, whether the
/// editor is open, and what its last save, export or opening said.
#[derive(Resource, Default)]
pub struct EditorRequest {
    /// The draft asked for, until the editor opens it.
    opening: Option<EditorOpening>,
    /// Whether the editor is open (or asked to open).
    open: bool,
    /// What the last save, export or opening said.
    pub said: String,
}

impl EditorRequest {
    /// Asks the editor to open `draft`, to be saved at `path`.
    pub fn open(&mut self, draft: Draft, path: &Path) {
        self.ask(draft, path, false);
    }

    /// Asks for `draft` to be opened, as the position editor if `setting_up`.
    fn ask(&mut self, draft: Draft, path: &Path, setting_up: bool) {
        self.opening = Some(EditorOpening {
            draft,
            path: path.to_path_buf(),
            setting_up,
        });
        self.open = true;
        self.said.clear();
    }

    /// Asks the editor to open on the level the window plays. A shipped level is never
    /// written over: its copy is saved in the user's library, under a name of its own.
    pub fn edit(&mut self, source: &LevelSource) {
        match Draft::from_text(&source.text) {
            Ok(mut draft) => {
                if crate::shipped::is_shipped(&source.path) {
                    draft.set_name(&format!("{} (copy)", draft.name()));
                    draft.embed_urc_files(&source.path);
                }
                self.open(draft, &save_path(source, "copy"));
            }
            Err(e) => self.said = e.to_string(),
        }
    }

    /// Asks the editor to open on a new level, saved in the user's library.
    pub fn new_level(&mut self, draft: Draft) {
        self.open(
            draft,
            &crate::library::new_level_file("new-level").unwrap_or_default(),
        );
    }

    /// Asks for the position editor: the level the window plays, with `position` (a FEN
    /// or POS) as its setup, to play from.
    pub fn set_up(&mut self, source: &LevelSource, position: &str) {
        match Draft::from_text(&source.text) {
            Ok(mut draft) => {
                draft.set_setup(position);
                if crate::shipped::is_shipped(&source.path) {
                    draft.embed_urc_files(&source.path);
                }
                self.ask(draft, &save_path(source, "position"), true);
            }
            Err(e) => self.said = e.to_string(),
        }
    }

    /// Whether the editor is open, or asked to open.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The draft asked for, which the editor takes to open it.
    pub fn take(&mut self) -> Option<EditorOpening> {
        self.opening.take()
    }

    /// Notes that the editor has closed.
    pub fn closed(&mut self) {
        self.open = false;
    }
}

/// Whether the balance lab's window is shown.
#[derive(Resource, Default)]
pub struct LabShown(pub bool);

/// Where the editor saves a draft of `source`'s level: its own file, or for a shipped
/// level (never written over) `STEM-SUFFIX.toml` in the user's library (the next free
/// name; empty without a library, so that the player names a file).
fn save_path(source: &LevelSource, suffix: &str) -> PathBuf {
    if !crate::shipped::is_shipped(&source.path) {
        return source.path.clone();
    }
    let stem = source
        .path
        .file_stem()
        .map_or("level".into(), |s| s.to_string_lossy().into_owned());
    crate::library::new_level_file(&format!("{stem}-{suffix}")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editing_a_shipped_level_opens_a_copy_bound_for_the_users_library() {
        let path = crate::shipped::level("chess");
        let text = crate::reading::text(&path, crate::reading::LEVEL_BYTES).expect("shipped");
        let mut request = EditorRequest::default();
        request.edit(&LevelSource { path, text });
        let opening = request.take().expect("the editor is asked to open");
        assert!(
            !crate::shipped::is_shipped(&opening.path),
            "{:?}",
            opening.path
        );
        assert_eq!(opening.draft.name(), "Chess (copy)");
        if let Some(dir) = crate::library::user_levels() {
            assert!(opening.path.starts_with(&dir), "{:?}", opening.path);
            let name = opening.path.file_name().expect("a file").to_string_lossy();
            assert!(name.starts_with("chess-copy"), "{name}");
        }
        // A new level goes there too.
        request.new_level(Draft::new_grid(8, 8));
        let opening = request.take().expect("asked");
        if let Some(dir) = crate::library::user_levels() {
            assert!(opening.path.starts_with(&dir), "{:?}", opening.path);
        }
    }

    #[test]
    fn a_shipped_levels_copy_carries_its_urc_pieces_and_reads_anywhere() {
        let path = crate::shipped::level("urc-demo");
        let text = crate::reading::text(&path, crate::reading::LEVEL_BYTES).expect("shipped");
        assert!(
            text.contains("urc-pieces.yaml#"),
            "the demo names its URC file"
        );
        let mut request = EditorRequest::default();
        request.edit(&LevelSource { path, text });
        let opening = request.take().expect("the editor is asked to open");
        let saved = opening.draft.to_text();
        assert!(!saved.contains("urc-pieces.yaml"), "{saved}");
        // Read as a file in a folder with no YAML beside it: every piece still there.
        let elsewhere = std::env::temp_dir()
            .join("nowhere")
            .join("urc-demo-copy.toml");
        let level = opening
            .draft
            .check(&elsewhere.display().to_string())
            .unwrap_or_else(|e| panic!("the copy reads: {e}"));
        let crate::level::LevelKind::Grid(grid) = &level.kind else {
            panic!("a grid level");
        };
        let knight = grid
            .variant
            .types
            .iter()
            .find(|t| t.letter == 'N')
            .expect("the URC knight");
        assert_eq!(knight.betza.to_string(), "N");
    }
}
