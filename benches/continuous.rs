//! Continuous rules benchmarks on a 32-piece middlegame position: judging one move (target
//! ≤ 1 µs) and computing one piece's legal region (target ≤ 20 µs); and the exact "any
//! legal move?" decision, which must examine everything when the answer is no. The fairy
//! groups judge and draw an archbishop and a nightrider in the same middlegame.

use areachess::continuous::board::KindSpec;
use areachess::continuous::candidates::candidates;
use areachess::continuous::notation::{format_position, parse_move, parse_point, parse_position};
use areachess::continuous::shapes::compile_text;
use areachess::continuous::{Game, Kind, Position, find_legal_move, legal_region, resolve};
use areachess::level;
use areachess::search::continuous::{Values, evaluate};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

/// An Italian-game position after eight plies: all 32 pieces on the board, White to move.
fn middlegame() -> Position {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/area-of-competence.toml");
    let level = level::load(&path)
        .expect("level")
        .into_continuous()
        .expect("continuous");
    let mut game = Game::new(level.start.clone());
    for text in [
        "e2->e4", "e7->e5", "g1->f3", "b8->c6", "f1->c4", "f8->c5", "d2->d3", "d7->d6",
    ] {
        let request = parse_move(&level.board, text).expect("move");
        assert!(game.play(request).applied().is_some(), "{text}");
    }
    assert_eq!(game.position().pieces().len(), 32);
    game.position().clone()
}

fn judging(c: &mut Criterion) {
    let pos = middlegame();
    let board = pos.board().clone();
    let p = |s: &str| parse_point(&board, s).expect("point");
    let mut group = c.benchmark_group("judge one move");
    for (name, from, to) in [
        ("queen d1-e2", "d1", "e2"),
        ("knight f3-g5", "f3", "g5"),
        ("pawn h2-h4", "h2", "h4"),
        ("bishop c4xf7", "c4", "f7"),
        ("rook a1-a2 blocked", "a1", "a3"),
        ("king e1-f1 blocked", "e1", "f1"),
    ] {
        let (from, to) = (p(from), p(to));
        group.bench_function(name, |b| {
            b.iter(|| resolve(black_box(&pos), from, to, None))
        });
    }
    group.finish();
}

fn regions(c: &mut Criterion) {
    let pos = middlegame();
    let board = pos.board().clone();
    let index = |s: &str| {
        pos.piece_at(parse_point(&board, s).expect("point"))
            .expect("piece")
    };
    let mut group = c.benchmark_group("legal region");
    for (name, square) in [
        ("queen d1", "d1"),
        ("knight f3", "f3"),
        ("bishop c4", "c4"),
        ("pawn h2", "h2"),
        ("king e1", "e1"),
    ] {
        let i = index(square);
        group.bench_function(name, |b| b.iter(|| legal_region(black_box(&pos), i)));
    }
    group.finish();
    c.bench_function("any legal move (middlegame)", |b| {
        b.iter(|| find_legal_move(black_box(&pos)))
    });
    // Where there is none, the exact method examines every critical direction of the king.
    let level = pos.board().clone();
    for (name, text) in [
        ("no legal move (mate)", "b;k@a8;R@h8;R@h7;K@e1"),
        ("no legal move (stalemate)", "b;k@a8;R@h7;R@3.8,1.5;K@e1"),
    ] {
        let board = std::sync::Arc::new(level.clone());
        let bare = parse_position(board, &[], text).expect("position");
        assert!(find_legal_move(&bare).is_none(), "{name}");
        c.bench_function(name, |b| b.iter(|| find_legal_move(black_box(&bare))));
    }
}

/// The same middlegame with White's c4 bishop an archbishop (`BN`) and its f3 knight a
/// nightrider (`NN`), on a board that has both kinds.
fn fairy_middlegame() -> Position {
    let pos = middlegame();
    let mut board = pos.board().clone();
    for (letter, name, betza) in [('A', "archbishop", "BN"), ('H', "nightrider", "NN")] {
        board.kinds.push(KindSpec {
            kind: Kind::from_letter(letter).expect("letter"),
            name: name.to_string(),
            royal: false,
            shapes: Some(compile_text(betza, board.square).expect("compiles")),
            promotion: None,
        });
    }
    board.prepare();
    let text = format_position(&pos)
        .replace("B@c4", "A@c4")
        .replace("N@f3", "H@f3");
    parse_position(Arc::new(board), &[], &text).expect("position")
}

fn fairy(c: &mut Criterion) {
    let pos = fairy_middlegame();
    let board = pos.board().clone();
    let p = |s: &str| parse_point(&board, s).expect("point");
    let mut group = c.benchmark_group("fairy judge one move");
    for (name, from, to) in [
        ("archbishop c4xd6 ring", "c4", "d6"),
        ("archbishop c4xf7 strip", "c4", "f7"),
        ("nightrider f3-g5", "f3", "g5"),
        ("nightrider f3-d4 outside", "f3", "d4"),
    ] {
        let (from, to) = (p(from), p(to));
        assert!(pos.piece_at(from).is_some(), "{name}");
        group.bench_function(name, |b| {
            b.iter(|| resolve(black_box(&pos), from, to, None))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("fairy legal region");
    for (name, square) in [("archbishop c4", "c4"), ("nightrider f3", "f3")] {
        let i = pos.piece_at(p(square)).expect("piece");
        group.bench_function(name, |b| b.iter(|| legal_region(black_box(&pos), i)));
    }
    group.finish();
}

/// The computer's candidate moves in the middlegame (each judged by the rules), and one
/// evaluation.
fn engine(c: &mut Criterion) {
    let pos = middlegame();
    let mut list = Vec::new();
    candidates(&pos, &mut list);
    let captures = list.iter().filter(|c| c.applied.captured.is_some()).count();
    eprintln!(
        "middlegame: {} candidates, {captures} of them captures",
        list.len()
    );
    c.bench_function("candidates (middlegame)", |b| {
        b.iter(|| candidates(black_box(&pos), &mut list))
    });
    let values = Values::new(pos.board());
    c.bench_function("evaluate (middlegame)", |b| {
        b.iter(|| evaluate(black_box(&pos), &values))
    });
}

criterion_group!(benches, judging, regions, fairy, engine);
criterion_main!(benches);
