//! Level files (`levels/*.toml`): reading a level, with every error placed at its file, line
//! and column.
//!
//! Reading goes in three steps, each reporting every problem it finds:
//! 1. TOML syntax;
//! 2. the shape of the file against [`schema`] (every key, its type, required keys, the
//!    keys of the other mode), where entries that do not fit are dropped;
//! 3. the meaning: lengths in range, Betza strings, FEN against the board and the pieces,
//!    promotion and castling letters that exist (in `continuous` and `grid`).
//!
//! The keys are described once, on the serde structs below (`LevelFile` and the tables in
//! it) and in `grid`: [`schema`] derives the JSON Schema from them, checks a level's shape
//! with it, and writes it as `levels/schema.json` and as the README's reference table.

mod continuous;
pub mod draft;
mod error;
pub mod fsf;
mod grid;
pub mod hasinu;
pub mod pgn;
pub mod pictures;
pub mod save;
pub mod schema;
pub mod urc;

pub use error::{LevelErrorKind, Needed};
use grid::{CastlingSection, PieceSection};
pub use grid::{GridLevel, UrcReferenceError};

use crate::continuous::notation::{NotationError, parse_position};
use crate::continuous::{Board, Kind, Piece, Position, PositionError};
use crate::span::Span;
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toml::Spanned;

/// A level, read and checked.
#[derive(Clone, Debug)]
pub struct Level {
    /// Title.
    pub name: String,
    /// One paragraph for the level picker.
    pub description: String,
    /// The rules world and its data.
    pub kind: LevelKind,
}

/// What a level plays.
#[derive(Clone, Debug)]
pub enum LevelKind {
    /// Area-of-competence chess.
    Continuous(ContinuousLevel),
    /// Chess on a square grid with Betza pieces.
    Grid(Box<GridLevel>),
}

impl Level {
    /// Whether it is a continuous level.
    pub fn is_continuous(&self) -> bool {
        matches!(self.kind, LevelKind::Continuous(_))
    }

    /// The continuous level, or why this one is not.
    pub fn into_continuous(self) -> Result<ContinuousLevel, ModeError> {
        match self.kind {
            LevelKind::Continuous(c) => Ok(c),
            LevelKind::Grid(_) => Err(ModeError::NotContinuous { name: self.name }),
        }
    }

    /// The grid level, or why this one is not.
    pub fn into_grid(self) -> Result<GridLevel, ModeError> {
        match self.kind {
            LevelKind::Grid(g) => Ok(*g),
            LevelKind::Continuous(_) => Err(ModeError::NotGrid { name: self.name }),
        }
    }
}

/// A level of one mode asked for as the other.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModeError {
    /// A grid level, asked for as a continuous one.
    #[error("\"{name}\" is a grid level, not a continuous one")]
    NotContinuous {
        /// The level's name.
        name: String,
    },
    /// A continuous level, asked for as a grid one.
    #[error("\"{name}\" is a continuous level, not a grid one")]
    NotGrid {
        /// The level's name.
        name: String,
    },
}

/// A continuous level: its board, its start position and how its own pieces look.
#[derive(Clone, Debug, PartialEq)]
pub struct ContinuousLevel {
    /// The board, its rule lengths and its kinds of piece.
    pub board: Arc<Board>,
    /// The start position.
    pub start: Position,
    /// The picture and label of each kind the level declares (`[pieces.X]`).
    pub looks: Vec<Look>,
}

/// How a continuous kind is shown: its picture, if the level names one, and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    /// The kind.
    pub kind: Kind,
    /// Its `image`: a shipped picture's name or an SVG file relative to the level.
    pub image: Option<String>,
    /// Its label (by default its letter), written on a picture that says nothing else.
    pub label: String,
}

impl ContinuousLevel {
    /// How `kind` is shown: as the level declares it, else by its letter alone.
    pub fn look(&self, kind: Kind) -> Look {
        self.looks
            .iter()
            .find(|l| l.kind == kind)
            .cloned()
            .unwrap_or_else(|| Look {
                kind,
                image: None,
                label: kind.letter().to_string(),
            })
    }

    /// The setup's pieces, which decide which pieces of a POS count as unmoved.
    pub fn setup(&self) -> &[Piece] {
        self.start.pieces()
    }

    /// Reads a POS on this level's board.
    pub fn parse_position(
        &self,
        text: &str,
    ) -> Result<Position, crate::continuous::notation::NotationError> {
        parse_position(self.board.clone(), self.setup(), text)
    }
}

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

// What each key means is its doc comment: the schema's description, the README's meaning and
// the message for a missing key. The `x-` extension keys are explained in `schema`.

/// A level file of areachess: a continuous (area of competence) or grid (Betza) chess variant.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "areachess level")]
struct LevelFile {
    /// The level's title.
    #[schemars(with = "String")]
    name: Spanned<String>,
    /// Which rules: area-of-competence chess or a square grid.
    #[schemars(with = "String", extend("enum" = ["continuous", "grid"]))]
    mode: Spanned<String>,
    /// One paragraph for the level picker.
    #[serde(default)]
    description: String,
    /// The board's size.
    board: BoardSection,
    /// Rule lengths of continuous mode, in units of R; every key optional.
    #[schemars(with = "Option<ContinuousSection>", extend("x-mode" = "continuous"))]
    continuous: Option<Spanned<ContinuousSection>>,
    /// The piece types: [pieces.X] where X is White's FEN letter (Black's is the lower case).
    /// A continuous level keeps the classic K Q R B N P for the letters it does not declare.
    #[schemars(
        with = "Option<BTreeMap<String, PieceSection>>",
        extend(
            "propertyNames" = {
                "pattern": "^[A-Z]$",
                "x-expected": "one upper-case letter A–Z (White's FEN letter)"
            },
            "minProperties" = 1,
            "x-required-in" = "grid"
        )
    )]
    pieces: Option<Spanned<BTreeMap<Spanned<String>, PieceSection>>>,
    /// The computer opponent's evaluation weights for this level, by name, in place of the
    /// engine's own (docs/engine.md lists them; `areachess tune` fits them and prints this
    /// table); the weights it leaves out stay the engine's.
    #[schemars(with = "Option<schema::EvaluationWeights>", extend("x-mode" = "grid"))]
    evaluation: Option<Spanned<BTreeMap<String, Spanned<i64>>>>,
    /// The setup and rules.
    rules: RulesSection,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct BoardSection {
    /// Files (columns), 1 to 26.
    #[schemars(with = "i64", range(min = 1, max = 26))]
    files: Spanned<i64>,
    /// Ranks (rows), 1 to 26.
    #[schemars(with = "i64", range(min = 1, max = 26))]
    ranks: Spanned<i64>,
}

#[derive(Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ContinuousSection {
    /// Side of a nominal square, in units of R (the disc radius).
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "2√2"))]
    square: Option<Spanned<f64>>,
    /// How far the king slides.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "default" = 4))]
    king_reach: Option<Spanned<f64>>,
    /// The radius of the knight's landing ring.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "√40"))]
    knight_distance: Option<Spanned<f64>>,
    /// The longest pawn slide of a moved pawn.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "1 square"))]
    pawn_step: Option<Spanned<f64>>,
    /// The longest pawn slide of an unmoved pawn.
    #[schemars(
        with = "Option<f64>",
        extend("exclusiveMinimum" = 0, "x-default" = "2 squares")
    )]
    pawn_first_step: Option<Spanned<f64>>,
    /// Forward and sideways reach of the pawn's capture capsules.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "1 square"))]
    pawn_capture: Option<Spanned<f64>>,
    /// The shortest legal move.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "default" = 1))]
    min_move: Option<Spanned<f64>>,
    /// Distance of the promotion line from the far edge.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "default" = 1))]
    promotion_line: Option<Spanned<f64>>,
    /// The classic pawn's promotion choices: letters of pieces of the level that are not royal
    /// (Q R B N or its own); the first is the default.
    #[schemars(
        with = "Option<Vec<schema::PieceLetter>>",
        length(min = 1),
        extend("default" = ["Q", "R", "B", "N"])
    )]
    promotion: Option<Spanned<Vec<Spanned<String>>>>,
    /// How far the king travels when castling.
    #[schemars(
        with = "Option<f64>",
        extend("exclusiveMinimum" = 0, "x-default" = "2 squares")
    )]
    castling_king_travel: Option<Spanned<f64>>,
    /// Where the rook lands past the king's landing.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "1 square"))]
    castling_rook_offset: Option<Spanned<f64>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RulesSection {
    /// The start position: a FEN (grid, or continuous with pieces on square centres) or a
    /// continuous POS.
    #[schemars(with = "String")]
    setup: Spanned<String>,
    /// Which pieces castle. Grid: the king steps toward an unmoved rook, which lands on the
    /// square the king crossed last; a grid level castles only if it says so. Continuous: the
    /// king slides toward an unmoved rook, which lands beside it (docs/continuous-rules.md); K
    /// with R unless it says otherwise.
    #[schemars(with = "Option<CastlingSection>")]
    castling: Option<Spanned<CastlingSection>>,
    /// What stalemate means for the stalemated side.
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["draw", "loss", "win"], "default" = "draw", "x-mode" = "grid")
    )]
    stalemate: Option<Spanned<String>>,
    /// Checkmate, or royal pieces may be left attacked and captured.
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["checkmate", "capture"], "default" = "checkmate", "x-mode" = "grid")
    )]
    royal: Option<Spanned<String>>,
    /// The occurrence of one position (same side to move and rights) that draws: 0 for never,
    /// else 2 to 20.
    #[schemars(
        with = "Option<i64>",
        range(min = 0, max = 20),
        extend("default" = 3, "x-mode" = "grid")
    )]
    repetition: Option<Spanned<i64>>,
    /// So many moves by each side without a capture or a move of a piece that promotes draw;
    /// 0 for never.
    #[schemars(
        with = "Option<i64>",
        range(min = 0, max = 1000),
        extend("default" = 50, "x-mode" = "grid")
    )]
    move_rule: Option<Spanned<i64>>,
    /// Whether a position where neither side can give mate is drawn (as Fairy-Stockfish judges
    /// it).
    #[schemars(with = "Option<bool>", extend("default" = true, "x-mode" = "grid"))]
    insufficient_material: Option<Spanned<bool>>,
    /// The bare-king rule of shatranj and courier: a side left with nothing but one piece (its
    /// bare king) loses, unless with its next move it bares the other side's king as well.
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    bare_king: Option<Spanned<bool>>,
    /// Makruk's or Cambodian counting, as Fairy-Stockfish has them: once no pawn is left and
    /// one side is nearly bare, the other must mate within a number of moves or the game is
    /// drawn. It counts the types lettered R (rook), S (khon) and N (knight).
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["makruk", "cambodian"], "x-mode" = "grid")
    )]
    counting: Option<Spanned<String>>,
    /// Drops, as in crazyhouse: a piece taken goes to the taker's hand (a promoted one as
    /// the type it was), and a move may put a piece from the hand on an empty square (a type
    /// that promotes not on its first rank nor in its promotion zone).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    drops: Option<Spanned<bool>>,
    /// Shogi's drop rules, with `drops`: a piece may be dropped wherever it could still move
    /// (its promotion zone too), not a pawn (the type lettered P) on a file where its side
    /// has an unpromoted pawn, and a pawn dropped to give mate loses the game.
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    shogi_drops: Option<Spanned<bool>>,
    /// Whether a repetition reached by one side giving check in every one of its moves
    /// since the first of the repeated positions loses for that side instead of drawing
    /// (shogi's perpetual check).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    perpetual_check_loses: Option<Spanned<bool>>,
    /// Each new game draws its setup: "chess960" rearranges the setup's first rank as
    /// Chess960 does (colour-bound pairs on both colours, the castling king between its
    /// rooks) and gives Black the mirror image. `setup` stays the level's own position
    /// (the orthodox one, for chess960), the one FENs and `startpos` mean.
    #[schemars(with = "Option<String>", extend("enum" = ["chess960"], "x-mode" = "grid"))]
    shuffle: Option<Spanned<String>>,
}

/// A file of the project (`levels/chess.toml`) under the working directory or, failing
/// that, in the source tree the program was built from.
pub fn project_file(relative: &str) -> PathBuf {
    let here = PathBuf::from(relative);
    if here.exists() {
        here
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
    }
}

/// The shipped level a PGN's `Variant` names (`capablanca`: `levels/capablanca.toml`).
pub fn for_variant(name: &str) -> PathBuf {
    project_file(&format!("levels/{name}.toml"))
}

/// Reads a level shipped in the source tree, `levels/NAME` beside `Cargo.toml` (for
/// tests, benchmarks and examples run from the tree).
pub fn shipped(name: &str) -> Result<Level, LevelErrors> {
    load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("levels")
            .join(name),
    )
}

/// A grid level shipped in the source tree, `levels/NAME.toml`, for tests: it must load
/// and be a grid level.
#[cfg(test)]
pub(crate) fn shipped_grid(name: &str) -> GridLevel {
    shipped(&format!("{name}.toml"))
        .expect("the level loads")
        .into_grid()
        .expect("a grid level")
}

/// Reads the level file at `path`.
pub fn load(path: &Path) -> Result<Level, LevelErrors> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        LevelErrors(vec![LevelError {
            span: Span::at(1, 1).in_file(name.as_str()),
            kind: LevelErrorKind::Unreadable(Arc::new(e)),
        }])
    })?;
    parse(&name, &text)
}

/// Reads level text; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Level, LevelErrors> {
    let mut errors = Errors {
        file,
        text,
        found: Vec::new(),
    };
    let (mut doc, syntax) = toml::de::DeTable::parse_recoverable(text);
    for e in &syntax {
        errors.at(
            e.span().unwrap_or(0..0),
            LevelErrorKind::Toml(e.message().trim().to_string()),
        );
    }
    if !syntax.is_empty() {
        return Err(LevelErrors(errors.found));
    }
    // Every key, type and missing key first; the entries that do not fit are dropped so
    // that the rest can still be read and checked.
    let (problems, complete) = schema::check(&mut doc);
    for p in problems {
        errors.at(p.span, p.kind);
    }
    if !complete {
        return Err(LevelErrors(errors.found));
    }
    let raw = match LevelFile::deserialize(toml::de::Deserializer::from(doc)) {
        Ok(raw) => raw,
        Err(e) => {
            let kind = LevelErrorKind::Toml(e.message().trim().to_string());
            errors.at(e.span().unwrap_or(0..0), kind);
            return Err(LevelErrors(errors.found));
        }
    };
    match raw.mode.get_ref().as_str() {
        "continuous" => continuous::read(raw, &mut errors),
        "grid" => grid::read(raw, &mut errors),
        other => {
            errors.at(raw.mode.span(), LevelErrorKind::Mode(other.to_string()));
            Err(LevelErrors(errors.found))
        }
    }
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

struct Errors<'a> {
    file: &'a str,
    text: &'a str,
    found: Vec<LevelError>,
}

impl Errors<'_> {
    fn at(&mut self, span: Range<usize>, kind: LevelErrorKind) {
        let (line, column) = line_column(self.text, span.start);
        self.found.push(LevelError {
            span: Span::at(line, column).in_file(self.file),
            kind,
        });
    }

    /// An error placed at character `column` (1-based) inside a quoted string of the file.
    fn in_string(&mut self, string: &Spanned<String>, column: usize, kind: LevelErrorKind) {
        let at = string.span().start + 1 + byte_offset(string.get_ref(), column);
        self.at(at..at, kind);
    }

    /// An error at a piece's `image` if it names no picture: no file beside the level, or
    /// no shipped picture of that name.
    fn check_image(&mut self, image: &Spanned<String>) {
        let name = image.get_ref();
        let dir = Path::new(self.file).parent().unwrap_or(Path::new(""));
        let kind = if pictures::is_file(name) {
            (!dir.join(name).is_file()).then(|| LevelErrorKind::NoImageFile(name.clone()))
        } else {
            // Without the shipped pictures at hand (a lone binary) any name passes.
            pictures::pictures_dir()
                .is_some_and(|d| !d.join(format!("{name}.svg")).is_file())
                .then(|| LevelErrorKind::NoShippedImage(name.clone()))
        };
        if let Some(kind) = kind {
            self.at(image.span(), kind);
        }
    }
}

/// The byte offset of 1-based character column `column` in `text`.
fn byte_offset(text: &str, column: usize) -> usize {
    text.char_indices()
        .nth(column.saturating_sub(1))
        .map_or(text.len(), |(i, _)| i)
}

/// A `[rules] castling` letter: the one written in `v`, else `default` (placed at the
/// whole `table`), as `find` reads it; an error at it when `find` finds nothing.
fn castling_letter<T>(
    errors: &mut Errors<'_>,
    table: Range<usize>,
    v: &Option<Spanned<String>>,
    default: &str,
    what: &'static str,
    find: impl Fn(&str) -> Option<T>,
) -> Option<T> {
    let (text, span) = match v {
        Some(s) => (s.get_ref().as_str(), s.span()),
        None => (default, table),
    };
    let found = find(text);
    if found.is_none() {
        errors.at(
            span,
            LevelErrorKind::CastlingLetter {
                what,
                letter: text.to_string(),
            },
        );
    }
    found
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// The board's files and ranks, each 1 to 26, or errors at the bad ones.
fn board_size(raw: &LevelFile, errors: &mut Errors<'_>) -> Option<(u8, u8)> {
    let mut size = |v: &Spanned<i64>, what: &'static str| {
        let n = *v.get_ref();
        if (1..=26).contains(&n) {
            Some(n as u8)
        } else {
            errors.at(v.span(), LevelErrorKind::BoardSize { what, value: n });
            None
        }
    };
    let files = size(&raw.board.files, "files");
    let ranks = size(&raw.board.ranks, "ranks");
    files.zip(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_column_counts_characters() {
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("é\nx", 3), (2, 1));
    }

    #[test]
    fn a_level_of_the_other_mode_is_refused_by_name() {
        assert_eq!(
            ModeError::NotContinuous {
                name: "Chess".into()
            }
            .to_string(),
            "\"Chess\" is a grid level, not a continuous one"
        );
        assert_eq!(
            ModeError::NotGrid {
                name: "Obento".into()
            }
            .to_string(),
            "\"Obento\" is a continuous level, not a grid one"
        );
    }

    #[test]
    fn a_level_error_is_placed_in_its_file() {
        let e = parse("x.toml", "name = \"X\"\nmode = [\n").expect_err("bad TOML");
        let first = &e.0[0];
        assert_eq!(first.span.file.as_deref(), Some("x.toml"));
        assert_eq!(first.span.line, 2, "{first}");
        assert!(
            first.to_string().starts_with(&format!("{}: ", first.span)),
            "{first}"
        );
    }
}
