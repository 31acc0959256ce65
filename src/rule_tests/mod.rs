//! Rule tests a designer writes without Rust (`areachess test`): TOML files of cases
//! beside a level — a position, moves played from it, and what must follow (a move's
//! outcome, where it lands and what it takes, where a piece may go, the result, a perft
//! count) — run headlessly through the same rules the window plays. The format is in
//! docs/testing.md.
//!
//! A level's tests are found by its name: `DIR/tests/STEM.toml` for the level
//! `DIR/STEM.toml` (the shipped levels' are inside the binary, as the levels are), or
//! `DIR/STEM.tests.toml` beside it.
//!
//! `file` reads a test file with the place of every key; `run` runs one case; this module
//! finds the files and the level, and gives each case its verdict.

mod file;
mod run;

pub use file::{Case, Perft, TestFile, read};
pub use run::{END_WORDS, FILE_PERFT_TIME, MOST_LISTED, MOST_MOVES, MOST_PERFT_DEPTH, end_word};

use crate::level::line_column;
use std::path::{Path, PathBuf};

/// The most bytes a test file may have.
pub const TEST_BYTES: u64 = 4 << 20;

/// The most cases a test file may hold.
pub const MOST_CASES: usize = 10_000;

/// What became of one case (or of a file that could not run: one verdict, failed).
#[derive(Debug)]
pub struct Verdict {
    /// The file, as given.
    pub file: String,
    /// The case's name (`case N` without one).
    pub name: String,
    /// Where the case starts: 1-based line and column.
    pub at: (usize, usize),
    /// What failed, each with its line and column; empty when the case passed.
    pub failures: Vec<((usize, usize), String)>,
}

impl Verdict {
    /// Whether the case passed.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    /// The line a test runner prints: `ok FILE:LINE:COL NAME`, or
    /// `FAIL FILE:LINE:COL NAME: WHAT` at the first failure, every failure after `; `.
    pub fn line(&self) -> String {
        match self.failures.first() {
            None => format!("ok {}:{}:{} {}", self.file, self.at.0, self.at.1, self.name),
            Some(((line, column), _)) => {
                let what: Vec<&str> = self.failures.iter().map(|(_, m)| m.as_str()).collect();
                format!(
                    "FAIL {}:{line}:{column} {}: {}",
                    self.file,
                    self.name,
                    what.join("; ")
                )
            }
        }
    }

    /// A file that could not run, at `at`.
    fn file_failed(file: &str, at: (usize, usize), message: String) -> Verdict {
        Verdict {
            file: file.to_string(),
            name: "the file".into(),
            at,
            failures: vec![(at, message)],
        }
    }
}

/// The tests of a level file `level`: `DIR/tests/STEM.toml`, else `DIR/STEM.tests.toml`;
/// `None` when it has neither.
pub fn tests_of(level: &Path) -> Option<PathBuf> {
    let stem = level.file_stem()?.to_string_lossy().into_owned();
    let dir = level.parent().unwrap_or(Path::new(""));
    [
        dir.join("tests").join(format!("{stem}.toml")),
        dir.join(format!("{stem}.tests.toml")),
    ]
    .into_iter()
    .find(|path| crate::reading::is_file(path))
}

/// The level a test file tests: its `level` key (a name, or a file beside the test file),
/// else the level it is named for (`DIR/tests/STEM.toml` tests `DIR/STEM.toml`;
/// `STEM.tests.toml` tests `STEM.toml` beside it).
pub fn level_of(test: &Path, key: Option<&str>) -> Result<PathBuf, String> {
    if let Some(text) = key {
        let text = text.trim();
        return if crate::library::is_path(text) {
            crate::reading::beside(test, text).map_err(|e| format!("level '{text}': {e}"))
        } else {
            crate::library::level(text).ok_or_else(|| crate::library::not_found(text))
        };
    }
    let name = test
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = test.parent().unwrap_or(Path::new(""));
    if let Some(stem) = name.strip_suffix(".tests.toml") {
        return Ok(dir.join(format!("{stem}.toml")));
    }
    if dir.file_name().is_some_and(|d| d == "tests")
        && let Some(stem) = name.strip_suffix(".toml")
    {
        let levels = dir.parent().unwrap_or(Path::new(""));
        return Ok(levels.join(format!("{stem}.toml")));
    }
    Err(
        "name the level this file tests: level = \"NAME\" or level = \"FILE.toml\" beside it"
            .into(),
    )
}

/// Whether a TOML text is a test file rather than a level: it has `[[case]]` tables or a
/// `level` key, and no `[board]`.
fn is_test_file(text: &str) -> bool {
    match text.parse::<toml::Table>() {
        Ok(table) => {
            (table.contains_key("case") || table.contains_key("level"))
                && !table.contains_key("board")
        }
        Err(_) => true,
    }
}

/// Runs the tests `given` names: a test file, or a level (its tests, see [`tests_of`]).
/// Every problem is a failed verdict in the file's words; nothing panics or stops the run.
pub fn run_given(given: &Path) -> Vec<Verdict> {
    let shown = given.display().to_string();
    let text = match crate::reading::text(given, TEST_BYTES) {
        Ok(text) => text,
        Err(e) => {
            return vec![Verdict::file_failed(
                &shown,
                (1, 1),
                format!("cannot read: {e}"),
            )];
        }
    };
    if is_test_file(&text) {
        return run_file(given, &text);
    }
    match tests_of(given) {
        Some(tests) => match crate::reading::text(&tests, TEST_BYTES) {
            Ok(text) => run_file(&tests, &text),
            Err(e) => vec![Verdict::file_failed(
                &tests.display().to_string(),
                (1, 1),
                format!("cannot read: {e}"),
            )],
        },
        None => vec![Verdict::file_failed(
            &shown,
            (1, 1),
            "a level with no rule tests: looked for tests/STEM.toml and STEM.tests.toml beside it"
                .into(),
        )],
    }
}

/// Runs the test file `path`, whose text is `text`.
pub fn run_file(path: &Path, text: &str) -> Vec<Verdict> {
    let shown = path.display().to_string();
    let place = |offset: usize| line_column(text, offset);
    let file = match read(text) {
        Ok(file) => file,
        Err((span, message)) => {
            return vec![Verdict::file_failed(&shown, place(span.start), message)];
        }
    };
    let key = file.level.as_ref().map(|l| l.get_ref().as_str());
    let key_at = file
        .level
        .as_ref()
        .map_or((1, 1), |l| place(l.span().start));
    let level_path = match level_of(path, key) {
        Ok(p) => p,
        Err(e) => return vec![Verdict::file_failed(&shown, key_at, e)],
    };
    let level = match crate::level::load(&level_path) {
        Ok(level) => level,
        Err(e) => {
            return vec![Verdict::file_failed(
                &shown,
                key_at,
                format!("the level {} does not load: {e}", level_path.display()),
            )];
        }
    };
    if file.case.is_empty() {
        return vec![Verdict::file_failed(
            &shown,
            (1, 1),
            "no [[case]] in the file".into(),
        )];
    }
    if file.case.len() > MOST_CASES {
        return vec![Verdict::file_failed(
            &shown,
            (1, 1),
            format!(
                "{} cases; a file holds at most {MOST_CASES}",
                file.case.len()
            ),
        )];
    }
    let perft_until = std::time::Instant::now() + FILE_PERFT_TIME;
    file.case
        .iter()
        .enumerate()
        .map(|(n, case)| {
            let failures = run::run(&level, case.get_ref(), case.span().start, perft_until);
            Verdict {
                file: shown.clone(),
                name: case
                    .get_ref()
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("case {}", n + 1)),
                at: place(case.span().start),
                failures: failures
                    .0
                    .into_iter()
                    .map(|(offset, message)| (place(offset), message))
                    .collect(),
            }
        })
        .collect()
}

/// A move tried in the window, to be kept as a case: the position it was tried in, the
/// move as a test file writes it, and what the rules made of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tried {
    /// The position before the move: a FEN (grid) or a POS (continuous).
    pub position: String,
    /// The move: coordinates on a grid (`e2e4`), `FROM->TO[=X]` with exact points on a
    /// continuous board.
    pub tried: String,
    /// `move`, `capture`, `illegal`, or on a continuous board the reason it was refused.
    pub expect: String,
    /// Where the piece landed, if the move was played.
    pub lands: Option<String>,
    /// Where the piece it took stood, or `nothing`, if the move was played.
    pub captures: Option<String>,
}

impl Tried {
    /// The case as a `[[case]]` table.
    pub fn case_text(&self) -> String {
        let mut table = toml::Table::new();
        let mut put = |key: &str, value: &str| {
            table.insert(key.into(), toml::Value::String(value.into()));
        };
        put(
            "name",
            &format!("{} ({}), kept from the window", self.tried, self.expect),
        );
        put("position", &self.position);
        put("move", &self.tried);
        put("expect", &self.expect);
        if let Some(lands) = &self.lands {
            put("lands", lands);
        }
        if let Some(captures) = &self.captures {
            put("captures", captures);
        }
        let body = toml::to_string(&table).unwrap_or_default();
        format!("[[case]]\n{body}")
    }
}

/// Appends `tried` as a case to the tests of the level file `level`: its test file if it
/// has one, else a new `tests/STEM.toml` beside it; for a shipped level (never written)
/// `levels/tests/STEM.toml` in the user's library, which names the level. The file it
/// wrote, or why it could not.
pub fn add_case(level: &Path, tried: &Tried) -> Result<PathBuf, String> {
    let stem = level
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{}: not a level file", level.display()))?;
    let (path, header) = if crate::shipped::is_shipped(level) {
        let dir = crate::library::user_levels()
            .ok_or("no folder for your levels: HOME and XDG_DATA_HOME are unset")?;
        let path = dir.join("tests").join(format!("{stem}.toml"));
        (path, format!("level = \"{stem}\"\n"))
    } else {
        let path = tests_of(level).unwrap_or_else(|| {
            level
                .parent()
                .unwrap_or(Path::new(""))
                .join("tests")
                .join(format!("{stem}.toml"))
        });
        (path, String::new())
    };
    let before = if crate::reading::is_file(&path) {
        crate::reading::text(&path, TEST_BYTES)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?
    } else {
        format!("# Rule tests of {stem} (areachess test {stem}); see docs/testing.md.\n{header}")
    };
    let mut text = before;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push('\n');
    text.push_str(&tried.case_text());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    crate::record::save::write_atomically(&path, text.as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a test file's text as if it lay at `path`.
    fn verdicts(path: &str, text: &str) -> Vec<Verdict> {
        run_file(Path::new(path), text)
    }

    #[test]
    fn the_ends_words_in_the_docs_are_the_ones_read() {
        let docs = include_str!("../../docs/testing.md");
        let row = docs
            .lines()
            .find(|l| l.starts_with("| `ends`"))
            .expect("the ends row");
        let listed: Vec<&str> = row.split('`').skip(3).step_by(2).collect();
        assert_eq!(listed, END_WORDS, "{row}");
    }

    #[test]
    fn a_failure_is_placed_at_the_key_that_expected_it() {
        let text = "level = \"chess\"\n\n[[case]]\nname = \"one\"\nmove = \"e2e4\"\nexpect = \"capture\"\n\n[[case]]\nperft = { depth = 2, nodes = 400 }\n";
        let v = verdicts("t.tests.toml", text);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].failures.len(), 1, "{v:?}");
        assert_eq!(v[0].failures[0].0, (6, 10), "{v:?}");
        assert!(
            v[0].line()
                .starts_with("FAIL t.tests.toml:6:10 one: 'e2e4': expected capture, got move"),
            "{}",
            v[0].line()
        );
        assert!(v[1].passed(), "{v:?}");
        assert_eq!(v[1].line(), "ok t.tests.toml:8:1 case 2");
    }

    #[test]
    fn a_file_that_cannot_run_is_one_failure_in_its_words() {
        for (text, wanted) in [
            ("[[case]]\nbogus = 1\n", "unknown field `bogus`"),
            (
                "level = \"chess\"\n[[case]\n",
                "t.tests.toml:2:8 the file: unclosed array table",
            ),
            (
                "level = \"no-such-level\"\n[[case]]\ncheck = false\n",
                "no-such-level",
            ),
            (
                "level = \"../escape.toml\"\n[[case]]\ncheck = false\n",
                "level '../escape.toml'",
            ),
            ("level = \"chess\"\n", "no [[case]]"),
            (
                "level = \"chess\"\n[[case]]\nname = \"nothing\"\nmoves = [\"e2e4\"]\n",
                "checks nothing",
            ),
            (
                "level = \"chess\"\n[[case]]\nperft = { depth = 9, nodes = 1 }\n",
                "not within 1 to 6",
            ),
        ] {
            let v = verdicts("dir/t.tests.toml", text);
            assert!(!v.is_empty() && v.iter().any(|v| !v.passed()), "{text}");
            let line = v.iter().map(Verdict::line).collect::<Vec<_>>().join("\n");
            assert!(line.contains(wanted), "{text}: {line}");
            assert!(line.starts_with("FAIL dir/t.tests.toml:"), "{line}");
        }
    }

    #[test]
    fn a_level_s_tests_are_found_by_its_name() {
        assert_eq!(
            level_of(Path::new("a/tests/chess.toml"), None),
            Ok(PathBuf::from("a/chess.toml"))
        );
        assert_eq!(
            level_of(Path::new("a/mine.tests.toml"), None),
            Ok(PathBuf::from("a/mine.toml"))
        );
        assert!(level_of(Path::new("a/loose.toml"), None).is_err());
        let chess = crate::shipped::level("chess");
        assert_eq!(
            tests_of(&chess),
            Some(crate::shipped::levels().join("tests").join("chess.toml"))
        );
    }

    #[test]
    fn continuous_cases_judge_outcomes_landings_captures_and_reach() {
        let text = "level = \"area-of-competence\"\n\
            [[case]]\nmove = \"a1->a3\"\nexpect = \"blocked\"\n\
            [[case]]\nmoves = [\"e2->e4\", \"d7->d5\"]\nmove = \"e4->d5\"\nlands = \"d5\"\ncaptures = \"d5\"\n\
            [[case]]\npiece = \"b1\"\nreaches = [\"c3\"]\nmisses = [\"b3\"]\n\
            [[case]]\nmove = \"e2->e4\"\nlands = \"e5\"\n\
            [[case]]\nperft = { depth = 1, nodes = 20 }\n";
        let v = verdicts("t.tests.toml", text);
        let passed: Vec<bool> = v.iter().map(Verdict::passed).collect();
        assert_eq!(passed, [true, true, true, false, false], "{v:#?}");
        assert!(
            v[3].line().contains("expected it to land on e5, got e4"),
            "{}",
            v[3].line()
        );
        assert!(v[4].line().contains("continuous board"), "{}", v[4].line());
    }

    #[test]
    fn a_tried_move_kept_as_a_case_runs_and_passes() {
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let dir = scratch.path().to_path_buf();
        let level = dir.join("mine.toml");
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml"),
            &level,
        )
        .expect("a level");
        let tried = Tried {
            position: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
            tried: "e7e5".into(),
            expect: "move".into(),
            lands: Some("e5".into()),
            captures: Some("nothing".into()),
        };
        let path = add_case(&level, &tried).expect("written");
        assert_eq!(path, dir.join("tests/mine.toml"));
        let refused = Tried {
            tried: "e7e4".into(),
            expect: "illegal".into(),
            lands: None,
            captures: None,
            ..tried.clone()
        };
        assert_eq!(add_case(&level, &refused), Ok(path.clone()));
        let text = std::fs::read_to_string(&path).expect("read");
        let verdicts = run_file(&path, &text);
        assert_eq!(verdicts.len(), 2, "{text}");
        assert!(verdicts.iter().all(Verdict::passed), "{verdicts:?}\n{text}");
    }

    #[test]
    fn a_case_too_long_or_a_list_too_long_is_refused_at_its_first_entry() {
        let moves = vec!["\"e2e4\""; MOST_MOVES + 1].join(", ");
        let text = format!("level = \"chess\"\n[[case]]\nmoves = [{moves}]\ncheck = false\n");
        let v = verdicts("t.tests.toml", &text);
        assert!(
            v[0].line().contains("a case plays at most"),
            "{}",
            v[0].line()
        );
        assert_eq!(v[0].failures[0].0, (3, 10));
        let legal = vec!["\"e2e4\""; MOST_LISTED + 1].join(", ");
        let text = format!("level = \"chess\"\n[[case]]\nlegal = [{legal}]\n");
        let v = verdicts("t.tests.toml", &text);
        assert!(
            v[0].line().contains("a list holds at most"),
            "{}",
            v[0].line()
        );
    }
}
