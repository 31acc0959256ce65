//! What each piece type can do toward mate, read from its compiled moves once per
//! variant: the material rule (`draws`) and shuffled setups (`shuffle`, its colour-bound
//! pieces) ask it.

use super::rules::PieceType;

/// What a piece type can contribute toward mate, for the material rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mating {
    /// A royal piece: never counted.
    Royal,
    /// Can mate with its king alone, or may become something that can (promotes), or
    /// moves in a way this rule does not try to judge (hoppers, chains, wrapping).
    Able,
    /// A single leaper of one shape, like the knight: mates only with help.
    Minor,
    /// Every move keeps it on its square colour, like the bishop.
    Colorbound,
}

/// Each role's [`Mating`], from its compiled moves.
pub(crate) fn classify(types: &[PieceType]) -> Vec<Mating> {
    types
        .iter()
        .map(|t| {
            if t.royal {
                return Mating::Royal;
            }
            if t.promotion.is_some() {
                return Mating::Able;
            }
            let simple = t.chains.iter().all(|c| {
                c.legs.len() == 1 && {
                    let m = &c.legs[0].modes;
                    !m.grasshopper && !m.cannon && !m.cylinder && !m.bounce && m.jumps == 0
                }
            });
            if !simple || t.chains.is_empty() {
                return Mating::Able;
            }
            let leaps = || t.chains.iter().flat_map(|c| c.legs[0].leaps.iter());
            if leaps().all(|&(x, y)| (x + y) % 2 == 0) {
                return Mating::Colorbound;
            }
            let shape = |&(x, y): &(i32, i32)| {
                let (a, b) = (x.abs(), y.abs());
                (a.min(b), a.max(b))
            };
            let first = leaps().next().map(shape);
            let one_leg = t.chains.len() == 1 && {
                let leg = &t.chains[0].legs[0];
                leg.range == Some(1) && leg.modes.moves && leg.modes.captures
            };
            if one_leg && leaps().all(|l| Some(shape(l)) == first) {
                Mating::Minor
            } else {
                Mating::Able
            }
        })
        .collect()
}
