//! A grid variant, checked and built: the level's rules (`rules`) with what is derived
//! from them once, when the level loads: the move tables, the position keys, each type's
//! value estimate and mating class. One flat struct, filled from a level file; its setup
//! is set by [`set_setup`](super::fen::set_setup), which reads it as a FEN.

use super::board::Geometry;
use super::cell::Cell;
use super::mating::{Mating, classify};
use super::rules::{
    Castling, Counting, DrawRules, Explosions, Goals, MAX_TYPES, PieceType, Role, RoyalRule,
    Shuffle, Stalemate, Walls,
};
use super::tables::Tables;
use super::values::{MAX_VALUE, PieceSet, estimates};
use super::zobrist::Zobrist;

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
    /// A piece value outside 0 to [`MAX_VALUE`].
    #[error("value {value} of '{letter}': expected 0 to {MAX_VALUE} centipawns")]
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
    /// other side at once (see `legal::bare_king`).
    pub bare_king: bool,
    /// Drops: a piece taken goes to the taker's hand (a promoted one as the type it was),
    /// and a piece in hand may be put on an empty square as a move.
    pub drops: bool,
    /// Makruk's or Cambodian counting, if the level has it.
    pub counting: Option<Counting>,
    /// By side: the squares (one flag per square index) from which a piece may make its
    /// `i` moves whether it has moved or not (`rules.double_step`, Fairy-Stockfish's
    /// doubleStepRegion); `None`: only a piece that has not moved.
    pub initial_squares: [Option<Vec<bool>>; 2],
    /// By side: the squares on which that side may take en passant (`rules.en_passant`);
    /// `None`: any.
    pub en_passant_squares: [Option<Vec<bool>>; 2],
    /// Atomic captures (`rules.explosions`), if the level has them. A royal piece is then
    /// never in check while it touches an enemy royal (taking it would blow up both), a
    /// move may not blow up its own royal, and one that blows up the enemy's is legal
    /// whatever else it leaves attacked.
    pub explosions: Option<Explosions>,
    /// The walls every move leaves (`rules.walls`), if the level has them.
    pub walls: Option<Walls>,
    /// By side: the squares its walls may go on (`rules.wall_squares`); `None`: any.
    pub wall_squares: [Option<Vec<bool>>; 2],
    /// With drops: by side, the squares it drops on (`rules.drop_squares`), instead of
    /// the rules for pawns (and shogi's for pieces that could not move again); `None`:
    /// those rules.
    pub drop_squares: [Option<Vec<bool>>; 2],
    /// The flying general (`rules.flying_royals`, xiangqi): no move may leave royals of
    /// the two sides facing each other along a file or rank with nothing between.
    pub flying_royals: bool,
    /// Under shogi's drops, the letter of the pawn whose drops its rules limit
    /// (`rules.shogi_pawn`; torishogi's swallow, S), and how many unpromoted ones a side
    /// may have on one file (`rules.pawns_per_file`: 1 in shogi, 2 in torishogi).
    pub shogi_pawn_letter: char,
    /// See [`shogi_pawn_letter`](Self::shogi_pawn_letter).
    pub pawns_per_file: u8,
    /// With drops: while a side has pieces in hand and may drop one, it must
    /// (`rules.must_drop`, placement chess).
    pub must_drop: bool,
    /// With drops: the type whose pieces a side must drop on squares of both colours
    /// (`rules.bishops_apart`, placement chess's bishops): no drop may leave too few
    /// squares of a colour for those still in hand.
    pub bishops_apart: Option<Role>,
    /// With drops and castling: the file of its first rank on which a dropped king gets
    /// the right to castle with the rooks in the corners, and a rook dropped in a corner
    /// the right to castle with that king (`castling.drop_file`, placement chess).
    pub castling_drop_file: Option<u8>,
    /// The types a piece of which turns into a wall (FEN `*`) on the square where it
    /// takes (`rules.petrify`, petrified chess); a royal one may not take.
    pub petrify: Vec<Role>,
    /// Whether standard algebraic notation marks checks (`+`, `#`): not where the
    /// level says so (`rules.san_check_marks = false`, petrified chess, whose king
    /// Fairy-Stockfish protects without calling it one).
    pub san_check_marks: bool,
    /// With drops: whether a drop may give check (`rules.drop_checks`; supply chess:
    /// not).
    pub drop_checks: bool,
    /// Cambodian chess's first moves (`rules.first_move_gates`): FENs list in their
    /// castling field the files of the first-rank pieces that may still make their `i`
    /// moves (`DEde`); a royal makes them only out of check, and loses them when an enemy
    /// rook lands on its file or rank.
    pub first_move_gates: bool,
    /// Shogi's drop rules (`rules.shogi_drops`): a piece may be dropped wherever it can
    /// still move, promotion zone included; not a pawn (the type lettered P) on a file
    /// where its side has an unpromoted one; a pawn dropped to give mate loses.
    pub shogi_drops: bool,
    /// Whether a repetition reached by one side checking all along loses for that side
    /// (`rules.perpetual_check_loses`, shogi), instead of drawing.
    pub perpetual_check_loses: bool,
    /// Whether a repetition that is no perpetual check loses for the side whose move
    /// made it (`rules.repetition_loses`, tori shōgi), instead of drawing.
    pub repetition_loses: bool,
    /// With drops: whether a captured piece goes to the taker's hand
    /// (`rules.captures_to_hand`); else it leaves the game.
    pub captures_to_hand: bool,
    /// With drops: whether a promoted piece taken goes to the hand as what it became
    /// (`rules.hand_keeps_promotion`, loop chess), not as what it was.
    pub hand_keeps_promotion: bool,
    /// With drops: whether a type that promotes may be dropped on its side's first rank
    /// too (`rules.first_rank_drops`, chessgi).
    pub first_rank_drops: bool,
    /// Under shogi's drops: whether a mate given by dropping a pawn loses for the dropper
    /// (`rules.pawn_drop_mate = "loses"`, shogi) rather than winning as any mate.
    pub pawn_drop_mate_loses: bool,
    /// How each new game's setup is drawn, if it is (`rules.shuffle`).
    pub shuffle: Option<Shuffle>,
    /// The evaluation's weights the level sets (`[evaluation]`) for the computer
    /// opponent, each as its place in `values::WEIGHT_NAMES` and its value; the others
    /// stay the engine's own.
    pub weights: Vec<(usize, i32)>,
    /// The level's own win and loss conditions (n-check, flag, extinction, forced
    /// captures, draw odds).
    pub goals: Goals,
    /// By role: what it can do toward mate, for the material rule.
    pub(crate) mating: Vec<Mating>,
    pub(crate) tables: Tables,
    pub(crate) zobrist: Zobrist,
    /// The level's setup, which decides which pieces of a FEN are unmoved (empty: all are).
    pub(crate) setup: Vec<Cell>,
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
                && !(0..=MAX_VALUE).contains(&value)
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
                if let Some(&bad) = p.every_choice().find(|x| x.index() >= types.len()) {
                    return Err(VariantError::NoSuchType(bad.index()));
                }
            }
        }
        if let Some(c) = castling {
            for x in [c.king, c.rook].into_iter().chain(c.also) {
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
            initial_squares: [None, None],
            en_passant_squares: [None, None],
            explosions: None,
            walls: None,
            wall_squares: [None, None],
            drop_squares: [None, None],
            flying_royals: false,
            shogi_pawn_letter: 'P',
            pawns_per_file: 1,
            must_drop: false,
            bishops_apart: None,
            castling_drop_file: None,
            petrify: Vec::new(),
            san_check_marks: true,
            drop_checks: true,
            first_move_gates: false,
            shuffle: None,
            weights: Vec::new(),
            goals: Goals::default(),
            shogi_drops: false,
            perpetual_check_loses: false,
            repetition_loses: false,
            captures_to_hand: true,
            hand_keeps_promotion: false,
            first_rank_drops: false,
            pawn_drop_mate_loses: true,
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
        variant.mating = classify(&variant.types);
        // Worked out once here: a search asks for values millions of times.
        variant.estimates = estimates(variant.piece_set());
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
                    .is_some_and(|p| p.every_choice().any(|&c| c == role))
            })
            .unwrap_or(role)
    }

    /// The type a taken piece of `role` goes to the hand as: the type it is the promoted
    /// form of, or with `promoted` (it got there by promotion) the type it was.
    pub fn to_hand(&self, role: Role, promoted: bool) -> Role {
        if self.hand_keeps_promotion {
            return role;
        }
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
        self.shogi_drops
            .then(|| self.role_of_letter(self.shogi_pawn_letter))
            .flatten()
    }

    /// What a value estimate reads of the variant: its board, types and move tables.
    pub(crate) fn piece_set(&self) -> PieceSet<'_> {
        PieceSet {
            geometry: self.geometry,
            types: &self.types,
            tables: &self.tables,
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
