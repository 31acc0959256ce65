//! Saved games: save → load loses nothing in either mode, a tampered or illegal record is
//! refused with the move's number and place, and writes never destroy the previous save.

use crate::support::{self, scratch};
use areachess::continuous::notation::parse_move;
use areachess::continuous::{self, Outcome};
use areachess::grid::{self, game::Game};
use areachess::level::{self, LevelKind};
use areachess::play::{Color, Play};
use areachess::record::save;
use proptest::prelude::*;
use std::path::Path;

fn level_text(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).expect("level")
}

fn grid_game(name: &str, moves: &[&str]) -> Game {
    let l = level::parse(name, &level_text(name))
        .expect("loads")
        .into_grid()
        .expect("grid");
    let mut g = Game::new(l.variant.clone(), l.start.clone());
    for m in moves {
        g.play_text(m).unwrap_or_else(|e| panic!("{e}"));
    }
    g
}

fn grid_of(saved: &save::Saved) -> &Game {
    match &saved.game {
        save::AnyGame::Grid(g) => g,
        save::AnyGame::Continuous(_) => panic!("a grid game"),
    }
}

#[test]
fn a_grid_game_saved_and_loaded_is_the_same_game() {
    let scratch = scratch("save-grid");
    let dir = scratch.path();
    let moves = [
        "e3e6", "a10a9", "e6e7", "f10f7", "e7f8", "l10l9", "f8f9", "l9l8", "f9e10f",
    ];
    let game = grid_game("levels/obento.toml", &moves);
    let path = dir.join("obento.save.toml");
    let text = level_text("levels/obento.toml");
    save::save(
        &path,
        "levels/obento.toml",
        &text,
        &save::AnyGame::Grid(game.clone()),
    )
    .expect("saved");
    let saved = save::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let back = grid_of(&saved);
    assert_eq!(saved.level_path, "levels/obento.toml");
    assert_eq!(saved.level_text, text);
    assert_eq!(back.move_texts(), moves);
    assert_eq!(back.start(), game.start());
    assert_eq!(back.position(), game.position());
    assert_eq!(back.status(), game.status());
    assert_eq!(
        saved.level_changed(Path::new(env!("CARGO_MANIFEST_DIR"))),
        Some(false)
    );
}

#[test]
fn a_resignation_is_saved_and_a_finished_game_stays_finished() {
    let mut game = grid_game("levels/chess.toml", &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(
        game.status(),
        grid::game::Status::Checkmate {
            winner: Color::Black
        },
        "fool's mate"
    );
    let text = level_text("levels/chess.toml");
    let saved = save::parse(
        "mate.toml",
        &save::to_text(
            "levels/chess.toml",
            &text,
            &save::AnyGame::Grid(game.clone()),
        ),
    )
    .expect("loads");
    assert_eq!(grid_of(&saved).status(), game.status());
    assert!(game.undo());
    game.resign();
    let saved = save::parse(
        "resigned.toml",
        &save::to_text(
            "levels/chess.toml",
            &text,
            &save::AnyGame::Grid(game.clone()),
        ),
    )
    .expect("loads");
    assert_eq!(
        grid_of(&saved).status(),
        grid::game::Status::Resigned {
            winner: Color::White
        }
    );
}

#[test]
fn a_continuous_game_replays_to_the_same_bits() {
    let level = support::classic();
    let mut game = continuous::Game::new(level.start.clone());
    // Odd points, so that the replay must read back every digit.
    let at = |square: &str| support::pt(square);
    let (e2, d7, g1) = (at("e2"), at("d7"), at("g1"));
    let angle = 1.9_f64;
    let knight = level.board.knight_distance;
    for text in [
        format!("e2->{},{}", e2.x, e2.y + 3.333_333_333_3),
        format!("d7->{},{}", d7.x, d7.y - 2.707_106_781_2),
        format!(
            "g1->{},{}",
            g1.x + knight * angle.cos(),
            g1.y + knight * angle.sin()
        ),
        "b8->c6".to_string(),
    ] {
        let request = parse_move(&level.board, &text).expect("a move");
        let outcome = game.play(request);
        assert!(
            !matches!(outcome, Outcome::Illegal(_)),
            "{text}: {outcome:?}"
        );
    }
    let text = level_text("levels/area-of-competence.toml");
    let written = save::to_text(
        "levels/area-of-competence.toml",
        &text,
        &save::AnyGame::Continuous(game.clone()),
    );
    let saved = save::parse("c.toml", &written).unwrap_or_else(|e| panic!("{e}"));
    let save::AnyGame::Continuous(back) = &saved.game else {
        panic!("a continuous game");
    };
    assert_eq!(back.played().len(), 4);
    for (a, b) in back
        .position()
        .pieces()
        .iter()
        .zip(game.position().pieces())
    {
        assert_eq!(a.at.x.to_bits(), b.at.x.to_bits());
        assert_eq!(a.at.y.to_bits(), b.at.y.to_bits());
        assert_eq!((a.kind, a.side, a.moved), (b.kind, b.side, b.moved));
    }
    assert_eq!(back.position(), game.position());
    assert!(matches!(saved.level.kind, LevelKind::Continuous(_)));
}

/// The save text with one replacement, which must be there.
fn tampered(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from} not in\n{text}");
    text.replacen(from, to, 1)
}

#[test]
fn a_tampered_or_illegal_record_is_refused_with_the_move_and_its_place() {
    let game = grid_game("levels/chess.toml", &["e2e4", "e7e5", "g1f3"]);
    let level = level_text("levels/chess.toml");
    let text = save::to_text("levels/chess.toml", &level, &save::AnyGame::Grid(game));
    assert!(save::parse("ok.toml", &text).is_ok());
    let line_of = |text: &str, needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .expect("the needle")
            + 1
    };
    // An illegal move, named by number, line and column.
    let bad = tampered(&text, "\"g1f3\"", "\"g1g3\"");
    let e = save::parse("bad.toml", &bad).expect_err("illegal");
    let span = e.span.as_ref().expect("placed");
    assert_eq!(span.line, line_of(&bad, "g1g3"), "{e}");
    assert_eq!(span.file.as_deref(), Some("bad.toml"), "{e}");
    assert!(
        e.kind
            .to_string()
            .contains("move 3: 'g1g3' is not a legal move here"),
        "{e}"
    );
    // A move that is not a move.
    let e = save::parse("bad.toml", &tampered(&text, "\"e7e5\"", "\"e7\"")).expect_err("text");
    assert!(
        matches!(&e.kind, save::SaveErrorKind::Game(areachess::record::GameError::GridMove { number: 2, reason: areachess::grid::game::PlayError::NotAMove(text) }) if text == "e7"),
        "{e}"
    );
    // The level copy edited without its hash.
    let e = save::parse(
        "bad.toml",
        &tampered(&text, "name = \"Chess\"", "name = \"Chess!\""),
    )
    .expect_err("hash");
    assert!(matches!(e.kind, save::SaveErrorKind::HashMismatch), "{e}");
    // A start position that is not a position of the level.
    let e = save::parse(
        "bad.toml",
        &tampered(&text, "start = \"rnbqkbnr", "start = \"rnbqkbnrr"),
    )
    .expect_err("start");
    assert!(e.kind.to_string().starts_with("start: "), "{e}");
    // A start position with no king for one side.
    let e = save::parse(
        "bad.toml",
        &tampered(&text, "start = \"rnbqkbnr", "start = \"rnbq1bnr"),
    )
    .expect_err("kingless");
    assert!(
        e.kind
            .to_string()
            .contains("Black has no royal piece (King)"),
        "{e}"
    );
    // Not a save at all, another format, an unknown ending.
    let e = save::parse("bad.toml", "format = 1\n[level\n").expect_err("syntax");
    assert_eq!(e.span.as_ref().map(|s| s.line), Some(2), "{e}");
    let e = save::parse("bad.toml", &tampered(&text, "format = 1", "format = 2")).expect_err("v");
    assert!(e.kind.to_string().contains("format 2"), "{e}");
    let ended = text.replace("[game]\n", "[game]\nended = \"bored\"\n");
    let e = save::parse("bad.toml", &ended).expect_err("ended");
    assert!(
        matches!(&e.kind, save::SaveErrorKind::UnknownEnding(how) if how == "bored"),
        "{e}"
    );
}

#[test]
fn writes_replace_the_file_whole_or_not_at_all() {
    let scratch = scratch("save-atomic");
    let dir = scratch.path();
    let path = dir.join("game.toml");
    let level = level_text("levels/chess.toml");
    let first = save::AnyGame::Grid(grid_game("levels/chess.toml", &["e2e4"]));
    let second = save::AnyGame::Grid(grid_game("levels/chess.toml", &["d2d4", "d7d5"]));
    save::save(&path, "levels/chess.toml", &level, &first).expect("first save");
    save::save(&path, "levels/chess.toml", &level, &second).expect("second save");
    let saved = save::load(&path).expect("loads");
    assert_eq!(grid_of(&saved).move_texts(), ["d2d4", "d7d5"]);
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["game.toml"]);
    // A save that cannot complete (the target is a directory with a file in it) fails,
    // leaves the directory as it was and no temporary file beside it.
    let blocker = dir.join("blocked");
    std::fs::create_dir_all(blocker.join("inside")).expect("dir");
    let e = save::save(&blocker, "levels/chess.toml", &level, &first).expect_err("refused");
    assert!(e.to_string().contains("cannot save"), "{e}");
    assert!(blocker.join("inside").is_dir());
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["blocked", "game.toml"]);
    // The earlier save is still whole.
    assert_eq!(
        grid_of(&save::load(&path).expect("loads")).move_texts(),
        ["d2d4", "d7d5"]
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random games of every shipped grid level survive save → load with nothing lost.
    #[test]
    fn random_grid_games_survive_save_and_load(seed in any::<u64>(), plies in 0usize..60) {
        let names = [
            "levels/chess.toml", "levels/obento.toml", "levels/shako.toml",
            "levels/berolina.toml", "levels/grand.toml", "levels/makruk.toml",
        ];
        let name = names[(seed % names.len() as u64) as usize];
        let mut game = grid_game(name, &[]);
        let mut s = seed;
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            prop_assert!(game.play(moves[(s >> 33) as usize % moves.len()]));
        }
        let text = save::to_text(name, &level_text(name), &save::AnyGame::Grid(game.clone()));
        let saved = save::parse("p.toml", &text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let back = grid_of(&saved);
        prop_assert_eq!(back.played(), game.played());
        prop_assert_eq!(back.position(), game.position());
        prop_assert_eq!(back.status(), game.status());
    }
}

#[test]
fn a_grid_game_undoes_redoes_and_refuses_illegal_moves() {
    let mut g = grid_game("levels/chess.toml", &["e2e4", "e7e5"]);
    let after_two = g.position().clone();
    assert!(g.undo());
    assert_eq!(g.move_texts(), ["e2e4"]);
    assert!(g.redo());
    assert_eq!(g.position(), &after_two);
    assert!(!g.redo(), "nothing left to redo");
    assert_eq!(
        g.play_text("e4e6"),
        Err(grid::game::PlayError::NotLegal("e4e6".into()))
    );
    assert_eq!(g.position(), &after_two, "a refused move changes nothing");
    assert!(g.play_text("zz").is_err());
    g.play_text("g1f3").expect("legal");
    assert!(g.undo() && g.undo() && g.undo());
    assert!(!g.undo(), "back at the start");
    assert_eq!(g.position(), g.start());
    g.agree_draw();
    assert_eq!(g.status(), grid::game::Status::DrawAgreed);
    assert!(g.play_text("e2e4").is_err(), "no moves after a draw");
    assert!(g.undo(), "the agreement is taken back first");
    assert_eq!(g.status(), grid::game::Status::Playing);
}

#[test]
fn a_game_of_a_level_with_urc_pieces_saves_and_loads() {
    let game = grid_game("levels/urc-demo.toml", &["a2a4", "a7a5", "e3d5"]);
    let text = save::to_text(
        "levels/urc-demo.toml",
        &level_text("levels/urc-demo.toml"),
        &save::AnyGame::Grid(game.clone()),
    );
    // The test runs in the package root, where the saved path leads to the level.
    let saved = save::parse("u.save.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(grid_of(&saved).position(), game.position());
}

/// Captions and players are saved and read back; a caption on no move of the game, or a
/// player that is no seat, is refused at its line.
#[test]
fn captions_and_players_are_saved_and_checked() {
    let game = save::AnyGame::Grid(grid_game("levels/chess.toml", &["e2e4", "e7e5"]));
    let text = level_text("levels/chess.toml");
    let extras = save::Extras {
        captions: [(0, "The start."), (2, "Both pawns.")]
            .into_iter()
            .map(|(n, w)| (n, w.to_string()))
            .collect(),
        seats: [
            Some(areachess::play::Seat::Human),
            Some("computer:4".parse().expect("a seat")),
        ],
        clock: None,
    };
    let written = save::to_text_with("levels/chess.toml", &text, &game, &extras);
    assert!(written.contains("[game.captions]") && written.contains("[players]"));
    let saved = save::parse("game.toml", &written).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saved.extras, extras);
    // Without them, nothing is written and nothing read.
    let plain = save::to_text("levels/chess.toml", &text, &game);
    assert!(!plain.contains("captions") && !plain.contains("players"));
    let saved = save::parse("game.toml", &plain).expect("loads");
    assert_eq!(saved.extras, save::Extras::default());

    let late = written.replace("2 = \"Both pawns.\"", "3 = \"Too late.\"");
    let e = save::parse("game.toml", &late).expect_err("no move 3");
    let line = late
        .lines()
        .position(|l| l.starts_with("3 = "))
        .expect("the line")
        + 1;
    assert_eq!(
        e.to_string(),
        format!(
            "game.toml:{line}:5: caption '3': not a move of this game (0 for the start, or 1 to 2)"
        )
    );
    // A key is a move number as written: no leading zero, sign or space.
    for key in ["01", "00", "+1", " 1", "1.0", "-0"] {
        let odd = written.replace("2 = \"Both pawns.\"", &format!("\"{key}\" = \"Odd.\""));
        assert_ne!(odd, written);
        let e = save::parse("game.toml", &odd).expect_err("no such move");
        assert!(
            e.to_string()
                .contains(&format!("caption '{key}': not a move of this game")),
            "{e}"
        );
    }
    let bad = written.replace("computer:4", "computer:9");
    let e = save::parse("game.toml", &bad).expect_err("no strength 9");
    assert!(
        e.to_string()
            .contains("player 'computer:9': expected human"),
        "{e}"
    );
    assert!(e.span.is_some(), "{e}");
}

/// A timed game keeps its control and both sides' time left, to the millisecond; a flag
/// fall is kept as `ended = "time"`, a loss or, against a lone king, a draw.
#[test]
fn clocks_and_a_flag_fall_are_saved_and_read_back() {
    use areachess::play::Status;
    use std::time::Duration;
    let text = level_text("levels/chess.toml");
    let control: areachess::clock::TimeControl = "5+3".parse().expect("a control");
    let extras = save::Extras {
        clock: Some((
            control,
            [Duration::from_millis(271_250), Duration::from_millis(1_234)],
        )),
        ..save::Extras::default()
    };
    let mut game = grid_game("levels/chess.toml", &["e2e4", "e7e5"]);
    let game_text = |game: &Game| {
        save::to_text_with(
            "levels/chess.toml",
            &text,
            &save::AnyGame::Grid(game.clone()),
            &extras,
        )
    };
    let written = game_text(&game);
    assert!(written.contains("[clock]") && written.contains("control = \"5+3\""));
    let saved = save::parse("game.toml", &written).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saved.extras, extras);
    // White ran out of time with Black's whole army on the board: Black wins.
    let end = Status::out_of_time(&game, Color::White);
    game.end_by_players(end);
    let written = game_text(&game);
    assert!(written.contains("ended = \"time\""), "{written}");
    let saved = save::parse("game.toml", &written).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        saved.game.game().status(),
        Status::OutOfTime {
            winner: Some(Color::Black)
        }
    );
    // Against a lone king the side out of time only draws.
    let chess = level::parse("levels/chess.toml", &text)
        .expect("loads")
        .into_grid()
        .expect("grid");
    let bare = Game::new(
        chess.variant.clone(),
        chess
            .parse_fen("4k3/8/8/8/8/8/8/QQ2K3 b - - 0 1")
            .expect("a FEN"),
    );
    assert_eq!(
        Status::out_of_time(&bare, Color::Black),
        Status::OutOfTime {
            winner: Some(Color::White)
        }
    );
    assert_eq!(
        Status::out_of_time(&bare, Color::White),
        Status::OutOfTime { winner: None },
        "Black has only its king"
    );
}

/// A clock that does not read is refused at its line: a bad control, a negative time, a
/// flag fall in a game without a clock.
#[test]
fn a_bad_clock_is_refused_where_it_is_written() {
    let text = level_text("levels/chess.toml");
    let game = save::AnyGame::Grid(grid_game("levels/chess.toml", &["e2e4"]));
    let extras = save::Extras {
        clock: Some((
            "1+0".parse().expect("a control"),
            [std::time::Duration::from_secs(50); 2],
        )),
        ..save::Extras::default()
    };
    let written = save::to_text_with("levels/chess.toml", &text, &game, &extras);
    let line_of = |text: &str, start: &str| {
        text.lines()
            .position(|l| l.starts_with(start))
            .expect("the line")
            + 1
    };
    for (from, to, words) in [
        ("control = \"1+0\"", "control = \"1\"", "expected MIN+INC"),
        (
            "white = 50.0",
            "white = -3.0",
            "clock.white: expected the seconds left",
        ),
        (
            "black = 50.0",
            "black = \"lots\"",
            "clock.black: expected the seconds left",
        ),
    ] {
        assert!(written.contains(from), "{from} in:\n{written}");
        let bad = written.replace(from, to);
        let e = save::parse("game.toml", &bad).expect_err(to);
        let line = line_of(&bad, to);
        assert!(
            e.to_string().starts_with(&format!("game.toml:{line}:"))
                && e.to_string().contains(words),
            "{to}: {e}"
        );
    }
    let untimed = save::to_text("levels/chess.toml", &text, &game)
        .replace("moves = [\"e2e4\"]", "moves = [\"e2e4\"]\nended = \"time\"");
    let e = save::parse("game.toml", &untimed).expect_err("no clock");
    assert!(
        e.to_string()
            .contains("ended \"time\": the game has no [clock]"),
        "{e}"
    );
}
