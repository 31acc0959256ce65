//! `areachess uci`: the Universal Chess Interface, with variants as Fairy-Stockfish
//! offers them (`UCI_Variant`), any grid level file (`LevelFile`) and multi-digit ranks.
//!
//! A bad line never stops the engine: it says what was wrong in an `info string` line and
//! keeps its last good state.

use super::session::{
    Catalog, DEFAULT_HASH_MB, Input, Lines, Loaded, MAX_CLOCK, MAX_DEPTH, MAX_HASH_MB,
    MAX_LINE_BYTES, MAX_THREADS, Output, Thinker, default_threads, line_text,
};
use crate::grid::game::Game;
use crate::grid::position::Position;
use crate::grid::variant::Variant;
use crate::grid::{Fen, move_text};
use crate::play::Strength;
use crate::play::{Color, Play};
use crate::record::GameError;
use crate::search::{Limits, Plan, Ponder};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The most lines the `MultiPV` option allows.
const MAX_LINES: usize = 32;

/// The longest mate `go mate` looks for, in moves: its search, twice as deep in plies,
/// stays within the engine's deepest iteration.
const MAX_MATE: i64 = 49;

/// The most moves a `position` line may list: longer than any game a GUI plays out, and
/// replaying them (each checked for legality) takes under a second.
const MAX_POSITION_MOVES: usize = 10_000;

/// A UCI session: the levels offered, the level and game chosen, and the thinker.
pub struct Uci {
    out: Output,
    catalog: Catalog,
    loaded: Option<Loaded>,
    game: Option<Game>,
    positioned: bool,
    thinker: Thinker,
    /// `MultiPV`: how many best moves `go` reports, each with its line.
    lines: usize,
    /// `Threads`: how many threads search.
    threads: usize,
    /// The search on the opponent's time, if the last `go` was `go ponder`.
    ponder: Option<Arc<Ponder>>,
    /// `Skill Level`: one of the window's strengths, or [`FULL_SKILL`], the engine
    /// unbounded.
    skill: u8,
    /// `UCI_LimitStrength`: play at the strength `UCI_Elo` names, not at `Skill Level`.
    limit_strength: bool,
    /// `UCI_Elo`.
    elo: i32,
    /// How many games were begun: each draws its own errors at the weak strengths.
    games: u64,
    /// `UCI_Chess960`: levels with castling castle as in Chess960.
    chess960: bool,
    /// The name and file of the level last asked for, to reload when `UCI_Chess960`
    /// changes.
    source: Option<(String, PathBuf)>,
    /// A `go perft` counting on its own thread, if one is.
    perft: Option<Perft>,
    /// Whether the end of the input stops a count (else it waits for the answer).
    stop_counts_at_end: bool,
}

/// The deepest `go perft`: far past what finishes, since `stop` ends any count.
const MAX_PERFT_DEPTH: i64 = 64;

/// A `go perft N` under way: it counts on its own thread, as a search does, so that the
/// engine keeps answering and `stop` (or the end of the input) can end it.
struct Perft {
    stop: Arc<AtomicBool>,
    /// Set before the answer is written, so a command sent after it was read finds it set.
    answered: Arc<AtomicBool>,
    thread: std::thread::JoinHandle<()>,
}

impl Perft {
    /// Counts `depth` plies below `position`, then writes one `MOVE: COUNT` line a legal
    /// move (sorted), a blank line and `Nodes searched: N`, as Stockfish does.
    fn start(out: Output, variant: Arc<Variant>, position: Position, depth: u32) -> Perft {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let thread = std::thread::spawn(move || {
            let mut position = position;
            let mut lines: Vec<(String, u64)> =
                crate::grid::divide_until(&variant, &mut position, depth, &flag)
                    .into_iter()
                    .map(|(m, n)| (move_text(&variant, m), n))
                    .collect();
            lines.sort();
            let total: u64 = lines.iter().map(|(_, n)| n).sum();
            let mut text = String::new();
            for (m, n) in &lines {
                text.push_str(&format!("{m}: {n}\n"));
            }
            text.push_str(&format!("\nNodes searched: {total}"));
            if flag.load(Ordering::Relaxed) {
                text.push_str("\ninfo string perft stopped: the counts are partial");
            }
            done.store(true, Ordering::SeqCst);
            out.line(&text);
        });
        Perft {
            stop,
            answered,
            thread,
        }
    }

    /// Waits for the answer; `stop`: ends the count first.
    fn finish(self, stop: bool) {
        if stop {
            self.stop.store(true, Ordering::Relaxed);
        }
        let _ = self.thread.join();
    }
}

/// The `Skill Level` of the engine unbounded: one above the window's strongest.
pub const FULL_SKILL: u8 = Strength::MAX.get() + 1;

impl Uci {
    /// A session offering `catalog`'s levels, playing `level` first (a file, or the
    /// catalog's `chess`, or its first level).
    pub fn new(out: Output, catalog: Catalog, level: Option<&Path>) -> Uci {
        let mut uci = Uci {
            out,
            catalog,
            loaded: None,
            game: None,
            positioned: false,
            thinker: Thinker::new(DEFAULT_HASH_MB),
            lines: 1,
            threads: default_threads(),
            ponder: None,
            skill: FULL_SKILL,
            limit_strength: false,
            elo: Plan::elo_range().1,
            games: 0,
            chess960: false,
            source: None,
            perft: None,
            stop_counts_at_end: false,
        };
        let first: Option<(String, PathBuf)> = match level {
            Some(path) => Some((stem(path), path.to_path_buf())),
            None => uci
                .catalog
                .find("chess")
                .map(|p| ("chess".to_string(), p.to_path_buf()))
                .or_else(|| uci.catalog.levels.first().cloned()),
        };
        if let Some((name, path)) = first {
            match Loaded::load(&name, &path) {
                Ok(l) => {
                    uci.game = Some(l.new_game());
                    uci.loaded = Some(l);
                }
                Err(e) => uci.say(&format!("cannot load {}: {e}", path.display())),
            }
        }
        uci
    }

    /// From now on the end of the input stops a `go perft` still counting, as it stops a
    /// search, instead of waiting for its answer: for a caller that must end in bounded
    /// time whatever the input asked (the fuzz target).
    pub fn stop_counts_at_end(&mut self) {
        self.stop_counts_at_end = true;
    }

    /// Reads commands until `quit` or the end of the input.
    pub fn run(&mut self, input: impl BufRead) {
        for input in Lines::new(input) {
            match input {
                Input::Line(line) => {
                    if !self.command(&line) {
                        break;
                    }
                }
                Input::TooLong { number } => self.say(&format!(
                    "line {number}: longer than {MAX_LINE_BYTES} bytes; ignored"
                )),
            }
        }
        // The input has ended: a count still under way is finished, as Stockfish's perft
        // would be (it answers before reading on), unless told to stop at the end.
        if let Some(count) = self.perft.take() {
            count.finish(self.stop_counts_at_end);
        }
        self.thinker.stop();
    }

    /// `info string` lines: one for each line of `text`.
    fn say(&self, text: &str) {
        self.out.framed("info string ", text);
    }

    /// Obeys one line; false after `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return true;
        };
        match first {
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.thinker.new_game();
                self.games += 1;
                self.strength_changed();
                if let Some(l) = &self.loaded {
                    self.game = Some(l.new_game());
                }
                self.positioned = false;
            }
            "setoption" => self.set_option(rest),
            "position" => self.position(rest),
            "go" => self.go(rest),
            "stop" => {
                if let Some(count) = self.perft.take() {
                    count.finish(true);
                }
                // A stopped ponder search answers at once, as a hit would.
                if let Some(p) = self.ponder.take() {
                    p.hit();
                }
                self.thinker.stop();
            }
            "ponderhit" => match &self.ponder {
                Some(p) => p.hit(),
                None => self.say("ponderhit: not pondering"),
            },
            "eval" => self.static_eval(),
            "debug" | "register" => {}
            "quit" => return false,
            other => self.say(&format!("unknown command '{other}'")),
        }
        true
    }

    fn identify(&self) {
        self.out
            .line(&format!("id name areachess {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the areachess developers");
        let current = self.loaded.as_ref().map_or("chess", |l| l.name.as_str());
        let mut variants = format!("option name UCI_Variant type combo default {current}");
        for name in self.catalog.names() {
            variants.push_str(&format!(" var {name}"));
        }
        if !self.catalog.names().any(|n| n == current) {
            variants.push_str(&format!(" var {current}"));
        }
        self.out.line(&variants);
        self.out
            .line("option name LevelFile type string default <empty>");
        self.out.line(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.out.line(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_LINES}"
        ));
        self.out.line(&format!(
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            default_threads()
        ));
        self.out.line("option name Ponder type check default false");
        self.out
            .line("option name UCI_Chess960 type check default false");
        self.out.line(&format!(
            "option name Skill Level type spin default {FULL_SKILL} min 1 max {FULL_SKILL}"
        ));
        self.out
            .line("option name UCI_LimitStrength type check default false");
        let (low, high) = Plan::elo_range();
        self.out.line(&format!(
            "option name UCI_Elo type spin default {high} min {low} max {high}"
        ));
        self.out.line("uciok");
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name NAME [value VALUE]; names and values may have spaces.
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            self.say("setoption: expected 'setoption name NAME value VALUE'");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match self.catalog.find(value).map(Path::to_path_buf) {
                Some(path) => self.switch(value, &path),
                None if self.loaded.as_ref().is_some_and(|l| l.name == value) => {
                    self.announce();
                }
                None => self.say(&format!("unknown variant '{value}'")),
            },
            "levelfile" => {
                if value.is_empty() || value == "<empty>" {
                    return;
                }
                let path = PathBuf::from(value);
                self.switch(&stem(&path), &path);
            }
            "hash" => {
                if let Some(mb) = self.spin("Hash", value, 1, MAX_HASH_MB) {
                    if let Err(e) = self.thinker.set_hash(mb) {
                        self.say(&format!("Hash {mb}: {e}"));
                    }
                    self.strength_changed();
                }
            }
            "multipv" => {
                if let Some(n) = self.spin("MultiPV", value, 1, MAX_LINES) {
                    self.lines = n;
                }
            }
            // Whether the GUI may send `go ponder`: the engine ponders whenever told to.
            "ponder" => {
                self.check("Ponder", value);
            }
            "skill level" => {
                if let Some(n) = self.spin("Skill Level", value, 1, FULL_SKILL) {
                    self.skill = n;
                    self.strength_changed();
                }
            }
            "uci_limitstrength" => {
                if let Some(on) = self.check("UCI_LimitStrength", value) {
                    self.limit_strength = on;
                    self.strength_changed();
                }
            }
            "uci_elo" => {
                let (low, high) = Plan::elo_range();
                if let Some(elo) = self.spin("UCI_Elo", value, low, high) {
                    self.elo = elo;
                    self.strength_changed();
                }
            }
            "threads" => {
                if let Some(n) = self.spin("Threads", value, 1, MAX_THREADS) {
                    self.threads = n;
                    let cores = crate::search::cores();
                    if n > cores {
                        self.say(&format!(
                            "Threads {n}: this machine runs {cores} at once, so {cores} search"
                        ));
                    }
                }
            }
            "uci_chess960" => {
                if let Some(on) = self.check("UCI_Chess960", value)
                    && on != self.chess960
                {
                    self.chess960 = on;
                    if let Some((name, path)) = self.source.clone() {
                        self.switch(&name, &path);
                    }
                }
            }
            _ => self.say(&format!("unknown option '{name}'")),
        }
    }

    /// A spin option's value, if it is a whole number from `low` to `high`; else says so.
    fn spin<T>(&self, name: &str, value: &str, low: T, high: T) -> Option<T>
    where
        T: std::str::FromStr + PartialOrd + std::fmt::Display,
    {
        let n = value.parse::<T>().ok().filter(|n| *n >= low && *n <= high);
        if n.is_none() {
            self.say(&format!(
                "{name} '{value}': expected a whole number from {low} to {high}"
            ));
        }
        n
    }

    /// A check option's value, if it is `true` or `false`; else says so.
    fn check(&self, name: &str, value: &str) -> Option<bool> {
        match value {
            "true" => Some(true),
            "false" => Some(false),
            _ => {
                self.say(&format!("{name} '{value}': expected true or false"));
                None
            }
        }
    }

    /// The plan the engine plays by: none when unbounded.
    fn plan(&self) -> Option<Plan> {
        if self.limit_strength {
            Some(Plan::for_elo(self.elo))
        } else {
            Strength::new(self.skill).map(Plan::of)
        }
    }

    /// Draws the errors of this game at the strength now chosen (none when unbounded).
    fn strength_changed(&mut self) {
        let seed = crate::random::finalize(self.games ^ 0x5EED);
        let noise = self.plan().and_then(|p| p.noise(seed));
        self.thinker.set_noise(noise);
    }

    /// Plays the level at `path` from now on, or says why it cannot.
    fn switch(&mut self, name: &str, path: &Path) {
        self.source = Some((name.to_string(), path.to_path_buf()));
        let chess960 = self.chess960;
        match Loaded::load(name, path).map(|l| if chess960 { l.with_chess960() } else { l }) {
            Ok(l) => {
                self.thinker.new_game();
                self.game = Some(l.new_game());
                self.loaded = Some(l);
                self.positioned = false;
                self.announce();
            }
            Err(e) => self.say(&format!("cannot load {}: {e}", path.display())),
        }
    }

    /// `eval`, an extension as Stockfish has one: the position's evaluation without a
    /// search, `info string eval CP white CP middlegame F`, in centipawns for the side to
    /// move and for White, F how far into the middlegame it is (1 with all the start's
    /// material on the board, 0 with none); to compare with another engine's, or to find
    /// the terms a fit leaves out.
    fn static_eval(&self) {
        let (Some(loaded), Some(game)) = (&self.loaded, &self.game) else {
            self.say("eval: no level loaded; set UCI_Variant or LevelFile");
            return;
        };
        let position = game.position();
        let parts = loaded.eval.evaluate_parts(position, None);
        let white = if position.to_move() == Color::White {
            parts.score
        } else {
            -parts.score
        };
        self.say(&format!(
            "eval {} white {white} middlegame {:.3}",
            parts.score, parts.middlegame
        ));
    }

    /// `info string variant NAME files F ranks R startpos FEN`.
    fn announce(&self) {
        if let Some(l) = &self.loaded {
            let g = l.level.variant.geometry;
            let fen = Fen {
                variant: &l.level.variant,
                position: &l.level.start,
            };
            self.say(&format!(
                "variant {} files {} ranks {} startpos {fen}",
                l.name,
                g.files(),
                g.ranks()
            ));
        }
    }

    fn position(&mut self, words: &[&str]) {
        let Some(loaded) = &self.loaded else {
            self.say("position: no level loaded; set UCI_Variant or LevelFile");
            return;
        };
        let split = words.iter().position(|&w| w == "moves");
        let (setup, moves) = match split {
            Some(k) => (&words[..k], &words[k + 1..]),
            None => (words, &[][..]),
        };
        if moves.len() > MAX_POSITION_MOVES {
            self.say(&format!(
                "position: {} moves; at most {MAX_POSITION_MOVES} are taken",
                moves.len()
            ));
            return;
        }
        let fen = match setup.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", fields)) if !fields.is_empty() => Some(fields.join(" ")),
            _ => {
                self.say("position: expected 'startpos' or 'fen FEN', then 'moves ...'");
                return;
            }
        };
        let game = match loaded.game(fen.as_deref(), moves) {
            Ok(game) => game,
            Err(e @ GameError::Fen(_)) => {
                self.say(&format!("position fen: {e}"));
                return;
            }
            Err(e) => {
                self.say(&format!("position: {e}"));
                return;
            }
        };
        self.game = Some(game);
        self.positioned = true;
    }

    fn go(&mut self, words: &[&str]) {
        if self.thinker.busy() {
            self.say("go: already thinking; send stop first");
            return;
        }
        if let Some(count) = self.perft.take() {
            if !count.answered.load(Ordering::SeqCst) {
                self.perft = Some(count);
                self.say("go: a perft is counting; send stop first");
                return;
            }
            // It has answered: only its thread's last steps are left.
            count.finish(false);
        }
        if let Some((&"perft", rest)) = words.split_first() {
            self.go_perft(rest);
            return;
        }
        let (Some(loaded), Some(game)) = (&self.loaded, &self.game) else {
            self.say("go: no level loaded; set UCI_Variant or LevelFile");
            self.out.line("bestmove (none)");
            return;
        };
        if !self.positioned {
            self.say("go before any position: searching the start position");
        }
        let (limits, notes) = read_limits(words, game.position().to_move());
        for note in notes {
            self.say(&format!("go: {note}"));
        }
        let limits = Limits {
            lines: self.lines,
            threads: self.threads,
            ..limits
        };
        let limits = match self.plan() {
            Some(plan) => plan.bound(limits),
            None => limits,
        };
        self.ponder = limits.ponder.clone();
        let several = self.lines > 1;
        let out = self.out.clone();
        let done_out = self.out.clone();
        let variant = Arc::clone(&loaded.level.variant);
        let done_variant = Arc::clone(&variant);
        if game.status().is_over() {
            self.say(&format!("the game is over: {}", game.describe()));
        }
        self.thinker.start(
            Arc::clone(&loaded.eval),
            game.clone(),
            limits,
            move |info| {
                // With MultiPV, each line says which it is, as Stockfish's do.
                let which = if several {
                    format!(" multipv {}", info.multipv)
                } else {
                    String::new()
                };
                out.line(&format!(
                    "info depth {} seldepth {}{which} score {} nodes {} nps {} time {} pv {}",
                    info.depth,
                    info.seldepth,
                    info.score,
                    info.nodes,
                    info.nps(),
                    info.time.as_millis(),
                    line_text(&variant, &info.pv)
                ));
            },
            move |report| {
                if report.nodes > 0 {
                    // The whole search's count, the unfinished last depth's nodes included.
                    let ms = report.time.as_millis().max(1);
                    done_out.line(&format!(
                        "info depth {} nodes {} nps {} time {} pv {}",
                        report.depth,
                        report.nodes,
                        u128::from(report.nodes) * 1000 / ms,
                        report.time.as_millis(),
                        line_text(&done_variant, &report.pv)
                    ));
                }
                // The reply the line expects is offered for the GUI to ponder on.
                let guess = match report.pv[..] {
                    [first, reply, ..] if Some(first) == report.best => {
                        format!(" ponder {}", move_text(&done_variant, reply))
                    }
                    _ => String::new(),
                };
                match report.best {
                    Some(m) => {
                        done_out.line(&format!("bestmove {}{guess}", move_text(&done_variant, m)))
                    }
                    None => done_out.line("bestmove (none)"),
                }
            },
        );
    }
}

impl Uci {
    /// `go perft N`: the legal moves of the position with their counts `N` plies down.
    fn go_perft(&mut self, words: &[&str]) {
        let (Some(loaded), Some(game)) = (&self.loaded, &self.game) else {
            self.say("go perft: no level loaded; set UCI_Variant or LevelFile");
            return;
        };
        let depth = match words {
            [n] => whole(n).map(|n| n.clamp(1, MAX_PERFT_DEPTH)),
            _ => None,
        };
        let Some(depth) = depth else {
            self.say(&format!(
                "go perft: expected one whole number of plies, 1 to {MAX_PERFT_DEPTH}"
            ));
            return;
        };
        if words[0].parse::<i64>().ok() != Some(depth) {
            self.say(&format!("go perft {}: taken as {depth}", words[0]));
        }
        let variant = Arc::clone(&loaded.level.variant);
        let position = game.position().clone();
        self.perft = Some(Perft::start(
            self.out.clone(),
            variant,
            position,
            depth as u32,
        ));
    }
}

/// The range of a word of `go` that takes a number; `None` for any other word.
fn range(word: &str) -> Option<(i64, i64)> {
    let longest = MAX_CLOCK.as_millis() as i64;
    Some(match word {
        "wtime" | "btime" | "winc" | "binc" | "movetime" => (0, longest),
        "movestogo" => (0, i64::from(u32::MAX)),
        "depth" => (1, i64::from(MAX_DEPTH)),
        "nodes" => (1, i64::MAX),
        "mate" => (1, MAX_MATE),
        _ => return None,
    })
}

/// The words of `go` that stand alone.
const ALONE: [&str; 3] = ["infinite", "ponder", "searchmoves"];

/// A whole number as written; one too long for 64 bits is taken as the end it is past.
fn whole(word: &str) -> Option<i64> {
    if let Ok(n) = word.parse::<i64>() {
        return Some(n);
    }
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| {
        if word.starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        }
    })
}

/// Reads `go`'s limits for the side `to_move`, with notes on what was not taken as
/// written: a number out of range is taken as the nearest end, and a word that cannot be
/// used (an unknown word, a number missing or not a number, `searchmoves` and its moves)
/// is left out, so that every `go` is searched and answered with a `bestmove`, as GUIs
/// expect.
fn read_limits(words: &[&str], to_move: Color) -> (Limits, Vec<String>) {
    let mut limits = Limits::default();
    let mut notes = Vec::new();
    let mut k = 0;
    let mut infinite = false;
    let is_word = |w: &str| range(w).is_some() || ALONE.contains(&w);
    while k < words.len() {
        let key = words[k];
        k += 1;
        if let Some((low, high)) = range(key) {
            let next = words.get(k).copied();
            let Some((written, n)) = next.and_then(|w| Some((w, whole(w)?))) else {
                match next {
                    Some(w) if !is_word(w) => {
                        notes.push(format!("'{key} {w}': expected a whole number; left out"));
                        k += 1;
                    }
                    _ => notes.push(format!("'{key}' needs a whole number; left out")),
                }
                continue;
            };
            k += 1;
            let taken = n.clamp(low, high);
            if taken != n {
                let side = if n < low { "below" } else { "above" };
                let end = if n < low { low } else { high };
                notes.push(format!(
                    "'{key} {written}' is {side} {end}: taken as {taken}"
                ));
            }
            // Both ends are at least zero.
            let taken = taken as u64;
            let mine = |white: &str| (key == white) == (to_move == Color::White);
            match key {
                "wtime" | "btime" if mine("wtime") => {
                    limits.time_left = Some(Duration::from_millis(taken));
                }
                "winc" | "binc" if mine("winc") => limits.increment = Duration::from_millis(taken),
                "movestogo" => limits.moves_to_go = Some(taken as u32),
                "depth" => limits.depth = Some(taken as u32),
                "nodes" => limits.nodes = Some(taken),
                "movetime" => limits.movetime = Some(Duration::from_millis(taken)),
                // Mate in N moves: search deep enough to see it.
                "mate" => limits.depth = Some(taken as u32 * 2),
                _ => {}
            }
            continue;
        }
        match key {
            "infinite" => infinite = true,
            "ponder" => limits.ponder = Some(Ponder::start()),
            "searchmoves" => {
                let moves = words[k..].iter().take_while(|w| !is_word(w)).count();
                k += moves;
                notes.push(format!(
                    "searchmoves is not supported: its {moves} moves are left out and every move is searched"
                ));
            }
            other => notes.push(format!("unknown word '{other}'; left out")),
        }
    }
    if infinite {
        limits.time_left = None;
        limits.movetime = None;
    }
    (limits, notes)
}

/// A level's name from its file: the file's stem.
fn stem(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("level")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_the_mover_s_clock() {
        let (l, _) = read_limits(
            &[
                "wtime", "60000", "btime", "5000", "winc", "1000", "binc", "0",
            ],
            Color::Black,
        );
        assert_eq!(l.time_left, Some(Duration::from_millis(5000)));
        assert_eq!(l.increment, Duration::ZERO);
        let (l, _) = read_limits(&["wtime", "60000", "winc", "1000"], Color::White);
        assert_eq!(l.time_left, Some(Duration::from_secs(60)));
        assert_eq!(l.increment, Duration::from_secs(1));
        let (l, notes) = read_limits(&["depth", "7", "nodes", "5000"], Color::White);
        assert_eq!((l.depth, l.nodes), (Some(7), Some(5000)));
        assert!(notes.is_empty(), "{notes:?}");
        let (l, notes) = read_limits(&["wtime", "-20"], Color::White);
        assert_eq!(l.time_left, Some(Duration::ZERO));
        assert_eq!(notes, ["'wtime -20' is below 0: taken as 0"]);
    }

    #[test]
    fn go_takes_numbers_out_of_range_as_the_nearest_end_and_says_so() {
        let (l, notes) = read_limits(
            &[
                "movetime",
                "-5",
                "depth",
                "1000",
                "nodes",
                "0",
                "winc",
                "-1",
                "wtime",
                "99999999999999",
            ],
            Color::White,
        );
        assert_eq!(l.movetime, Some(Duration::ZERO));
        assert_eq!(l.depth, Some(MAX_DEPTH));
        assert_eq!(l.nodes, Some(1));
        assert_eq!(l.increment, Duration::ZERO);
        assert_eq!(l.time_left, Some(MAX_CLOCK));
        assert_eq!(notes.len(), 5, "{notes:?}");
        let (l, notes) = read_limits(&["mate", "-3"], Color::White);
        assert_eq!(l.depth, Some(2));
        assert_eq!(notes, ["'mate -3' is below 1: taken as 1"]);
        let (l, notes) = read_limits(&["movetime", "99999999999999999999999"], Color::White);
        assert_eq!(l.movetime, Some(MAX_CLOCK));
        assert_eq!(notes.len(), 1, "{notes:?}");
    }

    #[test]
    fn go_leaves_out_what_it_cannot_use_and_says_so() {
        let (l, notes) = read_limits(
            &[
                "sideways",
                "depth",
                "x",
                "searchmoves",
                "e2e4",
                "d2d4",
                "nodes",
                "900",
                "movetime",
            ],
            Color::White,
        );
        assert_eq!((l.depth, l.nodes, l.movetime), (None, Some(900), None));
        assert_eq!(
            notes,
            [
                "unknown word 'sideways'; left out",
                "'depth x': expected a whole number; left out",
                "searchmoves is not supported: its 2 moves are left out and every move is searched",
                "'movetime' needs a whole number; left out",
            ]
        );
        let (l, notes) = read_limits(&["depth", "wtime", "100"], Color::White);
        assert_eq!(
            (l.depth, l.time_left),
            (None, Some(Duration::from_millis(100)))
        );
        assert_eq!(notes, ["'depth' needs a whole number; left out"]);
    }
}
