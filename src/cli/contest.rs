//! The commands that ask the computer, `bestmove` and `match`: one body for both modes,
//! over `areachess::search::contest`, which says what differs between the modes and
//! plays a game.

use super::rules::{continuous_game, grid_game};
use areachess::clock::TimeControl;
use areachess::failure::Failure;
use areachess::level::{self, Level};
use areachess::play::{Color, Play};
use areachess::random::Rng;
use areachess::search::contest::{
    Contest, ContinuousContest, GameSettings, GridContest, game_over_reason, play_game,
};
use areachess::search::players::{Player, PlayerKind};
use areachess::search::{Info, Limits};
use std::io::Write;
use std::path::Path;

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
    let mut players = [
        Player::<C::Arena>::new(settings.white, 32),
        Player::<C::Arena>::new(settings.black, 32),
    ];
    let mut rng = Rng::new(settings.seed);
    let mut tally = Tally::default();
    let game_settings = GameSettings {
        opening: settings.opening,
        max_plies: settings.max_plies,
        movetime: settings.movetime,
        time: settings.time,
        stop: None,
    };
    for (n, swapped, opening_seed) in schedule(settings) {
        for player in &mut players {
            player.new_game(rng.next_u64());
        }
        let mut opening = Rng::new(opening_seed);
        let dealt = contest.deal(start, opening_seed);
        let played = play_game(
            contest,
            &dealt,
            &mut players,
            swapped,
            &game_settings,
            &mut opening,
            &mut rng,
        )
        .map_err(Failure::input)?;
        let result = match played.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        let kinds = [players[0].kind(), players[1].kind()];
        let mut outcome = format!("{result} {} plies {}", played.reason, played.plies);
        if let Some(clocks) = &played.clocks {
            outcome.push_str(clocks);
        }
        tally.game(out, n, swapped, kinds, played.winner, &outcome)?;
    }
    tally.score(out)
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
