//! A rule-test file as it is written: the level it tests and its cases, every key with
//! its place in the text, so that a failure names the line and column of what it expected.

use serde::Deserialize;
use toml::Spanned;

/// The whole file.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct TestFile {
    /// The level: a name (`chess`) or a file beside this one (`mine.toml`); without it, the
    /// level this file is named for (see [`super::level_of`]).
    pub level: Option<Spanned<String>>,
    /// The cases, in the file's order (`[[case]]` tables).
    #[serde(default)]
    pub case: Vec<Spanned<Case>>,
}

/// One case: a position, moves played from it, and what must hold then.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// What the case is about, printed with its verdict.
    pub name: Option<String>,
    /// The start: a FEN on a grid, a POS on a continuous board (default: the setup).
    pub position: Option<Spanned<String>>,
    /// Moves played first; each must be legal.
    #[serde(default)]
    pub moves: Vec<Spanned<String>>,
    /// The move tried after them, which `expect`, `lands` and `captures` speak of.
    #[serde(rename = "move")]
    pub tried: Option<Spanned<String>>,
    /// What the rules make of the tried move: `move`, `capture`, `legal`, `illegal`, or on
    /// a continuous board the reason it is refused (`too-short`, `blocked`, …).
    pub expect: Option<Spanned<String>>,
    /// Where the tried move's piece lands: a square or a point.
    pub lands: Option<Spanned<String>>,
    /// Where the piece the tried move takes stood, or `nothing`.
    pub captures: Option<Spanned<String>>,
    /// A piece, by the square or point it stands on, for `reaches`, `misses` and `only`.
    pub piece: Option<Spanned<String>>,
    /// Points or squares the piece may move to.
    #[serde(default)]
    pub reaches: Vec<Spanned<String>>,
    /// Points or squares it may not move to.
    #[serde(default)]
    pub misses: Vec<Spanned<String>>,
    /// On a grid: every square the piece may move to, and no other.
    pub only: Option<Spanned<Vec<String>>>,
    /// Moves that must be legal in the position reached.
    #[serde(default)]
    pub legal: Vec<Spanned<String>>,
    /// Moves that must not be.
    #[serde(default)]
    pub illegal: Vec<Spanned<String>>,
    /// The game's result then, as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, `*` (going on).
    pub result: Option<Spanned<String>>,
    /// How it ended: `checkmate`, `stalemate`, `repetition`, … (see docs/testing.md).
    pub ends: Option<Spanned<String>>,
    /// Whether the side to move is in check then.
    pub check: Option<Spanned<bool>>,
    /// On a grid: the number of move paths of a depth from the position reached.
    pub perft: Option<Spanned<Perft>>,
}

/// A perft count expected.
#[derive(Deserialize, Debug, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct Perft {
    /// The depth, 1 to [`super::MOST_PERFT_DEPTH`].
    pub depth: u32,
    /// The count.
    pub nodes: u64,
}

/// Reads a test file's text; the error's place is a byte range of the text.
pub fn read(text: &str) -> Result<TestFile, (std::ops::Range<usize>, String)> {
    toml::from_str(text).map_err(|e| (e.span().unwrap_or(0..0), e.message().trim().to_string()))
}
