//! A grid piece's diagram drawn in a panel: the piece in the middle of a small board, each
//! square it reaches marked by how, and the key to the marks (the grid inspector and the
//! level editor show it).

use super::look::square_shade;
use crate::grid::diagram::{Diagram, SIZE};
use bevy_egui::egui;

/// A piece's diagram on a small board: the piece in the middle, each square it reaches
/// marked by how (green dot: move; red ring: capture; green circle: first move only; blue
/// diamond: only by hopping), and the key to the marks under it.
pub fn draw_diagram(ui: &mut egui::Ui, marks: &Diagram) {
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
