//! Castling in one place: the rights a position holds ([`Castles`]), the wings and FEN
//! letters that name them, the squares a castling king and rook cross and land on, and the
//! key of the rights. The move generator, FEN, the position's key, SAN and shuffled setups
//! all ask this module; the rule itself (which types castle, how far, Chess960 or not) is
//! the level's [`Castling`].

use super::board::{Geometry, Square};
use super::cell::{Cell, is_piece, piece, role_of, side_of};
use super::moves::Move;
use super::rules::Castling;
use super::variant::Variant;
use super::zobrist::Zobrist;
use crate::play::Color;
use std::fmt;
use std::ops::RangeInclusive;

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

impl Wing {
    /// Both wings, the king's side first (the order of a FEN's rights).
    pub const BOTH: [Wing; 2] = [Wing::King, Wing::Queen];

    /// Its place in a side's castling rights: the king's side first.
    pub(crate) const fn index(self) -> usize {
        match self {
            Wing::King => 0,
            Wing::Queen => 1,
        }
    }
}

/// A castling right as a FEN writes it: `K`, `Q`, `k` or `q` for a wing, or the castling
/// rook's file in its side's case (`H`, `a`: Shredder and Chess960 FENs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRight {
    /// Whose right: White for `K`, `Q` and upper-case files.
    pub side: Color,
    /// Which rook it names.
    pub rook: CastlingRook,
}

/// How a castling right names its rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingRook {
    /// A wing: the rook is found as Fairy-Stockfish finds it (see [`rook_files`]).
    Wing(Wing),
    /// The rook's file, 0 for `a`.
    File(u8),
}

impl CastlingRight {
    /// The right a letter names, if it is an ASCII letter: `K`, `Q`, `k`, `q` name wings,
    /// the others files.
    pub fn from_letter(c: char) -> Option<CastlingRight> {
        let side = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rook = match c {
            'K' | 'k' => CastlingRook::Wing(Wing::King),
            'Q' | 'q' => CastlingRook::Wing(Wing::Queen),
            c if c.is_ascii_alphabetic() => CastlingRook::File(c.to_ascii_lowercase() as u8 - b'a'),
            _ => return None,
        };
        Some(CastlingRight { side, rook })
    }

    /// A wing's right.
    pub const fn wing(side: Color, wing: Wing) -> CastlingRight {
        CastlingRight {
            side,
            rook: CastlingRook::Wing(wing),
        }
    }

    /// Its letter.
    pub fn letter(self) -> char {
        let c = match self.rook {
            CastlingRook::Wing(Wing::King) => 'k',
            CastlingRook::Wing(Wing::Queen) => 'q',
            CastlingRook::File(f) => char::from(b'a' + f),
        };
        match self.side {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
}

/// The castling rights of a position: by side, the rook it may still castle with on each
/// wing, and the king those rights belong to. Two positions compare their rooks only: a
/// king with no right left castles with nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Castles {
    /// By side, then wing (the king's side first): the rook, while the right stands.
    rooks: [[Option<Square>; 2]; 2],
    /// By side: the king the rights belong to.
    king: [Option<Square>; 2],
}

impl PartialEq for Castles {
    fn eq(&self, other: &Castles) -> bool {
        self.rooks == other.rooks
    }
}

impl Eq for Castles {}

impl Castles {
    /// The king `side`'s rights belong to, if it was ever given one.
    #[inline]
    pub fn king(&self, side: Color) -> Option<Square> {
        self.king[side]
    }

    /// The rook `side` may castle with on `wing`, if the right stands.
    #[inline]
    pub fn rook(&self, side: Color, wing: Wing) -> Option<Square> {
        self.rooks[side][wing.index()]
    }

    /// The rooks `side` may still castle with, the king's side first.
    #[inline]
    pub fn rooks(&self, side: Color) -> impl Iterator<Item = Square> + use<> {
        self.rooks[side].into_iter().flatten()
    }

    /// Whether `side` may castle at all.
    #[inline]
    pub fn any(&self, side: Color) -> bool {
        self.rooks[side] != [None; 2]
    }

    /// Gives `side`'s `king` the right to castle with `rook` on `wing`.
    pub fn grant(&mut self, side: Color, king: Square, wing: Wing, rook: Square) {
        self.set(side, king, wing, Some(rook));
    }

    /// Makes `king` the one `side`'s rights belong to, with the right on `wing` to castle
    /// with `rook`, or none.
    pub(crate) fn set(&mut self, side: Color, king: Square, wing: Wing, rook: Option<Square>) {
        self.king[side] = Some(king);
        self.rooks[side][wing.index()] = rook;
    }

    /// Gives up both of `side`'s rights (it has castled).
    #[inline]
    pub(crate) fn give_up(&mut self, side: Color) {
        self.rooks[side] = [None; 2];
    }

    /// Drops the rights that use the piece on `sq`: a king's both, or one rook's.
    #[inline]
    pub(crate) fn forget(&mut self, sq: Square) {
        for side in 0..2 {
            if self.king[side] == Some(sq) {
                self.rooks[side] = [None; 2];
            }
            self.forget_rook_at(side, sq);
        }
    }

    /// Drops the rights whose rook stands on `sq` (the rook is taken away).
    pub(crate) fn forget_rook(&mut self, sq: Square) {
        for side in 0..2 {
            self.forget_rook_at(side, sq);
        }
    }

    fn forget_rook_at(&mut self, side: usize, sq: Square) {
        for r in self.rooks[side].iter_mut() {
            if *r == Some(sq) {
                *r = None;
            }
        }
    }

    /// The key of the rights: one number per rook that may castle.
    #[inline]
    pub(crate) fn key(&self, z: &Zobrist) -> u64 {
        self.rooks
            .iter()
            .flatten()
            .flatten()
            .fold(0, |key, &rook| key ^ z.castling(rook))
    }

    /// The rights as a FEN writes them, White's first and each side's king side first:
    /// wings, or under Chess960 the rooks' files, as Fairy-Stockfish writes them.
    pub fn letters(&self, v: &Variant) -> impl Iterator<Item = CastlingRight> + use<> {
        let files = v.castling.is_some_and(|c| c.chess960);
        let g = v.geometry;
        let rooks = self.rooks;
        Color::BOTH.into_iter().flat_map(move |side| {
            Wing::BOTH
                .into_iter()
                .zip(rooks[side])
                .filter_map(move |(wing, rook)| {
                    let rook = rook?;
                    let named = match files {
                        true => CastlingRook::File(g.file(rook) as u8),
                        false => CastlingRook::Wing(wing),
                    };
                    Some(CastlingRight { side, rook: named })
                })
        })
    }
}

/// The files, nearest the named rook first, where a right `named` on a king on file
/// `king` looks for its rook, and the wing it is on. A file names its rook; a wing is
/// sought from `home` (where the setup keeps that wing's rook) toward the king, as
/// Fairy-Stockfish reads K and Q, or from the board's edge when the setup keeps none there.
pub(crate) fn rook_files(
    named: CastlingRook,
    king: i32,
    home: Option<i32>,
    files: u8,
) -> (Wing, Vec<i32>) {
    match named {
        CastlingRook::File(f) => {
            let f = i32::from(f);
            let wing = if f > king { Wing::King } else { Wing::Queen };
            (wing, if f == king { vec![] } else { vec![f] })
        }
        CastlingRook::Wing(wing) => {
            let files = match (home, wing) {
                (Some(f), Wing::King) => ((king + 1)..=f).rev().collect(),
                (Some(f), Wing::Queen) => (f..king).collect(),
                (None, Wing::King) => ((king + 1)..i32::from(files)).rev().collect(),
                (None, Wing::Queen) => (0..king).collect(),
            };
            (wing, files)
        }
    }
}

/// The file where the level's setup puts `side`'s castling rook on `wing`: the outermost
/// rook on its castling king's rank on that side. None while the setup itself is read, or
/// when the setup has no such rook.
pub(crate) fn setup_rook_file(v: &Variant, side: Color, wing: Wing) -> Option<i32> {
    let rule = v.castling?;
    let g = v.geometry;
    // No setup yet while the setup itself is read; else a cell per square of the board.
    if v.setup.len() != g.squares() {
        return None;
    }
    let king_cell = piece(side, rule.king);
    let king = g.all().find(|&s| v.setup[usize::from(s)] == king_cell)?;
    let (kf, kr) = (g.file(king), g.rank(king));
    let rooks = g
        .all()
        .filter(|&s| g.rank(s) == kr && is_castling_rook(rule, side, v.setup[usize::from(s)]))
        .map(|s| g.file(s));
    match wing {
        Wing::King => rooks.filter(|&f| f > kf).max(),
        Wing::Queen => rooks.filter(|&f| f < kf).min(),
    }
}

/// Whether `cell` holds a piece of `side` that castles as the rook under `rule`.
pub(crate) fn is_castling_rook(rule: Castling, side: Color, cell: Cell) -> bool {
    is_piece(cell) && side_of(cell) == side && rule.is_rook(role_of(cell))
}

/// What castling with one rook asks of the board: where the king lands, the files that must
/// be empty but for king and rook, and the files the king starts on, crosses and lands on,
/// which must not be attacked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CastlingPath {
    /// The king's landing file.
    pub to: i32,
    /// The files between king, rook and their two landings, all included.
    pub clear: RangeInclusive<i32>,
    /// The files from the king's start to its landing (Chess960: it may move away from the
    /// rook, or stay).
    pub safe: RangeInclusive<i32>,
}

/// The path of a king on file `king` castling with a rook on file `rook` under `rule`, if
/// the rule lets it castle that way and both land on the board.
pub(crate) fn path(rule: &Castling, g: Geometry, king: i32, rook: i32) -> Option<CastlingPath> {
    let dir = if rook > king { 1 } else { -1 };
    let steps = rule.steps(king, dir > 0)?;
    let (to, rook_to) = (king + dir * steps, king + dir * steps - dir);
    let (lo, hi) = (
        king.min(rook).min(to).min(rook_to),
        king.max(rook).max(to).max(rook_to),
    );
    if lo < 0 || hi >= i32::from(g.files()) {
        return None;
    }
    Some(CastlingPath {
        to,
        clear: lo..=hi,
        safe: king.min(to)..=king.max(to),
    })
}

/// Where a castling move's rook lands: beside the king's landing, on the side of the
/// king's start the rook came from (Chess960: even when the king moves away from it).
pub(crate) fn rook_landing(m: Move) -> Square {
    match m.castles_up() {
        Some(true) => Square::from_index(m.to.index() - 1),
        _ => Square::from_index(m.to.index() + 1),
    }
}
