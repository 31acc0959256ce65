//! The grid world as the search sees it: a [`GridSearch`] position with its history (for
//! repetitions), the [`Searchable`] the engine explores, scored by the
//! [`GridEval`](super::GridEval), captures weighed by the exchange evaluation and checks
//! found by the check lanes; and the grid evaluation as the [`Arena`] a player of grid
//! games plays in ([`GridPlayer`]).

use super::checks::{CheckLanes, royal_attacked_after};
use super::eval::{GridEval, PawnCache, ZONE_WORDS};
use super::exchange::{self, Exchange};
use crate::grid::draws::insufficient_material;
use crate::grid::game::stalemate_winner;
use crate::grid::goals::shatar_checks;
use crate::grid::legal::{bare_king, dropped_pawn_mates, goal_end, legal_moves, legal_noisy_moves};
use crate::grid::movegen::in_check;
use crate::grid::position::{NullUndo, Undo};
use crate::grid::rules::Outcome;
use crate::grid::{Move, MoveKind, Position, Role, RoyalRule, Square, Variant};
use crate::grid::{is_piece, piece, role_of, side_of};
use crate::play::Color;
use crate::random::Rng;
use crate::search::arena::Arena;
use crate::search::players::Player;
use crate::search::searchable::{
    End, MATE_BOUND, Searchable, check_by_playing, crowded_quiescence_budget,
};
use std::sync::Arc;

/// A grid position being searched: the position, the moves made to reach it in the
/// search, and the keys of the positions before it (the game's, then the search's).
#[derive(Clone, Debug)]
pub struct GridSearch {
    eval: Arc<GridEval>,
    pos: Position,
    made: Vec<Made>,
    /// The key of every position so far, the current one last.
    keys: Vec<u64>,
    /// By entry of `keys`: how many entries before it a repetition may be sought in.
    window: Vec<u32>,
    /// By entry of `keys`: whether its side to move was in check, found as the move was
    /// made (unknown before the root, so false there).
    checks: Vec<bool>,
    /// By entry of `keys`, under shatar's rule on mates: whether its check was a shak
    /// (given by a knight, rook or bers); false elsewhere.
    shaks: Vec<bool>,
    /// The exchange evaluation's scratch lists.
    exchange: Exchange,
    /// Where the side to move could check the enemy's one royal from, found at the first
    /// question of this position (cleared as a move is made or taken back).
    lanes: CheckLanes,
    /// The pawn structures the evaluation met.
    pawn_cache: PawnCache,
    /// The squares the enemy's pawns attack, and the key of the position they are for.
    threats: (Option<u64>, [u64; ZONE_WORDS]),
}

/// The most entries the continuation history may have (pairs of piece slots).
const CONTINUATION_LIMIT: usize = 1 << 22;

#[derive(Clone, Copy, Debug)]
enum Made {
    Move(Move, Undo),
    Null(NullUndo),
}

/// Under shatar's rule on mates, whether the side to move of `pos` is checked by a knight,
/// rook or bers; false on other levels, where it is not asked.
fn shak(v: &Variant, pos: &Position) -> bool {
    v.goals.shatar_mate && shatar_checks(v, pos).shak
}

impl GridSearch {
    /// A search from `pos`, reached through `history` (the game's earlier positions'
    /// keys, oldest first; empty when unknown).
    pub fn new(eval: Arc<GridEval>, pos: Position, history: &[u64]) -> GridSearch {
        let mut keys = Vec::with_capacity(history.len() + 256);
        let mut window = Vec::with_capacity(history.len() + 256);
        let reversible = pos.repetition_window(&eval.variant);
        let earlier = &history[history.len().saturating_sub(reversible)..];
        for (k, &key) in earlier.iter().enumerate() {
            keys.push(key);
            window.push(k as u32);
        }
        keys.push(pos.key());
        window.push(earlier.len() as u32);
        let mut checks = vec![false; keys.len()];
        checks[keys.len() - 1] = in_check(&eval.variant, &pos);
        let mut shaks = vec![false; keys.len()];
        shaks[keys.len() - 1] = shak(&eval.variant, &pos);
        GridSearch {
            eval,
            pos,
            made: Vec::with_capacity(256),
            keys,
            window,
            checks,
            shaks,
            exchange: Exchange::default(),
            lanes: Default::default(),
            pawn_cache: PawnCache::default(),
            threats: (None, [0; ZONE_WORDS]),
        }
    }

    /// The role that makes move `m`: the one dropped, or the piece on its origin.
    fn moving_role(&self, m: Move) -> Role {
        m.dropped()
            .unwrap_or_else(|| role_of(self.pos.cell(m.from)))
    }

    /// The end the bare-king rule has made of the game, for the side to move, if it has.
    fn bared(&self) -> Option<End> {
        let winner = bare_king(&self.eval.variant, &self.pos)?;
        Some(if winner == self.pos.to_move() {
            End::Win
        } else {
            End::Loss
        })
    }

    /// The end the level's own goals (n-check, flag, extinction) have made of the game,
    /// for the side to move, if they have.
    fn goal(&mut self) -> Option<End> {
        let end = goal_end(&self.eval.variant, &mut self.pos)?;
        let us = self.pos.to_move();
        Some(match end.winner {
            Some(w) if w == us => End::Win,
            Some(_) => End::Loss,
            None => self.draw(),
        })
    }

    /// Whether the static exchange misjudges captures here: under explosions (the taker
    /// is blown up at once, and a capture beside the enemy royal wins) and where captures
    /// are forced (each answer is forced too, and giving material away may win).
    fn exchange_is_blind(&self) -> bool {
        let v = self.variant();
        v.explosions.is_some() || v.goals.must_capture
    }

    /// A draw by the rules for the side to move: a draw, or a win or a loss where the
    /// level gives draws to one side (armageddon).
    fn draw(&self) -> End {
        match self.eval.variant.goals.draw_odds {
            None => End::Draw,
            Some(side) if side == self.pos.to_move() => End::Win,
            Some(_) => End::Loss,
        }
    }

    /// What `m` itself wins (the victim's worth, and a promotion's gain), and the worth
    /// of the piece then standing on its target, which the exchange may lose: its result
    /// lies between the first less the second and the first.
    fn first_exchange(&self, m: Move) -> (i32, i32) {
        exchange::first(&self.eval, &self.pos, m)
    }

    /// The static exchange evaluation of `m`: what the mover wins (or loses, below 0)
    /// when both sides then take on its target square with their least valuable attacker
    /// that may (not one pinned to its royal) for as long as it pays, each free to stop.
    /// Pieces are lifted off the board as they take, so attacks behind them (and screens
    /// of cannons) count; the board is left as it was.
    pub fn exchange(&mut self, m: Move) -> i32 {
        self.exchange.evaluate(&self.eval, &mut self.pos, m)
    }

    /// The position as it stands.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    fn variant(&self) -> &Variant {
        &self.eval.variant
    }

    /// Whether the current position occurred before: inside the search (at or after the
    /// root) once is enough, before the root the rule's count applies.
    fn repeated(&self, root_distance: usize) -> Option<End> {
        let needed = self.variant().draws.repetition;
        if needed == 0 {
            return None;
        }
        let last = self.keys.len() - 1;
        let key = self.keys[last];
        let window = self.window[last] as usize;
        let mut seen = 1;
        let mut back = 2;
        while back <= window {
            if self.keys[last - back] == key {
                seen += 1;
                if back < root_distance || seen >= needed {
                    return Some(self.perpetual(last - back));
                }
            }
            back += 2;
        }
        None
    }

    /// Shatar's rule on the mate of the side to move: a win where knights alone give it;
    /// a loss where a check of the series up to it (as far back as the search knows) was
    /// a shak; else a draw.
    fn shatar_mate(&self) -> End {
        if shatar_checks(self.variant(), &self.pos).knights_only {
            return End::Win;
        }
        let mut k = self.checks.len() - 1;
        while self.checks[k] {
            if self.shaks[k] {
                return End::Loss;
            }
            if k < 2 {
                break;
            }
            k -= 2;
        }
        self.draw()
    }

    /// A repetition's end from the first repeated entry `first` on: a draw, or under
    /// perpetual check's rule a win for the side checked in all its positions since, a
    /// loss for the side that checked all along.
    fn perpetual(&self, first: usize) -> End {
        let v = self.variant();
        // Else a repetition loses for the side that made it, or draws.
        let otherwise = if v.repetition_loses {
            End::Win
        } else {
            End::Draw
        };
        if !v.perpetual_check_loses {
            return otherwise;
        }
        let last = self.checks.len() - 1;
        let all = |from: usize| (from..=last).step_by(2).all(|k| self.checks[k]);
        if all(first) {
            End::Win
        } else if all(first + 1) {
            End::Loss
        } else {
            otherwise
        }
    }
}

/// The most pieces with the full quiescence budget: above the 72 of Obento Chess, the
/// most any shipped level starts with.
const ROOMY_PIECES: u32 = 96;

impl Searchable for GridSearch {
    type Move = Move;

    /// The grid evaluation is material first; quiet moves seldom swing it by the margins.
    fn prunes_by_margins(&self) -> bool {
        true
    }

    /// The full budget up to more pieces than any shipped level has, shrinking past it
    /// (see [`crowded_quiescence_budget`]): a depth-1 think on a 26×26 board packed with
    /// queens took 43 s with the full budget at every leaf.
    fn quiescence_budget(&self) -> u32 {
        let pieces = self.pos.pieces(Color::White).len() + self.pos.pieces(Color::Black).len();
        crowded_quiescence_budget(pieces, ROOMY_PIECES)
    }

    fn moves(&mut self, out: &mut Vec<Move>) {
        legal_moves(&self.eval.variant, &mut self.pos, out);
    }

    fn noisy_moves(&mut self, out: &mut Vec<Move>) {
        if self.eval.variant.goals.checks.is_some() {
            // Under n-check a check counts toward the goal as a capture counts toward
            // material: quiet checks are loud too. A game holds few of them (each side
            // gives at most n), so quiescence still ends.
            legal_moves(&self.eval.variant, &mut self.pos, out);
            let mut moves = std::mem::take(out);
            moves.retain(|&m| m.is_noisy() || self.gives_check(m));
            *out = moves;
            return;
        }
        legal_noisy_moves(&self.eval.variant, &mut self.pos, out);
    }

    fn make(&mut self, m: Move) {
        // The variant is borrowed through its own field, not cloned: an `Arc` clone
        // costs two atomic operations on every move made.
        let v = &*self.eval.variant;
        let undo = self.pos.make(v, m);
        self.made.push(Made::Move(m, undo));
        let window = if self.pos.halfmove() == 0 && !v.drops {
            0
        } else {
            self.window.last().map_or(0, |w| w + 1)
        };
        self.keys.push(self.pos.key());
        self.window.push(window);
        self.checks.push(in_check(v, &self.pos));
        self.shaks.push(shak(v, &self.pos));
        self.lanes.known = false;
    }

    fn unmake(&mut self) {
        if let Some(Made::Move(m, undo)) = self.made.pop() {
            self.pos.unmake(&self.eval.variant, m, &undo);
            self.lanes.known = false;
            self.keys.pop();
            self.window.pop();
            self.checks.pop();
            self.shaks.pop();
        }
    }

    fn make_null(&mut self) {
        let undo = self.pos.make_null(&self.eval.variant);
        self.made.push(Made::Null(undo));
        self.keys.push(self.pos.key());
        self.window.push(0);
        self.checks.push(false);
        self.shaks.push(false);
        self.lanes.known = false;
    }

    fn unmake_null(&mut self) {
        if let Some(Made::Null(undo)) = self.made.pop() {
            self.pos.unmake_null(undo);
            self.lanes.known = false;
            self.keys.pop();
            self.window.pop();
            self.checks.pop();
            self.shaks.pop();
        }
    }

    fn null_allowed(&self) -> bool {
        let v = self.variant();
        let us = self.pos.to_move();
        self.pos.pieces(us).iter().any(|&sq| {
            let t = &v[role_of(self.pos.cell(sq))];
            !t.royal && t.promotion.is_none()
        })
    }

    fn key(&self) -> u64 {
        self.pos.key()
    }

    fn in_check(&mut self) -> bool {
        // Found once, as the move was made (a null move's is false, rightly: the side it
        // passes to was not in check).
        self.checks.last().copied().unwrap_or(false)
    }

    fn gives_check(&mut self, m: Move) -> bool {
        let v = &*self.eval.variant;
        let us = self.pos.to_move();
        let them = us.opponent();
        let victim = self.pos.cell(m.to);
        // A plain move changes two cells, which is all an attack looked up backwards
        // reads; anything else (castling, en passant, a drop, a royal taken, attacks found
        // by generating moves) is played out.
        let lifted = matches!(
            m.kind,
            MoveKind::Quiet | MoveKind::Double | MoveKind::Capture
        ) && !v.tables.attacks[us].any_forward
            && !(is_piece(victim) && v[role_of(victim)].royal);
        if !lifted {
            return check_by_playing(self, m);
        }
        let mover = self.pos.cell(m.from);
        let arrived = m.promotion.map_or(mover, |p| piece(us, p));
        // A promotion may change a blocker's kind to one that attacks past where it
        // stood, which the lanes do not cover.
        if m.promotion.is_none()
            && let &[royal] = self.pos.royals(them)
            && CheckLanes::usable(v, us)
        {
            if !self.lanes.known {
                self.lanes.build(v, &self.pos, us, royal);
            }
            if !self.lanes.may_check(role_of(arrived), m.from, m.to) {
                return false;
            }
        }
        royal_attacked_after(v, &mut self.pos, m.from, m.to, arrived, them)
    }

    fn ended(&mut self, root_distance: usize) -> Option<End> {
        let eval = Arc::clone(&self.eval);
        let v = &*eval.variant;
        let us = self.pos.to_move();
        if v.royal_rule == RoyalRule::Capture
            && self.pos.royals(us).is_empty()
            && v.types.iter().any(|t| t.royal)
        {
            return Some(End::Loss);
        }
        if let Some(end) = self.bared().or_else(|| self.goal()) {
            return Some(end);
        }
        if insufficient_material(v, &self.pos) {
            return Some(self.draw());
        }
        let rule = v.draws.move_rule;
        if (rule > 0 && self.pos.halfmove() >= 2 * rule)
            || (v.counting.is_some() && self.pos.count().expired())
        {
            // Unless the last move gave mate.
            let mut list = Vec::new();
            let mated = in_check(v, &self.pos) && {
                legal_moves(v, &mut self.pos.clone(), &mut list);
                list.is_empty()
            };
            return Some(match (mated, v.goals.checkmate) {
                (true, Outcome::Loss | Outcome::Draw) => End::Loss,
                (true, Outcome::Win) => End::Win,
                (false, _) => self.draw(),
            });
        }
        self.repeated(root_distance)
            .map(|end| if end == End::Draw { self.draw() } else { end })
    }

    fn no_moves(&mut self) -> End {
        if let Some(end) = self.bared().or_else(|| self.goal()) {
            return end;
        }
        let eval = Arc::clone(&self.eval);
        let v = &*eval.variant;
        if self.in_check() {
            // Mated by a pawn dropped under shogi's rules: the dropper loses.
            if dropped_pawn_mates(v, &self.pos) {
                return End::Win;
            }
            if v.goals.shatar_mate {
                return self.shatar_mate();
            }
            return match v.goals.checkmate {
                Outcome::Loss | Outcome::Draw => End::Loss,
                Outcome::Win => End::Win,
            };
        }
        let us = self.pos.to_move();
        match stalemate_winner(v.stalemate, &self.pos) {
            Some(w) if w == us => End::Win,
            Some(_) => End::Loss,
            None => self.draw(),
        }
    }

    fn evaluate(&mut self) -> i32 {
        // Huge armies on large boards must not reach the mate scores.
        self.eval
            .evaluate_with(&self.pos, Some(&mut self.pawn_cache))
            .clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
    }

    fn stands_pat(&mut self) -> bool {
        if !self.eval.variant.goals.must_capture {
            return true;
        }
        let mut captures = Vec::new();
        legal_noisy_moves(&self.eval.variant, &mut self.pos, &mut captures);
        !captures.iter().any(|m| m.kind.captures())
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.is_noisy()
    }

    fn noisy_order(&self, m: Move) -> i32 {
        let pos = &self.pos;
        let us = pos.to_move();
        let victim_at = m.victim_square();
        let victim = pos.cell(victim_at);
        let mut gain = if is_piece(victim) {
            let worth = self.eval.value(role_of(victim));
            // A royal taken (under royal capture) outranks everything.
            let worth = if self.variant()[role_of(victim)].royal {
                100_000
            } else {
                worth
            };
            if side_of(victim) == us { -worth } else { worth }
        } else {
            0
        };
        if let Some(p) = m.promotion {
            gain += self.eval.value(p);
        }
        let attacker = self.eval.value(role_of(pos.cell(m.from)));
        gain * 16 - attacker / 8
    }

    fn capture_gain(&self, m: Move) -> Option<i32> {
        if self.exchange_is_blind() {
            // An explosion's worth is not the victim's, nor a forced capture's: never
            // pruned by it.
            return None;
        }
        let pos = &self.pos;
        let victim_at = m.victim_square();
        let victim = pos.cell(victim_at);
        let mut gain = 0;
        if is_piece(victim) {
            let role = role_of(victim);
            if self.variant()[role].royal {
                // Taking a royal ends the game: never pruned.
                return None;
            }
            if side_of(victim) != pos.to_move() {
                gain += self.eval.value(role);
            }
        }
        if let Some(p) = m.promotion {
            gain += self.eval.value(p) - self.eval.value(role_of(pos.cell(m.from)));
        }
        Some(gain)
    }

    fn losing_capture(&mut self, m: Move) -> bool {
        // Where the exchange is blind, no capture is called losing.
        if m.promotion.is_some() || !m.kind.captures() || self.exchange_is_blind() {
            return false;
        }
        // Taking something worth at least the taker cannot lose.
        let (taken, standing) = self.first_exchange(m);
        if standing <= taken {
            return false;
        }
        self.exchange(m) < 0
    }

    fn exchange_at_least(&mut self, m: Move, threshold: i32) -> bool {
        if matches!(m.kind, MoveKind::Drop { .. } | MoveKind::Castle { .. })
            || self.exchange_is_blind()
        {
            return true;
        }
        // Settled without the exchange where its bounds already say.
        let (taken, standing) = self.first_exchange(m);
        if taken < threshold {
            return false;
        }
        if taken - standing >= threshold {
            return true;
        }
        self.exchange(m) >= threshold
    }

    fn piece_slots(&self) -> usize {
        let v = self.variant();
        let slots = 2 * v.types.len() * v.geometry.squares();
        // Kept only where the table of slot pairs stays small (up to 4 Mi entries).
        if slots * slots <= CONTINUATION_LIMIT {
            slots
        } else {
            0
        }
    }

    fn quiet_threat(&mut self, m: Move) -> i32 {
        let v = &*self.eval.variant;
        let role = self.moving_role(m);
        let from = m.dropped().is_none().then_some(m.from);
        if self.eval.pawn[role.index()] || v[role].royal {
            return 0;
        }
        let key = self.pos.key();
        if self.threats.0 != Some(key) {
            let them = self.pos.to_move().opponent();
            let attacked = self
                .eval
                .pawn_attacks(&self.pos, &mut self.pawn_cache, them);
            self.threats = (Some(key), attacked);
        }
        let set = &self.threats.1;
        let at = |sq: Square| {
            let s = usize::from(sq);
            set[s / 64] >> (s % 64) & 1 == 1
        };
        i32::from(from.is_some_and(at)) - i32::from(at(m.to))
    }

    fn piece_slot(&self, m: Move) -> usize {
        let v = self.variant();
        let role = self.moving_role(m);
        let side = usize::from(self.pos.to_move() == Color::Black);
        (side * v.types.len() + role.index()) * v.geometry.squares() + usize::from(m.to)
    }

    fn history_slots(&self) -> usize {
        let n = self.variant().geometry.squares();
        n * n
    }

    fn history_slot(&self, m: Move) -> usize {
        let n = self.variant().geometry.squares();
        usize::from(m.from) * n + usize::from(m.to)
    }
}

/// A player of grid games.
pub type GridPlayer = Player<Arc<GridEval>>;

/// The grid world as a player sees it: the evaluation is the arena, the game (with its
/// history) what the player looks at.
impl Arena for Arc<GridEval> {
    type Game = crate::grid::game::Game;
    type Move = Move;
    type Found = Move;
    type Search = GridSearch;

    fn search(&self, game: &Self::Game) -> GridSearch {
        let history: Vec<u64> = (0..game.played().len())
            .map(|n| game.position_before(n).key())
            .collect();
        GridSearch::new(Arc::clone(self), game.position().clone(), &history)
    }

    fn chosen(&self, _game: &Self::Game, found: &Move) -> Move {
        *found
    }

    fn pick(&self, game: &Self::Game, greedy: bool, rng: &mut Rng) -> Option<Move> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        if !greedy {
            return Some(moves[rng.below(moves.len())]);
        }
        let pos = game.position();
        let v = game.variant();
        let us = pos.to_move();
        let worth = |m: &Move| -> i32 {
            let at = match m.kind {
                MoveKind::EnPassant { victim } => victim,
                MoveKind::Capture => m.to,
                _ => return -1,
            };
            let c = pos.cell(at);
            if !is_piece(c) || side_of(c) == us {
                return -1;
            }
            let role = role_of(c);
            if v[role].royal {
                i32::MAX
            } else {
                self.value(role)
            }
        };
        let best = moves.iter().map(worth).max().unwrap_or(-1);
        let pool: Vec<Move> = moves.iter().copied().filter(|m| worth(m) == best).collect();
        Some(pool[rng.below(pool.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{move_text, parse_fen};
    use crate::search::grid::eval::tests::chess;
    use crate::search::{Limits, Searcher};

    fn best(eval: &Arc<GridEval>, fen: &str, depth: u32) -> (String, i32) {
        let pos = parse_fen(&eval.variant, fen).expect("a good FEN");
        let mut game = GridSearch::new(Arc::clone(eval), pos, &[]);
        let mut searcher = Searcher::new(4);
        let report = searcher.search(&mut game, &Limits::depth(depth), |_| {});
        let m = report.best.expect("a move");
        (move_text(&eval.variant, m), report.score.0)
    }

    /// The exchange evaluation of `text` in `fen`.
    fn exchange(eval: &Arc<GridEval>, fen: &str, text: &str) -> i32 {
        let pos = parse_fen(&eval.variant, fen).expect("a good FEN");
        let mut game = GridSearch::new(Arc::clone(eval), pos.clone(), &[]);
        let mut list = Vec::new();
        game.moves(&mut list);
        let m = *list
            .iter()
            .find(|&&m| move_text(&eval.variant, m) == text)
            .expect("a legal move");
        let worth = game.exchange(m);
        assert_eq!(game.position(), &pos, "the board is left as it was");
        worth
    }

    #[test]
    fn a_quiet_move_is_ordered_by_the_enemy_pawns_it_steps_away_from_or_into() {
        let eval = chess();
        let threats = |fen: &str, texts: &[&str]| {
            let pos = parse_fen(&eval.variant, fen).expect("a good FEN");
            let mut game = GridSearch::new(Arc::clone(&eval), pos, &[]);
            let mut list = Vec::new();
            game.moves(&mut list);
            texts
                .iter()
                .map(|text| {
                    let m = *list
                        .iter()
                        .find(|&&m| move_text(&eval.variant, m) == *text)
                        .expect("a legal move");
                    game.quiet_threat(m)
                })
                .collect::<Vec<_>>()
        };
        // Black's pawn on e5 attacks d4 and f4. The knight leaves d4 (1); the rook steps
        // onto f4 (-1) or elsewhere (0); a pawn and the royal are left to other rules.
        assert_eq!(
            threats(
                "4k3/8/8/4p3/3N4/8/P7/4KR2 w - - 0 1",
                &["d4e2", "d4c6", "f1f4", "f1f2", "a2a4", "e1d2"]
            ),
            [1, 1, -1, 0, 0, 0]
        );
        // Black to move: White's pawn on b4 attacks a5 and c5.
        assert_eq!(
            threats("4k3/8/2n5/8/1P6/8/8/4K3 b - - 0 1", &["c6a5", "c6d4"]),
            [-1, 0]
        );
    }

    #[test]
    fn the_exchange_evaluation_follows_the_captures_on_a_square() {
        let eval = chess();
        // An undefended pawn.
        assert_eq!(
            exchange(&eval, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
            100
        );
        // A pawn defended by a pawn, taken by a rook.
        assert_eq!(
            exchange(&eval, "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"),
            -400
        );
        // Two rooks behind one another against one: the rear rook's attack counts once the
        // front one has taken, so the pawn is won.
        let doubled = "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        assert_eq!(exchange(&eval, doubled, "d2d5"), 100);
        // With a second black rook behind, the front rook is lost for the pawn.
        let tripled = "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        assert_eq!(exchange(&eval, tripled, "d2d5"), -400);
        // A king takes back only where nothing else attacks.
        let guarded = "8/8/4k3/R2p4/8/8/8/3QK3 w - - 0 1";
        assert_eq!(exchange(&eval, guarded, "d1d5"), 100);
        let alone = "8/8/4k3/3p4/8/8/8/3QK3 w - - 0 1";
        assert_eq!(exchange(&eval, alone, "d1d5"), 100 - 900);
        // En passant: the pawn taken is not on the target square.
        let passing = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(exchange(&eval, passing, "e5d6"), 100);
        // A queen that takes a defended knight loses the difference.
        assert_eq!(
            exchange(&eval, "4k3/8/4p3/3n4/8/8/8/3QK3 w - - 0 1", "d1d5"),
            320 - 900
        );
    }

    #[test]
    fn a_piece_pinned_to_its_royal_takes_no_part_in_an_exchange() {
        let eval = chess();
        // The knight on e6 guards d4, but the rook on e1 pins it to its king: the queen
        // wins the pawn. Unpinned (the king elsewhere), the knight takes the queen.
        let pinned = "4k3/8/4n3/8/3p4/8/8/3QR1K1 w - - 0 1";
        assert_eq!(exchange(&eval, pinned, "d1d4"), 100);
        let free = "5k2/8/4n3/8/3p4/8/8/3QR1K1 w - - 0 1";
        assert_eq!(exchange(&eval, free, "d1d4"), 100 - 900);
        // A piece pinned along the line of the capture may take on it: the rook on e7
        // takes the queen on e4 and stays between its king and the rook on e1.
        let along = "4k3/4r3/8/8/4p3/8/8/1Q2RK2 w - - 0 1";
        assert_eq!(exchange(&eval, along, "b1e4"), 100 - 900 + 500);
        // The mover's own pinned piece cannot take back either: the bishop on d2, held by
        // the rook on d8 to its king, does not retake on e3, so the knight is lost.
        let own = "3r2k1/8/8/8/5p2/4b3/2NB4/3K4 w - - 0 1";
        assert_eq!(exchange(&eval, own, "c2e3"), 330 - 320);
    }

    #[test]
    fn finds_mate_in_one() {
        let eval = chess();
        let (m, score) = best(&eval, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 3);
        assert_eq!(m, "a1a8");
        assert!(score >= MATE_BOUND, "{score}");
    }

    #[test]
    fn finds_mate_in_two() {
        let eval = chess();
        // 1. Qg6+ fxg6 is not it: 1. Rd8+ Rxd8 2. Rxd8#.
        let (m, score) = best(&eval, "3r2k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1", 4);
        assert!(score >= MATE_BOUND, "{m} {score}");
    }

    #[test]
    fn finds_a_mate_that_starts_by_giving_the_queen_away() {
        let eval = chess();
        // 1. Qg8+ Rxg8 2. Nf7#: the check loses the queen on its square, so it is searched
        // as a quiet move, and the mate must still be found. Reduced as a late move, the
        // check leaves Nf7 at a leaf a queen down, where razoring cuts it: the mate comes
        // at depth 6 rather than 4.
        let (m, score) = best(&eval, "5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1", 6);
        assert_eq!(m, "d5g8");
        assert!(score >= MATE_BOUND, "{m} {score}");
    }

    /// Whether a move checks, asked without making it, agrees with the move made, along
    /// random games of levels with every kind of attack (leaps, lines, lame leaps, hops,
    /// bent riders, drops, promotions, castling, en passant).
    #[test]
    fn a_check_found_without_the_move_agrees_with_the_move_made() {
        for name in [
            "chess",
            "crazyhouse",
            "grasshopper",
            "janus",
            "nightrider",
            "hoppelpoppel",
            "newzealand",
            "shako",
            "shogi",
            "obento",
            "berolina",
            "amazon",
        ] {
            let level = crate::level::shipped_grid(name);
            let eval = Arc::new(GridEval::for_variant(Arc::clone(&level.variant)));
            for seed in 1..=3u64 {
                let mut game = GridSearch::new(Arc::clone(&eval), level.start.clone(), &[]);
                let mut rng = Rng::new(seed);
                let mut moves = Vec::new();
                let mut checks = 0;
                for _ in 0..150 {
                    game.moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    checks += checks_agree(&mut game, &moves, name);
                    let m = moves[rng.below(moves.len())];
                    game.make(m);
                }
                assert!(checks > 0, "{name}: no check met along the game");
            }
        }
    }

    /// The evaluation with its pawn structures kept is the evaluation without: along random
    /// games of levels with several kinds of pawn, every position is scored with a cache
    /// that has met it (or one with the same pawns) and with none.
    #[test]
    fn kept_pawn_structures_change_no_score() {
        for name in [
            "chess",
            "berolina",
            "shogi",
            "grand",
            "obento",
            "capablanca",
        ] {
            let level = crate::level::shipped_grid(name);
            let eval = GridEval::for_variant(Arc::clone(&level.variant));
            let mut cache = PawnCache::default();
            let mut game = GridSearch::new(Arc::new(eval.clone()), level.start.clone(), &[]);
            let mut rng = Rng::new(7);
            let mut moves = Vec::new();
            let mut seen = Vec::new();
            for _ in 0..200 {
                let pos = game.position().clone();
                let fresh = eval.evaluate(&pos);
                assert_eq!(eval.evaluate_with(&pos, Some(&mut cache)), fresh, "{name}");
                seen.push((pos, fresh));
                game.moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                game.make(moves[rng.below(moves.len())]);
            }
            // Again, in reverse order: most are found in the cache now.
            for (pos, fresh) in seen.iter().rev() {
                assert_eq!(eval.evaluate_with(pos, Some(&mut cache)), *fresh, "{name}");
            }
            assert!(
                seen.len() > 50,
                "{name}: a game of {} positions",
                seen.len()
            );
        }
    }

    /// Asks of every move in `moves` in turn whether it checks, as the search does for
    /// the moves it prunes (none made between), then of each in reverse order after a
    /// move made and taken back, and compares both with the move made; how many check.
    fn checks_agree(game: &mut GridSearch, moves: &[Move], name: &str) -> usize {
        let asked: Vec<bool> = moves.iter().map(|&m| game.gives_check(m)).collect();
        let mut checks = 0;
        for (&m, &asked) in moves.iter().zip(&asked).rev() {
            game.make(m);
            let made = game.in_check();
            game.unmake();
            assert_eq!(asked, made, "{name}: {m:?} asked in a row");
            assert_eq!(game.gives_check(m), made, "{name}: {m:?}");
            checks += usize::from(made);
        }
        checks
    }

    /// Checks by a piece leaving a line (a discovered check), by a pawn promoting away
    /// from the royal along its file, by a piece stepping off a line it blocks for an
    /// enemy, and where a friend behind the piece that leaves does not attack that way.
    #[test]
    fn discovered_and_promoting_checks_are_found_without_the_move() {
        let eval = chess();
        for (fen, least) in [
            // The knight on d4 uncovers the queen's diagonal to h8, the bishop on h4 the
            // rook's file.
            ("7k/8/8/8/3N3B/8/1Q6/6KR w - - 0 1", 8),
            // The knight on e4 uncovers the rook's check from e1.
            ("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", 8),
            // The pawn on e7 queens (or becomes a rook) on e8 and checks down the file
            // past its square.
            ("8/4P3/8/4k3/8/8/8/K7 w - - 0 1", 2),
            // A knight leaves the line of a bishop (which does not attack along files):
            // only its own checks from d6 and f6.
            ("4k3/8/8/8/4N3/8/8/4B1K1 w - - 0 1", 2),
            // Black: the rook on e5 blocks its own queen; the bishop's leaving e2 lets the
            // rook check.
            ("4q2k/8/8/4r3/8/8/4b3/4K3 b - - 0 1", 1),
            ("7k/8/2q5/3n4/8/8/6K1/8 b - - 0 1", 1),
        ] {
            let pos = parse_fen(&eval.variant, fen).expect("a good FEN");
            let mut game = GridSearch::new(Arc::clone(&eval), pos, &[]);
            let mut moves = Vec::new();
            game.moves(&mut moves);
            assert!(!moves.is_empty(), "{fen}");
            let checks = checks_agree(&mut game, &moves, fen);
            assert!(checks >= least, "{fen}: {checks} checks");
        }
    }

    #[test]
    fn takes_a_hanging_queen() {
        let eval = chess();
        let (m, _) = best(&eval, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 3);
        assert_eq!(m, "d2d5");
    }

    #[test]
    fn a_fixed_depth_gives_the_same_move_every_time() {
        let eval = chess();
        let start = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let first = best(&eval, start, 5);
        for _ in 0..2 {
            assert_eq!(best(&eval, start, 5), first);
        }
    }

    #[test]
    fn a_lost_side_takes_a_draw_by_repetition() {
        // Black is far behind, but its queen checks forever from h4 and e1 and nothing
        // can block: the search sees the repetition and scores the draw.
        let eval = chess();
        let fen = "7k/R5pp/1R6/1N6/N3q3/8/6PK/8 b - - 0 1";
        let score = |repetition: u32| {
            let mut v = (*eval.variant).clone();
            v.draws.repetition = repetition;
            let eval = Arc::new(GridEval::new(Arc::new(v), eval.values.clone()));
            let pos = parse_fen(&eval.variant, fen).expect("a good FEN");
            let mut game = GridSearch::new(eval, pos, &[]);
            Searcher::new(4)
                .search(&mut game, &Limits::depth(6), |_| {})
                .score
                .0
        };
        assert_eq!(score(3), 0);
        // Without the rule the same line is just a lost position.
        let never = 0;
        assert!(score(never) < -500, "{}", score(never));
    }
}
