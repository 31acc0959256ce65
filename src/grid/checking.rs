//! Making a move whole: the board's changes (`position`), then what needs the attacks of
//! `movegen` to tell, the check an n-check level counts against the side that gave it.

use super::movegen::in_check;
use super::moves::Move;
use super::position::{Position, Undo};
use super::variant::Variant;

impl Position {
    /// Plays `m` (which must come from this position's move generator); returns what
    /// [`unmake`](Position::unmake) needs to take it back.
    pub fn make(&mut self, v: &Variant, m: Move) -> Undo {
        let mover = self.to_move();
        let undo = self.make_board(v, m);
        if v.goals.checks.is_some() && in_check(v, self) {
            self.count_check(v, mover);
        }
        undo
    }
}
