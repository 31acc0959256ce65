//! The command line (DESIGN §5): `play`, `check` and `judge`.

use crate::continuous::notation::{format_applied, format_position, parse_move};
use crate::continuous::{Game, Outcome};
use crate::level::{self, LevelErrors, LevelKind};
use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The level the app opens when none is named.
pub const DEFAULT_LEVEL: &str = "levels/area-of-competence.toml";

/// areachess: continuous "area of competence" chess and grid chess variants.
#[derive(Parser, Debug)]
#[command(name = "areachess", version, about)]
pub struct Cli {
    /// What to do; with none, the desktop app opens on the default level.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A subcommand.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the desktop app on a level.
    Play {
        /// The level file.
        level: PathBuf,
    },
    /// Validate level files; errors are printed as FILE:LINE:COL: MESSAGE.
    Check {
        /// The level files.
        #[arg(required = true)]
        levels: Vec<PathBuf>,
    },
    /// Judge continuous moves in order: one outcome line each, then the resulting POS.
    Judge {
        /// The level file.
        level: PathBuf,
        /// The position to start from (default: the level's setup).
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Moves as FROM->TO[=Q], each point a square name or x,y.
        #[arg(allow_hyphen_values = true)]
        moves: Vec<String>,
    },
}

/// A command's failure: what to print on stderr and the exit code.
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    /// Exit code: 1 for invalid levels (`check`), 2 for unreadable input.
    pub code: u8,
    /// The message.
    pub message: String,
}

impl Failure {
    fn input(message: impl Into<String>) -> Self {
        Failure {
            code: 2,
            message: message.into(),
        }
    }
}

impl From<LevelErrors> for Failure {
    fn from(e: LevelErrors) -> Self {
        Failure::input(e.to_string())
    }
}

/// Finds the default level from the working directory or, failing that, the source tree.
pub fn default_level() -> PathBuf {
    let here = PathBuf::from(DEFAULT_LEVEL);
    if here.exists() {
        here
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(DEFAULT_LEVEL)
    }
}

/// `areachess check`: prints every error of every file to `err`, `FILE: ok` to `out` for
/// each clean one. Exit code 1 if any file has an error.
pub fn check(levels: &[PathBuf], out: &mut impl Write, err: &mut impl Write) -> u8 {
    let mut code = 0;
    for path in levels {
        match level::load(path) {
            Ok(_) => {
                let _ = writeln!(out, "{}: ok", path.display());
            }
            Err(errors) => {
                let _ = writeln!(err, "{errors}");
                code = 1;
            }
        }
    }
    code
}

/// `areachess judge`: applies `moves` in order from `position` (or the level's setup),
/// writing one line per move and the resulting POS last.
pub fn judge(
    level_path: &Path,
    position: Option<&str>,
    moves: &[String],
    out: &mut impl Write,
) -> Result<(), Failure> {
    let level = level::load(level_path)?;
    let LevelKind::Continuous(level) = level.kind;
    let start = match position {
        Some(text) => level
            .parse_position(text)
            .map_err(|e| Failure::input(format!("--position: {e}")))?,
        None => level.start.clone(),
    };
    let requests = moves
        .iter()
        .enumerate()
        .map(|(n, text)| {
            parse_move(&level.board, text)
                .map_err(|e| Failure::input(format!("move {}: {e}", n + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut game = Game::new(start);
    let write_failed = |e: std::io::Error| Failure::input(format!("cannot write: {e}"));
    for (n, request) in requests.into_iter().enumerate() {
        let outcome = game.play(request);
        let line = match &outcome {
            Outcome::Move(a) => format!("ok move {}", format_applied(&level.board, a)),
            Outcome::Capture(a) => format!("ok capture {}", format_applied(&level.board, a)),
            Outcome::Illegal(reason) => format!("illegal {reason}"),
        };
        writeln!(out, "{line}").map_err(write_failed)?;
        if let Some(applied) = outcome.applied()
            && request.promotion.is_some()
            && applied.promotion.is_none()
        {
            return Err(Failure::input(format!(
                "move {} '{}': names a promotion but does not promote",
                n + 1,
                moves[n]
            )));
        }
    }
    writeln!(out, "{}", format_position(game.position())).map_err(write_failed)?;
    Ok(())
}
