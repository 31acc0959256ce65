//! The command line (docs/cli.md): `play`, `check`, `judge`, `perft`, `moves`, `replay`,
//! `bestmove` and `match`.

use crate::continuous::notation::{format_applied, format_position, parse_move};
use crate::continuous::{Game, Outcome};
use crate::grid;
use crate::level::{self, GridLevel, LevelErrors};
use crate::play::{Color, DrawRule, Status};
use crate::search::Limits;
use crate::search::grid::GridEval;
use crate::search::players::{GridPlayer, PlayerKind, Rng};
use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
        /// Save a PNG of the window to FILE through Bevy's screenshot API, then exit.
        #[arg(long, value_name = "FILE")]
        screenshot: Option<PathBuf>,
        /// With --screenshot: how many frames to draw first.
        #[arg(long, value_name = "N", default_value_t = 60, requires = "screenshot")]
        after_frames: u32,
        /// With --screenshot: pointer steps to play first, e.g. "move e2; press; move e4;
        /// release" (see src/ui/drive.rs).
        #[arg(
            long,
            value_name = "SCRIPT",
            requires = "screenshot",
            allow_hyphen_values = true
        )]
        drive: Option<String>,
        /// Who plays White: human, or computer (computer:N gives it a strength of its own).
        #[arg(long, value_name = "PLAYER")]
        white: Option<String>,
        /// Who plays Black: human, or computer (computer:N gives it a strength of its own).
        #[arg(long, value_name = "PLAYER")]
        black: Option<String>,
        /// The computer's strength, from 1 (a beginner can win) to 5 (the longest think).
        #[arg(long, value_name = "N")]
        strength: Option<crate::play::Strength>,
    },
    /// Validate level files; errors are printed as FILE:LINE:COL: MESSAGE.
    Check {
        /// The level files.
        #[arg(required = true)]
        levels: Vec<PathBuf>,
        /// After each good grid level, one line per piece type: letter, name, value in
        /// centipawns, and where it comes from (estimated, level, or royal).
        #[arg(long)]
        values: bool,
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
    /// Count grid positions DEPTH plies ahead; the last line is "nodes N".
    Perft {
        /// The level file (grid).
        level: PathBuf,
        /// How many plies.
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
        level: PathBuf,
        /// The position (default: the level's setup).
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// Moves to play first, from the FEN or the setup (e2e4 e7e5 …).
        #[arg(long, num_args = 1.., value_name = "MOVE")]
        moves: Vec<String>,
        /// Only the moves of the piece on this square.
        #[arg(long)]
        from: Option<String>,
    },
    /// The computer's choice: "info …" lines while it thinks, then "bestmove MOVE" or
    /// "gameover REASON".
    Bestmove {
        /// The level file.
        level: PathBuf,
        /// The grid position (default: the level's setup).
        #[arg(long, allow_hyphen_values = true, conflicts_with = "position")]
        fen: Option<String>,
        /// The continuous position (default: the level's setup).
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Moves to play first.
        #[arg(long, num_args = 1.., value_name = "MOVE")]
        moves: Vec<String>,
        /// Search this many plies.
        #[arg(long, conflicts_with_all = ["movetime", "nodes"])]
        depth: Option<u32>,
        /// Search for this many milliseconds (the default: 1000).
        #[arg(long, value_name = "MS", conflicts_with = "nodes")]
        movetime: Option<u64>,
        /// Search this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
    },
    /// Speak UCI on standard input and output (grid levels; `UCI_Variant` picks a shipped
    /// level, `LevelFile` any level file).
    Uci {
        /// The level to play first (default: chess).
        level: Option<PathBuf>,
    },
    /// Speak the XBoard/CECP protocol on standard input and output (grid levels).
    Xboard {
        /// The level to play first (default: chess).
        level: Option<PathBuf>,
    },
    /// Play games between two players (engine, engine:DEPTH, engine@MS, random, greedy): one
    /// line per game, then "score white W draws D black B".
    Match {
        /// The level file.
        level: PathBuf,
        /// The player with White (with --alternate: in the first game).
        #[arg(long)]
        white: String,
        /// The player with Black (with --alternate: in the first game).
        #[arg(long)]
        black: String,
        /// How many games.
        #[arg(long, default_value_t = 2)]
        games: u32,
        /// The engine's time per move, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 100)]
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
        #[arg(long, value_name = "PLIES", default_value_t = 0)]
        opening: u32,
        /// A game still going after this many plies is adjudicated: a draw on a grid; on a
        /// continuous board a material lead of 3 points or more wins, else a draw.
        #[arg(long, value_name = "PLIES", default_value_t = 600)]
        max_plies: u32,
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
/// each clean one, and with `values` each clean grid level's piece values after it (see
/// [`piece_values`]). Exit code 1 if any file has an error.
pub fn check(levels: &[PathBuf], values: bool, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let mut code = 0;
    for path in levels {
        match level::load(path) {
            Ok(loaded) => {
                let _ = writeln!(out, "{}: ok", path.display());
                if values && let level::LevelKind::Grid(grid) = &loaded.kind {
                    let _ = write!(out, "{}", piece_values(&grid.variant));
                }
                let text = std::fs::read_to_string(path).unwrap_or_default();
                for demo in demos_of(path, &text) {
                    code |= check_demo(&demo, Some((path, &text)), out, err);
                }
            }
            Err(_) if is_saved_game(path) => {
                code |= check_demo(path, None, out, err);
            }
            Err(errors) => {
                let _ = writeln!(err, "{errors}");
                code = 1;
            }
        }
    }
    code
}

/// Whether the file reads as a saved game's TOML (it has `[level]` and `[game]` tables).
fn is_saved_game(path: &Path) -> bool {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .is_some_and(|t| {
            t.get("game").is_some_and(toml::Value::is_table)
                && t.get("level").is_some_and(toml::Value::is_table)
        })
}

/// The demonstrations of the level at `path` (its text `text`): the saved games in
/// `demos/` beside it that name a level file of the same name or hold this level's text.
fn demos_of(path: &Path, text: &str) -> Vec<PathBuf> {
    let wanted = level::save::hash(text);
    level::save::demos_beside(path)
        .into_iter()
        .filter(|demo| {
            Path::new(&demo.level_path).file_name() == path.file_name() || demo.hash == wanted
        })
        .map(|demo| demo.path)
        .collect()
}

/// Checks a demonstration (a saved game): it loads (every move legal, every caption on a
/// move of the game) and, when its level is given, holds that level's current text.
fn check_demo(
    demo: &Path,
    level: Option<(&Path, &str)>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    match level::save::load(demo) {
        Err(e) => {
            let _ = writeln!(err, "{e}");
            1
        }
        Ok(saved) => match level {
            Some((path, text)) if saved.level_text != text => {
                let _ = writeln!(
                    err,
                    "{}:1:1: this demonstration holds an older version of {}: play it again \
                     on the level as it is now (the shipped ones: AREACHESS_BLESS=1 cargo test \
                     demos)",
                    demo.display(),
                    path.display()
                );
                1
            }
            _ => {
                let _ = writeln!(
                    out,
                    "{}: ok ({} moves, {} captions)",
                    demo.display(),
                    saved.game.game().moves_played(),
                    saved.extras.captions.len()
                );
                0
            }
        },
    }
}

/// A grid variant's piece values, one line per type in the variant's order, each indented
/// by two spaces: `LETTER NAME VALUE SOURCE`, where SOURCE is `estimated` (from its moves),
/// `royal` (a royal piece the level gives no value: 0) or `level` (its `value` key, followed
/// by the estimate in brackets): `  N Knight 331 estimated`, `  K King 0 royal`,
/// `  N Knight 300 level (estimated 331)`.
pub fn piece_values(v: &grid::Variant) -> String {
    let mut out = String::new();
    for role in v.roles() {
        let t = &v[role];
        let source = match t.value {
            Some(_) => format!("level (estimated {})", v.estimated_value(role)),
            None if t.royal => "royal".to_string(),
            None => "estimated".to_string(),
        };
        out.push_str(&format!(
            "  {} {} {} {source}\n",
            t.letter,
            t.name,
            v.value(role)
        ));
    }
    out
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
    let level = level
        .into_continuous()
        .map_err(|e| Failure::input(e.to_string()))?;
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

/// A grid level and the position a command starts from.
fn grid_start(
    level_path: &Path,
    fen: Option<&str>,
) -> Result<(GridLevel, crate::grid::Position), Failure> {
    let level = level::load(level_path)?
        .into_grid()
        .map_err(|e| Failure::input(e.to_string()))?;
    let position = match fen {
        Some(text) => level
            .parse_fen(text)
            .map_err(|e| Failure::input(format!("--fen: {e}")))?,
        None => level.start.clone(),
    };
    Ok((level, position))
}

/// `areachess perft`: with `divide`, one `MOVE COUNT` line per legal move (sorted); then
/// `nodes N`. The speed goes to `err`.
pub fn perft(
    level_path: &Path,
    depth: u32,
    fen: Option<&str>,
    divide: bool,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), Failure> {
    let (level, mut position) = grid_start(level_path, fen)?;
    let v = &level.variant;
    let write_failed = |e: std::io::Error| Failure::input(format!("cannot write: {e}"));
    let clock = std::time::Instant::now();
    let nodes = if divide {
        let mut lines: Vec<(String, u64)> = grid::divide(v, &mut position, depth)
            .into_iter()
            .map(|(m, n)| (grid::move_text(v, m), n))
            .collect();
        lines.sort();
        for (m, n) in &lines {
            writeln!(out, "{m} {n}").map_err(write_failed)?;
        }
        if depth == 0 {
            1
        } else {
            lines.iter().map(|l| l.1).sum()
        }
    } else {
        grid::perft(v, &mut position, depth)
    };
    let seconds = clock.elapsed().as_secs_f64();
    writeln!(out, "nodes {nodes}").map_err(write_failed)?;
    let _ = writeln!(
        err,
        "perft {depth}: {nodes} nodes in {seconds:.3} s ({:.0} nodes/s)",
        nodes as f64 / seconds.max(1e-9)
    );
    Ok(())
}

/// `areachess moves`: the legal moves after `played`, sorted, one per line (only those
/// from `from` if given). A draw by rule does not empty the list: it names the moves the
/// rules of movement allow, as Fairy-Stockfish's `legal_moves` does.
pub fn moves(
    level_path: &Path,
    fen: Option<&str>,
    played: &[String],
    from: Option<&str>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let (level, game) = grid_game(level_path, fen, played)?;
    let mut position = game.position().clone();
    let v = &level.variant;
    let from = match from {
        Some(text) => Some(v.geometry.parse_square(text).ok_or_else(|| {
            Failure::input(format!("--from '{text}': not a square of this board"))
        })?),
        None => None,
    };
    let mut list = Vec::new();
    grid::legal_moves(v, &mut position, &mut list);
    let mut lines: Vec<String> = list
        .into_iter()
        .filter(|m| from.is_none_or(|f| m.from == f))
        .map(|m| grid::move_text(v, m))
        .collect();
    lines.sort();
    lines.dedup();
    let write_failed = |e: std::io::Error| Failure::input(format!("cannot write: {e}"));
    for line in lines {
        writeln!(out, "{line}").map_err(write_failed)?;
    }
    Ok(())
}

/// The seats `play` was given: `--white` and `--black` (`human`, `computer`,
/// `computer:N`), a plain `computer` at `--strength` (else the default). `None` for a side
/// not given, which keeps what the level or saved game says.
pub fn seats(
    white: Option<&str>,
    black: Option<&str>,
    strength: Option<crate::play::Strength>,
) -> Result<[Option<crate::play::Seat>; 2], Failure> {
    use crate::play::Seat;
    let seat = |flag: &str, text: Option<&str>| -> Result<Option<Seat>, Failure> {
        let Some(text) = text else {
            return Ok(None);
        };
        let seat: Seat = text
            .parse()
            .map_err(|e| Failure::input(format!("--{flag}: {e}")))?;
        Ok(Some(match (text, strength) {
            ("computer", Some(s)) => Seat::Computer(s),
            _ => seat,
        }))
    };
    let seats = [seat("white", white)?, seat("black", black)?];
    if strength.is_some() && !seats.iter().flatten().any(|s| s.is_computer()) {
        return Err(Failure::input(
            "--strength: no side is played by the computer (add --white computer or --black computer)",
        ));
    }
    Ok(seats)
}

/// `areachess replay`: reads a Game Courier record, plays it through the rules, and writes
/// it back (one numbered move per line) and the final position as `fen FEN`.
pub fn replay(
    level_path: &Path,
    record_path: &Path,
    fen: Option<&str>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let (level, start) = grid_start(level_path, fen)?;
    let text = if record_path == Path::new("-") {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(record_path)
    }
    .map_err(|e| Failure::input(format!("{}: cannot read: {e}", record_path.display())))?;
    let v = &level.variant;
    let moves = grid::courier::read_record(v, &start, &text)
        .map_err(|e| Failure::input(e.in_file(record_path.display().to_string()).to_string()))?;
    let mut end = start.clone();
    for &m in &moves {
        end.make(v, m);
    }
    let write_failed = |e: std::io::Error| Failure::input(format!("cannot write: {e}"));
    write!(out, "{}", grid::courier::write_record(v, &start, &moves)).map_err(write_failed)?;
    writeln!(
        out,
        "fen {}",
        grid::Fen {
            variant: v,
            position: &end
        }
    )
    .map_err(write_failed)?;
    Ok(())
}

/// A grid game from the FEN (or the setup) after `moves`.
fn grid_game(
    level_path: &Path,
    fen: Option<&str>,
    moves: &[String],
) -> Result<(GridLevel, grid::game::Game), Failure> {
    let (level, start) = grid_start(level_path, fen)?;
    let mut game = grid::game::Game::new(level.variant.clone(), start);
    for (n, text) in moves.iter().enumerate() {
        game.play_text(text)
            .map_err(|e| Failure::input(format!("--moves: move {}: {e}", n + 1)))?;
    }
    Ok((level, game))
}

/// The word `gameover` gives for a finished game.
fn game_over_reason(status: Status) -> &'static str {
    match status {
        Status::Playing => "playing",
        Status::Checkmate { .. } => "checkmate",
        Status::Stalemate { .. } => "stalemate",
        Status::RoyalLost { .. } => "royal-captured",
        Status::Resigned { .. } => "resigned",
        Status::DrawAgreed | Status::Drawn { .. } => "draw",
    }
}

/// `areachess bestmove`: searches the position after `moves` and writes one `info` line
/// per finished depth, then `bestmove MOVE`, or `gameover REASON` if the game is over.
pub fn bestmove(
    level_path: &Path,
    fen: Option<&str>,
    position: Option<&str>,
    moves: &[String],
    limits: &Limits,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let level = level::load(level_path)?;
    if level.is_continuous() {
        if fen.is_some() {
            return Err(Failure::input(
                "--fen is a grid FEN; a continuous level takes --position",
            ));
        }
        return continuous_bestmove(level_path, position, moves, limits, out);
    }
    if position.is_some() {
        return Err(Failure::input(
            "--position is a continuous POS; a grid level takes --fen",
        ));
    }
    let (level, game) = grid_game(level_path, fen, moves)?;
    let v = &level.variant;
    let write_failed = |e: std::io::Error| Failure::input(format!("cannot write: {e}"));
    if game.status().is_over() {
        writeln!(out, "gameover {}", game_over_reason(game.status())).map_err(write_failed)?;
        return Ok(());
    }
    let eval = Arc::new(GridEval::for_variant(Arc::clone(v)));
    let mut player = GridPlayer::new(PlayerKind::ENGINE, 64);
    let mut failed = None;
    let report = player.think(&eval, &game, limits, |info| {
        let pv: Vec<String> = info.pv.iter().map(|&m| grid::move_text(v, m)).collect();
        if let Err(e) = writeln!(out, "{}", info_line(info, &pv)) {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(write_failed(e));
    }
    match report.best {
        Some(m) => writeln!(out, "bestmove {}", grid::move_text(v, m)),
        None => writeln!(out, "gameover {}", game_over_reason(game.status())),
    }
    .map_err(write_failed)
}

/// What `areachess match` is asked for.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// The first player (White, or White in the first game with `alternate`).
    pub white: PlayerKind,
    /// The second player.
    pub black: PlayerKind,
    /// How many games.
    pub games: u32,
    /// The engine's time per move.
    pub movetime: std::time::Duration,
    /// The seed of the random players and openings.
    pub seed: u64,
    /// Whether the players swap colours after each game.
    pub alternate: bool,
    /// Random plies at the start of each game.
    pub opening: u32,
    /// Plies after which a game is a draw.
    pub max_plies: u32,
}

/// `areachess match`: plays the games and writes one line per game, then the score.
pub fn match_games(
    level_path: &Path,
    settings: &MatchSettings,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let level = level::load(level_path)?;
    if level.is_continuous() {
        return continuous_match(level_path, settings, out);
    }
    let (level, start) = grid_start(level_path, None)?;
    let v = &level.variant;
    let eval = Arc::new(GridEval::for_variant(Arc::clone(v)));
    let mut players = [
        GridPlayer::new(settings.white, 32),
        GridPlayer::new(settings.black, 32),
    ];
    let mut rng = Rng::new(settings.seed);
    let mut tally = Tally::default();
    for (n, swapped, opening_seed) in schedule(settings) {
        players.iter_mut().for_each(GridPlayer::new_game);
        let mut game = grid::game::Game::new(Arc::clone(v), start.clone());
        let mut opening = Rng::new(opening_seed);
        let mut plies = 0;
        while !game.status().is_over() && plies < settings.max_plies {
            let mover = usize::from((game.position().to_move() == Color::Black) != swapped);
            let choice = if plies < settings.opening {
                let list = game.legal_moves();
                list.get(opening.below(list.len())).copied()
            } else {
                players[mover].choose(&eval, &game, settings.movetime, &mut rng)
            };
            let Some(m) = choice else { break };
            if !game.play(m) {
                return Err(Failure::input(format!(
                    "{} chose the illegal move {}",
                    players[mover].kind(),
                    grid::move_text(v, m)
                )));
            }
            plies += 1;
        }
        let status = game.status();
        let (result, reason) = match status {
            Status::Playing => ("1/2-1/2", "max-plies".to_string()),
            Status::Drawn { by } => ("1/2-1/2", draw_word(by).to_string()),
            _ => match winner(status) {
                Some(Color::White) => ("1-0", game_over_reason(status).to_string()),
                Some(Color::Black) => ("0-1", game_over_reason(status).to_string()),
                None => ("1/2-1/2", game_over_reason(status).to_string()),
            },
        };
        let kinds = [players[0].kind(), players[1].kind()];
        let outcome = format!("{result} {reason} plies {plies}");
        tally.game(out, n, swapped, kinds, winner(status), &outcome)?;
    }
    tally.score(out)
}

/// A match's games in order: each one's number, whether the players swapped colours in it
/// (player 0 has White unless so), and the seed of its random opening (shared by each pair
/// of games with `alternate`).
fn schedule(settings: &MatchSettings) -> impl Iterator<Item = (u32, bool, u64)> {
    let alternate = settings.alternate;
    let mut opening_rng = Rng::new(settings.seed ^ 0x0be7_1a9e);
    let mut opening_seed = opening_rng.next_u64();
    (0..settings.games).map(move |n| {
        if !alternate || n % 2 == 0 {
            opening_seed = opening_rng.next_u64();
        }
        (n, alternate && n % 2 == 1, opening_seed)
    })
}

/// The games of a match so far, counted for each player (not each colour).
#[derive(Default)]
struct Tally {
    wins: [u32; 2],
    draws: u32,
}

impl Tally {
    /// Counts game `n` and writes its line: who had White (player 0 unless `swapped`), then
    /// `outcome` (the result, why, and how many plies it lasted).
    fn game(
        &mut self,
        out: &mut impl Write,
        n: u32,
        swapped: bool,
        kinds: [PlayerKind; 2],
        winner: Option<Color>,
        outcome: &str,
    ) -> Result<(), Failure> {
        match winner {
            Some(colour) => self.wins[usize::from((colour == Color::Black) != swapped)] += 1,
            None => self.draws += 1,
        }
        let (w, b) = if swapped { (1, 0) } else { (0, 1) };
        writeln!(
            out,
            "game {} white {} black {} result {outcome}",
            n + 1,
            kinds[w],
            kinds[b],
        )
        .map_err(|e| Failure::input(format!("cannot write: {e}")))
    }

    /// The last line: each player's wins and the draws.
    fn score(&self, out: &mut impl Write) -> Result<(), Failure> {
        writeln!(
            out,
            "score white {} draws {} black {}",
            self.wins[0], self.draws, self.wins[1]
        )
        .map_err(|e| Failure::input(format!("cannot write: {e}")))
    }
}

/// One `info` line of `bestmove`: depth, score, nodes, speed, time and the line's moves.
fn info_line<M>(info: &crate::search::Info<M>, pv: &[String]) -> String {
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        pv.join(" ")
    )
}

/// A continuous level's game after `moves` from `position` (else its start).
fn continuous_game(
    level_path: &Path,
    position: Option<&str>,
    moves: &[String],
) -> Result<(crate::level::ContinuousLevel, Game), Failure> {
    let level = level::load(level_path)?
        .into_continuous()
        .map_err(|e| Failure::input(e.to_string()))?;
    let start = match position {
        Some(text) => level
            .parse_position(text)
            .map_err(|e| Failure::input(format!("--position: {e}")))?,
        None => level.start.clone(),
    };
    let mut game = Game::new(start);
    for (n, text) in moves.iter().enumerate() {
        let request = parse_move(&level.board, text)
            .map_err(|e| Failure::input(format!("move {}: {e}", n + 1)))?;
        if let Outcome::Illegal(reason) = game.play(request) {
            return Err(Failure::input(format!(
                "move {} '{text}': illegal ({reason})",
                n + 1
            )));
        }
    }
    Ok((level, game))
}

/// `areachess bestmove` on a continuous level: `info` lines, then `bestmove FROM->TO[=X]`
/// as `judge` reads it, or `gameover checkmate|stalemate`.
fn continuous_bestmove(
    level_path: &Path,
    position: Option<&str>,
    moves: &[String],
    limits: &Limits,
    out: &mut impl Write,
) -> Result<(), Failure> {
    use crate::continuous::notation::format_request;
    use crate::search::continuous::ContinuousPlayer;
    let (level, game) = continuous_game(level_path, position, moves)?;
    let board = &level.board;
    let write_failed = |e: std::io::Error| Failure::input(format!("cannot write: {e}"));
    let pos = game.position().clone();
    let text = |m: &crate::search::continuous::ContinuousMove,
                pos: &crate::continuous::Position| {
        let request = crate::continuous::Request {
            from: pos.pieces()[usize::from(m.piece)].at,
            to: m.target(),
            promotion: m.promotion,
        };
        format_request(board, &request)
    };
    if game.status().is_over() {
        writeln!(out, "gameover {}", continuous_end(game.status())).map_err(write_failed)?;
        return Ok(());
    }
    let mut player = ContinuousPlayer::new(PlayerKind::ENGINE, 64);
    let mut failed = None;
    let report = player.think(&pos, limits, |info| {
        // The line's moves are written from the root only: a later move's mover index
        // belongs to a position the line reaches, which is not kept.
        let first: Vec<String> = info.pv.first().map(|m| text(m, &pos)).into_iter().collect();
        if let Err(e) = writeln!(out, "{}", info_line(info, &first)) {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(write_failed(e));
    }
    match report.best {
        Some(m) => writeln!(out, "bestmove {}", text(&m, &pos)),
        None => writeln!(out, "gameover {}", continuous_end(game.status())),
    }
    .map_err(write_failed)
}

/// The word for how a continuous game ended.
fn continuous_end(status: Status) -> &'static str {
    use Status as S;
    match status {
        S::Checkmate { .. } => "checkmate",
        S::Stalemate { .. } => "stalemate",
        _ => "over",
    }
}

/// `areachess match` on a continuous level. A game ends by checkmate or stalemate; at the
/// ply limit a material lead of 3 points (P 1, N B 3, R 5, Q 9) wins, less is a draw.
fn continuous_match(
    level_path: &Path,
    settings: &MatchSettings,
    out: &mut impl Write,
) -> Result<(), Failure> {
    use crate::search::continuous::{ContinuousPlayer, material_balance};
    use Status as S;
    let (level, start) = continuous_game(level_path, None, &[])?;
    let board = level.board.clone();
    let mut players = [
        ContinuousPlayer::new(settings.white, 32),
        ContinuousPlayer::new(settings.black, 32),
    ];
    let mut rng = Rng::new(settings.seed);
    let mut tally = Tally::default();
    for (n, swapped, opening_seed) in schedule(settings) {
        players.iter_mut().for_each(ContinuousPlayer::new_game);
        let mut game = Game::new(start.position().clone());
        let mut opening = Rng::new(opening_seed);
        let mut random = ContinuousPlayer::new(PlayerKind::Random, 0);
        let mut plies = 0;
        while !game.status().is_over() && plies < settings.max_plies {
            let mover = usize::from((game.position().to_move() == Color::Black) != swapped);
            let pos = game.position().clone();
            let choice = if plies < settings.opening {
                random.choose(&pos, settings.movetime, &mut opening)
            } else {
                players[mover].choose(&pos, settings.movetime, &mut rng)
            };
            let Some(request) = choice else { break };
            if let Outcome::Illegal(reason) = game.play(request) {
                return Err(Failure::input(format!(
                    "{} chose the illegal move {} ({reason}) in {}",
                    players[mover].kind(),
                    crate::continuous::notation::format_request(&board, &request),
                    crate::continuous::notation::format_position(&pos)
                )));
            }
            plies += 1;
        }
        let status = game.status();
        let (winner, reason) = match status {
            S::Checkmate { winner } => (Some(winner), "checkmate".to_string()),
            S::Stalemate { .. } => (None, "stalemate".to_string()),
            _ => {
                let lead = material_balance(game.position());
                let winner = match lead {
                    3.. => Some(Color::White),
                    ..=-3 => Some(Color::Black),
                    _ => None,
                };
                (winner, format!("max-plies material {lead:+}"))
            }
        };
        let result = match winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        let kinds = [players[0].kind(), players[1].kind()];
        let outcome = format!("{result} {reason} plies {plies}");
        tally.game(out, n, swapped, kinds, winner, &outcome)?;
    }
    tally.score(out)
}

/// Who won a finished game, if anyone.
fn winner(status: Status) -> Option<Color> {
    match status {
        Status::Checkmate { winner }
        | Status::RoyalLost { winner }
        | Status::Resigned { winner } => Some(winner),
        Status::Stalemate { winner } => winner,
        Status::Playing | Status::DrawAgreed | Status::Drawn { .. } => None,
    }
}

/// One word for a draw by rule.
fn draw_word(rule: DrawRule) -> &'static str {
    match rule {
        DrawRule::Repetition(_) => "repetition",
        DrawRule::MoveRule(_) => "move-rule",
        DrawRule::InsufficientMaterial => "material",
    }
}
