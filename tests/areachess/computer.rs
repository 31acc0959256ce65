//! The computer at the board, headless (`MinimalPlugins` + `RulesPlugin`, as the window
//! runs them): it answers a person's move in both modes within its strength's time, Undo
//! takes back the move and the reply, Undo while it thinks leaves no stray move, Pause and
//! Step hold and release it, a hint suggests a legal move, and two computers play a grid
//! game to its end.

use areachess::play::{Color, Play, Seat, Strength};
use areachess::search::Plan;
use areachess::sim::computer::{Computer, PACE};
use areachess::sim::{
    ContinuousMatch, GridMatch, GridMoveRequest, MatchCommand, MoveRequest, Players, RulesPlugin,
};
use bevy::prelude::*;
use std::time::{Duration, Instant};

use crate::support::root;

fn level(file: &str) -> areachess::level::Level {
    areachess::level::load(&root().join("levels").join(file)).expect("a shipped level")
}

/// A headless app on a shipped level, with these seats.
fn app(file: &str, white: Seat, black: Seat) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, RulesPlugin));
    match level(file).kind {
        areachess::level::LevelKind::Grid(level) => {
            app.insert_resource(GridMatch::new(*level));
        }
        areachess::level::LevelKind::Continuous(level) => {
            app.insert_resource(ContinuousMatch::new(level));
        }
    }
    app.insert_resource(Players { white, black });
    app.update();
    app
}

fn computer(n: u8) -> Seat {
    Seat::Computer(Strength::new(n).expect("a strength"))
}

/// The game being played, whichever its mode.
fn game(app: &App) -> &dyn Play {
    let world = app.world();
    match world.get_resource::<GridMatch>() {
        Some(m) => &m.game,
        None => &world.resource::<ContinuousMatch>().game,
    }
}

fn moves(app: &App) -> usize {
    game(app).moves_played()
}

/// Runs frames until `done` or `limit` passes; how long it took, if it was done.
fn frames_until(app: &mut App, limit: Duration, done: impl Fn(&App) -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        app.update();
        if done(app) {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    None
}

/// Runs frames for `time`.
fn frames_for(app: &mut App, time: Duration) {
    let start = Instant::now();
    while start.elapsed() < time {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A person's grid move, by square names.
fn grid_move(app: &mut App, from: &str, to: &str) {
    let g = app.world().resource::<GridMatch>().level.variant.geometry;
    let sq = |name: &str| g.parse_square(name).expect("a square");
    app.world_mut().write_message(GridMoveRequest {
        from: sq(from),
        to: sq(to),
        promotion: None,
        drop: None,
    });
    app.update();
}

/// A person's continuous move, in judge notation.
fn continuous_move(app: &mut App, text: &str) {
    let board = app
        .world()
        .resource::<ContinuousMatch>()
        .level
        .board
        .clone();
    let request = areachess::continuous::notation::parse_move(&board, text).expect("a move");
    app.world_mut().write_message(MoveRequest(request));
    app.update();
}

/// The longest the computer at `n` may take to answer: its plan's time, its pace, and a
/// second for a slow test machine.
fn answer_time(n: u8) -> Duration {
    let plan = Plan::of(Strength::new(n).expect("a strength"));
    plan.most_time() + PACE + Duration::from_secs(1)
}

#[test]
fn the_computer_answers_a_grid_move_within_its_strengths_time() {
    let mut app = app("chess.toml", Seat::Human, computer(2));
    let asked = Instant::now();
    grid_move(&mut app, "e2", "e4");
    assert_eq!(moves(&app), 1);
    let answered = frames_until(&mut app, answer_time(2), |app| moves(app) == 2);
    assert!(answered.is_some(), "no answer within {:?}", answer_time(2));
    let took = Some(asked.elapsed());
    let game = &app.world().resource::<GridMatch>().game;
    assert_eq!(game.to_move(), Color::White);
    assert!(
        took.is_some_and(|t| t >= PACE),
        "not before its pace: {took:?}"
    );
    // It waits for the person now.
    frames_for(&mut app, PACE + Duration::from_millis(200));
    assert_eq!(moves(&app), 2);
    assert!(app.world().resource::<Computer>().thinking.is_none());
}

#[test]
fn the_computer_answers_a_continuous_move_within_its_strengths_time() {
    let mut app = app("area-of-competence.toml", Seat::Human, computer(1));
    continuous_move(&mut app, "e2->e4");
    assert_eq!(moves(&app), 1);
    let took = frames_until(&mut app, answer_time(1), |app| moves(app) == 2);
    assert!(took.is_some(), "no answer within {:?}", answer_time(1));
    let game = &app.world().resource::<ContinuousMatch>().game;
    assert_eq!(game.to_move(), Color::White);
}

#[test]
fn the_computer_playing_white_moves_first_and_undo_takes_back_your_move_and_its_reply() {
    let mut app = app("chess.toml", computer(1), Seat::Human);
    assert!(frames_until(&mut app, answer_time(1), |app| moves(app) == 1).is_some());
    // Black answers; White's reply comes; Undo takes both back, to Black's turn.
    let reply = app.world().resource::<GridMatch>().game.legal_moves()[0];
    app.world_mut().write_message(GridMoveRequest {
        from: reply.from,
        to: reply.to,
        promotion: reply.promotion,
        drop: None,
    });
    assert!(frames_until(&mut app, answer_time(1), |app| moves(app) == 3).is_some());
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    assert_eq!(moves(&app), 1, "your move and the reply");
    assert_eq!(game(&app).to_move(), Color::Black);
    frames_for(&mut app, PACE + Duration::from_millis(200));
    assert_eq!(moves(&app), 1, "the computer waits for you");
    // Redo plays both again.
    app.world_mut().write_message(MatchCommand::Redo);
    app.update();
    assert_eq!(moves(&app), 3);
}

#[test]
fn undo_while_the_computer_thinks_cancels_it_and_leaves_no_stray_move() {
    let mut app = app("chess.toml", Seat::Human, computer(5));
    grid_move(&mut app, "d2", "d4");
    assert!(
        app.world().resource::<Computer>().thinking_for_move(),
        "it thinks from the frame of your move"
    );
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    assert_eq!(moves(&app), 0);
    assert!(
        app.world().resource::<Computer>().thinking.is_none(),
        "cancelled at once"
    );
    frames_for(&mut app, answer_time(5));
    assert_eq!(moves(&app), 0, "no move came after the undo");
    assert_eq!(game(&app).to_move(), Color::White);
}

#[test]
fn a_side_given_back_to_a_person_stops_the_computer_thinking_for_it() {
    let mut app = app("area-of-competence.toml", computer(5), Seat::Human);
    assert!(app.world().resource::<Computer>().thinking_for_move());
    app.world_mut().resource_mut::<Players>().white = Seat::Human;
    app.update();
    assert!(app.world().resource::<Computer>().thinking.is_none());
    frames_for(&mut app, PACE + Duration::from_millis(300));
    assert_eq!(moves(&app), 0);
}

#[test]
fn a_paused_computer_waits_and_step_lets_one_move_through() {
    let mut app = app("chess.toml", computer(1), computer(1));
    app.world_mut().resource_mut::<Computer>().paused = true;
    app.update();
    frames_for(&mut app, Duration::from_millis(800));
    assert_eq!(moves(&app), 0, "paused from the start");
    app.world_mut().resource_mut::<Computer>().step = true;
    assert!(frames_until(&mut app, answer_time(1), |app| moves(app) == 1).is_some());
    frames_for(&mut app, Duration::from_millis(800));
    assert_eq!(moves(&app), 1, "one step, one move");
    app.world_mut().resource_mut::<Computer>().paused = false;
    assert!(frames_until(&mut app, answer_time(1) * 2, |app| moves(app) >= 3).is_some());
}

#[test]
fn a_hint_suggests_a_legal_move_for_the_person_to_move_in_both_modes() {
    let mut grid = app("chess.toml", Seat::Human, Seat::Human);
    grid.world_mut().resource_mut::<Computer>().hint_asked = true;
    let found = frames_until(&mut grid, Duration::from_secs(4), |app| {
        app.world().resource::<Computer>().hint.is_some()
    });
    assert!(found.is_some(), "a grid hint");
    let hint = grid
        .world()
        .resource::<Computer>()
        .hint
        .clone()
        .expect("a hint");
    let legal: Vec<String> = {
        let state = grid.world().resource::<GridMatch>();
        state
            .game
            .legal_moves()
            .into_iter()
            .map(|m| areachess::grid::notation::move_text(&state.level.variant, m))
            .collect()
    };
    assert!(legal.contains(&hint.text), "{} among {legal:?}", hint.text);
    assert_eq!(moves(&grid), 0, "a hint plays nothing");
    // A move made drops the hint.
    grid_move(&mut grid, "e2", "e4");
    assert!(grid.world().resource::<Computer>().hint.is_none());

    let mut continuous = app("area-of-competence.toml", Seat::Human, Seat::Human);
    continuous.world_mut().resource_mut::<Computer>().hint_asked = true;
    let found = frames_until(&mut continuous, Duration::from_secs(4), |app| {
        app.world().resource::<Computer>().hint.is_some()
    });
    assert!(found.is_some(), "a continuous hint");
    let hint = continuous
        .world()
        .resource::<Computer>()
        .hint
        .clone()
        .expect("a hint");
    // Its arrow starts on a White piece and is no void move (shorter than R).
    let state = continuous.world().resource::<ContinuousMatch>();
    let from = areachess::continuous::Point::new(f64::from(hint.from.x), f64::from(hint.from.y));
    let mover = state.game.position().piece_at(from).expect("on a piece");
    assert_eq!(state.game.position().pieces()[mover].side, Color::White);
    assert!(hint.from.distance(hint.to) >= 1.0, "{hint:?}");
    assert!(hint.text.contains("->"), "{}", hint.text);
}

#[test]
fn two_computers_play_a_grid_game_to_its_end() {
    let mut app = app("chess.toml", computer(2), computer(1));
    app.world_mut().resource_mut::<Computer>().pace = Duration::ZERO;
    let ended = frames_until(&mut app, Duration::from_secs(240), |app| {
        game(app).status().is_over()
    });
    assert!(
        ended.is_some(),
        "still playing after {} moves: {}",
        moves(&app),
        game(&app).describe()
    );
    assert!(moves(&app) > 4, "{}", game(&app).describe());
    eprintln!(
        "two computers: {} after {} moves in {ended:?}",
        game(&app).describe(),
        moves(&app)
    );
}
