//! The shipped demonstrations (`levels/demos/`): saved games that replay through the rules,
//! of levels exactly as shipped (so the app lists them with their level), showing what
//! they say they show. `AREACHESS_BLESS=1 cargo test demos` rewrites them from the moves
//! below.

use areachess::continuous::notation::parse_move;
use areachess::continuous::{self, Outcome};
use areachess::grid::courier;
use areachess::grid::game::Game;
use areachess::grid::position::MoveKind;
use areachess::level::{self, save};

use crate::support::root;

fn text(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The continuous tour: a knight's jump, castling, a bishop stopped short of its own pawn,
/// overlap captures by queen, king and knight, and a promotion.
const TOUR_START: &str = "w;K@e1;R@h1;N@b1;B@c1;P@f4;Q@d1;P@b7;k@e8;r@a8;p@d7;p@f7;p@g7;n@g8";
const TOUR: [&str; 10] = [
    "b1->c3", "g8->f6", "e1->g1", "g7->g6", "c1->e3", "f6->e4", "d1->d7", "e8->d7", "b7->b8=Q",
    "e4->c3",
];

fn tour() -> save::AnyGame {
    let l = level::load(&root().join("levels/area-of-competence.toml"))
        .expect("loads")
        .into_continuous()
        .expect("continuous");
    let start = l.parse_position(TOUR_START).expect("a position");
    let mut game = continuous::Game::new(start);
    for m in TOUR {
        let request = parse_move(&l.board, m).expect("a move");
        let outcome = game.play(request);
        assert!(!matches!(outcome, Outcome::Illegal(_)), "{m}: {outcome:?}");
    }
    save::AnyGame::Continuous(game)
}

fn obento() -> save::AnyGame {
    let l = level::load(&root().join("levels/obento.toml"))
        .expect("loads")
        .into_grid()
        .expect("grid");
    let record = text("tests/games/obento-courier.txt");
    let moves = courier::read_record(&l.variant, &l.start, &record).expect("the record reads");
    let mut game = Game::new(l.variant.clone(), l.start.clone());
    for m in moves {
        assert!(game.play(m));
    }
    save::AnyGame::Grid(game)
}

#[test]
fn the_demonstrations_replay_and_show_what_they_say() {
    let demos = [
        (
            "levels/demos/area-of-competence-tour.toml",
            "levels/area-of-competence.toml",
            tour(),
        ),
        (
            "levels/demos/obento-bent-pieces-and-en-passant.toml",
            "levels/obento.toml",
            obento(),
        ),
    ];
    for (file, level_path, game) in demos {
        let written = save::to_text(level_path, &text(level_path), &game);
        if std::env::var_os("AREACHESS_BLESS").is_some() {
            std::fs::write(root().join(file), &written).expect("write the demo");
        }
        assert_eq!(
            text(file),
            written,
            "{file} is stale: AREACHESS_BLESS=1 cargo test demos"
        );
        let saved = save::load(&root().join(file)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            saved.level_text,
            text(level_path),
            "{file}: the level as shipped"
        );
        match saved.game {
            save::AnyGame::Continuous(g) => {
                let played = g.played();
                assert!(
                    played.iter().any(|p| p.applied.castling.is_some()),
                    "castling"
                );
                assert!(
                    played.iter().any(|p| p.applied.promotion.is_some()),
                    "a promotion"
                );
                assert!(played.iter().filter(|p| p.capture).count() >= 3, "captures");
                assert!(
                    played
                        .iter()
                        .any(|p| p.applied.mover.kind == continuous::Kind::KNIGHT),
                    "a knight's jump"
                );
            }
            save::AnyGame::Grid(g) => {
                let v = g.variant().clone();
                let moved: Vec<char> = (0..g.played().len())
                    .map(|n| {
                        let m = g.played()[n];
                        let cell = g.position_before(n).cell(m.from);
                        v[areachess::grid::position::role_of(cell)].letter
                    })
                    .collect();
                assert!(
                    moved.contains(&'O') && moved.contains(&'Y'),
                    "bent pieces: {moved:?}"
                );
                assert!(
                    g.played()
                        .iter()
                        .any(|m| matches!(m.kind, MoveKind::EnPassant { .. })),
                    "en passant"
                );
                assert!(
                    g.played().iter().any(|m| m.promotion.is_some()),
                    "a promotion"
                );
            }
        }
    }
}

/// A demonstration opens as the window opens it: its game loaded into the match, then
/// rewound, so that Next (redo) steps through every move from the start.
#[test]
fn a_loaded_demonstration_rewinds_to_its_start_and_redoes_every_move() {
    use areachess::play::Play;
    use areachess::sim::{GridMatch, LoadGame, MatchCommand, RulesPlugin};
    use bevy::prelude::*;
    let l = level::load(&root().join("levels/obento.toml"))
        .expect("loads")
        .into_grid()
        .expect("grid");
    let demo = obento();
    let n = demo.game().moves_played();
    assert!(n > 2, "{n}");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, RulesPlugin))
        .insert_resource(GridMatch::new(l));
    app.update();
    app.world_mut().write_message(LoadGame(demo));
    app.world_mut().write_message(MatchCommand::Rewind);
    app.update();
    let game = &app.world().resource::<GridMatch>().game;
    assert_eq!(game.moves_played(), 0);
    for k in 1..=n {
        app.world_mut().write_message(MatchCommand::Redo);
        app.update();
        let game = &app.world().resource::<GridMatch>().game;
        assert_eq!(game.moves_played(), k);
    }
    app.world_mut().write_message(MatchCommand::Redo);
    app.update();
    assert_eq!(
        app.world().resource::<GridMatch>().game.moves_played(),
        n,
        "nothing more to redo"
    );
}
