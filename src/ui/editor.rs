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

use super::files::LevelSource;
use super::open::Pending;
use crate::betza;
use crate::grid::diagram::{Diagram, diagram};
use crate::grid::variant::PieceType;
use crate::level::draft::{Draft, DraftPiece, DraftPromotion, Moves};
use crate::level::{Level, LevelKind};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The editor window.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Editor>()
        .add_systems(bevy_egui::EguiPrimaryContextPass, editor_window);
}

/// The editor's state: the draft, the piece being edited, the setup's board, and what
/// the last check or save said.
#[derive(Resource, Default)]
pub struct Editor {
    /// The draft, while the editor is open.
    draft: Option<Draft>,
    /// Where Save writes.
    path: String,
    /// The piece being edited, and the letter it had when picked (`None`: a new piece).
    piece: Option<(DraftPiece, Option<char>)>,
    /// The last Betza that read for the piece, and its drawing.
    drawn: Option<(String, Drawing)>,
    /// The last reading's error, at its column.
    betza_error: String,
    /// The setup as a board of letters.
    board: SetupBoard,
    /// The letter the palette places (upper case White, lower case Black; ' ' empties).
    palette: char,
    /// Asked to close (a game begins from the position).
    close: bool,
    /// The palette's letters, from the last draft that read as a level.
    letters: Vec<char>,
    /// Opened on a game's position (the setup shown first), rather than to edit the level.
    setting_up: bool,
    /// A piece being dragged: its letter, and the square it left (`None`: from the palette).
    carried: Option<Carried>,
    /// The level read from the draft, or what `check` says of it.
    checked: Option<Result<Level, String>>,
    /// What the last save or export said.
    pub said: String,
    /// The last export's text.
    export: String,
}

/// A piece on its way to the setup board: its letter and the square it was lifted from
/// (`None` when it comes from the palette).
type Carried = (char, Option<(usize, usize)>);

/// What a piece's moves look like: the grid diagram, or the continuous sketch with the
/// board it was drawn on.
enum Drawing {
    Grid(Diagram),
    Continuous(
        Arc<crate::continuous::Board>,
        super::continuous::inspect::Sketch,
    ),
}

impl Editor {
    /// Opens the editor on `draft`, to be saved at `path`.
    pub fn open(&mut self, draft: Draft, path: &Path) {
        self.board = SetupBoard::read(&draft);
        self.checked = Some(check(&draft, path));
        self.draft = Some(draft);
        self.path = path.display().to_string();
        self.piece = None;
        self.drawn = None;
        self.betza_error.clear();
        self.said.clear();
        self.export.clear();
        self.palette = 'K';
        self.setting_up = false;
        self.carried = None;
        self.close = false;
        self.letters.clear();
    }

    /// Whether the editor is open.
    pub fn is_open(&self) -> bool {
        self.draft.is_some()
    }

    /// Opens the editor on the level the window plays.
    pub fn edit(&mut self, source: &LevelSource) {
        match Draft::from_text(&source.text) {
            Ok(draft) => self.open(draft, &source.path),
            Err(e) => self.said = e.to_string(),
        }
    }

    /// Opens the position editor: the level the window plays, with `position` (a FEN or
    /// POS) as its setup, to play from.
    pub fn set_up(&mut self, source: &LevelSource, position: &str) {
        match Draft::from_text(&source.text) {
            Ok(mut draft) => {
                draft.set_setup(position);
                self.open(draft, &source.path);
                self.setting_up = true;
            }
            Err(e) => self.said = e.to_string(),
        }
    }
}

/// The draft read as a level, or the problems in words.
fn check(draft: &Draft, path: &Path) -> Result<Level, String> {
    draft
        .check(&path.display().to_string())
        .map_err(|e| e.to_string())
}

/// The editor window, while a draft is open.
fn editor_window(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    mut pending: ResMut<Pending>,
) -> Result {
    if editor.draft.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
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
                setup_section(ui, editor, &mut pending)
            } else {
                let mut changed = level_section(ui, editor);
                changed |= pieces_section(ui, editor);
                changed |= setup_section(ui, editor, &mut pending);
                changed | rules_section(ui, editor)
            };
            if changed && let Some(draft) = &editor.draft {
                editor.checked = Some(check(draft, Path::new(&editor.path)));
            }
            ui.separator();
            if editor.setting_up {
                status(ui, editor);
            } else {
                save_section(ui, editor, &mut pending);
            }
        });
    if !open || editor.close {
        editor.draft = None;
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

/// The piece list, and the form of the piece picked with its live drawing.
fn pieces_section(ui: &mut egui::Ui, editor: &mut Editor) -> bool {
    let Some(draft) = editor.draft.as_mut() else {
        return false;
    };
    let mut changed = false;
    let open = egui::CollapsingHeader::new("Pieces")
        .default_open(true)
        .show(ui, |ui| {
            let pieces = draft.pieces();
            ui.horizontal_wrapped(|ui| {
                for piece in &pieces {
                    let picked = editor
                        .piece
                        .as_ref()
                        .is_some_and(|(_, was)| *was == Some(piece.letter));
                    let label = format!("{} {}", piece.letter, piece.name);
                    if ui.selectable_label(picked, label).clicked() {
                        editor.piece = Some((piece.clone(), Some(piece.letter)));
                        editor.drawn = None;
                        editor.betza_error.clear();
                    }
                }
                if ui.button("+ Add piece").clicked() {
                    let free = ('A'..='Z')
                        .find(|c| !pieces.iter().any(|p| p.letter == *c))
                        .unwrap_or('Z');
                    let piece = DraftPiece {
                        letter: free,
                        name: format!("Piece {free}"),
                        moves: Moves::Betza("W".into()),
                        ..DraftPiece::default()
                    };
                    draft.set_piece(None, &piece);
                    editor.piece = Some((piece, Some(free)));
                    editor.drawn = None;
                    changed = true;
                }
            });
            let Some((piece, was)) = editor.piece.as_mut() else {
                if pieces.is_empty() && draft.is_continuous() {
                    ui.label(
                        "This level plays the classic army (K Q R B N P) the continuous rules \
                         build in; a piece added here joins it.",
                    );
                }
                ui.label("Pick a piece to edit it, or add one.");
                return;
            };
            let before = piece.clone();
            piece_form(ui, piece);
            if *piece != before {
                let letter_ok = piece.letter.is_ascii_uppercase()
                    && (Some(piece.letter) == *was
                        || !draft.pieces().iter().any(|p| p.letter == piece.letter));
                if letter_ok {
                    draft.set_piece(*was, piece);
                    *was = Some(piece.letter);
                    changed = true;
                }
            }
            if Some(piece.letter) != *was {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    format!(
                        "The letter must be a capital not used by another piece; {} is kept until then.",
                        was.map_or('?', |w| w)
                    ),
                );
            }
            let remove = was.is_some() && ui.button(format!("Remove {}", was.unwrap_or('?'))).clicked();
            if remove && let Some(letter) = *was {
                draft.remove_piece(letter);
                editor.piece = None;
                editor.drawn = None;
                changed = true;
            }
        });
    if changed && let Some(draft) = &editor.draft {
        editor.checked = Some(check(draft, Path::new(&editor.path)));
    }
    // The drawing belongs to the open section (drawn after it, when the draft is free).
    if open.body_returned.is_some()
        && let Some((piece, _)) = editor.piece.clone()
    {
        redraw(editor, &piece);
        piece_preview(ui, editor, &piece);
    }
    changed
}

/// The fields of one piece.
fn piece_form(ui: &mut egui::Ui, piece: &mut DraftPiece) {
    egui::Grid::new("piece form").num_columns(2).show(ui, |ui| {
        ui.label("Letter:");
        let mut letter = piece.letter.to_string();
        if ui
            .add(egui::TextEdit::singleline(&mut letter).desired_width(24.0))
            .changed()
            && let Some(c) = letter.trim().chars().last()
        {
            piece.letter = c.to_ascii_uppercase();
        }
        ui.end_row();
        ui.label("Name:");
        ui.text_edit_singleline(&mut piece.name);
        ui.end_row();
        let (label, text) = match &mut piece.moves {
            Moves::Betza(t) => ("Betza:", Some(t)),
            Moves::Hasinu(t) => ("Ħasínū:", Some(t)),
            Moves::Urc(t) => ("URC:", Some(t)),
            Moves::Classic => ("Moves:", None),
        };
        ui.label(label);
        match text {
            Some(t) if label != "URC:" => {
                ui.add(
                    egui::TextEdit::singleline(t)
                        .font(egui::TextStyle::Monospace)
                        .id_salt("betza field"),
                );
            }
            Some(t) => {
                ui.monospace(t.as_str())
                    .on_hover_text("A URC piece is edited in its YAML file");
            }
            None => {
                ui.label("the classic piece of its letter");
            }
        }
        ui.end_row();
        ui.label("Royal:");
        ui.checkbox(&mut piece.royal, "losing it loses the game");
        ui.end_row();
        ui.label("Promotes:");
        let mut promotes = piece.promotion.is_some();
        ui.horizontal(|ui| {
            ui.checkbox(&mut promotes, "");
            if promotes {
                let p = piece.promotion.get_or_insert(DraftPromotion {
                    to: "Q".into(),
                    zone: 1,
                    optional: false,
                    captured_only: false,
                });
                ui.label("to");
                ui.add(egui::TextEdit::singleline(&mut p.to).desired_width(60.0));
                ui.label("zone");
                ui.add(egui::DragValue::new(&mut p.zone).range(1..=26));
                ui.checkbox(&mut p.optional, "optional");
                ui.checkbox(&mut p.captured_only, "captured only");
            }
        });
        if !promotes {
            piece.promotion = None;
        }
        ui.end_row();
        ui.label("Picture:");
        ui.add(
            egui::TextEdit::singleline(&mut piece.image)
                .hint_text("a shipped name, or an SVG file"),
        );
        ui.end_row();
    });
}

/// Reads the piece's Betza again: a new drawing when it reads, its error when not (the
/// last drawing stays).
fn redraw(editor: &mut Editor, piece: &DraftPiece) {
    let Moves::Betza(text) = &piece.moves else {
        editor.betza_error.clear();
        return;
    };
    if editor.drawn.as_ref().is_some_and(|(t, _)| t == text) {
        return;
    }
    match betza::parse(text) {
        Err(e) => editor.betza_error = format!("betza \"{text}\": {e}"),
        Ok(_) => {
            editor.betza_error.clear();
            let continuous = editor.draft.as_ref().is_some_and(Draft::is_continuous);
            let drawing = if continuous {
                match editor.checked.as_ref() {
                    Some(Ok(level)) => match &level.kind {
                        LevelKind::Continuous(c) => {
                            let kind = crate::continuous::Kind::from_letter(piece.letter);
                            kind.and_then(|k| {
                                super::continuous::inspect::sketch(&c.board, k)
                                    .map(|s| Drawing::Continuous(c.board.clone(), s))
                            })
                        }
                        LevelKind::Grid(_) => None,
                    },
                    _ => None,
                }
            } else {
                PieceType::new(piece.letter, &piece.name, text)
                    .ok()
                    .map(|t| Drawing::Grid(diagram(&t)))
            };
            if let Some(drawing) = drawing {
                editor.drawn = Some((text.clone(), drawing));
            }
        }
    }
}

/// The piece's drawing, its value, and which programs can play it.
fn piece_preview(ui: &mut egui::Ui, editor: &Editor, piece: &DraftPiece) {
    if !editor.betza_error.is_empty() {
        ui.colored_label(egui::Color32::from_rgb(220, 70, 50), &editor.betza_error);
    }
    match editor.drawn.as_ref().map(|(_, d)| d) {
        Some(Drawing::Grid(marks)) => super::inspect::draw_diagram(ui, marks),
        Some(Drawing::Continuous(board, sketch)) => {
            super::continuous::inspect::draw(ui, board, sketch)
        }
        None => {}
    }
    let Some(Ok(level)) = &editor.checked else {
        return;
    };
    match &level.kind {
        LevelKind::Grid(g) => {
            let v = &g.variant;
            let Some(role) = v.role_of_letter(piece.letter) else {
                return;
            };
            let t = &v[role];
            ui.label(format!(
                "Value: {} centipawns estimated from its moves{}",
                v.estimated_value(role),
                t.value
                    .map_or(String::new(), |own| format!(" (the level gives {own})"))
            ));
            ui.label(match crate::notation::fsf::fsf_betza(&t.betza) {
                Ok(text) => format!("Fairy-Stockfish plays it: {text}"),
                Err(why) => format!("Fairy-Stockfish cannot play it: {why}"),
            });
            let longest = i32::from(v.geometry.files().max(v.geometry.ranks()));
            ui.label(
                match crate::notation::xbetza::translate(&t.betza, longest) {
                    Ok(text) => format!("XBoard draws and checks it: piece {}& {text}", t.letter),
                    Err(why) => format!("XBoard cannot: {why}"),
                },
            );
        }
        LevelKind::Continuous(c) => {
            if let Some(kind) = crate::continuous::Kind::from_letter(piece.letter) {
                let values = crate::search::continuous::Values::new(&c.board);
                ui.label(format!(
                    "Value: {} centipawns estimated from its shapes",
                    values.of(kind)
                ));
                for line in super::continuous::inspect::words(&c.board, kind) {
                    ui.label(line);
                }
            }
        }
    }
}

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

/// The setup: a board of letters to click, the palette, and the FEN or POS.
fn setup_section(ui: &mut egui::Ui, editor: &mut Editor, pending: &mut Pending) -> bool {
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
                match super::open::Opened::from_level_text(&path, &draft.to_text()) {
                    Ok(opened) => {
                        pending.read(opened);
                        editor.close = true;
                    }
                    Err(e) => editor.said = e.message,
                }
            }
        });
    changed
}

/// The rules' keys.
fn rules_section(ui: &mut egui::Ui, editor: &mut Editor) -> bool {
    let Some(draft) = editor.draft.as_mut() else {
        return false;
    };
    if draft.is_continuous() {
        let board = match &editor.checked {
            Some(Ok(level)) => match &level.kind {
                LevelKind::Continuous(c) => Some(c.board.clone()),
                LevelKind::Grid(_) => None,
            },
            _ => None,
        };
        return lengths_section(ui, draft, board.as_deref());
    }
    let mut changed = false;
    egui::CollapsingHeader::new("Rules")
        .default_open(false)
        .show(ui, |ui| {
            let text = |draft: &Draft, key: &str, default: &str| {
                draft
                    .rule(key)
                    .and_then(toml::Value::as_str)
                    .unwrap_or(default)
                    .to_string()
            };
            for (key, choices) in [
                ("stalemate", ["draw", "loss", "win"].as_slice()),
                ("royal", ["checkmate", "capture"].as_slice()),
            ] {
                let now = text(draft, key, choices[0]);
                ui.horizontal(|ui| {
                    ui.label(format!("{key}:"));
                    for &choice in choices {
                        if ui.selectable_label(now == choice, choice).clicked() && now != choice {
                            draft.set_rule(key, Some(toml::Value::String(choice.into())));
                            changed = true;
                        }
                    }
                });
            }
            for (key, default, most) in [("repetition", 3, 20), ("move_rule", 50, 1000)] {
                let mut n = draft
                    .rule(key)
                    .and_then(toml::Value::as_integer)
                    .unwrap_or(default);
                ui.horizontal(|ui| {
                    ui.label(format!("{key} (0: never):"));
                    if ui
                        .add(egui::DragValue::new(&mut n).range(0..=most))
                        .changed()
                    {
                        draft.set_rule(key, Some(toml::Value::Integer(n)));
                        changed = true;
                    }
                });
            }
            let mut material = draft
                .rule("insufficient_material")
                .and_then(toml::Value::as_bool)
                .unwrap_or(true);
            if ui
                .checkbox(&mut material, "too little material to mate draws")
                .changed()
            {
                draft.set_rule(
                    "insufficient_material",
                    Some(toml::Value::Boolean(material)),
                );
                changed = true;
            }
            let mut bare = draft
                .rule("bare_king")
                .and_then(toml::Value::as_bool)
                .unwrap_or(false);
            if ui
                .checkbox(&mut bare, "a bare king loses (shatranj)")
                .changed()
            {
                draft.set_rule("bare_king", bare.then_some(toml::Value::Boolean(true)));
                changed = true;
            }
            let castling = draft
                .rule("castling")
                .and_then(toml::Value::as_table)
                .cloned();
            let mut on = castling.is_some();
            let table = castling.unwrap_or_default();
            let get = |k: &str, d: &str| {
                table
                    .get(k)
                    .and_then(toml::Value::as_str)
                    .unwrap_or(d)
                    .to_string()
            };
            let (mut king, mut rook) = (get("king", "K"), get("rook", "R"));
            let mut steps = table
                .get("king_steps")
                .and_then(toml::Value::as_integer)
                .unwrap_or(2);
            ui.horizontal(|ui| {
                let mut edited = ui.checkbox(&mut on, "castling: king").changed();
                if on {
                    edited |= ui
                        .add(egui::TextEdit::singleline(&mut king).desired_width(20.0))
                        .changed();
                    ui.label("with");
                    edited |= ui
                        .add(egui::TextEdit::singleline(&mut rook).desired_width(20.0))
                        .changed();
                    ui.label("steps");
                    edited |= ui
                        .add(egui::DragValue::new(&mut steps).range(1..=25))
                        .changed();
                }
                if edited {
                    let value = on.then(|| {
                        // Keys this form does not show (kingside, queenside) are kept.
                        let mut t = table.clone();
                        t.insert(
                            "king".into(),
                            toml::Value::String(king.trim().to_uppercase()),
                        );
                        t.insert(
                            "rook".into(),
                            toml::Value::String(rook.trim().to_uppercase()),
                        );
                        t.insert("king_steps".into(), toml::Value::Integer(steps));
                        toml::Value::Table(t)
                    });
                    draft.set_rule("castling", value);
                    changed = true;
                }
            });
        });
    changed
}

/// What `check` says, Save, Save and play, and the exports.
fn save_section(ui: &mut egui::Ui, editor: &mut Editor, pending: &mut Pending) {
    status(ui, editor);
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
                    editor.said = format!("Saved {}.", path.display());
                    if play {
                        pending.file(path);
                        editor.close = true;
                    }
                }
                Err(e) => editor.said = e,
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
    if !editor.said.is_empty() {
        ui.label(&editor.said);
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

/// A continuous level's rules: the lengths of its `[continuous]` table, each the file's
/// value or its default. True if the draft changed.
fn lengths_section(
    ui: &mut egui::Ui,
    draft: &mut Draft,
    board: Option<&crate::continuous::Board>,
) -> bool {
    const LENGTHS: [(&str, &str); 10] = [
        ("square", "a nominal square's side (2√2)"),
        ("king_reach", "how far the classic king slides (4)"),
        ("knight_distance", "the classic knight's ring (√40)"),
        ("pawn_step", "a moved pawn's longest slide (1 square)"),
        (
            "pawn_first_step",
            "an unmoved pawn's longest slide (2 squares)",
        ),
        ("pawn_capture", "the pawn's capture reach (1 square)"),
        ("min_move", "the shortest legal move (1)"),
        ("promotion_line", "the promotion line from the far edge (1)"),
        (
            "castling_king_travel",
            "the castling king's travel (2 squares)",
        ),
        (
            "castling_rook_offset",
            "the rook past the king's landing (1 square)",
        ),
    ];
    let mut changed = false;
    egui::CollapsingHeader::new("Rules")
        .default_open(false)
        .show(ui, |ui| {
            ui.label("Lengths in units of R, the disc's radius; unticked, the default holds.");
            egui::Grid::new("lengths").show(ui, |ui| {
                for (key, meaning) in LENGTHS {
                    let now = draft.length(key);
                    let mut on = now.is_some();
                    // Ticked, a length starts from what the level has now.
                    let mut value = now
                        .or_else(|| board.map(|b| current_length(b, key)))
                        .unwrap_or(1.0);
                    let ticked = ui.checkbox(&mut on, key).changed();
                    let edited = on
                        && ui
                            .add(
                                egui::DragValue::new(&mut value)
                                    .range(0.01..=100.0)
                                    .speed(0.01),
                            )
                            .changed();
                    if !on {
                        ui.label("default");
                    }
                    ui.label(meaning);
                    ui.end_row();
                    if ticked || edited {
                        draft.set_length(key, on.then_some(value));
                        changed = true;
                    }
                }
            });
        });
    changed
}

/// The length a `[continuous]` key names, as the board has it.
fn current_length(board: &crate::continuous::Board, key: &str) -> f64 {
    match key {
        "square" => board.square,
        "king_reach" => board.king_reach,
        "knight_distance" => board.knight_distance,
        "pawn_step" => board.pawn_step,
        "pawn_first_step" => board.pawn_first_step,
        "pawn_capture" => board.pawn_capture,
        "min_move" => board.min_move,
        "promotion_line" => board.promotion_line,
        "castling_king_travel" => board.castling_king_travel,
        "castling_rook_offset" => board.castling_rook_offset,
        _ => 1.0,
    }
}

/// Whether the draft checks, or what `check` says of it, line by line; and what the last
/// action said.
fn status(ui: &mut egui::Ui, editor: &Editor) {
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
    if editor.setting_up && !editor.said.is_empty() {
        ui.label(&editor.said);
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

/// The setup as the position editor shows it: a letter or nothing on each square, the
/// side to move and the castling rights.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupBoard {
    files: usize,
    ranks: usize,
    /// By rank from the first, then file: the piece's letter.
    cells: Vec<Option<char>>,
    white_to_move: bool,
    /// K Q k q.
    castling: [bool; 4],
    /// Whether the draft's setup is a continuous POS (written as one).
    continuous: bool,
    /// A continuous position's pieces that stand off square centres (`N@3.1,4.7`), kept
    /// as written: the board of squares cannot show them, and nothing is lost.
    between: Vec<String>,
}

impl SetupBoard {
    /// The draft's setup on its board; pieces off square centres (a POS) are left out.
    pub fn read(draft: &Draft) -> SetupBoard {
        let (files, ranks) = draft.board();
        let (files, ranks) = (files.clamp(1, 26) as usize, ranks.clamp(1, 26) as usize);
        let mut board = SetupBoard {
            files,
            ranks,
            cells: vec![None; files * ranks],
            white_to_move: true,
            castling: [false; 4],
            continuous: draft.is_continuous(),
            between: Vec::new(),
        };
        let setup = draft.setup();
        if board.continuous && !setup.contains('/') {
            // POS: w;K@e1;...
            let mut parts = setup.split(';');
            board.white_to_move = parts.next().is_none_or(|s| s.trim() != "b");
            for part in parts {
                let part = part.trim();
                if let Some((letter, at)) = part.split_once('@')
                    && let (Some(c), Ok(sq)) = (
                        letter.chars().next(),
                        at.parse::<crate::square::SquareName>(),
                    )
                {
                    board.set(sq.file as usize, sq.rank as usize, Some(c));
                } else if !part.is_empty() {
                    board.between.push(part.to_string());
                }
            }
            return board;
        }
        let fields: Vec<&str> = setup.split_whitespace().collect();
        for (row, rank_text) in fields.first().unwrap_or(&"").split('/').enumerate() {
            let rank = ranks.saturating_sub(row + 1);
            let mut file = 0;
            let mut digits = String::new();
            for c in rank_text.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                file += digits.parse::<usize>().unwrap_or(0);
                digits.clear();
                // A piece, or a neutral obstacle: `*` a boulder, `@` a bomb.
                if c.is_ascii_alphabetic() || c == '*' || c == '@' {
                    board.set(file, rank, Some(c));
                }
                file += 1;
            }
        }
        board.white_to_move = fields.get(1).is_none_or(|s| *s != "b");
        let rights = fields.get(2).copied().unwrap_or("-");
        for (k, c) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            board.castling[k] = rights.contains(c);
        }
        board
    }

    fn set(&mut self, file: usize, rank: usize, piece: Option<char>) {
        if file < self.files && rank < self.ranks {
            self.cells[rank * self.files + file] = piece;
        }
    }

    fn get(&self, file: usize, rank: usize) -> Option<char> {
        self.cells.get(rank * self.files + file).copied().flatten()
    }

    /// A board of another size, keeping what fits.
    pub fn resize(&mut self, files: usize, ranks: usize) {
        let old = self.clone();
        self.files = files.clamp(1, 26);
        self.ranks = ranks.clamp(1, 26);
        self.cells = vec![None; self.files * self.ranks];
        for rank in 0..old.ranks.min(self.ranks) {
            for file in 0..old.files.min(self.files) {
                self.set(file, rank, old.get(file, rank));
            }
        }
    }

    /// Empties the board.
    pub fn clear(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = None);
        self.between.clear();
    }

    /// How many pieces stand between square centres (a continuous position).
    pub fn between(&self) -> usize {
        self.between.len()
    }

    /// Turns the position round: each piece to the mirrored square, of the other side.
    pub fn flip(&mut self) {
        let old = self.clone();
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let piece = old
                    .get(self.files - 1 - file, self.ranks - 1 - rank)
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    });
                self.set(file, rank, piece);
            }
        }
        self.white_to_move = !self.white_to_move;
        // Turned round, Black's queen side becomes White's king side, and so on.
        self.castling = [
            old.castling[3],
            old.castling[2],
            old.castling[1],
            old.castling[0],
        ];
    }

    /// The board as the setup's text: a FEN, or a POS for a continuous level.
    pub fn text(&self) -> String {
        if self.continuous {
            let mut parts = vec![if self.white_to_move { "w" } else { "b" }.to_string()];
            for rank in 0..self.ranks {
                for file in 0..self.files {
                    if let Some(c) = self.get(file, rank) {
                        let name = crate::square::SquareName {
                            file: file as u32,
                            rank: rank as u32,
                        };
                        parts.push(format!("{c}@{name}"));
                    }
                }
            }
            parts.extend(self.between.iter().cloned());
            return parts.join(";");
        }
        let rows: Vec<String> = (0..self.ranks)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut empty = 0;
                for file in 0..self.files {
                    match self.get(file, rank) {
                        Some(c) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(c);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        let rights: String = ['K', 'Q', 'k', 'q']
            .into_iter()
            .zip(self.castling)
            .filter_map(|(c, on)| on.then_some(c))
            .collect();
        format!(
            "{} {} {} - 0 1",
            rows.join("/"),
            if self.white_to_move { "w" } else { "b" },
            if rights.is_empty() { "-" } else { &rights }
        )
    }

    /// Writes the board into the draft's setup.
    pub fn write(&self, draft: &mut Draft) {
        draft.set_setup(&self.text());
    }

    /// Puts `palette`'s piece on square (file, rank) (' ': empties it).
    pub fn place(&mut self, file: usize, rank: usize, palette: char) {
        self.set(file, rank, (palette != ' ').then_some(palette));
    }

    /// Draws the board; a click places the palette's piece, a right click empties a
    /// square, a piece dragged from the palette or from a square lands where it is let go
    /// (off the board, a lifted piece is removed). True if the board changed.
    fn ui(&mut self, ui: &mut egui::Ui, palette: char, carried: &mut Option<Carried>) -> bool {
        let cell = (360.0 / self.files.max(self.ranks) as f32).clamp(12.0, 40.0);
        let size = egui::vec2(cell * self.files as f32, cell * self.ranks as f32);
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
        let painter = ui.painter_at(rect);
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let min = rect.min
                    + egui::vec2(file as f32 * cell, (self.ranks - 1 - rank) as f32 * cell);
                let square = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
                let shade = super::inspect::square_shade((file + rank) % 2 == 0);
                painter.rect_filled(square, 0.0, shade);
                let lifted = carried.is_some_and(|(_, from)| from == Some((file, rank)));
                if let Some(c) = self.get(file, rank)
                    && !lifted
                {
                    draw_token(&painter, square.center(), cell, c);
                }
            }
        }
        // A point on the board's edge (or a hair past it) counts as the square inside.
        let square_at = |pos: egui::Pos2| {
            let file = (((pos.x - rect.min.x) / cell).max(0.0) as usize).min(self.files - 1);
            let row = (((pos.y - rect.min.y) / cell).max(0.0) as usize).min(self.ranks - 1);
            (file, self.ranks - 1 - row)
        };
        if response.drag_started()
            && let Some(origin) = ui.input(|i| i.pointer.press_origin())
            && rect.contains(origin)
        {
            let (file, rank) = square_at(origin);
            if let Some(c) = self.get(file, rank) {
                *carried = Some((c, Some((file, rank))));
            }
        }
        if let Some((c, from)) = *carried {
            let (pointer, released) =
                ui.input(|i| (i.pointer.latest_pos(), i.pointer.any_released()));
            if let Some(at) = pointer {
                let layer = egui::LayerId::new(egui::Order::Tooltip, ui.id().with("carried"));
                draw_token(&ui.ctx().layer_painter(layer), at, cell, c);
            }
            if released {
                *carried = None;
                let target = pointer.filter(|p| rect.contains(*p)).map(square_at);
                if target == from {
                    return false;
                }
                if let Some((file, rank)) = from {
                    self.place(file, rank, ' ');
                }
                if let Some((file, rank)) = target {
                    self.place(file, rank, c);
                }
                return from.is_some() || target.is_some();
            }
            return false;
        }
        if let Some(pos) = response.interact_pointer_pos() {
            let (file, rank) = square_at(pos);
            if response.clicked() {
                self.place(file, rank, palette);
                return true;
            }
            if response.secondary_clicked() {
                self.place(file, rank, ' ');
                return true;
            }
        }
        false
    }
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

/// A piece on the setup board: a disc in its side's colours with its letter.
fn draw_token(painter: &egui::Painter, centre: egui::Pos2, cell: f32, c: char) {
    if !c.is_ascii_alphabetic() {
        // An obstacle: a grey block with its sign.
        let block = egui::Rect::from_center_size(centre, egui::vec2(cell * 0.8, cell * 0.8));
        painter.rect_filled(block, cell * 0.1, egui::Color32::from_rgb(110, 106, 98));
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            c,
            egui::FontId::monospace(cell * 0.5),
            egui::Color32::from_rgb(240, 236, 228),
        );
        return;
    }
    let (face, ink) = if c.is_ascii_uppercase() {
        (
            egui::Color32::from_rgb(247, 247, 242),
            egui::Color32::from_rgb(30, 30, 34),
        )
    } else {
        (
            egui::Color32::from_rgb(31, 31, 36),
            egui::Color32::from_rgb(216, 216, 210),
        )
    };
    painter.circle(centre, cell * 0.42, face, egui::Stroke::new(1.0, ink));
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        c.to_ascii_uppercase(),
        egui::FontId::proportional(cell * 0.5),
        ink,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setup_board_reads_and_writes_a_fen() {
        let draft = Draft::from_text(
            "name = \"T\"\nmode = \"grid\"\n[board]\nfiles = 10\nranks = 8\n[pieces.K]\nbetza = \"K\"\nroyal = true\n\
             [rules]\nsetup = \"r8r/10/10/10/10/10/10/R3K4R w KQq - 0 1\"\n",
        )
        .expect("a draft");
        let mut board = SetupBoard::read(&draft);
        assert_eq!(board.text(), "r8r/10/10/10/10/10/10/R3K4R w KQq - 0 1");
        board.place(4, 7, 'k');
        board.place(0, 0, ' ');
        assert_eq!(board.text(), "r3k4r/10/10/10/10/10/10/4K4R w KQq - 0 1");
        board.flip();
        assert_eq!(board.text(), "r4k4/10/10/10/10/10/10/R4K3R b Kkq - 0 1");
        board.resize(4, 4);
        assert_eq!(board.text(), "4/4/4/R3 b Kkq - 0 1");
    }

    #[test]
    fn obstacles_stay_on_the_setup_board() {
        let mut draft = Draft::new_grid(8, 8);
        draft.set_setup("4k3/8/2*5/8/8/5@2/8/4K3 w - - 0 1");
        let mut board = SetupBoard::read(&draft);
        assert_eq!(board.text(), "4k3/8/2*5/8/8/5@2/8/4K3 w - - 0 1");
        board.flip();
        assert_eq!(board.text(), "3k4/8/2@5/8/8/5*2/8/3K4 b - - 0 1");
    }

    #[test]
    fn a_continuous_setup_keeps_the_pieces_between_square_centres() {
        let mut draft = Draft::new_continuous(8, 8);
        draft.set_setup("w;K@e1;N@3.25,4.5;k@e8");
        let mut board = SetupBoard::read(&draft);
        assert_eq!(board.between(), 1);
        board.place(0, 0, 'R');
        board.write(&mut draft);
        assert_eq!(draft.setup(), "w;R@a1;K@e1;k@e8;N@3.25,4.5");
        board.clear();
        assert_eq!(board.text(), "w");
    }

    #[test]
    fn a_continuous_setup_reads_and_writes_a_pos() {
        let mut draft = Draft::new_grid(8, 8);
        draft.set_setup("b;K@e1;k@e8;N@g1");
        let text = draft
            .to_text()
            .replace("mode = \"grid\"", "mode = \"continuous\"");
        let draft = Draft::from_text(&text).expect("a draft");
        let board = SetupBoard::read(&draft);
        assert_eq!(board.text(), "b;K@e1;N@g1;k@e8");
    }

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
