//! The continuous piece model (docs/continuous-rules.md#pieces-from-betza): a Betza string compiled into movement shapes on
//! a board of square side `s` — slides along exact directions, the king's sector disc, the
//! leaper's sector ring — each with what it may do (move, capture, only while unmoved).
//! [`classic`] gives §2's six pieces as instances of the same model.
//!
//! Shapes are in the mover's orientation: angles in radians counter-clockwise from +x
//! (right), +y is forward. [`PieceShapes::for_side`] turns Black's round.
//!
//! | Betza | shape |
//! | --- | --- |
//! | a rider: `B` `R` `Q`, a doubled atom (`NN`), a count 0 (`(1,3)0`) | a [`Form::Slide`] along each selected leap, without limit |
//! | a count n > 1 (`W3`, `N2`, `K2`) | a slide along each selected leap, up to n·\|v\|·s |
//! | a step (`W`, `F`, a count 1 on a rider, a custom leap of one square), a lame leap (`nD`, `nN`) | a slide along each selected leap, up to \|v\|·s |
//! | `K` | a [`Form::Disc`] of radius √2·s over the selected leaps' sectors |
//! | any other leaper (`N`, `A`, `D`, `H`, `M`, `Z`, `G`, `(x,y)`) | a [`Form::Ring`] of radius \|v\|·s over the selected leaps' sectors |
//!
//! # Decisions where the rules are silent
//!
//! | question | decision |
//! | --- | --- |
//! | a lone `f` `b` `r` `l` on an oblique atom (eight leaps: `N`, `M`, `Z`, `(1,3)`) | the half that way (the grid's `fh`), so `fN` lands on the forward half circle; the doubled letter (`ffN`) takes the furthest pair, as the single letter does on squares |
//! | every other direction modifier, and every modifier on other atoms | selects leaps exactly as on squares (`crate::betza::directions`) |
//! | the sector a leap owns | the angles nearer to it than to the atom's other leaps; a compound's leaps are all its parts' (`K`: eight leaps of 45° each) |
//! | `K` with a count (`K2`, `KK`) | a rider like any other: slides along its eight leaps, the diagonal ones √2 times longer |
//! | `n` on a slide or on `K` | accepted and changes nothing: every slide already stops at the first disc it touches |
//! | modifiers that select nothing (`fsW`) | no shape |
//! | `s` (Fairy-Stockfish's "sideways") | refused by the parser on a first leg; write `h` or `rl` |
//! | `c` on a slide | the slide's whole strip (to its end, or to the board's edge for a rider) is a capture area, whatever stands in it, as a slide's swept capsule is; a count bounds a capture-only rider (`cR2`). An enemy also in one of the piece's moving strips blocks it instead (the pawn's rule) |
//! | `c` on `K` or a leaper | captures as the shape does (a sector disc by first contact, a ring by its landing) and never moves |
//! | `m` on a leaper | a landing that overlaps an enemy is `blocked` |
//! | an `i` slide and a plain one along one direction with the same modes (`mfW` and `imfnD`) | while unmoved, the longer replaces the shorter: the pawn slides once, as far as its first step allows |
//! | several shapes (`BN`) | each judges the request; the first whose landing is legal decides; otherwise the refusal that names an obstacle wins over `too-short`, and that over `outside-movement-area` |
//! | a royal piece | "cannot cross" holds on every slide (strips and discs); a jump has no path, only its landing must be safe |

use super::geometry::{Point, angle_of};
use super::piece::{Color, Kind};
use crate::betza::directions::{Leap, leaps, oblique, parts, select, written_groups};
use crate::betza::{Atom, Behaviour, Betza, BetzaError, Modifier, Range, Term, parse};
use std::f64::consts::{FRAC_1_SQRT_2, PI, SQRT_2, TAU};

/// Angles closer than this are one angle: where sectors meet, and the slack of
/// [`Sector::contains`].
const ANGLE_TOL: f64 = 1e-9;

/// The angles counter-clockwise from `from` to `to` (radians, both ends included).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sector {
    /// Where the sector starts, in [−π, π) once inside [`Sectors`].
    pub from: f64,
    /// Where it ends: above `from`, by at most 2π.
    pub to: f64,
}

impl Sector {
    /// How wide the sector is.
    pub fn width(&self) -> f64 {
        self.to - self.from
    }

    /// Whether the direction at `angle` (any turn) lies in the sector.
    pub fn contains(&self, angle: f64) -> bool {
        let a = self.from + (angle - self.from).rem_euclid(TAU);
        a <= self.to + ANGLE_TOL || a >= self.from + TAU - ANGLE_TOL
    }

    /// The same sector with `from` in [−π, π) and a width in [0, 2π].
    fn normalized(self) -> Sector {
        let width = (self.to - self.from).clamp(0.0, TAU);
        let mut from = (self.from + PI).rem_euclid(TAU) - PI;
        if from >= PI {
            from -= TAU;
        }
        Sector {
            from,
            to: from + width,
        }
    }
}

/// A set of directions as disjoint sectors, sorted by `from`; the whole circle is the single
/// sector −π…π.
#[derive(Clone, Debug, PartialEq)]
pub struct Sectors(Vec<Sector>);

impl Sectors {
    /// Every direction.
    pub fn whole() -> Self {
        Sectors(vec![Sector { from: -PI, to: PI }])
    }

    /// The union of `sectors`: normalized, sorted, and merged where they touch or overlap
    /// (also across the back, where −π meets π).
    pub fn new(sectors: impl IntoIterator<Item = Sector>) -> Self {
        let mut sorted: Vec<Sector> = sectors
            .into_iter()
            .map(Sector::normalized)
            .filter(|s| s.width() > 0.0)
            .collect();
        sorted.sort_by(|a, b| a.from.total_cmp(&b.from));
        let mut out: Vec<Sector> = Vec::with_capacity(sorted.len());
        for s in sorted {
            match out.last_mut() {
                Some(last) if s.from <= last.to + ANGLE_TOL => last.to = last.to.max(s.to),
                _ => out.push(s),
            }
        }
        // The last sector may run on past π into the first.
        if let [first, .., last] = out.as_mut_slice()
            && last.to + ANGLE_TOL >= first.from + TAU
        {
            last.to = last.to.max(first.to + TAU);
            out.remove(0);
        }
        if out.iter().any(|s| s.width() >= TAU - ANGLE_TOL) {
            return Self::whole();
        }
        Sectors(out)
    }

    /// Whether every direction is in.
    pub fn is_whole(&self) -> bool {
        matches!(self.0.as_slice(), [only] if only.width() >= TAU - ANGLE_TOL)
    }

    /// Whether no direction is in.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether the direction at `angle` is in.
    pub fn contains(&self, angle: f64) -> bool {
        self.is_whole() || self.0.iter().any(|s| s.contains(angle))
    }

    /// The angles where a sector starts or ends: where a test against these directions
    /// can change (none for the whole circle).
    pub fn bounds(&self) -> Vec<f64> {
        if self.is_whole() {
            return Vec::new();
        }
        self.0.iter().flat_map(|s| [s.from, s.to]).collect()
    }

    /// The sectors, sorted by `from`.
    pub fn as_slice(&self) -> &[Sector] {
        &self.0
    }

    /// The same directions turned round by 180°.
    pub fn turned_round(&self) -> Sectors {
        Sectors::new(self.0.iter().map(|s| Sector {
            from: s.from + PI,
            to: s.to + PI,
        }))
    }
}

/// Where a shape lets the mover's centre go, relative to its start.
#[derive(Clone, Debug, PartialEq)]
pub enum Form {
    /// A straight slide along `dir`, stopped by the first disc it touches.
    Slide {
        /// The unit direction.
        dir: Point,
        /// How far at most (`f64::INFINITY` when only the board's edge stops it).
        length: f64,
    },
    /// A straight slide in any direction inside `sectors`, up to `radius` (the king).
    Disc {
        /// The directions.
        sectors: Sectors,
        /// How far at most.
        radius: f64,
    },
    /// A jump onto the circle of `radius`, at any angle inside `sectors` (the knight).
    Ring {
        /// The angles of the landing.
        sectors: Sectors,
        /// The jump's length.
        radius: f64,
    },
}

impl Form {
    /// The same reach turned round by 180° (Black's view of White's shape).
    pub fn turned_round(&self) -> Form {
        match self {
            Form::Slide { dir, length } => Form::Slide {
                dir: -*dir,
                length: *length,
            },
            Form::Disc { sectors, radius } => Form::Disc {
                sectors: sectors.turned_round(),
                radius: *radius,
            },
            Form::Ring { sectors, radius } => Form::Ring {
                sectors: sectors.turned_round(),
                radius: *radius,
            },
        }
    }
}

/// What a shape may do: `m` moves only, `c` captures only (the shape is then no movement
/// area, as the pawn's capsules), neither letter or both: either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Modes {
    /// May end on an empty spot.
    pub moves: bool,
    /// May capture.
    pub captures: bool,
}

impl Modes {
    /// Moves and captures.
    pub const BOTH: Modes = Modes {
        moves: true,
        captures: true,
    };
    /// `m`: moves only; an enemy at first contact blocks.
    pub const MOVES_ONLY: Modes = Modes {
        moves: true,
        captures: false,
    };
    /// `c`: captures only.
    pub const CAPTURES_ONLY: Modes = Modes {
        moves: false,
        captures: true,
    };
}

/// One movement shape of a piece.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// Where it goes.
    pub reach: Form,
    /// What it may do there.
    pub modes: Modes,
    /// `i`: only while the piece has not moved.
    pub initial: bool,
}

impl Shape {
    /// The same shape turned round by 180°.
    pub fn turned_round(&self) -> Shape {
        Shape {
            reach: self.reach.turned_round(),
            ..self.clone()
        }
    }
}

/// Every movement shape of a piece, in White's orientation (+y forward).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PieceShapes {
    /// The shapes, in the order the Betza writes them.
    pub shapes: Vec<Shape>,
}

impl PieceShapes {
    /// The shapes as `side` plays them: White's as they are, Black's turned round.
    pub fn for_side(&self, side: Color) -> PieceShapes {
        match side {
            Color::White => self.clone(),
            Color::Black => PieceShapes {
                shapes: self.shapes.iter().map(Shape::turned_round).collect(),
            },
        }
    }
}

/// A Betza piece the continuous board cannot play, and the 1-based column at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContinuousBetzaError {
    /// The text is not Betza.
    #[error(transparent)]
    Parse(#[from] BetzaError),
    /// A modifier with no meaning on the continuous board.
    #[error("'{letters}' at column {column} has no meaning on the continuous board: {reason}")]
    Modifier {
        /// The modifier as written.
        letters: String,
        /// Its column.
        column: usize,
        /// Why it has no meaning.
        reason: &'static str,
    },
    /// A chain (`-`, `+`, …).
    #[error(
        "chain '{link}' at column {column} has no meaning on the continuous board: a move there is one slide or one jump, never two legs"
    )]
    Chain {
        /// The link as written.
        link: String,
        /// Its column.
        column: usize,
    },
    /// The old `(a,r,f,b)` notation.
    #[error(
        "the old (a,r,f,b) notation at column 1 counts squares, which the continuous board does not have: write the piece in modern Betza (K, N, mfW|cfF, …)"
    )]
    OldNotation,
}

impl ContinuousBetzaError {
    /// The 1-based column of the first character at fault.
    pub fn column(&self) -> usize {
        match self {
            ContinuousBetzaError::Parse(e) => e.column,
            ContinuousBetzaError::Modifier { column, .. }
            | ContinuousBetzaError::Chain { column, .. } => *column,
            ContinuousBetzaError::OldNotation => 1,
        }
    }
}

/// The leaps a term selects on the continuous board, and the directions they own: each
/// leap owns the angles nearer to it than to the atom's other leaps; an atom with no
/// direction modifier owns the whole circle. Riders and steps slide along `leaps`; `K`
/// and the leapers use `sectors`.
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    /// The selected leaps, sorted.
    pub leaps: Vec<Leap>,
    /// The angles they own.
    pub sectors: Sectors,
}

/// Reads `modifiers` on `atom` as the continuous board does (the module's decision table):
/// on an oblique atom a lone `f b r l` takes the half and a doubled one the furthest pair;
/// everything else as on squares.
pub fn select_directions(atom: Atom, modifiers: &[Modifier]) -> Selection {
    let groups = written_groups(modifiers);
    let mut chosen = Vec::new();
    for (base, _) in parts(atom) {
        if !oblique(atom) {
            chosen.extend(select(&base, modifiers));
            continue;
        }
        for (k, group) in groups.iter().enumerate() {
            let written = &modifiers[group.at.clone()];
            let reading = match written {
                // The second letter of a doubled pair: the first reads for both.
                [Modifier::Direction('f' | 'b' | 'r' | 'l')] if group.doubles => continue,
                [Modifier::Direction(c @ ('f' | 'b' | 'r' | 'l'))] => {
                    if groups.get(k + 1).is_some_and(|next| next.doubles) {
                        vec![Modifier::Direction(*c)]
                    } else {
                        vec![Modifier::Half(*c)]
                    }
                }
                _ => written.to_vec(),
            };
            chosen.extend(select(&base, &reading));
        }
        if groups.is_empty() {
            chosen.extend(base);
        }
    }
    chosen.sort_unstable();
    chosen.dedup();
    let sectors = if groups.is_empty() {
        Sectors::whole()
    } else {
        owned_sectors(&leaps(atom, &[]), &chosen)
    };
    Selection {
        leaps: chosen,
        sectors,
    }
}

/// The union of the sectors the `chosen` leaps own among `all` of the atom's leaps.
fn owned_sectors(all: &[Leap], chosen: &[Leap]) -> Sectors {
    let mut around: Vec<(f64, Leap)> = all
        .iter()
        .map(|&leap| (angle_of(vector(leap)), leap))
        .collect();
    around.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = around.len();
    Sectors::new((0..n).filter(|&k| chosen.contains(&around[k].1)).map(|k| {
        let at = around[k].0;
        let before = if k == 0 {
            around[n - 1].0 - TAU
        } else {
            around[k - 1].0
        };
        let after = if k + 1 == n {
            around[0].0 + TAU
        } else {
            around[k + 1].0
        };
        Sector {
            from: (before + at) / 2.0,
            to: (at + after) / 2.0,
        }
    }))
}

/// A leap as a displacement in squares.
fn vector((x, y): Leap) -> Point {
    Point::new(f64::from(x), f64::from(y))
}

/// A leap's unit direction, written exactly along the axes and the diagonals.
fn direction(leap: Leap) -> Point {
    let v = vector(leap);
    if v.x.abs() == v.y.abs() {
        Point::new(v.x.signum(), v.y.signum()) * FRAC_1_SQRT_2
    } else {
        v.normalize()
    }
}

/// Compiles a parsed Betza piece into its shapes on a board of square side `square`, or
/// refuses what the continuous board cannot play, at its column.
pub fn compile(betza: &Betza, square: f64) -> Result<PieceShapes, ContinuousBetzaError> {
    let Betza::Modern(alternatives) = betza else {
        return Err(ContinuousBetzaError::OldNotation);
    };
    let mut shapes = Vec::new();
    for chain in alternatives.iter().flat_map(|alt| &alt.chains) {
        refuse_meaningless_modifiers(&chain.first)?;
        if let Some((link, _)) = chain.rest.first() {
            return Err(ContinuousBetzaError::Chain {
                link: link.to_string(),
                column: link.column,
            });
        }
        shapes.extend(term_shapes(&chain.first, square));
    }
    Ok(PieceShapes { shapes })
}

/// Parses and compiles Betza text (see [`compile`]).
pub fn compile_text(text: &str, square: f64) -> Result<PieceShapes, ContinuousBetzaError> {
    compile(&parse(text)?, square)
}

fn refuse_meaningless_modifiers(term: &Term) -> Result<(), ContinuousBetzaError> {
    let mut column = term.column;
    for m in &term.modifiers {
        let letters = m.to_string();
        if let Some(reason) = no_continuous_meaning(*m) {
            return Err(ContinuousBetzaError::Modifier {
                letters,
                column,
                reason,
            });
        }
        column += letters.chars().count();
    }
    Ok(())
}

/// Why a modifier means nothing on the continuous board, if it does not.
fn no_continuous_meaning(m: Modifier) -> Option<&'static str> {
    use Behaviour as B;
    Some(match m {
        Modifier::Same => "it keeps a previous leg's direction, and a continuous move has one leg",
        Modifier::Behaviour(B::Jump | B::JumpMany) => {
            "no continuous move passes over a disc: a slide stops at the first it touches, a jump lands on its ring"
        }
        Modifier::Behaviour(B::Grasshopper) => {
            "a grasshopper lands on the square just beyond its hurdle, and there are no squares"
        }
        Modifier::Behaviour(B::Cannon) => {
            "a cannon lands beyond a screen, but a slide stops at the first disc it touches"
        }
        Modifier::Behaviour(B::EnPassant) => "the continuous game has no en passant",
        Modifier::Behaviour(B::Cylinder) => "the board does not wrap round",
        Modifier::Behaviour(B::Bounce) => "a slide stops at the board's edge; it does not bounce",
        Modifier::Behaviour(B::Fly | B::Destroy) => "the continuous board has no obstacles",
        Modifier::Behaviour(B::Backstab) => {
            "discs of one side never overlap, so a piece cannot capture its own side"
        }
        Modifier::Direction(_)
        | Modifier::Half(_)
        | Modifier::Sideways(_)
        | Modifier::Most(..)
        | Modifier::Behaviour(B::Move | B::Capture | B::Initial | B::Lame) => return None,
    })
}

/// The shapes of one term (already checked).
fn term_shapes(term: &Term, square: f64) -> Vec<Shape> {
    let has = |b: Behaviour| term.modifiers.contains(&Modifier::Behaviour(b));
    let (only_moves, only_captures) = (has(Behaviour::Move), has(Behaviour::Capture));
    let modes = Modes {
        moves: only_moves || !only_captures,
        captures: only_captures || !only_moves,
    };
    let initial = has(Behaviour::Initial);
    let shape = |reach| Shape {
        reach,
        modes,
        initial,
    };
    let selection = select_directions(term.atom, &term.modifiers);
    let slides = |leaps_long: f64| -> Vec<Shape> {
        selection
            .leaps
            .iter()
            .map(|&leap| {
                let v = vector(leap);
                shape(Form::Slide {
                    dir: direction(leap),
                    length: leaps_long * v.length() * square,
                })
            })
            .collect()
    };
    let rides_by_default = matches!(term.atom, Atom::B | Atom::R | Atom::Q);
    let count = match term.range {
        Range::Default if rides_by_default => None,
        Range::Default => Some(1),
        Range::Steps(n) => Some(n),
        Range::Unlimited => None,
    };
    match count {
        None => slides(f64::INFINITY),
        Some(n) if n > 1 => slides(f64::from(n)),
        Some(_) if term.atom == Atom::K => {
            if selection.sectors.is_empty() {
                return Vec::new();
            }
            vec![shape(Form::Disc {
                sectors: selection.sectors,
                radius: SQRT_2 * square,
            })]
        }
        Some(_) if rides_by_default || has(Behaviour::Lame) || steps(term.atom) => slides(1.0),
        Some(_) => {
            let Some(&leap) = selection.leaps.first() else {
                return Vec::new();
            };
            vec![shape(Form::Ring {
                sectors: selection.sectors,
                radius: vector(leap).length() * square,
            })]
        }
    }
}

/// Whether every leap of the atom is one square (W, F, or a custom leap such as (0,1)).
fn steps(atom: Atom) -> bool {
    parts(atom).iter().all(|(base, _)| {
        base.iter()
            .all(|&(x, y)| x.unsigned_abs() <= 1 && y.unsigned_abs() <= 1)
    })
}

/// The queen's eight directions, counter-clockwise from +x; the rook takes the even ones and
/// the bishop the odd ones. Written exactly, so that a diagonal is the same number wherever
/// the rules meet it.
const QUEEN_DIRECTIONS: [Point; 8] = [
    Point::new(1.0, 0.0),
    Point::new(FRAC_1_SQRT_2, FRAC_1_SQRT_2),
    Point::new(0.0, 1.0),
    Point::new(-FRAC_1_SQRT_2, FRAC_1_SQRT_2),
    Point::new(-1.0, 0.0),
    Point::new(-FRAC_1_SQRT_2, -FRAC_1_SQRT_2),
    Point::new(0.0, -1.0),
    Point::new(FRAC_1_SQRT_2, -FRAC_1_SQRT_2),
];

/// The lengths a level gives the classic pieces, in units of R (a board's own:
/// [`Board::classic_lengths`](crate::continuous::Board::classic_lengths)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClassicLengths {
    /// How far the king may slide.
    pub king_reach: f64,
    /// The knight's jump length.
    pub knight_distance: f64,
    /// A pawn's longest forward slide once it has moved.
    pub pawn_step: f64,
    /// A pawn's longest forward slide while unmoved.
    pub pawn_first_step: f64,
    /// Forward and sideways reach of the pawn's capture capsules.
    pub pawn_capture: f64,
}

/// The classic pieces as instances of the model, with the level's lengths: K a whole
/// disc of `king_reach`, Q R B slides, N a whole ring of `knight_distance`, and P
/// `mfW|cfF|imfnD` read with the pawn's lengths. Any other kind has none here: its level's
/// Betza gives them.
pub fn classic(kind: Kind, lengths: ClassicLengths) -> PieceShapes {
    let board = lengths;
    let shape = |reach, modes, initial| Shape {
        reach,
        modes,
        initial,
    };
    let rides = |dirs: &[Point]| -> Vec<Shape> {
        dirs.iter()
            .map(|&dir| {
                let reach = Form::Slide {
                    dir,
                    length: f64::INFINITY,
                };
                shape(reach, Modes::BOTH, false)
            })
            .collect()
    };
    let every_other = |first: usize| -> Vec<Point> {
        QUEEN_DIRECTIONS
            .iter()
            .skip(first)
            .step_by(2)
            .copied()
            .collect()
    };
    let forward = |length| Form::Slide {
        dir: Point::new(0.0, 1.0),
        length,
    };
    let shapes = match kind {
        Kind::KING => vec![shape(
            Form::Disc {
                sectors: Sectors::whole(),
                radius: board.king_reach,
            },
            Modes::BOTH,
            false,
        )],
        Kind::QUEEN => rides(&QUEEN_DIRECTIONS),
        Kind::ROOK => rides(&every_other(0)),
        Kind::BISHOP => rides(&every_other(1)),
        Kind::KNIGHT => vec![shape(
            Form::Ring {
                sectors: Sectors::whole(),
                radius: board.knight_distance,
            },
            Modes::BOTH,
            false,
        )],
        Kind::PAWN => {
            // The capsules end at centre ± pawn_capture·x̂ + pawn_capture·ŷ.
            let capture = |side: f64| Form::Slide {
                dir: Point::new(side, 1.0) * FRAC_1_SQRT_2,
                length: board.pawn_capture * SQRT_2,
            };
            vec![
                shape(forward(board.pawn_step), Modes::MOVES_ONLY, false),
                shape(capture(-1.0), Modes::CAPTURES_ONLY, false),
                shape(capture(1.0), Modes::CAPTURES_ONLY, false),
                shape(forward(board.pawn_first_step), Modes::MOVES_ONLY, true),
            ]
        }
        _ => Vec::new(),
    };
    PieceShapes { shapes }
}

/// The shapes in words, for the piece inspector: "slides along the diagonals without
/// limit; jumps onto the ring of radius 6.32 at any angle". Lengths are in units of R,
/// angles in degrees counter-clockwise from the mover's right; slides in a row with one
/// length and mode are told together.
pub fn describe(piece: &PieceShapes) -> String {
    let shapes = &piece.shapes;
    let mut phrases = Vec::new();
    let mut i = 0;
    while i < shapes.len() {
        let first = &shapes[i];
        let (phrase, told) = match &first.reach {
            Form::Slide { length, .. } => {
                let dirs: Vec<Point> = shapes[i..]
                    .iter()
                    .map_while(|s| match s.reach {
                        Form::Slide { dir, length: l }
                            if same_length(l, *length)
                                && s.modes == first.modes
                                && s.initial == first.initial =>
                        {
                            Some(dir)
                        }
                        _ => None,
                    })
                    .collect();
                let how_far = if length.is_finite() {
                    format!("up to {length:.2}")
                } else {
                    "without limit".to_string()
                };
                let phrase = format!("slides {} {how_far}", directions_in_words(&dirs));
                (phrase, dirs.len())
            }
            Form::Disc { sectors, radius } => {
                let where_to = if sectors.is_whole() {
                    "in any direction".to_string()
                } else {
                    format!("at any angle {}", sectors_in_words(sectors))
                };
                (format!("slides {where_to} up to {radius:.2}"), 1)
            }
            Form::Ring { sectors, radius } => (
                format!(
                    "jumps onto the ring of radius {radius:.2} {}",
                    sectors_in_words(sectors)
                ),
                1,
            ),
        };
        phrases.push(phrase + &modes_in_words(first));
        i += told;
    }
    if phrases.is_empty() {
        return "never moves".to_string();
    }
    phrases.join("; ")
}

fn same_length(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() < 1e-9
}

/// " (moves only, while unmoved)" and the like; empty for a plain shape.
fn modes_in_words(shape: &Shape) -> String {
    let mut notes = Vec::new();
    match (shape.modes.moves, shape.modes.captures) {
        (true, false) => notes.push("moves only"),
        (false, true) => notes.push("captures only"),
        _ => {}
    }
    if shape.initial {
        notes.push("while unmoved");
    }
    if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    }
}

/// "forward, left and along the forward diagonals", "at 26.6° and 63.4°".
fn directions_in_words(dirs: &[Point]) -> String {
    let is = |x: f64, y: f64| {
        let named = Point::new(x, y).normalize();
        dirs.iter().any(|d| d.distance(named) < 1e-9)
    };
    let mut items: Vec<String> = [
        (0.0, 1.0, "forward"),
        (0.0, -1.0, "back"),
        (-1.0, 0.0, "left"),
        (1.0, 0.0, "right"),
    ]
    .into_iter()
    .filter(|&(x, y, _)| is(x, y))
    .map(|(.., name)| name.to_string())
    .collect();
    let diagonals: Vec<&str> = [
        (1.0, 1.0, "forward-right"),
        (-1.0, 1.0, "forward-left"),
        (1.0, -1.0, "back-right"),
        (-1.0, -1.0, "back-left"),
    ]
    .into_iter()
    .filter(|&(x, y, _)| is(x, y))
    .map(|(.., name)| name)
    .collect();
    match diagonals.as_slice() {
        [] => {}
        [_, _, _, _] => items.push("along the diagonals".to_string()),
        ["forward-right", "forward-left"] => items.push("along the forward diagonals".into()),
        ["back-right", "back-left"] => items.push("along the back diagonals".into()),
        ["forward-right", "back-right"] => items.push("along the right diagonals".into()),
        ["forward-left", "back-left"] => items.push("along the left diagonals".into()),
        [one] => items.push(format!("along the {one} diagonal")),
        several => items.push(format!("along the {} diagonals", and_list(several))),
    }
    let mut others: Vec<f64> = dirs
        .iter()
        .filter(|d| {
            let on_eight =
                (d.x.abs() < 1e-9 || d.y.abs() < 1e-9) || (d.x.abs() - d.y.abs()).abs() < 1e-9;
            !on_eight
        })
        .map(|&d| angle_of(d).rem_euclid(TAU))
        .collect();
    others.sort_by(f64::total_cmp);
    if !others.is_empty() {
        let angles: Vec<String> = others.into_iter().map(degrees).collect();
        items.push(format!("at {}", and_list(&angles)));
    }
    and_list(&items)
}

/// "at any angle", "in the forward half", "between 45° and 135°".
fn sectors_in_words(sectors: &Sectors) -> String {
    if sectors.is_whole() {
        return "at any angle".to_string();
    }
    let half = |from: f64| {
        Sectors::new([Sector {
            from,
            to: from + PI,
        }])
    };
    for (from, name) in [
        (0.0, "forward"),
        (PI, "back"),
        (-PI / 2.0, "right"),
        (PI / 2.0, "left"),
    ] {
        if same_sectors(sectors, &half(from)) {
            return format!("in the {name} half");
        }
    }
    let spans: Vec<String> = sectors
        .as_slice()
        .iter()
        .map(|s| {
            // A sector that does not cross the right is told in positive angles.
            let turn = if s.to <= ANGLE_TOL { TAU } else { 0.0 };
            format!(
                "between {} and {}",
                degrees(s.from + turn),
                degrees(s.to + turn)
            )
        })
        .collect();
    spans.join(" or ")
}

fn same_sectors(a: &Sectors, b: &Sectors) -> bool {
    a.0.len() == b.0.len()
        && a.0
            .iter()
            .zip(&b.0)
            .all(|(s, t)| (s.from - t.from).abs() < ANGLE_TOL && (s.to - t.to).abs() < ANGLE_TOL)
}

/// "45°", "22.5°", "-45°".
fn degrees(radians: f64) -> String {
    let d = (radians.to_degrees() * 10.0).round() / 10.0;
    let d = if d == 0.0 { 0.0 } else { d };
    if d.fract() == 0.0 {
        format!("{d:.0}°")
    } else {
        format!("{d:.1}°")
    }
}

fn and_list(items: &[impl AsRef<str>]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default square side, 2√2·R.
    const S: f64 = 2.0 * SQRT_2;

    fn shapes(text: &str) -> PieceShapes {
        compile_text(text, S).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn refused(text: &str) -> ContinuousBetzaError {
        compile_text(text, S).expect_err(text)
    }

    fn slide(x: f64, y: f64, length: f64) -> Form {
        Form::Slide {
            dir: Point::new(x, y).normalize(),
            length,
        }
    }

    fn plain(reach: Form) -> Shape {
        Shape {
            reach,
            modes: Modes::BOTH,
            initial: false,
        }
    }

    fn sector_degrees(sectors: &Sectors) -> Vec<(f64, f64)> {
        sectors
            .as_slice()
            .iter()
            .map(|s| (s.from.to_degrees(), s.to.to_degrees()))
            .collect()
    }

    fn sectors_in_degrees(spans: &[(f64, f64)]) -> Sectors {
        Sectors::new(spans.iter().map(|&(a, b)| Sector {
            from: a.to_radians(),
            to: b.to_radians(),
        }))
    }

    fn same_length_or_both_unlimited(a: f64, b: f64) -> bool {
        a == b || (a - b).abs() < 1e-12
    }

    fn same_reach(a: &Form, b: &Form) -> bool {
        match (a, b) {
            (Form::Slide { dir: d, length: l }, Form::Slide { dir: e, length: m }) => {
                d.distance(*e) < 1e-12 && same_length_or_both_unlimited(*l, *m)
            }
            (
                Form::Disc {
                    sectors: s,
                    radius: r,
                },
                Form::Disc {
                    sectors: t,
                    radius: q,
                },
            )
            | (
                Form::Ring {
                    sectors: s,
                    radius: r,
                },
                Form::Ring {
                    sectors: t,
                    radius: q,
                },
            ) => same_sectors(s, t) && (r - q).abs() < 1e-12,
            _ => false,
        }
    }

    /// The same shapes in any order, lengths within 1e-12.
    fn assert_same_shapes(got: &PieceShapes, want: &[Shape], what: &str) {
        assert_eq!(got.shapes.len(), want.len(), "{what}: {got:?}");
        for w in want {
            assert!(
                got.shapes.iter().any(|g| g.modes == w.modes
                    && g.initial == w.initial
                    && same_reach(&g.reach, &w.reach)),
                "{what}: {w:?} missing from {got:?}"
            );
        }
    }

    fn selection(text: &str) -> Selection {
        let Ok(Betza::Modern(alts)) = parse(text) else {
            panic!("{text} should read");
        };
        let term = &alts[0].chains[0].first;
        select_directions(term.atom, &term.modifiers)
    }

    #[test]
    fn direction_modifiers_select_leaps_and_the_sectors_they_own() {
        let king = [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ];
        let knight = [
            (-2, -1),
            (-2, 1),
            (-1, -2),
            (-1, 2),
            (1, -2),
            (1, 2),
            (2, -1),
            (2, 1),
        ];
        let whole = [(-180.0, 180.0)];
        // Betza, the leaps it selects, the sectors they own in degrees.
        type Row<'a> = (&'a str, &'a [Leap], &'a [(f64, f64)]);
        let table: [Row; 9] = [
            // A lone letter on an oblique atom: the half.
            ("fN", &[(-2, 1), (-1, 2), (1, 2), (2, 1)], &[(0.0, 180.0)]),
            // Doubled: the furthest pair.
            ("ffN", &[(-1, 2), (1, 2)], &[(45.0, 135.0)]),
            // Elsewhere as on squares; each king leap owns 45°.
            ("fK", &[(-1, 1), (0, 1), (1, 1)], &[(22.5, 157.5)]),
            // Our sideways knight (`sN` is refused: `s` keeps a previous leg's direction).
            (
                "hN",
                &[(-2, -1), (-2, 1), (2, -1), (2, 1)],
                &[(-45.0, 45.0), (135.0, 225.0)],
            ),
            ("lW", &[(-1, 0)], &[(135.0, 225.0)]),
            ("vR", &[(0, -1), (0, 1)], &[(-135.0, -45.0), (45.0, 135.0)]),
            ("K", &king, &whole),
            ("N", &knight, &whole),
            ("W", &[(-1, 0), (0, -1), (0, 1), (1, 0)], &whole),
        ];
        for (text, leaps, sectors) in table {
            let got = selection(text);
            assert_eq!(got.leaps, leaps, "{text}");
            let got = sector_degrees(&got.sectors);
            assert_eq!(got.len(), sectors.len(), "{text}: {got:?}");
            for ((a, b), (c, d)) in got.iter().zip(sectors) {
                assert!(
                    (a - c).abs() < 1e-9 && (b - d).abs() < 1e-9,
                    "{text}: {got:?}"
                );
            }
        }
        assert!(matches!(
            refused("sN"),
            ContinuousBetzaError::Parse(BetzaError { column: 1, .. })
        ));
    }

    #[test]
    fn sectors_merge_where_they_meet_and_across_the_back() {
        let back = sectors_in_degrees(&[(170.0, 180.0), (-180.0, -170.0)]);
        assert_eq!(back.as_slice().len(), 1);
        assert!(back.contains(PI) && back.contains(-PI + 0.1) && !back.contains(0.0));
        let whole = sectors_in_degrees(&[(0.0, 90.0), (90.0, 200.0), (200.0, 360.0)]);
        assert!(whole.is_whole());
        assert!(Sectors::new([]).is_empty());
        let quarter = sectors_in_degrees(&[(45.0, 135.0)]);
        assert!(quarter.contains(PI / 4.0) && quarter.contains(3.0 * PI / 4.0));
        assert!(!quarter.contains(0.0) && !quarter.contains(PI));
    }

    #[test]
    fn a_rider_slides_without_limit_along_each_leap() {
        assert_same_shapes(
            &shapes("R"),
            &[
                plain(slide(1.0, 0.0, f64::INFINITY)),
                plain(slide(-1.0, 0.0, f64::INFINITY)),
                plain(slide(0.0, 1.0, f64::INFINITY)),
                plain(slide(0.0, -1.0, f64::INFINITY)),
            ],
            "R",
        );
    }

    #[test]
    fn a_count_limits_a_rider_to_that_many_leaps() {
        let want: Vec<Shape> = [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)]
            .into_iter()
            .map(|(x, y)| plain(slide(x, y, 3.0 * S)))
            .collect();
        assert_same_shapes(&shapes("W3"), &want, "W3");
    }

    #[test]
    fn a_step_slides_one_leap() {
        let want: Vec<Shape> = [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]
            .into_iter()
            .map(|(x, y)| plain(slide(x, y, SQRT_2 * S)))
            .collect();
        assert_same_shapes(&shapes("F"), &want, "F");
    }

    const KNIGHT_LEAPS: [(f64, f64); 8] = [
        (1.0, 2.0),
        (2.0, 1.0),
        (2.0, -1.0),
        (1.0, -2.0),
        (-1.0, -2.0),
        (-2.0, -1.0),
        (-2.0, 1.0),
        (-1.0, 2.0),
    ];

    #[test]
    fn a_lame_leaper_slides_the_length_of_its_leap() {
        let want: Vec<Shape> = KNIGHT_LEAPS
            .into_iter()
            .map(|(x, y)| plain(slide(x, y, 5f64.sqrt() * S)))
            .collect();
        assert_same_shapes(&shapes("nN"), &want, "nN");
    }

    #[test]
    fn a_doubled_atom_rides_along_its_leaps() {
        let want: Vec<Shape> = KNIGHT_LEAPS
            .into_iter()
            .map(|(x, y)| plain(slide(x, y, f64::INFINITY)))
            .collect();
        assert_same_shapes(&shapes("NN"), &want, "NN");
    }

    #[test]
    fn a_count_of_zero_rides_a_custom_leap() {
        let shapes = shapes("(1,3)0");
        assert_eq!(shapes.shapes.len(), 8);
        assert!(
            shapes
                .shapes
                .iter()
                .any(|s| same_reach(&s.reach, &slide(-3.0, 1.0, f64::INFINITY)))
        );
        assert!(
            shapes
                .shapes
                .iter()
                .all(|s| matches!(s.reach, Form::Slide { length, .. } if length.is_infinite()))
        );
    }

    #[test]
    fn the_archbishop_slides_diagonally_and_jumps_onto_the_whole_ring() {
        let mut want: Vec<Shape> = [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]
            .into_iter()
            .map(|(x, y)| plain(slide(x, y, f64::INFINITY)))
            .collect();
        want.push(plain(Form::Ring {
            sectors: Sectors::whole(),
            radius: 5f64.sqrt() * S,
        }));
        assert_same_shapes(&shapes("BN"), &want, "BN");
    }

    #[test]
    fn the_king_slides_anywhere_within_two_diagonal_squares() {
        let want = plain(Form::Disc {
            sectors: Sectors::whole(),
            radius: SQRT_2 * S,
        });
        assert_same_shapes(&shapes("K"), &[want], "K");
        let forward = plain(Form::Disc {
            sectors: sectors_in_degrees(&[(22.5, 157.5)]),
            radius: SQRT_2 * S,
        });
        assert_same_shapes(&shapes("fK"), &[forward], "fK");
    }

    #[test]
    fn a_forward_knight_lands_on_the_forward_half_ring() {
        let want = plain(Form::Ring {
            sectors: sectors_in_degrees(&[(0.0, 180.0)]),
            radius: 5f64.sqrt() * S,
        });
        assert_same_shapes(&shapes("fN"), &[want], "fN");
    }

    #[test]
    fn the_alfil_jumps_onto_a_ring_two_diagonal_squares_out() {
        let want = plain(Form::Ring {
            sectors: Sectors::whole(),
            radius: 2.0 * SQRT_2 * S,
        });
        assert_same_shapes(&shapes("A"), &[want], "A");
    }

    #[test]
    fn the_pawns_betza_moves_captures_and_first_steps_by_its_modes() {
        let want = [
            Shape {
                reach: slide(0.0, 1.0, S),
                modes: Modes::MOVES_ONLY,
                initial: false,
            },
            Shape {
                reach: slide(-1.0, 1.0, SQRT_2 * S),
                modes: Modes::CAPTURES_ONLY,
                initial: false,
            },
            Shape {
                reach: slide(1.0, 1.0, SQRT_2 * S),
                modes: Modes::CAPTURES_ONLY,
                initial: false,
            },
            Shape {
                reach: slide(0.0, 1.0, 2.0 * S),
                modes: Modes::MOVES_ONLY,
                initial: true,
            },
        ];
        assert_same_shapes(&shapes("mfW|cfF|imfnD"), &want, "pawn");
        // Both letters are neither.
        assert!(shapes("mcW").shapes.iter().all(|s| s.modes == Modes::BOTH));
    }

    /// The classic lengths at their defaults (a square 2√2 wide), and the square's side.
    fn default_lengths() -> (ClassicLengths, f64) {
        let square = 2.0 * SQRT_2;
        let lengths = ClassicLengths {
            king_reach: 4.0,
            knight_distance: 40f64.sqrt(),
            pawn_step: square,
            pawn_first_step: 2.0 * square,
            pawn_capture: square,
        };
        (lengths, square)
    }

    #[test]
    fn classic_pieces_are_their_betza_at_the_default_lengths() {
        let (lengths, square) = default_lengths();
        for (kind, betza) in [
            (Kind::KING, "K"),
            (Kind::QUEEN, "Q"),
            (Kind::ROOK, "R"),
            (Kind::BISHOP, "B"),
            (Kind::KNIGHT, "N"),
            (Kind::PAWN, "mfW|cfF|imfnD"),
        ] {
            let compiled = compile_text(betza, square).expect("classic Betza compiles");
            assert_same_shapes(&classic(kind, lengths), &compiled.shapes, betza);
        }
    }

    #[test]
    fn classic_pieces_take_the_levels_lengths() {
        let board = ClassicLengths {
            king_reach: 5.0,
            knight_distance: 7.0,
            pawn_step: 2.0,
            pawn_first_step: 3.0,
            pawn_capture: 1.5,
        };
        assert_eq!(
            classic(Kind::KING, board).shapes[0].reach,
            Form::Disc {
                sectors: Sectors::whole(),
                radius: 5.0
            }
        );
        assert_eq!(
            classic(Kind::KNIGHT, board).shapes[0].reach,
            Form::Ring {
                sectors: Sectors::whole(),
                radius: 7.0
            }
        );
        let pawn = classic(Kind::PAWN, board);
        let ends: Vec<Point> = pawn
            .shapes
            .iter()
            .map(|s| match s.reach {
                Form::Slide { dir, length } => dir * length,
                _ => panic!("a pawn only slides"),
            })
            .collect();
        let want = [
            Point::new(0.0, 2.0),
            Point::new(-1.5, 1.5),
            Point::new(1.5, 1.5),
            Point::new(0.0, 3.0),
        ];
        for (got, want) in ends.iter().zip(want) {
            assert!(got.distance(want) < 1e-12, "{ends:?}");
        }
    }

    #[test]
    fn blacks_shapes_are_whites_turned_round() {
        let black = shapes("mfW|ffN").for_side(Color::Black);
        assert!(same_reach(&black.shapes[0].reach, &slide(0.0, -1.0, S)));
        assert!(same_reach(
            &black.shapes[1].reach,
            &Form::Ring {
                sectors: sectors_in_degrees(&[(-135.0, -45.0)]),
                radius: 5f64.sqrt() * S,
            }
        ));
        assert_eq!(shapes("K").for_side(Color::Black), shapes("K"));
        assert_eq!(shapes("N").for_side(Color::White), shapes("N"));
    }

    #[test]
    fn what_the_continuous_board_cannot_play_is_refused_at_its_column() {
        let modifier = |text: &str, letters: &str, column: usize| match refused(text) {
            ContinuousBetzaError::Modifier {
                letters: l,
                column: c,
                ..
            } => assert_eq!((l.as_str(), c), (letters, column), "{text}"),
            other => panic!("{text}: {other}"),
        };
        modifier("pR", "p", 1);
        modifier("gQ", "g", 1);
        modifier("mRcpR", "p", 4);
        modifier("jR", "j", 1);
        modifier("jjR", "jj", 1);
        modifier("oR", "o", 1);
        modifier("eF", "e", 1);
        modifier("fyR", "y", 2);
        modifier("K|fqB", "q", 4);
        modifier("xdK", "x", 1);
        assert_eq!(
            refused("W-F"),
            ContinuousBetzaError::Chain {
                link: "-".into(),
                column: 2
            }
        );
        assert_eq!(refused("N|K+!B").column(), 4);
        assert_eq!(refused("W-sW").column(), 2, "the link comes before the s");
        assert_eq!(
            refused("(1,0,1,1);(1,0,1,1)"),
            ContinuousBetzaError::OldNotation
        );
        assert_eq!(refused("(1,0,1,1);(1,0,1,1)").column(), 1);
        assert_eq!(
            refused("mRcpR").to_string(),
            "'p' at column 4 has no meaning on the continuous board: a cannon lands beyond a screen, but a slide stops at the first disc it touches"
        );
        // Lame steps and riders change nothing, and are accepted.
        assert_eq!(shapes("nW"), shapes("W"));
        assert_eq!(shapes("nR"), shapes("R"));
    }

    #[test]
    fn descriptions_name_directions_lengths_and_modes() {
        let words = |text: &str| describe(&shapes(text));
        assert_eq!(words("B"), "slides along the diagonals without limit");
        assert_eq!(
            words("BN"),
            "slides along the diagonals without limit; jumps onto the ring of radius 6.32 at any angle"
        );
        assert_eq!(
            words("R"),
            "slides forward, back, left and right without limit"
        );
        assert_eq!(words("mfW"), "slides forward up to 2.83 (moves only)");
        assert_eq!(
            words("ffN"),
            "jumps onto the ring of radius 6.32 between 45° and 135°"
        );
        assert_eq!(
            words("fN"),
            "jumps onto the ring of radius 6.32 in the forward half"
        );
        assert_eq!(
            words("hN"),
            "jumps onto the ring of radius 6.32 between -45° and 45° or between 135° and 225°"
        );
        assert_eq!(
            words("bbN"),
            "jumps onto the ring of radius 6.32 between 225° and 315°"
        );
        assert_eq!(words("K"), "slides in any direction up to 4.00");
        assert_eq!(
            words("fK"),
            "slides at any angle between 22.5° and 157.5° up to 4.00"
        );
        assert_eq!(
            words("mfW|cfF|imfnD"),
            "slides forward up to 2.83 (moves only); slides along the forward diagonals up to 4.00 (captures only); slides forward up to 5.66 (moves only, while unmoved)"
        );
        assert_eq!(
            words("fNN"),
            "slides at 26.6°, 63.4°, 116.6° and 153.4° without limit"
        );
        assert_eq!(words("fsW"), "never moves");
    }
}
