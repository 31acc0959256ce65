//! The fuzz corpora replayed on the stable toolchain: every file of `fuzz/corpus/TARGET/`
//! and `fuzz/regressions/TARGET/` through the same body the cargo-fuzz target runs
//! (`fuzz/bodies.rs`), so an input that once broke a reader, or that the fuzzer found
//! worth keeping, breaks `cargo test` if a reader regresses on it.

#[path = "../../fuzz/bodies.rs"]
mod bodies;

use std::path::{Path, PathBuf};

/// The files of `fuzz/KIND/TARGET/`, sorted (none if the folder is absent).
fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(kind)
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Runs `target`'s body on every file of its corpus and regressions; a panic names the file.
fn replay(target: &str) -> usize {
    let (_, body) = bodies::TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .expect("a target of fuzz/bodies.rs");
    let files: Vec<PathBuf> = ["corpus", "regressions"]
        .iter()
        .flat_map(|kind| inputs(kind, target))
        .collect();
    for file in &files {
        let data = std::fs::read(file).expect("a corpus file reads");
        let outcome = std::panic::catch_unwind(|| body(&data));
        assert!(
            outcome.is_ok(),
            "fuzz input {} breaks its reader",
            file.display()
        );
    }
    files.len()
}

#[test]
fn every_target_has_a_corpus_and_a_body() {
    let on_disk: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets"))
            .expect("fuzz/fuzz_targets")
            .flatten()
            .filter_map(|e| Some(e.path().file_stem()?.to_str()?.to_string()))
            .collect();
    for (name, _) in bodies::TARGETS {
        assert!(
            on_disk.iter().any(|n| n == name),
            "no fuzz target for {name}"
        );
        assert!(!inputs("corpus", name).is_empty(), "no corpus for {name}");
    }
    assert_eq!(on_disk.len(), bodies::TARGETS.len(), "{on_disk:?}");
}

macro_rules! replays {
    ($($target:ident),* $(,)?) => {
        $(
            #[test]
            fn $target() {
                assert!(replay(stringify!($target)) > 0);
            }
        )*
    };
}

mod corpus {
    use super::replay;
    replays!(
        betza, level, saved, hasinu, urc, fen, pos, moves, judge, pgn, balance, uci, xboard, drive,
        rule_tests
    );
}
