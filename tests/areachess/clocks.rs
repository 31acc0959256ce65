//! The chess clock inside the headless app, both modes, on a fake clock (the app's time
//! advances a fixed step a frame): the side to move's time runs, a move adds the
//! increment, Pause stops both, Undo gives no time back, and a flag fall ends the game.

use areachess::clock::TimeControl;
use areachess::play::{Color, Status};
use areachess::sim::MatchCommand;
use areachess::sim::computer::Computer;
use areachess::sim::harness::{ContinuousSim, GridSim, Mode, Sim};
use areachess::sim::match_clock::MatchClock;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use std::time::Duration;

/// One frame of the fake clock.
const FRAME: Duration = Duration::from_millis(100);

fn level(name: &str) -> String {
    format!("{}/levels/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A headless game under `control`, its app's time advancing [`FRAME`] a frame.
fn timed<G: Mode>(sim: Sim<G>, control: &str) -> Sim<G> {
    let mut sim = sim;
    let control: TimeControl = control.parse().expect("a control");
    sim.app
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
        .insert_resource(MatchClock::new(Some(control)));
    sim.app.update();
    sim
}

fn frames<G: Mode>(sim: &mut Sim<G>, n: u32) {
    for _ in 0..n {
        sim.app.update();
    }
}

/// Both sides' time left now, White's first.
fn left<G: Mode>(sim: &Sim<G>) -> [Duration; 2] {
    let now = areachess::sim::match_clock::now(sim.app.world().resource::<Time<Real>>());
    sim.app
        .world()
        .resource::<MatchClock>()
        .clock
        .as_ref()
        .expect("a clock")
        .both_left(now)
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

#[test]
fn only_the_side_to_move_loses_time_and_a_move_adds_the_increment() {
    let mut sim = timed(
        GridSim::from_file(level("chess.toml"), None).expect("chess"),
        "1+2",
    );
    let [white, black] = left(&sim);
    frames(&mut sim, 10);
    let [white_after, black_after] = left(&sim);
    assert_eq!(white - white_after, secs(1.0), "White's second ran");
    assert_eq!(black_after, black, "Black's did not");
    sim.play("e2e4").expect("a move").expect("legal");
    let [white_moved, _] = left(&sim);
    assert!(
        white_moved > white_after && white_moved <= white_after + secs(2.0),
        "the increment: {white_after:?} → {white_moved:?}"
    );
    frames(&mut sim, 5);
    let [white_later, black_later] = left(&sim);
    assert_eq!(white_later, white_moved, "now Black's time runs");
    assert!(black_later < black);
}

#[test]
fn pause_stops_both_clocks_and_a_persons_move_goes_on() {
    let mut sim = timed(
        GridSim::from_file(level("chess.toml"), None).expect("chess"),
        "1+0",
    );
    sim.app.world_mut().resource_mut::<Computer>().paused = true;
    frames(&mut sim, 2);
    let held = left(&sim);
    frames(&mut sim, 20);
    assert_eq!(left(&sim), held, "no time runs while paused");
    sim.play("e2e4").expect("a move").expect("legal");
    assert!(!sim.app.world().resource::<Computer>().paused);
    frames(&mut sim, 5);
    assert!(left(&sim)[1] < held[1], "Black's time runs again");
}

#[test]
fn undo_gives_no_time_back() {
    let mut sim = timed(
        GridSim::from_file(level("chess.toml"), None).expect("chess"),
        "1+0",
    );
    frames(&mut sim, 10);
    sim.play("e2e4").expect("a move").expect("legal");
    frames(&mut sim, 10);
    let before = left(&sim);
    sim.command(MatchCommand::Undo);
    let after = left(&sim);
    // No time comes back: White's stays, Black's ran on until the undo's frame.
    assert_eq!(after, [before[0], before[1] - FRAME], "the times stay");
    frames(&mut sim, 10);
    let later = left(&sim);
    assert_eq!(later[1], after[1], "Black no longer runs");
    assert!(later[0] < after[0], "White, to move again, runs");
}

#[test]
fn new_game_gives_both_sides_full_time() {
    let mut sim = timed(
        GridSim::from_file(level("chess.toml"), None).expect("chess"),
        "3+2",
    );
    frames(&mut sim, 30);
    sim.play("e2e4").expect("a move").expect("legal");
    frames(&mut sim, 30);
    sim.command(MatchCommand::Restart);
    let [white, black] = left(&sim);
    assert!(
        white > secs(179.0) && black == secs(180.0),
        "{white:?} {black:?}"
    );
}

#[test]
fn a_flag_fall_loses_in_both_modes() {
    let mut grid = timed(
        GridSim::from_file(level("chess.toml"), None).expect("chess"),
        "0.05+0",
    );
    frames(&mut grid, 29);
    assert_eq!(grid.status(), Status::Playing, "2.9 s of 3");
    frames(&mut grid, 2);
    assert_eq!(
        grid.status(),
        Status::OutOfTime {
            winner: Some(Color::Black)
        }
    );
    assert_eq!(left(&grid)[0], Duration::ZERO);
    // Undo takes the ending back, but the time is still gone: it falls again.
    grid.command(MatchCommand::Undo);
    frames(&mut grid, 1);
    assert!(grid.status().is_over());

    let mut continuous = timed(
        ContinuousSim::from_file(level("area-of-competence.toml"), None).expect("aoc"),
        "0.05+0",
    );
    continuous.play("e2->e4").expect("a move");
    frames(&mut continuous, 31);
    assert_eq!(
        continuous.status(),
        Status::OutOfTime {
            winner: Some(Color::White)
        }
    );
}

#[test]
fn a_side_out_of_time_draws_when_the_other_cannot_mate() {
    // White to move with queens; Black has only its king.
    let grid = GridSim::from_file(level("chess.toml"), Some("4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1"))
        .expect("a position");
    let mut grid = timed(grid, "0.01+0");
    frames(&mut grid, 8);
    assert_eq!(grid.status(), Status::OutOfTime { winner: None });
    // On the continuous board, a lone king cannot mate either.
    let continuous =
        ContinuousSim::from_file(level("area-of-competence.toml"), Some("w;K@e1;Q@d1;k@e8"))
            .expect("a position");
    let mut continuous = timed(continuous, "0.01+0");
    frames(&mut continuous, 8);
    assert_eq!(continuous.status(), Status::OutOfTime { winner: None });
}

#[test]
fn an_untimed_game_never_flags() {
    let mut sim = GridSim::from_file(level("chess.toml"), None).expect("chess");
    sim.app
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(
            3600,
        )));
    frames(&mut sim, 5);
    assert_eq!(sim.status(), Status::Playing);
}
