//! Continuous "area of competence" chess: pieces are discs of radius R on a continuous
//! board, and every rule is a pure function of a [`Position`] (DESIGN §2).
//!
//! - [`geometry`]: discs, sweeps, the curves on which answers change.
//! - [`board`], [`position`]: the board's lengths and the checked position value.
//! - [`attack`]: capture areas and check.
//! - [`resolve`]: judging one requested move.
//! - [`region`]: legal regions, snapping a pointer, and the exact "any legal move?" decision.
//! - [`game`]: history, undo/redo, checkmate and stalemate.
//! - [`notation`]: POS and MOVE text.

pub mod attack;
pub mod board;
pub mod game;
pub mod geometry;
pub mod notation;
pub mod position;
pub mod region;
pub mod resolve;

pub use board::Board;
pub use game::{Game, Request, Status};
pub use geometry::Point;
pub use position::{Kind, Piece, Position, PositionError, Side};
pub use region::{
    LegalRegion, RegionPart, Target, find_legal_move, has_legal_move, legal_region, nearest_target,
};
pub use resolve::{Applied, Outcome, Reason, resolve};
