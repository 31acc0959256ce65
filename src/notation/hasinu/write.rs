//! Ħasínū moves written as chains of this project's Betza dialect (the table of readings is
//! in the module above).

use super::error::{HasinuError, HasinuErrorKind, MAX_LEGS};
use super::syntax::{DIAGONAL, Distance, Function, Move, ORTHOGONAL, Radial, Turn};
use crate::betza::{Atom, Behaviour, Betza, Chain, Forced, Link, Modifier, Range, Term};
use std::collections::HashMap;

/// What the functions around a move ask of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Context {
    /// `m` (only to empty squares) or `c` (only captures), from the innermost of `m()`/`c()`.
    only: Option<Behaviour>,
    /// `Some(true)` inside `j()`, `Some(false)` inside `nj()`.
    jump: Option<bool>,
}

/// How many more legs the chains of a whole text may take: [`MAX_LEGS`] to start with.
/// Whatever could grow past it is measured before it is built.
#[derive(Debug)]
pub(super) struct Budget {
    left: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { left: MAX_LEGS }
    }
}

impl Budget {
    /// Refuses at `column` if `legs` more would not fit.
    fn afford(&self, legs: usize, column: usize) -> Result<(), HasinuError> {
        if legs > self.left {
            return Err(HasinuError::new(column, HasinuErrorKind::TooLarge));
        }
        Ok(())
    }

    /// Takes the legs of `chains` from what is left, or refuses at `column`.
    fn spend(&mut self, chains: &[Chain], column: usize) -> Result<(), HasinuError> {
        let legs = chains.iter().map(|c| 1 + c.rest.len()).sum();
        self.afford(legs, column)?;
        self.left -= legs;
        Ok(())
    }
}

/// The chains of one move, in the order written, their legs taken from `budget`.
pub(super) fn chains(
    m: &Move,
    context: Context,
    budget: &mut Budget,
) -> Result<Vec<Chain>, HasinuError> {
    let (out, column) = match m {
        Move::Radial {
            first,
            turns,
            column,
        } if turns.is_empty() => (
            radial_terms(first.directions, &first.distance, context)
                .into_iter()
                .map(Chain::new)
                .collect(),
            *column,
        ),
        Move::Radial {
            first,
            turns,
            column,
        } => (bent(first, turns, context, budget, *column)?, *column),
        Move::Oblique {
            x,
            y,
            parts,
            column,
        } => (
            oblique_terms(*x, *y, *parts, context)
                .into_iter()
                .map(Chain::new)
                .collect(),
            *column,
        ),
        Move::Call {
            function,
            body,
            column,
        } => {
            let inner = enter(context, *function, *column)?;
            let mut out = Vec::new();
            for m in body {
                // Each move inside has taken its own legs.
                out.extend(chains(m, inner, budget)?);
            }
            return Ok(out);
        }
        Move::Betza { betza, column } => (embedded(betza, context, *column)?, *column),
    };
    budget.spend(&out, column)?;
    Ok(out)
}

/// The context inside `function`, or why it contradicts the one around it.
fn enter(context: Context, function: Function, column: usize) -> Result<Context, HasinuError> {
    let contradiction = |outer: &'static str| {
        HasinuError::new(
            column,
            HasinuErrorKind::Contradiction {
                inner: function.name(),
                outer,
            },
        )
    };
    let mut inner = context;
    match function {
        Function::Move | Function::Capture => {
            let (mode, other, outer) = if function == Function::Move {
                (Behaviour::Move, Behaviour::Capture, "c")
            } else {
                (Behaviour::Capture, Behaviour::Move, "m")
            };
            if context.only == Some(other) {
                return Err(contradiction(outer));
            }
            inner.only = Some(mode);
        }
        Function::Jump | Function::NoJump => {
            let jump = function == Function::Jump;
            if context.jump == Some(!jump) {
                return Err(contradiction(if jump { "nj" } else { "j" }));
            }
            inner.jump = Some(jump);
        }
    }
    Ok(inner)
}

/// How a Betza term covers its distance, which decides what `j` and `nj` add to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stride {
    /// One square away, or an oblique leap: nothing stands in between.
    Step,
    /// Square by square: `j` lets it pass pieces (`jj`).
    Slide,
    /// Exactly k squares along a line: lame (`n`) unless inside `j()`.
    Exact,
    /// An oblique leap: lame (`n`) inside `nj()`.
    Leap,
}

/// The mode letters a term gets, before its direction letters.
fn modes(context: Context, reach: Stride) -> Vec<Modifier> {
    let mut out: Vec<Modifier> = context.only.map(Modifier::Behaviour).into_iter().collect();
    let jumps = context.jump == Some(true);
    match reach {
        Stride::Step => {}
        Stride::Slide if jumps => out.push(Modifier::Behaviour(Behaviour::JumpMany)),
        Stride::Exact if !jumps => out.push(Modifier::Behaviour(Behaviour::Lame)),
        Stride::Leap if context.jump == Some(false) => {
            out.push(Modifier::Behaviour(Behaviour::Lame))
        }
        Stride::Slide | Stride::Exact | Stride::Leap => {}
    }
    out
}

/// Which lines a group of directions lies on, for the atom it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lines {
    Orthogonal,
    Diagonal,
    Both,
}

impl Lines {
    fn step(self) -> Atom {
        match self {
            Lines::Orthogonal => Atom::W,
            Lines::Diagonal => Atom::F,
            Lines::Both => Atom::K,
        }
    }

    fn rider(self) -> Atom {
        match self {
            Lines::Orthogonal => Atom::R,
            Lines::Diagonal => Atom::B,
            Lines::Both => Atom::Q,
        }
    }

    /// The leaps of exactly `d` squares (d ≥ 2).
    fn leaps(self, d: u32) -> Vec<Atom> {
        let d = d as i32; // At most the reader's limit, 1000.
        let orthogonal = match d {
            2 => Atom::D,
            3 => Atom::H,
            _ => Atom::Custom(0, d),
        };
        let diagonal = match d {
            2 => Atom::A,
            3 => Atom::G,
            _ => Atom::Custom(d, d),
        };
        match self {
            Lines::Orthogonal => vec![orthogonal],
            Lines::Diagonal => vec![diagonal],
            Lines::Both => vec![orthogonal, diagonal],
        }
    }
}

/// Direction groups of the orthogonal atoms, largest first: the mask and its letters.
const ORTHOGONAL_GROUPS: [(u8, &[Modifier]); 7] = {
    use Modifier::Direction as D;
    [
        (ORTHOGONAL, &[]),
        (0b0001_0001, &[D('v')]),
        (0b0100_0100, &[D('h')]),
        (0b0000_0001, &[D('f')]),
        (0b0000_0100, &[D('r')]),
        (0b0001_0000, &[D('b')]),
        (0b0100_0000, &[D('l')]),
    ]
};

/// Direction groups of the diagonal atoms, largest first. `fr` is two letters that the
/// dialect reads together as one diagonal.
const DIAGONAL_GROUPS: [(u8, &[Modifier]); 9] = {
    use Modifier::Direction as D;
    [
        (DIAGONAL, &[]),
        (0b1000_0010, &[D('f')]),
        (0b0000_1010, &[D('r')]),
        (0b0010_1000, &[D('b')]),
        (0b1010_0000, &[D('l')]),
        (0b0000_0010, &[D('f'), D('r')]),
        (0b0000_1000, &[D('b'), D('r')]),
        (0b0010_0000, &[D('b'), D('l')]),
        (0b1000_0000, &[D('f'), D('l')]),
    ]
};

/// Groups from `table` (largest first) whose union is exactly `set`.
fn cover<T: Clone>(set: u8, table: &[(u8, T)]) -> Vec<T> {
    let mut covered = 0u8;
    let mut out = Vec::new();
    for (mask, group) in table {
        if mask & set == *mask && mask & !covered != 0 {
            covered |= mask;
            out.push(group.clone());
        }
    }
    out
}

/// The terms of one radial part: per direction group, the ride, the run from 1, and each
/// exact distance beyond the run.
fn radial_terms(directions: u8, distance: &Distance, context: Context) -> Vec<Term> {
    let groups: Vec<(Lines, &[Modifier])> = if directions == 0xFF {
        vec![(Lines::Both, &[])]
    } else {
        let orthogonal = cover(directions & ORTHOGONAL, &ORTHOGONAL_GROUPS);
        let diagonal = cover(directions & DIAGONAL, &DIAGONAL_GROUPS);
        orthogonal
            .into_iter()
            .map(|g| (Lines::Orthogonal, g))
            .chain(diagonal.into_iter().map(|g| (Lines::Diagonal, g)))
            .collect()
    };
    let mut out = Vec::new();
    for (lines, group) in groups {
        let with = |reach: Stride| [&modes(context, reach), group].concat();
        let distances = match distance {
            Distance::Rider => {
                out.push(Term::new(
                    with(Stride::Slide),
                    lines.rider(),
                    Range::Default,
                ));
                continue;
            }
            Distance::Exactly(d) => d,
        };
        // The run 1, 2, …, k at the front of the sorted set slides as one term.
        let run = distances
            .iter()
            .zip(1..)
            .take_while(|&(&d, k)| d == k)
            .count();
        match run {
            0 => {}
            1 => out.push(Term::new(with(Stride::Step), lines.step(), Range::Default)),
            k => out.push(Term::new(
                with(Stride::Slide),
                lines.rider(),
                Range::Steps(k as u16), // At most the reader's limit, 1000.
            )),
        }
        for &d in &distances[run..] {
            for atom in lines.leaps(d) {
                out.push(Term::new(with(Stride::Exact), atom, Range::Default));
            }
        }
    }
    out
}

/// The oblique part groups, largest first: the parts (bit 0 = `a` … bit 7 = `h`) and the
/// modifiers that select them.
fn oblique_groups() -> Vec<(u8, Vec<Modifier>)> {
    use Modifier::{Direction, Half, Most};
    let (a, b, c, d, e, f, g, h) = (1, 2, 4, 8, 16, 32, 64, 128);
    vec![
        (0xFF, vec![]),
        (h | a | b | c, vec![Half('f')]),
        (b | c | d | e, vec![Half('r')]),
        (d | e | f | g, vec![Half('b')]),
        (f | g | h | a, vec![Half('l')]),
        (a | b | e | f, vec![Direction('v')]),
        (c | d | g | h, vec![Direction('h')]),
        (a | b, vec![Direction('f')]),
        (c | d, vec![Direction('r')]),
        (e | f, vec![Direction('b')]),
        (g | h, vec![Direction('l')]),
        (a, vec![Most('f', '_')]),
        (b, vec![Most('f', '^')]),
        (c, vec![Most('r', '^')]),
        (d, vec![Most('r', '_')]),
        (e, vec![Most('b', '^')]),
        (f, vec![Most('b', '_')]),
        (g, vec![Most('l', '_')]),
        (h, vec![Most('l', '^')]),
    ]
}

/// The terms of `(x,y)` with its parts.
fn oblique_terms(x: u32, y: u32, parts: u8, context: Context) -> Vec<Term> {
    let atom = match (x.max(y), x.min(y)) {
        (2, 1) => Atom::N,
        (3, 1) => Atom::M,
        (3, 2) => Atom::Z,
        // At most the reader's limit, 1000.
        _ => Atom::Custom(x as i32, y as i32),
    };
    cover(parts, &oblique_groups())
        .into_iter()
        .map(|group| {
            Term::new(
                [modes(context, Stride::Leap), group].concat(),
                atom,
                Range::Default,
            )
        })
        .collect()
}

/// A bent move: each part after the first continues from a square where the part before
/// could stop, turned from it by its angle either way. Every way through it, one direction
/// per leg, must fit `budget` before it is listed, and so must every stage of its chains.
fn bent(
    first: &Radial,
    turns: &[Turn],
    context: Context,
    budget: &Budget,
    column: usize,
) -> Result<Vec<Chain>, HasinuError> {
    // Every way through the parts, one direction each.
    let mut paths: Vec<Vec<usize>> = (0..8)
        .filter(|&d| first.directions & (1 << d) != 0)
        .map(|d| vec![d])
        .collect();
    for (n, turn) in turns.iter().enumerate() {
        // A turn at most doubles the ways, each a leg longer.
        budget.afford(paths.len().saturating_mul(2 * (n + 2)), turn.column)?;
        let k = usize::from(turn.eighths);
        paths = paths
            .into_iter()
            .flat_map(|path| {
                let last = path.last().copied().unwrap_or_default();
                let mut next = vec![(last + k) % 8, (last + 8 - k) % 8];
                next.dedup();
                next.into_iter()
                    .filter(|&d| turn.radial.directions & (1 << d) != 0)
                    .map(move |d| [path.clone(), vec![d]].concat())
            })
            .collect();
        if paths.is_empty() {
            return Err(HasinuError::new(
                turn.column,
                HasinuErrorKind::DeadTurn {
                    degrees: 45 * u32::from(turn.eighths),
                },
            ));
        }
    }
    let radials: Vec<&Radial> = std::iter::once(first)
        .chain(turns.iter().map(|t| &t.radial))
        .collect();
    // Paths that differ in one part only share a chain: the last part's directions grouped,
    // or the first's; whichever writes fewer chains.
    let last = radials.len() - 1;
    let by_last = bent_chains(
        &group_paths(&paths, last),
        &radials,
        context,
        budget,
        column,
    )?;
    let by_first = bent_chains(&group_paths(&paths, 0), &radials, context, budget, column)?;
    Ok(if by_first.len() < by_last.len() {
        by_first
    } else {
        by_last
    })
}

/// Paths merged where they differ only in part `free`: per part, a direction mask, in the
/// order each group is first met.
fn group_paths(paths: &[Vec<usize>], free: usize) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    // Each group's place in `out`, by its masks with part `free` left out.
    let mut groups: HashMap<Vec<u8>, usize> = HashMap::new();
    for path in paths {
        let masks: Vec<u8> = path.iter().map(|&d| 1 << d).collect();
        let mut elsewhere = masks.clone();
        elsewhere[free] = 0;
        match groups.get(&elsewhere) {
            Some(&n) => out[n][free] |= masks[free],
            None => {
                groups.insert(elsewhere, out.len());
                out.push(masks);
            }
        }
    }
    out
}

/// The chains of grouped paths: every choice of one term per part, linked. Each stage is
/// measured against `budget` before it is built: a chain only grows, so the chains in the
/// end take at least as many legs.
fn bent_chains(
    grouped: &[Vec<u8>],
    radials: &[&Radial],
    context: Context,
    budget: &Budget,
    column: usize,
) -> Result<Vec<Chain>, HasinuError> {
    // Inside j() the next part may start from an occupied square, passing over it.
    let link = Link::new(context.jump != Some(true), Forced::No);
    let mut out: Vec<Chain> = Vec::new();
    // The legs of the chains in `out`.
    let mut built = 0usize;
    for masks in grouped {
        let mut partial: Vec<Chain> = Vec::new();
        for (n, (&mask, radial)) in masks.iter().zip(radials).enumerate() {
            let terms = radial_terms(mask, &radial.distance, context);
            let count = partial.len().max(1).saturating_mul(terms.len());
            budget.afford(count.saturating_mul(n + 1).saturating_add(built), column)?;
            partial = if n == 0 {
                terms.into_iter().map(Chain::new).collect()
            } else {
                partial
                    .iter()
                    .flat_map(|chain| {
                        terms
                            .iter()
                            .map(move |t| chain.clone().then(link, t.clone()))
                    })
                    .collect()
            };
        }
        built += partial.len() * masks.len();
        out.extend(partial);
    }
    Ok(out)
}

/// Embedded Betza with the context's letters added to every term, retold as this reader's
/// own chains (the columns it had in the text are dropped).
fn embedded(betza: &Betza, context: Context, column: usize) -> Result<Vec<Chain>, HasinuError> {
    let Betza::Modern(alternatives) = betza else {
        // The reader refuses the old notation.
        return Ok(Vec::new());
    };
    let with_context = |t: &Term| -> Result<Term, HasinuError> {
        let mut modifiers = t.modifiers.clone();
        let mut added = Vec::new();
        if let Some(only) = context.only {
            let other = if only == Behaviour::Move {
                Behaviour::Capture
            } else {
                Behaviour::Move
            };
            if modifiers.contains(&Modifier::Behaviour(other)) {
                return Err(HasinuError::new(
                    column,
                    HasinuErrorKind::BetzaContradiction {
                        term: t.to_string(),
                        around: only.letters(),
                    },
                ));
            }
            added.push(Modifier::Behaviour(only));
        }
        match context.jump {
            Some(true) => {
                // Jumping any number of pieces takes in jumping one: a `j` becomes the `jj`.
                modifiers.retain(|m| *m != Modifier::Behaviour(Behaviour::Jump));
                added.push(Modifier::Behaviour(Behaviour::JumpMany));
            }
            Some(false) => added.push(Modifier::Behaviour(Behaviour::Lame)),
            None => {}
        }
        added.retain(|m| !modifiers.contains(m));
        Ok(Term::new([added, modifiers].concat(), t.atom, t.range))
    };
    let mut out = Vec::new();
    for chain in alternatives.iter().flat_map(|a| &a.chains) {
        let mut ours = Chain::new(with_context(&chain.first)?);
        for (link, t) in &chain.rest {
            ours = ours.then(Link::new(link.blocking, link.forced), with_context(t)?);
        }
        out.push(ours);
    }
    Ok(out)
}
