//! What can be wrong in a Ħasínū text, and where: one [`HasinuErrorKind`] variant per
//! problem, at its column in a [`HasinuError`]; and the limits the messages name.

use crate::betza::{self, BetzaError};
use crate::span::Span;

/// The largest distance or oblique coordinate read: far beyond any practical board, and
/// Betza's own repeat limit.
pub(super) const LIMIT: u32 = betza::MAX_REPEAT;

/// The longest Ħasínū text read, in characters. The shipped pieces take under fifty; a
/// text is read whole before its moves are built, so its length bounds that work.
pub const MAX_LENGTH: usize = 1024;

/// How deep functions may stand inside one another (`m(j(…))` is two deep). A real piece
/// needs two or three; the reader descends once per level, so a text nested thousands deep
/// is refused here rather than running the stack out.
pub const MAX_NESTING: usize = 32;

/// The most legs a text may expand to before equal moves are merged, counting every leg of
/// every chain (`1×4dD &t n4dO` is eight). Each `&t` turn may double the ways through a
/// bent move and each part multiplies them by its terms, so a short text could otherwise
/// stand for gigabytes of Betza; the shipped pieces expand to a few dozen legs.
pub const MAX_LEGS: usize = 4096;

/// The functions read, as the refusal of any other lists them.
pub(super) const SUPPORTED: &str = "m, c, j, nj, royal, promote";

/// Why a Ħasínū text does not read: where (the column of a one-line text) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {}: {kind}", span.column)]
pub struct HasinuError {
    /// Where in the Ħasínū text: line 1, a 1-based character column.
    pub span: Span,
    /// What is wrong.
    pub kind: HasinuErrorKind,
}

impl HasinuError {
    pub(super) fn new(column: usize, kind: HasinuErrorKind) -> Self {
        HasinuError {
            span: Span::column(column),
            kind,
        }
    }
}

/// What is wrong with a Ħasínū text, one variant per problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HasinuErrorKind {
    /// Nothing but spaces (and the footnote `*`).
    #[error("empty: expected a move such as n4dO or (2,1)")]
    Empty,
    /// Where a move should start, nothing.
    #[error("expected a move such as n4dO or (2,1)")]
    NoMove,
    /// A character that starts nothing here.
    #[error("'{0}' is not expected here")]
    Unexpected(char),
    /// A `)` closing nothing.
    #[error("')' has no '(' to close")]
    Unopened,
    /// A `(` closed by nothing.
    #[error("'(' is never closed")]
    Unclosed,
    /// `&` with nothing before it.
    #[error("'&' needs a move before it")]
    AndFirst,
    /// `&` with nothing after it.
    #[error("'&' needs a move after it")]
    AndLast,
    /// Two moves side by side, not both oblique.
    #[error("expected '&' between two moves")]
    AndMissing,
    /// A move side by side after an oblique one.
    #[error("expected '&' before this move ('&' may be left out only between two oblique moves)")]
    AndMissingAfterOblique,
    /// `&t` after a move that is not radial.
    #[error("a turn '&t' must follow a radial move such as 1×4dD")]
    TurnAfterNonRadial,
    /// `&t` followed by no radial move.
    #[error("a turn '&t' needs a radial move after it, such as n4dO")]
    TurnBeforeNonRadial,
    /// A turn's angle in a unit other than degrees.
    #[error("a turn of {written} {unit}: only degrees are read, as in &t45°")]
    AngleUnit {
        /// The number as written.
        written: String,
        /// The unit: `rad`, `grad` or `gon`.
        unit: String,
    },
    /// A turn's angle that is not a multiple of 45°.
    #[error(
        "a turn of {0}° is not supported: only multiples of 45° keep to the board's eight lines"
    )]
    Angle(String),
    /// A turn that leaves no direction to go on in.
    #[error(
        "this turn of {degrees}° leaves no move: no direction after it lies {degrees}° from one before it"
    )]
    DeadTurn {
        /// The turn's angle.
        degrees: u32,
    },
    /// A word that is neither a move nor a function.
    #[error(
        "'{0}' is not a move (write a radial move such as n4dO, an oblique such as (2,1), a function such as m(…), or \\ and Betza)"
    )]
    NotAMove(String),
    /// `royal()` or `promote()` inside a function.
    #[error("{0}() describes the piece, not a move: it cannot stand inside a function")]
    PieceFunctionInside(String),
    /// A function this reader does not read.
    #[error("function '{0}' is not supported (supported: {list})", list = SUPPORTED)]
    UnsupportedFunction(String),
    /// `//` text outside `promote()`.
    #[error("free text '//…' is read only as promote()'s condition")]
    FreeText,
    /// The `[f, g(move)]` group form.
    #[error(
        "the group form [f, g(move)] is not supported (supported functions: m, c, j, nj, royal, promote)"
    )]
    GroupForm,
    /// `×` with no distance before it.
    #[error("'×' needs a distance before it, as in 1×4dO")]
    TimesFirst,
    /// A distance with no `×` after it.
    #[error("expected '×' (or x) between the distance and the directions")]
    TimesMissing,
    /// No number of directions.
    #[error("expected the number of directions (1 to 8)")]
    NoCount,
    /// A number of directions outside 1 to 8.
    #[error("{0} directions: a radial move has 1 to 8")]
    Count(String),
    /// No `d` after the number of directions.
    #[error("expected 'd' after the number of directions")]
    NoD,
    /// Fewer than eight directions and no list.
    #[error("{0} directions need their list after 'd', as in 4dO")]
    NoList(u32),
    /// A list of neither the count nor the count left out.
    #[error(
        "{count} directions, but {shown} are listed: list {count}, or the {left} left out",
        left = 8 - count
    )]
    ListCount {
        /// The number of directions.
        count: u32,
        /// How many the list names.
        shown: u32,
    },
    /// A direction name that is none.
    #[error(
        "'{0}' is not a direction (N NE E SE S SW W NW, O for the four orthogonal, D for the four diagonal)"
    )]
    NotADirection(String),
    /// A direction listed twice.
    #[error("direction '{0}' repeats one already listed")]
    RepeatedDirection(String),
    /// `{}`.
    #[error("'{{}}' needs at least one distance")]
    EmptySet,
    /// A `{` closed by nothing.
    #[error("'{{' is never closed")]
    UnclosedSet,
    /// A distance listed twice in a set.
    #[error("distance {0} repeats one already listed")]
    RepeatedDistance(u32),
    /// Where a distance should be, none.
    #[error("expected a distance (a number, a {{…}} set, or n)")]
    NoDistance,
    /// Distance 0.
    #[error("distance 0: distances start at 1")]
    ZeroDistance,
    /// A number above the limit, [`crate::betza::MAX_REPEAT`].
    #[error("{0} is above the limit {limit}", limit = LIMIT)]
    AboveLimit(String),
    /// An oblique move not of two numbers.
    #[error("expected an oblique move (X,Y) of two numbers")]
    NotOblique,
    /// `(0,0)`.
    #[error("(0,0) is no move")]
    ZeroOblique,
    /// An oblique move on one of the eight lines.
    #[error(
        "({x},{y}) lies on one of the eight lines: write it as a radial move, such as {radial}",
        radial = radial_spelling(*x, *y)
    )]
    ObliqueOnLine {
        /// Its first number.
        x: u32,
        /// Its second number.
        y: u32,
    },
    /// A part letter past `h`.
    #[error("'{0}' is not a part of an oblique move (a to h)")]
    NotAPart(char),
    /// A part letter given twice.
    #[error("part '{0}' is given twice")]
    RepeatedPart(char),
    /// `m()` and the like with nothing inside.
    #[error("{0}() needs a move inside")]
    EmptyCall(&'static str),
    /// A function given more than its move.
    #[error("{0}() takes one argument, a move: its other arguments are not supported")]
    ExtraArguments(&'static str),
    /// A function inside the one it contradicts.
    #[error("{inner}() inside {outer}() contradicts it")]
    Contradiction {
        /// The inner function.
        inner: &'static str,
        /// The function around it.
        outer: &'static str,
    },
    /// `royal()` with something other than `A`, `O` or nothing.
    #[error("royal() takes A, O or nothing")]
    RoyalArgument,
    /// `royal()` twice.
    #[error("royal() is given twice")]
    RoyalTwice,
    /// `promote()` without a condition or a promotee.
    #[error(
        "promote() needs a condition and at least one promotee: promote(condition, promotee, …)"
    )]
    PromoteArguments,
    /// `promote()` twice.
    #[error("promote() is given twice")]
    PromoteTwice,
    /// Embedded Betza that does not read.
    #[error("embedded Betza: {0}")]
    EmbeddedBetza(BetzaError),
    /// Embedded Betza in the old tuple notation.
    #[error(
        "embedded Betza in the old tuple notation cannot join other moves: write it with letters"
    )]
    OldBetza,
    /// Embedded Betza with a mode against the function around it.
    #[error("the Betza '{term}' contradicts the {around}() around it")]
    BetzaContradiction {
        /// The term as written.
        term: String,
        /// The function around it: `m` or `c`.
        around: &'static str,
    },
    /// More than [`MAX_LENGTH`] characters (the column is the first one past it).
    #[error("the text is longer than the limit of {limit} characters", limit = MAX_LENGTH)]
    TooLong,
    /// A function nested deeper than [`MAX_NESTING`].
    #[error("functions nested more than {limit} deep", limit = MAX_NESTING)]
    TooDeep,
    /// A text that expands to more than [`MAX_LEGS`] legs.
    #[error(
        "this move expands to more than {limit} legs of Betza (each '&t' turn may double them): write fewer turns or distances",
        limit = MAX_LEGS
    )]
    TooLarge,
    /// Moves whose Betza is longer than Betza's own limit.
    #[error(
        "the moves written as Betza take {0} characters, above the limit {limit}",
        limit = betza::MAX_LENGTH
    )]
    BetzaTooLong(usize),
    /// Only `royal()` or `promote()`: nothing to play.
    #[error("no move: a piece needs at least one, as in royal() & 1×8d")]
    Moveless,
}

/// The radial move an oblique `(x,y)` on one of the eight lines stands for.
fn radial_spelling(x: u32, y: u32) -> String {
    if x == y {
        format!("j({x}×4dD)")
    } else {
        format!("j({}×4dO)", x.max(y))
    }
}
