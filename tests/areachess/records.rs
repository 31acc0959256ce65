//! PGN round trips (`areachess::record::pgn`): a game of every shipped level, of random
//! legal moves, written as PGN and read back is the same game, with the same ending.

use areachess::continuous::Game as ContinuousGame;
use areachess::level::{self, Level, LevelKind};
use areachess::play::{Color, Status};
use areachess::random::Rng;
use areachess::record::AnyGame;
use areachess::record::pgn::{self, Header, Record};
use areachess::search::arena::Arena;
use areachess::search::continuous::Continuous;
use std::path::{Path, PathBuf};

fn shipped() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels"))
            .expect("levels/")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
    files.sort();
    files
}

/// A game of up to `plies` random legal moves on `level` (fewer if it ends).
fn random_game(level: &Level, plies: usize, seed: u64) -> AnyGame {
    let mut rng = Rng::new(seed);
    match &level.kind {
        LevelKind::Grid(l) => {
            let mut game = areachess::grid::game::Game::new(l.variant.clone(), l.start.clone());
            for _ in 0..plies {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len())]);
            }
            AnyGame::Grid(game)
        }
        LevelKind::Continuous(l) => {
            let arena = Continuous;
            let mut game = ContinuousGame::new(l.start.clone());
            for _ in 0..plies {
                let Some(request) = arena.pick(game.position(), false, &mut rng) else {
                    break;
                };
                assert!(
                    game.play(request).applied().is_some(),
                    "a candidate is legal"
                );
            }
            AnyGame::Continuous(game)
        }
    }
}

/// The moves of a game in the notation `moves` and `judge` take.
fn moves_of(game: &AnyGame) -> Vec<String> {
    match game {
        AnyGame::Grid(g) => g.move_texts(),
        AnyGame::Continuous(g) => g
            .played()
            .iter()
            .map(|p| areachess::continuous::notation::format_request(g.start().board(), &p.request))
            .collect(),
    }
}

fn round_trip(path: &Path, level: &Level, game: &AnyGame, header: &Header) -> AnyGame {
    let variant = path.file_stem().expect("a stem").to_string_lossy();
    let text = pgn::write(level, &variant, game, header);
    let record = Record::parse("game.pgn", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        level::for_variant(&record.variant())
            .as_deref()
            .and_then(Path::file_name),
        path.file_name(),
        "Variant names the level"
    );
    record
        .replay("game.pgn", level)
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}\n{:?}", path.display(), moves_of(game)))
}

#[test]
fn a_game_of_every_shipped_level_reads_back_from_its_pgn() {
    for path in shipped() {
        let level = level::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for seed in 1..=3 {
            let plies = if level.is_continuous() { 16 } else { 60 };
            let game = random_game(&level, plies, seed);
            let back = round_trip(&path, &level, &game, &Header::default());
            assert_eq!(
                moves_of(&back),
                moves_of(&game),
                "{} seed {seed}",
                path.display()
            );
            assert_eq!(back.position_text(), game.position_text());
            assert_eq!(back.game().status(), game.game().status());
        }
    }
}

#[test]
fn an_ending_by_the_players_or_the_clock_survives_the_round_trip() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml");
    let level = level::load(&path).expect("chess");
    let header = Header {
        white: "Human".into(),
        black: "areachess, strength 3".into(),
        time: Some("5+3".parse().expect("a control")),
    };
    for end in [
        Status::Resigned {
            winner: Color::Black,
        },
        Status::Resigned {
            winner: Color::White,
        },
        Status::DrawAgreed,
        Status::OutOfTime {
            winner: Some(Color::White),
        },
    ] {
        let mut game = random_game(&level, 10, 7);
        // Only the side to move can run out of time: White, after ten plies.
        assert_eq!(game.game().to_move(), Color::White);
        let end = match end {
            Status::OutOfTime { .. } => Status::OutOfTime {
                winner: Some(Color::Black),
            },
            other => other,
        };
        game.game_mut().end_by_players(end);
        let back = round_trip(&path, &level, &game, &header);
        assert_eq!(back.game().status(), end);
    }
    let text = pgn::write(&level, "chess", &random_game(&level, 4, 1), &header);
    assert!(
        text.contains("[White \"Human\"]") && text.contains("[TimeControl \"300+3\"]"),
        "{text}"
    );
}

#[test]
fn a_continuous_game_from_a_set_up_position_keeps_its_pos() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/area-of-competence.toml");
    let level = level::load(&path).expect("aoc");
    let LevelKind::Continuous(l) = &level.kind else {
        panic!("continuous")
    };
    let start = l.parse_position("b;K@e1;R@a1;k@e8;p@d7").expect("a POS");
    let mut game = ContinuousGame::new(start);
    let request = areachess::continuous::notation::parse_move(&l.board, "d7->d5").expect("a move");
    assert!(game.play(request).applied().is_some());
    let game = AnyGame::Continuous(game);
    let text = pgn::write(&level, "area-of-competence", &game, &Header::default());
    assert!(
        text.contains("[SetUp \"1\"]") && text.contains("[POS \""),
        "{text}"
    );
    assert!(
        text.contains("1... Pd7->d5") || text.contains("1... d7->d5"),
        "{text}"
    );
    let back = round_trip(&path, &level, &game, &Header::default());
    assert_eq!(back.position_text(), game.position_text());
}

#[test]
fn a_move_that_is_not_legal_is_named_by_its_line_and_column() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml");
    let level = level::load(&path).expect("chess");
    let text = "[Variant \"chess\"]\n\n1. e4 e5\n2. Nf3 Ke7 3. Bc4 Ra6 *\n";
    let record = Record::parse("bad.pgn", text).expect("reads");
    let e = record
        .replay("bad.pgn", &level)
        .expect_err("Ra6 is no move");
    assert_eq!(
        e.to_string(),
        "bad.pgn:4:19: 'Ra6': no legal move in standard algebraic notation"
    );
}
