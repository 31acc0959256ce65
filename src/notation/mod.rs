//! The other programs' piece and variant languages, read into or written from this
//! project's Betza dialect and grid rules: what a level borrows from elsewhere and what it
//! hands to other engines.
//!
//! The modules import nothing of one another, only [`crate::betza`] and [`crate::grid`]
//! below them:
//!
//! - [`urc`]: pieces in the URC piece schema (YAML or a TOML table), read into Betza.
//! - [`hasinu`]: Ħasínū piece notation, read into Betza.
//! - [`xbetza`]: a piece's compiled moves written in XBetza, XBoard's Betza dialect.
//! - [`fsf`]: a grid variant written as a Fairy-Stockfish `variants.ini` section.

pub mod fsf;
pub mod hasinu;
pub mod urc;
pub mod xbetza;
