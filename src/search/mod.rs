//! The computer opponent (DESIGN §7).
//!
//! - [`values`]: what each grid piece is worth in centipawns, from the level or estimated
//!   from the piece's own moves.

pub mod values;
