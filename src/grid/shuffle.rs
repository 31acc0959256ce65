//! Drawn setups: a level with `rules.shuffle = "chess960"` deals each new game's first
//! rank at random, seeded, among the arrangements Chess960 allows, and gives Black the
//! mirror image.
//!
//! | rule | how |
//! | --- | --- |
//! | pieces | the level's setup's first rank, rearranged; the other ranks stay |
//! | colour-bound types (every move keeps the square colour, as the bishop's) | as many of each on light squares as in the setup, so a pair stands on both colours |
//! | castling | the castling king between a castling rook on each wing, where the setup has one; the rights are the setup's, for the outermost rook on each wing |
//! | Black | the same files for the same pieces, on its own first rank |
//! | the draw | uniform over the allowed arrangements (a shuffle, redrawn until it fits) |
//!
//! With chess's setup that is the 960 positions of Chess960, the orthodox one among them.

use super::board::Square;
use super::castling::Wing;
use super::cell::{Cell, is_piece, piece, role_of};
use super::mating::Mating;
use super::position::Position;
use super::rules::Shuffle;
use super::variant::Variant;
use crate::play::Color;
use crate::random::Rng;

/// How many shuffles may fail before the setup itself is dealt (no arrangement fits only
/// when the setup itself breaks the rules, since it always fits).
const TRIES: usize = 100_000;

/// A new game's start for `v`: `start` itself unless the level shuffles, else an
/// arrangement drawn with `seed`.
pub fn deal(v: &Variant, start: &Position, seed: u64) -> Position {
    let Some(Shuffle::Chess960) = v.shuffle else {
        return start.clone();
    };
    let g = v.geometry;
    let files = i32::from(g.files());
    let last = i32::from(g.ranks()) - 1;
    let rank = |r: i32| -> Vec<Square> { (0..files).filter_map(|f| g.square(f, r)).collect() };
    let (white, black) = (rank(0), rank(last));
    let cells: Vec<Cell> = white.iter().map(|&s| start.cell(s)).collect();
    let mating = &v.mating;
    let bound = |c: Cell| is_piece(c) && mating[role_of(c).index()] == Mating::Colorbound;
    // Colour-bound pieces of each kind on even files, and the castling king's wings.
    let light = |row: &[Cell]| -> Vec<(Cell, usize)> {
        let mut kinds: Vec<(Cell, usize)> = Vec::new();
        for (f, &c) in row.iter().enumerate() {
            if bound(c) && f % 2 == 0 {
                match kinds.iter_mut().find(|(k, _)| *k == c) {
                    Some((_, n)) => *n += 1,
                    None => kinds.push((c, 1)),
                }
            }
        }
        kinds.sort_unstable();
        kinds
    };
    let wings = |row: &[Cell]| -> Option<[bool; 2]> {
        let rule = v.castling?;
        let king = row
            .iter()
            .position(|&c| c == piece(Color::White, rule.king))?;
        let rook = piece(Color::White, rule.rook);
        Some([row[king + 1..].contains(&rook), row[..king].contains(&rook)])
    };
    let (want_light, want_wings) = (light(&cells), wings(&cells));
    let mut rng = Rng::new(seed);
    let mut order: Vec<usize> = (0..cells.len()).collect();
    for _ in 0..TRIES {
        for k in (1..order.len()).rev() {
            order.swap(k, rng.below(k + 1));
        }
        let row: Vec<Cell> = order.iter().map(|&k| cells[k]).collect();
        if light(&row) != want_light || wings(&row) != want_wings {
            continue;
        }
        let mut pos = start.clone();
        for (to, &from) in order.iter().enumerate() {
            pos.set(v, white[to], start.cell(white[from]));
            pos.set(v, black[to], start.cell(black[from]));
        }
        give_rights(v, start, &mut pos);
        pos.rekey(v);
        return pos;
    }
    start.clone()
}

/// Gives `pos` the castling rights `start` has, each for the outermost castling rook on
/// its wing of the castling king.
fn give_rights(v: &Variant, start: &Position, pos: &mut Position) {
    let Some(rule) = v.castling else { return };
    let g = v.geometry;
    for side in Color::BOTH {
        if start.castles.king(side).is_none() {
            continue;
        }
        let royal = piece(side, rule.king);
        let Some(king) = g.all().find(|&s| pos.cell(s) == royal) else {
            continue;
        };
        let rook = piece(side, rule.rook);
        let on_rank = |s: &Square| g.rank(*s) == g.rank(king) && pos.cell(*s) == rook;
        let right = g
            .all()
            .filter(on_rank)
            .filter(|&s| g.file(s) > g.file(king))
            .last();
        let left = g.all().filter(on_rank).find(|&s| g.file(s) < g.file(king));
        for (wing, rook) in Wing::BOTH.into_iter().zip([right, left]) {
            let rook = start.castles.rook(side, wing).and(rook);
            pos.castles.set(side, king, wing, rook);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Fen;
    use crate::level;
    use std::collections::HashSet;

    fn chess960() -> (std::sync::Arc<Variant>, Position) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess960.toml");
        let l = level::load(&path)
            .expect("loads")
            .into_grid()
            .expect("grid");
        (l.variant, l.start)
    }

    fn back_rank(v: &Variant, pos: &Position, rank: i32) -> String {
        let g = v.geometry;
        (0..8)
            .map(|f| {
                let c = pos.cell(g.square(f, rank).expect("on the board"));
                v[role_of(c)].letter
            })
            .collect()
    }

    #[test]
    fn deals_reach_the_960_arrangements_and_only_those() {
        let (v, start) = chess960();
        let mut seen = HashSet::new();
        for seed in 0..20_000 {
            let pos = deal(&v, &start, seed);
            let white = back_rank(&v, &pos, 0);
            assert_eq!(white, back_rank(&v, &pos, 7), "Black mirrors White");
            let b: Vec<usize> = white.match_indices('B').map(|(i, _)| i).collect();
            assert_eq!((b[0] + b[1]) % 2, 1, "{white}: bishops on both colours");
            let r: Vec<usize> = white.match_indices('R').map(|(i, _)| i).collect();
            let k = white.find('K').expect("a king");
            assert!(r[0] < k && k < r[1], "{white}: the king between the rooks");
            let fen = Fen {
                variant: &v,
                position: &pos,
            }
            .to_string();
            let rights: String = [r[1], r[0]]
                .iter()
                .map(|&f| char::from(b'A' + f as u8))
                .collect();
            let want = format!("{rights}{}", rights.to_lowercase());
            assert_eq!(fen.split(' ').nth(2), Some(want.as_str()), "{fen}");
            seen.insert(white);
        }
        assert_eq!(seen.len(), 960, "every arrangement is dealt");
        assert!(seen.contains("RNBQKBNR"), "the orthodox one among them");
    }

    #[test]
    fn the_same_seed_deals_the_same_setup_and_a_level_without_the_rule_its_own() {
        let (v, start) = chess960();
        assert_eq!(deal(&v, &start, 7).cells, deal(&v, &start, 7).cells);
        let mut plain = (*v).clone();
        plain.shuffle = None;
        assert_eq!(deal(&plain, &start, 7).cells, start.cells);
    }
}
