//! A grid variant as data: its board, its piece types (each with compiled Betza), and the
//! rules a level can switch. One flat struct, filled from a level file.

use super::board::Geometry;
use super::tables::Tables;
use super::zobrist::Zobrist;
use crate::betza::model::{ChainMoves, chains};
use crate::betza::{Betza, BetzaError, parse};
use crate::play::Color;

/// The most piece types a variant may have (a FEN letter each, A–Z).
pub const MAX_TYPES: usize = 26;

/// A piece type of one variant: its place in [`Variant::types`], which is also its number in
/// a position's cells and in moves. `variant[role]` is the type itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Role(u8);

impl Role {
    /// The role at `index` in a variant's types (below [`MAX_TYPES`]).
    #[inline]
    pub const fn new(index: usize) -> Role {
        debug_assert!(index < MAX_TYPES);
        Role(index as u8)
    }

    /// Its place in the variant's types.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    /// The upper-case FEN letter (White's; Black's is the lower case).
    pub letter: char,
    /// The piece's name.
    pub name: String,
    /// Its Game Courier label, White's (Black's is the lower case): one to four letters,
    /// its FEN letter unless the level names another.
    pub label: String,
    /// The picture the level names for it (its `image` key), if any: a shipped picture's
    /// name or an SVG path relative to the level (see `crate::pictures`).
    pub image: Option<String>,
    /// Its moves as written.
    pub betza: Betza,
    /// Its moves, compiled.
    pub chains: Vec<ChainMoves>,
    /// Whether losing it loses the game (checkmate protects it).
    pub royal: bool,
    /// What it may turn into, and where.
    pub promotion: Option<Promotion>,
    /// Its worth in centipawns as the level gives it (`value`), if it does; else the
    /// variant estimates one from its moves (see [`Variant::value`]).
    pub value: Option<i32>,
    /// The type it is the promoted form of, as shogi writes them (`+P` in FENs, `+` after
    /// a move that promotes to it); taken, it goes to the hand as that type.
    pub promoted_from: Option<Role>,
    /// Its worth by square on top of its value, as the level gives it (`squares`), if it
    /// does.
    pub squares: Option<PieceSquares>,
}

/// A piece's worth by square on top of its value, in centipawns, for the computer
/// opponent: one table for the middlegame and one for the endgame (the evaluation blends
/// them by the material on the board), each by square index (`file + rank × files`) as
/// White sees the board. Black's pieces read them mirrored across the middle rank.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceSquares {
    /// The middlegame's table.
    pub middle: Vec<i32>,
    /// The endgame's table.
    pub end: Vec<i32>,
}

impl PieceType {
    /// A piece type from its letter, name and Betza text.
    pub fn new(letter: char, name: &str, betza: &str) -> Result<PieceType, BetzaError> {
        let betza = parse(betza)?;
        Ok(PieceType {
            letter: letter.to_ascii_uppercase(),
            name: name.to_string(),
            label: letter.to_ascii_uppercase().to_string(),
            image: None,
            chains: chains(&betza),
            betza,
            royal: false,
            promotion: None,
            value: None,
            promoted_from: None,
            squares: None,
        })
    }
}

/// Promotion of one piece type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The types it may become, in the level's order.
    pub to: Vec<Role>,
    /// How many ranks at the far edge promote (1: the last rank only).
    pub zone: u8,
    /// Whether a move into the zone may decline to promote (never on the last rank).
    pub optional: bool,
    /// Whether it may become only a type of which its side has fewer on the board than
    /// in the setup, one that has been captured (Grand chess). With no such type it
    /// cannot promote: it may still enter the zone where promoting is optional, but not
    /// a rank where it must.
    pub captured_only: bool,
    /// Whether a move that starts in the zone may promote too, wherever it ends (shogi).
    pub from_zone: bool,
}

/// Castling: the king steps toward an unmoved rook, and the rook lands on the square the
/// king crossed last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    /// The type that castles as the king.
    pub king: Role,
    /// The type it castles with.
    pub rook: Role,
    /// How far the king steps.
    pub king_steps: u8,
    /// The files the king lands on instead, toward the higher files and toward the lower
    /// (Janus: `i` and `b`), 0 for `a`; each wing's steps are then the distance from the
    /// king's file.
    pub lands: Option<[u8; 2]>,
    /// Chess960 castling: from any start the king lands on the `lands` files whichever way
    /// it goes (or stays), the rook beside it inside; the move is written as the king
    /// taking its own rook (`e1h1`) and FEN castling rights as the rooks' files (`HAha`).
    pub chess960: bool,
}

impl Castling {
    /// How far a king on `file` steps toward the higher files (`up`) or the lower; none when
    /// the landing file is not on that side of it. Under [`chess960`](Self::chess960) the
    /// steps are signed: a king may land behind its start, or stay (0).
    pub fn steps(&self, file: i32, up: bool) -> Option<i32> {
        let Some(lands) = self.lands else {
            return Some(i32::from(self.king_steps));
        };
        let to = i32::from(lands[usize::from(!up)]);
        let steps = if up { to - file } else { file - to };
        (steps > 0 || self.chess960).then_some(steps)
    }
}

/// What a position with no legal move and no check means for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stalemate {
    /// A draw.
    #[default]
    Draw,
    /// The stalemated side loses.
    Loss,
    /// The stalemated side wins.
    Win,
}

/// The rules that draw a game by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// The n-th occurrence of a position draws (0: never).
    pub repetition: u32,
    /// So many moves by each side without a capture or a move of a piece that promotes
    /// draw (0: never).
    pub move_rule: u32,
    /// Whether a position where neither side can give mate is drawn.
    pub insufficient_material: bool,
}

/// Fairy-Stockfish's defaults: threefold repetition, the fifty-move rule, and
/// insufficient material.
impl Default for DrawRules {
    fn default() -> DrawRules {
        DrawRules {
            repetition: 3,
            move_rule: 50,
            insufficient_material: true,
        }
    }
}

/// How royal pieces are protected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RoyalRule {
    /// No move may leave a royal piece attacked; no move and in check is checkmate.
    #[default]
    Checkmate,
    /// Royal pieces may be left attacked; a side that loses its last royal loses.
    Capture,
}

/// A problem with a variant's definition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// Two types share a letter.
    #[error("two piece types use the letter '{0}'")]
    DuplicateLetter(char),
    /// A letter that is not A–Z.
    #[error("'{0}' is not a piece letter: expected one of A–Z")]
    BadLetter(char),
    /// Too many types.
    #[error("{0} piece types: at most {MAX_TYPES}")]
    TooManyTypes(usize),
    /// A promotion or castling reference to a type that is not there.
    #[error("piece type {0} does not exist")]
    NoSuchType(usize),
    /// A promotion zone of zero ranks or deeper than the board.
    #[error("promotion zone {zone} of '{letter}': expected 1 to {ranks} ranks")]
    BadZone {
        /// The piece.
        letter: char,
        /// The zone asked for.
        zone: u8,
        /// The board's ranks.
        ranks: u8,
    },
    /// A Game Courier label that is not one to four letters A–Z.
    #[error("label \"{0}\": expected one to four upper-case letters A–Z")]
    BadLabel(String),
    /// Two types share a Game Courier label.
    #[error("two piece types use the label \"{0}\"")]
    DuplicateLabel(String),
    /// King steps of zero or longer than the board.
    #[error("castling king_steps {0}: expected 1 to the board's files less one")]
    BadKingSteps(u8),
    /// A piece value outside 0 to [`MAX_VALUE`](crate::grid::values::MAX_VALUE).
    #[error(
        "value {value} of '{letter}': expected 0 to {} centipawns",
        crate::grid::values::MAX_VALUE
    )]
    BadValue {
        /// The piece.
        letter: char,
        /// The value given.
        value: i32,
    },
}

/// A grid variant, checked, with its move tables built.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The board.
    pub geometry: Geometry,
    /// The piece types; a type's index is its number in positions and moves.
    pub types: Vec<PieceType>,
    /// Castling, if the variant has it.
    pub castling: Option<Castling>,
    /// What stalemate means.
    pub stalemate: Stalemate,
    /// Checkmate or royal capture.
    pub royal_rule: RoyalRule,
    /// Draws by repetition, by the move count and by material.
    pub draws: DrawRules,
    /// The bare-king rule: a side reduced to a single piece loses, unless it bares the
    /// other side at once (see `movegen::bare_king`).
    pub bare_king: bool,
    /// Drops: a piece taken goes to the taker's hand (a promoted one as the type it was),
    /// and a piece in hand may be put on an empty square as a move.
    pub drops: bool,
    /// Makruk's or Cambodian counting, if the level has it.
    pub counting: Option<super::counting::Counting>,
    /// Shogi's drop rules (`rules.shogi_drops`): a piece may be dropped wherever it can
    /// still move, promotion zone included; not a pawn (the type lettered P) on a file
    /// where its side has an unpromoted one; a pawn dropped to give mate loses.
    pub shogi_drops: bool,
    /// Whether a repetition reached by one side checking all along loses for that side
    /// (`rules.perpetual_check_loses`, shogi), instead of drawing.
    pub perpetual_check_loses: bool,
    /// How each new game's setup is drawn, if it is (`rules.shuffle`).
    pub shuffle: Option<super::shuffle::Shuffle>,
    /// The evaluation's weights the level sets (`[evaluation]`) for the computer
    /// opponent, each as its place in `values::WEIGHT_NAMES` and its value; the others
    /// stay the engine's own.
    pub weights: Vec<(usize, i32)>,
    /// By role: what it can do toward mate, for the material rule.
    pub(crate) mating: Vec<super::draws::Mating>,
    pub(crate) tables: Tables,
    pub(crate) zobrist: Zobrist,
    /// The level's setup, which decides which pieces of a FEN are unmoved (empty: all are).
    pub(crate) setup: Vec<super::position::Cell>,
    /// By side and type: how many the setup has (for promotions to captured pieces).
    pub(crate) setup_counts: [[u8; MAX_TYPES]; 2],
    /// The type of each ASCII upper-case letter.
    by_letter: [Option<Role>; 26],
    /// By type: its value estimated from its moves (`crate::grid::values`).
    estimates: Vec<i32>,
    /// By type: the value to use, the level's or the estimate.
    values: [i32; MAX_TYPES],
}

impl Variant {
    /// Checks the types and rules and builds the per-square move tables.
    pub fn new(
        geometry: Geometry,
        types: Vec<PieceType>,
        castling: Option<Castling>,
        stalemate: Stalemate,
        royal_rule: RoyalRule,
    ) -> Result<Variant, VariantError> {
        if types.len() > MAX_TYPES {
            return Err(VariantError::TooManyTypes(types.len()));
        }
        let mut by_letter = [None; 26];
        for (n, t) in types.iter().enumerate() {
            if !t.letter.is_ascii_uppercase() {
                return Err(VariantError::BadLetter(t.letter));
            }
            let slot = &mut by_letter[usize::from(t.letter as u8 - b'A')];
            if slot.is_some() {
                return Err(VariantError::DuplicateLetter(t.letter));
            }
            *slot = Some(Role::new(n));
            if !(1..=4).contains(&t.label.len()) || !t.label.bytes().all(|b| b.is_ascii_uppercase())
            {
                return Err(VariantError::BadLabel(t.label.clone()));
            }
            if types[..n].iter().any(|u| u.label == t.label) {
                return Err(VariantError::DuplicateLabel(t.label.clone()));
            }
            if let Some(value) = t.value
                && !(0..=crate::grid::values::MAX_VALUE).contains(&value)
            {
                return Err(VariantError::BadValue {
                    letter: t.letter,
                    value,
                });
            }
            if let Some(p) = &t.promotion {
                if p.zone == 0 || p.zone > geometry.ranks() {
                    return Err(VariantError::BadZone {
                        letter: t.letter,
                        zone: p.zone,
                        ranks: geometry.ranks(),
                    });
                }
                if let Some(&bad) = p.to.iter().find(|x| x.index() >= types.len()) {
                    return Err(VariantError::NoSuchType(bad.index()));
                }
            }
        }
        if let Some(c) = castling {
            for x in [c.king, c.rook] {
                if x.index() >= types.len() {
                    return Err(VariantError::NoSuchType(x.index()));
                }
            }
            if c.king_steps == 0 || c.king_steps >= geometry.files() {
                return Err(VariantError::BadKingSteps(c.king_steps));
            }
            if let Some(bad) = c
                .lands
                .into_iter()
                .flatten()
                .find(|&f| f >= geometry.files())
            {
                return Err(VariantError::BadKingSteps(bad));
            }
        }
        let tables = Tables::build(geometry, &types);
        let zobrist = Zobrist::new(geometry.squares(), &types);
        let mut variant = Variant {
            geometry,
            types,
            castling,
            stalemate,
            royal_rule,
            draws: DrawRules::default(),
            bare_king: false,
            counting: None,
            shuffle: None,
            weights: Vec::new(),
            shogi_drops: false,
            perpetual_check_loses: false,
            drops: false,
            mating: Vec::new(),
            tables,
            zobrist,
            setup: Vec::new(),
            setup_counts: [[0; MAX_TYPES]; 2],
            by_letter,
            estimates: Vec::new(),
            values: [0; MAX_TYPES],
        };
        variant.mating = super::draws::classify(&variant);
        // Worked out once here: a search asks for values millions of times.
        variant.estimates = crate::grid::values::estimates(&variant);
        for (n, t) in variant.types.iter().enumerate() {
            variant.values[n] = t.value.unwrap_or(variant.estimates[n]);
        }
        Ok(variant)
    }

    /// The type with this letter, in either case.
    pub fn role_of_letter(&self, letter: char) -> Option<Role> {
        let c = letter.to_ascii_uppercase();
        c.is_ascii_uppercase()
            .then(|| self.by_letter[usize::from(c as u8 - b'A')])
            .flatten()
    }

    /// Makes `fen` the setup: the position in which every piece is unmoved, and against
    /// which later FENs decide which pieces have moved. Returns it.
    pub fn set_setup(
        &mut self,
        fen: &str,
    ) -> Result<super::position::Position, super::fen::FenError> {
        self.setup.clear();
        let start = super::fen::parse_fen(self, fen)?;
        self.setup = start.cells.clone();
        self.setup_counts = [[0; MAX_TYPES]; 2];
        for side in Color::BOTH {
            for &sq in start.pieces(side) {
                let role = super::position::role_of(start.cell(sq));
                let count = &mut self.setup_counts[side][role.index()];
                *count = count.saturating_add(1);
            }
        }
        Ok(start)
    }

    /// The type with this Game Courier label (either case).
    pub fn role_of_label(&self, label: &str) -> Option<Role> {
        self.types
            .iter()
            .position(|t| t.label.eq_ignore_ascii_case(label))
            .map(Role::new)
    }

    /// Whether pieces of this role are royal.
    #[inline]
    pub fn is_royal(&self, role: Role) -> bool {
        self[role].royal
    }

    /// What a piece of this role is worth, in centipawns: the level's `value` where it
    /// gives one (even for a royal piece), else [`Variant::estimated_value`] (0 for a
    /// royal piece: losing it ends the game, so it is no material to trade).
    #[inline]
    pub fn value(&self, role: Role) -> i32 {
        self.values[role.index()]
    }

    /// The value estimated from this role's moves (`crate::grid::values`), whether or
    /// not the level gives one; 0 for a royal piece.
    pub fn estimated_value(&self, role: Role) -> i32 {
        self.estimates[role.index()]
    }

    /// The type a promoted `role` was before it promoted: the first type that may become
    /// it (itself, if none may).
    pub fn demoted(&self, role: Role) -> Role {
        self.roles()
            .find(|&r| {
                self[r]
                    .promotion
                    .as_ref()
                    .is_some_and(|p| p.to.contains(&role))
            })
            .unwrap_or(role)
    }

    /// The type a taken piece of `role` goes to the hand as: the type it is the promoted
    /// form of, or with `promoted` (it got there by promotion) the type it was.
    pub fn to_hand(&self, role: Role, promoted: bool) -> Role {
        match self[role].promoted_from {
            Some(base) => base,
            None if promoted => self.demoted(role),
            None => role,
        }
    }

    /// The type whose promoted form `role` is written as (`+P`), if one is.
    pub fn plus_form(&self, role: Role) -> Option<Role> {
        self.roles().find(|&r| self[r].promoted_from == Some(role))
    }

    /// The pawn of shogi's drop rules: the type lettered P, where the rules are on.
    pub fn shogi_pawn(&self) -> Option<Role> {
        self.shogi_drops.then(|| self.role_of_letter('P')).flatten()
    }

    /// How many earlier positions a repetition of `pos` may be sought in: those since the
    /// last capture or move of a promoting piece, or with drops all of them (a piece
    /// taken stays in the game), as Fairy-Stockfish counts them.
    pub fn repetition_window(&self, pos: &super::Position) -> usize {
        if self.drops {
            usize::MAX
        } else {
            pos.halfmove() as usize
        }
    }

    /// Every role of the variant, in the order of its types.
    pub fn roles(&self) -> impl Iterator<Item = Role> + use<> {
        (0..self.types.len()).map(Role::new)
    }
}

impl std::ops::Index<Role> for Variant {
    type Output = PieceType;

    #[inline]
    fn index(&self, role: Role) -> &PieceType {
        &self.types[role.index()]
    }
}

#[cfg(test)]
impl Variant {
    /// A 4×4 level of a royal King (type 0) and a Rook (type 1), castling by `castling`
    /// or not, with no setup: small enough for a unit test to name every square.
    pub(crate) fn kings_and_rooks(castling: Option<Castling>) -> Variant {
        let mut king = PieceType::new('K', "King", "K").expect("K reads");
        king.royal = true;
        let rook = PieceType::new('R', "Rook", "R").expect("R reads");
        Variant::new(
            Geometry::new(4, 4).expect("a 4x4 board"),
            vec![king, rook],
            castling,
            Stalemate::Draw,
            RoyalRule::Checkmate,
        )
        .expect("a valid variant")
    }
}
