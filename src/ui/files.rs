//! Saving and loading games from a path field (saved games, or PGN for a name ending
//! `.pgn`), copying the position (FEN or POS) or the game (PGN) and pasting one to open
//! it, the level's demonstrations (saved games under `levels/demos/` replayed step by
//! step) and the level picker — the same for both modes, through [`CurrentGame`].
//!
//! A loaded game is handed to the rules as a [`LoadGame`] message (it has already been
//! replayed through them by `record::save`); a demonstration is loaded, rewound, and
//! stepped through by undo and redo ([`MatchCommand`]). The level editor and the balance
//! lab are opened by asking them (`ui::common::requests`), the GIF drawn by `ui::gif`.

use super::common::demo::Demo;
use super::common::level::{FileField, LevelSource, extras_now};
use super::common::look::PANEL_WIDTH;
use super::common::opening::{Opened, Pending};
use super::common::requests::{EditorRequest, LabShown};
use super::gif::{self, GifSettings};
use crate::record::pgn::Header;
use crate::record::save;
use crate::sim::match_clock::MatchClock;
use crate::sim::{CurrentGame, LoadGame, MatchCommand, Players};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::path::{Path, PathBuf};

/// The files window and a demonstration's autoplay.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FileField>()
        .init_resource::<Clipboard>()
        .add_systems(Update, autoplay)
        .add_systems(bevy_egui::EguiPrimaryContextPass, files_window);
}

/// How many moves the current game has, and whether it is still going on.
fn in_progress(current: &CurrentGame) -> (usize, bool) {
    current
        .game()
        .map_or((0, false), |g| (g.moves_played(), !g.status().is_over()))
}

/// Asks for `path` to be opened in place of the current game; a game in progress is only
/// given up when the same file is asked for twice in a row.
fn open_over(path: &Path, moves: (usize, bool), field: &mut FileField, pending: &mut Pending) {
    let (played, going_on) = moves;
    if played > 0 && going_on && field.confirm.as_deref() != Some(path) {
        field.confirm = Some(path.to_path_buf());
        field.said = format!(
            "The game here has {played} moves and is not over: click again to leave it and \
             open {}.",
            path.display()
        );
        return;
    }
    field.confirm = None;
    pending.file(path.to_path_buf());
}

/// Writes `game` of the level in `source` as a GIF at `out`; says what happened.
fn write_gif(source: &LevelSource, game: &crate::record::AnyGame, out: &Path) -> String {
    let level = match crate::level::parse(&source.path.display().to_string(), &source.text) {
        Ok(level) => level,
        Err(e) => return e.to_string(),
    };
    let settings = GifSettings {
        size: 480,
        delay_ms: 700,
    };
    match gif::write(
        &level,
        &source.path,
        Some(game),
        &Default::default(),
        out,
        &settings,
    ) {
        Ok(()) => format!("Wrote {}.", out.display()),
        Err(e) => e.message,
    }
}

/// The window of files: save and load, demonstrations, other levels.
#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: one parameter per resource"
)]
fn files_window(
    mut contexts: EguiContexts,
    source: Res<LevelSource>,
    mut field: ResMut<FileField>,
    mut demo: ResMut<Demo>,
    current: CurrentGame,
    mut loads: MessageWriter<LoadGame>,
    mut commands: MessageWriter<MatchCommand>,
    mut pending: ResMut<Pending>,
    mut players: ResMut<Players>,
    mut clock: ResMut<MatchClock>,
    time: Res<Time<Real>>,
    mut clipboard: ResMut<Clipboard>,
    mut editor: ResMut<EditorRequest>,
    mut lab: ResMut<LabShown>,
    mut levels: Local<(PathBuf, Vec<Listed>, String)>,
    mut gif_job: Local<Option<std::sync::mpsc::Receiver<String>>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // A GIF written on its own thread says when it is done.
    if let Some(job) = gif_job.as_ref() {
        match job.try_recv() {
            Ok(said) => {
                field.said = said;
                *gif_job = None;
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(200));
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => *gif_job = None,
        }
    }
    if current.game().is_none() {
        return Ok(());
    }
    let progress = in_progress(&current);
    egui::Window::new("Games and levels")
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-8.0, -8.0))
        .default_width(PANEL_WIDTH - 30.0)
        .collapsible(true)
        .default_open(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("File:");
                ui.text_edit_singleline(&mut field.path);
            });
            ui.horizontal(|ui| {
                if ui.button("Save").clicked()
                    && let Some(game) = current.saved()
                {
                    let extras = extras_now(&players, &clock, &time);
                    field.said = match save_game(Path::new(&field.path), &source, &game, &extras) {
                        Ok(()) => format!("Saved {} moves.", game.game().moves_played()),
                        Err(e) => e,
                    };
                }
                if ui.button("Load").clicked() {
                    let typed = field.path.trim();
                    let path = crate::library::find(typed).unwrap_or_else(|| PathBuf::from(typed));
                    load(
                        &path,
                        &source,
                        progress,
                        &mut field,
                        &mut loads,
                        &mut pending,
                        (&mut players, &mut clock),
                    );
                }
                if ui
                    .add_enabled(gif_job.is_none(), egui::Button::new("GIF"))
                    .on_hover_text("Draws the game as an animated GIF, beside the file named above")
                    .clicked()
                    && let Some(game) = current.saved()
                {
                    let out = Path::new(field.path.trim()).with_extension("gif");
                    let (sender, receiver) = std::sync::mpsc::channel();
                    let source = source.clone();
                    field.said = format!("Drawing {}…", out.display());
                    std::thread::spawn(move || {
                        let _ = sender.send(write_gif(&source, &game, &out));
                    });
                    *gif_job = Some(receiver);
                }
            });
            ui.horizontal(|ui| {
                let position = if current.is_continuous() {
                    "Copy POS"
                } else {
                    "Copy FEN"
                };
                if ui.button(position).clicked()
                    && let Some(game) = current.saved()
                {
                    let text = game.position_text();
                    field.said = match clipboard.copy(text.clone()) {
                        Ok(()) => format!("Copied {text}"),
                        Err(e) => e,
                    };
                }
                if ui.button("Copy PGN").clicked()
                    && let Some(game) = current.saved()
                {
                    let extras = extras_now(&players, &clock, &time);
                    field.said =
                        match pgn_of(&source, &game, &extras).and_then(|t| clipboard.copy(t)) {
                            Ok(()) => "Copied the game as PGN.".to_string(),
                            Err(e) => e,
                        };
                }
                if ui
                    .button("Paste")
                    .on_hover_text("Opens a PGN, or a FEN or POS of this level, from the clipboard")
                    .clicked()
                {
                    let pasted = clipboard.paste().and_then(|text| {
                        read_pasted(&text, &source, |pos| current.from_position(pos))
                    });
                    field.said = match pasted {
                        Ok(Pasted::Here(game)) => {
                            let n = game.game().moves_played();
                            loads.write(LoadGame(game));
                            clock.restart();
                            format!("Pasted a game of {n} moves.")
                        }
                        Ok(Pasted::Elsewhere(opened)) => {
                            pending.read(*opened);
                            "Opening the pasted game with its level.".to_string()
                        }
                        Err(e) => e,
                    };
                }
            });
            if !field.said.is_empty() {
                ui.label(&field.said);
            }
            if !demo.list.is_empty() {
                ui.separator();
                ui.label("Demonstrations:");
                let list = demo.list.clone();
                for (name, path) in &list {
                    if ui.button(name).clicked() {
                        match save::load(path) {
                            Ok(saved) => {
                                let n = saved.game.game().moves_played();
                                loads.write(LoadGame(saved.game));
                                commands.write(MatchCommand::Rewind);
                                demo.captions = saved.extras.captions;
                                demo.showing = Some(name.clone());
                                demo.autoplay = false;
                                field.said =
                                    format!("{name}: {n} moves; Next or Autoplay to watch.");
                            }
                            Err(e) => field.said = e.to_string(),
                        }
                    }
                }
                if demo.showing.is_some() {
                    ui.horizontal(|ui| {
                        if ui.button("◀ Previous").clicked() {
                            commands.write(MatchCommand::Undo);
                        }
                        if ui.button("Next ▶").clicked() {
                            commands.write(MatchCommand::Redo);
                        }
                        ui.checkbox(&mut demo.autoplay, "Autoplay");
                    });
                    ui.add(egui::Slider::new(&mut demo.speed, 0.25..=4.0).text("moves/s"));
                    if ui.button("Stop").clicked() {
                        demo.showing = None;
                        demo.autoplay = false;
                    }
                }
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .button("Edit level")
                    .on_hover_text("Opens the level editor on this level")
                    .clicked()
                {
                    editor.edit(&source);
                }
                ui.menu_button("New level", |ui| {
                    if ui.button("Grid").clicked() {
                        editor.new_level(crate::level::draft::Draft::new_grid(8, 8));
                    }
                    if ui.button("Continuous").clicked() {
                        editor.new_level(crate::level::draft::Draft::new_continuous(8, 8));
                    }
                });
                if ui
                    .button("Balance")
                    .on_hover_text("The balance lab: engine against engine from this level's setup")
                    .clicked()
                {
                    lab.0 = true;
                }
                if ui
                    .button("Set up")
                    .on_hover_text(
                        "The position editor on this game's position: change it, then play from it",
                    )
                    .clicked()
                    && let Some(game) = current.saved()
                {
                    editor.set_up(&source, &game.position_text());
                }
            });
            if !editor.said.is_empty() && !editor.is_open() {
                ui.label(&editor.said);
            }
            ui.separator();
            ui.collapsing("Other levels", |ui| {
                // Read once per folder, not every frame.
                if levels.0 != source.path || levels.1.is_empty() {
                    (levels.0, levels.1) = (source.path.clone(), level_list(&source));
                }
                let (_, list, wanted) = &mut *levels;
                ui.horizontal(|ui| {
                    ui.label("Find");
                    ui.add(
                        egui::TextEdit::singleline(wanted)
                            .desired_width(200.0)
                            .hint_text("words of a name or description"),
                    );
                });
                let words: Vec<String> = wanted.split_whitespace().map(str::to_lowercase).collect();
                // Many levels scroll in a list of their own rather than off the screen.
                egui::ScrollArea::vertical()
                    .max_height(160.0)
                    .show(ui, |ui| {
                        for (name, description, path) in list.iter() {
                            // Lower-cased only while something is typed, not every frame.
                            if !words.is_empty() {
                                let text = format!("{name} {description}").to_lowercase();
                                if !words.iter().all(|w| text.contains(w.as_str())) {
                                    continue;
                                }
                            }
                            if ui
                                .add(egui::Button::new(listed(ui, name, description)).truncate())
                                .on_hover_text(description)
                                .clicked()
                            {
                                open_over(path, progress, &mut field, &mut pending);
                            }
                        }
                    });
            });
        });
    Ok(())
}

/// Loads a saved game or a PGN: into this match if it is of this level, else in place of
/// it with its own level.
fn load(
    path: &Path,
    source: &LevelSource,
    progress: (usize, bool),
    field: &mut FileField,
    loads: &mut MessageWriter<LoadGame>,
    pending: &mut Pending,
    (players, clock): (&mut Players, &mut MatchClock),
) {
    match Opened::read(path) {
        Ok(opened) if opened.level_text() == source.text && opened.game().is_some() => {
            if let Some(game) = opened.game() {
                let n = game.game().moves_played();
                players.seat(opened.extras().seats);
                clock.resume(opened.extras().clock);
                loads.write(LoadGame(game.clone()));
                field.said = format!("Loaded {n} moves.");
            }
        }
        Ok(_) => open_over(path, progress, field, pending),
        Err(e) => field.said = e.message,
    }
}

/// Saves `game` at `path`: as PGN when the name ends `.pgn` (players named by their
/// seats, the time control tagged), else as a saved game. Says why not when it cannot.
fn save_game(
    path: &Path,
    source: &LevelSource,
    game: &save::AnyGame,
    extras: &save::Extras,
) -> Result<(), String> {
    let level_path = source.path.display().to_string();
    if !path
        .extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("pgn"))
    {
        return save::save_with(path, &level_path, &source.text, game, extras)
            .map_err(|e| e.to_string());
    }
    let text = pgn_of(source, game, extras)?;
    save::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("{}: cannot save: {e}", path.display()))
}

/// `game` as PGN, its players named by their seats and its time control tagged.
fn pgn_of(
    source: &LevelSource,
    game: &save::AnyGame,
    extras: &save::Extras,
) -> Result<String, String> {
    let level = crate::level::parse(&source.path.display().to_string(), &source.text)
        .map_err(|e| e.to_string())?;
    let variant = source
        .path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = |seat: Option<crate::play::Seat>| match seat {
        Some(crate::play::Seat::Computer(s)) => format!("areachess, strength {s}"),
        _ => "Human".to_string(),
    };
    let header = Header {
        white: name(extras.seats[0]),
        black: name(extras.seats[1]),
        time: extras.clock.map(|(control, _)| control),
    };
    Ok(crate::record::pgn::write(&level, &variant, game, &header))
}

/// A game pasted: of this level (played here), or of another (opened with it).
enum Pasted {
    Here(save::AnyGame),
    Elsewhere(Box<Opened>),
}

/// What the clipboard holds, read as a game: a PGN (with the level its `Variant` names),
/// else a FEN or POS of this level.
/// `from_position` makes a game of this level from a FEN or POS.
fn read_pasted(
    text: &str,
    source: &LevelSource,
    from_position: impl Fn(&str) -> Result<save::AnyGame, String>,
) -> Result<Pasted, String> {
    let pgn = text
        .lines()
        .map(str::trim_start)
        .any(|l| l.starts_with('[') || l.starts_with("1."));
    if !pgn {
        return from_position(text.trim()).map(Pasted::Here);
    }
    let opened = Opened::from_pgn("the clipboard", text).map_err(|f| f.message)?;
    match opened.game() {
        Some(game) if opened.level_text() == source.text => Ok(Pasted::Here(game.clone())),
        _ => Ok(Pasted::Elsewhere(Box::new(opened))),
    }
}

/// The system clipboard, opened on first use and kept open: on X11 what is copied is
/// served by the program for as long as its clipboard lives.
#[derive(Resource, Default)]
pub struct Clipboard(Option<std::sync::Mutex<arboard::Clipboard>>);

impl Clipboard {
    fn with<T>(
        &mut self,
        act: impl FnOnce(&mut arboard::Clipboard) -> Result<T, arboard::Error>,
    ) -> Result<T, String> {
        if self.0.is_none() {
            let opened = arboard::Clipboard::new().map_err(|e| format!("no clipboard: {e}"))?;
            self.0 = Some(std::sync::Mutex::new(opened));
        }
        let mut board = self
            .0
            .as_ref()
            .ok_or("no clipboard")?
            .lock()
            .map_err(|_| "the clipboard is unusable".to_string())?;
        act(&mut board).map_err(|e| format!("clipboard: {e}"))
    }

    /// Puts `text` on the clipboard.
    pub fn copy(&mut self, text: String) -> Result<(), String> {
        self.with(|board| board.set_text(text))
    }

    /// The text on the clipboard.
    pub fn paste(&mut self) -> Result<String, String> {
        self.with(|board| board.get_text())
    }
}

/// A level in the list: name, description, path.
type Listed = (String, String, PathBuf);

/// A level's line in the list: its name, then as much of its description as the line
/// holds, in faint type (all of it shows on hover).
fn listed(ui: &egui::Ui, name: &str, description: &str) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    let style = ui.style();
    egui::RichText::new(name).append_to(
        &mut job,
        style,
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    egui::RichText::new(format!(" — {description}"))
        .weak()
        .append_to(
            &mut job,
            style,
            egui::FontSelection::Default,
            egui::Align::Center,
        );
    job
}

/// The levels to choose from: the shipped ones and the user's library, and those beside
/// this one when it is a file elsewhere, which stand in for a library level of the same
/// file name (a designer's working copy of `chess.toml` over the shipped one); name,
/// description, path.
fn level_list(source: &LevelSource) -> Vec<Listed> {
    let dir = source.path.parent().unwrap_or(Path::new("."));
    let beside = crate::reading::files_in(dir, "toml");
    let mut paths: Vec<PathBuf> = crate::library::levels()
        .into_iter()
        .map(|(_, path)| path)
        .filter(|path| !beside.iter().any(|b| b.file_name() == path.file_name()))
        .collect();
    paths.extend(beside);
    let mut out: Vec<Listed> = paths
        .into_iter()
        .filter_map(|path| {
            let level = crate::level::load(&path).ok()?;
            Some((level.name, level.description, path))
        })
        .collect();
    out.sort();
    out
}

/// Steps an autoplaying demonstration.
fn autoplay(time: Res<Time>, mut demo: ResMut<Demo>, mut commands: MessageWriter<MatchCommand>) {
    if !demo.playing() {
        demo.clock = 0.0;
        return;
    }
    demo.clock += time.delta_secs() * demo.speed;
    if demo.clock >= 1.0 {
        demo.clock = 0.0;
        commands.write(MatchCommand::Redo);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listed_level_shows_its_name_then_its_description_fainter() {
        let ctx = egui::Context::default();
        let mut job = None;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            job = Some(listed(ui, "Chess", "Orthodox chess."));
        });
        // The font atlas made in the pass is not wanted here.
        output.textures_delta.clear();
        let job = job.expect("the panel ran");
        assert_eq!(job.text, "Chess — Orthodox chess.");
        let [name, description] = &job.sections[..] else {
            panic!("two sections: {:?}", job.sections);
        };
        assert_eq!(
            job.text.get(name.byte_range.start.0..name.byte_range.end.0),
            Some("Chess")
        );
        assert_ne!(
            name.format.color, description.format.color,
            "the description is fainter"
        );
    }

    /// The chess level as the window holds it, and a maker of its games from a FEN.
    fn chess() -> (LevelSource, impl Fn(&str) -> Result<save::AnyGame, String>) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml");
        let text = std::fs::read_to_string(&path).expect("chess");
        let level = crate::level::parse("chess", &text)
            .expect("loads")
            .into_grid()
            .expect("grid");
        let from_fen = move |fen: &str| {
            level
                .parse_fen(fen)
                .map(|start| {
                    save::AnyGame::Grid(crate::grid::game::Game::new(level.variant.clone(), start))
                })
                .map_err(|e| format!("FEN: {e}"))
        };
        (LevelSource { path, text }, from_fen)
    }

    #[test]
    fn a_pasted_fen_or_pgn_of_this_level_is_played_here_another_opens_its_level() {
        let (source, from_fen) = chess();
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        match read_pasted(&format!("  {fen}\n"), &source, &from_fen) {
            Ok(Pasted::Here(game)) => assert_eq!(game.position_text(), fen),
            _ => panic!("a FEN of this level"),
        }
        let pgn = "[Event \"?\"]\n[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 *\n";
        match read_pasted(pgn, &source, &from_fen) {
            Ok(Pasted::Here(game)) => assert_eq!(game.game().moves_played(), 3),
            _ => panic!("a PGN of this level"),
        }
        // Bare movetext is a PGN too (of chess, without a Variant).
        let bare = read_pasted("1. d4 d5\n", &source, &from_fen);
        assert!(matches!(bare, Ok(Pasted::Here(_))));
        match read_pasted("[Variant \"capablanca\"]\n\n1. Ci3 *", &source, &from_fen) {
            Ok(Pasted::Elsewhere(opened)) => {
                assert_eq!(opened.game().map(|g| g.game().moves_played()), Some(1));
            }
            _ => panic!("a PGN of another level"),
        }
        let bad = read_pasted("not a position", &source, &from_fen);
        assert!(
            matches!(&bad, Err(e) if e.starts_with("FEN: ")),
            "{:?}",
            bad.err()
        );
        let illegal = read_pasted("1. e5 *", &source, &from_fen);
        assert!(
            matches!(&illegal, Err(e) if e.contains("the clipboard:1:4: 'e5'")),
            "{:?}",
            illegal.err()
        );
    }

    #[test]
    fn a_game_in_progress_is_left_only_on_a_second_click() {
        let (mut field, mut pending) = (FileField::default(), Pending::default());
        let chess = Path::new("levels/chess.toml");
        open_over(chess, (3, true), &mut field, &mut pending);
        assert!(pending.0.is_none(), "not yet");
        assert!(field.said.contains("3 moves"), "{}", field.said);
        // Another level first: that one is asked about in turn.
        let obento = Path::new("levels/obento.toml");
        open_over(obento, (3, true), &mut field, &mut pending);
        assert!(pending.0.is_none());
        open_over(obento, (3, true), &mut field, &mut pending);
        assert_eq!(pending.file_asked(), Some(obento));
        // No moves, or a game over: at once.
        let mut pending = Pending::default();
        open_over(chess, (0, true), &mut field, &mut pending);
        assert_eq!(pending.file_asked(), Some(chess));
        let mut pending = Pending::default();
        open_over(chess, (40, false), &mut field, &mut pending);
        assert_eq!(pending.file_asked(), Some(chess));
    }
}
