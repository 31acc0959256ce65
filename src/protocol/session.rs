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
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

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

/// The most search threads either protocol accepts (UCI `Threads`, XBoard `cores`).
pub const MAX_THREADS: usize = 64;

/// How many threads search until an option (UCI `Threads`, XBoard `cores`) says
/// otherwise: one for each core the machine offers, up to [`MAX_THREADS`]. An engine
/// started by hand, or by a GUI that sets nothing, uses the whole machine.
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, MAX_THREADS)
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
}

/// The grid levels an engine offers by name: the `.toml` files of a folder that load as
/// grid levels, named by their file stem (`chess`, `obento`).
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    /// Names and files, sorted by name.
    pub levels: Vec<(String, PathBuf)>,
}

impl Catalog {
    /// The grid levels in `dir` (none if it cannot be read).
    pub fn of_folder(dir: &Path) -> Catalog {
        let mut levels: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .filter(|p| level::load(p).is_ok_and(|l| !l.is_continuous()))
            .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p)))
            .collect();
        levels.sort();
        Catalog { levels }
    }

    /// The shipped levels: `levels/` here, else beside the source tree.
    pub fn shipped() -> Catalog {
        let here = PathBuf::from("levels");
        let dir = if here.is_dir() {
            here
        } else {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("levels")
        };
        Catalog::of_folder(&dir)
    }

    /// The file of the level named `name`.
    pub fn find(&self, name: &str) -> Option<&Path> {
        self.levels
            .iter()
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
}

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
            done(result);
            player
        });
        self.running = Some(Running {
            handle,
            stop,
            answered,
        });
    }

    /// Stops thinking (the result is still reported) and waits for the thread.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            self.player = r.handle.join().ok();
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

    /// A new table of about `hash_mb` MiB; stops thinking first.
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.stop();
        self.hash_mb = hash_mb;
        self.player = Some(GridPlayer::new(PlayerKind::ENGINE, hash_mb));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

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
