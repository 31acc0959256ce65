//! Continuous tactics as a yardstick for the engine: positions with a goal (mate now, win a
//! piece, make a safe double attack, take an attacked piece out of danger), read from a
//! TOML suite, and an exact test of whether a move meets the goal.
//!
//! Each entry names one solution, which a test checks against the rules; the engine's
//! benchmark counts how many entries its own choice solves. Whether a move meets a goal is
//! decided by the rules alone (the exact no-legal-move decision, capture areas), never by
//! the engine.

use super::continuous::Values;
use crate::continuous::attack::{attackers, can_capture};
use crate::continuous::notation::{parse_move, parse_point, parse_position};
use crate::continuous::region::{find_legal_move, legal_region};
use crate::continuous::resolve::{Applied, resolve};
use crate::continuous::{Board, Color, Piece, Point, Position, Request};
use serde::Deserialize;
use std::sync::Arc;

/// What a tactic asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    /// Checkmate with this move.
    Mate,
    /// Take the piece standing here (or mate).
    Capture(Point),
    /// Leave the own piece standing here where no enemy can legally take it, wherever it
    /// goes (or mate).
    Save(Point),
    /// Stand where no enemy can legally take the mover while it could take two enemies each
    /// worth more than itself, or the royal piece and another (or mate).
    Fork,
}

/// One position of a suite, with its goal and a solution that meets it.
#[derive(Clone, Debug)]
pub struct Tactic {
    /// Its number in the suite and its goal, for reports.
    pub name: String,
    /// What the side to move should achieve.
    pub goal: Goal,
    /// The position.
    pub position: Position,
    /// A move that achieves the goal.
    pub solution: Request,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    tactic: Vec<WrittenTactic>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WrittenTactic {
    goal: String,
    pos: String,
    target: Option<String>,
    solution: String,
}

/// Reads a suite for `board` (pieces on `setup`'s spots count as unmoved).
pub fn read_suite(board: &Arc<Board>, setup: &[Piece], text: &str) -> Result<Vec<Tactic>, String> {
    let written: Written = toml::from_str(text).map_err(|e| e.to_string())?;
    written
        .tactic
        .into_iter()
        .enumerate()
        .map(|(n, t)| {
            let name = format!("#{} {}", n + 1, t.goal);
            let fail = |what: &str, e: &dyn std::fmt::Display| format!("{name}: {what}: {e}");
            let target = || -> Result<Point, String> {
                let text = t
                    .target
                    .as_deref()
                    .ok_or_else(|| format!("{name}: no target"))?;
                parse_point(board, text).map_err(|e| fail("target", &e))
            };
            let goal = match t.goal.as_str() {
                "mate" => Goal::Mate,
                "capture" => Goal::Capture(target()?),
                "save" => Goal::Save(target()?),
                "fork" => Goal::Fork,
                other => return Err(format!("{name}: unknown goal {other:?}")),
            };
            let position =
                parse_position(board.clone(), setup, &t.pos).map_err(|e| fail("pos", &e))?;
            let solution = parse_move(board, &t.solution).map_err(|e| fail("solution", &e))?;
            Ok(Tactic {
                name,
                goal,
                position,
                solution,
            })
        })
        .collect()
}

impl Tactic {
    /// Whether `request`, played in the tactic's position, meets its goal.
    pub fn solved_by(&self, request: Request) -> bool {
        let pos = &self.position;
        let Some(applied) = resolve(pos, request.from, request.to, request.promotion)
            .applied()
            .cloned()
        else {
            return false;
        };
        if mates(&applied.position) {
            return true;
        }
        let after = &applied.position;
        let us = pos.to_move();
        match self.goal {
            Goal::Mate => false,
            Goal::Capture(at) => applied.captured.is_some_and(|c| c.at.distance(at) <= 1e-9),
            Goal::Save(at) => {
                let now = if applied.mover.at.distance(at) <= 1e-9 {
                    applied.to
                } else {
                    at
                };
                own_at(after, us, now).is_some_and(|i| !capturable(after, i))
            }
            Goal::Fork => safe_double_attack(&applied, us),
        }
    }
}

/// Whether the side to move in `after` is checkmated.
fn mates(after: &Position) -> bool {
    let king = after.king(after.to_move());
    !attackers(after.board(), after.pieces(), king).is_empty() && find_legal_move(after).is_none()
}

/// Whether the side to move in `pos` has a legal capture of `pos.pieces()[i]` (a king may
/// not take a defended piece, so a piece only a king attacks can be safe).
fn capturable(pos: &Position, i: usize) -> bool {
    let side = pos.to_move();
    attackers(pos.board(), pos.pieces(), i)
        .into_iter()
        .any(|j| pos.pieces()[j].side == side && legal_region(pos, j).captures.contains(&i))
}

/// The piece of `side` standing at `at`.
fn own_at(pos: &Position, side: Color, at: Point) -> Option<usize> {
    pos.pieces()
        .iter()
        .position(|p| p.side == side && p.at.distance(at) <= 1e-9)
}

fn safe_double_attack(applied: &Applied, us: Color) -> bool {
    let after = &applied.position;
    let board = after.board();
    let Some(me) = own_at(after, us, applied.to) else {
        return false;
    };
    if capturable(after, me) {
        return false;
    }
    let values = Values::new(board);
    let mine = values.of(after.pieces()[me].kind);
    let prizes = (0..after.pieces().len())
        .filter(|&j| after.pieces()[j].side != us && can_capture(board, after.pieces(), me, j))
        .filter(|&j| {
            let kind = after.pieces()[j].kind;
            board.is_royal(kind) || values.of(kind) > mine
        })
        .count();
    prizes >= 2
}
