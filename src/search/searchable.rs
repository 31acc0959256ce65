//! What a search explores, written once for both modes: the [`Searchable`] trait each
//! mode's position implements for the engine (moves, make and unmake, check, the end of
//! the game, an evaluation), how a game ends for the side to move ([`End`]), and the
//! scores of won games ([`MATE`], [`Score`]).

use std::fmt;

/// The score of a won game at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;

/// Scores at least this far from zero are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// How a game stands for the side to move, where the rules end it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The side to move has lost.
    Loss,
    /// Nobody wins.
    Draw,
    /// The side to move has won.
    Win,
}

/// A position a search can explore: the rules of one mode, seen from the side to move.
///
/// The engine's own trait, the lowest of those over the two modes: the
/// [`Searcher`](super::Searcher) is written over it alone, and each mode's adapter
/// implements it (`grid::GridSearch`, `continuous::ContinuousSearch`). A player reaches it
/// through [`Arena`](super::arena::Arena).
///
/// The searcher asks for moves into a list it owns, plays them with `make` and takes them
/// back with `unmake` in last-in-first-out order.
pub trait Searchable {
    /// A move.
    type Move: Copy + Eq + fmt::Debug;

    /// Every legal move, into `out` (cleared first).
    fn moves(&mut self, out: &mut Vec<Self::Move>);

    /// The moves worth searching when the position is otherwise quiet (captures and
    /// promotions), into `out` (cleared first).
    fn noisy_moves(&mut self, out: &mut Vec<Self::Move>);

    /// Plays a move from [`moves`](Self::moves) or [`noisy_moves`](Self::noisy_moves).
    fn make(&mut self, m: Self::Move);

    /// Takes back the last move made.
    fn unmake(&mut self);

    /// Passes the turn (a null move), where [`null_allowed`](Self::null_allowed) says so.
    fn make_null(&mut self);

    /// Takes back the null move.
    fn unmake_null(&mut self);

    /// Whether passing is a sound guess here: not in check, and the side to move has
    /// pieces besides royals and pawns (where zugzwang is common).
    fn null_allowed(&self) -> bool;

    /// A key of the position (equal positions, equal keys).
    fn key(&self) -> u64;

    /// Whether the side to move is in check.
    fn in_check(&mut self) -> bool;

    /// Whether `m` would put the side to move's opponent in check: what
    /// [`in_check`](Self::in_check) says once `m` is made. A world may answer without
    /// making the move (the search asks it of moves it means to prune unless they check).
    fn gives_check(&mut self, m: Self::Move) -> bool {
        check_by_playing(self, m)
    }

    /// Whether a check is searched a ply deeper and never reduced or pruned (where the
    /// world weighs exchanges, only a check that does not give material away). A world
    /// where checks are many and cheap to give says no: its checks are quiet moves.
    fn extends_checks(&self) -> bool {
        true
    }

    /// Whether `m`, a late quiet move, may be searched shallower first (late-move
    /// reductions). A world keeps out the moves it knows to force.
    fn reducible(&self, _m: Self::Move) -> bool {
        true
    }

    /// How the game has ended before any move is asked for: a lost royal, a draw by
    /// repetition, by the move rule or by material. `root_distance` is how many plies
    /// the search has made; a repetition inside the search counts at its first return.
    fn ended(&mut self, root_distance: usize) -> Option<End>;

    /// What having no legal move means for the side to move (checkmate, or the level's
    /// stalemate rule).
    fn no_moves(&mut self) -> End;

    /// The position's worth to the side to move, in centipawns.
    fn evaluate(&mut self) -> i32;

    /// Whether quiescence may stand pat here (take the evaluation and play on no further):
    /// not where the rules force a capture that is there to make (antichess), for then
    /// every legal move is a capture and doing nothing is no choice. True where the world
    /// does not say.
    fn stands_pat(&mut self) -> bool {
        true
    }

    /// Whether the move takes something or promotes.
    fn is_noisy(&self, m: Self::Move) -> bool;

    /// How promising a noisy move looks before it is searched (most valuable victim,
    /// least valuable attacker): larger first.
    fn noisy_order(&self, m: Self::Move) -> i32;

    /// Whether a capture looks like it loses material: a piece worth more than its victim
    /// takes on a square the other side guards. Quiescence leaves such captures out, and
    /// the main search tries them after the quiet moves.
    fn losing_capture(&mut self, m: Self::Move) -> bool;

    /// The most a noisy move can gain at once (its victim's worth, and a promotion's), for
    /// delta pruning in quiescence where the world [prunes by margins](Self::prunes_by_margins);
    /// `None` when the world does not say (the move is then always searched).
    fn capture_gain(&self, _m: Self::Move) -> Option<i32> {
        None
    }

    /// Whether the static exchange of `m` (the mover's gain once both sides have taken on
    /// its target for as long as it pays) is at least `threshold`: the search prunes moves
    /// that lose too much near the leaves. True where the world does not say.
    fn exchange_at_least(&mut self, _m: Self::Move, _threshold: i32) -> bool {
        true
    }

    /// How a quiet move stands to the cheapest threats, for its order: 1 where it takes a
    /// piece (neither pawn nor royal) off a square an enemy pawn attacks, −1 where it puts
    /// one on such a square, 0 where both or neither (and where the world does not say).
    fn quiet_threat(&mut self, _m: Self::Move) -> i32 {
        0
    }

    /// The number of slots a move's piece and target can take (0: none), for the
    /// continuation history, which orders a quiet move by how it fared after the move
    /// before; [`piece_slot`](Self::piece_slot) is below it.
    fn piece_slots(&self) -> usize {
        0
    }

    /// The slot of the piece that makes `m` and the square it goes to, read before `m`
    /// is made.
    fn piece_slot(&self, _m: Self::Move) -> usize {
        0
    }

    /// The number of history slots; [`history_slot`](Self::history_slot) is below it.
    fn history_slots(&self) -> usize;

    /// The history slot of a quiet move (its from and to squares, say).
    fn history_slot(&self, m: Self::Move) -> usize;

    /// How many nodes the search may visit between two looks at the clock: many where a
    /// node is cheap, few where one costs as much as reading the time many times over.
    fn nodes_per_clock_read(&self) -> u64 {
        128
    }

    /// The most nodes one quiescence search may visit below a leaf of the main search
    /// before its remaining nodes answer with the static evaluation: captures along a
    /// crowded front (two armies packed against each other on a large board) otherwise
    /// multiply without end, and a think with only a depth to reach never returns.
    fn quiescence_budget(&self) -> u32 {
        QUIESCENCE_BUDGET
    }

    /// Whether the evaluation is trusted enough to search by its margins: aspiration
    /// windows at the root, razoring, reverse futility and futility pruning near the
    /// leaves (where a quiet move rarely changes the score by more than a margin). Off
    /// unless a world says so; the grid does, measured by matches.
    fn prunes_by_margins(&self) -> bool {
        false
    }
}

/// The quiescence budget of a roomy board: far above the few dozen nodes a quiescence
/// search takes in a chess-like position, so that it never binds there.
pub const QUIESCENCE_BUDGET: u32 = 4_096;

/// The smallest quiescence budget, however crowded the board: an exchange or two is
/// still seen through.
pub const MIN_QUIESCENCE_BUDGET: u32 = 16;

/// The quiescence budget of a board of `pieces`: [`QUIESCENCE_BUDGET`] up to `roomy`
/// pieces; past them a node costs more with every piece and a leaf has more captures to
/// follow, so the budget shrinks with the square of the pieces (never below
/// [`MIN_QUIESCENCE_BUDGET`]), and a quiescence search below one leaf costs about the
/// same on any board.
pub fn crowded_quiescence_budget(pieces: usize, roomy: u32) -> u32 {
    let pieces = pieces.max(1) as u64;
    let roomy = u64::from(roomy);
    let budget = u64::from(QUIESCENCE_BUDGET) * roomy * roomy / (pieces * pieces);
    budget.clamp(
        u64::from(MIN_QUIESCENCE_BUDGET),
        u64::from(QUIESCENCE_BUDGET),
    ) as u32
}

/// Whether `m` puts the opponent in check, found by making it and taking it back: the
/// answer of [`Searchable::gives_check`] where a world knows no quicker way.
pub(crate) fn check_by_playing<G: Searchable + ?Sized>(game: &mut G, m: G::Move) -> bool {
    game.make(m);
    let check = game.in_check();
    game.unmake();
    check
}

/// A score as UCI writes it: `cp S` or `mate M` (M in moves, negative when losing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score(pub i32);

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        if s >= MATE_BOUND {
            write!(f, "mate {}", (MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            write!(f, "mate -{}", (MATE + s) / 2)
        } else {
            write!(f, "cp {s}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_read_in_moves() {
        assert_eq!(Score(MATE - 1).to_string(), "mate 1");
        assert_eq!(Score(MATE - 3).to_string(), "mate 2");
        assert_eq!(Score(-(MATE - 2)).to_string(), "mate -1");
        assert_eq!(Score(-(MATE - 4)).to_string(), "mate -2");
        assert_eq!(Score(35).to_string(), "cp 35");
        assert_eq!(Score(-120).to_string(), "cp -120");
    }

    #[test]
    fn a_crowded_board_shrinks_the_quiescence_budget_with_the_square_of_its_pieces() {
        for pieces in [0, 1, 32, 96] {
            assert_eq!(crowded_quiescence_budget(pieces, 96), QUIESCENCE_BUDGET);
        }
        assert_eq!(crowded_quiescence_budget(192, 96), QUIESCENCE_BUDGET / 4);
        assert_eq!(crowded_quiescence_budget(676, 96), 82);
        assert_eq!(
            crowded_quiescence_budget(100_000, 96),
            MIN_QUIESCENCE_BUDGET
        );
        let budgets: Vec<u32> = (0..2000)
            .map(|n| crowded_quiescence_budget(n, 32))
            .collect();
        assert!(budgets.windows(2).all(|w| w[1] <= w[0]), "never grows");
    }
}
