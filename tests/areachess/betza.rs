//! The Betza reader: no panic on any text, errors inside the text, canonical printing.

use areachess::betza::parse;
use proptest::prelude::*;

/// Token soup from the dialect's own alphabet, plus some junk.
fn betza_like() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "W",
        "F",
        "D",
        "N",
        "A",
        "H",
        "M",
        "Z",
        "G",
        "K",
        "B",
        "R",
        "Q",
        "(2,-3)",
        "(1,0,1,1)",
        "f",
        "r",
        "b",
        "l",
        "v",
        "h",
        "a",
        "s",
        "fh",
        "bs",
        "f^",
        "l_",
        "m",
        "c",
        "j",
        "jj",
        "g",
        "o",
        "y",
        "q",
        "x",
        "d",
        "i",
        "e",
        "n",
        "p",
        "0",
        "3",
        "12",
        "-",
        "+",
        "-!",
        "+/",
        "|",
        ":",
        ";",
        "(",
        ")",
        ",",
        "X",
        "t",
        " ",
        "^",
        "é",
    ]);
    prop::collection::vec(token, 0..12).prop_map(|t| t.concat())
}

/// Text built like the grammar: modifiers, an atom and a range per term; links; `|`.
pub fn betza_shaped() -> impl Strategy<Value = String> {
    let modifier = prop::sample::select(vec![
        "f", "r", "b", "l", "v", "h", "a", "s", "fh", "rs", "b^", "l_", "m", "c", "j", "jj", "g",
        "o", "y", "q", "x", "d", "i", "e", "n", "p",
    ]);
    let atom = prop::sample::select(vec![
        "W", "F", "D", "N", "A", "H", "M", "Z", "G", "K", "B", "R", "Q", "(0,5)", "(-2,1)",
    ]);
    let range = prop::sample::select(vec!["", "", "0", "2", "7", "1000"]);
    let term = (prop::collection::vec(modifier, 0..3), atom, range)
        .prop_map(|(m, a, r)| format!("{}{a}{r}", m.concat()));
    let link = prop::sample::select(vec!["-", "+", "-!", "+!", "-/", "+/"]);
    let chain =
        (term.clone(), prop::collection::vec((link, term), 0..3)).prop_map(|(first, rest)| {
            rest.into_iter()
                .fold(first, |acc, (l, t)| format!("{acc}{l}{t}"))
        });
    let alternative = prop::collection::vec(chain, 1..3).prop_map(|c| c.concat());
    prop::collection::vec(alternative, 1..3).prop_map(|a| a.join("|"))
}

/// Whether text that reads compiles to the same model as its printed form.
fn same_model_as_print(text: &str) -> Result<(), TestCaseError> {
    use areachess::betza::model::chains;
    if let Ok(parsed) = parse(text) {
        let printed = parse(&parsed.to_string()).expect("reads back");
        prop_assert_eq!(
            chains(&printed),
            chains(&parsed),
            "{} printed as {}",
            text,
            parsed
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_text_reads_or_fails_at_a_column_inside_it(text in "\\PC{0,24}") {
        if let Err(e) = parse(&text) {
            prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{e:?} for {text:?}");
            let _ = e.render(&text);
        }
    }

    #[test]
    fn dialect_like_text_reads_or_fails_at_a_column_inside_it(text in betza_like()) {
        if let Err(e) = parse(&text) {
            prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{e:?} for {text:?}");
        }
    }

    #[test]
    fn shaped_text_reads_and_prints_canonically(text in betza_shaped()) {
        // Only a term ending without a count, followed by the same letter, reads differently
        // (as a doubled atom), `s` may not open a chain, and a term may not name one modifier
        // twice; everything else the grammar builds must read.
        match parse(&text) {
            Ok(parsed) => {
                let printed = parsed.to_string();
                let again = parse(&printed).unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}: {e}"));
                prop_assert_eq!(again.to_string(), printed);
            }
            Err(e) => prop_assert!(
                matches!(
                    e.kind,
                    areachess::betza::ErrorKind::DoubledAndCounted
                        | areachess::betza::ErrorKind::SameWithoutLeg
                        | areachess::betza::ErrorKind::RepeatedModifier(_)
                ),
                "{text:?}: {e}"
            ),
        }
    }

    #[test]
    fn the_printed_form_compiles_to_the_same_model(text in betza_shaped()) {
        same_model_as_print(&text)?;
    }

    #[test]
    fn other_spellings_compile_to_the_same_model_as_their_print(text in betza_like()) {
        same_model_as_print(&text)?;
    }

    #[test]
    fn printing_is_canonical(text in betza_like()) {
        if let Ok(parsed) = parse(&text) {
            let printed = parsed.to_string();
            let again = parse(&printed).unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}: {e}"));
            prop_assert_eq!(again.to_string(), printed);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn any_piece_walks_to_squares_on_the_board_and_never_home(
        text in betza_shaped(),
        files in 1i32..12,
        ranks in 1i32..12,
        seed in any::<u64>(),
        unmoved in any::<bool>(),
    ) {
        use areachess::betza::model::{Occupancy, Occupant, chain_destinations, chains};
        let Ok(parsed) = parse(&text) else { return Ok(()) };
        let compiled = chains(&parsed);
        // A scattering of pieces and obstacles from the seed.
        let at = |x: i32, y: i32| {
            let h = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((x as u64) << 32 | y as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            match h % 7 {
                0 => Occupant::Friend,
                1 => Occupant::Enemy,
                2 => Occupant::Obstacle,
                _ => Occupant::Empty,
            }
        };
        let board = Occupancy { files, ranks, at: &at };
        let from = (files / 2, ranks / 2);
        for (square, _) in chain_destinations(&compiled, &board, from, unmoved) {
            prop_assert!(square.0 >= 0 && square.0 < files && square.1 >= 0 && square.1 < ranks, "{text}: {square:?}");
            prop_assert_ne!(square, from, "{} reaches its own square", text);
        }
    }

    #[test]
    fn huge_custom_leaps_walk_without_overflow(x in any::<i32>(), y in any::<i32>(), mods in prop::sample::select(vec!["", "n", "o", "q", "oq", "no", "nq"])) {
        use areachess::betza::model::{Occupancy, Occupant, chain_destinations, chains};
        prop_assume!((x, y) != (0, 0));
        let text = format!("{mods}({x},{y})0");
        let compiled = chains(&parse(&text).expect("valid"));
        let at = |_: i32, _: i32| Occupant::Empty;
        let board = Occupancy { files: 9, ranks: 9, at: &at };
        let _ = chain_destinations(&compiled, &board, (4, 4), false);
    }
}

/// The seed's examples, square by square, on a 9×9 board. Diagrams list rank 8 first;
/// in the position `X` is the mover (on the centre), `P` a friend, `p` an enemy, `#` an
/// obstacle; in the answer `m` marks a move and `x` a capture.
mod examples {
    use areachess::betza::model::{Ending, Occupancy, Occupant, chain_destinations, chains};
    use areachess::betza::parse;

    fn answer(text: &str, position: [&str; 9]) -> [String; 9] {
        let cell = |x: i32, y: i32| position[(8 - y) as usize].as_bytes()[x as usize];
        let at = |x: i32, y: i32| match cell(x, y) {
            b'P' => Occupant::Friend,
            b'p' => Occupant::Enemy,
            b'#' => Occupant::Obstacle,
            _ => Occupant::Empty,
        };
        let board = Occupancy {
            files: 9,
            ranks: 9,
            at: &at,
        };
        let compiled = chains(&parse(text).expect("the seed's example reads"));
        let reached = chain_destinations(&compiled, &board, (4, 4), false);
        std::array::from_fn(|row| {
            let y = 8 - row as i32;
            (0..9)
                .map(|x| match reached.iter().find(|d| d.0 == (x, y)) {
                    Some((_, Ending::Move)) => 'm',
                    Some((_, Ending::Capture)) => 'x',
                    None => char::from(cell(x, y)),
                })
                .collect()
        })
    }

    const EMPTY: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        ".........",
        "....X....",
        ".........",
        ".........",
        ".........",
        ".........",
    ];

    #[test]
    fn wb_moves_like_a_wazir_or_a_bishop() {
        assert_eq!(
            answer("WB", EMPTY),
            [
                "m.......m",
                ".m.....m.",
                "..m...m..",
                "...mmm...",
                "...mXm...",
                "...mmm...",
                "..m...m..",
                ".m.....m.",
                "m.......m",
            ]
        );
    }

    #[test]
    fn fw3_moves_forward_up_to_three_squares() {
        let expected = [
            ".........",
            "....m....",
            "....m....",
            "....m....",
            "....X....",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        assert_eq!(answer("fW3", EMPTY), expected);
        let blocked = [
            ".........",
            ".........",
            "....p....",
            ".........",
            "....X....",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        assert_eq!(
            answer("fW3", blocked),
            [
                ".........",
                ".........",
                "....x....",
                "....m....",
                "....X....",
                ".........",
                ".........",
                ".........",
                ".........",
            ]
        );
    }

    #[test]
    fn brb_moves_diagonally_backward_right_like_a_bishop() {
        let with_friend = [
            ".........",
            ".........",
            ".........",
            ".........",
            "....X....",
            ".........",
            ".........",
            ".......P.",
            ".........",
        ];
        assert_eq!(
            answer("brB", with_friend),
            [
                ".........",
                ".........",
                ".........",
                ".........",
                "....X....",
                ".....m...",
                "......m..",
                ".......P.",
                ".........",
            ]
        );
    }

    #[test]
    fn mbck_moves_like_a_bishop_and_captures_like_a_king() {
        let position = [
            ".........",
            ".........",
            "..p......",
            "....pp...",
            "....X....",
            "...P.....",
            ".........",
            ".........",
            ".........",
        ];
        assert_eq!(
            answer("mBcK", position),
            [
                ".........",
                ".........",
                "..p......",
                "...mxx...",
                "....X....",
                "...P.m...",
                "......m..",
                ".......m.",
                "........m",
            ]
        );
    }

    #[test]
    fn andromeda_is_a_wazir_step_then_a_bishop_or_a_ferz_step_then_a_rook() {
        // Expected squares computed by a separate model of the same reading.
        assert_eq!(
            answer("W-B|F-R", EMPTY),
            [
                ".m.m.m.m.",
                "m.mm.mm.m",
                ".m.m.m.m.",
                "mmmmmmmmm",
                "...mXm...",
                "mmmmmmmmm",
                ".m.m.m.m.",
                "m.mm.mm.m",
                ".m.m.m.m.",
            ]
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn long_chains_walk_in_linear_time(legs in 2usize..=areachess::betza::MAX_LEGS) {
        use areachess::betza::model::{Occupancy, Occupant, chain_destinations, chains};
        let text = vec!["K"; legs].join("+");
        let compiled = chains(&parse(&text).expect("valid"));
        let at = |x: i32, y: i32| if (x + y) % 3 == 0 { Occupant::Enemy } else { Occupant::Empty };
        let board = Occupancy { files: 9, ranks: 9, at: &at };
        // Without following each state once this would take 8^legs steps.
        let reached = chain_destinations(&compiled, &board, (4, 4), false);
        prop_assert!(!reached.is_empty());
    }
}
