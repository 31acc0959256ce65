//! Grid mode inside Bevy: its [`MatchGame`], the messages that ask for a move and answer,
//! and one entity per occupied square that mirrors the position.

use super::analysis::Browse;
use super::matches::{GameMode, Match, MatchGame, PIECE_Z, Thought};
use crate::grid::Role;
use crate::grid::game::Game;
use crate::grid::notation::move_text;
use crate::grid::{Move, Position, Square};
use crate::grid::{Variant, is_piece, role_of, side_of};
use crate::level::GridLevel;
use crate::play::Color;
use crate::record::AnyGame;
use crate::search::grid::{GridEval, GridPlayer};
use crate::search::players::PlayerKind;
use crate::search::{Limits, Noise};
use bevy::prelude::*;
use std::sync::Arc;

/// A grid match.
pub type GridMatch = Match<Game>;

impl MatchGame for Game {
    type Level = GridLevel;
    type Request = GridPlay;
    type Answer = GridMoveOutcome;
    const MODE: GameMode = GameMode::Grid;

    fn start(level: &GridLevel) -> Game {
        let start = crate::grid::shuffle::deal(&level.variant, &level.start, clock_seed());
        Game::new(level.variant.clone(), start)
    }

    fn next(&self, level: &GridLevel) -> Game {
        match level.variant.shuffle {
            Some(_) => <Game as MatchGame>::start(level),
            None => Game::new(level.variant.clone(), self.start().clone()),
        }
    }

    fn answer(&mut self, play: GridPlay) -> GridMoveOutcome {
        let request = play.request;
        let found = match request.drop {
            Some(role) => {
                Some(Move::drop(role, request.to)).filter(|m| self.legal_moves().contains(m))
            }
            // On a level with walls the wall is part of the move.
            None if self.variant().walls.is_some() => self.legal_moves().into_iter().find(|m| {
                m.from == request.from
                    && m.to == request.to
                    && m.promotion == request.promotion
                    && m.wall == play.wall
                    && m.dropped().is_none()
            }),
            None => self.find(request.from, request.to, request.promotion),
        };
        let result = match found {
            Some(m) => {
                self.play(m);
                Ok(m)
            }
            None if self.status().is_over() => Err(Refusal::GameOver),
            None => Err(Refusal::NotLegal),
        };
        GridMoveOutcome { request, result }
    }

    fn refusal(answer: &GridMoveOutcome) -> Option<String> {
        answer
            .result
            .as_ref()
            .err()
            .map(|why| format!("Refused: {why}"))
    }

    fn tried(
        before: &Game,
        level: &GridLevel,
        answer: &GridMoveOutcome,
    ) -> crate::rule_tests::Tried {
        let v = &level.variant;
        let name = |sq: Square| v.geometry.name(sq).to_string();
        let request = answer.request;
        let position = crate::grid::Fen {
            variant: v,
            position: before.position(),
        }
        .to_string();
        match answer.result {
            Ok(m) => {
                let victim = m.kind.captures().then(|| m.victim_square());
                crate::rule_tests::Tried {
                    position,
                    tried: move_text(v, m),
                    expect: if victim.is_some() { "capture" } else { "move" }.into(),
                    lands: Some(name(m.to)),
                    captures: Some(victim.map_or("nothing".into(), name)),
                }
            }
            Err(_) => {
                let asked = match request.drop {
                    Some(role) => Move::drop(role, request.to),
                    None => Move {
                        promotion: request.promotion,
                        ..Move::new(request.from, request.to, crate::grid::MoveKind::Quiet)
                    },
                };
                crate::rule_tests::Tried {
                    position,
                    tried: move_text(v, asked),
                    expect: "illegal".into(),
                    lands: None,
                    captures: None,
                }
            }
        }
    }

    fn saved(&self) -> AnyGame {
        AnyGame::Grid(self.clone())
    }

    fn loaded(game: &AnyGame) -> Option<&Game> {
        match game {
            AnyGame::Grid(g) => Some(g),
            AnyGame::Continuous(_) => None,
        }
    }

    type Engine = (GridPlayer, Arc<GridEval>);

    fn engine(level: &GridLevel) -> Self::Engine {
        let player = GridPlayer::new(PlayerKind::ENGINE, ENGINE_HASH_MB);
        let eval = Arc::new(GridEval::for_variant(Arc::clone(&level.variant)));
        (player, eval)
    }

    fn think(
        &self,
        (player, eval): &mut Self::Engine,
        limits: &Limits,
        noise: Option<Noise>,
        on_info: &mut dyn FnMut(Thought),
    ) -> Option<GridPlay> {
        player.set_noise(noise);
        let variant = Arc::clone(self.variant());
        let root = self.position().clone();
        let report = player.think(eval, self, limits, |info| {
            on_info(Thought {
                depth: info.depth,
                score: info.score,
                nodes: info.nodes,
                line: line_text(&variant, &root, &info.pv),
                multipv: info.multipv,
            })
        });
        report.best.map(GridPlay::of)
    }

    fn sketch(level: &GridLevel, game: &Game, play: &GridPlay) -> (Vec2, Vec2, String) {
        let request = &play.request;
        let found = match request.drop {
            Some(role) => Some(Move::drop(role, request.to)),
            None => game
                .find(request.from, request.to, request.promotion)
                .map(|m| Move {
                    wall: play.wall,
                    ..m
                }),
        };
        let text = found
            .map(|m| move_text(&level.variant, m))
            .unwrap_or_default();
        (
            square_centre(level, request.from),
            square_centre(level, request.to),
            text,
        )
    }
}

/// The transposition table of the window's grid engine, per side.
const ENGINE_HASH_MB: usize = 32;

/// The first moves of a line from `start`, as the move list writes them: numbered, in
/// standard algebraic notation (`12. Nf3 Nc6 13. Bb5`, `12... Nc6 13. Bb5`).
fn line_text(variant: &Variant, start: &Position, pv: &[Move]) -> String {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (k, &m) in pv.iter().take(8).enumerate() {
        match pos.to_move() {
            Color::White => out.push(format!("{}.", pos.fullmove())),
            Color::Black if k == 0 => out.push(format!("{}...", pos.fullmove())),
            Color::Black => {}
        }
        out.push(crate::grid::san::san(variant, &pos, m));
        pos.make(variant, m);
    }
    out.join(" ")
}

/// A player asks to move the piece on `from` to `to`, promoting to the type `promotion`
/// (an index into the variant's types) or not.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridMoveRequest {
    /// The mover's square.
    pub from: Square,
    /// The target square.
    pub to: Square,
    /// The type to promote to, if any.
    pub promotion: Option<Role>,
    /// A drop: the type put from the hand on `to` (`from` is `to`).
    pub drop: Option<Role>,
}

/// What the rules play: a [`GridMoveRequest`] (every one written is taken as this, with no
/// wall), or a move with the square of the wall it leaves, on a level with walls (the
/// window's wall choice, the computer's move).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridPlay {
    /// The move asked for.
    pub request: GridMoveRequest,
    /// Where it leaves its wall (`rules.walls`), if it does.
    pub wall: Option<Square>,
}

impl GridPlay {
    /// The play of `m`, its wall with it.
    pub fn of(m: Move) -> GridPlay {
        GridPlay {
            request: GridMoveRequest::of(m),
            wall: m.wall,
        }
    }
}

/// Takes each [`GridMoveRequest`] written this frame as a [`GridPlay`] without a wall.
pub(super) fn take_requests(
    mut requests: MessageReader<GridMoveRequest>,
    mut plays: MessageWriter<GridPlay>,
) {
    for &request in requests.read() {
        plays.write(GridPlay {
            request,
            wall: None,
        });
    }
}

impl GridMoveRequest {
    /// The request that plays `m`.
    pub fn of(m: Move) -> GridMoveRequest {
        GridMoveRequest {
            from: m.from,
            to: m.to,
            promotion: m.promotion,
            drop: m.dropped(),
        }
    }
}

/// What became of a [`GridMoveRequest`]: the move played, or why not.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GridMoveOutcome {
    /// The request.
    pub request: GridMoveRequest,
    /// The move played, or the reason it was refused.
    pub result: Result<Move, Refusal>,
}

/// Why a [`GridMoveRequest`] was not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// No legal move goes from that square to that one (with that promotion) now.
    #[error("not a legal move here")]
    NotLegal,
}

/// Marks an entity that mirrors the piece on this square.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridPiece {
    /// Its square.
    pub square: Square,
    /// Its type.
    pub kind: Role,
    /// Its side.
    pub side: Color,
}

/// The centre of a square in world units: one square is one unit, a1's lower-left corner
/// is the origin.
pub fn square_centre(level: &GridLevel, sq: Square) -> Vec2 {
    let g = level.variant.geometry;
    Vec2::new(g.file(sq) as f32 + 0.5, g.rank(sq) as f32 + 0.5)
}

/// Keeps one entity per occupied square, with its type, side and transform.
pub(super) fn mirror_pieces(
    mut commands: Commands,
    state: Res<GridMatch>,
    browse: Res<Browse>,
    mirrored: Query<(Entity, &GridPiece)>,
) {
    if !(state.is_changed() || browse.is_changed()) {
        return;
    }
    let pos = state
        .game
        .position_before(browse.shown(state.game.played().len()));
    let mut wanted: Vec<GridPiece> = state
        .level
        .variant
        .geometry
        .all()
        .filter(|&sq| is_piece(pos.cell(sq)))
        .map(|sq| GridPiece {
            square: sq,
            kind: role_of(pos.cell(sq)),
            side: side_of(pos.cell(sq)),
        })
        .collect();
    for (entity, piece) in &mirrored {
        match wanted.iter().position(|w| w == piece) {
            Some(k) => {
                wanted.swap_remove(k);
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for piece in wanted {
        let t = &state.level.variant[piece.kind];
        commands.spawn((
            Name::new(format!("{} {}", piece.side.name(), t.name)),
            piece,
            Transform::from_translation(square_centre(&state.level, piece.square).extend(PIECE_Z)),
            DespawnOnExit(GameMode::Grid),
        ));
    }
}

/// A seed from the system clock, for a game's dealt setup.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_line_is_written_as_the_move_list_writes_moves() {
        let level = crate::level::shipped_grid("chess");
        let mut game = Game::new(Arc::clone(&level.variant), level.start.clone());
        let line = |game: &Game, texts: &[&str]| {
            let mut ahead = game.clone();
            let pv: Vec<Move> = texts
                .iter()
                .map(|t| ahead.play_text(t).expect("a legal move"))
                .collect();
            line_text(&level.variant, game.position(), &pv)
        };
        assert_eq!(line(&game, &["e2e4", "e7e5", "g1f3"]), "1. e4 e5 2. Nf3");
        game.play_text("e2e4").expect("e4");
        assert_eq!(
            line(&game, &["b8c6", "g1f3", "g8f6", "f1b5", "a7a6"]),
            "1... Nc6 2. Nf3 Nf6 3. Bb5 a6"
        );
    }

    #[test]
    fn a_refused_request_is_refused_in_words() {
        let request = GridMoveRequest {
            from: Square::from_index(0),
            to: Square::from_index(1),
            promotion: None,
            drop: None,
        };
        let refusal = |why| {
            Game::refusal(&GridMoveOutcome {
                request,
                result: Err(why),
            })
        };
        assert_eq!(
            refusal(Refusal::GameOver).as_deref(),
            Some("Refused: the game is over")
        );
        assert_eq!(
            refusal(Refusal::NotLegal).as_deref(),
            Some("Refused: not a legal move here")
        );
    }
}
