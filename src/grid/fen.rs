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

use super::board::Square;
use super::movegen::is_attacked;
use super::placement::{Item, count, ranks};
use super::position::{
    BOMB, BOULDER, Cell, EMPTY, EnPassant, NO_ROOK, Position, is_piece, piece, side_of, type_of,
};
use super::variant::{RoyalRule, Variant};
use std::fmt;

/// A FEN that cannot be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("FEN column {column}: {message}")]
pub struct FenError {
    /// 1-based column in the FEN text.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

fn error(column: usize, message: impl Into<String>) -> FenError {
    FenError {
        column,
        message: message.into(),
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
        return Err(error(1, "the FEN is empty"));
    };
    if fields.len() > 6 {
        return Err(error(
            fields[6].0,
            "unexpected text after the six FEN fields",
        ));
    }
    let rows = ranks(placement, col);
    if rows.len() != usize::from(g.ranks()) {
        return Err(error(
            col,
            format!("{} ranks, but the board has {}", rows.len(), g.ranks()),
        ));
    }
    for (n, row) in rows.iter().enumerate() {
        let rank = i32::from(g.ranks()) - 1 - n as i32;
        let mut file: i32 = 0;
        for item in row.items() {
            let (here, c) = match item {
                Item::Empty { column, digits } => {
                    // Too many to count is longer than any board.
                    let run = count(digits).unwrap_or(u32::MAX);
                    if run == 0 {
                        return Err(error(column, "an empty run of 0 squares"));
                    }
                    file = file.saturating_add(run.min(1000) as i32);
                    if file > i32::from(g.files()) {
                        return Err(error(
                            column,
                            format!("rank {} is longer than {} files", rank + 1, g.files()),
                        ));
                    }
                    continue;
                }
                Item::Letter { column, letter } => (column, letter),
            };
            let cell = match c {
                '*' => BOULDER,
                '@' => BOMB,
                _ => match v.type_of_letter(c).filter(|_| c.is_ascii_alphabetic()) {
                    Some(t) => piece(usize::from(c.is_ascii_lowercase()), usize::from(t)),
                    None => {
                        return Err(error(
                            here,
                            format!("'{c}' is not a piece of this level (nor * or @)"),
                        ));
                    }
                },
            };
            let Some(sq) = g.square(file, rank) else {
                return Err(error(
                    here,
                    format!("rank {} is longer than {} files", rank + 1, g.files()),
                ));
            };
            let moved = !v.setup.is_empty() && v.setup[usize::from(sq)] != cell;
            pos.put(v, sq, cell, moved);
            file += 1;
        }
        if file != i32::from(g.files()) {
            return Err(error(
                row.last_column(),
                format!(
                    "rank {} covers {} files; the board has {}",
                    rank + 1,
                    file,
                    g.files()
                ),
            ));
        }
    }
    let royal: Vec<&str> = v
        .types
        .iter()
        .filter(|t| t.royal)
        .map(|t| t.name.as_str())
        .collect();
    if let Some(side) = (0..2).find(|&s| !royal.is_empty() && pos.royals(s).is_empty()) {
        return Err(error(
            col,
            format!(
                "{} has no royal piece ({}): this level needs one on each side",
                ["White", "Black"][side],
                royal.join(" or ")
            ),
        ));
    }
    if let Some(&(col, side)) = fields.get(1) {
        pos.to_move = match side {
            "w" => 0,
            "b" => 1,
            _ => {
                return Err(error(
                    col,
                    format!("side to move '{side}': expected w or b"),
                ));
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
                .map_err(|_| error(col, format!("'{n}': expected a move count")))?;
        }
    }
    let waiting = 1 - pos.to_move;
    if v.royal_rule == RoyalRule::Checkmate
        && pos
            .royals(waiting)
            .iter()
            .any(|&r| is_attacked(v, &pos, r, pos.to_move))
    {
        let col = fields.get(1).map_or(col, |f| f.0);
        return Err(error(
            col,
            "the side not to move is in check: its royal piece could be taken",
        ));
    }
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
            'K' => (0, 0),
            'Q' => (0, 1),
            'k' => (1, 0),
            'q' => (1, 1),
            _ => {
                return Err(error(
                    here,
                    format!("castling '{c}': expected K, Q, k, q or -"),
                ));
            }
        };
        let Some(rule) = v.castling else {
            return Err(error(here, "this level has no castling"));
        };
        let king_cell = piece(side, usize::from(rule.king));
        let kings: Vec<Square> = pos.pieces[side]
            .squares
            .iter()
            .copied()
            .filter(|&s| pos.cell(s) == king_cell)
            .collect();
        let [king] = kings[..] else {
            return Err(error(
                here,
                format!(
                    "castling '{c}' needs exactly one {} of that side",
                    v.types[usize::from(rule.king)].name
                ),
            ));
        };
        let rook_cell = piece(side, usize::from(rule.rook));
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
            let rook_name = &v.types[usize::from(rule.rook)].name;
            let wing_name = if wing == 0 { "king" } else { "queen" };
            return Err(error(
                here,
                match home.and_then(|f| g.square(f, kr)) {
                    Some(s) => format!(
                        "castling '{c}' but no {rook_name} on {} or between it and the king",
                        g.name(s)
                    ),
                    None => {
                        format!("castling '{c}' but no {rook_name} on the king's {wing_name} side")
                    }
                },
            ));
        };
        pos.castle_king[side] = king;
        pos.castling[side][wing] = rook;
    }
    Ok(())
}

/// The file where the level's setup puts `side`'s castling rook on `wing` (0: the king's
/// higher files): the outermost rook on its castling king's rank on that side. None while
/// the setup itself is read, or when the setup has no such rook.
fn setup_rook_file(v: &Variant, side: usize, wing: usize) -> Option<i32> {
    let rule = v.castling?;
    let g = v.geometry;
    let king_cell = piece(side, usize::from(rule.king));
    let rook_cell = piece(side, usize::from(rule.rook));
    // The setup has a cell per square of the board, at most 26×26.
    let holding =
        |cell| (0..v.setup.len() as Square).filter(move |&s| v.setup[usize::from(s)] == cell);
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
            return Err(error(
                col,
                format!("en passant '{ep}': expected a square or -"),
            ));
        };
        squares.push(sq);
        rest = &rest[len..];
    }
    let them = 1 - pos.to_move;
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
            return Err(error(
                col,
                format!(
                    "en passant '{ep}': its squares must be empty, but for the piece that passed them"
                ),
            ));
        }
    }
    // The piece that passed over the square stands further along its own forward direction.
    let sq = passed[0];
    let forward = if them == 0 { 1 } else { -1 };
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
    Err(error(
        col,
        format!("en passant square {ep}: no piece of the side that just moved has passed it"),
    ))
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
        write!(f, " {}", if pos.to_move == 0 { 'w' } else { 'b' })?;
        let mut rights = String::new();
        for (side, letters) in [(0, ['K', 'Q']), (1, ['k', 'q'])] {
            for (wing, letter) in letters.into_iter().enumerate() {
                if pos.castling[side][wing] != NO_ROOK {
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
            let l = v.types[type_of(c)].letter;
            if side_of(c) == 0 {
                l
            } else {
                l.to_ascii_lowercase()
            }
        }
        _ => '?',
    }
}
