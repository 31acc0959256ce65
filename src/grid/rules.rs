//! A grid variant's rules as plain data: piece types and their roles, promotion, castling,
//! stalemate, royal and draw rules, counting and shuffling. Everything a level switches
//! lives here, below every module that derives tables, keys, values or positions from it;
//! this file imports nothing else of the grid.

use crate::betza::model::{ChainMoves, chains};
use crate::betza::{Betza, BetzaError, parse};

/// The most piece types a variant may have (a FEN letter each, A–Z).
pub const MAX_TYPES: usize = 26;

/// A piece type of one variant: its place in [`Variant::types`](crate::grid::Variant::types), which is also its number in
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
    /// variant estimates one from its moves (see [`Variant::value`](crate::grid::Variant::value)).
    pub value: Option<i32>,
    /// The type it is the promoted form of, as shogi writes them (`+P` in FENs, `+` after
    /// a move that promotes to it); taken, it goes to the hand as that type.
    pub promoted_from: Option<Role>,
    /// Its worth by square on top of its value, as the level gives it (`squares`), if it
    /// does.
    pub squares: Option<PieceSquares>,
    /// By side: the only squares it may move to and attack (`region`, Fairy-Stockfish's
    /// mobilityRegion: xiangqi's palace and own half), one flag per square index;
    /// `None`: anywhere.
    pub region: [Option<Vec<bool>>; 2],
    /// Its moves where it stands on some squares, instead of its own (`across`: xiangqi's
    /// soldier across the river), if it has such.
    pub across: Option<Across>,
    /// Whether its moves start the move rule's count again (`resets_move_rule`); `None`:
    /// if it promotes, as pawns do.
    pub resets_move_rule: Option<bool>,
    /// The letter standard algebraic notation writes for it, where not its own (`san`:
    /// xiangqi's horse H and elephant E, as Fairy-Stockfish writes them).
    pub san_letter: Option<char>,
}

/// Moves a piece makes instead of its own where it stands on some squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Across {
    /// The moves as written.
    pub betza: Betza,
    /// The moves, compiled.
    pub chains: Vec<ChainMoves>,
    /// By side: where it makes them, one flag per square index.
    pub squares: [Vec<bool>; 2],
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
            region: [None, None],
            across: None,
            resets_move_rule: None,
            san_letter: None,
        })
    }

    /// Its moves for a piece of `side` standing on `sq`: its own, or those it makes
    /// there instead (`across`).
    pub fn chains_at(&self, side: crate::play::Color, sq: super::board::Square) -> &[ChainMoves] {
        match &self.across {
            Some(a) if a.squares[side][usize::from(sq)] => &a.chains,
            _ => &self.chains,
        }
    }

    /// Whether its moves start the move rule's count again: as the level says, else if it
    /// promotes.
    pub fn resets_move_rule(&self) -> bool {
        self.resets_move_rule.unwrap_or(self.promotion.is_some())
    }

    /// Whether a piece of `side` may move to or attack `sq`, by its `region`.
    pub fn may_reach(&self, side: crate::play::Color, sq: super::board::Square) -> bool {
        self.region[side]
            .as_ref()
            .is_none_or(|flags| flags[usize::from(sq)])
    }
}

/// Promotion of one piece type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The types it may become, in the level's order (White's, where Black's differ).
    pub to: Vec<Role>,
    /// Black's choices where they are not White's (`promotion.black_to`), in its order.
    pub black_to: Option<Vec<Role>>,
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
    /// By side: the zone as squares (`promotion.squares`, one flag per square index),
    /// instead of `zone` ranks (Legan chess, Troitzky chess); `None`: the ranks.
    pub squares: [Option<Vec<bool>>; 2],
}

impl Promotion {
    /// Whether `sq` lies in the zone of a piece of `side`.
    pub fn in_zone(
        &self,
        g: super::board::Geometry,
        side: crate::play::Color,
        sq: super::board::Square,
    ) -> bool {
        match &self.squares[side] {
            Some(flags) => flags.get(usize::from(sq)).copied().unwrap_or(false),
            None => g.ranks_ahead(side, g.rank(sq)) < i32::from(self.zone),
        }
    }

    /// The types a piece of `side` may become.
    pub fn choices(&self, side: crate::play::Color) -> &[Role] {
        match (side, &self.black_to) {
            (crate::play::Color::Black, Some(black)) => black,
            _ => &self.to,
        }
    }

    /// Every type either side may become (White's choices, then Black's own).
    pub fn every_choice(&self) -> impl Iterator<Item = &Role> {
        self.to.iter().chain(self.black_to.iter().flatten())
    }
}

/// Castling: the king steps toward an unmoved rook, and the rook lands on the square the
/// king crossed last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    /// The type that castles as the king.
    pub king: Role,
    /// The type it castles with.
    pub rook: Role,
    /// A second type it may castle with as with the rook (`castling.also`, perfect
    /// chess's chancellor).
    pub also: Option<Role>,
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
    /// Whether a piece of `role` castles as the rook.
    pub fn is_rook(&self, role: Role) -> bool {
        role == self.rook || self.also == Some(role)
    }

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
    /// The side with fewer pieces on the board wins; equal numbers draw (suicide chess).
    FewerPieces,
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

/// Which counting rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Thai makruk's board's and pieces' honour.
    Makruk,
    /// Cambodian ouk chaktrang's, a move shorter each.
    Cambodian,
    /// ASEAN chess's: only a bare king against a rook (16 moves), a khon (44) or a knight
    /// (64) counts, from the move that bares it.
    Asean,
}

/// A level's counting: the rule, and the types it counts by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting {
    /// The rule.
    pub rule: CountingRule,
    /// The rook's type (letter R), if the level has one.
    pub rook: Option<Role>,
    /// The khon's type (letter S; B under ASEAN's rules).
    pub khon: Option<Role>,
    /// The knight's type (letter N).
    pub knight: Option<Role>,
}

impl Counting {
    /// The rule on a variant's `types`, found by their letters.
    pub fn on(rule: CountingRule, types: &[PieceType]) -> Counting {
        let lettered = |letter| types.iter().position(|t| t.letter == letter).map(Role::new);
        Counting {
            rule,
            rook: lettered('R'),
            khon: lettered(if rule == CountingRule::Asean {
                'B'
            } else {
                'S'
            }),
            knight: lettered('N'),
        }
    }
}

/// How a level draws its setups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shuffle {
    /// Chess960's rules, for any first rank.
    Chess960,
}

/// Walls a move leaves behind it (Fairy-Stockfish's walling rules): every move places
/// one, a boulder (FEN `*`) no piece may enter, and its text says where (`a1b2,b2a1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walls {
    /// On the square the piece left (snail trail, Joust).
    Past,
    /// On any empty square of the side's wall squares (isolation).
    Anywhere,
    /// The one wall, the duck, moves to any other empty square (duck chess).
    Duck,
    /// On an empty square the moved piece could move to from where it landed (amazons'
    /// arrows).
    Arrow,
}

/// Atomic captures: a capture explodes on its square, removing the capturing piece and
/// every piece on the eight squares around, of either side, but those it spares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explosions {
    /// Types an explosion beside them leaves standing (atomic chess: pawns); one taken,
    /// or taking, still goes.
    pub spares: Vec<Role>,
    /// Types no explosion removes, not even one that takes (atomar: the king).
    pub immune: Vec<Role>,
    /// Types that may not take a piece of their own type (atomar: kings).
    pub not_alike: Vec<Role>,
}

/// What a rule that ends the game means for the side it befalls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Outcome {
    /// That side loses.
    #[default]
    Loss,
    /// That side wins.
    Win,
    /// The game is drawn (shatar's bare king).
    Draw,
}

/// Capture the flag: a side wins when one of its pieces of a type reaches a region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The type that must reach it.
    pub piece: Role,
    /// By side: the region, as one flag per square index (`file + rank × files`); all
    /// false where a side has none.
    pub region: [Vec<bool>; 2],
    /// Whether Black may answer White's arrival with one move, if its piece can then
    /// reach its own region at once: both there draw (racing kings).
    pub answer: bool,
    /// Whether a piece counts as arrived only while no enemy piece attacks it (dōbutsu
    /// shōgi's lion), judged before every move; both sides there draw.
    pub safe: bool,
}

/// Extinction: a side that has at most `left` pieces of one of the types (or of all
/// together) meets `outcome`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The types counted, each on its own; empty: all the side's pieces together.
    pub types: Vec<Role>,
    /// How many may be left at most for the rule to apply (pieces in hand counted).
    pub left: u8,
    /// What it means for that side.
    pub outcome: Outcome,
}

/// A level's own win and loss conditions, besides checkmate, stalemate and the draws:
/// everything Fairy-Stockfish's n-check, capture-the-flag, extinction, forced-capture and
/// draw-odds variants switch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Goals {
    /// n-check: the side that gives this many checks wins (`rules.checks`); each side's
    /// checks still to give are part of the position and of its FEN (`3+3`).
    pub checks: Option<u8>,
    /// What being checkmated means for the mated side (`rules.checkmate`; misère and
    /// losers chess: a win).
    pub checkmate: Outcome,
    /// Capture the flag (`rules.flag`).
    pub flag: Option<Flag>,
    /// Extinction (`rules.extinction`).
    pub extinction: Option<Extinction>,
    /// A side that can take must take (`rules.must_capture`).
    pub must_capture: bool,
    /// No move may give check (`rules.no_checks`, racing kings).
    pub no_checks: bool,
    /// In check, a royal piece may move only to take the one piece that checks it
    /// (`rules.royal_stays_in_check`, makpong).
    pub royal_stays_in_check: bool,
    /// The side every draw goes to as a win, if any (`rules.draw_odds`, armageddon).
    pub draw_odds: Option<crate::play::Color>,
    /// Shatar's rule on mates (`rules.shatar_mate`): see `goals::shatar_mate`.
    pub shatar_mate: bool,
}

impl Goals {
    /// Whether the level has a goal that can end the game before mate (so a position's
    /// moves depend on more than its pieces).
    pub fn any_end(&self) -> bool {
        self.checks.is_some() || self.flag.is_some() || self.extinction.is_some()
    }
}
