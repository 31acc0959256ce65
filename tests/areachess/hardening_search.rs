//! The computer on crowded boards: more discs than a byte counts, levels past the disc
//! limit, armies packed front to front, and balance tallies that do not add up.

use crate::support::{areachess, scratch};
use areachess::level;
use areachess::search::balance_lab::{Schedule, Tallies};
use areachess::search::contest::LONGEST_GAME_PLIES;
use areachess::search::grid::GridEval;
use areachess::search::grid::GridSearch;
use areachess::search::{Limits, Searcher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The side of a square on the default continuous board (2√2 R).
const SQUARE: f64 = 2.0 * std::f64::consts::SQRT_2;

/// A point at the centre of the square (`file`, `rank`), both from 0.
fn centre(file: u32, rank: u32) -> String {
    let at = |k: u32| (f64::from(k) + 0.5) * SQUARE;
    format!("{:?},{:?}", at(file), at(rank))
}

/// A POS on a 20×20 board with 282 discs, White to move: White's king in a corner and a
/// rook, listed last (index 281), against a king among 279 black pawns in the top 14 ranks.
fn crowded_pos(to_move: char) -> String {
    let mut parts = vec![to_move.to_string(), format!("K@{}", centre(0, 0))];
    for rank in 6..20 {
        for file in 0..20 {
            let letter = if (file, rank) == (10, 19) { 'k' } else { 'p' };
            parts.push(format!("{letter}@{}", centre(file, rank)));
        }
    }
    parts.push(format!("R@{}", centre(19, 0)));
    parts.join(";")
}

/// Writes a level named `name` into `dir` and returns its path.
fn level_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("the level is written");
    path
}

/// A continuous level of `size`×`size` squares with `setup` (a FEN or a POS).
fn continuous_level(size: u32, setup: &str) -> String {
    format!(
        "name = \"Crowded\"\nmode = \"continuous\"\n\n[board]\nfiles = {size}\nranks = {size}\n\n\
         [rules]\nsetup = \"{setup}\"\n"
    )
}

/// A FEN of `size`×`size` squares, every one filled: White's half below, Black's above,
/// kings in the middle of the back ranks, a rank of pawns before each back rank.
fn packed_fen(size: usize) -> String {
    let pieces = ['R', 'N', 'B', 'Q', 'B', 'N', 'R'];
    let ranks: Vec<String> = (0..size)
        .rev()
        .map(|r| {
            (0..size)
                .map(|f| {
                    let white = r < size / 2;
                    let letter = if (r == 0 || r == size - 1) && f == size / 2 {
                        'K'
                    } else if r == 1 || r == size - 2 {
                        'P'
                    } else {
                        pieces[(f + r) % pieces.len()]
                    };
                    if white {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    }
                })
                .collect()
        })
        .collect();
    format!("{} w - - 0 1", ranks.join("/"))
}

#[test]
fn a_search_past_256_discs_makes_the_moves_it_generated() {
    // The rook's index (281) was kept in a byte: 25, another piece, whose list held no
    // such move ("a move of the list generated here").
    let dir = scratch("crowded");
    let level = level_file(
        dir.path(),
        "wide.toml",
        &continuous_level(
            20,
            "k19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/K19 w",
        ),
    );
    let level = level.to_str().expect("a UTF-8 path");
    let pos = crowded_pos('w');
    let (code, out, err) = areachess(&["bestmove", level, "--position", &pos, "--nodes", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines()
            .last()
            .is_some_and(|l| l.starts_with("bestmove ")),
        "{out}"
    );
}

#[test]
fn a_match_and_a_balance_run_from_a_setup_past_256_discs_play_their_plies() {
    let dir = scratch("crowded-match");
    let level = level_file(
        dir.path(),
        "crowded.toml",
        &continuous_level(20, &crowded_pos('w')),
    );
    let level = level.to_str().expect("a UTF-8 path");
    let (code, out, err) = areachess(&[
        "match",
        level,
        "--white",
        "engine@5",
        "--black",
        "engine@5",
        "--games",
        "1",
        "--max-plies",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("score white"), "{out}");
    let (code, out, err) = areachess(&[
        "balance",
        level,
        "--games",
        "1",
        "--movetime",
        "5",
        "--max-plies",
        "2",
        "--jobs",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("games 1"), "{out}");
}

#[test]
fn a_level_past_the_disc_limit_is_refused_at_its_setup() {
    // 26×26 squares, every one filled: 676 discs, more than a position may hold.
    let dir = scratch("packed");
    let level = level_file(
        dir.path(),
        "packed.toml",
        &continuous_level(26, &packed_fen(26)),
    );
    let level = level.to_str().expect("a UTF-8 path");
    for args in [
        vec!["match", level, "--white", "engine", "--black", "engine"],
        vec![
            "match", level, "--white", "engine", "--black", "engine", "--games", "1",
        ],
        vec![
            "balance",
            level,
            "--games",
            "1",
            "--movetime",
            "5",
            "--jobs",
            "1",
        ],
        vec!["bestmove", level, "--depth", "1"],
    ] {
        let (code, _, err) = areachess(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("packed.toml:9:9"), "{args:?}: {err}");
        assert!(
            err.contains("676 pieces are more than the 300"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_position_past_the_disc_limit_is_refused() {
    let dir = scratch("crowded-pos");
    let level = level_file(
        dir.path(),
        "wide.toml",
        &continuous_level(
            26,
            "k25/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/K25 w",
        ),
    );
    let level = level.to_str().expect("a UTF-8 path");
    let mut parts = vec!["w".to_string(), format!("K@{}", centre(0, 0))];
    for rank in 8..26 {
        for file in 0..26 {
            let letter = if (file, rank) == (13, 25) { 'k' } else { 'p' };
            parts.push(format!("{letter}@{}", centre(file, rank)));
        }
    }
    let pos = parts.join(";");
    for command in ["bestmove", "judge"] {
        let mut args = vec![command, level, "--position", &pos];
        if command == "judge" {
            args.push("a1->a2");
        }
        let (code, _, err) = areachess(&args);
        assert_ne!(code, 0, "{command}");
        assert!(
            err.contains("469 pieces are more than the 300"),
            "{command}: {err}"
        );
    }
}

#[test]
fn a_depth_one_think_on_a_packed_grid_ends_within_its_quiescence_budgets() {
    // Eight files of pieces packed front to front: every capture along the front opens
    // others, and the captures below each leaf once multiplied without end (a release
    // build was still at depth 1 after a minute).
    let dir = scratch("packed-grid");
    let mut text = String::from(
        "name = \"Packed\"\nmode = \"grid\"\n\n[board]\nfiles = 8\nranks = 8\n\n\
         [pieces.K]\nbetza = \"K\"\nroyal = true\n\n[pieces.Q]\nbetza = \"Q\"\n\n\
         [pieces.R]\nbetza = \"R\"\n\n[pieces.B]\nbetza = \"B\"\n\n[pieces.N]\nbetza = \"N\"\n\n\
         [pieces.P]\nbetza = \"mfWcfF\"\npromotion.to = [\"Q\"]\n\n",
    );
    text.push_str(&format!("[rules]\nsetup = \"{}\"\n", packed_fen(8)));
    let path = level_file(dir.path(), "packed.toml", &text);
    let grid = level::load(&path)
        .expect("the level loads")
        .into_grid()
        .expect("a grid level");
    let eval = Arc::new(GridEval::for_variant(Arc::clone(&grid.variant)));
    let mut game = GridSearch::new(eval, grid.start.clone(), &[]);
    let mut root = Vec::new();
    areachess::search::Searchable::moves(&mut game, &mut root);
    let budget = u64::from(areachess::search::Searchable::quiescence_budget(&game));
    // A cap far above what the budgets allow: the old search reached it inside depth 1.
    let cap = 50 * root.len() as u64 * (budget + 1);
    let mut finished = Vec::new();
    let report = Searcher::new(4).search(
        &mut game,
        &Limits {
            depth: Some(1),
            nodes: Some(cap),
            ..Limits::default()
        },
        |info| finished.push(info.depth),
    );
    assert_eq!(finished, [1], "depth 1 finished");
    assert!(report.best.is_some());
    assert!(
        report.nodes <= 1 + root.len() as u64 * (budget + 1),
        "{} nodes for {} root moves",
        report.nodes,
        root.len()
    );
}

#[test]
fn a_balance_report_of_the_longest_games_is_written() {
    // The longest games tallies may hold: the histogram's buckets once counted lengths in
    // 32 bits (lengths near 2^32 overflowed them; such lengths are now refused by the
    // tallies' check, and the longest taken must still draw).
    let dir = scratch("balance-merge");
    let tallies = Tallies {
        level: "x".to_string(),
        schedule: Schedule {
            games: 2,
            ..Schedule::default()
        },
        games: 2,
        white: 1,
        black: 1,
        lengths: vec![LONGEST_GAME_PLIES, 7],
        endings: [("checkmate".to_string(), 2)].into_iter().collect(),
        played: vec![0, 1],
        ..Tallies::default()
    };
    let json = dir.path().join("a.json");
    std::fs::write(&json, serde_json::to_string(&tallies).expect("JSON")).expect("written");
    let report = dir.path().join("report");
    let (code, out, err) = areachess(&[
        "balance",
        "--merge",
        json.to_str().expect("UTF-8"),
        "--report",
        report.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("white 1 draws 0 black 1 games 2"), "{out}");
    assert!(report.join("lengths.svg").exists());
}

#[test]
fn a_balance_run_past_its_games_limit_is_refused() {
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml");
    let (code, _, err) = areachess(&[
        "balance",
        level.to_str().expect("UTF-8"),
        "--games",
        "4000000000",
        "--values",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("not in 1..=100000"), "{err}");
}
