//! The level editor in the window, both modes: the level's name, description and board;
//! its pieces, each redrawn on every keystroke of its moves (the grid diagram, or the
//! continuous shapes) with its value and which other programs can play it; a position
//! editor for the setup; the rules; and Save, Save and play, and the exports. The level
//! itself is a [`Draft`] (`level::draft`), checked by the level reader as `check` is.
//!
//! | rule | decision |
//! | --- | --- |
//! | what is edited | a draft of the level's text; the game in the window goes on until Save and play opens the level saved |
//! | a Betza being typed | read at every keystroke: an error shows at its column and the last drawing that read stays |
//! | the setup | a board of letters, each square a piece or empty; its FEN (or POS) field follows every click, and a typed one redraws the board |
//! | an impossible level | every problem `check` finds, in its words, under the buttons; it is not saved |
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - [`setup_board`]: the setup as a board of letters, drawn and clicked or dragged on.
//! - [`state`]: the editor's state, the draft opened in it and checked.
//! - [`pieces`]: the piece list, the form of the piece picked, its live drawing and value.
//! - [`setup`]: the setup section: the palette, the board, the FEN or POS, Play from it.
//! - [`goals`]: a grid level's goals (n-check, what mate means, forced captures, no
//!   checks, draw odds, the flag, extinction).
//! - [`rules`]: the rules' keys (grid) or the lengths (continuous).
//! - [`save`]: what `check` says, Save, Save and play, and the exports.
//! - [`window`]: the window, its level section and the sections in order; it opens what
//!   the files window asked for (`ui::common::requests::EditorRequest`).

use crate::ui::common::requests::EditorRequest;
use bevy::prelude::*;

mod goals;
mod pieces;
mod rules;
mod save;
mod setup;
mod setup_board;
mod state;
mod window;

/// The editor window, and what the other windows ask of it.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<state::Editor>()
        .init_resource::<EditorRequest>()
        .add_systems(bevy_egui::EguiPrimaryContextPass, window::editor_window);
}
