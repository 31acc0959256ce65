//! Obento Chess (`levels/obento.toml`): the bent pieces' moves as the preset's prose gives
//! them, castling three squares, en passant after a triple step, promotion in the zone.

use areachess::grid::{Fen, legal_moves, move_text, perft};
use areachess::level::{self, GridLevel};
use std::path::Path;

fn obento() -> GridLevel {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/obento.toml");
    level::load(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_grid()
        .expect("grid")
}

/// The sorted legal moves of the piece on `from` in `fen`, less the from square.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let l = obento();
    let mut pos = l.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = Vec::new();
    legal_moves(&l.variant, &mut pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|&m| move_text(&l.variant, m))
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .map(|m| m[from.len()..].to_string())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The squares the piece on `from` may go to, promoting or not.
fn destinations(fen: &str, from: &str) -> Vec<String> {
    let mut out: Vec<String> = moves_from(fen, from)
        .into_iter()
        .map(|m| {
            m.trim_end_matches(|c: char| c.is_ascii_lowercase())
                .to_string()
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// A lone piece on f6 of an empty board, the kings out of its way on l11 and l1.
fn alone(letter: char) -> String {
    format!("12/11K/12/12/12/12/5{letter}6/12/12/12/12/11k w - - 0 1")
}

fn sorted(squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn the_ship_steps_like_a_ferz_then_slides_vertically_outward() {
    assert_eq!(
        destinations(&alone('S'), "f6"),
        sorted("e7 g7 e5 g5  e8 e9 e10 e11 e12  g8 g9 g10 g11 g12  e4 e3 e2 e1  g4 g3 g2 g1")
    );
}

#[test]
fn a_piece_on_the_ships_ferz_square_stops_its_slide() {
    let fen = "11k/12/12/12/12/4p7/5S6/12/12/12/12/K11 w - - 0 1";
    let d = destinations(fen, "f6");
    assert!(d.contains(&"e7".to_string()), "captures on its ferz step");
    assert!(
        !d.contains(&"e8".to_string()),
        "no slide past the piece it met"
    );
}

#[test]
fn the_ostrich_leaps_two_diagonally_then_may_slide_away_orthogonally() {
    assert_eq!(
        destinations(&alone('O'), "f6"),
        sorted(
            "h8 d8 h4 d4  i8 j8 k8 l8 h9 h10 h11 h12  c8 b8 a8 d9 d10 d11 d12  \
             i4 j4 k4 l4 h3 h2 h1  c4 b4 a4 d3 d2 d1"
        )
    );
}

#[test]
fn the_snaketongue_steps_vertically_then_slides_outward_as_a_bishop() {
    assert_eq!(
        destinations(&alone('T'), "f6"),
        sorted("f7 f5  e8 d9 c10 b11 a12  g8 h9 i10 j11 k12  e4 d3 c2 b1  g4 h3 i2 j1")
    );
}

#[test]
fn the_osprey_leaps_two_orthogonally_then_may_slide_away_diagonally() {
    assert_eq!(
        destinations(&alone('Y'), "f6"),
        sorted(
            "f8 f4 h6 d6  e9 d10 c11 b12 g9 h10 i11 j12  e3 d2 c1 g3 h2 i1  \
             i7 j8 k9 l10 i5 j4 k3 l2  c7 b8 a9 c5 b4 a3"
        )
    );
}

#[test]
fn leapers_and_riders_move_as_the_prose_says() {
    // Wizard: camel or ferz.
    assert_eq!(
        destinations(&alone('W'), "f6"),
        sorted("e7 g7 e5 g5  g9 e9 i7 c7 i5 c5 g3 e3")
    );
    // Marquis: knight or wazir.
    assert_eq!(
        destinations(&alone('M'), "f6"),
        sorted("f7 f5 e6 g6  g8 e8 h7 d7 h5 d5 g4 e4")
    );
    // Squirrel: knight or alibaba.
    assert_eq!(
        destinations(&alone('L'), "f6"),
        sorted("g8 e8 h7 d7 h5 d5 g4 e4  h8 d8 h4 d4  f8 f4 h6 d6")
    );
    // Silver Pashtun: ferz, alfil, forward wazir and dabbaba.
    assert_eq!(
        destinations(&alone('V'), "f6"),
        sorted("e7 g7 e5 g5  h8 d8 h4 d4  f7 f8")
    );
    // Gold Pashtun: wazir, dabbaba, forward ferz and alfil.
    assert_eq!(
        destinations(&alone('G'), "f6"),
        sorted("f7 f5 e6 g6  f8 f4 h6 d6  e7 g7  d8 h8")
    );
    // Flying Ox: bishop or vertical rook (no sideways slide).
    let ox = destinations(&alone('F'), "f6");
    assert!(ox.contains(&"f12".to_string()) && ox.contains(&"f1".to_string()));
    assert!(!ox.contains(&"e6".to_string()) && ox.contains(&"a11".to_string()));
}

#[test]
fn castling_is_three_squares_toward_an_unmoved_rook() {
    let fen = "6k5/12/12/12/12/12/12/12/12/12/R5K4R/12 w KQ - 0 1";
    let d = destinations(fen, "g2");
    assert!(
        d.contains(&"j2".to_string()) && d.contains(&"d2".to_string()),
        "{d:?}"
    );
    let l = obento();
    let mut pos = l.parse_fen(fen).expect("valid");
    let mut list = Vec::new();
    legal_moves(&l.variant, &mut pos, &mut list);
    for (text, after) in [
        ("g2j2", "6k5/12/12/12/12/12/12/12/12/12/R7RK2/12 b - - 1 1"),
        ("g2d2", "6k5/12/12/12/12/12/12/12/12/12/3KR6R/12 b - - 1 1"),
    ] {
        let m = *list
            .iter()
            .find(|m| move_text(&l.variant, **m) == text)
            .expect("castles");
        let mut p = pos.clone();
        p.make(&l.variant, m);
        assert_eq!(
            Fen {
                variant: &l.variant,
                position: &p
            }
            .to_string(),
            after
        );
    }
}

#[test]
fn a_triple_step_may_be_taken_en_passant_on_a_square_it_passed() {
    let l = obento();
    // White's e3 pawn steps three to e6, passing e4 and e5; Black's d5 pawn may take it
    // on e4 at once.
    let mut pos = l
        .parse_fen("6k5/12/12/12/12/12/12/3p8/12/4P7/12/6K5 w - - 0 1")
        .expect("valid");
    let mut list = Vec::new();
    legal_moves(&l.variant, &mut pos, &mut list);
    let triple = *list
        .iter()
        .find(|m| move_text(&l.variant, **m) == "e3e6")
        .expect("triple step");
    pos.make(&l.variant, triple);
    assert_eq!(
        Fen {
            variant: &l.variant,
            position: &pos
        }
        .to_string(),
        "6k5/12/12/12/12/12/4P7/3p8/12/12/12/6K5 b - e4 0 1"
    );
    legal_moves(&l.variant, &mut pos, &mut list);
    let texts: Vec<String> = list.iter().map(|&m| move_text(&l.variant, m)).collect();
    assert!(texts.contains(&"d5e4".to_string()), "{texts:?}");
    let mut after = pos.clone();
    let ep = *list
        .iter()
        .find(|m| move_text(&l.variant, **m) == "d5e4")
        .expect("en passant");
    after.make(&l.variant, ep);
    assert_eq!(
        Fen {
            variant: &l.variant,
            position: &after
        }
        .to_string(),
        "6k5/12/12/12/12/12/12/12/4p7/12/12/6K5 w - - 0 2"
    );
}

#[test]
fn promotion_is_optional_in_the_zone_and_forced_on_the_last_rank() {
    let outside = moves_from("6k5/12/12/12/P11/12/12/12/12/12/12/6K5 w - - 0 1", "a8");
    assert_eq!(outside, ["a9"]);
    let zone = moves_from("6k5/12/12/P11/12/12/12/12/12/12/12/6K5 w - - 0 1", "a9");
    assert_eq!(zone, ["a10", "a10f"]);
    let last = moves_from("6k5/P11/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1", "a11");
    assert_eq!(last, ["a12f"]);
    let ship = moves_from("6k5/12/12/12/12/12/12/12/S11/12/12/6K5 w - - 0 1", "a4");
    assert!(ship.contains(&"b5".to_string()) && ship.contains(&"b10".to_string()));
    assert!(ship.contains(&"b10o".to_string()) && !ship.contains(&"b12".to_string()));
    assert!(ship.contains(&"b12o".to_string()));
}

#[test]
fn the_start_position_counts() {
    let l = obento();
    let mut pos = l.start.clone();
    assert_eq!(perft(&l.variant, &mut pos, 1), 58);
    assert_eq!(perft(&l.variant, &mut pos, 2), 3364);
}
