//! What stands on a square, in one byte: nothing, an obstacle, or a piece of a side and a
//! role. Positions, tables, keys and the search read squares through these few functions.

use super::rules::Role;
use crate::play::Color;

/// What stands on a square, in one byte: 0 empty; `0x40 | k` an obstacle; `0x80 | side << 6
/// | type` a piece.
pub type Cell = u8;

/// An empty square.
pub const EMPTY: Cell = 0;
/// A boulder (FEN `*`).
pub const BOULDER: Cell = 0x40;
/// A bomb (FEN `@`): blocks like a boulder.
pub const BOMB: Cell = 0x41;

/// The cell of a `side` piece of this role.
#[inline]
pub const fn piece(side: Color, role: Role) -> Cell {
    0x80 | ((side.index() as u8) << 6) | role.index() as u8
}

/// Whether a cell holds a piece (not empty, not an obstacle).
#[inline]
pub const fn is_piece(c: Cell) -> bool {
    c & 0x80 != 0
}

/// The side of a piece cell.
#[inline]
pub const fn side_of(c: Cell) -> Color {
    Color::from_index(((c >> 6) & 1) as usize)
}

/// The role of a piece cell.
#[inline]
pub const fn role_of(c: Cell) -> Role {
    Role::new((c & 0x3f) as usize)
}
