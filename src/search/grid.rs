//! The grid world as the search sees it: a [`GridSearch`] position with its history (for
//! repetitions) and the [`GridEval`] that scores it — material from the pieces' values, a
//! term per square from each piece's own mobility there, advancement of pieces that
//! promote, and enemy attacks next to royals.

use super::{End, Searchable};
use crate::grid::draws::insufficient_material;
use crate::grid::movegen::{in_check, is_attacked, legal_moves, piece_moves};
use crate::grid::position::{NullUndo, Undo, is_piece, piece, role_of, side_of};
use crate::grid::{Move, MoveKind, Position, Role, RoyalRule, Square, Stalemate, Variant};
use crate::play::Color;
use crate::random::Rng;
use std::sync::Arc;

use super::tuning::{
    GRID_MOBILITY as MOBILITY, GRID_ROYAL_DANGER as ROYAL_DANGER, GRID_TEMPO as TEMPO,
};

/// How the search scores a grid variant's positions: tables built once per variant.
#[derive(Clone, Debug)]
pub struct GridEval {
    variant: Arc<Variant>,
    /// By role: its material value (0 for royals).
    values: Vec<i32>,
    /// By side, role and square: the positional term of that piece there.
    squares: [Vec<i32>; 2],
    /// The non-royal material of both sides at the start of a typical game, for the
    /// game's phase (1 with all of it, 0 with none).
    full_material: i32,
    /// Words of one set of squares.
    words: usize,
    /// By side, role and square: the squares a piece there reaches on an open board.
    reach: [Vec<u64>; 2],
    /// By square: it and the squares around it, a royal's zone.
    zone: Vec<u64>,
}

impl GridEval {
    /// The tables for `variant`, with each role's value from `values`.
    pub fn new(variant: Arc<Variant>, values: Vec<i32>) -> GridEval {
        let v = &*variant;
        let g = v.geometry;
        let n = g.squares();
        let roles = v.types.len();
        let mut squares = [vec![0; roles * n], vec![0; roles * n]];
        let words = n.div_ceil(64);
        let mut reach = [
            vec![0_u64; roles * n * words],
            vec![0_u64; roles * n * words],
        ];
        let mut list = Vec::new();
        for side in Color::BOTH {
            // A board full of enemies: what a piece could take from each square.
            let mut crowded = Position::empty(n);
            let enemy = piece(side.opponent(), Role::new(0));
            crowded.cells.iter_mut().for_each(|c| *c = enemy);
            for role in v.roles() {
                // Its moves from each square of an empty board, and its captures there
                // among enemies on every square.
                let mut mobility = vec![0_i32; n];
                for sq in g.all() {
                    let mut pos = Position::empty(n);
                    pos.put(v, sq, piece(side, role), true);
                    list.clear();
                    piece_moves(v, &pos, sq, &mut list);
                    mobility[usize::from(sq)] = list.len() as i32;
                    let set = (role.index() * n + usize::from(sq)) * words;
                    for m in &list {
                        let t = usize::from(m.to);
                        reach[side][set + t / 64] |= 1 << (t % 64);
                    }
                    crowded.cells[usize::from(sq)] = piece(side, role);
                    list.clear();
                    piece_moves(v, &crowded, sq, &mut list);
                    crowded.cells[usize::from(sq)] = enemy;
                    mobility[usize::from(sq)] +=
                        list.iter().filter(|m| m.kind.captures()).count() as i32;
                }
                let average = mobility.iter().sum::<i32>() / n.max(1) as i32;
                let promotion = v[role].promotion.as_ref();
                let gain = promotion
                    .and_then(|p| p.to.iter().map(|&r| values[r.index()]).max())
                    .map_or(0, |best| (best - values[role.index()]).max(0));
                for sq in g.all() {
                    let s = usize::from(sq);
                    let mut term = if v[role].royal {
                        0
                    } else {
                        (mobility[s] - average) * MOBILITY
                    };
                    if let Some(p) = promotion {
                        // Nearer the zone is worth more, and more so near the end.
                        let ahead = g.ranks_ahead(side, g.rank(sq));
                        let to_go = (ahead - i32::from(p.zone) + 1).max(0);
                        let length = (i32::from(g.ranks()) - i32::from(p.zone)).max(1);
                        let done = (length - to_go).clamp(0, length);
                        term += gain * done * done / (length * length) / 6;
                    }
                    squares[side][role.index() * n + s] = term;
                }
            }
        }
        let full_material = {
            let start = v.setup.iter().filter(|&&c| is_piece(c));
            start
                .map(|&c| values[role_of(c).index()])
                .sum::<i32>()
                .max(1)
        };
        let mut zone = vec![0_u64; n * words];
        for sq in g.all() {
            let (f, r) = (g.file(sq), g.rank(sq));
            for df in -1..=1 {
                for dr in -1..=1 {
                    if let Some(t) = g.square(f + df, r + dr) {
                        let t = usize::from(t);
                        zone[usize::from(sq) * words + t / 64] |= 1 << (t % 64);
                    }
                }
            }
        }
        GridEval {
            variant,
            values,
            squares,
            full_material,
            words,
            reach,
            zone,
        }
    }

    /// The tables for `variant` with its pieces' values (the level's, else estimated).
    pub fn for_variant(variant: Arc<Variant>) -> GridEval {
        let values = variant.roles().map(|r| variant.value(r)).collect();
        GridEval::new(variant, values)
    }

    /// The value of a role (0 for royals).
    pub fn value(&self, role: Role) -> i32 {
        self.values[role.index()]
    }

    /// The score of `pos` for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let v = &*self.variant;
        let n = v.geometry.squares();
        let mut material = [0; 2];
        let mut placed = [0; 2];
        for side in Color::BOTH {
            for &sq in pos.pieces(side) {
                let role = role_of(pos.cell(sq));
                material[side] += self.values[role.index()];
                placed[side] += self.squares[side][role.index() * n + usize::from(sq)];
            }
        }
        let phase = (material[0] + material[1]).min(self.full_material);
        let mut score = [0; 2];
        for side in Color::BOTH {
            let mut danger = 0;
            if phase * 3 > self.full_material {
                for &royal in pos.royals(side) {
                    danger += self.reach_around(pos, royal, side.opponent());
                }
            }
            score[side] =
                material[side] + placed[side] - danger * ROYAL_DANGER * phase / self.full_material;
        }
        let us = pos.to_move();
        score[us] - score[us.opponent()] + TEMPO
    }

    /// How many times `by`'s pieces (not royals, not pieces that promote) reach the
    /// squares around `sq`, counted on an open board: a cheap stand-in for attacks, which
    /// cost more than two thirds of the search's time when each square was tested.
    fn reach_around(&self, pos: &Position, sq: Square, by: Color) -> i32 {
        let v = &*self.variant;
        let (n, w) = (v.geometry.squares(), self.words);
        let zone = &self.zone[usize::from(sq) * w..][..w];
        let mut count = 0;
        for &from in pos.pieces(by) {
            let role = role_of(pos.cell(from));
            let t = &v[role];
            if t.royal || t.promotion.is_some() {
                continue;
            }
            let set = &self.reach[by][(role.index() * n + usize::from(from)) * w..][..w];
            count += set
                .iter()
                .zip(zone)
                .map(|(a, b)| (a & b).count_ones())
                .sum::<u32>() as i32;
        }
        count
    }
}

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
}

#[derive(Clone, Copy, Debug)]
enum Made {
    Move(Move, Undo),
    Null(NullUndo),
}

impl GridSearch {
    /// A search from `pos`, reached through `history` (the game's earlier positions'
    /// keys, oldest first; empty when unknown).
    pub fn new(eval: Arc<GridEval>, pos: Position, history: &[u64]) -> GridSearch {
        let mut keys = Vec::with_capacity(history.len() + 256);
        let mut window = Vec::with_capacity(history.len() + 256);
        let reversible = pos.halfmove() as usize;
        let earlier = &history[history.len().saturating_sub(reversible)..];
        for (k, &key) in earlier.iter().enumerate() {
            keys.push(key);
            window.push(k as u32);
        }
        keys.push(pos.key());
        window.push(earlier.len() as u32);
        GridSearch {
            eval,
            pos,
            made: Vec::with_capacity(256),
            keys,
            window,
        }
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
    fn repeated(&self, root_distance: usize) -> bool {
        let needed = self.variant().draws.repetition;
        if needed == 0 {
            return false;
        }
        let last = self.keys.len() - 1;
        let key = self.keys[last];
        let window = self.window[last] as usize;
        let mut seen = 1;
        let mut back = 2;
        while back <= window {
            if self.keys[last - back] == key {
                if back < root_distance {
                    return true;
                }
                seen += 1;
                if seen >= needed {
                    return true;
                }
            }
            back += 2;
        }
        false
    }
}

impl Searchable for GridSearch {
    type Move = Move;

    /// The grid evaluation is material first; quiet moves seldom swing it by the margins.
    fn prunes_by_margins(&self) -> bool {
        true
    }

    fn moves(&mut self, out: &mut Vec<Move>) {
        let v = Arc::clone(&self.eval.variant);
        legal_moves(&v, &mut self.pos, out);
    }

    fn noisy_moves(&mut self, out: &mut Vec<Move>) {
        self.moves(out);
        out.retain(|m| m.kind.captures() || m.promotion.is_some());
    }

    fn make(&mut self, m: Move) {
        let v = Arc::clone(&self.eval.variant);
        let undo = self.pos.make(&v, m);
        self.made.push(Made::Move(m, undo));
        let window = if self.pos.halfmove() == 0 {
            0
        } else {
            self.window.last().map_or(0, |w| w + 1)
        };
        self.keys.push(self.pos.key());
        self.window.push(window);
    }

    fn unmake(&mut self) {
        let v = Arc::clone(&self.eval.variant);
        if let Some(Made::Move(m, undo)) = self.made.pop() {
            self.pos.unmake(&v, m, &undo);
            self.keys.pop();
            self.window.pop();
        }
    }

    fn make_null(&mut self) {
        let v = Arc::clone(&self.eval.variant);
        let undo = self.pos.make_null(&v);
        self.made.push(Made::Null(undo));
        self.keys.push(self.pos.key());
        self.window.push(0);
    }

    fn unmake_null(&mut self) {
        if let Some(Made::Null(undo)) = self.made.pop() {
            self.pos.unmake_null(undo);
            self.keys.pop();
            self.window.pop();
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
        in_check(&self.eval.variant, &self.pos)
    }

    fn ended(&mut self, root_distance: usize) -> Option<End> {
        let v = &*self.eval.variant;
        let us = self.pos.to_move();
        if v.royal_rule == RoyalRule::Capture
            && self.pos.royals(us).is_empty()
            && v.types.iter().any(|t| t.royal)
        {
            return Some(End::Loss);
        }
        if insufficient_material(v, &self.pos) {
            return Some(End::Draw);
        }
        let rule = v.draws.move_rule;
        if rule > 0 && self.pos.halfmove() >= 2 * rule {
            // Unless the last move gave mate.
            let mut list = Vec::new();
            let mated = in_check(v, &self.pos) && {
                legal_moves(v, &mut self.pos.clone(), &mut list);
                list.is_empty()
            };
            return Some(if mated { End::Loss } else { End::Draw });
        }
        self.repeated(root_distance).then_some(End::Draw)
    }

    fn no_moves(&mut self) -> End {
        if self.in_check() {
            return End::Loss;
        }
        match self.eval.variant.stalemate {
            Stalemate::Draw => End::Draw,
            Stalemate::Loss => End::Loss,
            Stalemate::Win => End::Win,
        }
    }

    fn evaluate(&mut self) -> i32 {
        self.eval.evaluate(&self.pos)
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.kind.captures() || m.promotion.is_some()
    }

    fn noisy_order(&self, m: Move) -> i32 {
        let pos = &self.pos;
        let us = pos.to_move();
        let victim_at = match m.kind {
            crate::grid::MoveKind::EnPassant { victim } => victim,
            _ => m.to,
        };
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
        let pos = &self.pos;
        let victim_at = match m.kind {
            crate::grid::MoveKind::EnPassant { victim } => victim,
            _ => m.to,
        };
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
        if m.promotion.is_some() || !m.kind.captures() {
            return false;
        }
        let pos = &self.pos;
        let victim_at = match m.kind {
            crate::grid::MoveKind::EnPassant { victim } => victim,
            _ => m.to,
        };
        let victim = pos.cell(victim_at);
        let gain = if is_piece(victim) && side_of(victim) != pos.to_move() {
            self.eval.value(role_of(victim))
        } else {
            0
        };
        let mover = role_of(pos.cell(m.from));
        let risk = self.eval.value(mover);
        // A royal's value is 0 here: its captures are never counted as losing.
        risk > gain + 50 && is_attacked(&self.eval.variant, pos, m.to, pos.to_move().opponent())
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

/// The grid world as a player sees it: the evaluation is the arena, the game (with its
/// history) what the player looks at.
impl super::players::Arena for Arc<GridEval> {
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
    use crate::search::{Limits, MATE_BOUND, Searcher};

    /// Chess, with textbook values (the level's own are tested elsewhere).
    fn chess() -> Arc<GridEval> {
        let level = crate::level::load(std::path::Path::new("levels/chess.toml"))
            .expect("chess loads")
            .into_grid()
            .expect("a grid level");
        let v = Arc::clone(&level.variant);
        let values = v
            .types
            .iter()
            .map(|t| match t.letter {
                'P' => 100,
                'N' => 320,
                'B' => 330,
                'R' => 500,
                'Q' => 900,
                _ => 0,
            })
            .collect();
        Arc::new(GridEval::new(v, values))
    }

    fn best(eval: &Arc<GridEval>, fen: &str, depth: u32) -> (String, i32) {
        let pos = parse_fen(&eval.variant, fen).expect("a good FEN");
        let mut game = GridSearch::new(Arc::clone(eval), pos, &[]);
        let mut searcher = Searcher::new(4);
        let report = searcher.search(&mut game, &Limits::depth(depth), |_| {});
        let m = report.best.expect("a move");
        (move_text(&eval.variant, m), report.score.0)
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
