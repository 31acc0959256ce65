//! The goals part of a grid level's rules in the editor: n-check, what mate means, forced
//! captures, no checks, draw odds, the flag, extinction and explosions, each written to `[rules]` as
//! the level format has it (docs/levels.md) and checked with the rest of the draft.

use crate::level::draft::Draft;
use bevy_egui::egui;
use toml::Value;

/// The goals' keys, under the other rules. True if the draft changed.
pub(super) fn goals_rules(ui: &mut egui::Ui, draft: &mut Draft) -> bool {
    let mut changed = false;
    ui.separator();
    ui.label("Goals");
    let mut checks = draft.rule("checks").and_then(Value::as_integer);
    ui.horizontal(|ui| {
        let mut on = checks.is_some();
        let mut n = checks.unwrap_or(3);
        let mut edited = ui.checkbox(&mut on, "n-check: checks that win").changed();
        if on {
            edited |= ui.add(egui::DragValue::new(&mut n).range(1..=99)).changed();
        }
        if edited {
            checks = on.then_some(n);
            draft.set_rule("checks", checks.map(Value::Integer));
            changed = true;
        }
    });
    changed |= choice(
        ui,
        draft,
        "checkmate",
        &["loss", "win"],
        "mate is, for the mated side:",
    );
    changed |= choice(
        ui,
        draft,
        "draw_odds",
        &["", "white", "black"],
        "draws go to:",
    );
    changed |= choice(
        ui,
        draft,
        "walls",
        &["", "past", "anywhere", "duck", "arrow"],
        "walls a move leaves:",
    );
    for (key, text) in [
        ("must_capture", "a side that can take must take"),
        ("no_checks", "no move may give check"),
        (
            "royal_stays_in_check",
            "in check, a royal moves only to take its checker",
        ),
    ] {
        let mut on = draft.rule(key).and_then(Value::as_bool).unwrap_or(false);
        if ui.checkbox(&mut on, text).changed() {
            draft.set_rule(key, on.then_some(Value::Boolean(true)));
            changed = true;
        }
    }
    changed |= flag(ui, draft);
    changed |= extinction(ui, draft);
    changed |= explosions(ui, draft);
    changed
}

/// `rules.explosions`: atomic captures, with the types they spare and those they never
/// remove.
fn explosions(ui: &mut egui::Ui, draft: &mut Draft) -> bool {
    let table = draft.rule("explosions").and_then(Value::as_table).cloned();
    let mut on = table.is_some();
    let table = table.unwrap_or_default();
    let mut spares = words(table.get("spares"));
    let mut immune = words(table.get("immune"));
    let mut edited = false;
    ui.horizontal(|ui| {
        edited |= ui
            .checkbox(&mut on, "captures explode; spared beside:")
            .changed();
        if on {
            edited |= ui
                .add(egui::TextEdit::singleline(&mut spares).desired_width(50.0))
                .changed();
            ui.label("never blown up:");
            edited |= ui
                .add(egui::TextEdit::singleline(&mut immune).desired_width(50.0))
                .changed();
        }
    });
    if edited {
        let value = on.then(|| {
            // Keys this form does not show (not_alike) are kept.
            let mut t = table.clone();
            for (key, text) in [("spares", &spares), ("immune", &immune)] {
                if text.trim().is_empty() {
                    t.remove(key);
                } else {
                    t.insert(key.into(), list(&text.to_uppercase()));
                }
            }
            Value::Table(t)
        });
        draft.set_rule("explosions", value);
    }
    edited
}

/// A row of choices for `key`; the first is the default (an empty one: the key left out).
fn choice(ui: &mut egui::Ui, draft: &mut Draft, key: &str, choices: &[&str], text: &str) -> bool {
    let now = draft
        .rule(key)
        .and_then(Value::as_str)
        .unwrap_or(choices[0])
        .to_string();
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label(text);
        for &c in choices {
            let shown = match (c.is_empty(), key) {
                (true, "walls") => "none",
                (true, _) => "nobody",
                (false, _) => c,
            };
            if ui.selectable_label(now == c, shown).clicked() && now != c {
                let value = (c != choices[0]).then(|| Value::String(c.into()));
                draft.set_rule(key, value);
                changed = true;
            }
        }
    });
    changed
}

/// A list of strings as one line of words, and back.
fn words(value: Option<&Value>) -> String {
    value
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

fn list(text: &str) -> Value {
    Value::Array(
        text.split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(|w| Value::String(w.to_string()))
            .collect(),
    )
}

/// `rules.flag`: the piece and each side's region as words (`d4-e5`, `a8-h8`).
fn flag(ui: &mut egui::Ui, draft: &mut Draft) -> bool {
    let table = draft.rule("flag").and_then(Value::as_table).cloned();
    let mut on = table.is_some();
    let table = table.unwrap_or_default();
    let mut piece = table
        .get("piece")
        .and_then(Value::as_str)
        .unwrap_or("K")
        .to_string();
    let mut white = words(table.get("white"));
    let mut black = words(table.get("black"));
    let mut edited = false;
    ui.horizontal(|ui| {
        edited |= ui.checkbox(&mut on, "flag: piece").changed();
        if on {
            edited |= ui
                .add(egui::TextEdit::singleline(&mut piece).desired_width(20.0))
                .changed();
            ui.label("White's squares");
            edited |= ui
                .add(egui::TextEdit::singleline(&mut white).desired_width(70.0))
                .changed();
            ui.label("Black's");
            edited |= ui
                .add(egui::TextEdit::singleline(&mut black).desired_width(70.0))
                .changed();
        }
    });
    if edited {
        let value = on.then(|| {
            // Keys this form does not show (answer) are kept.
            let mut t = table.clone();
            t.insert("piece".into(), Value::String(piece.trim().to_uppercase()));
            for (key, text) in [("white", &white), ("black", &black)] {
                if text.trim().is_empty() {
                    t.remove(key);
                } else {
                    t.insert(key.into(), list(text));
                }
            }
            Value::Table(t)
        });
        draft.set_rule("flag", value);
    }
    edited
}

/// `rules.extinction`: the types counted (none: all pieces together), how many may be left,
/// and what it means.
fn extinction(ui: &mut egui::Ui, draft: &mut Draft) -> bool {
    let table = draft.rule("extinction").and_then(Value::as_table).cloned();
    let mut on = table.is_some();
    let table = table.unwrap_or_default();
    let mut pieces = words(table.get("pieces"));
    let mut left = table.get("left").and_then(Value::as_integer).unwrap_or(0);
    let mut win = table.get("outcome").and_then(Value::as_str) == Some("win");
    let mut edited = false;
    ui.horizontal(|ui| {
        edited |= ui.checkbox(&mut on, "extinction of").changed();
        if on {
            edited |= ui
                .add(
                    egui::TextEdit::singleline(&mut pieces)
                        .hint_text("all pieces")
                        .desired_width(80.0),
                )
                .changed();
            ui.label("at most");
            edited |= ui
                .add(egui::DragValue::new(&mut left).range(0..=99))
                .changed();
            ui.label("left");
            edited |= ui.checkbox(&mut win, "wins (else loses)").changed();
        }
    });
    if edited {
        let value = on.then(|| {
            let mut t = toml::Table::new();
            if !pieces.trim().is_empty() {
                t.insert("pieces".into(), list(&pieces.to_uppercase()));
            }
            if left > 0 {
                t.insert("left".into(), Value::Integer(left));
            }
            if win {
                t.insert("outcome".into(), Value::String("win".into()));
            }
            Value::Table(t)
        });
        draft.set_rule("extinction", value);
    }
    edited
}
