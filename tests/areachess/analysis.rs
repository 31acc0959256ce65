//! The analysis board, headless: browsing shows an earlier position without changing the
//! game, "continue from here" takes the later moves back, the engine lists its best lines
//! for the position shown (never for a player against the computer), and the evaluation
//! graph scores every position and marks the blunder.

use areachess::play::{Color, Play, Seat, Strength};
use areachess::sim::MatchCommand;
use areachess::sim::Players;
use areachess::sim::analysis::{Analysis, Browse};
use areachess::sim::harness::{GridSim, Mode, Sim};
use std::time::{Duration, Instant};

fn chess(moves: &[&str]) -> GridSim {
    let level = format!("{}/levels/chess.toml", env!("CARGO_MANIFEST_DIR"));
    let mut sim = GridSim::from_file(level, None).expect("chess");
    for m in moves {
        sim.play(m).expect("a move").expect("legal");
    }
    sim
}

/// Runs frames (a few milliseconds apart) until `done`, for at most `limit`.
fn until<G: Mode>(sim: &mut Sim<G>, limit: Duration, done: impl Fn(&Sim<G>) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        sim.app.update();
        if done(sim) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

fn analysis<G: Mode>(sim: &mut Sim<G>) -> bevy::prelude::Mut<'_, Analysis> {
    sim.app.world_mut().resource_mut::<Analysis>()
}

#[test]
fn browsing_shows_an_earlier_position_and_leaves_the_game_alone() {
    let mut sim = chess(&["e2e4", "e7e5", "g1f3"]);
    sim.app.world_mut().resource_mut::<Browse>().ply = Some(1);
    sim.app.update();
    let pieces = sim.entities();
    assert!(pieces.contains(&("e4".to_string(), 'P')), "{pieces:?}");
    assert!(
        pieces.contains(&("e7".to_string(), 'p')),
        "Black's pawn not yet moved"
    );
    assert!(
        pieces.contains(&("g1".to_string(), 'N')),
        "the knight not yet moved"
    );
    assert_eq!(sim.game().moves_played(), 3, "the game is as it was");
    // Back to the game: its pieces again.
    sim.app.world_mut().resource_mut::<Browse>().ply = None;
    sim.app.update();
    assert!(sim.entities().contains(&("f3".to_string(), 'N')));
}

#[test]
fn continue_from_here_takes_the_later_moves_back_and_redo_brings_them() {
    let mut sim = chess(&["e2e4", "e7e5", "g1f3", "b8c6"]);
    sim.command(MatchCommand::ContinueFrom(1));
    assert_eq!(sim.game().moves_played(), 1);
    assert_eq!(sim.game().to_move(), Color::Black);
    sim.command(MatchCommand::Redo);
    sim.command(MatchCommand::Redo);
    assert_eq!(sim.game().moves_played(), 3);
    // From a resigned game's last position, the game goes on.
    sim.command(MatchCommand::Resign);
    assert!(sim.status().is_over());
    sim.command(MatchCommand::ContinueFrom(3));
    assert!(!sim.status().is_over());
    assert_eq!(sim.game().moves_played(), 3);
}

#[test]
fn the_engine_lists_its_best_lines_for_the_position_shown() {
    // White's bishop can take the queen on g5: the capture must head the list.
    let mut sim = chess(&["e2e4", "e7e5", "d2d4", "d8g5"]);
    analysis(&mut sim).on = true;
    analysis(&mut sim).lines = 3;
    let found = until(&mut sim, Duration::from_secs(20), |sim| {
        let lines = sim.app.world().resource::<Analysis>().lines_found();
        lines.len() == 3 && lines[0].depth >= 4
    });
    assert!(found, "three lines at depth 4 or more");
    let lines = analysis(&mut sim).lines_found();
    // Written as the move list writes moves: numbered, in SAN.
    assert!(lines[0].line.starts_with("3. Bxg5 "), "{lines:?}");
    assert!(
        lines.windows(2).all(|w| w[0].score.0 >= w[1].score.0),
        "best first"
    );
    let firsts: Vec<&str> = lines
        .iter()
        .map(|l| {
            // The first move, past its number (`3.`).
            l.line
                .split(' ')
                .find(|word| !word.ends_with('.'))
                .unwrap_or("")
        })
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2],
        "three moves: {firsts:?}"
    );
    // Browsing back to the start analyses the start position instead.
    sim.app.world_mut().resource_mut::<Browse>().ply = Some(0);
    let moved_on = until(&mut sim, Duration::from_secs(20), |sim| {
        let a = sim.app.world().resource::<Analysis>();
        a.analysed == Some((0, Color::White)) && !a.lines_found().is_empty()
    });
    assert!(moved_on);
    assert_eq!(sim.game().moves_played(), 4, "the game is untouched");
}

#[test]
fn there_is_no_analysis_for_a_player_against_the_computer() {
    let mut sim = chess(&["e2e4"]);
    sim.app.insert_resource(Players {
        white: Seat::Human,
        black: Seat::Computer(Strength::new(1).expect("a strength")),
    });
    // Hold the computer, so the game waits.
    sim.app
        .world_mut()
        .resource_mut::<areachess::sim::computer::Computer>()
        .paused = true;
    analysis(&mut sim).on = true;
    for _ in 0..20 {
        sim.app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let a = sim.app.world().resource::<Analysis>();
    assert_eq!(a.analysed, None);
    assert!(a.lines_found().is_empty());
}

#[test]
fn the_graph_scores_every_position_and_marks_the_blunder() {
    // 2... Qh4?? loses the queen to Nxh4.
    let mut sim = chess(&["e2e4", "e7e5", "g1f3", "d8h4", "f3h4"]);
    analysis(&mut sim).graph_asked = true;
    let drawn = until(&mut sim, Duration::from_secs(30), |sim| {
        sim.app.world().resource::<Analysis>().graph().done()
    });
    assert!(drawn, "the graph is drawn");
    let graph = analysis(&mut sim).graph();
    assert_eq!(graph.scores.len(), 6);
    assert!(
        graph.scores[5] > 500,
        "White is a queen up: {:?}",
        graph.scores
    );
    let swings = graph.swings(200, Color::White);
    assert_eq!(swings.first().map(|&(ply, _)| ply), Some(4), "{swings:?}");
}
