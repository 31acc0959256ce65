//! Piece descriptions for XBoard: a piece's compiled moves rewritten in XBetza, the
//! Betza dialect XBoard reads in `piece LETTER& DESCRIPTION` lines.
//!
//! The two dialects share little beyond the idea. What differs:
//!
//! | ours | XBoard's |
//! | --- | --- |
//! | alternatives joined by `\|` | terms written side by side |
//! | `frN` is the leap (1,2) | `frN` is (2,1): direction letters select bits of a mask, read differently per atom |
//! | `M` is the camel | `C` is |
//! | `j` on a rider: may pass one piece | skip the first square |
//! | a chain `X-Y`: each leg in directions fixed on the board | legs joined by `a`, in directions relative to the previous leg, all with the term's one atom |
//!
//! So the translation starts from the compiled model (each leg's leaps, range and modes),
//! never from the letters, and picks direction letters by reading them the way XBoard does
//! (the tables below mirror its `moves.c`). What it cannot write exactly it refuses, and
//! says why: a wrong description would make XBoard reject legal moves or allow illegal ones.
//!
//! What it writes:
//! - one leg: directions, then `m`/`c`/`d`/`e`, then `p`/`g`, then `n`, the atom, a count;
//! - a lame leap along a line of three (`nH`, `nG`): three steps, each onto an empty square;
//! - two legs whose first is a step or jump of W, F, D or A and whose second a step or
//!   slide of W or F: the first leg (a jump as two steps, the first passing anything), the
//!   landing square as `m`/`mp` (a step follows) or `y`/`g` (a slide follows: XBoard's way
//!   to turn the leaper into a rider for the next leg), then `a` and the second leg's
//!   directions relative to the first.

use crate::betza::directions::Leap;
use crate::betza::model::{Join, Leg, LegModes};
use crate::betza::{Betza, Forced, model};
use std::collections::BTreeMap;

/// Why a piece has no XBetza description.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Untranslatable {
    /// A leap no XBoard atom makes.
    #[error("the leap ({0},{1}) has no XBoard atom")]
    Leap(i32, i32),
    /// A behaviour XBoard has not, or reads differently.
    #[error("XBoard has no `{0}` as this dialect means it")]
    Behaviour(&'static str),
    /// A count XBoard cannot write (more than two digits, short of the board).
    #[error("XBoard cannot count {0} steps")]
    Range(u16),
    /// A lame leap XBoard blocks on other squares.
    #[error("XBoard blocks a lame ({0},{1}) leap on other squares")]
    Lame(i32, i32),
    /// A chain of three legs or more.
    #[error("XBoard's legs share one atom: only two-leg chains are written")]
    LongChain,
    /// A chain's first leg is not one step or jump of W, F, D or A.
    #[error("a chain's first leg must be one step or jump of W, F, D or A")]
    ChainStart,
    /// A chain's second leg is not a step or slide of W or F.
    #[error("a chain's second leg must be a step or slide of W or F")]
    ChainEnd,
}

/// How XBoard turns an atom's leap round: its eight directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Symmetry {
    /// W, D, H: the even directions.
    Orthogonal,
    /// F, A, G: the odd directions.
    Diagonal,
    /// N, C, Z: all eight.
    Oblique,
}

impl Symmetry {
    /// The direction bits an atom of this symmetry uses.
    fn all(self) -> u8 {
        match self {
            Symmetry::Orthogonal => 0x55,
            Symmetry::Diagonal => 0xAA,
            Symmetry::Oblique => 0xFF,
        }
    }
}

/// XBoard's leap atoms: letter, leap in direction 0, symmetry.
const ATOMS: [(char, Leap, Symmetry); 9] = [
    ('W', (0, 1), Symmetry::Orthogonal),
    ('F', (1, 1), Symmetry::Diagonal),
    ('D', (0, 2), Symmetry::Orthogonal),
    ('N', (1, 2), Symmetry::Oblique),
    ('A', (2, 2), Symmetry::Diagonal),
    ('H', (0, 3), Symmetry::Orthogonal),
    ('C', (1, 3), Symmetry::Oblique),
    ('Z', (2, 3), Symmetry::Oblique),
    ('G', (3, 3), Symmetry::Diagonal),
];

/// XBoard's eight turns, `(x, y) -> (a x + b y, c x + d y)`: direction 0 is the atom's
/// own leap, then clockwise (for the king: forward, forward-right, right, …).
const TURNS: [[i32; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, 1, -1, 0],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
    [0, -1, -1, 0],
    [0, -1, 1, 0],
    [-1, 0, 0, 1],
];

fn turn(dir: usize, (x, y): Leap) -> Leap {
    let [a, b, c, d] = TURNS[dir];
    (a * x + b * y, c * x + d * y)
}

/// The atom (index into [`ATOMS`]) and direction bit of a leap.
fn atom_of(leap: Leap) -> Option<(usize, u8)> {
    ATOMS.iter().enumerate().find_map(|(n, &(_, base, sym))| {
        (0..8)
            .filter(|&dir| sym.all() & (1 << dir) != 0)
            .find(|&dir| turn(dir, base) == leap)
            .map(|dir| (n, 1u8 << dir))
    })
}

/// The king's direction bit of a unit step (bit 0 forward, then clockwise).
fn king_bit(step: Leap) -> Option<u8> {
    let base = if step.0 != 0 && step.1 != 0 {
        (1, 1)
    } else {
        (0, 1)
    };
    let parity = usize::from(base.0 != 0);
    (0..8)
        .filter(|dir| dir % 2 == parity)
        .find(|&dir| turn(dir, base) == step)
        .map(|d| d as u8)
}

/// A direction letter's class (`dirType` in XBoard): 1 forward/backward, 2 sideways,
/// 4 `h`, 5 `v`, 6 `s`. Letters outside it are not directions.
fn class(c: u8) -> Option<u8> {
    Some(match c {
        b'f' | b'b' => 1,
        b'l' | b'r' => 2,
        b'h' => 4,
        b'v' => 5,
        b's' => 6,
        _ => return None,
    })
}

/// XBoard's four masks per direction letter: wide, narrow, wide for the king, alone for
/// the king (`dirs1` to `dirs4`).
fn masks(c: u8) -> [u8; 4] {
    match c {
        b'b' => [0x3C, 0x18, 0x38, 0x10],
        b'f' => [0xC3, 0x81, 0x83, 0x01],
        b'h' => [0x00, 0xFF, 0xFF, 0xFF],
        b'l' => [0xF0, 0x60, 0xE0, 0x40],
        b'r' => [0x0F, 0x06, 0x0E, 0x04],
        b's' => [0x00, 0x66, 0xEE, 0x44],
        b'v' => [0x00, 0x99, 0xBB, 0x11],
        _ => [0; 4],
    }
}

/// Two direction letters XBoard reads as one: one of f b v with one of l r s.
fn combine(a: u8, b: u8) -> bool {
    matches!((class(a), class(b)), (Some(x), Some(y)) if (x | y) & 3 == 3)
}

/// How XBoard reads `letters` before an atom of `sym` in a move's first leg: the direction
/// bits, or `None` if some letter would not be read as a direction.
fn first_leg(sym: Symmetry, letters: &[u8]) -> Option<u8> {
    let mut set = 0u8;
    let mut i = 0;
    match sym {
        Symmetry::Diagonal => {
            while i < letters.len() && class(letters[i]).is_some() {
                let (c, next) = (letters[i], letters.get(i + 1).copied());
                match next {
                    Some(n) if combine(c, n) => {
                        set |= masks(c)[0] & masks(n)[0];
                        i += 2;
                    }
                    _ => {
                        set |= masks(c)[0];
                        i += 1;
                    }
                }
            }
        }
        Symmetry::Orthogonal => {
            while i < letters.len() && class(letters[i]).is_some_and(|k| k != 4) {
                set |= masks(letters[i])[1];
                i += 1;
            }
        }
        Symmetry::Oblique if letters.first() == Some(&b'h') => {
            set = if letters.get(1) == Some(&b'r') {
                0x55
            } else {
                0xAA
            };
            i = 2;
        }
        Symmetry::Oblique => {
            while i < letters.len()
                && let Some(k) = class(letters[i])
            {
                let (c, next) = (letters[i], letters.get(i + 1).copied());
                match next {
                    Some(b'h') => {
                        set |= masks(c)[0];
                        i += 2;
                    }
                    Some(n) if n == c || (k < 4 && combine(c, n)) => {
                        set |= masks(c)[0] & masks(n)[1];
                        i += 2;
                    }
                    _ => {
                        set |= masks(c)[1];
                        i += 1;
                    }
                }
            }
        }
    }
    if i != letters.len() {
        return None;
    }
    let set = set & sym.all();
    Some(if set == 0 { sym.all() } else { set })
}

/// How XBoard reads `letters` in a later leg: king directions relative to the previous
/// leg's (bit 0 straight on, then clockwise), or `None` as in [`first_leg`]. Without
/// letters XBoard takes a default; this module always writes them.
fn later_leg(letters: &[u8]) -> Option<u8> {
    let mut set = 0u8;
    let mut i = 0;
    while i < letters.len()
        && let Some(k) = class(letters[i])
    {
        let (c, next) = (letters[i], letters.get(i + 1).copied());
        match next {
            Some(n) if n == c => i += 1,
            Some(n) if k < 4 && combine(c, n) => {
                set |= masks(c)[2] & masks(n)[2];
                i += 2;
                continue;
            }
            _ => i += 1,
        }
        set |= masks(c)[3];
    }
    (i == letters.len() && set != 0).then_some(set)
}

/// Every string of one or two direction letters, shortest first.
fn candidates() -> Vec<String> {
    const LETTERS: &[u8] = b"fblrvsh";
    let mut out: Vec<String> = LETTERS.iter().map(|&c| (c as char).to_string()).collect();
    for &a in LETTERS {
        for &b in LETTERS {
            out.push(format!("{}{}", a as char, b as char));
        }
    }
    out
}

/// Direction letters that together select exactly `want` under `read`: one string per
/// term to write. `[""]` when `want` is everything `read` gives without letters.
fn cover(want: u8, everything: Option<u8>, read: impl Fn(&[u8]) -> Option<u8>) -> Vec<String> {
    if Some(want) == everything {
        return vec![String::new()];
    }
    let options: Vec<(u8, String)> = candidates()
        .into_iter()
        .filter_map(|s| read(s.as_bytes()).map(|m| (m, s)))
        .filter(|&(m, _)| m & !want == 0)
        .collect();
    let mut left = want;
    let mut out = Vec::new();
    while left != 0 {
        // The option covering most of what is left; the first (shortest) among equals.
        let best = options
            .iter()
            .min_by_key(|(m, s)| (std::cmp::Reverse((m & left).count_ones()), s.len()))
            .filter(|(m, _)| m & left != 0);
        match best {
            Some((m, s)) => {
                left &= !m;
                out.push(s.clone());
            }
            // Unreachable for the masks this module asks for: every single bit has letters.
            None => break,
        }
    }
    out
}

/// How far a leg goes, as XBoard counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extent {
    Step,
    Count(u16),
    Ride,
}

fn reach(range: Option<u16>, longest: i32) -> Result<Extent, Untranslatable> {
    match range {
        Some(1) => Ok(Extent::Step),
        None => Ok(Extent::Ride),
        // No ride on this board goes further.
        Some(n) if i32::from(n) >= longest - 1 => Ok(Extent::Ride),
        Some(n) if n <= 99 => Ok(Extent::Count(n)),
        Some(n) => Err(Untranslatable::Range(n)),
    }
}

/// Refuses the behaviours XBoard has not.
fn plain_only(modes: &LegModes) -> Result<(), Untranslatable> {
    let refused = [
        (modes.jumps == 1, "j"),
        (modes.jumps > 1, "jj"),
        (modes.cylinder, "o"),
        (modes.fly, "y"),
        (modes.bounce, "q"),
        (modes.destroy, "x"),
    ];
    match refused.iter().find(|(on, _)| *on) {
        Some(&(_, letters)) => Err(Untranslatable::Behaviour(letters)),
        None => Ok(()),
    }
}

/// `m`, `c`, `d` and `e` as XBoard orders them; nothing when the leg both moves and
/// captures and does nothing else.
fn landing(modes: &LegModes) -> String {
    let mut out = String::new();
    let plain = !modes.backstab && !modes.en_passant;
    if modes.moves && (!modes.captures || !plain) {
        out.push('m');
    }
    if modes.captures && (!modes.moves || !plain) {
        out.push('c');
    }
    if modes.backstab {
        out.push('d');
    }
    if modes.en_passant {
        out.push('e');
    }
    out
}

/// The XBetza for a piece's moves on a board whose longer side is `longest` squares.
pub fn translate(betza: &Betza, longest: i32) -> Result<String, Untranslatable> {
    let mut singles = Singles::default();
    let mut bent = BTreeMap::new();
    for chain in model::chains(betza) {
        match (chain.legs.as_slice(), chain.links.as_slice()) {
            ([leg], []) => singles.add(leg, leg.modes.initial),
            ([first, second], [join]) => {
                two_legs(first, *join, second, longest, &mut singles, &mut bent)?
            }
            _ => return Err(Untranslatable::LongChain),
        }
    }
    let mut terms = Vec::new();
    for (leg, initial) in &singles.0 {
        one_leg(leg, longest, *initial, &mut terms)?;
    }
    write_bent(&bent, &mut terms);
    let mut out = String::new();
    let mut written = std::collections::HashSet::new();
    for t in terms {
        // The same term twice (from overlapping alternatives) says nothing new.
        if written.insert(t.clone()) {
            out.push_str(&t);
        }
    }
    Ok(out)
}

/// The one-leg moves, those alike in all but their leaps merged (so that the ends of
/// `fA-…|bA-…` are written `A`, not `fAbA`), with whether each is only for an unmoved piece.
#[derive(Default)]
struct Singles(Vec<(Leg, bool)>);

impl Singles {
    fn add(&mut self, leg: &Leg, initial: bool) {
        let alike = self
            .0
            .iter_mut()
            .find(|(l, i)| *i == initial && l.range == leg.range && l.modes == leg.modes);
        match alike {
            Some((l, _)) => {
                l.leaps.extend(&leg.leaps);
                l.leaps.sort_unstable();
                l.leaps.dedup();
            }
            None => self.0.push((leg.clone(), initial)),
        }
    }
}

/// One leg on its own.
fn one_leg(
    leg: &Leg,
    longest: i32,
    initial: bool,
    out: &mut Vec<String>,
) -> Result<(), Untranslatable> {
    plain_only(&leg.modes)?;
    let reach = reach(leg.range, longest)?;
    let hop = match (leg.modes.grasshopper, leg.modes.cannon) {
        (true, _) => "g",
        (_, true) => "p",
        _ => "",
    };
    // Direction bits per atom.
    let mut atoms: BTreeMap<usize, u8> = BTreeMap::new();
    for &leap in &leg.leaps {
        let (atom, bit) = atom_of(leap).ok_or(Untranslatable::Leap(leap.0, leap.1))?;
        *atoms.entry(atom).or_default() |= bit;
    }
    let i = if initial { "i" } else { "" };
    let modes = landing(&leg.modes);
    // A king or queen is written as one.
    let (w, f) = (atoms.get(&0).copied(), atoms.get(&1).copied());
    if w == Some(0x55) && f == Some(0xAA) && hop.is_empty() && !leg.modes.lame {
        atoms.remove(&0);
        atoms.remove(&1);
        let atom = match reach {
            Extent::Step => "K".to_string(),
            Extent::Count(n) => format!("K{n}"),
            Extent::Ride => "Q".to_string(),
        };
        out.push(format!("{i}{modes}{atom}"));
    }
    for (atom, mask) in atoms {
        let (letter, base, sym) = ATOMS[atom];
        let unit = atom <= 1;
        // XBoard hops only along lines, to any distance.
        let hops_ok = unit && reach == Extent::Ride;
        if !hop.is_empty() && !hops_ok {
            return Err(Untranslatable::Behaviour(hop));
        }
        let lame = if leg.modes.lame {
            match letter {
                'W' | 'F' => "",
                'D' | 'N' | 'A' if reach == Extent::Step => "n",
                'H' | 'G' if reach == Extent::Step => {
                    // Three steps along the line, the first two onto empty squares.
                    let step = if letter == 'H' { 'W' } else { 'F' };
                    for dirs in cover(mask, Some(sym.all()), |l| first_leg(sym, l)) {
                        out.push(format!("{i}{dirs}mafmaf{modes}{step}"));
                    }
                    continue;
                }
                _ => return Err(Untranslatable::Lame(base.0, base.1)),
            }
        } else {
            ""
        };
        let atom_text = match (reach, letter) {
            (Extent::Step, _) => letter.to_string(),
            (Extent::Count(n), _) => format!("{letter}{n}"),
            (Extent::Ride, 'W') => "R".to_string(),
            (Extent::Ride, 'F') => "B".to_string(),
            (Extent::Ride, _) => format!("{letter}0"),
        };
        for dirs in cover(mask, Some(sym.all()), |l| first_leg(sym, l)) {
            out.push(format!("{i}{dirs}{modes}{hop}{lame}{atom_text}"));
        }
    }
    Ok(())
}

/// What the two-leg moves of one kind share: everything but their directions.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Bent {
    /// Only while unmoved.
    initial: bool,
    /// The first leg's symmetry: W's or F's.
    sym: Symmetry,
    /// The first leg jumps two squares (D, A) rather than steps one.
    jump: bool,
    /// The second leg slides rather than steps.
    slide: bool,
    /// The first leg's last square must be empty.
    blocking: bool,
    /// The second leg's landing letters.
    landing: String,
}

/// Two-leg moves by kind: for each first-leg direction (king bit), the second leg's
/// directions relative to it.
type BentMoves = BTreeMap<Bent, BTreeMap<u8, u8>>;

/// A step or jump, then a step or slide: the move's end on the first leg goes to
/// `singles`, the rest to `bent`, to be written together once every chain is in.
fn two_legs(
    first: &Leg,
    join: Join,
    second: &Leg,
    longest: i32,
    singles: &mut Singles,
    bent: &mut BentMoves,
) -> Result<(), Untranslatable> {
    // A leg that only moves and captures: what XBoard has not is refused as for one leg.
    let simple = |m: &LegModes| {
        plain_only(m).is_ok()
            && !(m.grasshopper || m.cannon || m.lame || m.en_passant || m.backstab)
    };
    if first.range != Some(1) || !simple(&first.modes) {
        return Err(Untranslatable::ChainStart);
    }
    let slide = match reach(second.range, longest)? {
        Extent::Step => false,
        Extent::Ride => true,
        Extent::Count(_) => return Err(Untranslatable::ChainEnd),
    };
    if !simple(&second.modes) {
        return Err(Untranslatable::ChainEnd);
    }
    let initial = first.modes.initial || second.modes.initial;
    for &v in &first.leaps {
        let step = (v.0.signum(), v.1.signum());
        let straight = v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs();
        let jump = match v.0.abs().max(v.1.abs()) {
            1 if straight => false,
            2 if straight => true,
            _ => return Err(Untranslatable::ChainStart),
        };
        let a = king_bit(step).ok_or(Untranslatable::ChainStart)?;
        let kind = Bent {
            initial,
            sym: if a % 2 == 0 {
                Symmetry::Orthogonal
            } else {
                Symmetry::Diagonal
            },
            jump,
            slide,
            blocking: join.blocking,
            landing: landing(&second.modes),
        };
        for &u in &second.leaps {
            if u.0.abs() > 1 || u.1.abs() > 1 {
                return Err(Untranslatable::ChainEnd);
            }
            if second.modes.same_direction && u != step {
                continue;
            }
            let b = king_bit(u).ok_or(Untranslatable::ChainEnd)?;
            *bent.entry(kind.clone()).or_default().entry(a).or_default() |= 1 << ((b + 8 - a) % 8);
        }
    }
    if join.forced != Forced::Full {
        // The move may also end where the first leg does.
        singles.add(first, initial);
    }
    Ok(())
}

/// The two-leg terms: first-leg directions that share their relative second legs written
/// as one.
fn write_bent(bent: &BentMoves, out: &mut Vec<String>) {
    for (kind, starts) in bent {
        let mut by_relative: BTreeMap<u8, u8> = BTreeMap::new();
        for (&a, &relative) in starts {
            *by_relative.entry(relative).or_default() |= 1 << a;
        }
        let i = if kind.initial { "i" } else { "" };
        let atom = if kind.sym == Symmetry::Orthogonal {
            'W'
        } else {
            'F'
        };
        let over = if kind.jump { "mpaf" } else { "" };
        // What the first leg's last square must hold for the second leg to go on.
        let on_landing: &[&str] = match (kind.slide, kind.blocking) {
            (true, true) => &["y"],
            (true, false) => &["y", "g"],
            (false, true) => &["m"],
            (false, false) => &["mp"],
        };
        let modes = &kind.landing;
        for (&relative, &from) in &by_relative {
            let sym = kind.sym;
            for dirs in cover(from, Some(sym.all()), |l| first_leg(sym, l)) {
                for then in cover(relative, None, later_leg) {
                    for land in on_landing {
                        out.push(format!("{i}{dirs}{over}{land}a{then}{modes}{atom}"));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The XBetza for `betza` on an 8×8 board.
    fn of(betza: &str) -> Result<String, Untranslatable> {
        translate(&crate::betza::parse(betza).expect("test Betza parses"), 8)
    }

    #[test]
    fn the_pawn_is_xboards_own_pawn() {
        assert_eq!(of("mfW|cefF|imfnD").as_deref(), Ok("fmWfceFifmnD"));
    }

    #[test]
    fn riders_and_compounds_keep_their_letters() {
        assert_eq!(of("K").as_deref(), Ok("K"));
        assert_eq!(of("Q").as_deref(), Ok("Q"));
        assert_eq!(of("RN").as_deref(), Ok("RN"));
        assert_eq!(of("BN").as_deref(), Ok("BN"));
        assert_eq!(of("NN").as_deref(), Ok("N0"));
        assert_eq!(of("mRcpR").as_deref(), Ok("mRcpR"));
        assert_eq!(of("gQ").as_deref(), Ok("gRgB"));
        assert_eq!(of("W3").as_deref(), Ok("W3"));
        // On an 8-square board a rook never goes further than seven.
        assert_eq!(of("R7").as_deref(), Ok("R"));
    }

    #[test]
    fn the_camel_is_xboards_c() {
        assert_eq!(of("M").as_deref(), Ok("C"));
        assert_eq!(of("BM").as_deref(), Ok("BC"));
    }

    #[test]
    fn direction_letters_are_chosen_as_xboard_reads_them() {
        // Ours: `f^N` is (1,2), which XBoard calls `rfN`.
        let t = of("f^N").expect("translates");
        let (atom, bit) = atom_of((1, 2)).expect("a knight leap");
        assert_eq!(ATOMS[atom].0, 'N');
        let letters = t.strip_suffix('N').expect("a knight term");
        assert_eq!(first_leg(Symmetry::Oblique, letters.as_bytes()), Some(bit));
        assert_eq!(of("fR").as_deref(), Ok("fR"));
        assert_eq!(of("fF").as_deref(), Ok("fF"));
        assert_eq!(of("BfR").as_deref(), Ok("fRB"));
    }

    #[test]
    fn every_single_direction_has_letters() {
        for sym in [Symmetry::Orthogonal, Symmetry::Diagonal, Symmetry::Oblique] {
            for bit in 0..8 {
                let want = 1u8 << bit;
                if sym.all() & want == 0 {
                    continue;
                }
                let found = cover(want, Some(sym.all()), |l| first_leg(sym, l));
                assert_eq!(found.len(), 1, "{sym:?} bit {bit}: {found:?}");
                assert_eq!(first_leg(sym, found[0].as_bytes()), Some(want));
            }
        }
        for bit in 0..8 {
            let found = cover(1 << bit, None, later_leg);
            assert_eq!(found.len(), 1, "relative bit {bit}: {found:?}");
        }
    }

    #[test]
    fn xboards_reading_of_known_letters() {
        assert_eq!(first_leg(Symmetry::Oblique, b"fs"), Some(0xC3 & 0x66));
        assert_eq!(first_leg(Symmetry::Diagonal, b"f"), Some(0x82));
        assert_eq!(first_leg(Symmetry::Orthogonal, b"v"), Some(0x11));
        assert_eq!(later_leg(b"fs"), Some(0x82));
        assert_eq!(later_leg(b"f"), Some(0x01));
        assert_eq!(later_leg(b"fr"), Some(0x02));
        assert_eq!(later_leg(b"bl"), Some(0x20));
        // `m` is not a direction: the letters would not all be read.
        assert_eq!(first_leg(Symmetry::Orthogonal, b"fm"), None);
    }

    #[test]
    fn a_step_then_a_diagonal_slide_turns_the_leaper_into_a_rider() {
        // Forward one, then on diagonally forward: the second leg is 45° either side.
        assert_eq!(of("fW-fB").as_deref(), Ok("fWfyafsW"));
        // `-!`: the move may not stop after the step.
        assert_eq!(of("fW-!fB").as_deref(), Ok("fyafsW"));
        // `+`: the step's square may hold a piece, which the slide passes.
        assert_eq!(of("fW+!fB").as_deref(), Ok("fyafsWfgafsW"));
    }

    #[test]
    fn a_jump_then_a_slide_passes_the_middle_square() {
        // The griffon's cousin: alfil jump, then outward along the two lines beside it.
        let t = of("f^A-!rR|f^A-!fR|f_A-!lR|f_A-!fR|b^A-!rR|b^A-!bR|b_A-!lR|b_A-!bR")
            .expect("translates");
        assert_eq!(t, "mpafyafsF");
        assert_eq!(of("fD-!fB").as_deref(), Ok("fmpafyafsW"));
    }

    #[test]
    fn a_step_then_a_step_stays_a_leaper() {
        // From the forward-right diagonal, forward is 45° to the left, and the other way.
        assert_eq!(of("fF-!fW").as_deref(), Ok("flmafrFfrmaflF"));
        assert_eq!(of("fF+!fW").as_deref(), Ok("flmpafrFfrmpaflF"));
    }

    #[test]
    fn a_lame_three_step_is_three_steps() {
        assert_eq!(of("imfnH").as_deref(), Ok("ifmafmafmW"));
        assert_eq!(
            of("mfW|cefF|imfnD|imfnH").as_deref(),
            Ok("fmWfceFifmnDifmafmafmW")
        );
    }

    #[test]
    fn what_xboard_cannot_say_is_refused_with_its_reason() {
        assert_eq!(of("jR"), Err(Untranslatable::Behaviour("j")));
        assert_eq!(of("oR"), Err(Untranslatable::Behaviour("o")));
        assert!(matches!(of("(4,1)"), Err(Untranslatable::Leap(..))));
        assert_eq!(of("W-F-W"), Err(Untranslatable::LongChain));
        assert_eq!(of("N-W"), Err(Untranslatable::ChainStart));
        assert_eq!(of("W-N"), Err(Untranslatable::ChainEnd));
        assert_eq!(of("W-R3"), Err(Untranslatable::ChainEnd));
        assert!(matches!(of("nZ"), Err(Untranslatable::Lame(..))));
    }
}
