//! FEN for grid positions of any size: the level's piece letters, multi-digit empty runs
//! (`12`), `*` for a boulder and `@` for a bomb, the side to move, castling rights `KQkq`,
//! an en-passant square, and the two clocks (optional). The placement field is read by
//! [`super::placement`], as continuous setups are.
//!
//! `K` (`Q`) names the castling rook nearest the file where the level's setup keeps that
//! wing's rook, looking toward the king, as Fairy-Stockfish reads them; the outermost
//! rook when the setup keeps none on that wing.
//!
//! A piece counts as unmoved when the level's setup puts the same piece on its square
//! (DESIGN §3); castling rights come from the castling field.

use super::board::{Square, SquareName};
use super::movegen::is_attacked;
use super::placement::{Item, count, ranks};
use super::position::{
    BOMB, BOULDER, Cell, EMPTY, EnPassant, Position, is_piece, piece, role_of, side_of,
};
use super::variant::{RoyalRule, Variant};
use crate::play::Color;
use crate::span::Span;
use std::fmt;

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
    #[error("castling '{0}': expected K, Q, k, q or -")]
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
    /// The side that just moved left its royal piece attacked.
    #[error("the side not to move is in check: its royal piece could be taken")]
    WaitingInCheck,
}

/// A castling wing, named as castling rights name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wing {
    /// Toward the king's higher files (`K`, `k`).
    King,
    /// Toward its lower files (`Q`, `q`).
    Queen,
}

/// `king` or `queen`.
impl fmt::Display for Wing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wing::King => "king",
            Wing::Queen => "queen",
        })
    }
}

/// The error at the 1-based `column` of a FEN.
fn error(column: usize, kind: FenErrorKind) -> FenError {
    FenError {
        span: Span::column(column),
        kind,
    }
}

/// Reads a FEN of variant `v`.
pub fn parse_fen(v: &Variant, text: &str) -> Result<Position, FenError> {
    let g = v.geometry;
    let mut pos = Position::empty(g.squares());
    // Fields with their 1-based columns.
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                fields.push((text[..s].chars().count() + 1, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    let Some(&(col, placement)) = fields.first() else {
        return Err(error(1, FenErrorKind::Empty));
    };
    if fields.len() > 6 {
        return Err(error(fields[6].0, FenErrorKind::TrailingText));
    }
    let rows = ranks(placement, col);
    if rows.len() != usize::from(g.ranks()) {
        return Err(error(
            col,
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
        for item in row.items() {
            let (here, c) = match item {
                Item::Empty { column, digits } => {
                    // Too many to count is longer than any board.
                    let run = count(digits).unwrap_or(u32::MAX);
                    if run == 0 {
                        return Err(error(column, FenErrorKind::ZeroRun));
                    }
                    file = file.saturating_add(run.min(1000) as i32);
                    if file > i32::from(g.files()) {
                        return Err(error(column, too_long(rank)));
                    }
                    continue;
                }
                Item::Letter { column, letter } => (column, letter),
            };
            let cell = match c {
                '*' => BOULDER,
                '@' => BOMB,
                _ => match v.role_of_letter(c).filter(|_| c.is_ascii_alphabetic()) {
                    Some(t) => piece(Color::from_index(usize::from(c.is_ascii_lowercase())), t),
                    None => {
                        return Err(error(here, FenErrorKind::NotAPiece(c)));
                    }
                },
            };
            let Some(sq) = g.square(file, rank) else {
                return Err(error(here, too_long(rank)));
            };
            let moved = !v.setup.is_empty() && v.setup[usize::from(sq)] != cell;
            pos.put(v, sq, cell, moved);
            file += 1;
        }
        if file != i32::from(g.files()) {
            return Err(error(
                row.last_column(),
                FenErrorKind::RankWidth {
                    rank: rank + 1,
                    covered: file,
                    files: g.files(),
                },
            ));
        }
    }
    let royal = || v.types.iter().filter(|t| t.royal);
    if let Some(side) = Color::BOTH
        .into_iter()
        .find(|&s| royal().next().is_some() && pos.royals(s).is_empty())
    {
        return Err(error(
            col,
            FenErrorKind::NoRoyal {
                side,
                royals: royal().map(|t| t.name.clone()).collect(),
            },
        ));
    }
    if let Some(&(col, side)) = fields.get(1) {
        pos.to_move = match side {
            "w" => Color::White,
            "b" => Color::Black,
            _ => {
                return Err(error(col, FenErrorKind::SideToMove(side.to_string())));
            }
        };
    }
    if let Some(&(col, rights)) = fields.get(2) {
        read_castling(v, &mut pos, col, rights)?;
    }
    if let Some(&(col, ep)) = fields.get(3)
        && ep != "-"
    {
        read_en_passant(v, &mut pos, col, ep)?;
    }
    for (k, slot) in [(4, &mut pos.halfmove), (5, &mut pos.fullmove)] {
        if let Some(&(col, n)) = fields.get(k) {
            *slot = n
                .parse()
                .map_err(|_| error(col, FenErrorKind::MoveCount(n.to_string())))?;
        }
    }
    let waiting = pos.to_move.opponent();
    if v.royal_rule == RoyalRule::Checkmate
        && pos
            .royals(waiting)
            .iter()
            .any(|&r| is_attacked(v, &pos, r, pos.to_move))
    {
        let col = fields.get(1).map_or(col, |f| f.0);
        return Err(error(col, FenErrorKind::WaitingInCheck));
    }
    pos.rekey(v);
    Ok(pos)
}

fn read_castling(
    v: &Variant,
    pos: &mut Position,
    col: usize,
    rights: &str,
) -> Result<(), FenError> {
    if rights == "-" {
        return Ok(());
    }
    let g = v.geometry;
    for (k, c) in rights.chars().enumerate() {
        let here = col + k;
        let (side, wing) = match c {
            'K' => (Color::White, 0),
            'Q' => (Color::White, 1),
            'k' => (Color::Black, 0),
            'q' => (Color::Black, 1),
            _ => {
                return Err(error(here, FenErrorKind::CastlingLetter(c)));
            }
        };
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
        let rook_cell = piece(side, rule.rook);
        let (kf, kr) = (g.file(king), g.rank(king));
        let home = setup_rook_file(v, side, wing);
        // From where the setup keeps this wing's rook toward the king, as Fairy-Stockfish
        // reads K and Q; the outermost rook when the setup keeps none there.
        let files: Vec<i32> = match (home, wing) {
            (Some(f), 0) => ((kf + 1)..=f).rev().collect(),
            (Some(f), _) => (f..kf).collect(),
            (None, 0) => ((kf + 1)..i32::from(g.files())).rev().collect(),
            (None, _) => (0..kf).collect(),
        };
        let rook = files
            .into_iter()
            .filter_map(|f| g.square(f, kr))
            .find(|&s| pos.cell(s) == rook_cell);
        let Some(rook) = rook else {
            let rook = v[rule.rook].name.clone();
            return Err(error(
                here,
                match home.and_then(|f| g.square(f, kr)) {
                    Some(s) => FenErrorKind::NoRookFromHome {
                        letter: c,
                        rook,
                        home: g.name(s),
                    },
                    None => FenErrorKind::NoRookOnWing {
                        letter: c,
                        rook,
                        wing: if wing == 0 { Wing::King } else { Wing::Queen },
                    },
                },
            ));
        };
        pos.castle_king[side] = Some(king);
        pos.castling[side][wing] = Some(rook);
    }
    Ok(())
}

/// The file where the level's setup puts `side`'s castling rook on `wing` (0: the king's
/// higher files): the outermost rook on its castling king's rank on that side. None while
/// the setup itself is read, or when the setup has no such rook.
fn setup_rook_file(v: &Variant, side: Color, wing: usize) -> Option<i32> {
    let rule = v.castling?;
    let g = v.geometry;
    // No setup yet while the setup itself is read; else a cell per square of the board.
    if v.setup.len() != g.squares() {
        return None;
    }
    let king_cell = piece(side, rule.king);
    let rook_cell = piece(side, rule.rook);
    let holding = |cell| g.all().filter(move |&s| v.setup[usize::from(s)] == cell);
    let king = holding(king_cell).next()?;
    let (kf, kr) = (g.file(king), g.rank(king));
    let rooks = holding(rook_cell)
        .filter(|&s| g.rank(s) == kr)
        .map(|s| g.file(s));
    if wing == 0 {
        rooks.filter(|&f| f > kf).max()
    } else {
        rooks.filter(|&f| f < kf).min()
    }
}

fn read_en_passant(v: &Variant, pos: &mut Position, col: usize, ep: &str) -> Result<(), FenError> {
    let g = v.geometry;
    // One square, or several run together (Fairy-Stockfish writes Berolina's as the square
    // passed over and the square of the pawn that passed, in board order).
    let mut squares = Vec::new();
    let mut rest = ep;
    while !rest.is_empty() {
        let len = rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(rest.len(), |(i, _)| i);
        let Some(sq) = g.parse_square(&rest[..len]) else {
            return Err(error(col, FenErrorKind::EnPassantSquare(ep.to_string())));
        };
        squares.push(sq);
        rest = &rest[len..];
    }
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
            return Err(error(col, FenErrorKind::EnPassantOccupied(ep.to_string())));
        }
    }
    // The piece that passed over the square stands further along its own forward direction.
    let sq = passed[0];
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
    Err(error(col, FenErrorKind::EnPassantUnpassed(ep.to_string())))
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
                write!(f, "{}", letter(v, c))?;
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        write!(f, " {}", pos.to_move.letter())?;
        let mut rights = String::new();
        for (side, letters) in [(0, ['K', 'Q']), (1, ['k', 'q'])] {
            for (wing, letter) in letters.into_iter().enumerate() {
                if pos.castling[side][wing].is_some() {
                    rights.push(letter);
                }
            }
        }
        if rights.is_empty() {
            rights.push('-');
        }
        write!(f, " {rights}")?;
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
        write!(f, " {} {}", pos.halfmove, pos.fullmove)
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
    use crate::grid::variant::{Castling, Role};

    #[test]
    fn a_fen_error_holds_its_column_and_kind_and_prints_both() {
        let v = Variant::kings_and_rooks(Some(Castling {
            king: Role::new(0),
            rook: Role::new(1),
            king_steps: 2,
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
}
