//! Pieces glide to where a move puts them, so a move played, taken back, redone or stepped
//! through in a demonstration is seen as it happens rather than as a jump.
//!
//! The rules only say where pieces stand. Each mode hands [`Glides`] the pieces it shows
//! whenever its match changes; the pieces that left a place and the pieces that arrived at
//! another are paired (same side and kind first, then same side: a promotion), and each
//! pair glides for [`SECONDS`]. A change that moves more than [`MOST`] pieces (a new game,
//! a loaded one) is shown at once.

use crate::play::Color;
use bevy::prelude::*;

/// How long a glide lasts.
pub const SECONDS: f32 = 0.25;

/// The most pieces one change may move and still glide (castling moves two).
pub const MOST: usize = 2;

/// A piece as shown: where it rests, its side and its kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    /// Where it rests, in world units.
    pub at: Vec2,
    /// Its side.
    pub side: Color,
    /// Its kind, as the mode numbers them.
    pub kind: u8,
}

/// The pieces that moved between two sets of placed pieces, as (from, to) pairs: each piece
/// of `after` not in `before` is paired with one of `before` not in `after`, of the same
/// side and kind if there is one, else of the same side.
pub fn moved(before: &[Placed], after: &[Placed]) -> Vec<(Vec2, Vec2)> {
    let mut left: Vec<Placed> = before
        .iter()
        .filter(|p| !after.contains(p))
        .copied()
        .collect();
    let arrived: Vec<Placed> = after
        .iter()
        .filter(|p| !before.contains(p))
        .copied()
        .collect();
    let mut pairs = Vec::new();
    let mut unpaired = Vec::new();
    for a in arrived {
        match left
            .iter()
            .position(|l| l.side == a.side && l.kind == a.kind)
        {
            Some(i) => pairs.push((left.swap_remove(i).at, a.at)),
            None => unpaired.push(a),
        }
    }
    for a in unpaired {
        if let Some(i) = left.iter().position(|l| l.side == a.side) {
            pairs.push((left.swap_remove(i).at, a.at));
        }
    }
    pairs
}

/// One glide under way.
#[derive(Clone, Copy, Debug)]
struct Glide {
    from: Vec2,
    to: Vec2,
    start: f32,
}

/// The glides under way and the pieces last shown.
#[derive(Resource, Default)]
pub struct Glides {
    shown: Vec<Placed>,
    under_way: Vec<Glide>,
}

impl Glides {
    /// Takes the pieces shown now (at `now` seconds); the ones that moved start gliding.
    pub fn show(&mut self, pieces: Vec<Placed>, now: f32) {
        let pairs = if self.shown.is_empty() {
            Vec::new()
        } else {
            moved(&self.shown, &pieces)
        };
        self.under_way.clear();
        if pairs.len() <= MOST {
            self.under_way
                .extend(pairs.into_iter().map(|(from, to)| Glide {
                    from,
                    to,
                    start: now,
                }));
        }
        self.shown = pieces;
    }

    /// Where a piece resting at `rest` is drawn at `now`: on its way there if it is
    /// gliding, else at rest.
    pub fn place(&self, rest: Vec2, now: f32) -> Vec2 {
        self.under_way
            .iter()
            .find(|g| g.to == rest)
            .map_or(rest, |g| {
                let t = ((now - g.start) / SECONDS).clamp(0.0, 1.0);
                // Ease out: quick to leave, gentle to arrive.
                let eased = 1.0 - (1.0 - t) * (1.0 - t);
                g.from.lerp(g.to, eased)
            })
    }

    /// Drops the glides that have arrived by `now`.
    pub fn settle(&mut self, now: f32) {
        self.under_way.retain(|g| now - g.start < SECONDS);
    }

    /// Whether any piece is gliding.
    pub fn busy(&self) -> bool {
        !self.under_way.is_empty()
    }
}

/// Draws each piece where its glide has it: `rest` gives a piece entity's resting place.
pub fn glide<C: Component>(
    glides: &mut Glides,
    now: f32,
    pieces: &mut Query<(&C, &mut Transform)>,
    rest: impl Fn(&C) -> Option<Vec2>,
) {
    for (piece, mut transform) in pieces.iter_mut() {
        let Some(rest) = rest(piece) else { continue };
        let at = glides.place(rest, now);
        if transform.translation.truncate() != at {
            transform.translation.x = at.x;
            transform.translation.y = at.y;
        }
    }
    glides.settle(now);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f32, y: f32, side: u8, kind: u8) -> Placed {
        Placed {
            at: Vec2::new(x, y),
            side: Color::from_index(usize::from(side)),
            kind,
        }
    }

    #[test]
    fn a_move_a_capture_and_a_castling_pair_up() {
        let start = [p(0.0, 0.0, 0, 1), p(1.0, 1.0, 1, 2), p(5.0, 5.0, 1, 0)];
        // White's piece takes Black's on (1, 1).
        let after = [p(1.0, 1.0, 0, 1), p(5.0, 5.0, 1, 0)];
        assert_eq!(
            moved(&start, &after),
            vec![(Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0))]
        );
        // Taken back: the capturer returns; the captured piece just reappears.
        assert_eq!(
            moved(&after, &start),
            vec![(Vec2::new(1.0, 1.0), Vec2::new(0.0, 0.0))]
        );
        // Castling: king and rook both move.
        let castle = [p(4.0, 0.0, 0, 0), p(7.0, 0.0, 0, 3)];
        let castled = [p(6.0, 0.0, 0, 0), p(5.0, 0.0, 0, 3)];
        assert_eq!(moved(&castle, &castled).len(), 2);
        // A promotion: the pawn leaves, a queen of the same side arrives.
        let pawn = [p(0.0, 6.0, 0, 5)];
        let queen = [p(0.0, 7.0, 0, 1)];
        assert_eq!(
            moved(&pawn, &queen),
            vec![(Vec2::new(0.0, 6.0), Vec2::new(0.0, 7.0))]
        );
    }

    #[test]
    fn a_glide_runs_from_where_the_piece_was_to_where_it_rests() {
        let mut glides = Glides::default();
        glides.show(vec![p(0.0, 0.0, 0, 1), p(3.0, 3.0, 1, 1)], 0.0);
        assert!(!glides.busy(), "the first pieces shown do not glide");
        glides.show(vec![p(2.0, 0.0, 0, 1), p(3.0, 3.0, 1, 1)], 1.0);
        let rest = Vec2::new(2.0, 0.0);
        assert_eq!(glides.place(rest, 1.0), Vec2::ZERO);
        let half = glides.place(rest, 1.0 + SECONDS / 2.0);
        assert!(half.x > 1.0 && half.x < 2.0, "{half}");
        assert_eq!(glides.place(rest, 1.0 + SECONDS), rest);
        assert_eq!(glides.place(Vec2::new(3.0, 3.0), 1.1), Vec2::new(3.0, 3.0));
        glides.settle(1.0 + SECONDS);
        assert!(!glides.busy());
    }

    #[test]
    fn a_new_game_is_shown_at_once() {
        let mut glides = Glides::default();
        let before: Vec<Placed> = (0..4).map(|i| p(i as f32, 3.0, 0, 5)).collect();
        let after: Vec<Placed> = (0..4).map(|i| p(i as f32, 1.0, 0, 5)).collect();
        glides.show(before, 0.0);
        glides.show(after, 1.0);
        assert!(!glides.busy());
    }
}
