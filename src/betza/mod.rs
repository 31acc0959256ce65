//! The Betza dialect of the Ouroboros King modding docs, with this engine's extensions
//! (docs/betza.md): reading it and printing it back.
//!
//! - [`parse`](mod@parse): text into [`Betza`], which keeps the user's spelling and every
//!   column, and prints a canonical form that reads back to the same thing.
//! - [`directions`]: which leaps an atom makes under direction modifiers (its table of
//!   decisions is there).
//!
//! - [`model`]: terms compiled to legs and chains, and a reference walk of any piece on a
//!   board (its tables of what each mode letter and each link does are there).
//!
//! The grid engine (`crate::grid`) turns the model into per-square tables once per
//! variant and plays `e` (en passant) with the position's record of the squares the last
//! `i` move passed over; the reference walk here has no history and ignores `e`.
//!
//! # Grammar
//!
//! ```text
//! betza       = alternative ('|' alternative)*  |  old
//! alternative = chain+                      chains side by side: any of them
//! chain       = term (link term)*           a link binds tighter than juxtaposition
//! link        = ('-' | '+') ('!' | '/')?
//! term        = modifier* atom range?
//! atom        = W F D N A H M Z G K B R Q | '(' int ',' int ')'
//! range       = digits (0 = unlimited, at most 1000) | the atom letter again (WW: unlimited)
//! modifier    = f r b l v h a | fh rh bh lh | fs rs bs ls | f^ f_ r^ r_ b^ b_ l^ l_ | s
//!             | m c j jj g o y q x d i e n p
//! old         = tuple ((':' | ',') tuple)* (';' tuple ((':' | ',') tuple)*)?
//! tuple       = '(' int ',' int ',' int ',' int ')'
//! ```
//!
//! # Readings where the seed is ambiguous
//!
//! | text | reading |
//! | --- | --- |
//! | `s` on a chain's first leg (`sN`) | an error: `s` keeps the previous leg's direction, and there is none (Fairy-Stockfish's `s` means sideways: write `rl` or `h`) |
//! | `fs` alone (`fsW`) | "forward half less forward": for a wazir, nothing; Fairy-Stockfish's `fsW` (forward or sideways) is `fWrlW` here |
//! | `fh`, `fs` (likewise r, b, l) | the two-letter modifiers "forward half" and "forward sideways", never `f` then `h` (horizontal) or `s` (same); write `fah` for forward-then-horizontal |
//! | `fr`, `rf` | two direction letters side by side; the compiler intersects them |
//! | `jj` | "jump many", never two `j` |
//! | a link after `g` or `p` (`gR-sW`) | the next leg starts where the hop may stop: `g`'s landing, `p`'s squares past the screen; never the squares before the hurdle, nor the hurdle (see [`model`]) |
//! | `K-BN` | `(K-B)` or `N`: a link binds tighter than writing terms side by side |
//! | `WW3` | an error: a doubled atom already rides without limit |
//! | a modifier twice in one term (`mmR`, `jjj`, `jjjR`, `ssW`, `ffK`, `vfN`, `frfrK`) | an error at the second writing: a mode is on or off, and a direction set joined with itself is itself (`jj` and `j` are one mode; `v` names `f` and `b`, `h` names `r` and `l`) |
//! | a doubled letter on an oblique atom (`ffN`, `bbM`) | reads, as the single letter on squares: the continuous board gives it its own meaning (see [`directions`]) |
//! | `(0,0)`, old-notation `(0,0,f,b)` | an error: a leap that goes nowhere |
//! | `(1,2)` vs `(1,0,1,1)` | two integers: a custom atom; four at the very start: the old notation |
//! | old notation separators | `:` and `,` both separate tuples; `;` separates moving from capturing tuples |
//! | old notation `(a,r,f,b)` | `r` right and `a` ahead; `f` and `b` how far the move repeats as written and turned round (see [`model`]) |

pub mod ast;
pub mod directions;
pub mod model;
pub mod parse;

pub use ast::{
    Alternative, Atom, Behaviour, Betza, Chain, Forced, Link, Modifier, OldNotation, Range, Term,
};
pub use parse::{BetzaError, ErrorKind, MAX_LEGS, MAX_LENGTH, MAX_REPEAT, parse};

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(text: &str) -> String {
        parse(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .to_string()
    }

    fn error(text: &str) -> String {
        parse(text).expect_err(text).to_string()
    }

    #[test]
    fn every_atom_of_the_seed_reads() {
        for text in [
            "W", "F", "D", "N", "A", "H", "M", "Z", "G", "K", "B", "R", "Q", "(3,-7)",
        ] {
            assert_eq!(canonical(text), text);
        }
    }

    #[test]
    fn spellings_of_one_piece_compile_alike() {
        use crate::betza::model::chains;
        let a = parse("WW-!sWW").expect("valid");
        let b = parse("W0-!sW0").expect("valid");
        assert_eq!(chains(&a), chains(&b));
    }

    #[test]
    fn repeats_and_doubled_atoms_set_the_range() {
        let Betza::Modern(alts) = parse("K3WWN0F12").expect("valid") else {
            panic!()
        };
        let ranges: Vec<Range> = alts[0].chains.iter().map(|c| c.first.range).collect();
        assert_eq!(
            ranges,
            vec![
                Range::Steps(3),
                Range::Unlimited,
                Range::Unlimited,
                Range::Steps(12)
            ]
        );
        assert_eq!(canonical("WW"), "W0");
    }

    #[test]
    fn every_modifier_of_the_seed_reads() {
        for text in [
            "fW", "rW", "bW", "lW", "vW", "hW", "aW", "fhN", "rhN", "bhN", "lhN", "fsN", "rsN",
            "bsN", "lsN", "frK", "brK", "blK", "flK", "f^N", "f_N", "r^N", "r_N", "b^N", "b_N",
            "l^N", "l_N", "mK", "cK", "jR", "jjR", "gQ", "oW", "yR", "qB", "xK", "dK", "iW", "eF",
            "nN", "pR", "W-sW",
        ] {
            assert_eq!(canonical(text), text);
        }
    }

    #[test]
    fn two_letter_modifiers_win_over_single_letters() {
        let Betza::Modern(alts) = parse("fhN").expect("valid") else {
            panic!()
        };
        assert_eq!(alts[0].chains[0].first.modifiers, vec![Modifier::Half('f')]);
        let Betza::Modern(alts) = parse("fahN").expect("valid") else {
            panic!()
        };
        assert_eq!(
            alts[0].chains[0].first.modifiers,
            vec![
                Modifier::Direction('f'),
                Modifier::Direction('a'),
                Modifier::Direction('h')
            ]
        );
    }

    #[test]
    fn every_chain_and_the_separator_read() {
        for text in [
            "K-N", "K+N", "K-!N", "K+!N", "K-/N", "K+/N", "K-B|N", "W-B|F-R",
        ] {
            assert_eq!(canonical(text), text);
        }
        let Betza::Modern(alts) = parse("W+!F").expect("valid") else {
            panic!()
        };
        let (link, _) = alts[0].chains[0].rest[0];
        assert!(!link.blocking);
        assert_eq!(link.forced, Forced::Full);
        assert_eq!(link.column, 2);
    }

    #[test]
    fn the_seeds_examples_read() {
        for text in ["mBcK", "W-B|F-R", "WB", "fW3", "brB"] {
            assert_eq!(canonical(text), text);
        }
        let Betza::Modern(alts) = parse("mBcK").expect("valid") else {
            panic!()
        };
        assert_eq!(alts[0].chains.len(), 2);
    }

    #[test]
    fn the_old_notation_reads_moves_then_captures() {
        let king =
            "(1,0,1,1):(0,1,1,1):(1,1,1,1):(1,-1,1,1);(1,0,1,1):(0,1,1,1):(1,1,1,1):(1,-1,1,1)";
        let Betza::Old(old) = parse(king).expect("valid") else {
            panic!()
        };
        assert_eq!(old.moves.len(), 4);
        assert_eq!(old.captures[3], [1, -1, 1, 1]);
        assert_eq!(canonical(king), king);
        assert_eq!(canonical("(1,0,1,1),(0,1,1,1)"), "(1,0,1,1):(0,1,1,1);");
    }

    #[test]
    fn errors_name_the_column_and_what_was_expected() {
        assert_eq!(
            error("fK-!"),
            "chain '-!' at column 3 needs an atom after it"
        );
        assert_eq!(error("K+"), "chain '+' at column 2 needs an atom after it");
        assert_eq!(
            error("fX"),
            "'X' at column 2 is not an atom (W F D N A H M Z G K B R Q or (x,y))"
        );
        assert!(error("Kt").starts_with("'t' at column 2 is not a modifier"));
        assert_eq!(
            error("mc"),
            "modifiers 'mc' at column 1 need an atom after them"
        );
        assert_eq!(error("K|"), "'|' at column 2 needs an atom on both sides");
        assert_eq!(error("|K"), "'|' at column 1 needs an atom on both sides");
        assert_eq!(error("K||N"), "'|' at column 3 needs an atom on both sides");
        assert_eq!(
            error("3W"),
            "repeat count at column 1 needs an atom before it"
        );
        assert_eq!(
            error("W99999999999"),
            "repeat count 99999999999 at column 2 is above the limit 1000"
        );
        assert_eq!(
            error("WW3"),
            "doubled atom at column 2 already rides without limit: drop the count"
        );
        assert_eq!(error("(1,2"), "'(' at column 1 is never closed");
        assert_eq!(
            error("K(1)"),
            "at column 2: expected a custom atom (x,y) of two integers"
        );
        assert_eq!(
            error("(1,x)"),
            "at column 4: expected a custom atom (x,y) of two integers"
        );
        assert_eq!(
            error("(99999999999,1)"),
            "number 99999999999 at column 2 is too large"
        );
        assert_eq!(error(""), "empty: expected an atom such as W, N or K");
        assert_eq!(error("K N"), "' ' at column 2 is not expected here");
        assert!(parse("mfsN").is_ok(), "fs is one modifier, not f then s");
        assert!(error("msN").starts_with("'s' at column 2 keeps the previous leg's direction"));
        assert!(error("W|sW").starts_with("'s' at column 3 keeps"));
        assert!(parse("W-sW").is_ok());
    }

    #[test]
    fn a_modifier_written_twice_in_a_term_is_refused_at_its_second_writing() {
        let repeated = |text: &str, m: &str, column: usize| {
            assert_eq!(
                error(text),
                format!(
                    "'{m}' at column {column} repeats a modifier already given to this atom, which adds nothing"
                ),
                "{text}"
            );
        };
        repeated("jjjjjjjR", "jj", 3);
        repeated("jjjR", "j", 3);
        repeated("jjjjR", "jj", 3);
        repeated("mmR", "m", 2);
        repeated("mcmR", "m", 3);
        repeated("W-ssW", "s", 4);
        repeated("ffK", "f", 2);
        repeated("fffN", "f", 3);
        repeated("vfN", "f", 2);
        repeated("hlW", "l", 2);
        repeated("frfrK", "fr", 3);
        repeated("aaK", "a", 2);
        repeated("fhfhN", "fh", 3);
        // Different modes, different directions and the same letter in another term read.
        for text in [
            "jjR", "mcR", "fbN", "frflK", "ffrN", "mR|mB", "mR-mB", "ifmW", "fhbsN",
        ] {
            assert!(parse(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn a_leap_that_goes_nowhere_is_refused() {
        assert_eq!(
            error("(0,0)"),
            "the leap at column 1 is (0,0): it goes nowhere"
        );
        assert_eq!(
            error("mW(0, 0)3"),
            "the leap at column 3 is (0,0): it goes nowhere"
        );
        assert_eq!(
            error("(1,0,1,1):(0,0,1,1)"),
            "the leap at column 11 is (0,0): it goes nowhere"
        );
        assert_eq!(parse("(0,0)").expect_err("invalid").width, 5);
        assert!(parse("(0,1)").is_ok());
    }

    #[test]
    fn errors_render_with_a_caret_under_the_fault() {
        let e = parse("fK-!").expect_err("invalid");
        assert_eq!(
            e.render("fK-!"),
            "chain '-!' at column 3 needs an atom after it\n  fK-!\n    ^^"
        );
    }
}
