//! Boards that are not plain rectangles (docs/continuous-rules.md#walls-holes-and-round-boards):
//! walls and holes that stop slides and may not be landed on, and the round board. The
//! numbers are worked by hand: R = 1, a square 2√2, the shipped levels' pillars of radius 1
//! at the corners of b4 and g4, and the round table's rim 15.97 from its centre.

use crate::support::{Sim, areachess};
use areachess::continuous::candidates::candidates;
use areachess::continuous::geometry::Obstacle;
use areachess::continuous::{Board, Color, Kind, Piece, Point, Position, PositionError, Setup};
use areachess::continuous::{nearest_target, notation::parse_point};
use areachess::level::{self, ContinuousLevel};

const S: f64 = 2.0 * std::f64::consts::SQRT_2;

fn shipped(name: &str) -> ContinuousLevel {
    let path = crate::support::root().join(format!("levels/{name}.toml"));
    level::load(&path)
        .expect("the shipped level loads")
        .into_continuous()
        .expect("continuous")
}

fn pillars() -> ContinuousLevel {
    shipped("continuous-pillars")
}

fn round_table() -> ContinuousLevel {
    shipped("round-table")
}

fn point(level: &ContinuousLevel, text: &str) -> Point {
    parse_point(&level.board, text).expect("test point")
}

#[test]
fn the_pillar_stops_a_rook_where_the_discs_touch() {
    // The rook on a4 (y = 3.5 S) passes the pillar at (2 S, 4 S) 1.414 below its centre:
    // its disc touches the pillar's when its centre is √(2² − 1.414²) = 1.414 short of
    // x = 2 S, which is b4's centre.
    let level = pillars();
    let mut sim = Sim::new(level.clone(), Some("w;K@e1;R@a4;k@e8"));
    let stop = nearest_target(sim.game().position(), 1, point(&level, "h4")).expect("a move");
    assert!((stop.point.x - 1.5 * S).abs() < 1e-4, "{stop:?}");
    assert!((stop.point.y - 3.5 * S).abs() < 1e-9, "{stop:?}");
    assert_eq!(sim.refused("a4->c4"), "blocked");
    sim.legal("a4->b4");
}

#[test]
fn a_wall_shades_the_king_from_a_rook_behind_it() {
    let level = pillars();
    // The king steps onto the rook's rank behind the pillar: the rook's strip ends at b4.
    let mut sim = Sim::new(level.clone(), Some("w;K@e5;r@a4;k@e8"));
    sim.legal("e5->e4");
    assert!(!sim.game().in_check());
    // On the plain board the same step walks into the rook's strip.
    let mut plain = Sim::at("w;K@e5;r@a4;k@e8");
    assert_eq!(plain.refused("e5->e4"), "king-exposed");
}

#[test]
fn a_kings_strike_does_not_pass_a_wall() {
    // A man (Betza K: the king's slide of up to 4 in any direction, not royal) touches a
    // pillar on its left; the white king stands 5 to the right of it. A strike that grazes
    // the pillar reaches no point touching the king (the nearest is 4.36 away), so White is
    // not in check; with no pillar the man slides 3 and touches the king.
    let text = |walls: &str| {
        format!(
            "name = \"x\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 8\n[pieces.M]\nname = \"Man\"\nbetza = \"K\"\n[continuous]\n{walls}\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"
        )
    };
    let position =
        "w;K@8.656854249492381,11.313708498984761;m@3.656854249492381,11.313708498984761;k@h8";
    let pillar = "walls = [{ centre = [5.656854249492381, 11.313708498984761], radius = 1 }]";
    for (walls, check) in [(pillar, false), ("", true)] {
        let level = level::parse("t.toml", &text(walls))
            .expect("loads")
            .into_continuous()
            .expect("continuous");
        let sim = Sim::new(level, Some(position));
        assert_eq!(sim.game().in_check(), check, "{walls}");
    }
}

#[test]
fn a_pawn_does_not_capture_through_a_wall() {
    // The pillar stands on the b4–c5 diagonal, touching both squares' discs.
    let level = pillars();
    let mut sim = Sim::new(level.clone(), Some("w;K@e1;P@b4;n@c5;k@e8"));
    assert_ne!(
        sim.play("b4->c5").applied().map(|a| a.captured.is_some()),
        Some(true)
    );
    let mut plain = Sim::at("w;K@e1;P@b4;n@c5;k@e8");
    assert!(
        plain
            .legal("b4->c5")
            .applied()
            .is_some_and(|a| a.captured.is_some())
    );
    // Nor does the black pawn give check through it.
    let sim = Sim::new(level, Some("w;K@b4;p@c5;k@e8"));
    assert!(!sim.game().in_check());
    assert!(Sim::at("w;K@b4;p@c5;k@e8").game().in_check());
}

#[test]
fn the_castling_rook_may_not_pass_a_wall() {
    // A small wall (radius 0.3) 1.25 off the first rank, where the castling king's disc,
    // stopped by the rook, and the rook touch: the king's sweep passes it (1.6 away, more
    // than 1.3) and the rook stands clear of it, but the rook's way back to f1 passes
    // 1.25 from it.
    let text = |walls: &str| {
        format!(
            "name = \"x\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 8\n[continuous]\n{walls}\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"\n"
        )
    };
    let walled =
        text("walls = [{ centre = [20.213203435596427, 2.664213562373095], radius = 0.3 }]");
    for (walls, expected) in [(walled.as_str(), Some("blocked")), (&text(""), None)] {
        let level = level::parse("t.toml", walls)
            .expect("loads")
            .into_continuous()
            .expect("continuous");
        let mut sim = Sim::new(level, None);
        match expected {
            Some(word) => assert_eq!(sim.refused("e1->g1"), word),
            None => assert!(
                sim.legal("e1->g1")
                    .applied()
                    .is_some_and(|a| a.castling.is_some())
            ),
        }
    }
}

#[test]
fn a_knight_leaps_over_a_wall_but_not_onto_it() {
    let level = pillars();
    let mut sim = Sim::new(level.clone(), Some("w;K@e1;N@b3;k@e8"));
    sim.legal("b3->c5");
    // The point of the ring straight toward the pillar lies 1.85 beyond its centre: the
    // landing would overlap it.
    let mut sim = Sim::new(level.clone(), Some("w;K@e1;N@b3;k@e8"));
    let from = point(&level, "b3");
    let pillar = Point::new(2.0 * S, 4.0 * S);
    let onto = from + (pillar - from).normalize() * 40f64.sqrt();
    assert!(
        onto.distance(pillar) < 2.0,
        "the landing overlaps the pillar"
    );
    assert_eq!(
        sim.refused(&format!("b3->{},{}", onto.x, onto.y)),
        "off-board"
    );
}

#[test]
fn no_setup_puts_a_disc_on_a_wall() {
    let level = pillars();
    let on_pillar = Piece::new(Color::White, Kind::ROOK, Point::new(2.0 * S + 0.5, 4.0 * S));
    let mut pieces = level.start.pieces().to_vec();
    pieces.push(on_pillar);
    let err = Position::try_from(Setup {
        board: level.board.clone(),
        pieces,
        to_move: Color::White,
    })
    .expect_err("a disc on a pillar");
    assert!(matches!(err, PositionError::OnObstacle { .. }), "{err:?}");
    assert!(
        err.to_string().contains("overlaps a wall or a hole"),
        "{err}"
    );
}

#[test]
fn the_engine_never_lands_on_a_wall_or_in_a_hole() {
    let level = pillars();
    let positions = [
        "w;K@e1;Q@d1;R@a4;B@a1;N@b3;k@e8;q@d8;r@h5;n@g6",
        "b;K@e1;Q@d1;R@a4;B@a1;N@b3;k@e8;q@d8;r@h5;n@g6",
    ];
    let inset = level.board.inset();
    for text in positions {
        let sim = Sim::new(level.clone(), Some(text));
        let mut out = Vec::new();
        candidates(sim.game().position(), &mut out);
        assert!(out.len() > 20, "{text}: {} candidates", out.len());
        for c in &out {
            assert!(inset.contains(c.applied.to), "{text}: {:?}", c.applied.to);
        }
    }
    // And it chooses a move from the start of both levels.
    for name in ["continuous-pillars", "round-table"] {
        let (code, out, err) = areachess(&["bestmove", name, "--depth", "2"]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains("->"), "{name}: {out}");
    }
}

#[test]
fn the_round_board_keeps_every_disc_inside_its_rim() {
    let level = round_table();
    let board = &level.board;
    assert!(board.round);
    let centre = Point::new(6.0 * S, 6.0 * S);
    let rim = 6.0 * S - 1.0;
    let inset = board.inset();
    assert!(inset.contains(centre + Point::new(rim, 0.0)));
    assert!(!inset.contains(centre + Point::new(rim * 0.8, rim * 0.8)));
    // A rook on the third rank, 3.5 S = 9.9 below the centre, slides left until its centre
    // is √(15.97² − 9.9²) = 12.53 left of the centre.
    let mut sim = Sim::new(level.clone(), Some("w;K@g3;R@f3;k@g10"));
    let stop = nearest_target(sim.game().position(), 1, Point::new(0.0, 2.5 * S)).expect("a move");
    let dy = 6.0 * S - 2.5 * S;
    let expected = 6.0 * S - (rim * rim - dy * dy).sqrt();
    assert!(
        (stop.point.x - expected).abs() < 1e-4,
        "{stop:?}, {expected}"
    );
    assert_eq!(sim.refused("f3->b3"), "off-board");
}

#[test]
fn on_the_round_board_a_pawn_promotes_one_radius_short_of_the_rim_ahead() {
    let level = round_table();
    let centre = 6.0 * S;
    let rim = 6.0 * S - 1.0;
    // On file c (9.9 left of the centre) the rim is √(15.97² − 9.9²) above the centre, and
    // the pawn promotes once its centre is within 1 of that height.
    let x = 2.5 * S;
    let top = centre + (rim * rim - (centre - x).powi(2)).sqrt();
    let board: &Board = &level.board;
    assert!(board.promotes_at(true, Point::new(x, top - 1.0 + 1e-6)));
    assert!(!board.promotes_at(true, Point::new(x, top - 1.1)));
    // In the middle the rim is higher: the same height does not promote there.
    assert!(!board.promotes_at(true, Point::new(centre, top - 0.5)));
    // Black promotes at the rim below.
    assert!(board.promotes_at(false, Point::new(x, 2.0 * centre - top + 0.9)));
    // A pawn pushed there becomes a queen.
    let start = format!("w;K@g3;P@{x},{};k@g10", top - 2.5);
    let mut sim = Sim::new(level.clone(), Some(&start));
    let outcome = sim.legal(&format!("{x},{}->{x},{}=Q", top - 2.5, top - 0.5));
    assert_eq!(
        outcome.applied().and_then(|a| a.promotion),
        Some(Kind::QUEEN)
    );
}

const TABLE: &str = "name = \"x\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 8\n";
const SETUP: &str = "[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";

fn errors(continuous: &str) -> Vec<String> {
    let text = format!("{TABLE}[continuous]\n{continuous}\n{SETUP}");
    match level::parse("t.toml", &text) {
        Ok(_) => vec![],
        Err(e) => e.0.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn walls_holes_and_the_round_shape_read_with_errors_at_their_place() {
    assert_eq!(errors("shape = \"round\""), Vec::<String>::new());
    assert_eq!(
        errors(
            "walls = [{ centre = [5, 5], radius = 1 }, { polygon = [[1, 9], [3, 9], [2, 11]] }]"
        ),
        Vec::<String>::new()
    );
    let level = level::parse(
        "t.toml",
        &format!("{TABLE}[continuous]\nholes = [{{ centre = [5, 5.5], radius = 0.5 }}]\n{SETUP}"),
    )
    .expect("loads")
    .into_continuous()
    .expect("continuous");
    assert_eq!(
        level.board.holes,
        vec![Obstacle::Disc {
            centre: Point::new(5.0, 5.5),
            radius: 0.5
        }]
    );
    let cases: [(&str, &str); 7] = [
        (
            "walls = [{ centre = [5, 5] }]",
            "t.toml:7:10: walls[0]: expected a disc",
        ),
        (
            "walls = [{ centre = [5, 5], radius = 1, polygon = [[1, 1], [2, 2], [1, 3]] }]",
            "walls[0]: expected a disc (centre and radius) or a polygon (polygon), and not both",
        ),
        (
            "holes = [{ polygon = [[1, 1], [2, 2]] }]",
            "t.toml:7:22: holes[0].polygon: expected 3 to 64 corners",
        ),
        (
            "walls = [{ centre = [5, 5, 5], radius = 1 }]",
            "walls[0].centre: expected [x, y]",
        ),
        (
            "walls = [{ centre = [5, 5], radius = -1 }]",
            "walls[0].radius: expected a positive length",
        ),
        ("shape = \"oval\"", "shape"),
        ("walls = 3", "walls"),
    ];
    for (text, expected) in cases {
        let found = errors(text);
        assert!(
            found.iter().any(|e| e.contains(expected)),
            "{text}: expected {expected:?}, found {found:?}"
        );
    }
    let sides: Vec<String> = (0..5)
        .map(|n| {
            let corners: Vec<String> = (0..60)
                .map(|k| {
                    let a = f64::from(k) / 60.0 * std::f64::consts::TAU;
                    format!("[{}, {}]", 100.0 * f64::from(n) + a.cos(), 100.0 + a.sin())
                })
                .collect();
            format!("{{ polygon = [{}] }}", corners.join(", "))
        })
        .collect();
    let found = errors(&format!("holes = [{}]", sides.join(", ")));
    assert!(
        found
            .iter()
            .any(|e| e.contains("holes[4]: more than 256 polygon sides")),
        "{found:?}"
    );
    let many: Vec<String> = (0..65)
        .map(|n| format!("{{ centre = [{n}, 100], radius = 1 }}"))
        .collect();
    let found = errors(&format!("walls = [{}]", many.join(", ")));
    assert!(
        found.iter().any(|e| e.contains("walls[64]: more than 64")),
        "{found:?}"
    );
    // A round board must be square.
    let text = "name = \"x\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 6\n[continuous]\nshape = \"round\"\n[rules]\nsetup = \"4k3/8/8/8/8/4K3 w - - 0 1\"\n";
    let found: Vec<String> = match level::parse("t.toml", text) {
        Ok(_) => vec![],
        Err(e) => e.0.iter().map(ToString::to_string).collect(),
    };
    assert!(
        found
            .iter()
            .any(|e| e.starts_with("t.toml:7:9:") && e.contains("8 by 6: expected files = ranks")),
        "{found:?}"
    );
    // A setup piece on a wall is placed at the setup.
    let found = errors("walls = [{ centre = [12.7, 1.4], radius = 1 }]");
    assert!(
        found
            .iter()
            .any(|e| e.contains("overlaps a wall or a hole")),
        "{found:?}"
    );
}
