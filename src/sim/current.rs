//! The match of whichever mode is open ([`CurrentGame`]), for what the window writes once
//! for both modes.

use super::continuous::ContinuousMatch;
use super::grid::GridMatch;
use super::matches::MatchGame;
use crate::play::Play;
use crate::record::AnyGame;
use bevy::prelude::*;

/// The match of whichever mode is open, for what is written once for both: the panel's
/// status, the banner, saving, the files window.
#[derive(bevy::ecs::system::SystemParam)]
pub struct CurrentGame<'w> {
    continuous: Option<Res<'w, ContinuousMatch>>,
    grid: Option<Res<'w, GridMatch>>,
}

impl CurrentGame<'_> {
    /// The game being played, if a match is open.
    pub fn game(&self) -> Option<&dyn Play> {
        match (&self.continuous, &self.grid) {
            (Some(m), _) => Some(&m.game),
            (None, Some(m)) => Some(&m.game),
            (None, None) => None,
        }
    }

    /// A copy of the game being played, to save.
    pub fn saved(&self) -> Option<AnyGame> {
        match (&self.continuous, &self.grid) {
            (Some(m), _) => Some(m.game.saved()),
            (None, Some(m)) => Some(m.game.saved()),
            (None, None) => None,
        }
    }

    /// Whether the open match is continuous.
    pub fn is_continuous(&self) -> bool {
        self.continuous.is_some()
    }

    /// A new game of the match's level from the position written in `text` (a FEN on a
    /// grid level, a POS on a continuous one), or why it does not read.
    pub fn from_position(&self, text: &str) -> Result<AnyGame, String> {
        match (&self.continuous, &self.grid) {
            (Some(m), _) => m
                .level
                .parse_position(text)
                .map(|start| AnyGame::Continuous(crate::continuous::Game::new(start)))
                .map_err(|e| format!("POS: {e}")),
            (None, Some(m)) => m
                .level
                .parse_fen(text)
                .map(|start| {
                    AnyGame::Grid(crate::grid::game::Game::new(m.level.variant.clone(), start))
                })
                .map_err(|e| format!("FEN: {e}")),
            (None, None) => Err("no game is open".to_string()),
        }
    }

    /// Whether the match changed since this system last looked.
    pub fn is_changed(&self) -> bool {
        self.continuous.as_ref().is_some_and(|m| m.is_changed())
            || self.grid.as_ref().is_some_and(|m| m.is_changed())
    }
}
