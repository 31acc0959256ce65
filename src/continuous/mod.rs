//! Continuous "area of competence" chess: pieces are discs of radius R on a continuous
//! board, and every rule is a pure function of a [`Position`] (docs/continuous-rules.md).
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - [`geometry`]: discs, sweeps, the curves on which answers change.
//! - [`piece`]: sides, kinds and pieces, as plain data.
//! - [`shapes`]: the piece model (docs/continuous-rules.md#pieces-from-betza): Betza
//!   compiled into slides, sector discs and sector rings, from the level's lengths.
//! - [`board`]: the board's lengths and its kinds, each with its shapes.
//! - [`position`]: the position value, plain data, and [`Setup`], the unchecked pieces a
//!   reader builds.
//! - [`reach`]: a piece's movement shapes as it stands (slides, sector discs, sector rings).
//! - [`attack`]: capture and check.
//! - [`setup`]: the one check that makes a [`Setup`] a [`Position`] (a set of pieces on a
//!   board becomes a position only if it is one).
//! - [`areas`]: movement and capture areas as parry2d shapes.
//! - [`resolve`](mod@resolve): judging one requested move.
//! - [`region`]: legal regions, snapping a pointer, and the exact "any legal move?" decision.
//! - [`zones`]: where a king may not go, as exact spans along rays.
//! - [`game`]: history, undo/redo, checkmate and stalemate.
//! - [`notation`]: POS and MOVE text.
//!
//! # Decisions where the rules are silent
//!
//! | question | decision |
//! | --- | --- |
//! | a target inside an enemy disc that is not on a ray | captures it if some ray of the piece touches it first (knight: if some landing overlaps it alone) |
//! | a king in check and the "cannot cross" rule | judged enemy by enemy (an enemy's area is all its shapes together): the king may leave, for good, the area of each enemy that checks it, and its disc may touch no other enemy's area on the way; castling may not start in one |
//! | a king capturing a piece that attacks its path | the victim's own capture area does not count: its threat dies with it |
//! | pieces between a pawn and an enemy in its capture capsule | do not matter: the capture area is an area of competence, not a path |
//! | a knight landing partly off the board that overlaps an enemy | `off-board`: the landing disc must lie on the board |
//! | a promoting move without a choice | the level's first promotion choice (queen by default) |
//! | "check" | an enemy has a geometric capture of the king; whether that capture would expose the enemy's own king is not asked (a pinned piece still gives check) |
//! | slides touching two enemies at the same distance | `ambiguous-capture` |
//! | floating-point rounding | one tolerance for every length: a target within 1e-9 of a movement area (off a line, past a reach, off a ring) is on it and the piece lands on the target itself, and one further off is refused, never moved onto the area; a landing within 1e-9 of a square centre is that centre; drawn regions and snapped targets keep 1e-7 clear of every boundary so that what the interface offers the rules accept |
//! | en passant | none: the seed has no en passant in continuous play |
//! | a request on the castling square that cannot castle (an enemy stands there, say) | judged as any other move, so the king may capture there; if that fails too, castling's refusal is given |

pub mod areas;
pub mod attack;
pub mod board;
pub mod candidates;
pub mod game;
pub mod geometry;
pub mod notation;
pub mod piece;
pub mod position;
pub mod reach;
pub mod region;
pub mod resolve;
pub mod setup;
pub mod shapes;
pub mod zones;

pub use board::Board;
pub use game::{Game, Status};
pub use geometry::Point;
pub use piece::{Color, Kind, Piece};
pub use position::{Position, PositionError, Setup};
pub use region::{
    LegalRegion, RegionPart, Target, drop_target, find_legal_move, has_legal_move, legal_region,
    nearest_target,
};
pub use resolve::{Applied, Outcome, Reason, Request, resolve};
