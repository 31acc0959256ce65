//! A grid move as the engine plays it: from, to, the type it promotes to, and what else it
//! does (a capture, en passant, castling, a drop). Notations read and write it elsewhere.

use super::board::Square;
use super::rules::Role;
use super::variant::Variant;

/// What a move does besides moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// To an empty square.
    Quiet,
    /// A multi-square first move that others may capture en passant.
    Double,
    /// Captures what stands on the target (a friend or obstacle too, for `d` and `x`).
    Capture,
    /// Captures the piece that passed over the target.
    EnPassant {
        /// Where the piece taken stands.
        victim: Square,
    },
    /// The king's move of castling.
    Castle {
        /// Where the rook it castles with stands.
        rook: Square,
    },
    /// A piece of this type from the hand onto an empty square (`from` is `to`).
    Drop {
        /// The type dropped.
        role: Role,
    },
}

impl MoveKind {
    /// Whether the move takes a piece (on its target, or en passant).
    pub fn captures(self) -> bool {
        matches!(self, MoveKind::Capture | MoveKind::EnPassant { .. })
    }
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// The type it promotes to, if it does.
    pub promotion: Option<Role>,
    /// What else it does.
    pub kind: MoveKind,
    /// Where it leaves a wall, on a level with walls (`rules.walls`).
    pub wall: Option<Square>,
}

impl Move {
    /// Whether it takes or promotes: a noisy move, which quiescence searches.
    pub fn is_noisy(self) -> bool {
        self.kind.captures() || self.promotion.is_some()
    }

    /// A move with nothing extra.
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            promotion: None,
            kind,
            wall: None,
        }
    }

    /// A drop of a `role` from the hand onto `to`.
    pub const fn drop(role: Role, to: Square) -> Move {
        Move::new(to, to, MoveKind::Drop { role })
    }

    /// The type it drops from the hand, if it is a drop.
    pub const fn dropped(&self) -> Option<Role> {
        match self.kind {
            MoveKind::Drop { role } => Some(role),
            _ => None,
        }
    }

    /// For castling, whether its rook stands toward the higher files (`O-O`'s wing; a
    /// Chess960 king may move the other way, or stay); `None` for any other move.
    pub const fn castles_up(&self) -> Option<bool> {
        match self.kind {
            MoveKind::Castle { rook } => Some(rook.index() > self.from.index()),
            _ => None,
        }
    }

    /// The square a player names as its target: where it goes, but the rook's square for
    /// Chess960 castling (its king may not move at all).
    pub fn target(&self, v: &Variant) -> Square {
        match self.kind {
            MoveKind::Castle { rook } if v.castling.is_some_and(|c| c.chess960) => rook,
            _ => self.to,
        }
    }

    /// The square of the piece it takes, if it takes one: its target, or en passant the
    /// passed pawn's square.
    pub const fn victim_square(&self) -> Square {
        match self.kind {
            MoveKind::EnPassant { victim } => victim,
            _ => self.to,
        }
    }
}
