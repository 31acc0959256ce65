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
            "t.toml:9:14: `continuous.promotion[0]` = \"K\": expected one of \"Q\", \"R\", \"B\", \"N\"",
            "t.toml:7:14: king_reach = -1: expected a positive length (in units of R)",
            "t.toml:8:12: min_move = 0: expected a positive length (in units of R)",
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
            cont("[rules]", "[pieces.K]\nbetza = \"K\"\n[rules]"),
            "6:2: `pieces` belongs to grid levels",
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
