//! What a game of either mode is to everything outside its rules: the two colours, how a
//! game stands, and the [`Play`] trait that the continuous and the grid game both
//! implement, so that the window, saved games and the players are written once.

use std::fmt;

/// One of the two players, in both modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first; its forward is +y (up the ranks).
    White,
    /// Its forward is −y.
    Black,
}

impl Color {
    /// White, then Black.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// +1 for White, −1 for Black: the sign of "forward" on the y axis.
    pub fn forward(self) -> f64 {
        match self {
            Color::White => 1.0,
            Color::Black => -1.0,
        }
    }

    /// `w` or `b`, as FEN and POS write the side to move.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// 0 for White, 1 for Black: where a side's entry stands in a pair.
    pub const fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// The colour at `index` of a pair: 0 White, anything else Black.
    pub const fn from_index(index: usize) -> Color {
        if index == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// `White` or `Black`, to start a sentence.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// A pair of anything, one per side, indexed by colour: White's first.
impl<T> std::ops::Index<Color> for [T; 2] {
    type Output = T;

    fn index(&self, side: Color) -> &T {
        &self[side.index()]
    }
}

impl<T> std::ops::IndexMut<Color> for [T; 2] {
    fn index_mut(&mut self, side: Color) -> &mut T {
        &mut self[side.index()]
    }
}

/// `white` or `black`.
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// How strongly the computer plays, from 1 (a beginner can beat it) to 5 (the longest
/// think). What each strength spends is in `search::Plan`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Strength(u8);

impl Strength {
    /// The weakest.
    pub const MIN: Strength = Strength(1);
    /// The strongest.
    pub const MAX: Strength = Strength(5);
    /// The strength a computer gets when none is named.
    pub const DEFAULT: Strength = Strength(3);

    /// The strength `n`, if it is 1 to 5.
    pub fn new(n: u8) -> Option<Strength> {
        (Self::MIN.0..=Self::MAX.0)
            .contains(&n)
            .then_some(Strength(n))
    }

    /// Its number, 1 to 5.
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::DEFAULT
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A strength that is not a number from 1 to 5.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("strength '{0}': expected a number from 1 to 5")]
pub struct NotAStrength(pub String);

impl std::str::FromStr for Strength {
    type Err = NotAStrength;

    fn from_str(text: &str) -> Result<Strength, NotAStrength> {
        text.trim()
            .parse::<u8>()
            .ok()
            .and_then(Strength::new)
            .ok_or_else(|| NotAStrength(text.to_string()))
    }
}

/// Who plays a side: a person at this machine, or the computer at a strength.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person: the window takes their clicks.
    #[default]
    Human,
    /// The computer, at this strength.
    Computer(Strength),
}

impl Seat {
    /// Whether the computer plays this side.
    pub fn is_computer(self) -> bool {
        matches!(self, Seat::Computer(_))
    }
}

/// `human`, or `computer:N` (N the strength).
impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(s) => write!(f, "computer:{s}"),
        }
    }
}

/// A seat that is none of `human`, `computer`, `computer:N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("player '{0}': expected human, computer or computer:N (N a strength from 1 to 5)")]
pub struct NotASeat(pub String);

/// Reads `human`, `computer` (at the default strength) or `computer:N`.
impl std::str::FromStr for Seat {
    type Err = NotASeat;

    fn from_str(text: &str) -> Result<Seat, NotASeat> {
        match text {
            "human" => Ok(Seat::Human),
            "computer" => Ok(Seat::Computer(Strength::DEFAULT)),
            _ => text
                .strip_prefix("computer:")
                .and_then(|n| n.parse::<Strength>().ok())
                .map(Seat::Computer)
                .ok_or_else(|| NotASeat(text.to_string())),
        }
    }
}

/// A level's own goal that can end a game (grid levels' `rules.checks`, `rules.flag`,
/// `rules.extinction`, `rules.draw_odds`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// A side gave its last check (n-check).
    Checks,
    /// A piece reached its flag region (both: a draw).
    Flag,
    /// A side was left with too few pieces of a type.
    Extinction,
    /// A draw by the rules, which goes to one side (armageddon).
    DrawOdds,
    /// Shatar's rule on mates: one by knights alone loses for the mating side, and one
    /// whose series of checks had none by a knight, rook or bers is drawn.
    ShatarMate,
    /// A repetition, which loses for the side that made it (tori shōgi).
    Repetition,
}

impl fmt::Display for Goal {
    /// "Checks given", "Flag reached", "Extinction", "Draw odds", "Shatar's mate rule",
    /// "Repetition".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Goal::Checks => "Checks given",
            Goal::Flag => "Flag reached",
            Goal::Extinction => "Extinction",
            Goal::DrawOdds => "Draw odds",
            Goal::ShatarMate => "Shatar's mate rule",
            Goal::Repetition => "Repetition",
        })
    }
}

/// How a game stands, in both modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move is to play.
    Playing,
    /// The side to move is in check with no legal move.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check; the level's rule gives the
    /// result (continuous chess: always a draw).
    Stalemate {
        /// The winner, if the rule gives one (`None`: a draw).
        winner: Option<Color>,
    },
    /// Under royal capture, the side to move has lost its last royal piece.
    RoyalLost {
        /// The side that took it.
        winner: Color,
    },
    /// The bare-king rule (shatranj, courier): one side is reduced to its king alone.
    BareKing {
        /// The side that still has more than its king.
        winner: Color,
    },
    /// Shogi: mate given by a pawn dropped from the hand, which the dropper loses.
    PawnDropMate {
        /// The side that was mated.
        winner: Color,
    },
    /// A repetition reached by one side checking all along, which that side loses (shogi).
    PerpetualCheck {
        /// The side that was checked.
        winner: Color,
    },
    /// One of the level's own goals ended the game.
    Goal {
        /// The winner (`None`: a draw).
        winner: Option<Color>,
        /// Which goal.
        goal: Goal,
    },
    /// A player resigned.
    Resigned {
        /// The side that did not resign.
        winner: Color,
    },
    /// The players agreed a draw.
    DrawAgreed,
    /// A rule of the level drew the game.
    Drawn {
        /// Which rule.
        by: DrawRule,
    },
    /// The side to move ran out of time: the other side wins, or, when it has too
    /// little to give mate, the game is drawn.
    OutOfTime {
        /// The side that did not run out (`None`: a draw, it cannot mate).
        winner: Option<Color>,
    },
}

/// A rule that draws a game by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// The same position occurred this many times (same side to move, same rights).
    Repetition(u32),
    /// This many moves by each side passed without a capture or a move of a piece that
    /// promotes.
    MoveRule(u32),
    /// Neither side has the pieces to give mate.
    InsufficientMaterial,
    /// Makruk's counting ran out before the stronger side gave mate.
    Counting,
}

impl fmt::Display for DrawRule {
    /// "threefold repetition", "the 50-move rule", "insufficient material".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DrawRule::Repetition(n) => {
                const FOLD: [&str; 5] = ["", "", "twofold", "threefold", "fourfold"];
                match FOLD.get(n as usize).filter(|w| !w.is_empty()) {
                    Some(w) => write!(f, "{w} repetition"),
                    None => write!(f, "{n}-fold repetition"),
                }
            }
            DrawRule::MoveRule(n) => write!(f, "the {n}-move rule"),
            DrawRule::InsufficientMaterial => f.write_str("insufficient material"),
            DrawRule::Counting => f.write_str("counting"),
        }
    }
}

impl Status {
    /// How the game stands, in one word (`bestmove`'s `gameover`, a match's line, a rule
    /// test's `ends`): `playing`, `checkmate`, `stalemate`, `royal-captured`, `bare-king`,
    /// the goal's word, `pawn-drop-mate`, `perpetual-check`, `resigned`, `draw`, `on-time`.
    pub fn word(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Checkmate { .. } => "checkmate",
            Status::Stalemate { .. } => "stalemate",
            Status::RoyalLost { .. } => "royal-captured",
            Status::BareKing { .. } => "bare-king",
            Status::Goal { goal, .. } => match goal {
                Goal::Checks => "checks",
                Goal::Flag => "flag",
                Goal::Extinction => "extinction",
                Goal::DrawOdds => "draw-odds",
                Goal::ShatarMate => "shatar-mate",
                Goal::Repetition => "repetition",
            },
            Status::PawnDropMate { .. } => "pawn-drop-mate",
            Status::PerpetualCheck { .. } => "perpetual-check",
            Status::Resigned { .. } => "resigned",
            Status::DrawAgreed | Status::Drawn { .. } => "draw",
            Status::OutOfTime { .. } => "on-time",
        }
    }

    /// The result as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result(self) -> &'static str {
        match (self.is_over(), self.winner()) {
            (false, _) => "*",
            (true, None) => "1/2-1/2",
            (true, Some(Color::White)) => "1-0",
            (true, Some(Color::Black)) => "0-1",
        }
    }

    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        self != Status::Playing
    }

    /// The winner, if the game is over and not drawn.
    pub fn winner(self) -> Option<Color> {
        match self {
            Status::Checkmate { winner }
            | Status::RoyalLost { winner }
            | Status::BareKing { winner }
            | Status::PawnDropMate { winner }
            | Status::PerpetualCheck { winner }
            | Status::Resigned { winner } => Some(winner),
            Status::Stalemate { winner }
            | Status::OutOfTime { winner }
            | Status::Goal { winner, .. } => winner,
            Status::Playing | Status::DrawAgreed | Status::Drawn { .. } => None,
        }
    }

    /// The end of a game whose side to move, `loser`, ran out of time in `game`: a loss,
    /// or a draw when the other side cannot give mate.
    pub fn out_of_time(game: &(impl Play + ?Sized), loser: Color) -> Status {
        let other = loser.opponent();
        Status::OutOfTime {
            winner: game.can_mate(other).then_some(other),
        }
    }
}

/// A game of either mode, as the window, a saved game or a player sees it.
pub trait Play {
    /// The side to move.
    fn to_move(&self) -> Color;

    /// How the game stands.
    fn status(&self) -> Status;

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;

    /// How many moves have been played (those taken back not counted).
    fn moves_played(&self) -> usize;

    /// Takes back the last move, or a resignation or agreed draw. False if there is none.
    fn undo(&mut self) -> bool;

    /// Plays again the last move taken back. False if there is none.
    fn redo(&mut self) -> bool;

    /// Ends the game by the players' word (a resignation or an agreed draw) until it is
    /// taken back by [`Play::undo`].
    fn end_by_players(&mut self, status: Status);

    /// The side to move resigns (nothing happens once the game is over).
    fn resign(&mut self) {
        if !self.status().is_over() {
            let winner = self.to_move().opponent();
            self.end_by_players(Status::Resigned { winner });
        }
    }

    /// The players agree a draw (nothing happens once the game is over).
    fn agree_draw(&mut self) {
        if !self.status().is_over() {
            self.end_by_players(Status::DrawAgreed);
        }
    }

    /// Starts again from the same start position, with no moves to redo.
    fn restart(&mut self);

    /// Whether `side` still has the material to give mate, as the level's material rule
    /// judges it (a side whose time runs out loses only to a side that has).
    fn can_mate(&self, side: Color) -> bool;

    /// The moves played, each as the move list writes it (grid: standard algebraic
    /// notation; continuous: the piece's letter, where it stood, `->` or `x`, where it
    /// landed).
    fn written_moves(&self) -> Vec<String>;

    /// The side that made the first move, and that move's number (a FEN's full-move
    /// number; else 1).
    fn first_move(&self) -> (Color, u32);

    /// The moves played as numbered lines for a move list.
    fn move_list(&self) -> Vec<String> {
        let (first, number) = self.first_move();
        numbered_pairs(&self.written_moves(), first, number)
    }

    /// Takes back every move, to be played again one by one with [`Play::redo`] (a
    /// demonstration starts so).
    fn rewind(&mut self) {
        while self.undo() {}
    }

    /// How the game stands, in words: "White to move — check!", "Checkmate: Black wins".
    fn describe(&self) -> String {
        match self.status() {
            Status::Playing if self.in_check() => {
                format!("{} to move — check!", self.to_move().name())
            }
            Status::Playing => format!("{} to move", self.to_move().name()),
            Status::Checkmate { winner } => format!("Checkmate: {} wins", winner.name()),
            Status::Stalemate { winner: None } => "Stalemate: draw".to_string(),
            Status::Stalemate { winner: Some(w) } => format!("Stalemate: {} wins", w.name()),
            Status::RoyalLost { winner } => format!("Royal piece taken: {} wins", winner.name()),
            Status::BareKing { winner } => format!("Bare king: {} wins", winner.name()),
            Status::PawnDropMate { winner } => {
                format!("Mate by a dropped pawn: {} wins", winner.name())
            }
            Status::PerpetualCheck { winner } => {
                format!("Perpetual check: {} wins", winner.name())
            }
            Status::Goal {
                winner: Some(w),
                goal,
            } => format!("{goal}: {} wins", w.name()),
            Status::Goal { winner: None, goal } => format!("{goal}: draw"),
            Status::Resigned { winner } => format!("Resigned: {} wins", winner.name()),
            Status::DrawAgreed => "Draw agreed".to_string(),
            Status::Drawn { by } => format!("Draw by {by}"),
            Status::OutOfTime { winner: Some(w) } => {
                format!(
                    "{} out of time: {} wins on time",
                    w.opponent().name(),
                    w.name()
                )
            }
            Status::OutOfTime { winner: None } => format!(
                "{} out of time, {} cannot mate: draw",
                self.to_move().name(),
                self.to_move().opponent().name()
            ),
        }
    }
}

/// A move list's lines from its moves in order: one numbered line per move pair, White's
/// move then Black's, and `N. ...` first when Black moved first.
pub fn numbered_pairs(texts: &[String], first: Color, mut number: u32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut k = 0;
    if first == Color::Black
        && let Some(black) = texts.first()
    {
        lines.push(format!("{number:>3}. ...  {black}"));
        number += 1;
        k = 1;
    }
    while k < texts.len() {
        let white = &texts[k];
        let black = texts.get(k + 1).map_or("", String::as_str);
        lines.push(format!("{number:>3}. {white:<7} {black}"));
        k += 2;
        number += 1;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_know_their_opponent_index_and_letter() {
        for c in Color::BOTH {
            assert_eq!(c.opponent().opponent(), c);
            assert_eq!(Color::from_index(c.index()), c);
        }
        assert_eq!(Color::White.letter(), 'w');
        assert_eq!(Color::Black.to_string(), "black");
        assert_eq!(Color::Black.name(), "Black");
    }

    /// A game reduced to what `describe` reads.
    struct Standing {
        status: Status,
        to_move: Color,
        check: bool,
    }

    impl Play for Standing {
        fn to_move(&self) -> Color {
            self.to_move
        }
        fn status(&self) -> Status {
            self.status
        }
        fn in_check(&self) -> bool {
            self.check
        }
        fn moves_played(&self) -> usize {
            0
        }
        fn undo(&mut self) -> bool {
            false
        }
        fn redo(&mut self) -> bool {
            false
        }
        fn end_by_players(&mut self, status: Status) {
            self.status = status;
        }
        fn restart(&mut self) {}
        fn can_mate(&self, _: Color) -> bool {
            true
        }
        fn written_moves(&self) -> Vec<String> {
            Vec::new()
        }
        fn first_move(&self) -> (Color, u32) {
            (Color::White, 1)
        }
    }

    #[test]
    fn a_game_says_how_it_stands_in_words() {
        let said = |status, to_move, check| {
            Standing {
                status,
                to_move,
                check,
            }
            .describe()
        };
        use Color::{Black, White};
        assert_eq!(said(Status::Playing, White, false), "White to move");
        assert_eq!(said(Status::Playing, Black, true), "Black to move — check!");
        let over = [
            (Status::Checkmate { winner: Black }, "Checkmate: Black wins"),
            (Status::Stalemate { winner: None }, "Stalemate: draw"),
            (
                Status::Stalemate {
                    winner: Some(White),
                },
                "Stalemate: White wins",
            ),
            (
                Status::RoyalLost { winner: White },
                "Royal piece taken: White wins",
            ),
            (Status::BareKing { winner: Black }, "Bare king: Black wins"),
            (Status::Resigned { winner: Black }, "Resigned: Black wins"),
            (Status::DrawAgreed, "Draw agreed"),
            (
                Status::OutOfTime {
                    winner: Some(Black),
                },
                "White out of time: Black wins on time",
            ),
            (
                Status::OutOfTime { winner: None },
                "White out of time, Black cannot mate: draw",
            ),
        ];
        for (status, words) in over {
            assert!(status.is_over());
            assert_eq!(said(status, White, true), words, "{status:?}");
        }
    }

    #[test]
    fn seats_read_as_they_are_written() {
        for text in ["human", "computer:1", "computer:5"] {
            let seat: Seat = text.parse().expect("a seat");
            assert_eq!(seat.to_string(), text);
        }
        assert_eq!(
            "computer".parse::<Seat>(),
            Ok(Seat::Computer(Strength::DEFAULT))
        );
        for bad in [
            "",
            "Human",
            "computer:0",
            "computer:6",
            "computer:",
            "engine",
        ] {
            assert_eq!(bad.parse::<Seat>(), Err(NotASeat(bad.to_string())), "{bad}");
        }
        assert_eq!(Strength::new(0), None);
        assert_eq!(Strength::new(5), Some(Strength::MAX));
        assert!("9".parse::<Strength>().is_err());
    }

    #[test]
    fn a_move_list_pairs_moves_under_one_number() {
        let texts: Vec<String> = ["e2e4", "e7e5", "g1f3"].map(String::from).to_vec();
        assert_eq!(
            numbered_pairs(&texts, Color::White, 1),
            ["  1. e2e4    e7e5", "  2. g1f3    "]
        );
        assert_eq!(
            numbered_pairs(&texts, Color::Black, 7),
            ["  7. ...  e2e4", "  8. e7e5    g1f3"]
        );
    }
}
