//! The continuous board and every length its rules use, with their defaults (docs/continuous-rules.md).

use super::geometry::{Disc, Inset, Obstacle, Point, R};
use super::piece::{Color, Kind, Piece};
use super::shapes::{ClassicLengths, PieceShapes, Shape, classic};
pub use crate::square::SquareName;

/// The board's size and the rule lengths, all in units of R. A level may change any of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// Number of nominal files (columns).
    pub files: u32,
    /// Number of nominal ranks (rows).
    pub ranks: u32,
    /// Side of a nominal square (default 2√2).
    pub square: f64,
    /// How far the king may slide (default 4).
    pub king_reach: f64,
    /// The knight's jump length (default √40).
    pub knight_distance: f64,
    /// A pawn's longest forward slide once it has moved (default one square).
    pub pawn_step: f64,
    /// A pawn's longest forward slide while unmoved (default two squares).
    pub pawn_first_step: f64,
    /// Forward and sideways reach of the pawn's capture capsules (default one square).
    pub pawn_capture: f64,
    /// Moves shorter than this are void (default R).
    pub min_move: f64,
    /// Distance of the promotion line from the far edge (default R).
    pub promotion_line: f64,
    /// What a pawn may promote to, in the order offered (default Q R B N).
    pub promotion: Vec<Kind>,
    /// How far the king slides when castling (default two squares).
    pub castling_king_travel: f64,
    /// How far beside the king the rook lands when castling (default one square).
    pub castling_rook_offset: f64,
    /// Which kind castles with which (default the king with the rook); `None`: no castling.
    pub castling: Option<Castling>,
    /// Whether the board is the disc inscribed in its square (default: the whole rectangle).
    pub round: bool,
    /// Walls: regions no disc may overlap or cross (default none).
    pub walls: Vec<Obstacle>,
    /// Holes in the board: to the rules the same as walls, drawn as missing board.
    pub holes: Vec<Obstacle>,
    /// The kinds of piece this board plays with (default: the six classic ones). After
    /// changing them or any length, call [`Board::prepare`].
    pub kinds: Vec<KindSpec>,
    /// The kinds whose discs are not of radius R, each with its radius (default none):
    /// overlap, blocking, the width of its strips and how near it comes to the edge and to
    /// walls follow it. After changing them, call [`Board::prepare`].
    pub radii: Vec<(Kind, f64)>,
    /// Each kind's shapes as the rules use them, built by [`Board::prepare`].
    prepared: Vec<Prepared>,
    /// For each letter A–Z, its index in `prepared` (or `u8::MAX`), whether it is royal, and
    /// its disc's radius: the rules ask these for every piece they look at.
    slots: [Slot; 26],
}

/// What the rules look up by a kind's letter.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Slot {
    /// Index in `prepared`, or `u8::MAX` for a letter the board does not have.
    index: u8,
    /// Whether the kind is royal.
    royal: bool,
    /// The radius of its disc.
    radius: f64,
}

impl Slot {
    const EMPTY: Slot = Slot {
        index: u8::MAX,
        royal: false,
        radius: R,
    };
}

/// A kind's shapes for each side, before and after it has moved: Black's turned round, the
/// `i` shapes dropped once moved, and a moving slide that an `i` slide along the same
/// direction outreaches dropped while unmoved (so an unmoved pawn slides once, as far as
/// its first step allows).
#[derive(Clone, Debug, PartialEq)]
struct Prepared {
    /// Indexed by side (White, Black), then by "has moved"; slides first.
    shapes: [[Vec<Shape>; 2]; 2],
    /// How far from its centre each list's shapes reach at most (infinite for a rider),
    /// not counting the discs they move.
    reach: [[f64; 2]; 2],
}

impl Prepared {
    fn new(shapes: &PieceShapes) -> Self {
        let slides_first = |mut shapes: Vec<Shape>| {
            shapes.sort_by_key(|s| !matches!(s.reach, super::shapes::Form::Slide { .. }));
            shapes
        };
        let side = |color| {
            let turned = shapes.for_side(color).shapes;
            let moved: Vec<Shape> = turned.iter().filter(|s| !s.initial).cloned().collect();
            [slides_first(unmoved(turned)), slides_first(moved)]
        };
        let shapes = [side(Color::White), side(Color::Black)];
        let farthest = |list: &[Shape]| {
            list.iter()
                .map(|s| match s.reach {
                    super::shapes::Form::Slide { length, .. } => length,
                    super::shapes::Form::Disc { radius, .. }
                    | super::shapes::Form::Ring { radius, .. } => radius,
                })
                .fold(0.0, f64::max)
        };
        let reach = shapes
            .each_ref()
            .map(|lists| lists.each_ref().map(|l| farthest(l)));
        Prepared { shapes, reach }
    }
}

/// The shapes of an unmoved piece: all of them, except that where two slides share a
/// direction and modes the longer takes the shorter's place.
fn unmoved(shapes: Vec<Shape>) -> Vec<Shape> {
    use super::shapes::Form;
    let mut out: Vec<Shape> = Vec::with_capacity(shapes.len());
    for s in shapes {
        let same = out.iter_mut().find(|o| match (&o.reach, &s.reach) {
            (Form::Slide { dir: a, .. }, Form::Slide { dir: b, .. }) => {
                a == b && o.modes == s.modes
            }
            _ => false,
        });
        match same {
            Some(o) => {
                if let (Form::Slide { length: a, .. }, Form::Slide { length: b, .. }) =
                    (&o.reach, &s.reach)
                    && b > a
                {
                    *o = s;
                }
            }
            None => out.push(s),
        }
    }
    out
}

/// The two kinds that castle together (the castling rule of docs/continuous-rules.md, with the level's letters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    /// The kind that slides two squares toward its partner (royal, as a rule).
    pub king: Kind,
    /// The kind that jumps to the king's other side.
    pub rook: Kind,
}

/// A kind of piece a level plays with.
#[derive(Clone, Debug, PartialEq)]
pub struct KindSpec {
    /// The kind (its letter).
    pub kind: Kind,
    /// Its name.
    pub name: String,
    /// Whether losing it loses the game (check and mate protect it).
    pub royal: bool,
    /// Its shapes from its Betza, in White's orientation; `None` for a classic kind, whose
    /// shapes come from the board's lengths (docs/continuous-rules.md).
    pub shapes: Option<PieceShapes>,
    /// What it may become on reaching the promotion line, in the order offered; `None` for
    /// the board's own list (the classic pawn's) or, on any other kind, no promotion.
    pub promotion: Option<Vec<Kind>>,
}

impl KindSpec {
    /// One of the six classic kinds, royal if it is the king.
    pub fn classic(kind: Kind) -> KindSpec {
        KindSpec {
            kind,
            name: kind.name().to_string(),
            royal: kind == Kind::KING,
            shapes: None,
            promotion: None,
        }
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new(8, 8)
    }
}

/// A square name that is not on the board or not a square name at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square of this board")]
pub struct BadSquare(pub String);

impl Board {
    /// The lengths the classic pieces take from this board.
    pub fn classic_lengths(&self) -> ClassicLengths {
        ClassicLengths {
            king_reach: self.king_reach,
            knight_distance: self.knight_distance,
            pawn_step: self.pawn_step,
            pawn_first_step: self.pawn_first_step,
            pawn_capture: self.pawn_capture,
        }
    }

    /// A board of `files × ranks` squares with every length at its default.
    pub fn new(files: u32, ranks: u32) -> Self {
        let square = 2.0 * std::f64::consts::SQRT_2 * R;
        Board {
            files,
            ranks,
            square,
            king_reach: 4.0 * R,
            knight_distance: 40f64.sqrt() * R,
            pawn_step: square,
            pawn_first_step: 2.0 * square,
            pawn_capture: square,
            min_move: R,
            promotion_line: R,
            promotion: vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT],
            castling_king_travel: 2.0 * square,
            castling_rook_offset: square,
            castling: Some(Castling {
                king: Kind::KING,
                rook: Kind::ROOK,
            }),
            round: false,
            walls: Vec::new(),
            holes: Vec::new(),
            kinds: Kind::CLASSIC.into_iter().map(KindSpec::classic).collect(),
            radii: Vec::new(),
            prepared: Vec::new(),
            slots: [Slot::EMPTY; 26],
        }
        .prepared()
    }

    /// Rebuilds the shapes the rules use from the kinds and lengths: call it after changing
    /// either.
    pub fn prepare(&mut self) {
        self.slots = [Slot::EMPTY; 26];
        for (n, spec) in self.kinds.iter().enumerate() {
            if let Some(slot) = Self::slot(spec.kind) {
                let radius = self.radii.iter().find(|(k, _)| *k == spec.kind);
                self.slots[slot] = Slot {
                    index: n as u8,
                    royal: spec.royal,
                    radius: radius.map_or(R, |(_, r)| *r),
                };
            }
        }
        self.prepared = self
            .kinds
            .iter()
            .map(|spec| match &spec.shapes {
                Some(shapes) => Prepared::new(shapes),
                None => Prepared::new(&classic(spec.kind, self.classic_lengths())),
            })
            .collect();
    }

    /// The board with its shapes rebuilt (see [`Board::prepare`]).
    pub fn prepared(mut self) -> Self {
        self.prepare();
        self
    }

    /// The shapes a `side` piece of `kind` moves and captures by, as the rules use them:
    /// turned to its side, those it may use before or after its first move, slides first.
    #[inline]
    pub fn shapes_of(&self, kind: Kind, side: Color, moved: bool) -> &[Shape] {
        Self::slot(kind)
            .and_then(|slot| self.prepared.get(usize::from(self.slots[slot].index)))
            .map_or(&[], |p| &p.shapes[side as usize][usize::from(moved)])
    }

    /// How far from its centre a `side` piece of `kind` reaches at most with its shapes
    /// (infinite for a rider; its own disc not counted).
    #[inline]
    pub fn reach_of(&self, kind: Kind, side: Color, moved: bool) -> f64 {
        Self::slot(kind)
            .and_then(|slot| self.prepared.get(usize::from(self.slots[slot].index)))
            .map_or(0.0, |p| p.reach[side as usize][usize::from(moved)])
    }

    /// The letter's place in the lookup table.
    #[inline]
    fn slot(kind: Kind) -> Option<usize> {
        let letter = kind.letter();
        letter
            .is_ascii_uppercase()
            .then(|| usize::from(letter as u8 - b'A'))
    }

    /// Every shape of `kind` in White's orientation, `i` ones included.
    pub fn model_of(&self, kind: Kind) -> PieceShapes {
        match self.kinds.iter().find(|s| s.kind == kind) {
            Some(KindSpec {
                shapes: Some(shapes),
                ..
            }) => shapes.clone(),
            _ => classic(kind, self.classic_lengths()),
        }
    }

    /// What a piece of `kind` may promote to at the promotion line (empty: it never does).
    pub fn promotion_of(&self, kind: Kind) -> &[Kind] {
        match self.kinds.iter().find(|s| s.kind == kind) {
            Some(KindSpec {
                promotion: Some(list),
                ..
            }) => list,
            Some(KindSpec { shapes: None, .. }) if kind == Kind::PAWN => &self.promotion,
            _ => &[],
        }
    }

    /// The kind a letter of either case names on this board, if the board has it.
    pub fn kind_of(&self, letter: char) -> Option<Kind> {
        Kind::from_letter(letter).filter(|k| self.has(*k))
    }

    /// Whether this board plays with `kind`.
    pub fn has(&self, kind: Kind) -> bool {
        self.kinds.iter().any(|s| s.kind == kind)
    }

    /// The name of `kind` on this board.
    pub fn name_of(&self, kind: Kind) -> &str {
        self.kinds
            .iter()
            .find(|s| s.kind == kind)
            .map_or(kind.name(), |s| s.name.as_str())
    }

    /// Whether losing a piece of `kind` loses the game.
    #[inline]
    pub fn is_royal(&self, kind: Kind) -> bool {
        Self::slot(kind).is_some_and(|slot| self.slots[slot].royal)
    }

    /// The radius of a disc of `kind` (R for a kind the board does not have).
    #[inline]
    pub fn radius(&self, kind: Kind) -> f64 {
        Self::slot(kind).map_or(R, |slot| self.slots[slot].radius)
    }

    /// The disc of `piece`.
    #[inline]
    pub fn disc(&self, piece: &Piece) -> Disc {
        Disc::new(piece.at, self.radius(piece.kind))
    }

    /// Whether `piece`'s disc, where it stands, lies on the board (clear of walls and
    /// holes) and overlaps none of `others`.
    pub fn fits<'p>(&self, piece: &Piece, others: impl IntoIterator<Item = &'p Piece>) -> bool {
        let disc = self.disc(piece);
        self.inset_of(piece).contains(piece.at)
            && others.into_iter().all(|q| !disc.overlaps(self.disc(q)))
    }

    /// How near the centres of `a` and `b` may come before their discs overlap.
    #[inline]
    pub fn contact(&self, a: &Piece, b: &Piece) -> f64 {
        super::geometry::contact(self.radius(a.kind), self.radius(b.kind))
    }

    /// The largest disc radius among the board's kinds.
    pub fn largest_radius(&self) -> f64 {
        self.radii.iter().map(|(_, r)| *r).fold(R, f64::max)
    }

    /// Board width.
    pub fn width(&self) -> f64 {
        self.files as f64 * self.square
    }

    /// Board height.
    pub fn height(&self) -> f64 {
        self.ranks as f64 * self.square
    }

    /// Where the centre of a disc of radius R may be for the disc to lie wholly on the
    /// board, clear of walls and holes ([`Board::inset_for`] for another radius).
    pub fn inset(&self) -> Inset<'_> {
        self.inset_for(R)
    }

    /// Where the centre of a disc of `radius` may be for the disc to lie wholly on the
    /// board, clear of walls and holes.
    pub fn inset_for(&self, radius: f64) -> Inset<'_> {
        Inset {
            min: Point::new(radius, radius),
            max: Point::new(self.width() - radius, self.height() - radius),
            round: self
                .round
                .then(|| (self.centre(), self.outline_radius() - radius)),
            walls: &self.walls,
            holes: &self.holes,
            radius,
        }
    }

    /// Where `piece`'s centre may be: [`Board::inset_for`] its disc.
    pub fn inset_of(&self, piece: &Piece) -> Inset<'_> {
        self.inset_for(self.radius(piece.kind))
    }

    /// The centre of the board.
    pub fn centre(&self) -> Point {
        Point::new(self.width() / 2.0, self.height() / 2.0)
    }

    /// The radius of a round board's outline: half its shorter side.
    pub fn outline_radius(&self) -> f64 {
        self.width().min(self.height()) / 2.0
    }

    /// The centre of the square at zero-based `file` and `rank`.
    pub fn square_centre(&self, file: u32, rank: u32) -> Point {
        Point::new(
            (file as f64 + 0.5) * self.square,
            (rank as f64 + 0.5) * self.square,
        )
    }

    /// The centre of the named square, if it is on this board.
    pub fn centre_of(&self, name: SquareName) -> Option<Point> {
        (name.file < self.files && name.rank < self.ranks)
            .then(|| self.square_centre(name.file, name.rank))
    }

    /// Parses a square name such as `e1` or `b10` into its centre.
    pub fn parse_square(&self, name: &str) -> Result<Point, BadSquare> {
        name.parse::<SquareName>()
            .ok()
            .and_then(|n| self.centre_of(n))
            .ok_or_else(|| BadSquare(name.to_string()))
    }

    /// The square `p` lies in and its centre (the nearest), if that square is on the board.
    pub fn nearest_centre(&self, p: Point) -> Option<(SquareName, Point)> {
        let f = (p.x / self.square - 0.5).round();
        let r = (p.y / self.square - 0.5).round();
        if f < 0.0 || r < 0.0 || f >= f64::from(self.files) || r >= f64::from(self.ranks) {
            return None;
        }
        let name = SquareName {
            file: f as u32,
            rank: r as u32,
        };
        Some((name, self.square_centre(name.file, name.rank)))
    }

    /// The name of the square whose centre is exactly `p`, if any.
    pub fn square_name(&self, p: Point) -> Option<SquareName> {
        if self.files > 26 {
            return None;
        }
        let (name, centre) = self.nearest_centre(p)?;
        (centre == p).then_some(name)
    }

    /// `p`, or the square centre within 1e-9 of it: rounding must not move a piece off its
    /// square.
    pub fn snap_to_square(&self, p: Point) -> Point {
        match self.nearest_centre(p) {
            Some((_, centre)) if centre.distance(p) < 1e-9 => centre,
            _ => p,
        }
    }

    /// Whether a pawn of radius R centred at `centre` has reached the promotion line (see
    /// [`Board::promotes_disc_at`]).
    pub fn promotes_at(&self, white: bool, centre: Point) -> bool {
        self.promotes_disc_at(white, centre, R)
    }

    /// Whether a pawn of White (moving toward +y) or Black (toward −y) whose disc of
    /// `radius` is centred at `centre` has reached the promotion line: its disc touches the
    /// line `promotion_line` short of the board's far edge straight ahead (on a round board,
    /// the edge of the disc above or below it; walls and holes are not edges).
    pub fn promotes_disc_at(&self, white: bool, centre: Point, radius: f64) -> bool {
        const TOL: f64 = 1e-9;
        let ahead = Point::new(0.0, if white { 1.0 } else { -1.0 });
        self.inset_for(radius).edge_distance(centre, ahead) <= self.promotion_line + TOL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        let board = Board::default();
        let e1 = board.parse_square("e1").expect("e1 exists");
        assert!((e1.x - 4.5 * board.square).abs() < 1e-12);
        assert_eq!(
            board.square_name(e1).map(|s| s.to_string()).as_deref(),
            Some("e1")
        );
        assert!(board.parse_square("i1").is_err());
        assert!(board.parse_square("a0").is_err());
        assert!(board.parse_square("a9").is_err());
        assert!(board.parse_square("a01").is_err());
        assert!(board.parse_square("").is_err());
    }

    #[test]
    fn knight_distance_is_root_five_squares() {
        let board = Board::default();
        assert!((board.knight_distance - 5f64.sqrt() * board.square).abs() < 1e-12);
        assert!((board.king_reach - 2f64.sqrt() * board.square).abs() < 1e-12);
    }

    #[test]
    fn on_a_rectangle_the_promotion_line_is_promotion_line_from_the_far_edge() {
        // White promotes once its disc touches y = height − promotion_line, Black once it
        // touches y = promotion_line, wherever the pawn stands across the board.
        for line in [1.0, 2.5] {
            let board = Board {
                promotion_line: line,
                ..Board::default()
            };
            let h = board.height();
            // A disc of radius 0.5 or 1.5 touches the line a half or one and a half off it.
            for r in [R, 0.5, 1.5] {
                for x in [1.5, 7.3, board.width() - 1.5] {
                    assert!(board.promotes_disc_at(true, Point::new(x, h - line - r + 1e-12), r));
                    assert!(!board.promotes_disc_at(true, Point::new(x, h - line - r - 1e-6), r));
                    assert!(board.promotes_disc_at(false, Point::new(x, line + r - 1e-12), r));
                    assert!(!board.promotes_disc_at(false, Point::new(x, line + r + 1e-6), r));
                }
            }
        }
    }

    #[test]
    fn a_kind_keeps_its_own_radius_and_the_edge_its_distance() {
        let mut board = Board::default();
        board.radii.push((Kind::QUEEN, 1.5));
        board.prepare();
        assert_eq!(board.radius(Kind::QUEEN), 1.5);
        assert_eq!(board.radius(Kind::ROOK), R);
        let queen = Piece::new(Color::White, Kind::QUEEN, Point::new(1.5, 1.5));
        let rook = Piece::new(Color::Black, Kind::ROOK, Point::new(4.0, 1.5));
        assert!((board.contact(&queen, &rook) - (2.5 - 1e-6)).abs() < 1e-15);
        assert!(board.inset_of(&queen).contains(queen.at));
        assert!(!board.inset_of(&queen).contains(Point::new(1.2, 1.5)));
        assert!(board.inset_of(&rook).contains(Point::new(1.2, 1.5)));
    }
}
