//! The pointer over the board, for both modes' input: the mouse buttons' changes in the
//! order they happened, and whether egui's panels and windows have the pointer.

use bevy::prelude::*;

/// What a mouse button did over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// The left button went down.
    Press,
    /// The left button came up.
    Release,
    /// The right button went down: drop the picked piece.
    Cancel,
}

/// The board's button changes since the last frame, in the order they happened. A quick
/// click (a touchpad tap, `xdotool click`) can bring the press and the release in one frame;
/// [`ButtonInput`] would only say that both happened, so read the messages in order.
pub fn clicks(reader: &mut MessageReader<bevy::input::mouse::MouseButtonInput>) -> Vec<Click> {
    use bevy::input::ButtonState;
    reader
        .read()
        .filter_map(|input| match (input.button, input.state) {
            (MouseButton::Left, ButtonState::Pressed) => Some(Click::Press),
            (MouseButton::Left, ButtonState::Released) => Some(Click::Release),
            (MouseButton::Right, ButtonState::Pressed) => Some(Click::Cancel),
            _ => None,
        })
        .collect()
}

/// Whether egui has the pointer (over a panel or window), so the board should ignore it.
pub fn pointer_on_panels(contexts: &mut bevy_egui::EguiContexts) -> bool {
    contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.egui_wants_pointer_input())
}

/// Whether the pointer is over a panel or window, whatever egui is doing with it (while a
/// button is dragged, egui keeps the pointer though it is over the board).
pub fn pointer_over_panels(contexts: &mut bevy_egui::EguiContexts) -> bool {
    contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.is_pointer_over_egui())
}
