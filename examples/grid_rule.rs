//! A headless rule test of a grid level, the way a rule author writes one: here a level
//! written out in the test itself, with a bent rider in Betza.
//!
//! Run it with `cargo run --example grid_rule --no-default-features`: each check prints
//! one line, and the program exits with an error at the first rule that does not hold.
//! Betza as areachess reads it is in docs/betza.md; a level file's keys in docs/levels.md.

use areachess::sim::harness::GridSim;
use std::error::Error;

/// A small level: kings, and a "slip" that steps one square diagonally forward and then
/// may ride on straight forward, or the same backward (`fF-fR|bF-bR`, Obento's ship).
const LEVEL: &str = r#"
name = "Slip test"
mode = "grid"
description = "A bent rider on an 8x8 board."

[board]
files = 8
ranks = 8

[pieces.K]
name = "King"
betza = "K"
royal = true

[pieces.S]
name = "Slip"
betza = "fF-fR|bF-bR"

[rules]
setup = "7k/8/8/8/8/8/8/K2S4 w - - 0 1"
"#;

fn main() -> Result<(), Box<dyn Error>> {
    the_slip_bends_forward()?;
    a_piece_in_the_way_stops_the_ride()?;
    the_app_refuses_what_the_rules_refuse()?;
    chess_starts_with_twenty_moves()?;
    println!("all rules hold");
    Ok(())
}

/// Fails with `what` unless `holds`.
fn check(holds: bool, what: &str) -> Result<(), Box<dyn Error>> {
    println!("{} {what}", if holds { "ok  " } else { "FAIL" });
    if holds { Ok(()) } else { Err(what.into()) }
}

fn the_slip_bends_forward() -> Result<(), Box<dyn Error>> {
    let sim = GridSim::from_text("slip.toml", LEVEL, None)?;
    let mut from_d1: Vec<String> = sim
        .moves()
        .into_iter()
        .filter(|m| m.starts_with("d1"))
        .collect();
    from_d1.sort();
    // One diagonal step forward (c2 or e2), then straight forward as far as the board
    // goes; the ride may be empty, so the step alone is a move too. Backward there is no
    // board.
    let mut expected: Vec<String> = ["c", "e"]
        .iter()
        .flat_map(|file| (2..=8).map(move |rank| format!("d1{file}{rank}")))
        .collect();
    expected.sort();
    check(
        from_d1 == expected,
        "from d1 the slip reaches c2-c8 and e2-e8",
    )
}

fn a_piece_in_the_way_stops_the_ride() -> Result<(), Box<dyn Error>> {
    // A friend on the way (White's king on e5) stops the ride on the square before it.
    let sim = GridSim::from_text("slip.toml", LEVEL, Some("7k/8/8/4K3/8/8/8/3S4 w - - 0 1"))?;
    let up_e: Vec<String> = sim
        .moves()
        .into_iter()
        .filter(|m| m.starts_with("d1e"))
        .collect();
    check(
        up_e == ["d1e2", "d1e3", "d1e4"],
        "a friend on e5 stops the ride at e4",
    )
}

fn the_app_refuses_what_the_rules_refuse() -> Result<(), Box<dyn Error>> {
    let mut sim = GridSim::from_text("slip.toml", LEVEL, None)?;
    let refused = sim.play("d1d2")?;
    check(refused.is_err(), "d1d2 (a straight step) is refused")?;
    let played = sim.play("d1e5")?;
    check(played.is_ok(), "d1e5 is played")?;
    let entities = sim.entities();
    check(
        entities.contains(&("e5".to_string(), 'S')) && !entities.iter().any(|(sq, _)| sq == "d1"),
        "the slip's entity moved from d1 to e5",
    )
}

fn chess_starts_with_twenty_moves() -> Result<(), Box<dyn Error>> {
    let chess = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/chess.toml");
    let mut sim = GridSim::from_file(chess, None)?;
    check(sim.moves().len() == 20, "chess starts with 20 legal moves")?;
    for m in ["e2e4", "d7d5", "e4d5"] {
        sim.play(m)?.map_err(|why| format!("{m}: {why}"))?;
    }
    check(
        sim.fen() == "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        "after 1. e4 d5 2. exd5 the FEN is as expected",
    )
}
