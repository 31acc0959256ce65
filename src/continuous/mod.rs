//! Continuous "area of competence" chess: pieces are discs of radius R on a continuous
//! board, and every rule is a pure function of a [`Position`] (docs/continuous-rules.md).
//!
//! The modules import in one direction, each only from those listed before it. Each
//! decides one question the others do not:
//!
//! - [`geometry`]: plane facts, no chess: whether discs overlap, where a sweep first
//!   touches a disc, and the curves on which a rule's answer can change.
//! - [`piece`]: what a side, a kind and a piece are, as plain data.
//! - [`shapes`]: what a kind may do, wherever it stands: Betza compiled into slides,
//!   sector discs and sector rings from the level's lengths (the piece model,
//!   docs/continuous-rules.md#pieces-from-betza).
//! - [`board`]: every length the rules use, and which kinds the level has.
//! - [`position`]: the position value, plain data, and [`Setup`], the unchecked pieces a
//!   reader builds.
//! - [`reach`]: what one piece may do from where it stands: its kind's shapes turned to
//!   its side and kept to those its "has moved" state allows.
//! - [`attack`]: whether an enemy could capture a disc, which is what check means.
//! - [`setup`]: whether a set of pieces on a board is a [`Position`] at all.
//! - [`king_zones`]: where one king may not go: the other side's capture areas as exact
//!   spans along rays, for the "cannot cross" rule and for check.
//! - [`resolve`](mod@resolve): what one requested move does: moves, captures, or is
//!   refused, and why.
//! - [`area_shapes`]: the seed's movement and capture areas as parry2d shapes, for
//!   drawing and for "does this disc touch that area"; the rules never ask them.
//! - [`legal_region`]: everywhere a piece may legally go, the nearest legal target to a
//!   pointer, and whether a side has any legal move at all.
//! - [`candidates`]: which finitely many of those moves the engine searches.
//! - [`notation`]: POS and MOVE as text.
//! - [`game`]: a game's history, undo and redo, and how it ends.
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
//! | a promoting move without a choice | the level's first promotion choice that is legal there (queen by default; a larger disc may not fit) |
//! | "check" | an enemy has a geometric capture of the king; whether that capture would expose the enemy's own king is not asked (a pinned piece still gives check) |
//! | slides touching two enemies at the same distance | `ambiguous-capture` |
//! | floating-point rounding | one tolerance for every length: a target within 1e-9 of a movement area (off a line, past a reach, off a ring) is on it and the piece lands on the target itself, and one further off is refused, never moved onto the area; a landing within 1e-9 of a square centre is that centre; drawn regions and snapped targets keep 1e-7 clear of every boundary so that what the interface offers the rules accept |
//! | en passant | none: the seed has no en passant in continuous play |
//! | a target past a wall, on the board | `blocked`, as past a friendly disc; a landing that overlaps a wall or lies over a hole is `off-board` |
//! | a hole | a wall to the rules: no disc crosses or covers it; only the window draws it otherwise |
//! | promotion on a round board | the line is measured from the rim straight ahead of the pawn |
//! | a request on the castling square that cannot castle (an enemy stands there, say) | judged as any other move, so the king may capture there; if that fails too, castling's refusal is given |

pub mod area_shapes;
pub mod attack;
pub mod board;
pub mod candidates;
pub mod game;
pub mod geometry;
pub mod king_zones;
pub mod legal_region;
pub mod notation;
pub mod piece;
pub mod position;
pub mod reach;
pub mod resolve;
pub mod setup;
pub mod shapes;

pub use board::Board;
pub use game::{Game, Status};
pub use geometry::Point;
pub use legal_region::{
    LegalRegion, RegionPart, Target, drop_target, find_legal_move, has_legal_move, legal_region,
    nearest_target,
};
pub use piece::{Color, Kind, Piece};
pub use position::{Position, PositionError, Setup};
pub use resolve::{Applied, Outcome, Reason, Request, resolve};
