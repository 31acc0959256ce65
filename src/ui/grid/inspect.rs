//! The grid piece inspector: a window with a piece type's name, Betza and movement on a
//! small empty board (its [`diagram`](crate::grid::diagram), each square marked by how the
//! piece may reach it, drawn by `ui::common::diagram`). This is where a designer checks a
//! new piece.

use crate::grid::diagram::{Diagram, diagram};
use crate::grid::{PieceType, Role};
use crate::ui::common::diagram::draw_diagram;
use crate::ui::pictures::Pictures;
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
    pictures: Option<Res<Pictures>>,
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
                let names = |roles: &[crate::grid::Role]| {
                    roles
                        .iter()
                        .map(|&t| state.level.variant[t].name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let to = match &p.black_to {
                    None => names(&p.to),
                    Some(black) => format!("{} (White), {} (Black)", names(&p.to), names(black)),
                };
                ui.label(format!(
                    "Promotes in the last {} rank(s) to {}{}",
                    p.zone,
                    to,
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
