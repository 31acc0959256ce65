//! The window's `--drive` script read as text, apart from the window, so that the command
//! line refuses a bad script before a window opens and the reader is fuzzed and tested
//! without Bevy.
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
//! A script is at most [`MAX_SCRIPT_LENGTH`] bytes, a board point at most
//! [`MAX_POINT_LENGTH`], and a typed text at most [`MAX_TYPED`] characters.

use std::path::PathBuf;

/// The longest script, in bytes: far beyond any demonstration, short of what a command
/// line can carry.
pub const MAX_SCRIPT_LENGTH: usize = 1 << 20;

/// The most frames a `wait` or `over` step may ask for: an hour at 60 frames a second, so
/// that no script holds the window for longer by a slip of the keyboard.
pub const MAX_FRAMES: u32 = 216_000;

/// How far from the window's corner a `pixel` step may point, in logical pixels (and how
/// far a `move x,y` may point, in board units): beyond any screen or board, short of where
/// a float loses whole pixels.
pub const MAX_PIXEL: f32 = 100_000.0;

/// The longest board point of a `move` step, in bytes (a square name or `x,y`).
pub const MAX_POINT_LENGTH: usize = 128;

/// The most characters one `type` step types (one a frame: about a minute at 60 frames a
/// second).
pub const MAX_TYPED: usize = 4096;

/// A key a script names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A letter key, `a` to `z`.
    Letter(char),
    /// A digit key, `0` to `9`.
    Digit(char),
    /// An arrow key.
    Left,
    /// An arrow key.
    Right,
    /// An arrow key.
    Up,
    /// An arrow key.
    Down,
    /// Home.
    Home,
    /// End.
    End,
    /// Escape (`esc` or `escape`).
    Escape,
    /// Enter.
    Enter,
    /// The space bar.
    Space,
    /// Tab.
    Tab,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// The left Control key (`ctrl`).
    Control,
    /// The left Shift key (`shift`).
    Shift,
}

impl Key {
    /// A key's name in a script, in lower case: a letter or digit, or one of the named keys.
    fn named(name: &str) -> Option<Key> {
        Some(match name {
            "left" => Key::Left,
            "right" => Key::Right,
            "up" => Key::Up,
            "down" => Key::Down,
            "home" => Key::Home,
            "end" => Key::End,
            "esc" | "escape" => Key::Escape,
            "enter" => Key::Enter,
            "space" => Key::Space,
            "tab" => Key::Tab,
            "backspace" => Key::Backspace,
            "delete" => Key::Delete,
            "ctrl" => Key::Control,
            "shift" => Key::Shift,
            _ => {
                let mut chars = name.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return None;
                };
                match c {
                    'a'..='z' => Key::Letter(c),
                    '0'..='9' => Key::Digit(c),
                    _ => return None,
                }
            }
        })
    }
}

/// One step of a script.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Put the pointer on a board point (as written: the board reads it).
    Move(String),
    /// Put the pointer on a window point, in logical pixels.
    Pixel([f32; 2]),
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
    /// Tap a key, with these modifiers held.
    Key {
        /// Held with it (released the frame after the key).
        modifiers: Vec<Key>,
        /// The key tapped.
        key: Key,
    },
}

/// `key ctrl+z`: the modifiers and the key.
fn read_key(text: &str) -> Option<Step> {
    let mut parts: Vec<&str> = text.split('+').map(str::trim).collect();
    let key = Key::named(&parts.pop()?.to_ascii_lowercase())?;
    let modifiers = parts
        .iter()
        .map(|m| match m.to_ascii_lowercase().as_str() {
            "ctrl" => Some(Key::Control),
            "shift" => Some(Key::Shift),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Step::Key { modifiers, key })
}

/// A step's count of frames: a whole number up to [`MAX_FRAMES`].
fn frames(text: &str) -> Option<u32> {
    text.parse().ok().filter(|&n| n <= MAX_FRAMES)
}

/// `X,Y`: two finite numbers, each within ±[`MAX_PIXEL`].
pub fn pair(text: &str) -> Option<[f32; 2]> {
    let (x, y) = text.split_once(',')?;
    let p: [f32; 2] = [x.trim().parse().ok()?, y.trim().parse().ok()?];
    p.iter()
        .all(|v| v.is_finite() && v.abs() <= MAX_PIXEL)
        .then_some(p)
}

/// A `move` step's point: a name of letters and digits, or `x,y` (see [`pair`]).
fn point(text: &str) -> Option<Step> {
    let fits = text.len() <= MAX_POINT_LENGTH;
    let readable = if text.contains(',') {
        pair(text).is_some()
    } else {
        text.chars().all(|c| c.is_ascii_alphanumeric())
    };
    (fits && readable).then(|| Step::Move(text.to_string()))
}

/// Reads a script; says which step is wrong, and why.
pub fn parse_script(text: &str) -> Result<Vec<Step>, String> {
    if text.len() > MAX_SCRIPT_LENGTH {
        return Err(format!(
            "the script is {} bytes long, longer than the limit of {MAX_SCRIPT_LENGTH}",
            text.len()
        ));
    }
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(n, step)| {
            read_step(step).map_err(|why| format!("step {} '{}': {why}", n + 1, shown(step)))
        })
        .collect()
}

/// A step as a message shows it: its first 80 characters.
fn shown(step: &str) -> String {
    const SHOWN: usize = 80;
    match step.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &step[..end]),
        None => step.to_string(),
    }
}

/// One step, or what it should have been.
fn read_step(step: &str) -> Result<Step, String> {
    let (word, rest) = step.split_once(' ').unwrap_or((step, ""));
    let rest = rest.trim();
    match (word, rest.is_empty()) {
        ("move", false) => point(rest).ok_or_else(|| {
            format!(
                "move takes a square name or x,y (numbers within ±{MAX_PIXEL}), at most {MAX_POINT_LENGTH} bytes"
            )
        }),
        ("pixel", false) => pair(rest).map(Step::Pixel).ok_or_else(|| {
            format!("pixel takes X,Y, each a number of logical pixels within ±{MAX_PIXEL}")
        }),
        ("press", true) => Ok(Step::Press),
        ("release", true) => Ok(Step::Release),
        ("click", true) => Ok(Step::Click),
        ("rclick", true) => Ok(Step::RightClick),
        ("wait", false) => frames(rest)
            .map(Step::Wait)
            .ok_or_else(|| format!("wait takes a number of frames, at most {MAX_FRAMES}")),
        ("over", false) => frames(rest)
            .map(Step::UntilOver)
            .ok_or_else(|| format!("over takes a number of frames, at most {MAX_FRAMES}")),
        ("shot", false) => Ok(Step::Shot(PathBuf::from(rest))),
        ("type", false) if rest.chars().count() <= MAX_TYPED => Ok(Step::Type(rest.to_string())),
        ("type", false) => Err(format!("type takes at most {MAX_TYPED} characters")),
        ("key", false) => read_key(rest).ok_or_else(|| {
            "key takes a letter, a digit or a named key (left, right, home, end, esc, …), after ctrl+ or shift+".to_string()
        }),
        _ => Err("expected move POINT, pixel X,Y, press, release, click, rclick, key NAME, type TEXT, wait N, over N or shot FILE".to_string()),
    }
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
            "move 1e39,0",
            "move nan,nan",
            "move e2/../x",
        ] {
            let refused = parse_script(script).expect_err(script);
            assert!(refused.starts_with("step 1 '"), "{refused}");
        }
        let long_point = format!("move {}", "a".repeat(MAX_POINT_LENGTH + 1));
        assert!(parse_script(&long_point).is_err());
        let long_text = format!("type {}", "é".repeat(MAX_TYPED + 1));
        let refused = parse_script(&long_text).expect_err("too long a text");
        assert!(
            refused.contains("at most 4096 characters") && refused.len() < 400,
            "{refused}"
        );
        assert_eq!(
            parse_script(&format!("type {}", "é".repeat(MAX_TYPED))).map(|s| s.len()),
            Ok(1)
        );
        let huge = "click;".repeat(MAX_SCRIPT_LENGTH / 6 + 1);
        assert!(
            parse_script(&huge)
                .expect_err("too long a script")
                .contains("longer than the limit")
        );
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
            parse_script("move e2; click; press; release; wait 3; pixel 10,20; move 1.5, 2"),
            Ok(vec![
                Step::Move("e2".into()),
                Step::Click,
                Step::Press,
                Step::Release,
                Step::Wait(3),
                Step::Pixel([10.0, 20.0]),
                Step::Move("1.5, 2".into()),
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
                    modifiers: vec![Key::Control],
                    key: Key::Letter('z')
                },
                Step::Key {
                    modifiers: vec![],
                    key: Key::Left
                },
                Step::Key {
                    modifiers: vec![],
                    key: Key::Letter('f')
                },
            ])
        );
        assert_eq!(
            parse_script("type F2|mW ; type a b"),
            Ok(vec![Step::Type("F2|mW".into()), Step::Type("a b".into())])
        );
        for bad in ["key", "key alt+z", "key zz", "key ctrl+", "type", "key é"] {
            assert!(parse_script(bad).is_err(), "{bad}");
        }
    }
}
