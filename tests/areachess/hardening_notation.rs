//! The notation readers under hostile input: Ħasínū nested past its limit or expanding
//! past it, Betza past its length, FENs with marks, hands and counters no position can
//! hold, POS and MOVE texts past their limits. Each is refused with its place and limit,
//! never with a crash, and random text makes no reader panic.

use crate::support::areachess;
use areachess::betza::{self, ErrorKind, MAX_LENGTH};
use areachess::continuous::Board;
use areachess::continuous::notation::{
    MAX_MOVE_LENGTH, MAX_PIECES, MAX_POSITION_LENGTH, NotationError, WrittenMove, WrittenPosition,
    parse_fen as parse_setup_fen,
};
use areachess::grid::fen::{MAX_FEN_LENGTH, MAX_IN_HAND, MAX_MOVE_COUNT};
use areachess::grid::{FenErrorKind, WrittenFen};
use areachess::level::{self, GridLevel};
use areachess::notation::hasinu::{self, HasinuErrorKind, MAX_NESTING};
use proptest::prelude::*;
use std::path::Path;
use std::sync::Arc;

fn crazyhouse() -> GridLevel {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/crazyhouse.toml");
    level::load(&path)
        .expect("crazyhouse loads")
        .into_grid()
        .expect("a grid level")
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// The kind and column a crazyhouse FEN is refused with.
fn fen_refusal(fen: &str) -> (FenErrorKind, usize) {
    let e = crazyhouse().parse_fen(fen).expect_err(fen);
    (e.kind, e.span.column)
}

// Ħasínū.

#[test]
fn hasinu_nested_thousands_deep_is_refused_not_a_crash() {
    // Runs on the test thread's own small stack: a reader without limits overflows it.
    let deep = 100_000;
    let text = format!("{}1×1dN{}", "c(".repeat(deep), ")".repeat(deep));
    let e = hasinu::parse(&text).expect_err("too long");
    assert_eq!(e.kind, HasinuErrorKind::TooLong);
    assert_eq!(e.span.column, hasinu::MAX_LENGTH + 1);
}

#[test]
fn hasinu_nested_past_the_limit_is_refused_at_the_first_function_past_it() {
    let deep = 300;
    let text = format!("{}1×1dN{}", "c(".repeat(deep), ")".repeat(deep));
    let e = hasinu::parse(&text).expect_err("too deep");
    assert_eq!(e.kind, HasinuErrorKind::TooDeep);
    // MAX_NESTING functions of two characters stand before it.
    assert_eq!(e.span.column, 2 * MAX_NESTING + 1);
    assert_eq!(
        e.to_string(),
        format!(
            "column {}: functions nested more than {MAX_NESTING} deep",
            2 * MAX_NESTING + 1
        )
    );
}

#[test]
fn hasinu_nested_to_the_limit_still_reads() {
    let text = format!(
        "{}1×1dN{}",
        "m(".repeat(MAX_NESTING),
        ")".repeat(MAX_NESTING)
    );
    assert_eq!(hasinu::parse(&text).expect("at the limit").betza, "mfW");
}

#[test]
fn hasinu_turns_that_double_the_ways_are_refused_before_they_are_built() {
    // Each `&t` may double the ways through a bent move: forty would be 8 × 2^40 of them.
    let text = format!("n8d{}", " &t n8d".repeat(40));
    let e = hasinu::parse(&text).expect_err("too large");
    assert_eq!(e.kind, HasinuErrorKind::TooLarge);
    // Refused at one of its turns.
    assert!(text[..].chars().nth(e.span.column - 1) == Some('&'), "{e}");
    assert!(e.to_string().contains("more than 4096 legs"), "{e}");
}

#[test]
fn hasinu_distances_that_multiply_across_turns_are_refused() {
    let set = format!(
        "{{{}}}×8d",
        (1..=15)
            .step_by(2)
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let text = [set.as_str(); 6].join(" &t ");
    let e = hasinu::parse(&text).expect_err("too large");
    assert_eq!(e.kind, HasinuErrorKind::TooLarge, "{e}");
}

#[test]
fn hasinu_moves_that_fit_alone_are_refused_together_past_the_limit() {
    // At least 32 chains of four legs each.
    let one = "n8d &t n8d &t n8d &t n8d";
    hasinu::parse(one).expect("one fits");
    let text = [one; 35].join(" & ");
    assert!(text.chars().count() <= hasinu::MAX_LENGTH);
    let e = hasinu::parse(&text).expect_err("too large");
    assert_eq!(e.kind, HasinuErrorKind::TooLarge, "{e}");
}

#[test]
fn a_hasinu_text_past_its_length_is_refused_at_the_first_column_past_it() {
    let text = "(1,2) ".repeat(1000);
    let e = hasinu::parse(&text).expect_err("too long");
    assert_eq!(e.kind, HasinuErrorKind::TooLong);
    assert_eq!(e.span.column, hasinu::MAX_LENGTH + 1);
}

#[test]
fn hasinu_whose_betza_would_be_too_long_is_refused() {
    // Each distance past 3 prints as two lame leaps such as `n(0,57)n(57,57)`.
    let set: Vec<String> = (2..=100).map(|d| d.to_string()).collect();
    let text = format!("{{{}}}×8d", set.join(","));
    assert!(text.chars().count() <= hasinu::MAX_LENGTH);
    let e = hasinu::parse(&text).expect_err("too long as Betza");
    assert!(
        matches!(e.kind, HasinuErrorKind::BetzaTooLong(n) if n > MAX_LENGTH),
        "{e}"
    );
}

// Betza.

#[test]
fn a_betza_string_past_the_limit_is_refused_at_the_first_column_past_it() {
    for shape in ["N", "W1000", "(1,3)", "fmcjnK", "K-", "[W]", "|"] {
        let text = shape.repeat(100_000 / shape.len());
        let e = betza::parse(&text).expect_err("too long");
        assert_eq!(e.kind, ErrorKind::TooLong, "{shape}");
        assert_eq!(e.column, MAX_LENGTH + 1, "{shape}");
        assert_eq!(
            e.to_string(),
            format!(
                "the Betza is longer than the limit of {MAX_LENGTH} characters (column {} is past it)",
                MAX_LENGTH + 1
            )
        );
    }
}

#[test]
fn a_chain_past_the_most_legs_is_refused_at_the_link_that_starts_one_too_many() {
    use areachess::betza::MAX_LEGS;
    for (leg, link) in [("R", "-"), ("jjQ", "+"), ("N", "-!"), ("fW", "+/")] {
        let legs = |n: usize| vec![leg; n].join(link);
        assert!(
            betza::parse(&legs(MAX_LEGS)).is_ok(),
            "{leg}{link} x{MAX_LEGS}"
        );
        let text = legs(MAX_LEGS + 1);
        let e = betza::parse(&text).expect_err("one leg too many");
        assert_eq!(e.kind, ErrorKind::TooManyLegs, "{text}");
        let column = MAX_LEGS * leg.len() + (MAX_LEGS - 1) * link.len() + 1;
        assert_eq!(e.column, column, "{text}");
        assert_eq!(
            e.to_string(),
            format!(
                "the link at column {column} starts leg {}: a chain has at most {MAX_LEGS} legs",
                MAX_LEGS + 1
            )
        );
        // A compound of many short chains is not one long chain.
        let many = vec![legs(2); MAX_LEGS].join("|");
        assert!(betza::parse(&many).is_ok(), "{many}");
    }
}

#[test]
fn a_betza_string_at_the_limit_reads() {
    let text = "NK".repeat(MAX_LENGTH / 2);
    assert!(betza::parse(&text).is_ok());
}

#[test]
fn check_refuses_a_level_with_a_betza_past_the_limit() {
    let dir = crate::support::scratch("long-betza");
    let path = dir.path().join("long.toml");
    let level =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml"))
            .expect("chess.toml");
    // Long enough, and well within what a level file may hold.
    let long = "N".repeat(20_000);
    let level = level.replacen("betza = \"N\"", &format!("betza = \"{long}\""), 1);
    std::fs::write(&path, level).expect("written");
    let (code, out, err) = areachess(&["check", path.to_str().expect("a path")]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains(&format!("longer than the limit of {MAX_LENGTH} characters")),
        "{err}"
    );
}

// Grid FENs.

#[test]
fn a_promoted_mark_on_a_royal_piece_is_refused() {
    let fen = "rnbqk~bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    assert_eq!(fen_refusal(fen), (FenErrorKind::RoyalPromoted('k'), 6));
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK~BNR[] w KQkq - 0 1";
    assert_eq!(fen_refusal(fen).0, FenErrorKind::RoyalPromoted('K'));
}

#[test]
fn a_doubled_promoted_mark_is_refused() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~~KBNR[] w KQkq - 0 1";
    assert_eq!(fen_refusal(fen), (FenErrorKind::PromotedTwice, 41));
    // One mark reads, and writes back.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR[] w KQkq - 0 1";
    let level = crazyhouse();
    let pos = level.parse_fen(fen).expect("one mark");
    let written = areachess::grid::Fen {
        variant: &level.variant,
        position: &pos,
    };
    assert_eq!(written.to_string(), fen);
}

#[test]
fn a_royal_piece_in_hand_is_refused() {
    let fen = format!("{START}[QK] w KQkq - 0 1");
    assert_eq!(fen_refusal(&fen), (FenErrorKind::RoyalInHand('K'), 46));
    let fen = format!("{START}[k] w KQkq - 0 1");
    assert_eq!(fen_refusal(&fen).0, FenErrorKind::RoyalInHand('k'));
}

#[test]
fn a_hand_past_what_it_counts_is_refused() {
    let fen = format!("{START}[{}] w KQkq - 0 1", "Q".repeat(300));
    assert_eq!(
        fen_refusal(&fen),
        (
            FenErrorKind::HandOverflow {
                letter: 'Q',
                count: 302
            },
            44
        )
    );
    // Up to the limit, counting the two queens on the board, it reads.
    let fen = format!("{START}[{}] w KQkq - 0 1", "q".repeat(MAX_IN_HAND - 2));
    crazyhouse().parse_fen(&fen).expect("at the limit");
}

#[test]
fn move_counters_past_the_limit_are_refused_not_left_to_overflow() {
    let level = crazyhouse();
    for (counters, column) in [
        ("0 4294967295", 58),
        ("0 9999999999999999999", 58),
        ("1000001 1", 56),
    ] {
        let fen = format!("{START}[] w KQkq - {counters}");
        let e = level.parse_fen(&fen).expect_err(&fen);
        assert!(
            matches!(e.kind, FenErrorKind::MoveCountTooLarge(_)),
            "{fen}: {e}"
        );
        assert_eq!(e.span.column, column, "{fen}");
        assert!(
            e.to_string()
                .contains(&format!("above the limit {MAX_MOVE_COUNT}")),
            "{e}"
        );
    }
    let fen = format!("{START}[] b KQkq - {MAX_MOVE_COUNT} {MAX_MOVE_COUNT}");
    level.parse_fen(&fen).expect("at the limit");
    // Not a number is still not a number.
    let e = level
        .parse_fen(&format!("{START}[] w KQkq - 0 x"))
        .expect_err("x");
    assert_eq!(e.kind, FenErrorKind::MoveCount("x".into()));
}

#[test]
fn a_fen_past_its_length_is_refused_at_the_first_column_past_it() {
    let fen = format!("{START}[] w KQkq - 0 1{}", " ".repeat(MAX_FEN_LENGTH));
    let e = fen.parse::<WrittenFen>().expect_err("too long");
    assert_eq!(e.kind, FenErrorKind::TooLong);
    assert_eq!(e.span.column, MAX_FEN_LENGTH + 1);
    // Many fields read in time linear in the text: refused at the seventh.
    let fen = "a ".repeat(MAX_FEN_LENGTH / 2);
    let e = fen.parse::<WrittenFen>().expect_err("too many fields");
    assert_eq!((e.kind, e.span.column), (FenErrorKind::TrailingText, 13));
}

#[test]
fn a_huge_empty_run_is_refused_as_too_long_for_its_rank() {
    let fen = "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let (kind, column) = fen_refusal(fen);
    assert_eq!(kind, FenErrorKind::RankTooLong { rank: 6, files: 8 });
    assert_eq!(column, 19);
}

// Continuous POS, MOVE and setup FEN.

#[test]
fn a_position_of_more_pieces_than_the_limit_is_refused_at_the_first_past_it() {
    let text = format!("w{}", ";K@e1".repeat(MAX_PIECES + 10));
    let e = text.parse::<WrittenPosition>().expect_err("too many");
    assert_eq!(
        e,
        NotationError::TooManyPieces {
            index: MAX_PIECES + 1
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "piece {}: a position holds at most {MAX_PIECES} pieces",
            MAX_PIECES + 1
        )
    );
}

#[test]
fn positions_and_moves_past_their_length_are_refused() {
    let text = format!("w;K@{}", "1".repeat(MAX_POSITION_LENGTH));
    assert_eq!(
        text.parse::<WrittenPosition>(),
        Err(NotationError::TooLong {
            what: "position",
            limit: MAX_POSITION_LENGTH
        })
    );
    let text = format!("e2->{}", "4".repeat(MAX_MOVE_LENGTH));
    let e = text.parse::<WrittenMove>().expect_err("too long");
    assert_eq!(
        e.to_string(),
        format!(
            "move is longer than the limit of {MAX_MOVE_LENGTH} characters (column {} is past it)",
            MAX_MOVE_LENGTH + 1
        )
    );
    let e =
        parse_setup_fen(Arc::new(Board::default()), &"8/".repeat(10_000)).expect_err("too long");
    assert!(
        matches!(e, NotationError::TooLong { what: "FEN", .. }),
        "{e}"
    );
}

#[test]
fn points_that_are_not_finite_are_refused() {
    for text in [
        "e2->nan,1",
        "e2->1,inf",
        "e2->1e400,1",
        "-inf,0->e4",
        "e2->NaN,NaN",
    ] {
        assert!(
            matches!(text.parse::<WrittenMove>(), Err(NotationError::Point(_))),
            "{text}"
        );
    }
    assert!(matches!(
        "w;K@e1;Q@1e309,3".parse::<WrittenPosition>(),
        Err(NotationError::Point(_))
    ));
}

#[test]
fn judge_answers_moves_to_far_and_tiny_points_without_crashing() {
    let level = "levels/area-of-competence.toml";
    for target in [
        "1e300,1e300",
        "-1e300,1",
        "1.7976931348623157e308,-1.7976931348623157e308",
        "5e-324,5e-324",
        "a99999999999999",
    ] {
        let m = format!("e2->{target}");
        let (code, out, err) = areachess(&["judge", level, &m]);
        assert!(code == 0 || code == 2, "{m}: {code} {err}");
        if code == 0 {
            assert!(out.starts_with("illegal "), "{m}: {out}");
        }
    }
}

// Random text into every reader.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// No reader panics on any text made of the characters its notation uses.
    #[test]
    fn no_reader_panics_on_notation_characters(
        text in "[a-zA-Z0-9 ()&×x,{}\\-+!/|^_*~@;.=>\\[\\]\\\\°]{0,120}"
    ) {
        readers_answer(&text);
    }

    /// Nor on any text at all.
    #[test]
    fn no_reader_panics_on_any_text(text in "\\PC{0,80}") {
        readers_answer(&text);
    }
}

/// Feeds `text` to every reader; each must answer (with a value or an error), not panic.
fn readers_answer(text: &str) {
    let _ = betza::parse(text);
    if let Ok(b) = betza::parse(text) {
        let _ = areachess::betza::model::chains(&b);
    }
    let _ = hasinu::parse(text);
    let _ = text.parse::<WrittenFen>();
    thread_local! {
        static CRAZYHOUSE: GridLevel = crazyhouse();
    }
    CRAZYHOUSE.with(|level| {
        let _ = level.parse_fen(text);
        let _ = level.parse_fen(&format!("{START}[{text}] w KQkq - 0 1"));
        let _ = level.parse_fen(&format!("{START}[] w KQkq - {text}"));
    });
    let _ = text.parse::<WrittenPosition>();
    let _ = text.parse::<WrittenMove>();
    let _ = parse_setup_fen(Arc::new(Board::default()), text);
}
