//! How many of the continuous tactics in `tests/tactics/continuous.toml` the engine solves
//! at a fixed time per position (default 1000 ms; `TACTICS_MS` changes it, `TACTICS_ONLY`
//! keeps the entries whose name contains it). A strength measure, so a benchmark and not a
//! test: `cargo bench --bench tactics`.
//!
//! Each line gives the entry, whether the engine's move meets the goal (decided by the
//! rules, see `areachess::search::tactics`), its move, depth and score; the last line is
//! `solved S of N at MS ms`.

use areachess::continuous::Request;
use areachess::continuous::notation::format_point;
use areachess::level;
use areachess::search::Limits;
use areachess::search::continuous::{Continuous, ContinuousPlayer};
use areachess::search::players::PlayerKind;
use areachess::search::tactics::read_suite;
use std::path::Path;
use std::time::Duration;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let level = level::load(&root.join("levels/area-of-competence.toml"))
        .expect("the shipped level loads")
        .into_continuous()
        .expect("a continuous level");
    let text = std::fs::read_to_string(root.join("tests/tactics/continuous.toml"))
        .expect("the suite is readable");
    let suite = read_suite(&level.board, level.setup(), &text).expect("the suite reads");
    let ms: u64 = std::env::var("TACTICS_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let only = std::env::var("TACTICS_ONLY").unwrap_or_default();
    let (mut solved, mut total) = (0, 0);
    for tactic in suite.iter().filter(|t| t.name.contains(&only)) {
        total += 1;
        let mut engine = ContinuousPlayer::new(PlayerKind::ENGINE, 16);
        let limits = Limits::movetime(Duration::from_millis(ms));
        let report = engine.think(&Continuous, &tactic.position, &limits, |_| {});
        let Some(best) = report.best else {
            println!("{}: no move", tactic.name);
            continue;
        };
        let request = Request {
            from: tactic.position.pieces()[usize::from(best.piece)].at,
            to: best.target(),
            promotion: best.promotion,
        };
        let ok = tactic.solved_by(request);
        solved += usize::from(ok);
        let board = tactic.position.board();
        println!(
            "{}: {} {}->{} depth {} score {}",
            tactic.name,
            if ok { "solved" } else { "missed" },
            format_point(board, request.from),
            format_point(board, request.to),
            report.depth,
            report.score
        );
    }
    println!("solved {solved} of {total} at {ms} ms");
}
