//! The rules' own systems, written once over [`MatchGame`]: a new match enters its mode,
//! and the games loaded, the moves asked for and the [`MatchCommand`]s given this frame
//! are applied to the [`Match`]; with those messages, and the count of the moves played
//! ([`MovesAccepted`]).

use super::analysis;
use super::computer::Computer;
use super::match_clock::{self, MatchClock};
use super::matches::{GameMode, Match, MatchGame};
use super::players::Players;
use crate::play::Seat;
use crate::record::AnyGame;
use bevy::prelude::*;

/// A command on the match as a whole.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchCommand {
    /// Take back the last move.
    Undo,
    /// Replay the last move taken back.
    Redo,
    /// Take back every move, to be replayed one by one (a demonstration starts so).
    Rewind,
    /// The side to move resigns.
    Resign,
    /// The players agree a draw.
    AgreeDraw,
    /// Start again from the level's start position.
    Restart,
    /// Take back every move after the first N (browsing: continue from here); Redo
    /// brings them back.
    ContinueFrom(usize),
}

/// How many moves the rules have played at a player's request since the app started (not
/// counting undo, redo or loaded games): a window that has played none has only looked.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MovesAccepted(pub u64);

/// The last move asked of the rules (played or refused), as a rule-test case: what the
/// window's "Add rule test" keeps.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LastTried(pub Option<crate::rule_tests::Tried>);

/// Replace the game being played by one read from a saved game (already replayed through
/// the rules); a game of the other mode is ignored.
#[derive(Message, Clone, Debug)]
pub struct LoadGame(pub AnyGame);

/// A new match entered its mode (again, if the mode is the same).
pub(super) fn enter_mode<G: MatchGame>(mut mode: ResMut<NextState<GameMode>>) {
    mode.set(G::MODE);
}

pub(super) fn apply_loads<G: MatchGame>(
    mut loads: MessageReader<LoadGame>,
    mut state: ResMut<Match<G>>,
) {
    for LoadGame(game) in loads.read() {
        if let Some(game) = G::loaded(game) {
            state.game = game.clone();
        }
    }
}

/// Plays the moves asked for. A legal one presses the mover's clock; a person's move
/// also ends a pause (they mean to go on).
#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: one parameter per resource"
)]
pub(super) fn apply_requests<G: MatchGame>(
    mut requests: MessageReader<G::Request>,
    mut answers: MessageWriter<G::Answer>,
    mut state: ResMut<Match<G>>,
    mut clock: ResMut<MatchClock>,
    mut computer: ResMut<Computer>,
    mut accepted: ResMut<MovesAccepted>,
    players: Res<Players>,
    time: Res<Time<Real>>,
    mut tried: ResMut<LastTried>,
) {
    for request in requests.read() {
        let mover = state.game.to_move();
        let before = state.game.clone();
        let answer = state.game.answer(*request);
        tried.0 = Some(G::tried(&before, &state.level, &answer));
        if G::refusal(&answer).is_none() {
            accepted.0 += 1;
            match_clock::press(&mut clock, mover, match_clock::now(&time));
            if players.of(mover) == Seat::Human && computer.paused {
                computer.paused = false;
            }
        }
        answers.write(answer);
    }
}

pub(super) fn apply_commands<G: MatchGame>(
    mut commands: MessageReader<MatchCommand>,
    mut state: ResMut<Match<G>>,
    players: Res<Players>,
    mut computer: ResMut<Computer>,
    mut clock: ResMut<MatchClock>,
) {
    for command in commands.read() {
        let Match { level, game } = &mut *state;
        // Against the computer, Undo and Redo go back to (or on to) a person's turn: your
        // move and its reply together. Between computers they step one move, paused.
        let computer_to_move = |game: &G| players.any_human() && !players.human_to_move(game);
        match command {
            MatchCommand::Undo => {
                if game.undo() {
                    while computer_to_move(game) && game.undo() {}
                }
                if !players.any_human() {
                    computer.paused = true;
                }
            }
            MatchCommand::Redo => {
                if game.redo() {
                    while computer_to_move(game) && game.redo() {}
                }
                if !players.any_human() {
                    computer.paused = true;
                }
            }
            MatchCommand::Rewind => game.rewind(),
            MatchCommand::Resign => game.resign(),
            MatchCommand::AgreeDraw => game.agree_draw(),
            MatchCommand::Restart => {
                *game = game.next(level);
                clock.restart();
            }
            MatchCommand::ContinueFrom(ply) => *game = analysis::at_ply(game, *ply),
        }
    }
}
