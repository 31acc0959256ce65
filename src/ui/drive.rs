//! `play --drive SCRIPT`: a script's steps (read by [`crate::script`], which lists them)
//! played one per frame through Bevy's own input messages, as if a person moved the mouse
//! — for the GUI tests and for demonstrations.
//!
//! The window system reports a moved pointer back some frames later, and under load a
//! late report of an earlier place could overwrite the scripted one; so the scripted place
//! is asserted again every frame until the next move.
//! The script starts once the frames asked for by `--after-frames` are drawn; the final
//! `--screenshot` is taken a few frames after its last step. While a script runs the app's
//! clock advances one 60th of a second a frame, however long the frame really took, so
//! what is timed (a piece gliding to its square, egui fading a window in, autoplay) happens
//! by frame count: `wait 20` lets a glide finish. egui still reads the real clock, and
//! counts a press held longer than 0.8 s as a drag; a loaded machine can draw one frame
//! that slowly, so while a script runs a press and its release are a click however long
//! the frames between them took.

use crate::convert::to_bevy;
use crate::script::{Key, Step};
use crate::sim::grid::square_centre;
use crate::sim::{ContinuousMatch, GridMatch};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use std::collections::VecDeque;

/// The key a script names, as Bevy knows it.
fn key_code(key: Key) -> KeyCode {
    const LETTERS: [KeyCode; 26] = [
        KeyCode::KeyA,
        KeyCode::KeyB,
        KeyCode::KeyC,
        KeyCode::KeyD,
        KeyCode::KeyE,
        KeyCode::KeyF,
        KeyCode::KeyG,
        KeyCode::KeyH,
        KeyCode::KeyI,
        KeyCode::KeyJ,
        KeyCode::KeyK,
        KeyCode::KeyL,
        KeyCode::KeyM,
        KeyCode::KeyN,
        KeyCode::KeyO,
        KeyCode::KeyP,
        KeyCode::KeyQ,
        KeyCode::KeyR,
        KeyCode::KeyS,
        KeyCode::KeyT,
        KeyCode::KeyU,
        KeyCode::KeyV,
        KeyCode::KeyW,
        KeyCode::KeyX,
        KeyCode::KeyY,
        KeyCode::KeyZ,
    ];
    const DIGITS: [KeyCode; 10] = [
        KeyCode::Digit0,
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    match key {
        Key::Letter(c) => LETTERS[(c as u8).wrapping_sub(b'a') as usize % 26],
        Key::Digit(c) => DIGITS[(c as u8).wrapping_sub(b'0') as usize % 10],
        Key::Left => KeyCode::ArrowLeft,
        Key::Right => KeyCode::ArrowRight,
        Key::Up => KeyCode::ArrowUp,
        Key::Down => KeyCode::ArrowDown,
        Key::Home => KeyCode::Home,
        Key::End => KeyCode::End,
        Key::Escape => KeyCode::Escape,
        Key::Enter => KeyCode::Enter,
        Key::Space => KeyCode::Space,
        Key::Tab => KeyCode::Tab,
        Key::Backspace => KeyCode::Backspace,
        Key::Delete => KeyCode::Delete,
        Key::Control => KeyCode::ControlLeft,
        Key::Shift => KeyCode::ShiftLeft,
    }
}

/// Plays `steps` once `start_after` frames are drawn, on a clock that advances one 60th of
/// a second a frame, so what is timed (glides, autoplay) happens by frame count however
/// slow the machine is.
pub(super) struct DrivePlugin {
    /// The script.
    pub steps: Vec<Step>,
    /// Frames to draw before the first step.
    pub start_after: u32,
}

impl Plugin for DrivePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_secs_f64(1.0 / 60.0),
        ))
        .insert_resource(Drive::new(self.steps.clone(), self.start_after))
        .add_systems(First, drive)
        .add_systems(PreUpdate, clicks_by_frames);
    }
}

/// Lets a scripted press and release be a click however long the frames between them
/// took on the real clock (egui's own clock), as they are on the script's clock.
fn clicks_by_frames(mut contexts: bevy_egui::EguiContexts) {
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.options_mut(|o| o.input_options.max_click_duration = f64::INFINITY);
    }
}

/// The script being played.
#[derive(Resource, Debug)]
pub struct Drive {
    steps: VecDeque<Step>,
    start_after: u32,
    frame: u32,
    wait: u32,
    /// Where the script last put the pointer, in window pixels.
    pointer: Option<Vec2>,
    /// Frames left to wait for the game's end.
    until_over: u32,
    /// Modifier keys held since the last frame, to release now.
    held: Vec<KeyCode>,
    /// Modifier keys held for the key to be tapped next.
    holding: Vec<KeyCode>,
    /// The key of a `key` step, tapped the frame after its modifiers went down (as
    /// fingers do, and so that every reader of the keyboard has seen them held).
    tap: Option<KeyCode>,
    /// What is left to type of a `type` step, one character a frame.
    typing: VecDeque<char>,
    /// The right button, held since the last frame, to release now.
    right_held: bool,
}

impl Drive {
    /// A script to start after `start_after` frames.
    pub fn new(steps: Vec<Step>, start_after: u32) -> Drive {
        Drive {
            steps: steps.into(),
            start_after,
            frame: 0,
            wait: 0,
            pointer: None,
            until_over: 0,
            held: Vec::new(),
            holding: Vec::new(),
            tap: None,
            typing: VecDeque::new(),
            right_held: false,
        }
    }

    /// Whether every step has been played.
    pub fn done(&self) -> bool {
        self.steps.is_empty()
            && self.tap.is_none()
            && self.typing.is_empty()
            && self.wait == 0
            && self.until_over == 0
            && self.frame > self.start_after
    }
}

/// Plays the next step. Runs in `First`, before Bevy turns input messages into state.
#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: one parameter per resource"
)]
fn drive(
    mut commands: Commands,
    mut plan: ResMut<Drive>,
    window: Single<(Entity, &mut Window), With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    grid: Option<Res<GridMatch>>,
    continuous: Option<Res<ContinuousMatch>>,
    mut buttons: MessageWriter<MouseButtonInput>,
    mut moved: MessageWriter<CursorMoved>,
    mut window_events: MessageWriter<WindowEvent>,
    mut keys: MessageWriter<KeyboardInput>,
    mut exit: MessageWriter<AppExit>,
) {
    plan.frame += 1;
    if plan.frame <= plan.start_after {
        return;
    }
    let (entity, mut window) = window.into_inner();
    for key in std::mem::take(&mut plan.held) {
        tap(
            entity,
            key,
            ButtonState::Released,
            &mut keys,
            &mut window_events,
        );
    }
    if std::mem::take(&mut plan.right_held) {
        press(
            entity,
            MouseButton::Right,
            ButtonState::Released,
            &mut buttons,
            &mut window_events,
        );
    }
    if let Some(at) = plan.pointer
        && window.cursor_position() != Some(at)
    {
        point_at(&mut window, entity, at, &mut moved, &mut window_events);
    }
    if plan.wait > 0 {
        plan.wait -= 1;
        return;
    }
    if plan.until_over > 0 {
        let over = match (&grid, &continuous) {
            (Some(g), _) => g.game.status().is_over(),
            (None, Some(m)) => m.game.status().is_over(),
            _ => true,
        };
        plan.until_over = if over { 0 } else { plan.until_over - 1 };
        return;
    }
    if let Some(key) = plan.tap.take() {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            tap(entity, key, state, &mut keys, &mut window_events);
        }
        plan.held = std::mem::take(&mut plan.holding);
        return;
    }
    if let Some(c) = plan.typing.pop_front() {
        type_char(entity, c, &mut keys);
        return;
    }
    let Some(step) = plan.steps.pop_front() else {
        return;
    };
    match step {
        Step::Move(point) => {
            let world = match (&grid, &continuous) {
                (Some(g), _) => grid_point(g, &point),
                (None, Some(m)) => crate::continuous::notation::parse_point(&m.level.board, &point)
                    .ok()
                    .map(to_bevy),
                _ => None,
            };
            let (camera, at) = *camera;
            let Some(screen) = world.and_then(|w| camera.world_to_viewport(at, w.extend(0.0)).ok())
            else {
                error!("--drive: 'move {point}': not a point of this board on screen");
                exit.write(AppExit::from_code(2));
                return;
            };
            point_at(&mut window, entity, screen, &mut moved, &mut window_events);
            plan.pointer = Some(screen);
        }
        Step::Pixel([x, y]) => {
            let screen = Vec2::new(x, y);
            point_at(&mut window, entity, screen, &mut moved, &mut window_events);
            plan.pointer = Some(screen);
        }
        Step::Press => press(
            entity,
            MouseButton::Left,
            ButtonState::Pressed,
            &mut buttons,
            &mut window_events,
        ),
        Step::Release => press(
            entity,
            MouseButton::Left,
            ButtonState::Released,
            &mut buttons,
            &mut window_events,
        ),
        Step::Click => {
            for state in [ButtonState::Pressed, ButtonState::Released] {
                press(
                    entity,
                    MouseButton::Left,
                    state,
                    &mut buttons,
                    &mut window_events,
                );
            }
        }
        Step::RightClick => {
            press(
                entity,
                MouseButton::Right,
                ButtonState::Pressed,
                &mut buttons,
                &mut window_events,
            );
            plan.right_held = true;
        }
        Step::Key { modifiers, key } => {
            let modifiers: Vec<KeyCode> = modifiers.into_iter().map(key_code).collect();
            for &m in &modifiers {
                tap(
                    entity,
                    m,
                    ButtonState::Pressed,
                    &mut keys,
                    &mut window_events,
                );
            }
            plan.holding = modifiers;
            plan.tap = Some(key_code(key));
        }
        Step::Type(text) => {
            let mut chars: VecDeque<char> = text.chars().collect();
            if let Some(c) = chars.pop_front() {
                type_char(entity, c, &mut keys);
            }
            plan.typing = chars;
        }
        Step::Wait(n) => plan.wait = n,
        Step::UntilOver(n) => plan.until_over = n,
        Step::Shot(path) => {
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path));
            // Give the capture a few frames before anything changes.
            plan.wait = 3;
        }
    }
}

/// Presses or releases a button. The game reads the input message, egui the window event:
/// both, as winit sends them.
fn press(
    window: Entity,
    button: MouseButton,
    state: ButtonState,
    buttons: &mut MessageWriter<MouseButtonInput>,
    window_events: &mut MessageWriter<WindowEvent>,
) {
    let input = MouseButtonInput {
        button,
        state,
        window,
    };
    buttons.write(input);
    window_events.write(WindowEvent::MouseButtonInput(input));
}

/// Presses or releases a key, for the game and for egui, as winit reports it.
fn tap(
    window: Entity,
    key_code: KeyCode,
    state: ButtonState,
    keys: &mut MessageWriter<KeyboardInput>,
    window_events: &mut MessageWriter<WindowEvent>,
) {
    let input = KeyboardInput {
        key_code,
        logical_key: logical_key(key_code),
        state,
        text: None,
        repeat: false,
        window,
    };
    keys.write(input.clone());
    window_events.write(WindowEvent::KeyboardInput(input));
}

/// What a key means on a US layout, as winit reports it beside the key's place (egui reads
/// the meaning, modifiers included).
fn logical_key(code: KeyCode) -> bevy::input::keyboard::Key {
    use bevy::input::keyboard::{Key, NativeKey};
    match code {
        KeyCode::ControlLeft => Key::Control,
        KeyCode::ShiftLeft => Key::Shift,
        KeyCode::ArrowLeft => Key::ArrowLeft,
        KeyCode::ArrowRight => Key::ArrowRight,
        KeyCode::ArrowUp => Key::ArrowUp,
        KeyCode::ArrowDown => Key::ArrowDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::Escape => Key::Escape,
        KeyCode::Enter => Key::Enter,
        KeyCode::Space => Key::Space,
        KeyCode::Tab => Key::Tab,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Delete => Key::Delete,
        _ => {
            // A letter or a digit: its character, from the key's name (`KeyA`, `Digit1`).
            let name = format!("{code:?}");
            let c = name
                .strip_prefix("Key")
                .or_else(|| name.strip_prefix("Digit"))
                .filter(|rest| rest.len() == 1)
                .map(str::to_ascii_lowercase);
            match c {
                Some(c) => Key::Character(c.into()),
                None => Key::Unidentified(NativeKey::Unidentified),
            }
        }
    }
}

/// Types one character as a keyboard does: its key goes down carrying the character and
/// comes up. The key code is left unidentified, so that typing never fires the board's
/// shortcuts (only a real key name, through `key`, does).
fn type_char(window: Entity, c: char, keys: &mut MessageWriter<KeyboardInput>) {
    use bevy::input::keyboard::{Key, NativeKeyCode};
    let logical_key = if c == ' ' {
        Key::Space
    } else {
        Key::Character(c.to_string().into())
    };
    for state in [ButtonState::Pressed, ButtonState::Released] {
        keys.write(KeyboardInput {
            key_code: KeyCode::Unidentified(NativeKeyCode::Unidentified),
            logical_key: logical_key.clone(),
            state,
            text: (state == ButtonState::Pressed).then(|| c.to_string().into()),
            repeat: false,
            window,
        });
    }
}

/// Moves the pointer to a window point, telling Bevy and egui as winit would.
fn point_at(
    window: &mut Window,
    entity: Entity,
    screen: Vec2,
    moved: &mut MessageWriter<CursorMoved>,
    window_events: &mut MessageWriter<WindowEvent>,
) {
    window.set_cursor_position(Some(screen));
    let message = CursorMoved {
        window: entity,
        position: screen,
        delta: None,
    };
    moved.write(message.clone());
    window_events.write(WindowEvent::CursorMoved(message));
}

/// A grid board point: a square's centre, or `x,y` in squares from a1's lower-left corner.
fn grid_point(state: &GridMatch, text: &str) -> Option<Vec2> {
    if text.contains(',') {
        return crate::script::pair(text).map(Vec2::from);
    }
    let sq = state.level.variant.geometry.parse_square(text.trim())?;
    Some(square_centre(&state.level, sq))
}
