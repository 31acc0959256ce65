//! The level format's shape, derived from the serde structs the loader reads (`LevelFile`
//! and the tables inside it): their doc comments say what each key means, their `schemars`
//! attributes add ranges, patterns, choices and defaults. `schemars` turns them into a JSON
//! Schema, generated once; everything here reads that one value.
//!
//! - [`check`] walks a parsed TOML document against it and reports every unknown key, missing
//!   key and value of the wrong type at its position, then drops the bad entries so that the
//!   rest of the level can still be read and checked (ranges are the readers' to check, with
//!   their own messages);
//! - [`json_schema`] writes it (`levels/schema.json`, which editors such as taplo and Even
//!   Better TOML use to check and complete level files as they are typed);
//! - [`reference`] writes it as docs/levels.md's reference table.
//!
//! Besides plain JSON Schema the structs say, in extension keys:
//!
//! | key | on | means |
//! | --- | --- | --- |
//! | `x-mode` | a key | only levels of this mode (`grid` or `continuous`) take it |
//! | `x-instead` | a key of one mode | what a level of the other mode writes instead, for the message that refuses it there |
//! | `x-required-in` | a key | levels of this mode must have it |
//! | `x-expected` | a string pattern | the pattern in words, as messages say it |
//! | `x-default` | a key | its default in words, where that is no value (`default` where it is) |
//!
//! A table with a `oneOf` of single `required` keys (a piece's `betza`, `hasinu` and `urc`)
//! must have exactly one of them. For validators, [`json_schema`] spells the mode keys out
//! as JSON Schema: an `allOf` of one `if`/`then` per mode.

use super::error::{LevelErrorKind, LevelMode, Needed};
use super::file::LevelFile;
use regex::Regex;
use schemars::Schema;
use schemars::generate::SchemaSettings;
use schemars::transform::{RecursiveTransform, Transform};
use serde_json::{Map, Value, json};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;
use std::ops::Range;
use std::sync::LazyLock;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

const MODE: &str = "x-mode";
const INSTEAD: &str = "x-instead";
const REQUIRED_IN: &str = "x-required-in";
const EXPECTED: &str = "x-expected";
const DEFAULT_WORDS: &str = "x-default";

static SCHEMA: LazyLock<Schema> = LazyLock::new(generate);

/// The schema's patterns, compiled once (a pattern that does not compile is left out, and
/// matches nothing; a test makes sure every one compiles).
static PATTERNS: LazyLock<HashMap<&'static str, Regex>> = LazyLock::new(|| {
    let mut written = Vec::new();
    patterns(root(), &mut written);
    written
        .into_iter()
        .filter_map(|p| Some((p, Regex::new(p).ok()?)))
        .collect()
});

/// Derives the schema from [`LevelFile`].
fn generate() -> Schema {
    let mut settings = SchemaSettings::draft07();
    // One tree to read, as a person reads the format: no `$ref`s to follow.
    settings.inline_subschemas = true;
    let mut schema = settings
        .into_generator()
        .into_root_schema_for::<LevelFile>();
    RecursiveTransform(for_toml).transform(&mut schema);
    RecursiveTransform(in_reading_order).transform(&mut schema);
    let by_mode = mode_rules(schema.as_value());
    schema.insert("allOf".into(), by_mode);
    schema
}

/// Fits a derived schema to TOML level files.
fn for_toml(schema: &mut Schema) {
    let Some(obj) = schema.as_object_mut() else {
        return;
    };
    // TOML has no null: a level leaves a key out to say none, which `required` already allows.
    if let Some(Value::Array(types)) = obj.get_mut("type") {
        types.retain(|t| t != "null");
        if let [only] = types.as_slice() {
            let only = only.clone();
            obj.insert("type".into(), only);
        }
    }
    if let Some(Value::Array(alternatives)) = obj.get_mut("anyOf") {
        alternatives.retain(|a| a.get("type").is_none_or(|t| t != "null"));
        if let [Value::Object(only)] = alternatives.as_slice() {
            let only = only.clone();
            obj.remove("anyOf");
            for (key, value) in only {
                obj.entry(key).or_insert(value);
            }
        }
    }
    if obj.get("default").is_some_and(Value::is_null) {
        obj.remove("default");
    }
    // How Rust stores a number (`int64`, `double`) is nothing to a level's author.
    obj.remove("format");
    // A doc comment's lines are one paragraph, as Markdown reads them.
    if let Some(Value::String(text)) = obj.get_mut("description") {
        *text = text.replace('\n', " ");
    }
}

/// Puts a schema's keywords in the order a person reads them: what it is first, then what it
/// holds (the order of its properties is the structs' and stays).
fn in_reading_order(schema: &mut Schema) {
    const ORDER: &[&str] = &[
        "$schema",
        "title",
        "description",
        "x-mode",
        "x-instead",
        "x-required-in",
        "type",
        "const",
        "enum",
        "pattern",
        "x-expected",
        "minimum",
        "exclusiveMinimum",
        "maximum",
        "minItems",
        "maxItems",
        "minProperties",
        "default",
        "x-default",
    ];
    let Some(obj) = schema.as_object_mut() else {
        return;
    };
    let rank = |key: &str| ORDER.iter().position(|k| *k == key).unwrap_or(ORDER.len());
    let mut entries: Vec<(String, Value)> = std::mem::take(obj).into_iter().collect();
    entries.sort_by_key(|(key, _)| rank(key));
    obj.extend(entries);
}

/// The rule of each mode, for validators: a level must have its mode's required keys and may
/// not have the other mode's keys, nested as in the schema.
fn mode_rules(root: &Value) -> Value {
    let rule = |mode: LevelMode, other: LevelMode| {
        let required: Vec<&str> = properties(root)
            .filter(|(_, p)| mode_of(p, REQUIRED_IN) == Some(mode))
            .map(|(key, _)| key)
            .collect();
        let mut then = json!({ "properties": refused(root, other) });
        if !required.is_empty() {
            then["required"] = json!(required);
        }
        json!({ "if": { "properties": { "mode": { "const": mode.word() } } }, "then": then })
    };
    json!([
        rule(LevelMode::Grid, LevelMode::Continuous),
        rule(LevelMode::Continuous, LevelMode::Grid)
    ])
}

/// The properties of `schema`, and of the tables inside it, that belong to `mode`, each as
/// `false` (refused), nested as in `schema`.
fn refused(schema: &Value, mode: LevelMode) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, p) in properties(schema) {
        if mode_of(p, MODE) == Some(mode) {
            out.insert(key.into(), Value::Bool(false));
        } else if let Some(inner) = refused_inside(p, mode) {
            out.insert(key.into(), inner);
        }
    }
    out
}

/// What `refused` says of a table or of each entry of a map, if anything.
fn refused_inside(schema: &Value, mode: LevelMode) -> Option<Value> {
    if schema.get("properties").is_some() {
        let inner = refused(schema, mode);
        (!inner.is_empty()).then(|| json!({ "properties": inner }))
    } else {
        let entry = schema
            .get("additionalProperties")
            .filter(|e| e.is_object())?;
        refused_inside(entry, mode).map(|inner| json!({ "additionalProperties": inner }))
    }
}

/// Every `pattern` in a schema and its subschemas.
fn patterns(schema: &'static Value, out: &mut Vec<&'static str>) {
    match schema {
        Value::Object(obj) => {
            for (key, v) in obj {
                match (key.as_str(), v) {
                    ("pattern", Value::String(p)) => out.push(p),
                    _ => patterns(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| patterns(v, out)),
        _ => {}
    }
}

/// The level format's JSON Schema.
fn root() -> &'static Value {
    SCHEMA.as_value()
}

/// Whether `text` matches the schema's pattern `pattern`.
fn matches(pattern: &str, text: &str) -> bool {
    PATTERNS.get(pattern).is_some_and(|r| r.is_match(text))
}

/// A schema, its `$ref` followed.
fn resolve(schema: &'static Value) -> &'static Value {
    schema
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix('#'))
        .and_then(|pointer| root().pointer(pointer))
        .unwrap_or(schema)
}

/// The properties of a table's schema, in the structs' order.
fn properties(schema: &Value) -> impl Iterator<Item = (&str, &Value)> {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(k, v)| (k.as_str(), v))
}

fn text<'a>(schema: &'a Value, key: &str) -> Option<&'a str> {
    schema.get(key).and_then(Value::as_str)
}

/// The mode an extension key (`x-mode`, `x-required-in`) of a schema names.
fn mode_of(schema: &Value, key: &str) -> Option<LevelMode> {
    text(schema, key).and_then(LevelMode::named)
}

fn strings(value: Option<&Value>) -> Vec<&str> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

/// The keys of which a table must have exactly one: its `oneOf` of single `required` keys.
fn exactly_one_of(schema: &'static Value) -> Vec<&'static str> {
    schema
        .get("oneOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(
            |alternative| match strings(alternative.get("required")).as_slice() {
                [key] => Some(*key),
                _ => None,
            },
        )
        .collect()
}

/// What a value of the schema is, in words: `a string`, `a table`, `a string or a table`.
fn type_words(schema: &'static Value) -> String {
    let schema = resolve(schema);
    match text(schema, "type") {
        Some("string") => "a string".into(),
        Some("integer") => "a whole number".into(),
        Some("number") => "a number".into(),
        Some("boolean") => "true or false".into(),
        Some("array") => match schema.get("items").map(|i| text(resolve(i), "type")) {
            Some(Some("string")) => "an array of strings".into(),
            _ => "an array".into(),
        },
        Some("object") => "a table".into(),
        _ => alternatives(schema)
            .iter()
            .map(type_words)
            .collect::<Vec<_>>()
            .join(" or "),
    }
}

/// The alternatives of a union (`anyOf`, `oneOf`).
fn alternatives(schema: &'static Value) -> &'static [Value] {
    schema
        .get("anyOf")
        .or_else(|| schema.get("oneOf"))
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Whether a TOML value has the schema's type.
fn has_type(schema: &'static Value, value: &DeValue<'_>) -> bool {
    let schema = resolve(schema);
    match (text(schema, "type"), value) {
        (Some("string"), DeValue::String(_))
        | (Some("integer"), DeValue::Integer(_))
        | (Some("number"), DeValue::Integer(_) | DeValue::Float(_))
        | (Some("boolean"), DeValue::Boolean(_))
        | (Some("array"), DeValue::Array(_))
        | (Some("object"), DeValue::Table(_)) => true,
        (None, _) => alternatives(schema).iter().any(|a| has_type(a, value)),
        _ => false,
    }
}

/// A problem found by [`check`]: where and what.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The byte range it is about.
    pub span: Range<usize>,
    /// What is wrong and what was expected.
    pub kind: LevelErrorKind,
}

/// Checks a parsed level against the schema, dropping every entry that does not fit so that
/// the rest can be read. Returns the problems, and whether every required key is present
/// (if not, the level cannot be read further).
pub fn check(doc: &mut Spanned<DeTable<'_>>) -> (Vec<Problem>, bool) {
    let mode = match doc.get_ref().get("mode").map(|v| v.get_ref()) {
        Some(DeValue::String(s)) => LevelMode::named(s),
        _ => None,
    };
    let mut walk = Walk {
        mode,
        problems: Vec::new(),
        complete: true,
    };
    let span = doc.span();
    walk.table(doc.get_mut(), span, root(), "");
    (walk.problems, walk.complete)
}

struct Walk {
    mode: Option<LevelMode>,
    problems: Vec<Problem>,
    complete: bool,
}

impl Walk {
    fn problem(&mut self, span: Range<usize>, kind: LevelErrorKind) {
        self.problems.push(Problem { span, kind });
    }

    /// Whether a key of this schema belongs to this level's mode (any, while it is unknown).
    fn applies(&self, schema: &Value) -> bool {
        match (mode_of(schema, MODE), self.mode) {
            (Some(own), Some(mode)) => own == mode,
            _ => true,
        }
    }

    /// Whether this level must have `key` of `table` (a mode's own required keys are
    /// required only once the mode is known).
    fn required(&self, table: &Value, key: &str, schema: &Value) -> bool {
        strings(table.get("required")).contains(&key)
            || mode_of(schema, REQUIRED_IN).is_some_and(|own| Some(own) == self.mode)
    }

    /// Checks a table's keys; `path` names it in messages (`""` for the top level).
    fn table(
        &mut self,
        table: &mut DeTable<'_>,
        span: Range<usize>,
        schema: &'static Value,
        path: &str,
    ) {
        let keys: Vec<(String, Range<usize>)> = table
            .keys()
            .map(|k| (k.get_ref().to_string(), k.span()))
            .collect();
        let mut dropped_required = false;
        // The keys refused, taken out together at the end (one at a time, each removal
        // would shift the rest: quadratic in a table of many bad keys).
        let mut refused = HashSet::new();
        // Keys of the other mode, refused above.
        let mut other_modes = Vec::new();
        for (key, key_span) in &keys {
            let full = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            let Some((name, p)) = properties(schema).find(|(k, _)| k == key) else {
                let known = properties(schema)
                    .filter(|(_, p)| self.applies(p))
                    .map(|(k, _)| k)
                    .collect();
                self.problem(
                    key_span.clone(),
                    LevelErrorKind::UnknownKey {
                        key: key.clone(),
                        table: path.to_string(),
                        known,
                    },
                );
                refused.insert(key.clone());
                continue;
            };
            if let Some(belongs) = mode_of(p, MODE)
                && !self.applies(p)
            {
                self.problem(
                    key_span.clone(),
                    LevelErrorKind::OtherModesKey {
                        key: full,
                        belongs,
                        instead: text(p, INSTEAD).unwrap_or(""),
                    },
                );
                refused.insert(key.clone());
                other_modes.push(name);
                continue;
            }
            let Some(value) = table.get_mut(key.as_str()) else {
                continue;
            };
            if !self.value(value, p, &full) {
                refused.insert(key.clone());
                dropped_required |= self.required(schema, name, p);
            }
        }
        keep_all_but(table, &refused);
        if dropped_required {
            self.complete = false;
        }
        for (key, p) in properties(schema) {
            let present = keys.iter().any(|(k, _)| k == key);
            if self.required(schema, key, p) && !present {
                let needed = if text(resolve(p), "type") == Some("object") {
                    Needed::Table(key)
                } else {
                    Needed::Key(key)
                };
                self.problem(
                    span.start..span.start,
                    LevelErrorKind::Missing {
                        table: path.to_string(),
                        needed,
                        doc: text(p, "description").unwrap_or(""),
                    },
                );
                self.complete = false;
            }
        }
        let one_of = exactly_one_of(schema);
        if !one_of.is_empty() {
            let given: Vec<&'static str> = one_of
                .iter()
                .copied()
                .filter(|k| table.get(*k).is_some())
                .collect();
            // Keys in a notation of the other mode are refused already: once is enough.
            let refused = other_modes.iter().any(|k| one_of.contains(k));
            if given.len() > 1 {
                let kind = LevelErrorKind::ManyMoves {
                    table: path.to_string(),
                    given,
                };
                self.problem(span.start..span.start, kind);
                self.complete = false;
            } else if given.is_empty() {
                if !refused {
                    let ways = self.one_of_words(schema, &one_of);
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

    /// The keys of `one_of` this level's mode takes, in words: "`betza`", or "one of
    /// `betza`, `hasinu` or `urc`".
    fn one_of_words(&self, schema: &'static Value, one_of: &[&'static str]) -> String {
        let own: Vec<String> = one_of
            .iter()
            .filter(|k| {
                properties(schema)
                    .find(|(key, _)| key == *k)
                    .is_none_or(|(_, p)| self.applies(p))
            })
            .map(|k| format!("`{k}`"))
            .collect();
        match own.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [first @ .., last] => format!("one of {} or {last}", first.join(", ")),
        }
    }

    /// Checks one value; false if it does not fit (and should be dropped).
    fn value(
        &mut self,
        value: &mut Spanned<DeValue<'_>>,
        schema: &'static Value,
        path: &str,
    ) -> bool {
        let schema = resolve(schema);
        let span = value.span();
        let found = value.get_ref().type_str();
        if !has_type(schema, value.get_ref()) {
            self.problem(
                span,
                LevelErrorKind::WrongType {
                    key: path.to_string(),
                    expected: type_words(schema),
                    found,
                },
            );
            return false;
        }
        if text(schema, "type").is_none() {
            // A union is read by its own reader, which places its errors; here only its type
            // is checked.
            return true;
        }
        match value.get_mut() {
            DeValue::String(s) => {
                let choices = strings(schema.get("enum"));
                if !choices.is_empty() && !choices.contains(&s.as_ref()) {
                    self.problem(
                        span,
                        LevelErrorKind::Choice {
                            key: path.to_string(),
                            value: s.to_string(),
                            choices,
                        },
                    );
                    return false;
                }
                if let Some(pattern) = text(schema, "pattern")
                    && !matches(pattern, s)
                {
                    self.problem(
                        span,
                        LevelErrorKind::Pattern {
                            key: path.to_string(),
                            value: s.to_string(),
                            expected: text(schema, EXPECTED).unwrap_or(pattern),
                        },
                    );
                    return false;
                }
                true
            }
            DeValue::Array(items) => {
                let Some(item) = schema.get("items") else {
                    return true;
                };
                let mut ok = true;
                for (n, v) in items.iter_mut().enumerate() {
                    ok &= self.value(v, item, &format!("{path}[{n}]"));
                }
                ok
            }
            DeValue::Table(t) if schema.get("properties").is_some() => {
                self.table(t, span, schema, path);
                true
            }
            DeValue::Table(t) => {
                self.map(t, schema, path);
                true
            }
            _ => true,
        }
    }

    /// Checks a map's keys (`propertyNames`) and its entries (`additionalProperties`).
    fn map(&mut self, map: &mut DeTable<'_>, schema: &'static Value, path: &str) {
        let keys: Vec<(String, Range<usize>)> = map
            .keys()
            .map(|k| (k.get_ref().to_string(), k.span()))
            .collect();
        let names = schema.get("propertyNames");
        let entry = schema.get("additionalProperties").filter(|e| e.is_object());
        let mut refused = HashSet::new();
        for (key, key_span) in keys {
            if let Some(names) = names
                && let Some(pattern) = text(names, "pattern")
                && !matches(pattern, &key)
            {
                self.problem(
                    key_span,
                    LevelErrorKind::MapKey {
                        key: key.clone(),
                        table: path.to_string(),
                        expected: text(names, EXPECTED).unwrap_or(pattern),
                    },
                );
                refused.insert(key.clone());
                continue;
            }
            if let Some(entry) = entry
                && let Some(v) = map.get_mut(key.as_str())
                && !self.value(v, entry, &format!("{path}.{key}"))
            {
                refused.insert(key.clone());
            }
        }
        keep_all_but(map, &refused);
    }
}

/// Takes the `refused` keys out of `table` in one pass, the rest keeping their order.
fn keep_all_but(table: &mut DeTable<'_>, refused: &HashSet<String>) {
    if !refused.is_empty() {
        *table = std::mem::take(table)
            .into_iter()
            .filter(|(key, _)| !refused.contains(key.get_ref().as_ref()))
            .collect();
    }
}

/// The level format as a JSON Schema (draft-07), for editors.
pub fn json_schema() -> String {
    format!("{:#}\n", root())
}

/// The level format as a Markdown table, one row per key, for docs/levels.md.
pub fn reference() -> String {
    let mut out = String::new();
    out.push_str("| key | type | mode | meaning | default |\n| --- | --- | --- | --- | --- |\n");
    rows(&mut out, root(), "", None);
    out
}

fn rows(out: &mut String, table: &'static Value, path: &str, parent: Option<LevelMode>) {
    let required = strings(table.get("required"));
    for (name, p) in properties(table) {
        let p = resolve(p);
        let key = if path.is_empty() {
            name.to_string()
        } else {
            format!("{path}.{name}")
        };
        let own = mode_of(p, MODE).or(parent);
        let default = if required.contains(&name) {
            "required".to_string()
        } else if let Some(mode) = mode_of(p, REQUIRED_IN) {
            format!("required in {} levels", mode.word())
        } else if let Some(value) = p.get("default") {
            format!("`{}`", toml_text(value))
        } else {
            text(p, DEFAULT_WORDS).unwrap_or("none").to_string()
        };
        let _ = writeln!(
            out,
            "| `{key}` | {} | {} | {} | {default} |",
            type_text(p),
            own.map_or("both", LevelMode::word),
            text(p, "description").unwrap_or("").replace('|', "\\|")
        );
        if p.get("properties").is_some() {
            rows(out, p, &key, own);
        } else if let Some(entry) = p.get("additionalProperties").filter(|e| e.is_object()) {
            rows(out, resolve(entry), &format!("{key}.X"), own);
        }
    }
}

/// A value as a level writes it (TOML), else as JSON.
fn toml_text(value: &Value) -> String {
    toml::Value::try_from(value).map_or_else(|_| value.to_string(), |v| v.to_string())
}

/// What a key holds, for people: `integer 1–26`, `string: one piece letter`, `table`.
fn type_text(schema: &'static Value) -> String {
    let schema = resolve(schema);
    let choices = strings(schema.get("enum"));
    if !choices.is_empty() {
        return choices
            .iter()
            .map(|c| format!("`\"{c}\"`"))
            .collect::<Vec<_>>()
            .join(" ");
    }
    let number = |key| schema.get(key).and_then(Value::as_i64);
    match text(schema, "type") {
        Some("string") => match text(schema, EXPECTED) {
            Some(words) => format!("string: {words}"),
            None => "string".into(),
        },
        Some("integer") => match (number("minimum"), number("maximum")) {
            (Some(lo), Some(hi)) => format!("integer {lo}–{hi}"),
            (Some(lo), None) => format!("integer ≥ {lo}"),
            _ => "integer".into(),
        },
        Some("number") => match number("exclusiveMinimum") {
            Some(lo) => format!("number > {lo}"),
            None => "number".into(),
        },
        Some("boolean") => "boolean".into(),
        Some("array") => match schema.get("items").map(resolve) {
            Some(item) => match text(item, EXPECTED) {
                Some(words) => format!("array of strings, each {words}"),
                None => format!("array of {}", type_text(item)),
            },
            None => "array".into(),
        },
        Some("object") => match schema.get("propertyNames").and_then(|n| text(n, EXPECTED)) {
            // A map of plain values (the `[evaluation]` weights) says what they are.
            Some(words) => match schema
                .get("additionalProperties")
                .filter(|e| e.is_object() && text(e, "type") != Some("object"))
            {
                Some(entry) => format!("{}, keyed by {words}", type_text(entry)),
                None => format!("tables keyed by {words}"),
            },
            None => "table".into(),
        },
        _ => alternatives(schema)
            .iter()
            .map(|a| {
                text(resolve(a), "type").map_or("any", |t| if t == "object" { "table" } else { t })
            })
            .collect::<Vec<_>>()
            .join(" or "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_of_the_schema_compiles() {
        let mut written = Vec::new();
        patterns(root(), &mut written);
        assert!(written.len() >= 5, "{written:?}");
        for p in written {
            assert!(PATTERNS.contains_key(p), "{p} does not compile");
        }
    }
}
