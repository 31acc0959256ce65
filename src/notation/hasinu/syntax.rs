//! Reading Ħasínū text into its parts, each with the column it starts at.

use super::error::{HasinuError, HasinuErrorKind as Kind, LIMIT, MAX_LENGTH, MAX_NESTING};
use crate::betza::{self, Betza, BetzaError};

/// The eight directions, clockwise from N (forward), 45° apart: a direction's index is its
/// bit in a direction mask, and a turn of 45° adds or takes one.
pub(super) const DIRECTIONS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// The four orthogonal directions (`O`) as a mask.
pub(super) const ORTHOGONAL: u8 = 0b0101_0101;

/// The four diagonal directions (`D`) as a mask.
pub(super) const DIAGONAL: u8 = 0b1010_1010;

/// One part of a piece, as written between `&`s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Item {
    /// A move.
    Move(Move),
    /// `royal()`, `royal(A)`, `royal(O)`.
    Royal {
        /// Column of `royal`.
        column: usize,
    },
    /// `promote(condition, promotee, …)`.
    Promote {
        /// The condition, trimmed.
        condition: String,
        /// The promotees, trimmed.
        promotees: Vec<String>,
        /// Column of `promote`.
        column: usize,
    },
}

/// A move, or a function of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Move {
    /// `S×NdR`, then any number of `&t` turns, each with the part it turns into.
    Radial {
        /// The first part.
        first: Radial,
        /// Each turn and the part after it.
        turns: Vec<Turn>,
        /// Column of the first part.
        column: usize,
    },
    /// `(X,Y)` with its part letters (bit 0 = `a` … bit 7 = `h`; all eight if none given).
    Oblique {
        /// The two coordinates, as written.
        x: u32,
        /// The other.
        y: u32,
        /// The parts.
        parts: u8,
        /// Column of the `(`.
        column: usize,
    },
    /// `m(…)`, `c(…)`, `j(…)`, `nj(…)`.
    Call {
        /// Which function.
        function: Function,
        /// The moves inside.
        body: Vec<Move>,
        /// Column of the function's name.
        column: usize,
    },
    /// `\` and Betza text.
    Betza {
        /// The Betza, read.
        betza: Betza,
        /// Column of the backslash.
        column: usize,
    },
}

/// One radial part: how far, which ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Radial {
    /// How far.
    pub distance: Distance,
    /// Which directions (bits in the order of [`DIRECTIONS`]).
    pub directions: u8,
}

/// The distance of a radial part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Distance {
    /// `n`: any distance.
    Rider,
    /// A number or a `{…}` set: exactly these distances, sorted, each at least 1.
    Exactly(Vec<u32>),
}

/// `&t` and the part after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Turn {
    /// The turn in eighths of a circle (0–7), either way.
    pub eighths: u8,
    /// The part after the turn.
    pub radial: Radial,
    /// Column of the `&`.
    pub column: usize,
}

/// A function that changes the moves inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Function {
    /// `m`: may not capture.
    Move,
    /// `c`: must capture.
    Capture,
    /// `j`: may jump.
    Jump,
    /// `nj`: may not jump.
    NoJump,
}

impl Function {
    /// The function's name as written.
    pub fn name(self) -> &'static str {
        match self {
            Function::Move => "m",
            Function::Capture => "c",
            Function::Jump => "j",
            Function::NoJump => "nj",
        }
    }
}

/// Reads a whole Ħasínū text: its items, in order.
pub(super) fn read(text: &str) -> Result<Vec<Item>, HasinuError> {
    // Counting stops at the first character past the limit.
    if text.chars().nth(MAX_LENGTH).is_some() {
        return Err(HasinuError::new(MAX_LENGTH + 1, Kind::TooLong));
    }
    let mut r = Reader {
        chars: text.chars().collect(),
        pos: 0,
        depth: 0,
    };
    r.skip_space();
    // The seed marks its examples with a footnote `*`; nothing else is there to read.
    let content_end = {
        let trimmed = text.trim_end();
        let trimmed = trimmed.strip_suffix('*').unwrap_or(trimmed).trim_end();
        trimmed.chars().count()
    };
    if r.pos >= content_end {
        return Err(HasinuError::new(r.pos.min(content_end) + 1, Kind::Empty));
    }
    let items = r.items(true)?;
    r.skip_space();
    if r.peek() == Some('*') {
        r.pos += 1;
        r.skip_space();
    }
    match r.peek() {
        None => Ok(items),
        Some(')') => Err(r.error_here(Kind::Unopened)),
        Some(c) => Err(r.unexpected(c)),
    }
}

struct Reader {
    chars: Vec<char>,
    pos: usize,
    /// How many functions stand around the one being read.
    depth: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn column(&self) -> usize {
        self.pos + 1
    }

    fn error_here(&self, kind: Kind) -> HasinuError {
        HasinuError::new(self.column(), kind)
    }

    fn unexpected(&self, c: char) -> HasinuError {
        self.error_here(Kind::Unexpected(c))
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek().filter(|&c| keep(c)) {
            out.push(c);
            self.pos += 1;
        }
        out
    }

    /// Items joined by `&` (which may be left out between two obliques), up to the end, a
    /// `)`, a `,` or the footnote `*`. Royal and promote stand only at the top.
    fn items(&mut self, top: bool) -> Result<Vec<Item>, HasinuError> {
        let mut out = Vec::new();
        loop {
            let item = self.item(top)?;
            let oblique = matches!(item, Item::Move(Move::Oblique { .. }));
            out.push(item);
            self.skip_space();
            match self.peek() {
                Some('&') if self.peek_at(1) == Some('t') => {
                    return Err(self.error_here(Kind::TurnAfterNonRadial));
                }
                Some('&') => {
                    let column = self.column();
                    self.pos += 1;
                    self.skip_space();
                    if matches!(self.peek(), None | Some(')' | ',')) {
                        return Err(HasinuError::new(column, Kind::AndLast));
                    }
                }
                Some('(') if oblique => {}
                None | Some(')' | ',' | '*') => return Ok(out),
                Some(_) if oblique => {
                    return Err(self.error_here(Kind::AndMissingAfterOblique));
                }
                Some(_) => return Err(self.error_here(Kind::AndMissing)),
            }
        }
    }

    fn item(&mut self, top: bool) -> Result<Item, HasinuError> {
        self.skip_space();
        let column = self.column();
        let Some(c) = self.peek() else {
            return Err(self.error_here(Kind::NoMove));
        };
        match c {
            '\\' => self.betza().map(Item::Move),
            '(' => self.oblique().map(Item::Move),
            _ if self.starts_radial() => self.radial_move().map(Item::Move),
            'a'..='z' | 'A'..='Z' => {
                let name = self.take_while(|c| c.is_ascii_alphanumeric() || c == '_');
                if self.peek() != Some('(') {
                    return Err(HasinuError::new(column, Kind::NotAMove(name)));
                }
                let function = match name.as_str() {
                    "m" => Function::Move,
                    "c" => Function::Capture,
                    "j" => Function::Jump,
                    "nj" => Function::NoJump,
                    "royal" | "promote" if !top => {
                        return Err(HasinuError::new(column, Kind::PieceFunctionInside(name)));
                    }
                    "royal" => return self.royal(column),
                    "promote" => return self.promote(column),
                    _ => {
                        return Err(HasinuError::new(column, Kind::UnsupportedFunction(name)));
                    }
                };
                self.call(function, column).map(Item::Move)
            }
            '/' if self.peek_at(1) == Some('/') => Err(self.error_here(Kind::FreeText)),
            '[' => Err(self.error_here(Kind::GroupForm)),
            '&' => Err(self.error_here(Kind::AndFirst)),
            ')' => Err(self.error_here(Kind::Unopened)),
            '×' => Err(self.error_here(Kind::TimesFirst)),
            c => Err(self.unexpected(c)),
        }
    }

    /// Whether a radial part starts here: a distance, a `{…}` set, or the rider's `n`.
    fn starts_radial(&self) -> bool {
        match self.peek() {
            Some('0'..='9' | '{') => true,
            Some('n') => match self.peek_at(1) {
                Some('0'..='9' | '×') => true,
                Some('x') => self.peek_at(2).is_some_and(|c| c.is_ascii_digit()),
                _ => false,
            },
            _ => false,
        }
    }

    /// A radial part, then any `&t` turns.
    fn radial_move(&mut self) -> Result<Move, HasinuError> {
        let column = self.column();
        let first = self.radial()?;
        let mut turns = Vec::new();
        loop {
            let before = self.pos;
            self.skip_space();
            if !(self.peek() == Some('&') && self.peek_at(1) == Some('t')) {
                self.pos = before;
                break;
            }
            let column = self.column();
            self.pos += 2;
            let eighths = self.angle()?;
            self.skip_space();
            if !self.starts_radial() {
                return Err(HasinuError::new(column, Kind::TurnBeforeNonRadial));
            }
            let radial = self.radial()?;
            turns.push(Turn {
                eighths,
                radial,
                column,
            });
        }
        Ok(Move::Radial {
            first,
            turns,
            column,
        })
    }

    /// The angle after `&t`, in eighths of a circle: none written is 45°.
    fn angle(&mut self) -> Result<u8, HasinuError> {
        let column = self.column();
        let whole = self.take_while(|c| c.is_ascii_digit());
        if whole.is_empty() {
            if self.peek() == Some('.') {
                return Err(self.unexpected('.'));
            }
            return Ok(1);
        }
        let mut written = whole.clone();
        let mut fraction = String::new();
        if self.peek() == Some('.') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
            fraction = self.take_while(|c| c.is_ascii_digit());
            written = format!("{whole}.{fraction}");
        }
        if self.peek() == Some('°') {
            self.pos += 1;
        } else {
            let before = self.pos;
            let unit = self.take_while(|c| c.is_ascii_alphabetic());
            match unit.as_str() {
                "deg" => {}
                "rad" | "grad" | "gon" => {
                    return Err(HasinuError::new(column, Kind::AngleUnit { written, unit }));
                }
                // Not a unit: the next part starts here (`&t90n4dO`).
                _ => self.pos = before,
            }
        }
        let degrees = whole.parse::<u64>().ok();
        let exact = fraction.chars().all(|c| c == '0');
        match degrees {
            Some(d) if exact && d % 45 == 0 => Ok(((d / 45) % 8) as u8),
            _ => Err(HasinuError::new(column, Kind::Angle(written))),
        }
    }

    /// `S×NdR` or `nNdR`.
    fn radial(&mut self) -> Result<Radial, HasinuError> {
        let distance = if self.peek() == Some('n') {
            self.pos += 1;
            // The seed drops the × for riders; reading it anyway costs nothing.
            if matches!(self.peek(), Some('×' | 'x')) {
                self.pos += 1;
            }
            Distance::Rider
        } else {
            let set = if self.peek() == Some('{') {
                self.distance_set()?
            } else {
                let column = self.column();
                vec![self.distance(column)?]
            };
            self.skip_space();
            match self.peek() {
                Some('×' | 'x') => self.pos += 1,
                _ => {
                    return Err(self.error_here(Kind::TimesMissing));
                }
            }
            self.skip_space();
            Distance::Exactly(set)
        };
        let count_column = self.column();
        let count = self.take_while(|c| c.is_ascii_digit());
        if count.is_empty() {
            return Err(self.error_here(Kind::NoCount));
        }
        let count = match count.parse::<u32>() {
            Ok(n @ 1..=8) => n,
            _ => {
                return Err(HasinuError::new(count_column, Kind::Count(count)));
            }
        };
        if self.peek() != Some('d') {
            return Err(self.error_here(Kind::NoD));
        }
        self.pos += 1;
        let listed = self.directions()?;
        let shown = listed.count_ones();
        let directions = if shown == count {
            listed
        } else if shown == 8 - count {
            // As many listed as are left out: the seed's "all directions except those".
            !listed
        } else if shown == 0 {
            return Err(HasinuError::new(count_column, Kind::NoList(count)));
        } else {
            return Err(HasinuError::new(
                count_column,
                Kind::ListCount { count, shown },
            ));
        };
        Ok(Radial {
            distance,
            directions,
        })
    }

    /// The direction list after `d`: names joined by `-` (possibly none).
    fn directions(&mut self) -> Result<u8, HasinuError> {
        let mut mask = 0u8;
        if !self.peek().is_some_and(|c| c.is_alphabetic()) {
            return Ok(mask);
        }
        loop {
            let column = self.column();
            let name = self.take_while(char::is_alphabetic);
            let this = match name.as_str() {
                "O" => ORTHOGONAL,
                "D" => DIAGONAL,
                _ => match DIRECTIONS.iter().position(|&d| d == name) {
                    Some(n) => 1 << n,
                    None => {
                        return Err(HasinuError::new(column, Kind::NotADirection(name)));
                    }
                },
            };
            if mask & this != 0 {
                return Err(HasinuError::new(column, Kind::RepeatedDirection(name)));
            }
            mask |= this;
            if self.peek() == Some('-') && self.peek_at(1).is_some_and(|c| c.is_alphabetic()) {
                self.pos += 1;
            } else {
                return Ok(mask);
            }
        }
    }

    /// `{d, d, …}`, sorted.
    fn distance_set(&mut self) -> Result<Vec<u32>, HasinuError> {
        let open = self.column();
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            self.skip_space();
            if self.peek() == Some('}') && out.is_empty() {
                return Err(HasinuError::new(open, Kind::EmptySet));
            }
            let column = self.column();
            let d = match self.peek() {
                None => return Err(HasinuError::new(open, Kind::UnclosedSet)),
                Some(_) => self.distance(column)?,
            };
            if out.contains(&d) {
                return Err(HasinuError::new(column, Kind::RepeatedDistance(d)));
            }
            out.push(d);
            self.skip_space();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some('}') => {
                    self.pos += 1;
                    out.sort_unstable();
                    return Ok(out);
                }
                _ => return Err(HasinuError::new(open, Kind::UnclosedSet)),
            }
        }
    }

    /// One distance: a number from 1 to [`LIMIT`].
    fn distance(&mut self, column: usize) -> Result<u32, HasinuError> {
        match self.number()? {
            None => Err(self.error_here(Kind::NoDistance)),
            Some(0) => Err(HasinuError::new(column, Kind::ZeroDistance)),
            Some(d) => Ok(d),
        }
    }

    /// A number up to [`LIMIT`], if digits are here.
    fn number(&mut self) -> Result<Option<u32>, HasinuError> {
        let column = self.column();
        let digits = self.take_while(|c| c.is_ascii_digit());
        if digits.is_empty() {
            return Ok(None);
        }
        match digits.parse::<u32>() {
            Ok(n) if n <= LIMIT => Ok(Some(n)),
            _ => Err(HasinuError::new(column, Kind::AboveLimit(digits))),
        }
    }

    /// `(X,Y)` and its part letters.
    fn oblique(&mut self) -> Result<Move, HasinuError> {
        let open = self.column();
        self.pos += 1;
        let mut numbers = Vec::new();
        loop {
            self.skip_space();
            let Some(n) = self.number()? else {
                return Err(match self.peek() {
                    None => HasinuError::new(open, Kind::Unclosed),
                    Some(_) => self.error_here(Kind::NotOblique),
                });
            };
            numbers.push(n);
            self.skip_space();
            match (self.peek(), numbers.len()) {
                (Some(','), 1) => self.pos += 1,
                (Some(')'), 2) => {
                    self.pos += 1;
                    break;
                }
                (None, _) => return Err(HasinuError::new(open, Kind::Unclosed)),
                _ => return Err(self.error_here(Kind::NotOblique)),
            }
        }
        let (x, y) = (numbers[0], numbers[1]);
        if x == 0 && y == 0 {
            return Err(HasinuError::new(open, Kind::ZeroOblique));
        }
        if x == 0 || y == 0 || x == y {
            return Err(HasinuError::new(open, Kind::ObliqueOnLine { x, y }));
        }
        let mut parts = 0u8;
        while let Some(c) = self.peek().filter(char::is_ascii_lowercase) {
            if !('a'..='h').contains(&c) {
                return Err(self.error_here(Kind::NotAPart(c)));
            }
            let bit = 1 << (c as u8 - b'a');
            if parts & bit != 0 {
                return Err(self.error_here(Kind::RepeatedPart(c)));
            }
            parts |= bit;
            self.pos += 1;
        }
        Ok(Move::Oblique {
            x,
            y,
            parts: if parts == 0 { 0xFF } else { parts },
            column: open,
        })
    }

    /// `m(…)`, `c(…)`, `j(…)`, `nj(…)`: the name has been read, `(` is next.
    fn call(&mut self, function: Function, column: usize) -> Result<Move, HasinuError> {
        let open = self.column();
        self.pos += 1;
        self.skip_space();
        match self.peek() {
            None => return Err(HasinuError::new(open, Kind::Unclosed)),
            Some(')') => {
                return Err(HasinuError::new(column, Kind::EmptyCall(function.name())));
            }
            Some(_) => {}
        }
        // Each function read descends once more: a limit keeps the stack bounded.
        if self.depth == MAX_NESTING {
            return Err(HasinuError::new(column, Kind::TooDeep));
        }
        self.depth += 1;
        let items = self.items(false);
        self.depth -= 1;
        let body = items?
            .into_iter()
            .filter_map(|item| match item {
                Item::Move(m) => Some(m),
                // `items(false)` refuses royal and promote.
                Item::Royal { .. } | Item::Promote { .. } => None,
            })
            .collect();
        self.skip_space();
        match self.peek() {
            Some(')') => {
                self.pos += 1;
                Ok(Move::Call {
                    function,
                    body,
                    column,
                })
            }
            Some(',') => Err(self.error_here(Kind::ExtraArguments(function.name()))),
            None => Err(HasinuError::new(open, Kind::Unclosed)),
            Some(c) => Err(self.unexpected(c)),
        }
    }

    /// `royal()`, `royal(A)`, `royal(O)`: the name has been read.
    fn royal(&mut self, column: usize) -> Result<Item, HasinuError> {
        let open = self.column();
        self.pos += 1;
        self.skip_space();
        if matches!(self.peek(), Some('A' | 'O')) {
            self.pos += 1;
            self.skip_space();
        }
        match self.peek() {
            Some(')') => {
                self.pos += 1;
                Ok(Item::Royal { column })
            }
            None => Err(HasinuError::new(open, Kind::Unclosed)),
            Some(_) => Err(self.error_here(Kind::RoyalArgument)),
        }
    }

    /// `promote(condition, promotee, …)`: the name has been read. The arguments are text,
    /// split at commas outside brackets.
    fn promote(&mut self, column: usize) -> Result<Item, HasinuError> {
        let open = self.column();
        self.pos += 1;
        let mut args = vec![String::new()];
        let mut depth = 0usize;
        loop {
            let Some(c) = self.peek() else {
                return Err(HasinuError::new(open, Kind::Unclosed));
            };
            self.pos += 1;
            match c {
                ')' if depth == 0 => break,
                ',' if depth == 0 => {
                    args.push(String::new());
                    continue;
                }
                '(' | '{' | '[' => depth += 1,
                ')' | '}' | ']' if depth > 0 => depth -= 1,
                '}' | ']' => {
                    self.pos -= 1;
                    return Err(self.unexpected(c));
                }
                _ => {}
            }
            if let Some(last) = args.last_mut() {
                last.push(c);
            }
        }
        let mut args = args.into_iter().map(|a| a.trim().to_string());
        let condition = args.next().unwrap_or_default();
        let promotees: Vec<String> = args.collect();
        if condition.is_empty() || promotees.is_empty() || promotees.iter().any(String::is_empty) {
            return Err(HasinuError::new(column, Kind::PromoteArguments));
        }
        Ok(Item::Promote {
            condition,
            promotees,
            column,
        })
    }

    /// `\` and Betza, up to a space, `&`, `,`, `*` or a `)` that closes nothing inside it.
    fn betza(&mut self) -> Result<Move, HasinuError> {
        let column = self.column();
        self.pos += 1;
        let start = self.pos;
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                c if c.is_whitespace() => break,
                '&' | '*' => break,
                ',' if depth == 0 => break,
                ')' if depth == 0 => break,
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            self.pos += 1;
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        let betza = betza::parse(&text).map_err(|e| {
            // Betza counts columns from its own first character.
            let shifted = BetzaError {
                column: start + e.column,
                ..e
            };
            HasinuError::new(shifted.column, Kind::EmbeddedBetza(shifted))
        })?;
        if matches!(betza, Betza::Old(_)) {
            return Err(HasinuError::new(column, Kind::OldBetza));
        }
        Ok(Move::Betza { betza, column })
    }
}
