//! The analysis board, both modes: looking back through the game without undoing it
//! ([`Browse`]), the engine thinking without limit on the position shown and listing its
//! best lines ([`Analysis`]), and a quick look at every position of the game for an
//! evaluation graph ([`Graph`]).
//!
//! | rule | decision |
//! | --- | --- |
//! | when the engine analyses | when asked, and only where it cannot help a player against the computer: a finished game, or a game without a computer seat |
//! | what it analyses | the position shown: the one browsed to, else the game's; a game ended by the players or the clock is analysed as it stood |
//! | how long | without limit, until the position shown changes or analysis is turned off; each finished depth replaces its lines |
//! | the graph | each position of the game searched for a fixed short time ([`GRAPH_TIME`]), one after another, on a thread of its own (as the analysis); scores for White |
//! | browsing | the piece entities show the position browsed to; the game, its clocks and the computer go on as they are; "continue from here" takes back the moves after it (Redo brings them back) |

use super::matches::{Match, MatchGame, Thought};
use super::players::Players;
use super::sets::{EnterModeSystems, RuleStep};
use crate::play::{Color, Play, Status};
use crate::search::{Limits, MATE, Score};
use bevy::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long each position of the graph is searched.
pub const GRAPH_TIME: Duration = Duration::from_millis(150);

/// The most lines the analysis lists.
pub const MOST_LINES: usize = 3;

/// The browsing and analysis systems for the mode of game `G`, after the rules applied
/// this frame's moves, beside the computer.
pub(super) fn for_mode<G: MatchGame>(app: &mut App) {
    app.add_systems(
        PreUpdate,
        forget_analysis::<G>
            .run_if(resource_added::<Match<G>>)
            .after(EnterModeSystems),
    )
    .add_systems(
        Update,
        (
            (keep_browse_in_game::<G>, analyse::<G>, draw_graph::<G>)
                .chain()
                .run_if(resource_exists::<Match<G>>),
            stop_analyst::<G>.run_if(not(resource_exists::<Match<G>>)),
        )
            .in_set(RuleStep::Think),
    );
}

/// The other mode's match is open: this mode's analysis and graph stop, and its engine
/// goes.
fn stop_analyst<G: MatchGame>(mut commands: Commands, analyst: Option<Res<Analyst<G>>>) {
    if analyst.is_some() {
        commands.remove_resource::<Analyst<G>>();
    }
}

/// The position shown when it is not the game's: how many of the game's moves are
/// played on the board shown.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Browse {
    /// The moves shown, if fewer than the game's (`None`: the game as it stands).
    pub ply: Option<usize>,
}

impl Browse {
    /// The number of moves shown, for a game of `played` moves.
    pub fn shown(&self, played: usize) -> usize {
        self.ply.map_or(played, |p| p.min(played))
    }

    /// One move back from what is shown (down to the start).
    pub fn back(&mut self, played: usize) {
        self.ply = Some(self.shown(played).saturating_sub(1));
    }

    /// One move on; at the game's last move, the game as it stands.
    pub fn forward(&mut self, played: usize) {
        let next = self.shown(played) + 1;
        self.ply = (next < played).then_some(next);
    }

    /// Shows the position after `ply` moves (the game itself at its last).
    pub fn go_to(&mut self, ply: usize, played: usize) {
        self.ply = (ply < played).then_some(ply);
    }
}

/// `game` as it stood after `ply` moves, ready to analyse: later moves taken back, and an
/// ending by the players or the clock taken off.
pub fn at_ply<G: Play + Clone>(game: &G, ply: usize) -> G {
    let mut shown = game.clone();
    while shown.moves_played() > ply && shown.undo() {}
    if matches!(
        shown.status(),
        Status::Resigned { .. } | Status::DrawAgreed | Status::OutOfTime { .. }
    ) {
        shown.undo();
    }
    shown
}

/// Whether the engine may analyse `game` for players seated so: it is over, or no
/// computer plays in it.
pub fn may_analyse(game: &dyn Play, players: &Players) -> bool {
    game.status().is_over() || !(players.white.is_computer() || players.black.is_computer())
}

/// What the analysis is asked and what it has found.
#[derive(Resource, Debug)]
pub struct Analysis {
    /// Analyse the position shown.
    pub on: bool,
    /// How many lines to list, 1 to [`MOST_LINES`].
    pub lines: usize,
    /// The lines of the position analysed, best first, each its last finished depth's.
    pub found: Arc<Mutex<Vec<Thought>>>,
    /// The position analysed: the moves shown, and the side to move there.
    pub analysed: Option<(usize, Color)>,
    /// An evaluation graph asked for.
    pub graph_asked: bool,
    /// The graph of the game, as far as it has been drawn.
    pub graph: Arc<Mutex<Graph>>,
}

impl Default for Analysis {
    fn default() -> Analysis {
        Analysis {
            on: false,
            lines: 1,
            found: Arc::default(),
            analysed: None,
            graph_asked: false,
            graph: Arc::default(),
        }
    }
}

impl Analysis {
    /// The lines found so far, best first.
    pub fn lines_found(&self) -> Vec<Thought> {
        self.found.lock().map(|f| f.clone()).unwrap_or_default()
    }

    /// The graph as far as it has been drawn.
    pub fn graph(&self) -> Graph {
        self.graph.lock().map(|g| g.clone()).unwrap_or_default()
    }
}

/// An evaluation graph: a score for White after each number of moves (0: the start), as
/// far as the positions have been searched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// The scores found, in centipawns for White (mates as ±[`MATE`] less the distance).
    pub scores: Vec<i32>,
    /// How many positions the game has (its moves plus one).
    pub positions: usize,
}

impl Graph {
    /// Whether every position has its score.
    pub fn done(&self) -> bool {
        self.positions > 0 && self.scores.len() == self.positions
    }

    /// The moves that gave away the most, for the side that played them: each move's
    /// number (from 1) and what it lost in centipawns (a mate counted as 10 pawns), where
    /// it lost at least `threshold`, largest first.
    pub fn swings(&self, threshold: i32, first: Color) -> Vec<(usize, i32)> {
        let clamp = |s: i32| s.clamp(-1000, 1000);
        let mut out: Vec<(usize, i32)> = self
            .scores
            .windows(2)
            .enumerate()
            .filter_map(|(k, pair)| {
                let mover = if k % 2 == 0 { first } else { first.opponent() };
                let change = clamp(pair[1]) - clamp(pair[0]);
                let lost = match mover {
                    Color::White => -change,
                    Color::Black => change,
                };
                (lost >= threshold).then_some((k + 1, lost))
            })
            .collect();
        out.sort_by_key(|&(_, lost)| std::cmp::Reverse(lost));
        out
    }
}

/// One mode's analysis engine and its thinking under way.
#[derive(Resource)]
struct Analyst<G: MatchGame> {
    engine: Option<G::Engine>,
    task: Option<Job<G>>,
    /// What the analysis last started on, running or finished: the moves shown and the
    /// lines asked.
    analysed: Option<(usize, usize)>,
    graph: Option<Job<G>>,
    /// The game the graph was last started for, by its moves: a change starts it again.
    graphed: Option<usize>,
}

impl<G: MatchGame> Default for Analyst<G> {
    fn default() -> Self {
        Analyst {
            engine: None,
            task: None,
            analysed: None,
            graph: None,
            graphed: None,
        }
    }
}

/// A thread at work with its stop flag, raised when it is dropped (the thread then ends
/// on its own at its next look at the flag).
struct Job<G: MatchGame> {
    task: Option<std::thread::JoinHandle<G::Engine>>,
    stop: Arc<AtomicBool>,
}

impl<G: MatchGame> Drop for Job<G> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// A new match: nothing analysed or browsed, no graph.
fn forget_analysis<G: MatchGame>(
    mut commands: Commands,
    mut analysis: ResMut<Analysis>,
    mut browse: ResMut<Browse>,
) {
    commands.insert_resource(Analyst::<G>::default());
    analysis.analysed = None;
    analysis.graph_asked = false;
    if let Ok(mut found) = analysis.found.lock() {
        found.clear();
    }
    if let Ok(mut graph) = analysis.graph.lock() {
        *graph = Graph::default();
    }
    browse.ply = None;
}

/// A browse past the game's end (after an undo) shows the game.
fn keep_browse_in_game<G: MatchGame>(state: Res<Match<G>>, mut browse: ResMut<Browse>) {
    let played = state.game.moves_played();
    if browse.ply.is_some_and(|p| p >= played) {
        browse.ply = None;
    }
}

/// Starts, restarts or stops the analysis of the position shown.
fn analyse<G: MatchGame>(
    state: Res<Match<G>>,
    players: Res<Players>,
    browse: Res<Browse>,
    mut analysis: ResMut<Analysis>,
    analyst: Option<ResMut<Analyst<G>>>,
) {
    let Some(mut analyst) = analyst else {
        return;
    };
    let analyst = &mut *analyst;
    if let Some(engine) = finished(&mut analyst.task) {
        analyst.engine = engine;
    }
    let game = &state.game;
    let shown = browse.shown(game.moves_played());
    let wanted = (analysis.on && may_analyse(game, &players))
        .then_some((shown, analysis.lines.clamp(1, MOST_LINES)));
    if wanted == analyst.analysed && (wanted.is_none() || !state.is_changed()) {
        return;
    }
    analyst.task = None;
    analyst.analysed = wanted;
    let Some(key) = wanted else {
        analysis.analysed = None;
        return;
    };
    let position = at_ply(game, shown);
    analysis.analysed = Some((shown, position.to_move()));
    let found = Arc::clone(&analysis.found);
    if let Ok(mut lines) = found.lock() {
        lines.clear();
    }
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        stop: Some(Arc::clone(&stop)),
        lines: key.1,
        ..Limits::default()
    };
    let engine = analyst
        .engine
        .take()
        .unwrap_or_else(|| G::engine(&state.level));
    let task = spawn(position, engine, move |position, engine| {
        let mut batch: Vec<Thought> = Vec::new();
        position.think(engine, &limits, None, &mut |thought| {
            if let Ok(mut lines) = found.lock() {
                gather(&mut batch, &mut lines, thought, key.1);
            }
        });
    });
    analyst.task = Some(Job {
        task: Some(task),
        stop,
    });
}

/// Takes one line the search tells into `batch` (its depth's lines so far, at most
/// `most`) and shows the batch in `shown` once it has as many lines as `shown` has. Each
/// depth tells its lines one by one, best first: shown together, no reader sees one
/// depth's lines mixed with another's (the same move twice, or the best not first).
fn gather(batch: &mut Vec<Thought>, shown: &mut Vec<Thought>, thought: Thought, most: usize) {
    // Lines an earlier, longer request left are never more than this one shows.
    shown.truncate(most);
    if thought.multipv <= 1 {
        batch.clear();
    }
    if batch.len() < most {
        batch.push(thought);
    }
    if batch.len() >= shown.len() {
        shown.clone_from(batch);
    }
}

/// Draws the evaluation graph when asked: each position of the game in turn.
fn draw_graph<G: MatchGame>(
    state: Res<Match<G>>,
    analysis: Res<Analysis>,
    analyst: Option<ResMut<Analyst<G>>>,
) {
    let Some(mut analyst) = analyst else {
        return;
    };
    let analyst = &mut *analyst;
    finished(&mut analyst.graph);
    let played = state.game.moves_played();
    if !analysis.graph_asked {
        analyst.graph = None;
        analyst.graphed = None;
        return;
    }
    if analyst.graphed == Some(played) {
        return;
    }
    // The game changed, or the graph was just asked for: draw it from the start.
    analyst.graph = None;
    analyst.graphed = Some(played);
    let graph = Arc::clone(&analysis.graph);
    if let Ok(mut g) = graph.lock() {
        *g = Graph {
            scores: Vec::new(),
            positions: played + 1,
        };
    }
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        stop: Some(Arc::clone(&stop)),
        movetime: Some(GRAPH_TIME),
        ..Limits::default()
    };
    let engine = G::engine(&state.level);
    let game = state.game.clone();
    let task = spawn(game, engine, move |game, engine| {
        for ply in 0..=played {
            let position = at_ply(game, ply);
            let score = score_for_white(&position, engine, &limits);
            if limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                return;
            }
            let Ok(mut g) = graph.lock() else { return };
            g.scores.push(score);
        }
    });
    analyst.graph = Some(Job {
        task: Some(task),
        stop,
    });
}

/// A quick score of `position` for White: its end where it has one, else a short search.
fn score_for_white<G: MatchGame>(position: &G, engine: &mut G::Engine, limits: &Limits) -> i32 {
    let for_mover = match position.status() {
        Status::RoyalLost { .. } => -MATE,
        Status::Goal { winner: None, .. } => 0,
        Status::Checkmate { winner }
        | Status::Goal {
            winner: Some(winner),
            ..
        }
        | Status::BareKing { winner }
        | Status::PawnDropMate { winner }
        | Status::PerpetualCheck { winner }
        | Status::Stalemate {
            winner: Some(winner),
        } => {
            if winner == position.to_move() {
                MATE
            } else {
                -MATE
            }
        }
        Status::Playing => {
            let mut last = Score(0);
            position.think(engine, limits, None, &mut |thought| {
                if thought.multipv <= 1 {
                    last = thought.score;
                }
            });
            last.0
        }
        _ => 0,
    };
    match position.to_move() {
        Color::White => for_mover,
        Color::Black => -for_mover,
    }
}

/// Runs `work` on a thread of its own at the thinking threads' priority, handing the
/// engine back when done. Not on Bevy's task pool: an analysis runs until it is stopped,
/// and a build without Bevy's threads runs pool tasks on the main thread, to the end.
fn spawn<G: MatchGame>(
    game: G,
    mut engine: G::Engine,
    work: impl FnOnce(&G, &mut G::Engine) + Send + 'static,
) -> std::thread::JoinHandle<G::Engine> {
    std::thread::spawn(move || {
        super::computer::yield_to_the_window();
        work(&game, &mut engine);
        engine
    })
}

/// The engine back from a finished job, if it has finished (a job that panicked gives
/// none).
fn finished<G: MatchGame>(job: &mut Option<Job<G>>) -> Option<Option<G::Engine>> {
    let done = job
        .as_ref()
        .is_some_and(|j| j.task.as_ref().is_none_or(|t| t.is_finished()));
    if !done {
        return None;
    }
    let task = job.as_mut().and_then(|j| j.task.take());
    *job = None;
    Some(task.and_then(|t| t.join().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_depths_lines_are_shown_together_never_mixed_with_the_last_depths() {
        let line = |depth: u32, multipv: u32, first: &str, score: i32| Thought {
            depth,
            score: Score(score),
            nodes: 0,
            line: first.to_string(),
            multipv,
        };
        let (mut batch, mut shown) = (Vec::new(), Vec::new());
        let firsts = |shown: &[Thought]| shown.iter().map(|t| t.line.clone()).collect::<Vec<_>>();
        // The first depth's lines are shown as they come.
        gather(&mut batch, &mut shown, line(4, 1, "c1g5", 900), 3);
        assert_eq!(firsts(&shown), ["c1g5"]);
        gather(&mut batch, &mut shown, line(4, 2, "g1f3", 20), 3);
        gather(&mut batch, &mut shown, line(4, 3, "b1c3", 10), 3);
        assert_eq!(firsts(&shown), ["c1g5", "g1f3", "b1c3"]);
        // The next depth reorders them: until its third line comes, the last depth's stay.
        gather(&mut batch, &mut shown, line(5, 1, "c1g5", 880), 3);
        gather(&mut batch, &mut shown, line(5, 2, "b1c3", 30), 3);
        assert_eq!(firsts(&shown), ["c1g5", "g1f3", "b1c3"]);
        assert!(shown.iter().all(|t| t.depth == 4));
        gather(&mut batch, &mut shown, line(5, 3, "g1f3", 15), 3);
        assert_eq!(firsts(&shown), ["c1g5", "b1c3", "g1f3"]);
        assert!(shown.iter().all(|t| t.depth == 5));
        // A depth cut short by a stop leaves the last whole one shown.
        gather(&mut batch, &mut shown, line(6, 1, "c1g5", 870), 3);
        assert_eq!(shown.len(), 3);
        assert!(shown.iter().all(|t| t.depth == 5));
        // One line asked for: each depth's best replaces the last.
        let (mut batch, mut shown) = (Vec::new(), Vec::new());
        gather(&mut batch, &mut shown, line(4, 1, "c1g5", 900), 1);
        gather(&mut batch, &mut shown, line(5, 1, "d1h5", 950), 1);
        assert_eq!(firsts(&shown), ["d1h5"]);
        // Three lines left from a longer request: a new one-line depth still shows.
        let (mut batch, mut shown) = (Vec::new(), vec![line(5, 1, "c1g5", 880); 3]);
        gather(&mut batch, &mut shown, line(6, 1, "d1h5", 950), 1);
        assert_eq!(firsts(&shown), ["d1h5"]);
    }

    #[test]
    fn browsing_steps_back_and_forth_and_ends_at_the_game() {
        let mut browse = Browse::default();
        assert_eq!(browse.shown(5), 5);
        browse.back(5);
        assert_eq!(browse.ply, Some(4));
        for _ in 0..10 {
            browse.back(5);
        }
        assert_eq!(browse.ply, Some(0), "the start is as far back as it goes");
        browse.forward(5);
        assert_eq!(browse.shown(5), 1);
        browse.go_to(4, 5);
        browse.forward(5);
        assert_eq!(browse.ply, None, "past the last move: the game itself");
        browse.go_to(5, 5);
        assert_eq!(browse.ply, None);
    }

    #[test]
    fn the_graph_marks_the_moves_that_gave_most_away() {
        // White's second move (move 3) drops 3 pawns; Black's first gains nothing.
        let graph = Graph {
            scores: vec![20, 30, 25, -280, -260],
            positions: 5,
        };
        assert!(graph.done());
        assert_eq!(graph.swings(100, Color::White), vec![(3, 305)]);
        // The same moves with Black first: Black's second move (3) gained, so no swing.
        assert_eq!(graph.swings(100, Color::Black), Vec::<(usize, i32)>::new());
        // A mate counts as ten pawns.
        let mated = Graph {
            scores: vec![0, -MATE],
            positions: 2,
        };
        assert_eq!(mated.swings(100, Color::White), vec![(1, 1000)]);
    }
}
