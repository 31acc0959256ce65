//! URC pieces: what their Betza reaches is what their URC definition says, walked here
//! directly from the definition, on empty and crowded boards, from every square, for
//! White and for Black; the shipped URC file and the demo level convert.

use crate::support::fen_of;
use areachess::betza::model::{Ending, Occupancy, Occupant, chain_destinations, chains};
use areachess::betza::parse;
use areachess::grid::MoveKind;
use areachess::grid::movegen::pseudo_moves;
use areachess::grid::{
    Castling, Geometry, PieceType, Promotion, RoyalRule, Stalemate, Variant, parse_fen, perft,
};
use areachess::level::LevelErrorKind;
use areachess::notation::urc::{
    UrcDefinition, UrcMove, UrcMoveProblem, UrcPiece, UrcRange, UrcRefusal, read_yaml, to_betza,
};
use std::collections::HashMap;
use std::path::Path;

/// A square and how a move ends there.
type Destination = ((i32, i32), Ending);

/// The seed's three examples, as the seed writes them.
const SEED_EXAMPLES: &str = "
knight:
  name: \"Knight\"
  symbol: \"N\"
  value: 3
  moves:
    - type: leap
      vectors:
        - [1, 2]
        - [1, -2]
        - [-1, 2]
        - [-1, -2]
        - [2, 1]
        - [2, -1]
        - [-2, 1]
        - [-2, -1]
pawn:
  name: \"Pawn\"
  symbol: \"P\"
  value: 1
  moves:
    - type: slide
      directions: [[0, 1]]
      range: 1
      move_only: true
    - type: slide
      directions: [[0, 1]]
      range: 2
      move_only: true
      initial_only: true
    - type: slide
      directions: [[1, 1], [-1, 1]]
      range: 1
      capture_only: true
  special_rules:
    en_passant: true
    promotion:
      rank: 8
      options: [queen, rook, bishop, knight]
grasshopper:
  name: \"Grasshopper\"
  symbol: \"G\"
  value: 2
  moves:
    - type: hopper
      directions: [[1,0], [-1,0], [0,1], [0,-1], [1,1], [1,-1], [-1,1], [-1,-1]]
      hurdle_count: 1
      land_distance: 1
";

/// Pieces that between them use every field and every kind of vector set.
const EVERY_FIELD: &str = "
short_rook:
  name: Short rook
  symbol: SR
  moves:
    - { type: slide, directions: [[1,0],[-1,0],[0,1],[0,-1]], range: 3 }
crooked_slider:
  name: Crooked slider
  symbol: CS
  moves:
    - { type: slide, directions: [[0,1],[1,1]], range: 2, move_only: true }
    - { type: slide, directions: [[-1,-1],[1,0]], capture_only: true }
    - { type: slide, directions: [[0,-1]], range: 4, initial_only: true }
nightrider:
  name: Nightrider
  symbol: NR
  moves:
    - { type: slide, directions: [[1,2],[1,-2],[-1,2],[-1,-2],[2,1],[2,-1],[-2,1],[-2,-1]] }
forward_nightrider:
  name: Forward nightrider
  symbol: FN
  moves:
    - { type: slide, directions: [[1,2],[-1,2]], range: 2, capture_only: true }
    - { type: slide, directions: [[2,0]], range: unlimited }
berolina:
  name: Berolina pawn
  symbol: BP
  moves:
    - { type: slide, directions: [[1,1],[-1,1]], range: 1, move_only: true }
    - { type: slide, directions: [[1,1],[-1,1]], range: 2, move_only: true, initial_only: true }
    - { type: leap, vectors: [[0,1]], capture_only: true }
  special_rules: { en_passant: true, promotion: { rank: 8, options: [queen] } }
odd_leaper:
  name: Odd leaper
  symbol: OL
  moves:
    - { type: leap, vectors: [[1,2],[2,1],[-3,1],[1,0]] }
    - { type: leap, vectors: [[1,4],[-4,-1]], move_only: true }
    - { type: leap, vectors: [[0,2],[0,3]], initial_only: true, capture_only: true }
    - { type: leap, vectors: [[2,2],[-2,2],[2,-2],[-2,-2]] }
king_steps:
  name: Forward king
  symbol: FK
  royal: true
  value: 4
  description: Steps forward or sideways.
  moves:
    - { type: leap, vectors: [[1,0],[-1,0],[0,1],[1,1],[-1,1]] }
  special_rules: { castling: { kingside: true, queenside: false } }
hoppers:
  name: Hoppers
  symbol: HP
  moves:
    - { type: hopper, directions: [[1,0],[-1,0]], move_only: true }
    - { type: hopper, directions: [[1,1],[-1,-1],[1,-1]], capture_only: true }
    - { type: hopper, directions: [[1,2],[-2,-1]], hurdle_count: 1, land_distance: 1 }
    - { type: hopper, directions: [[0,1]], initial_only: true }
";

/// The squares a definition reaches, walked straight from the URC text's meaning:
/// `turn` 1 for White, -1 for Black (whose forward is down the board and right is
/// toward the a-file); `at` is in board coordinates and knows no Betza.
fn urc_walk(
    def: &UrcDefinition,
    at: &dyn Fn(i32, i32) -> Occupant,
    from: (i32, i32),
    unmoved: bool,
    turn: i32,
) -> Vec<Destination> {
    let on_board = |(x, y): (i32, i32)| (0..8).contains(&x) && (0..8).contains(&y);
    let occupant = |sq: (i32, i32)| {
        if sq == from {
            Occupant::Empty
        } else {
            at(sq.0, sq.1)
        }
    };
    let ending = |o: Occupant, move_only: bool, capture_only: bool| match o {
        Occupant::Empty => (!capture_only).then_some(Ending::Move),
        Occupant::Enemy => (!move_only).then_some(Ending::Capture),
        _ => None,
    };
    let mut out = Vec::new();
    for m in &def.moves {
        match m {
            UrcMove::Slide {
                directions,
                range,
                move_only,
                capture_only,
                initial_only,
            } => {
                if *initial_only && !unmoved {
                    continue;
                }
                let limit = match range {
                    UrcRange::Unlimited => u32::MAX,
                    UrcRange::Squares(n) => *n,
                };
                for &[dx, dy] in directions {
                    let mut sq = from;
                    for _ in 0..limit {
                        sq = (sq.0 + turn * dx, sq.1 + turn * dy);
                        if !on_board(sq) {
                            break;
                        }
                        let o = occupant(sq);
                        if let Some(r) = ending(o, *move_only, *capture_only) {
                            out.push((sq, r));
                        }
                        if o != Occupant::Empty {
                            break;
                        }
                    }
                }
            }
            UrcMove::Leap {
                vectors,
                move_only,
                capture_only,
                initial_only,
            } => {
                if *initial_only && !unmoved {
                    continue;
                }
                for &[dx, dy] in vectors {
                    let sq = (from.0 + turn * dx, from.1 + turn * dy);
                    if on_board(sq)
                        && let Some(r) = ending(occupant(sq), *move_only, *capture_only)
                    {
                        out.push((sq, r));
                    }
                }
            }
            UrcMove::Hopper {
                directions,
                hurdle_count,
                land_distance,
                move_only,
                capture_only,
                initial_only,
            } => {
                if *initial_only && !unmoved {
                    continue;
                }
                for &[dx, dy] in directions {
                    let (mut sq, mut hurdles, mut beyond) = (from, 0, 0);
                    loop {
                        sq = (sq.0 + turn * dx, sq.1 + turn * dy);
                        if !on_board(sq) {
                            break;
                        }
                        let o = occupant(sq);
                        if hurdles < *hurdle_count {
                            if o != Occupant::Empty {
                                hurdles += 1;
                            }
                            continue;
                        }
                        beyond += 1;
                        if beyond == *land_distance {
                            if let Some(r) = ending(o, *move_only, *capture_only) {
                                out.push((sq, r));
                            }
                            break;
                        }
                        if o != Occupant::Empty {
                            break;
                        }
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The squares a Betza string reaches on an 8×8 board in board coordinates; for Black
/// the board is turned round to the mover's view and the answer turned back.
fn betza_walk(
    betza: &str,
    at: &dyn Fn(i32, i32) -> Occupant,
    from: (i32, i32),
    unmoved: bool,
    black: bool,
) -> Vec<Destination> {
    let compiled = chains(&parse(betza).unwrap_or_else(|e| panic!("{betza}: {e}")));
    let turn = |(x, y): (i32, i32)| if black { (7 - x, 7 - y) } else { (x, y) };
    let seen = |x: i32, y: i32| {
        let (bx, by) = turn((x, y));
        at(bx, by)
    };
    let board = Occupancy {
        files: 8,
        ranks: 8,
        at: &seen,
    };
    let mut out: Vec<Destination> = chain_destinations(&compiled, &board, turn(from), unmoved)
        .into_iter()
        .map(|(sq, r)| (turn(sq), r))
        .collect();
    out.sort_unstable();
    out
}

/// Boards as squares holding a friend or an enemy of the mover: empty, a game's opening
/// ranks, a cluster round the centre, and some scatterings.
fn boards() -> Vec<HashMap<(i32, i32), Occupant>> {
    let mut out = vec![HashMap::new()];
    let mut opening = HashMap::new();
    for x in 0..8 {
        for (y, o) in [
            (0, Occupant::Friend),
            (1, Occupant::Friend),
            (6, Occupant::Enemy),
            (7, Occupant::Enemy),
        ] {
            opening.insert((x, y), o);
        }
    }
    out.push(opening);
    let cluster = [
        ((3, 4), Occupant::Friend),
        ((4, 5), Occupant::Enemy),
        ((2, 2), Occupant::Enemy),
        ((5, 3), Occupant::Friend),
        ((4, 2), Occupant::Enemy),
        ((1, 5), Occupant::Enemy),
        ((6, 6), Occupant::Friend),
    ];
    out.push(cluster.into_iter().collect());
    for seed in 1u64..=8 {
        let mut scatter = HashMap::new();
        for x in 0..8 {
            for y in 0..8 {
                let mut h = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (x * 8 + y) as u64;
                h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                h ^= h >> 29;
                match h % 6 {
                    0 => scatter.insert((x, y), Occupant::Friend),
                    1 => scatter.insert((x, y), Occupant::Enemy),
                    _ => None,
                };
            }
        }
        out.push(scatter);
    }
    out
}

/// Checks that `piece`'s Betza and its URC definition reach the same squares, the same
/// way, on every board, from every empty square, moved or not, for both sides.
fn agrees(piece: &UrcPiece) {
    for (n, board) in boards().iter().enumerate() {
        let at = |x: i32, y: i32| board.get(&(x, y)).copied().unwrap_or(Occupant::Empty);
        for x in 0..8 {
            for y in 0..8 {
                if board.contains_key(&(x, y)) {
                    continue;
                }
                for unmoved in [true, false] {
                    for (black, turn) in [(false, 1), (true, -1)] {
                        let want = urc_walk(&piece.definition, &at, (x, y), unmoved, turn);
                        let got = betza_walk(&piece.betza, &at, (x, y), unmoved, black);
                        assert_eq!(
                            got,
                            want,
                            "{} ({}) on board {n} from {:?}, unmoved {unmoved}, black {black}",
                            piece.id,
                            piece.betza,
                            (x, y)
                        );
                    }
                }
            }
        }
    }
}

fn shipped_yaml() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/urc-pieces.yaml"))
        .expect("levels/urc-pieces.yaml")
}

fn betzas(pieces: &[UrcPiece]) -> Vec<(&str, &str)> {
    pieces
        .iter()
        .map(|p| (p.id.as_str(), p.betza.as_str()))
        .collect()
}

#[test]
fn urc_seed_examples_become_betza_and_go_where_they_say() {
    let pieces = read_yaml(SEED_EXAMPLES).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        betzas(&pieces),
        [
            ("knight", "N"),
            ("pawn", "mfW|imfW2|cefF"),
            ("grasshopper", "gQ")
        ]
    );
    for p in &pieces {
        agrees(p);
    }
}

#[test]
fn urc_pieces_using_every_field_go_where_they_say() {
    let pieces = read_yaml(EVERY_FIELD).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        betzas(&pieces),
        [
            ("short_rook", "W3"),
            ("crooked_slider", "mf^K2|crR|cblB|ibW4"),
            ("nightrider", "N0"),
            ("forward_nightrider", "cfN2|rD0"),
            ("berolina", "mfF|imfF2|cefW"),
            ("odd_leaper", "rW|frN|l^M|mf^l_(1,4)|icfD|icfH|A"),
            ("king_steps", "frflK"),
            ("hoppers", "mghR|cgbfrB|gf^l_N0|igfR"),
        ]
    );
    for p in &pieces {
        agrees(p);
    }
}

#[test]
fn urc_shipped_file_converts_every_piece() {
    let pieces = read_yaml(&shipped_yaml()).unwrap_or_else(|e| panic!("urc-pieces.yaml:{e}"));
    assert_eq!(
        betzas(&pieces),
        [
            ("king", "K"),
            ("pawn", "mfW|imfW2|cefF"),
            ("knight", "N"),
            ("bishop", "B"),
            ("rook", "R"),
            ("queen", "Q"),
            ("grasshopper", "gQ"),
            ("grasshopper2", "gQ-!sK"),
            ("camel", "M"),
            ("nightrider", "N0"),
        ]
    );
    let king = &pieces[0].definition;
    assert!(king.royal);
    let castling = king
        .special_rules
        .as_ref()
        .and_then(|s| s.castling)
        .expect("the king castles");
    assert!(castling.kingside && castling.queenside);
    let pawn = pieces[1].definition.special_rules.as_ref().expect("rules");
    assert!(pawn.en_passant);
    let promotion = pawn.promotion.as_ref().expect("the pawn promotes");
    assert_eq!(promotion.rank, 8);
    assert_eq!(promotion.options, ["queen", "rook", "bishop", "knight"]);
    assert_eq!(pieces[8].definition.value, Some(2.5));
    for p in &pieces {
        assert_eq!(p.definition.symbol.len(), 1, "{}", p.id);
        agrees(p);
    }
}

/// The demo level's pieces: each letter with the URC piece it names or embeds.
fn demo_pieces() -> Vec<(char, UrcPiece, toml::Table)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let text = std::fs::read_to_string(root.join("urc-demo.toml")).expect("urc-demo.toml");
    let level: toml::Table = toml::from_str(&text).expect("TOML");
    let pieces = level["pieces"].as_table().expect("[pieces]");
    let mut out = Vec::new();
    for (key, section) in pieces {
        let section = section.as_table().expect("a piece table").clone();
        let letter = key.chars().next().expect("a letter");
        assert!(
            !section.contains_key("betza"),
            "{key}: the demo writes every piece in URC"
        );
        let piece = match section.get("urc").expect("a urc key") {
            toml::Value::String(reference) => {
                let (file, id) = reference.split_once('#').expect("FILE#ID");
                let yaml = std::fs::read_to_string(root.join(file)).expect("the URC file");
                let found = read_yaml(&yaml).unwrap_or_else(|e| panic!("{file}:{e}"));
                found
                    .into_iter()
                    .find(|p| p.id == id)
                    .unwrap_or_else(|| panic!("{reference}: no such piece"))
            }
            toml::Value::Table(inline) => {
                let definition: UrcDefinition = inline
                    .clone()
                    .try_into()
                    .unwrap_or_else(|e| panic!("[pieces.{key}.urc]: {e}"));
                let betza = to_betza(&definition).unwrap_or_else(|e| panic!("{key}: {e}"));
                assert_eq!(
                    UrcPiece::new(key, definition.clone())
                        .expect("converts")
                        .betza,
                    betza
                );
                UrcPiece {
                    id: key.clone(),
                    definition,
                    betza,
                }
            }
            other => panic!("{key}: urc = {other}: expected \"FILE#ID\" or a table"),
        };
        out.push((letter, piece, section));
    }
    out
}

#[test]
fn urc_demo_level_names_and_embeds_pieces_that_convert() {
    let pieces = demo_pieces();
    let letters: String = pieces.iter().map(|(l, _, _)| *l).collect();
    assert_eq!(letters.len(), 11);
    let mut inline: Vec<(&str, &str)> = pieces
        .iter()
        .filter(|(_, _, s)| s["urc"].is_table())
        .map(|(_, p, _)| (p.id.as_str(), p.betza.as_str()))
        .collect();
    inline.sort_unstable();
    assert_eq!(inline, [("A", "F2|mW"), ("W", "N|M")]);
    for (_, piece, _) in &pieces {
        agrees(piece);
    }
}

#[test]
fn urc_demo_level_plays_in_the_grid_engine() {
    let pieces = demo_pieces();
    let letters: Vec<char> = pieces.iter().map(|(l, _, _)| *l).collect();
    let index =
        |c: char| areachess::grid::Role::new(letters.iter().position(|&l| l == c).expect("a type"));
    let types = pieces
        .iter()
        .map(|(letter, piece, section)| {
            let mut t = PieceType::new(*letter, &piece.definition.name, &piece.betza)
                .unwrap_or_else(|e| panic!("{letter}: {e}"));
            t.royal = section.get("royal").and_then(toml::Value::as_bool) == Some(true);
            if section.contains_key("promotion") {
                t.promotion = Some(Promotion {
                    to: "QRBN".chars().map(index).collect(),
                    black_to: None,
                    zone: 1,
                    optional: false,
                    captured_only: false,
                    from_zone: false,
                    squares: [None, None],
                });
            }
            t
        })
        .collect();
    let castling = Castling {
        king: index('K'),
        rook: index('R'),
        also: None,
        king_steps: 2,
        lands: None,
        chess960: false,
    };
    let mut variant = Variant::new(
        Geometry::new(8, 8).expect("8x8"),
        types,
        Some(castling),
        Stalemate::Draw,
        RoyalRule::Checkmate,
    )
    .expect("a variant");
    let mut start = areachess::grid::set_setup(
        &mut variant,
        "rnbqkbnr/pppppppp/1ahwc1g1/8/8/1G1CWHA1/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .expect("the demo's setup");
    let first = perft(&variant, &mut start, 1);
    let mut mirrored = parse_fen(
        &variant,
        "rnbqkbnr/pppppppp/1ahwc1g1/8/8/1G1CWHA1/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    )
    .expect("Black to move");
    assert!(first > 20, "{first}");
    assert_eq!(
        perft(&variant, &mut mirrored, 1),
        first,
        "the setup is symmetric"
    );
    // The loader reads the same level from the file: the same counts two plies deep.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/urc-demo.toml");
    let loaded = areachess::level::load(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_grid()
        .expect("grid");
    let mut from_file = loaded.start.clone();
    assert_eq!(
        perft(&loaded.variant, &mut from_file, 2),
        perft(&variant, &mut start, 2)
    );
    assert_eq!(crate::support::royal_letters(&loaded.variant), ['K']);
}

#[test]
fn urc_demo_level_keeps_exactly_the_legal_moves_along_random_games() {
    // Its grasshopper-2 is a chain: its checks are found by generating its moves.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/urc-demo.toml");
    let level = areachess::level::load(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_grid()
        .expect("grid");
    for seed in 1..=6 {
        crate::grid::fast_legality_agrees_along_a_game(
            &level.variant,
            level.start.clone(),
            seed * 0x2545_F491_4F6C_DD1D,
            80,
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

const URC_LEVEL: &str = "name = \"u\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n[pieces.K]\nurc = \"urc-pieces.yaml#king\"\n[pieces.Q]\nurc = \"urc-pieces.yaml#queen\"\n[pieces.P]\nurc = \"urc-pieces.yaml#pawn\"\n[pieces.R]\nurc = \"urc-pieces.yaml#rook\"\n[rules]\nsetup = \"r3k2r/8/8/8/8/8/P7/R3K2R w KQkq - 0 1\"\n";

#[test]
fn urc_references_resolve_beside_the_level_and_their_rules_apply() {
    let levels = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let name = levels.join("u.toml");
    let name = name.to_str().expect("utf-8");
    let level = areachess::level::parse(name, URC_LEVEL)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_grid()
        .expect("grid");
    let v = &level.variant;
    let king = v.role_of_letter('K').expect("K");
    assert!(v.is_royal(king), "the URC king is royal");
    let pawn = &v[v.role_of_letter('P').expect("P")];
    let promotion = pawn.promotion.as_ref().expect("the URC pawn promotes");
    assert_eq!(promotion.zone, 1);
    assert_eq!(
        promotion.to,
        [
            v.role_of_letter('Q').expect("Q"),
            v.role_of_letter('R').expect("R")
        ],
        "the queen and the rook are on this level; the bishop and knight are passed over"
    );
    // The URC king castles with the level's rook, both ways as the FEN allows.
    let castling = v.castling.expect("URC castling");
    assert_eq!(
        (castling.king, castling.rook, castling.king_steps),
        (king, v.role_of_letter('R').expect("R"), 2)
    );
    let mut pos = level.start.clone();
    let mut list = Vec::new();
    areachess::grid::legal_moves(v, &mut pos, &mut list);
    let texts: Vec<String> = list
        .iter()
        .map(|&m| areachess::grid::move_text(v, m))
        .collect();
    assert!(
        texts.contains(&"e1g1".to_string()) && texts.contains(&"e1c1".to_string()),
        "{texts:?}"
    );
    // Without a rook there is nothing to castle with.
    let rookless = URC_LEVEL
        .replace("[pieces.R]\nurc = \"urc-pieces.yaml#rook\"\n", "")
        .replace(
            "r3k2r/8/8/8/8/8/P7/R3K2R w KQkq",
            "4k3/8/8/8/8/8/P7/4K3 w -",
        );
    let e = areachess::level::parse(name, &rookless).expect_err("no rook");
    assert!(
        e.to_string()
            .contains("urc castling: this level has no rook"),
        "{e}"
    );
    for (from, to, says) in [
        (
            "urc-pieces.yaml#king",
            "urc-pieces.yaml#kong",
            "has no piece \"kong\"",
        ),
        ("urc-pieces.yaml#king", "no-such.yaml#king", "cannot read"),
        (
            "urc-pieces.yaml#king",
            "urc-pieces.yaml",
            "expected \"FILE.yaml#id\"",
        ),
    ] {
        let text = URC_LEVEL.replacen(from, to, 1);
        let e = areachess::level::parse(name, &text).expect_err(to);
        assert_eq!(e.0.len(), 1, "{e}");
        assert_eq!((e.0[0].span.line, e.0[0].span.column), (7, 7), "{e}");
        assert!(
            matches!(e.0[0].kind, LevelErrorKind::UrcReference(_)),
            "{e}"
        );
        assert!(e.0[0].kind.to_string().contains(says), "{e}");
    }
    let embedded = URC_LEVEL.replace(
        "urc = \"urc-pieces.yaml#queen\"",
        "urc = { name = \"Queen\", symbol = \"Q\", moves = [{ type = \"slide\", directions = [[1, 1]], range = 0 }] }",
    );
    let e = areachess::level::parse(name, &embedded).expect_err("range 0");
    assert!(
        matches!(
            e.0[0].kind,
            LevelErrorKind::Urc(UrcRefusal::Move {
                problem: UrcMoveProblem::Range(0),
                ..
            })
        ),
        "{e}"
    );
    assert!(e.0[0].kind.to_string().starts_with("urc: "), "{e}");
}

/// A variant of the shipped URC pieces, without promotion or castling.
fn shipped_variant() -> (Variant, Vec<UrcPiece>) {
    let pieces = read_yaml(&shipped_yaml()).expect("reads");
    let types = pieces
        .iter()
        .map(|p| {
            let letter = p.definition.symbol.chars().next().expect("a symbol");
            PieceType::new(letter, &p.definition.name, &p.betza).expect("Betza")
        })
        .collect();
    let variant = Variant::new(
        Geometry::new(8, 8).expect("8x8"),
        types,
        None,
        Stalemate::Draw,
        RoyalRule::Checkmate,
    )
    .expect("a variant");
    (variant, pieces)
}

/// An 8×8 FEN with `mover` on `from`, `board`'s friends as knights of the mover's colour
/// and its enemies as knights of the other.
fn fen(
    mover: char,
    from: (i32, i32),
    board: &HashMap<(i32, i32), Occupant>,
    black: bool,
) -> String {
    let (friend, enemy) = if black { ('n', 'N') } else { ('N', 'n') };
    fen_of(8, 8, if black { 'b' } else { 'w' }, |x, y| {
        if (x, y) == from {
            return mover;
        }
        match board.get(&(x, y)) {
            Some(Occupant::Friend) => friend,
            Some(Occupant::Enemy) => enemy,
            _ => '.',
        }
    })
}

/// Checks that each of `pieces` (its letter its symbol's first) generates in the grid
/// engine exactly what its URC definition says, on the first `boards` boards, from every
/// empty square, moved or not, for both sides. `variant` holds the pieces and a type `N`
/// standing for friends and enemies; in it every piece is unmoved.
fn engine_agrees(variant: &Variant, pieces: &[UrcPiece], boards_used: usize) {
    let unmoved_variant = variant;
    let mut moved_variant = unmoved_variant.clone();
    // Against an empty setup every piece has moved.
    areachess::grid::set_setup(&mut moved_variant, "8/8/8/8/8/8/8/8 w - - 0 1")
        .expect("an empty setup");
    for board in boards().iter().take(boards_used) {
        let at = |x: i32, y: i32| board.get(&(x, y)).copied().unwrap_or(Occupant::Empty);
        for piece in pieces {
            let letter = piece.definition.symbol.chars().next().expect("a symbol");
            for (variant, unmoved) in [(unmoved_variant, true), (&moved_variant, false)] {
                for (black, turn) in [(false, 1), (true, -1)] {
                    let mover = if black {
                        letter.to_ascii_lowercase()
                    } else {
                        letter
                    };
                    for (x, y) in (0..8).flat_map(|x| (0..8).map(move |y| (x, y))) {
                        if board.contains_key(&(x, y)) {
                            continue;
                        }
                        let text = fen(mover, (x, y), board, black);
                        let pos = parse_fen(variant, &text).unwrap_or_else(|e| panic!("{e}"));
                        let g = variant.geometry;
                        let from = g.square(x, y).expect("on the board");
                        let mut list = Vec::new();
                        pseudo_moves(variant, &pos, &mut list);
                        let mut got: Vec<Destination> = list
                            .iter()
                            .filter(|m| m.from == from)
                            .map(|m| {
                                let reach = match m.kind {
                                    MoveKind::Quiet | MoveKind::Double => Ending::Move,
                                    MoveKind::Capture => Ending::Capture,
                                    other => panic!("{text}: {other:?}"),
                                };
                                ((g.file(m.to), g.rank(m.to)), reach)
                            })
                            .collect();
                        got.sort_unstable();
                        got.dedup();
                        let want = urc_walk(&piece.definition, &at, (x, y), unmoved, turn);
                        assert_eq!(got, want, "{} ({}) in {text}", piece.id, piece.betza);
                    }
                }
            }
        }
    }
}

#[test]
fn urc_pieces_move_alike_in_the_grid_engine_for_both_sides() {
    let (variant, pieces) = shipped_variant();
    engine_agrees(&variant, &pieces, 4);
}

/// Hoppers over one to three pieces landing one to three squares beyond the last, with
/// orthogonal, diagonal and knight-line directions and each flag: `(hurdles, land)` and
/// the piece, its symbol a letter from `H` on.
fn counted_hoppers() -> Vec<((u32, u32), UrcPiece)> {
    let flavours = [
        (
            "[[1,0],[-1,0],[0,1],[0,-1],[1,1],[1,-1],[-1,1],[-1,-1]]",
            "",
        ),
        (
            "[[0,1],[1,1],[-1,-1],[1,0]]",
            ", move_only: true, initial_only: true",
        ),
        ("[[1,2],[-2,1],[0,-1]]", ", capture_only: true"),
    ];
    let mut out = Vec::new();
    for hurdles in 1..=3 {
        for land in 1..=3 {
            let (directions, flags) = flavours[out.len() % flavours.len()];
            let yaml = format!(
                "h{hurdles}{land}:\n  name: Hopper\n  symbol: X\n  moves:\n    - {{ type: hopper, directions: {directions}, hurdle_count: {hurdles}, land_distance: {land}{flags} }}\n"
            );
            let piece = read_yaml(&yaml)
                .unwrap_or_else(|e| panic!("{e}\n{yaml}"))
                .remove(0);
            out.push(((hurdles, land), piece));
        }
    }
    out
}

#[test]
fn urc_hoppers_over_any_count_landing_any_distance_go_where_they_say() {
    let hoppers = counted_hoppers();
    assert_eq!(hoppers.len(), 9);
    let betzas: Vec<&str> = hoppers.iter().map(|(_, p)| p.betza.as_str()).collect();
    assert_eq!(betzas[0], "gQ");
    assert_eq!(betzas[1], "igfrR-!msW|igfrblB-!msF");
    assert_eq!(
        betzas[4],
        "igfR+!bW+!gfR-!msW|igrR+!lW+!grR-!msW|igblB+!frF+!gblB-!msF|igfrB+!blF+!gfrB-!msF"
    );
    assert_eq!(
        betzas[8],
        "gbR+!fW+!gbR+!fW+!gbR-!sW-!csW|gl^N0+!r_N+!gl^N0+!r_N+!gl^N0-!sN-!csN|gf^N0+!b_N+!gf^N0+!b_N+!gf^N0-!sN-!csN"
    );
    for ((hurdles, land), piece) in &hoppers {
        assert!(
            piece.betza.matches('g').count() >= *hurdles as usize,
            "{hurdles} {land}: {}",
            piece.betza
        );
        agrees(piece);
    }
}

#[test]
fn urc_hoppers_over_any_count_move_alike_in_the_grid_engine() {
    for (_, piece) in counted_hoppers() {
        let hopper = PieceType::new('X', "Hopper", &piece.betza).expect("Betza");
        let stand_in = PieceType::new('N', "Knight", "N").expect("Betza");
        let variant = Variant::new(
            Geometry::new(8, 8).expect("8x8"),
            vec![hopper, stand_in],
            None,
            Stalemate::Draw,
            RoyalRule::Checkmate,
        )
        .expect("a variant");
        engine_agrees(&variant, std::slice::from_ref(&piece), 4);
    }
}

#[test]
fn a_king_a_counted_hopper_could_take_is_in_check() {
    let yaml = "x:\n  name: Long hopper\n  symbol: X\n  moves:\n    - { type: hopper, directions: [[0,1],[1,0],[0,-1],[-1,0]], hurdle_count: 2, land_distance: 2 }\n";
    let piece = read_yaml(yaml).expect("reads").remove(0);
    let mut king = PieceType::new('K', "King", "K").expect("Betza");
    king.royal = true;
    let variant = Variant::new(
        Geometry::new(8, 8).expect("8x8"),
        vec![
            PieceType::new('X', "Long hopper", &piece.betza).expect("Betza"),
            king,
            PieceType::new('N', "Knight", "N").expect("Betza"),
        ],
        None,
        Stalemate::Draw,
        RoyalRule::Checkmate,
    )
    .expect("a variant");
    let check = |fen: &str| {
        let pos = parse_fen(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        areachess::grid::in_check(&variant, &pos)
    };
    // Over a2 and a4 (a friend and an enemy), past the empty a5, onto a6.
    assert!(check("8/8/k7/8/n7/8/N7/X6K b - - 0 1"));
    assert!(
        !check("8/8/k7/n7/n7/8/N7/X6K b - - 0 1"),
        "a5 must be empty"
    );
    assert!(
        !check("8/k7/8/8/n7/8/N7/X6K b - - 0 1"),
        "a7 is three beyond"
    );
    assert!(
        !check("8/8/k7/8/8/8/N7/X6K b - - 0 1"),
        "one hurdle is not enough"
    );
    // Black's hopper the same way down the board.
    assert!(check("x6k/n7/8/N7/8/K7/8/8 w - - 0 1"));
    // A black king may not step onto a square the hopper attacks.
    let mut pos = parse_fen(&variant, "8/8/8/k7/n7/8/N7/X6K b - - 0 1").expect("FEN");
    let mut list = Vec::new();
    areachess::grid::legal_moves(&variant, &mut pos, &mut list);
    let to: Vec<String> = list
        .iter()
        .filter(|m| m.from == variant.geometry.square(0, 4).expect("a5"))
        .map(|&m| areachess::grid::move_text(&variant, m))
        .collect();
    assert!(!to.iter().any(|m| m.ends_with("a6")), "{to:?}");
    assert!(to.iter().any(|m| m.ends_with("b6")), "{to:?}");
}

/// After White's double step e2–e4, the moves of Black's pawn on d4 to e3.
fn en_passant_after_double_step(pawn_betza: &str) -> Vec<MoveKind> {
    let pawn = PieceType::new('P', "Pawn", pawn_betza).expect("Betza");
    let variant = Variant::new(
        Geometry::new(8, 8).expect("8x8"),
        vec![pawn],
        None,
        Stalemate::Draw,
        RoyalRule::Checkmate,
    )
    .expect("a variant");
    let mut pos = parse_fen(&variant, "8/8/8/8/3p4/8/4P3/8 w - - 0 1").expect("FEN");
    let g = variant.geometry;
    let sq = |name: &str| {
        let b = name.as_bytes();
        g.square(i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
            .expect("on the board")
    };
    let mut list = Vec::new();
    pseudo_moves(&variant, &pos, &mut list);
    let double = *list
        .iter()
        .find(|m| m.from == sq("e2") && m.to == sq("e4"))
        .expect("the double step");
    assert_eq!(double.kind, MoveKind::Double);
    pos.make(&variant, double);
    pseudo_moves(&variant, &pos, &mut list);
    list.iter()
        .filter(|m| m.from == sq("d4") && m.to == sq("e3"))
        .map(|m| m.kind)
        .collect()
}

#[test]
fn urc_en_passant_lets_a_pawn_take_one_that_passed() {
    let pawn = read_yaml(SEED_EXAMPLES).expect("reads").remove(1);
    let kinds = en_passant_after_double_step(&pawn.betza);
    assert!(
        matches!(kinds[..], [MoveKind::EnPassant { .. }]),
        "{kinds:?}"
    );
    let mut plain = pawn.definition.clone();
    plain.special_rules = None;
    assert_eq!(
        en_passant_after_double_step(&to_betza(&plain).expect("converts")),
        []
    );
}
