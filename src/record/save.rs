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
//!
//! [game.captions]                  # optional: words shown with a move (a demonstration)
//! 0 = "Shown at the start, before any move."
//! 2 = "Shown once move 2 has been played."
//!
//! [players]                        # optional: who played each side
//! white = "human"
//! black = "computer:3"             # human, computer, computer:N (strength 1 to 5)
//!
//! [clock]                          # optional: a timed game
//! control = "5+3"                  # minutes each + seconds added a move
//! white = 271.25                   # seconds left
//! black = 300.0
//! ```
//!
//! | rule | decision |
//! | --- | --- |
//! | which level replays the game | the saved copy, so a game survives edits to the level file; [`Saved::level_changed`] says whether the file at `path` now differs |
//! | files the level names (URC pieces) | read beside the level's file, not copied into the save, and only while that file holds the saved copy: otherwise a reference is refused unread. The file is `path` as saved (relative paths from the working directory), else the shipped level when `path` is `levels/NAME` and the program carries that text: see [`locate`] |
//! | hash | FNV-1a (64 bits) of the copy: it catches a copy edited by hand or damaged, not a forger |
//! | grid moves | coordinate notation (`e2e4`, `e7e8q`), each checked against the legal moves |
//! | continuous moves | the requests as played, points written with the shortest decimals that read back to the same `f64`, so the replay lands every piece on the same bits |
//! | a refused record | the first illegal or unreadable move is named by its number, line and column; nothing is loaded |
//! | length | at most [`MAX_PLIES`] moves, refused at the first one over before any is played: a grid game keeps a position a ply |
//! | writing | to a temporary file beside the target, flushed to disk, then renamed over it: an interrupted save leaves the previous file whole; never a shipped file; the user's library's folders are made as needed |
//! | redo list | not saved: a saved game is the moves on the board |
//! | captions | keyed by move number, 0 for the start position; a key that is no move of the game is refused |
//! | schema | `levels/saved-game.schema.json` gives the shape (a test checks every shipped demonstration against it) |
//! | players | optional, each side optional; a file without them leaves the seats as they are |
//! | clock | optional; the control and both sides' seconds left (to the millisecond), resumed stopped; `ended = "time"` records a flag fall (the side to move ran out) |

// The game a save holds, where a save's users look for it.
pub use super::game::AnyGame;

use super::game::{self, GameError, MAX_PLIES};
use crate::clock::{TimeControl, TimeControlError};
use crate::continuous::notation::{format_position, format_request};
use crate::grid::Fen;
use crate::level::{self, Level, LevelErrors, line_column};
use crate::play::{Seat, Status};
use crate::reading;
use crate::span::Span;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use toml::Spanned;

/// The format version this code writes and reads.
pub const FORMAT: i64 = 1;

/// A saved game, read back and replayed.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The level's path: where the saved text stands now (see [`locate`]), else as saved.
    pub level_path: String,
    /// The level's text as saved.
    pub level_text: String,
    /// The level, read from the saved text.
    pub level: Level,
    /// The game, every move replayed through the rules.
    pub game: AnyGame,
    /// Its captions and who played it.
    pub extras: Extras,
}

/// What a saved game may carry beside its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// Words shown with a move, by move number (0: the start position; n: once move n has
    /// been played).
    pub captions: BTreeMap<usize, String>,
    /// Who played each side, White's first, where the file says.
    pub seats: [Option<Seat>; 2],
    /// The time control and each side's time left (White's first), in a timed game.
    pub clock: Option<(TimeControl, [Duration; 2])>,
}

impl Saved {
    /// Whether the level file at the saved path (relative paths from `base`) now differs
    /// from the saved copy; `None` if it cannot be read.
    pub fn level_changed(&self, base: &Path) -> Option<bool> {
        let path = base.join(&self.level_path);
        let text = reading::text(&path, reading::LEVEL_BYTES).ok()?;
        Some(hash(&text) != hash(&self.level_text))
    }
}

/// Why a saved game was not written or not loaded: the file, where in it when the problem
/// has a place, and what is wrong.
///
/// A problem in the record's text has a [`Span`] (naming the same file); a file that cannot
/// be read or written has none, so the file is kept beside the span rather than in it.
#[derive(Clone, Debug, thiserror::Error)]
pub struct SaveError {
    /// The file, as named by the user.
    pub file: String,
    /// Where in the file, when the problem has a place.
    pub span: Option<Span>,
    /// What is wrong.
    pub kind: SaveErrorKind,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.span {
            Some(span) => write!(f, "{span}: {}", self.kind),
            None => write!(f, "{}: {}", self.file, self.kind),
        }
    }
}

/// A field of a saved game that must hold a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveField {
    /// `level.text`.
    LevelText,
    /// `level.hash`.
    LevelHash,
    /// `game.start`.
    GameStart,
    /// One of `game.moves`, numbered from 1.
    Move(usize),
    /// `game.ended`.
    GameEnded,
    /// A caption, in `game.captions`.
    Caption,
    /// `players.white` or `players.black`.
    Player(&'static str),
    /// `clock.control`.
    ClockControl,
}

impl fmt::Display for SaveField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveField::LevelText => f.write_str("level.text"),
            SaveField::LevelHash => f.write_str("level.hash"),
            SaveField::GameStart => f.write_str("game.start"),
            SaveField::Move(n) => write!(f, "move {n}"),
            SaveField::GameEnded => f.write_str("game.ended"),
            SaveField::Caption => f.write_str("a caption"),
            SaveField::Player(side) => write!(f, "players.{side}"),
            SaveField::ClockControl => f.write_str("clock.control"),
        }
    }
}

/// What is wrong with a saved game, one variant per problem.
#[derive(Clone, Debug, thiserror::Error)]
pub enum SaveErrorKind {
    /// The file could not be written.
    #[error("cannot save: {0}")]
    Write(#[source] Arc<std::io::Error>),
    /// The file could not be read.
    #[error("cannot read: {0}")]
    Read(#[source] crate::reading::Refusal),
    /// The text is not TOML of a saved game's shape (the TOML reader's message).
    #[error("not a saved game: {0}")]
    NotASave(String),
    /// A field that holds a string holds something else.
    #[error("{0}: expected a string")]
    NotAString(SaveField),
    /// `format` is not the one this version reads.
    #[error("format {0}: this version reads format {FORMAT}")]
    Format(Box<toml::Value>),
    /// The level's copy does not hash to the saved hash.
    #[error("the saved level does not match its hash: the file was edited or damaged")]
    HashMismatch,
    /// The level's copy does not read as a level.
    #[error("the saved level does not load:\n{0}")]
    Level(LevelErrors),
    /// The start does not read on the level (`start: ` then why), or a move does not read
    /// or is not legal.
    #[error("{}{}", if .0.is_start() { "start: " } else { "" }, .0)]
    Game(GameError),
    /// `ended` is given, but the moves already ended the game.
    #[error("ended: the game was already over by the rules")]
    AlreadyOver,
    /// The game has more moves than a record may ([`MAX_PLIES`]).
    #[error("more than {MAX_PLIES} moves: a saved game holds at most {MAX_PLIES}")]
    TooManyMoves,
    /// A caption's key is not a move of the game.
    #[error("caption '{key}': not a move of this game (0 for the start, or 1 to {moves})")]
    CaptionKey {
        /// The key as written.
        key: String,
        /// How many moves the game has.
        moves: usize,
    },
    /// A player is none of `human`, `computer`, `computer:N`.
    #[error("{0}")]
    Player(crate::play::NotASeat),
    /// `ended` is none of `resigned`, `draw-agreed`, `time`.
    #[error("ended \"{0}\": expected \"resigned\", \"draw-agreed\" or \"time\"")]
    UnknownEnding(String),
    /// `ended = "time"` in a game without a clock.
    #[error("ended \"time\": the game has no [clock]")]
    NoClock,
    /// The clock's control does not read.
    #[error("{0}")]
    Control(TimeControlError),
    /// A side's time left is not a number of seconds, 0 or more.
    #[error("clock.{0}: expected the seconds left, a number 0 or more")]
    TimeLeft(&'static str),
}

impl From<GameError> for SaveErrorKind {
    fn from(e: GameError) -> Self {
        SaveErrorKind::Game(e)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile<S> {
    format: S,
    level: LevelPart<S>,
    game: GamePart<S>,
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<PlayersPart<S>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<ClockPart<S>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockPart<S> {
    control: S,
    white: S,
    black: S,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayersPart<S> {
    #[serde(skip_serializing_if = "Option::is_none")]
    white: Option<S>,
    #[serde(skip_serializing_if = "Option::is_none")]
    black: Option<S>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    captions: Option<BTreeMap<String, S>>,
}

/// The word `ended` records for a game ended by the players or the clock (an end by the
/// rules is found again by replaying the moves).
fn ending_word(status: Status) -> Option<&'static str> {
    match status {
        Status::Resigned { .. } => Some("resigned"),
        Status::DrawAgreed => Some("draw-agreed"),
        Status::OutOfTime { .. } => Some("time"),
        _ => None,
    }
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
    to_text_with(level_path, level_text, game, &Extras::default())
}

/// The text of a saved game with its captions and players.
pub fn to_text_with(level_path: &str, level_text: &str, game: &AnyGame, extras: &Extras) -> String {
    let (start, moves, status_end) = match game {
        AnyGame::Grid(g) => {
            let start = Fen {
                variant: g.variant(),
                position: g.start(),
            }
            .to_string();
            (start, g.move_texts(), ending_word(g.status()))
        }
        AnyGame::Continuous(g) => {
            let board = g.start().board();
            let moves = g
                .played()
                .iter()
                .map(|p| format_request(board, &p.request))
                .collect();
            (format_position(g.start()), moves, ending_word(g.status()))
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
            captions: (!extras.captions.is_empty()).then(|| {
                extras
                    .captions
                    .iter()
                    .map(|(n, words)| (n.to_string(), text(words)))
                    .collect()
            }),
        },
        players: match extras.seats {
            [None, None] => None,
            [white, black] => Some(PlayersPart {
                white: white.map(|s| text(&s.to_string())),
                black: black.map(|s| text(&s.to_string())),
            }),
        },
        clock: extras.clock.map(|(control, [white, black])| ClockPart {
            control: text(&control.to_string()),
            white: toml::Value::Float(seconds_of(white)),
            black: toml::Value::Float(seconds_of(black)),
        }),
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
    save_with(path, level_path, level_text, game, &Extras::default())
}

/// Writes a saved game with its captions and players, as [`save`] does.
pub fn save_with(
    path: &Path,
    level_path: &str,
    level_text: &str,
    game: &AnyGame,
    extras: &Extras,
) -> Result<(), SaveError> {
    let text = to_text_with(level_path, level_text, game, extras);
    write_atomically(path, text.as_bytes()).map_err(|e| SaveError {
        file: path.display().to_string(),
        span: None,
        kind: SaveErrorKind::Write(Arc::new(e)),
    })
}

/// Replaces `path` with `bytes` so that a reader sees either the old file or the new one.
///
/// Only a regular file is replaced: a link is followed to the file it names, and a
/// folder, pipe, socket or device is refused and left as it is (renaming over one would
/// take it away, and writing into one may never end).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if crate::shipped::is_shipped(path) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "a shipped file is part of the program and cannot be written: save a copy in your library",
        ));
    }
    // The user's library is made when first written to.
    if crate::library::is_users(path)
        && let Some(dir) = path.parent()
    {
        std::fs::create_dir_all(dir)?;
    }
    let real;
    let path = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            refuse_unless_a_file(path, &std::fs::metadata(path)?)?;
            real = std::fs::canonicalize(path)?;
            real.as_path()
        }
        Ok(meta) => {
            refuse_unless_a_file(path, &meta)?;
            path
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => path,
        Err(e) => return Err(e),
    };
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

/// An error unless `meta`, the metadata of `path`, is a regular file's.
fn refuse_unless_a_file(path: &Path, meta: &std::fs::Metadata) -> std::io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    let what = if meta.is_dir() {
        "a folder"
    } else {
        "not a regular file (a pipe, socket or device)"
    };
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("{} is {what}: nothing was written to it", path.display()),
    ))
}

/// Whether the file reads as a saved game's TOML (it has `[level]` and `[game]` tables),
/// however wrong the rest: a reader that takes a level or a saved game reports a broken
/// one as a saved game's problem, not as a level's.
pub fn is_saved_game(path: &Path) -> bool {
    crate::reading::text(path, crate::reading::SAVE_BYTES)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .is_some_and(|t| {
            t.get("game").is_some_and(toml::Value::is_table)
                && t.get("level").is_some_and(toml::Value::is_table)
        })
}

/// A saved game found beside a level, with what its `[level]` table says (read, not
/// replayed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Beside {
    /// The saved game's file.
    pub path: PathBuf,
    /// `level.path` as saved.
    pub level_path: String,
    /// `level.hash` as saved.
    pub hash: String,
}

/// The saved games in the `demos/` folder beside the level file `level`, sorted by path:
/// each TOML file there with `[level]` (a path and a hash) and `[game]` tables. Files that
/// do not read so are left out; loading one says why.
pub fn demos_beside(level: &Path) -> Vec<Beside> {
    let dir = level.parent().unwrap_or(Path::new(".")).join("demos");
    let mut found: Vec<Beside> = reading::files_in(&dir, "toml")
        .into_iter()
        .filter_map(|path| {
            let table: toml::Table = reading::text(&path, reading::SAVE_BYTES)
                .ok()?
                .parse()
                .ok()?;
            table.get("game").filter(|g| g.is_table())?;
            let level = table.get("level")?;
            let text = |key: &str| {
                level
                    .get(key)
                    .and_then(toml::Value::as_str)
                    .map(String::from)
            };
            Some(Beside {
                level_path: text("path")?,
                hash: text("hash")?,
                path,
            })
        })
        .collect();
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
}

/// Where the level a saved game names as `path` stands with the text whose hash is
/// `wanted`: the file at `path` (relative paths from the working directory), else the
/// shipped level of that name (a save written in the source tree names
/// `levels/chess.toml`, which the program carries as `<shipped>/levels/chess.toml`);
/// `None` if neither holds that text.
pub fn locate(path: &str, wanted: &str) -> Option<PathBuf> {
    let shipped = Path::new(path)
        .strip_prefix("levels")
        .ok()
        .map(|rest| crate::shipped::levels().join(rest));
    std::iter::once(PathBuf::from(path))
        .chain(shipped)
        .find(|at| reading::text(at, reading::LEVEL_BYTES).is_ok_and(|text| hash(&text) == wanted))
}

/// Reads and replays the saved game at `path`.
pub fn load(path: &Path) -> Result<Saved, SaveError> {
    let file = path.display().to_string();
    let text = reading::text(path, reading::SAVE_BYTES).map_err(|e| SaveError {
        file: file.clone(),
        span: None,
        kind: SaveErrorKind::Read(e),
    })?;
    parse(&file, &text)
}

/// Reads and replays a saved game's text; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Saved, SaveError> {
    let fail = |span: Range<usize>, kind: SaveErrorKind| {
        let (line, column) = line_column(text, span.start);
        SaveError {
            file: file.to_string(),
            span: Some(Span::at(line, column).in_file(file)),
            kind,
        }
    };
    let raw: SaveFile<Spanned<toml::Value>> = toml::from_str(text).map_err(|e| {
        fail(
            e.span().unwrap_or(0..0),
            SaveErrorKind::NotASave(e.message().trim().to_string()),
        )
    })?;
    let string = |v: &Spanned<toml::Value>, field: SaveField| -> Result<String, SaveError> {
        v.get_ref()
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| fail(v.span(), SaveErrorKind::NotAString(field)))
    };
    if raw.format.get_ref().as_integer() != Some(FORMAT) {
        return Err(fail(
            raw.format.span(),
            SaveErrorKind::Format(Box::new(raw.format.get_ref().clone())),
        ));
    }
    let level_text = string(&raw.level.text, SaveField::LevelText)?;
    let saved_hash = string(&raw.level.hash, SaveField::LevelHash)?;
    if hash(&level_text) != saved_hash {
        return Err(fail(raw.level.hash.span(), SaveErrorKind::HashMismatch));
    }
    // Read under its own path, so that files it names (URC pieces) are found beside it; but
    // only while that file holds the copy: a saved game cannot make the program read files
    // beside any path it likes.
    let located = locate(&raw.level.path, &saved_hash);
    let level = match &located {
        Some(at) => level::parse(&at.display().to_string(), &level_text),
        None => level::parse_copy(&raw.level.path, &level_text),
    }
    .map_err(|e| fail(raw.level.text.span(), SaveErrorKind::Level(e)))?;
    let start_text = string(&raw.game.start, SaveField::GameStart)?;
    if let Some(over) = raw.game.moves.get(MAX_PLIES) {
        return Err(fail(over.span(), SaveErrorKind::TooManyMoves));
    }
    let moves: Vec<(String, Range<usize>)> = raw
        .game
        .moves
        .iter()
        .enumerate()
        .map(|(n, m)| Ok((string(m, SaveField::Move(n + 1))?, m.span())))
        .collect::<Result<_, SaveError>>()?;
    let texts: Vec<&str> = moves.iter().map(|(m, _)| m.as_str()).collect();
    let mut game = game::game(&level, Some(&start_text), &texts).map_err(|e| {
        let span = match e.move_number() {
            Some(n) => moves[n - 1].1.clone(),
            None => raw.game.start.span(),
        };
        fail(span, SaveErrorKind::from(e))
    })?;
    let clock = match &raw.clock {
        Some(part) => Some(read_clock(part, &string, &fail)?),
        None => None,
    };
    if let Some(ended) = &raw.game.ended {
        let how = string(ended, SaveField::GameEnded)?;
        let play = game.game_mut();
        if play.status().is_over() {
            return Err(fail(ended.span(), SaveErrorKind::AlreadyOver));
        }
        match how.as_str() {
            "resigned" => play.resign(),
            "draw-agreed" => play.agree_draw(),
            "time" if clock.is_some() => {
                let end = Status::out_of_time(play, play.to_move());
                play.end_by_players(end);
            }
            "time" => return Err(fail(ended.span(), SaveErrorKind::NoClock)),
            other => {
                return Err(fail(
                    ended.span(),
                    SaveErrorKind::UnknownEnding(other.to_string()),
                ));
            }
        }
    }
    let mut extras = Extras {
        clock,
        ..Extras::default()
    };
    let played = game.game().moves_played();
    for (key, words) in raw.game.captions.iter().flatten() {
        let words = string(words, SaveField::Caption)?;
        // A move number as written: digits without a leading zero (`01` names no move,
        // as the format's schema says), nor a sign.
        let canonical =
            key == "0" || (!key.starts_with('0') && key.bytes().all(|b| b.is_ascii_digit()));
        let n = key
            .parse::<usize>()
            .ok()
            .filter(|&n| canonical && n <= played)
            .ok_or_else(|| {
                let span = raw
                    .game
                    .captions
                    .as_ref()
                    .and_then(|c| c.get(key))
                    .map(Spanned::span);
                fail(
                    span.unwrap_or(0..0),
                    SaveErrorKind::CaptionKey {
                        key: key.clone(),
                        moves: played,
                    },
                )
            })?;
        extras.captions.insert(n, words);
    }
    if let Some(players) = &raw.players {
        for (k, (name, value)) in [("white", &players.white), ("black", &players.black)]
            .into_iter()
            .enumerate()
        {
            if let Some(value) = value {
                let text = string(value, SaveField::Player(name))?;
                let seat = text
                    .parse::<Seat>()
                    .map_err(|e| fail(value.span(), SaveErrorKind::Player(e)))?;
                extras.seats[k] = Some(seat);
            }
        }
    }
    Ok(Saved {
        level_path: located.map_or(raw.level.path, |at| at.display().to_string()),
        level_text,
        level,
        game,
        extras,
    })
}

/// A time left as a save writes it: seconds, to the millisecond (which reads back exactly).
fn seconds_of(left: Duration) -> f64 {
    left.as_millis() as f64 / 1000.0
}

/// Reads a field that must hold a string, or says where it does not.
type StringField<'a> = &'a dyn Fn(&Spanned<toml::Value>, SaveField) -> Result<String, SaveError>;

/// Makes the error for a problem at a place in the file.
type Failing<'a> = &'a dyn Fn(Range<usize>, SaveErrorKind) -> SaveError;

/// A saved `[clock]`: its control and both sides' time left.
fn read_clock(
    part: &ClockPart<Spanned<toml::Value>>,
    string: StringField,
    fail: Failing,
) -> Result<(TimeControl, [Duration; 2]), SaveError> {
    let control = string(&part.control, SaveField::ClockControl)?
        .parse::<TimeControl>()
        .map_err(|e| fail(part.control.span(), SaveErrorKind::Control(e)))?;
    let seconds = |value: &Spanned<toml::Value>, side: &'static str| {
        let v = value.get_ref();
        v.as_float()
            .or_else(|| v.as_integer().map(|i| i as f64))
            .filter(|s| s.is_finite() && (0.0..=1e9).contains(s))
            .map(|s| Duration::from_millis((s * 1000.0).round() as u64))
            .ok_or_else(|| fail(value.span(), SaveErrorKind::TimeLeft(side)))
    };
    Ok((
        control,
        [
            seconds(&part.white, "white")?,
            seconds(&part.black, "black")?,
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::Reason;
    use crate::grid;

    #[cfg(unix)]
    #[test]
    fn writing_replaces_only_a_regular_file_following_a_link_to_one() {
        let dir = tempfile::tempdir().expect("a scratch folder");
        let file = dir.path().join("game.toml");
        write_atomically(&file, b"one").expect("a new file");
        write_atomically(&file, b"two").expect("a file replaced");
        assert_eq!(std::fs::read(&file).expect("read"), b"two");
        let link = dir.path().join("link.toml");
        std::os::unix::fs::symlink(&file, &link).expect("a link");
        write_atomically(&link, b"three").expect("written through the link");
        assert_eq!(std::fs::read(&file).expect("read"), b"three");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("the link")
                .file_type()
                .is_symlink()
        );
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).expect("a folder");
        let to_fifo = dir.path().join("to-pipe");
        std::os::unix::fs::symlink(&fifo, &to_fifo).expect("a link");
        for target in [&fifo, &folder, &to_fifo, &PathBuf::from("/dev/null")] {
            let e = write_atomically(target, b"x").expect_err("not a regular file");
            assert_eq!(
                e.kind(),
                std::io::ErrorKind::InvalidInput,
                "{}",
                target.display()
            );
            assert!(e.to_string().contains("nothing was written"), "{e}");
        }
        use std::os::unix::fs::FileTypeExt;
        assert!(
            std::fs::symlink_metadata(&fifo)
                .expect("the pipe")
                .file_type()
                .is_fifo()
        );
        assert!(folder.is_dir());
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names.len(), 5, "no file left behind: {names:?}");
    }

    #[test]
    fn a_save_error_prints_its_place_then_its_problem() {
        let unreadable = SaveError {
            file: "game.toml".into(),
            span: None,
            kind: SaveErrorKind::Read(crate::reading::Refusal::from(std::io::Error::other("gone"))),
        };
        assert_eq!(unreadable.to_string(), "game.toml: cannot read: gone");
        let e = parse("game.toml", "format = 1\n[level\n").expect_err("syntax");
        assert_eq!(e.span, Some(Span::at(2, 7).in_file("game.toml")));
        assert!(matches!(e.kind, SaveErrorKind::NotASave(_)), "{e}");
        let e = parse("game.toml", "format = 2\n").expect_err("no level");
        assert_eq!(
            e.to_string(),
            "game.toml:1:1: not a saved game: missing field `level`"
        );
    }

    #[test]
    fn each_problem_keeps_its_words() {
        let cases = [
            (
                SaveErrorKind::Format(Box::new(toml::Value::Integer(2))),
                "format 2: this version reads format 1",
            ),
            (
                SaveErrorKind::NotAString(SaveField::Move(3)),
                "move 3: expected a string",
            ),
            (
                SaveErrorKind::Game(GameError::GridMove {
                    number: 2,
                    reason: grid::game::PlayError::NotAMove("e7".into()),
                }),
                "move 2: 'e7': expected a move like e2e4 or e7e8q",
            ),
            (
                SaveErrorKind::Game(GameError::Illegal {
                    number: 1,
                    text: "a1-a9".into(),
                    reason: Reason::GameOver,
                }),
                "move 1 'a1-a9': illegal (game-over)",
            ),
            (
                SaveErrorKind::AlreadyOver,
                "ended: the game was already over by the rules",
            ),
            (
                SaveErrorKind::UnknownEnding("bored".into()),
                "ended \"bored\": expected \"resigned\", \"draw-agreed\" or \"time\"",
            ),
            (
                SaveErrorKind::NoClock,
                "ended \"time\": the game has no [clock]",
            ),
            (
                SaveErrorKind::TimeLeft("black"),
                "clock.black: expected the seconds left, a number 0 or more",
            ),
        ];
        for (kind, text) in cases {
            assert_eq!(kind.to_string(), text);
        }
    }
}
