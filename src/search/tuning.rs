//! Every number the search and the evaluations are tuned by, in one place: the engine's
//! parameters, plain constants and [`GridWeights`], which the tools beside the engine
//! measure and fit (`areachess match`, the benchmarks, `texel` behind `areachess tune`).
//! Change one here and measure it with a match or the benchmarks, never by feel. Scores
//! are in centipawns.
//!
//! What a piece is worth on a grid is a fact about the piece and lives with the rules
//! (`crate::grid::values`); the continuous estimates below are the evaluation's own.

// The search (`engine.rs`).

/// Passing is tried from this remaining depth on.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// A pass is searched this many plies shallower, plus one per [`NULL_MOVE_DEPTH_STEP`].
pub const NULL_MOVE_REDUCTION: i32 = 2;
/// See [`NULL_MOVE_REDUCTION`].
pub const NULL_MOVE_DEPTH_STEP: i32 = 6;
/// Late quiet moves are reduced from this remaining depth on…
pub const LATE_MOVE_MIN_DEPTH: i32 = 3;
/// …after this many moves have been searched at the node,
pub const LATE_MOVE_AFTER: usize = 3;
/// by one ply, one more after this many moves,
pub const LATE_MOVE_LATER: usize = 8;
/// and one more per this many plies of remaining depth.
pub const LATE_MOVE_DEPTH_STEP: i32 = 8;
/// Delta pruning: in quiescence, a capture whose victim (with a promotion's gain) and
/// this margin still leave the standing score below alpha is not searched.
pub const DELTA_MARGIN: i32 = 200;
/// The root is searched first in a window this wide either side of the last depth's
/// score, from [`ASPIRATION_MIN_DEPTH`] on; a score outside widens it and searches again.
pub const ASPIRATION_WINDOW: i32 = 20;
/// See [`ASPIRATION_WINDOW`].
pub const ASPIRATION_MIN_DEPTH: u32 = 5;

// The selective search where a world prunes by margins (the grid,
// `Searchable::prunes_by_margins`): where it does, these replace the null-move and
// late-move numbers above.

/// Reverse futility: up to this remaining depth, outside the principal variation and
/// out of check, a node whose evaluation beats beta by [`REVERSE_FUTILITY_MARGIN`] a ply
/// (a ply less when the position is improving) is taken to hold.
pub const REVERSE_FUTILITY_DEPTH: i32 = 7;
/// See [`REVERSE_FUTILITY_DEPTH`].
pub const REVERSE_FUTILITY_MARGIN: i32 = 90;
/// A pass is searched `3 + depth/4` plies shallower, plus one per this many centipawns
/// the evaluation stands above beta (at most three more).
pub const NULL_MOVE_EVAL_STEP: i32 = 200;
/// Razoring: up to this remaining depth, outside the principal variation and out of
/// check, a node whose evaluation lies [`RAZOR_BASE`] plus [`RAZOR_MARGIN`] × depth²
/// below alpha is searched in quiescence first, and fails low where that does.
pub const RAZOR_DEPTH: i32 = 3;
/// See [`RAZOR_DEPTH`].
pub const RAZOR_BASE: i32 = 300;
/// See [`RAZOR_DEPTH`].
pub const RAZOR_MARGIN: i32 = 250;
/// Late-move pruning: after `(LATE_MOVE_PRUNING_BASE + depth²) × (1 + improving) / 2`
/// moves at a node, its remaining quiet moves are skipped.
pub const LATE_MOVE_PRUNING_BASE: i32 = 8;
/// Futility by the depth the move would be reduced to: a quiet move that gives no check
/// is skipped where the evaluation plus this…
pub const FUTILITY_BASE: i32 = 120;
/// …and this per ply of that depth cannot reach alpha (up to six plies).
pub const FUTILITY_MARGIN: i32 = 100;
/// A quiet move whose exchange loses more than this × the square of its reduced depth
/// is skipped.
pub const QUIET_EXCHANGE_MARGIN: i32 = 25;
/// A capture whose exchange loses more than this per ply of depth is skipped.
pub const CAPTURE_EXCHANGE_MARGIN: i32 = 120;
/// Moves are pruned by their exchange only up to this (reduced) depth: deeper, the
/// exchange costs more than the nodes it saves.
pub const EXCHANGE_PRUNING_DEPTH: i32 = 5;
/// Late-move reductions: `LMR_BASE + ln(depth)·ln(move number) / LMR_DIVISOR` plies,
/// one less at a principal-variation node, a killer or the counter move, one more where
/// the position is not improving…
pub const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.25;
/// …and one ply less per this much history (the move's own and its continuations').
pub const LMR_HISTORY_STEP: i32 = 12000;
/// What a quiet move's order gains for taking a piece off a square an enemy pawn attacks
/// (and loses for putting one on such a square), on the scale of the histories.
pub const QUIET_THREAT_ORDER: i32 = 8000;
/// History scores stay within this either way (each update moves a score toward it by
/// the share it has not yet reached).
pub const HISTORY_MAX: i32 = 16384;
// The searcher keeps history scores in 16 bits.
const _: () = assert!(HISTORY_MAX <= i16::MAX as i32);
/// Without a move from the table, a node this deep is searched one ply shallower.
pub const INTERNAL_REDUCTION_DEPTH: i32 = 4;
/// From this depth, the table's move is tested for being singular (the only good move).
pub const SINGULAR_DEPTH: i32 = 7;
/// How far below the table's score, per ply of depth, every other move must stay for the
/// table's move to be singular.
pub const SINGULAR_MARGIN: i32 = 2;

// The grid evaluation (`grid.rs`).

/// The grid evaluation's weights, in centipawns unless said otherwise. `areachess tune`
/// fits them to self-play games (Texel's method); [`GridWeights::DEFAULT`] holds the
/// ones the engine plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridWeights {
    /// Per move of mobility above (or below) the piece's average, by its square.
    pub mobility: i32,
    /// Per move a piece (not royal, not a pawn) has in the position, above (or below)
    /// half its average on an empty board.
    pub moves: i32,
    /// For having the move.
    pub tempo: i32,
    /// Per move an enemy piece (not royal, not a pawn) has onto the squares around a
    /// royal, in the middlegame, where many attack (half of it where one does).
    pub royal_danger: i32,
    /// Per file in front of a royal (of the three) with a pawn of its own one or two
    /// squares ahead, in the middlegame.
    pub shelter: i32,
    /// A passed pawn on the last rank before promotion, in the middlegame (less the
    /// further back, with the square of its progress).
    pub passed_middle: i32,
    /// The same in the endgame.
    pub passed_end: i32,
    /// Per pawn more than one on a file.
    pub doubled: i32,
    /// Per pawn with no pawn of its own on a file beside it.
    pub isolated: i32,
    /// Per pawn beside or just behind a pawn of its own on a file beside it.
    pub connected: i32,
    /// A piece that promotes, one step short of its zone, is worth this share (1/N) of
    /// what promoting gains, in the endgame (less the further back, with the square of
    /// its progress); 0 counts none…
    pub advance_share: i32,
    /// …and this percentage of that in the middlegame.
    pub advance_middle_percent: i32,
    /// A royal, in the endgame, per step (files plus ranks) nearer the board's centre
    /// than the average square.
    pub royal_centre: i32,
    /// A royal, in the middlegame, per rank it has left its own side's back rank by.
    pub royal_home: i32,
    /// A passed pawn's square ahead, in the endgame, per step (of a king, up to five)
    /// the enemy royal stands from it (in full one step short of promotion, less the
    /// further back, with the square of its progress)…
    pub passed_their_royal: i32,
    /// …and against, per step its own royal stands from it.
    pub passed_own_royal: i32,
    /// A piece that slides along its file but not on diagonals (a rook, a lance, a
    /// chancellor), on a file with no pawn at all…
    pub open_file: i32,
    /// …or on a file with no pawn of its own.
    pub half_open_file: i32,
    /// For two pieces of one type bound to squares of one colour (bishops), on squares
    /// of both colours.
    pub bound_pair: i32,
    /// Per pawn on the board's middle files (two, or three on an odd count), in the
    /// middlegame, per rank it stands from its own edge (up to three).
    pub centre_pawn: i32,
    /// In the middlegame, the square of the royal danger (the enemy's moves onto the
    /// squares around a royal, weighed by how many pieces make them), per 64.
    pub royal_danger_square: i32,
    /// A pawn's worth in the middlegame, in percent of its value (its full value in the
    /// endgame): pawns weigh less beside many pieces.
    pub pawn_middle_percent: i32,
    /// A minor piece (neither royal, pawn nor file slider, worth at most half again the
    /// cheapest such piece) from the middle of its own half to two ranks short of the far
    /// edge (the fourth to the sixth rank of eight), guarded by a pawn of its own, where
    /// no enemy pawn can ever attack it (an outpost).
    pub outpost: i32,
    /// The royal danger's share, in percent, where the attacking side has no piece worth
    /// three quarters of the most valuable piece of the setup (chess without its queen).
    pub royal_danger_queenless: i32,
    /// Per enemy pawn storming a royal, in the middlegame: on one of the three files in
    /// front of it, the nearest enemy pawn ahead counts 2 two ranks away, 1 one or three
    /// ranks away.
    pub storm: i32,
    /// Per move a piece (neither royal nor pawn) has in the position short of three, or
    /// of its expected number where that is fewer: on top of the mobility per move, so
    /// that a piece with hardly a move loses much more than one with many gains.
    pub trapped: i32,
    /// For a passed pawn whose square ahead is empty, in both phases, at full advance
    /// (growing with the square of its advance, as the passed pawn's own bonus).
    pub passed_free: i32,
    /// Per pawn of its own on squares of its colour, for a piece bound to one colour (a
    /// bishop), in the middlegame (twice this in the endgame).
    pub bound_pawns: i32,
}

impl GridWeights {
    /// The weights the engine plays with.
    pub const DEFAULT: GridWeights = GridWeights {
        mobility: 3,
        moves: 4,
        tempo: 10,
        royal_danger: 24,
        shelter: 12,
        passed_middle: 40,
        passed_end: 120,
        doubled: 12,
        isolated: 10,
        connected: 6,
        advance_share: 12,
        advance_middle_percent: 25,
        royal_centre: 10,
        royal_home: 10,
        passed_their_royal: 20,
        passed_own_royal: 8,
        open_file: 25,
        half_open_file: 12,
        bound_pair: 40,
        centre_pawn: 16,
        royal_danger_square: 400,
        pawn_middle_percent: 65,
        outpost: 40,
        royal_danger_queenless: 30,
        storm: 11,
        trapped: 8,
        passed_free: 40,
        bound_pawns: 4,
    };

    /// The weights' names, as `tune` prints them, in the order of [`GridWeights::get`].
    pub const NAMES: [&'static str; 28] = crate::grid::values::WEIGHT_NAMES;

    /// The engine's weights with those `variant`'s level sets (`[evaluation]`) in their
    /// place.
    pub fn of_variant(variant: &crate::grid::Variant) -> GridWeights {
        let mut weights = GridWeights::DEFAULT;
        for &(k, value) in &variant.weights {
            weights.set(k, value);
        }
        weights
    }

    /// The weight named `NAMES[k]`.
    pub fn get(&self, k: usize) -> i32 {
        let mut copy = *self;
        *copy.slot(k)
    }

    /// Sets the weight named `NAMES[k]` (none is below 0).
    pub fn set(&mut self, k: usize, value: i32) {
        *self.slot(k) = value.max(0);
    }

    fn slot(&mut self, k: usize) -> &mut i32 {
        match k {
            0 => &mut self.mobility,
            1 => &mut self.moves,
            2 => &mut self.tempo,
            3 => &mut self.royal_danger,
            4 => &mut self.shelter,
            5 => &mut self.passed_middle,
            6 => &mut self.passed_end,
            7 => &mut self.doubled,
            8 => &mut self.isolated,
            9 => &mut self.connected,
            10 => &mut self.advance_share,
            11 => &mut self.advance_middle_percent,
            12 => &mut self.royal_centre,
            13 => &mut self.royal_home,
            14 => &mut self.passed_their_royal,
            15 => &mut self.passed_own_royal,
            16 => &mut self.open_file,
            17 => &mut self.half_open_file,
            18 => &mut self.bound_pair,
            19 => &mut self.centre_pawn,
            20 => &mut self.royal_danger_square,
            21 => &mut self.pawn_middle_percent,
            22 => &mut self.outpost,
            23 => &mut self.royal_danger_queenless,
            24 => &mut self.storm,
            25 => &mut self.trapped,
            26 => &mut self.passed_free,
            _ => &mut self.bound_pawns,
        }
    }
}

// The continuous evaluation (`continuous.rs`).

/// For having the move.
pub const TEMPO: i32 = 10;
/// Per square of free slide (a rook on an open board has about 14).
pub const MOBILITY: f64 = 4.0;
/// Per enemy piece that could capture on the king's reach.
pub const KING_DANGER: i32 = 12;
/// A piece attacked and not defended loses this share (1/N) of its worth.
pub const HANGING_SHARE: i32 = 4;
/// A promoting piece's advance at the promotion line (growing with the square of its
/// progress).
pub const ADVANCE: f64 = 90.0;
/// A lone king (its side has nothing else) against this much material or more is
/// driven to the board's edge and corners…
pub const MOP_UP_MATERIAL: i32 = 500;
/// …the winning side gaining this per square the lone king stands from the centre…
pub const MOP_UP_EDGE: f64 = 20.0;
/// …and this per square its own king is nearer the lone king than the board's diagonal.
pub const MOP_UP_NEAR: f64 = 10.0;
/// A side to move with at most this many pieces besides its king and pawns…
pub const STALEMATE_PIECES: usize = 2;
/// …and at least this much material behind has its leaves asked (exactly) whether it is
/// stalemated: a winning side must not stalemate it.
pub const STALEMATE_DEFICIT: i32 = 300;
/// The classic kinds: pawn, knight and bishop, rook, queen (any other the shapes
/// estimate).
pub const PAWN: i32 = 100;
/// See [`PAWN`].
pub const MINOR: i32 = 300;
/// See [`PAWN`].
pub const ROOK: i32 = 500;
/// See [`PAWN`].
pub const QUEEN: i32 = 900;
/// A fairy kind's estimate: a slide as long as half the board…
pub const SLIDE_WORTH: f64 = 125.0;
/// …a whole disc as wide as the king's reach,
pub const DISC_WORTH: f64 = 250.0;
/// a whole ring;
pub const RING_WORTH: f64 = 300.0;
/// a shape that only moves or only captures counts this share,
pub const ONE_MODE_SHARE: f64 = 0.55;
/// one for the first move only this share;
pub const INITIAL_SHARE: f64 = 0.2;
/// and the estimate lies between these.
pub const ESTIMATE_RANGE: (f64, f64) = (50.0, 2000.0);
