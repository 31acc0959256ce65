//! Ħasínū piece notation (docs/levels.md), read into this
//! project's Betza dialect: `1×4dD &t n4dO` (the Gryphon) becomes `rF-rRfF-fRbF-bRlF-lR`.
//!
//! - `error`: what can be wrong in a text, at its column.
//! - `syntax`: the text into its parts, each with its column.
//! - `write`: the parts as Betza chains, built as trees ([`crate::betza::Chain`]).
//!
//! [`parse`] puts the chains side by side, each once, and prints them.
//!
//! # Grammar
//!
//! ```text
//! piece    = item (('&' | nothing between two obliques) item)* '*'?
//! item     = move | 'royal(' ('A' | 'O')? ')' | 'promote(' condition (',' promotee)+ ')'
//! move     = radial ('&t' angle? radial)* | oblique | function '(' move ('&' move)* ')' | '\' betza
//! radial   = distance ('×' | 'x') count 'd' list? | 'n' count 'd' list?
//! distance = number | '{' number (',' number)* '}'
//! count    = 1 … 8
//! list     = direction ('-' direction)*
//! direction= N NE E SE S SW W NW | O (N-E-S-W) | D (NE-SE-SW-NW)
//! oblique  = '(' number ',' number ')' part*        part = a … h
//! angle    = number ('.' digits)? ('°' | 'deg')?
//! function = m | c | j | nj
//! ```
//!
//! Spaces may stand between any two of these. Directions are White's: N is forward; the
//! engine turns Black's moves round.
//!
//! # Readings where the seed is loose
//!
//! | text | reading | Betza |
//! | --- | --- | --- |
//! | `k×4dO`, a number | a slide of exactly k squares: lands only there, blocked by any piece on the squares before it (the seed's B5R4 row, `… & 5×4dD`, is `B5` only if 5 is blocked by 1–4) | `2×4dO` = `nD`, `5×4dO` = `n(0,5)` |
//! | `2×1dN` | the same lame slide: blocked by a piece on the first square, like a pawn's double step | `nfD` |
//! | `{1,2,…,k}×…` | a slide up to k | `{1,2,3,4}×4dO` = `R4` |
//! | `{1,3}×4dO` | a slide that may stop only at the listed distances, blocked by anything in between: the run from 1, then each further distance as a lame leap | `WnH` |
//! | `n4dO` | a rider; `n×4dO` is read too | `R` |
//! | listed directions fewer than the count | 8 − count listed: all the others (`1×7dS`); count listed: those; `4dO` (4 of 4, or the 4 left out) reads as listed | `1×7dS` = `hWfWF` |
//! | `n8d`, no list | all eight; any other count needs a list | `Q` |
//! | `(X,Y)` | an oblique leap, jumping as in Betza; `(k,0)` and `(k,k)` lie on the eight lines and are refused (write `j(k×4dO)`) | `(1,3)` = `M` (the seed's camel `L`), `(2,3)` = `Z` (its zebra `J`) |
//! | parts `a`–`h` | clockwise from forward-left: `a` (−1,2), `b` (1,2), `c` (2,1), `d` (2,−1), `e` (1,−2), `f` (−1,−2), `g` (−2,−1), `h` (−2,1) for the knight, the longer side the longer for any other | `(1,2)abch` = `fhN` |
//! | `&` left out | only between two obliques (`(1,2) (1,3)`); obliques need not come first | `NM` |
//! | `A &t B` | B starts from any square where A could stop on an empty square, along B's directions that lie the angle away from A's, turning either way; the move may also stop on A | `1×4dD &t n4dO` = `fF-fR…` |
//! | `&t` without angle | 45° | |
//! | angles | degrees (`45°`, `45`, `45deg`), multiples of 45 only, taken round the circle (`405°` = `45°`); the Rose's 22.5°, radians and grads are refused | |
//! | `m(…)`, `c(…)` | every leg of every move inside moves only to empty squares / only captures; `m` inside `c` (or `c` inside `m`) is an error | `m(1×1dN)` = `mfW` |
//! | `j(…)` | may jump any number of pieces: exact distances leap, slides and rides pass pieces, bent parts may continue from an occupied square (Betza `+`); obliques already jump | `j(2×4dO)` = `D`, `j(n4dO)` = `jjR` |
//! | `nj(…)` | may not jump: obliques become lame (blocked along the longer side first, then diagonally: `nj((2,1))` is the Xiangqi horse); radial moves already slide | `nN` |
//! | `j(…, FE, number)`, `nj(…, FE)` | the extra arguments are refused | |
//! | `\` Betza | Betza up to the next space, `&`, `,`, `*` or a `)` it does not open; the old tuple notation is refused; `m`/`c`/`j`/`nj` around it add `m`/`c`/`jj`/`n` to each term (a `j` inside `j()` becomes its `jj`) | `m(\fW)` = `mfW`, `j(\jR)` = `jjR` |
//! | `royal()` | [`HasinuPiece::royal`]; its `A`/`O` is read and dropped (how many royals must survive is the level's rule) | |
//! | `promote(…)` | kept as text, split at commas outside brackets; promotees are not read as Ħasínū, since the seed allows plain words | |
//! | a final `*` | the seed's footnote mark: ignored | |
//!
//! Refused, each with its column: every other function (`i`, `burn`, `rpg`, `im`, `fe`,
//! `group`, `sz`, `function`, `atmove`, `ataction`, `INF`, the `n(…)` loop), the
//! `[f, g(move)]` group form, and `//` text outside `promote()`. A text of no move (only
//! `royal()`, say) is refused too: the piece would have nothing to play.
//!
//! Limits, each refused at its column: a text is at most [`MAX_LENGTH`] characters;
//! functions nest at most [`MAX_NESTING`] deep; the
//! moves of a text expand to at most [`MAX_LEGS`] legs (each `&t` may double the ways
//! through a bent move, so this is measured before they are built); and the Betza they
//! print keeps to Betza's own [`MAX_LENGTH`](crate::betza::MAX_LENGTH).

mod error;
mod syntax;
mod write;

pub use error::{HasinuError, HasinuErrorKind, MAX_LEGS, MAX_LENGTH, MAX_NESTING};

use crate::betza::{Betza, Chain};
use std::collections::HashSet;
use std::str::FromStr;
use syntax::Item;

/// A piece read from Ħasínū.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HasinuPiece {
    /// Its moves in this project's Betza dialect, printed from the tree built for them;
    /// always parses with [`crate::betza::parse()`].
    pub betza: String,
    /// Whether `royal()` was given.
    pub royal: bool,
    /// `promote(condition, promotee, ...)`: the condition text and the promotees as written
    /// (trimmed), if given.
    pub promote: Option<(String, Vec<String>)>,
}

/// Reads a Ħasínū piece.
pub fn parse(text: &str) -> Result<HasinuPiece, HasinuError> {
    read(text).map(|(_, piece)| piece)
}

/// The piece's moves as a Betza tree, and the piece with them printed.
fn read(text: &str) -> Result<(Betza, HasinuPiece), HasinuError> {
    let mut royal = false;
    let mut promote = None;
    let mut chains = Vec::new();
    let mut budget = write::Budget::default();
    for item in syntax::read(text)? {
        match item {
            Item::Move(m) => {
                chains.extend(write::chains(&m, write::Context::default(), &mut budget)?);
            }
            Item::Royal { column } if royal => {
                return Err(HasinuError::new(column, HasinuErrorKind::RoyalTwice));
            }
            Item::Royal { .. } => royal = true,
            Item::Promote { column, .. } if promote.is_some() => {
                return Err(HasinuError::new(column, HasinuErrorKind::PromoteTwice));
            }
            Item::Promote {
                condition,
                promotees,
                ..
            } => promote = Some((condition, promotees)),
        }
    }
    if chains.is_empty() {
        return Err(HasinuError::new(1, HasinuErrorKind::Moveless));
    }
    let moves = moves(chains);
    let betza = moves.to_string();
    // What it prints must read back, so it keeps to Betza's own limit.
    let length = betza.chars().count();
    if length > crate::betza::MAX_LENGTH {
        return Err(HasinuError::new(1, HasinuErrorKind::BetzaTooLong(length)));
    }
    let piece = HasinuPiece {
        betza,
        royal,
        promote,
    };
    Ok((moves, piece))
}

/// The chains side by side, each once, in the order written (`|` only where one would run
/// into the one before it, as `W` then `W4`).
fn moves(chains: Vec<Chain>) -> Betza {
    let mut seen = HashSet::with_capacity(chains.len());
    let once = chains
        .into_iter()
        .filter(|chain| seen.insert(chain.clone()));
    Betza::side_by_side(once.collect::<Vec<_>>())
}

impl FromStr for HasinuPiece {
    type Err = HasinuError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    fn betza(text: &str) -> String {
        parse(text).unwrap_or_else(|e| panic!("{text}: {e}")).betza
    }

    fn error(text: &str) -> String {
        parse(text).expect_err(text).to_string()
    }

    #[test]
    fn the_seeds_radial_rows_read() {
        assert_eq!(betza("{1, 2, 3, 4}×4dO*"), "R4");
        assert_eq!(betza("n4dD*"), "B");
        assert_eq!(betza("n8d*"), "Q");
        assert_eq!(betza("n1dN*"), "fR");
        assert_eq!(betza("1×7dS*"), "hWfWF");
        assert_eq!(betza("{1,2,3,4}×8d & 5×4dD*"), "Q4n(5,5)");
    }

    #[test]
    fn the_seeds_oblique_rows_read() {
        assert_eq!(betza("(2, 1)*"), "N");
        assert_eq!(betza("(3, 1)*"), "M");
        assert_eq!(betza("(3, 2)*"), "Z");
        assert_eq!(betza("(4,1)"), "(4,1)");
        assert_eq!(betza("(2, 1) & n4dD*"), "NB");
        assert_eq!(betza("(1, 2) (1, 3) (2, 3)*"), "NMZ");
        assert_eq!(betza("(1,2)abef & 1×4dD*"), "vNF");
        assert_eq!(betza("(1,2)abdg*"), "fNr_Nl_N");
        assert_eq!(betza("(1,3)fgha (1,2)bcde & n4dO*"), "lhMrhNR");
    }

    #[test]
    fn oblique_parts_run_clockwise_from_forward_left() {
        assert_eq!(betza("(1,2)abch"), "fhN");
        let singles: Vec<String> = "abcdefgh"
            .chars()
            .map(|p| betza(&format!("(1,2){p}")))
            .collect();
        assert_eq!(
            singles,
            ["f_N", "f^N", "r^N", "r_N", "b^N", "b_N", "l_N", "l^N"]
        );
        assert_eq!(betza("(2,1)abcdefgh"), "N");
    }

    #[test]
    fn a_number_is_a_lame_slide_of_exactly_that_distance() {
        assert_eq!(betza("2×1dN"), "nfD");
        assert_eq!(betza("5x4dO"), "n(0,5)");
        assert_eq!(betza("3×4dD"), "nG");
        assert_eq!(betza("1×8d"), "K");
    }

    #[test]
    fn a_distance_set_slides_its_run_and_leaps_lame_beyond() {
        assert_eq!(betza("{1,3}×4dO"), "WnH");
        assert_eq!(betza("{3, 1, 2}×4dD"), "B3");
        assert_eq!(betza("{2,4}×1dN"), "nfDnf(0,4)");
    }

    #[test]
    fn as_many_listed_as_left_out_means_all_the_others() {
        assert_eq!(betza("n6dN-S"), "hRB");
        assert_eq!(betza("n2dN-S"), "vR");
        assert_eq!(betza("n3dN-E-W"), "hRfR");
        assert_eq!(betza("n4dO"), "R");
        assert_eq!(betza("n4dNE-SE-SW-NW"), "B");
        assert_eq!(betza("1×2dNE-NW"), "fF");
        assert_eq!(betza("1×3dNE-NW-SE"), "fFrF");
    }

    #[test]
    fn a_turn_continues_outward_and_defaults_to_45_degrees() {
        let gryphon = "rF-rRfF-fRbF-bRlF-lR";
        assert_eq!(betza("1×4dD &t n4dO*"), gryphon);
        for angle in ["45°", "45", "45deg", "405°"] {
            let text = format!("1×4dD &t{angle} n4dO");
            assert_eq!(betza(&text), gryphon, "{text}");
        }
        assert_eq!(betza("n4dO &t n4dD*"), "fR-fBrR-rBbR-bBlR-lB");
        assert_eq!(betza("1×4dO &t90° 1×4dO"), "fW-hWrW-vWbW-hWlW-vW");
        assert_eq!(betza("1×1dN &t 1×1dNE &t 1×1dN"), "fW-frF-fW");
    }

    #[test]
    fn functions_set_the_betza_modes() {
        assert_eq!(betza("m(1×1dN) & c(1×2dNE-NW)"), "mfWcfF");
        assert_eq!(betza("j(2×4dO)"), "D");
        assert_eq!(betza("j(n4dO)"), "jjR");
        assert_eq!(betza("j({1,2,3}×4dO)"), "jjR3");
        assert_eq!(betza("nj((2, 1))"), "nN");
        assert_eq!(betza("j((2,1)) & nj(n4dO)"), "NR");
        assert_eq!(betza("m(j(1×4dD &t n4dO))").matches('+').count(), 4);
        assert_eq!(betza("c(1×4dO &t 1×4dD)"), "cfW-cfFcrW-crFcbW-cbFclW-clF");
    }

    #[test]
    fn contradicting_functions_are_refused() {
        assert_eq!(
            error("m(c(n4dO))"),
            "column 3: c() inside m() contradicts it"
        );
        assert_eq!(
            error("j( nj((2,1)))"),
            "column 4: nj() inside j() contradicts it"
        );
        assert_eq!(
            error("m(\\cQ)"),
            "column 3: the Betza 'cQ' contradicts the m() around it"
        );
    }

    #[test]
    fn embedded_betza_joins_the_moves() {
        assert_eq!(betza("\\mQ"), "mQ");
        assert_eq!(betza("m(\\fW) & (2,1)"), "mfWN");
        assert_eq!(betza("m(\\W-B|F-R)"), "mW-mBmF-mR");
        assert_eq!(betza("nj(\\N)"), "nN");
        assert_eq!(
            error("(2,1) & \\fX"),
            "column 11: embedded Betza: 'X' at column 11 is not an atom (W F D N A H M Z G K B R Q or (x,y))"
        );
        assert_eq!(
            error("\\(1,0,1,1)"),
            "column 1: embedded Betza in the old tuple notation cannot join other moves: write it with letters"
        );
    }

    #[test]
    fn side_by_side_terms_never_read_as_a_doubled_atom() {
        assert_eq!(betza("1×4dO & \\W4"), "W|W4");
        assert_eq!(betza("n4dO & n4dO"), "R");
    }

    #[test]
    fn royal_and_promote_describe_the_piece() {
        let king = parse("royal(A) & 1×8d").expect("reads");
        assert!(king.royal && king.promote.is_none());
        assert_eq!(king.betza, "K");
        let pawn =
            parse("m(1×1dN) & c(1×2dNE-NW) & promote(//reach rank eight, n8d, n4dO, n4dD, (2,1))*")
                .expect("reads");
        assert!(!pawn.royal);
        assert_eq!(
            pawn.promote,
            Some((
                "//reach rank eight".to_string(),
                vec!["n8d", "n4dO", "n4dD", "(2,1)"]
                    .into_iter()
                    .map(String::from)
                    .collect()
            ))
        );
        assert_eq!("n4dO".parse::<HasinuPiece>().expect("reads").betza, "R");
    }

    #[test]
    fn every_error_names_its_column() {
        for (text, expected) in [
            ("", "column 1: empty: expected a move such as n4dO or (2,1)"),
            (
                "  * ",
                "column 1: empty: expected a move such as n4dO or (2,1)",
            ),
            (
                "burn(n8d)",
                "column 1: function 'burn' is not supported (supported: m, c, j, nj, royal, promote)",
            ),
            (
                "\\mQ & i(\\cQ)",
                "column 7: function 'i' is not supported (supported: m, c, j, nj, royal, promote)",
            ),
            (
                "atmove(1, m(2×1dN)) & m(1×1dN)",
                "column 1: function 'atmove' is not supported (supported: m, c, j, nj, royal, promote)",
            ),
            (
                "n((2,1) &t22.5°)",
                "column 1: function 'n' is not supported (supported: m, c, j, nj, royal, promote)",
            ),
            (
                "1×4dO &t22.5° n4dD",
                "column 9: a turn of 22.5° is not supported: only multiples of 45° keep to the board's eight lines",
            ),
            (
                "1×4dO &t1rad n4dD",
                "column 9: a turn of 1 rad: only degrees are read, as in &t45°",
            ),
            (
                "n4dX",
                "column 4: 'X' is not a direction (N NE E SE S SW W NW, O for the four orthogonal, D for the four diagonal)",
            ),
            ("m(1×4dO", "column 2: '(' is never closed"),
            ("m(1×4dO))", "column 9: ')' has no '(' to close"),
            ("(1,2", "column 1: '(' is never closed"),
            ("{1,2×4dO", "column 1: '{' is never closed"),
            ("n9d", "column 2: 9 directions: a radial move has 1 to 8"),
            (
                "n4d",
                "column 2: 4 directions need their list after 'd', as in 4dO",
            ),
            (
                "1×3dN-S",
                "column 3: 3 directions, but 2 are listed: list 3, or the 5 left out",
            ),
            (
                "n2dN-N",
                "column 6: direction 'N' repeats one already listed",
            ),
            ("0×4dO", "column 1: distance 0: distances start at 1"),
            ("1001×4dO", "column 1: 1001 is above the limit 1000"),
            (
                "1 4dO",
                "column 3: expected '×' (or x) between the distance and the directions",
            ),
            (
                "(2,2)",
                "column 1: (2,2) lies on one of the eight lines: write it as a radial move, such as j(2×4dD)",
            ),
            (
                "(1,2)az",
                "column 7: 'z' is not a part of an oblique move (a to h)",
            ),
            ("n4dO n4dD", "column 6: expected '&' between two moves"),
            ("(2,1) & ", "column 7: '&' needs a move after it"),
            ("m()", "column 1: m() needs a move inside"),
            (
                "j(n4dO, F, 1)",
                "column 7: j() takes one argument, a move: its other arguments are not supported",
            ),
            (
                "(2,1) &t n4dO",
                "column 7: a turn '&t' must follow a radial move such as 1×4dD",
            ),
            (
                "1×1dN &t90° 1×1dS",
                "column 7: this turn of 90° leaves no move: no direction after it lies 90° from one before it",
            ),
            (
                "m(royal())",
                "column 3: royal() describes the piece, not a move: it cannot stand inside a function",
            ),
            (
                "royal()",
                "column 1: no move: a piece needs at least one, as in royal() & 1×8d",
            ),
            ("royal(B) & K", "column 7: royal() takes A, O or nothing"),
            (
                "royal() & royal() & 1×8d",
                "column 11: royal() is given twice",
            ),
            (
                "promote(//last rank) & n4dO",
                "column 1: promote() needs a condition and at least one promotee: promote(condition, promotee, …)",
            ),
            (
                "//text",
                "column 1: free text '//…' is read only as promote()'s condition",
            ),
            (
                "K",
                "column 1: 'K' is not a move (write a radial move such as n4dO, an oblique such as (2,1), a function such as m(…), or \\ and Betza)",
            ),
        ] {
            assert_eq!(error(text), expected, "{text}");
        }
    }

    #[test]
    fn what_reads_prints_betza_that_reads_back_as_the_same_tree() {
        for text in [
            "(1,3)fgha (1,2)bcde & n4dO",
            "j(1×4dD &t {1,3}×4dO &t90 2×8d)",
            "m({2,5,7}×3dN-E-W) & c(n2dNE-SW)",
            "nj((5,2)abc) & \\K-N",
            "1×4dD &t n4dO",
            "{1,2,3,4}×8d & 5×4dD",
            "(1,2)abdg & 1×7dS",
            "c(1×4dO &t 1×4dD) & m(\\W-B|F-R)",
            "1×4dO & \\W4 & \\W-sW & \\W4",
            "j(\\cjK & n4dO &t90 n4dO) & nj(\\gR-sW & (2,1))",
        ] {
            let (moves, piece) = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                crate::betza::parse(&piece.betza),
                Ok(moves),
                "{text}: {}",
                piece.betza
            );
        }
    }

    #[test]
    fn a_jump_inside_j_jumps_any_number() {
        assert_eq!(betza("j(\\jR)"), "jjR");
        assert_eq!(betza("j(\\cjK & \\jjW)"), "jjcKjjW");
        assert_eq!(betza("m(j(\\W-jR))"), "mjjW-mjjR");
    }

    #[test]
    fn an_error_is_typed_and_placed() {
        let e = parse("1×4dO & (2,2)").expect_err("on a line");
        assert_eq!(e.span, Span::column(9));
        assert_eq!(e.kind, HasinuErrorKind::ObliqueOnLine { x: 2, y: 2 });
        assert_eq!(
            e.to_string(),
            "column 9: (2,2) lies on one of the eight lines: write it as a radial move, such as j(2×4dD)"
        );
        assert_eq!(
            HasinuErrorKind::ListCount { count: 3, shown: 2 }.to_string(),
            "3 directions, but 2 are listed: list 3, or the 5 left out"
        );
        assert_eq!(
            HasinuErrorKind::EmptySet.to_string(),
            "'{}' needs at least one distance"
        );
        assert_eq!(
            HasinuErrorKind::NotAMove("q".into()).to_string(),
            "'q' is not a move (write a radial move such as n4dO, an oblique such as (2,1), a function such as m(…), or \\ and Betza)"
        );
    }
}
