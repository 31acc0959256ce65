//! Loading level files: the shipped one, and errors placed at their line and column.

use areachess::level;

fn errors(text: &str) -> Vec<String> {
    match level::parse("t.toml", text) {
        Ok(_) => vec![],
        Err(e) => e.0.iter().map(ToString::to_string).collect(),
    }
}

const GOOD: &str = "name = \"x\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 8\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";

#[test]
fn a_minimal_level_loads_with_default_lengths() {
    let level = level::parse("t.toml", GOOD).expect("loads");
    let c = level.into_continuous().expect("continuous");
    assert_eq!(c.start.pieces().len(), 2);
    assert!((c.board.king_reach - 4.0).abs() < 1e-12);
}

#[test]
fn unknown_keys_are_placed_at_their_line() {
    let text = GOOD.replace("ranks = 8\n", "ranks = 8\nfile = 3\n");
    let errs = errors(&text);
    assert_eq!(errs.len(), 1);
    assert!(
        errs[0]
            .starts_with("t.toml:6:1: unknown key `file` in [board]: expected one of files, ranks"),
        "{errs:?}"
    );
}

#[test]
fn every_bad_length_is_reported_not_only_the_first() {
    let text = GOOD.replace(
        "[rules]",
        "[continuous]\nking_reach = -1\nmin_move = 0\npromotion = [\"K\"]\n[rules]",
    );
    let errs = errors(&text);
    assert_eq!(
        errs,
        [
            "t.toml:7:14: king_reach = -1: expected a positive length, at most 1e6 (in units of R)",
            "t.toml:8:12: min_move = 0: expected a positive length, at most 1e6 (in units of R)",
            "t.toml:9:14: promotion to \"K\": that piece is royal, and a side has exactly one",
        ]
    );
}

#[test]
fn a_setup_that_does_not_fit_the_board_is_refused() {
    let errs = errors(&GOOD.replace("4k3/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8"));
    assert!(
        errs[0].contains("t.toml:7:9: setup: the FEN has 7 ranks; the board has 8"),
        "{errs:?}"
    );
}

#[test]
fn a_mode_the_loader_does_not_know_is_refused_at_its_value() {
    let errs = errors(&GOOD.replace("\"continuous\"", "\"hexagonal\""));
    assert!(
        errs[0].starts_with(
            "t.toml:2:8: `mode` = \"hexagonal\": expected one of \"continuous\", \"grid\""
        ),
        "{errs:?}"
    );
    assert_eq!(errs.len(), 1, "{errs:?}");
}

const GRID: &str = "name = \"g\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n[pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.P]\nbetza = \"mfW|cfF\"\npromotion = { to = [\"Q\"], zone = 1 }\n[pieces.Q]\nbetza = \"Q\"\n[rules]\nsetup = \"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\"\n";

#[test]
fn a_grid_level_loads_its_pieces_and_setup() {
    let level = level::parse("g.toml", GRID).expect("loads");
    let grid = level.into_grid().expect("grid");
    assert_eq!(grid.variant.types.len(), 3);
    assert_eq!(grid.start.pieces(areachess::play::Color::White).len(), 9);
}

#[test]
fn grid_level_errors_point_into_the_file() {
    let bad_betza = GRID.replace("betza = \"Q\"", "betza = \"QN-!\"");
    assert_eq!(
        errors(&bad_betza),
        ["t.toml:13:12: betza \"QN-!\": chain '-!' at column 3 needs an atom after it"]
    );
    let all = GRID
        .replace("to = [\"Q\"], zone = 1", "to = [\"Z\"], zone = 9")
        .replace("[pieces.Q]", "[pieces.q]")
        .replace(
            "[rules]\n",
            "[rules]\nstalemate = \"maybe\"\ncastling = { rook = \"R\" }\n",
        );
    let errs = errors(&all);
    assert_eq!(errs.len(), 5, "{errs:?}");
    assert!(
        errs.iter()
            .any(|e| e.starts_with("t.toml:12:9: key `q` in [pieces]: expected one upper-case")),
        "{errs:?}"
    );
    assert!(
        errs.iter().any(|e| e.contains("promotion to \"Z\"")),
        "{errs:?}"
    );
    assert!(
        errs.iter().any(|e| e.contains("promotion zone 9")),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("`rules.stalemate` = \"maybe\": expected one of")),
        "{errs:?}"
    );
    assert!(
        errs.iter().any(|e| e.contains("castling rook \"R\"")),
        "{errs:?}"
    );
}

#[test]
fn a_bad_setup_fen_is_placed_at_its_column() {
    let text = GRID.replace("4k3/pppppppp", "4k3/ppppXppp");
    assert_eq!(
        errors(&text),
        ["t.toml:15:18: setup: FEN column 9: 'X' is not a piece of this level (nor * or @)"]
    );
}

#[test]
fn a_setup_without_a_royal_piece_on_each_side_is_refused() {
    let text = GRID.replace("4k3/pppppppp", "8/pppppppp");
    assert_eq!(
        errors(&text),
        [
            "t.toml:15:10: setup: FEN column 1: Black has no royal piece (K): this level needs one on each side"
        ]
    );
    // A level with no royal type needs none.
    let text = GRID
        .replace("royal = true\n", "")
        .replace("4k3/pppppppp", "8/pppppppp");
    assert_eq!(errors(&text), Vec::<String>::new());
}

#[test]
fn grid_and_continuous_keys_do_not_mix() {
    let text = GRID.replace("[rules]", "[continuous]\nking_reach = 3.0\n[rules]");
    let errs = errors(&text);
    assert!(
        errs.iter().any(
            |e| e == "t.toml:14:2: `continuous` belongs to continuous levels; this one is grid"
        ),
        "{errs:?}"
    );
    let text = GOOD.replace("[rules]\n", "[rules]\nrepetition = 3\n");
    let errs = errors(&text);
    assert!(
        errs.iter()
            .any(|e| e.contains("`rules.repetition` belongs to grid levels")),
        "{errs:?}"
    );
    let text = GOOD.replace("[rules]\n", "[rules]\nstalemate = \"draw\"\n");
    let errs = errors(&text);
    assert!(
        errs.iter()
            .any(|e| e.contains("`rules.stalemate` belongs to grid levels; this one is continuous")),
        "{errs:?}"
    );
}

#[test]
fn game_courier_labels_are_letters_and_unique() {
    let bad = GRID.replace("[pieces.Q]\n", "[pieces.Q]\nlabel = \"Q1\"\n");
    assert_eq!(
        errors(&bad),
        ["t.toml:13:9: `pieces.Q.label` = \"Q1\": expected one to four upper-case letters A–Z"]
    );
    let clash = GRID.replace("[pieces.Q]\n", "[pieces.Q]\nlabel = \"K\"\n");
    assert_eq!(
        errors(&clash),
        ["t.toml:13:9: label \"K\": piece 'K' has it too"]
    );
    let good = GRID.replace("[pieces.Q]\n", "[pieces.Q]\nlabel = \"QU\"\n");
    let level = level::parse("g.toml", &good)
        .expect("loads")
        .into_grid()
        .expect("grid");
    assert_eq!(
        level.variant.role_of_label("qu"),
        Some(areachess::grid::Role::new(2))
    );
}

/// Every kind of level error, each at its exact line and column.
#[test]
fn every_kind_of_error_is_placed_exactly() {
    // (edit of GRID or GOOD, expected "line:col: start of message")
    let grid = |from: &str, to: &str| {
        assert!(GRID.contains(from), "{from}");
        GRID.replacen(from, to, 1)
    };
    let cont = |from: &str, to: &str| {
        assert!(GOOD.contains(from), "{from}");
        GOOD.replacen(from, to, 1)
    };
    let cases = [
        // TOML syntax: an unclosed table header.
        (grid("[board]", "[board"), "3:7: "),
        // A key the format does not have.
        (
            grid("files = 8", "files = 8\nfilez = 8"),
            "5:1: unknown key `filez` in [board]",
        ),
        // A required key missing: the table's start.
        (grid("ranks = 8\n", ""), "3:1: [board] needs `ranks`"),
        // A value of the wrong type.
        (
            grid("royal = true", "royal = 1"),
            "8:9: `pieces.K.royal`: expected true or false, found integer",
        ),
        // A choice outside its list.
        (
            grid("mode = \"grid\"", "mode = \"hex\""),
            "2:8: `mode` = \"hex\": expected one of",
        ),
        // A key of the other mode.
        (
            cont(
                "[rules]",
                "[pieces.A]\nbetza = \"BN\"\nvalue = 800\n[rules]",
            ),
            "8:1: `pieces.A.value` belongs to grid levels",
        ),
        // A board too large: the value.
        (
            grid("files = 8", "files = 30"),
            "4:9: files = 30: expected a whole number from 1 to 26",
        ),
        // A piece key that is not a letter.
        (
            grid("[pieces.Q]", "[pieces.QQ]"),
            "12:9: key `QQ` in [pieces]",
        ),
        // A piece without moves: its table.
        (
            grid("betza = \"Q\"", "name = \"Queen\""),
            "12:1: [pieces.Q] needs its moves",
        ),
        // A Betza error: the faulty character inside the string.
        (
            grid("betza = \"Q\"", "betza = \"Q-\""),
            "13:11: betza \"Q-\"",
        ),
        // A Ħasínū error: likewise.
        (
            grid("betza = \"Q\"", "hasinu = \"n8d & rpg(n8d)\""),
            "13:17: hasinu",
        ),
        // A URC reference to a file that is not there: the value.
        (
            grid("betza = \"Q\"", "urc = \"nowhere.yaml#q\""),
            "13:7: urc \"nowhere.yaml#q\": cannot read",
        ),
        // A promotion to a letter no piece has.
        (
            grid("to = [\"Q\"]", "to = [\"Z\"]"),
            "11:21: promotion to \"Z\"",
        ),
        // A promotion zone deeper than the board.
        (grid("zone = 1", "zone = 9"), "11:34: promotion zone 9"),
        // A castling partner that does not exist.
        (
            grid("[rules]\n", "[rules]\ncastling = { rook = \"X\" }\n"),
            "15:21: castling rook \"X\"",
        ),
        // Castling steps longer than the board.
        (
            grid(
                "[rules]\n",
                "[rules]\ncastling = { rook = \"Q\", king_steps = 8 }\n",
            ),
            "15:39: castling king_steps 8",
        ),
        // A repetition count of one (every position would draw).
        (
            grid("[rules]\n", "[rules]\nrepetition = 1\n"),
            "15:14: repetition 1: expected 0",
        ),
        // A negative move rule.
        (
            grid("[rules]\n", "[rules]\nmove_rule = -5\n"),
            "15:13: move_rule -5: expected 0",
        ),
        // A setup FEN with a letter no piece has: its column in the string.
        (
            grid("4k3/pppppppp", "4k3/pppzpppp"),
            "15:17: setup: FEN column 8: 'z' is not a piece",
        ),
        // A continuous length out of range.
        (
            cont("[rules]", "[continuous]\nmin_move = -2\n[rules]"),
            "7:12: min_move = -2",
        ),
        // A label that is not letters.
        (
            grid("royal = true", "royal = true\nlabel = \"K9\""),
            "9:9: `pieces.K.label` = \"K9\"",
        ),
    ];
    for (text, expected) in cases {
        let errs = errors(&text);
        assert!(
            errs.iter()
                .any(|e| e.starts_with(&format!("t.toml:{expected}"))),
            "expected t.toml:{expected}…, got {errs:?}\n{text}"
        );
    }
}

#[test]
fn draw_rules_default_to_fairy_stockfish_and_a_level_may_change_them() {
    use areachess::grid::DrawRules;
    let level = |text: &str| {
        level::parse("t.toml", text)
            .unwrap_or_else(|e| panic!("{e}"))
            .into_grid()
            .expect("a grid level")
            .variant
    };
    assert_eq!(level(GRID).draws, DrawRules::default());
    let v = level(&GRID.replace(
        "[rules]\n",
        "[rules]\nrepetition = 0\nmove_rule = 70\ninsufficient_material = false\n",
    ));
    assert_eq!(
        v.draws,
        DrawRules {
            repetition: 0,
            move_rule: 70,
            insufficient_material: false,
        }
    );
}

/// A continuous level with a piece of its own (docs/continuous-rules.md#pieces-from-betza): an archbishop beside the
/// classic army.
const FAIRY: &str = "name = \"f\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 8\n[pieces.A]\nname = \"Archbishop\"\nbetza = \"BN\"\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/A3K3 w - - 0 1\"\n";

fn fairy(from: &str, to: &str) -> String {
    assert!(FAIRY.contains(from), "{from}");
    FAIRY.replacen(from, to, 1)
}

fn continuous(text: &str) -> level::ContinuousLevel {
    level::parse("t.toml", text)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_continuous()
        .expect("continuous")
}

#[test]
fn a_declared_piece_is_compiled_on_the_levels_square() {
    use areachess::continuous::Kind;
    use areachess::continuous::shapes::{Form, compile_text};
    // The square is read first, so the archbishop's ring is √5 of these squares.
    let c = continuous(&fairy(
        "[pieces.A]",
        "[continuous]\nsquare = 3.0\n[pieces.A]",
    ));
    let archbishop = Kind::from_letter('A').expect("a letter");
    assert!(c.board.has(archbishop));
    assert_eq!(c.board.name_of(archbishop), "Archbishop");
    assert!(!c.board.is_royal(archbishop));
    let model = c.board.model_of(archbishop);
    assert_eq!(model, compile_text("BN", 3.0).expect("BN compiles"));
    let rings: Vec<f64> = model
        .shapes
        .iter()
        .filter_map(|s| match s.reach {
            Form::Ring { radius, .. } => Some(radius),
            _ => None,
        })
        .collect();
    assert_eq!(rings.len(), 1);
    assert!((rings[0] - 5f64.sqrt() * 3.0).abs() < 1e-12, "{rings:?}");
    // The letters it does not declare keep their classic pieces.
    assert_eq!(c.board.name_of(Kind::KNIGHT), "knight");
    assert!(c.board.is_royal(Kind::KING));
    assert_eq!(c.start.pieces().len(), 3);
}

/// Each refusal of a continuous piece, at its exact line and column.
#[test]
fn continuous_pieces_are_refused_at_their_place() {
    let cases = [
        // A Betza that does not read: the character at fault inside the string.
        (
            fairy("\"BN\"", "\"B%\""),
            "t.toml:8:11: betza \"B%\": '%' at column 2 is not expected here",
        ),
        // A chain: a continuous move is one leg.
        (
            fairy("\"BN\"", "\"B-N\""),
            "t.toml:8:11: betza \"B-N\": chain '-' at column 2 has no meaning on the continuous board: a move there is one slide or one jump, never two legs",
        ),
        // A hopper.
        (
            fairy("\"BN\"", "\"NpR\""),
            "t.toml:8:11: betza \"NpR\": 'p' at column 2 has no meaning on the continuous board: a cannon lands beyond a screen, but a slide stops at the first disc it touches",
        ),
        // A computer's value: the continuous game has no such table.
        (
            fairy("betza = \"BN\"", "betza = \"BN\"\nvalue = 800"),
            "t.toml:9:1: `pieces.A.value` belongs to grid levels; this one is continuous",
        ),
        // A promotion zone: the continuous board has a promotion line instead.
        (
            fairy(
                "betza = \"BN\"",
                "betza = \"BN\"\npromotion = { to = [\"Q\"], zone = 2 }",
            ),
            "t.toml:9:27: `pieces.A.promotion.zone` belongs to grid levels; this one is continuous: a continuous piece promotes on touching the line `[continuous] promotion_line`",
        ),
        // A promotion to a letter the board does not have.
        (
            fairy(
                "betza = \"BN\"",
                "betza = \"BN\"\npromotion = { to = [\"Q\", \"Z\"] }",
            ),
            "t.toml:9:26: promotion to \"Z\": no piece of this level has that letter",
        ),
        // A promotion to the royal piece.
        (
            fairy(
                "betza = \"BN\"",
                "betza = \"BN\"\npromotion = { to = [\"K\"] }",
            ),
            "t.toml:9:21: promotion to \"K\": that piece is royal, and a side has exactly one",
        ),
        // Moves in a notation of grid levels.
        (
            fairy("betza = \"BN\"", "hasinu = \"1x8d\""),
            "t.toml:8:1: `pieces.A.hasinu` belongs to grid levels; this one is continuous: a continuous piece gives its moves in `betza`",
        ),
        // Castling counted in squares.
        (
            fairy("[rules]\n", "[rules]\ncastling = { king_steps = 3 }\n"),
            "t.toml:10:14: `rules.castling.king_steps` belongs to grid levels; this one is continuous: a continuous king travels `[continuous] castling_king_travel`",
        ),
        // A castling partner the board does not have.
        (
            fairy("[rules]\n", "[rules]\ncastling = { rook = \"C\" }\n"),
            "t.toml:10:21: castling rook \"C\": no piece of this level has that letter",
        ),
        // A setup letter the level does not declare: its character in the FEN.
        (
            fairy("A3K3", "C3K3"),
            "t.toml:10:26: setup: 'C' in rank 1 is not a piece letter",
        ),
        // The classic pawn's list beside a pawn of the level's own.
        (
            fairy(
                "[rules]",
                "[pieces.P]\nbetza = \"mfW\"\n[continuous]\npromotion = [\"A\"]\n[rules]",
            ),
            "t.toml:12:13: promotion: this is the classic pawn's list, and [pieces.P] declares another pawn: give it `promotion = { to = [...] }`",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(errors(&text), [expected], "{text}");
    }
}

#[test]
fn the_king_is_royal_unless_the_level_names_its_own_royal_pieces() {
    use areachess::continuous::Kind;
    let general = Kind::from_letter('G').expect("a letter");
    // No piece says it is royal: the king is, even one the level redefines.
    let c = continuous(&fairy("[rules]", "[pieces.K]\nbetza = \"W\"\n[rules]"));
    assert!(c.board.is_royal(Kind::KING));
    // A royal general: exactly the declared royal pieces are royal, and the king is not,
    // so a setup needs one general a side, and its kings are ordinary pieces.
    let text = fairy(
        "[rules]",
        "[pieces.G]\nname = \"General\"\nbetza = \"K\"\nroyal = true\n[rules]",
    )
    .replace("4k3/8/8/8/8/8/8/A3K3", "4g3/8/8/8/8/8/k7/A3G2K");
    let c = continuous(&text);
    assert!(c.board.is_royal(general));
    assert!(!c.board.is_royal(Kind::KING));
    assert!(!c.board.is_royal(Kind::from_letter('A').expect("a letter")));
    assert_eq!(c.start.pieces().len(), 5);
    // The classic pawn's default choices leave a royal kind out.
    let text = fairy(
        "[rules]",
        "[pieces.N]\nbetza = \"K\"\nroyal = true\n[rules]",
    )
    .replace("4k3/8/8/8/8/8/8/A3K3", "4n3/8/8/8/8/8/8/A3N3");
    assert_eq!(
        continuous(&text).board.promotion,
        [Kind::QUEEN, Kind::ROOK, Kind::BISHOP]
    );
}

#[test]
fn the_classic_pawn_may_promote_to_a_piece_of_the_level() {
    use areachess::continuous::Kind;
    let archbishop = Kind::from_letter('A').expect("a letter");
    let c = continuous(&fairy(
        "[rules]",
        "[continuous]\npromotion = [\"A\", \"Q\"]\n[rules]",
    ));
    assert_eq!(c.board.promotion, [archbishop, Kind::QUEEN]);
    assert_eq!(c.board.promotion_of(Kind::PAWN), [archbishop, Kind::QUEEN]);
    // A declared piece promotes by its own list.
    let c = continuous(&fairy(
        "betza = \"BN\"",
        "betza = \"BN\"\npromotion = { to = [\"Q\", \"N\"] }",
    ));
    assert_eq!(
        c.board.promotion_of(archbishop),
        [Kind::QUEEN, Kind::KNIGHT]
    );
}

#[test]
fn a_continuous_level_names_the_kinds_that_castle() {
    use areachess::continuous::Kind;
    use areachess::continuous::board::Castling;
    let c = continuous(FAIRY);
    assert_eq!(
        c.board.castling,
        Some(Castling {
            king: Kind::KING,
            rook: Kind::ROOK
        }),
        "K with R unless the level says otherwise"
    );
    let c = continuous(&fairy(
        "[rules]\n",
        "[rules]\ncastling = { rook = \"A\" }\n",
    ));
    assert_eq!(
        c.board.castling,
        Some(Castling {
            king: Kind::KING,
            rook: Kind::from_letter('A').expect("a letter")
        })
    );
}

#[test]
fn a_declared_piece_keeps_its_picture_and_label() {
    use areachess::continuous::Kind;
    let c = continuous(&fairy(
        "betza = \"BN\"",
        "betza = \"BN\"\nimage = \"archbishop\"\nlabel = \"AB\"",
    ));
    let look = c.look(Kind::from_letter('A').expect("a letter"));
    assert_eq!(look.image.as_deref(), Some("archbishop"));
    assert_eq!(look.label, "AB");
    // A kind the level does not declare shows its letter.
    assert_eq!(c.look(Kind::KNIGHT).label, "N");
    assert_eq!(c.look(Kind::KNIGHT).image, None);
}
