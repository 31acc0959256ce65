//! The rules section: a grid level's rules (stalemate, royalty, repetition, the move
//! rule, material, a bare king, castling, and the goals of `goals`), or a continuous
//! level's lengths and outline (round or not, walls and holes).

use super::state::Editor;
use crate::continuous::geometry::{Obstacle, Point};
use crate::level::LevelKind;
use crate::level::MOST_CORNERS;
use crate::level::draft::Draft;
use bevy_egui::egui;

/// The rules' keys.
pub(super) fn rules_section(ui: &mut egui::Ui, editor: &mut Editor) -> bool {
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
                (
                    "stalemate",
                    ["draw", "loss", "win", "fewer-pieces-win"].as_slice(),
                ),
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
            changed |= super::goals::goals_rules(ui, draft);
        });
    changed
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
            changed |= outline_fields(ui, draft, board);
        });
    changed
}

/// A continuous board's outline: round or not, and its walls and holes. True if the draft
/// changed.
fn outline_fields(
    ui: &mut egui::Ui,
    draft: &mut Draft,
    board: Option<&crate::continuous::Board>,
) -> bool {
    let mut changed = false;
    ui.separator();
    let mut round = draft.round();
    if ui
        .checkbox(&mut round, "Round board: the disc inside a square board")
        .changed()
    {
        draft.set_round(round);
        changed = true;
    }
    // A new wall starts in the middle of the board, a square across.
    let (middle, square) = board.map_or((Point::new(11.3, 11.3), 2.8), |b| (b.centre(), b.square));
    for (key, what) in [
        ("walls", "Walls: no disc may overlap, cross or land on them"),
        ("holes", "Holes: played as walls, drawn as missing board"),
    ] {
        ui.label(what);
        let Some(mut list) = draft.obstacles(key) else {
            ui.label(format!(
                "{key} has an entry the editor cannot read: the check below says which; mend it in the file."
            ));
            continue;
        };
        let mut edited = false;
        let mut removed = None;
        let coordinate = |ui: &mut egui::Ui, v: &mut f64, label: &str| {
            ui.add(
                egui::DragValue::new(v)
                    .range(-1000.0..=1000.0)
                    .speed(0.05)
                    .prefix(label),
            )
            .changed()
        };
        for (n, obstacle) in list.iter_mut().enumerate() {
            ui.horizontal_wrapped(|ui| {
                match obstacle {
                    Obstacle::Disc { centre, radius } => {
                        ui.label("disc");
                        edited |= coordinate(ui, &mut centre.x, "x ");
                        edited |= coordinate(ui, &mut centre.y, "y ");
                        edited |= ui
                            .add(
                                egui::DragValue::new(radius)
                                    .range(0.05..=1000.0)
                                    .speed(0.05)
                                    .prefix("radius "),
                            )
                            .changed();
                    }
                    Obstacle::Polygon { corners } => {
                        ui.label("polygon");
                        for c in corners.iter_mut() {
                            edited |= coordinate(ui, &mut c.x, "x ");
                            edited |= coordinate(ui, &mut c.y, "y ");
                        }
                        if corners.len() < MOST_CORNERS && ui.small_button("+ corner").clicked() {
                            let last = corners.last().copied().unwrap_or(middle);
                            corners.push(last + Point::new(square / 2.0, 0.0));
                            edited = true;
                        }
                        if corners.len() > 3 && ui.small_button("− corner").clicked() {
                            corners.pop();
                            edited = true;
                        }
                    }
                }
                if ui.small_button("Remove").clicked() {
                    removed = Some(n);
                }
            });
        }
        if let Some(n) = removed {
            list.remove(n);
            edited = true;
        }
        ui.horizontal(|ui| {
            if ui.button("Add a disc").clicked() {
                list.push(Obstacle::Disc {
                    centre: middle,
                    radius: square / 2.0,
                });
                edited = true;
            }
            if ui.button("Add a polygon").clicked() {
                let h = square / 2.0;
                list.push(Obstacle::Polygon {
                    corners: vec![
                        middle + Point::new(-h, -h),
                        middle + Point::new(h, -h),
                        middle + Point::new(h, h),
                        middle + Point::new(-h, h),
                    ],
                });
                edited = true;
            }
        });
        if edited {
            draft.set_obstacles(key, &list);
            changed = true;
        }
    }
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
