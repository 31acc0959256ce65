//! PGN read as the standard says, from any text: Latin-1 or UTF-8 (with or without a
//! byte-order mark), nothing after the result, check marks that hold, a file with no game
//! refused, limits on what a record may hold; and saved games bounded in length.

use crate::support::{areachess, scratch};
use areachess::level;
use areachess::record::game::{self as record_game, MAX_PLIES};
use areachess::record::pgn::{MAX_NAG, MAX_TAGS, MAX_VARIATION_DEPTH, MAX_WORD, Record};
use areachess::record::save::{self, SaveErrorKind};
use std::path::Path;

/// `areachess pgn --read` on a file holding `bytes`: the exit code, the output and the
/// errors.
fn read_pgn(bytes: &[u8]) -> (i32, String, String) {
    let scratch = scratch("hardening-pgn");
    let file = scratch.path().join("game.pgn");
    std::fs::write(&file, bytes).expect("write the game");
    areachess(&["pgn", "--read", file.to_str().expect("a path")])
}

/// The moves `pgn --read` printed.
fn moves_read(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.strip_prefix("move "))
        .collect()
}

/// Reading `text` as a PGN fails; the error's words.
fn refused(text: &str) -> String {
    Record::parse("game.pgn", text)
        .expect_err("refused")
        .to_string()
}

#[test]
fn a_latin_1_tag_reads_as_its_characters() {
    let bytes = b"[Event \"?\"]\n[White \"M\xfcller\"]\n[Variant \"chess\"]\n\n1. e4 e5 *\n";
    // 0xFC is ü in Latin-1 and no UTF-8 on its own.
    assert!(bytes.contains(&0xfc));
    let record = Record::read("game.pgn", bytes).expect("Latin-1 reads");
    assert_eq!(record.tag("White"), Some("Müller"));
    let (code, out, err) = read_pgn(bytes);
    assert_eq!(code, 0, "{err}");
    assert_eq!(moves_read(&out), ["e2e4", "e7e5"]);
    // The same name in UTF-8 reads the same.
    let utf8 = "[White \"Müller\"]\n\n1. e4 *\n";
    let record = Record::read("game.pgn", utf8.as_bytes()).expect("UTF-8 reads");
    assert_eq!(record.tag("White"), Some("Müller"));
}

#[test]
fn a_byte_order_mark_is_passed_over() {
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend_from_slice(b"[Event \"?\"]\n[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 *\n");
    let (code, out, err) = read_pgn(&bytes);
    assert_eq!(code, 0, "{err}");
    assert_eq!(moves_read(&out), ["e2e4", "e7e5", "g1f3"]);
    let record = Record::parse("game.pgn", "\u{feff}[Event \"x\"]\n\n*\n").expect("reads");
    assert_eq!(record.tag("Event"), Some("x"));
}

#[test]
fn a_control_character_in_a_tag_or_a_move_is_refused_at_its_place() {
    let e = refused("[White \"a\u{1b}[31m\"]\n\n1. e4 *\n");
    assert!(
        e.starts_with("game.pgn:1:10: a control character (U+001B)"),
        "{e}"
    );
    let e = refused("[Event \"?\"]\n\n1. e4 e\u{7}5 *\n");
    assert!(
        e.starts_with("game.pgn:3:8: a control character (U+0007)"),
        "{e}"
    );
}

#[test]
fn nothing_but_the_next_game_follows_the_result() {
    let (code, out, err) = read_pgn(b"[Variant \"chess\"]\n\n1. e4 e5 1-0 2. Nf3 *\n");
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("game.pgn:3:14: '2.' after the result '1-0' (3:10)"),
        "{err}"
    );
    let e = refused("1. e4 * (1. d4)\n");
    assert!(
        e.starts_with("game.pgn:1:9: '(' after the result '*'"),
        "{e}"
    );
    // Comments and the next game's tags may follow; only the first game is read.
    let text = "[Event \"1\"]\n\n1. e4 e5 1-0 {won on time}\n\n[Event \"2\"]\n\n1. d4 *\n";
    let record = Record::parse("game.pgn", text).expect("reads");
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.result.map(|r| r.text), Some("1-0".to_string()));
}

#[test]
fn a_result_that_contradicts_the_result_tag_is_refused() {
    let e = refused("[Result \"0-1\"]\n\n1. e4 e5\n1-0\n");
    assert!(
        e.starts_with("game.pgn:4:1: the result '1-0' is not the Result tag's \"0-1\""),
        "{e}"
    );
}

#[test]
fn a_check_mark_on_a_move_that_gives_no_check_is_refused() {
    let (code, _, err) = read_pgn(b"[Variant \"chess\"]\n\n1. e4 e5 2. Nf3+ *\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("game.pgn:3:13: 'Nf3+': the move gives no check"),
        "{err}"
    );
}

#[test]
fn a_mate_mark_on_a_check_that_is_no_mate_is_refused() {
    let (code, _, err) = read_pgn(b"[Variant \"chess\"]\n\n1. e4 f6 2. Qh5# *\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("game.pgn:3:13: 'Qh5#': check but not mate: the mark is '+'"),
        "{err}"
    );
}

#[test]
fn check_marks_that_hold_or_are_left_off_read() {
    // Fool's mate: `#` holds; `+` on a mate is a check too; no mark is the import format.
    for mark in ["#", "+", ""] {
        let text = format!("[Variant \"chess\"]\n\n1. f3 e5 2. g4 Qh4{mark} 0-1\n");
        let (code, out, err) = read_pgn(text.as_bytes());
        assert_eq!(code, 0, "{mark}: {err}");
        assert_eq!(moves_read(&out), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    }
    let (code, _, err) = read_pgn(b"[Variant \"chess\"]\n\n1. e4 f6 2. Qh5+ g6 *\n");
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_file_without_a_game_is_refused() {
    for text in [
        "",
        "  \n\n",
        "{only a comment}\n; and another\n",
        "\u{feff}",
    ] {
        let (code, out, err) = read_pgn(text.as_bytes());
        assert_ne!(code, 0, "{text:?}: {out}");
        assert!(err.contains("no game in "), "{text:?}: {err}");
    }
    // A game of no moves is a game: its tags, or its result alone.
    assert!(Record::parse("game.pgn", "*\n").is_ok());
    assert!(Record::parse("game.pgn", "[Event \"?\"]\n").is_ok());
}

#[test]
fn variations_nested_deeper_than_the_limit_are_refused_without_a_crash() {
    let deep = format!("1. e4 {}e5{} *\n", "(".repeat(200_000), ")".repeat(200_000));
    let (code, _, err) = read_pgn(deep.as_bytes());
    assert_eq!(code, 2);
    let column = 7 + MAX_VARIATION_DEPTH;
    assert!(
        err.contains(&format!(
            "game.pgn:1:{column}: variations nest at most {MAX_VARIATION_DEPTH} deep"
        )),
        "{err}"
    );
    // At the limit they read.
    let text = format!(
        "1. e4 {}1... c5{} e5 *\n",
        "(".repeat(MAX_VARIATION_DEPTH),
        ")".repeat(MAX_VARIATION_DEPTH)
    );
    let record = Record::parse("game.pgn", &text).expect("at the limit");
    assert_eq!(record.moves.len(), 2);
}

#[test]
fn an_unclosed_comment_or_variation_and_a_stray_parenthesis_are_refused() {
    let e = refused("1. e4 {never closed\ne5 *\n");
    assert!(
        e.starts_with("game.pgn:1:7: a comment '{' is not closed"),
        "{e}"
    );
    let e = refused("1. e4 (1. d4 (1. c4) e5 *\n");
    assert!(
        e.starts_with("game.pgn:1:7: a variation '(' is not closed"),
        "{e}"
    );
    let e = refused("1. e4 ) e5 *\n");
    assert!(
        e.starts_with("game.pgn:1:7: ')' closes no variation"),
        "{e}"
    );
}

#[test]
fn nags_tags_words_and_moves_have_limits() {
    assert!(Record::parse("game.pgn", &format!("1. e4 ${MAX_NAG} *\n")).is_ok());
    for nag in [format!("${}", MAX_NAG + 1), "$".into(), "$1x".into()] {
        let e = refused(&format!("1. e4 {nag} *\n"));
        assert!(e.starts_with("game.pgn:1:7: "), "{e}");
        assert!(e.contains(&format!("a NAG is $0 to ${MAX_NAG}")), "{e}");
    }
    let tags = "[Event \"?\"]\n".repeat(MAX_TAGS + 1);
    let e = refused(&tags);
    assert!(
        e.starts_with(&format!(
            "game.pgn:{}:1: more than {MAX_TAGS} tags",
            MAX_TAGS + 1
        )),
        "{e}"
    );
    let e = refused(&format!("[Event \"{}\"]\n", "x".repeat(20_000)));
    assert!(e.contains("a tag line is at most"), "{e}");
    let e = refused(&format!("1. e4 {} *\n", "N".repeat(MAX_WORD + 1)));
    assert!(
        e.starts_with(&format!(
            "game.pgn:1:7: a word of the movetext is at most {MAX_WORD} characters"
        )),
        "{e}"
    );
    let plies = "Nf3 Nf6 Ng1 Ng8 ".repeat(MAX_PLIES / 4 + 1);
    let e = refused(&format!("{plies}*\n"));
    assert!(
        e.contains(&format!("a game read has at most {MAX_PLIES} moves")),
        "{e}"
    );
}

#[test]
fn a_continuous_record_follows_the_same_rules() {
    let level = "[Variant \"area-of-competence\"]\n";
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend_from_slice(format!("{level}\n1. e2->e4 e7->e5 *\n").as_bytes());
    let (code, out, err) = read_pgn(&bytes);
    assert_eq!(code, 0, "{err}");
    assert_eq!(moves_read(&out), ["e2->e4", "e7->e5"]);
    // A point's decimals are no move number glued to a move.
    let text = format!("{level}\n1. e2->e4 e7->e5 2. 4.5,1->e4 *\n");
    let record = Record::parse("game.pgn", &text).expect("reads");
    assert_eq!(record.moves[2].text, "4.5,1->e4");
    let (code, _, err) = read_pgn(format!("{level}\n1. e2->e4 1-0 e7->e5\n").as_bytes());
    assert_eq!(code, 2);
    assert!(err.contains("'e7->e5' after the result '1-0'"), "{err}");
    let (code, _, err) = read_pgn(b"\n{nothing}\n");
    assert_ne!(code, 0);
    assert!(err.contains("no game in"), "{err}");
}

#[test]
fn a_saved_game_longer_than_the_limit_is_refused_before_it_is_played() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml");
    let level_text = std::fs::read_to_string(&path).expect("chess");
    let level = level::parse("levels/chess.toml", &level_text).expect("chess loads");
    let start = record_game::game(&level, None, &[] as &[&str]).expect("the setup");
    let text = save::to_text("levels/chess.toml", &level_text, &start);
    assert!(text.contains("moves = []"), "{text}");
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let long: Vec<String> = (0..=MAX_PLIES)
        .map(|k| format!("\"{}\"", cycle[k % 4]))
        .collect();
    let text = text.replace("moves = []", &format!("moves = [\n{}\n]", long.join(",\n")));
    let e = save::parse("game.toml", &text).expect_err("too long");
    assert!(matches!(e.kind, SaveErrorKind::TooManyMoves), "{e}");
    assert!(
        e.to_string().contains(&format!(
            "more than {MAX_PLIES} moves: a saved game holds at most {MAX_PLIES}"
        )),
        "{e}"
    );
    let line = text
        .lines()
        .position(|l| l.starts_with("moves = ["))
        .expect("moves")
        + 1;
    let at = e.span.as_ref().expect("a place");
    assert_eq!(at.line, line + 1 + MAX_PLIES, "{e}");
}
