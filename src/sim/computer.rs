//! The computer at the board, in both modes: it plays every side whose seat is
//! [`Seat::Computer`], and finds a hint for a person who asks.
//!
//! It thinks on Bevy's async compute pool, so the window keeps drawing and answering while
//! it does, and hands its move to the rules as a request, as a person's click would. What
//! changes the game under it cancels the thinking at once: a move, Undo, New game, a
//! loaded game, another level, a seat changed, Pause. Cancelling raises the search's stop
//! flag, which it reads every few hundred nodes, and drops the task, so a late answer is
//! never played.
//!
//! | rule | decision |
//! | --- | --- |
//! | how long it thinks | [`Plan::of`] its strength; a hint thinks as strength 4; on the clock, no longer than its time left allows ([`crate::search::Limits`]'s `time_left`) |
//! | the fastest answer | not before its pace ([`PACE`], on the clock at most a 50th of its time left) after it began to think, so a person sees their own move land and a game between computers can be followed |
//! | its memory | one engine per side, kept between its moves, made again after a cancel or when its strength changes |
//! | a paused game | no new think for a move; Step lets one through |
//! | a refused move (a bug) | the computer pauses and says so, rather than trying again forever |
//! | the window at rest | the thinking wakes the window (see [`Wake`]) after each depth and when done, so no frame is drawn just to poll it |

use super::match_clock::MatchClock;
use super::matches::{Match, MatchGame, Thought};
use super::players::Players;
use super::sets::{EnterModeSystems, RuleStep};
use crate::play::{Color, Seat, Strength};
use crate::search::{Noise, Plan};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool, futures::check_ready};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The soonest a computer's move is played after it began to think.
pub const PACE: Duration = Duration::from_millis(500);

/// What a move costs the computer's clock beyond its search: the frames between its
/// answer and the move being played (a few, under a slow software renderer).
const MOVE_OVERHEAD: Duration = Duration::from_millis(60);

/// The computer's systems for the mode of game `G`: run after the rules applied this
/// frame's moves and commands, before the pieces are mirrored.
pub(super) fn for_mode<G: MatchGame>(app: &mut App) {
    app.add_systems(
        PreUpdate,
        fresh_engines::<G>
            .run_if(resource_added::<Match<G>>)
            .after(EnterModeSystems),
    )
    .add_systems(
        Update,
        (
            computer_plays::<G>.run_if(resource_exists::<Match<G>>),
            forget_engines::<G>.run_if(not(resource_exists::<Match<G>>)),
        )
            .in_set(RuleStep::Think),
    );
}

/// What the window sees of the computer and asks of it, the same for both modes.
#[derive(Resource, Debug)]
pub struct Computer {
    /// Computer moves wait while paused (a game between computers, watched).
    pub paused: bool,
    /// While paused: let one computer move through.
    pub step: bool,
    /// A person asked for a hint in the current position.
    pub hint_asked: bool,
    /// The hint found, for the position it was asked in.
    pub hint: Option<Hint>,
    /// The thinking under way, if any.
    pub thinking: Option<Thinking>,
    /// What went wrong, in words (empty when nothing did).
    pub said: String,
    /// A finished move waits for its pace before it is played.
    pub holding: bool,
    /// The soonest a computer's move is played after it began to think ([`PACE`]; tests
    /// that only want the moves set it to zero).
    pub pace: Duration,
    /// Each move the computer played in this window: the side, and the time from the
    /// start of its think to the move being handed to the rules.
    pub answers: Vec<(Color, Duration)>,
}

impl Default for Computer {
    fn default() -> Computer {
        Computer {
            paused: false,
            step: false,
            hint_asked: false,
            hint: None,
            thinking: None,
            said: String::new(),
            holding: false,
            pace: PACE,
            answers: Vec::new(),
        }
    }
}

impl Computer {
    /// Whether the window must keep drawing frames for the computer: a finished move
    /// waits for its pace, or an answer is about to be collected. (While it thinks, its
    /// thread wakes the window instead.)
    pub fn wants_frames(&self) -> bool {
        self.holding
            || self
                .thinking
                .as_ref()
                .is_some_and(|t| t.finished.load(Ordering::Relaxed))
    }

    /// Whether the computer is thinking for a move (not a hint).
    pub fn thinking_for_move(&self) -> bool {
        self.thinking
            .as_ref()
            .is_some_and(|t| t.purpose == Purpose::Move)
    }
}

/// Why the computer thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To play the side to move.
    Move,
    /// To suggest a move to the person to move.
    Hint,
}

/// The thinking under way, as the window shows it.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// The side it thinks for.
    pub side: Color,
    /// Why.
    pub purpose: Purpose,
    /// What it thinks after its last finished depth (none before the first).
    pub progress: Arc<Mutex<Option<Thought>>>,
    /// Raised by the thinking thread as it answers.
    finished: Arc<AtomicBool>,
}

impl Thinking {
    /// Its last finished depth's thought, if any.
    pub fn thought(&self) -> Option<Thought> {
        self.progress.lock().ok().and_then(|t| t.clone())
    }
}

/// A move suggested to a person: an arrow on the board and the move in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// Where the move starts, in world units.
    pub from: Vec2,
    /// Where it ends, in world units.
    pub to: Vec2,
    /// The move in the mode's notation.
    pub text: String,
}

/// Wakes the window from another thread (the window installs it; headless apps, which
/// update without waiting, have none).
#[derive(Resource, Clone)]
pub struct Wake(pub Arc<dyn Fn() + Send + Sync>);

/// One side's engine, with the strength it was made for (`None`: for hints).
struct Seated<E> {
    strength: Option<Strength>,
    engine: E,
}

/// The engines of mode `G`'s match and its thinking under way.
#[derive(Resource)]
struct Engines<G: MatchGame> {
    seats: [Option<Seated<G::Engine>>; 2],
    task: Option<Think<G>>,
    /// A finished move, when it may be played, and when its think began.
    ready: Option<(G::Request, Duration, Duration)>,
    /// A move handed to the rules, not yet answered.
    sent: bool,
}

impl<G: MatchGame> Default for Engines<G> {
    fn default() -> Self {
        Engines {
            seats: [None, None],
            task: None,
            ready: None,
            sent: false,
        }
    }
}

/// The answer of a think: the engine back, and its choice.
type Answer<G> = (<G as MatchGame>::Engine, Option<<G as MatchGame>::Request>);

/// One think on the pool.
struct Think<G: MatchGame> {
    task: Task<Answer<G>>,
    stop: Arc<AtomicBool>,
    side: Color,
    purpose: Purpose,
    strength: Option<Strength>,
    begun: Duration,
}

impl<G: MatchGame> Drop for Think<G> {
    /// A think dropped before it answered is cancelled: the search stops at its next look
    /// at the clock.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// A new match starts with no engines and nothing under way.
fn fresh_engines<G: MatchGame>(mut commands: Commands, mut computer: ResMut<Computer>) {
    commands.insert_resource(Engines::<G>::default());
    computer.thinking = None;
    computer.hint = None;
    computer.hint_asked = false;
    computer.holding = false;
    computer.said.clear();
}

/// The other mode's match is open: this mode's engines and thinking go.
fn forget_engines<G: MatchGame>(mut commands: Commands, engines: Option<Res<Engines<G>>>) {
    if engines.is_some() {
        commands.remove_resource::<Engines<G>>();
    }
}

/// The computer's turn, each frame: cancel what the game outgrew, collect a finished
/// think, play a move whose pace has come, and start the next think.
#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: one parameter per resource"
)]
fn computer_plays<G: MatchGame>(
    state: Res<Match<G>>,
    players: Res<Players>,
    time: Res<Time<Real>>,
    clock: Res<MatchClock>,
    wake: Option<Res<Wake>>,
    mut computer: ResMut<Computer>,
    mut engines: ResMut<Engines<G>>,
    mut answers: MessageReader<G::Answer>,
    mut requests: MessageWriter<G::Request>,
) {
    let now = time.elapsed();
    let engines = &mut *engines;
    for answer in answers.read() {
        if std::mem::take(&mut engines.sent)
            && let Some(why) = G::refusal(answer)
        {
            computer.paused = true;
            computer.said = format!("The computer's move was refused ({why}); paused.");
        }
    }
    let game = &state.game;
    let over = game.status().is_over();
    let to_move = game.to_move();
    let may_move = !computer.paused || computer.step;
    // What the game or the seats outgrew.
    if state.is_changed() {
        computer.hint = None;
        engines.ready = None;
        if !players.of(to_move).is_computer() && !state.is_added() {
            // A hint asked for before this move or undo was for another position.
            computer.hint_asked &= computer.thinking.is_none();
        }
    }
    let stale = engines
        .task
        .as_ref()
        .is_some_and(|think| match think.purpose {
            Purpose::Move => {
                state.is_changed()
                    || over
                    || players.of(think.side) != think.strength.map_or(Seat::Human, Seat::Computer)
                    || !may_move
            }
            Purpose::Hint => state.is_changed() || players.of(think.side).is_computer(),
        });
    if stale {
        engines.task = None;
    }
    if !may_move || !players.of(to_move).is_computer() {
        engines.ready = None;
    }
    // A finished think.
    if let Some(think) = engines.task.as_mut()
        && let Some((engine, choice)) = check_ready(&mut think.task)
    {
        let (side, purpose, strength, begun) =
            (think.side, think.purpose, think.strength, think.begun);
        engines.task = None;
        engines.seats[side.index()] = Some(Seated { strength, engine });
        match (purpose, choice) {
            (Purpose::Move, Some(request)) => {
                // On the clock, the pace is never more than a small share of the time left.
                let pace = clock
                    .budget(side, now)
                    .map_or(computer.pace, |(left, _)| computer.pace.min(left / 50));
                engines.ready = Some((request, begun + pace, begun));
            }
            (Purpose::Hint, Some(request)) => {
                let (from, to, text) = G::sketch(&state.level, game, &request);
                computer.hint = Some(Hint { from, to, text });
            }
            (_, None) => {}
        }
    }
    // A finished move whose pace has come.
    if let Some((request, at, begun)) = engines.ready
        && now >= at
    {
        engines.ready = None;
        computer.answers.push((to_move, now - begun));
        engines.sent = true;
        computer.step = false;
        requests.write(request);
    }
    computer.holding = engines.ready.is_some();
    if engines.task.is_none() {
        computer.thinking = None;
    }
    if engines.task.is_some() || engines.ready.is_some() || engines.sent || over {
        return;
    }
    // The next think: the computer's move, else a hint asked for.
    let (purpose, strength) = match players.of(to_move) {
        Seat::Computer(strength) if may_move => (Purpose::Move, Some(strength)),
        Seat::Human if computer.hint_asked && computer.hint.is_none() => (Purpose::Hint, None),
        _ => return,
    };
    computer.hint_asked = false;
    let mut plan = strength.map_or_else(Plan::hint, Plan::of);
    // On the clock, a move is planned from the time left, as under UCI's wtime and winc.
    if purpose == Purpose::Move
        && let Some((left, increment)) = clock.budget(to_move, now)
    {
        plan.limits.time_left = Some(left);
        plan.limits.increment = increment;
        plan.limits.overhead = MOVE_OVERHEAD;
    }
    let engine = match engines.seats[to_move.index()].take() {
        Some(seated) if seated.strength == strength => seated.engine,
        _ => G::engine(&state.level),
    };
    let noise = plan.noise(now.as_nanos() as u64 ^ ((to_move.index() as u64) << 63));
    let thinking = Thinking {
        side: to_move,
        purpose,
        progress: Arc::default(),
        finished: Arc::default(),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let task = spawn_think::<G>(
        game.clone(),
        engine,
        plan,
        noise,
        Arc::clone(&stop),
        &thinking,
        wake.map(|w| Arc::clone(&w.0)),
    );
    computer.thinking = Some(thinking);
    engines.task = Some(Think {
        task,
        stop,
        side: to_move,
        purpose,
        strength,
        begun: now,
    });
}

/// Starts a think of `game` on the async compute pool: the engine searches within the
/// plan, errs by `noise`, writes each finished depth to the thinking's progress, and
/// wakes the window after each and when done.
fn spawn_think<G: MatchGame>(
    game: G,
    mut engine: G::Engine,
    plan: Plan,
    noise: Option<Noise>,
    stop: Arc<AtomicBool>,
    thinking: &Thinking,
    wake: Option<Arc<dyn Fn() + Send + Sync>>,
) -> Task<Answer<G>> {
    let progress = Arc::clone(&thinking.progress);
    let finished = Arc::clone(&thinking.finished);
    let pool = AsyncComputeTaskPool::get_or_init(TaskPool::default);
    pool.spawn(async move {
        yield_to_the_window();
        let mut limits = plan.limits;
        limits.stop = Some(stop);
        let wake_up = || {
            if let Some(wake) = &wake {
                wake();
            }
        };
        let choice = game.think(&mut engine, &limits, noise, &mut |thought| {
            if let Ok(mut last) = progress.lock() {
                *last = Some(thought);
            }
            wake_up();
        });
        finished.store(true, Ordering::Relaxed);
        wake_up();
        (engine, choice)
    })
}

/// Lowers the thinking thread's priority to the least, so that the window's threads come
/// first on a busy machine and it keeps drawing on time; the search still has every cycle
/// the window leaves (Linux: the nice value is per thread).
pub(super) fn yield_to_the_window() {
    #[cfg(target_os = "linux")]
    {
        // Where it is refused, the computer thinks at the window's priority.
        let _ = thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
    }
}
