//! Which leaps an atom makes under direction modifiers, in the mover's own orientation
//! (+y is forward, +x is right; Black's moves are these turned round by the engine).
//!
//! | modifier | selects, among the atom's leaps | example |
//! | --- | --- | --- |
//! | none, `a` | all | `N`: the 8 knight leaps |
//! | `f` `b` `r` `l` | those furthest forward (largest y) / back / right (largest x) / left | `fN` = (±1,2) |
//! | `v`, `h` | `f` and `b`; `r` and `l` | `vN` = (±1,±2) |
//! | `fh` `bh` `rh` `lh` | every leap with a forward (backward, right, left) component | `fhN` = (±1,2), (±2,1) |
//! | `fs` `bs` `rs` `ls` | the half set less the furthest | `fsN` = (±2,1) |
//! | `fr` `fl` `br` `bl` (either order) | those furthest along that diagonal | `frK` = (0,1), (1,1), (1,0); `frN` = (1,2), (2,1) |
//! | `f^` `f_` | of the furthest forward, the rightmost / leftmost | `f^N` = (1,2) |
//! | `r^` `r_` | of the furthest right, the most forward / backward | `r^N` = (2,1) |
//! | `b^` `b_` | of the furthest back, the rightmost / leftmost | `b_N` = (−1,−2) |
//! | `l^` `l_` | of the furthest left, the most forward / backward | `l^N` = (−2,1) |
//! | several | the union of each group's choice; two letters in a row, one of `f b` and one of `r l`, form a diagonal group | `fbN` = `vN`; `frlN` = `frN` ∪ `lN` |
//! | `ff` `bb` `rr` `ll` on an oblique atom (eight leaps (x,y), x ≠ y, both non-zero: `N`, `M`, `Z`, `(1,3)`) | the same as the single letter; elsewhere the doubled letter is refused as a repeat | `ffN` = `fN` = (±1,2) |
//!
//! The doubled letter exists for the continuous board, where a single letter on an oblique
//! atom takes the half and the doubled one the furthest pair (`continuous::shapes`: `fN`
//! the forward half circle, `ffN` the arc 45°–135°). On squares both are the furthest pair,
//! so grid pieces written either way move alike.
//!
//! "Furthest" is judged per atom: a compound (`K` = `W` + `F`, `Q` = `R` + `B`) applies the
//! modifiers to each of its parts, so `fK` = (0,1) and (±1,1), as in chess variants' usage.

use super::ast::{Atom, Modifier};

/// A leap in the mover's orientation.
pub type Leap = (i32, i32);

/// The basic leaps an atom is made of: each part's eight (or four) symmetric leaps, and
/// whether that part rides by default (`B`, `R`, `Q`).
pub fn parts(atom: Atom) -> Vec<(Vec<Leap>, bool)> {
    let leaper = |x: i32, y: i32| symmetric(x, y);
    match atom {
        Atom::W => vec![(leaper(1, 0), false)],
        Atom::F => vec![(leaper(1, 1), false)],
        Atom::D => vec![(leaper(2, 0), false)],
        Atom::N => vec![(leaper(2, 1), false)],
        Atom::A => vec![(leaper(2, 2), false)],
        Atom::H => vec![(leaper(3, 0), false)],
        Atom::M => vec![(leaper(3, 1), false)],
        Atom::Z => vec![(leaper(3, 2), false)],
        Atom::G => vec![(leaper(3, 3), false)],
        Atom::K => vec![(leaper(1, 0), false), (leaper(1, 1), false)],
        Atom::B => vec![(leaper(1, 1), true)],
        Atom::R => vec![(leaper(1, 0), true)],
        Atom::Q => vec![(leaper(1, 0), true), (leaper(1, 1), true)],
        Atom::Custom(x, y) => vec![(leaper(x, y), false)],
    }
}

/// The distinct leaps (±x, ±y) and (±y, ±x), sorted.
pub fn symmetric(x: i32, y: i32) -> Vec<Leap> {
    let (x, y) = (x.saturating_abs(), y.saturating_abs());
    let mut out = Vec::with_capacity(8);
    for (a, b) in [(x, y), (y, x)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            out.push((a * sa, b * sb));
        }
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|&l| l != (0, 0));
    out
}

/// One group of direction modifiers, as [`select`] reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    All,
    Furthest(i32, i32),
    Half(i32, i32),
    Sideways(i32, i32),
    Most { first: (i32, i32), then: (i32, i32) },
}

fn axis(c: char) -> (i32, i32) {
    match c {
        'f' => (0, 1),
        'b' => (0, -1),
        'r' => (1, 0),
        _ => (-1, 0),
    }
}

fn groups(modifiers: &[Modifier]) -> Vec<Group> {
    placed_groups(modifiers)
        .into_iter()
        .map(|(_, g)| g)
        .collect()
}

/// Whether the atom's leaps are oblique: eight of them, (x,y) with x ≠ y and both non-zero
/// (`N`, `M`, `Z`, `(1,3)`). Only there does a doubled letter (`ffN`) read.
pub fn oblique(atom: Atom) -> bool {
    match atom {
        Atom::N | Atom::M | Atom::Z => true,
        Atom::Custom(x, y) => x != 0 && y != 0 && x.unsigned_abs() != y.unsigned_abs(),
        _ => false,
    }
}

/// One direction group as written: the indices of the modifiers that write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenGroup {
    /// The modifiers that write the group (`v` and `h` each write two groups with one letter).
    pub at: std::ops::Range<usize>,
    /// Whether the group is a lone `f b r l` written again right after the same lone letter
    /// (the second `f` of `ffN`); a third writing (`fffN`) is not a doubling.
    pub doubles: bool,
}

/// The direction groups of `modifiers`, in the order written.
pub fn written_groups(modifiers: &[Modifier]) -> Vec<WrittenGroup> {
    let placed = placed_groups(modifiers);
    let lone = |at: &std::ops::Range<usize>| match modifiers[at.clone()] {
        [Modifier::Direction(c @ ('f' | 'b' | 'r' | 'l'))] => Some(c),
        _ => None,
    };
    let mut out: Vec<WrittenGroup> = Vec::with_capacity(placed.len());
    for (at, _) in placed {
        let doubles = out.last().is_some_and(|before| {
            !before.doubles
                && before.at.end == at.start
                && lone(&before.at).is_some()
                && lone(&before.at) == lone(&at)
        });
        out.push(WrittenGroup { at, doubles });
    }
    out
}

/// The first direction group that was already named before it (`vfN`, `aaK`, `ffK`), as
/// the indices of its modifiers: a union with itself, which cannot mean anything. A doubled
/// letter on an oblique atom (`ffN`) is not a repeat: the continuous board reads it.
pub fn repeated_direction(modifiers: &[Modifier], atom: Atom) -> Option<std::ops::Range<usize>> {
    let placed = placed_groups(modifiers);
    let written = written_groups(modifiers);
    placed
        .iter()
        .enumerate()
        .filter(|&(k, _)| !(written[k].doubles && oblique(atom)))
        .find(|&(k, (_, g))| {
            placed[..k]
                .iter()
                .enumerate()
                .any(|(j, (_, h))| h == g && !(written[j].doubles && oblique(atom)))
        })
        .map(|(_, (at, _))| at.clone())
}

/// Each group with the indices of the modifiers that write it.
fn placed_groups(modifiers: &[Modifier]) -> Vec<(std::ops::Range<usize>, Group)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < modifiers.len() {
        let start = i;
        let group = match modifiers[i] {
            Modifier::Direction('a') => Group::All,
            Modifier::Direction('v') => {
                out.push((i..i + 1, Group::Furthest(0, 1)));
                Group::Furthest(0, -1)
            }
            Modifier::Direction('h') => {
                out.push((i..i + 1, Group::Furthest(1, 0)));
                Group::Furthest(-1, 0)
            }
            Modifier::Direction(c) => {
                let (x, y) = axis(c);
                // A perpendicular letter right after makes a diagonal.
                match modifiers.get(i + 1) {
                    Some(Modifier::Direction(d @ ('f' | 'b' | 'r' | 'l')))
                        if (axis(*d).0 == 0) != (x == 0) =>
                    {
                        i += 1;
                        let (dx, dy) = axis(*d);
                        Group::Furthest(x + dx, y + dy)
                    }
                    _ => Group::Furthest(x, y),
                }
            }
            Modifier::Half(c) => {
                let (x, y) = axis(c);
                Group::Half(x, y)
            }
            Modifier::Sideways(c) => {
                let (x, y) = axis(c);
                Group::Sideways(x, y)
            }
            Modifier::Most(c, side) => {
                let first = axis(c);
                // `^` turns to the right of the first direction's line for f and b, forward
                // for r and l; `_` the other way.
                let then = match (c, side) {
                    ('f' | 'b', '^') => (1, 0),
                    ('f' | 'b', _) => (-1, 0),
                    (_, '^') => (0, 1),
                    _ => (0, -1),
                };
                Group::Most { first, then }
            }
            Modifier::Same | Modifier::Behaviour(_) => {
                i += 1;
                continue;
            }
        };
        out.push((start..i + 1, group));
        i += 1;
    }
    out
}

/// The leaps of `base` with the largest score along `(x, y)`.
fn furthest(base: &[Leap], (x, y): (i32, i32)) -> Vec<Leap> {
    let score = |&(a, b): &Leap| i64::from(a) * i64::from(x) + i64::from(b) * i64::from(y);
    let Some(best) = base.iter().map(score).max() else {
        return Vec::new();
    };
    base.iter().copied().filter(|l| score(l) == best).collect()
}

/// The leaps of one part (`base`, as [`parts`] gives them) that `modifiers` allow, sorted.
/// Modifiers that are not about direction are ignored here.
pub fn select(base: &[Leap], modifiers: &[Modifier]) -> Vec<Leap> {
    let groups = groups(modifiers);
    if groups.is_empty() {
        return base.to_vec();
    }
    let mut out = Vec::new();
    for group in groups {
        match group {
            Group::All => out.extend_from_slice(base),
            Group::Furthest(x, y) => out.extend(furthest(base, (x, y))),
            Group::Half(x, y) => out.extend(base.iter().filter(|&&(a, b)| a * x + b * y > 0)),
            Group::Sideways(x, y) => {
                let most = furthest(base, (x, y));
                out.extend(
                    base.iter()
                        .filter(|&&(a, b)| a * x + b * y > 0)
                        .filter(|l| !most.contains(l)),
                );
            }
            Group::Most { first, then } => {
                let most = furthest(base, first);
                out.extend(furthest(&most, then));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Every leap an atom makes under `modifiers`, all parts together, sorted.
pub fn leaps(atom: Atom, modifiers: &[Modifier]) -> Vec<Leap> {
    let mut out: Vec<Leap> = parts(atom)
        .iter()
        .flat_map(|(base, _)| select(base, modifiers))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::{Betza, parse};

    /// The leaps of a one-term Betza string.
    fn of(text: &str) -> Vec<Leap> {
        let Ok(Betza::Modern(alts)) = parse(text) else {
            panic!("{text} should read");
        };
        let term = &alts[0].chains[0].first;
        leaps(term.atom, &term.modifiers)
    }

    fn sorted(mut v: Vec<Leap>) -> Vec<Leap> {
        v.sort_unstable();
        v
    }

    #[test]
    fn every_atom_has_its_symmetric_leaps() {
        assert_eq!(of("W"), sorted(vec![(0, 1), (0, -1), (1, 0), (-1, 0)]));
        assert_eq!(of("F"), sorted(vec![(1, 1), (1, -1), (-1, 1), (-1, -1)]));
        assert_eq!(of("D"), sorted(vec![(0, 2), (0, -2), (2, 0), (-2, 0)]));
        // The knight: (1, 2) and (2, 1) with every sign.
        let signs = |(x, y): Leap| [(x, y), (-x, y), (x, -y), (-x, -y)];
        let knight = [(1, 2), (2, 1)].into_iter().flat_map(signs).collect();
        assert_eq!(of("N"), sorted(knight));
        assert_eq!(of("A"), sorted(vec![(2, 2), (2, -2), (-2, 2), (-2, -2)]));
        assert_eq!(of("H"), sorted(vec![(0, 3), (0, -3), (3, 0), (-3, 0)]));
        assert_eq!(of("M").len(), 8);
        assert!(of("M").contains(&(3, 1)) && of("M").contains(&(-1, -3)));
        assert_eq!(of("Z").len(), 8);
        assert!(of("Z").contains(&(3, 2)) && of("Z").contains(&(-2, 3)));
        assert_eq!(of("G"), sorted(vec![(3, 3), (3, -3), (-3, 3), (-3, -3)]));
        assert_eq!(of("(4,1)").len(), 8);
        assert_eq!(of("(0,5)"), sorted(vec![(0, 5), (0, -5), (5, 0), (-5, 0)]));
        assert!(
            parse("(0,0)").is_err(),
            "a leap that goes nowhere is refused"
        );
    }

    #[test]
    fn compounds_are_their_parts() {
        assert_eq!(of("K"), sorted([of("W"), of("F")].concat()));
        assert_eq!(of("Q"), of("K"));
        assert_eq!(parts(Atom::Q).iter().filter(|(_, rides)| *rides).count(), 2);
        assert_eq!(parts(Atom::K).iter().filter(|(_, rides)| *rides).count(), 0);
    }

    #[test]
    fn single_letters_take_the_furthest_leaps() {
        assert_eq!(of("fW"), vec![(0, 1)]);
        assert_eq!(of("bW"), vec![(0, -1)]);
        assert_eq!(of("rW"), vec![(1, 0)]);
        assert_eq!(of("lW"), vec![(-1, 0)]);
        assert_eq!(of("fN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(of("bN"), vec![(-1, -2), (1, -2)]);
        assert_eq!(of("rN"), vec![(2, -1), (2, 1)]);
        assert_eq!(of("lN"), vec![(-2, -1), (-2, 1)]);
        assert_eq!(of("fK"), vec![(-1, 1), (0, 1), (1, 1)]);
        assert_eq!(of("fF"), vec![(-1, 1), (1, 1)]);
    }

    #[test]
    fn vertical_horizontal_and_any() {
        assert_eq!(of("vN"), vec![(-1, -2), (-1, 2), (1, -2), (1, 2)]);
        assert_eq!(of("hN"), vec![(-2, -1), (-2, 1), (2, -1), (2, 1)]);
        assert_eq!(of("vW"), vec![(0, -1), (0, 1)]);
        assert_eq!(of("hW"), vec![(-1, 0), (1, 0)]);
        assert_eq!(of("aN"), of("N"));
    }

    #[test]
    fn halves_take_every_leap_with_that_component() {
        assert_eq!(of("fhN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(of("bhN"), vec![(-2, -1), (-1, -2), (1, -2), (2, -1)]);
        assert_eq!(of("rhN"), vec![(1, -2), (1, 2), (2, -1), (2, 1)]);
        assert_eq!(of("lhN"), vec![(-2, -1), (-2, 1), (-1, -2), (-1, 2)]);
        assert_eq!(of("fhK"), vec![(-1, 1), (0, 1), (1, 1)]);
    }

    #[test]
    fn sideways_take_the_half_less_the_furthest() {
        assert_eq!(of("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(of("bsN"), vec![(-2, -1), (2, -1)]);
        assert_eq!(of("rsN"), vec![(1, -2), (1, 2)]);
        assert_eq!(of("lsN"), vec![(-1, -2), (-1, 2)]);
        assert!(of("fsW").is_empty());
    }

    #[test]
    fn diagonal_pairs_take_the_furthest_along_the_diagonal() {
        assert_eq!(of("frK"), vec![(0, 1), (1, 0), (1, 1)]);
        assert_eq!(of("brB"), vec![(1, -1)]);
        assert_eq!(of("blF"), vec![(-1, -1)]);
        assert_eq!(of("flF"), vec![(-1, 1)]);
        assert_eq!(of("frN"), vec![(1, 2), (2, 1)]);
        assert_eq!(of("rfN"), of("frN"));
        assert_eq!(of("frlN"), vec![(-2, -1), (-2, 1), (1, 2), (2, 1)]);
        assert_eq!(of("fbN"), of("vN"));
    }

    #[test]
    fn a_doubled_letter_on_an_oblique_atom_takes_what_the_single_letter_takes() {
        assert_eq!(of("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(of("bbM"), of("bM"));
        assert_eq!(of("rr(1,3)"), of("r(1,3)"));
        assert_eq!(of("ffbbN"), of("vN"));
        // Elsewhere, and written a third time, it is a repeat.
        for refused in ["ffK", "ffW", "ff(2,2)", "fffN", "fvN", "vffN"] {
            assert!(parse(refused).is_err(), "{refused}");
        }
    }

    #[test]
    fn most_modifiers_take_one_leap() {
        assert_eq!(of("f^N"), vec![(1, 2)]);
        assert_eq!(of("f_N"), vec![(-1, 2)]);
        assert_eq!(of("r^N"), vec![(2, 1)]);
        assert_eq!(of("r_N"), vec![(2, -1)]);
        assert_eq!(of("b^N"), vec![(1, -2)]);
        assert_eq!(of("b_N"), vec![(-1, -2)]);
        assert_eq!(of("l^N"), vec![(-2, 1)]);
        assert_eq!(of("l_N"), vec![(-2, -1)]);
        assert_eq!(of("f^W"), vec![(0, 1)]);
    }

    #[test]
    fn mode_letters_do_not_change_directions() {
        assert_eq!(of("mcjjgoyqxdienpN"), of("N"));
        assert_eq!(of("mfW"), vec![(0, 1)]);
    }

    #[test]
    fn the_seeds_examples_point_where_they_say() {
        // brB: diagonally backward-right like a bishop.
        assert_eq!(of("brB"), vec![(1, -1)]);
        // fW3: forward.
        assert_eq!(of("fW3"), vec![(0, 1)]);
    }
}
