//! Obento Chess (`levels/obento.toml`): the bent pieces' moves as the preset's prose gives
//! them, castling three squares, en passant after a triple step, promotion in the zone.

use areachess::grid::{Fen, MoveKind, Position, courier, legal_moves, move_text, perft};
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

/// The legal moves of `pos`, written `e2e4`.
fn legal_texts(l: &GridLevel, pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    legal_moves(&l.variant, pos, &mut list);
    list.iter().map(|&m| move_text(&l.variant, m)).collect()
}

/// Plays the legal move written `text` on `pos` (the test fails if there is none).
fn play(l: &GridLevel, pos: &mut Position, text: &str) {
    let mut list = Vec::new();
    legal_moves(&l.variant, pos, &mut list);
    let m = *list
        .iter()
        .find(|m| move_text(&l.variant, **m) == text)
        .unwrap_or_else(|| panic!("{text} is not legal here"));
    pos.make(&l.variant, m);
}

/// The FEN of `pos`.
fn fen_of(l: &GridLevel, pos: &Position) -> String {
    Fen {
        variant: &l.variant,
        position: pos,
    }
    .to_string()
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
    let pos = l.parse_fen(fen).expect("valid");
    for (text, after) in [
        ("g2j2", "6k5/12/12/12/12/12/12/12/12/12/R7RK2/12 b - - 1 1"),
        ("g2d2", "6k5/12/12/12/12/12/12/12/12/12/3KR6R/12 b - - 1 1"),
    ] {
        let mut p = pos.clone();
        play(&l, &mut p, text);
        assert_eq!(fen_of(&l, &p), after);
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
    play(&l, &mut pos, "e3e6");
    assert_eq!(
        fen_of(&l, &pos),
        "6k5/12/12/12/12/12/4P7/3p8/12/12/12/6K5 b - e4 0 1"
    );
    let texts = legal_texts(&l, &mut pos);
    assert!(texts.contains(&"d5e4".to_string()), "{texts:?}");
    play(&l, &mut pos, "d5e4");
    assert_eq!(
        fen_of(&l, &pos),
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

#[test]
fn every_other_piece_reaches_what_its_prose_gives_from_the_centre() {
    let bishop = "e7 d8 c9 b10 a11  g7 h8 i9 j10 k11 l12  e5 d4 c3 b2 a1  g5 h4 i3 j2 k1";
    let rook = "f7 f8 f9 f10 f11 f12  f5 f4 f3 f2 f1  a6 b6 c6 d6 e6  g6 h6 i6 j6 k6 l6";
    let camel = "g9 e9 i7 c7 i5 c5 g3 e3";
    let knight = "g8 e8 h7 d7 h5 d5 g4 e4";
    let king = "e7 f7 g7 e6 g6 e5 f5 g5";
    let cases = [
        // The king steps one square any way.
        ('K', king.to_string()),
        // Bishop: diagonal slides; Dragon Horse adds the 0,1 steps.
        ('B', bishop.to_string()),
        ('H', format!("{bishop}  f7 f5 e6 g6")),
        // Rook: orthogonal slides; Dragon King adds the 1,1 steps.
        ('R', rook.to_string()),
        ('D', format!("{rook}  e7 g7 e5 g5")),
        ('Q', format!("{bishop}  {rook}")),
        // Flying Ox: bishop or vertical rook.
        (
            'F',
            format!("{bishop}  f7 f8 f9 f10 f11 f12  f5 f4 f3 f2 f1"),
        ),
        // Caliph: bishop or camel.
        ('C', format!("{bishop}  {camel}")),
        // Wildebeest: knight or camel; Wildeguard adds the king.
        ('I', format!("{knight}  {camel}")),
        ('X', format!("{knight}  {camel}  {king}")),
        // Silver Rider: bishop or forward rook.
        ('J', format!("{bishop}  f7 f8 f9 f10 f11 f12")),
        // Gold Rider: rook or forward bishop.
        (
            'U',
            format!("{rook}  e7 d8 c9 b10 a11  g7 h8 i9 j10 k11 l12"),
        ),
    ];
    for (letter, squares) in cases {
        assert_eq!(
            destinations(&alone(letter), "f6"),
            sorted(&squares),
            "{letter}"
        );
    }
    // The pawn steps one forward from a square it did not start on.
    assert_eq!(destinations(&alone('P'), "f6"), ["f7"]);
    // From its start, one, two or three; it captures one diagonally forward.
    let start = "6k5/12/12/12/12/12/12/12/4p1p5/5P6/12/6K5 w - - 0 1";
    assert_eq!(destinations(start, "f3"), sorted("f4 f5 f6  e4 g4"));
}

#[test]
fn en_passant_also_takes_on_the_second_square_a_triple_step_passed() {
    let l = obento();
    // White's e3 pawn steps to e6 over e4 and e5; Black's f6 pawn takes it on e5.
    let start = "6k5/12/12/12/12/12/5p6/12/12/4P7/12/6K5 w - - 0 1";
    let mut pos = l.parse_fen(start).expect("valid");
    play(&l, &mut pos, "e3e6");
    play(&l, &mut pos, "f6e5");
    assert_eq!(
        fen_of(&l, &pos),
        "6k5/12/12/12/12/12/12/4p7/12/12/12/6K5 w - - 0 2"
    );
    // A step later the chance is gone: a quiet move between loses it.
    let mut late = l.parse_fen(start).expect("valid");
    for text in ["e3e6", "g12h12", "g1h1"] {
        play(&l, &mut late, text);
    }
    assert!(
        !legal_texts(&l, &mut late).contains(&"f6e5".to_string()),
        "en passant only immediately after"
    );
}

/// The sample record of a game from the start: a triple step taken en passant, a promotion
/// in the zone, Osprey and Ostrich moves.
fn sample_record() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/obento-courier.txt");
    std::fs::read_to_string(path).expect("the sample record")
}

#[test]
fn a_game_courier_record_replays_and_writes_back_identically() {
    let l = obento();
    let text = sample_record();
    let moves = courier::read_record(&l.variant, &l.start, &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves.len(), 16);
    assert_eq!(courier::write_record(&l.variant, &l.start, &moves), text);
    let mut pos = l.start.clone();
    for &m in &moves {
        pos.make(&l.variant, m);
    }
    assert_eq!(
        fen_of(&l, &pos),
        "otws1iiyswt1/rvgmbqkbmgvr/1ppp2pppop1/p8p2/9Y1p/12/2y9/2O9/12/PP1P1PPPPPPP/RVGMBQKBMGVR/1TWS1IIYSWTO w KQkq - 0 9"
    );
    // One move alone reads the same way.
    let mut start = l.start.clone();
    assert_eq!(
        courier::read_move(&l.variant, &mut start, "P e3-e6"),
        Ok(moves[0])
    );
    assert!(courier::read_move(&l.variant, &mut start, "P e3-e6 p a10-a9").is_err());
    // The en passant capture took the pawn that passed f8.
    let ep = moves[4];
    assert!(matches!(ep.kind, MoveKind::EnPassant { .. }), "{ep:?}");
    // The promotion reads as one move to the Flying Ox.
    assert_eq!(
        courier::write_move(
            &l.variant,
            &{
                let mut p = l.start.clone();
                for &m in &moves[..8] {
                    p.make(&l.variant, m);
                }
                p
            },
            moves[8]
        ),
        "P f9-e10; F-e10"
    );
}

#[test]
fn a_record_may_leave_out_labels_numbers_and_line_breaks_and_spell_out_side_effects() {
    let l = obento();
    let canonical = courier::read_record(&l.variant, &l.start, &sample_record()).expect("reads");
    let loose = "e3-e6 p a10-a9 2. e6-e7 2... f10-f7 P e7-f8; f7-  l10-l9\n\
                 f8-f9\nl9-l8\nP f9-e10;F-e10 y e12-e10 Y e1-j8 j10-j9 c3-c6 l12-j10 a1-c5 e10-c6";
    let moves = courier::read_record(&l.variant, &l.start, loose).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves, canonical);
    // `@-f7` is the other way to write the removal.
    let at = loose.replace("; f7-", "; @-f7");
    assert_eq!(
        courier::read_record(&l.variant, &l.start, &at).expect("reads"),
        canonical
    );
    // Castling may name the rook's move too; it is written back as the king's move alone.
    let l2 = "6k5/12/12/12/12/12/12/12/12/12/R5K4R/12 w KQ - 0 1";
    let pos = l.parse_fen(l2).expect("valid");
    for (text, written) in [
        ("K g2-j2", "1. K g2-j2\n"),
        ("K g2-j2; R l2-i2", "1. K g2-j2\n"),
        ("K g2-d2; R a2-e2", "1. K g2-d2\n"),
    ] {
        let moves =
            courier::read_record(&l.variant, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(matches!(moves[0].kind, MoveKind::Castle { .. }), "{text}");
        assert_eq!(courier::write_record(&l.variant, &pos, &moves), written);
    }
}

#[test]
fn two_letter_labels_are_the_presets() {
    let l = obento();
    // A Gold Pashtun promotes to the Gold Rider, written GR.
    let pos = l
        .parse_fen("6k5/12/12/2G9/12/12/12/12/12/12/12/6K5 w - - 0 1")
        .expect("valid");
    let moves = courier::read_record(&l.variant, &pos, "1. G c9-c10; GR-c10")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        moves[0].promotion.expect("a promotion"),
        l.variant.role_of_letter('U').expect("the Gold Rider")
    );
    assert_eq!(
        courier::write_record(&l.variant, &pos, &moves),
        "1. G c9-c10; GR-c10\n"
    );
    // Black's labels are lower case: a Black Gold Rider is "gr".
    let pos = l
        .parse_fen("6k5/12/12/12/12/12/12/12/12/12/2u9/6K5 b - - 0 1")
        .expect("valid");
    let moves = courier::read_record(&l.variant, &pos, "1... gr c2-c7").expect("reads");
    assert_eq!(
        courier::write_record(&l.variant, &pos, &moves),
        "1... gr c2-c7\n"
    );
}

#[test]
fn a_bad_record_names_the_move_line_and_column() {
    let l = obento();
    let cases = [
        // Wrong label for the piece on e3.
        ("1. N e3-e6", 1, 4, 1, "label 'N'"),
        // Not a legal move.
        ("1. P e3-e7", 1, 6, 1, "not a legal move"),
        // Black moves White's piece.
        ("1. P e3-e6\n1... P f3-f4", 2, 8, 2, "no Black piece on f3"),
        // Not a square of the board.
        ("1. P e3-e13", 1, 6, 1, "'e13' is not a square"),
        // A pawn on the last rank must promote.
        ("1. P a11-a12", 1, 6, 1, "must promote"),
        // A promotion it may not make.
        ("1. P a11-a12; Q-a12", 1, 15, 1, "may not promote to 'Q'"),
        // A dangling ';'.
        ("1. P e3-e6;", 1, 11, 1, "nothing after"),
        // A label with nothing after it.
        ("1. P e3-e6 p", 1, 12, 2, "no move after"),
        // Garbage.
        ("1. P e3e6", 1, 6, 1, "expected FROM-TO"),
    ];
    for (text, line, column, ply, says) in cases {
        let start = if text.contains("a11") {
            l.parse_fen("6k5/P11/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1")
                .expect("valid")
        } else {
            l.start.clone()
        };
        let e = courier::read_record(&l.variant, &start, text).expect_err(text);
        assert_eq!(
            (e.span.line, e.span.column, e.ply),
            (line, column, ply),
            "{text}: {e}"
        );
        assert!(e.kind.to_string().contains(says), "{text}: {e}");
    }
}

#[test]
fn random_games_written_in_courier_notation_read_back_the_same() {
    let l = obento();
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut list = Vec::new();
    for _ in 0..20 {
        let mut pos = l.start.clone();
        let mut moves = Vec::new();
        for _ in 0..120 {
            legal_moves(&l.variant, &mut pos, &mut list);
            if list.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = list[(seed >> 33) as usize % list.len()];
            pos.make(&l.variant, m);
            moves.push(m);
        }
        let text = courier::write_record(&l.variant, &l.start, &moves);
        let back = courier::read_record(&l.variant, &l.start, &text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, moves, "{text}");
    }
}
