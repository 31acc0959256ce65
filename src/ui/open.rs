//! Opening a level or a saved game, at start and later in place of the current one, in the
//! same window. Both modes' plugins are always there; each mode's systems run while its
//! match resource exists (`Mode` sets), its board is spawned when the match appears, and
//! opening another level despawns the old board and pieces, swaps the match and resets
//! what the old one left in the panels.

use super::files::{FileField, LevelSource, find_demos};
use super::glide::Glides;
use super::{Flipped, LevelName, ModeEntity};
use crate::cli::Failure;
use crate::level::save::AnyGame;
use crate::level::{self, Level, LevelKind};
use crate::sim::{GridMatch, GridPiece, Match, PieceSlot};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::path::{Path, PathBuf};

/// A level read from its file, or from a saved game with the game.
pub(super) struct Opened {
    level: Level,
    source: LevelSource,
    game: Option<AnyGame>,
}

impl Opened {
    /// Reads `path`: a level, or else a saved game (which carries its level). A file that
    /// is neither is reported as a level's errors.
    pub(super) fn read(path: &Path) -> Result<Opened, Failure> {
        match level::load(path) {
            Ok(level) => {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                Ok(Opened {
                    level,
                    source: LevelSource {
                        path: path.to_path_buf(),
                        text,
                    },
                    game: None,
                })
            }
            Err(level_errors) => match level::save::load(path) {
                Ok(saved) => Ok(Opened {
                    source: LevelSource {
                        path: PathBuf::from(&saved.level_path),
                        text: saved.level_text.clone(),
                    },
                    level: saved.level,
                    game: Some(saved.game),
                }),
                Err(_) => Err(level_errors.into()),
            },
        }
    }

    /// The window's title.
    pub(super) fn title(&self) -> String {
        format!("areachess — {}", self.level.name)
    }

    /// Puts the level's match and its panel resources into the world.
    pub(super) fn install(self, world: &mut World) {
        world.insert_resource(LevelName(self.level.name.clone()));
        world.insert_resource(find_demos(&self.source));
        world.insert_resource(self.source);
        match self.level.kind {
            LevelKind::Continuous(continuous) => {
                let mut state = Match::new(continuous);
                if let Some(AnyGame::Continuous(game)) = self.game {
                    state.game = game;
                }
                world.insert_resource(state);
            }
            LevelKind::Grid(g) => {
                let mut state = GridMatch::new(*g);
                if let Some(AnyGame::Grid(game)) = self.game {
                    state.game = game;
                }
                world.insert_resource(state);
            }
        }
    }
}

/// A level or saved game to open in place of the current match at the end of the frame.
#[derive(Resource, Default)]
pub(super) struct Pending(pub Option<PathBuf>);

/// Opens the pending file in place: on success the old board, pieces and match go and the
/// new ones come; on failure the current game stays and the files window says why.
pub(super) fn open_pending(world: &mut World) {
    let Some(path) = world.resource_mut::<Pending>().0.take() else {
        return;
    };
    let opened = match Opened::read(&path) {
        Ok(opened) => opened,
        Err(failure) => {
            world.resource_mut::<FileField>().said = failure.message;
            return;
        }
    };
    let title = opened.title();
    let name = opened.level.name.clone();
    let old: Vec<Entity> = world
        .query_filtered::<Entity, Or<(With<ModeEntity>, With<PieceSlot>, With<GridPiece>)>>()
        .iter(world)
        .collect();
    for entity in old {
        world.despawn(entity);
    }
    world.remove_resource::<Match>();
    world.remove_resource::<GridMatch>();
    super::continuous::reset(world);
    super::grid::reset(world);
    world.insert_resource(Glides::default());
    world.insert_resource(Flipped::default());
    opened.install(world);
    if let Ok(mut window) = world
        .query_filtered::<&mut Window, With<PrimaryWindow>>()
        .single_mut(world)
    {
        window.title = title;
    }
    world.resource_mut::<FileField>().said = format!("Opened {name}.");
}
