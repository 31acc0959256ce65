//! The analysis board in the window, both modes: the move list, each move a button that
//! shows the position after it (← → Home End do the same), "continue from here", the
//! engine's best lines for the position shown with an evaluation bar beside the board,
//! and the evaluation graph of the whole game. The engine and the browsing itself are
//! `sim::analysis`.

use super::common::score::score_words;
use super::common::stage::Stage;
use crate::play::{Color as Side, Play};
use crate::search::MATE_BOUND;
use crate::sim::analysis::{Analysis, Browse, Graph, MOST_LINES, may_analyse};
use crate::sim::{CurrentGame, GameMode, MatchCommand, Players};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The browsing keys and the evaluation bar.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        browse_keys
            .in_set(Stage::View)
            .run_if(not(in_state(GameMode::Closed))),
    )
    .add_systems(bevy_egui::EguiPrimaryContextPass, evaluation_bar);
}

/// ← one move back, → one on, Home the start, End the game as it stands (unless a text
/// field has the keys).
fn browse_keys(
    keys: Res<ButtonInput<KeyCode>>,
    current: CurrentGame,
    mut browse: ResMut<Browse>,
    mut contexts: EguiContexts,
) {
    let typing = contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.egui_wants_keyboard_input());
    let Some(played) = current.game().map(|g| g.moves_played()) else {
        return;
    };
    if typing {
        return;
    }
    if keys.just_pressed(KeyCode::ArrowLeft) {
        browse.back(played);
    }
    if keys.just_pressed(KeyCode::ArrowRight) {
        browse.forward(played);
    }
    if keys.just_pressed(KeyCode::Home) {
        browse.go_to(0, played);
    }
    if keys.just_pressed(KeyCode::End) {
        browse.ply = None;
    }
}

/// The move list: numbered rows, each move a button showing the position after it, the
/// one shown highlighted; then the browsing buttons. Returns "continue from here" when
/// clicked.
/// The last move tried, which "Keep as test" adds to the level's rule tests.
pub(super) struct Keep<'a> {
    /// The move and its position, once one has been tried.
    pub tried: Option<&'a crate::rule_tests::Tried>,
    /// The level file played.
    pub level: &'a std::path::Path,
    /// What the last keeping said.
    pub said: &'a mut String,
}

pub(super) fn moves_section(
    ui: &mut egui::Ui,
    game: &dyn Play,
    browse: &mut Browse,
    keep: Keep<'_>,
) -> Option<MatchCommand> {
    let played = game.moves_played();
    let shown = browse.shown(played);
    let mut command = None;
    ui.horizontal(|ui| {
        let step = |ui: &mut egui::Ui, label: &str, hover: &str, enabled: bool| {
            ui.add_enabled(enabled, egui::Button::new(label))
                .on_hover_text(hover)
                .clicked()
        };
        if step(ui, "⏮", "The start (Home)", shown > 0) {
            browse.go_to(0, played);
        }
        if step(ui, "◀", "One move back (←)", shown > 0) {
            browse.back(played);
        }
        if step(ui, "▶", "One move on (→)", shown < played) {
            browse.forward(played);
        }
        if step(ui, "⏭", "The game as it stands (End)", shown < played) {
            browse.ply = None;
        }
        if browse.ply.is_some()
            && ui
                .button("Continue from here")
                .on_hover_text("Takes back the moves after this one (Redo brings them back)")
                .clicked()
        {
            command = Some(MatchCommand::ContinueFrom(shown));
            browse.ply = None;
        }
        // The last move tried, not the one shown: no keeping while looking back.
        if browse.ply.is_some() {
            return;
        }
        let button = ui
            .add_enabled(
                keep.tried.is_some(),
                egui::Button::new("Keep as test").small(),
            )
            .on_hover_text(
                "Adds the move just tried (played or refused) and the position it was tried \
                 in to this level's rule tests (areachess test)",
            )
            .on_disabled_hover_text("Try a move first");
        if button.clicked()
            && let Some(tried) = keep.tried
        {
            *keep.said = match crate::rule_tests::add_case(keep.level, tried) {
                Ok(path) => format!(
                    "Kept {} ({}) in {}.",
                    tried.tried,
                    tried.expect,
                    path.display()
                ),
                Err(e) => e,
            };
        }
    });
    if !keep.said.is_empty() {
        ui.small(keep.said.as_str());
    }
    if browse.ply.is_some() {
        ui.colored_label(
            egui::Color32::from_rgb(120, 170, 240),
            format!("Showing the position after {shown} of {played} moves."),
        );
    }
    let (first, number) = game.first_move();
    let moves = game.written_moves();
    let two_columns = pair_fits(ui, &moves);
    egui::ScrollArea::vertical()
        .stick_to_bottom(browse.ply.is_none())
        // The list ends above the collapsed "Games and levels" window in the corner.
        .max_height((ui.available_height() - CORNER_WINDOW).max(MIN_LIST))
        .show(ui, |ui| {
            let rows = Rows {
                first,
                number,
                two_columns,
                shown,
                played,
            };
            move_rows(ui, &moves, &rows, browse);
            // The result closes the list, as in a score sheet.
            let status = game.status();
            if status.is_over() {
                let result = match status.winner() {
                    Some(Side::White) => "1-0",
                    Some(Side::Black) => "0-1",
                    None => "½-½",
                };
                ui.monospace(format!("{result}  {}", game.describe()));
            }
        });
    command
}

/// How the move list's rows are laid out: who moved first and that move's number,
/// whether White's and Black's moves share a row, and which move is shown.
struct Rows {
    first: Side,
    number: u32,
    two_columns: bool,
    shown: usize,
    played: usize,
}

/// The move list's rows: the move number, White's move and Black's, each move a button;
/// where a pair does not fit side by side, Black's move takes a row of its own.
fn move_rows(ui: &mut egui::Ui, moves: &[String], rows: &Rows, browse: &mut Browse) {
    egui::Grid::new("moves").num_columns(3).show(ui, |ui| {
        let mut k = 0;
        let mut n = rows.number;
        while k < moves.len() {
            ui.monospace(format!("{n:>3}."));
            if k == 0 && rows.first == Side::Black {
                ui.monospace("...");
            } else {
                move_button(ui, &moves[k], k + 1, rows.shown, browse, rows.played);
                k += 1;
            }
            if let Some(text) = moves.get(k) {
                if !rows.two_columns {
                    ui.end_row();
                    ui.label("");
                }
                move_button(ui, text, k + 1, rows.shown, browse, rows.played);
                k += 1;
            }
            ui.end_row();
            n += 1;
        }
    });
}

/// Room kept under the move list for the title bar of the "Games and levels" window,
/// which sits in the window's bottom right corner, over the panel.
const CORNER_WINDOW: f32 = 44.0;

/// The least height the move list is given, however little room is left.
const MIN_LIST: f32 = 80.0;

/// Whether a row of the move number and two moves of `moves` fits the panel's width.
fn pair_fits(ui: &egui::Ui, moves: &[String]) -> bool {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let char_width = ui.ctx().fonts_mut(|fonts| fonts.glyph_width(&font, '0'));
    let longest = moves.iter().map(|m| m.chars().count()).max().unwrap_or(0) as f32;
    let spacing = ui.spacing();
    let cell = longest * char_width + 2.0 * spacing.button_padding.x + spacing.item_spacing.x;
    let number = 4.0 * char_width + spacing.item_spacing.x;
    number + 2.0 * cell <= ui.available_width()
}

/// One move of the list: shows the position after it when clicked.
fn move_button(
    ui: &mut egui::Ui,
    text: &str,
    ply: usize,
    shown: usize,
    browse: &mut Browse,
    played: usize,
) {
    let label = egui::RichText::new(text).monospace();
    if ui.selectable_label(ply == shown, label).clicked() {
        browse.go_to(ply, played);
    }
}

/// The analysis: whether the engine analyses the position shown and how many lines, the
/// lines it found, and the evaluation graph.
pub(super) fn analysis_section(
    ui: &mut egui::Ui,
    game: &dyn Play,
    players: &Players,
    analysis: &mut Analysis,
    browse: &mut Browse,
) {
    egui::CollapsingHeader::new("Analysis")
        .id_salt("analysis")
        .show(ui, |ui| {
            if !may_analyse(game, players) {
                ui.label("The engine analyses finished games and games without a computer.");
                return;
            }
            ui.horizontal(|ui| {
                ui.checkbox(&mut analysis.on, "Analyse")
                    .on_hover_text("The engine thinks on the position shown, without limit");
                ui.label("lines:");
                for n in 1..=MOST_LINES {
                    if ui
                        .selectable_label(analysis.lines == n, n.to_string())
                        .clicked()
                    {
                        analysis.lines = n;
                    }
                }
            });
            if analysis.on {
                let side = analysis.analysed.map_or(game.to_move(), |(_, side)| side);
                let lines = analysis.lines_found();
                if lines.is_empty() {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("Thinking…");
                    });
                }
                for thought in lines {
                    ui.horizontal_wrapped(|ui| {
                        ui.monospace(score_words(thought.score, side));
                        ui.label(format!("d{}", thought.depth));
                        ui.label(&thought.line);
                    });
                }
            }
            ui.separator();
            if !analysis.graph_asked {
                if ui
                    .button("Evaluation graph")
                    .on_hover_text("A quick look at every position of the game")
                    .clicked()
                {
                    analysis.graph_asked = true;
                }
                return;
            }
            let graph = analysis.graph();
            if !graph.done() {
                let share = graph.scores.len() as f32 / graph.positions.max(1) as f32;
                ui.add(
                    egui::ProgressBar::new(share)
                        .text(format!(
                            "{} of {} positions",
                            graph.scores.len(),
                            graph.positions
                        ))
                        .desired_width(ui.available_width()),
                );
            }
            let (first, _) = game.first_move();
            let played = game.moves_played();
            if let Some(ply) = graph_plot(ui, &graph, first, browse.shown(played)) {
                browse.go_to(ply, played);
            }
            let worst = graph.swings(100, first);
            if let Some(&(ply, lost)) = worst.first() {
                ui.label(format!(
                    "Largest swing: move {ply} ({}) gave away {:.1} pawns.",
                    game.written_moves().get(ply - 1).map_or("", String::as_str),
                    f64::from(lost) / 100.0
                ));
            }
            if ui.small_button("Close the graph").clicked() {
                analysis.graph_asked = false;
            }
        });
}

/// A score for White as the graph and the bar draw it: a mate as ±10 pawns.
fn capped(score: i32) -> f32 {
    if score.abs() >= MATE_BOUND {
        if score > 0 { 1.0 } else { -1.0 }
    } else {
        score.clamp(-1000, 1000) as f32 / 1000.0
    }
}

/// The graph: White's score after each move (up: White better), the moves that gave away
/// 1 pawn (orange) or 2 (red) marked, the position shown as a line. Returns the move
/// number clicked.
fn graph_plot(ui: &mut egui::Ui, graph: &Graph, first: Side, shown: usize) -> Option<usize> {
    let size = egui::vec2(ui.available_width(), 90.0);
    let (response, painter) = ui.allocate_painter(size, egui::Sense::click());
    let rect = response.rect;
    painter.rect_filled(rect, 3.0, egui::Color32::from_gray(40));
    painter.line_segment(
        [rect.left_center(), rect.right_center()],
        egui::Stroke::new(1.0, egui::Color32::from_gray(90)),
    );
    let last = graph.positions.saturating_sub(1).max(1) as f32;
    let at = |ply: usize, score: i32| {
        egui::pos2(
            rect.left() + rect.width() * ply as f32 / last,
            rect.center().y - capped(score) * rect.height() / 2.0 * 0.9,
        )
    };
    let x_of = |ply: usize| rect.left() + rect.width() * ply as f32 / last;
    painter.line_segment(
        [
            egui::pos2(x_of(shown), rect.top()),
            egui::pos2(x_of(shown), rect.bottom()),
        ],
        egui::Stroke::new(1.0, egui::Color32::from_rgb(120, 170, 240)),
    );
    let points: Vec<egui::Pos2> = graph
        .scores
        .iter()
        .enumerate()
        .map(|(k, &s)| at(k, s))
        .collect();
    painter.add(egui::Shape::line(
        points,
        egui::Stroke::new(1.5, egui::Color32::from_rgb(230, 230, 230)),
    ));
    for (ply, lost) in graph.swings(100, first) {
        let colour = if lost >= 200 {
            egui::Color32::from_rgb(235, 80, 60)
        } else {
            egui::Color32::from_rgb(240, 160, 50)
        };
        painter.circle_filled(at(ply, graph.scores[ply]), 3.5, colour);
    }
    let clicked = response.clicked().then(|| response.interact_pointer_pos());
    clicked.flatten().map(|p| {
        let share = ((p.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
        (share * last).round() as usize
    })
}

/// The evaluation bar beside the board while the engine analyses: White's share of the
/// bar grows from the bottom with its score (a sigmoid of pawns; a mate fills it).
fn evaluation_bar(
    mut contexts: EguiContexts,
    analysis: Res<Analysis>,
    current: CurrentGame,
    players: Res<Players>,
) -> Result {
    if !analysis.on || !current.game().is_some_and(|g| may_analyse(g, &players)) {
        return Ok(());
    }
    let Some(best) = analysis.lines_found().into_iter().next() else {
        return Ok(());
    };
    let Some((_, side)) = analysis.analysed else {
        return Ok(());
    };
    let for_white = match side {
        Side::White => best.score.0,
        Side::Black => -best.score.0,
    };
    let share = if for_white.abs() >= MATE_BOUND {
        if for_white > 0 { 1.0 } else { 0.0 }
    } else {
        1.0 / (1.0 + 10f32.powf(-(for_white as f32) / 400.0))
    };
    let ctx = contexts.ctx_mut()?;
    let height = ctx.viewport_rect().height();
    let rect = egui::Rect::from_min_size(egui::pos2(4.0, 40.0), egui::vec2(12.0, height - 80.0));
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("evaluation bar"),
    ));
    painter.rect_filled(rect, 2.0, egui::Color32::from_gray(35));
    let white = egui::Rect::from_min_max(
        egui::pos2(rect.left(), rect.bottom() - rect.height() * share),
        rect.right_bottom(),
    );
    painter.rect_filled(white, 2.0, egui::Color32::from_gray(235));
    painter.line_segment(
        [rect.left_center(), rect.right_center()],
        egui::Stroke::new(1.0, egui::Color32::from_rgb(200, 60, 40)),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    /// Lays out the move list in a panel `width` points wide, with or without White's and
    /// Black's moves side by side (`None`: as the panel decides): how many moves show whole
    /// (on one line, not cut short, inside the panel; egui paints no widget outside it).
    fn whole_moves(moves: &[String], width: f32, two_columns: Option<bool>) -> usize {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(width, 2000.0),
            )),
            ..Default::default()
        };
        let mut browse = Browse::default();
        let mut run = || {
            ctx.run_ui(input.clone(), |ui| {
                let two_columns = two_columns.unwrap_or_else(|| pair_fits(ui, moves));
                let rows = Rows {
                    first: Side::White,
                    number: 1,
                    two_columns,
                    shown: moves.len(),
                    played: moves.len(),
                };
                // In a vertical scroll area, as in the panel.
                egui::ScrollArea::vertical().show(ui, |ui| {
                    move_rows(ui, moves, &rows, &mut browse);
                });
            })
        };
        // The first frame measures the grid's columns; the second lays it out by them.
        // (No renderer takes the font atlas: its updates are dropped.)
        run().textures_delta.clear();
        let mut output = run();
        output.textures_delta.clear();
        output
            .shapes
            .iter()
            .filter(|clipped| match &clipped.shape {
                egui::Shape::Text(text) => {
                    let galley = &text.galley;
                    galley.text().contains("->")
                        && !galley.elided
                        && galley.rows.len() == 1
                        && text.visual_bounding_rect().max.x <= width
                }
                _ => false,
            })
            .count()
    }

    #[test]
    fn long_continuous_moves_keep_inside_the_panel_and_short_ones_share_a_row() {
        let long: Vec<String> = (0..24)
            .map(|k| format!("B{}.52,13.07->{}.5100002,8.91", k % 9 + 10, k % 7 + 10))
            .collect();
        let width = super::super::common::look::PANEL_WIDTH - 16.0;
        assert_eq!(whole_moves(&long, width, None), long.len());
        // Side by side they would not (the test can tell a list that runs off the panel).
        assert!(whole_moves(&long, width, Some(true)) < long.len());
        // Chess's SAN keeps two moves a row.
        let short: Vec<String> = ["e4", "e5", "Nf3", "Nc6"].map(String::from).to_vec();
        let ctx = egui::Context::default();
        let mut fits = false;
        ctx.run_ui(egui::RawInput::default(), |ui| fits = pair_fits(ui, &short))
            .textures_delta
            .clear();
        assert!(fits);
    }

    #[test]
    fn scores_are_capped_at_ten_pawns_and_mates_fill_the_scale() {
        assert_eq!(capped(0), 0.0);
        assert_eq!(capped(500), 0.5);
        assert_eq!(capped(5000), 1.0);
        assert_eq!(capped(-(MATE - 3)), -1.0);
        assert_eq!(capped(MATE_BOUND), 1.0);
    }
}
