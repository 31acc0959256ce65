//! Reading a level: a file of the project, a shipped level, or any level file or text, in
//! three steps that each report every problem they find: the TOML syntax, the file's shape
//! against [`super::schema`], then its meaning, read by the mode's own reader
//! ([`super::continuous`] or [`super::grid`]).

use super::error::{Errors, LevelError, LevelErrorKind, LevelErrors, LineStarts};
use super::file::LevelFile;
use super::modes::Level;
use super::{continuous, grid, schema};
use crate::span::Span;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The level a record's `Variant` names (`capablanca`): a shipped level or one of the
/// user's library (see [`crate::library::level`]); `None` unless `name` is a bare name
/// that one of them has, so that a PGN naming no level is refused at its `Variant`.
pub fn for_variant(name: &str) -> Option<PathBuf> {
    crate::library::level(name)
}

/// Reads a shipped level, `NAME` (`chess.toml`) in [`crate::shipped::levels`].
pub fn shipped(name: &str) -> Result<Level, LevelErrors> {
    load(&crate::shipped::levels().join(name))
}

/// A shipped grid level, `NAME.toml`, for tests: it must load
/// and be a grid level.
#[cfg(test)]
pub(crate) fn shipped_grid(name: &str) -> super::modes::GridLevel {
    shipped(&format!("{name}.toml"))
        .expect("the level loads")
        .into_grid()
        .expect("a grid level")
}

/// Reads the level file at `path`.
pub fn load(path: &Path) -> Result<Level, LevelErrors> {
    let name = path.display().to_string();
    let text = crate::reading::text(path, crate::reading::LEVEL_BYTES).map_err(|e| {
        LevelErrors(vec![LevelError {
            span: Span::at(1, 1).in_file(name.as_str()),
            kind: LevelErrorKind::Unreadable(e),
        }])
    })?;
    parse(&name, &text)
}

/// Reads level text; `file` names it in errors, and the files it names are looked for
/// beside `file`.
pub fn parse(file: &str, text: &str) -> Result<Level, LevelErrors> {
    read(file, text, true)
}

/// Reads level text that is not known to be the file `file` (a saved game's copy of a
/// level whose file now differs): `file` names it in errors, and a file it names (`urc`)
/// is refused rather than looked for.
pub fn parse_copy(file: &str, text: &str) -> Result<Level, LevelErrors> {
    read(file, text, false)
}

/// Reads level text; `follows`: whether the files it names are looked for beside `file`.
fn read(file: &str, text: &str, follows: bool) -> Result<Level, LevelErrors> {
    let mut errors = Errors {
        file,
        follows,
        text,
        found: Vec::new(),
        lines: LineStarts::new(text),
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

#[cfg(test)]
mod tests {
    use super::*;

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
