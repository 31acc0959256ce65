//! `areachess test`: the rule tests written in TOML. Every shipped level has its file and
//! every case passes; a failing case is named at its place, with exit status 1.

use crate::support::{root, scratch, shipped_levels};
use std::process::{Command, Output};

fn areachess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_areachess"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("areachess runs")
}

#[test]
fn every_shipped_level_has_rule_tests_and_they_all_pass() {
    let levels = shipped_levels();
    let mut names = Vec::new();
    for level in &levels {
        let stem = level
            .file_stem()
            .expect("a stem")
            .to_string_lossy()
            .into_owned();
        let tests = root().join("levels/tests").join(format!("{stem}.toml"));
        assert!(
            tests.is_file(),
            "{stem} has no tests at {}",
            tests.display()
        );
        names.push(stem);
    }
    let args: Vec<&str> = std::iter::once("test")
        .chain(names.iter().map(String::as_str))
        .collect();
    let out = areachess(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    let failed: Vec<&str> = text.lines().filter(|l| l.starts_with("FAIL")).collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    let last = text.lines().last().unwrap_or_default();
    let passed: usize = last
        .strip_suffix(" passed, 0 failed")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("last line: {last}"));
    assert!(
        passed >= levels.len(),
        "{passed} cases for {} levels",
        levels.len()
    );
    assert_eq!(out.status.code(), Some(0));
    // One line per case, each "ok FILE:LINE:COL NAME".
    assert_eq!(text.lines().count(), passed + 1);
    assert!(
        text.lines()
            .take(passed)
            .all(|l| l.starts_with("ok <shipped>/levels/tests/"))
    );
}

#[test]
fn a_failing_case_is_named_at_its_key_and_the_run_exits_1() {
    let dir = scratch("rule-tests");
    let level = dir.path().join("mine.toml");
    std::fs::copy(root().join("levels/chess.toml"), &level).expect("a level");
    let tests = dir.path().join("mine.tests.toml");
    std::fs::write(
        &tests,
        "[[case]]\nname = \"the knight\"\npiece = \"g1\"\nonly = [\"f3\", \"h3\"]\n\n\
         [[case]]\nname = \"wrong\"\nperft = { depth = 2, nodes = 401 }\n",
    )
    .expect("written");
    let path = tests.display().to_string();
    let out = areachess(&["test", &path]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], format!("ok {path}:1:1 the knight"));
    assert_eq!(
        lines[1],
        format!("FAIL {path}:8:9 wrong: expected perft 2 = 401, got 400")
    );
    assert_eq!(lines[2], "1 passed, 1 failed");
    assert_eq!(out.status.code(), Some(1));
    // The level given by its path runs the same file.
    let by_level = areachess(&["test", &level.display().to_string()]);
    assert_eq!(String::from_utf8_lossy(&by_level.stdout), text);
}

#[test]
fn a_test_file_reads_no_level_outside_its_folder() {
    let dir = scratch("rule-tests-outside");
    let inner = dir.path().join("inner");
    std::fs::create_dir_all(&inner).expect("a folder");
    std::fs::copy(
        root().join("levels/chess.toml"),
        dir.path().join("outside.toml"),
    )
    .expect("a level outside");
    let tests = inner.join("t.tests.toml");
    std::fs::write(
        &tests,
        "level = \"../outside.toml\"\n[[case]]\ncheck = false\n",
    )
    .expect("written");
    let out = areachess(&["test", &tests.display().to_string()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("FAIL "), "{text}");
    assert!(
        text.contains(":1:9 the file: level '../outside.toml'"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1));
}
