//! The commands that ask the rules: `check`, `judge`, `perft`, `moves`, `replay`, and the
//! seats `play` is given.

use areachess::continuous::notation::{format_applied, format_position, parse_move};
use areachess::continuous::{Game, Outcome};
use areachess::failure::Failure;
use areachess::grid;
use areachess::level::{self, ContinuousLevel, GridLevel, Level};
use areachess::play::Play;
use areachess::reading;
use areachess::record::game::{self, Draws, GameError};
use areachess::record::save;
use std::io::Write;
use std::path::{Path, PathBuf};

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
                let text = reading::text(path, reading::LEVEL_BYTES).unwrap_or_default();
                for demo in demos_of(path, &text) {
                    code |= check_demo(&demo, Some((path, &text)), out, err);
                }
            }
            Err(_) if save::is_saved_game(path) => {
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

/// The demonstrations of the level at `path` (its text `text`): the saved games in
/// `demos/` beside it that name a level file of the same name or hold this level's text.
fn demos_of(path: &Path, text: &str) -> Vec<PathBuf> {
    let wanted = save::hash(text);
    save::demos_beside(path)
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
    match save::load(demo) {
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
    let (level, start) = continuous_start(level::load(level_path)?, position)?;
    let requests = moves
        .iter()
        .enumerate()
        .map(|(n, text)| {
            parse_move(&level.board, text)
                .map_err(|e| Failure::input(format!("move {}: {e}", n + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut game = Game::new(start);
    for (n, request) in requests.into_iter().enumerate() {
        let outcome = game.play(request);
        let line = match &outcome {
            Outcome::Move(a) => format!("ok move {}", format_applied(&level.board, a)),
            Outcome::Capture(a) => format!("ok capture {}", format_applied(&level.board, a)),
            Outcome::Illegal(reason) => format!("illegal {reason}"),
        };
        writeln!(out, "{line}").map_err(Failure::write)?;
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
    writeln!(out, "{}", format_position(game.position())).map_err(Failure::write)?;
    Ok(())
}

/// `areachess test`: every case of every file, one line each, then `N passed, N failed`;
/// the exit code: 1 if any failed (or could not run), else 0.
pub fn test(files: &[PathBuf], out: &mut impl Write) -> u8 {
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in files {
        for verdict in areachess::rule_tests::run_given(file) {
            if verdict.passed() {
                passed += 1;
            } else {
                failed += 1;
            }
            if writeln!(out, "{}", verdict.line()).is_err() {
                return 2;
            }
        }
    }
    if writeln!(out, "{passed} passed, {failed} failed").is_err() {
        return 2;
    }
    u8::from(failed > 0)
}

/// A grid level and the position a command starts from: the FEN, else the setup.
pub fn grid_start(level: Level, fen: Option<&str>) -> Result<(GridLevel, grid::Position), Failure> {
    let level = level.into_grid().map_err(mode_failure)?;
    let position = game::grid_start(&level, fen).map_err(grid_failure)?;
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
    let (level, mut position) = grid_start(level::load(level_path)?, fen)?;
    let v = &level.variant;
    let clock = std::time::Instant::now();
    let nodes = if divide {
        let mut lines: Vec<(String, u64)> = grid::divide(v, &mut position, depth)
            .into_iter()
            .map(|(m, n)| (grid::move_text(v, m), n))
            .collect();
        lines.sort();
        for (m, n) in &lines {
            writeln!(out, "{m} {n}").map_err(Failure::write)?;
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
    writeln!(out, "nodes {nodes}").map_err(Failure::write)?;
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
    let (level, game) = grid_game(level::load(level_path)?, fen, played)?;
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
    for line in lines {
        writeln!(out, "{line}").map_err(Failure::write)?;
    }
    Ok(())
}

/// The seats `play` was given: `--white` and `--black` (`human`, `computer`,
/// `computer:N`), a plain `computer` at `--strength` (else the default). `None` for a side
/// not given, which keeps what the level or saved game says.
pub fn seats(
    white: Option<&str>,
    black: Option<&str>,
    strength: Option<areachess::play::Strength>,
) -> Result<[Option<areachess::play::Seat>; 2], Failure> {
    use areachess::play::Seat;
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
    let (level, start) = grid_start(level::load(level_path)?, fen)?;
    let text = if record_path == Path::new("-") {
        reading::text_of(std::io::stdin(), reading::RECORD_BYTES)
    } else {
        reading::text(record_path, reading::RECORD_BYTES)
    }
    .map_err(|e| Failure::input(format!("{}: cannot read: {e}", record_path.display())))?;
    let v = &level.variant;
    let moves = grid::courier::read_record(v, &start, &text)
        .map_err(|e| Failure::input(e.in_file(record_path.display().to_string()).to_string()))?;
    // The record is played as `moves` and `pgn --read` play theirs: a move after the game
    // has ended (checkmate, a draw by rule) is refused in `moves`' words.
    let mut game = grid::game::Game::new(std::sync::Arc::clone(&level.variant), start.clone());
    for (n, &m) in moves.iter().enumerate() {
        if game.status().is_over() {
            let refused = GameError::GridMove {
                number: n + 1,
                reason: grid::game::PlayError::GameOver(grid::move_text(v, m)),
            };
            return Err(Failure::input(format!(
                "{}: {refused} ({})",
                record_path.display(),
                game.describe()
            )));
        }
        game.play(m);
    }
    let end = game.position().clone();
    write!(out, "{}", grid::courier::write_record(v, &start, &moves)).map_err(Failure::write)?;
    writeln!(
        out,
        "fen {}",
        grid::Fen {
            variant: v,
            position: &end
        }
    )
    .map_err(Failure::write)?;
    Ok(())
}

/// A grid game from the FEN (or the setup) after `moves`.
pub fn grid_game(
    level: Level,
    fen: Option<&str>,
    moves: &[String],
) -> Result<(GridLevel, grid::game::Game), Failure> {
    let level = level.into_grid().map_err(mode_failure)?;
    let game = game::grid_game(&level, fen, moves, Draws::EndTheGame).map_err(grid_failure)?;
    Ok((level, game))
}

/// A level of the other mode, as the command line words it.
fn mode_failure(e: level::ModeError) -> Failure {
    Failure::input(e.to_string())
}

/// A grid game's start or move refused, as the command line words it: `--fen: …`,
/// `--moves: move N: …`.
fn grid_failure(e: GameError) -> Failure {
    match e {
        GameError::Fen(_) => Failure::input(format!("--fen: {e}")),
        e => Failure::input(format!("--moves: {e}")),
    }
}

/// A continuous game's start or move refused, as the command line words it:
/// `--position: …`, `move N: …`, `move N 'MOVE': illegal (…)`.
fn continuous_failure(e: GameError) -> Failure {
    match e {
        GameError::Position(_) => Failure::input(format!("--position: {e}")),
        e => Failure::input(e.to_string()),
    }
}

/// A continuous level and the position a command starts from: the POS, else the setup.
fn continuous_start(
    level: Level,
    position: Option<&str>,
) -> Result<(ContinuousLevel, areachess::continuous::Position), Failure> {
    let level = level.into_continuous().map_err(mode_failure)?;
    let start = game::continuous_start(&level, position).map_err(continuous_failure)?;
    Ok((level, start))
}

/// A continuous level's game after `moves` from `position` (else its start).
pub fn continuous_game(
    level: Level,
    position: Option<&str>,
    moves: &[String],
) -> Result<(ContinuousLevel, Game), Failure> {
    let level = level.into_continuous().map_err(mode_failure)?;
    let game = game::continuous_game(&level, position, moves).map_err(continuous_failure)?;
    Ok((level, game))
}

/// `areachess export LEVEL --to fsf`: the level as a Fairy-Stockfish variants.ini section
/// named `STEM-areachess`, or exit 1 with one line on stderr per thing Fairy-Stockfish
/// cannot express.
pub fn export(
    level_path: &Path,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), Failure> {
    let level = areachess::level::load(level_path)?;
    // A name of its own: Fairy-Stockfish keeps its own variant of the same name.
    let name = format!(
        "{}-areachess",
        level_path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "level".to_string())
    );
    match level.to_fsf(&name) {
        Ok(section) => write!(out, "{section}").map_err(Failure::write),
        Err(problems) => {
            for p in &problems {
                writeln!(err, "{}: {p}", level_path.display()).map_err(Failure::write)?;
            }
            Err(Failure {
                code: 1,
                message: format!(
                    "{}: Fairy-Stockfish cannot play this level ({} reason{})",
                    level_path.display(),
                    problems.len(),
                    if problems.len() == 1 { "" } else { "s" }
                ),
            })
        }
    }
}
