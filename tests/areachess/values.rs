//! Piece values: estimated from a piece's own moves where the level gives none, the
//! level's `value` where it does, royal pieces worth nothing, bad values refused where
//! they stand.

use crate::support::{root, shipped_levels};
use areachess::grid::values::MAX_VALUE;
use areachess::grid::{Role, Variant};
use areachess::level;
use std::sync::Arc;

fn variant(file: &str) -> Arc<Variant> {
    level::load(&root().join("levels").join(file))
        .unwrap_or_else(|e| panic!("{e}"))
        .into_grid()
        .expect("a grid level")
        .variant
}

/// The value of the type with this letter.
fn value(v: &Variant, letter: char) -> i32 {
    v.value(role(v, letter))
}

fn role(v: &Variant, letter: char) -> Role {
    v.role_of_letter(letter)
        .unwrap_or_else(|| panic!("no piece {letter}"))
}

/// The variant of a grid level's text (as file `v.toml`).
fn parsed(text: &str) -> Arc<Variant> {
    level::parse("v.toml", text)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_grid()
        .expect("grid")
        .variant
}

fn grid_text(pieces: &str) -> String {
    format!(
        "name = \"v\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n{pieces}[rules]\nsetup = \"4k3/8/8/8/8/8/8/3NK3 w - - 0 1\"\n"
    )
}

#[test]
fn chess_pieces_are_worth_their_classical_values() {
    let v = variant("chess.toml");
    let within = |letter, lo, hi| {
        let x = value(&v, letter);
        assert!(
            (lo..=hi).contains(&x),
            "{letter} = {x}, expected {lo}..={hi}"
        );
    };
    within('P', 95, 105);
    within('N', 300, 340);
    within('B', 310, 360);
    within('R', 480, 540);
    within('Q', 880, 1000);
}

#[test]
fn chess_pieces_rank_queen_rook_bishop_knight_pawn() {
    let v = variant("chess.toml");
    let [p, n, b, r, q] = ['P', 'N', 'B', 'R', 'Q'].map(|c| value(&v, c));
    assert!(q > r && r > b && b >= n && n > p, "{q} {r} {b} {n} {p}");
}

#[test]
fn archbishop_and_chancellor_lie_between_rook_and_queen() {
    for file in ["capablanca.toml", "grand.toml"] {
        let v = variant(file);
        let [r, a, c, q] = ['R', 'A', 'C', 'Q'].map(|x| value(&v, x));
        assert!(r < a && a < c && c <= q, "{file}: R {r} A {a} C {c} Q {q}");
    }
    let v = variant("capablanca.toml");
    let [a, c] = ['A', 'C'].map(|x| value(&v, x));
    assert!((780..=900).contains(&a), "archbishop {a}");
    assert!((850..=950).contains(&c), "chancellor {c}");
}

#[test]
fn a_grasshopper_is_worth_less_than_a_queen_and_more_than_a_pawn() {
    let v = variant("grasshopper.toml");
    let [p, g, q] = ['P', 'G', 'Q'].map(|x| value(&v, x));
    assert!(p < g && g < q, "P {p} G {g} Q {q}");
}

#[test]
fn a_hop_two_beyond_its_hurdle_is_worth_less_than_a_grasshoppers() {
    let v = variant("urc-demo.toml");
    let [pawn, hop2, g] = ['P', 'H', 'G'].map(|x| value(&v, x));
    assert!(pawn < hop2 && hop2 < g, "P {pawn} H {hop2} G {g}");
}

#[test]
fn old_short_range_pieces_rank_below_the_rook() {
    // Shatranj: rook, horse, ferz (Q), alfil (B), pawn.
    let v = variant("shatranj.toml");
    let [r, n, ferz, alfil, p] = ['R', 'N', 'Q', 'B', 'P'].map(|x| value(&v, x));
    assert!(
        r > n && n > ferz && ferz > alfil && alfil > p,
        "{r} {n} {ferz} {alfil} {p}"
    );
    // Makruk: rua, ma, khon (S), met (M), bia.
    let v = variant("makruk.toml");
    let [r, n, khon, met, p] = ['R', 'N', 'S', 'M', 'P'].map(|x| value(&v, x));
    assert!(
        r > n && n > khon && khon > met && met > p,
        "{r} {n} {khon} {met} {p}"
    );
    // Courier: the courier (a bishop on 12 files) beats the knight; the mann (a commoner)
    // beats the schleich (wazir), which beats the ferz.
    let v = variant("courier.toml");
    let [r, b, n, mann, w, f, p] = ['R', 'B', 'N', 'M', 'W', 'F', 'P'].map(|x| value(&v, x));
    assert!(r > b && b > n && n > w, "R {r} B {b} N {n} W {w}");
    assert!(mann > w && w > f && f > p, "M {mann} W {w} F {f} P {p}");
}

#[test]
fn capturing_like_a_rider_is_worth_more_than_moving_like_one() {
    // As Fairy-Stockfish's hand-set values have it: knibis over biskni, kniroo over rookni.
    let v = variant("hoppelpoppel.toml");
    assert!(value(&v, 'N') > value(&v, 'B'));
    let v = variant("newzealand.toml");
    assert!(value(&v, 'N') > value(&v, 'R'));
}

#[test]
fn shako_and_obento_compounds_outrank_their_parts() {
    let v = variant("shako.toml");
    let [q, r, c, e, p] = ['Q', 'R', 'C', 'E', 'P'].map(|x| value(&v, x));
    assert!(
        q > r && r > c && r > e && c > p && e > p,
        "{q} {r} {c} {e} {p}"
    );
    let v = variant("obento.toml");
    for (compound, part) in [
        ('H', 'B'), // dragon horse, bishop
        ('D', 'R'), // dragon king, rook
        ('Q', 'R'),
        ('X', 'I'), // wildeguard, wildebeest
        ('C', 'W'), // caliph, wizard
        ('Y', 'T'), // osprey, snaketongue
        ('O', 'S'), // ostrich, ship
    ] {
        let (a, b) = (value(&v, compound), value(&v, part));
        assert!(a > b, "{compound} {a} should outrank {part} {b}");
    }
}

#[test]
fn pawns_of_every_kind_are_worth_about_a_pawn() {
    for (file, lo, hi) in [
        ("chess.toml", 95, 105),
        ("berolina.toml", 80, 110),
        ("capablanca.toml", 90, 120),
        ("grand.toml", 90, 130),
        ("obento.toml", 80, 130),
        ("shatranj.toml", 60, 100),
        ("makruk.toml", 60, 100),
        ("courier.toml", 60, 100),
    ] {
        let p = value(&variant(file), 'P');
        assert!((lo..=hi).contains(&p), "{file}: pawn {p}");
    }
}

#[test]
fn every_shipped_piece_has_a_value_and_only_royals_are_worth_nothing() {
    for path in shipped_levels() {
        let Ok(grid) = level::load(&path).expect("loads").into_grid() else {
            continue;
        };
        let v = &grid.variant;
        for r in v.roles() {
            let (x, t) = (v.value(r), &v[r]);
            assert!((0..=MAX_VALUE).contains(&x));
            assert_eq!(x == 0, t.royal, "{}: {} = {x}", path.display(), t.name);
            assert_eq!(x, v.estimated_value(r), "{}: {}", path.display(), t.name);
        }
    }
}

#[test]
fn a_royal_piece_is_worth_nothing_unless_the_level_gives_a_value() {
    let v = variant("chess.toml");
    let king = role(&v, 'K');
    assert_eq!(v.value(king), 0);
    assert_eq!(v.estimated_value(king), 0);
    let text = grid_text(
        "[pieces.K]\nbetza = \"K\"\nroyal = true\nvalue = 4000\n[pieces.N]\nbetza = \"N\"\n",
    );
    let v = parsed(&text);
    let king = role(&v, 'K');
    assert_eq!(v.value(king), 4000);
    assert_eq!(v.estimated_value(king), 0);
}

#[test]
fn a_level_value_overrides_the_estimate() {
    let text = grid_text(
        "[pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.N]\nbetza = \"N\"\nvalue = 275\n",
    );
    let v = parsed(&text);
    let knight = role(&v, 'N');
    assert_eq!(v.value(knight), 275);
    assert_eq!(v[knight].value, Some(275));
    let chess = variant("chess.toml");
    assert_eq!(v.estimated_value(knight), chess.value(role(&chess, 'N')));
}

#[test]
fn a_promotion_to_a_piece_with_a_level_value_is_worth_that_much() {
    let with = |queen: &str| {
        let text = grid_text(&format!(
            "[pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.N]\nbetza = \"N\"\n[pieces.P]\nbetza = \"mfW|cfF\"\npromotion = {{ to = [\"Q\"] }}\n[pieces.Q]\nbetza = \"Q\"\n{queen}"
        ));
        let v = parsed(&text);
        v.value(role(&v, 'P'))
    };
    assert!(with("value = 3000\n") > with(""));
    assert!(with("value = 0\n") < with(""));
}

#[test]
fn bad_values_are_refused_at_their_line_and_column() {
    for (written, message) in [
        (
            "-5",
            "value -5: expected a whole number of centipawns from 0 to 10000",
        ),
        (
            "10001",
            "value 10001: expected a whole number of centipawns from 0 to 10000",
        ),
        (
            "99999999999",
            "value 99999999999: expected a whole number of centipawns from 0 to 10000",
        ),
        ("3.5", "expected a whole number, found float"),
        ("\"300\"", "expected a whole number, found string"),
    ] {
        let text = grid_text(&format!(
            "[pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.N]\nbetza = \"N\"\nvalue = {written}\n"
        ));
        let errors = level::parse("v.toml", &text)
            .expect_err(written)
            .to_string();
        // Line 11 of the text, the value after `value = `.
        assert!(errors.contains("v.toml:11:9: "), "{written}: {errors}");
        assert!(errors.contains(message), "{written}: {errors}");
    }
}

/// A 4×4 grid level: a royal king and one piece lettered `piece` that moves as its Betza
/// letter says, then `tables` (TOML, from line 11 on), then the `setup`.
fn small_level(piece: char, tables: &str, setup: &str) -> String {
    format!(
        "name = \"v\"\nmode = \"grid\"\n[board]\nfiles = 4\nranks = 4\n[pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.{piece}]\nbetza = \"{piece}\"\n{tables}[rules]\nsetup = \"{setup}\"\n"
    )
}

/// A small board's `squares` table for the knight: `rows` as written, the last rank first.
fn with_squares(rows: &str) -> String {
    small_level(
        'N',
        &format!("[pieces.N.squares]\n{rows}"),
        "k3/4/4/N2K w - - 0 1",
    )
}

#[test]
fn a_level_gives_a_piece_its_worth_by_square_read_from_the_last_rank_down() {
    let text = with_squares(
        "middle = [[0, 0, 0, 40], [0, 0, 0, 0], [0, 0, 0, 0], [-7, 0, 0, 0]]\nend = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]\n",
    );
    let v = parsed(&text);
    let knight = &v[role(&v, 'N')];
    let squares = knight.squares.as_ref().expect("a table");
    let g = v.geometry;
    let at = |name: &str| usize::from(g.parse_square(name).expect("a square"));
    assert_eq!(squares.middle[at("a1")], -7);
    assert_eq!(squares.middle[at("d4")], 40);
    assert_eq!(squares.end[at("a4")], 1);
    assert_eq!(squares.end[at("d1")], 16);
    // A table may be left out: it is 0 everywhere.
    let only_end =
        with_squares("end = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]\n");
    let v = parsed(&only_end);
    let squares = v[role(&v, 'N')].squares.clone().expect("a table");
    assert!(squares.middle.iter().all(|&x| x == 0));
    assert_eq!(squares.end.iter().sum::<i32>(), 136);
}

#[test]
fn a_squares_table_of_the_wrong_shape_is_refused_where_it_stands() {
    let expected = "squares.middle: expected 4 rows (the last rank first) of 4 whole numbers of centipawns each, from -10000 to 10000";
    for rows in [
        "middle = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]\n",
        "middle = [[0, 0, 0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]\n",
        "middle = [[0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]\n",
    ] {
        let errors = level::parse("v.toml", &with_squares(rows))
            .expect_err(rows)
            .to_string();
        // Line 12, the table after `middle = `.
        assert!(errors.contains("v.toml:12:10: "), "{rows}: {errors}");
        assert!(errors.contains(expected), "{rows}: {errors}");
    }
    for (rows, column) in [
        (
            "end = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 10001]]\n",
            "v.toml:12:",
        ),
        (
            "end = [[0, 0, 0, 0], [0, 0.5, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]\n",
            "v.toml:12:",
        ),
        ("ends = [[0]]\n", "v.toml:12:1: "),
    ] {
        let errors = level::parse("v.toml", &with_squares(rows))
            .expect_err(rows)
            .to_string();
        assert!(errors.contains(column), "{rows}: {errors}");
    }
}

#[test]
fn the_engine_prefers_the_square_a_level_makes_worth_more() {
    use areachess::search::grid::GridEval;
    // The same knight move two ways: a table that makes c2 worth much more than b3.
    let plain = with_squares("");
    let favoured = with_squares(
        "middle = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 300, 0], [0, 0, 0, 0]]\nend = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 300, 0], [0, 0, 0, 0]]\n",
    );
    let score = |text: &str, fen: &str| {
        let v = parsed(text);
        let eval = GridEval::for_variant(Arc::clone(&v));
        let pos = areachess::grid::parse_fen(&v, fen).expect("a FEN");
        eval.evaluate(&pos)
    };
    // Two knights against a lone king, so that the lead counts in full; one of them on
    // c2 or b3 (Black to move: the lower the score, the better for White).
    let on_c2 = "k3/4/2N1/N2K b - - 0 1";
    let on_b3 = "k3/1N2/4/N2K b - - 0 1";
    let gain = |text: &str| score(text, on_b3) - score(text, on_c2);
    assert!(
        gain(&favoured) > gain(&plain) + 250,
        "{} {}",
        gain(&favoured),
        gain(&plain)
    );
    // Black's knights read the table mirrored: the same positions with the colours
    // swapped and the board turned over score the same.
    let black_on_c3 = "n2k/2n1/4/K3 w - - 0 1";
    let black_on_b2 = "n2k/4/1n2/K3 w - - 0 1";
    for text in [&plain, &favoured] {
        assert_eq!(score(text, black_on_c3), score(text, on_c2));
        assert_eq!(score(text, black_on_b2), score(text, on_b3));
    }
}

/// A small grid level with an `[evaluation]` table of `weights` as written.
fn with_weights(weights: &str) -> String {
    small_level(
        'R',
        &format!("[evaluation]\n{weights}"),
        "k3/4/4/1R1K w - - 0 1",
    )
}

#[test]
fn a_level_sets_the_evaluation_weights_it_names_and_keeps_the_others() {
    use areachess::search::grid::GridEval;
    use areachess::search::tuning::GridWeights;
    let v = parsed(&with_weights("tempo = 90\nmoves = 0\n"));
    let weights = GridWeights::of_variant(&v);
    assert_eq!(weights.tempo, 90);
    assert_eq!(weights.moves, 0);
    assert_eq!(weights.shelter, GridWeights::DEFAULT.shelter);
    // The engine plays with them: the same position, the tempo 80 more than the engine's
    // 10 (a rook's mobility no longer counts either way: the rook's moves weigh 0).
    let score = |text: &str| {
        let v = parsed(text);
        let eval = GridEval::for_variant(Arc::clone(&v));
        let pos = areachess::grid::parse_fen(&v, "k3/4/4/1R1K w - - 0 1").expect("a FEN");
        eval.evaluate(&pos)
    };
    let plain = score(&with_weights("moves = 0\n"));
    assert_eq!(score(&with_weights("tempo = 90\nmoves = 0\n")), plain + 80);
    assert_ne!(
        score(&with_weights("")),
        score(&with_weights("moves = 40\n"))
    );
}

#[test]
fn an_unknown_weight_or_one_out_of_range_is_refused_where_it_stands() {
    // Line 12 is the first line of the table.
    for (weights, place, message) in [
        ("tempi = 10\n", "v.toml:12:1: ", "tempi"),
        ("tempo = 10001\n", "v.toml:12:9: ", "10000"),
        (
            "tempo = -1\n",
            "v.toml:12:9: ",
            "evaluation.tempo = -1: expected a whole number from 0 to 10000",
        ),
        ("tempo = 1.5\n", "v.toml:12:9: ", "whole number"),
    ] {
        let errors = level::parse("v.toml", &with_weights(weights))
            .expect_err(weights)
            .to_string();
        assert!(errors.contains(place), "{weights}: {errors}");
        assert!(errors.contains(message), "{weights}: {errors}");
    }
    // The unknown name's message lists the names there are.
    let errors = level::parse("v.toml", &with_weights("tempi = 10\n"))
        .expect_err("an unknown weight")
        .to_string();
    assert!(errors.contains("royal_danger"), "{errors}");
    // A continuous level has no grid evaluation to weigh.
    let continuous = "name = \"c\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 8\n[evaluation]\ntempo = 20\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let errors = level::parse("c.toml", continuous)
        .expect_err("a grid key")
        .to_string();
    assert!(
        errors.contains("c.toml:6:") && errors.contains("evaluation"),
        "{errors}"
    );
}
