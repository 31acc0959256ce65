//! Game Courier notation: the move syntax of the Game Courier presets, so that a game
//! played there can be replayed here and written back.
//!
//! A move is the mover's label, then `from-to`: `P e3-e6`, `gr l10-l4`. Labels are the
//! level's (`label` on a piece, else its letter), upper case for White and lower case for
//! Black; the label may be left out. Further parts follow after `;`:
//!
//! - a promotion puts the new piece on the target: `P e11-e12; F-e12`;
//! - an en-passant removal (`e5-` or `@-e5`) or a castling rook's move (`R l2-i2`) may be
//!   written out; they must match what the move does anyway, and are never written.
//!
//! A record is moves in order, each optionally preceded by its number (`1.` before White's
//! move, `1...` before Black's); moves end at a line break or where the next begins. The
//! written form is one move per line, numbered: `1. P e3-e6`, `1... p d10-d8`.

use super::board::Square;
use super::movegen::legal_moves;
use super::position::{Move, MoveKind, Position, is_piece, side_of, type_of};
use super::variant::Variant;
use std::fmt;

/// A record or move that does not read, or names a move the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourierError {
    /// The 1-based line in the record's text.
    pub line: usize,
    /// The 1-based character column in that line.
    pub column: usize,
    /// The 1-based ply (half-move) of the record the error is in.
    pub ply: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CourierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: move {}: {}",
            self.line, self.column, self.ply, self.message
        )
    }
}

impl std::error::Error for CourierError {}

/// The Game Courier text of `m`, played from `pos`.
pub fn write_move(v: &Variant, pos: &Position, m: Move) -> String {
    let g = v.geometry;
    let mover = pos.cell(m.from);
    let side = side_of(mover);
    let mut text = format!(
        "{} {}-{}",
        label(v, type_of(mover), side),
        g.name(m.from),
        g.name(m.to)
    );
    if let Some(t) = m.promotion {
        let t = usize::from(t);
        text.push_str(&format!("; {}-{}", label(v, t, side), g.name(m.to)));
    }
    text
}

/// A type's label in a side's case.
fn label(v: &Variant, t: usize, side: usize) -> String {
    let l = &v.types[t].label;
    if side == 0 {
        l.clone()
    } else {
        l.to_ascii_lowercase()
    }
}

/// A token of a record: its text and where it starts.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
    /// Whether a line break comes before it (or it is the first token).
    line_start: bool,
}

/// Splits a record into words; `;` is a word of its own.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut first = true;
        let mut start: Option<(usize, usize)> = None;
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (k, &(i, c)) in chars.iter().enumerate() {
            let ends = c.is_whitespace() || c == ';';
            if ends {
                if let Some((s, col)) = start.take() {
                    out.push(Token {
                        text: &line[s..i],
                        line: n + 1,
                        column: col,
                        line_start: first,
                    });
                    first = false;
                }
                if c == ';' {
                    out.push(Token {
                        text: &line[i..i + 1],
                        line: n + 1,
                        column: k + 1,
                        line_start: first,
                    });
                    first = false;
                }
            } else if start.is_none() {
                start = Some((i, k + 1));
            }
        }
        if let Some((s, col)) = start {
            out.push(Token {
                text: &line[s..],
                line: n + 1,
                column: col,
                line_start: first,
            });
        }
    }
    out
}

/// Whether a word is a move number: digits then one or three dots.
fn is_number(text: &str) -> bool {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && matches!(&text[digits..], "." | "...")
}

/// Whether a word is a label: letters only.
fn is_label(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphabetic())
}

/// One part of a move: an optional label and a step.
#[derive(Clone, Debug)]
struct Part<'a> {
    label: Option<Token<'a>>,
    step: Token<'a>,
}

/// Splits a record into moves, each a list of parts.
/// `Err` carries the token at fault, what is wrong and the ply it is in.
fn moves_of<'a>(tokens: &[Token<'a>]) -> Result<Vec<Vec<Part<'a>>>, (Token<'a>, String, usize)> {
    let mut moves: Vec<Vec<Part<'a>>> = Vec::new();
    let mut open = false; // the last move ended with `;`
    let mut k = 0;
    while k < tokens.len() {
        let t = tokens[k];
        if is_number(t.text) {
            if open {
                let msg = "a move number where the part after ';' should be";
                return Err((t, msg.into(), moves.len()));
            }
            k += 1;
            continue;
        }
        if t.text == ";" {
            if moves.is_empty() || open {
                let ply = moves.len().max(1);
                return Err((t, "';' with no move part before it".into(), ply));
            }
            open = true;
            k += 1;
            continue;
        }
        let (label, step) = if is_label(t.text) {
            match tokens.get(k + 1) {
                Some(s) if s.text != ";" && !is_number(s.text) && !s.line_start => {
                    k += 2;
                    (Some(t), *s)
                }
                _ => {
                    let ply = moves.len() + usize::from(!open);
                    let msg = format!("label '{}' with no move after it", t.text);
                    return Err((t, msg, ply));
                }
            }
        } else {
            k += 1;
            (None, t)
        };
        let part = Part { label, step };
        if open {
            moves.last_mut().expect("open follows a move").push(part);
            open = false;
        } else {
            moves.push(vec![part]);
        }
    }
    if open {
        let last = tokens.last().expect("open follows a token");
        return Err((*last, "nothing after the final ';'".into(), moves.len()));
    }
    Ok(moves)
}

/// A step: `a1-b2`, `X-b2` (a piece put on a square), `b2-` or `@-b2` (a removal).
enum Step {
    Move(Square, Square),
    Put(String, Square),
    Remove(Square),
}

fn read_step(v: &Variant, text: &str) -> Result<Step, String> {
    let g = v.geometry;
    let square = |s: &str| {
        g.parse_square(s)
            .ok_or_else(|| format!("'{s}' is not a square of this board"))
    };
    let Some((a, b)) = text.split_once('-') else {
        return Err(format!(
            "'{text}': expected FROM-TO, like e3-e6 (or a label before it)"
        ));
    };
    match (a, b) {
        ("", _) => Err(format!(
            "'{text}': removing a square from the board is not a move of this game"
        )),
        ("@", to) => Ok(Step::Remove(square(to)?)),
        (from, "") => Ok(Step::Remove(square(from)?)),
        (l, to) if is_label(l) => Ok(Step::Put(l.to_string(), square(to)?)),
        (from, to) => Ok(Step::Move(square(from)?, square(to)?)),
    }
}

/// Reads the move `parts` from `pos`: the legal move it names. `Err` carries the token at
/// fault and what is wrong.
fn read_parts<'a>(
    v: &Variant,
    pos: &mut Position,
    parts: &[Part<'a>],
) -> Result<Move, (Token<'a>, String)> {
    let g = v.geometry;
    let first = &parts[0];
    let (from, to) = match read_step(v, first.step.text).map_err(|e| (first.step, e))? {
        Step::Move(from, to) => (from, to),
        _ => {
            return Err((
                first.step,
                format!("'{}': a move starts with FROM-TO", first.step.text),
            ));
        }
    };
    let us = pos.to_move();
    let cell = pos.cell(from);
    if !is_piece(cell) || side_of(cell) != us {
        let whose = if us == 0 { "White" } else { "Black" };
        return Err((
            first.step,
            format!("no {whose} piece on {} to move", g.name(from)),
        ));
    }
    if let Some(l) = first.label {
        let expected = label(v, type_of(cell), us);
        if l.text != expected {
            return Err((
                l,
                format!(
                    "label '{}', but the piece on {} is '{expected}' ({})",
                    l.text,
                    g.name(from),
                    v.types[type_of(cell)].name
                ),
            ));
        }
    }
    let mut list = Vec::new();
    legal_moves(v, pos, &mut list);
    list.retain(|m| m.from == from && m.to == to);
    if list.is_empty() {
        return Err((
            first.step,
            format!(
                "{} {}-{} is not a legal move here",
                label(v, type_of(cell), us),
                g.name(from),
                g.name(to)
            ),
        ));
    }
    let mut promotion = None;
    for part in &parts[1..] {
        let step = read_step(v, part.step.text).map_err(|e| (part.step, e))?;
        let fits = match step {
            Step::Put(ref l, sq) if sq == to && part.label.is_none() => {
                let t = v
                    .type_of_label(l)
                    .filter(|&t| label(v, usize::from(t), us) == *l);
                match t {
                    Some(t) if promotion.is_none() => {
                        promotion = Some(t);
                        true
                    }
                    _ => false,
                }
            }
            Step::Remove(sq) => list
                .iter()
                .any(|m| m.kind == MoveKind::EnPassant { victim: sq }),
            Step::Move(f, t) => list.iter().any(|m| {
                let rook = pos.cell(f);
                let labelled = part
                    .label
                    .is_none_or(|l| is_piece(rook) && l.text == label(v, type_of(rook), us));
                labelled
                    && m.kind == MoveKind::Castle { rook: f }
                    && t == if m.to > m.from { m.to - 1 } else { m.to + 1 }
            }),
            _ => false,
        };
        if !fits {
            return Err((
                part.label.unwrap_or(part.step),
                format!(
                    "'{}' is not a promotion, en-passant removal or castling rook move of this move",
                    part.step.text
                ),
            ));
        }
    }
    match (list.iter().find(|m| m.promotion == promotion), promotion) {
        (Some(&m), _) => Ok(m),
        (None, None) => {
            let choices: Vec<String> = list
                .iter()
                .filter_map(|m| m.promotion)
                .map(|t| format!("'; {}-{}'", label(v, usize::from(t), us), g.name(to)))
                .collect();
            Err((
                first.step,
                format!("this move must promote: add one of {}", choices.join(", ")),
            ))
        }
        (None, Some(t)) => Err((
            parts.last().map_or(first.step, |p| p.step),
            format!(
                "{} may not promote to '{}' here",
                v.types[type_of(cell)].name,
                label(v, usize::from(t), us)
            ),
        )),
    }
}

/// Reads one move in Game Courier notation from `pos`.
pub fn read_move(v: &Variant, pos: &mut Position, text: &str) -> Result<Move, CourierError> {
    let moves = read_record(v, pos, text)?;
    match moves.as_slice() {
        [m] => Ok(*m),
        _ => Err(CourierError {
            line: 1,
            column: 1,
            ply: 1,
            message: format!("expected one move, found {}", moves.len()),
        }),
    }
}

/// Reads a record played from `start`: every move, checked against the rules in turn.
pub fn read_record(v: &Variant, start: &Position, text: &str) -> Result<Vec<Move>, CourierError> {
    let tokens = tokens(text);
    let at = |t: Token<'_>, ply: usize, message: String| CourierError {
        line: t.line,
        column: t.column,
        ply,
        message,
    };
    let parts = moves_of(&tokens).map_err(|(t, message, ply)| at(t, ply, message))?;
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(parts.len());
    for (n, move_parts) in parts.iter().enumerate() {
        let m = read_parts(v, &mut pos, move_parts).map_err(|(t, msg)| at(t, n + 1, msg))?;
        pos.make(v, m);
        out.push(m);
    }
    Ok(out)
}

/// Writes `moves`, played from `start`, one per line with its number.
pub fn write_record(v: &Variant, start: &Position, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut out = String::new();
    for &m in moves {
        let dots = if pos.to_move() == 0 { "." } else { "..." };
        out.push_str(&format!(
            "{}{dots} {}\n",
            pos.fullmove(),
            write_move(v, &pos, m)
        ));
        pos.make(v, m);
    }
    out
}
