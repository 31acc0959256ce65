//! A level or a saved game read to be opened ([`Opened`]), and the request to open one in
//! place of the current match at the start of the next frame ([`Pending`]): the files
//! window, the editor, the resume offer and `ui::run` ask, and `ui::open` opens.

use super::demo::find_demos;
use super::level::{LevelName, LevelSource};
use crate::failure::Failure;
use crate::level::{self, Level, LevelKind};
use crate::reading;
use crate::record::AnyGame;
use crate::record::pgn::Record;
use crate::sim::{Match, MatchGame};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// A level read from its file, or from a saved game with the game.
pub struct Opened {
    level: Level,
    source: LevelSource,
    game: Option<AnyGame>,
    extras: crate::record::save::Extras,
}

impl Opened {
    /// Reads `path`: a PGN game (`.pgn`, opened with the level its `Variant` names), a
    /// level, or else a saved game (which carries its level). A file that is neither is
    /// reported as a level's errors.
    pub fn read(path: &Path) -> Result<Opened, Failure> {
        if path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("pgn"))
        {
            // Bytes: a PGN may be Latin-1, the standard's character set, as well as UTF-8.
            let bytes = reading::bytes(path, reading::RECORD_BYTES)
                .map_err(|e| Failure::input(format!("{}: cannot read: {e}", path.display())))?;
            let text = crate::record::pgn::decode(&bytes);
            return Opened::from_pgn(&path.display().to_string(), &text);
        }
        match level::load(path) {
            Ok(level) => {
                let text = reading::text(path, reading::LEVEL_BYTES).unwrap_or_default();
                Ok(Opened {
                    level,
                    source: LevelSource {
                        path: path.to_path_buf(),
                        text,
                    },
                    game: None,
                    extras: Default::default(),
                })
            }
            Err(level_errors) => match crate::record::save::load(path) {
                Ok(saved) => Ok(Opened {
                    source: LevelSource {
                        path: PathBuf::from(&saved.level_path),
                        text: saved.level_text.clone(),
                    },
                    level: saved.level,
                    game: Some(saved.game),
                    extras: saved.extras,
                }),
                Err(saved) if crate::record::save::is_saved_game(path) => {
                    Err(Failure::input(saved.to_string()))
                }
                Err(_) => Err(level_errors.into()),
            },
        }
    }

    /// A PGN game (`file` names it in errors) with the shipped level its `Variant` names.
    pub fn from_pgn(file: &str, text: &str) -> Result<Opened, Failure> {
        let record = Record::parse(file, text).map_err(|e| Failure::input(e.to_string()))?;
        let path = level::for_variant(&record.variant())
            .ok_or_else(|| Failure::input(record.not_a_level(file)))?;
        let level_text = reading::text(&path, reading::LEVEL_BYTES)
            .map_err(|e| Failure::input(format!("{}: cannot read: {e}", path.display())))?;
        let level = level::parse(&path.display().to_string(), &level_text)?;
        let game = record
            .replay(file, &level)
            .map_err(|e| Failure::input(e.to_string()))?;
        Ok(Opened {
            level,
            source: LevelSource {
                path,
                text: level_text,
            },
            game: Some(game),
            extras: Default::default(),
        })
    }

    /// A level from its text (an editor's draft), as if read from `path`; its setup is the
    /// starting position.
    pub fn from_level_text(path: &Path, text: &str) -> Result<Opened, Failure> {
        let level = level::parse(&path.display().to_string(), text)?;
        Ok(Opened {
            level,
            source: LevelSource {
                path: path.to_path_buf(),
                text: text.to_string(),
            },
            game: None,
            extras: Default::default(),
        })
    }

    /// The level's text, to tell whether a game read is of the level being played.
    pub fn level_text(&self) -> &str {
        &self.source.text
    }

    /// The game read with the level, if there is one.
    pub fn game(&self) -> Option<&AnyGame> {
        self.game.as_ref()
    }

    /// What the file says beside the game: its players and clocks.
    pub fn extras(&self) -> &crate::record::save::Extras {
        &self.extras
    }

    /// The level, where it was read from, the game (if the file had one) and what the file
    /// said beside it.
    pub fn into_parts(
        self,
    ) -> (
        Level,
        LevelSource,
        Option<AnyGame>,
        crate::record::save::Extras,
    ) {
        (self.level, self.source, self.game, self.extras)
    }

    /// The level's name.
    pub fn name(&self) -> &str {
        &self.level.name
    }

    /// The window's title.
    pub fn title(&self) -> String {
        format!("areachess — {}", self.level.name)
    }

    /// Puts the level's match and its panel resources into the world. The rules see the
    /// new match and enter its mode (`sim::EnterModeSystems`), again if it is the same.
    pub fn install(self, world: &mut World) {
        world.insert_resource(LevelName(self.level.name.clone()));
        world.insert_resource(find_demos(&self.source));
        world.insert_resource(self.source);
        if let Some(mut players) = world.get_resource_mut::<crate::sim::Players>() {
            players.seat(self.extras.seats);
        }
        // A saved game brings its clocks (or none); a level keeps the control chosen, with
        // full time.
        if let Some(mut clock) = world.get_resource_mut::<crate::sim::match_clock::MatchClock>() {
            if self.game.is_some() {
                clock.resume(self.extras.clock);
            } else {
                clock.restart();
            }
        }
        let game = self.game.as_ref();
        match self.level.kind {
            LevelKind::Continuous(level) => {
                world.insert_resource(open_match::<crate::continuous::Game>(level, game))
            }
            LevelKind::Grid(level) => {
                world.insert_resource(open_match::<crate::grid::game::Game>(*level, game))
            }
        }
    }
}

/// A match of `level`, with the saved game if there is one of its mode.
fn open_match<G: MatchGame>(level: G::Level, saved: Option<&AnyGame>) -> Match<G> {
    let mut state = Match::new(level);
    if let Some(game) = saved.and_then(G::loaded) {
        state.game = game.clone();
    }
    state
}

/// What to open in place of the current match.
pub enum Opening {
    /// A level, saved game or PGN file, read when it opens.
    File(PathBuf),
    /// A game already read (pasted).
    Read(Box<Opened>),
}

/// A level or game to open in place of the current match at the start of the next frame.
#[derive(Resource, Default)]
pub struct Pending(pub Option<Opening>);

impl Pending {
    /// Asks for the file at `path`.
    pub fn file(&mut self, path: PathBuf) {
        self.0 = Some(Opening::File(path));
    }

    /// Asks for a game already read.
    pub fn read(&mut self, opened: Opened) {
        self.0 = Some(Opening::Read(Box::new(opened)));
    }

    /// The file asked for, if one is.
    #[cfg(test)]
    pub fn file_asked(&self) -> Option<&Path> {
        match &self.0 {
            Some(Opening::File(path)) => Some(path),
            _ => None,
        }
    }
}
