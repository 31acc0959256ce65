//! Opening a level or a saved game, at start and later in place of the current one, in the
//! same window. Both modes' plugins are always there. Opening swaps the match resource;
//! the rules then enter its mode (`sim::GameMode`), whose `OnExit` despawns the old board
//! and pieces and whose `OnEnter` sets up the new ones and fresh panels. What is opened, and
//! the request to open it, are `ui::common::opening`'s.

use crate::sim::{ContinuousMatch, GridMatch};
use crate::ui::common::level::FileField;
use crate::ui::common::opening::{Opened, Opening, Pending};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Opening in place: a file asked for during a frame is opened at the start of the next,
/// before the new match enters its mode, so the mode's systems never run without it.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pending>()
        .add_systems(PreUpdate, open_pending.before(crate::sim::EnterModeSystems));
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
    let name = opened.name().to_string();
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
    use crate::ui::common::level::{LevelName, LevelSource};
    use bevy::ecs::query::QueryFilter;
    use std::path::{Path, PathBuf};

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
