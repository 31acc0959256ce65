//! The piece inspector: a grid piece type's name, Betza and movement on a small empty
//! board (its [`diagram`](crate::grid::diagram), each square marked by how the piece may
//! reach it). This is where a designer checks a new piece.

use crate::grid::diagram::{Diagram, SIZE, diagram};
use crate::grid::{PieceType, Role};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The type the inspector shows, and its diagram (computed once per choice).
#[derive(Resource, Default)]
pub struct Inspector {
    shown: Option<(Role, Diagram)>,
}

impl Inspector {
    /// Shows type `t` (or hides the inspector if it is already shown).
    pub fn toggle(&mut self, t: Role, piece: &PieceType) {
        self.shown = match &self.shown {
            Some((shown, _)) if *shown == t => None,
            _ => Some((t, diagram(piece))),
        };
    }
}

/// The inspector window.
pub(super) fn inspector_window(
    mut contexts: EguiContexts,
    state: Option<Res<crate::sim::GridMatch>>,
    pictures: Option<Res<super::pictures::Pictures>>,
    mut inspector: ResMut<Inspector>,
) -> Result {
    let (Some(state), Some((t, marks))) = (state, inspector.shown.as_ref()) else {
        return Ok(());
    };
    let piece = &state.level.variant[*t];
    // Its tokens, White's and Black's, as the board shows them.
    let tokens = pictures.as_ref().and_then(|p| {
        let drawn = p.tokens.drawn.get(t.index())?;
        let id = contexts.add_image(bevy_egui::EguiTextureHandle::Weak(p.tokens.atlas.id()));
        let size = p.tokens.size;
        Some(drawn.side.map(|r| {
            egui::Rect::from_min_max(
                egui::pos2(r.min.x / size.x, r.min.y / size.y),
                egui::pos2(r.max.x / size.x, r.max.y / size.y),
            )
        }))
        .map(|uv| (id, uv))
    });
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new(format!("{} ({})", piece.name, piece.label))
        .open(&mut open)
        .default_pos(egui::pos2(20.0, 20.0))
        .resizable(false)
        .show(ctx, |ui| {
            if let Some((id, uv)) = tokens {
                ui.horizontal(|ui| {
                    for side in uv {
                        ui.add(egui::Image::new((id, egui::vec2(48.0, 48.0))).uv(side));
                    }
                });
            }
            ui.monospace(format!("Betza: {}", piece.betza));
            if piece.royal {
                ui.label("Royal: checkmate protects it.");
            }
            if let Some(p) = &piece.promotion {
                let to: Vec<&str> =
                    p.to.iter()
                        .map(|&t| state.level.variant[t].name.as_str())
                        .collect();
                ui.label(format!(
                    "Promotes in the last {} rank(s) to {}{}",
                    p.zone,
                    to.join(", "),
                    if p.optional {
                        " (optional before the last)"
                    } else {
                        ""
                    }
                ));
            }
            draw_diagram(ui, marks);
        });
    if !open {
        inspector.shown = None;
    }
    Ok(())
}

/// A board square's colour as every board in the panels draws it (the window's own
/// board colours); a square is dark where file and rank add up to an even number, as a1.
pub(super) fn square_shade(dark: bool) -> egui::Color32 {
    if dark {
        egui::Color32::from_rgb(214, 199, 168)
    } else {
        egui::Color32::from_rgb(237, 227, 204)
    }
}

/// A piece's diagram on a small board: the piece in the middle, each square it reaches
/// marked by how (green dot: move; red ring: capture; green circle: first move only; blue
/// diamond: only by hopping), and the key to the marks under it.
pub(super) fn draw_diagram(ui: &mut egui::Ui, marks: &Diagram) {
    let cell = 20.0;
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(cell * SIZE as f32, cell * SIZE as f32),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    for x in 0..SIZE {
        for y in 0..SIZE {
            let min = rect.min + egui::vec2(x as f32 * cell, (SIZE - 1 - y) as f32 * cell);
            let square = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
            let shade = square_shade((x + y) % 2 == 0);
            painter.rect_filled(square, 0.0, shade);
            let c = square.center();
            if (x, y) == (SIZE / 2, SIZE / 2) {
                painter.circle_filled(c, cell * 0.4, egui::Color32::from_rgb(30, 30, 34));
                continue;
            }
            let Some(m) = marks.get(&(x, y)) else {
                continue;
            };
            let green = egui::Color32::from_rgb(30, 150, 70);
            let red = egui::Color32::from_rgb(200, 40, 30);
            let blue = egui::Color32::from_rgb(40, 90, 200);
            if m.moves {
                painter.circle_filled(c, cell * 0.22, green);
            }
            if m.captures {
                painter.circle_stroke(c, cell * 0.36, egui::Stroke::new(2.0, red));
            }
            if m.initial {
                painter.circle_stroke(c, cell * 0.22, egui::Stroke::new(2.0, green));
            }
            if m.hops && !m.moves {
                let d = cell * 0.22;
                painter.add(egui::Shape::convex_polygon(
                    vec![
                        c + egui::vec2(0.0, -d),
                        c + egui::vec2(d, 0.0),
                        c + egui::vec2(0.0, d),
                        c + egui::vec2(-d, 0.0),
                    ],
                    blue,
                    egui::Stroke::NONE,
                ));
            }
        }
    }
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(egui::Color32::from_rgb(30, 150, 70), "dot: move");
        ui.colored_label(egui::Color32::from_rgb(200, 40, 30), "ring: capture");
        ui.colored_label(
            egui::Color32::from_rgb(30, 150, 70),
            "circle: first move only",
        );
        ui.colored_label(
            egui::Color32::from_rgb(40, 90, 200),
            "diamond: hop over a piece",
        );
    });
}
