//! Continuous mode inside Bevy: its [`MatchGame`], the messages that ask for a move and
//! answer, and one entity per piece that mirrors the position.

use super::analysis::Browse;
use super::matches::{GameMode, Match, MatchGame, PIECE_Z, Thought};
use crate::continuous::{Color, Game, Kind, Outcome, Position, Request};
use crate::convert::{to_bevy, to_translation};
use crate::level::ContinuousLevel;
use crate::record::AnyGame;
use crate::search::continuous::{Continuous, ContinuousMove, ContinuousPlayer};
use crate::search::players::PlayerKind;
use crate::search::{Limits, Noise};
use bevy::prelude::*;

/// A continuous match.
pub type ContinuousMatch = Match<Game>;

impl ContinuousMatch {
    /// A match from another start position on the level's board.
    pub fn from_position(level: ContinuousLevel, start: Position) -> Self {
        Match {
            level,
            game: Game::new(start),
        }
    }
}

impl MatchGame for Game {
    type Level = ContinuousLevel;
    type Request = MoveRequest;
    type Answer = MoveOutcome;
    const MODE: GameMode = GameMode::Continuous;

    fn start(level: &ContinuousLevel) -> Game {
        Game::new(level.start.clone())
    }

    fn answer(&mut self, MoveRequest(request): MoveRequest) -> MoveOutcome {
        MoveOutcome {
            request,
            outcome: self.play(request),
        }
    }

    fn refusal(answer: &MoveOutcome) -> Option<String> {
        match &answer.outcome {
            Outcome::Illegal(reason) => Some(format!("Illegal: {} ({reason})", reason.explain())),
            _ => None,
        }
    }

    fn tried(
        before: &Game,
        level: &ContinuousLevel,
        answer: &MoveOutcome,
    ) -> crate::rule_tests::Tried {
        use crate::continuous::notation::{format_point, format_position, format_request};
        let board = &level.board;
        let (expect, lands, captures) = match &answer.outcome {
            Outcome::Illegal(reason) => (reason.word().to_string(), None, None),
            outcome => {
                let applied = outcome.applied().expect("a move played");
                let captured = applied.captured.as_ref().map(|p| format_point(board, p.at));
                (
                    if captured.is_some() {
                        "capture"
                    } else {
                        "move"
                    }
                    .to_string(),
                    Some(format_point(board, applied.to)),
                    Some(captured.unwrap_or_else(|| "nothing".into())),
                )
            }
        };
        crate::rule_tests::Tried {
            position: format_position(before.position()),
            tried: format_request(board, &answer.request),
            expect,
            lands,
            captures,
        }
    }

    fn saved(&self) -> AnyGame {
        AnyGame::Continuous(self.clone())
    }

    fn loaded(game: &AnyGame) -> Option<&Game> {
        match game {
            AnyGame::Continuous(g) => Some(g),
            AnyGame::Grid(_) => None,
        }
    }

    type Engine = ContinuousPlayer;

    fn engine(_level: &ContinuousLevel) -> ContinuousPlayer {
        ContinuousPlayer::new(PlayerKind::ENGINE, ENGINE_HASH_MB)
    }

    fn think(
        &self,
        player: &mut ContinuousPlayer,
        limits: &Limits,
        noise: Option<Noise>,
        on_info: &mut dyn FnMut(Thought),
    ) -> Option<MoveRequest> {
        player.set_noise(noise);
        let pos = self.position();
        let report = player.think(&Continuous, pos, limits, |info| {
            on_info(Thought {
                depth: info.depth,
                score: info.score,
                nodes: info.nodes,
                line: line_text(self, &info.pv),
                multipv: info.multipv,
            })
        });
        report.best.map(|m| MoveRequest(request_of(pos, &m)))
    }

    fn sketch(
        _level: &ContinuousLevel,
        game: &Game,
        request: &MoveRequest,
    ) -> (Vec2, Vec2, String) {
        let MoveRequest(request) = request;
        let text = brief_request(game.position().board(), request);
        (to_bevy(request.from), to_bevy(request.to), text)
    }
}

/// The transposition table of the window's continuous engine, per side.
const ENGINE_HASH_MB: usize = 32;

/// The engine's move `m` in `pos`, as a player would ask for it.
fn request_of(pos: &Position, m: &ContinuousMove) -> Request {
    Request {
        from: pos.pieces()[usize::from(m.piece)].at,
        to: m.target(),
        promotion: m.promotion,
    }
}

/// The first moves of a line from the game's position, as the move list writes them:
/// numbered (`25. Qd1->d3 Pf7->f6 26. Qd3xh7+`, `25... Pf7->f6`). The line stops early
/// where a move no longer plays, which a line from the engine's own position never does.
fn line_text(game: &Game, pv: &[ContinuousMove]) -> String {
    use crate::play::Play;
    let mut after = game.clone();
    let played = after.moves_played();
    for m in pv.iter().take(8) {
        let request = request_of(after.position(), m);
        if after.play(request).applied().is_none() {
            break;
        }
    }
    let (first, _) = game.first_move();
    let written = after.written_moves();
    let mut out = Vec::new();
    for (ply, text) in written.iter().enumerate().skip(played) {
        // Plies counted as if White had moved first, so that White's are the even ones.
        let counted = ply + usize::from(first == Color::Black);
        let number = counted / 2 + 1;
        if counted % 2 == 0 {
            out.push(format!("{number}."));
        } else if ply == played {
            out.push(format!("{number}..."));
        }
        out.push(text.clone());
    }
    out.join(" ")
}

/// A move for people: `FROM->TO` with points to two decimals (square names where exact)
/// and the promotion.
fn brief_request(board: &crate::continuous::Board, request: &Request) -> String {
    use crate::continuous::notation::format_point_brief;
    let promotion = request
        .promotion
        .map(|k| format!("={}", k.letter()))
        .unwrap_or_default();
    format!(
        "{}->{}{promotion}",
        format_point_brief(board, request.from),
        format_point_brief(board, request.to)
    )
}

/// A player asks to move a piece.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct MoveRequest(pub Request);

/// What became of a [`MoveRequest`].
#[derive(Message, Clone, Debug, PartialEq)]
pub struct MoveOutcome {
    /// The request.
    pub request: Request,
    /// The rules' answer.
    pub outcome: Outcome,
}

/// Marks an entity that mirrors the piece at this index of the current position.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSlot(pub usize);

/// The kind of the mirrored piece.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceKind(pub Kind);

/// The side of the mirrored piece.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSide(pub Color);

/// Keeps one entity per piece, with its kind, side and an f32 transform.
pub(super) fn mirror_pieces(
    mut commands: Commands,
    state: Res<ContinuousMatch>,
    browse: Res<Browse>,
    mut mirrored: Query<(
        Entity,
        &PieceSlot,
        &mut PieceKind,
        &mut PieceSide,
        &mut Transform,
    )>,
) {
    if !(state.is_changed() || browse.is_changed()) {
        return;
    }
    let shown = browse.shown(state.game.played().len());
    let pieces = state.game.position_after(shown).pieces();
    let mut seen = vec![false; pieces.len()];
    for (entity, slot, mut kind, mut side, mut transform) in &mut mirrored {
        match pieces.get(slot.0) {
            Some(piece) => {
                seen[slot.0] = true;
                kind.set_if_neq(PieceKind(piece.kind));
                side.set_if_neq(PieceSide(piece.side));
                transform.translation = to_translation(piece.at, PIECE_Z);
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for (slot, piece) in pieces.iter().enumerate() {
        if !seen[slot] {
            let name = state.level.board.name_of(piece.kind);
            commands.spawn(piece_bundle(slot, piece, name));
        }
    }
}

fn piece_bundle(slot: usize, piece: &crate::continuous::Piece, name: &str) -> impl Bundle {
    (
        Name::new(format!("{} {name}", piece.side)),
        PieceSlot(slot),
        PieceKind(piece.kind),
        PieceSide(piece.side),
        Transform::from_translation(to_translation(piece.at, PIECE_Z)),
        DespawnOnExit(GameMode::Continuous),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::notation::parse_position;
    use crate::play::Play;
    use std::sync::Arc;

    /// The engine's line from `game`'s position at `depth`, as the analysis writes it.
    fn analysed(game: &Game, depth: u32) -> String {
        let mut player = ContinuousPlayer::new(
            PlayerKind::Engine {
                depth: Some(depth),
                movetime: None,
            },
            1,
        );
        let mut line = String::new();
        player.think(
            &Continuous,
            game.position(),
            &Limits::depth(depth),
            |info| {
                line = line_text(game, &info.pv);
            },
        );
        line
    }

    #[test]
    fn an_analysed_line_is_numbered_and_written_as_the_move_list_writes_moves() {
        let board = Arc::new(crate::continuous::Board::default());
        let start =
            parse_position(board, &[], "w;K@e1;R@a1;P@e2;k@e8;p@e7").expect("a test position");
        let mut game = Game::new(start);
        let line = analysed(&game, 3);
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words.first(), Some(&"1."), "{line}");
        assert_eq!(
            words.get(3),
            Some(&"2."),
            "three plies, two numbers: {line}"
        );
        // Every move starts with its piece's letter or is castling, as in the list.
        for word in [words[1], words[2], words[4]] {
            assert!(
                word.starts_with(['K', 'R', 'P']) && (word.contains("->") || word.contains('x')),
                "{word} in {line}"
            );
        }
        let board = game.position().board();
        let (e2, e3) = (board.square_centre(4, 1), board.square_centre(4, 2));
        let first = game
            .play(Request {
                from: e2,
                to: e3,
                promotion: None,
            })
            .applied()
            .is_some();
        assert!(first, "e2 to e3 plays");
        assert_eq!(game.written_moves(), ["Pe2->e3"]);
        let line = analysed(&game, 2);
        assert!(
            line.starts_with("1... "),
            "Black's reply numbered 1...: {line}"
        );
        assert!(line.contains(" 2. "), "then White's move 2: {line}");
    }
}
