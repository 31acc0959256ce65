//! Grid move notation: from, to and an optional promotion letter, `e2e4`, `e7e8q`,
//! `a10a11`; castling is written as the king's move.

use super::board::Square;
use super::position::Move;
use super::variant::Variant;
use std::fmt;

/// A move's text, for display.
pub struct MoveText<'a> {
    /// The variant (for square names and promotion letters).
    pub variant: &'a Variant,
    /// The move.
    pub mv: Move,
}

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.variant.geometry;
        write!(f, "{}{}", g.name(self.mv.from), g.name(self.mv.to))?;
        if let Some(t) = self.mv.promotion {
            let t = &self.variant.types[usize::from(t)];
            write!(f, "{}", t.letter.to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// The text of a move.
pub fn move_text(v: &Variant, m: Move) -> String {
    MoveText { variant: v, mv: m }.to_string()
}

/// Splits a move's text into its squares and promotion letter, if it reads as one.
pub fn read_move(v: &Variant, text: &str) -> Option<(Square, Square, Option<char>)> {
    let g = v.geometry;
    let bytes = text.as_bytes();
    // The second square starts at the second letter.
    let second = bytes.iter().skip(1).position(u8::is_ascii_lowercase)? + 1;
    let from = g.parse_square(&text[..second])?;
    let rest = &text[second..];
    let (to_text, promo) = match rest.chars().last() {
        Some(c) if c.is_ascii_lowercase() && rest.len() > 1 => (&rest[..rest.len() - 1], Some(c)),
        _ => (rest, None),
    };
    let to = g.parse_square(to_text)?;
    Some((from, to, promo))
}
