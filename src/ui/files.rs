//! Saving and loading games from a path field, the level's demonstrations (saved games
//! under `levels/demos/` replayed step by step), the level picker, and the game-over
//! banner — the same for both modes.
//!
//! A loaded game is handed to the rules as a [`LoadGame`] message (it has already been
//! replayed through them by `level::save`); stepping through a demonstration is undo and
//! redo ([`MatchCommand`]).

use crate::level::save::{self, AnyGame};
use crate::sim::{GridMatch, LoadGame, Match, MatchCommand};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::path::{Path, PathBuf};

/// Where the level was read from: its path and text, for saves and demonstrations.
#[derive(Resource, Clone, Debug)]
pub struct LevelSource {
    /// The level file.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
}

/// The panel's file field and what the last save or load said.
#[derive(Resource, Debug)]
pub struct FileField {
    path: String,
    said: String,
}

impl Default for FileField {
    fn default() -> FileField {
        FileField {
            path: "saved-game.toml".to_string(),
            said: String::new(),
        }
    }
}

/// A demonstration being shown.
#[derive(Resource, Debug, Default)]
pub struct Demo {
    /// The demonstrations of this level: name and file.
    list: Vec<(String, PathBuf)>,
    /// The one shown, if any.
    showing: Option<String>,
    autoplay: bool,
    /// Moves per second when playing by itself.
    speed: f32,
    clock: f32,
}

impl Demo {
    /// Whether a demonstration is being shown.
    pub fn showing(&self) -> bool {
        self.showing.is_some()
    }
}

/// Finds the demonstrations of the level: saved games in `levels/demos/` (beside the level
/// file) whose saved level is this one.
pub fn find_demos(source: &LevelSource) -> Demo {
    let dir = source.path.parent().unwrap_or(Path::new(".")).join("demos");
    let mut list = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        let wanted = save::hash(&source.text);
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(value) = text.parse::<toml::Table>() else {
                continue;
            };
            let hash = value
                .get("level")
                .and_then(|l| l.get("hash"))
                .and_then(toml::Value::as_str);
            if hash == Some(wanted.as_str()) {
                let name = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().replace('-', " "))
                    .unwrap_or_default();
                list.push((name, path));
            }
        }
    }
    list.sort();
    Demo {
        list,
        speed: 1.0,
        ..Demo::default()
    }
}

/// The game of whichever mode is being played.
fn current(continuous: &Option<Res<Match>>, grid: &Option<Res<GridMatch>>) -> Option<AnyGame> {
    match (continuous, grid) {
        (Some(m), _) => Some(AnyGame::Continuous(m.game.clone())),
        (None, Some(g)) => Some(AnyGame::Grid(g.game.clone())),
        _ => None,
    }
}

fn moves_played(game: &AnyGame) -> usize {
    match game {
        AnyGame::Continuous(g) => g.played().len(),
        AnyGame::Grid(g) => g.played().len(),
    }
}

/// Opens `path` (a level or a saved game) in a new window and closes this one.
fn reopen(path: &Path, exit: &mut MessageWriter<AppExit>) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    std::process::Command::new(exe)
        .arg("play")
        .arg(path)
        .spawn()
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    exit.write(AppExit::Success);
    Ok(())
}

/// The window of files: save and load, demonstrations, other levels.
#[allow(clippy::too_many_arguments)]
pub fn files_window(
    mut contexts: EguiContexts,
    source: Res<LevelSource>,
    mut field: ResMut<FileField>,
    mut demo: ResMut<Demo>,
    continuous: Option<Res<Match>>,
    grid: Option<Res<GridMatch>>,
    mut loads: MessageWriter<LoadGame>,
    mut commands: MessageWriter<MatchCommand>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(game) = current(&continuous, &grid) else {
        return Ok(());
    };
    egui::Window::new("Games and levels")
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-8.0, -8.0))
        .default_width(super::PANEL_WIDTH - 30.0)
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("File:");
                ui.text_edit_singleline(&mut field.path);
            });
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    let level_path = source.path.display().to_string();
                    field.said = match save::save(
                        Path::new(&field.path),
                        &level_path,
                        &source.text,
                        &game,
                    ) {
                        Ok(()) => format!("Saved {} moves.", moves_played(&game)),
                        Err(e) => e.to_string(),
                    };
                }
                if ui.button("Load").clicked() {
                    field.said = load(Path::new(&field.path), &source, &mut loads, &mut exit);
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
                                let n = moves_played(&saved.game);
                                loads.write(LoadGame(saved.game));
                                for _ in 0..n {
                                    commands.write(MatchCommand::Undo);
                                }
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
            ui.collapsing("Other levels", |ui| {
                for (name, description, path) in level_list(&source) {
                    if ui.button(&name).on_hover_text(&description).clicked()
                        && let Err(e) = reopen(&path, &mut exit)
                    {
                        field.said = e;
                    }
                }
            });
        });
    Ok(())
}

/// Loads a saved game: in place if it is of this level, else in a new window.
fn load(
    path: &Path,
    source: &LevelSource,
    loads: &mut MessageWriter<LoadGame>,
    exit: &mut MessageWriter<AppExit>,
) -> String {
    match save::load(path) {
        Ok(saved) if saved.level_text == source.text => {
            let n = moves_played(&saved.game);
            loads.write(LoadGame(saved.game));
            format!("Loaded {n} moves.")
        }
        Ok(_) => match reopen(path, exit) {
            Ok(()) => "Another level: opening it.".to_string(),
            Err(e) => e,
        },
        Err(e) => e.to_string(),
    }
}

/// The levels beside this one: name, description, path.
fn level_list(source: &LevelSource) -> Vec<(String, String, PathBuf)> {
    let dir = source.path.parent().unwrap_or(Path::new("."));
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|x| x != "toml") {
                continue;
            }
            if let Ok(level) = crate::level::load(&path) {
                out.push((level.name, level.description, path));
            }
        }
    }
    out.sort();
    out
}

/// Steps an autoplaying demonstration.
pub fn autoplay(
    time: Res<Time>,
    mut demo: ResMut<Demo>,
    mut commands: MessageWriter<MatchCommand>,
) {
    if demo.showing.is_none() || !demo.autoplay {
        demo.clock = 0.0;
        return;
    }
    demo.clock += time.delta_secs() * demo.speed;
    if demo.clock >= 1.0 {
        demo.clock = 0.0;
        commands.write(MatchCommand::Redo);
    }
}

/// A banner over the board when the game is over.
pub fn game_over_banner(
    mut contexts: EguiContexts,
    continuous: Option<Res<Match>>,
    grid: Option<Res<GridMatch>>,
) -> Result {
    let text = match (&continuous, &grid) {
        (Some(m), _) if m.game.status().is_over() => {
            Some(super::continuous::continuous_status(&m.game))
        }
        (None, Some(g)) if g.game.status().is_over() => Some(super::grid::grid_status(g)),
        _ => None,
    };
    let Some(text) = text else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let board_centre = (ctx.viewport_rect().width() - super::PANEL_WIDTH) / 2.0;
    egui::Area::new(egui::Id::new("game over"))
        .anchor(
            egui::Align2::CENTER_TOP,
            egui::vec2(board_centre - ctx.viewport_rect().width() / 2.0, 12.0),
        )
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(20, 20, 24, 230))
                .inner_margin(12.0)
                .corner_radius(6.0)
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(text)
                            .size(26.0)
                            .color(egui::Color32::from_rgb(250, 220, 120)),
                    );
                });
        });
    Ok(())
}
