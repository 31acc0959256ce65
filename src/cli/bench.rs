//! `areachess bench`: the grid engine (or with `--continuous` the continuous one) searched
//! to a fixed depth over a fixed set of positions; the nodes of each and in all, and the
//! speed. The node
//! counts change only when the search or the evaluation does, so a change meant to be
//! neutral (a refactor, a faster move generator) is checked by the same total, and a
//! change of behaviour shows in it.

use super::rules::{continuous_game, grid_game};
use areachess::failure::Failure;
use areachess::grid::Fen;
use areachess::level;
use areachess::search::Limits;
use areachess::search::contest::{Contest, ContinuousContest, GridContest};
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

/// The continuous positions, on the shipped area-of-competence level: a name and a POS
/// (`None`: the setup).
const CONTINUOUS_POSITIONS: [(&str, Option<&str>); 4] = [
    ("opening", None),
    (
        // Open lines, the d and e pawns gone, both sides castled.
        "open-middlegame",
        Some(
            "w;K@g1;R@a1;R@f1;B@c4;N@f3;Q@d1;P@a2;P@b2;P@c3;P@f2;P@g2;P@h2;\
             k@g8;r@a8;r@f8;b@c8;n@c6;q@d8;p@a7;p@b7;p@c7;p@f7;p@g7;p@h7",
        ),
    ),
    (
        // A queen loose on an open board: Q 4.5,10.5->11.5,10.5 checks along one diagonal
        // strip and attacks the undefended rook along the other, three plies deep.
        "queen-fork",
        Some(
            "w;K@b1;P@a2;P@b2;P@c2;Q@4.5,10.5;k@6.8,16.6;r@16.5,5.1;p@3.5,18;p@9.5,18.5;p@h7;p@g6",
        ),
    ),
    ("rook-endgame", Some("w;K@e3;R@a1;P@e4;P@f4;k@e6;r@h8;p@e5")),
];

/// The continuous depth asked for when none is.
pub const DEFAULT_CONTINUOUS_DEPTH: u32 = 3;

/// The continuous engine over [`CONTINUOUS_POSITIONS`] to `depth`, each with a fresh engine
/// and a 16 MiB table: `NAME POS: depth D nodes N time MS bestmove MOVE` per position,
/// then `nodes TOTAL time MS nps N`.
pub fn continuous_bench(depth: u32, out: &mut impl Write) -> Result<(), Failure> {
    let path = level::for_variant("area-of-competence")
        .ok_or_else(|| Failure::input("bench: no shipped level area-of-competence"))?;
    let level = level::load(&path)?;
    let start = Instant::now();
    let mut total = 0u64;
    for (name, position) in CONTINUOUS_POSITIONS {
        let (_, game) = continuous_game(level.clone(), position, &[])?;
        let clock = Instant::now();
        let (nodes, best) = searched(&ContinuousContest, &game, depth);
        let ms = clock.elapsed().as_millis();
        total += nodes;
        writeln!(
            out,
            "{name} {}: depth {depth} nodes {nodes} time {ms} bestmove {best}",
            areachess::continuous::notation::format_position(game.position()),
        )
        .map_err(Failure::write)?;
    }
    totals(total, start, out)
}

/// `game` searched to `depth` by a fresh engine with a 16 MiB table: the nodes, and the
/// move chosen as the contest writes it (`(none)` without one).
fn searched<C: Contest>(contest: &C, game: &C::Game, depth: u32) -> (u64, String) {
    let mut player = Player::new(PlayerKind::ENGINE, 16);
    let report = player.think(
        contest.arena(),
        contest.seen(game),
        &Limits::depth(depth),
        |_| {},
    );
    let best = report
        .best
        .map_or("(none)".to_string(), |m| contest.line(game, &[m]).join(" "));
    (report.nodes, best)
}

/// The last line: `nodes TOTAL time MS nps N`.
fn totals(total: u64, start: Instant, out: &mut impl Write) -> Result<(), Failure> {
    let ms = start.elapsed().as_millis().max(1);
    writeln!(
        out,
        "nodes {total} time {ms} nps {}",
        u128::from(total) * 1000 / ms
    )
    .map_err(Failure::write)
}

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
        let searched_depth = depth.saturating_sub(less).max(1);
        let (nodes, best) = searched(&GridContest::new(&level.variant), &game, searched_depth);
        total += nodes;
        writeln!(
            out,
            "{name} {}: depth {searched_depth} nodes {nodes} bestmove {best}",
            Fen {
                variant: game.variant(),
                position: game.position(),
            },
        )
        .map_err(Failure::write)?;
    }
    totals(total, start, out)
}
