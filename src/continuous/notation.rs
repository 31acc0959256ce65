//! Text forms of the continuous game: POS (a position) and MOVE (a requested move), as the
//! command line reads and writes them (DESIGN §5).
//!
//! - POS: `w` or `b`, then `;`-separated pieces `LETTER@POINT`, upper case for White:
//!   `w;K@e1;R@a1;k@e8`.
//! - POINT: a square name (its centre), or `x,y` in units of R from White's lower-left
//!   corner. Printed points use the square name when the point is exactly a square centre,
//!   else the shortest decimal that reads back to the same f64, so printing loses nothing.
//! - MOVE: `FROM->TO`, optionally `=Q` (a promotion choice).
//!
//! POS carries no "has moved" marks: a piece counts as unmoved when it stands exactly where
//! the level's setup puts a piece of its kind and side, as a FEN does in grid mode.

use super::board::Board;
use super::game::Request;
use super::geometry::Point;
use super::position::{Color, Kind, Piece, Position, PositionError};
use super::resolve::Applied;
use std::fmt::Write as _;
use std::sync::Arc;

/// Why a POS, POINT or MOVE text is unreadable.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NotationError {
    /// The side field is not `w` or `b`.
    #[error("position must start with 'w' or 'b', found '{0}'")]
    Color(String),
    /// A piece entry is not `LETTER@POINT`.
    #[error("piece {index} '{text}' is not LETTER@POINT (e.g. K@e1 or Q@4.2,7.5)")]
    PieceShape {
        /// 1-based piece number.
        index: usize,
        /// Its text.
        text: String,
    },
    /// A piece letter is not K Q R B N P.
    #[error(
        "piece {index} '{text}': '{letter}' is not a piece letter (K Q R B N P, lower case for Black)"
    )]
    Letter {
        /// 1-based piece number.
        index: usize,
        /// Its text.
        text: String,
        /// The letter.
        letter: String,
    },
    /// A point is neither a square name nor `x,y`.
    #[error("'{0}' is neither a square of this board nor x,y")]
    Point(String),
    /// A move is not `FROM->TO[=Q]`.
    #[error("move '{0}' is not FROM->TO (e.g. e2->e4, 1.4,1.4->5.2,1.4, e7->e8=Q)")]
    MoveShape(String),
    /// A promotion letter this board does not offer.
    #[error("move '{text}': '={letter}' is not a promotion this level offers")]
    Promotion {
        /// The move.
        text: String,
        /// The letter.
        letter: String,
    },
    /// The pieces do not make a legal position.
    #[error("impossible position: {0}")]
    Position(#[from] PositionError),
}

/// Reads a point: a square name or `x,y`.
pub fn parse_point(board: &Board, text: &str) -> Result<Point, NotationError> {
    let text = text.trim();
    if let Some((x, y)) = text.split_once(',') {
        let (x, y) = (x.trim().parse::<f64>(), y.trim().parse::<f64>());
        return match (x, y) {
            (Ok(x), Ok(y)) if x.is_finite() && y.is_finite() => Ok(Point::new(x, y)),
            _ => Err(NotationError::Point(text.to_string())),
        };
    }
    board
        .parse_square(text)
        .map_err(|_| NotationError::Point(text.to_string()))
}

/// Writes a point: its square name if it is exactly a square centre, else `x,y`.
pub fn format_point(board: &Board, p: Point) -> String {
    match board.square_name(p) {
        Some(name) => name.to_string(),
        None => format!("{},{}", p.x, p.y),
    }
}

/// A point for people: its square name if exact, else `x,y` to two decimals.
pub fn format_point_brief(board: &Board, p: Point) -> String {
    match board.square_name(p) {
        Some(name) => name.to_string(),
        None => format!("{:.2},{:.2}", p.x, p.y),
    }
}

/// Reads a POS on `board`. Pieces standing where `setup` has the same kind and side count
/// as unmoved.
pub fn parse_position(
    board: Arc<Board>,
    setup: &[Piece],
    text: &str,
) -> Result<Position, NotationError> {
    let mut fields = text.trim().split(';');
    let side_text = fields.next().unwrap_or_default().trim();
    let side = match side_text {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(NotationError::Color(other.to_string())),
    };
    let mut pieces = Vec::new();
    for (n, field) in fields.enumerate() {
        let field = field.trim();
        if field.is_empty() {
            continue;
        }
        let index = n + 1;
        let Some((letter, point)) = field.split_once('@') else {
            return Err(NotationError::PieceShape {
                index,
                text: field.to_string(),
            });
        };
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(NotationError::Letter {
                index,
                text: field.to_string(),
                letter: letter.to_string(),
            });
        };
        let kind = Kind::from_letter(c).ok_or_else(|| NotationError::Letter {
            index,
            text: field.to_string(),
            letter: letter.to_string(),
        })?;
        let piece_side = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let at = parse_point(&board, point)?;
        let unmoved = setup
            .iter()
            .any(|s| s.side == piece_side && s.kind == kind && s.at.distance(at) < 1e-9);
        pieces.push(Piece {
            side: piece_side,
            kind,
            at,
            moved: !unmoved,
        });
    }
    Ok(Position::new(board, pieces, side)?)
}

/// Writes a POS.
pub fn format_position(pos: &Position) -> String {
    let mut out = String::new();
    out.push(pos.to_move().letter());
    for p in pos.pieces() {
        let _ = write!(out, ";{}@{}", p.letter(), format_point(pos.board(), p.at));
    }
    out
}

/// Reads a MOVE.
pub fn parse_move(board: &Board, text: &str) -> Result<Request, NotationError> {
    let shape = || NotationError::MoveShape(text.to_string());
    let (from, rest) = text.trim().split_once("->").ok_or_else(shape)?;
    let (to, promotion) = match rest.split_once('=') {
        Some((to, letter)) => {
            let kind = Kind::from_letter_str(letter.trim())
                .filter(|k| board.promotion.contains(k))
                .ok_or_else(|| NotationError::Promotion {
                    text: text.to_string(),
                    letter: letter.to_string(),
                })?;
            (to, Some(kind))
        }
        None => (rest, None),
    };
    Ok(Request {
        from: parse_point(board, from)?,
        to: parse_point(board, to)?,
        promotion,
    })
}

/// Writes a MOVE as [`parse_move`] reads it, with exact points: `e2->e4`,
/// `4.5,1.25->4.5,9=Q`. It reads back to the same request, bit for bit.
pub fn format_request(board: &Board, request: &Request) -> String {
    let mut out = format!(
        "{}->{}",
        format_point(board, request.from),
        format_point(board, request.to)
    );
    if let Some(kind) = request.promotion {
        out.push('=');
        out.push(kind.letter());
    }
    out
}

/// Writes the part of an outcome line after `ok move ` / `ok capture `: the mover's letter,
/// `FROM->TO`, then `xV` for a captured piece, `=Q` for a promotion and
/// `castle FROM->TO` for the castling rook.
pub fn format_applied(board: &Board, applied: &Applied) -> String {
    write_applied(board, applied, format_point)
}

/// [`format_applied`] with points to two decimals, for the move list on screen.
pub fn format_applied_brief(board: &Board, applied: &Applied) -> String {
    write_applied(board, applied, format_point_brief)
}

fn write_applied(board: &Board, applied: &Applied, point: fn(&Board, Point) -> String) -> String {
    let format_point = point;
    let mut out = format!(
        "{} {}->{}",
        applied.mover.letter(),
        format_point(board, applied.mover.at),
        format_point(board, applied.to)
    );
    if let Some(c) = applied.captured {
        let _ = write!(out, " x{}", c.letter());
    }
    if let Some(k) = applied.promotion {
        let _ = write!(out, " ={}", k.letter());
    }
    if let Some((a, b)) = applied.castling {
        let _ = write!(
            out,
            " castle {}->{}",
            format_point(board, a),
            format_point(board, b)
        );
    }
    out
}
