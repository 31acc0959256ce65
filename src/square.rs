//! A square's name in either mode: a file letter `a`–`z` and a rank counted from 1, such as
//! `e4` or `j10`. Reading a name needs no board; each mode then finds the square (grid) or
//! its centre (continuous) on its own board.

use std::fmt;
use std::str::FromStr;

/// A square's name: zero-based file and rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareName {
    /// Zero-based file: 0 is `a`.
    pub file: u32,
    /// Zero-based rank: 0 is rank 1.
    pub rank: u32,
}

/// Why a text is not a square name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareNameError {
    /// Nothing, or no file letter `a`–`z` first.
    #[error("a square name starts with a file letter a-z")]
    File,
    /// The rank is missing, not digits, starts with 0, or is too long.
    #[error("a square name ends with its rank, 1 or more, without leading zeros")]
    Rank,
}

/// The most digits a rank may have: far beyond any board.
const RANK_DIGITS: usize = 3;

impl FromStr for SquareName {
    type Err = SquareNameError;

    fn from_str(text: &str) -> Result<SquareName, SquareNameError> {
        let mut chars = text.chars();
        let file = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or(SquareNameError::File)?;
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > RANK_DIGITS
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(SquareNameError::Rank);
        }
        let rank: u32 = digits.parse().map_err(|_| SquareNameError::Rank)?;
        Ok(SquareName {
            file: u32::from(file) - u32::from('a'),
            rank: rank - 1,
        })
    }
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from_u32(u32::from('a') + self.file).unwrap_or('?');
        write!(f, "{letter}{}", self.rank + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_reads_and_prints_back() {
        for text in ["a1", "e4", "j10", "z26", "l999"] {
            let name: SquareName = text.parse().expect(text);
            assert_eq!(name.to_string(), text);
        }
        assert_eq!("j10".parse(), Ok(SquareName { file: 9, rank: 9 }));
    }

    #[test]
    fn a_name_needs_a_file_letter_then_a_rank() {
        for bad in ["", "E4", "é4", "4"] {
            assert_eq!(
                bad.parse::<SquareName>(),
                Err(SquareNameError::File),
                "{bad}"
            );
        }
        for bad in ["e", "e0", "e01", "e4x", "e1000", "e+1"] {
            assert_eq!(
                bad.parse::<SquareName>(),
                Err(SquareNameError::Rank),
                "{bad}"
            );
        }
    }
}
