//! A grid game: the start position, the moves played, undo and redo, and how the game
//! stands (checkmate, stalemate under the level's rule, a royal lost, resignation, an
//! agreed draw). The continuous twin is `crate::continuous::Game`.

use super::board::Square;
use super::legal::{GameState, game_state, legal_moves};
use super::moves::{Move, MoveKind};
use super::notation::{move_text, read_move};
use super::position::Position;
use super::rules::{Outcome, Role, Stalemate};
use super::variant::Variant;
pub use crate::play::Status;
use crate::play::{Color, DrawRule, Goal, Play};
use std::sync::Arc;

/// Why [`Game::play_text`] did not play a move; each carries the move's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has ended.
    #[error("'{0}': the game is over")]
    GameOver(String),
    /// The text is not a move.
    #[error("'{0}': expected a move like e2e4 or e7e8q")]
    NotAMove(String),
    /// The promotion letter is no piece's.
    #[error("'{text}': no piece has the letter '{letter}'")]
    NoSuchLetter {
        /// The move's text.
        text: String,
        /// The promotion letter.
        letter: char,
    },
    /// No legal move goes there now (with that promotion).
    #[error("'{0}' is not a legal move here")]
    NotLegal(String),
}

/// A grid game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Arc<Variant>,
    /// The start, then the position after each move played.
    positions: Vec<Position>,
    played: Vec<Move>,
    /// Each move played in standard algebraic notation, written when it was played (the
    /// window's move list reads them every frame).
    sans: Vec<String>,
    undone: Vec<Move>,
    ended_by_players: Option<Status>,
    status: Status,
    /// Whether a draw by rule ends the game (else the players, or a GUI, claim it).
    draws_end_games: bool,
}

impl Game {
    /// A game of `variant` from `start`.
    pub fn new(variant: Arc<Variant>, start: Position) -> Game {
        let status = judge(&variant, std::slice::from_ref(&start), true);
        Game {
            variant,
            positions: vec![start],
            played: Vec::new(),
            sans: Vec::new(),
            undone: Vec::new(),
            ended_by_players: None,
            status,
            draws_end_games: true,
        }
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("the start is always there")
    }

    /// The moves played so far.
    pub fn played(&self) -> &[Move] {
        &self.played
    }

    /// The position before move `n` (0-based) of [`Game::played`], which is the position
    /// after `n` moves (the current one for `n` = the number played).
    pub fn position_before(&self, n: usize) -> &Position {
        &self.positions[n]
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        self.ended_by_players.unwrap_or(self.status)
    }

    /// Leaves draws by rule to be claimed rather than ending the game: what a chess GUI
    /// that adjudicates for itself expects of an engine following its moves.
    pub fn leave_draws_to_claims(&mut self) {
        self.draws_end_games = false;
        self.status = judge(&self.variant, &self.positions, false);
    }

    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut list = Vec::new();
        if !self.status().is_over() {
            let mut pos = self.position().clone();
            legal_moves(&self.variant, &mut pos, &mut list);
        }
        list
    }

    /// Plays `m` if it is legal now; false (and nothing changes) if not. Clears the redo
    /// list.
    pub fn play(&mut self, m: Move) -> bool {
        if !self.legal_moves().contains(&m) {
            return false;
        }
        self.sans
            .push(super::san::san(&self.variant, self.position(), m));
        let mut next = self.position().clone();
        next.make(&self.variant, m);
        self.positions.push(next);
        self.status = judge(&self.variant, &self.positions, self.draws_end_games);
        self.played.push(m);
        self.undone.clear();
        true
    }

    /// Plays a move written `e2e4` / `e7e8q` / `P@e4` / `O-O`; says why not if it cannot.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        if self.status().is_over() {
            return Err(PlayError::GameOver(text.to_string()));
        }
        if let Some(drop) = super::notation::read_drop(&self.variant, text) {
            let (role, to) = drop.map_err(|letter| PlayError::NoSuchLetter {
                text: text.to_string(),
                letter,
            })?;
            let m = Move::drop(role, to);
            if !self.play(m) {
                return Err(PlayError::NotLegal(text.to_string()));
            }
            return Ok(m);
        }
        // A move that leaves a wall (`a1b2,b2a1`) is found by its whole text.
        if text.contains(',') {
            let m = self
                .legal_moves()
                .into_iter()
                .find(|&m| move_text(&self.variant, m) == text);
            let m = m.ok_or_else(|| PlayError::NotLegal(text.to_string()))?;
            self.play(m);
            return Ok(m);
        }
        if let Some(kingside) = castling_word(text) {
            let m = self
                .legal_moves()
                .into_iter()
                .find(|m| m.castles_up() == Some(kingside));
            let m = m.ok_or_else(|| PlayError::NotLegal(text.to_string()))?;
            self.play(m);
            return Ok(m);
        }
        let (from, to, promo) =
            read_move(&self.variant, text).ok_or_else(|| PlayError::NotAMove(text.to_string()))?;
        let promotion = super::notation::promotion_of(&self.variant, self.position(), from, promo)
            .map_err(|letter| PlayError::NoSuchLetter {
                text: text.to_string(),
                letter,
            })?;
        let m = self
            .find(from, to, promotion)
            .ok_or_else(|| PlayError::NotLegal(text.to_string()))?;
        self.play(m);
        Ok(m)
    }

    /// The moves played, written `e2e4`.
    pub fn move_texts(&self) -> Vec<String> {
        self.played
            .iter()
            .map(|&m| move_text(&self.variant, m))
            .collect()
    }

    /// The moves played, in standard algebraic notation (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// The legal move from `from` to `to` promoting to the type `promotion` (or not),
    /// if there is one now.
    /// A castling king's move is also found by its rook's square, as Chess960 writes it;
    /// under Chess960 castling, only so (its landing may be a plain king move's too).
    pub fn find(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let legal = self.legal_moves();
        let chess960 = self.variant.castling.is_some_and(|c| c.chess960);
        let plain = legal.iter().find(|m| {
            m.from == from
                && m.to == to
                && m.promotion == promotion
                && m.dropped().is_none()
                && !(chess960 && matches!(m.kind, MoveKind::Castle { .. }))
        });
        let castle = || {
            legal
                .iter()
                .find(|m| m.from == from && m.kind == MoveKind::Castle { rook: to })
        };
        plain.or_else(castle).copied()
    }
}

/// Whether `text` is castling as SAN and XBoard write it: `O-O` (or `0-0`) toward the
/// higher files, `O-O-O` toward the lower; `None` when it is neither.
fn castling_word(text: &str) -> Option<bool> {
    match text {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
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
        super::movegen::in_check(&self.variant, self.position())
    }

    fn moves_played(&self) -> usize {
        self.played.len()
    }

    fn undo(&mut self) -> bool {
        if self.ended_by_players.take().is_some() {
            return true;
        }
        match self.played.pop() {
            Some(m) => {
                self.positions.pop();
                self.sans.pop();
                self.undone.push(m);
                self.status = judge(&self.variant, &self.positions, self.draws_end_games);
                true
            }
            None => false,
        }
    }

    fn redo(&mut self) -> bool {
        let Some(m) = self.undone.pop() else {
            return false;
        };
        let undone = std::mem::take(&mut self.undone);
        let played = self.play(m);
        self.undone = undone;
        played
    }

    fn end_by_players(&mut self, status: Status) {
        self.ended_by_players = Some(status);
    }

    fn restart(&mut self) {
        *self = Game::new(self.variant.clone(), self.start().clone());
    }

    /// Numbered pairs of moves in standard algebraic notation, counted from the start's
    /// move number.
    fn can_mate(&self, side: Color) -> bool {
        super::draws::can_mate(&self.variant, self.position(), side)
    }

    fn written_moves(&self) -> Vec<String> {
        self.sans.clone()
    }

    fn first_move(&self) -> (Color, u32) {
        let start = self.start();
        (start.to_move(), start.fullmove())
    }
}

/// How the game stands after `positions` (the current one last), by the rules alone: a
/// mate, a stalemate or a lost royal first, then the draws by rule (if `draws` end games).
fn judge(v: &Variant, positions: &[Position], draws: bool) -> Status {
    let status = judge_by_rules(v, positions, draws);
    match (v.goals.draw_odds, status) {
        (Some(side), Status::Stalemate { winner: None } | Status::Drawn { .. }) => Status::Goal {
            winner: Some(side),
            goal: Goal::DrawOdds,
        },
        _ => status,
    }
}

/// [`judge`] before the level's draw odds turn a draw into a win.
fn judge_by_rules(v: &Variant, positions: &[Position], draws: bool) -> Status {
    let Some(pos) = positions.last() else {
        return Status::Playing;
    };
    let mut pos = pos.clone();
    let us = pos.to_move();
    let them = us.opponent();
    match game_state(v, &mut pos) {
        GameState::Ongoing => {
            if let Some(winner) = super::draws::perpetual_check(v, positions).filter(|_| draws) {
                return Status::PerpetualCheck { winner };
            }
            match super::draws::drawn(v, positions).filter(|_| draws) {
                // The side whose move repeated the position loses (tori shōgi).
                Some(DrawRule::Repetition(_)) if v.repetition_loses => Status::Goal {
                    winner: Some(us),
                    goal: Goal::Repetition,
                },
                Some(by) => Status::Drawn { by },
                None => Status::Playing,
            }
        }
        GameState::Checkmate => match super::goals::shatar_mate(v, positions) {
            Some(end) => Status::Goal {
                winner: end.winner,
                goal: end.goal,
            },
            None => Status::Checkmate {
                winner: match v.goals.checkmate {
                    Outcome::Loss | Outcome::Draw => them,
                    Outcome::Win => us,
                },
            },
        },
        GameState::RoyalLost => Status::RoyalLost { winner: them },
        GameState::BareKing(winner) => Status::BareKing { winner },
        GameState::PawnDropMate => Status::PawnDropMate { winner: us },
        GameState::Goal(end) => Status::Goal {
            winner: end.winner,
            goal: end.goal,
        },
        GameState::Stalemate(rule) => Status::Stalemate {
            winner: stalemate_winner(rule, &pos),
        },
    }
}

/// The winner of a stalemate of the side to move under `rule` (`None`: a draw).
pub fn stalemate_winner(rule: Stalemate, pos: &Position) -> Option<Color> {
    let us = pos.to_move();
    match rule {
        Stalemate::Draw => None,
        Stalemate::Loss => Some(us.opponent()),
        Stalemate::Win => Some(us),
        Stalemate::FewerPieces => {
            let (ours, theirs) = (pos.pieces(us).len(), pos.pieces(us.opponent()).len());
            match ours.cmp(&theirs) {
                std::cmp::Ordering::Less => Some(us),
                std::cmp::Ordering::Greater => Some(us.opponent()),
                std::cmp::Ordering::Equal => None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::fen::parse_fen;

    #[test]
    fn a_move_text_refused_says_why_with_its_text() {
        let v = Variant::kings_and_rooks(None);
        let start = parse_fen(&v, "k3/4/4/KR2 w").expect("a FEN");
        let mut game = Game::new(Arc::new(v), start);
        let cases = [
            (
                "zz",
                PlayError::NotAMove("zz".into()),
                "'zz': expected a move like e2e4 or e7e8q",
            ),
            (
                "a1a2x",
                PlayError::NoSuchLetter {
                    text: "a1a2x".into(),
                    letter: 'x',
                },
                "'a1a2x': no piece has the letter 'x'",
            ),
            (
                "a1a3",
                PlayError::NotLegal("a1a3".into()),
                "'a1a3' is not a legal move here",
            ),
        ];
        for (text, error, says) in cases {
            assert_eq!(game.play_text(text), Err(error.clone()));
            assert_eq!(error.to_string(), says);
        }
        Play::resign(&mut game);
        assert_eq!(
            game.play_text("a1a2"),
            Err(PlayError::GameOver("a1a2".into()))
        );
        assert_eq!(
            PlayError::GameOver("a1a2".into()).to_string(),
            "'a1a2': the game is over"
        );
    }
}
