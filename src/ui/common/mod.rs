//! What the window's parts share, below all of them: the panels, the two modes, the app's
//! wiring and the tools import from here, and nothing here imports them. One window asks
//! another through a resource here ([`requests`]), not by importing it.
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - [`look`]: the colours, the side panel's width, egui's style, which way up the board is.
//! - [`stage`]: the order of each mode's per-frame systems after the rules.
//! - [`pointer`]: the mouse buttons over the board, and whether egui has the pointer.
//! - [`score`]: a search score in words.
//! - [`diagram`]: a grid piece's diagram in a panel.
//! - [`sketch`]: a continuous kind's areas and rules in a panel.
//! - [`level`]: the level being played (its source and name), the files window's field,
//!   and what a save keeps beside the game.
//! - [`demo`]: the level's demonstrations and the one shown.
//! - [`opening`]: a level or game read to be opened, and the request to open it in place.
//! - [`requests`]: what the files window asks of the level editor and the balance lab.

pub mod demo;
pub mod diagram;
pub mod level;
pub mod look;
pub mod opening;
pub mod pointer;
pub mod requests;
pub mod score;
pub mod sketch;
pub mod stage;
