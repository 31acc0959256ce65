//! PGN for both modes: a game written as PGN and read back.
//!
//! | rule | decision |
//! | --- | --- |
//! | tags | the usual seven; `Variant` (the level file's stem, which is Fairy-Stockfish's name for the variants both have); `SetUp` with `FEN` (grid) or `POS` (continuous) when the game does not start from the level's setup; `TimeControl` (seconds+increment) in a timed game; `Termination "time forfeit"` for a flag fall |
//! | grid moves | standard algebraic notation as Fairy-Stockfish writes it (`crate::grid::san`) |
//! | continuous moves | `judge`'s `FROM->TO[=X]`, with square names where a point is a centre |
//! | reading | the first game of a file; comments (`{}` and `;`), variations, move numbers, NAGs and `%` lines are passed over; every move is replayed through the rules, and the first that is not legal is named by its line and column |
//! | characters | UTF-8 with or without a byte-order mark, else Latin-1 (the standard's set); a control character in a tag or a move is refused |
//! | after the result | only comments and the next game's tags: a move or a variation is refused, as is a result that is not the `Result` tag's |
//! | check marks | a `#` must be mate and a `+` check (a mate is one too); a mark left off is read, as the import format allows |
//! | no game | a text with no tag, no move and no result is refused |
//! | limits | [`MAX_TAGS`], [`MAX_TAG_LINE`], [`MAX_WORD`], [`MAX_NAG`], [`MAX_VARIATION_DEPTH`] and [`MAX_PLIES`], each refused at its place; variations are counted, not recursed into |
//! | the result | applied where the moves do not end the game: a win on time (`Termination "time forfeit"`) or by resignation, an agreed draw (from the `Result` tag, else the movetext's result); `*` leaves the game going |
//! | the level | found from `Variant` by the caller (chess without one) |

use super::game::{self, AnyGame, GameError, MAX_PLIES};
use crate::clock::TimeControl;
use crate::continuous::notation::{format_position, format_request};
use crate::grid::{self, san};
use crate::level::{Level, LevelErrors, LevelKind, ModeError};
use crate::play::{Color, Play, Status};
use std::borrow::Cow;
use std::fmt;

/// What a PGN says beside the moves: the players' names and the time control.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// White's name (`?` when empty).
    pub white: String,
    /// Black's name (`?` when empty).
    pub black: String,
    /// The time control of a timed game.
    pub time: Option<TimeControl>,
}

/// The game `game` on `level` as PGN; `variant` names the level (its file's stem).
pub fn write(level: &Level, variant: &str, game: &AnyGame, header: &Header) -> String {
    let (setup, texts) = match (&level.kind, game) {
        (LevelKind::Continuous(loaded), AnyGame::Continuous(game)) => {
            let start = game.start();
            let setup = (start != &loaded.start).then(|| ("POS", format_position(start)));
            let texts = game
                .played()
                .iter()
                .map(|played| format_request(start.board(), &played.request))
                .collect();
            (setup, texts)
        }
        (LevelKind::Grid(loaded), AnyGame::Grid(game)) => {
            let fen_of = |position| {
                grid::Fen {
                    variant: &loaded.variant,
                    position,
                }
                .to_string()
            };
            let start = game.start();
            let setup = (fen_of(start) != fen_of(&loaded.start)).then(|| ("FEN", fen_of(start)));
            (setup, game.sans().to_vec())
        }
        // A game of the other mode than its level: only its moves' count is known.
        _ => (None, Vec::new()),
    };
    let play = game.game();
    let status = play.status();
    let result = status.result();
    let name = |n: &str| {
        if n.is_empty() {
            "?".to_string()
        } else {
            n.to_string()
        }
    };
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", "?".into()),
        ("Site", "?".into()),
        ("Date", "????.??.??".into()),
        ("Round", "?".into()),
        ("White", name(&header.white)),
        ("Black", name(&header.black)),
        ("Result", result.into()),
        ("Variant", variant.into()),
    ];
    if let Some((tag, value)) = setup {
        tags.push(("SetUp", "1".into()));
        tags.push((tag, value));
    }
    if let Some(control) = header.time {
        tags.push((
            "TimeControl",
            format!(
                "{}+{}",
                control.base.as_secs_f64(),
                control.increment.as_secs_f64()
            ),
        ));
    }
    if matches!(status, Status::OutOfTime { .. }) {
        tags.push(("Termination", "time forfeit".into()));
    }
    let mut text = String::new();
    for (tag, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[{tag} \"{value}\"]\n"));
    }
    text.push('\n');
    let first = match game {
        AnyGame::Grid(g) => g.start().to_move(),
        AnyGame::Continuous(g) => g.start().to_move(),
    };
    text.push_str(&movetext(&texts, first, result));
    text
}

/// Numbered moves (`1. e4 e5`, `1... e5` when Black starts), then the result, in lines of
/// at most 79 characters.
fn movetext(moves: &[String], first: Color, result: &str) -> String {
    let mut tokens = Vec::new();
    let mut number = 1;
    let mut white = first == Color::White;
    if !white && !moves.is_empty() {
        tokens.push("1...".to_string());
    }
    for m in moves {
        // A move number stays on the line of White's move.
        tokens.push(if white {
            format!("{number}. {m}")
        } else {
            m.clone()
        });
        if !white {
            number += 1;
        }
        white = !white;
    }
    tokens.push(result.to_string());
    let mut out = String::new();
    let mut line = 0;
    for t in tokens {
        if line > 0 && line + 1 + t.len() > 79 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(&t);
        line += t.len();
    }
    out.push('\n');
    out
}

/// A word of a PGN's movetext, with where it starts (line and column, from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The word.
    pub text: String,
    /// Its line.
    pub line: usize,
    /// Its column.
    pub column: usize,
}

/// A PGN game as read: its tags, the moves of its main line and its result token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The tags in order.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line.
    pub moves: Vec<Token>,
    /// The line and column of the `Variant` tag, if the game has one.
    pub variant_at: Option<(usize, usize)>,
    /// The game-termination marker ending the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if
    /// it has one.
    pub result: Option<Token>,
}

/// Why a PGN was not read: the file, where in it, and what is wrong.
#[derive(Clone, Debug, thiserror::Error)]
pub enum PgnError {
    /// A problem in the text at a place.
    #[error("{file}:{line}:{column}: {message}")]
    At {
        /// The file, as named by the user.
        file: String,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The text holds no game: no tag, no move, no result.
    #[error("no game in {file}: it holds no tag, move or result")]
    NoGame {
        /// The file.
        file: String,
    },
    /// The file cannot be read.
    #[error("{file}: cannot read: {message}")]
    Unreadable {
        /// The file.
        file: String,
        /// The system's words.
        message: String,
    },
    /// The level the game names does not load.
    #[error("{0}")]
    Level(#[from] LevelErrors),
    /// The level is of the other mode than the game's notation.
    #[error("{0}")]
    Mode(#[from] ModeError),
}

impl Record {
    /// The value of the tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(t, _)| t == name)
            .map(|(_, v)| v.as_str())
    }

    /// The level's name from `Variant`, lower case; `chess` without one (or `Standard`).
    pub fn variant(&self) -> String {
        self.tag("Variant")
            .map(str::to_lowercase)
            .filter(|v| !v.is_empty() && v != "standard")
            .unwrap_or_else(|| "chess".to_string())
    }

    /// The message for a `Variant` that names no shipped level (`../x`, or a name with no
    /// file in `levels/`), placed at the tag; `file` names the game.
    pub fn not_a_level(&self, file: &str) -> String {
        let place = match self.variant_at {
            Some((line, column)) => format!("{file}:{line}:{column}"),
            None => file.to_string(),
        };
        format!(
            "{place}: Variant \"{}\" names no shipped level (a level's name, such as capablanca)",
            self.variant()
        )
    }

    /// Reads the first game of a PGN file's bytes: UTF-8 (a byte-order mark is passed
    /// over), else Latin-1, the standard's own character set; `file` names it in errors.
    pub fn read(file: &str, bytes: &[u8]) -> Result<Record, PgnError> {
        Record::parse(file, &decode(bytes))
    }

    /// Reads the first game of `text`; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Record, PgnError> {
        let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
        let mut reader = Reader::new(file);
        for (n, line) in text.lines().enumerate() {
            if !reader.line(n + 1, line)? {
                break;
            }
        }
        reader.finish()
    }

    /// The game replayed on `level` from its `FEN` or `POS` (else the setup), each move
    /// through the rules, and its result applied where the moves leave the game going.
    pub fn replay(&self, file: &str, level: &Level) -> Result<AnyGame, PgnError> {
        let at = |line: usize, column: usize, message: String| PgnError::At {
            file: file.to_string(),
            line,
            column,
            message,
        };
        let refuse = |t: &Token, why: &str| at(t.line, t.column, format!("'{}': {why}", t.text));
        let tag_at = |name: &str| {
            let line = self.tags.iter().position(|(t, _)| t == name).unwrap_or(0);
            at(line + 1, 1, String::new())
        };
        let start_error = |name: &str, e: String| match tag_at(name) {
            PgnError::At { line, .. } => at(line, 1, format!("{name}: {e}")),
            other => other,
        };
        let mut game = match &level.kind {
            LevelKind::Continuous(loaded) => {
                let texts: Vec<&str> = self.moves.iter().map(|t| t.text.as_str()).collect();
                let game =
                    game::continuous_game(loaded, self.tag("POS"), &texts).map_err(
                        |e| match e {
                            GameError::ContinuousMove { number, error } => {
                                refuse(&self.moves[number - 1], &error.to_string())
                            }
                            GameError::Illegal { number, reason, .. } => {
                                refuse(&self.moves[number - 1], &format!("illegal ({reason})"))
                            }
                            other => start_error("POS", other.to_string()),
                        },
                    )?;
                AnyGame::Continuous(game)
            }
            LevelKind::Grid(loaded) => {
                let start = game::grid_start(loaded, self.tag("FEN"))
                    .map_err(|e| start_error("FEN", e.to_string()))?;
                let mut game = grid::game::Game::new(loaded.variant.clone(), start);
                for t in &self.moves {
                    if game.status().is_over() {
                        return Err(refuse(t, "the game is already over"));
                    }
                    let m = san::read_san(&loaded.variant, game.position(), &t.text)
                        .ok_or_else(|| refuse(t, "no legal move in standard algebraic notation"))?;
                    game.play(m);
                    let written = game.sans().last().map(String::as_str).unwrap_or_default();
                    if let Some(why) = wrong_mark(&t.text, written) {
                        return Err(refuse(t, why));
                    }
                }
                AnyGame::Grid(game)
            }
        };
        self.apply_result(game.game_mut());
        Ok(game)
    }

    /// Ends a game the moves leave going as the `Result` tag (else the movetext's result)
    /// says: on time where
    /// `Termination` says so (the side to move lost), else by resignation or an agreed
    /// draw.
    fn apply_result(&self, game: &mut dyn Play) {
        if game.status().is_over() {
            return;
        }
        let on_time = self
            .tag("Termination")
            .is_some_and(|t| t.eq_ignore_ascii_case("time forfeit"));
        let tag = self.tag("Result").filter(|r| RESULTS.contains(r));
        let winner = match tag.or(self.result.as_ref().map(|r| r.text.as_str())) {
            Some("1-0") => Some(Color::White),
            Some("0-1") => Some(Color::Black),
            Some("1/2-1/2") => None,
            _ => return,
        };
        let end = match winner {
            Some(w) if on_time && w != game.to_move() => Status::out_of_time(game, w.opponent()),
            Some(winner) => Status::Resigned { winner },
            None => Status::DrawAgreed,
        };
        game.end_by_players(end);
    }
}

/// Why the check mark of `text` (a move as the record writes it) is wrong, where `san` is
/// the move as the rules write it: a `#` must be mate and a `+` check (mate is one too);
/// a mark left off is no error, as the standard's import format allows.
fn wrong_mark(text: &str, san: &str) -> Option<&'static str> {
    let mark = |t: &str| {
        let last = t.trim_end_matches(['!', '?']).chars().last();
        last.filter(|c| matches!(c, '+' | '#'))
    };
    match (mark(text), mark(san)) {
        (Some('#'), Some('+')) => Some("check but not mate: the mark is '+'"),
        (Some(_), None) => Some("the move gives no check"),
        _ => None,
    }
}

/// A tag line's name and value: `[Name "value"]`, with `\"` and `\\` inside the value.
fn tag_pair(line: &str) -> Option<(String, String)> {
    let inner = line.trim_end().strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_string(), out))
}

/// A byte-order mark, which some editors put before UTF-8 text.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// The most tags a game may have: the standard's seven and the optional ones it names
/// come to some forty; the rest is room for a program's own.
pub const MAX_TAGS: usize = 256;

/// The longest tag line, in characters: a `POS` of the largest shipped continuous setup
/// (40 pieces) with every point written to the full 17 digits is under 2,000.
pub const MAX_TAG_LINE: usize = 16_384;

/// The longest word of the movetext, in characters: a continuous move with both points
/// written to the full 17 digits and a promotion is under 60.
pub const MAX_WORD: usize = 256;

/// The deepest recursive annotation variations may nest. The reader keeps a count, not a
/// stack frame, per level; past this depth the text is no annotation a person wrote.
pub const MAX_VARIATION_DEPTH: usize = 100;

/// The highest numeric annotation glyph (`$255`): the standard numbers them 0 to 255.
pub const MAX_NAG: u32 = 255;

/// The four game-termination markers.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The text of a PGN file's bytes: UTF-8 without a leading byte-order mark, else Latin-1
/// (ISO-8859-1: each byte is the character of its number), the standard's character set.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// Whether `c` may stand in a tag or a move: any character but a control one (a tab
/// counts as a space).
fn is_text(c: char) -> bool {
    !c.is_control() || c == '\t'
}

/// Reads a game line by line in one pass: the tags, then the movetext's main line up to
/// its result, passing over comments, variations (counted, not recursed into), move
/// numbers and NAGs.
struct Reader<'a> {
    file: &'a str,
    tags: Vec<(String, String)>,
    moves: Vec<Token>,
    /// The game-termination marker, once read: only the next game's tags may follow it.
    result: Option<Token>,
    /// The line and column of the `Variant` tag.
    variant_at: Option<(usize, usize)>,
    /// Where the brace comment being read opened.
    comment: Option<(usize, usize)>,
    /// Where each open variation opened, the outermost first.
    variations: Vec<(usize, usize)>,
    /// The word being read.
    word: Option<Token>,
}

impl<'a> Reader<'a> {
    fn new(file: &'a str) -> Reader<'a> {
        Reader {
            file,
            tags: Vec::new(),
            moves: Vec::new(),
            result: None,
            variant_at: None,
            comment: None,
            variations: Vec::new(),
            word: None,
        }
    }

    fn error(&self, line: usize, column: usize, message: String) -> PgnError {
        PgnError::At {
            file: self.file.to_string(),
            line,
            column,
            message,
        }
    }

    /// Reads line `n`; false when it starts the next game (whose tags end this one).
    fn line(&mut self, n: usize, line: &str) -> Result<bool, PgnError> {
        let trimmed = line.trim_start();
        let outside = self.comment.is_none() && self.variations.is_empty();
        if outside && trimmed.starts_with('[') {
            if !self.moves.is_empty() || self.result.is_some() {
                return Ok(false);
            }
            let column = line[..line.len() - trimmed.len()].chars().count() + 1;
            self.tag(n, column, trimmed)?;
            return Ok(true);
        }
        if self.comment.is_none() && trimmed.starts_with('%') {
            return Ok(true);
        }
        for (k, c) in line.chars().enumerate() {
            let column = k + 1;
            if self.comment.is_some() {
                if c == '}' {
                    self.comment = None;
                }
                continue;
            }
            match c {
                '{' => {
                    self.end_word()?;
                    self.comment = Some((n, column));
                }
                ';' => break,
                '(' => {
                    self.end_word()?;
                    self.open_variation(n, column)?;
                }
                ')' => {
                    self.end_word()?;
                    if self.variations.pop().is_none() {
                        let why = "')' closes no variation".to_string();
                        return Err(self.error(n, column, why));
                    }
                }
                c if c.is_whitespace() => self.end_word()?,
                c if self.variations.is_empty() => self.push(n, column, c)?,
                _ => {}
            }
        }
        self.end_word()?;
        Ok(true)
    }

    /// A tag line, `[Name "value"]`, starting at `column`.
    fn tag(&mut self, n: usize, column: usize, text: &str) -> Result<(), PgnError> {
        if self.tags.len() == MAX_TAGS {
            let why = format!("more than {MAX_TAGS} tags");
            return Err(self.error(n, column, why));
        }
        let text = text.trim_end();
        if text.len() > MAX_TAG_LINE && text.chars().count() > MAX_TAG_LINE {
            let why = format!("a tag line is at most {MAX_TAG_LINE} characters");
            return Err(self.error(n, column, why));
        }
        if let Some((k, c)) = text.chars().enumerate().find(|&(_, c)| !is_text(c)) {
            let why = format!(
                "a control character (U+{:04X}) is no PGN text",
                u32::from(c)
            );
            return Err(self.error(n, column + k, why));
        }
        let pair = tag_pair(text)
            .ok_or_else(|| self.error(n, column, format!("a tag is [Name \"value\"]: {text}")))?;
        if pair.0 == "Variant" {
            self.variant_at = Some((n, column));
        }
        self.tags.push(pair);
        Ok(())
    }

    /// A `(` at line `n`, `column`: one more level of variation, within the limit, and
    /// not after the result.
    fn open_variation(&mut self, n: usize, column: usize) -> Result<(), PgnError> {
        if let Some(result) = &self.result {
            return Err(self.after_result(n, column, "(", result));
        }
        if self.variations.len() == MAX_VARIATION_DEPTH {
            let why = format!("variations nest at most {MAX_VARIATION_DEPTH} deep");
            return Err(self.error(n, column, why));
        }
        self.variations.push((n, column));
        Ok(())
    }

    /// Adds `c` to the word being read (a new one starting at `column`).
    fn push(&mut self, n: usize, column: usize, c: char) -> Result<(), PgnError> {
        if !is_text(c) {
            let why = format!(
                "a control character (U+{:04X}) is no PGN text",
                u32::from(c)
            );
            return Err(self.error(n, column, why));
        }
        let word = self.word.get_or_insert_with(|| Token {
            text: String::new(),
            line: n,
            column,
        });
        if word.text.chars().count() == MAX_WORD {
            let (line, column) = (word.line, word.column);
            let why = format!("a word of the movetext is at most {MAX_WORD} characters");
            return Err(self.error(line, column, why));
        }
        word.text.push(c);
        Ok(())
    }

    /// Ends the word being read, if any: the result, a move number or a NAG are taken as
    /// such; anything else is a move of the main line.
    fn end_word(&mut self) -> Result<(), PgnError> {
        let Some(mut word) = self.word.take() else {
            return Ok(());
        };
        if let Some(result) = &self.result {
            return Err(self.after_result(word.line, word.column, &word.text, result));
        }
        let text = word.text.as_str();
        if RESULTS.contains(&text) {
            self.result = Some(word);
            return Ok(());
        }
        let digits = text.trim_end_matches('.');
        if digits.len() < text.len() && digits.chars().all(|c| c.is_ascii_digit()) {
            return Ok(());
        }
        if let Some(number) = text.strip_prefix('$') {
            return match number.parse::<u32>() {
                Ok(nag) if nag <= MAX_NAG && number.chars().all(|c| c.is_ascii_digit()) => Ok(()),
                _ => {
                    let why = format!("'{text}': a NAG is $0 to ${MAX_NAG}");
                    Err(self.error(word.line, word.column, why))
                }
            };
        }
        // A move glued to its number ("1.e4", "1...e5") loses the number; a continuous
        // point ("4.5,1->e4") starts with a digit after its dot and is kept whole.
        let numbered = text.trim_start_matches(|c: char| c.is_ascii_digit());
        if numbered.len() < text.len()
            && let Some(after) = numbered.strip_prefix('.')
        {
            let mv = after.trim_start_matches('.');
            if !mv.is_empty()
                && (!mv.starts_with(|c: char| c.is_ascii_digit()) || mv.starts_with("0-0"))
            {
                word.column += text[..text.len() - mv.len()].chars().count();
                word.text = mv.to_string();
            }
        }
        if self.moves.len() == MAX_PLIES {
            let why = format!("'{}': a game read has at most {MAX_PLIES} moves", word.text);
            return Err(self.error(word.line, word.column, why));
        }
        self.moves.push(word);
        Ok(())
    }

    /// The error for `what` at line `n`, `column`, after the game's `result`.
    fn after_result(&self, n: usize, column: usize, what: &str, result: &Token) -> PgnError {
        let why = format!(
            "'{what}' after the result '{result}' ({}:{}): a game ends with its result, and only the next game's tags may follow",
            result.line, result.column
        );
        self.error(n, column, why)
    }

    /// The game read, once the text is over (or the next game begins).
    fn finish(mut self) -> Result<Record, PgnError> {
        self.end_word()?;
        if let Some((line, column)) = self.comment {
            return Err(self.error(line, column, "a comment '{' is not closed".into()));
        }
        if let Some(&(line, column)) = self.variations.last() {
            return Err(self.error(line, column, "a variation '(' is not closed".into()));
        }
        if self.tags.is_empty() && self.moves.is_empty() && self.result.is_none() {
            return Err(PgnError::NoGame {
                file: self.file.to_string(),
            });
        }
        let record = Record {
            tags: self.tags,
            moves: self.moves,
            result: self.result,
            variant_at: self.variant_at,
        };
        if let (Some(marker), Some(tag)) = (&record.result, record.tag("Result"))
            && RESULTS.contains(&tag)
            && marker.text != tag
        {
            let why = format!("the result '{marker}' is not the Result tag's \"{tag}\"");
            return Err(PgnError::At {
                file: self.file.to_string(),
                line: marker.line,
                column: marker.column,
                message: why,
            });
        }
        Ok(record)
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_read_with_their_escapes_and_refuse_what_is_no_tag() {
        assert_eq!(
            tag_pair(r#"[White "Kasparov, \"Gazza\""]"#),
            Some(("White".into(), "Kasparov, \"Gazza\"".into()))
        );
        assert_eq!(
            tag_pair(r#"[Event "a\\b"]"#),
            Some(("Event".into(), "a\\b".into()))
        );
        for bad in [
            "[White]",
            "[White Kasparov]",
            "[White \"x\"",
            "White \"x\"]",
        ] {
            assert_eq!(tag_pair(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_bad_tag_is_named_by_line_and_column() {
        let e = Record::parse("g.pgn", "[Event \"x\"]\n  [White Kasparov]\n\n1. e4 *\n")
            .expect_err("a bad tag");
        assert!(e.to_string().starts_with("g.pgn:2:3: a tag is"), "{e}");
    }

    #[test]
    fn only_the_first_game_of_a_file_is_read() {
        let text = "[Event \"1\"]\n\n1. e4 e5 1-0\n\n[Event \"2\"]\n\n1. d4 *\n";
        let record = Record::parse("g.pgn", text).expect("reads");
        assert_eq!(record.tag("Event"), Some("1"));
        let moves: Vec<String> = record.moves.iter().map(|t| t.to_string()).collect();
        assert_eq!(moves, ["e4", "e5"]);
    }

    #[test]
    fn movetext_numbers_moves_and_wraps_its_lines() {
        let moves: Vec<String> = (0..40).map(|k| format!("m{k}")).collect();
        let text = movetext(&moves, Color::White, "*");
        assert!(text.starts_with("1. m0 m1 2. m2 m3"), "{text}");
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
        assert!(text.trim_end().ends_with('*'));
        assert_eq!(
            movetext(&["e5".to_string()], Color::Black, "*"),
            "1... e5 *\n"
        );
    }
}
