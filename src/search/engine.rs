//! Iterative-deepening principal-variation search with a quiescence search, a
//! transposition table, killer and history move ordering, check extensions, null-move
//! pruning and late-move reductions, over any [`Searchable`] position; where the world
//! trusts its evaluation's margins (the grid), also aspiration windows at the root,
//! razoring, reverse futility and futility pruning, and singular extensions.

use super::limits::{Clock, Limits};
use super::searchable::{End, MATE, MATE_BOUND, Score, Searchable};
use super::table::{Bound, Table};
use super::tuning::{
    ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, CAPTURE_EXCHANGE_MARGIN, DELTA_MARGIN,
    EXCHANGE_PRUNING_DEPTH, FUTILITY_BASE, FUTILITY_MARGIN, HISTORY_MAX, INTERNAL_REDUCTION_DEPTH,
    LATE_MOVE_AFTER, LATE_MOVE_DEPTH_STEP, LATE_MOVE_LATER, LATE_MOVE_MIN_DEPTH,
    LATE_MOVE_PRUNING_BASE, LMR_BASE, LMR_DIVISOR, LMR_HISTORY_STEP, NULL_MOVE_DEPTH_STEP,
    NULL_MOVE_EVAL_STEP, NULL_MOVE_MIN_DEPTH, NULL_MOVE_REDUCTION, QUIET_EXCHANGE_MARGIN,
    QUIET_THREAT_ORDER, RAZOR_BASE, RAZOR_DEPTH, RAZOR_MARGIN, REVERSE_FUTILITY_DEPTH,
    REVERSE_FUTILITY_MARGIN, SINGULAR_DEPTH, SINGULAR_MARGIN,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The deepest the search goes, extensions and quiescence included.
const MAX_PLY: usize = 128;

/// The deepest iteration (a deeper `depth` limit searches this deep; the command line
/// refuses one).
pub const MAX_DEPTH: u32 = 100;

/// Above any score.
const INFINITY: i32 = MATE + 1;

/// No static evaluation at this ply (in check, or not computed).
const NO_EVAL: i32 = i32::MIN;

/// Late-move reductions are tabled up to this depth and move number.
const REDUCTIONS: usize = 64;

/// Static evaluations remembered by position key (a power of two): a node searched again
/// (a reduced move's re-search, a null window's widening, a transposition) is not
/// evaluated anew.
const EVAL_CACHE: usize = 1 << 16;

/// The main search's move order: the table's move first,
const TABLE_MOVE: i32 = 1 << 30;
/// then the captures and promotions that do not lose material (by victim and attacker),
/// then the killers and the counter move (just below `1 << 22`) and the other quiet
/// moves by history, and last the captures that lose material.
const GOOD_NOISY: i32 = 1 << 24;
/// See [`GOOD_NOISY`].
const BAD_NOISY: i32 = -(1 << 24);

/// What the search knows after one finished depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M> {
    /// The depth finished.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
    /// The best line found.
    pub pv: Vec<M>,
    /// Which of the best moves this line is (1: the best; more with [`Limits::lines`]).
    pub multipv: u32,
}

impl<M> Info<M> {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }
}

/// What a whole search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// The move to play (none when the side to move has no legal move).
    pub best: Option<M>,
    /// Its score for the side to move.
    pub score: Score,
    /// The deepest depth finished (or partly searched, when its first move was).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The best line.
    pub pv: Vec<M>,
}

/// A search with its memory (transposition table, killers, history), kept between
/// searches of one game.
pub struct Searcher<M> {
    table: Arc<Table<M>>,
    killers: Vec<[Option<M>; 2]>,
    /// By the history slot of a quiet move: how well it fared (within ±[`HISTORY_MAX`],
    /// kept in 16 bits: half the memory of 32).
    history: Vec<i16>,
    /// By the history slot of a move: the quiet reply that last refuted it.
    counters: Vec<Option<M>>,
    /// By ply: the history slot of the move made there on the way to the node searched
    /// (none for a pass).
    path: Vec<Option<usize>>,
    /// By ply: the quiet moves searched there so far at the node, for the history's
    /// penalty when a later one cuts off.
    tried: Vec<Vec<M>>,
    /// By ply: the static evaluation there ([`NO_EVAL`] in check or unknown).
    evals: Vec<i32>,
    /// Recent static evaluations (before noise), by key: [`EVAL_CACHE`] slots of the key
    /// and its evaluation.
    eval_cache: Vec<(u64, i32)>,
    /// By ply: the piece slot of the move made there (none for a pass, or where the world
    /// keeps no continuation history).
    moved: Vec<Option<usize>>,
    /// The continuation history: by the piece slot of a move and that of the move after
    /// it (one or two plies on), how well the later one fared (16 bits, as `history`).
    continuation: Vec<i16>,
    /// The world's piece slots (0: no continuation history).
    cont_slots: usize,
    /// Late-move reductions by depth and move number, both below [`REDUCTIONS`].
    reductions: Vec<i32>,
    lists: Vec<Vec<M>>,
    order: Vec<Vec<i32>>,
    pv: Vec<Vec<M>>,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    clock: Option<Clock>,
    /// How often, in nodes, the clock is read in this search.
    clock_every: u64,
    /// The world's quiescence budget ([`Searchable::quiescence_budget`]).
    quiescence_budget: u32,
    /// The quiescence nodes left to the quiescence search under way below a leaf.
    quiescence_left: u32,
    noise: Option<Noise>,
    /// Root moves left out of this search (the lines already found at this depth).
    excluded: Vec<M>,
    /// By ply: the move left out there while the search asks whether the table's move is
    /// singular (the only good one).
    skip: Vec<Option<M>>,
    /// Plies added to each depth of the iterative deepening: a helper thread with a skew
    /// searches ahead of the main one, so that the threads' work differs.
    skew: u32,
    /// The helpers of the last search on several threads, kept with what they learned
    /// (histories, counter moves, the evaluation cache), as the main thread keeps its own.
    helpers: Vec<Searcher<M>>,
    /// The most threads a search takes: the machine's cores (more only share them, and
    /// each costs a stack and an allocator's arena).
    cores: usize,
}

/// A deliberate error added to every evaluation, so that a weak player misjudges
/// positions as a beginner does: each position's error is fixed by its key and the seed,
/// so the search stays consistent with itself, and differs from one seed to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noise {
    /// The largest error, in centipawns either way.
    pub amplitude: i32,
    /// What makes one game's errors differ from another's.
    pub seed: u64,
}

impl Noise {
    /// The error for the position with `key`: from −amplitude to +amplitude.
    pub fn of(&self, key: u64) -> i32 {
        if self.amplitude <= 0 {
            return 0;
        }
        let z = crate::random::finalize(key ^ self.seed);
        let span = 2 * self.amplitude as u64 + 1;
        (z % span) as i32 - self.amplitude
    }
}

impl<M: Copy + Eq + std::fmt::Debug> Searcher<M> {
    /// A searcher whose transposition table takes about `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Searcher<M> {
        Searcher {
            table: Arc::new(Table::new(hash_mb)),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: Vec::new(),
            counters: Vec::new(),
            path: vec![None; MAX_PLY + 1],
            tried: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            evals: vec![NO_EVAL; MAX_PLY + 1],
            eval_cache: vec![(0, NO_EVAL); EVAL_CACHE],
            moved: vec![None; MAX_PLY + 1],
            continuation: Vec::new(),
            cont_slots: 0,
            reductions: (0..REDUCTIONS * REDUCTIONS)
                .map(|k| {
                    let (depth, number) = ((k / REDUCTIONS) as f64, (k % REDUCTIONS) as f64);
                    if depth < 1.0 || number < 1.0 {
                        0
                    } else {
                        (LMR_BASE + depth.ln() * number.ln() / LMR_DIVISOR) as i32
                    }
                })
                .collect(),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            clock: None,
            clock_every: 1,
            quiescence_budget: u32::MAX,
            quiescence_left: u32::MAX,
            noise: None,
            excluded: Vec::new(),
            skip: vec![None; MAX_PLY + 1],
            skew: 0,
            helpers: Vec::new(),
            cores: cores(),
        }
    }

    /// A helper for a search on another thread: the same table and noise, memory of its
    /// own.
    fn helper(&self, skew: u32) -> Searcher<M> {
        Searcher {
            table: Arc::clone(&self.table),
            noise: self.noise,
            skew,
            ..Searcher::new(0)
        }
    }

    /// Adds `noise` to every evaluation from now on (`None`: none).
    pub fn set_noise(&mut self, noise: Option<Noise>) {
        self.noise = noise;
    }

    /// Asks for the table's entry and the evaluation cache's slot of the position with
    /// `key` ahead of their first use, just after a move is made: the child's probe then
    /// seldom waits for memory. A hint only: nothing searched or found changes.
    fn fetch_ahead(&self, key: u64) {
        self.table.prefetch(key);
        #[cfg(target_arch = "x86_64")]
        safe_arch::prefetch_t0(&self.eval_cache[key as usize & (EVAL_CACHE - 1)]);
    }

    /// The position's worth to the side to move, with the noise if there is one.
    fn evaluate<G: Searchable<Move = M>>(&mut self, game: &mut G) -> i32 {
        let key = game.key();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE - 1)];
        let worth = if slot.0 == key && slot.1 != NO_EVAL {
            slot.1
        } else {
            let worth = game.evaluate();
            *slot = (key, worth);
            worth
        };
        match &self.noise {
            Some(noise) => worth + noise.of(key),
            None => worth,
        }
    }

    /// Resizes the transposition table (which empties it). The old table is freed before
    /// the new one is asked for, so the two are never held at once; when the machine
    /// cannot give the new one, the table is left at one entry and the refusal returned.
    pub fn set_hash(&mut self, hash_mb: usize) -> Result<(), std::collections::TryReserveError> {
        self.table = Arc::new(Table::new(0));
        self.table = Arc::new(Table::try_new(hash_mb)?);
        Ok(())
    }

    /// Makes the histories fit a game with `slots` history slots and `pieces` piece
    /// slots: new and empty where their sizes differ (another world or variant);
    /// otherwise kept whole, since what the last search learned orders this one's first
    /// iterations, which at a tenth of a second a move are most of it.
    fn fit_histories(&mut self, slots: usize, pieces: usize) {
        if self.history.len() != slots || self.cont_slots != pieces {
            self.history = vec![0; slots];
            self.counters = vec![None; slots];
            self.cont_slots = pieces;
            self.continuation = vec![0; pieces * pieces];
        }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = None);
        self.continuation.iter_mut().for_each(|h| *h = 0);
        self.eval_cache.iter_mut().for_each(|e| *e = (0, NO_EVAL));
        // New helpers learn the new game from nothing.
        self.helpers.clear();
    }

    /// Searches `game` as [`Searcher::search`] does, on [`Limits::threads`] threads: the
    /// others (Lazy SMP) search copies of the game, sharing the transposition table, until
    /// this one stops; its result is the search's, with every thread's nodes counted.
    pub fn search_threads<G>(
        &mut self,
        game: &mut G,
        limits: &Limits,
        on_info: impl FnMut(&Info<M>),
    ) -> Report<M>
    where
        G: Searchable<Move = M> + Clone + Send,
        M: Send + Sync,
    {
        let helpers = limits.threads.min(self.cores).saturating_sub(1);
        if helpers == 0 {
            return self.search(game, limits, on_info);
        }
        let halt = Arc::new(AtomicBool::new(false));
        let helper_limits = Limits {
            depth: limits.depth,
            stop: Some(Arc::clone(&halt)),
            ..Limits::default()
        };
        // The helpers of the last search go on with what they learned there (in the
        // same table, with the same noise); new ones start empty.
        let mut kept = std::mem::take(&mut self.helpers);
        kept.truncate(helpers);
        for k in kept.len()..helpers {
            kept.push(self.helper(k as u32 % 2 + 1));
        }
        for helper in &mut kept {
            helper.table = Arc::clone(&self.table);
            helper.noise = self.noise;
        }
        let report = std::thread::scope(|scope| {
            // As many helpers as the machine lets start: one it refuses (no room for its
            // stack, or too many threads) leaves the search to those already running.
            let mut running = Vec::new();
            for helper in &mut kept {
                let mut copy = game.clone();
                let limits = helper_limits.clone();
                let started = std::thread::Builder::new().spawn_scoped(scope, move || {
                    helper.search(&mut copy, &limits, |_| {}).nodes
                });
                match started {
                    Ok(thread) => running.push(thread),
                    Err(_) => break,
                }
            }
            let mut report = self.search(game, limits, on_info);
            halt.store(true, Ordering::Relaxed);
            for thread in running {
                report.nodes += thread.join().unwrap_or(0);
            }
            report
        });
        self.helpers = kept;
        report
    }

    /// Searches `game` within `limits`, calling `on_info` after each finished depth, and
    /// returns the best move found. The position is left as it was given.
    pub fn search<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        limits: &Limits,
        mut on_info: impl FnMut(&Info<M>),
    ) -> Report<M> {
        let clock = Clock::start(limits);
        self.clock = Some(clock.clone());
        self.clock_every = game.nodes_per_clock_read().max(1);
        self.quiescence_budget = game.quiescence_budget().max(1);
        self.nodes = 0;
        self.stopped = false;
        // One search, one age: the helpers store under the main thread's.
        if self.skew == 0 {
            self.table.next_search();
        }
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.fit_histories(game.history_slots(), game.piece_slots());
        let mut report = Report {
            best: None,
            score: Score(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        };
        let mut root = Vec::new();
        game.moves(&mut root);
        if root.is_empty() {
            report.score = Score(end_score(game.no_moves(), 0));
            return report;
        }
        // Until a depth is finished, the move that looks best one ply on is the answer:
        // a think cut short in a crowded position still plays something sensible.
        let mut best_static = i32::MIN;
        for &m in &root {
            // A crowded board's root takes long to look over: a stop or the time's end is
            // heard here too (the best so far is the answer).
            if report.best.is_some() && clock.stopped_or_late() {
                break;
            }
            game.make(m);
            let score = -self.evaluate(game);
            game.unmake();
            if score > best_static {
                best_static = score;
                report.best = Some(m);
            }
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let lines = limits.lines.clamp(1, root.len());
        let mut last_score: i32 = 0;
        for depth in (1 + self.skew).min(max_depth)..=max_depth {
            self.seldepth = 0;
            let aspiring = depth >= ASPIRATION_MIN_DEPTH
                && last_score.abs() < MATE_BOUND
                && game.prunes_by_margins();
            let score = if aspiring {
                self.aspire(game, depth as i32, last_score)
            } else {
                self.negamax(game, depth as i32, -INFINITY, INFINITY, 0, true)
            };
            last_score = score;
            let finished = !self.stopped;
            // A stopped iteration still counts if it finished a root move (searched first,
            // the previous best): its best is at least as sound as the last one.
            if let Some(&best) = self.pv[0].first() {
                report.best = Some(best);
                report.pv = self.pv[0].clone();
                report.depth = depth;
                if finished {
                    report.score = Score(score);
                }
            }
            report.nodes = self.nodes;
            report.time = clock.elapsed();
            if !finished {
                break;
            }
            // The next best moves, each searched without the ones found before it.
            let mut found = vec![(report.score, report.pv.clone())];
            while found.len() < lines && !self.stopped {
                self.excluded
                    .extend(found.last().and_then(|(_, pv)| pv.first()));
                let score = self.negamax(game, depth as i32, -INFINITY, INFINITY, 0, true);
                match self.pv[0].first() {
                    Some(_) if !self.stopped => found.push((Score(score), self.pv[0].clone())),
                    _ => break,
                }
            }
            self.excluded.clear();
            // Lines are told best first; a line cut short by the clock is not told.
            found.sort_by_key(|(score, _)| std::cmp::Reverse(score.0));
            let time = clock.elapsed();
            for (k, (score, pv)) in found.into_iter().enumerate() {
                on_info(&Info {
                    depth,
                    seldepth: self.seldepth as u32,
                    score,
                    nodes: self.nodes,
                    time,
                    pv,
                    multipv: k as u32 + 1,
                });
            }
            if self.stopped {
                break;
            }
            let mate_found = score.abs() >= MATE_BOUND && (MATE - score.abs()) as u32 <= depth;
            if mate_found && limits.depth.is_none() && limits.nodes.is_none() && lines == 1 {
                break;
            }
            if !clock.another_iteration() {
                break;
            }
        }
        report.nodes = self.nodes;
        report.time = clock.elapsed();
        report
    }

    /// The root searched in a narrow window round `guess` (the last depth's score), widened
    /// on the side it fails and searched again until the score falls inside it.
    fn aspire<G: Searchable<Move = M>>(&mut self, game: &mut G, depth: i32, guess: i32) -> i32 {
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (guess - delta, guess + delta);
        loop {
            let score = self.negamax(game, depth, alpha, beta, 0, true);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (beta + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 1000 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// Counts a node and reads the clock now and then; true once the search must stop.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(self.clock_every)
            && let Some(clock) = &self.clock
            && clock.out_of_time(self.nodes)
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// What every node does first: forget the line found here before, count the node,
    /// and stop where the search must stop or the game has ended (not at the root).
    fn enter<G: Searchable<Move = M>>(&mut self, game: &mut G, ply: usize) -> Option<i32> {
        self.pv[ply].clear();
        if self.tick() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if ply > 0 {
            return game.ended(ply).map(|end| end_score(end, ply));
        }
        None
    }

    /// Makes `m` at `ply` the head of the line found there.
    fn extend_pv(&mut self, ply: usize, m: M) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    fn negamax<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_allowed: bool,
    ) -> i32 {
        if let Some(score) = self.enter(game, ply) {
            return score;
        }
        if ply > 0 {
            // No line from here beats a mate already found nearer the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(game);
        }
        let in_check = game.in_check();
        if depth <= 0 {
            return self.quiesce_from_leaf(game, alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        let sharp = game.prunes_by_margins();
        let key = game.key();
        let mut hinted = None;
        let mut known = None;
        // Asking whether the table's move is singular, the node is searched without it,
        // and without the table, whose entry is the node's with that move.
        let skipping = self.skip[ply];
        if skipping.is_none()
            && let Some(e) = self.table.probe(key, ply)
        {
            hinted = e.best;
            if !pv_node && ply > 0 && e.depth >= depth && e.settles(alpha, beta) {
                return e.score;
            }
            known = Some(e);
        }
        // The static evaluation: where the world prunes by margins, at every node out of
        // check (sharpened by the table's bound where it says more); elsewhere only where
        // the old margins need it.
        let static_eval = if in_check {
            None
        } else if sharp {
            let eval = self.evaluate(game);
            Some(known.map_or(eval, |e| e.sharpen(eval)))
        } else {
            None
        };
        self.evals[ply] = static_eval.unwrap_or(NO_EVAL);
        // Better than two plies ago (or unknown then): pruning is less eager.
        let improving = static_eval.is_some_and(|eval| {
            ply < 2 || self.evals[ply - 2] == NO_EVAL || eval > self.evals[ply - 2]
        });
        if let Some(eval) = static_eval
            && !pv_node
            && beta.abs() < MATE_BOUND
        {
            // Reverse futility: so far above beta this near the leaves, the node holds.
            let margin = REVERSE_FUTILITY_MARGIN * (depth - i32::from(improving)).max(0);
            if depth <= REVERSE_FUTILITY_DEPTH && eval - margin >= beta {
                return eval;
            }
            // Razoring: so far below alpha this near the leaves, only a capture could
            // lift the node; where quiescence finds none that does, the node fails low.
            if depth <= RAZOR_DEPTH && eval + RAZOR_BASE + RAZOR_MARGIN * depth * depth < alpha {
                let score = self.quiesce_from_leaf(game, alpha - 1, alpha, ply);
                if self.stopped {
                    return 0;
                }
                if score < alpha {
                    return score;
                }
            }
        }
        // Null move: if passing still holds beta, a real move surely does.
        if null_allowed
            && skipping.is_none()
            && !pv_node
            && !in_check
            && depth >= NULL_MOVE_MIN_DEPTH
            && beta.abs() < MATE_BOUND
            && game.null_allowed()
        {
            let eval = static_eval.unwrap_or_else(|| self.evaluate(game));
            if eval >= beta {
                let reduction = if sharp {
                    3 + depth / 4 + ((eval - beta) / NULL_MOVE_EVAL_STEP).min(3)
                } else {
                    NULL_MOVE_REDUCTION + depth / NULL_MOVE_DEPTH_STEP
                };
                self.path[ply] = None;
                self.moved[ply] = None;
                game.make_null();
                self.fetch_ahead(game.key());
                let score = -self.negamax(
                    game,
                    (depth - 1 - reduction).max(0),
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                );
                game.unmake_null();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }
        // Without a move from the table, a deep node is searched a ply shallower first.
        if sharp && hinted.is_none() && depth >= INTERNAL_REDUCTION_DEPTH {
            depth -= 1;
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        game.moves(&mut list);
        if list.is_empty() {
            self.lists[ply] = list;
            return end_score(game.no_moves(), ply);
        }
        let excluding = ply == 0 && !self.excluded.is_empty();
        if excluding {
            list.retain(|m| !self.excluded.contains(m));
        }
        if let Some(skipped) = skipping {
            list.retain(|&m| m != skipped);
            if list.is_empty() {
                self.lists[ply] = list;
                return alpha;
            }
        }
        // Singular extension: where the table's move holds a lower bound, and every other
        // move, searched to half the depth, falls short of a margin below it, the table's
        // move is searched a ply deeper. Where another move also holds beta, the node is
        // cut; where only the table's bound does, its move is searched a ply shallower.
        let mut extension = 0;
        if sharp
            && ply > 0
            && depth >= SINGULAR_DEPTH
            && let Some(e) = known
            && let Some(m) = e.best
            && e.bound != Bound::Upper
            && e.depth >= depth - 3
            && e.score.abs() < MATE_BOUND
        {
            let singular_beta = e.score - SINGULAR_MARGIN * depth;
            self.skip[ply] = Some(m);
            let score = self.negamax(
                game,
                (depth - 1) / 2,
                singular_beta - 1,
                singular_beta,
                ply,
                false,
            );
            self.skip[ply] = None;
            // The search without the move may have left a line of its own here.
            self.pv[ply].clear();
            if self.stopped {
                self.lists[ply] = list;
                return 0;
            }
            if score < singular_beta {
                extension = 1;
            } else if singular_beta >= beta {
                self.lists[ply] = list;
                return singular_beta;
            } else if e.score >= beta {
                extension = -1;
            }
        }
        let mut order = std::mem::take(&mut self.order[ply]);
        self.score_moves(game, &list, &mut order, hinted, ply);
        let counter = self.counter(ply);
        let alpha_before = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut skip_quiets = false;
        self.tried[ply].clear();
        for searched in 0..list.len() {
            self.pick_sound(game, &mut list, &mut order, searched);
            let m = list[searched];
            let noisy = game.is_noisy(m);
            let quiet_killer =
                !noisy && (self.killers[ply].contains(&Some(m)) || counter == Some(m));
            let (history, continued) = if noisy {
                (0, [0, 0])
            } else {
                self.quiet_history(game, m, ply)
            };
            let move_number = searched + 1;
            // Near the leaves, out of check, with something already found: moves that
            // cannot matter are skipped, unless they give check.
            let mut prunable = false;
            if sharp && ply > 0 && !in_check && best_score > -MATE_BOUND {
                if !noisy {
                    // Late quiet moves are left out, but for checks (a perpetual may hide
                    // among them).
                    let late =
                        (LATE_MOVE_PRUNING_BASE + depth * depth) * (1 + i32::from(improving)) / 2;
                    skip_quiets |= move_number as i32 > late;
                    let reduced_depth = (depth - 1 - self.reduction(depth, move_number)).max(0);
                    let unpromising = self.cont_slots > 0
                        && reduced_depth < 3
                        && continued[0] < 0
                        && continued[1] < 0;
                    let futile = reduced_depth < 6
                        && static_eval.is_some_and(|eval| {
                            eval + FUTILITY_BASE + FUTILITY_MARGIN * reduced_depth <= alpha
                        });
                    prunable = skip_quiets
                        || unpromising
                        || futile
                        || (reduced_depth <= EXCHANGE_PRUNING_DEPTH
                            && !game.exchange_at_least(
                                m,
                                -QUIET_EXCHANGE_MARGIN * reduced_depth * reduced_depth,
                            ));
                } else if depth <= EXCHANGE_PRUNING_DEPTH {
                    prunable = !game.exchange_at_least(m, -CAPTURE_EXCHANGE_MARGIN * depth);
                }
            }
            // A move to be pruned is made only if it checks (asked without making it).
            if prunable && !game.gives_check(m) {
                continue;
            }
            self.path[ply] = Some(game.history_slot(m));
            self.moved[ply] = (self.cont_slots > 0).then(|| game.piece_slot(m));
            game.make(m);
            // The child's entries are on their way while the check below is judged.
            self.fetch_ahead(game.key());
            // A check is searched a ply deeper, and never pruned or reduced, so a mate or a
            // perpetual is not cut off (where the world extends checks); not one that gives
            // material away (where the world weighs exchanges), which is a quiet move like
            // the others.
            let checking = game.extends_checks()
                && game.in_check()
                && (!sharp || {
                    game.unmake();
                    let sound = game.exchange_at_least(m, 0);
                    game.make(m);
                    sound
                });
            if prunable && !checking {
                game.unmake();
                continue;
            }
            let new_depth = depth - 1 + i32::from(checking && ply < MAX_PLY / 2);
            let score = if searched == 0 {
                let extended = if Some(m) == hinted { extension } else { 0 };
                -self.negamax(game, new_depth + extended, -beta, -alpha, ply + 1, true)
            } else {
                // Late quiet moves are searched shallower first, with a null window.
                let mut reduction = 0;
                if sharp {
                    if depth >= LATE_MOVE_MIN_DEPTH
                        && move_number > 1 + 2 * usize::from(ply == 0)
                        && !noisy
                        && !checking
                        && game.reducible(m)
                    {
                        reduction = self.reduction(depth, move_number)
                            - i32::from(pv_node)
                            - i32::from(quiet_killer)
                            + i32::from(!improving)
                            - (history + continued[0] + continued[1]) / LMR_HISTORY_STEP;
                        reduction = reduction.clamp(0, depth - 2);
                    }
                } else if depth >= LATE_MOVE_MIN_DEPTH
                    && searched >= LATE_MOVE_AFTER
                    && !noisy
                    && !in_check
                    && !quiet_killer
                    && !checking
                    && game.reducible(m)
                {
                    reduction =
                        1 + i32::from(searched >= LATE_MOVE_LATER) + depth / LATE_MOVE_DEPTH_STEP;
                    reduction = reduction.min(depth - 2);
                }
                let mut s = -self.negamax(
                    game,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(game, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(game, new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            game.unmake();
            if self.stopped {
                self.lists[ply] = list;
                self.order[ply] = order;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.extend_pv(ply, m);
                    if score >= beta {
                        if !noisy {
                            self.reward(game, m, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !noisy {
                self.tried[ply].push(m);
            }
        }
        self.lists[ply] = list;
        self.order[ply] = order;
        // A root searched without its best moves says nothing true of the position.
        if !excluding && skipping.is_none() {
            let bound = Bound::of(best_score, alpha_before, beta);
            self.table
                .store(key, ply, best_move, best_score, depth, bound);
        }
        best_score
    }

    /// A quiescence search below a leaf of the main search, with the world's budget of
    /// nodes.
    fn quiesce_from_leaf<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.quiescence_left = self.quiescence_budget;
        self.quiesce(game, alpha, beta, ply)
    }

    /// Searches captures and promotions until the position is quiet, so that the
    /// evaluation is never read in the middle of an exchange; once the budget of the
    /// search below this leaf is spent, the nodes left answer with the evaluation.
    fn quiesce<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if let Some(score) = self.enter(game, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 || self.quiescence_left == 0 {
            return self.evaluate(game);
        }
        self.quiescence_left -= 1;
        // Where the world prunes by margins, quiescence keeps its results in the table.
        let tabled = game.prunes_by_margins();
        let key = game.key();
        let mut hinted = None;
        let mut known = None;
        if tabled && let Some(e) = self.table.probe(key, ply) {
            hinted = e.best;
            if beta - alpha == 1 && e.settles(alpha, beta) {
                return e.score;
            }
            known = Some(e);
        }
        let alpha_before = alpha;
        let in_check = game.in_check();
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut best_score;
        let forced = in_check || !game.stands_pat();
        if forced {
            // In check, every escape is searched: standing pat is no option (nor where a
            // capture is forced).
            game.moves(&mut list);
            if list.is_empty() {
                self.lists[ply] = list;
                return end_score(game.no_moves(), ply);
            }
            best_score = -INFINITY;
        } else {
            let eval = self.evaluate(game);
            best_score = known.map_or(eval, |e| e.sharpen(eval));
            if best_score >= beta {
                self.lists[ply] = list;
                if tabled {
                    self.table
                        .store(key, ply, None, best_score, 0, Bound::Lower);
                }
                return best_score;
            }
            alpha = alpha.max(best_score);
            game.noisy_moves(&mut list);
        }
        if !forced {
            // Delta pruning: a capture that cannot lift the score to alpha even with the
            // victim's worth and a margin is left out.
            if game.prunes_by_margins() && alpha.abs() < MATE_BOUND {
                let stand = best_score;
                list.retain(|&m| {
                    game.capture_gain(m)
                        .is_none_or(|gain| stand + gain + DELTA_MARGIN > alpha)
                });
            }
        }
        let mut order = std::mem::take(&mut self.order[ply]);
        order.clear();
        order.extend(list.iter().map(|&m| {
            if Some(m) == hinted {
                1 << 30
            } else if game.is_noisy(m) {
                game.noisy_order(m)
            } else {
                i32::MIN / 2
            }
        }));
        let mut best_move = None;
        for k in 0..list.len() {
            pick_next(&mut list, &mut order, k);
            let m = list[k];
            // A capture that loses material is left out; asked only of the moves reached,
            // since a cut-off usually comes first.
            if !forced && game.losing_capture(m) {
                continue;
            }
            game.make(m);
            self.fetch_ahead(game.key());
            let score = -self.quiesce(game, -beta, -alpha, ply + 1);
            game.unmake();
            if self.stopped {
                self.lists[ply] = list;
                self.order[ply] = order;
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.extend_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        self.order[ply] = order;
        // A result cut short by the budget is not kept: it is only a guess.
        if tabled && self.quiescence_left > 0 {
            let bound = Bound::of(best_score, alpha_before, beta);
            self.table.store(key, ply, best_move, best_score, 0, bound);
        }
        best_score
    }

    /// Orders `list`: the table's move, then captures and promotions by victim and
    /// attacker, then the killers and the counter move, then the other quiet moves by
    /// history (their own and their continuations').
    fn score_moves<G: Searchable<Move = M>>(
        &self,
        game: &mut G,
        list: &[M],
        order: &mut Vec<i32>,
        hinted: Option<M>,
        ply: usize,
    ) {
        order.clear();
        let killers = self.killers[ply];
        let counter = self.counter(ply);
        order.extend(list.iter().map(|&m| {
            if Some(m) == hinted {
                TABLE_MOVE
            } else if game.is_noisy(m) {
                // Whether it loses material is asked only if the loop reaches it.
                GOOD_NOISY + game.noisy_order(m)
            } else if Some(m) == killers[0] {
                1 << 22
            } else if Some(m) == killers[1] {
                (1 << 22) - 1
            } else if Some(m) == counter {
                (1 << 22) - 2
            } else {
                let (own, continued) = self.quiet_history(game, m, ply);
                own + continued[0] + continued[1] + QUIET_THREAT_ORDER * game.quiet_threat(m)
            }
        }));
    }

    /// Brings the next move to search to `from`, as [`pick_next`] does, but a capture
    /// ordered among the good ones that turns out to lose material goes after the quiet
    /// moves first: the exchange is judged only of the captures the loop reaches, and the
    /// order is the one judging every capture beforehand would give.
    fn pick_sound<G: Searchable<Move = M>>(
        &self,
        game: &mut G,
        list: &mut [M],
        order: &mut [i32],
        from: usize,
    ) {
        loop {
            let taken = pick_next(list, order, from);
            let m = list[from];
            // Not yet judged: within what `noisy_order` adds (a friend taken counts less
            // than nothing) of the good captures' base, far above the killers.
            let unjudged = (GOOD_NOISY / 2..TABLE_MOVE).contains(&order[from]);
            if !unjudged || !game.losing_capture(m) {
                return;
            }
            // Put back where it stood, with the order it would have had all along (its
            // victim-and-attacker part is what lies above the good captures' base).
            order[from] = BAD_NOISY + (order[from] - GOOD_NOISY) / 1024;
            list.swap(from, taken);
            order.swap(from, taken);
        }
    }

    /// A quiet move's history at `ply`: its own (by its history slot), and its
    /// continuations' after the moves one and two plies before.
    fn quiet_history<G: Searchable<Move = M>>(
        &self,
        game: &G,
        m: M,
        ply: usize,
    ) -> (i32, [i32; 2]) {
        let own = self
            .history
            .get(game.history_slot(m))
            .map_or(0, |&h| i32::from(h));
        let mut continued = [0; 2];
        if self.cont_slots > 0 {
            let at = game.piece_slot(m);
            for (k, c) in continued.iter_mut().enumerate() {
                if let Some(before) = self.moved_before(ply, k + 1) {
                    *c = i32::from(self.continuation[before * self.cont_slots + at]);
                }
            }
        }
        (own, continued)
    }

    /// The piece slot of the move made `back` plies before `ply`, if there was one.
    fn moved_before(&self, ply: usize, back: usize) -> Option<usize> {
        ply.checked_sub(back).and_then(|p| self.moved[p])
    }

    /// How many plies a late quiet move is reduced by at `depth`, as the `number`th move
    /// of its node (before the node's own adjustments).
    fn reduction(&self, depth: i32, number: usize) -> i32 {
        let d = (depth.max(0) as usize).min(REDUCTIONS - 1);
        self.reductions[d * REDUCTIONS + number.min(REDUCTIONS - 1)]
    }

    /// The quiet reply that last refuted the move made just before `ply`, if any.
    fn counter(&self, ply: usize) -> Option<M> {
        let slot = self.path[..ply].last().copied().flatten()?;
        self.counters.get(slot).copied().flatten()
    }

    /// Remembers a quiet move that cut off: as a killer at its ply, as the reply to the
    /// move before it, and in the histories (its own and its continuations'), where the
    /// quiet moves searched before it at this node lose as much as it gains.
    fn reward<G: Searchable<Move = M>>(&mut self, game: &G, m: M, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(slot) = self.path[..ply].last().copied().flatten()
            && let Some(c) = self.counters.get_mut(slot)
        {
            *c = Some(m);
        }
        let bonus = (32 * depth * depth + 64 * depth).min(2400);
        self.credit(game, m, bonus, ply);
        let tried = std::mem::take(&mut self.tried[ply]);
        for &other in &tried {
            if other != m {
                self.credit(game, other, -bonus, ply);
            }
        }
        self.tried[ply] = tried;
    }

    /// Moves a quiet move's histories by `bonus`, each toward ±[`HISTORY_MAX`] by the
    /// share it has not yet reached.
    fn credit<G: Searchable<Move = M>>(&mut self, game: &G, m: M, bonus: i32, ply: usize) {
        let nudge = |h: &mut i16| {
            let old = i32::from(*h);
            let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
            // Never past ±HISTORY_MAX while |bonus| is at most that; the clamp only makes
            // the narrowing plainly lossless.
            *h = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
        };
        if let Some(h) = self.history.get_mut(game.history_slot(m)) {
            nudge(h);
        }
        if self.cont_slots > 0 {
            let at = game.piece_slot(m);
            for back in 1..=2 {
                if let Some(before) = self.moved_before(ply, back) {
                    nudge(&mut self.continuation[before * self.cont_slots + at]);
                }
            }
        }
    }
}

/// Brings the best-ordered of `list[from..]` to `from` (a selection sort done lazily,
/// since a cut-off usually comes early); the index it came from.
fn pick_next<M: Copy>(list: &mut [M], order: &mut [i32], from: usize) -> usize {
    let rest = &order[from..list.len().min(order.len())];
    // The greatest order first (a pass without branches, many at a time), then the first
    // of equals, which stays first.
    let top = rest.iter().copied().max().unwrap_or(i32::MIN);
    let best = from + rest.iter().position(|&o| o == top).unwrap_or(0);
    list.swap(from, best);
    order.swap(from, best);
    best
}

/// The score of an ended game `ply` plies from the root, for the side to move.
fn end_score(end: End, ply: usize) -> i32 {
    match end {
        End::Loss => -MATE + ply as i32,
        End::Draw => 0,
        End::Win => MATE - ply as i32,
    }
}

/// How many threads the machine runs at once (1 if it cannot say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::grid::{GridEval, GridSearch};

    #[test]
    fn the_next_move_is_the_first_of_the_best_ordered_among_those_left() {
        let mut list = ['a', 'b', 'c', 'd', 'e'];
        let mut order = [5, 9, 1, 9, 7];
        // The first of the two nines comes forward; the move it displaced takes its place.
        assert_eq!(pick_next(&mut list, &mut order, 0), 1);
        assert_eq!((list, order), (['b', 'a', 'c', 'd', 'e'], [9, 5, 1, 9, 7]));
        assert_eq!(pick_next(&mut list, &mut order, 1), 3);
        assert_eq!((list, order), (['b', 'd', 'c', 'a', 'e'], [9, 9, 1, 5, 7]));
        // Only the moves from `from` on are looked at, and a longer order is cut to the list.
        let mut order = [9, 9, 1, 5, 7, 100];
        assert_eq!(pick_next(&mut list, &mut order, 2), 4);
        assert_eq!(list[2], 'e');
        assert_eq!(pick_next(&mut list, &mut order, 4), 4);
    }

    #[test]
    fn helper_threads_keep_what_they_learned_from_one_move_to_the_next() {
        let level = crate::level::shipped_grid("chess");
        let v = Arc::clone(&level.variant);
        let values = v
            .types
            .iter()
            .map(|t| if t.royal { 0 } else { 300 })
            .collect();
        let eval = Arc::new(GridEval::new(v, values));
        let mut searcher = Searcher::new(4);
        // As on a machine of four cores, whatever this one has.
        searcher.cores = 4;
        let limits = |threads| Limits {
            nodes: Some(40_000),
            threads,
            ..Limits::default()
        };
        let mut game = GridSearch::new(Arc::clone(&eval), level.start.clone(), &[]);
        searcher.search_threads(&mut game, &limits(2), |_| {});
        assert_eq!(searcher.helpers.len(), 1);
        let learned = |s: &Searcher<crate::grid::Move>| s.history.iter().any(|&h| h != 0);
        assert!(learned(&searcher.helpers[0]), "the helper's histories");
        // Its next search starts from what it learned, in the main thread's table: a
        // mark left in a slot no move has (a1 to a1) is still there after it.
        searcher.helpers[0].history[0] = 1234;
        searcher.set_hash(2).expect("two MiB");
        searcher.search_threads(&mut game, &limits(3), |_| {});
        assert_eq!(searcher.helpers.len(), 2);
        assert_eq!(searcher.helpers[0].history[0], 1234);
        assert!(
            searcher
                .helpers
                .iter()
                .all(|h| Arc::ptr_eq(&h.table, &searcher.table))
        );
        searcher.search_threads(&mut game, &limits(2), |_| {});
        assert_eq!(searcher.helpers.len(), 1);
        // A new game: they are dropped, and come back empty.
        searcher.clear();
        assert!(searcher.helpers.is_empty());
    }

    #[test]
    fn a_new_search_keeps_the_histories_whole_unless_the_game_has_other_slots() {
        let mut searcher: Searcher<u16> = Searcher::new(0);
        searcher.fit_histories(4, 2);
        searcher.history.copy_from_slice(&[800, -800, 16_000, 0]);
        searcher.continuation.copy_from_slice(&[1, 2, 3, 4]);
        searcher.counters[1] = Some(7);
        // The same game again: nothing is forgotten or scaled down.
        searcher.fit_histories(4, 2);
        assert_eq!(searcher.history, [800, -800, 16_000, 0]);
        assert_eq!(searcher.continuation, [1, 2, 3, 4]);
        assert_eq!(searcher.counters[1], Some(7));
        // Another variant: its slots mean other moves, so all starts empty.
        searcher.fit_histories(6, 2);
        assert_eq!(searcher.history, [0; 6]);
        assert_eq!(searcher.continuation, [0; 4]);
        assert_eq!(searcher.counters, [None; 6]);
    }
}
