//! The `areachess` binary: the desktop app and the command line.

mod cli;

use areachess::failure::Failure;
use areachess::search::Limits;
use clap::Parser;
use cli::contest::{MatchSettings, bestmove, match_games};
use cli::record::{pgn, read_pgn};
use cli::rules::{check, export, judge, moves, perft, replay, seats};
use cli::{Cli, Command};
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => play(Launch::default()),
        Some(Command::Play {
            level,
            resume,
            time,
            screenshot,
            after_frames,
            drive,
            white,
            black,
            strength,
            size,
        }) => match seats(white.as_deref(), black.as_deref(), strength) {
            Ok(seats) => play(Launch {
                file: level,
                resume,
                shot: screenshot.map(|path| (path, after_frames)),
                script: drive,
                seats,
                time,
                size,
            }),
            Err(failure) => Err(failure),
        },
        Some(Command::Test { files }) => {
            return ExitCode::from(cli::rules::test(&files, &mut std::io::stdout().lock()));
        }
        Some(Command::Check { levels, values }) => {
            let code = check(
                &levels,
                values,
                &mut std::io::stdout(),
                &mut std::io::stderr(),
            );
            return ExitCode::from(code);
        }
        Some(Command::Judge {
            level,
            position,
            moves,
        }) => judge(
            &level,
            position.as_deref(),
            &moves,
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Perft {
            level,
            depth,
            fen,
            divide,
        }) => perft(
            &level,
            depth,
            fen.as_deref(),
            divide,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr(),
        ),
        Some(Command::Replay { level, record, fen }) => replay(
            &level,
            &record,
            fen.as_deref(),
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Moves {
            level,
            fen,
            moves: played,
            from,
        }) => moves(
            &level,
            fen.as_deref(),
            &played,
            from.as_deref(),
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Bench { depth, continuous }) => {
            let out = &mut std::io::stdout().lock();
            if continuous {
                cli::bench::continuous_bench(
                    depth.unwrap_or(cli::bench::DEFAULT_CONTINUOUS_DEPTH),
                    out,
                )
            } else {
                cli::bench::bench(depth.unwrap_or(cli::bench::DEFAULT_DEPTH), out)
            }
        }
        Some(Command::Tune {
            levels,
            games,
            nodes,
            opening,
            max_plies,
            jobs,
            seed,
            rounds,
            only,
            positions,
            squares,
            decay,
        }) => {
            let jobs = jobs.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
            });
            let sampling = areachess::search::texel::Sampling {
                games,
                nodes,
                opening,
                max_plies,
                jobs: jobs.max(1),
                seed,
            };
            let args = cli::tune::TuneArgs {
                levels,
                sampling,
                rounds,
                only,
                positions,
                squares,
                decay,
            };
            cli::tune::tune(&args, &mut std::io::stdout().lock())
        }
        Some(Command::Bestmove {
            level,
            game,
            depth,
            movetime,
            nodes,
        }) => {
            let limits = match (depth, movetime, nodes) {
                (Some(d), _, _) => Limits::depth(d),
                (_, _, Some(n)) => Limits::nodes(n),
                (_, ms, None) => Limits::movetime(Duration::from_millis(ms.unwrap_or(1000))),
            };
            bestmove(
                &level,
                game.fen.as_deref(),
                game.position.as_deref(),
                &game.moves,
                &limits,
                &mut std::io::stdout().lock(),
            )
        }
        Some(Command::Pgn { level, game, read }) => match (read, level) {
            (Some(file), _) => read_pgn(&file, &mut std::io::stdout().lock()),
            (None, Some(level)) => pgn(
                &level,
                game.fen.as_deref(),
                game.position.as_deref(),
                &game.moves,
                &mut std::io::stdout().lock(),
            ),
            (None, None) => Err(Failure::input("pgn: name a level, or --read FILE.pgn")),
        },
        Some(Command::Balance {
            level,
            games,
            movetime,
            jobs,
            shard,
            values,
            seed,
            max_plies,
            json,
            report,
            merge,
        }) => {
            let outputs = cli::balance::Outputs { json, report };
            match level {
                None => cli::balance::merge(&merge, &outputs, &mut std::io::stdout().lock()),
                Some(level) => {
                    let settings = areachess::search::balance_lab::BalanceSettings {
                        games,
                        movetime: Duration::from_millis(movetime),
                        jobs: jobs.unwrap_or_else(|| {
                            std::thread::available_parallelism().map_or(1, |n| n.get())
                        }),
                        shard: shard.unwrap_or((1, 1)),
                        seed,
                        max_plies,
                        values,
                        stop: None,
                        background: false,
                    };
                    cli::balance::balance(
                        &level,
                        &settings,
                        &outputs,
                        &mut std::io::stdout().lock(),
                    )
                }
            }
        }
        Some(Command::Gif {
            input,
            out,
            size,
            delay,
        }) => gif(&input, &out, size, delay),
        Some(Command::Export { level, to: _ }) => export(
            &level,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr(),
        ),
        Some(Command::Uci { level }) => {
            let out = areachess::protocol::Output::new(std::io::stdout());
            let catalog = areachess::protocol::Catalog::library();
            let mut session = areachess::protocol::uci::Uci::new(out, catalog, level.as_deref());
            session.run(std::io::stdin().lock());
            Ok(())
        }
        Some(Command::Xboard { level }) => {
            let out = areachess::protocol::Output::new(std::io::stdout());
            let catalog = areachess::protocol::Catalog::library();
            let input = std::io::BufReader::new(std::io::stdin());
            areachess::protocol::xboard::run(out, catalog, level.as_deref(), input);
            Ok(())
        }
        Some(Command::Match {
            level,
            white,
            black,
            games,
            movetime,
            seed,
            alternate,
            opening,
            max_plies,
            time,
        }) => match (white.parse(), black.parse()) {
            (Ok(white), Ok(black)) => match_games(
                &level,
                &MatchSettings {
                    white,
                    black,
                    games,
                    movetime: Duration::from_millis(movetime),
                    seed,
                    alternate,
                    opening,
                    max_plies,
                    time,
                },
                &mut std::io::stdout().lock(),
            ),
            (Err(e), _) | (_, Err(e)) => Err(Failure {
                code: 2,
                message: e.to_string(),
            }),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure { code, message }) => {
            eprintln!("areachess: {message}");
            ExitCode::from(code)
        }
    }
}

/// How `play` opens the window: what the command line said.
#[derive(Default)]
#[cfg_attr(
    not(feature = "gui"),
    allow(dead_code, reason = "only the window reads it")
)]
struct Launch {
    file: Option<std::path::PathBuf>,
    resume: bool,
    shot: Option<(std::path::PathBuf, u32)>,
    script: Option<String>,
    seats: [Option<areachess::play::Seat>; 2],
    time: Option<areachess::clock::TimeControl>,
    size: Option<(u32, u32)>,
}

#[cfg(feature = "gui")]
fn play(launch: Launch) -> Result<(), Failure> {
    let script = match launch.script {
        Some(text) => Some(areachess::script::parse_script(&text).map_err(|e| Failure {
            code: 2,
            message: format!("--drive: {e}"),
        })?),
        None => None,
    };
    areachess::ui::run(
        areachess::ui::Launch {
            file: launch.file,
            resume: launch.resume,
            shot: launch.shot,
            script,
            seats: launch.seats,
            time: launch.time,
            size: launch.size,
        },
        &cli::default_level(),
    )
}

#[cfg(feature = "gui")]
fn gif(
    input: &std::path::Path,
    out: &std::path::Path,
    size: u32,
    delay: u32,
) -> Result<(), Failure> {
    areachess::ui::gif(
        input,
        out,
        &areachess::ui::GifSettings {
            size,
            delay_ms: delay,
        },
    )
}

#[cfg(not(feature = "gui"))]
fn gif(_: &std::path::Path, _: &std::path::Path, _: u32, _: u32) -> Result<(), Failure> {
    Err(Failure {
        code: 2,
        message: "this build draws no pictures: rebuild with the `gui` feature".into(),
    })
}

#[cfg(not(feature = "gui"))]
fn play(_launch: Launch) -> Result<(), Failure> {
    Err(Failure {
        code: 2,
        message: "this build has no window: rebuild with the `gui` feature".into(),
    })
}
