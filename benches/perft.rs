//! Grid perft benchmarks: nodes per second of the legal move generator (the last ply
//! counted, not played), single-threaded, on the classic start positions and a busy
//! middlegame. Fairy-Stockfish, built here with its best flags, does chess startpos perft 6
//! in about 3.7 s (32M nodes/s) and capablanca perft 5 in about 1.5 s.

use areachess::grid::perft;
use areachess::level::{self, GridLevel};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn level(name: &str) -> GridLevel {
    let level = level::shipped(name).expect("a shipped level");
    level.into_grid().expect("a grid level")
}

fn perft_bench(c: &mut Criterion) {
    let cases = [
        ("chess startpos", "chess.toml", None, 4),
        (
            "chess kiwipete",
            "chess.toml",
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            3,
        ),
        ("capablanca startpos", "capablanca.toml", None, 4),
        ("grand startpos", "grand.toml", None, 3),
        ("shako startpos", "shako.toml", None, 3),
        ("grasshopper startpos", "grasshopper.toml", None, 3),
        ("makruk startpos", "makruk.toml", None, 4),
        ("obento startpos", "obento.toml", None, 3),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, file, fen, depth) in cases {
        let l = level(file);
        let start = match fen {
            Some(f) => l.parse_fen(f).expect("fen"),
            None => l.start.clone(),
        };
        let nodes = perft(&l.variant, &mut start.clone(), depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name} depth {depth}"), |b| {
            b.iter(|| {
                let mut pos = start.clone();
                black_box(perft(&l.variant, &mut pos, black_box(depth)))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft_bench);
criterion_main!(benches);
