//! `areachess pgn`: a game as PGN, and a PGN game read back (`areachess::record::pgn`).

use super::rules::{continuous_game, grid_game};
use areachess::continuous::notation::{format_position, format_request};
use areachess::failure::Failure;
use areachess::grid;
use areachess::level::{self, Level};
use areachess::reading;
use areachess::record::AnyGame;
use areachess::record::pgn::{Header, Record};
use std::io::Write;
use std::path::Path;

/// `areachess pgn LEVEL`: the game after `moves` from the FEN or POS (else the setup).
pub fn pgn(
    level_path: &Path,
    fen: Option<&str>,
    position: Option<&str>,
    moves: &[String],
    out: &mut impl Write,
) -> Result<(), Failure> {
    let level = level::load(level_path)?;
    let variant = level_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let game = if level.is_continuous() {
        if fen.is_some() {
            return Err(Failure::input(
                "--fen is a grid FEN; a continuous level takes --position",
            ));
        }
        AnyGame::Continuous(continuous_game(level.clone(), position, moves)?.1)
    } else {
        if position.is_some() {
            return Err(Failure::input(
                "--position is a continuous POS; a grid level takes --fen",
            ));
        }
        AnyGame::Grid(grid_game(level.clone(), fen, moves)?.1)
    };
    let text = areachess::record::pgn::write(&level, &variant, &game, &Header::default());
    write!(out, "{text}").map_err(Failure::write)
}

/// `areachess pgn --read FILE`: `level PATH`, then `move MOVE` for each move in the
/// notation `moves` and `judge` take, then `fen FEN` (grid) or `pos POS` (continuous).
pub fn read_pgn(path: &Path, out: &mut impl Write) -> Result<(), Failure> {
    let shown = path.display().to_string();
    // Bytes: a PGN may be Latin-1, the standard's character set, as well as UTF-8.
    let bytes = if path == Path::new("-") {
        reading::bytes_of(std::io::stdin(), reading::RECORD_BYTES)
    } else {
        reading::bytes(path, reading::RECORD_BYTES)
    }
    .map_err(|e| Failure::input(format!("{shown}: cannot read: {e}")))?;
    let record = Record::read(&shown, &bytes).map_err(|e| Failure::input(e.to_string()))?;
    let level_path = level::for_variant(&record.variant())
        .ok_or_else(|| Failure::input(record.not_a_level(&shown)))?;
    let level: Level = level::load(&level_path)?;
    let game = record
        .replay(&shown, &level)
        .map_err(|e| Failure::input(e.to_string()))?;
    let mut lines = vec![format!("level {}", level_path.display())];
    match &game {
        AnyGame::Continuous(game) => {
            let board = game.start().board();
            for played in game.played() {
                lines.push(format!("move {}", format_request(board, &played.request)));
            }
            lines.push(format!("pos {}", format_position(game.position())));
        }
        AnyGame::Grid(game) => {
            let v = game.variant();
            for &m in game.played() {
                lines.push(format!("move {}", grid::move_text(v, m)));
            }
            let fen = grid::Fen {
                variant: v,
                position: game.position(),
            };
            lines.push(format!("fen {fen}"));
        }
    }
    for line in lines {
        writeln!(out, "{line}").map_err(Failure::write)?;
    }
    Ok(())
}
