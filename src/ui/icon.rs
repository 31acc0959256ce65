//! The program's icon, `assets/linux/areachess.svg`, carried inside the binary: the
//! window shows it (title bar, task bar), and the package installs it with PNG sizes
//! drawn from it (kept current by the test `packaging`).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use resvg::{tiny_skia, usvg};

/// The icon's SVG text.
pub const SVG: &str = include_str!("../../assets/linux/areachess.svg");

/// The side, in pixels, the window's icon is drawn at.
const WINDOW_SIDE: u32 = 64;

/// The icon drawn `side` pixels square, as straight (not premultiplied) RGBA rows;
/// `None` if `side` is 0 or the SVG does not read.
pub fn rgba(side: u32) -> Option<Vec<u8>> {
    let tree = usvg::Tree::from_str(SVG, &usvg::Options::default()).ok()?;
    let mut pixmap = tiny_skia::Pixmap::new(side, side)?;
    let scale = side as f32 / tree.size().width().max(tree.size().height());
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Some(super::pictures::straight_rgba(&pixmap))
}

/// Gives the primary window the icon once winit has made it (a few frames after start);
/// then does nothing.
pub(super) fn show_in_window(
    mut done: Local<bool>,
    windows: Query<Entity, With<PrimaryWindow>>,
    _main_thread: bevy::ecs::system::NonSendMarker,
) {
    if *done {
        return;
    }
    let Ok(entity) = windows.single() else {
        return;
    };
    bevy::winit::WINIT_WINDOWS.with_borrow(|winit| {
        let Some(window) = winit.get_window(entity) else {
            return;
        };
        let icon = rgba(WINDOW_SIDE).and_then(|pixels| {
            winit::window::Icon::from_rgba(pixels, WINDOW_SIDE, WINDOW_SIDE).ok()
        });
        window.set_window_icon(icon);
        *done = true;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_icon_draws_at_every_size_the_package_installs() {
        for side in [32, 48, 64, 128, 256] {
            let pixels = rgba(side).expect("the icon draws");
            assert_eq!(pixels.len(), (side * side * 4) as usize);
            // The corners are outside the rounded board (clear); the middle is not.
            assert_eq!(pixels[3], 0, "a clear corner at {side}");
            let middle = ((side / 2) * side + side / 2) as usize * 4;
            assert_eq!(pixels[middle + 3], 255, "an opaque middle at {side}");
        }
    }
}
