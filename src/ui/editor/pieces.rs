//! The pieces section: the piece list, the form of the piece picked, and its drawing
//! (the grid diagram, or the continuous sketch) redrawn on every keystroke of its moves,
//! with its value and which other programs can play it.

use super::state::{Drawing, Editor, check};
use crate::betza;
use crate::grid::PieceType;
use crate::grid::diagram::diagram;
use crate::level::draft::{Draft, DraftPiece, DraftPromotion, Moves};
use crate::level::{LevelKind, RADII};
use crate::ui::common::diagram::draw_diagram;
use crate::ui::common::sketch::{draw, sketch, words};
use bevy_egui::egui;
use std::path::Path;

/// The piece list, and the form of the piece picked with its live drawing.
pub(super) fn pieces_section(ui: &mut egui::Ui, editor: &mut Editor) -> bool {
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
            piece_form(ui, piece, draft.is_continuous());
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

/// The fields of one piece (a continuous one's disc radius too).
fn piece_form(ui: &mut egui::Ui, piece: &mut DraftPiece, continuous: bool) {
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
        if continuous {
            ui.label("Radius:");
            ui.horizontal(|ui| {
                let mut own = piece.radius.is_some();
                ui.checkbox(&mut own, "its own")
                    .on_hover_text("Unticked, its disc has the radius R of the others");
                if own {
                    let r = piece.radius.get_or_insert(1.0);
                    ui.add(
                        egui::DragValue::new(r)
                            .range(*RADII.start()..=*RADII.end())
                            .speed(0.01)
                            .suffix(" R"),
                    );
                } else {
                    piece.radius = None;
                }
            });
            ui.end_row();
        }
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
                                sketch(&c.board, k).map(|s| Drawing::Continuous(c.board.clone(), s))
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
        Some(Drawing::Grid(marks)) => draw_diagram(ui, marks),
        Some(Drawing::Continuous(board, sketch)) => draw(ui, board, sketch),
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
                for line in words(&c.board, kind) {
                    ui.label(line);
                }
            }
        }
    }
}
