//! The editor's state: the draft, the piece being edited and its drawing, the setup's
//! board, and the level the draft reads as (or what `check` says of it); opening a draft.

use super::setup_board::{Carried, SetupBoard};
use crate::grid::diagram::Diagram;
use crate::level::Level;
use crate::level::draft::{Draft, DraftPiece};
use crate::ui::common::sketch::Sketch;
use bevy::prelude::*;
use std::path::Path;
use std::sync::Arc;

/// The editor's state: the draft, the piece being edited, the setup's board, and the
/// last check. (What its last save or export said is `EditorRequest::said`, which the
/// files window shows once the editor is closed.)
#[derive(Resource, Default)]
pub(super) struct Editor {
    /// The draft, while the editor is open.
    pub(super) draft: Option<Draft>,
    /// Where Save writes.
    pub(super) path: String,
    /// The piece being edited, and the letter it had when picked (`None`: a new piece).
    pub(super) piece: Option<(DraftPiece, Option<char>)>,
    /// The last Betza that read for the piece, and its drawing.
    pub(super) drawn: Option<(String, Drawing)>,
    /// The last reading's error, at its column.
    pub(super) betza_error: String,
    /// The setup as a board of letters.
    pub(super) board: SetupBoard,
    /// The letter the palette places (upper case White, lower case Black; ' ' empties).
    pub(super) palette: char,
    /// Asked to close (a game begins from the position).
    pub(super) close: bool,
    /// The palette's letters, from the last draft that read as a level.
    pub(super) letters: Vec<char>,
    /// Opened on a game's position (the setup shown first), rather than to edit the level.
    pub(super) setting_up: bool,
    /// A piece being dragged: its letter, and the square it left (`None`: from the palette).
    pub(super) carried: Option<Carried>,
    /// The level read from the draft, or what `check` says of it.
    pub(super) checked: Option<Result<Level, String>>,
    /// The last export's text.
    pub(super) export: String,
}

/// What a piece's moves look like: the grid diagram, or the continuous sketch with the
/// board it was drawn on.
pub(super) enum Drawing {
    Grid(Diagram),
    Continuous(Arc<crate::continuous::Board>, Sketch),
}

impl Editor {
    /// Opens the editor on `draft`, to be saved at `path`.
    pub(super) fn open(&mut self, draft: Draft, path: &Path) {
        self.board = SetupBoard::read(&draft);
        self.checked = Some(check(&draft, path));
        self.draft = Some(draft);
        self.path = path.display().to_string();
        self.piece = None;
        self.drawn = None;
        self.betza_error.clear();
        self.export.clear();
        self.palette = 'K';
        self.setting_up = false;
        self.carried = None;
        self.close = false;
        self.letters.clear();
    }
}

/// The draft read as a level, or the problems in words.
pub(super) fn check(draft: &Draft, path: &Path) -> Result<Level, String> {
    draft
        .check(&path.display().to_string())
        .map_err(|e| e.to_string())
}
