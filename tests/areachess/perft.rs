//! Perft suites: one data file per variant in `tests/perft/`, read by one test. Each file
//! names its level, then positions (`fen ...`) each followed by `DEPTH NODES` lines.

use areachess::grid::perft;
use areachess::level;
use std::path::Path;

/// One expected count.
struct Case {
    file: String,
    line: usize,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn read_suite(path: &Path) -> (String, Vec<Case>) {
    let text = std::fs::read_to_string(path).expect("readable perft file");
    let name = path.display().to_string();
    let mut level = None;
    let mut fen = None;
    let mut cases = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("level ") {
            level = Some(rest.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("fen ") {
            fen = Some(rest.trim().to_string());
        } else {
            let mut parts = line.split_whitespace();
            let depth = parts.next().and_then(|d| d.parse().ok());
            let nodes = parts.next().and_then(|d| d.parse().ok());
            let (Some(depth), Some(nodes), None) = (depth, nodes, parts.next()) else {
                panic!("{name}:{}: expected DEPTH NODES, got {raw:?}", n + 1);
            };
            cases.push(Case {
                file: name.clone(),
                line: n + 1,
                fen: fen
                    .clone()
                    .unwrap_or_else(|| panic!("{name}:{}: a count before any fen", n + 1)),
                depth,
                nodes,
            });
        }
    }
    (
        level.unwrap_or_else(|| panic!("{name}: no level line")),
        cases,
    )
}

#[test]
fn every_perft_suite_matches_its_published_counts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(root.join("tests/perft"))
        .expect("tests/perft exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 13,
        "one suite per shipped variant: {files:?}"
    );
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let (level_file, cases) = read_suite(path);
        let grid = level::load(&root.join("levels").join(&level_file))
            .unwrap_or_else(|e| panic!("{e}"))
            .into_grid()
            .expect("a grid level");
        for case in cases {
            let mut pos = grid
                .parse_fen(&case.fen)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", case.file, case.line));
            let got = perft(&grid.variant, &mut pos, case.depth);
            checked += 1;
            if got != case.nodes {
                failures.push(format!(
                    "{}:{}: {} depth {}: expected {}, counted {got}",
                    case.file, case.line, case.fen, case.depth, case.nodes
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} counts differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
