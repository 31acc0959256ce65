//! Reading Betza text into the AST, with an error that names the column at fault.

use super::ast::{
    Alternative, Atom, Behaviour, Betza, Chain, Forced, Link, Modifier, OldNotation, Range, Term,
};
use std::fmt;

/// The largest repeat count accepted: far beyond any practical board.
pub const MAX_REPEAT: u32 = 1000;

/// The longest Betza string read, in characters. The longest shipped piece takes 56 and a
/// designer's compound of many chains a few hundred; every chain becomes move tables for
/// each square of the board, so a string of a hundred thousand characters would cost
/// hundreds of megabytes to compile.
pub const MAX_LENGTH: usize = 1024;

/// The most legs one chain may have. A chain is walked leg by leg on every move
/// generation, each leg from every square the one before may stop on, so its cost grows
/// with its legs times the board; the shipped pieces use two, and sixteen leave a designer
/// room while keeping a long chain's walk on a 26×26 board within milliseconds.
pub const MAX_LEGS: usize = 16;

/// What is wrong with a Betza string, and where (1-based character columns).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct BetzaError {
    /// Column of the first character at fault.
    pub column: usize,
    /// How many characters are at fault (at least 1).
    pub width: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// The kinds of Betza errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Nothing to read.
    Empty,
    /// More than [`MAX_LENGTH`] characters (the column is the first one past it).
    TooLong,
    /// An upper-case letter that is not an atom.
    UnknownAtom(char),
    /// A lower-case letter that is not a modifier.
    UnknownModifier(char),
    /// A character that fits nowhere.
    Unexpected(char),
    /// Modifiers with no atom after them.
    ModifiersNeedAtom(String),
    /// A chain symbol with no atom after it.
    ChainNeedsAtom(String),
    /// `|` with nothing on one side.
    EmptyAlternative,
    /// A repeat count with no atom before it.
    RepeatWithoutAtom,
    /// A repeat count above [`MAX_REPEAT`].
    RepeatTooLarge(String),
    /// A doubled atom (`WW`) that also has a count.
    DoubledAndCounted,
    /// `(` never closed.
    Unclosed,
    /// A custom atom or old-notation tuple that is not the right list of integers.
    BadTuple(&'static str),
    /// A number that does not fit.
    NumberTooLarge(String),
    /// `s` on a chain's first leg, which has no previous leg to follow.
    SameWithoutLeg,
    /// A modifier written again in one term (`jjj`, `mm`, `ffK`): it adds nothing.
    RepeatedModifier(String),
    /// A leap of (0,0), which goes nowhere.
    NullLeap,
    /// A link that would start a chain's leg past [`MAX_LEGS`] (the column is the link's).
    TooManyLegs,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.column;
        match &self.kind {
            ErrorKind::Empty => write!(f, "empty: expected an atom such as W, N or K"),
            ErrorKind::TooLong => write!(
                f,
                "the Betza is longer than the limit of {MAX_LENGTH} characters (column {c} is past it)"
            ),
            ErrorKind::UnknownAtom(x) => write!(
                f,
                "'{x}' at column {c} is not an atom (W F D N A H M Z G K B R Q or (x,y))"
            ),
            ErrorKind::UnknownModifier(x) => write!(
                f,
                "'{x}' at column {c} is not a modifier (f r b l v h a s m c j g o y q x d i e n p)"
            ),
            ErrorKind::Unexpected(x) => write!(f, "'{x}' at column {c} is not expected here"),
            ErrorKind::ModifiersNeedAtom(m) => {
                write!(f, "modifiers '{m}' at column {c} need an atom after them")
            }
            ErrorKind::ChainNeedsAtom(link) => {
                write!(f, "chain '{link}' at column {c} needs an atom after it")
            }
            ErrorKind::EmptyAlternative => {
                write!(f, "'|' at column {c} needs an atom on both sides")
            }
            ErrorKind::RepeatWithoutAtom => {
                write!(f, "repeat count at column {c} needs an atom before it")
            }
            ErrorKind::RepeatTooLarge(n) => {
                write!(
                    f,
                    "repeat count {n} at column {c} is above the limit {MAX_REPEAT}"
                )
            }
            ErrorKind::DoubledAndCounted => write!(
                f,
                "doubled atom at column {c} already rides without limit: drop the count"
            ),
            ErrorKind::Unclosed => write!(f, "'(' at column {c} is never closed"),
            ErrorKind::BadTuple(what) => write!(f, "at column {c}: expected {what}"),
            ErrorKind::NumberTooLarge(n) => write!(f, "number {n} at column {c} is too large"),
            ErrorKind::SameWithoutLeg => write!(
                f,
                "'s' at column {c} keeps the previous leg's direction, but this is a chain's first leg (for sideways write rl, or h)"
            ),
            ErrorKind::RepeatedModifier(m) => write!(
                f,
                "'{m}' at column {c} repeats a modifier already given to this atom, which adds nothing"
            ),
            ErrorKind::NullLeap => write!(f, "the leap at column {c} is (0,0): it goes nowhere"),
            ErrorKind::TooManyLegs => write!(
                f,
                "the link at column {c} starts leg {}: a chain has at most {MAX_LEGS} legs",
                MAX_LEGS + 1
            ),
        }
    }
}

impl BetzaError {
    fn at(column: usize, width: usize, kind: ErrorKind) -> Self {
        BetzaError {
            column,
            width: width.max(1),
            kind,
        }
    }

    /// The message with the text and a caret line under the fault.
    pub fn render(&self, text: &str) -> String {
        format!(
            "{self}\n  {text}\n  {}{}",
            " ".repeat(self.column.saturating_sub(1)),
            "^".repeat(self.width)
        )
    }
}

/// Reads a Betza string of at most [`MAX_LENGTH`] characters.
pub fn parse(text: &str) -> Result<Betza, BetzaError> {
    // Counting stops at the first character past the limit.
    if text.chars().nth(MAX_LENGTH).is_some() {
        return Err(BetzaError::at(MAX_LENGTH + 1, 1, ErrorKind::TooLong));
    }
    let mut p = Parser {
        chars: text.chars().collect(),
        pos: 0,
    };
    if p.chars.iter().all(|c| c.is_whitespace()) {
        return Err(BetzaError::at(1, 1, ErrorKind::Empty));
    }
    if p.looks_old() {
        return p.old().map(Betza::Old);
    }
    p.modern().map(Betza::Modern)
}

/// Where a modifier is written: its column and width.
type Written = (usize, usize);

struct Parser {
    chars: Vec<char>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn column(&self) -> usize {
        self.pos + 1
    }

    fn unexpected(&self) -> BetzaError {
        match self.peek() {
            Some(c) => BetzaError::at(self.column(), 1, ErrorKind::Unexpected(c)),
            None => BetzaError::at(self.column(), 1, ErrorKind::Empty),
        }
    }

    fn modern(&mut self) -> Result<Vec<Alternative>, BetzaError> {
        let mut alternatives = Vec::new();
        loop {
            let start = self.column();
            let mut chains = Vec::new();
            while self.peek().is_some_and(|c| c != '|') {
                chains.push(self.chain()?);
            }
            if chains.is_empty() {
                // `|` at the start, `||`, or `|` at the end.
                let column = if self.peek() == Some('|') {
                    self.column()
                } else {
                    start.saturating_sub(1).max(1)
                };
                return Err(BetzaError::at(column, 1, ErrorKind::EmptyAlternative));
            }
            alternatives.push(Alternative { chains });
            match self.peek() {
                Some('|') => self.pos += 1,
                None => return Ok(alternatives),
                Some(_) => return Err(self.unexpected()),
            }
        }
    }

    fn chain(&mut self) -> Result<Chain, BetzaError> {
        let first = self.term()?;
        // `s` keeps the previous leg's direction: a chain's first leg has none.
        let mut column = first.column;
        for m in &first.modifiers {
            if *m == Modifier::Same {
                return Err(BetzaError::at(column, 1, ErrorKind::SameWithoutLeg));
            }
            column += m.to_string().chars().count();
        }
        let mut rest = Vec::new();
        while let Some(sign @ ('-' | '+')) = self.peek() {
            let column = self.column();
            self.pos += 1;
            let forced = match self.peek() {
                Some('!') => Forced::Full,
                Some('/') => Forced::Half,
                _ => Forced::No,
            };
            if forced != Forced::No {
                self.pos += 1;
            }
            let link = Link {
                blocking: sign == '-',
                forced,
                column,
            };
            if self.peek().is_none_or(|c| c == '|' || c == '-' || c == '+') {
                return Err(BetzaError::at(
                    column,
                    link.to_string().chars().count(),
                    ErrorKind::ChainNeedsAtom(link.to_string()),
                ));
            }
            if rest.len() + 1 == MAX_LEGS {
                return Err(BetzaError::at(
                    column,
                    link.to_string().chars().count(),
                    ErrorKind::TooManyLegs,
                ));
            }
            rest.push((link, self.term()?));
        }
        Ok(Chain { first, rest })
    }

    fn term(&mut self) -> Result<Term, BetzaError> {
        let column = self.column();
        let (modifiers, spans) = self.modifiers()?;
        let Some(c) = self.peek() else {
            return Err(self.modifiers_need_atom(column));
        };
        let atom = match c {
            '(' => self.custom()?,
            'A'..='Z' => {
                let atom = Atom::from_letter(c)
                    .ok_or_else(|| BetzaError::at(self.column(), 1, ErrorKind::UnknownAtom(c)))?;
                self.pos += 1;
                atom
            }
            '0'..='9' => {
                return Err(BetzaError::at(
                    self.column(),
                    1,
                    ErrorKind::RepeatWithoutAtom,
                ));
            }
            '|' | '-' | '+' if !modifiers.is_empty() => {
                return Err(self.modifiers_need_atom(column));
            }
            _ => return Err(self.unexpected()),
        };
        // Checked once the atom is known: a doubled letter reads on an oblique atom (`ffN`).
        if let Some(group) = super::directions::repeated_direction(&modifiers, atom) {
            let (column, _) = spans[group.start];
            let width = group.clone().map(|i| spans[i].1).sum();
            let text = modifiers[group].iter().map(Modifier::to_string).collect();
            return Err(BetzaError::at(
                column,
                width,
                ErrorKind::RepeatedModifier(text),
            ));
        }
        let range = self.range(c)?;
        Ok(Term {
            modifiers,
            atom,
            range,
            column,
        })
    }

    fn modifiers_need_atom(&self, column: usize) -> BetzaError {
        let text: String = self.chars[column - 1..self.pos].iter().collect();
        if text.is_empty() {
            return self.unexpected();
        }
        BetzaError::at(
            column,
            text.chars().count(),
            ErrorKind::ModifiersNeedAtom(text),
        )
    }

    /// The modifiers before an atom, each with its column and width. A mode written twice
    /// (`jj` and `j` count as one mode) or `s` twice is refused at its second writing; a
    /// direction group named twice is refused by [`Parser::term`], which knows the atom.
    fn modifiers(&mut self) -> Result<(Vec<Modifier>, Vec<Written>), BetzaError> {
        let mut out = Vec::new();
        // The column and width of each modifier, for errors.
        let mut spans = Vec::new();
        while let Some(c) = self.peek().filter(|c| c.is_ascii_lowercase()) {
            let next = self.peek_at(1);
            let (modifier, width) = match (c, next) {
                ('f' | 'r' | 'b' | 'l', Some('h')) => (Modifier::Half(c), 2),
                ('f' | 'r' | 'b' | 'l', Some('s')) => (Modifier::Sideways(c), 2),
                ('f' | 'r' | 'b' | 'l', Some(side @ ('^' | '_'))) => (Modifier::Most(c, side), 2),
                ('f' | 'r' | 'b' | 'l' | 'v' | 'h' | 'a', _) => (Modifier::Direction(c), 1),
                ('s', _) => (Modifier::Same, 1),
                ('j', Some('j')) => (Modifier::Behaviour(Behaviour::JumpMany), 2),
                _ => {
                    let mode = match c {
                        'm' => Behaviour::Move,
                        'c' => Behaviour::Capture,
                        'j' => Behaviour::Jump,
                        'g' => Behaviour::Grasshopper,
                        'o' => Behaviour::Cylinder,
                        'y' => Behaviour::Fly,
                        'q' => Behaviour::Bounce,
                        'x' => Behaviour::Destroy,
                        'd' => Behaviour::Backstab,
                        'i' => Behaviour::Initial,
                        'e' => Behaviour::EnPassant,
                        'n' => Behaviour::Lame,
                        'p' => Behaviour::Cannon,
                        _ => {
                            return Err(BetzaError::at(
                                self.column(),
                                1,
                                ErrorKind::UnknownModifier(c),
                            ));
                        }
                    };
                    (Modifier::Behaviour(mode), 1)
                }
            };
            let jump = |m: &Modifier| {
                matches!(
                    m,
                    Modifier::Behaviour(Behaviour::Jump) | Modifier::Behaviour(Behaviour::JumpMany)
                )
            };
            let again = match modifier {
                Modifier::Behaviour(_) | Modifier::Same => out
                    .iter()
                    .any(|m| *m == modifier || (jump(m) && jump(&modifier))),
                _ => false,
            };
            if again {
                return Err(self.repeated(modifier, width));
            }
            out.push(modifier);
            spans.push((self.column(), width));
            self.pos += width;
        }
        Ok((out, spans))
    }

    fn repeated(&self, modifier: Modifier, width: usize) -> BetzaError {
        BetzaError::at(
            self.column(),
            width,
            ErrorKind::RepeatedModifier(modifier.to_string()),
        )
    }

    fn range(&mut self, letter: char) -> Result<Range, BetzaError> {
        let doubled = letter.is_ascii_uppercase() && self.peek() == Some(letter);
        if doubled {
            let column = self.column();
            self.pos += 1;
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(BetzaError::at(column, 1, ErrorKind::DoubledAndCounted));
            }
            return Ok(Range::Unlimited);
        }
        let column = self.column();
        let digits = self.take_while(|c| c.is_ascii_digit());
        if digits.is_empty() {
            return Ok(Range::Default);
        }
        let width = digits.chars().count();
        match digits.parse::<u32>() {
            Ok(0) => Ok(Range::Unlimited),
            Ok(n) if n <= MAX_REPEAT => Ok(Range::Steps(n as u16)),
            _ => Err(BetzaError::at(
                column,
                width,
                ErrorKind::RepeatTooLarge(digits),
            )),
        }
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek().filter(|c| keep(*c)) {
            out.push(c);
            self.pos += 1;
        }
        out
    }

    /// `(x,y)`.
    fn custom(&mut self) -> Result<Atom, BetzaError> {
        let open = self.column();
        let numbers = self.tuple(2, "a custom atom (x,y) of two integers")?;
        if numbers == [0, 0] {
            return Err(BetzaError::at(
                open,
                self.column() - open,
                ErrorKind::NullLeap,
            ));
        }
        Ok(Atom::Custom(numbers[0], numbers[1]))
    }

    /// A parenthesised list of exactly `count` integers.
    fn tuple(&mut self, count: usize, what: &'static str) -> Result<Vec<i32>, BetzaError> {
        let open = self.column();
        self.pos += 1;
        let mut numbers = Vec::new();
        loop {
            while self.peek() == Some(' ') {
                self.pos += 1;
            }
            let column = self.column();
            let mut text = String::new();
            if self.peek() == Some('-') {
                text.push('-');
                self.pos += 1;
            }
            text.push_str(&self.take_while(|c| c.is_ascii_digit()));
            if text.is_empty() || text == "-" {
                return Err(match self.peek() {
                    None => BetzaError::at(open, 1, ErrorKind::Unclosed),
                    Some(_) => BetzaError::at(column, 1, ErrorKind::BadTuple(what)),
                });
            }
            let n = text.parse::<i32>().map_err(|_| {
                BetzaError::at(
                    column,
                    text.chars().count(),
                    ErrorKind::NumberTooLarge(text.clone()),
                )
            })?;
            numbers.push(n);
            while self.peek() == Some(' ') {
                self.pos += 1;
            }
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(')') => {
                    self.pos += 1;
                    break;
                }
                None => return Err(BetzaError::at(open, 1, ErrorKind::Unclosed)),
                Some(_) => return Err(BetzaError::at(self.column(), 1, ErrorKind::BadTuple(what))),
            }
        }
        if numbers.len() != count {
            let width = self.pos + 1 - open;
            return Err(BetzaError::at(open, width, ErrorKind::BadTuple(what)));
        }
        Ok(numbers)
    }

    /// The old notation starts with a four-number tuple.
    fn looks_old(&self) -> bool {
        if self.chars.first() != Some(&'(') {
            return false;
        }
        let inside: String = self.chars[1..].iter().take_while(|&&c| c != ')').collect();
        inside.split(',').count() == 4
    }

    fn old(&mut self) -> Result<OldNotation, BetzaError> {
        const WHAT: &str = "an old-notation tuple (a,r,f,b) of four integers";
        let mut groups: [Vec<[i32; 4]>; 2] = [Vec::new(), Vec::new()];
        let mut group = 0;
        loop {
            if self.peek() != Some('(') {
                return Err(match self.peek() {
                    None => BetzaError::at(self.column(), 1, ErrorKind::BadTuple(WHAT)),
                    Some(_) => self.unexpected(),
                });
            }
            let open = self.column();
            let n = self.tuple(4, WHAT)?;
            if n[0] == 0 && n[1] == 0 {
                return Err(BetzaError::at(
                    open,
                    self.column() - open,
                    ErrorKind::NullLeap,
                ));
            }
            groups[group].push([n[0], n[1], n[2], n[3]]);
            match self.peek() {
                Some(':' | ',') => self.pos += 1,
                Some(';') if group == 0 => {
                    self.pos += 1;
                    group = 1;
                    if self.peek().is_none() {
                        break;
                    }
                }
                None => break,
                Some(_) => return Err(self.unexpected()),
            }
        }
        let [moves, captures] = groups;
        Ok(OldNotation { moves, captures })
    }
}
