//! Nothing lost: the game in the window (position, history, players, clocks) is saved
//! after every change and when the app exits, atomically, in the platform's data
//! directory; `play --resume` reopens it, and the window offers it when it starts.
//!
//! | rule | decision |
//! | --- | --- |
//! | where | `areachess/game-in-progress.toml` under the platform's data directory (`$XDG_DATA_HOME`, else `~/.local/share`, on Linux) |
//! | what | a saved game (`record::save`), with the seats and the clocks' time left |
//! | when | each time the game changes (a move, Undo, a command, a load) once this window has played a move, and on exit; a window that only looks never replaces the game saved before |
//! | how | a temporary file beside it, flushed, then renamed over it: a kill at any moment leaves the previous save or the new one whole |
//! | the offer | on start, when the save holds a game still going with a move or more, in a small window over the side panel's foot (never over the board); Resume opens it in place, Not now leaves it (it is replaced once a move is played here) |

use super::common::level::{FileField, LevelSource, extras_now};
use super::common::look::PANEL_WIDTH;
use super::common::opening::Pending;
use crate::record::save;
use crate::sim::match_clock::MatchClock;
use crate::sim::{CurrentGame, MovesAccepted, Players};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::path::PathBuf;

/// The file's name inside the data directory.
const FILE: &str = "game-in-progress.toml";

/// Saves after each change and on exit; offers the saved game on start.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Autosave>()
        .add_systems(Last, (save_changed_game, save_on_exit).chain())
        .add_systems(bevy_egui::EguiPrimaryContextPass, resume_offer);
}

/// Where the game in progress is kept, and whether this window has taken it over.
#[derive(Resource, Clone, Debug, Default)]
pub struct Autosave {
    /// The file (`None`: the platform has no data directory; nothing is saved).
    pub path: Option<PathBuf>,
    /// What was last written, so an unchanged game is not written again.
    written: Option<String>,
    /// The saved game to offer on start: its description, while the offer stands.
    offer: Option<String>,
    /// What the last write said, when it failed.
    pub failed: Option<String>,
}

impl Autosave {
    /// The autosave in the platform's data directory.
    pub fn in_data_dir() -> Autosave {
        Autosave {
            path: directories::ProjectDirs::from("", "", "areachess")
                .map(|dirs| dirs.data_dir().join(FILE)),
            ..Autosave::default()
        }
    }

    /// An autosave kept in `path` (tests).
    #[cfg(test)]
    pub fn at(path: PathBuf) -> Autosave {
        Autosave {
            path: Some(path),
            ..Autosave::default()
        }
    }

    /// The saved file, if there is one.
    pub fn existing(&self) -> Option<PathBuf> {
        self.path.clone().filter(|p| p.is_file())
    }

    /// This autosave, offering its game on start if `offer` and it holds one still going.
    pub fn offering(mut self, offer: bool) -> Autosave {
        self.offer = offer.then(|| self.in_progress()).flatten();
        self
    }

    /// What the saved game is, if it reads and is still going with a move or more:
    /// "Chess, 12 moves, White to move".
    fn in_progress(&self) -> Option<String> {
        let saved = save::load(&self.existing()?).ok()?;
        let game = saved.game.game();
        let moves = game.moves_played();
        (moves > 0 && !game.status().is_over()).then(|| {
            format!(
                "{}, {moves} move{}, {}",
                saved.level.name,
                if moves == 1 { "" } else { "s" },
                game.describe().to_lowercase()
            )
        })
    }

    /// Writes `text` unless it is what was written last.
    fn write(&mut self, text: String) {
        let Some(path) = &self.path else {
            return;
        };
        if self.written.as_ref() == Some(&text) {
            return;
        }
        let result = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| save::write_atomically(path, text.as_bytes()));
        match result {
            Ok(()) => {
                self.written = Some(text);
                self.failed = None;
            }
            Err(e) => {
                let words = format!("The game cannot be kept in {}: {e}", path.display());
                if self.failed.as_ref() != Some(&words) {
                    error!("{words}");
                }
                self.failed = Some(words);
            }
        }
    }
}

/// The window's game as it stands, with what a save keeps beside it.
#[derive(bevy::ecs::system::SystemParam)]
struct GameNow<'w> {
    current: CurrentGame<'w>,
    source: Option<Res<'w, LevelSource>>,
    players: Res<'w, Players>,
    clock: Res<'w, MatchClock>,
    time: Res<'w, Time<Real>>,
}

impl GameNow<'_> {
    /// Whether the game, its players or its clocks changed since the system last looked.
    fn changed(&self) -> bool {
        self.current.is_changed() || self.players.is_changed() || self.clock.is_changed()
    }

    /// The saved game's text for the game now.
    fn text(&self) -> Option<String> {
        let source = self.source.as_ref()?;
        let game = self.current.saved()?;
        Some(save::to_text_with(
            &source.path.display().to_string(),
            &source.text,
            &game,
            &extras_now(&self.players, &self.clock, &self.time),
        ))
    }
}

/// Saves the game when it changed, once a move has been played in this window.
fn save_changed_game(now: GameNow, accepted: Res<MovesAccepted>, mut autosave: ResMut<Autosave>) {
    if accepted.0 == 0 || !now.changed() {
        return;
    }
    autosave.offer = None;
    if let Some(text) = now.text() {
        autosave.write(text);
    }
}

/// Saves the game as the app exits (with the clocks' time left at that moment).
fn save_on_exit(
    mut exits: MessageReader<AppExit>,
    now: GameNow,
    accepted: Res<MovesAccepted>,
    mut autosave: ResMut<Autosave>,
) {
    if exits.read().count() > 0
        && accepted.0 > 0
        && let Some(text) = now.text()
    {
        autosave.write(text);
    }
}

/// On start, a small window offering the game in progress that was saved.
fn resume_offer(
    mut contexts: EguiContexts,
    mut autosave: ResMut<Autosave>,
    mut pending: ResMut<Pending>,
    mut field: ResMut<FileField>,
) -> Result {
    let Some(what) = autosave.offer.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game in progress")
        .collapsible(false)
        .resizable(false)
        // Over the side panel's foot, just above the "Games and levels" window: never
        // over the board, whose clicks stay the player's.
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-8.0, -52.0))
        .default_width(PANEL_WIDTH - 30.0)
        .show(ctx, |ui| {
            ui.label(format!("A game was left unfinished: {what}."));
            ui.horizontal(|ui| {
                if ui.button("Resume").clicked() {
                    if let Some(path) = autosave.existing() {
                        pending.file(path);
                    }
                    field.said = "Resumed the game in progress.".into();
                    autosave.offer = None;
                }
                if ui.button("Not now").clicked() {
                    autosave.offer = None;
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::open::tests::app_on;
    use super::*;
    use crate::clock::TimeControl;
    use crate::sim::{GridMatch, GridMoveRequest, MatchCommand};

    /// The headless app on `file` with the autosave kept in a fresh folder of its own
    /// (removed when the folder is dropped).
    fn app_saving(file: &str, name: &str) -> (App, tempfile::TempDir, PathBuf) {
        let dir = tempfile::Builder::new()
            .prefix(&format!("areachess-autosave-{name}-"))
            .tempdir()
            .expect("a scratch folder");
        let path = dir.path().join("game.toml");
        let mut app = app_on(file);
        app.add_plugins(plugin)
            .insert_resource(Autosave::at(path.clone()));
        app.update();
        (app, dir, path)
    }

    fn play_first_legal_move(app: &mut App) {
        let m = app.world().resource::<GridMatch>().game.legal_moves()[0];
        app.world_mut().write_message(GridMoveRequest {
            from: m.from,
            to: m.to,
            promotion: m.promotion,
            drop: None,
        });
        app.update();
    }

    fn saved_moves(path: &std::path::Path) -> usize {
        save::load(path)
            .expect("the autosave loads")
            .game
            .game()
            .moves_played()
    }

    #[test]
    fn a_window_that_only_looks_keeps_the_game_saved_before() {
        let (mut app, _dir, path) = app_saving("chess.toml", "looks");
        for _ in 0..5 {
            app.update();
        }
        app.world_mut().write_message(MatchCommand::Resign);
        app.update();
        assert!(!path.exists(), "nothing saved before a move is played");
    }

    #[test]
    fn each_move_and_each_undo_is_saved_at_once() {
        let (mut app, _dir, path) = app_saving("chess.toml", "moves");
        play_first_legal_move(&mut app);
        assert_eq!(saved_moves(&path), 1, "saved in the frame of the move");
        play_first_legal_move(&mut app);
        assert_eq!(saved_moves(&path), 2);
        app.world_mut().write_message(MatchCommand::Undo);
        app.update();
        assert_eq!(saved_moves(&path), 1, "an undo is kept too");
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().expect("a folder"))
            .expect("the folder")
            .flatten()
            .filter(|e| e.file_name() != "game.toml")
            .collect();
        assert!(
            leftovers.is_empty(),
            "no temporary file left: {leftovers:?}"
        );
    }

    #[test]
    fn a_timed_game_is_saved_with_its_control_and_time_left() {
        let (mut app, _dir, path) = app_saving("chess.toml", "clock");
        let control: TimeControl = "5+3".parse().expect("a control");
        app.world_mut()
            .resource_mut::<MatchClock>()
            .set_control(Some(control));
        app.update();
        play_first_legal_move(&mut app);
        let saved = save::load(&path).expect("the autosave loads");
        let (kept, [white, black]) = saved.extras.clock.expect("a clock");
        assert_eq!(kept, control);
        // White moved: its increment is on, and it lost no more than the frames took.
        assert!(white > control.base && white <= control.base + control.increment);
        assert!(black <= control.base);
    }

    #[test]
    fn the_offer_names_a_saved_game_still_going() {
        let (mut app, _dir, path) = app_saving("chess.toml", "offer");
        play_first_legal_move(&mut app);
        play_first_legal_move(&mut app);
        let offered = Autosave::at(path.clone()).offering(true).offer;
        assert_eq!(offered.as_deref(), Some("Chess, 2 moves, white to move"));
        assert_eq!(Autosave::at(path.clone()).offering(false).offer, None);
        app.world_mut().write_message(MatchCommand::Resign);
        app.update();
        assert_eq!(
            Autosave::at(path).offering(true).offer,
            None,
            "a finished game is not offered"
        );
    }
}
