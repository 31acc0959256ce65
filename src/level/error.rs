//! What can be wrong in a level file, and where: one [`LevelErrorKind`] variant per problem,
//! each carrying the values its message names, placed at its file, line and column in a
//! [`LevelError`]; [`LevelErrors`] holds every one a reading found, in the file's order.
//! The readers collect them with `Errors`, which turns a byte range of the text into a
//! line and column.

use crate::betza::BetzaError;
use crate::continuous::PositionError;
use crate::continuous::notation::NotationError;
use crate::continuous::shapes::ContinuousBetzaError;
use crate::failure::Failure;
use crate::grid::VariantError;
use crate::notation::hasinu::HasinuErrorKind;
use crate::notation::urc::{UrcError, UrcRefusal};
use crate::span::Span;
use std::fmt;
use std::ops::Range;
use std::path::PathBuf;
use toml::Spanned;

/// One problem in a level file, placed at its file, line and column.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{span}: {kind}")]
pub struct LevelError {
    /// The file as named by the user, a 1-based line and a 1-based column in characters.
    pub span: Span,
    /// What is wrong and what was expected.
    pub kind: LevelErrorKind,
}

/// Every problem found in a level file.
#[derive(Clone, Debug, thiserror::Error)]
pub struct LevelErrors(pub Vec<LevelError>);

impl fmt::Display for LevelErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // In the file's order, whatever order the checks found them in.
        let mut errors: Vec<&LevelError> = self.0.iter().collect();
        errors.sort_by_key(|e| (e.span.line, e.span.column));
        for (n, e) in errors.into_iter().enumerate() {
            if n > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl From<LevelErrors> for Failure {
    fn from(e: LevelErrors) -> Self {
        Failure::input(e.to_string())
    }
}

/// One problem in a level file.
#[derive(Clone, Debug, thiserror::Error)]
pub enum LevelErrorKind {
    /// The file cannot be read.
    #[error("cannot read the file: {0}")]
    Unreadable(#[source] crate::reading::Refusal),
    /// Bad TOML, or a value the reader refuses (the TOML reader's message).
    #[error("{0}")]
    Toml(String),

    /// A key the schema does not know.
    #[error("unknown key `{key}` {}: expected one of {}", place(table), known.join(", "))]
    UnknownKey {
        /// The key.
        key: String,
        /// The table it stands in, dotted (`""` for the top level).
        table: String,
        /// The keys this table takes in this level's mode.
        known: Vec<&'static str>,
    },
    /// A key of the other mode.
    #[error(
        "`{key}` belongs to {} levels; this one is {}{}{instead}",
        mode_word(*belongs),
        other_word(*belongs),
        if instead.is_empty() { "" } else { ": " }
    )]
    OtherModesKey {
        /// The key, dotted.
        key: String,
        /// The mode it belongs to: [`LevelMode::Grid`] or [`LevelMode::Continuous`].
        belongs: LevelMode,
        /// What this level's mode writes instead (empty: nothing).
        instead: &'static str,
    },
    /// A required key or table left out.
    #[error("{} needs {needed}: {doc}", whose(table))]
    Missing {
        /// The table that needs it, dotted (`""` for the top level).
        table: String,
        /// What it needs.
        needed: Needed,
        /// What the key is for, from the schema.
        doc: &'static str,
    },
    /// A piece with none of `betza`, `hasinu` and `urc`.
    #[error("[{table}] needs its moves: {ways}")]
    NoMoves {
        /// The piece's table, dotted.
        table: String,
        /// The keys that give them in this level's mode, in words.
        ways: String,
    },
    /// A piece with more than one of `betza`, `hasinu` and `urc`.
    #[error("[{table}] gives its moves {} ways ({}): keep one", given.len(), given.join(", "))]
    ManyMoves {
        /// The piece's table, dotted.
        table: String,
        /// The keys given.
        given: Vec<&'static str>,
    },
    /// A string that does not fit its pattern.
    #[error("`{key}` = \"{value}\": expected {expected}")]
    Pattern {
        /// The key, dotted.
        key: String,
        /// The string.
        value: String,
        /// What the pattern takes, in words.
        expected: &'static str,
    },
    /// A string that is none of its choices.
    #[error("`{key}` = \"{value}\": expected one of {}", Quoted(choices))]
    Choice {
        /// The key, dotted.
        key: String,
        /// The string.
        value: String,
        /// The choices.
        choices: Vec<&'static str>,
    },
    /// A key of a map that does not fit the map's pattern.
    #[error("key `{key}` in [{table}]: expected {expected}")]
    MapKey {
        /// The key.
        key: String,
        /// The map, dotted.
        table: String,
        /// What the pattern takes, in words.
        expected: &'static str,
    },
    /// A value of the wrong type.
    #[error("`{key}`: expected {expected}, found {found}")]
    WrongType {
        /// The key, dotted.
        key: String,
        /// The type expected, in words.
        expected: String,
        /// The TOML type found.
        found: &'static str,
    },

    /// A `mode` neither `continuous` nor `grid`.
    #[error("mode \"{0}\" is not supported: expected \"continuous\" or \"grid\"")]
    Mode(String),
    /// A grid rule in a continuous level.
    #[error("rules.{0} belongs to grid levels; this one is continuous")]
    GridRuleInContinuous(&'static str),
    /// `[continuous]` in a grid level.
    #[error("[continuous] belongs to continuous levels; this one is grid")]
    ContinuousInGrid,
    /// `files` or `ranks` outside 1 to 26.
    #[error("{what} = {value}: expected a whole number from 1 to 26")]
    BoardSize {
        /// `files` or `ranks`.
        what: &'static str,
        /// The number written.
        value: i64,
    },
    /// A continuous length that is not positive (or absurdly large).
    #[error("{what} = {value}: expected a positive length, at most 1e6 (in units of R)")]
    Length {
        /// The key.
        what: &'static str,
        /// The number written.
        value: f64,
    },
    /// A piece's disc radius outside the range a level may give.
    #[error(
        "radius = {value}: expected {least} to {most} (in units of R, the default disc's radius)"
    )]
    Radius {
        /// The number written.
        value: f64,
        /// The smallest radius.
        least: f64,
        /// The largest.
        most: f64,
    },
    /// A continuous length longer than the board or the rules let it be.
    #[error("{what} = {value}: expected at most {most} ({why})")]
    LengthAbove {
        /// The key.
        what: &'static str,
        /// The number written.
        value: f64,
        /// The longest it may be on this board.
        most: f64,
        /// Why, in words.
        why: &'static str,
    },
    /// A round board whose files and ranks differ.
    #[error(
        "shape = \"round\": a round board is the disc inside a square board, and this one is {files} by {ranks}: expected files = ranks"
    )]
    RoundNotSquare {
        /// Files.
        files: u32,
        /// Ranks.
        ranks: u32,
    },
    /// A wall or hole that does not say one shape, or says it badly.
    #[error("{what}: {why}")]
    Obstacle {
        /// Which (`walls[2]`, `holes[0].radius`).
        what: String,
        /// What is wrong, with what was expected.
        why: &'static str,
    },
    /// A jump or the castling king's travel shorter than `min_move`: every such move would
    /// be void.
    #[error(
        "{what} is {length}, shorter than min_move = {min_move}, and a shorter move is void: expected min_move at most {length}"
    )]
    ShorterThanMinMove {
        /// What moves that far.
        what: String,
        /// How far it moves.
        length: f64,
        /// The shortest move.
        min_move: f64,
    },
    /// A `betza` the continuous board cannot play.
    #[error("betza \"{text}\": {error}")]
    ContinuousBetza {
        /// The Betza as written.
        text: String,
        /// Why it cannot be played (its column is the span's).
        error: ContinuousBetzaError,
    },
    /// A promotion to a royal piece (a side has exactly one).
    #[error("promotion to \"{0}\": that piece is royal, and a side has exactly one")]
    PromotionToRoyal(String),
    /// `[continuous] promotion` in a level that declares its own pawn.
    #[error(
        "promotion: this is the classic pawn's list, and [pieces.P] declares another pawn: give it `promotion = {{ to = [...] }}`"
    )]
    PawnPromotionDeclared,
    /// An empty continuous promotion list.
    #[error("promotion: the list needs at least one piece")]
    NoContinuousPromotion,
    /// A continuous setup that gives no position.
    #[error("setup: {0}")]
    ContinuousSetup(SetupError),

    /// A grid level without `[pieces]`.
    #[error("a grid level needs [pieces]: at least one piece type")]
    NoPieces,
    /// A piece key that is not one upper-case letter.
    #[error("piece key \"{0}\": expected one upper-case letter A–Z (White's FEN letter)")]
    PieceKey(String),
    /// A `betza` that does not read.
    #[error("betza \"{text}\": {error}")]
    Betza {
        /// The Betza as written.
        text: String,
        /// Why it does not read.
        error: BetzaError,
    },
    /// A `hasinu` that does not read.
    #[error("hasinu \"{text}\": {error}")]
    Hasinu {
        /// The Ħasínū as written.
        text: String,
        /// Why it does not read (its column is the span's).
        error: HasinuErrorKind,
    },
    /// A bug: the Betza a Ħasínū text became does not read.
    #[error("hasinu \"{text}\": its Betza \"{betza}\" does not read (a bug: please report it)")]
    HasinuBetza {
        /// The Ħasínū as written.
        text: String,
        /// The Betza it became.
        betza: String,
    },
    /// A `urc` that names or embeds no definition.
    #[error("{0}")]
    UrcReference(UrcReferenceError),
    /// A URC definition that cannot be played.
    #[error("urc: {0}")]
    Urc(UrcRefusal),
    /// A bug: the Betza a URC definition became does not read.
    #[error("urc: its Betza \"{0}\" does not read (a bug: please report it)")]
    UrcBetza(String),
    /// A URC promotion rank off the board.
    #[error("urc promotion rank {rank}: the board has {ranks} ranks")]
    UrcPromotionRank {
        /// The rank written.
        rank: i64,
        /// The board's ranks.
        ranks: u8,
    },
    /// An `image` file that is not beside the level.
    #[error("image \"{0}\": no such file beside the level")]
    NoImageFile(String),
    /// An `image` file a level may not name: absolute, or outside the level's folder.
    #[error("image \"{image}\": {refusal}")]
    ImageRefused {
        /// The value as written.
        image: String,
        /// Why it is refused.
        refusal: crate::reading::Refusal,
    },
    /// An `image` name no shipped picture has.
    #[error("image \"{0}\": no shipped picture has that name (see assets/pieces)")]
    NoShippedImage(String),
    /// A promotion to a letter no piece has.
    #[error("promotion to \"{0}\": no piece of this level has that letter")]
    PromotionTarget(String),
    /// An empty promotion `to`.
    #[error("promotion: `to` needs at least one piece letter")]
    NoPromotionTarget,
    /// A promotion zone outside the board's ranks.
    #[error("promotion zone {0}: expected 1 to the board's ranks")]
    PromotionZone(i64),
    /// A piece `value` outside 0 to [`MAX_VALUE`](crate::grid::values::MAX_VALUE).
    #[error("value {0}: expected a whole number of centipawns from 0 to {max}", max = crate::grid::values::MAX_VALUE)]
    PieceValue(i64),
    /// A rule that only means something with another rule the level leaves off.
    #[error("rules.{key} needs rules.{needs} = true")]
    RuleNeeds {
        /// The rule given.
        key: &'static str,
        /// The rule it needs.
        needs: &'static str,
    },
    /// A Fairy-Stockfish variant name the level gives twice.
    #[error("fairy_stockfish: '{0}' is named twice")]
    VariantNamedTwice(String),
    /// An `[evaluation]` weight out of range.
    #[error("evaluation.{name} = {value}: expected a whole number from 0 to {max}", max = crate::grid::values::MAX_WEIGHT)]
    WeightValue {
        /// The weight's name.
        name: String,
        /// What the level gives.
        value: i64,
    },
    /// A piece's `squares` table of the wrong shape or with a number out of range.
    #[error(
        "squares.{table}: expected {ranks} rows (the last rank first) of {files} whole numbers of centipawns each, from -{max} to {max}",
        max = crate::grid::values::MAX_VALUE
    )]
    SquaresShape {
        /// `middle` or `end`.
        table: &'static str,
        /// The board's files.
        files: u8,
        /// The board's ranks.
        ranks: u8,
    },
    /// A Ħasínū or URC promotion none of whose choices this level has.
    #[error("{what}: none of {} is a letter or a name of this level's pieces", promotees.join(", "))]
    BorrowedPromotion {
        /// `hasinu promote()` or `urc promotion`.
        what: &'static str,
        /// The choices as written.
        promotees: Vec<String>,
    },
    /// Two pieces with one label.
    #[error("label \"{label}\": piece '{other}' has it too")]
    LabelClash {
        /// The label.
        label: String,
        /// The other piece's letter.
        other: char,
    },
    /// A castling king or rook letter no piece has.
    #[error("castling {what} \"{letter}\": no piece of this level has that letter")]
    CastlingLetter {
        /// `king` or `rook`.
        what: &'static str,
        /// The letter written (or the default).
        letter: String,
    },
    /// Castling king steps off the board.
    #[error("castling king_steps {0}: expected 1 to the board's files less one")]
    KingSteps(i64),
    /// A castling landing file that is not one of the board's, or one wing's without the
    /// other's.
    #[error(
        "castling kingside/queenside \"{0}\": expected a file of the board (a letter), for both wings"
    )]
    CastlingFile(String),
    /// A URC king that castles, and no rook to castle with.
    #[error(
        "urc castling: this level has no rook (letter R or a piece named Rook) to castle with; add [rules] castling"
    )]
    UrcCastlingWithoutRook,
    /// A `stalemate` rule that is none of the four.
    #[error("stalemate \"{0}\": expected \"draw\", \"loss\", \"win\" or \"fewer-pieces-win\"")]
    Stalemate(String),
    /// An n-check count out of range.
    #[error("checks {0}: expected 1 to 99 checks")]
    Checks(i64),
    /// A word that is not one of a rule's choices.
    #[error("{key} \"{word}\": expected {expected}")]
    RuleWord {
        /// The rule.
        key: &'static str,
        /// What the level gives.
        word: String,
        /// The choices, in words.
        expected: &'static str,
    },
    /// A goal naming a piece letter the level does not have.
    #[error("{key} \"{letter}\": expected the letter of a piece of this level")]
    GoalPiece {
        /// The rule.
        key: &'static str,
        /// What the level gives.
        letter: String,
    },
    /// A region's entry (the flag's, `double_step`, `en_passant`) that is not a square of
    /// the board nor a rectangle of two.
    #[error("region \"{0}\": expected a square of the board (d4) or two corners (a8-h8)")]
    FlagSquare(String),
    /// An extinction count out of range.
    #[error("extinction left {0}: expected 0 to 99 pieces")]
    ExtinctionLeft(i64),
    /// A rule about checks on a level with no royal piece to check.
    #[error("rules.{0} needs a royal piece (royal = true) to check")]
    GoalNeedsRoyal(&'static str),
    /// Walls on a level with a royal piece.
    #[error("rules.walls: a level with walls has no royal piece (royal = true on '{0}')")]
    WallsWithRoyal(char),
    /// A piece kept to a region (`region`) or moving otherwise somewhere (`across`) whose
    /// moves are not all single leaps and slides of one leg.
    #[error("{key} of '{letter}': only pieces whose moves are one leg each may have it ({why})")]
    PieceRegionMoves {
        /// `region` or `across`.
        key: &'static str,
        /// The piece.
        letter: char,
        /// What is wrong.
        why: &'static str,
    },
    /// A flag with no region for either side.
    #[error("flag: give a region for white, black or both")]
    FlagWithoutRegion,
    /// A repetition count that is neither 0 nor 2 to 20.
    #[error("repetition {0}: expected 0 (no draw by repetition) or 2 to 20 occurrences")]
    Repetition(i64),
    /// A move rule out of range.
    #[error("move_rule {0}: expected 0 (no draw by the move count) or 1 to 1000 moves")]
    MoveRule(i64),
    /// A `royal` rule that is neither.
    #[error("royal \"{0}\": expected \"checkmate\" or \"capture\"")]
    RoyalRule(String),
    /// A `counting` rule that is neither.
    #[error("counting \"{0}\": expected \"makruk\", \"cambodian\" or \"asean\"")]
    Counting(String),
    /// A `promoted_from` that names no other type of the level.
    #[error("promoted_from \"{0}\": expected the letter of another piece of this level")]
    PromotedFrom(String),
    /// A `promoted_from` naming a type that is itself a promoted form (a chain, or a
    /// circle such as A from B and B from A).
    #[error(
        "promoted_from \"{0}\": that piece is itself a promoted form; expected the letter of an unpromoted piece"
    )]
    PromotedFromPromoted(String),
    /// A second promoted form of one type.
    #[error(
        "promoted_from \"{0}\": another piece is already its promoted form; expected one promoted form a type"
    )]
    PromotedTwice(String),
    /// A `shuffle` rule other than chess960.
    #[error("shuffle \"{0}\": expected \"chess960\"")]
    Shuffle(String),
    /// The pieces and rules do not make a variant.
    #[error("{0}")]
    Variant(VariantError),
    /// A grid setup that is not a FEN of the level.
    #[error("setup: {0}")]
    GridSetup(crate::grid::FenError),
}

/// What a table needs that is missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needed {
    /// A key.
    Key(&'static str),
    /// A table (or a map).
    Table(&'static str),
}

impl fmt::Display for Needed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Needed::Key(key) => write!(f, "`{key}`"),
            Needed::Table(key) => write!(f, "a [{key}] table"),
        }
    }
}

/// A table as a message names it: `[TABLE]` after `before` (`in [pieces.N]`), or `top` for
/// the top level (whose path is empty).
struct TableName<'a> {
    path: &'a str,
    before: &'static str,
    top: &'static str,
}

impl fmt::Display for TableName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(self.top)
        } else {
            write!(f, "{}[{}]", self.before, self.path)
        }
    }
}

/// `at the top level` or `in [TABLE]`.
fn place(path: &str) -> TableName<'_> {
    TableName {
        path,
        before: "in ",
        top: "at the top level",
    }
}

/// `the level` or `[TABLE]`.
fn whose(path: &str) -> TableName<'_> {
    TableName {
        path,
        before: "",
        top: "the level",
    }
}

/// `"a", "b", "c"`.
struct Quoted<'a>(&'a [&'a str]);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, c) in self.0.iter().enumerate() {
            if n > 0 {
                f.write_str(", ")?;
            }
            write!(f, "\"{c}\"")?;
        }
        Ok(())
    }
}

/// The word of a level's mode.
fn mode_word(mode: LevelMode) -> &'static str {
    match mode {
        LevelMode::Grid => "grid",
        _ => "continuous",
    }
}

/// The word of the other mode.
fn other_word(mode: LevelMode) -> &'static str {
    match mode {
        LevelMode::Grid => "continuous",
        _ => "grid",
    }
}

/// The mode a key belongs to, when it belongs to one (`x-mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelMode {
    /// Grid levels only.
    Grid,
    /// Continuous levels only.
    Continuous,
}

impl LevelMode {
    /// The mode a level's `mode` (or a key's `x-mode`) names.
    pub(super) fn named(word: &str) -> Option<LevelMode> {
        match word {
            "grid" => Some(LevelMode::Grid),
            "continuous" => Some(LevelMode::Continuous),
            _ => None,
        }
    }

    /// Its word, as `mode` writes it.
    pub(super) fn word(self) -> &'static str {
        match self {
            LevelMode::Grid => "grid",
            LevelMode::Continuous => "continuous",
        }
    }
}

/// Why a piece's `urc` gives no definition.
#[derive(Clone, Debug, thiserror::Error)]
pub enum UrcReferenceError {
    /// A string without `#`.
    #[error("urc \"{reference}\": expected \"FILE.yaml#id\", a piece of a URC file")]
    NoId {
        /// The string as written.
        reference: String,
    },
    /// The file cannot be read, or is not one a level may name (see [`crate::reading`]).
    #[error("urc \"{reference}\": cannot read {}: {error}", path.display())]
    Read {
        /// The string as written.
        reference: String,
        /// The file, beside the level (as named when it is refused unread).
        path: PathBuf,
        /// Why it cannot be read.
        error: crate::reading::Refusal,
    },
    /// A saved game's copy of a level, whose file at the saved path holds other text (or
    /// none): the files it names are not looked for.
    #[error(
        "urc \"{reference}\": not read: the saved level's file differs from its copy, so the files it names are not looked for"
    )]
    NotFollowed {
        /// The string as written.
        reference: String,
    },
    /// The file does not read as URC.
    #[error("urc \"{reference}\": {}:{error}", path.display())]
    File {
        /// The string as written.
        reference: String,
        /// The file, beside the level.
        path: PathBuf,
        /// What is wrong in it (boxed: a URC error is large, and the other variants small).
        error: Box<UrcError>,
    },
    /// The file has no piece of that id.
    #[error(
        "urc \"{reference}\": {} has no piece \"{id}\" (it has {})",
        path.display(),
        known.join(", ")
    )]
    NoPiece {
        /// The string as written.
        reference: String,
        /// The file, beside the level.
        path: PathBuf,
        /// The id asked for.
        id: String,
        /// The ids it has, in its order.
        known: Vec<String>,
    },
    /// An embedded table that is not a definition (the TOML reader's message).
    #[error("urc table: {0}")]
    Table(String),
    /// Neither a string nor a table.
    #[error("urc: expected \"FILE.yaml#id\" or a table, found {0}")]
    NotAReference(&'static str),
}

/// Why a continuous level's setup gives no start position: its text, or its pieces.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SetupError {
    /// The setup does not read as a POS or a FEN.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A POS setup reads, but its pieces, all unmoved, make no legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The problems a reading finds, each placed in the level's text as it is found.
pub(super) struct Errors<'a> {
    /// The file as named by the user.
    pub(super) file: &'a str,
    /// Whether the files the level names (`urc`, `image`) are looked for beside `file`.
    pub(super) follows: bool,
    /// The level's text.
    pub(super) text: &'a str,
    /// What was found so far.
    pub(super) found: Vec<LevelError>,
    /// Where the text's lines start, to place each error without reading the text again.
    pub(super) lines: LineStarts,
}

impl Errors<'_> {
    /// An error at the byte range `span` of the text.
    pub(super) fn at(&mut self, span: Range<usize>, kind: LevelErrorKind) {
        let (line, column) = self.lines.place(self.text, span.start);
        self.found.push(LevelError {
            span: Span::at(line, column).in_file(self.file),
            kind,
        });
    }

    /// An error placed at character `column` (1-based) inside a quoted string of the file.
    pub(super) fn in_string(
        &mut self,
        string: &Spanned<String>,
        column: usize,
        kind: LevelErrorKind,
    ) {
        let at = string.span().start + 1 + byte_offset(string.get_ref(), column);
        self.at(at..at, kind);
    }
}

/// The byte offset of 1-based character column `column` in `text`.
fn byte_offset(text: &str, column: usize) -> usize {
    text.char_indices()
        .nth(column.saturating_sub(1))
        .map_or(text.len(), |(i, _)| i)
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    LineStarts::new(text).place(text, offset)
}

/// Where each line of a text starts and whether it is plain ASCII: built in one pass, it
/// places any number of byte offsets at their line and column without reading the text
/// again (a file of a hundred thousand problems is placed in linear time).
pub(super) struct LineStarts {
    /// The byte offset of each line's first byte, the first line's being 0.
    starts: Vec<usize>,
    /// Whether each line is ASCII, so that a column is a byte count.
    ascii: Vec<bool>,
}

impl LineStarts {
    /// The index of `text`'s lines.
    pub(super) fn new(text: &str) -> Self {
        let mut starts = vec![0];
        let mut ascii = vec![true];
        for (at, byte) in text.bytes().enumerate() {
            if byte == b'\n' {
                starts.push(at + 1);
                ascii.push(true);
            } else if !byte.is_ascii() {
                *ascii.last_mut().expect("one line at least") = false;
            }
        }
        LineStarts { starts, ascii }
    }

    /// 1-based line and column (in characters) of byte `offset` of `text`, the text
    /// this index was built from.
    pub(super) fn place(&self, text: &str, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&start| start <= offset);
        let start = self.starts[line - 1];
        let column = if self.ascii[line - 1] {
            offset - start
        } else {
            text[start..offset].chars().count()
        };
        (line, column + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_column_counts_characters() {
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("é\nx", 3), (2, 1));
        assert_eq!(
            line_column("aé\nx", 2),
            (1, 2),
            "inside a character: its start"
        );
        assert_eq!(line_column("ab\n", 3), (2, 1));
        assert_eq!(line_column("ab", 0), (1, 1));
        assert_eq!(line_column("ab", 99), (1, 3), "past the end: the end");
        let text = "one\nzwei é\n\ndrei";
        let lines = LineStarts::new(text);
        for offset in 0..=text.len() + 1 {
            let mut at = offset.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let before = &text[..at];
            let expected = (
                before.matches('\n').count() + 1,
                before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
            );
            assert_eq!(lines.place(text, offset), expected, "offset {offset}");
        }
    }

    #[test]
    fn each_problem_keeps_its_words() {
        let cases = [
            (
                LevelErrorKind::UnknownKey {
                    key: "colour".into(),
                    table: String::new(),
                    known: vec!["name", "mode"],
                },
                "unknown key `colour` at the top level: expected one of name, mode",
            ),
            (
                LevelErrorKind::OtherModesKey {
                    key: "rules.royal".into(),
                    belongs: LevelMode::Grid,
                    instead: "",
                },
                "`rules.royal` belongs to grid levels; this one is continuous",
            ),
            (
                LevelErrorKind::OtherModesKey {
                    key: "rules.castling.king_steps".into(),
                    belongs: LevelMode::Grid,
                    instead: "a continuous king travels `[continuous] castling_king_travel`",
                },
                "`rules.castling.king_steps` belongs to grid levels; this one is continuous: a continuous king travels `[continuous] castling_king_travel`",
            ),
            (
                LevelErrorKind::Missing {
                    table: "board".into(),
                    needed: Needed::Key("files"),
                    doc: "Columns.",
                },
                "[board] needs `files`: Columns.",
            ),
            (
                LevelErrorKind::Missing {
                    table: String::new(),
                    needed: Needed::Table("board"),
                    doc: "Its size.",
                },
                "the level needs a [board] table: Its size.",
            ),
            (
                LevelErrorKind::UnknownKey {
                    key: "kings".into(),
                    table: "rules".into(),
                    known: vec!["setup"],
                },
                "unknown key `kings` in [rules]: expected one of setup",
            ),
            (
                LevelErrorKind::Choice {
                    key: "rules.stalemate".into(),
                    value: "tie".into(),
                    choices: vec!["draw", "loss", "win"],
                },
                "`rules.stalemate` = \"tie\": expected one of \"draw\", \"loss\", \"win\"",
            ),
            (
                LevelErrorKind::ManyMoves {
                    table: "pieces.N".into(),
                    given: vec!["betza", "urc"],
                },
                "[pieces.N] gives its moves 2 ways (betza, urc): keep one",
            ),
            (
                LevelErrorKind::Length {
                    what: "square",
                    value: -1.5,
                },
                "square = -1.5: expected a positive length, at most 1e6 (in units of R)",
            ),
            (
                LevelErrorKind::LabelClash {
                    label: "AB".into(),
                    other: 'C',
                },
                "label \"AB\": piece 'C' has it too",
            ),
        ];
        for (kind, text) in cases {
            assert_eq!(kind.to_string(), text);
        }
    }
}
