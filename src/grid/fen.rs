//! FEN for grid positions of any size: the level's piece letters, multi-digit empty runs
//! (`12`), `*` for a boulder and `@` for a bomb, the side to move, castling rights `KQkq`,
//! an en-passant square, n-check's checks still to give (`3+3`), and the two clocks
//! (optional). The placement field is read by
//! [`super::placement`], as continuous setups are.
//!
//! Reading is two steps, as in shakmaty: [`WrittenFen`] reads the text without a board
//! (`FromStr`, and `Display` writes it back), then [`WrittenFen::on`] checks it against a
//! level and gives the [`Position`]. [`parse_fen`] does both.
//!
//! `K` (`Q`) names the castling rook nearest the file where the level's setup keeps that
//! wing's rook, looking toward the king, as Fairy-Stockfish reads them; the outermost
//! rook when the setup keeps none on that wing.
//!
//! A piece counts as unmoved when the level's setup puts the same piece on its square
//! (docs/betza.md); castling rights come from the castling field.

use super::board::{Square, SquareName};
use super::castling::{
    CastlingRight, CastlingRook, Wing, is_castling_rook, rook_files, setup_rook_file,
};
use super::cell::{BOMB, BOULDER, Cell, EMPTY, is_piece, piece, role_of, side_of};
use super::movegen::{is_attacked, touches_royal};
use super::placement::{Item, count, ranks};
use super::position::{EnPassant, Position};
use super::rules::{MAX_TYPES, Role, RoyalRule};
use super::variant::Variant;
use crate::play::Color;
use crate::span::Span;
use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

/// The longest FEN read, in characters. The largest board (26 ranks of 26 pieces, each
/// with a `+` or `~` mark) takes 1,377; hands as full as [`MAX_IN_HAND`] lets them be
/// (255 of each of 26 types) 6,632 more; the other fields under a hundred.
pub const MAX_FEN_LENGTH: usize = 10_000;

/// The largest halfmove clock, move number or counting limit read. The longest game
/// possible under the fifty-move rule is under 9,000 moves; a million is beyond any game,
/// and the counters count on from it for billions of moves without overflowing.
pub const MAX_MOVE_COUNT: u32 = 1_000_000;

/// The most checks a side may have still to give, in an n-check counter (`3+3`).
pub const MAX_CHECKS: u8 = 99;

/// The most pieces that may go to one hand as one type. A position counts each hand's
/// pieces of a type in a byte, so every piece that could end there (on the board, or in
/// either hand) must fit in one.
pub const MAX_IN_HAND: usize = u8::MAX as usize;

/// A FEN that cannot be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("FEN column {}: {kind}", span.column)]
pub struct FenError {
    /// Where in the FEN text (line 1; the column of the character or field at fault).
    pub span: Span,
    /// What is wrong and what was expected.
    pub kind: FenErrorKind,
}

/// What is wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenErrorKind {
    /// No fields at all.
    #[error("the FEN is empty")]
    Empty,
    /// More than [`MAX_FEN_LENGTH`] characters (the column is the first one past it).
    #[error("the FEN is longer than the limit of {limit} characters", limit = MAX_FEN_LENGTH)]
    TooLong,
    /// A seventh field.
    #[error("unexpected text after the six FEN fields")]
    TrailingText,
    /// Another number of ranks than the board's.
    #[error("{found} ranks, but the board has {board}")]
    RankCount {
        /// Ranks in the FEN.
        found: usize,
        /// Ranks of the board.
        board: u8,
    },
    /// An empty run written `0`.
    #[error("an empty run of 0 squares")]
    ZeroRun,
    /// A rank that goes past the board's last file.
    #[error("rank {rank} is longer than {files} files")]
    RankTooLong {
        /// The 1-based rank.
        rank: i32,
        /// Files of the board.
        files: u8,
    },
    /// A promoted form (shogi's `+P`) in a hand.
    #[error("'{0}' in hand: a promoted form goes to the hand as what it was")]
    NeverInHand(char),
    /// `+` before a letter whose type has no promoted form in this level.
    #[error("'+{0}': no type of this level is its promoted form")]
    NoPromotedForm(char),
    /// A character that is neither a piece letter of the level, `*` nor `@`.
    #[error("'{0}' is not a piece of this level (nor * or @)")]
    NotAPiece(char),
    /// A rank that covers another number of files than the board's.
    #[error("rank {rank} covers {covered} files; the board has {files}")]
    RankWidth {
        /// The 1-based rank.
        rank: i32,
        /// Files it covers.
        covered: i32,
        /// Files of the board.
        files: u8,
    },
    /// A side without any of the level's royal types.
    #[error(
        "{} has no royal piece ({}): this level needs one on each side",
        side.name(),
        royals.join(" or ")
    )]
    NoRoyal {
        /// The side without one.
        side: Color,
        /// The names of the level's royal types.
        royals: Vec<String>,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move '{0}': expected w or b")]
    SideToMove(String),
    /// A castling letter that is not `K`, `Q`, `k`, `q`.
    #[error("castling '{0}': expected K, Q, k, q, a file letter or -")]
    CastlingLetter(char),
    /// Castling rights in a level without castling.
    #[error("this level has no castling")]
    NoCastling,
    /// Castling rights for a side with no castling king, or several.
    #[error("castling '{letter}' needs exactly one {king} of that side")]
    CastlingKing {
        /// The castling letter.
        letter: char,
        /// The name of the castling king's type.
        king: String,
    },
    /// No castling rook where the setup keeps it, nor between there and the king.
    #[error("castling '{letter}' but no {rook} on {home} or between it and the king")]
    NoRookFromHome {
        /// The castling letter.
        letter: char,
        /// The name of the castling rook's type.
        rook: String,
        /// Where the setup keeps that wing's rook.
        home: SquareName,
    },
    /// A castling file letter with no castling rook on that square of the king's rank.
    #[error("castling '{letter}' but no {rook} on {square}")]
    NoRookOnFile {
        /// The castling letter.
        letter: char,
        /// The name of the castling rook's type.
        rook: String,
        /// The square it names.
        square: SquareName,
    },
    /// A castling file letter beyond the board's files.
    #[error("castling '{0}': no such file on this board")]
    CastlingFile(char),
    /// No castling rook on that wing at all (the setup keeps none there).
    #[error("castling '{letter}' but no {rook} on the king's {wing} side")]
    NoRookOnWing {
        /// The castling letter.
        letter: char,
        /// The name of the castling rook's type.
        rook: String,
        /// The wing.
        wing: Wing,
    },
    /// An en-passant field that is not squares of the board.
    #[error("en passant '{0}': expected a square or -")]
    EnPassantSquare(String),
    /// En-passant squares that are taken, but for the piece that passed them.
    #[error("en passant '{0}': its squares must be empty, but for the piece that passed them")]
    EnPassantOccupied(String),
    /// An en-passant square no piece of the side that just moved has passed.
    #[error("en passant square {0}: no piece of the side that just moved has passed it")]
    EnPassantUnpassed(String),
    /// A clock field that is not a number.
    #[error("'{0}': expected a move count")]
    MoveCount(String),
    /// A clock field above [`MAX_MOVE_COUNT`].
    #[error("'{0}': a move count above the limit {limit}", limit = MAX_MOVE_COUNT)]
    MoveCountTooLarge(String),
    /// `~` after a royal piece.
    #[error("'{0}~': a royal piece is never promoted")]
    RoyalPromoted(char),
    /// `~` written twice after one piece.
    #[error("'~' again: a piece is marked promoted once")]
    PromotedTwice,
    /// A royal piece in hand, where taken pieces go to the hands.
    #[error("'{0}' in hand: a royal piece is never captured, so never held in hand")]
    RoyalInHand(char),
    /// More pieces that could go to one hand as one type than a hand counts.
    #[error(
        "{count} pieces could go to a hand as '{letter}' (on the board and in hand), above the limit {limit}",
        limit = MAX_IN_HAND
    )]
    HandOverflow {
        /// The type's letter, in upper case.
        letter: char,
        /// How many there are.
        count: usize,
    },
    /// The side that just moved left its royal piece attacked.
    #[error("the side not to move is in check: its royal piece could be taken")]
    WaitingInCheck,
    /// Pieces in hand not written as `[letters]`.
    #[error("'{0}': pieces in hand are written in brackets, like [QPn] or []")]
    Hand(String),
    /// Pieces in hand on a level without drops.
    #[error("pieces in hand, but this level has no drops (rules.drops)")]
    HandWithoutDrops,
    /// An n-check counter (`3+3`) on a level without n-check.
    #[error("'{0}': checks still to give, but this level has no n-check rule (rules.checks)")]
    ChecksWithoutRule(String),
    /// An n-check counter that is not two counts joined by `+`, or above the limit.
    #[error("'{0}': expected the checks each side has still to give, like 3+3 (at most {limit} each)", limit = MAX_CHECKS)]
    Checks(String),
    /// A counting limit in the en-passant field on a level that does not count.
    #[error("'{0}': a counting limit, but this level has no counting rule (rules.counting)")]
    CountingWithoutRule(String),
}

/// The error at the 1-based `column` of a FEN.
fn error(column: usize, kind: FenErrorKind) -> FenError {
    FenError {
        span: Span::column(column),
        kind,
    }
}

/// Something read from a FEN and the 1-based column where its text starts, so that an
/// error found on the board later still points at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At<T> {
    /// What was read.
    pub value: T,
    /// The 1-based column of its first character.
    pub column: usize,
}

/// One thing a rank of the placement field holds, read without a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    /// A run of empty squares (`8`, `12`); a count past `u32` is kept as `u32::MAX`, longer
    /// than any board.
    Empty(NonZeroU32),
    /// A piece letter; which piece it names depends on the level.
    Piece {
        /// White for an upper-case letter, Black for a lower-case one.
        side: Color,
        /// The letter, in upper case.
        letter: char,
    },
    /// A boulder, `*`.
    Boulder,
    /// A bomb, `@`.
    Bomb,
    /// `~` after a piece: it got there by promotion (crazyhouse), and goes back to the hand
    /// as the type it was.
    Promoted,
    /// `+` before a letter: the promoted form of that letter's type (shogi's `+P`).
    Plus,
}

impl Placed {
    /// What a character other than a digit stands for: an ASCII letter, `*` or `@`.
    fn of_char(c: char) -> Option<Placed> {
        match c {
            '*' => Some(Placed::Boulder),
            '@' => Some(Placed::Bomb),
            '~' => Some(Placed::Promoted),
            '+' => Some(Placed::Plus),
            _ if c.is_ascii_alphabetic() => Some(Placed::Piece {
                side: Color::from_index(usize::from(c.is_ascii_lowercase())),
                letter: c.to_ascii_uppercase(),
            }),
            _ => None,
        }
    }
}

/// As written: the run's count, the letter in its side's case, `*` or `@`.
impl fmt::Display for Placed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Placed::Empty(run) => write!(f, "{run}"),
            Placed::Piece { side, letter } => write!(f, "{}", in_case(side, letter)),
            Placed::Boulder => f.write_str("*"),
            Placed::Bomb => f.write_str("@"),
            Placed::Promoted => f.write_str("~"),
            Placed::Plus => f.write_str("+"),
        }
    }
}

/// A piece letter in its side's case: upper for White, lower for Black.
fn in_case(side: Color, letter: char) -> char {
    match side {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter.to_ascii_lowercase(),
    }
}

/// One rank of the placement field, read without a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementRank {
    /// Its runs, letters and obstacles in order, each at its column.
    pub items: Vec<At<Placed>>,
    /// The column of its last character; of the `/` before it when it is empty (1 for an
    /// empty first rank).
    pub last_column: usize,
}

/// Its items as written, one after another.
impl fmt::Display for PlacementRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.items
            .iter()
            .try_for_each(|item| write!(f, "{}", item.value))
    }
}

/// A grid FEN as written: its fields read without a board, each at its column.
///
/// Reading one (`FromStr`) refuses what no board would take: no fields or a seventh, an
/// empty run of `0`, a character that is not a letter, `*` or `@`, a side other than `w` or
/// `b`, castling letters other than `KQkq`, an en-passant field that is not square names,
/// a clock that is not a number. [`WrittenFen::on`] then sets it up on a level's board.
/// Fields left out are left out here too; `Display` writes the same fields back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenFen {
    /// The placement field's ranks, top rank first, at the field's column.
    pub placement: At<Vec<PlacementRank>>,
    /// The pieces in hand written after the placement in brackets (`[QPn]`, `[]`), as
    /// Fairy-Stockfish writes them, each by side and letter (upper case), at the `[`.
    pub hand: Option<At<Vec<(Color, char)>>>,
    /// The side to move, if the field is written.
    pub to_move: Option<At<Color>>,
    /// The castling rights in the order written (none for `-`), if the field is written;
    /// the `n`th letter stands at the field's column plus `n`.
    pub castling: Option<At<Vec<CastlingRight>>>,
    /// The en-passant squares (none for `-`), if the field is written: one, or several run
    /// together as Fairy-Stockfish writes Berolina's.
    pub en_passant: Option<At<Vec<SquareName>>>,
    /// Instead of en-passant squares, a number: Makruk's counting limit in plies, as
    /// Fairy-Stockfish writes it there once counting has begun (the halfmove field is then
    /// the count).
    pub counting: Option<At<u32>>,
    /// The halfmove clock, if the field is written.
    pub halfmove: Option<At<u32>>,
    /// The move number, if the field is written.
    pub fullmove: Option<At<u32>>,
    /// The checks White and Black have still to give (n-check), written as Fairy-Stockfish
    /// writes them after the en-passant field (`3+3`), if they are.
    pub checks: Option<At<[u8; 2]>>,
}

impl FromStr for WrittenFen {
    type Err = FenError;

    fn from_str(text: &str) -> Result<WrittenFen, FenError> {
        // Counting stops at the first character past the limit.
        if text.chars().nth(MAX_FEN_LENGTH).is_some() {
            return Err(error(MAX_FEN_LENGTH + 1, FenErrorKind::TooLong));
        }
        let mut fields = fields(text);
        // The n-check counter, Fairy-Stockfish's field between en passant and the clocks.
        let checks = match fields.iter().skip(1).position(|(_, t)| t.contains('+')) {
            Some(k) => {
                let (column, text) = fields.remove(k + 1);
                Some(At {
                    value: read_checks(text, column)?,
                    column,
                })
            }
            None => None,
        };
        let Some(&(column, placement)) = fields.first() else {
            return Err(error(1, FenErrorKind::Empty));
        };
        if let Some(&(column, _)) = fields.get(6) {
            return Err(error(column, FenErrorKind::TrailingText));
        }
        // The pieces in hand close the placement field: `...RNBQKBNR[Pp]`.
        let (placement, hand) = match placement.find('[') {
            Some(open) => (
                &placement[..open],
                Some(read_hand(
                    &placement[open..],
                    column + placement[..open].chars().count(),
                )?),
            ),
            None => (placement, None),
        };
        // Shogi's FENs leave out castling and en passant: `...[-] w 0 1`.
        let short = fields.len() == 4 && fields[2..].iter().all(|(_, t)| is_number(t));
        let field = |k: usize| match short {
            true => (k >= 4).then(|| fields.get(k - 2)).flatten(),
            false => fields.get(k),
        };
        // Field by field, so the leftmost fault is the one reported.
        Ok(WrittenFen {
            placement: At {
                value: read_placement(placement, column)?,
                column,
            },
            hand,
            to_move: read_field(fields.get(1), read_side)?,
            castling: read_field(field(2), read_rights)?,
            en_passant: read_field(
                field(3).filter(|(_, t)| !is_number(t)),
                read_en_passant_names,
            )?,
            counting: read_field(field(3).filter(|(_, t)| is_number(t)), read_clock)?,
            halfmove: read_field(field(4), read_clock)?,
            fullmove: read_field(field(5), read_clock)?,
            checks,
        })
    }
}

/// The whitespace-separated fields of `text`, each with its 1-based column.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    // The byte and the column where the field being read starts.
    let mut start = None;
    let ends = text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')));
    for (column, (i, c)) in (1..).zip(ends) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, column)),
            (true, Some((s, at))) => {
                fields.push((at, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    fields
}

/// A field read by `read` at its column, if it is written.
fn read_field<T>(
    field: Option<&(usize, &str)>,
    read: fn(&str, usize) -> Result<T, FenError>,
) -> Result<Option<At<T>>, FenError> {
    field
        .map(|&(column, text)| read(text, column).map(|value| At { value, column }))
        .transpose()
}

/// The ranks of a placement field at `column`: each run counted, each other character an
/// ASCII letter, `*` or `@`.
fn read_placement(text: &str, column: usize) -> Result<Vec<PlacementRank>, FenError> {
    let read_item = |item| match item {
        Item::Empty { column, digits } => {
            // Too many to count is longer than any board.
            let run = NonZeroU32::new(count(digits).unwrap_or(u32::MAX))
                .ok_or_else(|| error(column, FenErrorKind::ZeroRun))?;
            Ok(At {
                value: Placed::Empty(run),
                column,
            })
        }
        Item::Letter { column, letter } => match Placed::of_char(letter) {
            Some(value) => Ok(At { value, column }),
            None => Err(error(column, FenErrorKind::NotAPiece(letter))),
        },
    };
    ranks(text, column)
        .into_iter()
        .map(|rank| {
            Ok(PlacementRank {
                items: rank.items().map(read_item).collect::<Result<_, _>>()?,
                last_column: rank.last_column(),
            })
        })
        .collect()
}

/// The pieces in hand, `[QPn]`, from the `[` at `column` to the `]` that ends the field.
fn read_hand(text: &str, column: usize) -> Result<At<Vec<(Color, char)>>, FenError> {
    let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
        return Err(error(column, FenErrorKind::Hand(text.to_string())));
    };
    // Shogi's empty hand.
    let inner = if inner == "-" { "" } else { inner };
    inner
        .chars()
        .enumerate()
        .map(|(k, c)| match Placed::of_char(c) {
            Some(Placed::Piece { side, letter }) => Ok((side, letter)),
            _ => Err(error(column + 1 + k, FenErrorKind::NotAPiece(c))),
        })
        .collect::<Result<_, _>>()
        .map(|value| At { value, column })
}

fn read_side(text: &str, column: usize) -> Result<Color, FenError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(error(column, FenErrorKind::SideToMove(text.to_string()))),
    }
}

fn read_rights(text: &str, column: usize) -> Result<Vec<CastlingRight>, FenError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.chars()
        .enumerate()
        .map(|(k, c)| {
            CastlingRight::from_letter(c)
                .ok_or_else(|| error(column + k, FenErrorKind::CastlingLetter(c)))
        })
        .collect()
}

fn read_en_passant_names(text: &str, column: usize) -> Result<Vec<SquareName>, FenError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    // One square, or several run together (Fairy-Stockfish writes Berolina's as the square
    // passed over and the square of the pawn that passed, in board order).
    let mut names = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let len = rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(rest.len(), |(i, _)| i);
        let name = rest[..len]
            .parse()
            .map_err(|_| error(column, FenErrorKind::EnPassantSquare(text.to_string())))?;
        names.push(name);
        rest = &rest[len..];
    }
    Ok(names)
}

/// Whether a field is all digits (a counting limit where en-passant squares stand).
fn is_number(text: &&str) -> bool {
    text.bytes().all(|b| b.is_ascii_digit())
}

fn read_clock(text: &str, column: usize) -> Result<u32, FenError> {
    let too_large = || error(column, FenErrorKind::MoveCountTooLarge(text.to_string()));
    match text.parse::<u32>() {
        Ok(n) if n <= MAX_MOVE_COUNT => Ok(n),
        Ok(_) => Err(too_large()),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => Err(too_large()),
        Err(_) => Err(error(column, FenErrorKind::MoveCount(text.to_string()))),
    }
}

/// An n-check counter: the checks White and Black have still to give, joined by `+`.
fn read_checks(text: &str, column: usize) -> Result<[u8; 2], FenError> {
    let count = |t: &str| {
        t.parse::<u8>()
            .ok()
            .filter(|&n| n <= MAX_CHECKS && t.bytes().all(|b| b.is_ascii_digit()))
    };
    text.split_once('+')
        .and_then(|(w, b)| Some([count(w)?, count(b)?]))
        .ok_or_else(|| error(column, FenErrorKind::Checks(text.to_string())))
}

/// The fields as written. A field left out but followed by one that is written is
/// written as a position without it reads (`w`, `-`, `-`, `0`, `1`).
impl fmt::Display for WrittenFen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, rank) in self.placement.value.iter().enumerate() {
            if n > 0 {
                f.write_str("/")?;
            }
            write!(f, "{rank}")?;
        }
        if let Some(hand) = &self.hand {
            f.write_str("[")?;
            for &(side, letter) in &hand.value {
                write!(f, "{}", in_case(side, letter))?;
            }
            f.write_str("]")?;
        }
        let list = |text: String| if text.is_empty() { "-".into() } else { text };
        let fields = [
            self.to_move.as_ref().map(|s| s.value.letter().to_string()),
            self.castling
                .as_ref()
                .map(|r| list(r.value.iter().map(|r| r.letter()).collect())),
            self.en_passant
                .as_ref()
                .map(|e| list(e.value.iter().map(ToString::to_string).collect()))
                .or_else(|| self.counting.as_ref().map(|n| n.value.to_string())),
            self.checks
                .as_ref()
                .map(|c| format!("{}+{}", c.value[0], c.value[1])),
            self.halfmove.as_ref().map(|n| n.value.to_string()),
            self.fullmove.as_ref().map(|n| n.value.to_string()),
        ];
        let written = fields
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |k| k + 1);
        for (k, (field, default)) in fields
            .iter()
            .zip(["w", "-", "-", "", "0", "1"])
            .take(written)
            .enumerate()
        {
            // The counter is written only where it was.
            if k == 3 && field.is_none() {
                continue;
            }
            write!(f, " {}", field.as_deref().unwrap_or(default))?;
        }
        Ok(())
    }
}

/// Reads a FEN of variant `v`: [`WrittenFen`]'s reading, then [`WrittenFen::on`].
pub fn parse_fen(v: &Variant, text: &str) -> Result<Position, FenError> {
    text.parse::<WrittenFen>()?.on(v)
}

/// Makes `fen` the setup of `v`: the position in which every piece is unmoved, and against
/// which later FENs decide which pieces have moved. Returns it.
pub fn set_setup(v: &mut Variant, fen: &str) -> Result<Position, FenError> {
    v.setup.clear();
    let start = parse_fen(v, fen)?;
    v.setup = start.cells.clone();
    v.setup_counts = [[0; MAX_TYPES]; 2];
    for side in Color::BOTH {
        for &sq in start.pieces(side) {
            let role = role_of(start.cell(sq));
            let count = &mut v.setup_counts[side][role.index()];
            *count = count.saturating_add(1);
        }
    }
    Ok(start)
}

impl WrittenFen {
    /// The position this FEN sets up on `v`'s board, or why the board or the level refuses
    /// it: the ranks' number and widths, letters that are no piece of the level, a side
    /// without a royal piece, castling without its king or rook, en-passant squares off the
    /// board or that no piece passed, the side not to move in check.
    pub fn on(&self, v: &Variant) -> Result<Position, FenError> {
        let column = self.placement.column;
        let mut pos = place(v, &self.placement)?;
        let royal = || v.types.iter().filter(|t| t.royal);
        // A royal in hand is still to be dropped (placement chess).
        let in_hand = |side: Color| {
            self.hand.as_ref().is_some_and(|h| {
                h.value.iter().any(|&(s, letter)| {
                    s == side && v.role_of_letter(letter).is_some_and(|r| v.is_royal(r))
                })
            })
        };
        if let Some(side) = Color::BOTH
            .into_iter()
            // Under extinction a side may have no royal (horde): that rule ends its games.
            .find(|&s| {
                royal().next().is_some()
                    && v.goals.extinction.is_none()
                    && pos.royals(s).is_empty()
                    && !in_hand(s)
            })
        {
            return Err(error(
                column,
                FenErrorKind::NoRoyal {
                    side,
                    royals: royal().map(|t| t.name.clone()).collect(),
                },
            ));
        }
        if let Some(hand) = &self.hand {
            if !v.drops && !hand.value.is_empty() {
                return Err(error(hand.column, FenErrorKind::HandWithoutDrops));
            }
            for (k, &(side, letter)) in hand.value.iter().enumerate() {
                let Some(role) = v.role_of_letter(letter) else {
                    let c = in_case(side, letter);
                    return Err(error(hand.column + 1 + k, FenErrorKind::NotAPiece(c)));
                };
                // A taken piece goes to the hand as what it was.
                if v[role].promoted_from.is_some() {
                    let c = in_case(side, letter);
                    return Err(error(hand.column + 1 + k, FenErrorKind::NeverInHand(c)));
                }
                // Where taken pieces go to the hand a royal never does; where the hands
                // hold only what the setup gives, one may wait there (placement chess).
                if v.is_royal(role) && v.captures_to_hand {
                    let c = in_case(side, letter);
                    return Err(error(hand.column + 1 + k, FenErrorKind::RoyalInHand(c)));
                }
                let n = &mut pos.hands[side][role.index()];
                *n = n.saturating_add(1);
            }
        }
        if v.drops {
            let column = self.hand.as_ref().map_or(column, |h| h.column);
            hands_fit(
                v,
                &pos,
                self.hand.as_ref().map_or(&[], |h| &h.value),
                column,
            )?;
        }
        if let Some(side) = &self.to_move {
            pos.to_move = side.value;
        }
        if let Some(rights) = &self.castling {
            if v.first_move_gates {
                gates(v, &mut pos, &rights.value);
            } else {
                castle(v, &mut pos, rights)?;
            }
        }
        if let Some(ep) = &self.en_passant
            && !ep.value.is_empty()
        {
            en_passant(v, &mut pos, ep)?;
        }
        if let Some(n) = &self.halfmove {
            pos.halfmove = n.value;
        }
        if let Some(limit) = &self.counting {
            if v.counting.is_none() {
                return Err(error(
                    limit.column,
                    FenErrorKind::CountingWithoutRule(limit.value.to_string()),
                ));
            }
            // Fairy-Stockfish's reading: with a limit, the halfmove field is the count.
            pos.count.limit = limit.value;
            if limit.value > 0 {
                pos.count.ply = pos.halfmove;
                pos.halfmove = 0;
            }
        }
        if let Some(n) = &self.fullmove {
            pos.fullmove = n.value;
        }
        match (&self.checks, v.goals.checks) {
            (Some(c), None) => {
                let text = format!("{}+{}", c.value[0], c.value[1]);
                return Err(error(c.column, FenErrorKind::ChecksWithoutRule(text)));
            }
            (Some(c), Some(_)) => pos.checks_left = c.value,
            (None, Some(n)) => pos.checks_left = [n; 2],
            (None, None) => {}
        }
        let waiting = pos.to_move.opponent();
        // A game extinction has ended (an atomic king blown up) may leave anything standing.
        let ended = super::goals::extinction_end(v, &pos).is_some();
        if v.royal_rule == RoyalRule::Checkmate
            && !ended
            && pos.royals(waiting).iter().any(|&r| {
                is_attacked(v, &pos, r, pos.to_move)
                    && !(v.explosions.is_some() && touches_royal(v, &pos, r, pos.to_move))
            })
        {
            let column = self.to_move.as_ref().map_or(column, |s| s.column);
            return Err(error(column, FenErrorKind::WaitingInCheck));
        }
        if v.walls == Some(super::rules::Walls::Duck) {
            // The duck is the wall on the board (the first in board order).
            pos.duck = v.geometry.all().find(|&sq| pos.cell(sq) == BOULDER);
        }
        pos.rekey(v);
        Ok(pos)
    }
}

/// Refuses, at `column`, a position with more pieces that could go to one hand as one type
/// than [`MAX_IN_HAND`]: those on the board that would go there as it and those in `hand`.
fn hands_fit(
    v: &Variant,
    pos: &Position,
    hand: &[(Color, char)],
    column: usize,
) -> Result<(), FenError> {
    let mut could = [0usize; MAX_TYPES];
    for side in Color::BOTH {
        for &sq in pos.pieces(side) {
            let role = role_of(pos.cell(sq));
            if !v.is_royal(role) {
                could[v.to_hand(role, pos.is_promoted(sq)).index()] += 1;
            }
        }
    }
    // Every letter in hand has been checked to name a type.
    for role in hand
        .iter()
        .filter_map(|&(_, letter)| v.role_of_letter(letter))
    {
        could[role.index()] += 1;
    }
    match v.roles().find(|r| could[r.index()] > MAX_IN_HAND) {
        Some(role) => Err(error(
            column,
            FenErrorKind::HandOverflow {
                letter: v[role].letter,
                count: could[role.index()],
            },
        )),
        None => Ok(()),
    }
}

/// `placement` on `v`'s board, White to move; a piece where the level's setup has the same
/// piece counts as unmoved.
fn place(v: &Variant, placement: &At<Vec<PlacementRank>>) -> Result<Position, FenError> {
    let g = v.geometry;
    let mut pos = Position::empty(g.squares());
    let rows = &placement.value;
    if rows.len() != usize::from(g.ranks()) {
        return Err(error(
            placement.column,
            FenErrorKind::RankCount {
                found: rows.len(),
                board: g.ranks(),
            },
        ));
    }
    let too_long = |rank: i32| FenErrorKind::RankTooLong {
        rank: rank + 1,
        files: g.files(),
    };
    for (n, row) in rows.iter().enumerate() {
        let rank = i32::from(g.ranks()) - 1 - n as i32;
        let mut file: i32 = 0;
        // The column of a `+` waiting for its letter.
        let mut plus: Option<usize> = None;
        for &At {
            value: item,
            column: here,
        } in &row.items
        {
            if let Some(at) = plus.filter(|_| !matches!(item, Placed::Piece { .. })) {
                return Err(error(at, FenErrorKind::NotAPiece('+')));
            }
            let cell = match item {
                Placed::Empty(run) => {
                    file = file.saturating_add(run.get().min(1000) as i32);
                    if file > i32::from(g.files()) {
                        return Err(error(here, too_long(rank)));
                    }
                    continue;
                }
                Placed::Boulder => BOULDER,
                Placed::Bomb => BOMB,
                Placed::Promoted => {
                    let last = g.square(file - 1, rank).filter(|&s| is_piece(pos.cell(s)));
                    let Some(sq) = last.filter(|_| v.drops) else {
                        return Err(error(here, FenErrorKind::NotAPiece('~')));
                    };
                    let c = pos.cell(sq);
                    if v.is_royal(role_of(c)) {
                        return Err(error(here, FenErrorKind::RoyalPromoted(letter(v, c))));
                    }
                    if pos.is_promoted(sq) {
                        return Err(error(here, FenErrorKind::PromotedTwice));
                    }
                    pos.promoted[usize::from(sq)] = true;
                    continue;
                }
                Placed::Plus => {
                    plus = Some(here);
                    continue;
                }
                Placed::Piece { side, letter } => {
                    let role = v.role_of_letter(letter);
                    match (plus.take(), role) {
                        (None, Some(t)) => piece(side, t),
                        (Some(at), Some(t)) => match v.plus_form(t) {
                            Some(t) => piece(side, t),
                            None => {
                                let c = in_case(side, letter);
                                return Err(error(at, FenErrorKind::NoPromotedForm(c)));
                            }
                        },
                        (_, None) => {
                            let c = in_case(side, letter);
                            return Err(error(here, FenErrorKind::NotAPiece(c)));
                        }
                    }
                }
            };
            let Some(sq) = g.square(file, rank) else {
                return Err(error(here, too_long(rank)));
            };
            let moved = !v.setup.is_empty() && v.setup[usize::from(sq)] != cell;
            pos.put(v, sq, cell, moved);
            file += 1;
        }
        if let Some(at) = plus {
            return Err(error(at, FenErrorKind::NotAPiece('+')));
        }
        if file != i32::from(g.files()) {
            return Err(error(
                row.last_column,
                FenErrorKind::RankWidth {
                    rank: rank + 1,
                    covered: file,
                    files: g.files(),
                },
            ));
        }
    }
    Ok(pos)
}

/// Cambodian chess's castling field (`rules.first_move_gates`): the files of the first-rank
/// squares whose pieces may still make their `i` moves; every other piece with such moves
/// has made its first.
fn gates(v: &Variant, pos: &mut Position, rights: &[CastlingRight]) {
    let g = v.geometry;
    let first_rank = |side: Color| match side {
        Color::White => 0,
        Color::Black => i32::from(g.ranks()) - 1,
    };
    for side in Color::BOTH {
        for k in 0..pos.pieces[side].squares.len() {
            let sq = pos.pieces[side].squares[k];
            let gated = rights.iter().any(|r| {
                r.side == side
                    && matches!(r.rook, CastlingRook::File(f) if i32::from(f) == g.file(sq))
                    && g.rank(sq) == first_rank(side)
            });
            pos.moved[usize::from(sq)] = !gated;
        }
    }
}

/// The castling field of `pos` under `rules.first_move_gates`: the files of the pieces on
/// their side's first rank that may still make their `i` moves, White's in capitals.
fn gate_letters(v: &Variant, pos: &Position) -> String {
    let g = v.geometry;
    let mut out = String::new();
    for side in Color::BOTH {
        let rank = match side {
            Color::White => 0,
            Color::Black => i32::from(g.ranks()) - 1,
        };
        for f in 0..i32::from(g.files()) {
            let Some(sq) = g.square(f, rank) else {
                continue;
            };
            let c = pos.cell(sq);
            let initial = v[role_of(c)]
                .chains
                .iter()
                .any(|ch| ch.legs.iter().any(|l| l.modes.initial));
            if is_piece(c) && side_of(c) == side && !pos.has_moved(sq) && initial {
                let letter = char::from(b'a' + f as u8);
                out.push(match side {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                });
            }
        }
    }
    out
}

/// Gives `pos` the castling `rights`, each with its king and rook.
fn castle(
    v: &Variant,
    pos: &mut Position,
    rights: &At<Vec<CastlingRight>>,
) -> Result<(), FenError> {
    let g = v.geometry;
    for (k, &right) in rights.value.iter().enumerate() {
        let here = rights.column + k;
        let (c, CastlingRight { side, rook: named }) = (right.letter(), right);
        let Some(rule) = v.castling else {
            return Err(error(here, FenErrorKind::NoCastling));
        };
        let king_cell = piece(side, rule.king);
        let kings: Vec<Square> = pos.pieces[side]
            .squares
            .iter()
            .copied()
            .filter(|&s| pos.cell(s) == king_cell)
            .collect();
        let [king] = kings[..] else {
            return Err(error(
                here,
                FenErrorKind::CastlingKing {
                    letter: c,
                    king: v[rule.king].name.clone(),
                },
            ));
        };
        let (kf, kr) = (g.file(king), g.rank(king));
        let home = match named {
            CastlingRook::File(f) => Some(i32::from(f)),
            CastlingRook::Wing(wing) => setup_rook_file(v, side, wing),
        };
        let (wing, files) = rook_files(named, kf, home, g.files());
        let rook = files
            .into_iter()
            .filter_map(|f| g.square(f, kr))
            .find(|&s| is_castling_rook(rule, side, pos.cell(s)));
        let Some(rook) = rook else {
            let rook = v[rule.rook].name.clone();
            let exact = matches!(named, CastlingRook::File(_));
            return Err(error(
                here,
                match home.and_then(|f| g.square(f, kr)) {
                    Some(s) if exact => FenErrorKind::NoRookOnFile {
                        letter: c,
                        rook,
                        square: g.name(s),
                    },
                    Some(s) => FenErrorKind::NoRookFromHome {
                        letter: c,
                        rook,
                        home: g.name(s),
                    },
                    None if exact => FenErrorKind::CastlingFile(c),
                    None => FenErrorKind::NoRookOnWing {
                        letter: c,
                        rook,
                        wing,
                    },
                },
            ));
        };
        pos.castles.grant(side, king, wing, rook);
    }
    Ok(())
}

/// Gives `pos`, with its side to move set, the en-passant chance the squares `ep` name.
fn en_passant(v: &Variant, pos: &mut Position, ep: &At<Vec<SquareName>>) -> Result<(), FenError> {
    let g = v.geometry;
    let col = ep.column;
    // The field as written: square names print back as they read.
    let text = || ep.value.iter().map(ToString::to_string).collect::<String>();
    let squares = ep
        .value
        .iter()
        .map(|&name| g.square_named(name))
        .collect::<Option<Vec<Square>>>()
        .ok_or_else(|| error(col, FenErrorKind::EnPassantSquare(text())))?;
    let them = pos.to_move.opponent();
    let (passed, named): (Vec<Square>, Vec<Square>) =
        squares.iter().partition(|&&s| pos.cell(s) == EMPTY);
    match named[..] {
        [] => {}
        [victim]
            if is_piece(pos.cell(victim))
                && side_of(pos.cell(victim)) == them
                && !passed.is_empty() =>
        {
            pos.en_passant = EnPassant::new(&passed, victim);
            return Ok(());
        }
        _ => {
            return Err(error(col, FenErrorKind::EnPassantOccupied(text())));
        }
    }
    // The piece that passed over the square stands further along its own forward direction.
    let Some(&sq) = passed.first() else {
        return Err(error(col, FenErrorKind::EnPassantUnpassed(text())));
    };
    let forward = if them == Color::White { 1 } else { -1 };
    let (f, r) = (g.file(sq), g.rank(sq));
    for dx in [0, -1, 1] {
        let mut found = passed.clone();
        let mut k = 1;
        while let Some(s) = g.square(f + dx * k, r + forward * k) {
            let c = pos.cell(s);
            if c == EMPTY {
                found.push(s);
                k += 1;
                continue;
            }
            if is_piece(c) && side_of(c) == them {
                found.dedup();
                pos.en_passant = EnPassant::new(&found, s);
                return Ok(());
            }
            break;
        }
    }
    Err(error(col, FenErrorKind::EnPassantUnpassed(text())))
}

/// A position's FEN, for display.
pub struct Fen<'a> {
    /// The variant.
    pub variant: &'a Variant,
    /// The position.
    pub position: &'a Position,
}

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (v, pos) = (self.variant, self.position);
        let g = v.geometry;
        for rank in (0..i32::from(g.ranks())).rev() {
            let mut run = 0;
            for file in 0..i32::from(g.files()) {
                let Some(sq) = g.square(file, rank) else {
                    continue;
                };
                let c = pos.cell(sq);
                if c == EMPTY {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    write!(f, "{run}")?;
                    run = 0;
                }
                let base = is_piece(c).then(|| v[role_of(c)].promoted_from).flatten();
                match base {
                    // Shogi's promoted pieces: `+` and the letter of what they were.
                    Some(base) => {
                        write!(f, "+{}", letter(v, piece(side_of(c), base)))?;
                    }
                    _ => {
                        write!(f, "{}", letter(v, c))?;
                        if pos.is_promoted(sq) {
                            f.write_str("~")?;
                        }
                    }
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        if v.drops {
            // White's then Black's, a royal (placement chess) then the most valuable
            // first, as Fairy-Stockfish writes them.
            let mut roles: Vec<Role> = v.roles().collect();
            roles.sort_by_key(|&r| (!v.is_royal(r), std::cmp::Reverse(v.value(r)), v[r].letter));
            f.write_str("[")?;
            for side in Color::BOTH {
                for &r in &roles {
                    for _ in 0..pos.in_hand(side, r) {
                        write!(f, "{}", letter(v, piece(side, r)))?;
                    }
                }
            }
            f.write_str("]")?;
        }
        write!(f, " {}", pos.to_move.letter())?;
        let mut rights: String = if v.first_move_gates {
            gate_letters(v, pos)
        } else {
            pos.castles.letters(v).map(CastlingRight::letter).collect()
        };
        if rights.is_empty() {
            rights.push('-');
        }
        write!(f, " {rights}")?;
        let checks = match v.goals.checks {
            Some(_) => format!(" {}+{}", pos.checks_left[0], pos.checks_left[1]),
            None => String::new(),
        };
        if pos.count.limit > 0 {
            // Fairy-Stockfish's writing: the limit for the en-passant field, the count
            // for the halfmove clock.
            return write!(
                f,
                " {}{checks} {} {}",
                pos.count.limit, pos.count.ply, pos.fullmove
            );
        }
        match pos.en_passant.squares().first() {
            Some(&s) => {
                // A victim not straight behind the square is named too, both in board
                // order, as Fairy-Stockfish writes Berolina's.
                let victim = pos.en_passant.victim;
                if g.file(victim) == g.file(s) {
                    write!(f, " {}", g.name(s))?;
                } else {
                    let (a, b) = (s.min(victim), s.max(victim));
                    write!(f, " {}{}", g.name(a), g.name(b))?;
                }
            }
            None => write!(f, " -")?,
        }
        write!(f, "{checks} {} {}", pos.halfmove, pos.fullmove)
    }
}

/// The FEN letter of a cell.
pub fn letter(v: &Variant, c: Cell) -> char {
    match c {
        BOULDER => '*',
        BOMB => '@',
        _ if is_piece(c) => {
            let l = v[role_of(c)].letter;
            if side_of(c) == Color::White {
                l
            } else {
                l.to_ascii_lowercase()
            }
        }
        _ => '?',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::rules::{Castling, Role};

    #[test]
    fn a_fen_error_holds_its_column_and_kind_and_prints_both() {
        let v = Variant::kings_and_rooks(Some(Castling {
            king: Role::new(0),
            rook: Role::new(1),
            also: None,
            king_steps: 2,
            lands: None,
            chess960: false,
        }));
        let cases = [
            ("", 1, FenErrorKind::Empty, "the FEN is empty"),
            (
                "k3/4/4/K2X w",
                10,
                FenErrorKind::NotAPiece('X'),
                "'X' is not a piece of this level (nor * or @)",
            ),
            (
                "k3/4/4/K4 w",
                9,
                FenErrorKind::RankTooLong { rank: 1, files: 4 },
                "rank 1 is longer than 4 files",
            ),
            (
                "4/4/4/K3 w",
                1,
                FenErrorKind::NoRoyal {
                    side: Color::Black,
                    royals: vec!["King".into()],
                },
                "Black has no royal piece (King): this level needs one on each side",
            ),
            (
                "k3/4/4/K3 w K",
                13,
                FenErrorKind::NoRookOnWing {
                    letter: 'K',
                    rook: "Rook".into(),
                    wing: Wing::King,
                },
                "castling 'K' but no Rook on the king's king side",
            ),
            (
                "k3/4/4/K3 w - - x",
                17,
                FenErrorKind::MoveCount("x".into()),
                "'x': expected a move count",
            ),
        ];
        for (fen, column, kind, says) in cases {
            let e = parse_fen(&v, fen).expect_err(fen);
            assert_eq!(e, error(column, kind), "{fen}");
            assert_eq!(e.to_string(), format!("FEN column {column}: {says}"));
        }
    }

    fn castling_variant() -> Variant {
        Variant::kings_and_rooks(Some(Castling {
            king: Role::new(0),
            rook: Role::new(1),
            also: None,
            king_steps: 2,
            lands: None,
            chess960: false,
        }))
    }

    fn run(n: u32) -> Placed {
        Placed::Empty(NonZeroU32::new(n).expect("not 0"))
    }

    #[test]
    fn reading_a_fen_needs_no_board_and_keeps_each_fields_column() {
        // 27 files and a lone rank fit no level's board, but read.
        let wide: WrittenFen = "27/k".parse().expect("any size reads");
        assert_eq!(wide.placement.value.len(), 2);
        assert_eq!(
            wide.placement.value[0].items,
            [At {
                value: run(27),
                column: 1
            }]
        );
        assert_eq!(wide.to_move, None);
        let fen = "c8c/ernbqkbnre/10/10/10/10/10/10/ERNBQKBNRE/C8C b Kq j10a1 12 40";
        let written: WrittenFen = fen.parse().expect(fen);
        let black_rook = Placed::Piece {
            side: Color::Black,
            letter: 'R',
        };
        assert_eq!(
            written.placement.value[1].items[1],
            At {
                value: black_rook,
                column: 6
            }
        );
        assert_eq!(written.placement.value[2].last_column, 17);
        assert_eq!(
            written.to_move,
            Some(At {
                value: Color::Black,
                column: 49
            })
        );
        let rights = [
            CastlingRight::wing(Color::White, Wing::King),
            CastlingRight::wing(Color::Black, Wing::Queen),
        ];
        assert_eq!(
            written.castling,
            Some(At {
                value: rights.to_vec(),
                column: 51
            })
        );
        let squares = ["j10", "a1"].map(|s| s.parse::<SquareName>().expect(s));
        assert_eq!(
            written.en_passant,
            Some(At {
                value: squares.to_vec(),
                column: 54
            })
        );
        assert_eq!(
            written.halfmove,
            Some(At {
                value: 12,
                column: 60
            })
        );
        assert_eq!(
            written.fullmove,
            Some(At {
                value: 40,
                column: 63
            })
        );
    }

    #[test]
    fn reading_without_a_board_refuses_what_no_board_takes_at_its_column() {
        let cases = [
            ("   ", 1, FenErrorKind::Empty),
            ("8 w - - 0 1 x", 13, FenErrorKind::TrailingText),
            ("k0/8", 2, FenErrorKind::ZeroRun),
            ("k3/4/4/K2. w", 10, FenErrorKind::NotAPiece('.')),
            ("4 x", 3, FenErrorKind::SideToMove("x".into())),
            ("4 w K1", 6, FenErrorKind::CastlingLetter('1')),
            ("4 w -K", 5, FenErrorKind::CastlingLetter('-')),
            ("4 w - e", 7, FenErrorKind::EnPassantSquare("e".into())),
            ("4 w - e3x", 7, FenErrorKind::EnPassantSquare("e3x".into())),
            ("4 w - - 0 -1", 11, FenErrorKind::MoveCount("-1".into())),
        ];
        for (fen, column, kind) in cases {
            assert_eq!(fen.parse::<WrittenFen>(), Err(error(column, kind)), "{fen}");
        }
    }

    #[test]
    fn setting_up_on_a_board_refuses_what_the_level_does_not_allow() {
        let v = castling_variant();
        let plain = Variant::kings_and_rooks(None);
        let cases = [
            (
                &v,
                "k3/4/K3 w",
                1,
                FenErrorKind::RankCount { found: 3, board: 4 },
            ),
            (
                &v,
                "k3/4/4/K2 w",
                9,
                FenErrorKind::RankWidth {
                    rank: 1,
                    covered: 3,
                    files: 4,
                },
            ),
            (
                &v,
                "k3/4/4/K4 w",
                9,
                FenErrorKind::RankTooLong { rank: 1, files: 4 },
            ),
            (&v, "k3/4/4/K2x w", 10, FenErrorKind::NotAPiece('x')),
            (
                &v,
                "4/4/4/K3 w",
                1,
                FenErrorKind::NoRoyal {
                    side: Color::Black,
                    royals: vec!["King".into()],
                },
            ),
            (&plain, "k3/4/4/K3 w K", 13, FenErrorKind::NoCastling),
            (
                &v,
                "kk2/4/4/K3 w k",
                14,
                FenErrorKind::CastlingKing {
                    letter: 'k',
                    king: "King".into(),
                },
            ),
            (
                &v,
                "k3/4/4/K3 w Q",
                13,
                FenErrorKind::NoRookOnWing {
                    letter: 'Q',
                    rook: "Rook".into(),
                    wing: Wing::Queen,
                },
            ),
            (
                &v,
                "k3/4/4/K3 w - e5",
                15,
                FenErrorKind::EnPassantSquare("e5".into()),
            ),
            (
                &v,
                "k3/4/4/K3 w - a1",
                15,
                FenErrorKind::EnPassantOccupied("a1".into()),
            ),
            (
                &v,
                "k3/4/4/K3 w - c3",
                15,
                FenErrorKind::EnPassantUnpassed("c3".into()),
            ),
            (&v, "kR2/4/4/K3 w", 12, FenErrorKind::WaitingInCheck),
        ];
        for (variant, fen, column, kind) in cases {
            let written: WrittenFen = fen.parse().expect(fen);
            assert_eq!(written.on(variant), Err(error(column, kind)), "{fen}");
        }
        // What the board takes, it sets up as written.
        let pos = "k3/2r1/4/K2R w K c4 3 9"
            .parse::<WrittenFen>()
            .and_then(|written| written.on(&v))
            .expect("a position");
        let square = |name: &str| v.geometry.parse_square(name).expect(name);
        assert_eq!(
            pos.castles.rook(Color::White, Wing::King),
            Some(square("d1"))
        );
        assert_eq!(pos.castles.rook(Color::White, Wing::Queen), None);
        assert_eq!(pos.castles.king(Color::White), Some(square("a1")));
        assert_eq!(pos.en_passant().squares(), [square("c4")]);
        assert_eq!(pos.en_passant().victim, square("c3"));
        assert_eq!((pos.halfmove, pos.fullmove), (3, 9));
    }

    #[test]
    fn a_written_fen_prints_back_as_it_reads() {
        for fen in [
            "k3/4/4/K3",
            "k3/4/4/K3 b",
            "k3/4/4/K3 w qK",
            "27/k w - j10 0 1",
            "4k3/8/2*5/8/3@4/8/8/4K3 b - - 12 40",
            "r1b1k3/4ppb1/n4p1q/pPppPpP1/4P1n1/1P1P4/2P1N1Br/RNBQK2R w KQq c5b6 0 17",
            "/ w",
        ] {
            let written: WrittenFen = fen.parse().expect(fen);
            assert_eq!(written.to_string(), fen);
        }
        // A field left out before a written one prints as a position without it reads.
        let mut written: WrittenFen = "4 b Kq e3 7 9".parse().expect("reads");
        (written.to_move, written.castling, written.halfmove) = (None, None, None);
        assert_eq!(written.to_string(), "4 w - e3 0 9");
    }
}
