//! `areachess pgn`: a game as PGN, and a PGN game read back. A grid game's moves are in
//! standard algebraic notation (`areachess::grid::san`); a continuous game's are in
//! `judge`'s `FROM->TO[=X]`. Tags: the usual seven, `Variant` (the level file's stem,
//! which is Fairy-Stockfish's name for the variants both have), and `SetUp` with `FEN`
//! (grid) or `POS` (continuous) when the game does not start from the level's setup.

use super::rules::{continuous_game, grid_game};
use areachess::continuous::notation::{format_position, format_request, parse_move};
use areachess::failure::Failure;
use areachess::grid::{self, san};
use areachess::level::{self, Level};
use areachess::play::Color;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `areachess pgn LEVEL`: the game after `moves` from the FEN or POS (else the setup).
pub fn pgn(
    level_path: &Path,
    fen: Option<&str>,
    position: Option<&str>,
    moves: &[String],
    out: &mut impl Write,
) -> Result<(), Failure> {
    let level = level::load(level_path)?;
    let variant = level_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (setup, first, texts, status) = if level.is_continuous() {
        if fen.is_some() {
            return Err(Failure::input(
                "--fen is a grid FEN; a continuous level takes --position",
            ));
        }
        let (loaded, game) = continuous_game(level, position, moves)?;
        let start = game.start();
        let setup = (start != &loaded.start).then(|| ("POS", format_position(start)));
        let texts: Vec<String> = game
            .played()
            .iter()
            .map(|played| format_request(start.board(), &played.request))
            .collect();
        (setup, start.to_move(), texts, game.status())
    } else {
        if position.is_some() {
            return Err(Failure::input(
                "--position is a continuous POS; a grid level takes --fen",
            ));
        }
        let (loaded, game) = grid_game(level, fen, moves)?;
        let v = &loaded.variant;
        let fen_of = |p| {
            grid::Fen {
                variant: v,
                position: p,
            }
            .to_string()
        };
        let start = game.start();
        let setup = (fen_of(start) != fen_of(&loaded.start)).then(|| ("FEN", fen_of(start)));
        let texts = game.sans().to_vec();
        (setup, start.to_move(), texts, game.status())
    };
    let result = match (status.is_over(), status.winner()) {
        (false, _) => "*",
        (true, None) => "1/2-1/2",
        (true, Some(Color::White)) => "1-0",
        (true, Some(Color::Black)) => "0-1",
    };
    let mut text = String::new();
    for (tag, value) in [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", result),
        ("Variant", variant.as_str()),
    ] {
        text.push_str(&format!("[{tag} \"{value}\"]\n"));
    }
    if let Some((tag, value)) = setup {
        text.push_str(&format!("[SetUp \"1\"]\n[{tag} \"{value}\"]\n"));
    }
    text.push('\n');
    text.push_str(&movetext(&texts, first, result));
    write!(out, "{text}").map_err(Failure::write)
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

/// A token of a PGN file, with where it starts (line and column, from 1).
struct Token {
    text: String,
    line: usize,
    column: usize,
}

/// A PGN game: its tags and its moves.
struct Read {
    tags: Vec<(String, String)>,
    moves: Vec<Token>,
}

/// Reads the first game of `text`: the tags, and the moves of the main line (comments,
/// variations, move numbers, annotations and the result dropped).
fn read(text: &str) -> Result<Read, (usize, usize, String)> {
    let mut tags = Vec::new();
    let mut moves = Vec::new();
    let (mut depth, mut comment) = (0usize, false);
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if !comment && depth == 0 && trimmed.starts_with('[') {
            let inner = trimmed
                .trim_end()
                .trim_start_matches('[')
                .trim_end_matches(']');
            let (name, value) = inner.split_once(' ').ok_or((
                n + 1,
                1,
                format!("a tag without a value: {trimmed}"),
            ))?;
            let value = value.trim().trim_matches('"').replace("\\\"", "\"");
            tags.push((name.to_string(), value));
            continue;
        }
        if trimmed.starts_with('%') {
            continue;
        }
        let mut word = String::new();
        let mut start = 0;
        let flush = |word: &mut String, start: usize, moves: &mut Vec<Token>| {
            if !word.is_empty() {
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
    Ok(Read { tags, moves })
}

/// The level a PGN game is played on: its `Variant` tag's shipped level (`levels/NAME.toml`
/// here, else beside the source tree); chess without one.
fn level_of(read: &Read) -> PathBuf {
    let name = read
        .tags
        .iter()
        .find(|(t, _)| t == "Variant")
        .map(|(_, v)| v.to_lowercase())
        .filter(|v| !v.is_empty() && v != "standard")
        .unwrap_or_else(|| "chess".to_string());
    super::in_tree(&format!("levels/{name}.toml"))
}

/// `areachess pgn --read FILE`: `level PATH`, then `move MOVE` for each move in the
/// notation `moves` and `judge` take, then `fen FEN` (grid) or `pos POS` (continuous).
pub fn read_pgn(path: &Path, out: &mut impl Write) -> Result<(), Failure> {
    let shown = path.display().to_string();
    let text = if path == Path::new("-") {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(path)
    }
    .map_err(|e| Failure::input(format!("{shown}: cannot read: {e}")))?;
    let read = read(&text).map_err(|(l, c, e)| Failure::input(format!("{shown}:{l}:{c}: {e}")))?;
    let tag = |name: &str| {
        read.tags
            .iter()
            .find(|(t, _)| t == name)
            .map(|(_, v)| v.as_str())
    };
    let level_path = level_of(&read);
    let level: Level = level::load(&level_path)?;
    let refuse = |t: &Token, why: &str| {
        Failure::input(format!(
            "{shown}:{}:{}: '{}': {why}",
            t.line, t.column, t.text
        ))
    };
    let mut lines = vec![format!("level {}", level_path.display())];
    if level.is_continuous() {
        let (loaded, mut game) = continuous_game(level, tag("POS"), &[])?;
        for t in &read.moves {
            let request =
                parse_move(&loaded.board, &t.text).map_err(|e| refuse(t, &e.to_string()))?;
            if let areachess::continuous::Outcome::Illegal(reason) = game.play(request) {
                return Err(refuse(t, &format!("illegal ({reason})")));
            }
            lines.push(format!("move {}", format_request(&loaded.board, &request)));
        }
        lines.push(format!("pos {}", format_position(game.position())));
    } else {
        let (loaded, mut game) = grid_game(level, tag("FEN"), &[])?;
        let v = &loaded.variant;
        for t in &read.moves {
            let m = san::read_san(v, game.position(), &t.text)
                .ok_or_else(|| refuse(t, "no legal move in standard algebraic notation"))?;
            game.play(m);
            lines.push(format!("move {}", grid::move_text(v, m)));
        }
        let fen = grid::Fen {
            variant: v,
            position: game.position(),
        };
        lines.push(format!("fen {fen}"));
    }
    for line in lines {
        writeln!(out, "{line}").map_err(Failure::write)?;
    }
    Ok(())
}
