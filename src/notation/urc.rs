//! Pieces written in the URC piece schema (docs/levels.md), read
//! from YAML or from a TOML table and turned into our Betza dialect, so that the engine
//! plays them like any other piece.
//!
//! A URC file is a YAML map of piece ids to definitions; [`read_yaml`] reads one and
//! refuses what it cannot play with the line and column of the fault. [`to_betza`]
//! converts one definition however it was read (a level may embed one as a TOML table).
//! The conversion builds the Betza tree ([`crate::betza::Betza`]) and prints it; direction
//! letters are chosen by the leaps [`crate::betza::directions`] gives them.
//!
//! # Decisions
//!
//! Vectors are `[x, y]` in the mover's own view, exactly as Betza leaps are: `+x` right,
//! `+y` forward (toward the opponent); Black's moves are White's turned round by the engine.
//! In the table, "the atom of `[x, y]`" is the Betza atom whose leaps are `(±x, ±y)` and
//! `(±y, ±x)`: `W F D N A H M Z G` for (0,1) (1,1) (0,2) (1,2) (2,2) (0,3) (1,3) (2,3)
//! (3,3), the custom atom `(a,b)` otherwise.
//!
//! | URC | Betza | example |
//! | --- | --- | --- |
//! | a list of vectors of one atom | that atom with direction letters selecting exactly those leaps (the shortest spelling found, checked with [`crate::betza::directions`]); all of them: no letters | `[[1,1],[-1,1]]` → `fF`; all 8 knight vectors → `N` |
//! | `leap` | the atom of each vector, one term per atom; (0,1) and (1,1) vectors as one `K` term when one spelling selects both | `[[1,2],[2,1]]` → `frN`; `[[0,1],[1,1]]` → `f^K` |
//! | `slide`, `range: unlimited` | the atom of each direction, riding: `R` for (0,1), `B` for (1,1), `Q` for both under one spelling, `X0` for any other atom `X` | `[[0,1]]` → `fR`; `[[1,2]]` → `f^N0` (a nightrider line) |
//! | `slide`, `range: n` | the atom with the count `n` (none for 1); `K` for (0,1) and (1,1) under one spelling | `[[0,1]]`, 2 → `fW2`; all 8 king lines, 3 → `K3` |
//! | a slide's step | the whole vector: `[1,2]` steps a knight leap at a time, and only the squares it lands on can block it | `[[2,0]]` → `rD0` |
//! | `range` left out | `unlimited` | |
//! | `hopper`, `hurdle_count: 1`, `land_distance: 1` (the defaults) | `g` on the riding atom of each direction: slide to the first piece, land just beyond it | all 8 → `gQ` |
//! | `hopper`, `land_distance: k` above 1 | after the hop, `k - 1` forced steps straight on (`-!s` and the stepping atom: `W`, `F`, `K` under a queen's `Q`, else the atom itself): the blocking links leave the squares before the landing empty | all 8, `k` 2 → `gQ-!sK` |
//! | `hopper`, `hurdle_count: n` above 1 | a chain per direction: the hop, then `n - 1` times a step back onto the hurdle just hopped and a hop on from it (`+!`: a hurdle standing just beyond the last one is hopped too), then the steps of `land_distance` | `[[0,1]]`, `n` 2 → `gfR+!bW+!gfR` |
//! | a hopper's flags | `i` on its first leg, `m` / `c` on its last, the only leg a hop of several legs may end on | `[[0,1]]`, `n` 2, `capture_only` → `gfR+!bW+!cgfR` |
//! | `move_only` / `capture_only` / `initial_only` | `m` / `c` / `i` (`i`: while the piece has not moved) | pawn push → `mfW` |
//! | `special_rules.en_passant: true` | `e` on every `capture_only` slide and leap: the engine lets an `e` capture take a piece whose last move was an `i` move passing over the landing square | pawn → `mfW|imfW2|cefF` |
//! | moves | one term each, joined by `|` | |
//! | `royal`, `value`, `description`, `promotion`, `castling` | kept as data in [`UrcDefinition`]; not part of the Betza. The level loader (`level::grid`) makes a URC `royal` piece royal; where the level gives no `promotion` table, `promotion` promotes on its rank to the options the level has (by letter or name); where the level gives no `[rules] castling`, a king with `castling` castles two steps with the level's rook (letter R or a piece named Rook), on the wings the setup FEN's KQkq allows | |
//!
//! # Refused
//!
//! | what | why |
//! | --- | --- |
//! | `move_only` and `capture_only` both true | the move could end nowhere |
//! | an empty `moves`, `directions` or `vectors` list | nothing to play |
//! | a vector `[0, 0]` | it goes nowhere |
//! | a component beyond ±25 | no board is wider than 26 squares |
//! | `range` 0 or above 1000 | Betza counts 1 to 1000 |
//! | `hurdle_count: 0` or `land_distance: 0` | a hopper hops a piece and lands beyond it |
//! | `hurdle_count + land_distance` above 25 | the mover, its hurdles and the squares up to its landing need more than 26 squares in a line, the widest board |
//! | `en_passant: true` without a `capture_only` slide or leap | there is no capture to add `e` to |
//! | a `symbol` not of one or two visible characters | the schema's notation symbol |
//! | unknown keys, wrong types, duplicate keys, bad YAML | at their line and column (inside a move: the move's, as serde reads a tagged move whole) |

use crate::betza::directions::{Leap, leaps, repeated_direction};
use crate::betza::{
    Alternative, Atom, Behaviour, Betza, Chain, Forced, Link, MAX_REPEAT, Modifier, Range, Term,
};
use crate::grid::board::MAX_SIDE;
use crate::span::Span;
use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_saphyr::{MessageFormatter, Spanned, UserMessageFormatter};
use std::collections::BTreeMap;
use std::fmt;

/// One piece definition as the URC schema writes it; deserializable from YAML and from
/// TOML (a level may embed it as a TOML table), with unknown keys refused.
#[derive(Deserialize, schemars::JsonSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UrcDefinition {
    /// Its human-readable name.
    pub name: String,
    /// Its notation symbol, one or two characters.
    pub symbol: String,
    /// Its relative value (pawn 1, queen 9), if given.
    #[serde(default)]
    pub value: Option<f64>,
    /// Whether losing it loses the game.
    #[serde(default)]
    pub royal: bool,
    /// A description, if given.
    #[serde(default)]
    pub description: Option<String>,
    /// Its move patterns: the piece may use any of them.
    pub moves: Vec<UrcMove>,
    /// En passant, promotion and castling, if any.
    #[serde(default)]
    pub special_rules: Option<SpecialRules>,
}

/// One move pattern, tagged by its `type`.
#[derive(Deserialize, schemars::JsonSchema, Clone, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum UrcMove {
    /// Moves along each direction, stopped by the first piece.
    Slide {
        /// The steps, `[x, y]`.
        directions: Vec<[i32; 2]>,
        /// How many steps at most.
        #[serde(default)]
        range: UrcRange,
        /// Never captures.
        #[serde(default)]
        move_only: bool,
        /// Only captures.
        #[serde(default)]
        capture_only: bool,
        /// Only while the piece has not moved.
        #[serde(default)]
        initial_only: bool,
    },
    /// Jumps straight to each offset, whatever stands between.
    Leap {
        /// The offsets, `[x, y]`.
        vectors: Vec<[i32; 2]>,
        /// Never captures.
        #[serde(default)]
        move_only: bool,
        /// Only captures.
        #[serde(default)]
        capture_only: bool,
        /// Only while the piece has not moved.
        #[serde(default)]
        initial_only: bool,
    },
    /// Slides along each direction and must hop pieces on the way.
    Hopper {
        /// The steps, `[x, y]`.
        directions: Vec<[i32; 2]>,
        /// How many pieces it hops.
        #[serde(default = "one")]
        #[schemars(range(min = 1))]
        hurdle_count: u32,
        /// How many squares beyond the last hurdle it lands (1: just beyond).
        #[serde(default = "one")]
        #[schemars(range(min = 1))]
        land_distance: u32,
        /// Never captures.
        #[serde(default)]
        move_only: bool,
        /// Only captures.
        #[serde(default)]
        capture_only: bool,
        /// Only while the piece has not moved (not in the schema for hoppers; accepted
        /// as for the other types).
        #[serde(default)]
        initial_only: bool,
    },
}

fn one() -> u32 {
    1
}

/// How far a slide goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UrcRange {
    /// `unlimited`: to the board's edge or the first piece.
    #[default]
    Unlimited,
    /// At most this many steps.
    Squares(u32),
}

impl<'de> Deserialize<'de> for UrcRange {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RangeVisitor;
        impl Visitor<'_> for RangeVisitor {
            type Value = UrcRange;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"unlimited\" or a whole number of squares")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<UrcRange, E> {
                if v == "unlimited" {
                    Ok(UrcRange::Unlimited)
                } else {
                    Err(E::invalid_value(de::Unexpected::Str(v), &self))
                }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<UrcRange, E> {
                u32::try_from(v)
                    .map(UrcRange::Squares)
                    .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<UrcRange, E> {
                u32::try_from(v)
                    .map(UrcRange::Squares)
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
            }
        }
        deserializer.deserialize_any(RangeVisitor)
    }
}

impl schemars::JsonSchema for UrcRange {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "UrcRange".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "How far a slide goes: `unlimited`, or at most so many steps.",
            "anyOf": [{ "const": "unlimited" }, { "type": "integer", "minimum": 1 }]
        })
    }
}

/// The schema's special rules.
#[derive(Deserialize, schemars::JsonSchema, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SpecialRules {
    /// Its capture-only moves may also capture en passant.
    #[serde(default)]
    pub en_passant: bool,
    /// Where it promotes and into what.
    #[serde(default)]
    pub promotion: Option<UrcPromotion>,
    /// Which ways it castles (for kings).
    #[serde(default)]
    pub castling: Option<UrcCastling>,
}

/// Promotion as the schema writes it.
#[derive(Deserialize, schemars::JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct UrcPromotion {
    /// The rank where it promotes (8 on a chess board, counted from its own side).
    pub rank: u32,
    /// The piece ids it may become.
    pub options: Vec<String>,
}

/// Castling as the schema writes it.
#[derive(Deserialize, schemars::JsonSchema, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct UrcCastling {
    /// Toward the h-file.
    #[serde(default)]
    pub kingside: bool,
    /// Toward the a-file.
    #[serde(default)]
    pub queenside: bool,
}

/// The piece as this project uses it.
#[derive(Clone, Debug, PartialEq)]
pub struct UrcPiece {
    /// The key it has in its URC file.
    pub id: String,
    /// The definition as written.
    pub definition: UrcDefinition,
    /// Its moves in our Betza dialect, printed from the tree built for them; always parses
    /// with [`crate::betza::parse()`].
    pub betza: String,
}

impl UrcPiece {
    /// Checks a definition (its symbol and its moves) and converts it.
    pub fn new(id: &str, definition: UrcDefinition) -> Result<UrcPiece, UrcRefusal> {
        let betza = convert(&definition)?.to_string();
        Ok(UrcPiece {
            id: id.to_string(),
            definition,
            betza,
        })
    }
}

/// A problem in a URC file: where, when its place is known, and what. Displays as
/// `LINE:COL: PROBLEM` when its place is known, else as `PROBLEM`.
///
/// The span has no file: [`read_yaml`] reads text, and whoever read it from a file names it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct UrcError {
    /// Where in the YAML text (1-based line and column in characters), if known.
    pub span: Option<Span>,
    /// What is wrong.
    pub kind: UrcErrorKind,
}

impl fmt::Display for UrcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.span {
            Some(span) => write!(f, "{span}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

/// What is wrong in a URC file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UrcErrorKind {
    /// Bad YAML, an unknown key, a wrong type, a duplicate key (the YAML reader's message).
    #[error("{0}")]
    Yaml(String),
    /// The file holds no piece.
    #[error("no pieces: a URC file is a map of piece ids to definitions")]
    NoPieces,
    /// A piece reads but cannot be played.
    #[error("piece {id}: {refusal}")]
    Piece {
        /// The piece's id in the file.
        id: String,
        /// Why it cannot be played.
        refusal: UrcRefusal,
    },
}

impl UrcError {
    fn at(location: serde_saphyr::Location, kind: UrcErrorKind) -> UrcError {
        let known = location.line() > 0;
        let number = |n: u64| usize::try_from(n).ok().filter(|_| known);
        UrcError {
            span: number(location.line())
                .zip(number(location.column()))
                .map(|(line, column)| Span::at(line, column)),
            kind,
        }
    }
}

/// Why a URC definition cannot be played: the module's "Refused" table, one variant a row.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UrcRefusal {
    /// The symbol is not one or two visible characters.
    #[error("symbol {0:?}: expected one or two visible characters")]
    Symbol(String),
    /// `moves` is an empty list.
    #[error("moves is empty: a piece needs at least one move")]
    NoMoves,
    /// One of the moves cannot be played.
    #[error("move {number} ({kind}): {problem}")]
    Move {
        /// Its number in `moves`, from 1.
        number: usize,
        /// Its `type`: `slide`, `leap` or `hopper`.
        kind: &'static str,
        /// What is wrong with it.
        problem: UrcMoveProblem,
    },
    /// En passant is asked for, but no move can capture with it.
    #[error(
        "special_rules.en_passant: true needs a capture_only slide or leap to capture en passant with"
    )]
    EnPassantWithoutCapture,
}

impl UrcRefusal {
    /// The part of the definition the refusal is about, for its place in a file.
    fn part(&self) -> Part {
        match self {
            UrcRefusal::Symbol(_) => Part::Symbol,
            UrcRefusal::NoMoves => Part::Moves,
            UrcRefusal::Move { number, .. } => Part::Move(number.saturating_sub(1)),
            UrcRefusal::EnPassantWithoutCapture => Part::SpecialRules,
        }
    }
}

/// What is wrong with one move of a URC definition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UrcMoveProblem {
    /// A slide's range outside 1 to [`MAX_REPEAT`].
    #[error("range {0}: expected \"unlimited\" or 1 to {MAX_REPEAT} squares")]
    Range(u32),
    /// A hopper over no piece.
    #[error("hurdle_count 0: a hopper hops at least one piece (a slide hops none)")]
    NoHurdle,
    /// A hopper landing on its last hurdle.
    #[error("land_distance 0: a hopper lands beyond its last hurdle (1: just beyond)")]
    NoLanding,
    /// A hopper's line longer than the widest board.
    #[error(
        "hurdle_count {hurdle_count} and land_distance {land_distance} need {line} squares in a line: no board is wider than {MAX_SIDE}"
    )]
    TooLong {
        /// Its `hurdle_count`.
        hurdle_count: u32,
        /// Its `land_distance`.
        land_distance: u32,
        /// The squares in a line it needs, the mover's included.
        line: u64,
    },
    /// `move_only` and `capture_only` both true.
    #[error("move_only and capture_only are both true: the move could end nowhere")]
    MoveAndCaptureOnly,
    /// An empty list of directions or vectors.
    #[error("{field} is empty")]
    Empty {
        /// `directions` or `vectors`.
        field: &'static str,
    },
    /// The vector `[0, 0]`.
    #[error("{field}: [0, 0] goes nowhere")]
    Nowhere {
        /// `directions` or `vectors`.
        field: &'static str,
    },
    /// A vector with a component beyond the widest board.
    #[error(
        "{field}: [{x}, {y}] is too long: each component lies within ±{limit} (no board is wider than {MAX_SIDE} squares)",
        limit = MAX_SIDE - 1
    )]
    TooFar {
        /// `directions` or `vectors`.
        field: &'static str,
        /// The vector's x.
        x: i32,
        /// The vector's y.
        y: i32,
    },
}

/// Reads a YAML file holding a map of piece ids to definitions, in the file's order.
pub fn read_yaml(text: &str) -> Result<Vec<UrcPiece>, UrcError> {
    let file: Ordered<Spanned<UrcDefinition>> = serde_saphyr::from_str(text).map_err(|e| {
        let kind = UrcErrorKind::Yaml(UserMessageFormatter.format_message(&e).into_owned());
        match e.location() {
            Some(location) => UrcError::at(location, kind),
            None => UrcError { span: None, kind },
        }
    })?;
    if file.0.is_empty() {
        return Err(UrcError {
            span: None,
            kind: UrcErrorKind::NoPieces,
        });
    }
    // The same text again, for the places of the parts a conversion may refuse (serde
    // keeps no places inside the internally tagged moves).
    let places: Option<Ordered<Spanned<Places>>> = serde_saphyr::from_str(text).ok();
    let mut out = Vec::with_capacity(file.0.len());
    for (n, (id, definition)) in file.0.into_iter().enumerate() {
        let betza = convert(&definition.value).map_err(|refusal| {
            let place = places.as_ref().and_then(|p| p.0.get(n)).map(|(_, p)| p);
            let location = match (refusal.part(), place) {
                (Part::Move(k), Some(p)) => p
                    .value
                    .moves
                    .as_ref()
                    .and_then(|m| m.value.get(k))
                    .map(|m| m.referenced),
                (Part::Moves, Some(p)) => p.value.moves.as_ref().map(|m| m.referenced),
                (Part::Symbol, Some(p)) => p.value.symbol.as_ref().map(|s| s.referenced),
                (Part::SpecialRules, Some(p)) => {
                    p.value.special_rules.as_ref().map(|s| s.referenced)
                }
                _ => None,
            }
            .unwrap_or(definition.referenced);
            UrcError::at(
                location,
                UrcErrorKind::Piece {
                    id: id.clone(),
                    refusal,
                },
            )
        })?;
        out.push(UrcPiece {
            id,
            definition: definition.value,
            betza: betza.to_string(),
        });
    }
    Ok(out)
}

/// Converts one definition (from YAML or TOML) to Betza. Promotion and castling are not
/// part of it; see the module's decision table for the rest.
pub fn to_betza(def: &UrcDefinition) -> Result<String, UrcRefusal> {
    convert(def).map(|betza| betza.to_string())
}

/// A map read as a list of its entries, in the order written.
struct Ordered<T>(Vec<(String, T)>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OrderedVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for OrderedVisitor<T> {
            type Value = Ordered<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of piece ids to piece definitions")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered<T>, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    out.push(entry);
                }
                Ok(Ordered(out))
            }
        }
        deserializer.deserialize_map(OrderedVisitor(std::marker::PhantomData))
    }
}

/// Where the parts of a definition stand, for [`read_yaml`]'s errors.
#[derive(Deserialize)]
struct Places {
    #[serde(default)]
    symbol: Option<Spanned<IgnoredAny>>,
    moves: Option<Spanned<Vec<Spanned<IgnoredAny>>>>,
    #[serde(default)]
    special_rules: Option<Spanned<IgnoredAny>>,
}

/// The part of a definition a refusal is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Symbol,
    Moves,
    Move(usize),
    SpecialRules,
}

/// Whether a symbol is one or two characters a reader sees: none a space, a control, an
/// invisible format mark (a zero-width space or joiner, a byte-order mark), a surrogate,
/// private or unassigned; and the first not a mark, which only accents the one before it.
fn is_visible_symbol(symbol: &str) -> bool {
    use unicode_general_category::{GeneralCategory as G, get_general_category};
    let seen = |c: char| {
        !c.is_whitespace()
            && !matches!(
                get_general_category(c),
                G::Control
                    | G::Format
                    | G::Surrogate
                    | G::PrivateUse
                    | G::Unassigned
                    | G::SpaceSeparator
                    | G::LineSeparator
                    | G::ParagraphSeparator
            )
    };
    let mark = |c: char| {
        matches!(
            get_general_category(c),
            G::NonspacingMark | G::SpacingMark | G::EnclosingMark
        )
    };
    let count = symbol.chars().count();
    (1..=2).contains(&count)
        && symbol.chars().all(seen)
        && symbol.chars().next().is_some_and(|c| !mark(c))
}

/// The definition checked and converted: each move's terms, one alternative each.
fn convert(def: &UrcDefinition) -> Result<Betza, UrcRefusal> {
    if !is_visible_symbol(&def.symbol) {
        return Err(UrcRefusal::Symbol(def.symbol.clone()));
    }
    if def.moves.is_empty() {
        return Err(UrcRefusal::NoMoves);
    }
    let en_passant = def.special_rules.as_ref().is_some_and(|s| s.en_passant);
    let mut chains = Vec::new();
    for (k, m) in def.moves.iter().enumerate() {
        chains.extend(
            move_chains(m, en_passant).map_err(|problem| UrcRefusal::Move {
                number: k + 1,
                kind: kind(m),
                problem,
            })?,
        );
    }
    let takes_en_passant = def.moves.iter().any(|m| match m {
        UrcMove::Slide { capture_only, .. } | UrcMove::Leap { capture_only, .. } => *capture_only,
        UrcMove::Hopper { .. } => false,
    });
    if en_passant && !takes_en_passant {
        return Err(UrcRefusal::EnPassantWithoutCapture);
    }
    Ok(Betza::modern(
        chains
            .into_iter()
            .map(|chain| Alternative {
                chains: vec![chain],
            })
            .collect(),
    ))
}

fn kind(m: &UrcMove) -> &'static str {
    match m {
        UrcMove::Slide { .. } => "slide",
        UrcMove::Leap { .. } => "leap",
        UrcMove::Hopper { .. } => "hopper",
    }
}

/// What a term may do, before its directions.
#[derive(Clone, Copy)]
struct TermModes {
    move_only: bool,
    capture_only: bool,
    initial_only: bool,
    en_passant: bool,
    grasshopper: bool,
    /// `s`: a later leg of a chain, keeping the previous leg's direction.
    same_direction: bool,
}

impl TermModes {
    /// No letter at all: a leg of a chain that neither starts nor ends the move.
    const PLAIN: TermModes = TermModes {
        move_only: false,
        capture_only: false,
        initial_only: false,
        en_passant: false,
        grasshopper: false,
        same_direction: false,
    };

    /// The modifiers, in the order `i m c e g s`.
    fn modifiers(self) -> Vec<Modifier> {
        [
            (self.initial_only, Modifier::Behaviour(Behaviour::Initial)),
            (self.move_only, Modifier::Behaviour(Behaviour::Move)),
            (self.capture_only, Modifier::Behaviour(Behaviour::Capture)),
            (self.en_passant, Modifier::Behaviour(Behaviour::EnPassant)),
            (
                self.grasshopper,
                Modifier::Behaviour(Behaviour::Grasshopper),
            ),
            (self.same_direction, Modifier::Same),
        ]
        .into_iter()
        .filter_map(|(on, modifier)| on.then_some(modifier))
        .collect()
    }
}

/// How far a term goes: one leap, `n` steps, or without limit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Distance {
    Leap,
    Steps(u16),
    Ride,
}

/// The Betza chains of one move: a term each, but for a hopper over more than one piece or
/// landing further than just beyond it.
fn move_chains(m: &UrcMove, en_passant: bool) -> Result<Vec<Chain>, UrcMoveProblem> {
    let (vectors, field, reach, modes) = match *m {
        UrcMove::Slide {
            ref directions,
            range,
            move_only,
            capture_only,
            initial_only,
        } => {
            let reach = match range {
                UrcRange::Unlimited => Distance::Ride,
                UrcRange::Squares(n) => match u16::try_from(n) {
                    Ok(k) if (1..=MAX_REPEAT).contains(&n) => Distance::Steps(k),
                    _ => return Err(UrcMoveProblem::Range(n)),
                },
            };
            let modes = TermModes {
                move_only,
                capture_only,
                initial_only,
                en_passant: en_passant && capture_only,
                grasshopper: false,
                same_direction: false,
            };
            (directions, "directions", reach, modes)
        }
        UrcMove::Leap {
            ref vectors,
            move_only,
            capture_only,
            initial_only,
        } => {
            let modes = TermModes {
                move_only,
                capture_only,
                initial_only,
                en_passant: en_passant && capture_only,
                grasshopper: false,
                same_direction: false,
            };
            (vectors, "vectors", Distance::Leap, modes)
        }
        UrcMove::Hopper {
            ref directions,
            hurdle_count,
            land_distance,
            move_only,
            capture_only,
            initial_only,
        } => {
            if hurdle_count == 0 {
                return Err(UrcMoveProblem::NoHurdle);
            }
            if land_distance == 0 {
                return Err(UrcMoveProblem::NoLanding);
            }
            let line = u64::from(hurdle_count) + u64::from(land_distance) + 1;
            if line > u64::from(MAX_SIDE) {
                return Err(UrcMoveProblem::TooLong {
                    hurdle_count,
                    land_distance,
                    line,
                });
            }
            let modes = TermModes {
                move_only,
                capture_only,
                initial_only,
                en_passant: false,
                grasshopper: true,
                same_direction: false,
            };
            if move_only && capture_only {
                return Err(UrcMoveProblem::MoveAndCaptureOnly);
            }
            if (hurdle_count, land_distance) != (1, 1) {
                return hopper_chains(directions, hurdle_count, land_distance, modes);
            }
            (directions, "directions", Distance::Ride, modes)
        }
    };
    if modes.move_only && modes.capture_only {
        return Err(UrcMoveProblem::MoveAndCaptureOnly);
    }
    let groups = atoms(vectors, field)?;
    let mut out = Vec::new();
    // A king's or queen's lines as one term when both parts take the same letters.
    let wazir = groups.get(&(0, 1));
    let ferz = groups.get(&(1, 1));
    let mut merged = false;
    if let (Some(w), Some(f)) = (wazir, ferz) {
        let mut both: Vec<Leap> = w.iter().chain(f).copied().collect();
        both.sort_unstable();
        if let Some(dirs) = directions_for(Atom::K, &both) {
            let atom = if reach == Distance::Ride {
                Atom::Q
            } else {
                Atom::K
            };
            out.push(term(modes, dirs, atom, reach));
            merged = true;
        }
    }
    for (&(a, b), targets) in &groups {
        if merged && matches!((a, b), (0, 1) | (1, 1)) {
            continue;
        }
        let atom = match (reach, atom_of(a, b)) {
            (Distance::Ride, Atom::W) => Atom::R,
            (Distance::Ride, Atom::F) => Atom::B,
            (_, atom) => atom,
        };
        match directions_for(atom, targets) {
            Some(dirs) => out.push(term(modes, dirs, atom, reach)),
            // No one spelling: a term per leap, each selected on its own.
            None => out.extend(
                targets
                    .iter()
                    .map(|&l| term(modes, selector(l), atom, reach)),
            ),
        }
    }
    Ok(out.into_iter().map(Chain::new).collect())
}

/// A hopper over `hurdles` pieces landing `land` squares beyond the last, as chains (see
/// the module's table): the first hop and a forced step straight on for each further
/// square, its directions grouped as a one-hurdle hopper's are, when it hops one piece;
/// one chain per direction when it hops more, each further hop starting from the hurdle
/// before it (a step back from the landing). `i` stands on the first leg, `m` or `c` on
/// the last, the only one the move may end on.
fn hopper_chains(
    directions: &[[i32; 2]],
    hurdles: u32,
    land: u32,
    modes: TermModes,
) -> Result<Vec<Chain>, UrcMoveProblem> {
    let groups = atoms(directions, "directions")?;
    let first = TermModes {
        initial_only: modes.initial_only,
        grasshopper: true,
        ..TermModes::PLAIN
    };
    let hop = TermModes {
        grasshopper: true,
        ..TermModes::PLAIN
    };
    // `-!`: the blocking link leaves the squares before the landing empty; `+!`: a hurdle
    // standing just beyond the last one is hopped too.
    let blocking = Link::new(true, Forced::Full);
    let passing = Link::new(false, Forced::Full);
    // The leg the move ends on carries `m` or `c`; with one hurdle and one square it would
    // be the first hop, which `move_chains` writes instead.
    let with_end = |m: TermModes, ends: bool| {
        if ends {
            TermModes {
                move_only: modes.move_only,
                capture_only: modes.capture_only,
                ..m
            }
        } else {
            m
        }
    };
    // The steps straight on past the square just beyond the last hurdle, `step` each.
    let further = |mut chain: Chain, step: Atom| {
        for n in 1..land {
            let same = TermModes {
                same_direction: true,
                ..with_end(TermModes::PLAIN, n + 1 == land)
            };
            chain = chain.then(blocking, term(same, Vec::new(), step, Distance::Leap));
        }
        chain
    };
    let mut out = Vec::new();
    // With one hurdle, a queen's lines as one term when one spelling selects them.
    let mut merged = false;
    if hurdles == 1
        && let (Some(w), Some(f)) = (groups.get(&(0, 1)), groups.get(&(1, 1)))
    {
        let mut both: Vec<Leap> = w.iter().chain(f).copied().collect();
        both.sort_unstable();
        if let Some(dirs) = directions_for(Atom::K, &both) {
            let head = term(first, dirs, Atom::Q, Distance::Ride);
            out.push(further(Chain::new(head), Atom::K));
            merged = true;
        }
    }
    for (&(a, b), targets) in &groups {
        if merged && matches!((a, b), (0, 1) | (1, 1)) {
            continue;
        }
        let (ride, step) = hop_atoms(a, b);
        let head = |dirs: Vec<Modifier>| Chain::new(term(first, dirs, ride, Distance::Ride));
        if hurdles == 1 {
            match directions_for(ride, targets) {
                Some(dirs) => out.push(further(head(dirs), step)),
                None => out.extend(targets.iter().map(|&l| further(head(selector(l)), step))),
            }
            continue;
        }
        for &l in targets {
            let back = (l.0.saturating_neg(), l.1.saturating_neg());
            let mut chain = head(selector(l));
            for n in 1..hurdles {
                let again = with_end(hop, n + 1 == hurdles && land == 1);
                chain = chain
                    .then(
                        passing,
                        term(TermModes::PLAIN, selector(back), step, Distance::Leap),
                    )
                    .then(passing, term(again, selector(l), ride, Distance::Ride));
            }
            out.push(further(chain, step));
        }
    }
    Ok(out)
}

/// The riding and the stepping atom of the leaps `(a, b)`, `0 <= a <= b`: `R` and `W`,
/// `B` and `F`, else the atom twice (riding with [`Distance::Ride`], as `N0`).
fn hop_atoms(a: i32, b: i32) -> (Atom, Atom) {
    match atom_of(a, b) {
        Atom::W => (Atom::R, Atom::W),
        Atom::F => (Atom::B, Atom::F),
        atom => (atom, atom),
    }
}

/// The vectors grouped by atom (`(a, b)` with `0 <= a <= b`), each group sorted.
fn atoms(
    vectors: &[[i32; 2]],
    field: &'static str,
) -> Result<BTreeMap<(i32, i32), Vec<Leap>>, UrcMoveProblem> {
    if vectors.is_empty() {
        return Err(UrcMoveProblem::Empty { field });
    }
    let limit = i32::from(MAX_SIDE) - 1;
    let mut out: BTreeMap<(i32, i32), Vec<Leap>> = BTreeMap::new();
    for &[x, y] in vectors {
        if (x, y) == (0, 0) {
            return Err(UrcMoveProblem::Nowhere { field });
        }
        if x.unsigned_abs() > limit.unsigned_abs() || y.unsigned_abs() > limit.unsigned_abs() {
            return Err(UrcMoveProblem::TooFar { field, x, y });
        }
        let (a, b) = (x.abs().min(y.abs()), x.abs().max(y.abs()));
        let group = out.entry((a, b)).or_default();
        if !group.contains(&(x, y)) {
            group.push((x, y));
        }
    }
    for group in out.values_mut() {
        group.sort_unstable();
    }
    Ok(out)
}

/// The atom with leaps `(a, b)`, `0 <= a <= b`: its letter if it has one, else `(a,b)`.
fn atom_of(a: i32, b: i32) -> Atom {
    match (a, b) {
        (0, 1) => Atom::W,
        (1, 1) => Atom::F,
        (0, 2) => Atom::D,
        (1, 2) => Atom::N,
        (2, 2) => Atom::A,
        (0, 3) => Atom::H,
        (1, 3) => Atom::M,
        (2, 3) => Atom::Z,
        (3, 3) => Atom::G,
        _ => Atom::Custom(a, b),
    }
}

/// Direction groups, one of which or two side by side may select a set of leaps, in the
/// order they are tried.
const SELECTORS: [&[Modifier]; 26] = {
    use Modifier::{Direction as D, Half, Most, Sideways};
    [
        &[D('f')],
        &[D('b')],
        &[D('r')],
        &[D('l')],
        &[D('v')],
        &[D('h')],
        &[D('f'), D('r')],
        &[D('f'), D('l')],
        &[D('b'), D('r')],
        &[D('b'), D('l')],
        &[Half('f')],
        &[Half('b')],
        &[Half('r')],
        &[Half('l')],
        &[Sideways('f')],
        &[Sideways('b')],
        &[Sideways('r')],
        &[Sideways('l')],
        &[Most('f', '^')],
        &[Most('f', '_')],
        &[Most('b', '^')],
        &[Most('b', '_')],
        &[Most('r', '^')],
        &[Most('r', '_')],
        &[Most('l', '^')],
        &[Most('l', '_')],
    ]
};

/// The leaps `dirs` select of `atom`, if the term reads back as written: no modifier runs
/// into the next (`f` then `h` would read as `fh`) and none repeats a group before it.
fn selected(dirs: &[Modifier], atom: Atom) -> Option<Vec<Leap>> {
    let apart = dirs.windows(2).all(|w| !w[0].runs_into(w[1]));
    (apart && repeated_direction(dirs, atom).is_none()).then(|| leaps(atom, dirs))
}

/// How many characters the direction letters take.
fn width(dirs: &[Modifier]) -> usize {
    dirs.iter().map(|m| m.to_string().len()).sum()
}

/// The shortest direction letters that make `atom` select exactly `targets` (sorted):
/// none for all of its leaps, then one group, then two side by side, then one group per
/// leap; `None` if even that spelling selects otherwise.
fn directions_for(atom: Atom, targets: &[Leap]) -> Option<Vec<Modifier>> {
    let fits = |dirs: &[Modifier]| selected(dirs, atom).is_some_and(|s| s == targets);
    if fits(&[]) {
        return Some(Vec::new());
    }
    if let Some(one) = SELECTORS.iter().find(|s| fits(s)) {
        return Some(one.to_vec());
    }
    let mut best: Option<Vec<Modifier>> = None;
    for a in SELECTORS {
        for b in SELECTORS {
            let two = [a, b].concat();
            if best.as_ref().is_none_or(|x| width(&two) < width(x)) && fits(&two) {
                best = Some(two);
            }
        }
    }
    best.or_else(|| {
        let each: Vec<Modifier> = targets.iter().flat_map(|&l| selector(l)).collect();
        fits(&each).then_some(each)
    })
}

/// Direction letters selecting the one leap `(x, y)` of its atom.
fn selector((x, y): Leap) -> Vec<Modifier> {
    let fb = if y > 0 { 'f' } else { 'b' };
    let rl = if x > 0 { 'r' } else { 'l' };
    // `^` turns right of f and b, forward of r and l.
    if x == 0 {
        vec![Modifier::Direction(fb)]
    } else if y == 0 {
        vec![Modifier::Direction(rl)]
    } else if x.abs() == y.abs() {
        vec![Modifier::Direction(fb), Modifier::Direction(rl)]
    } else if y.abs() > x.abs() {
        vec![Modifier::Most(fb, if x > 0 { '^' } else { '_' })]
    } else {
        vec![Modifier::Most(rl, if y > 0 { '^' } else { '_' })]
    }
}

/// One term: the modes' letters, the direction letters, the atom and its count (none for
/// one step or for `R`, `B` and `Q` riding; `0` for any other atom riding).
fn term(modes: TermModes, dirs: Vec<Modifier>, atom: Atom, reach: Distance) -> Term {
    let range = match reach {
        Distance::Steps(n) if n > 1 => Range::Steps(n),
        Distance::Ride if !matches!(atom, Atom::R | Atom::B | Atom::Q) => Range::Unlimited,
        Distance::Leap | Distance::Steps(_) | Distance::Ride => Range::Default,
    };
    Term::new([modes.modifiers(), dirs].concat(), atom, range)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::directions::symmetric;
    use crate::betza::parse;

    fn piece(yaml: &str) -> UrcPiece {
        let mut pieces = read_yaml(yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
        assert_eq!(pieces.len(), 1);
        pieces.remove(0)
    }

    fn betza_of(moves: &str) -> String {
        piece(&format!("p:\n  name: P\n  symbol: P\n  moves:\n{moves}")).betza
    }

    fn error(yaml: &str) -> String {
        read_yaml(yaml).expect_err(yaml).to_string()
    }

    const KNIGHT: &str = "knight:
  name: \"Knight\"
  symbol: \"N\"
  value: 3
  moves:
    - type: leap
      vectors: [[1, 2], [1, -2], [-1, 2], [-1, -2], [2, 1], [2, -1], [-2, 1], [-2, -1]]
";

    #[test]
    fn a_symbol_is_one_or_two_characters_a_reader_sees() {
        for seen in ["P", "Pa", "♞", "é", "e\u{301}", "象", "☗P", "1"] {
            assert!(is_visible_symbol(seen), "{seen:?}");
        }
        for unseen in [
            "",
            "Pawn",
            " ",
            "P ",
            "\t",
            "\u{200b}",
            "P\u{200d}",
            "\u{feff}",
            "\u{301}",
            "\u{301}e",
            "\u{e000}",
            "\u{7f}",
            "\u{2028}",
            "\u{a0}",
            "\u{61c}",
        ] {
            assert!(!is_visible_symbol(unseen), "{unseen:?}");
        }
    }

    #[test]
    fn the_seeds_knight_is_n() {
        let knight = piece(KNIGHT);
        assert_eq!(knight.id, "knight");
        assert_eq!(knight.betza, "N");
        assert_eq!(knight.definition.name, "Knight");
        assert_eq!(knight.definition.value, Some(3.0));
        assert!(!knight.definition.royal);
        assert_eq!(knight.definition.special_rules, None);
    }

    #[test]
    fn every_field_reads() {
        let p = piece(
            "king:
  name: King
  symbol: K
  value: 1000.5
  royal: true
  description: It must not be taken.
  moves:
    - { type: slide, directions: [[0, 1], [1, 1]], range: 1, move_only: true, initial_only: true }
    - { type: leap, vectors: [[2, 0]], capture_only: true }
    - { type: hopper, directions: [[0, 1]], hurdle_count: 1, land_distance: 1, move_only: true, initial_only: true }
  special_rules:
    en_passant: true
    promotion: { rank: 8, options: [queen, knight] }
    castling: { kingside: true, queenside: false }
",
        );
        let d = &p.definition;
        assert_eq!(d.value, Some(1000.5));
        assert!(d.royal);
        assert_eq!(d.description.as_deref(), Some("It must not be taken."));
        assert_eq!(
            d.moves[0],
            UrcMove::Slide {
                directions: vec![[0, 1], [1, 1]],
                range: UrcRange::Squares(1),
                move_only: true,
                capture_only: false,
                initial_only: true
            }
        );
        assert_eq!(
            d.moves[1],
            UrcMove::Leap {
                vectors: vec![[2, 0]],
                move_only: false,
                capture_only: true,
                initial_only: false
            }
        );
        assert_eq!(
            d.moves[2],
            UrcMove::Hopper {
                directions: vec![[0, 1]],
                hurdle_count: 1,
                land_distance: 1,
                move_only: true,
                capture_only: false,
                initial_only: true
            }
        );
        let rules = d.special_rules.as_ref().expect("given");
        assert!(rules.en_passant);
        assert_eq!(
            rules.promotion,
            Some(UrcPromotion {
                rank: 8,
                options: vec!["queen".into(), "knight".into()]
            })
        );
        assert_eq!(
            rules.castling,
            Some(UrcCastling {
                kingside: true,
                queenside: false
            })
        );
        assert_eq!(p.betza, "imf^K|cerD|imgfR");
    }

    #[test]
    fn defaults_are_the_schemas() {
        let p = piece(
            "g:\n  name: G\n  symbol: G\n  moves:\n    - { type: hopper, directions: [[1, 0]] }\n    - { type: slide, directions: [[0, 1]] }\n",
        );
        assert_eq!(
            p.definition.moves[0],
            UrcMove::Hopper {
                directions: vec![[1, 0]],
                hurdle_count: 1,
                land_distance: 1,
                move_only: false,
                capture_only: false,
                initial_only: false
            }
        );
        assert!(matches!(
            p.definition.moves[1],
            UrcMove::Slide {
                range: UrcRange::Unlimited,
                ..
            }
        ));
        assert_eq!(p.definition.value, None);
        assert_eq!(p.betza, "grR|fR");
    }

    #[test]
    fn pieces_keep_the_files_order() {
        let ids: Vec<String> = read_yaml(
            "z: { name: Z, symbol: Z, moves: [{ type: leap, vectors: [[0, 1]] }] }\na: { name: A, symbol: A, moves: [{ type: leap, vectors: [[1, 1]] }] }\n",
        )
        .expect("valid")
        .into_iter()
        .map(|p| p.id)
        .collect();
        assert_eq!(ids, ["z", "a"]);
    }

    #[test]
    fn the_seeds_pawn_is_the_chess_pawn() {
        let pawn = betza_of(
            "    - { type: slide, directions: [[0, 1]], range: 1, move_only: true }
    - { type: slide, directions: [[0, 1]], range: 2, move_only: true, initial_only: true }
    - { type: slide, directions: [[1, 1], [-1, 1]], range: 1, capture_only: true }
  special_rules:
    en_passant: true
    promotion: { rank: 8, options: [queen, rook, bishop, knight] }
",
        );
        assert_eq!(pawn, "mfW|imfW2|cefF");
    }

    #[test]
    fn a_slide_rides_or_counts() {
        let slide = |dirs: &str, range: &str| {
            betza_of(&format!(
                "    - {{ type: slide, directions: {dirs}, range: {range} }}\n"
            ))
        };
        let all8 = "[[1,0],[-1,0],[0,1],[0,-1],[1,1],[1,-1],[-1,1],[-1,-1]]";
        assert_eq!(slide(all8, "unlimited"), "Q");
        assert_eq!(slide(all8, "1"), "K");
        assert_eq!(slide(all8, "3"), "K3");
        assert_eq!(slide("[[0,1],[0,-1],[1,0],[-1,0]]", "unlimited"), "R");
        assert_eq!(slide("[[1,1],[-1,-1]]", "unlimited"), "frblB");
        assert_eq!(slide("[[0,1],[1,1],[-1,1]]", "unlimited"), "fQ");
        assert_eq!(slide("[[0,1],[1,1]]", "2"), "f^K2");
        assert_eq!(slide("[[0,1],[1,-1]]", "unlimited"), "fR|brB");
        assert_eq!(slide("[[1,2]]", "unlimited"), "f^N0");
        assert_eq!(slide("[[1,2],[2,1],[-1,-2],[-2,-1]]", "2"), "frblN2");
        assert_eq!(slide("[[2,0]]", "unlimited"), "rD0");
        assert_eq!(slide("[[1,4],[4,1]]", "unlimited"), "fr(1,4)0");
        assert_eq!(slide("[[0,1],[1,2]]", "4"), "fW4|f^N4");
    }

    #[test]
    fn a_leap_takes_its_atoms_leaps() {
        let leap = |v: &str| betza_of(&format!("    - {{ type: leap, vectors: {v} }}\n"));
        assert_eq!(leap("[[0,1]]"), "fW");
        assert_eq!(leap("[[0,2],[0,-2],[2,0],[-2,0]]"), "D");
        assert_eq!(leap("[[1,2],[-1,2]]"), "fN");
        assert_eq!(leap("[[1,2],[2,1]]"), "frN");
        assert_eq!(leap("[[1,2]]"), "f^N");
        assert_eq!(leap("[[3,1],[-3,1],[1,3],[-1,3]]"), "fhM");
        assert_eq!(
            leap("[[1,5],[5,1],[-1,-5],[-5,-1],[1,-5],[5,-1],[-1,5],[-5,1]]"),
            "(1,5)"
        );
        assert_eq!(leap("[[0,1],[1,1]]"), "f^K");
        assert_eq!(
            leap("[[1,2],[1,2]]"),
            "f^N",
            "a repeated vector counts once"
        );
    }

    #[test]
    fn every_subset_of_an_atoms_leaps_converts_exactly() {
        for (a, b) in [(0, 1), (1, 1), (1, 2), (0, 3), (2, 5)] {
            let all = symmetric(a, b);
            for mask in 1u32..(1 << all.len()) {
                let chosen: Vec<[i32; 2]> = all
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| mask & (1 << k) != 0)
                    .map(|(_, &(x, y))| [x, y])
                    .collect();
                let def = UrcDefinition {
                    name: "x".into(),
                    symbol: "X".into(),
                    value: None,
                    royal: false,
                    description: None,
                    moves: vec![UrcMove::Leap {
                        vectors: chosen.clone(),
                        move_only: false,
                        capture_only: false,
                        initial_only: false,
                    }],
                    special_rules: None,
                };
                let betza = to_betza(&def).unwrap_or_else(|e| panic!("{chosen:?}: {e}"));
                let mut reached: Vec<Leap> =
                    crate::betza::model::chains(&parse(&betza).expect("reads"))
                        .iter()
                        .flat_map(|c| c.legs[0].leaps.clone())
                        .collect();
                reached.sort_unstable();
                let mut want: Vec<Leap> = chosen.iter().map(|&[x, y]| (x, y)).collect();
                want.sort_unstable();
                assert_eq!(reached, want, "{betza}");
            }
        }
    }

    /// Every subset of some atoms' leaps (a king's too: wazir and ferz together).
    fn leap_subsets() -> Vec<Vec<[i32; 2]>> {
        let king = [symmetric(0, 1), symmetric(1, 1)].concat();
        let mut out = Vec::new();
        for all in [symmetric(0, 1), symmetric(1, 2), symmetric(2, 5), king] {
            for mask in 1u32..(1 << all.len()) {
                out.push(
                    all.iter()
                        .enumerate()
                        .filter(|(k, _)| mask & (1 << k) != 0)
                        .map(|(_, &(x, y))| [x, y])
                        .collect(),
                );
            }
        }
        out
    }

    #[test]
    fn every_conversion_prints_betza_that_reads_back_as_the_same_tree() {
        for chosen in leap_subsets() {
            let hopper = |hurdle_count, land_distance| UrcMove::Hopper {
                directions: chosen.clone(),
                hurdle_count,
                land_distance,
                move_only: false,
                capture_only: true,
                initial_only: true,
            };
            let moves = vec![
                UrcMove::Leap {
                    vectors: chosen.clone(),
                    move_only: false,
                    capture_only: true,
                    initial_only: false,
                },
                UrcMove::Slide {
                    directions: chosen.clone(),
                    range: UrcRange::Squares(3),
                    move_only: true,
                    capture_only: false,
                    initial_only: false,
                },
                hopper(1, 1),
                hopper(2, 2),
            ];
            let def = UrcDefinition {
                name: "x".into(),
                symbol: "X".into(),
                value: None,
                royal: false,
                description: None,
                moves,
                special_rules: Some(SpecialRules {
                    en_passant: true,
                    ..SpecialRules::default()
                }),
            };
            let tree = convert(&def).unwrap_or_else(|e| panic!("{chosen:?}: {e}"));
            let printed = tree.to_string();
            assert_eq!(parse(&printed), Ok(tree), "{chosen:?}: {printed}");
        }
    }

    #[test]
    fn a_selector_picks_its_one_leap_of_any_atom_on_the_widest_board() {
        let limit = i32::from(MAX_SIDE) - 1;
        for b in 1..=limit {
            for a in 0..=b {
                let (ride, step) = hop_atoms(a, b);
                for leap in symmetric(a, b) {
                    for atom in [ride, step] {
                        assert_eq!(
                            selected(&selector(leap), atom),
                            Some(vec![leap]),
                            "{atom} {leap:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn modes_become_letters() {
        assert_eq!(
            betza_of(
                "    - { type: leap, vectors: [[0,1]], move_only: true, initial_only: true }\n"
            ),
            "imfW"
        );
        assert_eq!(
            betza_of("    - { type: slide, directions: [[1,1]], capture_only: true }\n"),
            "cfrB"
        );
        assert_eq!(
            betza_of(
                "    - { type: hopper, directions: [[1,1],[-1,-1],[1,-1],[-1,1]], capture_only: true }\n"
            ),
            "cgB"
        );
    }

    #[test]
    fn hoppers_over_more_pieces_or_further_become_chains() {
        let hopper = |fields: &str| {
            betza_of(&format!(
                "    - {{ type: hopper, directions: [[1,0],[-1,0],[0,1],[0,-1],[1,1],[1,-1],[-1,1],[-1,-1]], {fields} }}\n"
            ))
        };
        assert_eq!(hopper("land_distance: 1"), "gQ");
        assert_eq!(hopper("land_distance: 2"), "gQ-!sK");
        assert_eq!(hopper("land_distance: 3, move_only: true"), "gQ-!sK-!msK");
        let forward = |fields: &str| {
            betza_of(&format!(
                "    - {{ type: hopper, directions: [[0,1],[1,1]], {fields} }}\n"
            ))
        };
        assert_eq!(
            forward("hurdle_count: 2, capture_only: true, initial_only: true"),
            "igfR+!bW+!cgfR|igfrB+!blF+!cgfrB"
        );
        assert_eq!(
            forward("hurdle_count: 3, land_distance: 2"),
            "gfR+!bW+!gfR+!bW+!gfR-!sW|gfrB+!blF+!gfrB+!blF+!gfrB-!sF"
        );
        assert_eq!(
            betza_of(
                "    - { type: hopper, directions: [[1,2],[2,5]], hurdle_count: 2, land_distance: 2 }\n"
            ),
            "gf^N0+!b_N+!gf^N0-!sN|gf^(2,5)0+!b_(2,5)+!gf^(2,5)0-!s(2,5)"
        );
    }

    #[test]
    fn en_passant_marks_only_capture_only_slides_and_leaps() {
        let b = betza_of(
            "    - { type: leap, vectors: [[1,1]], capture_only: true }
    - { type: slide, directions: [[0,1]], range: 2, capture_only: true }
    - { type: leap, vectors: [[0,1]] }
    - { type: hopper, directions: [[0,1]], capture_only: true }
  special_rules: { en_passant: true }
",
        );
        assert_eq!(b, "cefrF|cefW2|fW|cgfR");
    }

    #[test]
    fn promotion_and_castling_do_not_change_the_betza() {
        let plain = betza_of("    - { type: leap, vectors: [[0,1]] }\n");
        let with = betza_of(
            "    - { type: leap, vectors: [[0,1]] }\n  special_rules: { promotion: { rank: 8, options: [q] }, castling: { kingside: true } }\n",
        );
        assert_eq!(plain, with);
    }

    #[test]
    fn refusals_name_the_field_and_value() {
        let moves = |m: &str| {
            error(&format!(
                "p:\n  name: P\n  symbol: P\n  moves:\n    - {m}\n    - {{ type: leap, vectors: [[0, 1]] }}\n"
            ))
        };
        assert_eq!(
            moves("{ type: leap, vectors: [[0,1]], move_only: true, capture_only: true }"),
            "5:7: piece p: move 1 (leap): move_only and capture_only are both true: the move could end nowhere"
        );
        assert_eq!(
            moves("{ type: hopper, directions: [[0,1]], hurdle_count: 0 }"),
            "5:7: piece p: move 1 (hopper): hurdle_count 0: a hopper hops at least one piece (a slide hops none)"
        );
        assert_eq!(
            moves("{ type: hopper, directions: [[0,1]], land_distance: 0 }"),
            "5:7: piece p: move 1 (hopper): land_distance 0: a hopper lands beyond its last hurdle (1: just beyond)"
        );
        assert_eq!(
            moves("{ type: hopper, directions: [[0,1]], hurdle_count: 20, land_distance: 6 }"),
            "5:7: piece p: move 1 (hopper): hurdle_count 20 and land_distance 6 need 27 squares in a line: no board is wider than 26"
        );
        assert!(
            moves("{ type: hopper, directions: [[0,1]], hurdle_count: 4294967295, land_distance: 4294967295 }")
                .contains("need 8589934591 squares"),
            "no overflow"
        );
        assert!(
            moves("{ type: hopper, directions: [[0,1]], hurdle_count: 2, move_only: true, capture_only: true }")
                .contains("both true")
        );
        assert_eq!(
            moves("{ type: slide, directions: [[0,1]], range: 0 }"),
            "5:7: piece p: move 1 (slide): range 0: expected \"unlimited\" or 1 to 1000 squares"
        );
        assert!(moves("{ type: slide, directions: [[0,1]], range: 1001 }").contains("range 1001"));
        assert_eq!(
            moves("{ type: slide, directions: [] }"),
            "5:7: piece p: move 1 (slide): directions is empty"
        );
        assert_eq!(
            moves("{ type: leap, vectors: [[0, 0]] }"),
            "5:7: piece p: move 1 (leap): vectors: [0, 0] goes nowhere"
        );
        assert_eq!(
            moves("{ type: leap, vectors: [[26, 1]] }"),
            "5:7: piece p: move 1 (leap): vectors: [26, 1] is too long: each component lies within ±25 (no board is wider than 26 squares)"
        );
        assert!(
            moves("{ type: leap, vectors: [[-2147483648, 1]] }").contains("is too long"),
            "no overflow"
        );
        assert_eq!(
            error("p:\n  name: P\n  symbol: P\n  moves: []\n"),
            "4:10: piece p: moves is empty: a piece needs at least one move"
        );
        assert_eq!(
            error("p:\n  name: P\n  symbol: Pawn\n  moves: [{ type: leap, vectors: [[0, 1]] }]\n"),
            "3:11: piece p: symbol \"Pawn\": expected one or two visible characters"
        );
        assert_eq!(
            error(
                "p:\n  name: P\n  symbol: P\n  moves: [{ type: leap, vectors: [[0, 1]] }]\n  special_rules:\n    en_passant: true\n"
            ),
            "6:5: piece p: special_rules.en_passant: true needs a capture_only slide or leap to capture en passant with"
        );
    }

    #[test]
    fn errors_carry_the_line_and_column() {
        let bad_key = error("p:\n  name: P\n  symbol: P\n  colour: red\n  moves: []\n");
        assert!(bad_key.starts_with("4:3: "), "{bad_key}");
        assert!(bad_key.contains("colour"), "{bad_key}");
        let bad_type = error("p:\n  name: P\n  symbol: P\n  royal: maybe\n  moves: []\n");
        assert!(bad_type.starts_with("4:10: "), "{bad_type}");
        let bad_yaml = error("p:\n  name: [P\n  symbol: P\n");
        let e = read_yaml("p:\n  name: [P\n  symbol: P\n").expect_err("bad");
        assert!(e.span.is_some(), "{bad_yaml}");
        let bad_move_key = error(
            "p:\n  name: P\n  symbol: P\n  moves:\n    - { type: leap, vectors: [[0,1]], range: 2 }\n",
        );
        assert!(bad_move_key.contains("range"), "{bad_move_key}");
        let bad_tag = error("p:\n  name: P\n  symbol: P\n  moves:\n    - { type: fly }\n");
        assert!(bad_tag.contains("fly"), "{bad_tag}");
        let bad_range = error(
            "p:\n  name: P\n  symbol: P\n  moves:\n    - { type: slide, directions: [[0,1]], range: far }\n",
        );
        assert!(bad_range.contains("unlimited"), "{bad_range}");
        let duplicate = error(
            "p: { name: P, symbol: P, moves: [{ type: leap, vectors: [[0,1]] }] }\np: { name: P, symbol: P, moves: [{ type: leap, vectors: [[0,1]] }] }\n",
        );
        assert!(duplicate.starts_with("2:"), "{duplicate}");
        assert_eq!(
            error(""),
            "no pieces: a URC file is a map of piece ids to definitions"
        );
        assert!(error("- a\n- b\n").contains("map"));
    }

    #[test]
    fn an_error_without_a_place_is_its_message() {
        let e = UrcError {
            span: None,
            kind: UrcErrorKind::NoPieces,
        };
        assert_eq!(
            e.to_string(),
            "no pieces: a URC file is a map of piece ids to definitions"
        );
    }

    #[test]
    fn a_toml_table_reads_as_a_definition() {
        let def: UrcDefinition = toml::from_str(
            "name = \"Knight\"\nsymbol = \"N\"\nmoves = [{ type = \"leap\", vectors = [[1, 2], [2, 1]] }, { type = \"slide\", directions = [[0, 1]], range = 2 }]\n",
        )
        .expect("valid");
        assert_eq!(to_betza(&def).expect("converts"), "frN|fW2");
        let e = toml::from_str::<UrcDefinition>(
            "name = \"K\"\nsymbol = \"K\"\nmoves = [{ type = \"slide\", directions = [[0, 1]], range = \"far\" }]\n",
        )
        .expect_err("bad range");
        assert!(e.to_string().contains("unlimited"), "{e}");
    }

    #[test]
    fn a_refusal_is_typed_and_placed() {
        let e = read_yaml(
            "p:\n  name: P\n  symbol: P\n  moves:\n    - { type: hopper, directions: [[0,1]], hurdle_count: 0 }\n",
        )
        .expect_err("no hurdle");
        assert_eq!(e.span, Some(Span::at(5, 7)));
        assert_eq!(
            e.kind,
            UrcErrorKind::Piece {
                id: "p".into(),
                refusal: UrcRefusal::Move {
                    number: 1,
                    kind: "hopper",
                    problem: UrcMoveProblem::NoHurdle,
                },
            }
        );
        assert_eq!(
            UrcMoveProblem::TooFar {
                field: "vectors",
                x: 26,
                y: 1
            }
            .to_string(),
            "vectors: [26, 1] is too long: each component lies within ±25 (no board is wider than 26 squares)"
        );
    }
}
