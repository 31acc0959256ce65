//! A grid piece type's move diagram: its moves on a small empty board, each square marked
//! by how the piece may reach it, the way the XBetza interactive diagram shows it. The
//! window's piece inspector draws it and `crate::pictures` turns it into a picture of moves.
//!
//! The marks come from the rules' own reference walk (`betza::model::chain_destinations`)
//! run on small boards: empty (moves), with one enemy on the square (captures), with one
//! piece on another square (hops; hoppers' captures also over such a piece), and with the
//! piece unmoved (initial moves).

use super::rules::PieceType;
use crate::betza::model::{Ending, Occupancy, Occupant, chain_destinations};
use std::collections::HashMap;

/// Side of the diagram's board; the piece stands on its centre.
pub const SIZE: i32 = 11;

/// How a square of the diagram may be reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// A move to it when it is empty.
    pub moves: bool,
    /// A capture of an enemy on it.
    pub captures: bool,
    /// Only with a piece to jump over somewhere (a hop).
    pub hops: bool,
    /// Only while the piece has not moved.
    pub initial: bool,
}

/// The marks of every square a piece reaches, by (file, rank) on the diagram.
pub type Diagram = HashMap<(i32, i32), Marks>;

/// Every square's marks for White's piece on the centre of an empty `SIZE × SIZE` board.
pub fn diagram(piece: &PieceType) -> Diagram {
    let centre = (SIZE / 2, SIZE / 2);
    let walk = |at: &dyn Fn(i32, i32) -> Occupant, unmoved: bool| {
        let board = Occupancy {
            files: SIZE,
            ranks: SIZE,
            at,
        };
        chain_destinations(&piece.chains, &board, centre, unmoved)
    };
    let mut out = Diagram::new();
    let empty = |_: i32, _: i32| Occupant::Empty;
    let moved: Vec<(i32, i32)> = walk(&empty, false).into_iter().map(|(s, _)| s).collect();
    for &s in &moved {
        out.entry(s).or_default().moves = true;
    }
    for (s, _) in walk(&empty, true) {
        if !moved.contains(&s) {
            out.entry(s).or_default().initial = true;
        }
    }
    for x in 0..SIZE {
        for y in 0..SIZE {
            if (x, y) == centre {
                continue;
            }
            // One enemy on (x, y): does a capture land there?
            let one = move |fx: i32, fy: i32| {
                if (fx, fy) == (x, y) {
                    Occupant::Enemy
                } else {
                    Occupant::Empty
                }
            };
            if walk(&one, false)
                .iter()
                .any(|&(s, r)| s == (x, y) && r == Ending::Capture)
            {
                out.entry((x, y)).or_default().captures = true;
            }
            // One friend on (x, y) as a hurdle: which empty squares open up?
            let hurdle = move |fx: i32, fy: i32| {
                if (fx, fy) == (x, y) {
                    Occupant::Friend
                } else {
                    Occupant::Empty
                }
            };
            for (s, r) in walk(&hurdle, false) {
                if r == Ending::Move && !moved.contains(&s) {
                    out.entry(s).or_default().hops = true;
                }
            }
        }
    }
    // Hoppers capture over a hurdle too: an enemy on the square and a friend anywhere else.
    if out.values().any(|m| m.hops) {
        for x in 0..SIZE {
            for y in 0..SIZE {
                if (x, y) == centre || out.get(&(x, y)).is_some_and(|m| m.captures) {
                    continue;
                }
                let over_any = (0..SIZE * SIZE).any(|k| {
                    let h = (k % SIZE, k / SIZE);
                    if h == centre || h == (x, y) {
                        return false;
                    }
                    let board = move |fx: i32, fy: i32| match (fx, fy) {
                        p if p == (x, y) => Occupant::Enemy,
                        p if p == h => Occupant::Friend,
                        _ => Occupant::Empty,
                    };
                    walk(&board, false)
                        .iter()
                        .any(|&(s, r)| s == (x, y) && r == Ending::Capture)
                });
                if over_any {
                    out.entry((x, y)).or_default().captures = true;
                }
            }
        }
    }
    out
}
