//! The level format's shape, written once: every key, its type, whether it is required,
//! which mode it belongs to and what it means.
//!
//! The same description does three things:
//! - [`check`] walks a parsed TOML document and reports every unknown key, missing key and
//!   value of the wrong type at its position, then drops the bad entries so that the rest
//!   of the level can still be read and checked;
//! - [`json_schema`] writes it as a JSON Schema (`levels/schema.json`, which editors such
//!   as taplo and Even Better TOML use to check and complete level files as they are typed);
//! - [`reference`] writes it as the README's reference table.

use super::{LevelErrorKind, Needed};
use std::fmt::Write;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// Which levels a key belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelMode {
    /// Both modes.
    Any,
    /// Grid levels only.
    Grid,
    /// Continuous levels only.
    Continuous,
}

/// What a key holds.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// Any string.
    Text,
    /// A string matching a pattern (given as a regular expression for the JSON Schema and
    /// as words for people).
    Pattern(&'static str, &'static str),
    /// One of these strings.
    Choice(&'static [&'static str]),
    /// A whole number in a range.
    Integer(i64, i64),
    /// A positive number (an integer is accepted too).
    Positive,
    /// `true` or `false`.
    Boolean,
    /// An array of strings, each matching the shape.
    List(&'static Shape),
    /// A table with these keys.
    Table(&'static [Field]),
    /// A table whose keys match the pattern (regular expression, words), each holding the
    /// shape.
    Map(&'static str, &'static str, &'static Shape),
    /// A string or a table of the shape (the table is checked by its own reader).
    TextOrTable(&'static str),
}

/// One key of a table.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The key.
    pub key: &'static str,
    /// What it holds.
    pub shape: Shape,
    /// The levels that must have it: [`LevelMode::Any`] for every level, `None` for none.
    pub required: Option<LevelMode>,
    /// The levels it belongs to.
    pub mode: LevelMode,
    /// What a level of the other mode writes instead, for the message that refuses it there
    /// (empty: nothing).
    pub instead: &'static str,
    /// What it means.
    pub doc: &'static str,
    /// Its default, as people read it (empty: none).
    pub default: &'static str,
}

const fn field(key: &'static str, shape: Shape, doc: &'static str) -> Field {
    Field {
        key,
        shape,
        required: None,
        mode: LevelMode::Any,
        instead: "",
        doc,
        default: "",
    }
}

const fn required(mut f: Field) -> Field {
    f.required = Some(LevelMode::Any);
    f
}

/// Required in levels of `mode` only.
const fn required_in(mut f: Field, mode: LevelMode) -> Field {
    f.required = Some(mode);
    f
}

/// A key of one mode, and what the other mode writes instead.
const fn instead(mut f: Field, words: &'static str) -> Field {
    f.instead = words;
    f
}

const fn grid(mut f: Field) -> Field {
    f.mode = LevelMode::Grid;
    f
}

const fn continuous(mut f: Field) -> Field {
    f.mode = LevelMode::Continuous;
    f
}

const fn default(mut f: Field, value: &'static str) -> Field {
    f.default = value;
    f
}

const LETTER: Shape = Shape::Pattern("^[A-Za-z]$", "one piece letter");

const BOARD: &[Field] = &[
    required(field(
        "files",
        Shape::Integer(1, 26),
        "Files (columns), 1 to 26.",
    )),
    required(field(
        "ranks",
        Shape::Integer(1, 26),
        "Ranks (rows), 1 to 26.",
    )),
];

const CONTINUOUS: &[Field] = &[
    default(
        field(
            "square",
            Shape::Positive,
            "Side of a nominal square, in units of R (the disc radius).",
        ),
        "2√2",
    ),
    default(
        field("king_reach", Shape::Positive, "How far the king slides."),
        "4",
    ),
    default(
        field(
            "knight_distance",
            Shape::Positive,
            "The radius of the knight's landing ring.",
        ),
        "√40",
    ),
    default(
        field(
            "pawn_step",
            Shape::Positive,
            "The longest pawn slide of a moved pawn.",
        ),
        "1 square",
    ),
    default(
        field(
            "pawn_first_step",
            Shape::Positive,
            "The longest pawn slide of an unmoved pawn.",
        ),
        "2 squares",
    ),
    default(
        field(
            "pawn_capture",
            Shape::Positive,
            "Forward and sideways reach of the pawn's capture capsules.",
        ),
        "1 square",
    ),
    default(
        field("min_move", Shape::Positive, "The shortest legal move."),
        "1",
    ),
    default(
        field(
            "promotion_line",
            Shape::Positive,
            "Distance of the promotion line from the far edge.",
        ),
        "1",
    ),
    default(
        field(
            "promotion",
            Shape::List(&LETTER),
            "The classic pawn's promotion choices: letters of pieces of the level that are not royal (Q R B N or its own); the first is the default.",
        ),
        "[\"Q\", \"R\", \"B\", \"N\"]",
    ),
    default(
        field(
            "castling_king_travel",
            Shape::Positive,
            "How far the king travels when castling.",
        ),
        "2 squares",
    ),
    default(
        field(
            "castling_rook_offset",
            Shape::Positive,
            "Where the rook lands past the king's landing.",
        ),
        "1 square",
    ),
];

const PROMOTION: &[Field] = &[
    required(field(
        "to",
        Shape::List(&LETTER),
        "The letters of the types it may become.",
    )),
    grid(instead(
        default(
            field(
                "zone",
                Shape::Integer(1, 26),
                "How many ranks at the far edge promote.",
            ),
            "1",
        ),
        "a continuous piece promotes on touching the line `[continuous] promotion_line`",
    )),
    grid(instead(
        default(
            field(
                "optional",
                Shape::Boolean,
                "Whether a move into the zone may decline to promote before the last rank.",
            ),
            "false",
        ),
        "a continuous piece promotes on touching the line `[continuous] promotion_line`",
    )),
];

/// A shipped picture's name or an SVG file's path.
const IMAGE_PATTERN: &str = "^([a-z0-9]+(-[a-z0-9]+)*|.+\\.svg)$";

const PIECE: &[Field] = &[
    default(
        field("name", Shape::Text, "The piece's name."),
        "the letter",
    ),
    default(
        field(
            "label",
            Shape::Pattern("^[A-Z]{1,4}$", "one to four upper-case letters A–Z"),
            "Its label: Game Courier's (grid), or the letters written on a continuous piece's picture when it has none of its own. White's; Black's is the lower case.",
        ),
        "the letter",
    ),
    default(
        field(
            "image",
            Shape::Pattern(
                IMAGE_PATTERN,
                "a shipped picture's name (lower case, words joined by '-') or an .svg file",
            ),
            "Its picture: a shipped one by name (`knight`), or an SVG file relative to the level.",
        ),
        "the shipped picture named after the piece, else (grid) one drawn from its moves or (continuous) the classic figure of K Q R B N P, else the man with its label",
    ),
    field(
        "betza",
        Shape::Text,
        "Its moves in Betza (docs/betza.md; on the continuous board, docs/continuous-rules.md). A grid piece has exactly one of betza, hasinu and urc.",
    ),
    grid(instead(
        field("hasinu", Shape::Text, "Its moves in Ħasínū notation."),
        "a continuous piece gives its moves in `betza`",
    )),
    grid(instead(
        field(
            "urc",
            Shape::TextOrTable("urc"),
            "Its URC definition: \"FILE.yaml#id\" (relative to the level) or an embedded table.",
        ),
        "a continuous piece gives its moves in `betza`",
    )),
    default(
        field(
            "royal",
            Shape::Boolean,
            "Whether checkmate protects it (losing it loses). In a continuous level the king is royal unless some piece says `royal = true`; then exactly those are.",
        ),
        "false",
    ),
    field(
        "promotion",
        Shape::Table(PROMOTION),
        "What it may become and where (continuous: on touching the promotion line).",
    ),
    grid(default(
        field(
            "value",
            Shape::Integer(0, crate::grid::values::MAX_VALUE as i64),
            "Its worth in centipawns (a pawn is about 100) to the computer opponent.",
        ),
        "estimated from its moves (`areachess check --values` shows it); 0 for a royal piece",
    )),
];

const PIECE_TABLE: Shape = Shape::Table(PIECE);

const CASTLING: &[Field] = &[
    default(
        field("king", Shape::Text, "The letter of the type that castles."),
        "\"K\"",
    ),
    default(
        field(
            "rook",
            Shape::Text,
            "The letter of the type it castles with.",
        ),
        "\"R\"",
    ),
    grid(instead(
        default(
            field(
                "king_steps",
                Shape::Integer(1, 25),
                "How far the king steps toward the rook.",
            ),
            "2",
        ),
        "a continuous king travels `[continuous] castling_king_travel`",
    )),
];

const RULES: &[Field] = &[
    required(field(
        "setup",
        Shape::Text,
        "The start position: a FEN (grid, or continuous with pieces on square centres) or a continuous POS.",
    )),
    field(
        "castling",
        Shape::Table(CASTLING),
        "Which pieces castle. Grid: the king steps toward an unmoved rook, which lands on the square the king crossed last; a grid level castles only if it says so. Continuous: the king slides toward an unmoved rook, which lands beside it (docs/continuous-rules.md); K with R unless it says otherwise.",
    ),
    grid(default(
        field(
            "stalemate",
            Shape::Choice(&["draw", "loss", "win"]),
            "What stalemate means for the stalemated side.",
        ),
        "\"draw\"",
    )),
    grid(default(
        field(
            "royal",
            Shape::Choice(&["checkmate", "capture"]),
            "Checkmate, or royal pieces may be left attacked and captured.",
        ),
        "\"checkmate\"",
    )),
    grid(default(
        field(
            "repetition",
            Shape::Integer(0, 20),
            "The occurrence of one position (same side to move and rights) that draws: 0 for never, else 2 to 20.",
        ),
        "3",
    )),
    grid(default(
        field(
            "move_rule",
            Shape::Integer(0, 1000),
            "So many moves by each side without a capture or a move of a piece that promotes draw; 0 for never.",
        ),
        "50",
    )),
    grid(default(
        field(
            "insufficient_material",
            Shape::Boolean,
            "Whether a position where neither side can give mate is drawn (as Fairy-Stockfish judges it).",
        ),
        "true",
    )),
];

/// The top level of a level file.
pub const LEVEL: &[Field] = &[
    required(field("name", Shape::Text, "The level's title.")),
    required(field(
        "mode",
        Shape::Choice(&["continuous", "grid"]),
        "Which rules: area-of-competence chess or a square grid.",
    )),
    default(
        field(
            "description",
            Shape::Text,
            "One paragraph for the level picker.",
        ),
        "\"\"",
    ),
    required(field("board", Shape::Table(BOARD), "The board's size.")),
    continuous(field(
        "continuous",
        Shape::Table(CONTINUOUS),
        "Rule lengths of continuous mode, in units of R; every key optional.",
    )),
    required_in(
        field(
            "pieces",
            Shape::Map(
                "^[A-Z]$",
                "one upper-case letter A–Z (White's FEN letter)",
                &PIECE_TABLE,
            ),
            "The piece types: [pieces.X] where X is White's FEN letter (Black's is the lower case). A continuous level keeps the classic K Q R B N P for the letters it does not declare.",
        ),
        LevelMode::Grid,
    ),
    required(field("rules", Shape::Table(RULES), "The setup and rules.")),
];

/// A problem found by [`check`]: where and what.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The byte range it is about.
    pub span: Range<usize>,
    /// What is wrong and what was expected.
    pub kind: LevelErrorKind,
}

/// Checks a parsed level against [`LEVEL`], dropping every entry that does not fit so that
/// the rest can be read. Returns the problems, and whether every required key is present
/// (if not, the level cannot be read further).
pub fn check(doc: &mut Spanned<DeTable<'_>>) -> (Vec<Problem>, bool) {
    let mode = match doc.get_ref().get("mode").map(|v| v.get_ref()) {
        Some(DeValue::String(s)) if s == "grid" => Some(LevelMode::Grid),
        Some(DeValue::String(s)) if s == "continuous" => Some(LevelMode::Continuous),
        _ => None,
    };
    let mut walk = Walk {
        mode,
        problems: Vec::new(),
        complete: true,
    };
    let span = doc.span();
    walk.table(doc.get_mut(), span, LEVEL, "");
    (walk.problems, walk.complete)
}

struct Walk {
    mode: Option<LevelMode>,
    problems: Vec<Problem>,
    complete: bool,
}

impl Field {
    /// Whether a level of `mode` must have it (a mode's own required keys are required only
    /// once the mode is known).
    fn required_of(&self, mode: Option<LevelMode>) -> bool {
        match self.required {
            Some(LevelMode::Any) => true,
            Some(own) => Some(own) == mode,
            None => false,
        }
    }
}

impl Walk {
    fn problem(&mut self, span: Range<usize>, kind: LevelErrorKind) {
        self.problems.push(Problem { span, kind });
    }

    fn applies(&self, f: &Field) -> bool {
        match (f.mode, self.mode) {
            (LevelMode::Any, _) | (_, None) => true,
            (m, Some(mode)) => m == mode,
        }
    }

    /// Checks a table's keys; `path` names it in messages (`""` for the top level).
    fn table(&mut self, table: &mut DeTable<'_>, span: Range<usize>, fields: &[Field], path: &str) {
        let keys: Vec<(String, Range<usize>)> = table
            .keys()
            .map(|k| (k.get_ref().to_string(), k.span()))
            .collect();
        let mut dropped_required = false;
        // Keys of the other mode, refused above.
        let mut other_modes = Vec::new();
        for (key, key_span) in &keys {
            let (key, key_span) = (key.clone(), key_span.clone());
            let full = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            let Some(f) = fields.iter().find(|f| f.key == key) else {
                let known: Vec<&'static str> = fields
                    .iter()
                    .filter(|f| self.applies(f))
                    .map(|f| f.key)
                    .collect();
                self.problem(
                    key_span,
                    LevelErrorKind::UnknownKey {
                        key: key.clone(),
                        table: path.to_string(),
                        known,
                    },
                );
                table.remove(key.as_str());
                continue;
            };
            if !self.applies(f) {
                self.problem(
                    key_span,
                    LevelErrorKind::OtherModesKey {
                        key: full,
                        belongs: f.mode,
                        instead: f.instead,
                    },
                );
                table.remove(key.as_str());
                other_modes.push(f.key);
                continue;
            }
            let value = table.get_mut(key.as_str()).expect("the key was listed");
            if !self.value(value, &f.shape, &full) {
                table.remove(key.as_str());
                dropped_required |= f.required_of(self.mode);
            }
        }
        if dropped_required {
            self.complete = false;
        }
        for f in fields {
            let present = keys.iter().any(|(k, _)| k == f.key);
            if f.required_of(self.mode) && !present {
                let needed = match f.shape {
                    Shape::Table(_) | Shape::Map(..) => Needed::Table(f.key),
                    _ => Needed::Key(f.key),
                };
                self.problem(
                    span.start..span.start,
                    LevelErrorKind::Missing {
                        table: path.to_string(),
                        needed,
                        doc: f.doc,
                    },
                );
                self.complete = false;
            }
        }
        if path.starts_with("pieces.") && path.matches('.').count() == 1 {
            let given: Vec<&'static str> = ["betza", "hasinu", "urc"]
                .into_iter()
                .filter(|k| table.get(*k).is_some())
                .collect();
            // Moves in a notation of the other mode are refused already: once is enough.
            let refused = other_modes.iter().any(|k| ["hasinu", "urc"].contains(k));
            if given.len() != 1 {
                if given.len() > 1 {
                    let kind = LevelErrorKind::ManyMoves {
                        table: path.to_string(),
                        given,
                    };
                    self.problem(span.start..span.start, kind);
                } else if !refused {
                    let ways = match self.mode {
                        Some(LevelMode::Continuous) => "`betza`",
                        _ => "one of `betza`, `hasinu` or `urc`",
                    };
                    self.problem(
                        span.start..span.start,
                        LevelErrorKind::NoMoves {
                            table: path.to_string(),
                            ways,
                        },
                    );
                }
                self.complete = false;
            }
        }
    }

    /// Checks one value; false if it does not fit (and should be dropped).
    fn value(&mut self, value: &mut Spanned<DeValue<'_>>, shape: &Shape, path: &str) -> bool {
        let span = value.span();
        let found = value.get_ref().type_str();
        match (shape, value.get_mut()) {
            (Shape::Text, DeValue::String(_)) => true,
            (Shape::Pattern(_, words), DeValue::String(s)) => {
                if pattern_matches(shape, s) {
                    true
                } else {
                    self.problem(
                        span,
                        LevelErrorKind::Pattern {
                            key: path.to_string(),
                            value: s.to_string(),
                            expected: words,
                        },
                    );
                    false
                }
            }
            (Shape::Choice(choices), DeValue::String(s)) => {
                if choices.contains(&s.as_ref()) {
                    true
                } else {
                    self.problem(
                        span,
                        LevelErrorKind::Choice {
                            key: path.to_string(),
                            value: s.to_string(),
                            choices,
                        },
                    );
                    false
                }
            }
            (Shape::Integer(..), DeValue::Integer(_)) => true,
            (Shape::Positive, DeValue::Integer(_) | DeValue::Float(_)) => true,
            (Shape::Boolean, DeValue::Boolean(_)) => true,
            (Shape::List(item), DeValue::Array(items)) => {
                let mut ok = true;
                for (n, v) in items.iter_mut().enumerate() {
                    ok &= self.value(v, item, &format!("{path}[{n}]"));
                }
                ok
            }
            (Shape::Table(fields), DeValue::Table(t)) => {
                self.table(t, span, fields, path);
                true
            }
            (Shape::Map(_, words, item), DeValue::Table(t)) => {
                let keys: Vec<(String, Range<usize>)> = t
                    .keys()
                    .map(|k| (k.get_ref().to_string(), k.span()))
                    .collect();
                for (key, key_span) in keys {
                    if !pattern_matches(shape, &key) {
                        self.problem(
                            key_span,
                            LevelErrorKind::MapKey {
                                key: key.clone(),
                                table: path.to_string(),
                                expected: words,
                            },
                        );
                        t.remove(key.as_str());
                        continue;
                    }
                    let v = t.get_mut(key.as_str()).expect("the key was listed");
                    if !self.value(v, item, &format!("{path}.{key}")) {
                        t.remove(key.as_str());
                    }
                }
                true
            }
            (Shape::TextOrTable(_), DeValue::String(_) | DeValue::Table(_)) => true,
            (shape, _) => {
                let expected = match shape {
                    Shape::Text | Shape::Pattern(..) | Shape::Choice(_) => "a string",
                    Shape::Integer(..) => "a whole number",
                    Shape::Positive => "a number",
                    Shape::Boolean => "true or false",
                    Shape::List(_) => "an array of strings",
                    Shape::Table(_) | Shape::Map(..) => "a table",
                    Shape::TextOrTable(_) => "a string or a table",
                };
                self.problem(
                    span,
                    LevelErrorKind::WrongType {
                        key: path.to_string(),
                        expected,
                        found,
                    },
                );
                false
            }
        }
    }
}

/// Whether `text` matches a pattern shape. The patterns used are simple: a character class
/// with a count, anchored.
fn pattern_matches(shape: &Shape, text: &str) -> bool {
    let pattern = match shape {
        Shape::Pattern(p, _) | Shape::Map(p, _, _) => *p,
        _ => return true,
    };
    let n = text.chars().count();
    match pattern {
        "^[A-Za-z]$" => n == 1 && text.chars().all(|c| c.is_ascii_alphabetic()),
        "^[A-Z]$" => n == 1 && text.chars().all(|c| c.is_ascii_uppercase()),
        "^[A-Z]{1,4}$" => (1..=4).contains(&n) && text.chars().all(|c| c.is_ascii_uppercase()),
        IMAGE_PATTERN => {
            crate::level::pictures::is_file(text)
                || (!text.is_empty()
                    && text.split('-').all(|w| {
                        !w.is_empty()
                            && w.chars()
                                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                    }))
        }
        other => unreachable!("pattern {other} has no matcher"),
    }
}

/// The level format as a JSON Schema (draft-07), for editors.
pub fn json_schema() -> String {
    let mut out = String::new();
    out.push_str("{\n");
    out.push_str("  \"$schema\": \"http://json-schema.org/draft-07/schema#\",\n");
    out.push_str("  \"title\": \"areachess level\",\n");
    out.push_str(
        "  \"description\": \"A level file of areachess: a continuous (area of competence) or grid (Betza) chess variant.\",\n",
    );
    out.push_str("  \"definitions\": {\n");
    out.push_str("    \"urc\": ");
    out.push_str(&urc_schema(4));
    out.push_str("\n  },\n");
    table_body(&mut out, LEVEL, 2, None);
    out.push_str(",\n  \"allOf\": [\n");
    for (n, (mode, own, other)) in [
        ("grid", LevelMode::Grid, LevelMode::Continuous),
        ("continuous", LevelMode::Continuous, LevelMode::Grid),
    ]
    .into_iter()
    .enumerate()
    {
        // Keys of the other mode are not allowed; required keys of this mode are required.
        let required: Vec<String> = LEVEL
            .iter()
            .filter(|f| f.required == Some(own))
            .map(|f| json_string(f.key))
            .collect();
        let _ = write!(
            out,
            "    {{\n      \"if\": {{ \"properties\": {{ \"mode\": {{ \"const\": \"{mode}\" }} }} }},\n      \"then\": {{\n        \"required\": [{}],\n        \"properties\": {{ {} }}\n      }}\n    }}{}\n",
            required.join(", "),
            forbidden(LEVEL, other).unwrap_or_default(),
            if n == 0 { "," } else { "" }
        );
    }
    out.push_str("  ]\n}\n");
    out
}

/// The JSON Schema properties that refuse the keys of levels of `other` mode among
/// `fields` and the tables inside them (`"king_steps": false`, nested); `None` if none.
fn forbidden(fields: &[Field], other: LevelMode) -> Option<String> {
    let entries: Vec<String> = fields
        .iter()
        .filter_map(|f| {
            let key = json_string(f.key);
            if f.mode == other {
                return Some(format!("{key}: false"));
            }
            match f.shape {
                Shape::Table(sub) => forbidden(sub, other)
                    .map(|inner| format!("{key}: {{ \"properties\": {{ {inner} }} }}")),
                Shape::Map(pattern, _, Shape::Table(sub)) => {
                    forbidden(sub, other).map(|inner| {
                        format!(
                            "{key}: {{ \"patternProperties\": {{ {}: {{ \"properties\": {{ {inner} }} }} }} }}",
                            json_string(pattern)
                        )
                    })
                }
                _ => None,
            }
        })
        .collect();
    (!entries.is_empty()).then(|| entries.join(", "))
}

/// The schema of an embedded URC piece definition (the URC piece schema; docs/levels.md).
fn urc_schema(indent: usize) -> String {
    let pad = " ".repeat(indent);
    let vector = "{ \"type\": \"array\", \"items\": { \"type\": \"integer\" }, \"minItems\": 2, \"maxItems\": 2 }";
    let vectors = format!("{{ \"type\": \"array\", \"items\": {vector} }}");
    let flags = "\"move_only\": { \"type\": \"boolean\" }, \"capture_only\": { \"type\": \"boolean\" }, \"initial_only\": { \"type\": \"boolean\" }";
    let slide = format!(
        "{{ \"type\": \"object\", \"additionalProperties\": false, \"required\": [\"type\", \"directions\"], \"properties\": {{ \"type\": {{ \"const\": \"slide\" }}, \"directions\": {vectors}, \"range\": {{ \"anyOf\": [{{ \"const\": \"unlimited\" }}, {{ \"type\": \"integer\", \"minimum\": 1 }}] }}, {flags} }} }}"
    );
    let leap = format!(
        "{{ \"type\": \"object\", \"additionalProperties\": false, \"required\": [\"type\", \"vectors\"], \"properties\": {{ \"type\": {{ \"const\": \"leap\" }}, \"vectors\": {vectors}, {flags} }} }}"
    );
    let hopper = format!(
        "{{ \"type\": \"object\", \"additionalProperties\": false, \"required\": [\"type\", \"directions\"], \"properties\": {{ \"type\": {{ \"const\": \"hopper\" }}, \"directions\": {vectors}, \"hurdle_count\": {{ \"type\": \"integer\", \"minimum\": 1 }}, \"land_distance\": {{ \"type\": \"integer\", \"minimum\": 1 }}, {flags} }} }}"
    );
    let special = "{ \"type\": \"object\", \"additionalProperties\": false, \"properties\": { \"en_passant\": { \"type\": \"boolean\" }, \"promotion\": { \"type\": \"object\", \"additionalProperties\": false, \"properties\": { \"rank\": { \"type\": \"integer\" }, \"options\": { \"type\": \"array\", \"items\": { \"type\": \"string\" } } } }, \"castling\": { \"type\": \"object\", \"additionalProperties\": false, \"properties\": { \"kingside\": { \"type\": \"boolean\" }, \"queenside\": { \"type\": \"boolean\" } } } } }";
    format!(
        "{{\n{pad}  \"description\": \"A piece in the URC piece schema.\",\n{pad}  \"type\": \"object\",\n{pad}  \"additionalProperties\": false,\n{pad}  \"required\": [\"name\", \"symbol\", \"moves\"],\n{pad}  \"properties\": {{\n{pad}    \"name\": {{ \"type\": \"string\" }},\n{pad}    \"symbol\": {{ \"type\": \"string\" }},\n{pad}    \"value\": {{ \"type\": \"number\" }},\n{pad}    \"royal\": {{ \"type\": \"boolean\" }},\n{pad}    \"description\": {{ \"type\": \"string\" }},\n{pad}    \"moves\": {{ \"type\": \"array\", \"items\": {{ \"anyOf\": [{slide}, {leap}, {hopper}] }} }},\n{pad}    \"special_rules\": {special}\n{pad}  }}\n{pad}}}"
    )
}

/// Writes `"type": "object"` and the properties of a table, without the braces.
fn table_body(out: &mut String, fields: &[Field], indent: usize, doc: Option<&str>) {
    let pad = " ".repeat(indent);
    if let Some(doc) = doc {
        let _ = writeln!(out, "{pad}\"description\": {},", json_string(doc));
    }
    let _ = writeln!(out, "{pad}\"type\": \"object\",");
    let _ = writeln!(out, "{pad}\"additionalProperties\": false,");
    let required: Vec<String> = fields
        .iter()
        .filter(|f| f.required == Some(LevelMode::Any))
        .map(|f| json_string(f.key))
        .collect();
    if !required.is_empty() {
        let _ = writeln!(out, "{pad}\"required\": [{}],", required.join(", "));
    }
    if std::ptr::eq(fields, PIECE) {
        let _ = writeln!(
            out,
            "{pad}\"oneOf\": [{{ \"required\": [\"betza\"] }}, {{ \"required\": [\"hasinu\"] }}, {{ \"required\": [\"urc\"] }}],"
        );
    }
    let _ = writeln!(out, "{pad}\"properties\": {{");
    for (n, f) in fields.iter().enumerate() {
        let _ = write!(out, "{pad}  {}: ", json_string(f.key));
        let mut doc = f.doc.to_string();
        if !f.default.is_empty() {
            let _ = write!(doc, " Default: {}.", f.default);
        }
        if f.mode == LevelMode::Grid {
            doc.push_str(" Grid levels only.");
        }
        if f.mode == LevelMode::Continuous {
            doc.push_str(" Continuous levels only.");
        }
        shape_schema(out, &f.shape, indent + 2, &doc);
        out.push_str(if n + 1 < fields.len() { ",\n" } else { "\n" });
    }
    let _ = write!(out, "{pad}}}");
}

fn shape_schema(out: &mut String, shape: &Shape, indent: usize, doc: &str) {
    let pad = " ".repeat(indent);
    let d = json_string(doc);
    match shape {
        Shape::Text => {
            let _ = write!(out, "{{ \"description\": {d}, \"type\": \"string\" }}");
        }
        Shape::Pattern(p, _) => {
            let _ = write!(
                out,
                "{{ \"description\": {d}, \"type\": \"string\", \"pattern\": {} }}",
                json_string(p)
            );
        }
        Shape::Choice(choices) => {
            let list: Vec<String> = choices.iter().map(|c| json_string(c)).collect();
            let _ = write!(
                out,
                "{{ \"description\": {d}, \"enum\": [{}] }}",
                list.join(", ")
            );
        }
        Shape::Integer(lo, hi) => {
            let _ = write!(
                out,
                "{{ \"description\": {d}, \"type\": \"integer\", \"minimum\": {lo}, \"maximum\": {hi} }}"
            );
        }
        Shape::Positive => {
            let _ = write!(
                out,
                "{{ \"description\": {d}, \"type\": \"number\", \"exclusiveMinimum\": 0 }}"
            );
        }
        Shape::Boolean => {
            let _ = write!(out, "{{ \"description\": {d}, \"type\": \"boolean\" }}");
        }
        Shape::List(item) => {
            let _ = write!(
                out,
                "{{ \"description\": {d}, \"type\": \"array\", \"minItems\": 1, \"items\": "
            );
            shape_schema(out, item, indent, "");
            out.push_str(" }");
        }
        Shape::Table(fields) => {
            out.push_str("{\n");
            table_body(out, fields, indent + 2, Some(doc));
            let _ = write!(out, "\n{pad}}}");
        }
        Shape::Map(p, _, item) => {
            let _ = write!(
                out,
                "{{\n{pad}  \"description\": {d},\n{pad}  \"type\": \"object\",\n{pad}  \"minProperties\": 1,\n{pad}  \"additionalProperties\": false,\n{pad}  \"patternProperties\": {{\n{pad}    {}: ",
                json_string(p)
            );
            shape_schema(out, item, indent + 4, "A piece type.");
            let _ = write!(out, "\n{pad}  }}\n{pad}}}");
        }
        Shape::TextOrTable(def) => {
            let _ = write!(
                out,
                "{{ \"description\": {d}, \"anyOf\": [{{ \"type\": \"string\", \"pattern\": \"#\" }}, {{ \"$ref\": \"#/definitions/{def}\" }}] }}"
            );
        }
    }
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The level format as Markdown tables, one per table of the format, for the README.
pub fn reference() -> String {
    let mut out = String::new();
    out.push_str("| key | type | mode | meaning | default |\n| --- | --- | --- | --- | --- |\n");
    rows(&mut out, LEVEL, "", LevelMode::Any);
    out
}

fn rows(out: &mut String, fields: &[Field], path: &str, parent: LevelMode) {
    for f in fields {
        let key = if path.is_empty() {
            f.key.to_string()
        } else {
            format!("{path}.{}", f.key)
        };
        let ty = match f.shape {
            Shape::Text => "string".to_string(),
            Shape::Pattern(_, words) => format!("string: {words}"),
            Shape::Choice(c) => c
                .iter()
                .map(|c| format!("`\"{c}\"`"))
                .collect::<Vec<_>>()
                .join(" "),
            Shape::Integer(lo, hi) => format!("integer {lo}–{hi}"),
            Shape::Positive => "number > 0".to_string(),
            Shape::Boolean => "boolean".to_string(),
            Shape::List(Shape::Choice(c)) => format!("array of {}", c.join(" ")),
            Shape::List(_) => "array of letters".to_string(),
            Shape::Table(_) => "table".to_string(),
            Shape::Map(_, words, _) => format!("tables keyed by {words}"),
            Shape::TextOrTable(_) => "string or table".to_string(),
        };
        let own = if f.mode == LevelMode::Any {
            parent
        } else {
            f.mode
        };
        let mode = match own {
            LevelMode::Any => "both",
            LevelMode::Grid => "grid",
            LevelMode::Continuous => "continuous",
        };
        let default = if let Some(mode) = f.required {
            match mode {
                LevelMode::Any => "required",
                LevelMode::Grid => "required in grid levels",
                LevelMode::Continuous => "required in continuous levels",
            }
            .to_string()
        } else if f.default.is_empty() {
            "none".to_string()
        } else if f.default.starts_with(['"', '['])
            || f.default.parse::<f64>().is_ok()
            || ["true", "false"].contains(&f.default)
        {
            format!("`{}`", f.default)
        } else {
            f.default.to_string()
        };
        let _ = writeln!(
            out,
            "| `{key}` | {ty} | {mode} | {} | {default} |",
            f.doc.replace('|', "\\|")
        );
        match f.shape {
            Shape::Table(sub) => rows(out, sub, &key, own),
            Shape::Map(_, _, Shape::Table(sub)) => rows(out, sub, &format!("{key}.X"), own),
            _ => {}
        }
    }
}
