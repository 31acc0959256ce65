//! The level being played as every window sees it: where it was read from and its text,
//! its name for the panels, the files window's field with what the last save, load or
//! opening said, and what a save keeps beside the game.

use crate::record::save;
use crate::sim::Players;
use crate::sim::match_clock::MatchClock;
use bevy::prelude::*;
use std::path::PathBuf;

/// Where the level was read from: its path and text, for saves and demonstrations.
#[derive(Resource, Clone, Debug)]
pub struct LevelSource {
    /// The level file.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
}

/// The level's title for the panel.
#[derive(Resource)]
pub struct LevelName(pub String);

/// The panel's file field and what the last save or load said.
#[derive(Resource, Debug)]
pub struct FileField {
    /// The path typed in the field (or, to load, a name: see [`crate::library::find`]).
    pub path: String,
    /// What the last save, load or opening said.
    pub said: String,
    /// A file the player asked to open over a game in progress: asked once more, opened.
    pub confirm: Option<PathBuf>,
}

impl Default for FileField {
    fn default() -> FileField {
        FileField {
            // A game is saved in the user's library unless the player names another file.
            path: crate::library::user_games()
                .map_or_else(
                    || PathBuf::from("saved-game.toml"),
                    |dir| dir.join("saved-game.toml"),
                )
                .display()
                .to_string(),
            said: String::new(),
            confirm: None,
        }
    }
}

/// The players and the clocks' time left now, as a save keeps them.
pub fn extras_now(players: &Players, clock: &MatchClock, time: &Time<Real>) -> save::Extras {
    save::Extras {
        seats: [Some(players.white), Some(players.black)],
        clock: clock.saved(crate::sim::match_clock::now(time)),
        ..save::Extras::default()
    }
}
