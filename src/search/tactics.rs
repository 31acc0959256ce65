//! A tool beside the engine, which never calls it (the tactics benchmark and tests read
//! it): continuous tactics as a yardstick for the engine, positions with a goal (mate
//! now, win a piece, make a safe double attack, take an attacked piece out of danger),
//! read from a TOML suite, and an exact test of whether a move meets the goal.
//!
//! Each entry names one solution, which a test checks against the rules; the engine's
//! benchmark counts how many entries its own choice solves. Whether a move meets a goal is
//! decided by the rules alone (the exact no-legal-move decision, capture areas), never by
//! the engine.

use super::continuous::Values;
use crate::continuous::attack::{attackers, can_capture};
use crate::continuous::candidates::fine_candidates;
use crate::continuous::legal_region::{RegionPart, capture_aim, find_legal_move, legal_region};
use crate::continuous::notation::{parse_move, parse_point, parse_position};
use crate::continuous::resolve::{Applied, resolve};
use crate::continuous::{Board, Color, Piece, Point, Position, Request};
use serde::Deserialize;
use std::sync::Arc;

/// What a tactic asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    /// Checkmate with this move.
    Mate,
    /// Mate in two: whatever the defender answers, a mate follows (see
    /// [`Tactic::solved_by`] for how the answers are tried).
    MateInTwo,
    /// Take the piece standing here (or mate, in one or by force in two, as every goal
    /// below).
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
                "mate-in-two" => Goal::MateInTwo,
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
    ///
    /// A mate in two is met when every reply of the defender is answered by a mate. The
    /// defender's replies form a continuum, so they are tried on a dense sample: every
    /// capture and the computer's finest candidates, and each part of every piece's legal
    /// region at its ends and every [`REPLY_STEP`] between (on 72 directions for a king).
    /// The mates are looked for among the attacker's finest candidates that give check,
    /// each decided exactly.
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
        let met = match self.goal {
            Goal::Mate => return false,
            Goal::MateInTwo => return every_reply_is_mated(after),
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
        };
        // A forced mate wins more than any piece.
        met || every_reply_is_mated(after)
    }
}

/// Whether the side to move in `after` is checkmated.
fn mates(after: &Position) -> bool {
    let king = after.king(after.to_move());
    !attackers(after.board(), after.pieces(), king).is_empty() && find_legal_move(after).is_none()
}

/// How far apart the replies tried along a part of a legal region lie, in R (along a
/// slide) or in radians (around a ring).
pub const REPLY_STEP: f64 = 0.25;

/// Whether every reply the side to move has in `pos` (on the sample [`Tactic::solved_by`]
/// describes) is answered by a mate, and it has at least one.
fn every_reply_is_mated(pos: &Position) -> bool {
    let replies = replies(pos);
    // A mate that answered one reply usually answers the next: try those first.
    let mut mates_seen: Vec<Request> = Vec::new();
    !replies.is_empty()
        && replies.iter().all(|reply| {
            let outcome = resolve(pos, reply.from, reply.to, reply.promotion);
            let Some(applied) = outcome.applied() else {
                return true;
            };
            let after = &applied.position;
            let known = mates_seen.iter().any(|m| {
                resolve(after, m.from, m.to, m.promotion)
                    .applied()
                    .is_some_and(|a| mates(&a.position))
            });
            known
                || match mating_move(after) {
                    Some(m) => {
                        mates_seen.push(m);
                        true
                    }
                    None => false,
                }
        })
}

/// The replies [`every_reply_is_mated`] tries.
fn replies(pos: &Position) -> Vec<Request> {
    let mut out: Vec<Request> = Vec::new();
    let mut candidates = Vec::new();
    fine_candidates(pos, &mut candidates);
    out.extend(candidates.iter().map(|c| Request {
        from: pos.pieces()[c.piece].at,
        to: c.to,
        promotion: c.promotion,
    }));
    let side = pos.to_move();
    for (i, piece) in pos.pieces().iter().enumerate() {
        if piece.side != side {
            continue;
        }
        let region = legal_region(pos, i);
        let from = piece.at;
        let mut add = |to: Point| {
            out.push(Request {
                from,
                to,
                promotion: None,
            })
        };
        for &x in &region.captures {
            add(capture_aim(pos, i, x));
        }
        for part in &region.parts {
            if let RegionPart::Castle { to } = part {
                add(*to);
            }
            for &(a, b) in part.stretches() {
                spread(a, b).into_iter().for_each(|t| add(part.point_at(t)));
            }
        }
    }
    out
}

/// Points of `[a, b]`: just inside each end, and every [`REPLY_STEP`] between.
fn spread(a: f64, b: f64) -> Vec<f64> {
    let inset = (1e-6_f64).min(0.5 * (b - a));
    let mut out = vec![a + inset, b - inset];
    let mut t = a + REPLY_STEP;
    while t < b {
        out.push(t);
        t += REPLY_STEP;
    }
    out
}

/// A move of the side to move in `pos` that mates, among its finest candidates that give
/// check.
fn mating_move(pos: &Position) -> Option<Request> {
    let mut candidates = Vec::new();
    fine_candidates(pos, &mut candidates);
    candidates
        .iter()
        .find(|c| mates(&c.applied.position))
        .map(|c| Request {
            from: pos.pieces()[c.piece].at,
            to: c.to,
            promotion: c.promotion,
        })
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
