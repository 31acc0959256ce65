//! The placement field of a FEN (`rnbqkbnr/pppppppp/8/…`), read into ranks, empty runs and
//! letters with their 1-based columns. Grid FENs ([`super::fen`]) and continuous setups
//! (`continuous::notation`) both read it here; each decides what a letter means and words
//! its own errors.

/// One rank of a placement field, top rank first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rank<'a> {
    /// Its text, between two `/`.
    pub text: &'a str,
    /// The 1-based column of its first character in the whole FEN.
    pub column: usize,
    /// Its length in characters.
    width: usize,
}

/// One thing written in a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// A run of empty squares: its digits, as written (`12`), from `column`.
    Empty {
        /// The 1-based column of its first digit.
        column: usize,
        /// The digits.
        digits: &'a str,
    },
    /// Any other character: a piece letter, or something the reader refuses.
    Letter {
        /// The 1-based column.
        column: usize,
        /// The character.
        letter: char,
    },
}

/// The ranks of a placement field that starts at the 1-based `column` of its FEN.
pub fn ranks(placement: &str, column: usize) -> Vec<Rank<'_>> {
    let mut out = Vec::new();
    let (mut start, mut rank_column, mut width) = (0, column, 0);
    for (i, c) in placement.char_indices() {
        if c == '/' {
            out.push(Rank {
                text: &placement[start..i],
                column: rank_column,
                width,
            });
            start = i + 1;
            rank_column += width + 1;
            width = 0;
        } else {
            width += 1;
        }
    }
    out.push(Rank {
        text: &placement[start..],
        column: rank_column,
        width,
    });
    out
}

impl<'a> Rank<'a> {
    /// Its empty runs and other characters, in order.
    pub fn items(self) -> impl Iterator<Item = Item<'a>> {
        let text = self.text;
        let mut chars = text.char_indices().peekable();
        let mut column = self.column;
        std::iter::from_fn(move || {
            let (i, c) = chars.next()?;
            let here = column;
            column += 1;
            if !c.is_ascii_digit() {
                return Some(Item::Letter {
                    column: here,
                    letter: c,
                });
            }
            let mut end = i + 1;
            while let Some(&(j, _)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                chars.next();
                column += 1;
                end = j + 1;
            }
            Some(Item::Empty {
                column: here,
                digits: &text[i..end],
            })
        })
    }

    /// The column of its last character; of the `/` before it when it is empty (1 for an
    /// empty first rank).
    pub fn last_column(self) -> usize {
        (self.column + self.width).saturating_sub(1).max(1)
    }
}

/// How many squares an empty run's digits count; `None` when the number does not fit a
/// `u32`.
pub fn count(digits: &str) -> Option<u32> {
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_keep_their_columns_and_runs_their_digits() {
        let ranks = ranks("r10k/8//é2", 3);
        let columns: Vec<(&str, usize, usize)> = ranks
            .iter()
            .map(|r| (r.text, r.column, r.last_column()))
            .collect();
        assert_eq!(
            columns,
            [("r10k", 3, 6), ("8", 8, 8), ("", 10, 9), ("é2", 11, 12)]
        );
        let items: Vec<Item> = ranks[0].items().collect();
        assert_eq!(
            items,
            [
                Item::Letter {
                    column: 3,
                    letter: 'r'
                },
                Item::Empty {
                    column: 4,
                    digits: "10"
                },
                Item::Letter {
                    column: 6,
                    letter: 'k'
                },
            ]
        );
        assert_eq!(
            ranks[3].items().nth(1),
            Some(Item::Empty {
                column: 12,
                digits: "2"
            })
        );
        assert_eq!(count("012"), Some(12));
        assert_eq!(count("99999999999"), None);
    }
}
