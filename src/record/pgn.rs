//! PGN for both modes: a game written as PGN and read back.
//!
//! | rule | decision |
//! | --- | --- |
//! | tags | the usual seven; `Variant` (the level file's stem, which is Fairy-Stockfish's name for the variants both have); `SetUp` with `FEN` (grid) or `POS` (continuous) when the game does not start from the level's setup; `TimeControl` (seconds+increment) in a timed game; `Termination "time forfeit"` for a flag fall |
//! | grid moves | standard algebraic notation as Fairy-Stockfish writes it (`crate::grid::san`) |
//! | continuous moves | `judge`'s `FROM->TO[=X]`, with square names where a point is a centre |
//! | reading | the first game of a file; comments (`{}` and `;`), variations, move numbers, NAGs and `%` lines are passed over; every move is replayed through the rules, and the first that is not legal is named by its line and column |
//! | the result | applied where the moves do not end the game: a win on time (`Termination "time forfeit"`) or by resignation, an agreed draw; `*` leaves the game going |
//! | the level | found from `Variant` by the caller (chess without one) |

use super::game::{self, AnyGame, GameError};
use crate::clock::TimeControl;
use crate::continuous::notation::{format_position, format_request};
use crate::grid::{self, san};
use crate::level::{Level, LevelErrors, LevelKind, ModeError};
use crate::play::{Color, Play, Status};
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
    let result = result_of(status);
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

/// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
fn result_of(status: Status) -> &'static str {
    match (status.is_over(), status.winner()) {
        (false, _) => "*",
        (true, None) => "1/2-1/2",
        (true, Some(Color::White)) => "1-0",
        (true, Some(Color::Black)) => "0-1",
    }
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

    /// Reads the first game of `text`; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Record, PgnError> {
        let mut tags = Vec::new();
        let mut variant_at = None;
        let mut moves = Vec::new();
        let (mut depth, mut comment) = (0usize, false);
        let mut seen_moves = false;
        for (n, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            if !comment && depth == 0 && trimmed.starts_with('[') {
                if seen_moves {
                    // The next game's tags: only the first game is read.
                    break;
                }
                let column = line.len() - trimmed.len() + 1;
                let pair = tag_pair(trimmed).ok_or_else(|| PgnError::At {
                    file: file.to_string(),
                    line: n + 1,
                    column,
                    message: format!("a tag is [Name \"value\"]: {}", trimmed.trim_end()),
                })?;
                if pair.0 == "Variant" {
                    variant_at = Some((n + 1, column));
                }
                tags.push(pair);
                continue;
            }
            if !comment && trimmed.starts_with('%') {
                continue;
            }
            let mut word = String::new();
            let mut start = 0;
            let mut flush = |word: &mut String, start: usize, moves: &mut Vec<Token>| {
                if !word.is_empty() {
                    seen_moves = true;
                    moves.push(Token {
                        text: std::mem::take(word),
                        line: n + 1,
                        column: start + 1,
                    });
                }
            };
            for (col, c) in line.chars().enumerate() {
                if comment {
                    comment = c != '}';
                    continue;
                }
                match c {
                    '{' => {
                        flush(&mut word, start, &mut moves);
                        comment = true;
                    }
                    ';' => break,
                    '(' => {
                        flush(&mut word, start, &mut moves);
                        depth += 1;
                    }
                    ')' => {
                        flush(&mut word, start, &mut moves);
                        depth = depth.saturating_sub(1);
                    }
                    c if c.is_whitespace() => flush(&mut word, start, &mut moves),
                    c if depth == 0 => {
                        if word.is_empty() {
                            start = col;
                        }
                        word.push(c);
                    }
                    _ => {}
                }
            }
            flush(&mut word, start, &mut moves);
        }
        moves.retain(|t| {
            let s = t.text.as_str();
            let number =
                s.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) && s.ends_with('.');
            !(number || s.starts_with('$') || matches!(s, "*" | "1-0" | "0-1" | "1/2-1/2"))
        });
        // A move glued to its number ("1.e4") loses the number.
        for t in &mut moves {
            if let Some(k) = t.text.rfind('.')
                && t.text[..k].chars().all(|c| c.is_ascii_digit() || c == '.')
            {
                t.column += k + 1;
                t.text = t.text[k + 1..].to_string();
            }
        }
        Ok(Record {
            tags,
            moves,
            variant_at,
        })
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
                }
                AnyGame::Grid(game)
            }
        };
        self.apply_result(game.game_mut());
        Ok(game)
    }

    /// Ends a game the moves leave going as the `Result` tag says: on time where
    /// `Termination` says so (the side to move lost), else by resignation or an agreed
    /// draw.
    fn apply_result(&self, game: &mut dyn Play) {
        if game.status().is_over() {
            return;
        }
        let on_time = self
            .tag("Termination")
            .is_some_and(|t| t.eq_ignore_ascii_case("time forfeit"));
        let winner = match self.tag("Result") {
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
