//! The `areachess` binary: the desktop app and the command line.

use areachess::cli::{Cli, Command, Failure, check, default_level, judge, moves, perft, replay};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => play(default_level(), None, None),
        Some(Command::Play {
            level,
            screenshot,
            after_frames,
            drive,
        }) => play(level, screenshot.map(|path| (path, after_frames)), drive),
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
        Some(Command::Moves { level, fen, from }) => moves(
            &level,
            fen.as_deref(),
            from.as_deref(),
            &mut std::io::stdout().lock(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure { code, message }) => {
            eprintln!("areachess: {message}");
            ExitCode::from(code)
        }
    }
}

/// A screenshot to take: the file and how many frames to draw first.
type Shot = Option<(std::path::PathBuf, u32)>;

#[cfg(feature = "gui")]
fn play(level: std::path::PathBuf, shot: Shot, drive: Option<String>) -> Result<(), Failure> {
    let script = match drive {
        Some(text) => Some(areachess::ui::parse_script(&text).map_err(|e| Failure {
            code: 2,
            message: format!("--drive: {e}"),
        })?),
        None => None,
    };
    areachess::ui::run(&level, shot, script)
}

#[cfg(not(feature = "gui"))]
fn play(_level: std::path::PathBuf, _shot: Shot, _drive: Option<String>) -> Result<(), Failure> {
    Err(Failure {
        code: 2,
        message: "this build has no window: rebuild with the `gui` feature".into(),
    })
}
