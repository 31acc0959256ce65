//! A headless rule test of a continuous level, the way a rule author writes one.
//!
//! Run it with `cargo run --example continuous_rule --no-default-features`: each check
//! prints one line, and the program exits with an error at the first rule that does not
//! hold. Copy it next to your own level, change the path and the positions, and work the
//! expected answers out by hand from the rules (docs/continuous-rules.md): lengths are in
//! units of the disc radius R, a square is 2√2 R wide, and `e1` means that square's centre.

use areachess::sim::harness::{ContinuousSim, HarnessError};
use std::error::Error;

/// The level under test.
const LEVEL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/levels/area-of-competence.toml"
);

fn main() -> Result<(), Box<dyn Error>> {
    a_rook_slides_along_its_file()?;
    a_rook_takes_a_disc_that_overlaps_its_strip_off_its_line()?;
    a_friend_in_the_way_blocks()?;
    a_move_shorter_than_r_is_void()?;
    a_king_may_not_cross_a_knights_ring()?;
    the_app_mirrors_the_position_in_entities()?;
    println!("all rules hold");
    Ok(())
}

/// Fails with `what` unless `holds`.
fn check(holds: bool, what: &str) -> Result<(), Box<dyn Error>> {
    println!("{} {what}", if holds { "ok  " } else { "FAIL" });
    if holds { Ok(()) } else { Err(what.into()) }
}

fn a_rook_slides_along_its_file() -> Result<(), Box<dyn Error>> {
    let mut sim = ContinuousSim::from_file(LEVEL, Some("w;K@e1;R@a1;k@e8"))?;
    let outcome = sim.play("a1->a5")?;
    let landed = outcome.applied().map(|a| a.to);
    check(landed == Some(sim.point("a5")?), "a1->a5 lands on a5")
}

fn a_rook_takes_a_disc_that_overlaps_its_strip_off_its_line() -> Result<(), Box<dyn Error>> {
    // a1's centre is x = √2 ≈ 1.414; a knight at x = 2.9 is 1.49 R off the file, closer
    // than 2 R, so the rook's sweeping disc meets it: the rook takes it and lands there.
    let mut sim = ContinuousSim::from_file(LEVEL, Some("w;K@e1;R@a1;k@e8;n@2.9,10"))?;
    let outcome = sim.play("a1->2.9,10")?;
    // Black's pieces are written in lower case.
    let taken = outcome
        .applied()
        .and_then(|a| a.captured)
        .map(|p| p.letter());
    check(
        taken == Some('n'),
        "the rook takes the knight 1.49 R off its file",
    )?;
    check(
        sim.piece_at("2.9,10")? == Some('R'),
        "the rook stands where the knight stood",
    )
}

fn a_friend_in_the_way_blocks() -> Result<(), Box<dyn Error>> {
    let mut sim = ContinuousSim::from_file(LEVEL, Some("w;K@e1;R@a1;P@a3;k@e8"))?;
    check(
        sim.refusal("a1->a5")?.as_deref() == Some("blocked"),
        "a pawn on a3 blocks a1->a5",
    )
}

fn a_move_shorter_than_r_is_void() -> Result<(), Box<dyn Error>> {
    // e1 is (12.728, 1.414): half an R up the board is too short a move.
    let mut sim = ContinuousSim::from_file(LEVEL, Some("w;K@e1;k@e8"))?;
    check(
        sim.refusal("e1->12.728,1.914")?.as_deref() == Some("too-short"),
        "a king move of 0.5 R is void",
    )
}

fn a_king_may_not_cross_a_knights_ring() -> Result<(), Box<dyn Error>> {
    // The knight at (8, 8) captures on the ring of radius √40 ≈ 6.32 about it. The king's
    // path from (6, 16.26) to (10, 16.26) passes 8.26 from the knight: its disc, 1 R wide,
    // reaches into the ring's capture band (6.32 ± 2), so the path crosses a capture area.
    let mut sim = ContinuousSim::from_file(LEVEL, Some("b;K@h1;N@8,8;k@6,16.26"))?;
    check(
        sim.refusal("6,16.26->10,16.26")?.as_deref() == Some("king-exposed"),
        "the king may not cross the knight's ring",
    )
}

fn the_app_mirrors_the_position_in_entities() -> Result<(), Box<dyn Error>> {
    let mut sim = ContinuousSim::from_file(LEVEL, None)?;
    let before = sim.entities().len();
    sim.play("e2->e4")?;
    let pawn = sim.point("e4")?;
    let moved = sim
        .entities()
        .iter()
        .any(|&(_, letter, at)| letter == 'P' && (f64::from(at.x) - pawn.x).abs() < 1e-3);
    check(
        before == 32 && moved,
        "32 piece entities, and the pawn's follows it to e4",
    )?;
    // A mistake in the test's own input is an error that says what was wrong, not a panic.
    let typo = sim.play("e2->e99");
    check(
        matches!(typo, Err(HarnessError::Text(_))),
        "an unreadable move is an error",
    )
}
