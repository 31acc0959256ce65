//! A search score in the words people read, for the computer's thinking line and the
//! analysis lines alike.

use crate::play::Color as Side;

/// A score as people read it, for White: `+0.35` (pawns), or `White mates in 3`.
pub fn score_words(score: crate::search::Score, side: Side) -> String {
    use crate::search::{MATE, MATE_BOUND};
    let s = match side {
        Side::White => score.0,
        Side::Black => -score.0,
    };
    if s >= MATE_BOUND {
        format!("White mates in {}", (MATE - s + 1) / 2)
    } else if s <= -MATE_BOUND {
        format!("Black mates in {}", (MATE + s + 1) / 2)
    } else {
        format!("{:+.2}", f64::from(s) / 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{MATE, Score};

    #[test]
    fn scores_read_for_white_in_pawns_or_moves_to_mate() {
        assert_eq!(score_words(Score(35), Side::White), "+0.35");
        assert_eq!(score_words(Score(35), Side::Black), "-0.35");
        assert_eq!(
            score_words(Score(MATE - 3), Side::White),
            "White mates in 2"
        );
        assert_eq!(
            score_words(Score(MATE - 1), Side::Black),
            "Black mates in 1"
        );
        assert_eq!(
            score_words(Score(-(MATE - 2)), Side::White),
            "Black mates in 1"
        );
    }
}
