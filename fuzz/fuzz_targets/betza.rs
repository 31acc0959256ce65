//! Fuzzes the Betza reader: any text either fails with an error placed inside it, or reads,
//! prints canonically, and walks a small board without panicking.
#![no_main]

use areachess::betza::model::{Board, Occupant, chain_destinations, chains};
use areachess::betza::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse(text) {
        Err(e) => {
            assert!(e.column >= 1 && e.column <= text.chars().count() + 1);
            let _ = e.render(text);
        }
        Ok(parsed) => {
            let printed = parsed.to_string();
            let again = parse(&printed).expect("the canonical form reads back");
            assert_eq!(again.to_string(), printed);
            let compiled = chains(&parsed);
            let at = |x: i32, y: i32| match (x * 7 + y * 3) % 5 {
                0 => Occupant::Enemy,
                1 => Occupant::Friend,
                _ => Occupant::Empty,
            };
            let board = Board {
                files: 7,
                ranks: 7,
                at: &at,
            };
            for (square, _) in chain_destinations(&compiled, &board, (3, 3), true) {
                assert!(square.0 >= 0 && square.0 < 7 && square.1 >= 0 && square.1 < 7);
                assert_ne!(square, (3, 3));
            }
        }
    }
});
