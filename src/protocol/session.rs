//! What both protocols share: the output their lines go to, the catalogue of levels a GUI
//! may choose from, the level loaded with its start, and the thinker that searches on a
//! thread of its own so that a session keeps answering while it thinks.

use crate::grid::Move;
use crate::grid::game::Game;
use crate::level::{self, GridLevel};
use crate::record::game::{self, Draws, GameError};
use crate::search::grid::{GridEval, GridPlayer};
use crate::search::players::PlayerKind;
use crate::search::{Info, Limits, Report};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// A line of moves as both protocols write it: coordinate moves separated by spaces.
pub(super) fn line_text(variant: &crate::grid::Variant, moves: &[Move]) -> String {
    let words: Vec<String> = moves
        .iter()
        .map(|&m| crate::grid::move_text(variant, m))
        .collect();
    words.join(" ")
}

/// The transposition table's size until an option changes it, in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// The largest table either protocol allows (UCI `Hash`, XBoard `memory`), in MiB: a
/// table larger than most machines' memory is a typing error, not a wish, and a larger
/// one would be allocated (and touched) before anything could refuse it.
pub const MAX_HASH_MB: usize = 4096;

/// The deepest search either protocol asks for (UCI `go depth`, XBoard `sd`): the
/// engine's own deepest iteration, so a deeper request could only mean the same.
pub const MAX_DEPTH: u32 = 100;

/// The longest clock either protocol takes (UCI `wtime`/`winc`/`movetime`, XBoard `time`,
/// `st`, `level`'s increment): about eleven and a half days, longer than any game's clock,
/// and far enough from `Duration`'s end that the time arithmetic cannot overflow.
pub const MAX_CLOCK: Duration = Duration::from_millis(1_000_000_000);

/// The longest line either protocol reads, in bytes: a `position` line of the longest
/// move list UCI takes (10,000 moves of up to a dozen bytes) and a FEN fit with room to
/// spare, while a line of gigabytes without an end costs no more than this.
pub const MAX_LINE_BYTES: usize = 1 << 18;

/// One line a GUI sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line without its end (`\n` or `\r\n`); bytes that are not UTF-8 (a name in
    /// Latin-1) are each read as U+FFFD, so the rest of the line still counts.
    Line(String),
    /// Line `number` (from 1) was longer than [`MAX_LINE_BYTES`]: it was skipped to its
    /// end, unread.
    TooLong {
        /// Its number in the session, from 1.
        number: u64,
    },
}

/// The lines of a GUI's input, each read into at most [`MAX_LINE_BYTES`]: a bad byte or
/// an endless line costs one line, never the session. They end at the input's end, or
/// at an error reading it (the GUI is gone).
pub struct Lines<R> {
    input: R,
    line: Vec<u8>,
    number: u64,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `input`.
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            line: Vec::new(),
            number: 0,
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        self.line.clear();
        let mut too_long = false;
        let mut read_any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            if chunk.is_empty() {
                break;
            }
            read_any = true;
            let end = chunk.iter().position(|&b| b == b'\n');
            let part = &chunk[..end.unwrap_or(chunk.len())];
            if !too_long {
                if self.line.len() + part.len() > MAX_LINE_BYTES {
                    // The rest is skipped as it comes, never held.
                    too_long = true;
                    self.line = Vec::new();
                } else {
                    self.line.extend_from_slice(part);
                }
            }
            let used = end.map_or(chunk.len(), |e| e + 1);
            self.input.consume(used);
            if end.is_some() {
                break;
            }
        }
        if !read_any {
            return None;
        }
        self.number += 1;
        if too_long {
            return Some(Input::TooLong {
                number: self.number,
            });
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        Some(Input::Line(
            String::from_utf8_lossy(&self.line).into_owned(),
        ))
    }
}

/// How long a session waits for a search to stop before it gives the search up.
pub const END_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// The most search threads either protocol accepts (UCI `Threads`, XBoard `cores`).
pub const MAX_THREADS: usize = 64;

/// How many threads search until an option (UCI `Threads`, XBoard `cores`) says
/// otherwise: one for each core the machine offers, up to [`MAX_THREADS`]. An engine
/// started by hand, or by a GUI that sets nothing, uses the whole machine.
pub fn default_threads() -> usize {
    crate::search::cores().clamp(1, MAX_THREADS)
}

/// Where the lines an engine writes go: one line at a time, flushed, from any thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Lines to `out`.
    pub fn new(out: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(out))))
    }

    /// Writes one line (a closed pipe is not the engine's fault: it is ignored).
    pub fn line(&self, text: &str) {
        if let Ok(mut out) = self.0.lock() {
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
        }
    }

    /// Writes `text` with `prefix` before each of its lines (`info string `, `Error (…): `),
    /// so that a message of several lines, or one that repeats a GUI's stray `\r`, never
    /// leaves a line the GUI would read as something else. Blank lines are left out,
    /// unless there is nothing else.
    pub fn framed(&self, prefix: &str, text: &str) {
        if let Ok(mut out) = self.0.lock() {
            let mut parts = text.split(['\n', '\r']).filter(|p| !p.trim().is_empty());
            // A message with nothing in it still says that something was wrong.
            let first = parts.next().unwrap_or(text);
            for part in std::iter::once(first).chain(parts) {
                let _ = writeln!(out, "{prefix}{part}");
            }
            let _ = out.flush();
        }
    }
}

/// The grid levels an engine offers by name: the `.toml` files of a folder that load as
/// grid levels, named by their file stem (`chess`, `obento`), and by the names of the
/// Fairy-Stockfish variants each says it plays (`normal`, `fischerandom`).
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    /// Names and files, sorted by name.
    pub levels: Vec<(String, PathBuf)>,
    /// Fairy-Stockfish's names that are not a level's own, with the file of the level
    /// that plays each, sorted by name.
    pub aliases: Vec<(String, PathBuf)>,
}

impl Catalog {
    /// The grid levels in `dir` (none if it cannot be read).
    pub fn of_folder(dir: &Path) -> Catalog {
        Catalog::of_files(crate::library::levels_in(dir))
    }

    /// The grid levels among `files`, each with its name.
    fn of_files(files: impl IntoIterator<Item = (String, PathBuf)>) -> Catalog {
        let mut levels = Vec::new();
        let mut aliases = Vec::new();
        for (name, path) in files {
            let Ok(level) = level::load(&path) else {
                continue;
            };
            if level.is_continuous() {
                continue;
            }
            for alias in level.fairy_stockfish {
                aliases.push((alias, path.clone()));
            }
            levels.push((name, path));
        }
        levels.sort();
        // A level's own name comes first; two levels naming one variant: the first by file.
        aliases.sort();
        aliases.dedup_by(|b, a| a.0 == b.0);
        aliases.retain(|(name, _)| !levels.iter().any(|(n, _)| n == name));
        Catalog { levels, aliases }
    }

    /// Every name offered, the levels' own first, then Fairy-Stockfish's.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.levels
            .iter()
            .chain(&self.aliases)
            .map(|(n, _)| n.as_str())
    }

    /// The shipped grid levels and the user library's (see [`crate::library::levels`]).
    pub fn library() -> Catalog {
        Catalog::of_files(crate::library::levels())
    }

    /// The file of the level named `name`.
    pub fn find(&self, name: &str) -> Option<&Path> {
        self.levels
            .iter()
            .chain(&self.aliases)
            .find(|(n, _)| n == name)
            .map(|(_, p)| p.as_path())
    }
}

/// A grid level loaded for play, with its evaluation tables.
#[derive(Clone)]
pub struct Loaded {
    /// Its name (a catalog name or the file's stem).
    pub name: String,
    /// The level.
    pub level: GridLevel,
    /// The evaluation tables.
    pub eval: Arc<GridEval>,
}

impl Loaded {
    /// Loads the grid level at `path`, named `name`; the error says why not, with the
    /// file, line and column.
    pub fn load(name: &str, path: &Path) -> Result<Loaded, String> {
        let level = level::load(path)
            .map_err(|e| e.to_string())?
            .into_grid()
            .map_err(|e| e.to_string())?;
        let eval = Arc::new(GridEval::for_variant(Arc::clone(&level.variant)));
        Ok(Loaded {
            name: name.to_string(),
            level,
            eval,
        })
    }

    /// This level with Chess960 castling (UCI_Chess960): the king lands where the level
    /// says, else two files in from each edge (g and c on eight files), from any start.
    /// A level without castling, or with Chess960's already, stays as it is.
    pub fn with_chess960(self) -> Loaded {
        let Some(castling) = self.level.variant.castling.filter(|c| !c.chess960) else {
            return self;
        };
        let mut variant = (*self.level.variant).clone();
        let files = variant.geometry.files();
        variant.castling = Some(crate::grid::Castling {
            chess960: true,
            lands: castling.lands.or(Some([files.saturating_sub(2), 2])),
            ..castling
        });
        let variant = Arc::new(variant);
        Loaded {
            name: self.name,
            level: GridLevel {
                variant: Arc::clone(&variant),
                start: self.level.start,
            },
            eval: Arc::new(GridEval::for_variant(variant)),
        }
    }

    /// A new game from the level's setup.
    pub fn new_game(&self) -> Game {
        let moves: [&str; 0] = [];
        self.game(None, &moves)
            .expect("the level's own setup, with no moves, makes a game")
    }

    /// The game after `moves` from the FEN `fen` (else the setup), in which draws by rule
    /// are left to the GUI to claim, so that the engine follows a game as far as its GUI
    /// plays it.
    pub fn game(&self, fen: Option<&str>, moves: &[impl AsRef<str>]) -> Result<Game, GameError> {
        game::grid_game(&self.level, fen, moves, Draws::Claimed)
    }
}

/// The engine's thinking: the player, moved to a thread while it thinks and back after.
pub struct Thinker {
    player: Option<GridPlayer>,
    running: Option<Running>,
    hash_mb: usize,
}

/// A thought under way: its thread, the flag that stops it, and the flag it raises once
/// it has answered (its thread still has to hand the player back).
struct Running {
    handle: JoinHandle<GridPlayer>,
    stop: Arc<AtomicBool>,
    answered: Arc<AtomicBool>,
    /// The answer not yet given: whoever takes it gives it, the thread when its search
    /// ends, or the session when it gives up waiting (so that it is given once).
    answer: Arc<Mutex<Option<Answer>>>,
}

/// What a thought's end calls with its result.
type Answer = Box<dyn FnOnce(Report<Move>) + Send>;

impl Thinker {
    /// A thinker with a table of about `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Thinker {
        Thinker {
            player: Some(GridPlayer::new(PlayerKind::ENGINE, hash_mb)),
            running: None,
            hash_mb,
        }
    }

    /// Whether it is thinking: not once it has answered, so that a GUI may send its next
    /// `go` as soon as it reads the answer, before the thread has ended.
    pub fn busy(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.handle.is_finished() && !r.answered.load(Ordering::Acquire))
    }

    /// Starts thinking about `game` within `limits`; `report` is called with each finished
    /// depth and `done` with the result, both on the thinking thread. Any earlier thought
    /// is stopped first.
    pub fn start(
        &mut self,
        eval: Arc<GridEval>,
        game: Game,
        mut limits: Limits,
        mut report: impl FnMut(&Info<Move>) + Send + 'static,
        done: impl FnOnce(Report<Move>) + Send + 'static,
    ) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        limits.stop = Some(Arc::clone(&stop));
        let mut player = self
            .player
            .take()
            .unwrap_or_else(|| GridPlayer::new(PlayerKind::ENGINE, self.hash_mb));
        let halted = Arc::clone(&stop);
        let answered = Arc::new(AtomicBool::new(false));
        let answering = Arc::clone(&answered);
        let answer: Arc<Mutex<Option<Answer>>> = Arc::new(Mutex::new(Some(Box::new(done))));
        let unanswered = Arc::clone(&answer);
        let handle = std::thread::spawn(move || {
            let result = player.think(&eval, &game, &limits, &mut report);
            // A search on the opponent's time says nothing until its guess is played
            // or it is stopped, even when it ended early (a mate found, a depth reached).
            if let Some(ponder) = &limits.ponder {
                while ponder.pondering() && !halted.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
            }
            answering.store(true, Ordering::Release);
            if let Some(done) = take(&unanswered) {
                done(result);
            }
            player
        });
        self.running = Some(Running {
            handle,
            stop,
            answered,
            answer,
        });
    }

    /// Stops thinking (the result is still reported) and waits for the thread, at most
    /// [`END_GRACE`]. A search stops between nodes, and one node of a level of many long
    /// chains may take minutes: then it is given up, its answer given now without a move
    /// (`bestmove (none)`), and its thread left to finish unheard or to end with the
    /// process, so that the session goes on answering and `quit` quits.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            let since = std::time::Instant::now();
            while !r.handle.is_finished() && since.elapsed() < END_GRACE {
                std::thread::sleep(Duration::from_millis(1));
            }
            if r.handle.is_finished() {
                self.player = r.handle.join().ok();
            } else if let Some(done) = take(&r.answer) {
                r.answered.store(true, Ordering::Release);
                done(Report {
                    best: None,
                    score: crate::search::Score(0),
                    depth: 0,
                    nodes: 0,
                    time: since.elapsed(),
                    pv: Vec::new(),
                });
            }
        }
    }

    /// Waits for the thought to end by itself (a depth or time limit).
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            self.player = r.handle.join().ok();
        }
    }

    /// Forgets what was learned (a new game); stops thinking first.
    pub fn new_game(&mut self) {
        self.stop();
        if let Some(p) = &mut self.player {
            p.new_game(0);
        }
    }

    /// Makes every later search misjudge positions by up to `noise` (`None`: exactly);
    /// stops thinking first.
    pub fn set_noise(&mut self, noise: Option<crate::search::Noise>) {
        self.stop();
        if let Some(p) = &mut self.player {
            p.set_noise(noise);
        }
    }

    /// A new table of about `hash_mb` MiB; stops thinking first. The old table is freed
    /// before the new one is made, so the two are never held at once. When the machine
    /// cannot give `hash_mb` MiB the table goes back to its old size (or, failing that, to
    /// 1 MiB) and the error says so: a session never ends for want of memory it was asked
    /// to take.
    pub fn set_hash(&mut self, hash_mb: usize) -> Result<(), String> {
        self.stop();
        let player = self
            .player
            .get_or_insert_with(|| GridPlayer::new(PlayerKind::ENGINE, 0));
        if player.set_hash(hash_mb).is_ok() {
            self.hash_mb = hash_mb;
            return Ok(());
        }
        let old = self.hash_mb;
        let kept = [old, 1]
            .into_iter()
            .find(|&mb| player.set_hash(mb).is_ok())
            .unwrap_or(0);
        self.hash_mb = kept;
        Err(format!(
            "the machine could not give {hash_mb} MiB; the table has {kept} MiB"
        ))
    }
}

/// Takes a thought's answer, if no one has yet.
fn take(answer: &Mutex<Option<Answer>>) -> Option<Answer> {
    answer.lock().ok().and_then(|mut a| a.take())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    fn lines_of(bytes: &[u8]) -> Vec<Input> {
        // A small buffer, so that lines arrive in pieces as from a pipe.
        Lines::new(std::io::BufReader::with_capacity(7, bytes)).collect()
    }

    fn line(text: &str) -> Input {
        Input::Line(text.to_string())
    }

    #[test]
    fn a_line_ends_at_a_newline_and_its_carriage_return_goes_with_it() {
        assert_eq!(
            lines_of(b"uci\r\nisready\n\nquit"),
            [line("uci"), line("isready"), line(""), line("quit")]
        );
        assert!(lines_of(b"").is_empty());
    }

    #[test]
    fn bytes_that_are_not_utf8_cost_only_themselves() {
        assert_eq!(
            lines_of(b"name Caf\xe9\nping 1\n"),
            [line("name Caf\u{fffd}"), line("ping 1")]
        );
    }

    #[test]
    fn a_line_longer_than_the_limit_is_skipped_and_counted() {
        let mut bytes = vec![b'x'; MAX_LINE_BYTES + 1];
        bytes.extend_from_slice(b"\nisready\n");
        bytes.extend(vec![b'y'; MAX_LINE_BYTES]);
        bytes.extend_from_slice(b"\n");
        bytes.extend(vec![b'z'; 3 * MAX_LINE_BYTES]);
        let read = lines_of(&bytes);
        assert_eq!(read.len(), 4);
        assert_eq!(read[0], Input::TooLong { number: 1 });
        assert_eq!(read[1], line("isready"));
        assert_eq!(read[2], line(&"y".repeat(MAX_LINE_BYTES)));
        assert_eq!(read[3], Input::TooLong { number: 4 });
    }

    #[test]
    fn every_line_of_a_message_is_framed() {
        let written = Arc::new(Mutex::new(Vec::new()));
        struct Shared(Arc<Mutex<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0
                    .lock()
                    .expect("the test's buffer")
                    .extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let out = Output::new(Shared(Arc::clone(&written)));
        out.framed("info string ", "a.toml:1:1: one\na.toml:2:1: two\r\n");
        out.framed("Error (bad level): ", "");
        let text = String::from_utf8(written.lock().expect("written").clone()).expect("UTF-8");
        assert_eq!(
            text,
            "info string a.toml:1:1: one\ninfo string a.toml:2:1: two\nError (bad level): \n"
        );
    }

    #[test]
    fn a_thinker_that_has_answered_is_not_busy_though_its_thread_has_not_ended() {
        let level = level::shipped_grid("chess");
        let eval = Arc::new(GridEval::for_variant(Arc::clone(&level.variant)));
        let game = Game::new(Arc::clone(&level.variant), level.start.clone());
        let mut thinker = Thinker::new(1);
        let (answering, answered) = mpsc::channel();
        let (release, released) = mpsc::channel::<()>();
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        thinker.start(
            eval,
            game,
            limits,
            |_| {},
            move |report| {
                answering.send(report.best).expect("the test listens");
                // The answer is out; the thread lingers until the test lets it go.
                released.recv().ok();
            },
        );
        let best = answered.recv().expect("an answer");
        assert!(best.is_some());
        assert!(!thinker.busy(), "answered, so a new go must be taken");
        release.send(()).expect("the thread waits");
        thinker.wait();
        assert!(!thinker.busy());
    }
}
