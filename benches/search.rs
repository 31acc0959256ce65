//! Search benchmarks: nodes per second of the grid engine's fixed-depth search (a fresh
//! transposition table each time, so every run searches the same tree) in a chess
//! middlegame and an Obento middlegame.

use areachess::grid::game::Game;
use areachess::level::{self, GridLevel};
use areachess::search::Limits;
use areachess::search::grid::{GridEval, GridPlayer};
use areachess::search::players::PlayerKind;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;

fn level(name: &str) -> GridLevel {
    let level = level::shipped(name).expect("a shipped level");
    level.into_grid().expect("a grid level")
}

/// The nodes a fresh engine searches in `game` to `depth`.
fn search(eval: &Arc<GridEval>, game: &Game, depth: u32) -> u64 {
    let mut engine = GridPlayer::new(
        PlayerKind::Engine {
            depth: Some(depth),
            movetime: None,
        },
        16,
    );
    engine
        .think(eval, game, &Limits::depth(depth), |_| {})
        .nodes
}

fn search_bench(c: &mut Criterion) {
    let cases = [
        (
            "chess middlegame",
            "chess.toml",
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            &[][..],
            5,
        ),
        (
            "obento middlegame",
            "obento.toml",
            None,
            &[
                "e3e6", "a10a9", "e6e7", "f10f7", "e7f8", "l10l9", "f8f9", "l9l8",
            ][..],
            3,
        ),
    ];
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, file, fen, moves, depth) in cases {
        let l = level(file);
        let start = match fen {
            Some(f) => l.parse_fen(f).expect("fen"),
            None => l.start.clone(),
        };
        let mut game = Game::new(Arc::clone(&l.variant), start);
        for m in moves {
            game.play_text(m).expect("a legal move");
        }
        let eval = Arc::new(GridEval::for_variant(Arc::clone(&l.variant)));
        group.throughput(Throughput::Elements(search(&eval, &game, depth)));
        group.bench_function(format!("{name} depth {depth}"), |b| {
            b.iter(|| black_box(search(&eval, &game, black_box(depth))))
        });
    }
    group.finish();
}

criterion_group!(benches, search_bench);
criterion_main!(benches);
