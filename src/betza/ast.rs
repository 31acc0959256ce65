//! The parsed form of a Betza string: what the user wrote, with the column of every part.

use std::fmt;

/// A whole piece description: alternatives separated by `|`, or the old tuple notation.
///
/// A tree built in code rather than read prints through [`Display`](fmt::Display): build its
/// terms with [`Term::new`], then the whole with [`Betza::modern`] or
/// [`Betza::side_by_side`], which set every column to where the printed text has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Betza {
    /// `alt|alt|…`, each alternative a list of chains written side by side.
    Modern(Vec<Alternative>),
    /// `(a,r,f,b):…;(a,r,f,b):…`: moving tuples, then capturing tuples.
    Old(OldNotation),
}

/// Chains written side by side (`mBcK` is two chains): the piece may use any of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternative {
    /// The chains, in the order written.
    pub chains: Vec<Chain>,
}

/// A term, then any number of linked terms: `K-N`, `W+!F`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chain {
    /// The first term.
    pub first: Term,
    /// Each link and the term after it.
    pub rest: Vec<(Link, Term)>,
}

impl Betza {
    /// The alternatives, with every term's and link's column set to where the printed text
    /// has it. That is the tree [`parse`](super::parse()) reads back from
    /// [`to_string`](ToString::to_string) when the text reads as written: no modifier
    /// [runs into](Modifier::runs_into) the next or repeats one before it, and no chain
    /// [runs into](Chain::runs_into) the one before it.
    pub fn modern(mut alternatives: Vec<Alternative>) -> Betza {
        let width = |part: &dyn fmt::Display| part.to_string().chars().count();
        let mut column = 1;
        for (n, alternative) in alternatives.iter_mut().enumerate() {
            if n > 0 {
                column += 1; // `|`
            }
            for chain in &mut alternative.chains {
                chain.first.column = column;
                column += width(&chain.first);
                for (link, term) in &mut chain.rest {
                    link.column = column;
                    column += width(link);
                    term.column = column;
                    column += width(term);
                }
            }
        }
        Betza::Modern(alternatives)
    }

    /// The chains written side by side in one alternative, starting another only where a
    /// chain would run into the one before it (see [`Chain::runs_into`]); columns as
    /// [`Betza::modern`] sets them.
    pub fn side_by_side(chains: impl IntoIterator<Item = Chain>) -> Betza {
        let mut alternatives: Vec<Alternative> = Vec::new();
        for chain in chains {
            match alternatives.last_mut() {
                Some(last) if !last.chains.last().is_some_and(|c| chain.runs_into(c)) => {
                    last.chains.push(chain);
                }
                _ => alternatives.push(Alternative {
                    chains: vec![chain],
                }),
            }
        }
        Betza::modern(alternatives)
    }
}

impl Chain {
    /// A chain of one term.
    pub fn new(first: Term) -> Chain {
        Chain {
            first,
            rest: Vec::new(),
        }
    }

    /// The chain with `term` linked on after its last leg.
    pub fn then(mut self, link: Link, term: Term) -> Chain {
        self.rest.push((link, term));
        self
    }

    /// Whether this chain, written right after `before` with no `|` between, would read as
    /// part of it: `W` then `W4` reads as the doubled atom `WW` and a stray `4`.
    pub fn runs_into(&self, before: &Chain) -> bool {
        let last = before.rest.last().map_or(&before.first, |(_, term)| term);
        last.range == Range::Default
            && !matches!(last.atom, Atom::Custom(..))
            && self.first.modifiers.is_empty()
            && self.first.atom == last.atom
    }
}

/// How two legs of a chain join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// `-` (the left leg cannot pass the piece it ends on) or `+` (it can).
    pub blocking: bool,
    /// Whether, and how far, the move must go on past the left leg.
    pub forced: Forced,
    /// 1-based column of the `-` or `+`.
    pub column: usize,
}

impl Link {
    /// A link written in code; its column is set by [`Betza::modern`].
    pub fn new(blocking: bool, forced: Forced) -> Link {
        Link {
            blocking,
            forced,
            column: 0,
        }
    }
}

/// Where a chained move may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forced {
    /// Plain `-`/`+`: anywhere on the left leg or after it.
    No,
    /// `!`: not during the left leg.
    Full,
    /// `/`: not during the left leg, except at its end.
    Half,
}

/// Modifiers, an atom, and how far it repeats.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    /// The modifiers before the atom, in the order written.
    pub modifiers: Vec<Modifier>,
    /// The atom.
    pub atom: Atom,
    /// How many steps.
    pub range: Range,
    /// 1-based column of the term's first character.
    pub column: usize,
}

impl Term {
    /// A term written in code; its column is set by [`Betza::modern`].
    pub fn new(modifiers: Vec<Modifier>, atom: Atom, range: Range) -> Term {
        Term {
            modifiers,
            atom,
            range,
            column: 0,
        }
    }
}

/// A leap or a compound of leaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// Wazir (1,0).
    W,
    /// Ferz (1,1).
    F,
    /// Dabbaba (2,0).
    D,
    /// Knight (2,1).
    N,
    /// Alfil (2,2).
    A,
    /// Threeleaper (3,0).
    H,
    /// Camel (3,1).
    M,
    /// Zebra (3,2).
    Z,
    /// Tripper (3,3).
    G,
    /// King: W and F.
    K,
    /// Bishop: F riding.
    B,
    /// Rook: W riding.
    R,
    /// Queen: B and R.
    Q,
    /// `(x,y)`: any leap.
    Custom(i32, i32),
}

impl Atom {
    /// The atom for an upper-case letter.
    pub fn from_letter(c: char) -> Option<Atom> {
        Some(match c {
            'W' => Atom::W,
            'F' => Atom::F,
            'D' => Atom::D,
            'N' => Atom::N,
            'A' => Atom::A,
            'H' => Atom::H,
            'M' => Atom::M,
            'Z' => Atom::Z,
            'G' => Atom::G,
            'K' => Atom::K,
            'B' => Atom::B,
            'R' => Atom::R,
            'Q' => Atom::Q,
            _ => return None,
        })
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Atom::Custom(x, y) => write!(f, "({x},{y})"),
            other => write!(f, "{other:?}"),
        }
    }
}

/// How far an atom repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Range {
    /// No count written: the atom's own range (one step; riding for B, R, Q).
    Default,
    /// A count: up to this many steps.
    Steps(u16),
    /// `0` or a doubled atom (`WW`): any number of steps.
    Unlimited,
}

/// A lower-case modifier (with its suffix, if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// `f r b l v h a`: a direction set.
    Direction(char),
    /// `fh rh bh lh`: every step with a component that way.
    Half(char),
    /// `fs rs bs ls`: the half set less the pure direction.
    Sideways(char),
    /// `f^ f_ r^ r_ b^ b_ l^ l_`: one step, the most that way then to one side.
    Most(char, char),
    /// `s`: the same direction as the previous leg.
    Same,
    /// `m c j jj g o y q x d i e n p`: how the move treats what it meets.
    Behaviour(Behaviour),
}

impl Modifier {
    /// Whether `self` written right before `next` reads as something else: a direction
    /// `f`, `r`, `b` or `l` before `h` or `s` reads as the two-letter `fh` or `fs`, and
    /// `j` before `j` or `jj` reads as `jj`. Modifiers that never run into their neighbours
    /// print as they read.
    pub fn runs_into(self, next: Modifier) -> bool {
        let jump = |m: Modifier| {
            matches!(
                m,
                Modifier::Behaviour(Behaviour::Jump | Behaviour::JumpMany)
            )
        };
        match self {
            Modifier::Direction('f' | 'r' | 'b' | 'l') => {
                matches!(next, Modifier::Direction('h') | Modifier::Same)
            }
            Modifier::Behaviour(Behaviour::Jump) => jump(next),
            _ => false,
        }
    }
}

/// A behaviour modifier: how a move treats what it meets on its way and where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Behaviour {
    /// `m`: only to empty squares.
    Move,
    /// `c`: only captures.
    Capture,
    /// `j`: may jump one piece on the path.
    Jump,
    /// `jj`: may jump any number of pieces.
    JumpMany,
    /// `g`: must hop exactly one piece and land just beyond it.
    Grasshopper,
    /// `o`: the board wraps in that direction.
    Cylinder,
    /// `y`: flies over obstacles.
    Fly,
    /// `q`: bounces off an edge once.
    Bounce,
    /// `x`: may capture obstacles.
    Destroy,
    /// `d`: may capture friendly pieces.
    Backstab,
    /// `i`: only while the piece has not moved.
    Initial,
    /// `e`: may capture en passant.
    EnPassant,
    /// `n`: lame: blocked by a piece on the path of a leap.
    Lame,
    /// `p`: cannon hop: jump exactly one piece, land any distance beyond.
    Cannon,
}

impl Behaviour {
    /// The mode's letters.
    pub fn letters(self) -> &'static str {
        match self {
            Behaviour::Move => "m",
            Behaviour::Capture => "c",
            Behaviour::Jump => "j",
            Behaviour::JumpMany => "jj",
            Behaviour::Grasshopper => "g",
            Behaviour::Cylinder => "o",
            Behaviour::Fly => "y",
            Behaviour::Bounce => "q",
            Behaviour::Destroy => "x",
            Behaviour::Backstab => "d",
            Behaviour::Initial => "i",
            Behaviour::EnPassant => "e",
            Behaviour::Lame => "n",
            Behaviour::Cannon => "p",
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Modifier::Direction(c) => write!(f, "{c}"),
            Modifier::Half(c) => write!(f, "{c}h"),
            Modifier::Sideways(c) => write!(f, "{c}s"),
            Modifier::Most(c, side) => write!(f, "{c}{side}"),
            Modifier::Same => f.write_str("s"),
            Modifier::Behaviour(m) => f.write_str(m.letters()),
        }
    }
}

/// The old notation: `(a,r,f,b)` tuples, moving ones before `;`, capturing ones after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OldNotation {
    /// Tuples for moves to empty squares.
    pub moves: Vec<[i32; 4]>,
    /// Tuples for captures.
    pub captures: Vec<[i32; 4]>,
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in &self.modifiers {
            write!(f, "{m}")?;
        }
        write!(f, "{}", self.atom)?;
        match self.range {
            Range::Default => Ok(()),
            Range::Steps(n) => write!(f, "{n}"),
            Range::Unlimited => f.write_str("0"),
        }
    }
}

impl fmt::Display for Link {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.blocking { "-" } else { "+" })?;
        match self.forced {
            Forced::No => Ok(()),
            Forced::Full => f.write_str("!"),
            Forced::Half => f.write_str("/"),
        }
    }
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first)?;
        for (link, term) in &self.rest {
            write!(f, "{link}{term}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Betza {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Betza::Modern(alternatives) => {
                for (n, alt) in alternatives.iter().enumerate() {
                    if n > 0 {
                        f.write_str("|")?;
                    }
                    for chain in &alt.chains {
                        write!(f, "{chain}")?;
                    }
                }
                Ok(())
            }
            Betza::Old(old) => {
                let group = |tuples: &[[i32; 4]]| {
                    tuples
                        .iter()
                        .map(|[a, r, fw, b]| format!("({a},{r},{fw},{b})"))
                        .collect::<Vec<_>>()
                        .join(":")
                };
                write!(f, "{};{}", group(&old.moves), group(&old.captures))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::{ErrorKind, parse};

    /// Every modifier, each spelling once.
    fn every_modifier() -> Vec<Modifier> {
        use Behaviour::*;
        let mut out: Vec<Modifier> = "frblvha".chars().map(Modifier::Direction).collect();
        for c in "frbl".chars() {
            out.extend([Modifier::Half(c), Modifier::Sideways(c)]);
            out.extend("^_".chars().map(|side| Modifier::Most(c, side)));
        }
        out.push(Modifier::Same);
        out.extend(
            [
                Move,
                Capture,
                Jump,
                JumpMany,
                Grasshopper,
                Cylinder,
                Fly,
                Bounce,
                Destroy,
                Backstab,
                Initial,
                EnPassant,
                Lame,
                Cannon,
            ]
            .map(Modifier::Behaviour),
        );
        out
    }

    #[test]
    fn two_modifiers_read_back_as_written_unless_the_first_runs_into_the_second() {
        for first in every_modifier() {
            for second in every_modifier() {
                // On a second leg, where `s` reads.
                let text = format!("W-{first}{second}N");
                let read = match parse(&text) {
                    Ok(Betza::Modern(alternatives)) => {
                        alternatives[0].chains[0].rest[0].1.modifiers.clone()
                    }
                    Err(e) if matches!(e.kind, ErrorKind::RepeatedModifier(_)) => continue,
                    other => panic!("{text}: {other:?}"),
                };
                assert_eq!(
                    read != [first, second],
                    first.runs_into(second),
                    "{text} reads as {read:?}"
                );
            }
        }
    }

    #[test]
    fn a_built_tree_prints_text_that_reads_back_as_itself() {
        let f = Modifier::Direction('f');
        let chain = Chain::new(Term::new(
            vec![Modifier::Behaviour(Behaviour::Grasshopper), f],
            Atom::R,
            Range::Default,
        ))
        .then(
            Link::new(false, Forced::Full),
            Term::new(vec![Modifier::Direction('b')], Atom::W, Range::Default),
        )
        .then(
            Link::new(true, Forced::Half),
            Term::new(vec![Modifier::Same], Atom::Custom(2, 5), Range::Unlimited),
        );
        let knight = Chain::new(Term::new(vec![], Atom::N, Range::Steps(3)));
        let tree = Betza::modern(vec![
            Alternative {
                chains: vec![chain, knight],
            },
            Alternative {
                chains: vec![Chain::new(Term::new(vec![f], Atom::K, Range::Default))],
            },
        ]);
        assert_eq!(tree.to_string(), "gfR+!bW-/s(2,5)0N3|fK");
        assert_eq!(parse("gfR+!bW-/s(2,5)0N3|fK"), Ok(tree));
    }

    #[test]
    fn chains_side_by_side_split_only_where_one_would_run_into_the_last() {
        let plain = |atom, range| Chain::new(Term::new(vec![], atom, range));
        let tree = Betza::side_by_side([
            plain(Atom::W, Range::Default),
            plain(Atom::W, Range::Steps(4)),
            Chain::new(Term::new(
                vec![Modifier::Direction('f')],
                Atom::W,
                Range::Default,
            )),
            plain(Atom::Custom(0, 5), Range::Default),
            plain(Atom::Custom(0, 5), Range::Default),
            plain(Atom::R, Range::Steps(2)),
            plain(Atom::R, Range::Default),
            plain(Atom::R, Range::Default),
        ]);
        assert_eq!(tree.to_string(), "W|W4fW(0,5)(0,5)R2R|R");
        assert_eq!(parse("W|W4fW(0,5)(0,5)R2R|R"), Ok(tree));
    }
}
