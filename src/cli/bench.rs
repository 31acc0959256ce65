//! `areachess bench`: the grid engine searched to a fixed depth over a fixed set of
//! positions from several levels; the nodes of each and in all, and the speed. The node
//! counts change only when the search or the evaluation does, so a change meant to be
//! neutral (a refactor, a faster move generator) is checked by the same total, and a
//! change of behaviour shows in it.

use super::rules::grid_game;
use areachess::failure::Failure;
use areachess::grid::Fen;
use areachess::level;
use areachess::search::Limits;
use areachess::search::contest::{Contest, GridContest};
use areachess::search::players::{Player, PlayerKind};
use std::io::Write;
use std::time::Instant;

/// The positions: a shipped level, a FEN (`None`: the level's setup) and how many plies
/// less than the asked depth it is searched to (the larger boards branch more).
const POSITIONS: [(&str, Option<&str>, u32); 10] = [
    ("chess", None, 0),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        0,
    ),
    (
        "chess",
        Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        0,
    ),
    (
        "chess",
        Some("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"),
        0,
    ),
    ("capablanca", None, 1),
    ("grand", None, 1),
    ("shatranj", None, 0),
    ("makruk", None, 0),
    ("berolina", None, 0),
    ("obento", None, 2),
];

/// The depth asked for when none is.
pub const DEFAULT_DEPTH: u32 = 10;

/// Searches each position to `depth` (less its own reduction) with a fresh engine and
/// prints `LEVEL FEN: nodes N bestmove M`, then `nodes TOTAL time MS nps N`.
pub fn bench(depth: u32, out: &mut impl Write) -> Result<(), Failure> {
    let start = Instant::now();
    let mut total = 0u64;
    for (name, fen, less) in POSITIONS {
        let path = level::for_variant(name)
            .ok_or_else(|| Failure::input(format!("bench: no shipped level {name}")))?;
        let level = level::load(&path)?;
        let (level, game) = grid_game(level, fen, &[])?;
        let contest = GridContest::new(&level.variant);
        let mut player = Player::new(PlayerKind::ENGINE, 16);
        let limits = Limits::depth(depth.saturating_sub(less).max(1));
        let report = player.think(contest.arena(), contest.seen(&game), &limits, |_| {});
        total += report.nodes;
        let best = report.best.map_or("(none)".to_string(), |m| {
            contest.line(&game, &[m]).join(" ")
        });
        writeln!(
            out,
            "{name} {}: depth {} nodes {} bestmove {best}",
            Fen {
                variant: game.variant(),
                position: game.position(),
            },
            limits.depth.unwrap_or(0),
            report.nodes
        )
        .map_err(Failure::write)?;
    }
    let time = start.elapsed();
    let ms = time.as_millis().max(1);
    writeln!(
        out,
        "nodes {total} time {ms} nps {}",
        u128::from(total) * 1000 / ms
    )
    .map_err(Failure::write)
}
