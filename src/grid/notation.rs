//! Grid move notation: from, to and an optional promotion letter, `e2e4`, `e7e8q`,
//! `b2h8+` (to the promoted form, as shogi writes it),
//! `a10a11`; castling is written as the king's move (Chess960's as the king taking its own
//! rook, `e1h1`, since its king may not move at all); a drop from the hand as the piece's
//! upper-case letter, `@` and the square, `P@e4`, as Fairy-Stockfish writes it; a move that
//! leaves a wall adds a comma, its target and the wall's square, `a1b2,b2a1`.

use super::board::{Square, SquareName};
use super::cell::{is_piece, role_of};
use super::moves::Move;
use super::position::Position;
use super::rules::Role;
use super::variant::Variant;
use std::fmt;
use std::str::FromStr;

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
        if let Some(role) = self.mv.dropped() {
            return write!(f, "{}@{}", self.variant[role].letter, g.name(self.mv.to));
        }
        // Chess960 castling is the king taking its own rook, as UCI writes it.
        let to = self.mv.target(self.variant);
        write!(f, "{}{}", g.name(self.mv.from), g.name(to))?;
        if let Some(t) = self.mv.promotion {
            let t = &self.variant[t];
            // Shogi: a promotion to a type's promoted form is `+`.
            match t.promoted_from {
                Some(_) => f.write_str("+")?,
                None => write!(f, "{}", t.letter.to_ascii_lowercase())?,
            }
        }
        if let Some(wall) = self.mv.wall {
            write!(f, ",{}{}", g.name(self.mv.to), g.name(wall))?;
        }
        Ok(())
    }
}

/// The text of a move.
pub fn move_text(v: &Variant, m: Move) -> String {
    MoveText { variant: v, mv: m }.to_string()
}

/// A grid move as written, `e2e4`, `e7e8q`, `a10a11`: two square names and a promotion
/// letter. Reading it needs no board; [`read_move`] finds its squares on one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The mover's square.
    pub from: SquareName,
    /// The target square.
    pub to: SquareName,
    /// The promotion's letter (lower case), `+` (to the mover's promoted form, shogi) or
    /// `=` (declined, as Fairy-Stockfish reads it), if any.
    pub promotion: Option<char>,
}

/// A text that is not a grid move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a move like e2e4 or e7e8q")]
pub struct NotAMove;

impl FromStr for WrittenMove {
    type Err = NotAMove;

    fn from_str(text: &str) -> Result<WrittenMove, NotAMove> {
        // The second square starts at the second letter; a letter after it is a promotion.
        let second = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i)
            .ok_or(NotAMove)?;
        let (from, rest) = text.split_at(second);
        let (to, promotion) = match rest.char_indices().last() {
            Some((i, c)) if (c.is_ascii_lowercase() || c == '+' || c == '=') && i > 0 => {
                (&rest[..i], Some(c))
            }
            _ => (rest, None),
        };
        Ok(WrittenMove {
            from: from.parse().map_err(|_| NotAMove)?,
            to: to.parse().map_err(|_| NotAMove)?,
            promotion,
        })
    }
}

impl fmt::Display for WrittenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(c) = self.promotion {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// A move's squares on `v`'s board and its promotion letter, if `text` reads as a move
/// whose squares are on the board.
pub fn read_move(v: &Variant, text: &str) -> Option<(Square, Square, Option<char>)> {
    let written: WrittenMove = text.parse().ok()?;
    let g = v.geometry;
    Some((
        g.square_named(written.from)?,
        g.square_named(written.to)?,
        written.promotion,
    ))
}

/// The promotion a move's letter asks for of the piece on `from` in `pos`: a type by its
/// letter, `+` the mover's promoted form, `=` none; `Err` with the letter when there is no
/// such.
pub fn promotion_of(
    v: &Variant,
    pos: &Position,
    from: Square,
    c: Option<char>,
) -> Result<Option<Role>, char> {
    let cell = pos.cell(from);
    let mover = is_piece(cell).then(|| role_of(cell));
    match c {
        None | Some('=') => Ok(None),
        Some('+') => mover.and_then(|r| v.plus_form(r)).map(Some).ok_or('+'),
        Some(c) => v.role_of_letter(c).map(Some).ok_or(c),
    }
}

/// A drop as written, `P@e4`: the piece's letter (either case), `@` and a square of `v`'s
/// board. `None` when `text` is no drop; `Err` with the letter when no type has it.
pub fn read_drop(v: &Variant, text: &str) -> Option<Result<(Role, Square), char>> {
    let (letter, square) = text.split_once('@')?;
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    let name: SquareName = square.parse().ok()?;
    let sq = v.geometry.square_named(name)?;
    Some(v.role_of_letter(c).map(|r| (r, sq)).ok_or(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_move_reads_and_prints_back() {
        for text in ["e2e4", "e7e8q", "a10a11", "j10j11q", "a1z26"] {
            let m: WrittenMove = text.parse().expect(text);
            assert_eq!(m.to_string(), text);
        }
        let m: WrittenMove = "e7e8q".parse().expect("a move");
        assert_eq!(m.promotion, Some('q'));
        assert_eq!(m.to.to_string(), "e8");
    }

    #[test]
    fn text_that_is_no_move_is_refused() {
        for bad in [
            "", "e2", "e2e", "e2-e4", "E2E4", "e2e4qq", "e0e4", "2e4e", "e2e4Q",
        ] {
            assert_eq!(bad.parse::<WrittenMove>(), Err(NotAMove), "{bad}");
        }
    }
}
