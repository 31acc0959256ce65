//! The command line as docs/cli.md fixes it, run as a user runs it.

use crate::support::{areachess, scratch};
use areachess::search::tuning::GridWeights;
use std::path::Path;

/// What the binary writes to stdout for `args`, asserting it succeeds.
fn answer(args: &[&str]) -> String {
    let (code, out, err) = areachess(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

const LEVEL: &str = "levels/area-of-competence.toml";

#[test]
fn judge_prints_one_line_per_move_then_the_position() {
    let (code, out, err) = areachess(&[
        "judge", LEVEL, "e2->e4", "e7->e5", "g1->f3", "e1->e2", "b8->c6", "f3->e5",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok move P e2->e4");
    assert_eq!(lines[1], "ok move p e7->e5");
    assert_eq!(lines[2], "ok move N g1->f3");
    assert_eq!(lines[3], "illegal not-your-turn");
    assert_eq!(lines[4], "ok move n b8->c6");
    assert_eq!(lines[5], "ok capture N f3->e5 xp");
    assert_eq!(lines.len(), 7);
    assert!(lines[6].starts_with("b;r@a8;n@c6;"), "{}", lines[6]);
    assert!(lines[6].contains(";N@e5"), "{}", lines[6]);
}

#[test]
fn judge_starts_from_a_given_position_and_prints_exact_coordinates() {
    let (code, out, _) = areachess(&[
        "judge",
        LEVEL,
        "--position",
        "w;K@e1;R@a1;k@e8",
        "a1->1.4142135623730951,10.5",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok move R a1->1.4142135623730951,10.5");
    assert_eq!(lines[1], "b;K@e1;R@1.4142135623730951,10.5;k@e8");
}

#[test]
fn judge_refuses_unreadable_text_with_exit_code_two() {
    let (code, out, err) = areachess(&["judge", LEVEL, "--position", "w;K@e1;X@a1;k@e8"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("'X' is not a piece letter"), "{err}");

    let (code, _, err) = areachess(&["judge", LEVEL, "e2-e4"]);
    assert_eq!(code, 2);
    assert!(err.contains("move 1") && err.contains("e2-e4"), "{err}");

    let (code, _, err) = areachess(&["judge", LEVEL, "e2->z9"]);
    assert_eq!(code, 2);
    assert!(err.contains("z9"), "{err}");
}

#[test]
fn judge_refuses_impossible_positions_with_exit_code_two() {
    for (pos, words) in [
        ("w;K@e1;R@1.5,1.5;N@2.5,1.5;k@e8", "overlap"),
        ("w;K@e1;R@0.5,5;k@e8", "not wholly on the board"),
        ("w;K@e1;R@a1", "black has 0 kings"),
        (
            "w;K@e1;R@a8;k@h8",
            "black is not to move but its king can be captured",
        ),
    ] {
        let (code, _, err) = areachess(&["judge", LEVEL, "--position", pos]);
        assert_eq!(code, 2, "{pos}");
        assert!(err.contains(words), "{pos}: {err}");
    }
}

#[test]
fn check_accepts_the_shipped_level() {
    let (code, out, _) = areachess(&["check", LEVEL]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some(format!("{LEVEL}: ok").as_str()));
    // Then its demonstrations, each checked too.
    assert!(
        out.lines()
            .skip(1)
            .all(|l| l.starts_with("levels/demos/") && l.contains(": ok (")),
        "{out}"
    );
}

#[test]
fn check_values_prints_each_pieces_value_and_where_it_comes_from() {
    let (code, out, err) = areachess(&["check", "--values", "levels/chess.toml", LEVEL]);
    assert_eq!(code, 0, "{err}");
    // The levels' demonstrations are checked too; their lines are not wanted here.
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("levels/demos/"))
        .collect();
    assert_eq!(lines[0], "levels/chess.toml: ok");
    // One line per type: letter, name, value, source.
    let pieces: Vec<Vec<&str>> = lines[1..7].iter().map(|l| l.split(' ').collect()).collect();
    let mut letters: Vec<&str> = pieces.iter().map(|p| p[2]).collect();
    letters.sort();
    assert_eq!(letters, ["B", "K", "N", "P", "Q", "R"]);
    for p in &pieces {
        assert_eq!(p[..2], ["", ""], "indented by two spaces");
        if p[2] == "K" {
            assert_eq!(p[3..], ["King", "0", "royal"]);
            continue;
        }
        assert_eq!(p[5], "estimated", "{p:?}");
        let value: i32 = p[4].parse().expect("a number");
        assert!(value >= 95, "{p:?}");
    }
    // A continuous level has no grid pieces to value.
    assert_eq!(lines[7], format!("{LEVEL}: ok"));
    assert_eq!(lines.len(), 8);

    let scratch = scratch("values");
    let dir = scratch.path();
    let level = dir.join("valued.toml");
    std::fs::write(
        &level,
        "name = \"v\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n[pieces.K]\nname = \"King\"\nbetza = \"K\"\nroyal = true\n[pieces.N]\nname = \"Dragon Knight\"\nbetza = \"N\"\nvalue = 275\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/3NK3 w - - 0 1\"\n",
    )
    .expect("write");
    let (code, out, err) = areachess(&["check", "--values", level.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n  K King 0 royal\n"), "{out}");
    assert!(
        out.contains("\n  N Dragon Knight 275 level (estimated 3"),
        "{out}"
    );
}

#[test]
fn check_reports_errors_at_file_line_and_column_with_exit_code_one() {
    let scratch = scratch("cli");
    let dir = scratch.path();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "name = \"x\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 40\n[rules]\nsetup = \"8/8/8/8/8/8/8/8\"\n",
    )
    .expect("write");
    let (code, _, err) = areachess(&["check", bad.to_str().expect("utf-8 path")]);
    assert_eq!(code, 1);
    assert!(err.contains("bad.toml:5:9: ranks = 40"), "{err}");
    assert!(Path::new(&bad).exists());
}

#[test]
fn perft_ends_with_the_node_count_and_divides_by_root_move() {
    let (code, out, err) = areachess(&["perft", "levels/chess.toml", "3"]);
    assert_eq!((code, out.as_str()), (0, "nodes 8902\n"));
    assert!(err.contains("nodes/s"), "{err}");
    let (code, out, _) = areachess(&["perft", "levels/chess.toml", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[0], "a2a3 20");
    assert_eq!(lines[20], "nodes 400");
}

#[test]
fn perft_reads_a_fen_of_any_size() {
    assert_eq!(
        answer(&[
            "perft",
            "levels/grand.toml",
            "1",
            "--fen",
            "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
        ]),
        "nodes 65\n"
    );
}

#[test]
fn moves_are_listed_sorted_and_filtered_by_square() {
    assert_eq!(
        answer(&["moves", "levels/chess.toml", "--from", "g1"]),
        "g1f3\ng1h3\n"
    );
    assert_eq!(
        answer(&[
            "moves",
            "levels/chess.toml",
            "--fen",
            "8/4P3/8/8/8/8/8/k3K3 w - - 0 1",
            "--from",
            "e7",
        ]),
        "e7e8b\ne7e8n\ne7e8q\ne7e8r\n"
    );
}

#[test]
fn grid_commands_refuse_bad_input_with_code_two() {
    for (args, says) in [
        (
            vec!["moves", "levels/chess.toml", "--fen", "8/8 w - - 0 1"],
            "--fen: FEN column 1: 2 ranks, but the board has 8",
        ),
        (
            vec![
                "moves",
                "levels/chess.toml",
                "--fen",
                "8/8/8/8/8/8/8/8 w - - 0 1",
            ],
            "--fen: FEN column 1: White has no royal piece (King): this level needs one on each side",
        ),
        (
            vec![
                "perft",
                "levels/chess.toml",
                "2",
                "--fen",
                "4k3/8/8/8/8/8/8/8 w - - 0 1",
            ],
            "--fen: FEN column 1: White has no royal piece (King)",
        ),
        (
            vec![
                "replay",
                "levels/chess.toml",
                "-",
                "--fen",
                "4k3/8/8/8/8/8/8/8 w - - 0 1",
            ],
            "--fen: FEN column 1: White has no royal piece (King)",
        ),
        (
            vec!["moves", "levels/chess.toml", "--from", "e9"],
            "--from 'e9': not a square of this board",
        ),
        (
            vec!["perft", "levels/area-of-competence.toml", "1"],
            "is a continuous level, not a grid one",
        ),
        (
            vec!["perft", "levels/missing.toml", "1"],
            "cannot read the file",
        ),
    ] {
        let (code, out, err) = areachess(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn check_refuses_betza_that_cannot_mean_anything_in_file_order() {
    let chess =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml"))
            .expect("chess.toml");
    let bad = chess
        .replacen("betza = \"N\"", "betza = \"jjjjjjjR\"", 1)
        .replacen("betza = \"B\"", "betza = \"(0,0)\"", 1);
    let scratch = scratch("betza");
    let path = scratch.path().join("betza.toml");
    std::fs::write(&path, &bad).expect("written");
    let (code, out, err) = areachess(&["check", path.to_str().expect("utf-8")]);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    let line = |needle: &str| bad.lines().position(|l| l.contains(needle)).expect("there") + 1;
    let name = path.display();
    assert_eq!(
        err,
        format!(
            "{name}:{}:12: betza \"jjjjjjjR\": 'jj' at column 3 repeats a modifier already given to this atom, which adds nothing\n\
             {name}:{}:10: betza \"(0,0)\": the leap at column 1 is (0,0): it goes nowhere\n",
            line("jjjjjjjR"),
            line("(0,0)")
        )
    );
}

#[test]
fn every_shipped_level_checks_clean() {
    let mut args = vec!["check".to_string()];
    let mut levels: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels"))
            .expect("levels/")
            .map(|e| format!("levels/{}", e.expect("entry").file_name().to_string_lossy()))
            .filter(|name| name.ends_with(".toml"))
            .collect();
    levels.sort();
    args.extend(levels.iter().cloned());
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = areachess(&refs);
    assert_eq!(code, 0, "{err}");
    assert!(levels.len() >= 14);
    // Each level, then its demonstrations: at least one each, with captions.
    for level in &levels {
        let lines: Vec<&str> = out
            .lines()
            .skip_while(|l| *l != format!("{level}: ok"))
            .skip(1)
            .take_while(|l| l.starts_with("levels/demos/"))
            .collect();
        assert!(
            lines.iter().any(|l| !l.ends_with(" 0 captions)")),
            "{level} has no captioned demonstration: {lines:?}\n{out}"
        );
    }
}

/// A demonstration is checked with its level, or alone: every move legal, every caption on
/// a move of the game, the level as shipped. Each fault is named at its file, line and
/// column.
#[test]
fn check_checks_demonstrations_and_names_their_faults() {
    let scratch = scratch("check-demos");
    let dir = scratch.path();
    std::fs::create_dir_all(dir.join("demos")).expect("scratch");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let level_text = std::fs::read_to_string(root.join("levels/chess.toml")).expect("chess");
    let level = dir.join("chess.toml");
    std::fs::write(&level, &level_text).expect("level");
    let demo = |name: &str, moves: &str, captions: &str| {
        let game = format!(
            "format = 1\n\n[level]\npath = \"levels/chess.toml\"\nhash = \"{}\"\ntext = {}\n\n\
             [game]\nstart = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n\
             moves = [{moves}]\n\n[game.captions]\n{captions}\n",
            areachess::record::save::hash(&level_text),
            toml_string(&level_text)
        );
        let path = dir.join("demos").join(name);
        std::fs::write(&path, game).expect("demo");
        path
    };
    let good = demo(
        "good.toml",
        "\"e2e4\", \"e7e5\"",
        "0 = \"Start.\"\n2 = \"Both pawns.\"",
    );
    let (code, out, err) = areachess(&["check", level.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("good.toml: ok (2 moves, 2 captions)"), "{out}");
    let (code, out, _) = areachess(&["check", good.to_str().expect("utf-8")]);
    assert_eq!(code, 0);
    assert!(out.contains("good.toml: ok"), "{out}");

    let late = demo(
        "late.toml",
        "\"e2e4\"",
        "0 = \"Start.\"\n3 = \"Nothing here.\"",
    );
    let (code, _, err) = areachess(&["check", late.to_str().expect("utf-8")]);
    assert_eq!(code, 1);
    assert!(
        err.contains("caption '3': not a move of this game (0 for the start, or 1 to 1)"),
        "{err}"
    );
    assert!(err.contains("late.toml:"), "{err}");
    let _ = std::fs::remove_file(&late);

    let illegal = demo("illegal.toml", "\"e2e5\"", "0 = \"Start.\"");
    let (code, _, err) = areachess(&["check", level.to_str().expect("utf-8")]);
    assert_eq!(code, 1);
    assert!(
        err.contains("illegal.toml:") && err.contains("move 1"),
        "{err}"
    );
    let _ = std::fs::remove_file(&illegal);

    // The level edited after the demonstration was made.
    std::fs::write(&level, format!("{level_text}\n# edited\n")).expect("edit");
    let (code, _, err) = areachess(&["check", level.to_str().expect("utf-8")]);
    assert_eq!(code, 1);
    assert!(err.contains("older version"), "{err}");
}

/// `text` as a TOML basic string.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

#[test]
fn replay_writes_a_game_courier_record_back_and_the_final_fen() {
    let (code, out, err) = areachess(&[
        "replay",
        "levels/obento.toml",
        "tests/games/obento-courier.txt",
    ]);
    assert_eq!(code, 0, "{err}");
    let record = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/obento-courier.txt"),
    )
    .expect("the record");
    let (moves, last) = out.rsplit_once("fen ").expect("a fen line");
    assert_eq!(moves, record);
    assert!(last.ends_with(" w KQkq - 0 9\n"), "{last}");
    let scratch = scratch("replay");
    let bad = scratch.path().join("bad.txt");
    std::fs::write(&bad, "1. P e3-e6\n1... p a10-a6\n").expect("written");
    let (code, out, err) =
        areachess(&["replay", "levels/obento.toml", bad.to_str().expect("utf-8")]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains(".txt:2:8: move 2: p a10-a6 is not a legal move here"),
        "{err}"
    );
}

#[test]
fn moves_follow_a_game_given_as_moves() {
    let (code, out, err) = areachess(&[
        "moves",
        "levels/chess.toml",
        "--moves",
        "e2e4",
        "e7e5",
        "--from",
        "e4",
    ]);
    assert_eq!(code, 0, "{err}");
    // The e-pawns block each other.
    assert_eq!(out, "");
    assert_eq!(
        answer(&[
            "moves",
            "levels/chess.toml",
            "--moves",
            "e2e4",
            "--from",
            "e7",
        ]),
        "e7e5\ne7e6\n"
    );
    let (code, _, err) = areachess(&["moves", "levels/chess.toml", "--moves", "e2e4", "e2e4"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--moves: move 2: 'e2e4' is not a legal move here"),
        "{err}"
    );
}

#[test]
fn bestmove_prints_info_lines_then_the_move_the_rules_accept() {
    let (code, out, err) = areachess(&[
        "bestmove",
        "levels/chess.toml",
        "--fen",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        "--depth",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for (d, line) in lines[..3].iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(
            words[..3],
            ["info", "depth", &(d + 1).to_string()],
            "{line}"
        );
        assert_eq!(words[3..6], ["score", "mate", "1"], "{line}");
        assert_eq!(
            [words[6], words[8], words[10], words[12]],
            ["nodes", "nps", "time", "pv"]
        );
        assert_eq!(words[13], "a1a8");
    }
    assert_eq!(lines[3], "bestmove a1a8");
}

#[test]
fn bestmove_after_the_end_says_how_the_game_ended() {
    let fool = ["f2f3", "e7e5", "g2g4", "d8h4"];
    let args = [
        &["bestmove", "levels/chess.toml", "--depth", "2", "--moves"][..],
        &fool,
    ]
    .concat();
    let (code, out, err) = areachess(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "gameover checkmate\n");
    assert_eq!(
        answer(&[
            "bestmove",
            "levels/chess.toml",
            "--fen",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        ]),
        "gameover stalemate\n"
    );
    assert_eq!(
        answer(&[
            "bestmove",
            "levels/chess.toml",
            "--fen",
            "7k/8/6K1/8/8/8/8/8 b - - 0 1",
        ]),
        "gameover draw\n"
    );
}

#[test]
fn the_bare_king_rule_ends_shatranj_and_the_engine_plays_for_it() {
    // Black, bare, has just moved and White has two pieces: over.
    assert_eq!(
        answer(&[
            "bestmove",
            "levels/shatranj.toml",
            "--fen",
            "8/8/8/3k4/8/8/8/RN1K4 w - - 0 1",
        ]),
        "gameover bare-king\n"
    );
    // White to move is bare, but Black's rook may still be taken: play on.
    let out = answer(&[
        "bestmove",
        "levels/shatranj.toml",
        "--fen",
        "8/8/8/3k4/8/8/2r5/3K4 w - - 0 1",
        "--depth",
        "3",
    ]);
    assert!(out.ends_with("bestmove d1c2\n"), "{out}");
    // The ferz on a5 hangs to the rook and Black cannot take back: taking it bares Black's
    // king, a won game, found as a mate score.
    let out = answer(&[
        "bestmove",
        "levels/shatranj.toml",
        "--fen",
        "7k/8/8/q7/8/8/8/R3K3 w - - 0 1",
        "--depth",
        "4",
    ]);
    assert!(out.ends_with("bestmove a1a5\n"), "{out}");
    assert!(out.contains("score mate"), "{out}");
    // A game over has no legal moves.
    let (code, out, err) = areachess(&[
        "moves",
        "levels/shatranj.toml",
        "--fen",
        "8/8/8/3k4/8/8/8/RN1K4 b - - 0 1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "", "a game over has no moves");
}

#[test]
fn makruk_counting_draws_when_the_count_passes_its_limit() {
    // White's king, khon and three mets against a bare king: the pieces' honour gives 16
    // moves (32 plies) for a khon; 33 counted is past it.
    let over = "k5N1/8/6MM/8/M2M2S1/5K2/8/S7 w - 32 33 152";
    assert_eq!(
        answer(&["bestmove", "levels/makruk.toml", "--fen", over]),
        "gameover draw\n"
    );
    // One ply earlier the game goes on, and every move ends it: the engine sees a draw.
    let out = answer(&[
        "bestmove",
        "levels/makruk.toml",
        "--fen",
        "k5N1/8/6MM/8/M2M2S1/5K2/8/S7 w - 32 32 152",
        "--depth",
        "2",
    ]);
    assert!(out.contains("score cp 0 "), "{out}");
    // A counting limit on a level that does not count is refused at its column.
    let (code, _, err) = areachess(&[
        "moves",
        "levels/chess.toml",
        "--fen",
        "k7/8/8/8/8/8/8/K7 w - 32 3 152",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("column 23: '32': a counting limit"), "{err}");
}

#[test]
fn bestmove_refuses_what_it_cannot_search() {
    let (code, _, err) = areachess(&["bestmove", LEVEL, "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!(code, 2);
    assert!(err.contains("takes --position"), "{err}");
    let (code, _, err) = areachess(&["bestmove", "levels/chess.toml", "--position", "w;K@e1;k@e8"]);
    assert_eq!(code, 2);
    assert!(err.contains("takes --fen"), "{err}");
}

#[test]
fn match_prints_a_line_per_game_and_the_score() {
    let args = &[
        "match",
        "levels/chess.toml",
        "--white",
        "engine:2",
        "--black",
        "random",
        "--games",
        "4",
        "--alternate",
        "--seed",
        "3",
    ];
    let out = answer(args);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for (n, line) in lines[..4].iter().enumerate() {
        let (white, black) = if n % 2 == 0 {
            ("engine:2", "random")
        } else {
            ("random", "engine:2")
        };
        let start = format!("game {} white {white} black {black} result ", n + 1);
        assert!(line.starts_with(&start), "{line}");
    }
    let score: Vec<u32> = lines[4]
        .strip_prefix("score white ")
        .expect("the score line")
        .split(' ')
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(score.len(), 3, "{}", lines[4]);
    assert_eq!(score.iter().sum::<u32>(), 4);
    // The same seed plays the same games.
    assert_eq!(answer(args), out);
}

#[test]
fn match_refuses_a_player_it_does_not_know() {
    let (code, _, err) = areachess(&[
        "match",
        "levels/chess.toml",
        "--white",
        "engine:x",
        "--black",
        "random",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("player 'engine:x'"), "{err}");
}

#[test]
fn bestmove_on_a_continuous_level_finds_the_mate_judge_confirms() {
    // Back rank: the a7 rook holds the seventh rank, the b1 rook mates along the eighth.
    let pos = "w;K@e1;R@a7;R@b1;k@h8";
    let (code, out, err) = areachess(&["bestmove", LEVEL, "--position", pos, "--depth", "2"]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().expect("a last line");
    let mv = last.strip_prefix("bestmove ").expect(last);
    assert!(out.contains("score mate 1"), "{out}");
    let (code, out, err) = areachess(&["judge", LEVEL, "--position", pos, mv]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok move R b1->"), "{out}");
    // After it Black has no legal request: the rules say checkmate.
    assert_eq!(
        answer(&["bestmove", LEVEL, "--position", pos, "--moves", mv]),
        "gameover checkmate\n"
    );
}

#[test]
fn match_plays_continuous_games_and_adjudicates_at_the_ply_limit() {
    let (code, out, err) = areachess(&[
        "match",
        LEVEL,
        "--white",
        "engine:1",
        "--black",
        "random",
        "--games",
        "2",
        "--alternate",
        "--max-plies",
        "6",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for line in &lines[..2] {
        // Six plies from the start cannot mate: material decides, or it is a draw.
        assert!(line.contains(" max-plies material "), "{line}");
        assert!(line.ends_with(" plies 6"), "{line}");
    }
    assert!(lines[2].starts_with("score white "), "{out}");
}

#[test]
fn pgn_writes_a_game_and_reads_it_back() {
    let moves = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1",
    ];
    let mut args = vec!["pgn", "levels/chess.toml", "--moves"];
    args.extend(moves);
    let pgn = answer(&args);
    assert!(pgn.starts_with("[Event \"?\"]\n"), "{pgn}");
    assert!(pgn.contains("[Variant \"chess\"]\n"), "{pgn}");
    assert!(!pgn.contains("[FEN"), "the setup needs no FEN: {pgn}");
    assert!(
        pgn.ends_with("\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *\n"),
        "{pgn}"
    );
    let scratch = scratch("pgn");
    let dir = scratch.path();
    let file = dir.join("game.pgn");
    // Comments, a variation, annotations and a number glued to its move are all read past.
    let written = pgn
        .replace("2. Nf3", "2.Nf3 {develops} (2. Bc4 Nf6)")
        .replace("Bb5", "Bb5!?");
    std::fs::write(&file, written).expect("write the game");
    let read = answer(&["pgn", "--read", file.to_str().expect("a path")]);
    let lines: Vec<&str> = read.lines().collect();
    // The level the Variant tag names: the shipped one, read from inside the program.
    assert_eq!(lines[0], "level <shipped>/levels/chess.toml");
    let read_moves: Vec<&str> = lines[1..lines.len() - 1]
        .iter()
        .map(|l| l.strip_prefix("move ").expect("a move line"))
        .collect();
    assert_eq!(read_moves, moves);
    assert_eq!(
        lines[lines.len() - 1],
        "fen r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5"
    );
    // A move that is not legal is named with its line and column.
    std::fs::write(&file, "[Variant \"chess\"]\n\n1. e4 e5\n2. Nf6 *\n").expect("write");
    let (code, _, err) = areachess(&["pgn", "--read", file.to_str().expect("a path")]);
    assert_eq!(code, 2);
    assert!(err.contains("game.pgn:4:4: 'Nf6'"), "{err}");
}

#[test]
fn pgn_of_a_continuous_game_and_of_a_set_up_position() {
    let pgn = answer(&[
        "pgn",
        "levels/area-of-competence.toml",
        "--moves",
        "e2->e4",
        "e7->e5",
    ]);
    assert!(pgn.ends_with("\n1. e2->e4 e7->e5 *\n"), "{pgn}");
    let fen = "4k3/8/8/8/8/8/8/R3K3 b - - 0 1";
    let pgn = answer(&["pgn", "levels/chess.toml", "--fen", fen, "--moves", "e8d8"]);
    assert!(
        pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n")),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n1... Kd8 *\n"), "{pgn}");
}

#[test]
fn match_on_the_clock_reports_time_left_and_a_random_mover_never_flags() {
    let (code, out, err) = areachess(&[
        "match",
        "levels/chess.toml",
        "--white",
        "computer:2",
        "--black",
        "random",
        "--games",
        "2",
        "--alternate",
        "--time",
        "0.1+0.1",
        "--max-plies",
        "40",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for line in &lines[..2] {
        assert!(line.contains("computer:2"), "{line}");
        let left = line.split(" left ").nth(1).expect("the clocks");
        let words: Vec<&str> = left.split_whitespace().collect();
        assert_eq!(words[2], "mean-ms", "{line}");
        assert_eq!(words[5], "longest-ms", "{line}");
        for seconds in &words[..2] {
            let s: f64 = seconds.parse().expect("seconds left");
            assert!(s > 0.0 && s <= 6.0 + 0.1 * 20.0, "{line}");
        }
        assert!(!line.contains("on-time"), "{line}");
    }
}

#[test]
fn a_match_where_a_side_cannot_keep_up_ends_on_time() {
    // 0.6 ms a side on the continuous board: finding the first move's candidates alone
    // takes longer, so White's flag falls before it moves, and Black, with its whole army,
    // wins.
    let (code, out, err) = areachess(&[
        "match",
        LEVEL,
        "--white",
        "engine:1",
        "--black",
        "random",
        "--games",
        "1",
        "--time",
        "0.00001+0",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("game 1 white engine:1 black random result 0-1 on-time plies 0"),
        "{out}"
    );
}

#[test]
fn a_bad_time_control_is_refused_before_anything_opens() {
    for (args, words) in [
        (
            vec!["play", "levels/chess.toml", "--time", "5"],
            "time control '5': expected MIN+INC",
        ),
        (
            vec!["play", "levels/chess.toml", "--time", "0+3"],
            "the minutes '0' must be a number above 0",
        ),
        (
            vec![
                "match",
                "levels/chess.toml",
                "--white",
                "random",
                "--black",
                "random",
                "--time",
                "1+x",
            ],
            "the increment 'x' must be a number of seconds",
        ),
        (
            vec![
                "match",
                "levels/chess.toml",
                "--white",
                "computer:9",
                "--black",
                "random",
            ],
            "computer:N (the window's strength, 1 to 5)",
        ),
    ] {
        let (code, _, err) = areachess(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

#[test]
fn export_writes_a_fairy_stockfish_section_or_names_what_it_cannot() {
    let (code, ini, err) = areachess(&["export", "levels/shako.toml", "--to", "fsf"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = ini.lines().collect();
    assert_eq!(lines[0], "[shako-areachess]");
    for line in [
        "maxFile = 10",
        "maxRank = 10",
        "king = k:K",
        "pawnTypes = p",
        "promotionPieceTypes = qrbnce",
        "castlingRank = 2",
        "castlingKingFile = f",
        "castlingKingsideFile = h",
        "startFen = c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1",
    ] {
        assert!(lines.contains(&line), "{line} in:\n{ini}");
    }
    assert!(lines.iter().any(|l| l.ends_with("= c:mRcpR")), "{ini}");
    // Obento: too large, and pieces Fairy-Stockfish does not read; each reason a line.
    let (code, out, err) = areachess(&["export", "levels/obento.toml", "--to", "fsf"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.contains("levels/obento.toml: the board: 12×12: Fairy-Stockfish plays at most 12 files and 10 ranks"),
        "{err}"
    );
    assert!(
        err.contains("piece S (Ship): 'fF-fR': chained moves"),
        "{err}"
    );
    let (code, _, err) = areachess(&["export", LEVEL, "--to", "fsf"]);
    assert_eq!(code, 1);
    assert!(err.contains("a continuous board"), "{err}");
    let (code, _, err) = areachess(&["export", "levels/chess.toml", "--to", "xboard"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn balance_tallies_games_and_its_shards_merge_exactly() {
    let scratch = scratch("balance");
    let dir = scratch.path();
    let file = |name: &str| dir.join(name).display().to_string();
    let last = |out: &str| out.lines().last().unwrap_or("").to_string();
    let tally = |line: &str| -> Vec<u32> {
        line.split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect()
    };
    // The whole schedule of 4 games, and its two shards.
    let common = [
        "--games",
        "4",
        "--movetime",
        "5",
        "--max-plies",
        "40",
        "--seed",
        "7",
    ];
    let mut whole = vec!["balance", "levels/chess.toml", "--jobs", "2", "--json"];
    let whole_json = file("whole.json");
    let report = file("report");
    whole.extend([whole_json.as_str(), "--report", report.as_str()]);
    whole.extend(common);
    let out = answer(&whole);
    let all = tally(&last(&out));
    assert_eq!(all.len(), 4, "{out}");
    assert_eq!(all[0] + all[1] + all[2], all[3]);
    assert_eq!(all[3], 4);
    assert!(out.contains("(95% "), "{out}");
    for svg in ["results.svg", "lengths.svg"] {
        let text = std::fs::read_to_string(dir.join("report").join(svg)).expect(svg);
        assert!(text.contains("<svg"), "{svg}");
    }
    assert!(dir.join("report/index.html").exists());
    let mut shards = Vec::new();
    for (k, shard) in ["1/2", "2/2"].into_iter().enumerate() {
        let json = file(&format!("s{k}.json"));
        let mut args = vec![
            "balance",
            "levels/chess.toml",
            "--shard",
            shard,
            "--json",
            &json,
        ];
        args.extend(common);
        let part = tally(&last(&answer(&args)));
        assert_eq!(part[3], 2, "{shard}");
        shards.push((part, json));
    }
    let merged = answer(&["balance", "--merge", &shards[0].1, &shards[1].1]);
    let sum: Vec<u32> = (0..4).map(|k| shards[0].0[k] + shards[1].0[k]).collect();
    assert_eq!(tally(&last(&merged)), sum);
    // The same shard twice is refused, naming the game met twice.
    let (code, _, err) = areachess(&["balance", "--merge", &shards[0].1, &shards[0].1]);
    assert_eq!(code, 2);
    assert!(err.contains("is in both tallies"), "{err}");
    let (code, _, err) = areachess(&["balance", "levels/chess.toml", "--shard", "3/2"]);
    assert_eq!(code, 2);
    assert!(err.contains("1 ≤ I ≤ N"), "{err}");
}

/// The node counts of a `bench` run: each position's, then the total.
fn bench_counts(text: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|l| {
            l.strip_prefix("nodes ")
                .or_else(|| l.split(" nodes ").nth(1))
        })
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect()
}

#[test]
fn the_continuous_bench_gives_the_same_nodes_every_run_and_their_total() {
    let run = || answer(&["bench", "--continuous", "--depth", "1"]);
    let (first, second) = (run(), run());
    let (a, b) = (bench_counts(&first), bench_counts(&second));
    assert_eq!(a.len(), 5, "four positions and the total:\n{first}");
    assert_eq!(
        a, b,
        "a fixed depth searches the same nodes:\n{first}\n{second}"
    );
    assert_eq!(a[4], a[..4].iter().sum::<u64>(), "{first}");
    let names: Vec<&str> = first.lines().filter_map(|l| l.split(' ').next()).collect();
    assert_eq!(
        names,
        [
            "opening",
            "open-middlegame",
            "queen-fork",
            "rook-endgame",
            "nodes"
        ],
        "{first}"
    );
    assert!(
        first.lines().all(|l| !l.contains("bestmove (none)")),
        "{first}"
    );
}

#[test]
fn bench_gives_the_same_nodes_every_run_and_their_total() {
    let run = || answer(&["bench", "--depth", "3"]);
    let (first, second) = (run(), run());
    let (a, b) = (bench_counts(&first), bench_counts(&second));
    assert_eq!(a.len(), 11, "ten positions and the total:\n{first}");
    assert_eq!(
        a, b,
        "a fixed depth searches the same nodes:\n{first}\n{second}"
    );
    let total: u64 = a[..10].iter().sum();
    assert_eq!(a[10], total, "the last line adds them up:\n{first}");
    assert!(
        first.lines().next().is_some_and(|l| l.starts_with(
            "chess rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: depth 3 nodes "
        )),
        "{first}"
    );
    assert!(
        first.contains("obento ") && first.contains(": depth 1 nodes "),
        "{first}"
    );
}

#[test]
fn tune_fits_the_weights_to_self_play_and_names_each_one() {
    let args = [
        "tune",
        "levels/chess.toml",
        "levels/makruk.toml",
        "--games",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "60",
        "--jobs",
        "1",
        "--rounds",
        "2",
    ];
    let out = answer(&args);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("levels/chess.toml: 2 games, "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("levels/makruk.toml: 2 games, "),
        "{out}"
    );
    assert!(lines[2].starts_with("k "), "{out}");
    let error: Vec<f64> = lines[3]
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(error.len() >= 2 && error[1] <= error[0], "{out}");
    let weights: Vec<&str> = lines[4..]
        .iter()
        .filter(|l| l.contains(" -> "))
        .copied()
        .collect();
    assert_eq!(weights.len(), GridWeights::NAMES.len(), "{out}");
    assert!(weights[0].starts_with("mobility 3 -> "), "{out}");
    // The same seed plays the same games.
    assert_eq!(answer(&args), out);
    let (code, _, err) = areachess(&["tune", "levels/chess.toml", "--only", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("--only nope: no such weight"), "{err}");
    let (code, _, err) = areachess(&["tune", "levels/area-of-competence.toml", "--games", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("levels/area-of-competence.toml"), "{err}");
    // A file of positions with none in it fits nothing, and says so.
    let dir = tempfile::tempdir().expect("a scratch folder");
    for (name, text) in [("empty.pos", ""), ("comments.pos", "# nothing\n\n# here\n")] {
        let file = dir.path().join(name);
        std::fs::write(&file, text).expect("written");
        let file = file.display().to_string();
        let (code, out, err) = areachess(&["tune", "levels/chess.toml", "--positions", &file]);
        assert_eq!(code, 2, "{out}");
        assert!(
            err.contains(&format!("{file}: no positions to fit")),
            "{err}"
        );
    }
}

#[test]
fn tune_fits_piece_square_tables_that_paste_into_the_level() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let level = dir.path().join("small.toml");
    let text = "name = \"small\"\nmode = \"grid\"\n[board]\nfiles = 4\nranks = 4\n[pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.N]\nbetza = \"N\"\n[rules]\nsetup = \"k3/4/4/NN1K w - - 0 1\"\n";
    std::fs::write(&level, text).expect("writes");
    // Two knights on the second rank win, two on the first draw.
    let positions = dir.path().join("small.pos");
    let mut lines = String::new();
    for _ in 0..10 {
        lines.push_str("k3/4/2NN/3K w - - 0 1;0.9\nk3/4/4/NN1K w - - 0 1;0.5\n");
    }
    std::fs::write(&positions, lines).expect("writes");
    let level_name = level.display().to_string();
    let positions_name = positions.display().to_string();
    let out = answer(&[
        "tune",
        &level_name,
        "--positions",
        &positions_name,
        "--squares",
        "200",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!("{level_name}: 20 positions from {positions_name}"),
        "{out}"
    );
    assert!(lines[1].starts_with("k "), "{out}");
    let error: Vec<f64> = lines[2]
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|w| w.parse().ok())
        .collect();
    // Before, held out before, after, held out after: the fit lowers the error.
    assert!(error.len() == 4 && error[2] < error[0], "{out}");
    assert!(out.contains("[pieces.N.squares]"), "{out}");
    // Pasted into the level, the tables are read: the level still checks, and its
    // knights now stand better on the second rank than on the first.
    let section = &out[out.find("\n[pieces.").expect("a section")..];
    std::fs::write(&level, format!("{text}{section}")).expect("writes");
    let checked = answer(&["check", &level_name]);
    assert!(checked.contains("ok"), "{checked}");
    let loaded = areachess::level::load(&level)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_grid()
        .expect("grid");
    let v = &loaded.variant;
    let knight = v.role_of_letter('N').expect("a knight");
    let squares = v[knight].squares.as_ref().expect("tables");
    let at = |name: &str| usize::from(v.geometry.parse_square(name).expect("a square"));
    assert!(
        squares.middle[at("c2")] > squares.middle[at("a1")],
        "{section}"
    );
}

#[test]
fn tune_fits_the_weights_to_labelled_positions_and_names_a_bad_line() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let good = dir.path().join("chess.pos");
    // Passed pawns further on win: the fit must keep or raise what it pays for them.
    std::fs::write(
        &good,
        "# labelled by hand\n\
         6k1/8/1P6/8/8/8/8/6K1 w - - 0 1;0.9\n\
         6k1/8/8/8/8/1p6/8/6K1 w - - 0 1;0.1\n\
         6k1/8/8/1P6/8/8/8/6K1 b - - 0 1;0.8\n\
         6k1/8/8/8/1p6/8/8/6K1 b - - 0 1;0.2\n",
    )
    .expect("writes");
    let good_name = good.display().to_string();
    let out = answer(&[
        "tune",
        "levels/chess.toml",
        "--positions",
        &good_name,
        "--rounds",
        "3",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!("levels/chess.toml: 4 positions from {good_name}"),
        "{out}"
    );
    let error: Vec<f64> = lines[2]
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(error.len() >= 2 && error[1] <= error[0], "{out}");
    // What the fit moved comes last as an `[evaluation]` table to paste into the level;
    // pasted, the level checks and the next fit starts from those weights.
    let section = &out[out.find("\n[evaluation]\n").expect("a table to paste")..];
    let chess =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml"))
            .expect("reads");
    let level = dir.path().join("chess.toml");
    std::fs::write(&level, format!("{chess}{section}")).expect("writes");
    let level_name = level.display().to_string();
    assert!(answer(&["check", &level_name]).contains("ok"));
    let again = answer(&[
        "tune",
        &level_name,
        "--positions",
        &good_name,
        "--rounds",
        "1",
    ]);
    let mut pasted = 0;
    for line in section.lines().skip(2) {
        let (name, value) = line.split_once(" = ").expect("name = value");
        let printed = format!("\n{name} {value} -> ");
        assert!(again.contains(&printed), "{line}: {again}");
        pasted += 1;
    }
    assert!(pasted > 0, "{section}");
    let bad = dir.path().join("bad.pos");
    std::fs::write(
        &bad,
        "6k1/8/8/8/8/8/8/6K1 w - - 0 1;0.5\n6k1/8/8/8/8/8/8/6K1 w - - 0 1;win\n",
    )
    .expect("writes");
    let bad_name = bad.display().to_string();
    let (code, _, err) = areachess(&["tune", "levels/chess.toml", "--positions", &bad_name]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("{bad_name}:2:31:")), "{err}");
    let (code, _, err) = areachess(&[
        "tune",
        "levels/chess.toml",
        "levels/makruk.toml",
        "--positions",
        &good_name,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("one file per level"), "{err}");
}
