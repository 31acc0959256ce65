//! The commands that ask the computer, `bestmove` and `match`: one body for both modes,
//! over [`Contest`], which says what differs (how a move is written, what an illegal
//! choice looks like, who wins a game cut short).

use super::rules::{continuous_game, grid_game};
use areachess::clock::{ChessClock, TimeControl};
use areachess::continuous::notation::{format_position, format_request};
use areachess::continuous::{Game as ContinuousGame, Outcome, Request};
use areachess::failure::Failure;
use areachess::grid::{self, Move, Variant};
use areachess::level::{self, Level};
use areachess::play::{Color, DrawRule, Play, Status};
use areachess::search::continuous::{Continuous, ContinuousMove, material_balance};
use areachess::search::grid::GridEval;
use areachess::search::players::{Arena, Player, PlayerKind, Rng};
use areachess::search::{Info, Limits};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One mode as `bestmove` and `match` drive it.
trait Contest {
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
}

/// A grid level's variant and evaluation.
struct GridContest {
    variant: Arc<Variant>,
    eval: Arc<GridEval>,
}

impl GridContest {
    fn new(variant: &Arc<Variant>) -> GridContest {
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
}

/// A continuous level.
struct ContinuousContest;

impl Contest for ContinuousContest {
    type Arena = Continuous;
    type Game = ContinuousGame;

    fn arena(&self) -> &Continuous {
        &Continuous
    }

    fn seen<'a>(&self, game: &'a ContinuousGame) -> &'a areachess::continuous::Position {
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
}

/// `areachess bestmove`: searches the position after `moves` and writes one `info` line
/// per finished depth, then `bestmove MOVE` (a grid move in the level's notation; a
/// continuous one as `judge` reads it), or `gameover REASON` if the game is over.
pub fn bestmove(
    level_path: &Path,
    fen: Option<&str>,
    position: Option<&str>,
    moves: &[String],
    limits: &Limits,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let level = level::load(level_path)?;
    if level.is_continuous() {
        if fen.is_some() {
            return Err(Failure::input(
                "--fen is a grid FEN; a continuous level takes --position",
            ));
        }
        let (_, game) = continuous_game(level, position, moves)?;
        return think(&ContinuousContest, &game, limits, out);
    }
    if position.is_some() {
        return Err(Failure::input(
            "--position is a continuous POS; a grid level takes --fen",
        ));
    }
    let (level, game) = grid_game(level, fen, moves)?;
    think(&GridContest::new(&level.variant), &game, limits, out)
}

/// `bestmove`'s body.
fn think<C: Contest>(
    contest: &C,
    game: &C::Game,
    limits: &Limits,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let status = game.status();
    if status.is_over() {
        return writeln!(out, "gameover {}", game_over_reason(status)).map_err(Failure::write);
    }
    let mut player = Player::<C::Arena>::new(PlayerKind::ENGINE, 64);
    let mut failed = None;
    let report = player.think(contest.arena(), contest.seen(game), limits, |info| {
        let line = contest.line(game, &info.pv);
        if let Err(e) = writeln!(out, "{}", info_line(info, &line)) {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(Failure::write(e));
    }
    match report.best.map(|m| contest.line(game, &[m])) {
        Some(best) => writeln!(out, "bestmove {}", best.join(" ")),
        None => writeln!(out, "gameover {}", game_over_reason(status)),
    }
    .map_err(Failure::write)
}

/// One `info` line of `bestmove`: depth, score, nodes, speed, time and the line's moves.
fn info_line<M>(info: &Info<M>, pv: &[String]) -> String {
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        pv.join(" ")
    )
}

/// What `areachess match` is asked for.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// The first player (White, or White in the first game with `alternate`).
    pub white: PlayerKind,
    /// The second player.
    pub black: PlayerKind,
    /// How many games.
    pub games: u32,
    /// The engine's time per move.
    pub movetime: std::time::Duration,
    /// The seed of the random players and openings.
    pub seed: u64,
    /// Whether the players swap colours after each game.
    pub alternate: bool,
    /// Random plies at the start of each game.
    pub opening: u32,
    /// Plies after which a game is cut short (see [`Contest::cut_short`]).
    pub max_plies: u32,
    /// A clock per side with this control: a flag fall loses (or draws, against too
    /// little to mate), and each game's line tells the time left and spent.
    pub time: Option<TimeControl>,
}

/// `areachess match`: plays the games and writes one line per game, then the score.
pub fn match_games(
    level_path: &Path,
    settings: &MatchSettings,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let level: Level = level::load(level_path)?;
    if level.is_continuous() {
        let (_, start) = continuous_game(level, None, &[])?;
        return play_match(&ContinuousContest, &start, settings, out);
    }
    let (level, start) = grid_game(level, None, &[])?;
    play_match(&GridContest::new(&level.variant), &start, settings, out)
}

/// `match`'s body: the games from `start`.
fn play_match<C: Contest>(
    contest: &C,
    start: &C::Game,
    settings: &MatchSettings,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let arena = contest.arena();
    let mut players = [
        Player::<C::Arena>::new(settings.white, 32),
        Player::<C::Arena>::new(settings.black, 32),
    ];
    let mut rng = Rng::new(settings.seed);
    let mut tally = Tally::default();
    for (n, swapped, opening_seed) in schedule(settings) {
        for player in &mut players {
            player.new_game(rng.next_u64());
        }
        let mut game = start.clone();
        let mut opening = Rng::new(opening_seed);
        let mut plies = 0;
        let mut timer = settings.time.map(Timer::new);
        while !game.status().is_over() && plies < settings.max_plies {
            let seen = contest.seen(&game);
            let side = game.to_move();
            let mover = usize::from((side == Color::Black) != swapped);
            let choice = if plies < settings.opening {
                arena.pick(seen, false, &mut opening)
            } else {
                let budget = timer.as_mut().map(|t| t.start(side));
                let choice =
                    players[mover].choose(arena, seen, settings.movetime, budget, &mut rng);
                if timer.as_mut().is_some_and(|t| t.stop(side)) {
                    let end = Status::out_of_time(&game, side);
                    game.end_by_players(end);
                    break;
                }
                choice
            };
            let Some(m) = choice else { break };
            if let Err(what) = contest.play(&mut game, m) {
                return Err(Failure::input(format!(
                    "{} chose the illegal move {what}",
                    players[mover].kind(),
                )));
            }
            plies += 1;
        }
        let status = game.status();
        let (winner, reason) = match status {
            Status::Playing => contest.cut_short(&game),
            Status::Drawn { by } => (None, draw_word(by).to_string()),
            _ => (status.winner(), game_over_reason(status).to_string()),
        };
        let result = match winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        let kinds = [players[0].kind(), players[1].kind()];
        let mut outcome = format!("{result} {reason} plies {plies}");
        if let Some(timer) = &timer {
            outcome.push_str(&timer.summary());
        }
        tally.game(out, n, swapped, kinds, winner, &outcome)?;
    }
    tally.score(out)
}

/// A game's clocks in a match, on the wall clock, with each side's thinking time.
struct Timer {
    clock: ChessClock,
    epoch: Instant,
    /// When the side to move began to think.
    began: Duration,
    /// Each side's moves, time spent and longest move, White's first.
    spent: [(u32, Duration, Duration); 2],
}

impl Timer {
    fn new(control: TimeControl) -> Timer {
        Timer {
            clock: ChessClock::new(control),
            epoch: Instant::now(),
            began: Duration::ZERO,
            spent: [(0, Duration::ZERO, Duration::ZERO); 2],
        }
    }

    /// `side` starts to think: its time runs. Returns its time left and the increment.
    fn start(&mut self, side: Color) -> (Duration, Duration) {
        let now = self.epoch.elapsed();
        self.clock.run(Some(side), now);
        self.began = now;
        (self.clock.left(side, now), self.clock.control().increment)
    }

    /// `side` has chosen: its move is counted and its clock pressed. True if its time ran
    /// out first.
    fn stop(&mut self, side: Color) -> bool {
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
    fn summary(&self) -> String {
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

/// A match's games in order: each one's number, whether the players swapped colours in it
/// (player 0 has White unless so), and the seed of its random opening (shared by each pair
/// of games with `alternate`).
fn schedule(settings: &MatchSettings) -> impl Iterator<Item = (u32, bool, u64)> {
    let alternate = settings.alternate;
    let mut opening_rng = Rng::new(settings.seed ^ 0x0be7_1a9e);
    let mut opening_seed = opening_rng.next_u64();
    (0..settings.games).map(move |n| {
        if !alternate || n % 2 == 0 {
            opening_seed = opening_rng.next_u64();
        }
        (n, alternate && n % 2 == 1, opening_seed)
    })
}

/// The games of a match so far, counted for each player (not each colour).
#[derive(Default)]
struct Tally {
    wins: [u32; 2],
    draws: u32,
}

impl Tally {
    /// Counts game `n` and writes its line: who had White (player 0 unless `swapped`), then
    /// `outcome` (the result, why, and how many plies it lasted).
    fn game(
        &mut self,
        out: &mut impl Write,
        n: u32,
        swapped: bool,
        kinds: [PlayerKind; 2],
        winner: Option<Color>,
        outcome: &str,
    ) -> Result<(), Failure> {
        match winner {
            Some(colour) => self.wins[usize::from((colour == Color::Black) != swapped)] += 1,
            None => self.draws += 1,
        }
        let (w, b) = if swapped { (1, 0) } else { (0, 1) };
        writeln!(
            out,
            "game {} white {} black {} result {outcome}",
            n + 1,
            kinds[w],
            kinds[b],
        )
        .map_err(Failure::write)
    }

    /// The last line: each player's wins and the draws.
    fn score(&self, out: &mut impl Write) -> Result<(), Failure> {
        writeln!(
            out,
            "score white {} draws {} black {}",
            self.wins[0], self.draws, self.wins[1]
        )
        .map_err(Failure::write)
    }
}

/// The word `gameover` and a match's line give for a finished game.
fn game_over_reason(status: Status) -> &'static str {
    match status {
        Status::Playing => "playing",
        Status::Checkmate { .. } => "checkmate",
        Status::Stalemate { .. } => "stalemate",
        Status::RoyalLost { .. } => "royal-captured",
        Status::Resigned { .. } => "resigned",
        Status::DrawAgreed | Status::Drawn { .. } => "draw",
        Status::OutOfTime { .. } => "on-time",
    }
}

/// One word for a draw by rule.
fn draw_word(rule: DrawRule) -> &'static str {
    match rule {
        DrawRule::Repetition(_) => "repetition",
        DrawRule::MoveRule(_) => "move-rule",
        DrawRule::InsufficientMaterial => "material",
    }
}
