//! The command line (docs/cli.md): `play`, `check`, `judge`, `perft`, `moves`, `replay`,
//! `bestmove` and `match`. The binary's own code: the library knows nothing of it.
//!
//! - [`rules`]: the commands that ask the rules (`check`, `judge`, `perft`, `moves`,
//!   `replay`) and the seats `play` is given;
//! - [`contest`]: the commands that ask the computer (`bestmove`, `match`), one body for
//!   both modes.

pub mod balance;
pub mod bench;
pub mod contest;
mod packaging;
pub mod record;
pub mod rules;
pub mod tune;

use areachess::search::MAX_DEPTH;
use areachess::search::contest::{LONGEST_GAME_PLIES, MOST_GAMES};
use clap::builder::{RangedI64ValueParser, RangedU64ValueParser};
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// The level the app opens when none is named.
#[cfg_attr(
    not(feature = "gui"),
    allow(dead_code, reason = "only the window opens it")
)]
pub const DEFAULT_LEVEL: &str = "area-of-competence";

/// The deepest `perft`: published perft tables stop before it (chess's deeper counts took
/// distributed computation), it is never finished on a board with a choice at every ply,
/// and each ply keeps a move list.
pub const DEEPEST_PERFT: u32 = 15;

/// The most games at once: far more threads than any machine has cores.
pub const MOST_JOBS: usize = 1024;

/// The longest time a move, in milliseconds: a day.
pub const LONGEST_MOVETIME_MS: u64 = 86_400_000;

/// The most nodes a search is given: hours of search on any machine.
pub const MOST_NODES: u64 = 1_000_000_000_000;

/// The most random plies a game opens with: more would be a random game, not an opening.
pub const MOST_OPENING_PLIES: u32 = 1_000;

/// The most rounds or passes of a fit: a fit that has not settled by then will not.
pub const MOST_ROUNDS: u32 = 100_000;

/// The frames the window may draw before its screenshot: minutes of drawing.
pub const MOST_FRAMES: u32 = 100_000;

/// The smallest and largest window `play --size` opens, in logical pixels: below the
/// smallest the panels cover the board; above the largest no screen shows it.
pub const WINDOW_WIDTHS: std::ops::RangeInclusive<u32> = 640..=7680;
/// See [`WINDOW_WIDTHS`].
pub const WINDOW_HEIGHTS: std::ops::RangeInclusive<u32> = 480..=4320;

/// A window size, `WIDTHxHEIGHT` in logical pixels, each side within its range.
fn window_size(text: &str) -> Result<(u32, u32), String> {
    let expected = || {
        format!(
            "'{text}': expected WIDTHxHEIGHT, e.g. 1024x700, from {}x{} to {}x{}",
            WINDOW_WIDTHS.start(),
            WINDOW_HEIGHTS.start(),
            WINDOW_WIDTHS.end(),
            WINDOW_HEIGHTS.end()
        )
    };
    let (width, height) = text.trim().split_once(['x', 'X']).ok_or_else(expected)?;
    let width: u32 = width.trim().parse().map_err(|_| expected())?;
    let height: u32 = height.trim().parse().map_err(|_| expected())?;
    if WINDOW_WIDTHS.contains(&width) && WINDOW_HEIGHTS.contains(&height) {
        Ok((width, height))
    } else {
        Err(expected())
    }
}

/// The smallest and largest side of a GIF's board, in pixels: below it the pieces are
/// unreadable; above it each frame holds tens of megabytes.
pub const GIF_SIDES: std::ops::RangeInclusive<u32> = 64..=4096;

/// The shortest and longest time a GIF's position shows, in milliseconds: a GIF counts in
/// hundredths of a second, and a minute a position is no animation.
pub const GIF_DELAYS: std::ops::RangeInclusive<u32> = 10..=60_000;

/// The largest L2 weight of `tune --squares`, per centipawn squared: any more and the
/// tables are all zero.
pub const MOST_DECAY: f64 = 1.0;

/// A `u32` option within `range`: clap names the option and the range when refused.
fn within(range: std::ops::RangeInclusive<u32>) -> RangedI64ValueParser<u32> {
    RangedI64ValueParser::new().range(i64::from(*range.start())..=i64::from(*range.end()))
}

/// A `u64` option within `range`.
fn within_u64(range: std::ops::RangeInclusive<u64>) -> RangedU64ValueParser<u64> {
    RangedU64ValueParser::new().range(range)
}

/// A number of games: 1 to [`MOST_GAMES`] (none would leave nothing to count).
fn games() -> RangedI64ValueParser<u32> {
    within(1..=MOST_GAMES)
}

/// A ply limit: 1 to [`LONGEST_GAME_PLIES`].
fn plies() -> RangedI64ValueParser<u32> {
    within(1..=LONGEST_GAME_PLIES)
}

/// A time a move: 1 ms to [`LONGEST_MOVETIME_MS`].
fn movetime() -> RangedU64ValueParser<u64> {
    within_u64(1..=LONGEST_MOVETIME_MS)
}

/// Games at once: 1 to [`MOST_JOBS`].
fn jobs() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=MOST_JOBS as u64)
}

/// A search depth: 1 to the engine's deepest iteration.
fn depth() -> RangedI64ValueParser<u32> {
    within(1..=MAX_DEPTH)
}

/// An L2 weight: a number from 0 to [`MOST_DECAY`].
fn decay(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|d| (0.0..=MOST_DECAY).contains(d))
        .ok_or_else(|| format!("'{text}': expected a number from 0 to {MOST_DECAY}"))
}

/// areachess: continuous "area of competence" chess and grid chess variants.
#[derive(Parser, Debug)]
#[command(name = "areachess", version = areachess::VERSION, about)]
pub struct Cli {
    /// What to do; with none, the desktop app opens on the default level.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A subcommand.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the desktop app on a level or a saved game.
    Play {
        /// The level or saved game (default: the continuous level).
        #[arg(conflicts_with = "resume", value_parser = named_file)]
        level: Option<PathBuf>,
        /// Reopen the game in progress that the app saved when it last stopped.
        #[arg(long)]
        resume: bool,
        /// A clock per side: MIN+INC, minutes each and seconds added after every move
        /// (5+3; 0.5+0 is sudden death).
        #[arg(long, value_name = "MIN+INC")]
        time: Option<areachess::clock::TimeControl>,
        /// Save a PNG of the window to FILE through Bevy's screenshot API, then exit.
        #[arg(long, value_name = "FILE")]
        screenshot: Option<PathBuf>,
        /// With --screenshot: how many frames to draw first.
        #[arg(long, value_name = "N", default_value_t = 60, requires = "screenshot",
              value_parser = within(0..=MOST_FRAMES))]
        after_frames: u32,
        /// Pointer and key steps to play once the window has drawn its first frames, e.g.
        /// "move e2; press; move e4; release" (see src/ui/drive.rs).
        #[arg(long, value_name = "SCRIPT", allow_hyphen_values = true)]
        drive: Option<String>,
        /// Who plays White: human, or computer (computer:N gives it a strength of its own).
        #[arg(long, value_name = "PLAYER")]
        white: Option<String>,
        /// Who plays Black: human, or computer (computer:N gives it a strength of its own).
        #[arg(long, value_name = "PLAYER")]
        black: Option<String>,
        /// The computer's strength, from 1 (a beginner can win) to 5 (the longest think).
        #[arg(long, value_name = "N")]
        strength: Option<areachess::play::Strength>,
        /// The window's size in logical pixels, WIDTHxHEIGHT (default 1100x760).
        #[arg(long, value_name = "WIDTHxHEIGHT", value_parser = window_size)]
        size: Option<(u32, u32)>,
    },
    /// Run rule tests written in TOML: one "ok" or "FAIL FILE:LINE:COL" line per case, then
    /// "N passed, N failed"; exit 1 if any failed.
    Test {
        /// Test files, or levels (by name or path) whose tests are found beside them.
        #[arg(required = true, value_parser = named_file)]
        files: Vec<PathBuf>,
    },
    /// Validate level files; errors are printed as FILE:LINE:COL: MESSAGE.
    Check {
        /// The level files (or names).
        #[arg(required = true, value_parser = named_file)]
        levels: Vec<PathBuf>,
        /// After each good grid level, one line per piece type: letter, name, value in
        /// centipawns, and where it comes from (estimated, level, or royal).
        #[arg(long)]
        values: bool,
    },
    /// Judge continuous moves in order: one outcome line each, then the resulting POS.
    Judge {
        /// The level file.
        #[arg(value_parser = named_file)]
        level: PathBuf,
        /// The position to start from (default: the level's setup).
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Moves as FROM->TO[=Q], each point a square name or x,y.
        #[arg(allow_hyphen_values = true)]
        moves: Vec<String>,
    },
    /// Count grid positions DEPTH plies ahead; the last line is "nodes N".
    Perft {
        /// The level file (grid).
        #[arg(value_parser = named_file)]
        level: PathBuf,
        /// How many plies (at most 15).
        #[arg(value_parser = within(0..=DEEPEST_PERFT))]
        depth: u32,
        /// The position (default: the level's setup).
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// One "MOVE COUNT" line per legal move first.
        #[arg(long)]
        divide: bool,
    },
    /// Replay a grid game recorded in Game Courier notation (`P e3-e6`, `p e7-e8; q-e8`):
    /// the record written back, one numbered move per line, then "fen FEN".
    Replay {
        /// The level file (grid).
        #[arg(value_parser = named_file)]
        level: PathBuf,
        /// The record file ("-": standard input).
        record: PathBuf,
        /// The position the game starts from (default: the level's setup).
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
    },
    /// List a grid position's legal moves, one per line, sorted.
    Moves {
        /// The level file (grid).
        #[arg(value_parser = named_file)]
        level: PathBuf,
        /// The position (default: the level's setup).
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// Moves to play first, from the FEN or the setup (e2e4 e7e5 …).
        #[arg(long, num_args = 0.., value_name = "MOVE")]
        moves: Vec<String>,
        /// Only the moves of the piece on this square.
        #[arg(long)]
        from: Option<String>,
    },
    /// The grid engine to a fixed depth over a fixed set of positions of several levels:
    /// the nodes of each, then "nodes TOTAL time MS nps N" (to check a change's effect).
    Bench {
        /// The depth (grid: default 10, the larger boards a ply or two less; continuous:
        /// default 3).
        #[arg(long, value_parser = depth())]
        depth: Option<u32>,
        /// The continuous engine on continuous positions instead of the grid engine.
        #[arg(long)]
        continuous: bool,
    },
    /// The grid evaluation's weights fitted to self-play games of the levels (Texel's
    /// method): the error before and after, then "NAME OLD -> NEW" per weight.
    Tune {
        /// The grid level files (one set of weights for them all).
        #[arg(required = true, value_parser = named_file)]
        levels: Vec<PathBuf>,
        /// Self-play games per level.
        #[arg(long, default_value_t = 200, value_parser = games())]
        games: u32,
        /// The engine's nodes a move in those games.
        #[arg(long, default_value_t = 3000, value_parser = within_u64(1..=MOST_NODES))]
        nodes: u64,
        /// Random plies at the start of each game.
        #[arg(long, value_name = "PLIES", default_value_t = 8,
              value_parser = within(0..=MOST_OPENING_PLIES))]
        opening: u32,
        /// A game still going after so many plies is a draw.
        #[arg(long, value_name = "PLIES", default_value_t = 300, value_parser = plies())]
        max_plies: u32,
        /// Games at once (default: one per core).
        #[arg(long, value_name = "J", value_parser = jobs())]
        jobs: Option<usize>,
        /// The openings' seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The most rounds of the fit.
        #[arg(long, default_value_t = 50, value_parser = within(0..=MOST_ROUNDS))]
        rounds: u32,
        /// Fit only these weights (by name; the others stay).
        #[arg(long, value_name = "NAME", num_args = 1..)]
        only: Vec<String>,
        /// Labelled positions instead of self-play, one file per level in the same order
        /// (lines `FEN;P`, P White's expected score from 0 to 1).
        #[arg(long, value_name = "FILE", num_args = 1..)]
        positions: Vec<PathBuf>,
        /// Fit piece-square tables instead of the weights, over this many passes.
        #[arg(long, value_name = "EPOCHS", value_parser = within(1..=MOST_ROUNDS))]
        squares: Option<u32>,
        /// The tables' L2 weight, per centipawn squared.
        #[arg(long, default_value_t = 1e-8, value_parser = decay)]
        decay: f64,
    },
    /// The computer's choice: "info …" lines while it thinks, then "bestmove MOVE" or
    /// "gameover REASON".
    Bestmove {
        /// The level file.
        #[arg(value_parser = named_file)]
        level: PathBuf,
        /// Where the game starts and what is played first.
        #[command(flatten)]
        game: GameArgs,
        /// Search this many plies.
        #[arg(long, conflicts_with_all = ["movetime", "nodes"], value_parser = depth())]
        depth: Option<u32>,
        /// Search for this many milliseconds (the default: 1000).
        #[arg(long, value_name = "MS", conflicts_with = "nodes", value_parser = movetime())]
        movetime: Option<u64>,
        /// Search this many nodes.
        #[arg(long, value_parser = within_u64(1..=MOST_NODES))]
        nodes: Option<u64>,
    },
    /// A game as PGN (grid: standard algebraic notation; continuous: judge's moves), or
    /// with --read a PGN game read back: "level PATH", "move MOVE" per move, then
    /// "fen FEN" or "pos POS".
    Pgn {
        /// The level file (not with --read).
        #[arg(required_unless_present = "read", conflicts_with = "read", value_parser = named_file)]
        level: Option<PathBuf>,
        /// Where the game starts and its moves.
        #[command(flatten)]
        game: GameArgs,
        /// Read this PGN file (`-`: standard input) instead.
        #[arg(long, value_name = "FILE.pgn")]
        read: Option<PathBuf>,
    },
    /// Self-play statistics for a designer: engine-against-engine games from the level's
    /// setup on several threads; the last line is "white W draws D black B games N".
    Balance {
        /// The level file (not with --merge).
        #[arg(required_unless_present = "merge", conflicts_with = "merge", value_parser = named_file)]
        level: Option<PathBuf>,
        /// How many games (with --values, also how many for each kind of piece).
        #[arg(long, default_value_t = 20, value_parser = games())]
        games: u32,
        /// The engines' time a move, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 100, value_parser = movetime())]
        movetime: u64,
        /// How many games at once (default: one per core).
        #[arg(long, value_name = "J", value_parser = jobs())]
        jobs: Option<usize>,
        /// Play only the I-th of N slices of the schedule (1/4 … 4/4), to merge later.
        #[arg(long, value_name = "I/N", value_parser = shard)]
        shard: Option<(u32, u32)>,
        /// Also measure each kind of piece's value by games with one side a piece short.
        #[arg(long)]
        values: bool,
        /// The schedule's seed: the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A game still going after so many plies is adjudicated (as in match).
        #[arg(long, value_name = "PLIES", default_value_t = 300, value_parser = plies())]
        max_plies: u32,
        /// Write the tallies as JSON.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Write a page with SVG plots into this folder.
        #[arg(long, value_name = "DIR")]
        report: Option<PathBuf>,
        /// Add up the JSON tallies of shards instead of playing.
        #[arg(long, value_name = "FILE.json", num_args = 1..)]
        merge: Vec<PathBuf>,
    },
    /// A game or a level's demonstration as an animated GIF, drawn without a window.
    Gif {
        /// A saved game, a PGN, or a level (its first demonstration, else its setup).
        #[arg(value_parser = named_file)]
        input: PathBuf,
        /// The GIF to write.
        out: PathBuf,
        /// The board's side in pixels.
        #[arg(long, value_name = "PX", default_value_t = 480, value_parser = within(GIF_SIDES))]
        size: u32,
        /// How long each position shows, in milliseconds (the last, three times as long).
        #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = within(GIF_DELAYS))]
        delay: u32,
    },
    /// Write a level in another program's format: `--to fsf`, a Fairy-Stockfish
    /// variants.ini section on stdout, or exit 1 naming each thing it cannot express.
    Export {
        /// The level file.
        #[arg(value_parser = named_file)]
        level: PathBuf,
        /// The format.
        #[arg(long, value_enum)]
        to: ExportFormat,
    },
    /// Speak UCI on standard input and output (grid levels; `UCI_Variant` picks a shipped
    /// level, `LevelFile` any level file).
    Uci {
        /// The level to play first (default: chess).
        #[arg(value_parser = named_file)]
        level: Option<PathBuf>,
    },
    /// Speak the XBoard/CECP protocol on standard input and output (grid levels).
    Xboard {
        /// The level to play first (default: chess).
        #[arg(value_parser = named_file)]
        level: Option<PathBuf>,
    },
    /// Play games between two players (engine, engine:DEPTH, engine@MS, random, greedy,
    /// computer:N): one line per game, then "score white W draws D black B".
    Match {
        /// The level file.
        #[arg(value_parser = named_file)]
        level: PathBuf,
        /// The player with White (with --alternate: in the first game).
        #[arg(long)]
        white: String,
        /// The player with Black (with --alternate: in the first game).
        #[arg(long)]
        black: String,
        /// How many games.
        #[arg(long, default_value_t = 2, value_parser = games())]
        games: u32,
        /// The engine's time per move, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 100, value_parser = movetime())]
        movetime: u64,
        /// Seeds the random players and the random openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The players swap colours after each game; W and B then count each player's
        /// wins, whichever colour it had.
        #[arg(long)]
        alternate: bool,
        /// Each game opens with this many random plies (each pair of games with
        /// --alternate shares its opening), so that fixed-depth engines vary their games.
        #[arg(long, value_name = "PLIES", default_value_t = 0,
              value_parser = within(0..=MOST_OPENING_PLIES))]
        opening: u32,
        /// A game still going after this many plies is adjudicated: a draw on a grid; on a
        /// continuous board a material lead of 3 points or more wins, else a draw.
        #[arg(long, value_name = "PLIES", default_value_t = 600, value_parser = plies())]
        max_plies: u32,
        /// A clock per side (MIN+INC): engines plan from it, a flag fall loses ("on-time"),
        /// and each game's line ends with the seconds left and the milliseconds a move.
        #[arg(long, value_name = "MIN+INC")]
        time: Option<areachess::clock::TimeControl>,
    },
}

/// `I/N`: a shard of a schedule, I from 1 to N.
fn shard(text: &str) -> Result<(u32, u32), String> {
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| format!("'{text}': expected I/N, e.g. 1/4"))?;
    let number = |s: &str| s.trim().parse::<u32>().ok();
    match (number(i), number(n)) {
        (Some(i), Some(n)) if (1..=n).contains(&i) => Ok((i, n)),
        _ => Err(format!("'{text}': expected I/N with 1 ≤ I ≤ N, e.g. 1/4")),
    }
}

/// A format `export` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// A Fairy-Stockfish variants.ini section.
    Fsf,
}

/// Where a command's game starts and the moves played from there.
#[derive(clap::Args, Debug)]
pub struct GameArgs {
    /// The grid position (default: the level's setup).
    #[arg(long, allow_hyphen_values = true, conflicts_with = "position")]
    pub fen: Option<String>,
    /// The continuous position (default: the level's setup).
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves played from there, as `moves` and `judge` take them.
    #[arg(long, num_args = 0.., value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// The level the window opens on when none is named: the shipped continuous level.
#[cfg_attr(
    not(feature = "gui"),
    allow(dead_code, reason = "only the window opens it")
)]
pub fn default_level() -> PathBuf {
    areachess::shipped::level(DEFAULT_LEVEL)
}

/// A LEVEL or GAME argument: a path as given, else the name of a shipped level or
/// demonstration or of one in the user's library (see [`areachess::library`]).
fn named_file(text: &str) -> Result<PathBuf, String> {
    areachess::library::find(text).ok_or_else(|| areachess::library::not_found(text))
}
