//! Nonsense values refused: command-line numbers out of range, balance tallies that do
//! not add up, level lengths the board cannot hold, promoted forms in a circle, perft too
//! deep, and a Game Courier record played on past the end of its game.

use crate::support::{areachess, scratch};
use areachess::level;
use std::path::Path;

/// Asserts `args` are refused before anything runs, naming every word of `says`.
fn refused(args: &[&str], says: &[&str]) {
    let (code, out, err) = areachess(args);
    assert_ne!(code, 0, "{args:?} was taken: {out}");
    assert!(out.is_empty(), "{args:?}: {out}");
    for word in says {
        assert!(err.contains(word), "{args:?}: '{word}' not in {err}");
    }
}

/// The level file's errors, one line each.
fn level_errors(text: &str) -> Vec<String> {
    match level::parse("t.toml", text) {
        Ok(_) => vec![],
        Err(e) => e.0.iter().map(ToString::to_string).collect(),
    }
}

const CONTINUOUS: &str = "name = \"x\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 8\n[continuous]\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";

/// [`CONTINUOUS`] with `line` under `[continuous]` (line 7).
fn continuous_with(line: &str) -> String {
    CONTINUOUS.replace("[continuous]\n", &format!("[continuous]\n{line}\n"))
}

#[test]
fn zero_games_are_refused_on_the_command_line() {
    refused(
        &["balance", "levels/chess.toml", "--games", "0"],
        &["--games", "1..=100000"],
    );
    refused(
        &[
            "match",
            "levels/chess.toml",
            "--white",
            "random",
            "--black",
            "random",
            "--games",
            "0",
        ],
        &["--games", "1..=100000"],
    );
    refused(
        &["tune", "levels/chess.toml", "--games", "0"],
        &["--games", "1..=100000"],
    );
    refused(
        &["balance", "levels/chess.toml", "--games", "4294967295"],
        &["--games", "1..=100000"],
    );
}

#[test]
fn options_out_of_their_range_are_refused_naming_the_range() {
    for (args, says) in [
        (
            vec!["gif", "levels/chess.toml", "x.gif", "--size", "0"],
            vec!["--size", "64..=4096"],
        ),
        (
            vec!["gif", "levels/chess.toml", "x.gif", "--size", "100000"],
            vec!["--size", "64..=4096"],
        ),
        (
            vec!["gif", "levels/chess.toml", "x.gif", "--delay", "0"],
            vec!["--delay", "10..=60000"],
        ),
        (
            vec!["tune", "levels/chess.toml", "--decay", "nan"],
            vec!["--decay", "from 0 to 1"],
        ),
        (
            vec!["tune", "levels/chess.toml", "--decay", "inf"],
            vec!["--decay", "from 0 to 1"],
        ),
        (
            vec!["tune", "levels/chess.toml", "--decay=-1"],
            vec!["--decay", "from 0 to 1"],
        ),
        (
            vec!["tune", "levels/chess.toml", "--jobs", "0"],
            vec!["--jobs", "1..=1024"],
        ),
        (
            vec!["tune", "levels/chess.toml", "--nodes", "0"],
            vec!["--nodes"],
        ),
        (
            vec!["balance", "levels/chess.toml", "--jobs", "0"],
            vec!["--jobs", "1..=1024"],
        ),
        (
            vec!["balance", "levels/chess.toml", "--movetime", "0"],
            vec!["--movetime", "1..=86400000"],
        ),
        (
            vec!["balance", "levels/chess.toml", "--max-plies", "0"],
            vec!["--max-plies", "1..=100000"],
        ),
        (
            vec!["bestmove", "levels/chess.toml", "--depth", "0"],
            vec!["--depth", "1..=100"],
        ),
        (
            vec!["bestmove", "levels/chess.toml", "--depth", "1000"],
            vec!["--depth", "1..=100"],
        ),
        (
            vec!["bestmove", "levels/chess.toml", "--movetime", "0"],
            vec!["--movetime"],
        ),
        (
            vec!["bestmove", "levels/chess.toml", "--nodes", "0"],
            vec!["--nodes"],
        ),
        (vec!["bench", "--depth", "0"], vec!["--depth", "1..=100"]),
        (
            vec![
                "match",
                "levels/chess.toml",
                "--white",
                "random",
                "--black",
                "random",
                "--max-plies",
                "0",
            ],
            vec!["--max-plies", "1..=100000"],
        ),
        (
            vec![
                "match",
                "levels/chess.toml",
                "--white",
                "random",
                "--black",
                "random",
                "--movetime=-5",
            ],
            vec!["--movetime"],
        ),
    ] {
        refused(&args, &says);
    }
}

#[test]
fn perft_deeper_than_its_limit_is_refused_and_shallow_perft_still_counts() {
    refused(&["perft", "levels/chess.toml", "100"], &["DEPTH", "0..=15"]);
    refused(&["perft", "levels/chess.toml", "16"], &["DEPTH", "0..=15"]);
    let (code, out, err) = areachess(&["perft", "levels/chess.toml", "2"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "nodes 400\n");
}

#[test]
fn valid_neighbours_of_the_limits_are_still_taken() {
    let (code, out, err) = areachess(&[
        "match",
        "levels/chess.toml",
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "1",
        "--max-plies",
        "1",
        "--movetime",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("score white 0 draws 1 black 0\n"), "{out}");
    // Parsed (then drawn, or refused for want of the window in a build without one).
    let dir = scratch("values-gif");
    let gif = dir.path().join("x.gif");
    let gif = gif.to_str().expect("utf-8");
    let (_, _, err) = areachess(&[
        "gif",
        "levels/chess.toml",
        gif,
        "--size",
        "64",
        "--delay",
        "10",
    ]);
    assert!(!err.contains("--size") && !err.contains("--delay"), "{err}");
    let (_, _, err) = areachess(&["tune", "levels/missing.toml", "--decay", "0"]);
    assert!(!err.contains("--decay"), "{err}");
}

/// Writes balance tallies as JSON with `games` from a schedule of `schedule` games.
fn tallies_file(dir: &Path, name: &str, json: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, json).expect("written");
    path.to_str().expect("utf-8").to_string()
}

/// Tallies of one game (game number `k`) won by White, in a schedule of `schedule` games.
fn one_game(k: u32, schedule: u32) -> String {
    format!(
        r#"{{"level":"Chess","schedule":{{"seed":1,"games":{schedule},"movetime_ms":5,"values":false}},
"games":1,"white":1,"draws":0,"black":0,"lengths":[40],"endings":{{"checkmate":1}},
"values":{{}},"pawn":"P","played":[{k}]}}"#
    )
}

#[test]
fn balance_merge_refuses_counts_that_wrap_around() {
    let dir = scratch("values-merge-wrap");
    let huge = r#"{"level":"Chess","schedule":{"seed":1,"games":4294967295,"movetime_ms":5,"values":false},
"games":4294967295,"white":4294967295,"draws":0,"black":0,"lengths":[],"endings":{},
"values":{},"pawn":"P","played":[]}"#;
    let a = tallies_file(dir.path(), "a.json", huge);
    let b = tallies_file(dir.path(), "b.json", huge);
    let (code, out, err) = areachess(&["balance", "--merge", &a, &b]);
    assert_ne!(code, 0, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("a.json: entry `schedule.games`"), "{err}");
    assert!(err.contains("100000"), "{err}");
}

#[test]
fn balance_merge_places_a_file_that_is_not_tallies_at_a_real_column() {
    let dir = scratch("values-merge-empty");
    for (name, text, place, says) in [
        ("empty.json", "", "1:1", "EOF while parsing a value"),
        ("blank.json", "\n\n", "3:1", "EOF while parsing a value"),
        (
            "cut.json",
            "{\"level\":",
            "1:9",
            "EOF while parsing a value",
        ),
        ("word.json", "xyz", "1:1", "expected value"),
    ] {
        let file = tallies_file(dir.path(), name, text);
        let (code, _, err) = areachess(&["balance", "--merge", &file]);
        assert_eq!(code, 2, "{err}");
        let expected = format!("{file}:{place}: not balance tallies: {says}\n");
        assert!(err.ends_with(&expected), "{err:?} for {expected:?}");
    }
}

#[test]
fn balance_merge_refuses_results_that_do_not_add_up_naming_file_and_entry() {
    let dir = scratch("values-merge-sum");
    let good = tallies_file(dir.path(), "good.json", &one_game(0, 4));
    let bad = one_game(1, 4).replace("\"white\":1", "\"white\":51");
    let bad = tallies_file(dir.path(), "bad.json", &bad);
    let (code, out, err) = areachess(&["balance", "--merge", &good, &bad]);
    assert_ne!(code, 0, "{out}");
    assert!(err.contains("bad.json: entry `games`"), "{err}");
    assert!(err.contains("white + draws + black is 51"), "{err}");
    let many = one_game(1, 4)
        .replace("\"values\":false", "\"values\":true")
        .replace(
            "\"values\":{}",
            r#""values":{"N":{"name":"Knight","estimate":300,"wins":90,"draws":0,"losses":0}}"#,
        );
    let many = tallies_file(dir.path(), "many.json", &many);
    let (code, _, err) = areachess(&["balance", "--merge", &many]);
    assert_ne!(code, 0);
    assert!(err.contains("many.json: entry `values.N`"), "{err}");
    assert!(
        err.contains("more than the schedule's 4 games a kind"),
        "{err}"
    );
}

#[test]
fn balance_merge_of_consistent_shards_adds_them_up() {
    let dir = scratch("values-merge-good");
    let a = tallies_file(dir.path(), "a.json", &one_game(0, 2));
    let b = tallies_file(dir.path(), "b.json", &one_game(1, 2));
    let (code, out, err) = areachess(&["balance", "--merge", &a, &b]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("white 2 draws 0 black 0 games 2\n"), "{out}");
    assert!(out.contains("(95% "), "{out}");
}

#[test]
fn balance_tallies_without_games_print_no_interval() {
    let dir = scratch("values-merge-none");
    let none = r#"{"level":"Chess","schedule":{"seed":1,"games":2,"movetime_ms":5,"values":false},
"games":0,"white":0,"draws":0,"black":0,"lengths":[],"endings":{},
"values":{},"pawn":"P","played":[]}"#;
    let none = tallies_file(dir.path(), "none.json", none);
    let report = dir.path().join("report");
    let (code, out, err) = areachess(&[
        "balance",
        "--merge",
        &none,
        "--report",
        report.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("no games from the setup"), "{out}");
    assert!(!out.contains('%'), "{out}");
    assert!(out.ends_with("white 0 draws 0 black 0 games 0\n"), "{out}");
}

#[test]
fn promotion_line_past_half_the_board_is_refused_with_its_place_and_range() {
    for (value, says) in [
        (
            "1e6",
            "t.toml:7:18: promotion_line = 1000000: expected at most 11.3137",
        ),
        (
            "12",
            "t.toml:7:18: promotion_line = 12: expected at most 11.3137",
        ),
        (
            "-1",
            "t.toml:7:18: promotion_line = -1: expected a positive length, at most 1e6",
        ),
        (
            "nan",
            "t.toml:7:18: promotion_line = NaN: expected a positive length, at most 1e6",
        ),
        (
            "inf",
            "t.toml:7:18: promotion_line = inf: expected a positive length, at most 1e6",
        ),
    ] {
        let errs = level_errors(&continuous_with(&format!("promotion_line = {value}")));
        assert_eq!(errs.len(), 1, "{value}: {errs:?}");
        assert!(errs[0].starts_with(says), "{value}: {errs:?}");
    }
    assert_eq!(
        level_errors(&continuous_with("promotion_line = 11")),
        Vec::<String>::new()
    );
}

#[test]
fn min_move_longer_than_a_capture_is_refused() {
    let errs = level_errors(&continuous_with("min_move = 3"));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with("t.toml:7:12: min_move = 3: expected at most 2 (two radii"),
        "{errs:?}"
    );
    assert_eq!(
        level_errors(&continuous_with("min_move = 2")),
        Vec::<String>::new()
    );
}

#[test]
fn a_jump_shorter_than_min_move_is_refused_at_the_piece() {
    // On squares of 0.8 a knight's jump is √5 × 0.8 ≈ 1.79, shorter than min_move = 2.
    let level = |square: f64| {
        continuous_with(&format!(
            "square = {square}\nmin_move = 2\ncastling_king_travel = 2"
        ))
        .replace(
            "[rules]",
            "[pieces.N]\nname = \"Jumper\"\nbetza = \"N\"\n[rules]",
        )
        .replace("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "w;K@1.2,1.2;k@5.2,5.2")
    };
    let errs = level_errors(&level(0.8));
    assert!(
        errs.iter()
            .any(|e| e.starts_with("t.toml:12:9: piece N's jump is 1.78")
                && e.contains("shorter than min_move = 2")),
        "{errs:?}"
    );
    let errs = level_errors(&level(0.9));
    assert!(!errs.iter().any(|e| e.contains("jump")), "{errs:?}");
}

const GRID: &str = "name = \"x\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n[pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.A]\nbetza = \"W\"\npromoted_from = \"B\"\n[pieces.B]\nbetza = \"F\"\npromoted_from = \"A\"\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";

#[test]
fn promoted_forms_in_a_circle_are_refused() {
    let errs = level_errors(GRID);
    assert!(
        errs.iter().any(|e| e.starts_with(
            "t.toml:11:17: promoted_from \"B\": that piece is itself a promoted form"
        )),
        "{errs:?}"
    );
    let own = GRID
        .replace("promoted_from = \"A\"\n", "")
        .replace("promoted_from = \"B\"", "promoted_from = \"A\"");
    let errs = level_errors(&own);
    assert!(
        errs.iter().any(|e| e.starts_with(
            "t.toml:11:17: promoted_from \"A\": expected the letter of another piece"
        )),
        "{errs:?}"
    );
    let fine = GRID.replace("promoted_from = \"A\"\n", "");
    assert_eq!(level_errors(&fine), Vec::<String>::new());
}

/// Knights out and back twice: the start stands a third time after move 8.
const THREEFOLD: [&str; 8] = [
    "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
];

#[test]
fn replay_moves_and_pgn_all_end_the_game_at_threefold_repetition() {
    let dir = scratch("values-threefold");
    let courier: String = THREEFOLD
        .iter()
        .enumerate()
        .map(|(n, m)| {
            let dots = if n % 2 == 0 { "." } else { "..." };
            let letter = if n % 2 == 0 { 'N' } else { 'n' };
            format!("{}{dots} {letter} {}-{}\n", n / 2 + 1, &m[..2], &m[2..])
        })
        .collect();
    let after = format!("{courier}5. P e2-e4\n");
    let ended = dir.path().join("ended.txt");
    let on = dir.path().join("on.txt");
    std::fs::write(&ended, &courier).expect("written");
    std::fs::write(&on, &after).expect("written");
    let on = on.to_str().expect("utf-8");
    // The game as it ended is taken by all three.
    let (code, out, err) = areachess(&[
        "replay",
        "levels/chess.toml",
        ended.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5\n"),
        "{out}"
    );
    let mut moves = vec!["moves", "levels/chess.toml", "--moves"];
    moves.extend(THREEFOLD);
    let (code, _, err) = areachess(&moves);
    assert_eq!(code, 0, "{err}");
    // A move after it is refused by all three.
    let (code, out, err) = areachess(&["replay", "levels/chess.toml", on]);
    assert_ne!(code, 0, "{out}");
    assert!(
        err.contains("on.txt: move 9: 'e2e4': the game is over"),
        "{err}"
    );
    moves.push("e2e4");
    let (code, _, moves_err) = areachess(&moves);
    assert_ne!(code, 0);
    assert!(
        moves_err.contains("move 9: 'e2e4': the game is over"),
        "{moves_err}"
    );
    let mut pgn = vec!["pgn", "levels/chess.toml", "--moves"];
    pgn.extend(THREEFOLD);
    let (code, text, err) = areachess(&pgn);
    assert_eq!(code, 0, "{err}");
    let text = text
        .replace(" 1/2-1/2", " Nc3 1/2-1/2")
        .replace(" *", " Nc3 *");
    let file = dir.path().join("on.pgn");
    std::fs::write(&file, &text).expect("written");
    let (code, out, err) = areachess(&["pgn", "--read", file.to_str().expect("utf-8")]);
    assert_ne!(code, 0, "{text}\n{out}");
    assert!(err.contains("'Nc3': the game is already over"), "{err}");
}

/// A grid level of two kings with `line` before `[board]`.
fn grid_with(line: &str) -> String {
    format!(
        "name = \"x\"\nmode = \"grid\"\n{line}\n[board]\nfiles = 8\nranks = 8\n[pieces.K]\nbetza = \"K\"\nroyal = true\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"
    )
}

#[test]
fn fairy_stockfish_names_are_checked_where_they_are_written() {
    let level = level::parse(
        "t.toml",
        &grid_with("fairy_stockfish = [\"normal\", \"mini\"]"),
    )
    .expect("two names load");
    assert_eq!(level.fairy_stockfish, ["normal", "mini"]);
    assert_eq!(
        level_errors(&grid_with(
            "fairy_stockfish = [\"normal\", \"mini\", \"normal\"]"
        )),
        ["t.toml:3:38: fairy_stockfish: 'normal' is named twice"]
    );
    let bad = level_errors(&grid_with("fairy_stockfish = [\"Normal\"]"));
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(bad[0].starts_with("t.toml:3:20: "), "{bad:?}");
    assert!(bad[0].contains("lower-case letters"), "{bad:?}");
    let continuous = level_errors(&CONTINUOUS.replace(
        "mode = \"continuous\"\n",
        "mode = \"continuous\"\nfairy_stockfish = [\"normal\"]\n",
    ));
    assert_eq!(continuous.len(), 1, "{continuous:?}");
    assert!(continuous[0].starts_with("t.toml:3:1: "), "{continuous:?}");
}

#[test]
fn a_rule_that_refines_another_is_refused_without_it() {
    let level = |rules: &str| {
        format!(
            "name = \"x\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n[pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.P]\nbetza = \"fW\"\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n{rules}\n"
        )
    };
    assert_eq!(
        level_errors(&level("captures_to_hand = false")),
        ["t.toml:13:20: rules.captures_to_hand needs rules.drops = true"]
    );
    assert_eq!(
        level_errors(&level(
            "drops = true\nshogi_drops = false\npawn_drop_mate = \"wins\""
        )),
        ["t.toml:15:18: rules.pawn_drop_mate needs rules.shogi_drops = true"]
    );
    assert_eq!(
        level_errors(&level("shogi_drops = true")),
        ["t.toml:13:15: rules.shogi_drops needs rules.drops = true"]
    );
    assert!(level_errors(&level("drops = true\ncaptures_to_hand = false")).is_empty());
}
