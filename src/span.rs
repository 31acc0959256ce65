//! Where in a user's text something is: the one place type of every error that points into
//! a FEN, a Game Courier record, a saved game, a URC file, a Ħasínū string or a level.
//!
//! A span knows its line and column (1-based, the column in characters); the file is
//! added by whoever read the text from one. How an error prints its place is the error's
//! own choice (`FEN column 9: …`, `game.toml:12:3: …`), so existing messages keep their
//! shape; the span only holds the numbers.

use std::fmt;

/// A place in a text: the file if the text came from one, a 1-based line and a 1-based
/// column in characters.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// The file, when the text was read from one.
    pub file: Option<String>,
    /// 1-based line (1 for a one-line text such as a FEN).
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl Span {
    /// A column of a one-line text.
    pub fn column(column: usize) -> Span {
        Span::at(1, column)
    }

    /// A line and column of a text that is not (yet) known to come from a file.
    pub fn at(line: usize, column: usize) -> Span {
        Span {
            file: None,
            line,
            column,
        }
    }

    /// The same place, in `file`.
    pub fn in_file(self, file: impl Into<String>) -> Span {
        Span {
            file: Some(file.into()),
            ..self
        }
    }
}

/// `FILE:LINE:COLUMN`, or `LINE:COLUMN` without a file.
impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{file}:{}:{}", self.line, self.column),
            None => write!(f, "{}:{}", self.line, self.column),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_prints_its_file_line_and_column() {
        assert_eq!(Span::column(9).to_string(), "1:9");
        assert_eq!(
            Span::at(12, 3).in_file("game.toml").to_string(),
            "game.toml:12:3"
        );
    }
}
