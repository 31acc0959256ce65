//! Text forms of the continuous game: POS (a position) and MOVE (a requested move), as the
//! command line reads and writes them (docs/cli.md), and the FEN of a level's setup.
//!
//! - POS: `w` or `b`, then `;`-separated pieces `LETTER@POINT`, upper case for White:
//!   `w;K@e1;R@a1;k@e8`.
//! - POINT: a square name (its centre), or `x,y` in units of R from White's lower-left
//!   corner. Printed points use the square name when the point is exactly a square centre,
//!   else the shortest decimal that reads back to the same f64, so printing loses nothing.
//! - MOVE: `FROM->TO`, optionally `=Q` (a promotion choice).
//! - FEN (a level's setup): the placement field, read as a grid FEN's is
//!   ([`crate::grid::placement`]), each piece on its square's centre, then the side to move
//!   (`w` when it is missing); later fields are not read.
//!
//! POS carries no "has moved" marks: a piece counts as unmoved when it stands exactly where
//! the level's setup puts a piece of its kind and side, as a FEN does in grid mode.

use super::board::{Board, SquareName};
use super::geometry::Point;
use super::piece::{Color, Kind, Piece};
use super::position::{Position, PositionError, Setup};
use super::resolve::{Applied, Request};
use crate::grid::placement::{Item, count, ranks};
use crate::span::Span;
use std::fmt::{self, Write as _};
use std::str::FromStr;
use std::sync::Arc;

/// The longest POINT read, in characters: the shortest decimals that read back to an f64
/// take at most 24, so two and a comma stay under 50; the rest is room for more digits.
pub const MAX_POINT_LENGTH: usize = 128;

/// The longest MOVE read, in characters: two of the longest points, `->` and `=Q`.
pub const MAX_MOVE_LENGTH: usize = 2 * MAX_POINT_LENGTH + 4;

/// The most pieces a POS may hold. Discs of radius R that do not overlap fit at most one
/// to a cell of 1.4 R on a side, about 2,800 on the largest board of default squares; a
/// setup of more than a couple of thousand is no game, and every pair is compared.
pub const MAX_PIECES: usize = 2048;

/// The longest POS read, in characters: [`MAX_PIECES`] pieces of a letter, `@`, a point
/// of the longest shortest-decimals and `;` (52 at most) fit with room to spare.
pub const MAX_POSITION_LENGTH: usize = 64 * MAX_PIECES;

/// The longest setup FEN read, in characters: a placement field of 26 ranks of 26 letters
/// takes under 700.
pub const MAX_FEN_LENGTH: usize = 1024;

/// Whether `text` is longer than `limit` characters; counting stops just past it.
fn longer_than(text: &str, limit: usize) -> bool {
    text.chars().nth(limit).is_some()
}

/// Why a POS, FEN, POINT or MOVE text is unreadable.
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
    /// A piece letter that is no kind of this board.
    #[error("piece {index} '{text}': '{letter}' is not a piece letter ({known})")]
    Letter {
        /// 1-based piece number.
        index: usize,
        /// Its text.
        text: String,
        /// The letter.
        letter: String,
        /// The letters there are, as people read them.
        known: String,
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
    /// A text longer than its limit.
    #[error("{what} is longer than the limit of {limit} characters (column {column} is past it)", column = limit + 1)]
    TooLong {
        /// What the text is: `position`, `move`, `point` or `FEN`.
        what: &'static str,
        /// Its limit.
        limit: usize,
    },
    /// A POS of more pieces than [`MAX_PIECES`].
    #[error("piece {index}: a position holds at most {limit} pieces", limit = MAX_PIECES)]
    TooManyPieces {
        /// The 1-based number of the first piece past the limit.
        index: usize,
    },
    /// A FEN with no fields.
    #[error("the FEN is empty")]
    FenEmpty,
    /// A FEN's side to move is not `w` or `b`.
    #[error("side to move '{0}': expected w or b")]
    FenSide(String),
    /// A FEN with another number of ranks than the board.
    #[error("the FEN has {found} ranks; the board has {board}")]
    FenRanks {
        /// Ranks in the FEN.
        found: usize,
        /// Ranks of the board.
        board: u32,
    },
    /// An empty run too long to count.
    #[error("bad number '{digits}'")]
    FenRun {
        /// Its digits.
        digits: String,
        /// Where they start in the FEN.
        span: Span,
    },
    /// A character of a FEN rank that is neither a digit nor K Q R B N P.
    #[error("'{letter}' in rank {rank} is not a piece letter")]
    FenLetter {
        /// The character.
        letter: char,
        /// The 1-based rank.
        rank: u32,
        /// Where it stands in the FEN.
        span: Span,
    },
    /// A piece beyond the board's last file.
    #[error("rank {rank} is longer than {files} files")]
    FenLong {
        /// The 1-based rank.
        rank: u32,
        /// Files of the board.
        files: u32,
        /// Where the piece stands in the FEN.
        span: Span,
    },
    /// A rank whose pieces and empty runs add up to another number than the board's files.
    #[error("rank {rank} covers {covered} files; the board has {files}")]
    FenShort {
        /// The 1-based rank.
        rank: u32,
        /// Files it covers.
        covered: u32,
        /// Files of the board.
        files: u32,
        /// The rank's last character in the FEN.
        span: Span,
    },
    /// A FEN's pieces do not make a legal position.
    #[error("{0}")]
    FenPosition(PositionError),
}

/// A POINT as written: a square name (its centre) or exact `x,y` in units of R. Reading
/// it needs no board; [`WrittenPoint::on`] finds it on one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WrittenPoint {
    /// A square's centre.
    Square(SquareName),
    /// A point given by its coordinates.
    At(Point),
}

impl FromStr for WrittenPoint {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<WrittenPoint, NotationError> {
        if longer_than(text, MAX_POINT_LENGTH) {
            return Err(NotationError::TooLong {
                what: "point",
                limit: MAX_POINT_LENGTH,
            });
        }
        let text = text.trim();
        let bad = || NotationError::Point(text.to_string());
        if let Some((x, y)) = text.split_once(',') {
            return match (x.trim().parse::<f64>(), y.trim().parse::<f64>()) {
                (Ok(x), Ok(y)) if x.is_finite() && y.is_finite() => {
                    Ok(WrittenPoint::At(Point::new(x, y)))
                }
                _ => Err(bad()),
            };
        }
        text.parse().map(WrittenPoint::Square).map_err(|_| bad())
    }
}

/// A square name, or the shortest decimals that read back to the same f64s.
impl fmt::Display for WrittenPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrittenPoint::Square(name) => write!(f, "{name}"),
            WrittenPoint::At(p) => write!(f, "{},{}", p.x, p.y),
        }
    }
}

impl WrittenPoint {
    /// How `p` is written on `board`: its square's name if it is exactly a square centre.
    pub fn of(board: &Board, p: Point) -> WrittenPoint {
        board
            .square_name(p)
            .map_or(WrittenPoint::At(p), WrittenPoint::Square)
    }

    /// The point on `board`; a square name must be one of its squares.
    pub fn on(self, board: &Board) -> Result<Point, NotationError> {
        match self {
            WrittenPoint::At(p) => Ok(p),
            WrittenPoint::Square(name) => board
                .centre_of(name)
                .ok_or_else(|| NotationError::Point(name.to_string())),
        }
    }
}

/// Reads a point: a square name or `x,y`.
pub fn parse_point(board: &Board, text: &str) -> Result<Point, NotationError> {
    text.parse::<WrittenPoint>()?.on(board)
}

/// Writes a point: its square name if it is exactly a square centre, else `x,y`.
pub fn format_point(board: &Board, p: Point) -> String {
    WrittenPoint::of(board, p).to_string()
}

/// A point for people: its square name if exact, else `x,y` to two decimals.
pub fn format_point_brief(board: &Board, p: Point) -> String {
    match board.square_name(p) {
        Some(name) => name.to_string(),
        None => format!("{:.2},{:.2}", p.x, p.y),
    }
}

/// A POS as written: the side to move, then each piece's letter (upper case for White) and
/// point. Reading it needs no board; [`WrittenPosition::on`] sets it up on one.
#[derive(Clone, Debug, PartialEq)]
pub struct WrittenPosition {
    /// The side to move.
    pub to_move: Color,
    /// The pieces: side, kind and point.
    pub pieces: Vec<(Color, Kind, WrittenPoint)>,
}

impl FromStr for WrittenPosition {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<WrittenPosition, NotationError> {
        if longer_than(text, MAX_POSITION_LENGTH) {
            return Err(NotationError::TooLong {
                what: "position",
                limit: MAX_POSITION_LENGTH,
            });
        }
        let mut fields = text.trim().split(';');
        let to_move = match fields.next().unwrap_or_default().trim() {
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
            if pieces.len() == MAX_PIECES {
                return Err(NotationError::TooManyPieces { index });
            }
            let Some((letter, point)) = field.split_once('@') else {
                return Err(NotationError::PieceShape {
                    index,
                    text: field.to_string(),
                });
            };
            let not_a_letter = || NotationError::Letter {
                index,
                text: field.to_string(),
                letter: letter.to_string(),
                known: "one letter, lower case for Black".to_string(),
            };
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(not_a_letter());
            };
            let kind = Kind::from_letter(c).ok_or_else(not_a_letter)?;
            let side = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            pieces.push((side, kind, point.parse()?));
        }
        Ok(WrittenPosition { to_move, pieces })
    }
}

impl fmt::Display for WrittenPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_move.letter())?;
        for &(side, kind, at) in &self.pieces {
            write!(f, ";{}@{at}", kind.letter_of(side))?;
        }
        Ok(())
    }
}

impl WrittenPosition {
    /// How `pos` is written.
    pub fn of(pos: &Position) -> WrittenPosition {
        let pieces = pos.pieces().iter();
        WrittenPosition {
            to_move: pos.to_move(),
            pieces: pieces
                .map(|p| (p.side, p.kind, WrittenPoint::of(pos.board(), p.at)))
                .collect(),
        }
    }

    /// The position on `board`. Pieces standing where `setup` has the same kind and side
    /// count as unmoved.
    pub fn on(&self, board: Arc<Board>, setup: &[Piece]) -> Result<Position, NotationError> {
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for (n, &(side, kind, at)) in self.pieces.iter().enumerate() {
            if !board.has(kind) {
                let letter = kind.letter_of(side).to_string();
                let letters: Vec<String> = board
                    .kinds
                    .iter()
                    .map(|k| k.kind.letter().to_string())
                    .collect();
                return Err(NotationError::Letter {
                    index: n + 1,
                    text: format!("{letter}@{at}"),
                    letter,
                    known: format!("{}, lower case for Black", letters.join(" ")),
                });
            }
            let at = at.on(&board)?;
            let unmoved = setup
                .iter()
                .any(|s| s.side == side && s.kind == kind && s.at.distance(at) < 1e-9);
            pieces.push(Piece {
                side,
                kind,
                at,
                moved: !unmoved,
            });
        }
        Ok(Position::try_from(Setup {
            board,
            pieces,
            to_move: self.to_move,
        })?)
    }
}

/// Reads a POS on `board`. Pieces standing where `setup` has the same kind and side count
/// as unmoved.
pub fn parse_position(
    board: Arc<Board>,
    setup: &[Piece],
    text: &str,
) -> Result<Position, NotationError> {
    text.parse::<WrittenPosition>()?.on(board, setup)
}

/// Reads a FEN on `board`, each piece on its square's centre: the placement field and the
/// side to move (`w` when it is missing).
pub fn parse_fen(board: Arc<Board>, text: &str) -> Result<Position, NotationError> {
    if longer_than(text, MAX_FEN_LENGTH) {
        return Err(NotationError::TooLong {
            what: "FEN",
            limit: MAX_FEN_LENGTH,
        });
    }
    let mut fields = text.split_whitespace();
    let placement = fields.next().ok_or(NotationError::FenEmpty)?;
    let side = match fields.next() {
        None | Some("w") => Color::White,
        Some("b") => Color::Black,
        Some(other) => return Err(NotationError::FenSide(other.to_string())),
    };
    // The placement is the first word, after any leading blanks.
    let placement_column = text.chars().take_while(|c| c.is_whitespace()).count() + 1;
    let rows = ranks(placement, placement_column);
    if rows.len() != board.ranks as usize {
        return Err(NotationError::FenRanks {
            found: rows.len(),
            board: board.ranks,
        });
    }
    let mut pieces = Vec::new();
    for (n, row) in rows.iter().enumerate() {
        let rank = board.ranks - 1 - n as u32;
        let mut file: u32 = 0;
        for item in row.items() {
            match item {
                Item::Empty { digits, column } => {
                    let run = count(digits).ok_or_else(|| NotationError::FenRun {
                        digits: digits.into(),
                        span: Span::column(column),
                    })?;
                    file = file.saturating_add(run);
                }
                Item::Letter { letter, column } => {
                    let kind = board
                        .kind_of(letter)
                        .ok_or_else(|| NotationError::FenLetter {
                            letter,
                            rank: rank + 1,
                            span: Span::column(column),
                        })?;
                    if file >= board.files {
                        return Err(NotationError::FenLong {
                            rank: rank + 1,
                            files: board.files,
                            span: Span::column(column),
                        });
                    }
                    let side = if letter.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    pieces.push(Piece::new(side, kind, board.square_centre(file, rank)));
                    file += 1;
                }
            }
        }
        if file != board.files {
            return Err(NotationError::FenShort {
                rank: rank + 1,
                covered: file,
                files: board.files,
                span: Span::column(row.last_column()),
            });
        }
    }
    Position::try_from(Setup {
        board,
        pieces,
        to_move: side,
    })
    .map_err(NotationError::FenPosition)
}

/// Writes a POS.
pub fn format_position(pos: &Position) -> String {
    WrittenPosition::of(pos).to_string()
}

/// A MOVE as written: `FROM->TO`, then `=Q` for a promotion choice. Reading it needs no
/// board; [`WrittenMove::on`] finds its points on one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WrittenMove {
    /// The point that picks the mover.
    pub from: WrittenPoint,
    /// The requested target.
    pub to: WrittenPoint,
    /// The promotion choice, if written.
    pub promotion: Option<Kind>,
}

impl FromStr for WrittenMove {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<WrittenMove, NotationError> {
        if longer_than(text, MAX_MOVE_LENGTH) {
            return Err(NotationError::TooLong {
                what: "move",
                limit: MAX_MOVE_LENGTH,
            });
        }
        let shape = || NotationError::MoveShape(text.to_string());
        let (from, rest) = text.trim().split_once("->").ok_or_else(shape)?;
        let (to, promotion) = match rest.split_once('=') {
            Some((to, letter)) => {
                let kind = Kind::from_letter_str(letter.trim()).ok_or_else(|| {
                    NotationError::Promotion {
                        text: text.to_string(),
                        letter: letter.to_string(),
                    }
                })?;
                (to, Some(kind))
            }
            None => (rest, None),
        };
        Ok(WrittenMove {
            from: from.parse()?,
            to: to.parse()?,
            promotion,
        })
    }
}

/// With exact points: `e2->e4`, `4.5,1.25->4.5,9=Q`; it reads back bit for bit.
impl fmt::Display for WrittenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.from, self.to)?;
        if let Some(kind) = self.promotion {
            write!(f, "={}", kind.letter())?;
        }
        Ok(())
    }
}

impl WrittenMove {
    /// How `request` is written on `board`.
    pub fn of(board: &Board, request: &Request) -> WrittenMove {
        WrittenMove {
            from: WrittenPoint::of(board, request.from),
            to: WrittenPoint::of(board, request.to),
            promotion: request.promotion,
        }
    }

    /// The request on `board`.
    pub fn on(&self, board: &Board) -> Result<Request, NotationError> {
        Ok(Request {
            from: self.from.on(board)?,
            to: self.to.on(board)?,
            promotion: self.promotion,
        })
    }
}

/// Reads a MOVE; a promotion must be one the board offers.
pub fn parse_move(board: &Board, text: &str) -> Result<Request, NotationError> {
    let written: WrittenMove = text.parse()?;
    if let Some(kind) = written.promotion
        && !board
            .kinds
            .iter()
            .any(|s| board.promotion_of(s.kind).contains(&kind))
    {
        let letter = text.rsplit_once('=').map_or("", |(_, l)| l);
        return Err(NotationError::Promotion {
            text: text.to_string(),
            letter: letter.to_string(),
        });
    }
    written.on(board)
}

/// Writes a MOVE as [`parse_move`] reads it, with exact points: `e2->e4`,
/// `4.5,1.25->4.5,9=Q`. It reads back to the same request, bit for bit.
pub fn format_request(board: &Board, request: &Request) -> String {
    WrittenMove::of(board, request).to_string()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_forms_read_without_a_board_and_print_back() {
        for text in ["w;K@e1;R@a1;k@e8", "b;K@11.314,1.414;p@0.5,-0"] {
            let pos: WrittenPosition = text.parse().expect(text);
            assert_eq!(pos.to_string(), text);
        }
        for text in ["e2->e4", "4.5,1.25->4.5,9=Q", "a1->z26"] {
            let m: WrittenMove = text.parse().expect(text);
            assert_eq!(m.to_string(), text);
        }
        let far: WrittenMove = "a1->z26".parse().expect("reads without a board");
        assert_eq!(
            far.on(&Board::default()),
            Err(NotationError::Point("z26".to_string())),
            "but z26 is not on an 8×8 board"
        );
        assert_eq!(
            "e2-e4".parse::<WrittenMove>(),
            Err(NotationError::MoveShape("e2-e4".to_string()))
        );
        assert_eq!(
            "x;K@e1".parse::<WrittenPosition>(),
            Err(NotationError::Color("x".to_string()))
        );
    }

    #[test]
    fn a_written_point_is_a_square_name_only_at_a_centre() {
        let board = Board::default();
        let e4 = board.parse_square("e4").expect("a square");
        assert_eq!(WrittenPoint::of(&board, e4).to_string(), "e4");
        let off = Point::new(e4.x + 0.1, e4.y);
        let written = WrittenPoint::of(&board, off);
        assert_eq!(written.to_string().parse::<WrittenPoint>(), Ok(written));
        assert_eq!(written.on(&board), Ok(off));
    }

    fn fen_error(text: &str) -> String {
        parse_fen(Arc::new(Board::default()), text)
            .expect_err(text)
            .to_string()
    }

    #[test]
    fn a_setup_fen_places_pieces_on_square_centres() {
        let board = Arc::new(Board::default());
        let pos = parse_fen(board.clone(), "4k3/8/8/8/8/8/8/R3K3 b").expect("a FEN");
        assert_eq!(pos.to_move(), Color::Black);
        let rook = pos.pieces().iter().find(|p| p.kind == Kind::ROOK);
        assert_eq!(rook.map(|p| p.at), Some(board.square_centre(0, 0)));
        assert_eq!(pos.pieces().len(), 3);
    }

    #[test]
    fn a_setup_fen_fault_in_a_rank_points_at_its_column() {
        let span = |text: &str| match parse_fen(Arc::new(Board::default()), text) {
            Err(
                NotationError::FenRun { span, .. }
                | NotationError::FenLetter { span, .. }
                | NotationError::FenLong { span, .. }
                | NotationError::FenShort { span, .. },
            ) => Some(span),
            _ => None,
        };
        assert_eq!(span("4k3/8/8/8/8/8/8/4KX2"), Some(Span::column(19)));
        assert_eq!(span("  4k3/8/8/8/8/8/8/4KX2"), Some(Span::column(21)));
        assert_eq!(span("4k3/8/8/8/8/8/8/8K"), Some(Span::column(18)));
        assert_eq!(span("4k3/8/8/99999999999/8/8/8/4K3"), Some(Span::column(9)));
        assert_eq!(span("4k3/8/8/8/8/8/8/4K2 w"), Some(Span::column(19)));
    }

    #[test]
    fn a_setup_fen_names_its_fault() {
        assert_eq!(fen_error(""), "the FEN is empty");
        assert_eq!(
            fen_error("4k3/8/8/8/8/8/8/4K3 x"),
            "side to move 'x': expected w or b"
        );
        assert_eq!(
            fen_error("4k3/8/8/8/8/8/8"),
            "the FEN has 7 ranks; the board has 8"
        );
        assert_eq!(
            fen_error("4k3/8/8/99999999999/8/8/8/4K3"),
            "bad number '99999999999'"
        );
        assert_eq!(
            fen_error("4k3/8/8/8/8/8/8/4KX2"),
            "'X' in rank 1 is not a piece letter"
        );
        assert_eq!(
            fen_error("4k3/8/8/8/8/8/8/8K"),
            "rank 1 is longer than 8 files"
        );
        // An empty run past the edge is counted, not refused at once.
        assert_eq!(
            fen_error("4k3/8/8/8/8/8/8/4K4"),
            "rank 1 covers 9 files; the board has 8"
        );
        assert_eq!(
            fen_error("4k3/8/8/8/8/8/8/4K2"),
            "rank 1 covers 7 files; the board has 8"
        );
        assert_eq!(
            fen_error("4k3/8/8/8/8/8/8/8"),
            "white has 0 kings; it needs exactly one"
        );
    }
}
