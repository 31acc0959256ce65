//! The flow of a game in the window, written once for both modes: the keys, what the rules
//! last said, the picked piece dropped when the game changes under it, the side panel's
//! shared parts (status, match buttons, move list), the promotion dialog and the game-over
//! banner. Each mode registers its game and its pick with [`for_mode`]; only drawing the
//! board, picking and targeting, overlays and the inspector stay per mode.

use super::common::demo::Demo;
use super::common::look::{Flipped, PANEL_WIDTH};
use super::common::stage::Stage;
use super::glide::Glides;
use crate::play::Play;
use crate::sim::analysis::{Analysis, Browse};
use crate::sim::computer::Computer;
use crate::sim::match_clock::MatchClock;
use crate::sim::{CurrentGame, GameMode, Match, MatchCommand, MatchGame, Players};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The shared systems: the keys while a match is open, and the banner.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Said>()
        .init_resource::<Glides>()
        .add_message::<DropPick>()
        .add_systems(
            Update,
            // First in the frame, so Esc drops the pick before anything draws it.
            keyboard_commands
                .in_set(Stage::View)
                .run_if(not(in_state(GameMode::Closed))),
        )
        .add_systems(EguiPrimaryContextPass, game_over_banner);
}

/// The flow of one mode's game `G` with its pick `P`: a fresh pick, message, board turn
/// and glides when its match opens; the pick dropped when asked or when the game changes;
/// the rules' refusals put in words.
pub(super) fn for_mode<G: MatchGame, P: Picked<G>>(app: &mut App) {
    app.init_resource::<P>()
        .add_systems(OnEnter(G::MODE), fresh_panels::<G, P>)
        .add_systems(
            Update,
            (
                (drop_stale_pick::<G, P>, drop_asked_pick::<G, P>)
                    .in_set(Stage::View)
                    .after(keyboard_commands),
                read_answers::<G>.in_set(Stage::Input),
            )
                .run_if(in_state(G::MODE)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            promotion_dialog::<G, P>.run_if(in_state(G::MODE)),
        );
}

/// The last thing the rules said, in words (empty after a legal move).
#[derive(Resource, Default)]
pub(super) struct Said(pub String);

/// The picked piece of mode `G`'s game, with whatever it computed for it.
pub(super) trait Picked<G: MatchGame>:
    Resource + Component<Mutability = bevy::ecs::component::Mutable> + Default
{
    /// Forgets the pick (and a promotion choice waiting for it).
    fn drop_pick(&mut self);

    /// The choices of a move waiting for its promotion: each one's label and the request
    /// it makes. `None` while no move waits.
    fn promotion(&self, state: &Match<G>) -> Option<Vec<(String, G::Request)>>;
}

/// Asks the open mode to drop its pick (Esc).
#[derive(Message, Clone, Copy, Debug)]
pub(super) struct DropPick;

/// What a new match starts with: no pick, nothing said, White below, nothing gliding.
fn fresh_panels<G: MatchGame, P: Picked<G>>(mut commands: Commands) {
    commands.insert_resource(P::default());
    commands.insert_resource(Said::default());
    commands.insert_resource(Flipped::default());
    commands.insert_resource(Glides::default());
}

/// A pick made before a move, undo, redo, load or restart no longer fits the position.
fn drop_stale_pick<G: MatchGame, P: Picked<G>>(state: Res<Match<G>>, mut pick: ResMut<P>) {
    if state.is_changed() {
        pick.drop_pick();
    }
}

fn drop_asked_pick<G: MatchGame, P: Picked<G>>(
    mut asked: MessageReader<DropPick>,
    mut pick: ResMut<P>,
) {
    if asked.read().count() > 0 {
        pick.drop_pick();
    }
}

fn read_answers<G: MatchGame>(mut answers: MessageReader<G::Answer>, mut said: ResMut<Said>) {
    for answer in answers.read() {
        said.0 = G::refusal(answer).unwrap_or_default();
    }
}

/// Ctrl+Z undo, Ctrl+Y redo, F flips the board, Esc drops the pick.
fn keyboard_commands(
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: MessageWriter<MatchCommand>,
    mut drop: MessageWriter<DropPick>,
    mut flipped: ResMut<Flipped>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        commands.write(MatchCommand::Undo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        commands.write(MatchCommand::Redo);
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyF) {
        flipped.0 = !flipped.0;
    }
    if keys.just_pressed(KeyCode::Escape) {
        drop.write(DropPick);
    }
}

/// The side panel at the window's right, headed by the level's name.
pub(super) fn side_panel(ctx: &egui::Context, heading: &str, contents: impl FnOnce(&mut egui::Ui)) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::right("match")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.heading(heading);
            contents(ui);
        });
}

/// The panel's body for either mode: the status, the rules' last refusal, the match
/// buttons (Undo, Redo, New game; Resign, Agree draw, Flip board), who plays each side and
/// what the computer is doing, then the mode's own `extras`, the `help` line and the move
/// list. Returns the command clicked.
pub(super) fn match_panel(
    ui: &mut egui::Ui,
    game: &dyn Play,
    said: &Said,
    flipped: &mut Flipped,
    seats: Seats,
    help: &str,
    extras: impl FnOnce(&mut egui::Ui),
) -> Option<MatchCommand> {
    ui.label(egui::RichText::new(game.describe()).strong());
    super::clock_panel::clock_faces(ui, seats.clock, seats.now, flipped.0);
    if let Some(caption) = seats.caption {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(egui::RichText::new(caption).color(egui::Color32::from_rgb(235, 225, 190)));
        });
    }
    if !said.0.is_empty() {
        ui.colored_label(egui::Color32::from_rgb(200, 60, 40), &said.0);
    }
    let mut clicked = None;
    let mut buttons = |ui: &mut egui::Ui, row: &[(&str, MatchCommand)]| {
        for &(label, command) in row {
            if ui.button(label).clicked() {
                clicked = Some(command);
            }
        }
    };
    ui.horizontal(|ui| {
        buttons(
            ui,
            &[
                ("Undo", MatchCommand::Undo),
                ("Redo", MatchCommand::Redo),
                ("New game", MatchCommand::Restart),
            ],
        );
    });
    ui.horizontal(|ui| {
        buttons(
            ui,
            &[
                ("Resign", MatchCommand::Resign),
                ("Agree draw", MatchCommand::AgreeDraw),
            ],
        );
        if ui.button("Flip board").clicked() {
            flipped.0 = !flipped.0;
        }
    });
    super::computer_panel::seats_section(
        ui,
        game,
        seats.players,
        seats.computer,
        seats.clock.clock.is_some(),
    );
    extras(ui);
    super::clock_panel::control_choice(ui, seats.clock, seats.typed);
    super::analysis_panel::analysis_section(ui, game, seats.players, seats.analysis, seats.browse);
    ui.separator();
    ui.label(help);
    ui.separator();
    if let Some(command) = super::analysis_panel::moves_section(ui, game, seats.browse, seats.keep)
    {
        clicked = Some(command);
    }
    clicked
}

/// Who plays each side and the computer, the clocks, for the panel to show and change,
/// and the demonstration's caption for the current move.
pub(super) struct Seats<'a> {
    /// The seats.
    pub players: &'a mut Players,
    /// The computer's state.
    pub computer: &'a mut Computer,
    /// The caption of the demonstration's current move, if it has one.
    pub caption: Option<&'a str>,
    /// The clocks.
    pub clock: &'a mut MatchClock,
    /// The time the clocks read now.
    pub now: std::time::Duration,
    /// The control being typed in the chooser.
    pub typed: &'a mut super::clock_panel::Typed,
    /// The analysis.
    pub analysis: &'a mut Analysis,
    /// The position shown.
    pub browse: &'a mut Browse,
    /// The last move tried, to keep as a rule test, and the level file it is kept for.
    pub keep: super::analysis_panel::Keep<'a>,
}

/// What a mode's panel system takes for [`Seats`].
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct SeatsParam<'w, 's> {
    players: ResMut<'w, Players>,
    computer: ResMut<'w, Computer>,
    demo: Res<'w, Demo>,
    clock: ResMut<'w, MatchClock>,
    time: Res<'w, Time<Real>>,
    typed: Local<'s, super::clock_panel::Typed>,
    analysis: ResMut<'w, Analysis>,
    browse: ResMut<'w, Browse>,
    tried: Res<'w, crate::sim::LastTried>,
    source: Res<'w, super::common::level::LevelSource>,
    kept: Local<'s, String>,
}

impl SeatsParam<'_, '_> {
    /// The seats, with the caption for `game`'s current move.
    pub(super) fn of(&mut self, game: &dyn Play) -> Seats<'_> {
        Seats {
            players: &mut self.players,
            computer: &mut self.computer,
            caption: self.demo.caption(game.moves_played()),
            clock: &mut self.clock,
            now: crate::sim::match_clock::now(&self.time),
            typed: &mut self.typed,
            analysis: &mut self.analysis,
            browse: &mut self.browse,
            keep: super::analysis_panel::Keep {
                tried: self.tried.0.as_ref(),
                level: &self.source.path,
                said: &mut self.kept,
            },
        }
    }
}

/// What the promotion dialog's player did this frame.
enum Choice<T> {
    /// Nothing yet.
    Waiting,
    /// Chose this.
    Chose(T),
    /// Took the move back.
    Cancelled,
}

/// The promotion dialog over the board: one button per choice (its label), and Cancel.
fn promotion_choice<T: Copy>(ctx: &egui::Context, choices: &[(String, T)]) -> Choice<T> {
    let mut chosen = Choice::Waiting;
    egui::Window::new("Promotion")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label("Promote to:");
            for (label, choice) in choices {
                if ui.button(label).clicked() {
                    chosen = Choice::Chose(*choice);
                }
            }
            if ui.button("Cancel").clicked() {
                chosen = Choice::Cancelled;
            }
        });
    chosen
}

/// The promotion dialog of a move waiting for its choice; a choice asks for the move, and
/// a choice or Cancel drops the pick.
fn promotion_dialog<G: MatchGame, P: Picked<G>>(
    mut contexts: EguiContexts,
    state: Res<Match<G>>,
    mut pick: ResMut<P>,
    mut requests: MessageWriter<G::Request>,
) -> Result {
    let Some(choices) = pick.promotion(&state) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    match promotion_choice(ctx, &choices) {
        Choice::Chose(request) => {
            requests.write(request);
            pick.drop_pick();
        }
        Choice::Cancelled => pick.drop_pick(),
        Choice::Waiting => {}
    }
    Ok(())
}

/// A banner over the board when the game is over.
fn game_over_banner(mut contexts: EguiContexts, current: CurrentGame) -> Result {
    let Some(text) = current
        .game()
        .filter(|g| g.status().is_over())
        .map(|g| g.describe())
    else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let board_centre = (ctx.viewport_rect().width() - PANEL_WIDTH) / 2.0;
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
