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

use super::board::{Square, SquareName};
use super::castling::rook_landing;
use super::cell::{is_piece, role_of, side_of};
use super::legal::legal_moves;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::rules::Role;
use super::variant::Variant;
use crate::play::Color;
use crate::span::Span;

/// A record or move that does not read, or names a move the rules refuse. The readers
/// return it boxed: it is large, and rare.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{span}: move {ply}: {kind}")]
pub struct CourierError {
    /// Where in the record's text: its line and character column, and its file once the
    /// reader of a file adds it ([`CourierError::in_file`]).
    pub span: Span,
    /// The 1-based ply (half-move) of the record the error is in.
    pub ply: usize,
    /// What is wrong.
    pub kind: CourierErrorKind,
}

impl CourierError {
    /// The same error, in the record file `file`: it then prints `FILE:LINE:COLUMN: …`.
    pub fn in_file(self, file: impl Into<String>) -> CourierError {
        CourierError {
            span: self.span.in_file(file),
            ..self
        }
    }
}

/// What is wrong with a Game Courier record or move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CourierErrorKind {
    /// A move number between a `;` and the part it announces.
    #[error("a move number where the part after ';' should be")]
    NumberAfterSemicolon,
    /// A `;` first, or right after another.
    #[error("';' with no move part before it")]
    SemicolonFirst,
    /// A `;` that ends the record.
    #[error("nothing after the final ';'")]
    DanglingSemicolon,
    /// A label with no step after it on its line.
    #[error("label '{0}' with no move after it")]
    LabelAlone(String),
    /// A step that names no square of the board.
    #[error("'{0}' is not a square of this board")]
    NotASquare(String),
    /// A word that is not `FROM-TO`.
    #[error("'{0}': expected FROM-TO, like e3-e6 (or a label before it)")]
    NotAStep(String),
    /// A step `-SQUARE`, which would take a square off the board.
    #[error("'{0}': removing a square from the board is not a move of this game")]
    RemovesSquare(String),
    /// A move whose first part puts or removes a piece.
    #[error("'{0}': a move starts with FROM-TO")]
    NotAMoveStart(String),
    /// No piece of the side to move on the step's first square.
    #[error("no {} piece on {square} to move", side.name())]
    NoPiece {
        /// The side to move.
        side: Color,
        /// The square.
        square: SquareName,
    },
    /// A label other than the moving piece's.
    #[error("label '{written}', but the piece on {square} is '{label}' ({piece})")]
    WrongLabel {
        /// The label written.
        written: String,
        /// The mover's square.
        square: SquareName,
        /// The mover's label, in its side's case.
        label: String,
        /// The name of the mover's type.
        piece: String,
    },
    /// No legal move goes from the first square to the second.
    #[error("{label} {from}-{to} is not a legal move here")]
    NotLegal {
        /// The mover's label, in its side's case.
        label: String,
        /// Its square.
        from: SquareName,
        /// The target.
        to: SquareName,
    },
    /// A later part that fits none of the move's promotion, en-passant removal or castling
    /// rook move.
    #[error("'{0}' is not a promotion, en-passant removal or castling rook move of this move")]
    NotAPart(String),
    /// A move that must promote, written without its promotion.
    #[error("this move must promote: add one of {}", promotion_parts(labels, *to))]
    MustPromote {
        /// The labels of the types it may promote to, in the mover's case.
        labels: Vec<String>,
        /// The target square.
        to: SquareName,
    },
    /// A promotion the mover may not make on this move.
    #[error("{piece} may not promote to '{label}' here")]
    PromotionRefused {
        /// The name of the mover's type.
        piece: String,
        /// The label of the type written.
        label: String,
    },
    /// A text read as one move that holds another number of moves.
    #[error("expected one move, found {0}")]
    NotOneMove(usize),
}

/// The promotion parts a move to `to` may add: `'; Q-e8', '; N-e8'`.
fn promotion_parts(labels: &[String], to: SquareName) -> String {
    let parts: Vec<String> = labels.iter().map(|l| format!("'; {l}-{to}'")).collect();
    parts.join(", ")
}

/// The Game Courier text of `m`, played from `pos`.
pub fn write_move(v: &Variant, pos: &Position, m: Move) -> String {
    let g = v.geometry;
    let mover = pos.cell(m.from);
    let side = side_of(mover);
    let mut text = format!(
        "{} {}-{}",
        label(v, role_of(mover), side),
        g.name(m.from),
        g.name(m.to)
    );
    if let Some(t) = m.promotion {
        text.push_str(&format!("; {}-{}", label(v, t, side), g.name(m.to)));
    }
    text
}

/// A type's label in a side's case.
fn label(v: &Variant, t: Role, side: Color) -> String {
    let l = &v[t].label;
    if side == Color::White {
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

impl Token<'_> {
    /// An error at this token, in ply `ply`.
    fn error(self, ply: usize, kind: CourierErrorKind) -> Box<CourierError> {
        Box::new(CourierError {
            span: Span::at(self.line, self.column),
            ply,
            kind,
        })
    }
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
fn moves_of<'a>(tokens: &[Token<'a>]) -> Result<Vec<Vec<Part<'a>>>, Box<CourierError>> {
    let mut moves: Vec<Vec<Part<'a>>> = Vec::new();
    let mut open = false; // the last move ended with `;`
    let mut k = 0;
    while k < tokens.len() {
        let t = tokens[k];
        if is_number(t.text) {
            if open {
                return Err(t.error(moves.len(), CourierErrorKind::NumberAfterSemicolon));
            }
            k += 1;
            continue;
        }
        if t.text == ";" {
            if moves.is_empty() || open {
                let ply = moves.len().max(1);
                return Err(t.error(ply, CourierErrorKind::SemicolonFirst));
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
                    let kind = CourierErrorKind::LabelAlone(t.text.to_string());
                    return Err(t.error(ply, kind));
                }
            }
        } else {
            k += 1;
            (None, t)
        };
        let part = Part { label, step };
        // A move is open only once one has been read.
        match moves.last_mut() {
            Some(last) if open => {
                last.push(part);
                open = false;
            }
            _ => moves.push(vec![part]),
        }
    }
    if let (true, Some(last)) = (open, tokens.last()) {
        return Err(last.error(moves.len(), CourierErrorKind::DanglingSemicolon));
    }
    Ok(moves)
}

/// A step: `a1-b2`, `X-b2` (a piece put on a square), `b2-` or `@-b2` (a removal).
enum Step {
    Move(Square, Square),
    Put(String, Square),
    Remove(Square),
}

fn read_step(v: &Variant, text: &str) -> Result<Step, CourierErrorKind> {
    let g = v.geometry;
    let square = |s: &str| {
        g.parse_square(s)
            .ok_or_else(|| CourierErrorKind::NotASquare(s.to_string()))
    };
    let Some((a, b)) = text.split_once('-') else {
        return Err(CourierErrorKind::NotAStep(text.to_string()));
    };
    match (a, b) {
        ("", _) => Err(CourierErrorKind::RemovesSquare(text.to_string())),
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
) -> Result<Move, (Token<'a>, CourierErrorKind)> {
    let g = v.geometry;
    let first = &parts[0];
    let (from, to) = match read_step(v, first.step.text).map_err(|e| (first.step, e))? {
        Step::Move(from, to) => (from, to),
        _ => {
            return Err((
                first.step,
                CourierErrorKind::NotAMoveStart(first.step.text.to_string()),
            ));
        }
    };
    let us = pos.to_move();
    let cell = pos.cell(from);
    if !is_piece(cell) || side_of(cell) != us {
        return Err((
            first.step,
            CourierErrorKind::NoPiece {
                side: us,
                square: g.name(from),
            },
        ));
    }
    if let Some(l) = first.label {
        let expected = label(v, role_of(cell), us);
        if l.text != expected {
            return Err((
                l,
                CourierErrorKind::WrongLabel {
                    written: l.text.to_string(),
                    square: g.name(from),
                    label: expected,
                    piece: v[role_of(cell)].name.clone(),
                },
            ));
        }
    }
    let mut list = Vec::new();
    legal_moves(v, pos, &mut list);
    list.retain(|m| m.from == from && m.to == to);
    if list.is_empty() {
        return Err((
            first.step,
            CourierErrorKind::NotLegal {
                label: label(v, role_of(cell), us),
                from: g.name(from),
                to: g.name(to),
            },
        ));
    }
    let mut promotion = None;
    for part in &parts[1..] {
        let step = read_step(v, part.step.text).map_err(|e| (part.step, e))?;
        let fits = match step {
            Step::Put(ref l, sq) if sq == to && part.label.is_none() => {
                let t = v.role_of_label(l).filter(|&t| label(v, t, us) == *l);
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
                    .is_none_or(|l| is_piece(rook) && l.text == label(v, role_of(rook), us));
                labelled && m.kind == MoveKind::Castle { rook: f } && t == rook_landing(*m)
            }),
            _ => false,
        };
        if !fits {
            return Err((
                part.label.unwrap_or(part.step),
                CourierErrorKind::NotAPart(part.step.text.to_string()),
            ));
        }
    }
    match (list.iter().find(|m| m.promotion == promotion), promotion) {
        (Some(&m), _) => Ok(m),
        (None, None) => {
            let labels = list
                .iter()
                .filter_map(|m| m.promotion)
                .map(|t| label(v, t, us))
                .collect();
            Err((
                first.step,
                CourierErrorKind::MustPromote {
                    labels,
                    to: g.name(to),
                },
            ))
        }
        (None, Some(t)) => Err((
            parts.last().map_or(first.step, |p| p.step),
            CourierErrorKind::PromotionRefused {
                piece: v[role_of(cell)].name.clone(),
                label: label(v, t, us),
            },
        )),
    }
}

/// Reads one move in Game Courier notation from `pos`.
pub fn read_move(v: &Variant, pos: &mut Position, text: &str) -> Result<Move, Box<CourierError>> {
    let moves = read_record(v, pos, text)?;
    match moves.as_slice() {
        [m] => Ok(*m),
        _ => Err(Box::new(CourierError {
            span: Span::at(1, 1),
            ply: 1,
            kind: CourierErrorKind::NotOneMove(moves.len()),
        })),
    }
}

/// Reads a record played from `start`: every move, checked against the rules in turn.
pub fn read_record(
    v: &Variant,
    start: &Position,
    text: &str,
) -> Result<Vec<Move>, Box<CourierError>> {
    let tokens = tokens(text);
    let parts = moves_of(&tokens)?;
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(parts.len());
    for (n, move_parts) in parts.iter().enumerate() {
        let m = read_parts(v, &mut pos, move_parts).map_err(|(t, kind)| t.error(n + 1, kind))?;
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
        let dots = if pos.to_move() == Color::White {
            "."
        } else {
            "..."
        };
        out.push_str(&format!(
            "{}{dots} {}\n",
            pos.fullmove(),
            write_move(v, &pos, m)
        ));
        pos.make(v, m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::fen::parse_fen;

    #[test]
    fn a_courier_error_holds_its_place_ply_and_kind_and_prints_them() {
        let v = Variant::kings_and_rooks(None);
        let start = parse_fen(&v, "k3/4/4/K2R w").expect("a FEN");
        let g = v.geometry;
        let sq = |name| g.parse_square(name).expect("a square");
        let err = |text| read_record(&v, &start, text).expect_err(text);
        let e = err("1. K a1-a3");
        assert_eq!(
            *e,
            CourierError {
                span: Span::at(1, 6),
                ply: 1,
                kind: CourierErrorKind::NotLegal {
                    label: "K".into(),
                    from: g.name(sq("a1")),
                    to: g.name(sq("a3")),
                },
            }
        );
        assert_eq!(
            e.to_string(),
            "1:6: move 1: K a1-a3 is not a legal move here"
        );
        assert_eq!(
            e.in_file("game.txt").to_string(),
            "game.txt:1:6: move 1: K a1-a3 is not a legal move here"
        );
        let e = err("1. R d1-d2\n1... k a4-a9");
        assert_eq!((e.span, e.ply), (Span::at(2, 8), 2));
        assert_eq!(e.kind, CourierErrorKind::NotASquare("a9".into()));
        assert_eq!(e.kind.to_string(), "'a9' is not a square of this board");
        let e = err("1. R d1-d2;");
        assert_eq!((e.span, e.ply), (Span::at(1, 11), 1));
        assert_eq!(e.kind.to_string(), "nothing after the final ';'");
        let e = err("1... k a4-a3");
        assert_eq!(
            e.kind,
            CourierErrorKind::NoPiece {
                side: Color::White,
                square: g.name(sq("a4")),
            }
        );
        assert_eq!(e.kind.to_string(), "no White piece on a4 to move");
        let must = CourierErrorKind::MustPromote {
            labels: vec!["Q".into(), "N".into()],
            to: g.name(sq("d4")),
        };
        assert_eq!(
            must.to_string(),
            "this move must promote: add one of '; Q-d4', '; N-d4'"
        );
    }
}
