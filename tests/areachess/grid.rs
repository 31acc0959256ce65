//! The grid engine: its tables agree with the reference walk, and its rules (FEN, castling,
//! en passant, promotion, obstacles, check) hold on small positions.

use crate::betza::betza_shaped;
use crate::support::fen_of;
use areachess::betza::model::{Ending, Occupancy, Occupant, chain_destinations, chains};
use areachess::grid::{
    Fen, FenError, Geometry, PieceType, Position, RoyalRule, Stalemate, Variant, WrittenFen,
    in_check, legal_moves, move_text, parse_fen, perft,
};
use areachess::grid::{Move, MoveKind};
use areachess::level::{self, GridLevel};
use proptest::prelude::*;
use std::path::Path;

fn shipped(name: &str) -> GridLevel {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(name);
    level::load(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_grid()
        .expect("a grid level")
}

/// The sorted legal moves of a FEN in a shipped level.
fn moves(level: &GridLevel, fen: &str) -> Vec<String> {
    let mut pos = level
        .parse_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = Vec::new();
    legal_moves(&level.variant, &mut pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|&m| move_text(&level.variant, m)).collect();
    out.sort();
    out
}

/// A variant of one random piece `X` and a plain wazir `Y` to stand around it.
fn two_piece_variant(betza: &str, files: u8, ranks: u8) -> Option<Variant> {
    let x = PieceType::new('X', "x", betza).ok()?;
    let y = PieceType::new('Y', "y", "W").ok()?;
    Variant::new(
        Geometry::new(files, ranks)?,
        vec![x, y],
        None,
        Stalemate::Draw,
        RoyalRule::Checkmate,
    )
    .ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Every feature of the dialect, for both sides: what the per-square tables generate is
    /// exactly what the reference walk of the compiled Betza finds.
    #[test]
    fn tables_generate_what_the_reference_walk_finds(
        text in prop_oneof![
            betza_shaped(),
            // Bent riders, which the tables hold as rays.
            prop::sample::select(vec![
                "F-vR", "fF-fR|bF-bR", "W-B", "fW-fB|bW-bB", "A-R", "f^A-rR|f^A-fR", "D-B",
                "K-R", "mF-mR", "cW-cB", "N-N", "F-R3", "W-W", "bF-fR", "FA-WD",
                // Hops chained on, which the tables leave to the walk.
                "gR-sW", "gQ-!sK", "fgR+!bW+!fgR", "pR-!rW", "gB+!sF",
            ]).prop_map(str::to_string),
        ],
        files in 1i32..11,
        ranks in 1i32..11,
        seed in any::<u64>(),
        black in any::<bool>(),
        unmoved in any::<bool>(),
    ) {
        let Some(mut variant) = two_piece_variant(&text, files as u8, ranks as u8) else {
            return Ok(());
        };
        if !unmoved {
            // A setup without the piece: it has moved.
            areachess::grid::set_setup(&mut variant, &fen_of(files, ranks, 'w', |_, _| '.')).expect("empty setup");
        }
        let from = (files / 2, ranks / 2);
        // What stands where, as White sees the board.
        let occupant = |x: i32, y: i32| {
            let h = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ ((x as u64) << 32 | y as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            match h % 7 {
                0 => Occupant::Friend,
                1 => Occupant::Enemy,
                2 => Occupant::Obstacle,
                _ => Occupant::Empty,
            }
        };
        let fen = fen_of(files, ranks, if black { 'b' } else { 'w' }, |x, y| {
            if (x, y) == from {
                return if black { 'x' } else { 'X' };
            }
            match (occupant(x, y), black) {
                (Occupant::Friend, false) | (Occupant::Enemy, true) => 'Y',
                (Occupant::Friend, true) | (Occupant::Enemy, false) => 'y',
                (Occupant::Obstacle, _) => '*',
                (Occupant::Empty, _) => '.',
            }
        });
        let pos = parse_fen(&variant, &fen).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
        let g = variant.geometry;
        let from_sq = g.square(from.0, from.1).expect("on the board");
        let mut all = Vec::new();
        areachess::grid::movegen::pseudo_moves(&variant, &pos, &mut all);
        let mut engine: Vec<((i32, i32), Ending)> = all
            .iter()
            .filter(|m| m.from == from_sq)
            .map(|m| {
                let reach = if m.kind == MoveKind::Capture { Ending::Capture } else { Ending::Move };
                ((g.file(m.to), g.rank(m.to)), reach)
            })
            .collect();
        engine.sort_unstable();
        engine.dedup();
        // The reference walk sees the board from the mover's side: Black's turned round.
        let turn = |x: i32, y: i32| if black { (files - 1 - x, ranks - 1 - y) } else { (x, y) };
        // `occupant` already speaks of the mover's friends and enemies.
        let at = |x: i32, y: i32| {
            let (x, y) = turn(x, y);
            occupant(x, y)
        };
        let board = Occupancy { files, ranks, at: &at };
        let compiled = chains(&areachess::betza::parse(&text).expect("parsed above"));
        let mut reference: Vec<((i32, i32), Ending)> =
            chain_destinations(&compiled, &board, turn(from.0, from.1), unmoved)
                .into_iter()
                .map(|(s, r)| (turn(s.0, s.1), r))
                .collect();
        reference.sort_unstable();
        reference.dedup();
        prop_assert_eq!(engine, reference, "{} on {}", text, fen);
    }
}

/// Plays `plies` random legal moves from `pos` (choices from `seed`), checking at every
/// ply that the fast legality filter keeps exactly the moves that survive being played,
/// and that the captures and promotions found alone are those among them.
pub(crate) fn fast_legality_agrees_along_a_game(
    variant: &Variant,
    mut pos: Position,
    seed: u64,
    plies: usize,
) -> Result<(), TestCaseError> {
    use areachess::grid::legal::{has_legal_move, legal_moves_by_trial, legal_noisy_moves};
    let mut rng = seed | 1;
    let (mut fast, mut slow, mut noisy) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..plies {
        legal_moves(variant, &mut pos, &mut fast);
        legal_noisy_moves(variant, &mut pos, &mut noisy);
        legal_moves_by_trial(variant, &mut pos, &mut slow);
        let fen = Fen {
            variant,
            position: &pos,
        }
        .to_string();
        // Captures and promotions alone, found without the others: the same moves.
        let mut taking: Vec<_> = fast.iter().copied().filter(|m| m.is_noisy()).collect();
        taking.sort_unstable();
        noisy.sort_unstable();
        prop_assert_eq!(&noisy, &taking, "{}", fen);
        fast.sort_unstable();
        slow.sort_unstable();
        prop_assert_eq!(&fast, &slow, "{}", fen);
        // Whether there is one, found by testing until one passes.
        prop_assert_eq!(
            has_legal_move(variant, &mut pos),
            !fast.is_empty(),
            "{}",
            fen
        );
        if fast.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = fast[(rng % fast.len() as u64) as usize];
        pos.make(variant, m);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Pins, hopper lines, lame leapers and lone-king steps decide most moves without
    /// playing them; in every shipped variant that must keep exactly the legal moves.
    #[test]
    fn fast_legality_matches_trial_in_every_shipped_variant(seed in any::<u64>()) {
        for name in [
            "chess.toml", "capablanca.toml", "grand.toml", "shatranj.toml", "courier.toml",
            "makruk.toml", "nightrider.toml", "grasshopper.toml", "berolina.toml", "amazon.toml",
            "hoppelpoppel.toml", "newzealand.toml", "shako.toml", "crazyhouse.toml",
            "shogi.toml", "minishogi.toml", "janus.toml", "chess960.toml", "obento.toml",
        ] {
            let l = shipped(name);
            fast_legality_agrees_along_a_game(&l.variant, l.start.clone(), seed, 120)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The same for random pieces beside a royal king, on random boards.
    #[test]
    fn fast_legality_matches_trial_for_random_pieces(
        text in prop_oneof![
            betza_shaped(),
            // Pieces every fast path knows: lines, lame leaps, hoppers.
            prop::sample::select(vec![
                "gQ", "pR", "mRcpR", "gB", "pB", "nN", "nA", "nD", "Q", "NN", "fR", "mBcN",
                "W3", "fhN", "gQnN", "pQ", "cpRmR", "gR|nN",
                // URC hoppers over two pieces or landing further on: chains.
                "gQ-!sK", "fgR+!bW+!fgR|gbR+!fW+!cgbR", "gB-!sF-!msF",
            ]).prop_map(str::to_string),
        ],
        files in 3i32..9,
        ranks in 3i32..9,
        seed in any::<u64>(),
    ) {
        let Ok(x) = PieceType::new('X', "x", &text) else { return Ok(()) };
        let mut king = PieceType::new('K', "king", "K").expect("valid");
        king.royal = true;
        let rook = PieceType::new('R', "rook", "R").expect("valid");
        let Ok(variant) = Variant::new(
            Geometry::new(files as u8, ranks as u8).expect("small"),
            vec![x, king, rook],
            None,
            Stalemate::Draw,
            RoyalRule::Checkmate,
        ) else {
            return Ok(());
        };
        // Kings in opposite corners, the rest scattered from the seed.
        let fen = fen_of(files, ranks, 'w', |f, r| {
            if (f, r) == (0, 0) {
                return 'K';
            }
            if (f, r) == (files - 1, ranks - 1) {
                return 'k';
            }
            let h = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ ((f as u64) << 32 | r as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            ['X', 'x', 'X', 'x', 'R', 'r', '*', '.', '.', '.', '.', '.'][(h % 12) as usize]
        });
        let Ok(pos) = parse_fen(&variant, &fen) else { return Ok(()) };
        fast_legality_agrees_along_a_game(&variant, pos, seed, 40)?;
    }
}

#[test]
fn fens_read_back_as_written() {
    for (level, fen) in [
        (
            "chess.toml",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "chess.toml",
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        ),
        (
            "capablanca.toml",
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        ),
        (
            "shako.toml",
            "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1",
        ),
        ("chess.toml", "4k3/8/2*5/8/3@4/8/8/4K3 b - - 12 40"),
        (
            "berolina.toml",
            "r1b1k3/4ppb1/n4p1q/pPppPpP1/4P1n1/1P1P4/2P1N1Br/RNBQK2R w KQq c5b6 0 17",
        ),
    ] {
        let l = shipped(level);
        let pos = l.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(
            Fen {
                variant: &l.variant,
                position: &pos
            }
            .to_string(),
            fen
        );
    }
}

#[test]
fn bad_fens_name_the_column_and_the_fault() {
    let l = shipped("chess.toml");
    let err = |fen: &str| l.parse_fen(fen).expect_err(fen).to_string();
    assert_eq!(err(""), "FEN column 1: the FEN is empty");
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w"),
        "FEN column 1: 7 ranks, but the board has 8"
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4KX2 w - - 0 1"),
        "FEN column 19: 'X' is not a piece of this level (nor * or @)"
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K4 w - - 0 1"),
        "FEN column 19: rank 1 is longer than 8 files"
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        "FEN column 21: side to move 'x': expected w or b"
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        "FEN column 23: castling 'K' but no Rook on h1 or between it and the king"
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/8 w - - 0 1"),
        "FEN column 1: White has no royal piece (King): this level needs one on each side"
    );
    assert_eq!(
        err("8/8/8/8/8/8/8/4K3 b - - 0 1"),
        "FEN column 1: Black has no royal piece (King): this level needs one on each side"
    );
    assert!(
        err("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").starts_with("FEN column 25: en passant square e6")
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - x 1"),
        "FEN column 27: 'x': expected a move count"
    );
}

#[test]
fn castling_is_one_king_move_and_never_through_check() {
    let l = shipped("chess.toml");
    let free = moves(&l, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(free.contains(&"e1g1".to_string()) && free.contains(&"e1c1".to_string()));
    // A rook on f8 covers f1: no castling through it on the king's side.
    let through = moves(&l, "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!through.contains(&"e1g1".to_string()));
    assert!(through.contains(&"e1c1".to_string()));
    // In check: no castling at all.
    let checked = moves(&l, "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert!(!checked.iter().any(|m| m == "e1g1" || m == "e1c1"));
    // Without the right, no castling.
    let rightless = moves(&l, "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    assert!(!rightless.contains(&"e1g1".to_string()));
}

#[test]
fn castling_k_names_the_rook_nearest_the_setups_rook_file_toward_the_king() {
    // Shako keeps its king-side rook on i2: with rooks on i2 and j2, K is the i2 rook.
    let l = shipped("shako.toml");
    let list = moves(&l, "10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1");
    assert!(list.contains(&"f2h2".to_string()), "{list:?}");
    let mut pos = l
        .parse_fen("10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1")
        .expect("valid");
    let mut all = Vec::new();
    legal_moves(&l.variant, &mut pos, &mut all);
    let castle = all
        .into_iter()
        .find(|m| move_text(&l.variant, *m) == "f2h2")
        .expect("castles");
    pos.make(&l.variant, castle);
    let after = Fen {
        variant: &l.variant,
        position: &pos,
    }
    .to_string();
    assert!(
        after.starts_with("10/rr3k4/ppppp5/10/10/10/10/6PPPP/6RK1R/10 b q "),
        "{after}"
    );
    // A rook only beyond i2 is no castling rook: K names nothing.
    assert_eq!(
        l.parse_fen("k9/10/10/10/10/10/10/10/5K3R/10 w K - 0 1")
            .expect_err("no rook")
            .to_string(),
        "FEN column 35: castling 'K' but no Rook on i2 or between it and the king"
    );
    // Where the setup keeps no rook on a wing, K and Q name the outermost one.
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml"))
            .expect("chess.toml");
    let rookless = text.replace(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        "1nbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1 w -",
    );
    assert_ne!(rookless, text);
    let l = level::parse("rookless.toml", &rookless)
        .expect("loads")
        .into_grid()
        .expect("grid");
    let list = moves(&l, "4k3/8/8/8/8/8/8/2R1K1RR w K - 0 1");
    assert!(!list.contains(&"e1g1".to_string()), "{list:?}");
    let list = moves(&l, "4k3/8/8/8/8/8/8/2R1K2R w KQ - 0 1");
    assert!(
        list.contains(&"e1g1".to_string()) && list.contains(&"e1c1".to_string()),
        "{list:?}"
    );
}

#[test]
fn capablanca_castles_three_steps_and_the_rook_lands_beside_the_king() {
    let l = shipped("capablanca.toml");
    let fen = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    let list = moves(&l, fen);
    assert!(list.contains(&"f1i1".to_string()) && list.contains(&"f1c1".to_string()));
    let mut pos = l.parse_fen(fen).expect("valid");
    let mut all = Vec::new();
    legal_moves(&l.variant, &mut pos, &mut all);
    let castle = *all
        .iter()
        .find(|m| matches!(m.kind, MoveKind::Castle { .. }) && move_text(&l.variant, **m) == "f1i1")
        .expect("castles");
    pos.make(&l.variant, castle);
    assert_eq!(
        Fen {
            variant: &l.variant,
            position: &pos
        }
        .to_string(),
        "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1"
    );
}

#[test]
fn en_passant_takes_the_pawn_that_passed() {
    let l = shipped("chess.toml");
    let mut pos = l
        .parse_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
        .expect("valid");
    let mut all = Vec::new();
    legal_moves(&l.variant, &mut pos, &mut all);
    let double = *all
        .iter()
        .find(|m| move_text(&l.variant, **m) == "d7d5")
        .expect("double step");
    assert_eq!(double.kind, MoveKind::Double);
    pos.make(&l.variant, double);
    let after = Fen {
        variant: &l.variant,
        position: &pos,
    }
    .to_string();
    assert_eq!(after, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    legal_moves(&l.variant, &mut pos, &mut all);
    let ep = *all
        .iter()
        .find(|m| matches!(m.kind, MoveKind::EnPassant { .. }))
        .expect("en passant");
    assert_eq!(move_text(&l.variant, ep), "e5d6");
    pos.make(&l.variant, ep);
    assert_eq!(
        Fen {
            variant: &l.variant,
            position: &pos
        }
        .to_string(),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"
    );
}

#[test]
fn en_passant_that_exposes_the_king_is_illegal() {
    let l = shipped("chess.toml");
    // Taking d6 would empty the fifth rank between the rook and the king.
    let list = moves(&l, "8/8/8/r2pP2K/8/8/8/4k3 w - d6 0 1");
    assert!(!list.contains(&"e5d6".to_string()), "{list:?}");
    assert!(list.contains(&"e5e6".to_string()));
}

#[test]
fn grand_promotion_is_optional_before_the_last_rank_and_forced_on_it() {
    let l = shipped("grand.toml");
    let eighth = moves(&l, "k9/10/10/P9/10/10/10/10/10/K9 w - - 0 1");
    let from_a7: Vec<&String> = eighth.iter().filter(|m| m.starts_with("a7")).collect();
    assert_eq!(
        from_a7,
        ["a7a8", "a7a8a", "a7a8b", "a7a8c", "a7a8n", "a7a8q", "a7a8r"]
    );
    let last = moves(&l, "3k6/P9/10/10/10/10/10/10/10/K9 w - - 0 1");
    let from_a9: Vec<&String> = last.iter().filter(|m| m.starts_with("a9")).collect();
    assert_eq!(
        from_a9,
        ["a9a10a", "a9a10b", "a9a10c", "a9a10n", "a9a10q", "a9a10r"]
    );
}

#[test]
fn obstacles_block_riders_and_need_no_side() {
    let l = shipped("chess.toml");
    let list = moves(&l, "4k3/8/8/8/R1*5/8/8/4K3 w - - 0 1");
    let rook: Vec<&String> = list
        .iter()
        .filter(|m| m.starts_with("a4") && m.ends_with('4'))
        .collect();
    assert_eq!(
        rook,
        ["a4b4"],
        "the boulder on c4 stops the rook and cannot be taken"
    );
}

#[test]
fn checkmate_and_stalemate_leave_no_moves() {
    let l = shipped("chess.toml");
    let mut mate = l
        .parse_fen("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1")
        .expect("valid");
    assert!(in_check(&l.variant, &mate));
    assert_eq!(perft(&l.variant, &mut mate, 1), 0);
    let mut stale = l
        .parse_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
        .expect("valid");
    assert!(!in_check(&l.variant, &stale));
    assert_eq!(perft(&l.variant, &mut stale, 1), 0);
}

#[test]
fn the_game_state_names_mate_and_the_levels_stalemate_rule() {
    use areachess::grid::{GameState, game_state};
    let chess = shipped("chess.toml");
    let mut mate = chess
        .parse_fen("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1")
        .expect("valid");
    assert_eq!(game_state(&chess.variant, &mut mate), GameState::Checkmate);
    let mut stale = chess
        .parse_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
        .expect("valid");
    assert_eq!(
        game_state(&chess.variant, &mut stale),
        GameState::Stalemate(Stalemate::Draw)
    );
    let shatranj = shipped("shatranj.toml");
    let mut stale = shatranj
        .parse_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
        .expect("valid");
    assert_eq!(
        game_state(&shatranj.variant, &mut stale),
        GameState::Stalemate(Stalemate::Loss)
    );
    assert_eq!(
        game_state(&chess.variant, &mut chess.start.clone()),
        GameState::Ongoing
    );
}

#[test]
fn under_royal_capture_kings_may_be_left_attacked_and_taken() {
    let mut king = PieceType::new('K', "king", "K").expect("valid");
    king.royal = true;
    let rook = PieceType::new('R', "rook", "R").expect("valid");
    let v = Variant::new(
        Geometry::new(4, 4).expect("4x4"),
        vec![king, rook],
        None,
        Stalemate::Draw,
        RoyalRule::Capture,
    )
    .expect("valid");
    // The black king stands attacked with White to move: allowed here.
    let mut pos = parse_fen(&v, "k3/4/4/R2K w - - 0 1").expect("valid");
    let mut list = Vec::new();
    legal_moves(&v, &mut pos, &mut list);
    let take = *list
        .iter()
        .find(|m| move_text(&v, **m) == "a1a4")
        .expect("takes the king");
    pos.make(&v, take);
    assert_eq!(
        areachess::grid::game_state(&v, &mut pos),
        areachess::grid::GameState::RoyalLost
    );
    assert_eq!(perft(&v, &mut pos, 1), 0);
}

#[test]
fn two_ways_to_one_square_are_one_move() {
    // `imfW3` repeats the single step of `mfW`; `KW` the wazir steps of the king.
    for (betza, count) in [("mfW|imfW3", 2), ("KW", 8), ("fF-fR|bF-bR", 8)] {
        let v = two_piece_variant(betza, 5, 5).expect("valid");
        let mut pos = parse_fen(&v, "5/5/2X2/5/5 w - - 0 1").expect("valid");
        assert_eq!(perft(&v, &mut pos, 1), count, "{betza}");
    }
}

#[test]
fn boards_from_one_square_to_twenty_six_work() {
    let one = two_piece_variant("K", 1, 1).expect("1x1");
    let mut pos = parse_fen(&one, "X w - - 0 1").expect("valid");
    assert_eq!(perft(&one, &mut pos, 2), 0);
    let big = two_piece_variant("Q", 26, 26).expect("26x26");
    let fen = format!("X25{}", "/26".repeat(24)) + "/25x w - - 0 1";
    let mut pos = parse_fen(&big, &fen).expect("valid");
    // A queen in the corner of a 26x26 board: 25 + 25 + 25 moves.
    assert_eq!(perft(&big, &mut pos, 1), 75);
    assert_eq!(
        Fen {
            variant: &big,
            position: &pos
        }
        .to_string(),
        fen
    );
}

#[test]
fn every_move_made_and_unmade_restores_the_position() {
    let l = shipped("chess.toml");
    let fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    let mut pos: Position = l.parse_fen(fen).expect("valid");
    let before = pos.clone();
    let mut all: Vec<Move> = Vec::new();
    legal_moves(&l.variant, &mut pos, &mut all);
    for m in all {
        let undo = pos.make(&l.variant, m);
        pos.unmake(&l.variant, m, &undo);
        assert_eq!(pos, before, "{}", move_text(&l.variant, m));
    }
}

/// FEN-shaped text: piece letters, digits, obstacles, separators and field noise.
fn fen_like() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "k",
        "K",
        "q",
        "Q",
        "p",
        "P",
        "n",
        "r",
        "b",
        "1",
        "2",
        "3",
        "8",
        "9",
        "10",
        "12",
        "/",
        "/",
        " ",
        " w",
        " b",
        " KQkq",
        " -",
        " e3",
        " d6",
        " 0",
        " 1",
        "*",
        "@",
        "x",
        "é",
        "99999999999",
        "0",
    ]);
    prop::collection::vec(token, 0..40).prop_map(|t| t.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// No text makes the FEN reader panic; what it reads prints back to itself, and every
    /// legal move of it can be made and unmade.
    #[test]
    fn any_fen_text_reads_or_fails_without_panic(text in prop_oneof![fen_like(), "\\PC{0,60}"]) {
        let l = shipped("chess.toml");
        if let Ok(mut pos) = l.parse_fen(&text) {
            let printed = Fen { variant: &l.variant, position: &pos }.to_string();
            let again = l.parse_fen(&printed).map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
            prop_assert_eq!(&again, &pos, "{}", printed);
            let mut list = Vec::new();
            legal_moves(&l.variant, &mut pos, &mut list);
            let before = pos.clone();
            for m in list {
                let undo = pos.make(&l.variant, m);
                pos.unmake(&l.variant, m, &undo);
                prop_assert_eq!(&pos, &before);
            }
        }
    }

    /// Any text reads without a board, or fails at a column inside it; what reads prints to
    /// a text that reads and prints the same, and setting it up on a level gives what
    /// `parse_fen` gives.
    #[test]
    fn any_fen_text_reads_without_a_board_and_prints_back(text in prop_oneof![fen_like(), "\\PC{0,60}"]) {
        let l = shipped("chess.toml");
        let inside = |e: &FenError| (1..=text.chars().count().max(1)).contains(&e.span.column);
        match text.parse::<WrittenFen>() {
            Ok(written) => {
                let printed = written.to_string();
                let again: WrittenFen = printed.parse().map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
                prop_assert_eq!(again.to_string(), printed);
                let set_up = written.on(&l.variant);
                if let Err(e) = &set_up {
                    prop_assert!(inside(e), "{}: {}", text, e);
                }
                prop_assert_eq!(set_up, l.parse_fen(&text));
            }
            Err(e) => {
                prop_assert!(inside(&e), "{}: {}", text, e);
                prop_assert_eq!(Err(e), l.parse_fen(&text));
            }
        }
    }
}

/// A match inserted in place of another of the same mode enters the mode again: the old
/// match's pieces go with it (`DespawnOnExit`) and only the new one's are mirrored.
#[test]
fn a_new_match_of_the_same_mode_replaces_the_old_ones_pieces() {
    use areachess::sim::{GameMode, GridMatch, GridPiece, RulesPlugin};
    use bevy::prelude::*;
    let load = |name: &str| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("levels")
            .join(name);
        areachess::level::load(&path)
            .expect("loads")
            .into_grid()
            .expect("grid")
    };
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, RulesPlugin))
        .insert_resource(GridMatch::new(load("chess.toml")));
    app.update();
    let count = |app: &mut App| {
        let mut q = app.world_mut().query::<&GridPiece>();
        q.iter(app.world()).count()
    };
    assert_eq!(count(&mut app), 32);
    assert_eq!(
        *app.world().resource::<State<GameMode>>().get(),
        GameMode::Grid
    );
    // What the window spawns for a match (its board) is scoped to the mode the same way.
    let board = app.world_mut().spawn(DespawnOnExit(GameMode::Grid)).id();
    let rook = {
        let mut q = app.world_mut().query::<(Entity, &GridPiece)>();
        let a1 = load("chess.toml").variant.geometry.parse_square("a1");
        q.iter(app.world())
            .find(|(_, p)| Some(p.square) == a1)
            .map(|(e, _)| e)
            .expect("a piece on a1")
    };
    app.world_mut().remove_resource::<GridMatch>();
    app.world_mut()
        .insert_resource(GridMatch::new(load("obento.toml")));
    app.update();
    assert_eq!(count(&mut app), 72, "Obento's pieces and none of chess's");
    assert!(
        app.world().get_entity(board).is_err(),
        "the old board is gone"
    );
    assert!(
        app.world().get_entity(rook).is_err(),
        "the old pieces are gone, not reused"
    );
}

/// Grid mode under `MinimalPlugins` + `RulesPlugin`: move messages in, outcomes and piece
/// entities out, the same way the window drives it.
#[test]
fn a_headless_grid_match_plays_through_messages() {
    use areachess::sim::{
        GridMatch, GridMoveOutcome, GridMoveRequest, GridPiece, MatchCommand, RulesPlugin,
        grid::Refusal,
    };
    use bevy::ecs::message::Messages;
    use bevy::prelude::*;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml");
    let level = areachess::level::load(&path)
        .expect("chess")
        .into_grid()
        .expect("grid");
    let g = level.variant.geometry;
    let sq = |name: &str| g.parse_square(name).expect("a square");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, RulesPlugin))
        .insert_resource(GridMatch::new(level.clone()));
    app.update();
    let pieces = |app: &mut App| {
        let mut q = app.world_mut().query::<&GridPiece>();
        let mut v: Vec<GridPiece> = q.iter(app.world()).copied().collect();
        v.sort_by_key(|p| p.square);
        v
    };
    assert_eq!(pieces(&mut app).len(), 32);
    let outcomes = |app: &mut App| {
        let mut messages = app.world_mut().resource_mut::<Messages<GridMoveOutcome>>();
        messages.drain().map(|o| o.result).collect::<Vec<_>>()
    };
    for (from, to) in [("e2", "e4"), ("e7", "e6"), ("e4", "e6")] {
        app.world_mut().write_message(GridMoveRequest {
            from: sq(from),
            to: sq(to),
            promotion: None,
            drop: None,
        });
    }
    app.update();
    let results = outcomes(&mut app);
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok() && results[1].is_ok(), "{results:?}");
    assert_eq!(results[2], Err(Refusal::NotLegal));
    let now = pieces(&mut app);
    assert!(
        now.iter()
            .any(|p| p.square == sq("e4") && p.side == areachess::play::Color::White)
    );
    assert!(now.iter().all(|p| p.square != sq("e2")));
    assert_eq!(app.world().resource::<GridMatch>().game.played().len(), 2);
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    let back = pieces(&mut app);
    assert!(
        back.iter()
            .any(|p| p.square == sq("e7") && p.side == areachess::play::Color::Black)
    );
    assert_eq!(back.len(), 32);
}

/// A piece's diagram (the inspector's) marks each square by how the piece reaches it.
#[test]
fn the_inspector_diagram_marks_moves_captures_first_moves_and_hops() {
    use areachess::grid::PieceType;
    use areachess::grid::diagram::{SIZE, diagram};
    let c = SIZE / 2;
    let at = |dx: i32, dy: i32| (c + dx, c + dy);
    let knight = diagram(&PieceType::new('N', "Knight", "N").expect("N"));
    assert_eq!(knight.len(), 8);
    assert!(
        knight
            .values()
            .all(|m| m.moves && m.captures && !m.hops && !m.initial)
    );
    let pawn = diagram(&PieceType::new('P', "Pawn", "mfW|cefF|imfnD").expect("P"));
    assert_eq!(pawn.len(), 4, "{pawn:?}");
    let step = pawn[&at(0, 1)];
    assert!(step.moves && !step.captures);
    assert!(pawn[&at(1, 1)].captures && !pawn[&at(1, 1)].moves);
    assert!(pawn[&at(-1, 1)].captures);
    assert!(pawn[&at(0, 2)].initial && !pawn[&at(0, 2)].moves);
    let hopper = diagram(&PieceType::new('G', "Grasshopper", "gQ").expect("G"));
    assert!(hopper.values().all(|m| m.hops && !m.moves), "{hopper:?}");
    // Over a piece next to it, one square beyond: every square but the first ring.
    assert!(hopper.contains_key(&at(0, 2)) && !hopper.contains_key(&at(0, 1)));
    assert!(
        hopper[&at(3, 3)].captures,
        "it lands on an enemy beyond a hurdle too"
    );
}

/// A chess game from `fen` after `moves`, and how it stands.
fn chess_after(fen: Option<&str>, moves: &[&str]) -> areachess::grid::game::Game {
    let level = shipped("chess.toml");
    let start = match fen {
        Some(f) => level.parse_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => level.start.clone(),
    };
    let mut game = areachess::grid::game::Game::new(level.variant.clone(), start);
    for m in moves {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

#[test]
fn a_third_occurrence_of_a_position_draws_the_game() {
    use areachess::play::{DrawRule, Play, Status};
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
    let game = chess_after(None, &shuffle);
    assert_eq!(game.status(), Status::Playing);
    let game = chess_after(None, &[&shuffle[..], &["f6g8"]].concat());
    assert_eq!(
        game.status(),
        Status::Drawn {
            by: DrawRule::Repetition(3)
        }
    );
    assert_eq!(game.describe(), "Draw by threefold repetition");
    assert!(game.legal_moves().is_empty());
}

#[test]
fn fifty_moves_without_a_capture_or_pawn_move_draw_but_a_mate_on_the_last_stands() {
    use areachess::play::{DrawRule, Status};
    let game = chess_after(Some("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"), &["a1a2"]);
    assert_eq!(game.status(), Status::Playing);
    let game = chess_after(Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), &["a1a2"]);
    assert_eq!(
        game.status(),
        Status::Drawn {
            by: DrawRule::MoveRule(50)
        }
    );
    let game = chess_after(Some("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80"), &["a1a8"]);
    assert_eq!(
        game.status(),
        Status::Checkmate {
            winner: areachess::play::Color::White
        }
    );
}

#[test]
fn taking_the_last_piece_that_could_mate_draws() {
    use areachess::play::{DrawRule, Status};
    let game = chess_after(Some("4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1"), &["e1d2"]);
    assert_eq!(
        game.status(),
        Status::Drawn {
            by: DrawRule::InsufficientMaterial
        }
    );
}

/// A move (`e2e4`) of a FEN in a shipped level, in standard algebraic notation; and that
/// the notation reads back to the same move.
fn san_of(level: &GridLevel, fen: &str, text: &str) -> String {
    use areachess::grid::san::{read_san, san};
    let mut pos = level
        .parse_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    let v = &level.variant;
    let mut list = Vec::new();
    legal_moves(v, &mut pos, &mut list);
    let m = list
        .into_iter()
        .find(|&m| move_text(v, m) == text)
        .unwrap_or_else(|| panic!("{text} is no legal move of {fen}"));
    let written = san(v, &pos, m);
    assert_eq!(read_san(v, &pos, &written), Some(m), "{written} reads back");
    written
}

/// SAN as Fairy-Stockfish writes it (the expectations are pyffish's `get_san` for the same
/// positions and moves).
#[test]
fn moves_are_written_in_standard_algebraic_notation() {
    let chess = shipped("chess.toml");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(san_of(&chess, start, "e2e4"), "e4");
    assert_eq!(san_of(&chess, start, "g1f3"), "Nf3");
    // Knights on b1 and f3 both reach d2: by file. Rooks on a1 and a5 both reach a3: by rank.
    let two = "4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1";
    assert_eq!(san_of(&chess, two, "b1d2"), "Nbd2");
    assert_eq!(san_of(&chess, two, "a1a3"), "R1a3");
    assert_eq!(san_of(&chess, two, "a5a3"), "R5a3");
    // Three queens reach e4: neither file nor rank alone tells two of them apart.
    let queens = "7k/8/8/8/Q7/8/Q1Q5/4K3 w - - 0 1";
    assert_eq!(san_of(&chess, queens, "a2b3"), "Qa2b3");
    // Castling both ways, a capture with check, en passant, a promotion with check, mate.
    let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(&chess, castles, "e1g1"), "O-O");
    assert_eq!(san_of(&chess, castles, "e1c1"), "O-O-O");
    assert_eq!(san_of(&chess, castles, "a1a8"), "Rxa8+");
    assert_eq!(
        san_of(&chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
        "exd6"
    );
    assert_eq!(
        san_of(&chess, "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"),
        "e8=Q"
    );
    assert_eq!(
        san_of(&chess, "6k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"),
        "e8=Q+"
    );
    assert_eq!(
        san_of(&chess, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"),
        "Ra8#"
    );
    // Capablanca: its own letters, and files past h.
    let capa = shipped("capablanca.toml");
    let capa_start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    assert_eq!(san_of(&capa, capa_start, "c1d3"), "Ad3");
    assert_eq!(san_of(&capa, capa_start, "h1i3"), "Ci3");
    // Berolina: a pawn that steps aside is written with its letter and, where two could
    // step to the same square, its file.
    let berolina = shipped("berolina.toml");
    assert_eq!(san_of(&berolina, start, "e2g4"), "Pg4");
    assert_eq!(san_of(&berolina, start, "e2c4"), "Pec4");
    let after = "rnbqkbnr/pppppppp/8/8/6P1/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(san_of(&berolina, after, "f7e6"), "Pfe6");
    let facing = "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(san_of(&berolina, facing, "e4e5"), "Pxe5");
    assert_eq!(san_of(&berolina, facing, "e4f5"), "Pf5");
    // Shogi in Fairy-Stockfish's SAN: the pawn, which takes as it moves, has its letter;
    // a promotion names the promoted form, the small ones as the gold they move like, and
    // a gold and a tokin that reach the same square are told apart as one type.
    let mini = shipped("minishogi.toml");
    assert_eq!(san_of(&mini, "rbsgk/4p/5/P4/KGSBR[-] w 0 1", "a2a3"), "Pa3");
    let rook = "1rRp1/3sk/SG1g1/B1BP1/K4[] w - - 11 16";
    assert_eq!(san_of(&mini, rook, "c5c4+"), "Rc4=D");
    assert_eq!(san_of(&mini, rook, "c5c4"), "Rc4");
    let golds = "4k/5/5/1G1+P1/K4[] w - - 0 1";
    assert_eq!(san_of(&mini, golds, "b2c2"), "Gbc2");
    assert_eq!(san_of(&mini, golds, "d2c2"), "Gdc2");
    assert_eq!(san_of(&mini, "4k/5/5/1G3/K4[P] w - - 0 1", "P@c3"), "P@c3");
    // Two bishops reach d3, but only the one in the zone may promote there.
    let bishops = "1b+Sr1/1G1kr/3G1/Pp3/1bSK1[] b - - 5 48";
    assert_eq!(san_of(&mini, bishops, "b1d3+"), "Bxd3=H");
    assert_eq!(san_of(&mini, bishops, "b1d3"), "B1xd3");
    assert_eq!(san_of(&mini, bishops, "b5d3"), "B5xd3");
    let shogi = shipped("shogi.toml");
    let pawn =
        "1g3k1n1/3sg1rbl/1pn3p2/l1P1pps1P/p2p2Pp1/1P1PPP3/P1S4PR/LBK6/1N2gS1NL[PPg] w - - 0 34";
    assert_eq!(san_of(&shogi, pawn, "i6i7+"), "Pi7=G");
}

/// Makruk's counting, against Fairy-Stockfish: random games (tests/games/makruk-counting.txt,
/// written by tools/make_counting_games.py with pyffish) replayed move by move; after each
/// listed ply the FEN areachess writes (the count's limit in the en-passant field, the count
/// in the halfmove field) is Fairy-Stockfish's and reads back to the same FEN, and the count
/// has passed its limit at the end of exactly the games Fairy-Stockfish ended by counting.
#[test]
fn makruk_counting_matches_fairy_stockfish_move_by_move() {
    use areachess::grid::game::Game;
    use areachess::play::{Play, Status};
    let level = shipped("makruk.toml");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/makruk-counting.txt"),
    )
    .expect("the games file");
    let (mut games, mut compared) = (0, 0);
    let mut game = Game::new(level.variant.clone(), level.start.clone());
    let mut moves: Vec<&str> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (word, rest) = line.split_once(' ').expect("a word and its text");
        match word {
            "moves" => {
                game = Game::new(level.variant.clone(), level.start.clone());
                // Fairy-Stockfish plays on where the level's material rule would draw.
                game.leave_draws_to_claims();
                moves = rest.split(' ').collect();
                games += 1;
            }
            "fen" => {
                let (ply, fen) = rest.split_once(' ').expect("a ply and a FEN");
                let ply: usize = ply.parse().expect("a ply");
                for mv in &moves[game.moves_played()..ply] {
                    game.play_text(mv)
                        .unwrap_or_else(|e| panic!("game {games}: {mv}: {e}"));
                }
                let ours = Fen {
                    variant: &level.variant,
                    position: game.position(),
                }
                .to_string();
                assert_eq!(ours, fen, "game {games}, ply {ply}");
                // Read back, it writes the same (its halfmove clock, which such a FEN does
                // not show, starts again from 0, as in Fairy-Stockfish).
                let again = level.parse_fen(fen).expect("Fairy-Stockfish's FEN reads");
                let again = Fen {
                    variant: &level.variant,
                    position: &again,
                };
                assert_eq!(again.to_string(), fen, "game {games}, ply {ply}: read back");
                compared += 1;
            }
            "end" => {
                let counted = game.position().count().expired();
                assert_eq!(counted, rest == "counting", "game {games}");
                assert_eq!(game.status(), Status::Playing, "game {games}");
            }
            _ => panic!("unexpected line {line}"),
        }
    }
    assert!(
        games >= 8 && compared >= 50,
        "{games} games, {compared} FENs"
    );
}

/// Crazyhouse in the headless app: a capture puts the piece in the taker's hand (the FEN's
/// brackets), a drop is played as `P@e4` through the same requests the window sends, the
/// app's piece entities follow, and drops that break the rules are refused.
#[test]
fn crazyhouse_drops_play_headless_and_the_hands_follow() {
    use areachess::sim::harness::GridSim;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/crazyhouse.toml");
    let mut sim = GridSim::from_file(&path, None).expect("crazyhouse");
    for m in ["e2e4", "d7d5", "e4d5"] {
        sim.play(m).expect("a move").expect("legal");
    }
    assert!(sim.fen().contains("/RNBQKBNR[P] b "), "{}", sim.fen());
    // A pawn may not be dropped on the last or first rank; a piece in no hand not at all.
    sim.play("d8d5").expect("a move").expect("legal");
    let moves = sim.moves();
    assert!(moves.contains(&"P@e6".to_string()), "{moves:?}");
    assert!(
        !moves
            .iter()
            .any(|m| m == "P@a8" || m == "P@a1" || m.starts_with("N@"))
    );
    assert!(sim.play("P@a8").expect("a move").is_err());
    assert!(sim.play("N@e6").expect("a move").is_err());
    sim.play("P@e6").expect("a move").expect("legal");
    assert!(sim.fen().contains("[p] b "), "{}", sim.fen());
    assert!(sim.entities().contains(&("e6".to_string(), 'P')));
    // The move as read from text, and the letter it names, are checked.
    assert!(sim.play("Z@e3").is_err());
}

/// A promoted piece is marked `~`, and taken it goes to the hand as a pawn; FENs with hands
/// read and write back, and a hand on a level without drops is refused at its column.
#[test]
fn crazyhouse_fens_keep_hands_and_promoted_pieces() {
    let zh = shipped("crazyhouse.toml");
    let fen_of = |pos: &Position| {
        Fen {
            variant: &zh.variant,
            position: pos,
        }
        .to_string()
    };
    let fen = "1Q~2k3/8/8/8/8/8/8/4K3[Nn] b - - 0 1";
    assert_eq!(fen_of(&zh.parse_fen(fen).expect("reads")), fen);
    // The king takes the promoted queen: a pawn goes to Black's hand.
    let start = zh
        .parse_fen("2Q~k4/8/8/8/8/8/8/4K3[] b - - 0 1")
        .expect("reads");
    let mut game = areachess::grid::game::Game::new(zh.variant.clone(), start);
    game.play_text("d8c8").expect("legal");
    assert_eq!(fen_of(game.position()), "2k5/8/8/8/8/8/8/4K3[p] w - - 0 2");
    game.play_text("e1e2").expect("legal");
    assert!(
        game.legal_moves()
            .iter()
            .all(|m| m.dropped().is_none_or(|r| zh.variant[r].letter == 'P'))
    );
    game.play_text("P@c2").expect("a pawn drop");
    // Chess has no hands: pieces in brackets are refused at the bracket; empty ones are not.
    let chess = shipped("chess.toml");
    let e = chess
        .parse_fen("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1")
        .expect_err("no drops in chess");
    assert_eq!(e.span.column, 20, "{e}");
    assert!(e.to_string().contains("no drops"), "{e}");
    assert!(chess.parse_fen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1").is_ok());
    assert!(chess.parse_fen("4k3/8/8/8/8/8/8/4K3[Q w - - 0 1").is_err());
    assert!(zh.parse_fen("4k3/8/8/8/8/8/8/4K3[Q?] w - - 0 1").is_err());
}

/// A game of a shipped level from a FEN, with `moves` played through the game's own text
/// reading.
fn game_after(name: &str, fen: &str, moves: &[&str]) -> areachess::grid::game::Game {
    let l = shipped(name);
    let mut game = areachess::grid::game::Game::new(
        l.variant.clone(),
        l.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")),
    );
    for m in moves {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

/// Chess960 castling from the positions that trip engines: the king that does not move,
/// the king that moves away from its rook, the rook that shielded the king's landing
/// square; each written as the king taking its rook, the FEN's rights as files.
#[test]
fn chess960_castles_from_anywhere_as_the_king_taking_its_rook() {
    let l = shipped("chess960.toml");
    let fen_after = |fen: &str, text: &str| {
        Fen {
            variant: &l.variant,
            position: game_after("chess960.toml", fen, &[text]).position(),
        }
        .to_string()
    };
    // The king on g1 castles without moving: the rook comes from h1 to f1.
    let still = "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1";
    assert!(moves(&l, still).contains(&"g1h1".to_string()));
    assert_eq!(
        fen_after(still, "g1h1"),
        "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1"
    );
    assert_eq!(fen_after(still, "O-O"), fen_after(still, "g1h1"));
    // The king on b1 castles toward a by moving away from its rook: king c1, rook d1.
    let away = "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1";
    assert_eq!(
        fen_after(away, "b1a1"),
        "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b ga - 1 1"
    );
    // b1c1 is the king's plain step, not castling, though castling lands there too.
    assert_eq!(
        fen_after(away, "b1c1"),
        "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/R1K3R1 b ga - 1 1"
    );
    // Toward h the king crosses its own rook's square: king g1, rook f1.
    assert_eq!(
        fen_after(away, "b1g1"),
        "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ga - 1 1"
    );
    // The rook on b1 shields c1 from the queen on a1 until it moves: no castling there.
    let shielded = moves(&l, "6k1/8/8/8/8/8/8/qR4KR w HB - 0 1");
    assert!(!shielded.contains(&"g1b1".to_string()), "{shielded:?}");
    assert!(shielded.contains(&"g1h1".to_string()), "{shielded:?}");
    // K and Q read too (the outermost rooks); a file letter with no rook is refused.
    assert_eq!(
        moves(&l, "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1"),
        moves(&l, still)
    );
    assert_eq!(
        l.parse_fen("r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w G - 0 1")
            .expect_err("no rook on g1")
            .to_string(),
        "FEN column 39: castling 'G' but no Rook on g1"
    );
}

/// Chess960 deals a setup per seed; the headless app plays castling named by the rook's
/// square, as the window's click on the rook asks for it.
#[test]
fn chess960_deals_setups_and_castles_through_the_app() {
    use areachess::sim::harness::GridSim;
    let l = shipped("chess960.toml");
    let starts: std::collections::HashSet<String> = (0..6)
        .map(|seed| {
            let pos = areachess::grid::shuffle::deal(&l.variant, &l.start, seed);
            Fen {
                variant: &l.variant,
                position: &pos,
            }
            .to_string()
        })
        .collect();
    assert!(
        starts.len() > 3,
        "different seeds, different setups: {starts:?}"
    );
    let mut sim = GridSim::at(
        l.clone(),
        "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1",
    )
    .expect("a FEN");
    sim.play("g1h1").expect("a move").expect("legal");
    assert!(
        sim.fen()
            .starts_with("r5kr/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha "),
        "{}",
        sim.fen()
    );
}

/// Shogi's drops as Fairy-Stockfish has them: no second unpromoted pawn on a file, no piece
/// where it could not move again, the zone allowed; a pawn dropped to mate is a legal move
/// that loses for the side that dropped it.
#[test]
fn shogi_drops_keep_to_the_pawn_file_and_mobility_rules() {
    let l = shipped("shogi.toml");
    let drops = |fen: &str| -> Vec<String> {
        moves(&l, fen)
            .into_iter()
            .filter(|m| m.starts_with("P@") || m.starts_with("N@") || m.starts_with("L@"))
            .collect()
    };
    let nifu = drops("4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1");
    assert!(!nifu.iter().any(|m| m.starts_with("P@e")), "{nifu:?}");
    assert!(nifu.contains(&"P@d8".to_string()) && !nifu.contains(&"P@d9".to_string()));
    // A tokin is no pawn: the file is open again.
    let tokin = drops("4k4/9/9/9/9/9/4+P4/9/4K4[P] w - - 0 1");
    assert!(tokin.contains(&"P@e2".to_string()) && tokin.contains(&"P@e8".to_string()));
    // A knight never on the last two ranks, a lance never on the last.
    let pieces = drops("4k4/9/9/9/9/9/9/9/4K4[NL] w - - 0 1");
    assert!(pieces.contains(&"N@a7".to_string()) && !pieces.contains(&"N@a8".to_string()));
    assert!(pieces.contains(&"L@a8".to_string()) && !pieces.contains(&"L@a9".to_string()));
    // Mate by a dropped pawn: legal, and the mated side wins.
    let fen = "kl7/1p7/1G7/9/9/9/9/9/4K4[P] w - - 0 1";
    assert!(moves(&l, fen).contains(&"P@a8".to_string()));
    let game = game_after("shogi.toml", fen, &["P@a8"]);
    assert_eq!(
        game.status(),
        areachess::play::Status::PawnDropMate {
            winner: areachess::play::Color::Black
        }
    );
    // A lance dropped there mates as any mate does.
    let game = game_after(
        "shogi.toml",
        "kp7/9/1G7/9/9/9/9/9/4K4[L] w - - 0 1",
        &["L@a8"],
    );
    assert!(
        matches!(game.status(), areachess::play::Status::Checkmate { .. }),
        "{:?}",
        game.status()
    );
}

/// Shogi's promotion: optional into, within and out of the zone, forced where the piece
/// could not move again; written `+`, read back from FENs as `+P`, and a promoted piece
/// taken goes to the hand as what it was.
#[test]
fn shogi_promotes_in_out_and_within_the_zone_and_writes_plus() {
    let l = shipped("shogi.toml");
    let from = |fen: &str, sq: &str| -> Vec<String> {
        moves(&l, fen)
            .into_iter()
            .filter(|m| m.starts_with(sq))
            .collect()
    };
    assert_eq!(
        from("4k4/9/9/4P4/9/9/9/9/4K4[-] w 0 1", "e6"),
        ["e6e7", "e6e7+"]
    );
    assert_eq!(
        from("4k4/9/4P4/9/9/9/9/9/4K4[-] w 0 1", "e7"),
        ["e7e8", "e7e8+"]
    );
    assert_eq!(from("k8/4P4/9/9/9/9/9/9/4K4[-] w 0 1", "e8"), ["e8e9+"]);
    // A silver leaving the zone may promote; a knight must on the last two ranks.
    let silver = from("4k4/9/4S4/9/9/9/9/9/4K4[-] w 0 1", "e7");
    assert!(silver.contains(&"e7d6".to_string()) && silver.contains(&"e7d6+".to_string()));
    let knight = from("4k4/9/9/4N4/9/9/9/9/4K4[-] w 0 1", "e6");
    assert_eq!(knight, ["e6d8+", "e6f8+"]);
    // The bishop takes on h8 and promotes; the silver takes the horse, a bishop in hand.
    let fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
    let game = game_after("shogi.toml", fen, &["c3c4", "g7g6", "b2h8+"]);
    let written = Fen {
        variant: &l.variant,
        position: game.position(),
    }
    .to_string();
    assert!(
        written.starts_with("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b "),
        "{written}"
    );
    assert_eq!(
        Fen {
            variant: &l.variant,
            position: &l.parse_fen(&written).expect("reads back"),
        }
        .to_string(),
        written
    );
    let game = game_after("shogi.toml", fen, &["c3c4", "g7g6", "b2h8+", "g9h8"]);
    let written = Fen {
        variant: &l.variant,
        position: game.position(),
    }
    .to_string();
    assert!(written.contains("[Bb] w "), "{written}");
    // `=` declines, as Fairy-Stockfish reads it; `+` on a type with no promoted form is no move.
    let game = game_after("shogi.toml", "4k4/9/9/4P4/9/9/9/9/4K4[-] w 0 1", &["e6e7="]);
    assert!(
        Fen {
            variant: &l.variant,
            position: game.position()
        }
        .to_string()
        .starts_with("4k4/9/4P4/")
    );
    let mut game = game_after("shogi.toml", "4k4/9/9/4G4/9/9/9/9/4K4[-] w 0 1", &[]);
    assert!(game.play_text("e6e7+").is_err());
    assert!(l.parse_fen("4k4/9/9/4+G4/9/9/9/9/4K4[-] w 0 1").is_err());
}

/// A fourfold repetition is a draw in shogi, but not when one side gave check all along:
/// then the side that checked loses, as Fairy-Stockfish judges it.
#[test]
fn shogi_perpetual_check_loses_for_the_checker() {
    let mut moves = vec!["a1a9", "e9e8"];
    for _ in 0..3 {
        moves.extend(["a9a8", "e8e9", "a8a9", "e9e8"]);
    }
    let fen = "4k4/9/9/9/9/9/9/9/R3K4[-] w 0 1";
    let game = game_after("shogi.toml", fen, &moves[..12]);
    assert_eq!(game.status(), areachess::play::Status::Playing);
    let game = game_after("shogi.toml", fen, &moves[..13]);
    assert_eq!(
        game.status(),
        areachess::play::Status::PerpetualCheck {
            winner: areachess::play::Color::Black
        }
    );
    // Kings walking back and forth: a draw at the fourth occurrence.
    let mut quiet = vec![];
    for _ in 0..4 {
        quiet.extend(["e1e2", "e9e8", "e2e1", "e8e9"]);
    }
    let fen = "4k4/9/9/9/9/9/9/9/R3K4[-] w 0 1";
    let game = game_after("shogi.toml", fen, &quiet[..11]);
    assert_eq!(game.status(), areachess::play::Status::Playing);
    let game = game_after("shogi.toml", fen, &quiet[..12]);
    assert!(
        matches!(game.status(), areachess::play::Status::Drawn { .. }),
        "{:?}",
        game.status()
    );
}

/// What no shogi FEN holds is refused at its column: a tokin in hand, `+`
/// before a type with no promoted form or before nothing, and the clocks of the short form
/// are read only as a pair.
#[test]
fn shogi_fens_refuse_impossible_hands_and_plus_signs() {
    let l = shipped("shogi.toml");
    let refused = |fen: &str| l.parse_fen(fen).expect_err(fen).to_string();
    assert_eq!(
        refused("4k4/9/9/9/9/9/9/9/4K4[pT] w 0 1"),
        "FEN column 24: 'T' in hand: a promoted form goes to the hand as what it was"
    );
    assert_eq!(
        refused("4k4/9/9/9/9/9/9/9/+K8[-] w 0 1"),
        "FEN column 19: '+K': no type of this level is its promoted form"
    );
    assert_eq!(
        refused("4k4/9/9/9/9/9/9/9/4K3+[-] w 0 1"),
        "FEN column 22: '+' is not a piece of this level (nor * or @)"
    );
    assert!(l.parse_fen("4k4/9/9/9/9/9/9/9/4K4[-] w 0 1").is_ok());
    assert!(l.parse_fen("4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1").is_ok());
}

/// The moves `areachess moves` lists for a shipped level in `fen`.
fn listed(level: &str, fen: &str) -> Vec<String> {
    let (code, out, err) =
        crate::support::areachess(&["moves", &format!("levels/{level}.toml"), "--fen", fen]);
    assert_eq!(code, 0, "{err}");
    out.lines().map(str::to_string).collect()
}

/// `promotion.black_to`: each side promotes within its own army, as Fairy-Stockfish's
/// sortofalmost and chigorin have it (lists checked against pyffish 0.0.90).
#[test]
fn each_side_promotes_to_its_own_pieces_where_black_to_says_so() {
    let white = "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1";
    let black = "4k3/P7/8/8/8/8/7p/4K3 b - - 0 1";
    let promotions = |level: &str, fen: &str| -> Vec<String> {
        listed(level, fen)
            .into_iter()
            .filter(|m| m.starts_with("a7") || m.starts_with("h2"))
            .collect()
    };
    assert_eq!(
        promotions("sortofalmost", white),
        ["a7a8b", "a7a8c", "a7a8n", "a7a8r"]
    );
    assert_eq!(
        promotions("sortofalmost", black),
        ["h2h1b", "h2h1n", "h2h1q", "h2h1r"]
    );
    assert_eq!(promotions("chigorin", white), ["a7a8c", "a7a8n", "a7a8r"]);
    assert_eq!(promotions("chigorin", black), ["h2h1b", "h2h1q", "h2h1r"]);
    // Without black_to both sides share `to`.
    assert_eq!(
        promotions("almost", black),
        ["h2h1b", "h2h1c", "h2h1n", "h2h1r"]
    );
}
