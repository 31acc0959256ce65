//! The one check that makes unchecked pieces a [`Position`]: every disc wholly on the
//! board, no two overlapping, one royal piece a side, and the side that has just moved not
//! in check. It sits above the capture code it asks, so the position itself stays plain
//! data.

use super::attack::is_attacked;
use super::board::{Board, KindSpec};
use super::piece::{Color, Kind, Piece};
use super::position::{MAX_DISCS, Position, PositionError, Setup};
use std::sync::Arc;

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    /// Checks `setup` and makes it a position.
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        let Setup {
            board,
            pieces,
            to_move,
        } = setup;
        // First: the overlap check below takes a time of the square of the count.
        if pieces.len() > MAX_DISCS {
            return Err(PositionError::TooManyDiscs {
                count: pieces.len(),
            });
        }
        for p in &pieces {
            let inset = board.inset_of(p);
            if !p.at.x.is_finite() || !p.at.y.is_finite() {
                return Err(PositionError::NotFinite);
            }
            if inset.on_obstacle(p.at) {
                return Err(PositionError::OnObstacle {
                    side: p.side,
                    kind: p.kind.name(),
                    x: p.at.x,
                    y: p.at.y,
                });
            }
            if !inset.contains(p.at) {
                return Err(PositionError::OffBoard {
                    side: p.side,
                    kind: p.kind.name(),
                    x: p.at.x,
                    y: p.at.y,
                });
            }
        }
        for (i, a) in pieces.iter().enumerate() {
            for b in &pieces[i + 1..] {
                if board.disc(a).overlaps(board.disc(b)) {
                    return Err(PositionError::Overlap {
                        a: format!("{},{}", a.at.x, a.at.y),
                        b: format!("{},{}", b.at.x, b.at.y),
                    });
                }
            }
        }
        for side in [Color::White, Color::Black] {
            let count = pieces
                .iter()
                .filter(|p| p.side == side && board.is_royal(p.kind))
                .count();
            if count != 1 {
                return Err(PositionError::Kings {
                    side,
                    count,
                    royal: royal_names(&board),
                });
            }
        }
        let position = Position::from_checked(board, pieces, to_move);
        let waiting = position.king(to_move.opponent());
        if is_attacked(position.board(), position.pieces(), waiting) {
            return Err(PositionError::WaitingSideInCheck {
                side: to_move.opponent(),
            });
        }
        Ok(position)
    }
}

/// What a board's royal pieces are called: "kings", or "royal pieces (J)".
fn royal_names(board: &Board) -> String {
    let royal: Vec<&KindSpec> = board.kinds.iter().filter(|k| k.royal).collect();
    match royal.as_slice() {
        [only] if only.kind == Kind::KING => "kings".to_string(),
        many => {
            let letters: Vec<String> = many.iter().map(|k| k.kind.letter().to_string()).collect();
            format!("royal pieces ({})", letters.join(" "))
        }
    }
}

impl Position {
    /// Builds a position the rules produced themselves; only checked in debug builds.
    pub(crate) fn from_rules(board: Arc<Board>, pieces: Vec<Piece>, to_move: Color) -> Self {
        #[cfg(debug_assertions)]
        if let Err(e) = Position::try_from(Setup {
            board: board.clone(),
            pieces: pieces.clone(),
            to_move,
        }) {
            panic!("rules produced an invalid position ({e}): {pieces:?}");
        }
        Position::from_checked(board, pieces, to_move)
    }
}
