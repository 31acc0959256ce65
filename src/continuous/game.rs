//! A continuous game: the start position, the moves played with their results, undo and
//! redo, and how the game stands (playing, checkmate, stalemate, resignation, agreed draw).

use super::attack::is_attacked;
use super::legal_region::has_legal_move;
use super::piece::Color;
use super::position::Position;
use super::resolve::{Applied, Outcome, Reason, Request, resolve};
use crate::play::Play;
pub use crate::play::Status;

/// A move of the game with what it did and how the game stood after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// What the player asked for.
    pub request: Request,
    /// What happened.
    pub applied: Applied,
    /// Whether it was a capture.
    pub capture: bool,
    /// How the game stood after it.
    pub status: Status,
}

/// A game in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    start: Position,
    start_status: Status,
    played: Vec<Played>,
    undone: Vec<Played>,
    ended_by_players: Option<Status>,
}

impl Game {
    /// A game from `start`.
    pub fn new(start: Position) -> Self {
        let start_status = status_of(&start);
        Game {
            start,
            start_status,
            played: Vec::new(),
            undone: Vec::new(),
            ended_by_players: None,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.played
            .last()
            .map_or(&self.start, |p| &p.applied.position)
    }

    /// The position after the first `n` moves (the start for 0, the current one for `n` at
    /// or past the number played).
    pub fn position_after(&self, n: usize) -> &Position {
        match n.min(self.played.len()) {
            0 => &self.start,
            k => &self.played[k - 1].applied.position,
        }
    }

    /// The moves played so far.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        self.ended_by_players
            .unwrap_or_else(|| self.played.last().map_or(self.start_status, |p| p.status))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        let pos = self.position();
        is_attacked(pos.board(), pos.pieces(), pos.king(pos.to_move()))
    }

    /// Judges and, if legal, plays a move. Clears the redo list.
    pub fn play(&mut self, request: Request) -> Outcome {
        if self.status().is_over() {
            return Outcome::Illegal(Reason::GameOver);
        }
        let outcome = resolve(self.position(), request.from, request.to, request.promotion);
        if let Some(applied) = outcome.applied() {
            let status = status_of(&applied.position);
            self.played.push(Played {
                request,
                applied: applied.clone(),
                capture: matches!(outcome, Outcome::Capture(_)),
                status,
            });
            self.undone.clear();
        }
        outcome
    }
}

impl Play for Game {
    fn to_move(&self) -> Color {
        self.position().to_move()
    }

    fn status(&self) -> Status {
        Game::status(self)
    }

    fn in_check(&self) -> bool {
        Game::in_check(self)
    }

    fn moves_played(&self) -> usize {
        self.played.len()
    }

    fn undo(&mut self) -> bool {
        if self.ended_by_players.take().is_some() {
            return true;
        }
        match self.played.pop() {
            Some(p) => {
                self.undone.push(p);
                true
            }
            None => false,
        }
    }

    fn redo(&mut self) -> bool {
        match self.undone.pop() {
            Some(p) => {
                self.played.push(p);
                true
            }
            None => false,
        }
    }

    fn end_by_players(&mut self, status: Status) {
        self.ended_by_players = Some(status);
    }

    fn restart(&mut self) {
        *self = Game::new(self.start.clone());
    }

    /// Continuous levels have no material rule: any piece besides the royal one may mate.
    fn can_mate(&self, side: Color) -> bool {
        let pos = self.position();
        pos.pieces()
            .iter()
            .any(|p| p.side == side && !pos.board().is_royal(p.kind))
    }

    /// `Pe2->e4`, `Nxe5+`, `O-O`, `e8=Q#`.
    fn written_moves(&self) -> Vec<String> {
        let board = self.start.board();
        self.played.iter().map(|p| brief(board, p)).collect()
    }

    fn first_move(&self) -> (Color, u32) {
        (self.start.to_move(), 1)
    }
}

/// A move for the move list: the piece's letter, where it stood, `->` or `x` for a
/// capture, where it landed (square names where they are centres, else two decimals),
/// `=X` for a promotion, `+` or `#`; castling `O-O` toward the higher files, `O-O-O`
/// toward the lower.
fn brief(board: &super::board::Board, played: &Played) -> String {
    use super::notation::format_point_brief as point;
    let a = &played.applied;
    let mut out = match a.castling {
        Some(_) if a.to.x > a.mover.at.x => "O-O".to_string(),
        Some(_) => "O-O-O".to_string(),
        None => format!(
            "{}{}{}{}",
            a.mover.kind.letter().to_ascii_uppercase(),
            point(board, a.mover.at),
            if a.captured.is_some() { "x" } else { "->" },
            point(board, a.to)
        ),
    };
    if let Some(k) = a.promotion {
        out.push('=');
        out.push(k.letter().to_ascii_uppercase());
    }
    let after = &a.position;
    if matches!(played.status, Status::Checkmate { .. }) {
        out.push('#');
    } else if is_attacked(after.board(), after.pieces(), after.king(after.to_move())) {
        out.push('+');
    }
    out
}

/// Checkmate, stalemate or still playing, decided exactly.
pub fn status_of(pos: &Position) -> Status {
    if has_legal_move(pos) {
        return Status::Playing;
    }
    let side = pos.to_move();
    if is_attacked(pos.board(), pos.pieces(), pos.king(side)) {
        Status::Checkmate {
            winner: side.opponent(),
        }
    } else {
        Status::Stalemate { winner: None }
    }
}
