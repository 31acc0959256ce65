//! The engine protocols chess programs speak: UCI ([`uci`]) and XBoard/CECP ([`xboard`]).
//! Both read commands line by line, keep the last good state when a line is bad (saying
//! what was wrong), and think on a thread of their own so that they keep answering.
//!
//! - [`session`]: what both share: output, the levels offered, the loaded level, the
//!   thinker.
//! - [`uci`], [`xboard`]: each protocol's commands, over the session.

pub mod session;
pub mod uci;
pub mod xboard;

pub use session::{
    Catalog, DEFAULT_HASH_MB, Input, Lines, Loaded, MAX_CLOCK, MAX_DEPTH, MAX_HASH_MB,
    MAX_LINE_BYTES, MAX_THREADS, Output, Thinker, default_threads,
};
