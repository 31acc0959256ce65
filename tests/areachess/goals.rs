//! A level's own goals (`rules.checks`, `checkmate`, `flag`, `extinction`, `must_capture`,
//! `no_checks`, `draw_odds`, `stalemate = "fewer-pieces-win"`): the moves they allow, the
//! ends they make, their FENs, their errors, and the engine steering toward them.

use crate::support::areachess;
use areachess::grid::game::Game;
use areachess::grid::{Fen, legal_moves, move_text};
use areachess::level::{self, GridLevel};
use areachess::play::{Color, Goal, Status};
use std::path::Path;
use std::sync::Arc;

fn shipped(name: &str) -> GridLevel {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(format!("{name}.toml"));
    level::load(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_grid()
        .expect("a grid level")
}

/// The sorted legal moves of `fen` in shipped level `name`.
fn moves(name: &str, fen: &str) -> Vec<String> {
    let level = shipped(name);
    let mut pos = level
        .parse_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = Vec::new();
    legal_moves(&level.variant, &mut pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|&m| move_text(&level.variant, m)).collect();
    out.sort();
    out
}

/// The sorted legal moves of `fen` in shipped level `name` whose text starts with `prefix`.
fn moves_starting(name: &str, fen: &str, prefix: &str) -> Vec<String> {
    moves(name, fen)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

/// The game of shipped level `name` from `fen` after `played` (move texts), and how it
/// stands.
fn status_after(name: &str, fen: &str, played: &[&str]) -> (Game, Status) {
    let level = shipped(name);
    let start = level
        .parse_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut game = Game::new(Arc::clone(&level.variant), start);
    for text in played {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let status = game.status();
    (game, status)
}

fn fen_of(game: &Game) -> String {
    Fen {
        variant: game.variant(),
        position: game.position(),
    }
    .to_string()
}

#[test]
fn three_check_counts_each_check_in_the_fen_and_the_third_wins() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    let (game, status) = status_after("3check", start, &["e2e4", "f7f6", "d1h5"]);
    assert_eq!(status, Status::Playing);
    assert_eq!(
        fen_of(&game),
        "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"
    );
    // One check left for White to give: the next wins, though it is no mate.
    let one_left = "rnbqkbnr/ppppp2p/5pp1/7Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 4";
    let (_, status) = status_after("3check", one_left, &["h5g6"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Checks
        }
    );
    // Taking it back restores the count: the key and the FEN with it.
    let (mut game, _) = status_after("3check", one_left, &["h5g6"]);
    assert!(areachess::play::Play::undo(&mut game));
    assert_eq!(fen_of(&game), one_left);
    assert_eq!(game.status(), Status::Playing);
    // Without the field, a FEN starts each side with the level's count.
    let level = shipped("3check");
    let pos = level
        .parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        .expect("a FEN");
    assert_eq!(
        [pos.checks_left(Color::White), pos.checks_left(Color::Black)],
        [3, 3]
    );
}

#[test]
fn check_counters_are_refused_where_they_do_not_belong_or_do_not_read() {
    let chess = shipped("chess");
    let e = chess
        .parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1")
        .expect_err("chess has no check counter");
    assert_eq!(e.span.column, 27, "{e}");
    assert!(e.to_string().contains("no n-check rule"), "{e}");
    let three = shipped("3check");
    for bad in ["3+", "+3", "3+x", "100+1", "3+3+3"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - {bad} 0 1");
        let e = three.parse_fen(&fen).expect_err(bad);
        assert_eq!(e.span.column, 27, "{bad}: {e}");
    }
}

#[test]
fn the_king_on_the_hill_wins_and_ends_the_move_list() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (game, status) = status_after(
        "kingofthehill",
        start,
        &["e2e3", "e7e6", "e1e2", "e8e7", "e2d3", "e7d6", "d3d4"],
    );
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Flag
        }
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn racing_kings_forbids_checks_and_lets_black_answer_a_white_arrival() {
    // The rook may not give check along the first rank.
    let list = moves("racingkings", "8/8/8/8/8/8/k7/6RK w - - 0 1");
    assert!(!list.contains(&"g1a1".to_string()), "{list:?}");
    assert!(!list.contains(&"g1g2".to_string()), "{list:?}");
    assert!(list.contains(&"g1g3".to_string()), "{list:?}");
    // White reaches the eighth rank; Black, one step away, still moves: both there draw.
    let fen = "8/k6K/8/8/8/8/8/8 w - - 0 1";
    let (_, status) = status_after("racingkings", fen, &["h7h8"]);
    assert_eq!(status, Status::Playing);
    let (_, status) = status_after("racingkings", fen, &["h7h8", "a7a8"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: None,
            goal: Goal::Flag
        }
    );
    // Black too far: White has won at once.
    let (_, status) = status_after("racingkings", "8/7K/k7/8/8/8/8/8 w - - 0 1", &["h7h8"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Flag
        }
    );
}

#[test]
fn extinction_ends_the_game_when_a_kind_is_gone() {
    // The king is no royal: Black may leave it attacked, and losing it loses.
    let fen = "rnbqkbnr/pppp1ppp/8/8/8/8/PPPPQPPP/RNB1KBNR b KQkq - 0 1";
    let list = moves("extinction", fen);
    assert!(list.contains(&"a7a6".to_string()), "{list:?}");
    let (_, status) = status_after("extinction", fen, &["a7a6", "e2e8"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Extinction
        }
    );
    // Taking the last queen wins as well.
    let fen = "rnb1kbnr/pppppppp/8/3q4/3Q4/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1";
    let (_, status) = status_after("extinction", fen, &["d5d4"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::Black),
            goal: Goal::Extinction
        }
    );
    // Three kings: the side left with two loses.
    let fen = "k4k1k/8/8/8/8/8/8/K3KR1K w - - 0 1";
    let (_, status) = status_after("threekings", fen, &[]);
    assert_eq!(status, Status::Playing);
    let (_, status) = status_after("threekings", fen, &["f1f8"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Extinction
        }
    );
}

#[test]
fn antichess_forces_captures_and_giving_everything_away_wins() {
    // d5 may take on e4: every other move is refused.
    let list = moves(
        "antichess",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
    );
    assert_eq!(list, ["e4d5"]);
    // Black must take, and is left with the only piece: White, with none, wins.
    let list = moves("antichess", "8/8/8/8/8/8/1p6/B7 b - - 0 1");
    assert!(list.iter().all(|m| m.starts_with("b2a1")), "{list:?}");
    let (_, status) = status_after("antichess", "8/8/8/8/8/8/1p6/B7 b - - 0 1", &["b2a1q"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Extinction
        }
    );
    let (_, status) = status_after("antichess", "8/8/8/8/8/8/1p6/B7 w - - 0 1", &["a1b2"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::Black),
            goal: Goal::Extinction
        }
    );
}

#[test]
fn suicide_stalemate_goes_to_the_side_with_fewer_pieces() {
    // White's pawn is blocked and White has no other move: one piece against two.
    let fen = "8/8/8/8/p7/P7/8/7k w - - 0 1";
    let (_, status) = status_after("suicide", fen, &[]);
    assert_eq!(
        status,
        Status::Stalemate {
            winner: Some(Color::White)
        }
    );
    let (_, status) = status_after("antichess", fen, &[]);
    assert_eq!(
        status,
        Status::Stalemate {
            winner: Some(Color::White)
        }
    );
}

#[test]
fn misere_mate_wins_for_the_mated_and_armageddon_draws_go_to_black() {
    let fools = ["f2f3", "e7e5", "g2g4", "d8h4"];
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (_, status) = status_after("misere", start, &fools);
    assert_eq!(
        status,
        Status::Checkmate {
            winner: Color::White
        }
    );
    let (_, status) = status_after("chess", start, &fools);
    assert_eq!(
        status,
        Status::Checkmate {
            winner: Color::Black
        }
    );
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let (_, status) = status_after("armageddon", stalemate, &[]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::Black),
            goal: Goal::DrawOdds
        }
    );
}

#[test]
fn a_promotion_to_a_royal_type_must_not_stand_attacked() {
    let text = r#"name = "Two royals"
mode = "grid"
[board]
files = 8
ranks = 8
[pieces.P]
betza = "mfW|cfF"
promotion = { to = ["Q"], zone = 1 }
[pieces.Q]
betza = "Q"
royal = true
[pieces.K]
betza = "K"
royal = true
[rules]
setup = "q4k2/3P4/8/8/8/8/8/4K1Q1 w - - 0 1"
"#;
    let level = level::parse("royals.toml", text)
        .expect("a level")
        .into_grid()
        .expect("grid");
    let mut pos = level.start.clone();
    let mut list = Vec::new();
    legal_moves(&level.variant, &mut pos, &mut list);
    let texts: Vec<String> = list.iter().map(|&m| move_text(&level.variant, m)).collect();
    // d8 is attacked by the black queen on a8: a new royal queen may not stand there.
    assert!(!texts.contains(&"d7d8q".to_string()), "{texts:?}");
}

#[test]
fn goal_keys_are_checked_where_they_are_written() {
    let level = |rules: &str| {
        format!(
            "name = \"g\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n[pieces.K]\nbetza = \"K\"\n\
             [pieces.R]\nbetza = \"R\"\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"\n{rules}\n"
        )
    };
    let cases = [
        (
            "flag = { piece = \"Z\", white = [\"d4\"] }",
            "g.toml:12:18: flag piece \"Z\": expected the letter of a piece of this level",
        ),
        (
            "flag = { piece = \"K\", white = [\"d4\", \"z9-a1\"] }",
            "g.toml:12:38: region \"z9-a1\": expected a square of the board (d4) or two corners (a8-h8)",
        ),
        (
            "flag = { piece = \"K\" }",
            "g.toml:12:8: flag: give a region for white, black or both",
        ),
        (
            "checks = 3",
            "g.toml:12:10: rules.checks needs a royal piece (royal = true) to check",
        ),
        (
            "extinction = { pieces = [\"K\", \"X\"] }",
            "g.toml:12:31: extinction pieces \"X\": expected the letter of a piece of this level",
        ),
    ];
    for (rules, says) in cases {
        let e = level::parse("g.toml", &level(rules)).expect_err(rules);
        assert_eq!(e.to_string().lines().next(), Some(says), "{rules}");
    }
}

#[test]
fn the_engine_steers_toward_each_goal() {
    let best = |name: &str, fen: &str, depth: &str| {
        let path = format!("levels/{name}.toml");
        let (code, out, err) = areachess(&["bestmove", &path, "--fen", fen, "--depth", depth]);
        assert_eq!(code, 0, "{err}");
        out.lines()
            .last()
            .and_then(|l| l.strip_prefix("bestmove "))
            .expect("a bestmove line")
            .to_string()
    };
    // The king walks onto the hill rather than anywhere else.
    assert_eq!(
        best("kingofthehill", "7k/8/8/8/8/2K5/8/8 w - - 0 1", "3"),
        "c3d4"
    );
    // The third check, whatever it costs.
    assert_eq!(
        best(
            "3check",
            "rnbqkbnr/ppppp2p/5pp1/7Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 4",
            "2"
        ),
        "h5g6"
    );
    // Antichess: give the rook away rather than keep it.
    let give = best("antichess", "8/8/8/8/8/8/r7/1R6 w - - 0 1", "3");
    assert!(["b1b2", "b1a1"].contains(&give.as_str()), "{give}");
    // Shatar: not the knight's smothered mate, which loses; the rook's mate, which wins.
    let knight = best("shatar", "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", "3");
    assert_ne!(knight, "g5f7");
    assert_eq!(
        best("shatar", "7k/6pp/8/8/8/8/8/KR6 w - - 0 1", "3"),
        "b1b8"
    );
}

#[test]
fn double_steps_and_en_passant_follow_the_levels_squares() {
    // Torpedo: a pawn on its fourth rank steps two; the square it passed may be taken.
    let list = moves(
        "torpedo",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(list.contains(&"e4e6".to_string()), "{list:?}");
    let (game, _) = status_after(
        "torpedo",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        &["d7d6", "a2a3", "d6d4"],
    );
    assert!(
        game.legal_moves()
            .iter()
            .any(|&m| { move_text(game.variant(), m) == "e4d5" && m.kind.captures() })
    );
    // Pawn sideways: a pawn back on its second rank steps two again.
    let (game, _) = status_after(
        "pawnsideways",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["b2b4", "e7e5", "a2b2", "e5e4", "b4b5", "d7d5"],
    );
    let texts: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|&m| move_text(game.variant(), m))
        .collect();
    assert!(texts.contains(&"b2b4".to_string()), "{texts:?}");
    // Horde: White steps two from its first rank, but that step gives Black no en passant.
    let fen = "4k3/8/8/8/8/1p6/8/P7 w - - 0 1";
    let list = moves("horde", fen);
    assert!(list.contains(&"a1a3".to_string()), "{list:?}");
    let (game, _) = status_after("horde", fen, &["a1a3"]);
    let texts: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|&m| move_text(game.variant(), m))
        .collect();
    assert!(!texts.contains(&"b3a2".to_string()), "{texts:?}");
    // A horde FEN without a white king reads; in chess it is refused.
    assert!(shipped("chess").parse_fen(fen).is_err());
}

#[test]
fn an_answered_arrival_wins_only_if_it_still_stands() {
    let fen = "9/9/5n3/9/9/9/3N5/9/N8 w - - 0 1";
    let (_, status) = status_after("jesonmor", fen, &["d3e5"]);
    assert_eq!(status, Status::Playing);
    let (_, status) = status_after("jesonmor", fen, &["d3e5", "f7e5"]);
    assert_eq!(status, Status::Playing);
    let (_, status) = status_after("jesonmor", fen, &["d3e5", "f7g5"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Flag
        }
    );
    // The fox has a flag; the hounds have none and win by trapping it.
    let (_, status) = status_after("fox-and-hounds", "8/8/8/8/8/8/1h6/F7 w - - 0 1", &[]);
    assert_eq!(
        status,
        Status::Stalemate {
            winner: Some(Color::Black)
        }
    );
    let (_, status) = status_after("fox-and-hounds", "8/1F6/8/8/8/8/8/h7 w - - 0 1", &["b7c8"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Flag
        }
    );
}

#[test]
fn atomic_captures_blow_up_the_square_and_its_neighbours_but_pawns() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let line = ["c2c4", "h7h5", "d1a4", "b8a6", "a4d7"];
    let (game, status) = status_after("atomic", start, &line);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Extinction
        }
    );
    // The queen, d7's pawn, c8's bishop, d8's queen and e8's king are gone; the pawns
    // beside (c7, e7) stand.
    assert_eq!(
        fen_of(&game),
        "r4bnr/ppp1ppp1/n7/7p/2P5/8/PP1PPPPP/RNB1KBNR b KQ - 0 3"
    );
    // The king never takes (it would blow itself up), and kings side by side give no check.
    let list = moves("atomic", "8/8/8/8/8/3k4/3P4/3K4 b - - 0 1");
    assert!(!list.contains(&"d3d2".to_string()), "{list:?}");
    let list = moves("atomic", "8/8/8/8/8/8/3kq3/3K4 w - - 0 1");
    assert!(
        !list.is_empty(),
        "touching kings: White is not mated: {list:?}"
    );
    // Atomar: kings survive blasts, and may not take each other.
    let list = moves("atomar", "8/8/8/8/8/8/3k4/3K4 w - - 0 1");
    assert!(!list.contains(&"d1d2".to_string()), "{list:?}");
}

#[test]
fn walls_are_written_in_the_move_left_on_the_board_and_taken_back() {
    // Snail trail: the one wall a move may leave is on the square it left.
    let list = moves("snailtrail", "6p/7/7/7/7/7/P6 w - - 0 1");
    assert_eq!(list, ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]);
    let (game, _) = status_after("snailtrail", "6p/7/7/7/7/7/P6 w - - 0 1", &["a1b2,b2a1"]);
    assert_eq!(fen_of(&game), "6p/7/7/7/7/1P5/*6 b - - 1 1");
    assert_eq!(game.sans(), ["Pb2,a1"]);
    // Isolation: anywhere empty but the two start squares.
    let list = moves("isolation", "3p2/6/6/6/6/6/6/2P3 w - - 0 1");
    assert!(list.contains(&"c1b1,b1a1".to_string()), "{list:?}");
    assert!(
        !list.iter().any(|m| m.ends_with("c1") || m.ends_with("d8")),
        "{list:?}"
    );
    // The duck moves: one wall on the board, never where it stood.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (mut game, _) = status_after("duck", start, &["e2e4,e4e5"]);
    assert!(
        !game
            .legal_moves()
            .iter()
            .any(|&m| move_text(game.variant(), m).ends_with("e5")),
        "the duck must move"
    );
    game.play_text("d7d5,d5e2").expect("a legal move");
    assert_eq!(
        fen_of(&game),
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP*PPP/RNBQKBNR w KQkq d6 0 2"
    );
    assert!(areachess::play::Play::undo(&mut game));
    assert_eq!(
        fen_of(&game),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // Amazons: the arrow flies as the amazon moves, from where it landed.
    let list = moves("amazons", "9q/10/10/10/10/10/10/10/10/Q9 w - - 0 1");
    assert!(list.contains(&"a1a2,a2a1".to_string()), "{list:?}");
    assert!(!list.contains(&"a1a2,a2b4".to_string()), "{list:?}");
    // A level with walls has no royal piece.
    let text = "name = \"w\"\nmode = \"grid\"\n[board]\nfiles = 4\nranks = 4\n[pieces.K]\nbetza = \"K\"\nroyal = true\n[rules]\nsetup = \"k3/4/4/3K w - - 0 1\"\nwalls = \"past\"\n";
    let e = level::parse("w.toml", text).expect_err("walls with a royal");
    assert!(
        e.to_string()
            .contains("a level with walls has no royal piece"),
        "{e}"
    );
}

#[test]
fn a_makpong_king_in_check_moves_only_to_take_its_checker() {
    let fen = "rnsm1snr/5k2/1ppppppp/p3N3/5P2/PPPPP1PP/8/RNSKMS1R b - - 1 3";
    assert_eq!(moves("makpong", fen), ["d6e5", "f6e5"]);
    // In makruk the king may step away too.
    assert!(moves("makruk", fen).contains(&"f7e8".to_string()));
}

#[test]
fn the_rules_play_a_wall_where_the_play_asks_and_take_plain_requests_too() {
    use areachess::sim::{GridMatch, GridMoveRequest, GridPlay, RulesPlugin};
    use bevy::prelude::*;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, RulesPlugin));
    app.insert_resource(GridMatch::new(shipped("duck")));
    app.update();
    let g = shipped("duck").variant.geometry;
    let sq = |name: &str| g.parse_square(name).expect("a square");
    let request = GridMoveRequest {
        from: sq("e2"),
        to: sq("e4"),
        promotion: None,
        drop: None,
    };
    app.world_mut().write_message(GridPlay {
        request,
        wall: Some(sq("d5")),
    });
    app.update();
    let fen = |app: &App| fen_of(&app.world().resource::<GridMatch>().game);
    assert_eq!(
        fen(&app),
        "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // A plain request on a level without walls is played as before.
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, RulesPlugin));
    app.insert_resource(GridMatch::new(shipped("chess")));
    app.update();
    app.world_mut().write_message(request);
    app.update();
    assert_eq!(
        fen(&app),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
}

#[test]
fn loop_hands_keep_what_a_piece_became_and_chessgi_drops_on_the_first_rank() {
    // A queen that was a pawn, taken: crazyhouse's hand gets a pawn, loop's a queen.
    let fen = "4k3/8/8/8/8/8/3r4/3Q~K3[] b - - 0 1";
    for (name, hand) in [("crazyhouse", "[p]"), ("loop", "[q]")] {
        let level = shipped(name);
        let mut game = Game::new(
            Arc::clone(&level.variant),
            level.parse_fen(fen).expect("a FEN"),
        );
        game.play_text("d2d1").expect("a legal capture");
        assert!(fen_of(&game).contains(hand), "{name}: {}", fen_of(&game));
    }
    let list = moves("chessgi", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert!(list.contains(&"P@a1".to_string()), "{list:?}");
    assert!(!list.contains(&"P@a8".to_string()), "{list:?}");
    let list = moves("loop", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert!(!list.contains(&"P@a1".to_string()), "{list:?}");
}

#[test]
fn a_bare_king_draws_shatar_at_once() {
    let (game, status) = status_after("shatar", "4k3/8/8/8/8/8/4j3/R3K3 w - - 0 1", &["e1e2"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: None,
            goal: Goal::Extinction
        }
    );
    assert_eq!(fen_of(&game), "4k3/8/8/8/8/8/4K3/R7 b - - 0 1");
    // The game is over: Black, who could still move its king, has no move.
    assert!(moves("shatar", "4k3/8/8/8/8/8/4K3/R7 b - - 0 1").is_empty());
}

#[test]
fn asean_counts_only_a_bare_king_and_from_zero() {
    // Baring the king with a rook on the board: 16 moves (32 plies), counted from 0.
    let (mut game, _) = status_after("asean", "8/8/8/4k3/8/4K3/1R4n1/8 w - - 0 1", &["b2g2"]);
    assert_eq!(fen_of(&game), "8/8/8/4k3/8/4K3/6R1/8 b - 32 0 1");
    game.play_text("e5d5").expect("the king steps");
    assert_eq!(fen_of(&game), "8/8/8/3k4/8/4K3/6R1/8 w - 32 1 2");
    // Against a met alone nobody counts.
    let (game, _) = status_after("asean", "8/8/8/4k3/8/4KQ2/6n1/8 w - - 0 1", &["f3g2"]);
    assert_eq!(fen_of(&game), "8/8/8/4k3/8/4K3/6Q1/8 b - - 0 1");
}

#[test]
fn the_dragon_is_dropped_only_on_its_own_first_rank() {
    let drops = moves_starting("dragon", "4k3/8/8/8/8/8/8/4K3[Dd] w - - 0 1", "D@");
    assert_eq!(
        drops,
        ["D@a1", "D@b1", "D@c1", "D@d1", "D@f1", "D@g1", "D@h1"]
    );
}

#[test]
fn perfect_chess_castles_with_the_chancellor_as_with_the_rook() {
    let white = moves("perfect", "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1");
    assert!(white.contains(&"e1c1".to_string()) && white.contains(&"e1g1".to_string()));
    let (game, _) = status_after("perfect", "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1", &["e1c1"]);
    assert_eq!(fen_of(&game), "c3k2r/8/8/8/8/8/8/2KC3R b kq - 1 1");
}

#[test]
fn legan_and_troitzky_promote_on_their_own_squares() {
    // Legan: a pawn on b7 steps diagonally to a8, a corner square of its zone, and must
    // promote; b8 is no promotion square for it and it cannot step there anyway.
    assert_eq!(
        moves("legan", "7k/1P6/8/8/8/8/8/K7 w - - 0 1"),
        ["a1a2", "a1b1", "a1b2", "b7a8b", "b7a8n", "b7a8q", "b7a8r"]
    );
    // Troitzky: the a-file ends at a6 for White, so a pawn on a5 promotes stepping there.
    let troitzky = moves(
        "troitzky",
        "****qk****/**rnbbnr**/*pppppppp*/*8*/10/P9/*8*/*1PPPPPPP*/**RNBBNR**/****QK**** w - - 0 1",
    );
    let pawn: Vec<&String> = troitzky.iter().filter(|m| m.starts_with("a5")).collect();
    assert_eq!(pawn, ["a5a6b", "a5a6n", "a5a6q", "a5a6r"]);
}

#[test]
fn xiangqi_keeps_its_pieces_to_their_regions_and_its_generals_apart() {
    let moves = |fen| moves("xiangqi", fen);
    // The general may not step onto the file of the other, open to it (d1); the advisor
    // stays in the palace (not c2).
    assert_eq!(
        moves("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1"),
        ["d1e2", "e1e2", "e1f1"]
    );
    // A soldier steps only forward before the river, sideways too across it.
    assert_eq!(
        moves("3k5/9/9/9/9/P8/9/9/9/4K4 w - - 0 1"),
        ["a5a6", "e1e2", "e1f1"]
    );
    assert_eq!(
        moves("3k5/9/9/9/P8/9/9/9/9/4K4 w - - 0 1"),
        ["a6a7", "a6b6", "e1e2", "e1f1"]
    );
    // The elephant does not cross the river.
    assert_eq!(
        moves("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1"),
        ["c5a3", "c5e3", "e1e2", "e1f1"]
    );
    // A cannon between the generals may not leave their file.
    let cannon = moves_starting("xiangqi", "4k4/9/9/9/9/4c4/9/9/9/4K4 b - - 0 1", "e5");
    assert_eq!(
        cannon,
        ["e5e2", "e5e3", "e5e4", "e5e6", "e5e7", "e5e8", "e5e9"]
    );
}

#[test]
fn pawn_back_steps_back_but_not_home_and_keeps_the_count() {
    assert_eq!(
        moves("pawnback", "4k3/8/8/8/8/4P3/8/4K3 w - - 3 10"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e3e2", "e3e4"]
    );
    assert_eq!(
        moves("pawnback", "4k3/8/8/8/8/8/4P3/3K4 w - - 0 1"),
        ["d1c1", "d1c2", "d1d2", "d1e1", "e2e3", "e2e4"]
    );
    // A pawn's move, which may be taken back, does not restart the move rule's count.
    let (game, _) = status_after("pawnback", "4k3/8/8/8/8/4P3/8/4K3 w - - 3 10", &["e3e2"]);
    assert_eq!(fen_of(&game), "4k3/8/8/8/8/8/4P3/4K3 b - - 4 10");
}

#[test]
fn placement_drops_first_then_castles_with_what_it_dropped() {
    let start = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    // Only drops, and only on the first rank, while pieces are in hand.
    let first = moves("placement", start);
    assert_eq!(first.len(), 40, "{first:?}");
    assert!(first.iter().all(|m| m.contains('@') && m.ends_with('1')));
    // A king on e1 and a rook in a corner bring the right to castle on that wing.
    let (game, _) = status_after("placement", start, &["K@e1", "K@e8", "R@h1", "R@a8"]);
    assert_eq!(
        fen_of(&game),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNqrbbnn] w Kq - 0 3"
    );
    let drops = [
        "K@e1", "K@e8", "R@h1", "R@a8", "B@c1", "B@c8", "B@f1", "B@d8", "R@a1", "R@h8", "Q@d1",
        "Q@f8", "N@b1", "N@b8", "N@g1", "N@g8",
    ];
    let (game, _) = status_after("placement", start, &drops);
    assert_eq!(
        fen_of(&game),
        "rnbbkqnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 9"
    );
}

#[test]
fn placement_keeps_a_square_of_each_colour_for_the_bishops() {
    // White has dropped a bishop on c1 (dark): the other may not go on a dark square.
    let fen = "8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbbnn] w - - 0 2";
    let bishops = moves_starting("placement", fen, "B@");
    assert_eq!(bishops, ["B@b1", "B@d1", "B@f1", "B@h1"]);
}

#[test]
fn dobutsu_lion_wins_on_the_far_rank_only_where_it_cannot_be_taken() {
    // The lion steps to b4, where Black's giraffe and lion attack it: not won yet.
    let (_, status) = status_after("dobutsu", "g1l/1L1/3/3[-] w - - 0 1", &["b3b4"]);
    assert_eq!(status, Status::Playing);
    assert_eq!(
        moves("dobutsu", "g1l/1L1/3/3[-] w - - 0 1").len(),
        8,
        "the lion is not royal: it may step where it can be taken"
    );
    // Unattacked on the far rank, it wins before Black moves.
    let (_, status) = status_after("dobutsu", "2l/L2/3/3[-] w - - 0 1", &["a3a4"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Flag
        }
    );
}

#[test]
fn tori_shogi_allows_two_swallows_on_a_file() {
    let drops = |fen| moves_starting("torishogi", fen, "S@a");
    // One swallow of White's on the a-file: another may come; with two, none; never on
    // the last rank.
    assert_eq!(
        drops("3k3/7/7/7/7/S6/3K3[S] w - - 0 1"),
        ["S@a1", "S@a3", "S@a4", "S@a5", "S@a6"]
    );
    assert!(drops("3k3/7/7/7/S6/S6/3K3[S] w - - 0 1").is_empty());
}

#[test]
fn petrified_pieces_turn_to_stone_where_they_take_and_kings_take_nothing() {
    // The rook takes on a8 and becomes a wall there; Black's castling right goes with
    // the rook taken, White's with the rook that took.
    let (game, status) = status_after("petrified", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1", &["a1a8"]);
    assert_eq!(fen_of(&game), "*3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(status, Status::Playing);
    // A king, which would turn to stone by taking, takes nothing: it attacks nothing, so
    // the kings may stand side by side.
    assert_eq!(
        moves("petrified", "8/8/8/3k4/8/2K5/8/8 w - - 0 1"),
        [
            "c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3", "c3d4"
        ]
    );
    assert_eq!(
        moves("petrified", "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1"),
        ["e1d2", "e1f2"]
    );
}

#[test]
fn supply_drops_on_its_own_half_inside_each_region_and_never_with_check() {
    let drops = moves("supply", "3k5/9/9/9/9/9/9/9/9/4K4[RA] w - - 0 1");
    let advisor: Vec<&String> = drops.iter().filter(|m| m.starts_with("A@")).collect();
    assert_eq!(advisor, ["A@d1", "A@d3", "A@e2", "A@f1", "A@f3"]);
    let chariot: Vec<&String> = drops.iter().filter(|m| m.starts_with("R@")).collect();
    assert_eq!(chariot.len(), 39, "{chariot:?}");
    // Not on the d-file, where it would check the general on d10, nor across the river.
    assert!(chariot.iter().all(|m| !m.starts_with("R@d")));
    assert!(
        chariot
            .iter()
            .all(|m| m[3..].parse::<u32>().is_ok_and(|r| r <= 5))
    );
    // On one board, a piece taken goes to no hand.
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1";
    let (game, _) = status_after("supply", start, &["h3h10", "i10h10"]);
    assert_eq!(
        fen_of(&game),
        "rnbakabr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR[] w - - 0 2"
    );
}

#[test]
fn shatar_mates_count_by_who_gave_the_checks() {
    // A rook's mate is a mate.
    let (_, status) = status_after("shatar", "7k/6pp/8/8/8/8/8/KR6 w - - 0 1", &["b1b8"]);
    assert_eq!(
        status,
        Status::Checkmate {
            winner: Color::White
        }
    );
    // A knight's mate loses for the side that gives it.
    let (_, status) = status_after("shatar", "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", &["g5f7"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::Black),
            goal: Goal::ShatarMate
        }
    );
    // A bishop's mate, with no check by a knight, rook or bers before it, is drawn.
    let (_, status) = status_after("shatar", "6bk/7p/8/8/8/8/8/K3B3 w - - 0 1", &["e1c3"]);
    assert_eq!(
        status,
        Status::Goal {
            winner: None,
            goal: Goal::ShatarMate
        }
    );
}

#[test]
fn a_tori_shogi_repetition_loses_for_the_side_that_makes_it() {
    let cycle = ["d1c1", "d7c7", "c1d1", "c7d7"];
    let played: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
    let fen = "3k3/7/7/7/7/7/3K3[] w - - 0 1";
    // Black's move makes the fourth occurrence: Black loses.
    let (_, status) = status_after("torishogi", fen, &played);
    assert_eq!(
        status,
        Status::Goal {
            winner: Some(Color::White),
            goal: Goal::Repetition
        }
    );
    let (_, status) = status_after("torishogi", fen, &played[..11]);
    assert_eq!(status, Status::Playing);
}

#[test]
fn cambodian_kings_and_mets_make_their_first_moves_as_fairy_stockfish_keeps_them() {
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
    // The king leaps as a knight to the rank ahead, and its letter leaves the field.
    let (game, _) = status_after("cambodian", start, &["d1b2"]);
    assert_eq!(
        fen_of(&game),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1"
    );
    // A rook landing on the enemy king's file takes its leap away; elsewhere, not.
    let fen = "4k3/8/8/8/8/8/R7/3KM3 w DEe - 0 1";
    let (game, _) = status_after("cambodian", fen, &["a2e2"]);
    assert_eq!(fen_of(&game), "4k3/8/8/8/8/8/4R3/3KM3 b DE 30 8 1");
    let (game, _) = status_after("cambodian", fen, &["a2a7"]);
    assert_eq!(fen_of(&game), "4k3/R7/8/8/8/8/8/3KM3 b DEe 30 8 1");
    // No leap out of check; the met jumps two squares ahead.
    assert_eq!(
        moves("cambodian", "4k3/8/8/8/8/8/8/r2K4 w D - 0 1"),
        ["d1c2", "d1d2", "d1e2"]
    );
    assert!(moves("cambodian", "4k3/8/8/8/8/8/8/4M1K1 w E - 0 1").contains(&"e1e3".to_string()));
}

/// The search's horizon under a level's own goals: what quiescence must still see.
mod horizon {
    use crate::support::areachess;

    fn depth_one(level: &str, fen: &str) -> String {
        let (code, out, err) = areachess(&["bestmove", level, "--fen", fen, "--depth", "1"]);
        assert_eq!(code, 0, "{err}");
        out
    }

    /// Atomic: a queen that takes the pawn beside the king blows the king up. Taking a
    /// guarded pawn with a queen loses material by the exchange, which quiescence must not
    /// believe here: after 5 moves of this game every White move allows Qxf2, and one ply
    /// deep the search knows it is lost.
    #[test]
    fn an_explosion_that_takes_the_king_is_seen_past_the_horizon() {
        let out = depth_one(
            "atomic",
            "rnb1kbnr/1p1p1ppp/p1p1p3/4P3/6Pq/7P/PPPP1P2/RNBQKBNR w KQkq - 1 5",
        );
        assert!(out.contains("score mate -1"), "{out}");
    }

    /// Three-check: Black has one check left to give, and every White move leaves it a
    /// quiet check (the queen down the d-file or across the long diagonal): a check counts
    /// toward the goal as a capture does, so quiescence tries it.
    #[test]
    fn a_quiet_check_that_wins_n_check_is_seen_past_the_horizon() {
        let out = depth_one("3check", "3q2k1/5ppp/8/8/8/8/5PPP/6K1 w - - 3+1 0 1");
        assert!(out.contains("score mate -1"), "{out}");
    }
}
