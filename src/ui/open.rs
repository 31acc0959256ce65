//! Opening a level or a saved game, at start and later in place of the current one, in the
//! same window. Both modes' plugins are always there. Opening swaps the match resource;
//! the rules then enter its mode (`sim::GameMode`), whose `OnExit` despawns the old board
//! and pieces and whose `OnEnter` sets up the new ones and fresh panels.

use super::LevelName;
use super::files::{FileField, LevelSource, find_demos};
use crate::failure::Failure;
use crate::level::{self, Level, LevelKind};
use crate::record::AnyGame;
use crate::record::pgn::Record;
use crate::sim::{ContinuousMatch, GridMatch, Match, MatchGame};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::path::{Path, PathBuf};

/// A level read from its file, or from a saved game with the game.
pub(super) struct Opened {
    level: Level,
    source: LevelSource,
    game: Option<AnyGame>,
    extras: crate::record::save::Extras,
}

impl Opened {
    /// Reads `path`: a PGN game (`.pgn`, opened with the level its `Variant` names), a
    /// level, or else a saved game (which carries its level). A file that is neither is
    /// reported as a level's errors.
    pub(super) fn read(path: &Path) -> Result<Opened, Failure> {
        if path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("pgn"))
        {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::input(format!("{}: cannot read: {e}", path.display())))?;
            return Opened::from_pgn(&path.display().to_string(), &text);
        }
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
                Err(_) => Err(level_errors.into()),
            },
        }
    }

    /// A PGN game (`file` names it in errors) with the shipped level its `Variant` names.
    pub(super) fn from_pgn(file: &str, text: &str) -> Result<Opened, Failure> {
        let record = Record::parse(file, text).map_err(|e| Failure::input(e.to_string()))?;
        let path = level::for_variant(&record.variant());
        let level_text = std::fs::read_to_string(&path)
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
    pub(super) fn from_level_text(path: &Path, text: &str) -> Result<Opened, Failure> {
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
    pub(super) fn level_text(&self) -> &str {
        &self.source.text
    }

    /// The game read with the level, if there is one.
    pub(super) fn game(&self) -> Option<&AnyGame> {
        self.game.as_ref()
    }

    /// What the file says beside the game: its players and clocks.
    pub(super) fn extras(&self) -> &crate::record::save::Extras {
        &self.extras
    }

    /// The level, where it was read from, the game (if the file had one) and what the file
    /// said beside it.
    pub(super) fn into_parts(
        self,
    ) -> (
        Level,
        LevelSource,
        Option<AnyGame>,
        crate::record::save::Extras,
    ) {
        (self.level, self.source, self.game, self.extras)
    }

    /// The window's title.
    pub(super) fn title(&self) -> String {
        format!("areachess — {}", self.level.name)
    }

    /// Puts the level's match and its panel resources into the world. The rules see the
    /// new match and enter its mode (`sim::EnterModeSystems`), again if it is the same.
    pub(super) fn install(self, world: &mut World) {
        world.insert_resource(LevelName(self.level.name.clone()));
        world.insert_resource(find_demos(&self.source));
        world.insert_resource(self.source);
        if let Some(mut players) = world.get_resource_mut::<crate::sim::Players>() {
            players.seat(self.extras.seats);
        }
        // A saved game brings its clocks (or none); a level keeps the control chosen, with
        // full time.
        if let Some(mut clock) = world.get_resource_mut::<crate::sim::clock::MatchClock>() {
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

/// Opening in place: a file asked for during a frame is opened at the start of the next,
/// before the new match enters its mode, so the mode's systems never run without it.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pending>()
        .add_systems(PreUpdate, open_pending.before(crate::sim::EnterModeSystems));
}

/// What to open in place of the current match.
pub(super) enum Opening {
    /// A level, saved game or PGN file, read when it opens.
    File(PathBuf),
    /// A game already read (pasted).
    Read(Box<Opened>),
}

/// A level or game to open in place of the current match at the start of the next frame.
#[derive(Resource, Default)]
pub(super) struct Pending(pub Option<Opening>);

impl Pending {
    /// Asks for the file at `path`.
    pub(super) fn file(&mut self, path: PathBuf) {
        self.0 = Some(Opening::File(path));
    }

    /// Asks for a game already read.
    pub(super) fn read(&mut self, opened: Opened) {
        self.0 = Some(Opening::Read(Box::new(opened)));
    }

    /// The file asked for, if one is.
    #[cfg(test)]
    pub(super) fn file_asked(&self) -> Option<&Path> {
        match &self.0 {
            Some(Opening::File(path)) => Some(path),
            _ => None,
        }
    }
}

/// Opens what is pending in place: on success the old match goes and the new one comes
/// (its mode is entered next frame); on failure the current game stays and the files
/// window says why.
fn open_pending(world: &mut World) {
    let Some(opening) = world.resource_mut::<Pending>().0.take() else {
        return;
    };
    let read = match opening {
        Opening::File(path) => Opened::read(&path),
        Opening::Read(opened) => Ok(*opened),
    };
    let opened = match read {
        Ok(opened) => opened,
        Err(failure) => {
            world.resource_mut::<FileField>().said = failure.message;
            return;
        }
    };
    let title = opened.title();
    let name = opened.level.name.clone();
    world.remove_resource::<ContinuousMatch>();
    world.remove_resource::<GridMatch>();
    opened.install(world);
    if let Ok(mut window) = world
        .query_filtered::<&mut Window, With<PrimaryWindow>>()
        .single_mut(world)
    {
        window.title = title;
    }
    world.resource_mut::<FileField>().said = format!("Opened {name}.");
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::sim::{GridPiece, PieceSlot, RulesPlugin};
    use bevy::ecs::query::QueryFilter;

    fn level_path(file: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("levels")
            .join(file)
    }

    /// Both modes' systems, the rules and the opening in place, without a window: what
    /// `ui::run` builds, less the rendering and egui.
    pub(in crate::ui) fn app_on(file: &str) -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin::default(),
            bevy::input::InputPlugin,
            RulesPlugin,
        ))
        // Gizmos without `GizmoPlugin`, whose 3D systems want more assets.
        .init_asset::<bevy::gizmos::GizmoAsset>()
        .init_gizmo_group::<DefaultGizmoConfigGroup>()
        .init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>()
        // What the input systems' `EguiContexts` holds; with no egui context the pointer
        // is never on a panel.
        .init_resource::<bevy_egui::EguiUserTextures>()
        .init_resource::<FileField>();
        super::super::add_shared(&mut app);
        match Opened::read(&level_path(file)) {
            Ok(opened) => opened.install(app.world_mut()),
            Err(failure) => panic!("{file}: {}", failure.message),
        }
        app.update();
        app
    }

    /// Asks for `path` as the files window does, and runs one frame: it opens the file,
    /// enters the mode and spawns the new board and pieces.
    fn open(app: &mut App, path: PathBuf) {
        app.world_mut().resource_mut::<Pending>().file(path);
        app.update();
    }

    fn count<F: QueryFilter>(app: &mut App) -> usize {
        let world = app.world_mut();
        world.query_filtered::<(), F>().iter(world).count()
    }

    /// One board and the pieces of `file`'s level in its mode, nothing of the other mode,
    /// and the panel's resources of this level.
    fn shows(app: &mut App, file: &str, name: &str, continuous: usize, grid: usize) {
        assert_eq!(
            count::<With<Name>>(app) - continuous - grid,
            1,
            "{file}: one board"
        );
        assert_eq!(count::<With<PieceSlot>>(app), continuous, "{file}");
        assert_eq!(count::<With<GridPiece>>(app), grid, "{file}");
        let world = app.world();
        assert_eq!(
            world.contains_resource::<ContinuousMatch>(),
            continuous > 0,
            "{file}"
        );
        assert_eq!(world.contains_resource::<GridMatch>(), grid > 0, "{file}");
        assert_eq!(world.resource::<LevelName>().0, name);
        assert_eq!(world.resource::<LevelSource>().path, level_path(file));
    }

    #[test]
    fn opening_another_level_replaces_the_board_and_pieces_in_either_mode() {
        let mut app = app_on("area-of-competence.toml");
        let aoc = ("area-of-competence.toml", "Area of competence", 32, 0);
        let (file, name, continuous, grid) = aoc;
        shows(&mut app, file, name, continuous, grid);
        let drawn = count::<With<Transform>>(&mut app);
        // Obento, then Chess in the same mode (the old grid board and pieces go), then back.
        for (file, name, continuous, grid) in [
            ("obento.toml", "Obento Chess", 0, 72),
            ("chess.toml", "Chess", 0, 32),
            aoc,
        ] {
            open(&mut app, level_path(file));
            shows(&mut app, file, name, continuous, grid);
            // And it stays so: the mode is entered once, not again a frame later.
            for _ in 0..3 {
                app.update();
            }
            shows(&mut app, file, name, continuous, grid);
        }
        assert_eq!(
            count::<With<Transform>>(&mut app),
            drawn,
            "nothing left over"
        );
    }

    #[test]
    fn a_pgn_opens_with_the_level_its_variant_names() {
        let mut app = app_on("area-of-competence.toml");
        let pgn = std::env::temp_dir().join(format!("areachess-open-{}.pgn", std::process::id()));
        std::fs::write(&pgn, "[Variant \"capablanca\"]\n\n1. e4 Nh6 2. Ci3 *\n")
            .expect("a scratch file");
        open(&mut app, pgn.clone());
        let _ = std::fs::remove_file(&pgn);
        let world = app.world();
        let state = world.get_resource::<GridMatch>().expect("a grid match");
        assert_eq!(state.game.sans(), ["e4", "Nh6", "Ci3"]);
        assert_eq!(world.resource::<LevelName>().0, "Capablanca chess");
        // A move that is no move is named where it stands, and the game stays.
        let bad = std::env::temp_dir().join(format!("areachess-bad-{}.pgn", std::process::id()));
        std::fs::write(&bad, "[Variant \"chess\"]\n\n1. e5 *\n").expect("a scratch file");
        open(&mut app, bad.clone());
        let _ = std::fs::remove_file(&bad);
        let said = &app.world().resource::<FileField>().said;
        assert!(
            said.ends_with(":3:4: 'e5': no legal move in standard algebraic notation"),
            "{said}"
        );
        assert_eq!(app.world().resource::<GridMatch>().game.sans().len(), 3);
    }

    #[test]
    fn a_file_that_is_no_level_leaves_the_game_and_says_why() {
        let mut app = app_on("chess.toml");
        let broken =
            std::env::temp_dir().join(format!("areachess-broken-{}.toml", std::process::id()));
        std::fs::write(&broken, "name = 3\n").expect("a scratch file");
        open(&mut app, broken.clone());
        let _ = std::fs::remove_file(&broken);
        shows(&mut app, "chess.toml", "Chess", 0, 32);
        assert!(!app.world().resource::<FileField>().said.is_empty());
    }
}
