//! Saved games, both modes: the level (its path, a hash and a copy of its text), the start
//! position and the moves, in TOML.
//!
//! ```toml
//! format = 1
//!
//! [level]
//! path = "levels/obento.toml"
//! hash = "fnv1a64:6c62272e07bb0142"
//! text = "…the level file, whole…"
//!
//! [game]
//! start = "…FEN (grid) or POS (continuous)…"
//! moves = ["e3e6", "a10a9"]        # continuous: "4.5,1.25->4.5,9=Q", exact
//! ended = "resigned"               # optional: "resigned" or "draw-agreed"
//! ```
//!
//! | rule | decision |
//! | --- | --- |
//! | which level replays the game | the saved copy, so a game survives edits to the level file; [`Saved::level_changed`] says whether the file at `path` now differs |
//! | files the level names (URC pieces) | read beside `path` as saved (relative paths from the working directory), not copied into the save |
//! | hash | FNV-1a (64 bits) of the copy: it catches a copy edited by hand or damaged, not a forger |
//! | grid moves | coordinate notation (`e2e4`, `e7e8q`), each checked against the legal moves |
//! | continuous moves | the requests as played, points written with the shortest decimals that read back to the same `f64`, so the replay lands every piece on the same bits |
//! | a refused record | the first illegal or unreadable move is named by its number, line and column; nothing is loaded |
//! | writing | to a temporary file beside the target, flushed to disk, then renamed over it: an interrupted save leaves the previous file whole |
//! | redo list | not saved: a saved game is the moves on the board |

use super::{Level, LevelKind, line_column};
use crate::continuous::notation::{format_position, format_request, parse_move};
use crate::continuous::{self, Outcome};
use crate::grid::{self, Fen};
use crate::play::Play;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The format version this code writes and reads.
pub const FORMAT: i64 = 1;

/// A game of either mode.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A grid game.
    Grid(grid::game::Game),
    /// A continuous game.
    Continuous(continuous::Game),
}

impl AnyGame {
    /// The game, whichever its mode.
    pub fn game(&self) -> &dyn Play {
        match self {
            AnyGame::Grid(g) => g,
            AnyGame::Continuous(g) => g,
        }
    }
}

/// A saved game, read back and replayed.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The level's path as saved.
    pub level_path: String,
    /// The level's text as saved.
    pub level_text: String,
    /// The level, read from the saved text.
    pub level: Level,
    /// The game, every move replayed through the rules.
    pub game: AnyGame,
}

impl Saved {
    /// Whether the level file at the saved path (relative paths from `base`) now differs
    /// from the saved copy; `None` if it cannot be read.
    pub fn level_changed(&self, base: &Path) -> Option<bool> {
        let path = base.join(&self.level_path);
        let text = std::fs::read_to_string(path).ok()?;
        Some(hash(&text) != hash(&self.level_text))
    }
}

/// Why a saved game was not written or not loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveError {
    /// The file.
    pub file: String,
    /// 1-based line and column in it, when the problem has a place.
    pub at: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, column)) => write!(f, "{}:{line}:{column}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for SaveError {}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile<S> {
    format: S,
    level: LevelPart<S>,
    game: GamePart<S>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelPart<S> {
    path: String,
    hash: S,
    text: S,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GamePart<S> {
    start: S,
    moves: Vec<S>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ended: Option<S>,
}

/// The FNV-1a hash of a level's text, as written in a save.
pub fn hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}

/// The text of a saved game.
pub fn to_text(level_path: &str, level_text: &str, game: &AnyGame) -> String {
    let (start, moves, status_end) = match game {
        AnyGame::Grid(g) => {
            let start = Fen {
                variant: g.variant(),
                position: g.start(),
            }
            .to_string();
            let ended = match g.status() {
                grid::game::Status::Resigned { .. } => Some("resigned"),
                grid::game::Status::DrawAgreed => Some("draw-agreed"),
                _ => None,
            };
            (start, g.move_texts(), ended)
        }
        AnyGame::Continuous(g) => {
            let board = g.start().board();
            let moves = g
                .played()
                .iter()
                .map(|p| format_request(board, &p.request))
                .collect();
            let ended = match g.status() {
                continuous::Status::Resigned { .. } => Some("resigned"),
                continuous::Status::DrawAgreed => Some("draw-agreed"),
                _ => None,
            };
            (format_position(g.start()), moves, ended)
        }
    };
    let text = |s: &str| toml::Value::String(s.to_string());
    let file = SaveFile {
        format: toml::Value::Integer(FORMAT),
        level: LevelPart {
            path: level_path.to_string(),
            hash: text(&hash(level_text)),
            text: text(level_text),
        },
        game: GamePart {
            start: text(&start),
            moves: moves.iter().map(|m: &String| text(m)).collect(),
            ended: status_end.map(text),
        },
    };
    // Every field is a plain string, number or list of strings.
    toml::to_string(&file).expect("a save serializes")
}

/// Writes a saved game atomically: a temporary file beside `path`, flushed, then renamed
/// over it.
pub fn save(
    path: &Path,
    level_path: &str,
    level_text: &str,
    game: &AnyGame,
) -> Result<(), SaveError> {
    let text = to_text(level_path, level_text, game);
    write_atomically(path, text.as_bytes()).map_err(|e| SaveError {
        file: path.display().to_string(),
        at: None,
        message: format!("cannot save: {e}"),
    })
}

/// Replaces `path` with `bytes` so that a reader sees either the old file or the new one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("the path names no file"))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = dir.join(temp_name);
    let result = (|| {
        let mut f = std::fs::File::create(&temp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// Reads and replays the saved game at `path`.
pub fn load(path: &Path) -> Result<Saved, SaveError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| SaveError {
        file: file.clone(),
        at: None,
        message: format!("cannot read: {e}"),
    })?;
    parse(&file, &text)
}

/// Reads and replays a saved game's text; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Saved, SaveError> {
    let fail = |span: Range<usize>, message: String| SaveError {
        file: file.to_string(),
        at: Some(line_column(text, span.start)),
        message,
    };
    let raw: SaveFile<Spanned<toml::Value>> = toml::from_str(text).map_err(|e| {
        fail(
            e.span().unwrap_or(0..0),
            format!("not a saved game: {}", e.message().trim()),
        )
    })?;
    let string = |v: &Spanned<toml::Value>, what: &str| -> Result<String, SaveError> {
        v.get_ref()
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| fail(v.span(), format!("{what}: expected a string")))
    };
    if raw.format.get_ref().as_integer() != Some(FORMAT) {
        return Err(fail(
            raw.format.span(),
            format!(
                "format {}: this version reads format {FORMAT}",
                raw.format.get_ref()
            ),
        ));
    }
    let level_text = string(&raw.level.text, "level.text")?;
    let saved_hash = string(&raw.level.hash, "level.hash")?;
    if hash(&level_text) != saved_hash {
        return Err(fail(
            raw.level.hash.span(),
            "the saved level does not match its hash: the file was edited or damaged".into(),
        ));
    }
    // Read under its own path, so that files it names (URC pieces) are found beside it.
    let level = super::parse(&raw.level.path, &level_text).map_err(|e| SaveError {
        file: file.to_string(),
        at: Some(line_column(text, raw.level.text.span().start)),
        message: format!("the saved level does not load:\n{e}"),
    })?;
    let start_text = string(&raw.game.start, "game.start")?;
    let moves: Vec<(String, Range<usize>)> = raw
        .game
        .moves
        .iter()
        .enumerate()
        .map(|(n, m)| Ok((string(m, &format!("move {}", n + 1))?, m.span())))
        .collect::<Result<_, SaveError>>()?;
    let game = match &level.kind {
        LevelKind::Grid(g) => {
            let start = g
                .parse_fen(&start_text)
                .map_err(|e| fail(raw.game.start.span(), format!("start: {e}")))?;
            let mut game = grid::game::Game::new(g.variant.clone(), start);
            for (n, (m, span)) in moves.iter().enumerate() {
                game.play_text(m)
                    .map_err(|e| fail(span.clone(), format!("move {}: {e}", n + 1)))?;
            }
            AnyGame::Grid(game)
        }
        LevelKind::Continuous(c) => {
            let start = c
                .parse_position(&start_text)
                .map_err(|e| fail(raw.game.start.span(), format!("start: {e}")))?;
            let mut game = continuous::Game::new(start);
            for (n, (m, span)) in moves.iter().enumerate() {
                let request = parse_move(&c.board, m)
                    .map_err(|e| fail(span.clone(), format!("move {}: {e}", n + 1)))?;
                if let Outcome::Illegal(reason) = game.play(request) {
                    return Err(fail(
                        span.clone(),
                        format!("move {} '{m}': illegal ({reason})", n + 1),
                    ));
                }
            }
            AnyGame::Continuous(game)
        }
    };
    let mut game = game;
    if let Some(ended) = &raw.game.ended {
        let how = string(ended, "game.ended")?;
        let over = match &game {
            AnyGame::Grid(g) => g.status().is_over(),
            AnyGame::Continuous(g) => g.status().is_over(),
        };
        if over {
            return Err(fail(
                ended.span(),
                "ended: the game was already over by the rules".into(),
            ));
        }
        match (how.as_str(), &mut game) {
            ("resigned", AnyGame::Grid(g)) => g.resign(),
            ("resigned", AnyGame::Continuous(g)) => g.resign(),
            ("draw-agreed", AnyGame::Grid(g)) => g.agree_draw(),
            ("draw-agreed", AnyGame::Continuous(g)) => g.agree_draw(),
            (other, _) => {
                return Err(fail(
                    ended.span(),
                    format!("ended \"{other}\": expected \"resigned\" or \"draw-agreed\""),
                ));
            }
        }
    }
    Ok(Saved {
        level_path: raw.level.path,
        level_text,
        level,
        game,
    })
}
