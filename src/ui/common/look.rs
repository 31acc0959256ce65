//! How the window looks, for every part of it: the background, the board's square colours
//! (on the board and on the panels' small boards), the side panel's width, egui's plain
//! style, and which way up the board is.

use bevy::prelude::*;
use bevy_egui::egui;

/// Width of the side panel, in logical pixels.
pub const PANEL_WIDTH: f32 = 300.0;

/// The window's background: egui's dark panel colour. The side panel itself is left
/// unpainted and this shows through, so the panel looks as egui would draw it.
pub const BACKGROUND: Color = Color::srgb_u8(27, 27, 27);

/// The board's light and dark squares.
pub const SQUARE_COLOURS: [Color; 2] =
    [Color::srgb(0.93, 0.89, 0.80), Color::srgb(0.84, 0.78, 0.66)];

/// A board square's colour as every board in the panels draws it (the window's own
/// board colours); a square is dark where file and rank add up to an even number, as a1.
pub fn square_shade(dark: bool) -> egui::Color32 {
    if dark {
        egui::Color32::from_rgb(214, 199, 168)
    } else {
        egui::Color32::from_rgb(237, 227, 204)
    }
}

/// Whether Black's side is at the bottom (both modes; F or the panel's Flip board).
#[derive(Resource, Default)]
pub struct Flipped(pub bool);

/// Sets egui's look once: the dark theme (the board's surround and its coordinates are
/// drawn for it), no shadows, a steady text cursor, and panels left unpainted over the
/// window's background.
/// Under a software renderer every pixel egui paints costs each frame: a shadow's blurred
/// edge, and above all the panel's 300 × 760 fill, about 2 ms a frame by itself.
pub fn plain_style(mut contexts: bevy_egui::EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        let ctx = contexts.ctx_mut()?;
        ctx.set_theme(egui::Theme::Dark);
        ctx.all_styles_mut(|style| {
            style.visuals.window_shadow = egui::epaint::Shadow::NONE;
            style.visuals.popup_shadow = egui::epaint::Shadow::NONE;
            style.visuals.panel_fill = egui::Color32::TRANSPARENT;
            // A blinking cursor would need frames while nothing else happens.
            style.visuals.text_cursor.blink = false;
        });
        *done = true;
    }
    Ok(())
}
