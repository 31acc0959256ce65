//! A radius per kind (docs/continuous-rules.md#a-radius-per-kind): two discs overlap when
//! their centres are closer than the sum of their radii, so a kind's radius sets how wide
//! its strips are, what it blocks and checks, how near the edge and its neighbours it may
//! stand, and whether a promotion fits. The numbers are worked by hand: the shipped
//! `giants-and-dwarfs` level has queens of radius 1.4 and pawns of radius 0.7.

use crate::support::{Sim, areachess, root};
use areachess::continuous::candidates::candidates;
use areachess::continuous::{Color, Kind, Piece, Point, Position, PositionError, Setup};
use areachess::continuous::{nearest_target, resolve};
use areachess::level::{self, ContinuousLevel};

fn giants() -> ContinuousLevel {
    level::load(&root().join("levels/giants-and-dwarfs.toml"))
        .expect("the shipped level loads")
        .into_continuous()
        .expect("continuous")
}

/// A continuous 8×8 level whose `[pieces]` tables are `pieces`.
fn with_pieces(pieces: &str) -> Result<ContinuousLevel, Vec<String>> {
    let text = format!(
        "name = \"x\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 8\n{pieces}\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"
    );
    level::parse("t.toml", &text)
        .map(|l| l.into_continuous().expect("continuous"))
        .map_err(|e| e.0.iter().map(ToString::to_string).collect())
}

#[test]
fn the_level_gives_each_kind_its_radius() {
    let level = giants();
    let board = &level.board;
    assert_eq!(board.radius(Kind::QUEEN), 1.4);
    assert_eq!(board.radius(Kind::PAWN), 0.7);
    assert_eq!(board.radius(Kind::ROOK), 1.0);
    assert_eq!(board.radius(Kind::KING), 1.0);
    // The declared pawn still promotes to the four, and plays as the classic one.
    assert_eq!(
        board.promotion_of(Kind::PAWN),
        &[Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
    );
    let mut sim = Sim::new(level, None);
    sim.legal("e2->e4");
    sim.legal("d7->d5");
    sim.legal("e4->d5");
}

#[test]
fn a_radius_out_of_range_is_refused_at_its_key() {
    for (radius, word) in [("5.0", "5"), ("0.1", "0.1"), ("-1.0", "-1")] {
        let errors = with_pieces(&format!("[pieces.Q]\nbetza = \"Q\"\nradius = {radius}\n"))
            .expect_err("refused");
        let all = errors.join("\n");
        // Line 8, column 10: the number after `radius = `.
        assert!(all.contains("t.toml:8:10"), "{all}");
        assert!(all.contains(&format!("radius = {word}")), "{all}");
        assert!(all.contains("0.25") && all.contains('4'), "{all}");
    }
    // The limits themselves are taken.
    for radius in ["0.25", "4.0"] {
        with_pieces(&format!("[pieces.Q]\nbetza = \"Q\"\nradius = {radius}\n"))
            .unwrap_or_else(|e| panic!("{radius}: {e:?}"));
    }
    // A grid level has no discs.
    let grid = "name = \"x\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n[pieces.Q]\nbetza = \"Q\"\nradius = 1.5\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"\n";
    let err = level::parse("g.toml", grid).expect_err("refused on a grid level");
    let text = err
        .0
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        text.contains("g.toml:8:1") && text.contains("radius"),
        "{text}"
    );
}

#[test]
fn a_giant_queen_takes_and_checks_what_a_rook_slides_past() {
    // The black rook's centre is 2.2 off the rank: within 1.4 + 1 = 2.4 of the queen's
    // path, outside 1 + 1 = 2 of a rook's.
    let level = giants();
    let mut sim = Sim::new(level.clone(), Some("w;K@a1;Q@2,10;k@h8;r@14,12.2"));
    let taken = sim.legal("2,10->20,10");
    let applied = taken.applied().expect("legal");
    assert_eq!(applied.captured.map(|c| c.at), Some(Point::new(14.0, 12.2)));
    let mut sim = Sim::new(level.clone(), Some("w;K@a1;R@2,10;k@h8;r@14,12.2"));
    assert!(
        sim.legal("2,10->20,10")
            .applied()
            .expect("legal")
            .captured
            .is_none()
    );
    // The same queen gives check to a king there; a rook would not.
    assert!(
        Sim::new(level.clone(), Some("b;K@a1;Q@2,10;k@14,12.2"))
            .game()
            .in_check()
    );
    assert!(
        !Sim::new(level.clone(), Some("b;K@a1;R@2,10;k@14,12.2"))
            .game()
            .in_check()
    );
    // A king may not step into the queen's wide strip, but may stop beside it.
    let mut sim = Sim::new(level.clone(), Some("b;K@a1;Q@2,10;k@14,15"));
    assert_eq!(sim.refused("14,15->14,12.3"), "king-exposed");
    sim.legal("14,15->14,12.5");
}

#[test]
fn a_friend_stops_a_giant_where_their_discs_touch() {
    // The white knight 2.2 off the rank: the queen's disc touches it once its centre is
    // √(2.4² − 2.2²) = 0.959 short of the knight's x.
    let level = giants();
    let mut sim = Sim::new(level.clone(), Some("w;K@a1;Q@2,10;N@14,12.2;k@h8"));
    let stop = nearest_target(sim.game().position(), 1, Point::new(20.0, 10.0)).expect("a move");
    let expected = 14.0 - (2.4f64.powi(2) - 2.2f64.powi(2)).sqrt();
    assert!(
        (stop.point.x - expected).abs() < 1e-4,
        "{stop:?} vs {expected}"
    );
    assert!((stop.point.y - 10.0).abs() < 1e-9);
    sim.legal(&format!("2,10->{},10", expected - 0.01));
    let mut sim = Sim::new(level, Some("w;K@a1;Q@2,10;N@14,12.2;k@h8"));
    assert_eq!(
        sim.refused(&format!("2,10->{},10", expected + 0.01)),
        "blocked"
    );
}

#[test]
fn a_disc_keeps_its_own_radius_from_the_edge_and_its_neighbours() {
    let level = giants();
    let setup = |pieces: Vec<Piece>| {
        Position::try_from(Setup {
            board: level.board.clone(),
            pieces,
            to_move: Color::White,
        })
    };
    let kings = || {
        vec![
            Piece::new(Color::White, Kind::KING, Point::new(1.5, 1.5)),
            Piece::new(Color::Black, Kind::KING, Point::new(21.0, 21.0)),
        ]
    };
    let with = |extra: &[(Kind, f64, f64)]| {
        let mut pieces = kings();
        pieces.extend(
            extra
                .iter()
                .map(|&(k, x, y)| Piece::new(Color::White, k, Point::new(x, y))),
        );
        setup(pieces)
    };
    // A queen 1.3 from the edge sticks out; a rook there does not.
    assert!(matches!(
        with(&[(Kind::QUEEN, 1.3, 10.0)]),
        Err(PositionError::OffBoard { .. })
    ));
    assert!(with(&[(Kind::ROOK, 1.3, 10.0)]).is_ok());
    assert!(with(&[(Kind::PAWN, 1.3, 10.0)]).is_ok());
    // A queen and a pawn may stand 2.2 apart (1.4 + 0.7 = 2.1); a queen and a knight not.
    assert!(with(&[(Kind::QUEEN, 5.0, 10.0), (Kind::PAWN, 7.2, 10.0)]).is_ok());
    assert!(matches!(
        with(&[(Kind::QUEEN, 5.0, 10.0), (Kind::KNIGHT, 7.3, 10.0)]),
        Err(PositionError::Overlap { .. })
    ));
    // And a giant queen 1.4 from the edge is on the board.
    assert!(with(&[(Kind::QUEEN, 1.4, 10.0)]).is_ok());
}

#[test]
fn a_promotion_must_fit_where_the_pawn_stands() {
    // The dwarf pawn touches the promotion line at y = 21; the black knight 2.21 away
    // leaves room for a rook (2) but not for a queen (2.4).
    let level = giants();
    let start = "w;K@a1;P@10,19;k@a8;n@12.2,21.2";
    let mut sim = Sim::new(level.clone(), Some(start));
    assert_eq!(sim.refused("10,19->10,21=Q"), "blocked");
    let outcome = sim.legal("10,19->10,21=R");
    assert_eq!(
        outcome.applied().and_then(|a| a.promotion),
        Some(Kind::ROOK)
    );
    // With no promotion named, the first choice that fits: the rook.
    let pos = Sim::new(level.clone(), Some(start))
        .game()
        .position()
        .clone();
    let outcome = resolve(&pos, Point::new(10.0, 19.0), Point::new(10.0, 21.0), None);
    assert_eq!(
        outcome.applied().and_then(|a| a.promotion),
        Some(Kind::ROOK)
    );
    // The computer finds the rook promotion, and no queen's but by taking the knight.
    let mut out = Vec::new();
    candidates(&pos, &mut out);
    let promotions: Vec<Kind> = out
        .iter()
        .filter(|c| c.applied.captured.is_none())
        .filter_map(|c| c.applied.promotion)
        .collect();
    assert!(promotions.contains(&Kind::ROOK), "{promotions:?}");
    assert!(!promotions.contains(&Kind::QUEEN), "{promotions:?}");
    // The pawn's region reaches into the promotion zone, and the target it offers there
    // is legal.
    let i = pos.piece_at(Point::new(10.0, 19.0)).expect("the pawn");
    let target = nearest_target(&pos, i, Point::new(10.0, 21.5)).expect("a target");
    assert!(target.point.y > 20.9, "{target:?}");
    assert!(
        resolve(&pos, Point::new(10.0, 19.0), target.aim, None)
            .applied()
            .is_some()
    );
}

#[test]
fn a_king_may_not_capture_where_its_disc_would_not_fit() {
    // The white dwarf pawn stands 1.97 from two black knights (room for 0.7 + 1 = 1.7):
    // the black king (1 + 1 = 2) landing on its centre would overlap them.
    let level = giants();
    let start = "b;K@a1;P@10,7.8;k@10,11;n@8.2,7;n@11.8,7";
    let pos = Sim::new(level.clone(), Some(start))
        .game()
        .position()
        .clone();
    let king = pos.king(Color::Black);
    let pawn = pos.piece_at(Point::new(10.0, 7.8)).expect("the pawn");
    let region = areachess::continuous::legal_region(&pos, king);
    assert!(!region.captures.contains(&pawn), "{:?}", region.captures);
    assert_eq!(
        Sim::new(level, Some(start)).refused("10,11->10,7.8"),
        "blocked"
    );
}

#[test]
fn a_small_knight_lands_where_a_large_one_would_overlap() {
    // The landing 6.32 to the right of the knight lies 1.6 below a white pawn: a disc of
    // radius 0.5 clears it (0.5 + 1 = 1.5), one of radius 1 would not.
    let small = with_pieces("[pieces.N]\nbetza = \"N\"\nradius = 0.5\n").expect("loads");
    let start = "w;K@a1;N@10,10;P@16.32455532033676,11.6;k@h8";
    let to = "10,10->16.32455532033676,10";
    Sim::new(small, Some(start)).legal(to);
    assert_eq!(Sim::at(start).refused(to), "friendly-overlap");
}

#[test]
fn the_engine_plays_the_giants_level() {
    let level = giants();
    for text in [
        "w;K@e1;Q@d4;R@a1;N@c3;P@e4;P@f2;k@e8;q@d8;r@h8;n@f6;p@e5;p@d6",
        "b;K@e1;Q@d4;R@a1;N@c3;P@e4;P@f2;k@e8;q@d8;r@h8;n@f6;p@e5;p@d6",
    ] {
        let sim = Sim::new(level.clone(), Some(text));
        let pos = sim.game().position();
        let mut out = Vec::new();
        candidates(pos, &mut out);
        assert!(out.len() > 20, "{text}: {} candidates", out.len());
        for c in &out {
            let again = resolve(pos, c.applied.mover.at, c.applied.to, c.applied.promotion);
            assert!(
                again.applied().is_some(),
                "{text}: {:?} -> {:?}",
                c.applied.mover,
                again
            );
        }
    }
    let (code, out, err) = areachess(&["bestmove", "giants-and-dwarfs", "--depth", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("->"), "{out}");
}

#[test]
fn a_small_kings_strike_zone_is_exact_beside_its_disc() {
    // Two kings of radius 0.6 (reach 4, touching at 1.2): along a ray that passes 0.66
    // from the white king, the black king is attacked from 0.84 on until its disc would
    // overlap the white king's, near t = 5. The spans of the king's zones must say so
    // wherever it could stand (a property test found them ending at 3.28).
    use areachess::continuous::Board;
    use areachess::continuous::attack::is_attacked;
    use areachess::continuous::king_zones::{Near, Zones};
    use areachess::continuous::notation::parse_position;
    let mut board = Board::default();
    board.radii.push((Kind::KING, 0.6));
    board.prepare();
    let pos = parse_position(
        std::sync::Arc::new(board),
        &[],
        "b;K@16.57395641464604,12.584166000491836;k@11.145929608805275,9.944967876344815",
    )
    .expect("a position");
    let k = pos.king(Color::Black);
    let o = pos.pieces()[k].at;
    let near = Near {
        centre: o,
        radius: 100.0,
    };
    let zones = Zones::new(pos.board(), pos.pieces(), k, None, near);
    let angle: f64 = 0.34474185490062387;
    let u = Point::new(angle.cos(), angle.sin());
    let hi = pos.board().inset_of(&pos.pieces()[k]).exit_distance(o, u);
    let spans = zones.spans(o, u, hi);
    let white = pos.pieces()[pos.king(Color::White)].at;
    for n in 0..=400 {
        let t = hi * f64::from(n) / 400.0;
        let p = o + u * t;
        if p.distance(white) < 1.2 + 1e-6
            || spans
                .0
                .iter()
                .any(|&(a, b)| (t - a).abs() < 1e-7 || (t - b).abs() < 1e-7)
        {
            continue;
        }
        let mut moved = pos.pieces().to_vec();
        moved[k].at = p;
        assert_eq!(
            spans.contains(t),
            is_attacked(pos.board(), &moved, k),
            "t = {t}: {:?}",
            spans.0
        );
    }
}
