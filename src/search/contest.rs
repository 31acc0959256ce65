//! Games between two players, written once for both modes: what differs between the
//! modes ([`Contest`]: how a move is played and written, who wins a game cut short), one
//! game from its start to its end ([`play_game`]), on a clock if asked ([`Timer`]), and the
//! words a finished game is told in. `match`, `bestmove` and `balance` are built on it.

use super::arena::Arena;
use super::continuous::{Continuous, ContinuousMove, material_balance};
use super::grid::GridEval;
use super::players::Player;
use crate::clock::{ChessClock, TimeControl};
use crate::continuous::notation::{format_position, format_request};
use crate::continuous::{Game as ContinuousGame, Outcome, Request};
use crate::grid::{self, Move, Variant};
use crate::play::{Color, DrawRule, Play, Status};
use crate::random::Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most games one run of `match`, `balance` or `tune` plays: days of play at the
/// shortest useful time a move, and a schedule whose numbering (games × kinds with
/// `--values`) stays far inside `u32`.
pub const MOST_GAMES: u32 = 100_000;

/// The longest game, in plies, a run lets go on before it is cut short: no real game
/// comes near it, and a game's record stays a few megabytes.
pub const LONGEST_GAME_PLIES: u32 = 100_000;

/// One mode as `bestmove`, `match` and `balance` drive it.
///
/// The commands' and tools' trait, one layer above [`Arena`]: what differs between the
/// modes once whole games are played between players (a move played and written in the
/// game's own terms, adjudication at the ply limit, handicaps, dealt setups), so that
/// [`play_game`] and the balance lab are written once. [`GridContest`] and
/// [`ContinuousContest`] implement it.
pub trait Contest {
    /// What a player of this mode needs.
    type Arena: Arena;
    /// A game of this mode.
    type Game: Play + Clone;

    /// The arena its players play in.
    fn arena(&self) -> &Self::Arena;

    /// What a player looks at in `game`.
    fn seen<'a>(&self, game: &'a Self::Game) -> &'a <Self::Arena as Arena>::Game;

    /// Plays a player's move; when the rules refuse it, the move and why, in words.
    fn play(&self, game: &mut Self::Game, m: <Self::Arena as Arena>::Move) -> Result<(), String>;

    /// The moves of a search's line from where `game` stands, as `bestmove` writes them.
    fn line(&self, game: &Self::Game, pv: &[<Self::Arena as Arena>::Found]) -> Vec<String>;

    /// Who wins a game still going at the ply limit, and why, in words.
    fn cut_short(&self, game: &Self::Game) -> (Option<Color>, String);

    /// The kinds of piece White has in `start` that a handicap game may take away (not
    /// royal ones), with their names and the values estimated from their moves, and which
    /// of them is the pawn values are measured against (if there is one).
    fn kinds(&self, start: &Self::Game) -> (Vec<PieceKind>, Option<char>);

    /// `start` with one of `side`'s pieces of the kind `letter` taken away (the one nearest
    /// the middle file), if `side` has one.
    fn without(&self, start: &Self::Game, side: Color, letter: char) -> Option<Self::Game>;

    /// The game a match plays from `start`: `start` itself, or where the level draws its
    /// setups and `start` is the level's own, a setup dealt with `seed`.
    fn deal(&self, start: &Self::Game, seed: u64) -> Self::Game {
        let _ = seed;
        start.clone()
    }
}

/// A kind of piece as the balance lab names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// Its letter, upper case.
    pub letter: char,
    /// Its name.
    pub name: String,
    /// Its value estimated from its moves, in centipawns.
    pub estimate: i32,
}

/// Of `candidates` (a square or point's file as a number, and what to return), the one
/// nearest the middle of `files` files.
fn nearest_middle<T: Copy>(candidates: impl Iterator<Item = (f64, T)>, files: f64) -> Option<T> {
    let middle = (files - 1.0) / 2.0;
    candidates
        .min_by(|a, b| (a.0 - middle).abs().total_cmp(&(b.0 - middle).abs()))
        .map(|(_, t)| t)
}

/// A grid level's variant and evaluation.
pub struct GridContest {
    variant: Arc<Variant>,
    eval: Arc<GridEval>,
}

impl GridContest {
    /// The contest of a grid variant.
    pub fn new(variant: &Arc<Variant>) -> GridContest {
        GridContest {
            variant: Arc::clone(variant),
            eval: Arc::new(GridEval::for_variant(Arc::clone(variant))),
        }
    }
}

impl Contest for GridContest {
    type Arena = Arc<GridEval>;
    type Game = grid::game::Game;

    fn arena(&self) -> &Arc<GridEval> {
        &self.eval
    }

    fn seen<'a>(&self, game: &'a grid::game::Game) -> &'a grid::game::Game {
        game
    }

    fn play(&self, game: &mut grid::game::Game, m: Move) -> Result<(), String> {
        if game.play(m) {
            Ok(())
        } else {
            Err(grid::move_text(&self.variant, m))
        }
    }

    fn line(&self, _game: &grid::game::Game, pv: &[Move]) -> Vec<String> {
        pv.iter()
            .map(|&m| grid::move_text(&self.variant, m))
            .collect()
    }

    /// A grid game cut short is a draw.
    fn cut_short(&self, _game: &grid::game::Game) -> (Option<Color>, String) {
        (None, "max-plies".to_string())
    }

    fn kinds(&self, start: &grid::game::Game) -> (Vec<PieceKind>, Option<char>) {
        let v = &self.variant;
        let pos = start.position();
        let mut kinds: Vec<PieceKind> = Vec::new();
        for &sq in pos.pieces(Color::White) {
            let role = grid::role_of(pos.cell(sq));
            let t = &v[role];
            if !t.royal && !kinds.iter().any(|k| k.letter == t.letter) {
                kinds.push(PieceKind {
                    letter: t.letter,
                    name: t.name.clone(),
                    estimate: v.estimated_value(role),
                });
            }
        }
        kinds.sort_by_key(|k| k.letter);
        let pawn = kinds.iter().map(|k| k.letter).find(|&l| {
            v.role_of_letter(l)
                .is_some_and(|r| v[r].promotion.is_some())
        });
        (kinds, pawn)
    }

    fn without(
        &self,
        start: &grid::game::Game,
        side: Color,
        letter: char,
    ) -> Option<grid::game::Game> {
        let v = &self.variant;
        let role = v.role_of_letter(letter)?;
        let pos = start.position();
        let g = v.geometry;
        let sq = nearest_middle(
            pos.pieces(side)
                .iter()
                .filter(|&&sq| grid::role_of(pos.cell(sq)) == role)
                .map(|&sq| (f64::from(g.file(sq)), sq)),
            f64::from(g.files()),
        )?;
        Some(grid::game::Game::new(Arc::clone(v), pos.without(v, sq)))
    }

    fn deal(&self, start: &grid::game::Game, seed: u64) -> grid::game::Game {
        let v = &self.variant;
        let from_setup = start.played().is_empty() && start.start().cells == v.setup;
        match v.shuffle {
            Some(_) if from_setup => {
                let dealt = grid::shuffle::deal(v, start.start(), seed);
                grid::game::Game::new(Arc::clone(v), dealt)
            }
            _ => start.clone(),
        }
    }
}

/// A continuous level.
pub struct ContinuousContest;

impl Contest for ContinuousContest {
    type Arena = Continuous;
    type Game = ContinuousGame;

    fn arena(&self) -> &Continuous {
        &Continuous
    }

    fn seen<'a>(&self, game: &'a ContinuousGame) -> &'a crate::continuous::Position {
        game.position()
    }

    fn play(&self, game: &mut ContinuousGame, request: Request) -> Result<(), String> {
        let before = game.position().clone();
        match game.play(request) {
            Outcome::Illegal(reason) => Err(format!(
                "{} ({reason}) in {}",
                format_request(before.board(), &request),
                format_position(&before)
            )),
            _ => Ok(()),
        }
    }

    /// Only the line's first move: a later move's mover index belongs to a position the
    /// line reaches, which is not kept.
    fn line(&self, game: &ContinuousGame, pv: &[ContinuousMove]) -> Vec<String> {
        let pos = game.position();
        pv.first()
            .map(|m| format_request(pos.board(), &Continuous.chosen(pos, m)))
            .into_iter()
            .collect()
    }

    /// A material lead of 3 points (P 1, N B 3, R 5, Q 9) wins a continuous game cut
    /// short; less is a draw.
    fn cut_short(&self, game: &ContinuousGame) -> (Option<Color>, String) {
        let lead = material_balance(game.position());
        let winner = match lead {
            3.. => Some(Color::White),
            ..=-3 => Some(Color::Black),
            _ => None,
        };
        (winner, format!("max-plies material {lead:+}"))
    }

    fn kinds(&self, start: &ContinuousGame) -> (Vec<PieceKind>, Option<char>) {
        let pos = start.position();
        let board = pos.board();
        let values = super::continuous::Values::new(board);
        let mut kinds: Vec<PieceKind> = Vec::new();
        for piece in pos.pieces().iter().filter(|p| p.side == Color::White) {
            let letter = piece.kind.letter().to_ascii_uppercase();
            if !board.is_royal(piece.kind) && !kinds.iter().any(|k| k.letter == letter) {
                kinds.push(PieceKind {
                    letter,
                    name: board.name_of(piece.kind).to_string(),
                    estimate: values.of(piece.kind),
                });
            }
        }
        kinds.sort_by_key(|k| k.letter);
        let pawn = kinds.iter().map(|k| k.letter).find(|&l| l == 'P');
        (kinds, pawn)
    }

    fn without(&self, start: &ContinuousGame, side: Color, letter: char) -> Option<ContinuousGame> {
        let pos = start.position();
        let files = f64::from(pos.board().files);
        let square = pos.board().square;
        let taken = nearest_middle(
            pos.pieces()
                .iter()
                .enumerate()
                .filter(|(_, p)| p.side == side && p.kind.letter().eq_ignore_ascii_case(&letter))
                .map(|(k, p)| (p.at.x / square - 0.5, k)),
            files,
        )?;
        let mut pieces = pos.pieces().to_vec();
        pieces.remove(taken);
        let setup = crate::continuous::Setup {
            board: Arc::clone(pos.board_arc()),
            pieces,
            to_move: pos.to_move(),
        };
        crate::continuous::Position::try_from(setup)
            .ok()
            .map(ContinuousGame::new)
    }
}

/// A game's clocks in a match, on the wall clock, with each side's thinking time.
pub struct Timer {
    clock: ChessClock,
    epoch: Instant,
    /// When the side to move began to think.
    began: Duration,
    /// Each side's moves, time spent and longest move, White's first.
    spent: [(u32, Duration, Duration); 2],
}

impl Timer {
    /// Both clocks full, starting now.
    pub fn new(control: TimeControl) -> Timer {
        Timer {
            clock: ChessClock::new(control),
            epoch: Instant::now(),
            began: Duration::ZERO,
            spent: [(0, Duration::ZERO, Duration::ZERO); 2],
        }
    }

    /// `side` starts to think: its time runs. Returns its time left and the increment.
    pub fn start(&mut self, side: Color) -> (Duration, Duration) {
        let now = self.epoch.elapsed();
        self.clock.run(Some(side), now);
        self.began = now;
        (self.clock.left(side, now), self.clock.control().increment)
    }

    /// `side` has chosen: its move is counted and its clock pressed. True if its time ran
    /// out first.
    pub fn stop(&mut self, side: Color) -> bool {
        let now = self.epoch.elapsed();
        if self.clock.flagged(now).is_some() {
            return true;
        }
        let took = now - self.began;
        let (moves, total, longest) = &mut self.spent[side];
        *moves += 1;
        *total += took;
        *longest = (*longest).max(took);
        self.clock.moved(side, now);
        false
    }

    /// ` left W B mean W B longest W B`: seconds left on each clock, then each side's
    /// mean and longest time a move, in milliseconds.
    pub fn summary(&self) -> String {
        let now = self.epoch.elapsed();
        let [white, black] = self.clock.both_left(now);
        let mean = |(moves, total, _): (u32, Duration, Duration)| {
            total.as_millis() / u128::from(moves.max(1))
        };
        let [w, b] = self.spent;
        format!(
            " left {:.3} {:.3} mean-ms {} {} longest-ms {} {}",
            white.as_secs_f64(),
            black.as_secs_f64(),
            mean(w),
            mean(b),
            w.2.as_millis(),
            b.2.as_millis(),
        )
    }
}

/// How one game is played: its opening's random plies, the ply limit, the engines' time a
/// move and a clock.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Random plies first (each player's moves after them).
    pub opening: u32,
    /// Plies after which the game is cut short ([`Contest::cut_short`]).
    pub max_plies: u32,
    /// The time a move of an engine without its own.
    pub movetime: Duration,
    /// A clock per side, if the game is timed.
    pub time: Option<TimeControl>,
    /// Raised by another thread to end the game where it stands (cut short).
    pub stop: Option<Arc<std::sync::atomic::AtomicBool>>,
}

/// How a game ended: the winner (none: a draw), why in one word (`checkmate`,
/// `repetition`, `on-time`, `max-plies material +4`, …), how many plies it lasted, and on
/// a clock the time left and spent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The winner, if not a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: String,
    /// Its length in plies.
    pub plies: u32,
    /// On a clock: ` left W B mean-ms W B longest-ms W B`.
    pub clocks: Option<String>,
}

/// Plays one game from `start`: `players[0]` has White unless `swapped`; random plies
/// first from `opening`; the players' random choices from `rng`. Fails, naming the
/// player and the move, if a player chooses a move the rules refuse.
pub fn play_game<C: Contest>(
    contest: &C,
    start: &C::Game,
    players: &mut [Player<C::Arena>; 2],
    swapped: bool,
    settings: &GameSettings,
    opening: &mut Rng,
    rng: &mut Rng,
) -> Result<Played, String> {
    let arena = contest.arena();
    let mut game = start.clone();
    let mut plies = 0;
    let mut timer = settings.time.map(Timer::new);
    let stopped = || {
        settings
            .stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    };
    while !game.status().is_over() && plies < settings.max_plies && !stopped() {
        let seen = contest.seen(&game);
        let side = game.to_move();
        let mover = usize::from((side == Color::Black) != swapped);
        let choice = if plies < settings.opening {
            arena.pick(seen, false, opening)
        } else {
            let budget = timer.as_mut().map(|t| t.start(side));
            let choice = players[mover].choose(arena, seen, settings.movetime, budget, rng);
            if timer.as_mut().is_some_and(|t| t.stop(side)) {
                let end = Status::out_of_time(&game, side);
                game.end_by_players(end);
                break;
            }
            choice
        };
        let Some(m) = choice else { break };
        if let Err(what) = contest.play(&mut game, m) {
            return Err(format!(
                "{} chose the illegal move {what}",
                players[mover].kind()
            ));
        }
        plies += 1;
    }
    let status = game.status();
    let (winner, reason) = match status {
        Status::Playing => contest.cut_short(&game),
        Status::Drawn { by } => (None, draw_word(by).to_string()),
        _ => (status.winner(), game_over_reason(status).to_string()),
    };
    Ok(Played {
        winner,
        reason,
        plies,
        clocks: timer.as_ref().map(Timer::summary),
    })
}

/// The word `gameover` and a match's line give for a finished game: [`Status::word`].
pub fn game_over_reason(status: Status) -> &'static str {
    status.word()
}

/// One word for a draw by rule.
pub fn draw_word(rule: DrawRule) -> &'static str {
    match rule {
        DrawRule::Repetition(_) => "repetition",
        DrawRule::MoveRule(_) => "move-rule",
        DrawRule::InsufficientMaterial => "material",
        DrawRule::Counting => "counting",
    }
}
