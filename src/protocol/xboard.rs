//! `areachess xboard`: the XBoard/WinBoard protocol (CECP version 2).
//!
//! For a level XBoard does not know, the engine sends `setup` (the board's size, the
//! letters of its pieces, the start position) and one `piece LETTER& BETZA` line per type,
//! so that XBoard draws the board and checks the moves itself. A bad line never stops the
//! engine: it answers `Error (…): …` or `Illegal move (…): …` and keeps its last good state.

use super::session::{
    Catalog, DEFAULT_HASH_MB, Input, Lines, Loaded, MAX_CLOCK, MAX_DEPTH, MAX_HASH_MB,
    MAX_LINE_BYTES, MAX_THREADS, Output, Thinker, default_threads, line_text,
};
use crate::grid::game::Game;
use crate::grid::{Fen, Move, move_text};
use crate::notation::xbetza;
use crate::play::{Color, Play, Status};
use crate::search::{Limits, MATE, MATE_BOUND, Ponder, Report};
use std::io::BufRead;
use std::path::Path;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// What the session waits for: a line from the GUI, or the end of a thought.
enum Event {
    Line(Input),
    End,
    Thought {
        generation: u64,
        report: Report<Move>,
    },
}

/// The most lines read ahead of the session: while it is busy (a new table, a level
/// loaded) a GUI that floods it waits, and what waits in memory is at most this many
/// lines of [`MAX_LINE_BYTES`].
const MAX_BACKLOG: usize = 64;

/// How many lines were read and not yet obeyed, so that the reader waits once there are
/// [`MAX_BACKLOG`]. The reader waits for the session, never the other way round.
#[derive(Default)]
struct Backlog {
    waiting: Mutex<usize>,
    room: Condvar,
}

impl Backlog {
    /// The reader has a line: waits until there is room for it, then counts it.
    fn add(&self) {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        while *waiting >= MAX_BACKLOG {
            waiting = self.room.wait(waiting).unwrap_or_else(|e| e.into_inner());
        }
        *waiting += 1;
    }

    /// The session took a line.
    fn take(&self) {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        *waiting = waiting.saturating_sub(1);
        self.room.notify_one();
    }
}

/// The name XBoard gives orthodox chess.
const NORMAL: &str = "normal";

/// XBoard's name of Chess960, our chess960 level.
const FISCHERANDOM: &str = "fischerandom";

/// The shipped levels whose names XBoard knows as variants of its own: it ignores a
/// `setup` for them and checks moves by its own rules.
const XBOARD_KNOWS: [&str; 8] = [
    "crazyhouse",
    "janus",
    "shatranj",
    "courier",
    "capablanca",
    "berolina",
    "makruk",
    "grand",
];

/// A move as the engine sends it: as `move_text` writes it, but Chess960 castling as
/// `O-O` and `O-O-O`, which XBoard reads in fischerandom.
fn xboard_move(v: &crate::grid::Variant, m: Move) -> String {
    match m.castles_up() {
        Some(up) if v.castling.is_some_and(|c| c.chess960) => {
            if up { "O-O" } else { "O-O-O" }.to_string()
        }
        _ => move_text(v, m),
    }
}

/// XBoard's piece slots in its `setup` table, White's, in order (the last is the king).
const SLOTS: [char; 22] = [
    'P', 'N', 'B', 'R', 'Q', 'F', 'E', 'A', 'C', 'W', 'M', 'O', 'H', 'I', 'J', 'G', 'D', 'V', 'L',
    'S', 'U', 'K',
];

/// How the engine's clock runs.
#[derive(Clone, Copy, Debug, Default)]
struct TimeControl {
    /// `st`: a fixed time a move.
    per_move: Option<Duration>,
    /// `sd`: a fixed depth.
    depth: Option<u32>,
    /// `level`: moves per period (0: the whole game).
    moves_per_period: u32,
    /// `level`: the increment.
    increment: Duration,
    /// `time`: the engine's clock.
    left: Option<Duration>,
}

/// An XBoard session.
struct Xboard {
    out: Output,
    catalog: Catalog,
    loaded: Option<Loaded>,
    game: Option<Game>,
    /// The side the engine plays; none in force mode.
    engine: Option<Color>,
    clock: TimeControl,
    post: bool,
    thinker: Thinker,
    generation: u64,
    events: Sender<Event>,
    /// In analyze mode: thinking without end on every position shown, playing nothing.
    analyzing: bool,
    /// `cores`: how many threads search.
    threads: usize,
    /// `hard`: think on the opponent's time, on the reply the engine expects.
    hard: bool,
    /// The reply thought on now, if the engine ponders.
    pondering: Option<Pondering>,
}

/// A search on the opponent's time: the reply it expects, and the clock that starts when
/// that reply comes.
struct Pondering {
    guess: Move,
    ponder: Arc<Ponder>,
}

impl Xboard {
    /// A session offering `catalog`'s levels, playing `level` first (a file, or chess).
    fn new(out: Output, mut catalog: Catalog, level: Option<&Path>) -> (Xboard, Receiver<Event>) {
        let (events, receiver) = channel();
        // The level given on the command line is a variant like the others, by its stem.
        if let Some(path) = level
            && catalog.find(&stem(path)).is_none()
        {
            catalog.levels.push((stem(path), path.to_path_buf()));
        }
        let mut x = Xboard {
            out,
            catalog,
            loaded: None,
            game: None,
            engine: Some(Color::Black),
            clock: TimeControl::default(),
            post: false,
            thinker: Thinker::new(DEFAULT_HASH_MB),
            generation: 0,
            events,
            analyzing: false,
            threads: default_threads(),
            hard: false,
            pondering: None,
        };
        let first = match level {
            Some(path) => Some((stem(path), path.to_path_buf())),
            None => x
                .catalog
                .find("chess")
                .map(|p| ("chess".to_string(), p.to_path_buf())),
        };
        if let Some((name, path)) = first {
            match Loaded::load(&name, &path) {
                Ok(l) => {
                    x.game = Some(l.new_game());
                    x.loaded = Some(l);
                }
                Err(e) => x.error("cannot load level", &e),
            }
        }
        (x, receiver)
    }

    /// Reads commands until `quit` or the end of the input.
    fn run(mut self, receiver: Receiver<Event>, input: impl BufRead + Send + 'static) {
        let lines = self.events.clone();
        let backlog = Arc::new(Backlog::default());
        let reading = Arc::clone(&backlog);
        std::thread::spawn(move || {
            for line in Lines::new(input) {
                reading.add();
                if lines.send(Event::Line(line)).is_err() {
                    return;
                }
            }
            let _ = lines.send(Event::End);
        });
        for event in receiver {
            match event {
                Event::Line(input) => {
                    backlog.take();
                    match input {
                        Input::Line(line) => {
                            if !self.command(&line) {
                                break;
                            }
                        }
                        Input::TooLong { number } => self.error(
                            "line too long",
                            &format!("line {number}: longer than {MAX_LINE_BYTES} bytes; ignored"),
                        ),
                    }
                }
                Event::End => break,
                // A ponder search answers only once its guess has been played.
                Event::Thought { generation, report } => {
                    if generation == self.generation && self.pondering.is_none() {
                        self.thinker.wait();
                        if !self.analyzing {
                            self.play_thought(report);
                        }
                    }
                }
            }
        }
        self.generation += 1;
        self.thinker.stop();
    }

    /// `Error (KIND): TEXT`, one such line for each line of `text`.
    fn error(&self, kind: &str, text: &str) {
        self.out.framed(&format!("Error ({kind}): "), text);
    }

    /// Obeys one line; false after `quit`.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" => {}
            "hard" => self.hard = true,
            "easy" => {
                self.hard = false;
                if self.pondering.is_some() {
                    self.cancel();
                }
            }
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "white" | "black" | "draw" | "bk" | "hint" | "." => {}
            "protover" => self.features(),
            "new" => {
                self.cancel();
                let name = self.catalog.find("chess").map(Path::to_path_buf);
                match (&self.loaded, name) {
                    (Some(l), _) if l.name == "chess" => self.game = Some(l.new_game()),
                    (_, Some(path)) => self.switch("chess", &path),
                    (Some(l), None) => self.game = Some(l.new_game()),
                    (None, None) => {}
                }
                self.thinker.new_game();
                self.engine = (!self.analyzing).then_some(Color::Black);
                self.clock.depth = None;
                self.reanalyse();
            }
            "variant" => {
                self.cancel();
                let name = match rest {
                    NORMAL => "chess",
                    FISCHERANDOM => "chess960",
                    _ => rest,
                };
                match self.catalog.find(name).map(Path::to_path_buf) {
                    Some(path) => self.switch(name, &path),
                    None => self.error("unknown variant", rest),
                }
                self.reanalyse();
            }
            "force" => {
                self.cancel();
                self.engine = None;
            }
            "analyze" => {
                self.cancel();
                self.engine = None;
                self.analyzing = true;
                self.reanalyse();
            }
            "exit" => {
                if self.analyzing {
                    self.cancel();
                    self.analyzing = false;
                }
            }
            "cores" => match rest.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => self.threads = n,
                _ => self.error("bad cores", rest),
            },
            "go" => {
                self.cancel();
                self.engine = self.game.as_ref().map(|g| g.position().to_move());
                self.maybe_think();
            }
            "playother" => {
                self.cancel();
                self.engine = self
                    .game
                    .as_ref()
                    .map(|g| g.position().to_move().opponent());
            }
            "usermove" => self.user_move(rest),
            "setboard" => self.set_board(rest),
            "st" => match rest.parse::<u64>() {
                Ok(s) if s > 0 && s <= MAX_CLOCK.as_secs() => {
                    self.clock.per_move = Some(Duration::from_secs(s));
                }
                _ => self.error(
                    "bad st",
                    &format!(
                        "{rest}: expected whole seconds from 1 to {}",
                        MAX_CLOCK.as_secs()
                    ),
                ),
            },
            "sd" => match rest.parse::<u32>() {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => self.clock.depth = Some(d),
                _ => self.error("bad sd", rest),
            },
            "level" => self.level(rest),
            // A clock may run below zero in a GUI's books; that is no time left.
            "time" => match rest.parse::<i64>() {
                Ok(cs) if cs <= MAX_CLOCK.as_millis() as i64 / 10 => {
                    self.clock.left = Some(Duration::from_millis(cs.max(0) as u64 * 10));
                }
                _ => self.error(
                    "bad time",
                    &format!(
                        "{rest}: expected whole centiseconds up to {}",
                        MAX_CLOCK.as_millis() / 10
                    ),
                ),
            },
            "otim" => {
                if rest.parse::<i64>().is_err() {
                    self.error("bad otim", rest);
                }
            }
            "undo" => {
                self.take_back(1);
                self.reanalyse();
            }
            "remove" => {
                self.take_back(2);
                self.reanalyse();
            }
            "result" => {
                self.cancel();
                self.engine = None;
            }
            "ping" => self.out.line(&format!("pong {rest}")),
            "post" => self.post = true,
            "nopost" => self.post = false,
            // Move now: only when thinking on the engine's own move.
            "?" if self.pondering.is_none() => self.thinker.stop(),
            "?" => {}
            "memory" => match rest.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    if let Err(e) = self.thinker.set_hash(mb) {
                        self.error("memory", &format!("{rest}: {e}"));
                    }
                }
                _ => self.error(
                    "bad memory",
                    &format!(
                        "{rest}: expected MiB from 1 to {MAX_HASH_MB}; the table keeps its size"
                    ),
                ),
            },
            "quit" => return false,
            _ => {
                // A move sent without `usermove` (protocol version 1).
                if self.looks_like_move(word) && rest.is_empty() {
                    self.user_move(word);
                } else {
                    self.error("unknown command", word);
                }
            }
        }
        true
    }

    fn features(&self) {
        let mut names: Vec<String> = Vec::new();
        for name in self.catalog.names() {
            let name = match name {
                "chess" => NORMAL,
                "chess960" => FISCHERANDOM,
                _ => name,
            };
            if !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
        self.out.line(&format!(
            "feature myname=\"areachess {}\" ping=1 setboard=1 usermove=1 playother=1 san=0 \
             time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 name=1 memory=1 \
             smp=1 variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        self.out.line("feature done=1");
    }

    /// Plays the level at `path` from now on, or says why it cannot.
    fn switch(&mut self, name: &str, path: &Path) {
        match Loaded::load(name, path) {
            Ok(l) => {
                self.thinker.new_game();
                self.game = Some(l.new_game());
                if name != "chess" {
                    self.send_setup(&l);
                }
                self.loaded = Some(l);
            }
            Err(e) => self.error("cannot load level", &e),
        }
    }

    /// `setup (LETTERS) WxH+0_fairy FEN` and a `piece` line per type.
    fn send_setup(&self, l: &Loaded) {
        let v = &l.level.variant;
        let g = v.geometry;
        // Each type takes the slot of its own letter, else a free one; royals the king's.
        let mut table = ['.'; 22];
        let mut leftover = Vec::new();
        for t in &v.types {
            let slot = if t.royal {
                Some(21)
            } else {
                SLOTS[..21].iter().position(|&c| c == t.letter)
            };
            match slot {
                Some(s) if table[s] == '.' => table[s] = t.letter,
                _ => leftover.push(t.letter),
            }
        }
        let mut problems = Vec::new();
        for letter in leftover {
            match table[..21].iter().position(|&c| c == '.') {
                Some(free) => table[free] = letter,
                None => problems.push(format!("XBoard has no slot left for piece {letter}")),
            }
        }
        let white: String = table.iter().collect();
        let black: String = white.chars().map(|c| c.to_ascii_lowercase()).collect();
        let fen = Fen {
            variant: v,
            position: &l.level.start,
        };
        self.out.line(&format!(
            "setup ({white}{black}) {}x{}+0_fairy {fen}",
            g.files(),
            g.ranks()
        ));
        let longest = i32::from(g.files().max(g.ranks()));
        for t in &v.types {
            let castling = v
                .castling
                .filter(|c| v[c.king].letter == t.letter)
                .map_or(String::new(), |c| format!("O{}", c.king_steps));
            if v.castling.is_some_and(|c| c.lands.is_some()) && !castling.is_empty() {
                problems.push(
                    "the king castles a different distance each way, which XBoard's O cannot say"
                        .to_string(),
                );
            }
            match xbetza::translate(&t.betza, longest) {
                Ok(moves) => self
                    .out
                    .line(&format!("piece {}& {moves}{castling}", t.letter)),
                Err(why) => problems.push(format!("piece {} ({}): {why}", t.letter, t.betza)),
            }
        }
        // XBoard's fairy pawn promotes on the last rank only, and must; nothing else does.
        let promoting: Vec<String> = v
            .types
            .iter()
            .filter(|t| match &t.promotion {
                Some(p) => t.letter != table[0] || p.zone != 1 || p.optional,
                None => t.letter == table[0],
            })
            .map(|t| t.letter.to_string())
            .collect();
        if !promoting.is_empty() {
            problems.push(format!(
                "{} promote (or not) in ways XBoard's fairy rules do not know",
                promoting.join(", ")
            ));
        }
        // A variant XBoard knows by name it plays by its own rules.
        if !problems.is_empty() && !XBOARD_KNOWS.contains(&l.name.as_str()) {
            // XBoard would judge these pieces' moves wrongly: the user must stop it judging.
            self.out.line(&format!(
                "tellusererror XBoard cannot check this level's moves ({}); switch off Options > Test Legality to play it",
                problems.join("; ")
            ));
        }
    }

    fn looks_like_move(&self, word: &str) -> bool {
        word.len() >= 4
            && word.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && word.chars().nth(1).is_some_and(|c| c.is_ascii_digit())
    }

    fn user_move(&mut self, text: &str) {
        // The reply the engine pondered on: its search goes on, now on the engine's clock.
        if let (Some(p), Some(game)) = (self.pondering.take(), &mut self.game) {
            let mut tried = game.clone();
            if tried.play_text(text).is_ok_and(|m| m == p.guess) {
                *game = tried;
                p.ponder.hit();
                return;
            }
        }
        self.cancel();
        let Some(game) = &mut self.game else {
            self.out
                .line(&format!("Illegal move (no level loaded): {text}"));
            return;
        };
        if let Err(e) = game.play_text(text) {
            let why = match e {
                crate::grid::game::PlayError::NotAMove(_) => "not a move",
                crate::grid::game::PlayError::NoSuchLetter { .. } => "no such piece",
                crate::grid::game::PlayError::NotLegal(_) => "not legal here",
                crate::grid::game::PlayError::GameOver(_) => "the game is over",
            };
            self.out.line(&format!("Illegal move ({why}): {text}"));
            return;
        }
        if self.analyzing {
            self.reanalyse();
            return;
        }
        // The GUI's move ended the game: the engine, playing, says so (XBoard waits for it).
        if self.engine.is_some()
            && let Some(result) = result_line(game.status())
        {
            self.out.line(&result);
            return;
        }
        self.maybe_think();
    }

    fn set_board(&mut self, fen: &str) {
        self.cancel();
        let Some(l) = &self.loaded else {
            self.error("no level loaded", "setboard");
            return;
        };
        let moves: [&str; 0] = [];
        match l.game(Some(fen), &moves) {
            Ok(game) => self.game = Some(game),
            Err(e) => self.error("bad FEN", &e.to_string()),
        }
        self.reanalyse();
    }

    /// `level MPS BASE INC`: BASE in minutes or minutes:seconds (the clock itself comes
    /// with `time`, but a BASE that is no time refuses the line), INC in seconds, up to
    /// an hour.
    fn level(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [mps, base, inc] = words[..] else {
            self.error("bad level", text);
            return;
        };
        let minutes = |w: &str| {
            w.parse::<u64>()
                .is_ok_and(|m| m <= MAX_CLOCK.as_secs() / 60)
        };
        let base_ok = match base.split_once(':') {
            Some((m, s)) => minutes(m) && s.parse::<u8>().is_ok_and(|s| s < 60),
            None => minutes(base),
        };
        match (mps.parse::<u32>(), inc.parse::<f64>()) {
            (Ok(m), Ok(i)) if base_ok && (0.0..=3600.0).contains(&i) => {
                self.clock.moves_per_period = m;
                self.clock.increment = Duration::from_secs_f64(i);
                self.clock.per_move = None;
            }
            _ => self.error("bad level", text),
        }
    }

    fn take_back(&mut self, n: usize) {
        self.cancel();
        if let Some(game) = &mut self.game {
            for _ in 0..n {
                if !game.undo() {
                    self.error("cannot undo", "no move to take back");
                    break;
                }
            }
        }
    }

    /// Stops any thought, and forgets its result.
    fn cancel(&mut self) {
        self.pondering = None;
        self.generation += 1;
        self.thinker.stop();
    }

    /// Thinks if the engine is to move and the game goes on.
    fn maybe_think(&mut self) {
        let (Some(_), Some(game)) = (&self.loaded, &self.game) else {
            return;
        };
        let to_move = game.position().to_move();
        if self.engine != Some(to_move) || game.status().is_over() {
            return;
        }
        let limits = self.limits(game);
        self.think(game.clone(), limits, self.post);
    }

    /// The limits of a search for the engine's move in `game`, from the clock.
    fn limits(&self, game: &Game) -> Limits {
        let c = self.clock;
        if let Some(d) = c.depth {
            Limits::depth(d)
        } else if let Some(t) = c.per_move {
            Limits::movetime(t)
        } else if let Some(left) = c.left {
            let played = game.played().len() as u32 / 2;
            let to_go =
                (c.moves_per_period > 0).then(|| c.moves_per_period - played % c.moves_per_period);
            Limits {
                time_left: Some(left),
                increment: c.increment,
                moves_to_go: to_go,
                ..Limits::default()
            }
        } else {
            Limits::movetime(Duration::from_secs(5))
        }
    }

    /// After the engine's move, with `hard`: thinks on `guess`, the reply it expects, until
    /// the opponent moves.
    fn ponder_on(&mut self, guess: Option<Move>) {
        let (Some(guess), Some(game)) = (guess, &self.game) else {
            return;
        };
        if !self.hard || self.analyzing || self.engine.is_none() {
            return;
        }
        let mut after = game.clone();
        if !after.play(guess) || after.status().is_over() {
            return;
        }
        let ponder = Ponder::start();
        let limits = Limits {
            ponder: Some(Arc::clone(&ponder)),
            ..self.limits(&after)
        };
        self.think(after, limits, self.post);
        self.pondering = Some(Pondering { guess, ponder });
    }

    /// In analyze mode, thinks without end about the position as it now stands.
    fn reanalyse(&mut self) {
        if !self.analyzing {
            return;
        }
        self.cancel();
        if let Some(game) = self.game.as_ref().filter(|g| !g.status().is_over()) {
            self.think(game.clone(), Limits::default(), true);
        }
    }

    /// Starts thinking about `game` within `limits`, telling each depth if `post`.
    fn think(&mut self, game: Game, limits: Limits, post: bool) {
        let Some(l) = &self.loaded else {
            return;
        };
        let limits = Limits {
            threads: self.threads,
            ..limits
        };
        let generation = self.generation;
        let events = self.events.clone();
        let (out, variant) = (self.out.clone(), Arc::clone(&l.level.variant));
        self.thinker.start(
            Arc::clone(&l.eval),
            game,
            limits,
            move |info| {
                if post {
                    out.line(&format!(
                        "{} {} {} {} {}",
                        info.depth,
                        xboard_score(info.score.0),
                        info.time.as_millis() / 10,
                        info.nodes,
                        line_text(&variant, &info.pv)
                    ));
                }
            },
            move |report| {
                let _ = events.send(Event::Thought { generation, report });
            },
        );
    }

    /// Plays the engine's move and says so (and the result, if it ends the game).
    fn play_thought(&mut self, report: Report<Move>) {
        let (Some(l), Some(game)) = (&self.loaded, &mut self.game) else {
            return;
        };
        let Some(m) = report.best else { return };
        if !game.play(m) {
            return;
        }
        self.out
            .line(&format!("move {}", xboard_move(&l.level.variant, m)));
        if let Some(result) = result_line(game.status()) {
            self.out.line(&result);
            return;
        }
        self.ponder_on(report.pv.get(1).copied());
    }
}

/// Runs a session on `input` and `out` until `quit`.
pub fn run(
    out: Output,
    catalog: Catalog,
    level: Option<&Path>,
    input: impl BufRead + Send + 'static,
) {
    let (session, receiver) = Xboard::new(out, catalog, level);
    session.run(receiver, input);
}

/// A score as XBoard shows it: centipawns, mates as 100000 + moves.
fn xboard_score(score: i32) -> i32 {
    if score >= MATE_BOUND {
        100_000 + (MATE - score + 1) / 2
    } else if score <= -MATE_BOUND {
        -100_000 - (MATE + score) / 2
    } else {
        score
    }
}

/// The result line for a finished game, if it is finished.
fn result_line(status: Status) -> Option<String> {
    let win = |c: Color| if c == Color::White { "1-0" } else { "0-1" };
    Some(match status {
        Status::Playing => return None,
        Status::Checkmate { winner } => format!("{} {{{} mates}}", win(winner), winner.name()),
        Status::RoyalLost { winner } => {
            format!(
                "{} {{{} takes the last royal piece}}",
                win(winner),
                winner.name()
            )
        }
        Status::BareKing { winner } => format!("{} {{Bare king}}", win(winner)),
        Status::Goal {
            winner: Some(w),
            goal,
        } => format!("{} {{{goal}}}", win(w)),
        Status::Goal { winner: None, goal } => format!("1/2-1/2 {{{goal}}}"),
        Status::PawnDropMate { winner } => format!("{} {{Pawn-drop mate}}", win(winner)),
        Status::PerpetualCheck { winner } => format!("{} {{Perpetual check}}", win(winner)),
        Status::Stalemate { winner: Some(w) } => {
            format!("{} {{stalemate: {} wins}}", win(w), w.name())
        }
        Status::Stalemate { winner: None } => "1/2-1/2 {Stalemate}".to_string(),
        Status::Drawn { by } => format!("1/2-1/2 {{Draw by {by}}}"),
        Status::Resigned { winner } => format!("{} {{resignation}}", win(winner)),
        Status::DrawAgreed => "1/2-1/2 {Draw agreed}".to_string(),
        Status::OutOfTime { winner: Some(w) } => {
            format!("{} {{{} wins on time}}", win(w), w.name())
        }
        Status::OutOfTime { winner: None } => {
            "1/2-1/2 {Out of time, no mating material}".to_string()
        }
    })
}

/// A level's name from its file: the file's stem.
fn stem(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("level")
        .to_string()
}
