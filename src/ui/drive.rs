//! `play --drive SCRIPT`: pointer actions played one per frame through Bevy's own input
//! messages, as if a person moved the mouse — for the GUI tests and for demonstrations.
//!
//! A script is steps separated by `;`:
//!
//! | step | does |
//! | --- | --- |
//! | `move POINT` | puts the pointer on a board point: a square name, or `x,y` in the mode's board units (continuous: R; grid: squares from a1's corner) |
//! | `pixel X,Y` | puts the pointer on a window point, in logical pixels from the top left (for the panels; each within ±100,000) |
//! | `press`, `release` | the left button |
//! | `click` | the left button pressed and released in one frame, as a touchpad tap or `xdotool click` comes |
//! | `rclick` | the right button pressed, and released the next frame |
//! | `wait N` | N frames of nothing (N at most 216,000: an hour at 60 frames a second) |
//! | `over N` | frames until the game is over, at most N (a game between computers; N at most 216,000) |
//! | `shot FILE` | saves the window as a PNG (the run goes on) |
//! | `key NAME` | taps a key: a letter or digit, `left` `right` `up` `down` `home` `end` `esc` `enter` `space` `tab` `backspace` `delete`, after `ctrl+` or `shift+` (pressed a frame before the key, released a frame after) |
//! | `type TEXT` | types the text (to the end of the step) into the focused field, one character a frame, as a keyboard sends characters |
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
use crate::sim::grid::square_centre;
use crate::sim::{ContinuousMatch, GridMatch};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use std::collections::VecDeque;
use std::path::PathBuf;

/// One step of a script.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Put the pointer on a board point (as written).
    Move(String),
    /// Put the pointer on a window point, in logical pixels.
    Pixel(Vec2),
    /// Press the left button.
    Press,
    /// Release the left button.
    Release,
    /// Press and release the left button in one frame.
    Click,
    /// Press the right button (released the next frame).
    RightClick,
    /// Draw this many frames.
    Wait(u32),
    /// Draw frames until the game is over, at most this many.
    UntilOver(u32),
    /// Save the window.
    Shot(PathBuf),
    /// Type these characters, one a frame.
    Type(String),
    /// The key of a `key` step with modifiers, tapped the frame after they went down (as
    /// fingers do, and so that every reader of the keyboard has seen them held).
    Tap(KeyCode),
    /// Tap a key, with these modifiers held.
    Key {
        /// Held with it (released the next frame).
        modifiers: Vec<KeyCode>,
        /// The key tapped.
        key: KeyCode,
    },
}

/// A key's name in a script: a letter or digit, or one of the named keys.
fn key_code(name: &str) -> Option<KeyCode> {
    let named = match name {
        "left" => KeyCode::ArrowLeft,
        "right" => KeyCode::ArrowRight,
        "up" => KeyCode::ArrowUp,
        "down" => KeyCode::ArrowDown,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        "esc" | "escape" => KeyCode::Escape,
        "enter" => KeyCode::Enter,
        "space" => KeyCode::Space,
        "tab" => KeyCode::Tab,
        "backspace" => KeyCode::Backspace,
        "delete" => KeyCode::Delete,
        "ctrl" => KeyCode::ControlLeft,
        "shift" => KeyCode::ShiftLeft,
        _ => {
            let mut chars = name.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return None;
            };
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
            return match c {
                'a'..='z' => Some(LETTERS[(c as u8 - b'a') as usize]),
                '0'..='9' => Some(DIGITS[(c as u8 - b'0') as usize]),
                _ => None,
            };
        }
    };
    Some(named)
}

/// `key ctrl+z`: the modifiers and the key.
fn read_key(text: &str) -> Option<Step> {
    let mut parts: Vec<&str> = text.split('+').map(str::trim).collect();
    let key = key_code(&parts.pop()?.to_ascii_lowercase())?;
    let modifiers = parts
        .iter()
        .map(|m| match m.to_ascii_lowercase().as_str() {
            "ctrl" => Some(KeyCode::ControlLeft),
            "shift" => Some(KeyCode::ShiftLeft),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Step::Key { modifiers, key })
}

/// The most frames a `wait` or `over` step may ask for: an hour at 60 frames a second, so
/// that no script holds the window for longer by a slip of the keyboard.
pub const MAX_FRAMES: u32 = 216_000;

/// How far from the window's corner a `pixel` step may point, in logical pixels: beyond
/// any screen, short of where a float loses whole pixels.
const MAX_PIXEL: f32 = 100_000.0;

/// A step's count of frames: a whole number up to [`MAX_FRAMES`].
fn frames(text: &str) -> Option<u32> {
    text.parse().ok().filter(|&n| n <= MAX_FRAMES)
}

/// Reads a script; says which step is wrong.
pub fn parse_script(text: &str) -> Result<Vec<Step>, String> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(n, step)| {
            let (word, rest) = step.split_once(' ').unwrap_or((step, ""));
            let rest = rest.trim();
            match (word, rest.is_empty()) {
                ("move", false) => Ok(Step::Move(rest.to_string())),
                ("pixel", false) => rest
                    .split_once(',')
                    .and_then(|(x, y)| Some(Vec2::new(x.trim().parse().ok()?, y.trim().parse().ok()?)))
                    .filter(|p| p.is_finite() && p.abs().max_element() <= MAX_PIXEL)
                    .map(Step::Pixel)
                    .ok_or_else(|| {
                        format!("step {} '{step}': pixel takes X,Y, each a number of logical pixels within ±{MAX_PIXEL}", n + 1)
                    }),
                ("press", true) => Ok(Step::Press),
                ("release", true) => Ok(Step::Release),
                ("click", true) => Ok(Step::Click),
                ("rclick", true) => Ok(Step::RightClick),
                ("wait", false) => frames(rest)
                    .map(Step::Wait)
                    .ok_or_else(|| format!("step {} '{step}': wait takes a number of frames, at most {MAX_FRAMES}", n + 1)),
                ("over", false) => frames(rest)
                    .map(Step::UntilOver)
                    .ok_or_else(|| format!("step {} '{step}': over takes a number of frames, at most {MAX_FRAMES}", n + 1)),
                ("shot", false) => Ok(Step::Shot(PathBuf::from(rest))),
                ("type", false) => Ok(Step::Type(rest.to_string())),
                ("key", false) => read_key(rest).ok_or_else(|| {
                    format!(
                        "step {} '{step}': key takes a letter, a digit or a named key (left, right, home, end, esc, …), after ctrl+ or shift+",
                        n + 1
                    )
                }),
                _ => Err(format!(
                    "step {} '{step}': expected move POINT, pixel X,Y, press, release, click, rclick, key NAME, type TEXT, wait N, over N or shot FILE",
                    n + 1
                )),
            }
        })
        .collect()
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
            right_held: false,
        }
    }

    /// Whether every step has been played.
    pub fn done(&self) -> bool {
        self.steps.is_empty()
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
        Step::Pixel(screen) => {
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
            plan.steps.push_front(Step::Tap(key));
        }
        Step::Tap(key) => {
            for state in [ButtonState::Pressed, ButtonState::Released] {
                tap(entity, key, state, &mut keys, &mut window_events);
            }
            plan.held = std::mem::take(&mut plan.holding);
        }
        Step::Type(text) => {
            let mut chars = text.chars();
            if let Some(c) = chars.next() {
                type_char(entity, c, &mut keys);
                let rest: String = chars.collect();
                if !rest.is_empty() {
                    plan.steps.push_front(Step::Type(rest));
                }
            }
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
    if let Some((x, y)) = text.split_once(',') {
        return Some(Vec2::new(x.trim().parse().ok()?, y.trim().parse().ok()?));
    }
    let sq = state.level.variant.geometry.parse_square(text.trim())?;
    Some(square_centre(&state.level, sq))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_places_past_their_limits_are_refused() {
        assert_eq!(
            parse_script("wait 216000"),
            Ok(vec![Step::Wait(MAX_FRAMES)])
        );
        for script in [
            "wait 216001",
            "over 4294967295",
            "wait 99999999999999999999",
            "wait -1",
            "pixel nan,1",
            "pixel 1,inf",
            "pixel 100001,0",
        ] {
            let refused = parse_script(script).expect_err(script);
            assert!(refused.starts_with("step 1 '"), "{refused}");
        }
    }

    #[test]
    fn any_text_reads_or_is_refused_without_a_panic() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let alphabet: Vec<char> = "movepixlrsckwatyh ;,+-.0123456789eE\u{e9}\u{1f600}nif"
            .chars()
            .collect();
        for _ in 0..2_000 {
            let text: String = (0..40)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            let _ = parse_script(&text);
        }
    }

    #[test]
    fn a_script_reads_each_step_and_names_a_bad_one() {
        assert_eq!(
            parse_script("move e2; click; press; release; wait 3; pixel 10,20"),
            Ok(vec![
                Step::Move("e2".into()),
                Step::Click,
                Step::Press,
                Step::Release,
                Step::Wait(3),
                Step::Pixel(Vec2::new(10.0, 20.0)),
            ])
        );
        assert_eq!(
            parse_script("move e2; click 2"),
            Err("step 2 'click 2': expected move POINT, pixel X,Y, press, release, click, rclick, key NAME, type TEXT, wait N, over N or shot FILE".into())
        );
        assert_eq!(
            parse_script("key ctrl+z; key left; key F"),
            Ok(vec![
                Step::Key {
                    modifiers: vec![KeyCode::ControlLeft],
                    key: KeyCode::KeyZ
                },
                Step::Key {
                    modifiers: vec![],
                    key: KeyCode::ArrowLeft
                },
                Step::Key {
                    modifiers: vec![],
                    key: KeyCode::KeyF
                },
            ])
        );
        assert_eq!(
            parse_script("type F2|mW ; type a b"),
            Ok(vec![Step::Type("F2|mW".into()), Step::Type("a b".into())])
        );
        for bad in ["key", "key alt+z", "key zz", "key ctrl+", "type"] {
            assert!(parse_script(bad).is_err(), "{bad}");
        }
    }
}
