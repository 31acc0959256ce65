//! The grid evaluation: [`GridEval`], the tables it builds once per variant (each piece's
//! value, a term per square from its own mobility there, the advance of pieces that
//! promote, royal zones, pawn attacks) and the score it gives a position from them:
//! material, mobility in the position, pawn structure (kept in a [`PawnCache`]), passed
//! pawns, outposts, files and colours, and enemy attacks next to royals. Its weights are
//! [`GridWeights`], beside the search's other numbers in `search::tuning`. It knows
//! nothing of the search that asks it.

use super::goal_terms::GoalTables;
use crate::grid::movegen::{count_moves, piece_moves};
use crate::grid::{EMPTY, is_piece, piece, role_of};
use crate::grid::{Position, Role, Square, Variant};
use crate::play::Color;
use crate::search::tuning::GridWeights;
use std::sync::Arc;

/// The widest board: files a pawn structure is counted over.
const MAX_FILES: usize = 26;

/// How much of the royal danger counts (percent) by the number of enemy pieces attacking
/// the royal's squares: one alone is half as dangerous as many.
const ATTACKERS_SHARE: [i32; 8] = [0, 50, 75, 88, 94, 97, 99, 100];

/// Words of a set of squares on the largest board (26 × 26).
pub(super) const ZONE_WORDS: usize = (MAX_FILES * MAX_FILES).div_ceil(64);

/// How the search scores a grid variant's positions: tables built once per variant.
#[derive(Clone, Debug)]
pub struct GridEval {
    pub(super) variant: Arc<Variant>,
    /// By role: its material value (0 for royals).
    pub(super) values: Vec<i32>,
    /// By role: for a pawn, its place among the pawn roles (in `pawn_attacks`).
    pawn_slot: Vec<Option<usize>>,
    /// By side, pawn role (its slot) and square: the squares that pawn could capture on
    /// (a set of `words`), which the enemy's mobility does not count.
    pawn_attacks: [Vec<u64>; 2],
    /// By side, role and square: the positional term of that piece there, in the
    /// middlegame…
    squares: [Vec<i32>; 2],
    /// …and in the endgame (where a piece that promotes gains more by advancing).
    squares_end: [Vec<i32>; 2],
    /// The non-royal material of both sides at the start of a typical game, for the
    /// game's phase (1 with all of it, 0 with none).
    full_material: i32,
    /// Words of one set of squares.
    words: usize,
    /// By square: it and the squares around it, a royal's zone.
    zone: Vec<u64>,
    /// By role: whether it is a pawn, a cheap piece that promotes, whose structure
    /// (passed, doubled, isolated, connected) is scored.
    pub(super) pawn: Vec<bool>,
    /// By role: the moves it is expected to have in a game (half its average on an empty
    /// board), where its moves in the position are counted (not royals, not pawns).
    expected_moves: Vec<Option<i32>>,
    /// By role: whether it slides along its file and not on diagonals (a rook), which
    /// gains on a file without pawns.
    file_slider: Vec<bool>,
    /// By role: whether it only ever reaches squares of the colour it stands on (a
    /// bishop), so that a pair of them on both colours gains.
    bound: Vec<bool>,
    /// By role: whether it is a minor piece, which gains on an outpost (none where pieces
    /// are dropped).
    minor: Vec<bool>,
    /// By side: the file steps its pawn types capture by (from a square mid-board).
    pawn_capture_files: [Vec<i32>; 2],
    /// The most a side without pawns may be ahead by in pieces and still hardly win (the
    /// worth of the best minor piece), or 0 where material is not judged so: with drops
    /// or a bare-king rule.
    drawish: i32,
    /// Three quarters of the most valuable non-royal piece's worth in the setup: a side
    /// with no piece worth as much (chess without its queen) attacks a royal less.
    heavy: i32,
    /// The weights of its terms.
    weights: GridWeights,
    /// What the level's own goals need (n-check, the flag, extinction).
    goals: GoalTables,
}

/// White's moves of `role` from `from` on an empty board, and its captures there on a
/// board of enemies: the squares it reaches.
fn reach(v: &Variant, role: Role, from: Square) -> Vec<Square> {
    let n = v.geometry.squares();
    let mut list = Vec::new();
    let mut pos = Position::empty(n);
    pos.put(v, from, piece(Color::White, role), true);
    piece_moves(v, &pos, from, &mut list);
    let mut crowded = Position::empty(n);
    let enemy = piece(Color::Black, Role::new(0));
    crowded.cells.iter_mut().for_each(|c| *c = enemy);
    crowded.cells[usize::from(from)] = piece(Color::White, role);
    piece_moves(v, &crowded, from, &mut list);
    list.iter().map(|m| m.to).collect()
}

/// Whether `role` slides forward along its file across the board, from the middle of its
/// first rank, and does not go two steps along a diagonal from there.
fn slides_on_file(v: &Variant, role: Role) -> bool {
    let g = v.geometry;
    let f = i32::from(g.files()) / 2;
    let last = i32::from(g.ranks()) - 1;
    let Some(from) = g.square(f, 0) else {
        return false;
    };
    let reached = reach(v, role, from);
    let reaches = |file, rank| g.square(file, rank).is_some_and(|t| reached.contains(&t));
    let diagonal =
        (reaches(f + 1, 1) && reaches(f + 2, 2)) || (reaches(f - 1, 1) && reaches(f - 2, 2));
    last >= 3 && reaches(f, last) && !diagonal
}

/// Whether every square `role` reaches from the middle of the board is of the colour it
/// stands on (and there is one).
fn colour_bound(v: &Variant, role: Role) -> bool {
    let g = v.geometry;
    let Some(from) = g.square(i32::from(g.files()) / 2, i32::from(g.ranks()) / 2) else {
        return false;
    };
    let reached = reach(v, role, from);
    let colour = |sq: Square| (g.file(sq) + g.rank(sq)) % 2;
    !reached.is_empty() && reached.iter().all(|&t| colour(t) == colour(from))
}

impl GridEval {
    /// The tables for `variant`, with each role's value from `values` and the engine's
    /// weights as the level sets them.
    pub fn new(variant: Arc<Variant>, values: Vec<i32>) -> GridEval {
        let weights = GridWeights::of_variant(&variant);
        GridEval::with_weights(variant, values, weights)
    }

    /// The tables for `variant`, with each role's value from `values` and the terms
    /// weighed by `weights`.
    pub fn with_weights(variant: Arc<Variant>, values: Vec<i32>, weights: GridWeights) -> GridEval {
        let w = weights;
        let v = &*variant;
        let g = v.geometry;
        let n = g.squares();
        let roles = v.types.len();
        let mut squares = [vec![0; roles * n], vec![0; roles * n]];
        let mut squares_end = squares.clone();
        let words = n.div_ceil(64);
        let mut list = Vec::new();
        let mut empty_moves = vec![0_i32; roles];
        // How far a square is from the centre (files plus ranks, in half steps), on
        // average over the board.
        let centre_average = {
            let axis = |k: u8| {
                let k = i32::from(k);
                (0..k).map(|i| (2 * i - k + 1).abs()).sum::<i32>() / k
            };
            axis(g.files()) + axis(g.ranks())
        };
        // The least value above 0 among the roles `among` keeps (0 if none).
        let cheapest = |among: &dyn Fn(Role) -> bool| {
            v.roles()
                .filter(|&r| among(r))
                .map(|r| values[r.index()])
                .filter(|&w| w > 0)
                .min()
                .unwrap_or(0)
        };
        let cheapest_non_royal = cheapest(&|r| !v[r].royal);
        let pawn: Vec<bool> = v
            .roles()
            .map(|r| {
                let t = &v[r];
                !t.royal && t.promotion.is_some() && values[r.index()] * 2 <= cheapest_non_royal * 3
            })
            .collect();
        // Each pawn role's place in `pawn_attacks`, which holds, per side, pawn role and
        // square, the squares its captures reach.
        let mut pawn_slot = vec![None; roles];
        let mut pawns = 0;
        for role in v.roles().filter(|r| pawn[r.index()]) {
            pawn_slot[role.index()] = Some(pawns);
            pawns += 1;
        }
        let mut pawn_attacks = [
            vec![0_u64; pawns * n * words],
            vec![0_u64; pawns * n * words],
        ];
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
                    crowded.cells[usize::from(sq)] = piece(side, role);
                    list.clear();
                    piece_moves(v, &crowded, sq, &mut list);
                    crowded.cells[usize::from(sq)] = enemy;
                    let captures = list.iter().filter(|m| m.kind.captures());
                    mobility[usize::from(sq)] += captures.clone().count() as i32;
                    if let Some(slot) = pawn_slot[role.index()] {
                        let set = &mut pawn_attacks[side][(slot * n + usize::from(sq)) * words..];
                        for m in captures {
                            let t = usize::from(m.to);
                            set[t / 64] |= 1 << (t % 64);
                        }
                    }
                }
                let average = mobility.iter().sum::<i32>() / n.max(1) as i32;
                if side == Color::White {
                    empty_moves[role.index()] = average;
                }
                let promotion = v[role].promotion.as_ref();
                let gain = promotion
                    .and_then(|p| p.to.iter().map(|&r| values[r.index()]).max())
                    .map_or(0, |best| (best - values[role.index()]).max(0));
                for sq in g.all() {
                    let s = usize::from(sq);
                    let (term, term_end) = if v[role].royal {
                        // Home in the middlegame, the centre in the endgame.
                        let left = i32::from(g.ranks()) - 1 - g.ranks_ahead(side, g.rank(sq));
                        let off_centre = (2 * g.file(sq) - i32::from(g.files()) + 1).abs()
                            + (2 * g.rank(sq) - i32::from(g.ranks()) + 1).abs();
                        (
                            -left * w.royal_home,
                            (centre_average - off_centre) * w.royal_centre / 2,
                        )
                    } else {
                        let term = (mobility[s] - average) * w.mobility;
                        (term, term)
                    };
                    let mut advance = 0;
                    // A share of 0 counts no advance at all.
                    if let Some(p) = promotion
                        && w.advance_share > 0
                    {
                        // Nearer the zone is worth more, and more so near the end.
                        let ahead = g.ranks_ahead(side, g.rank(sq));
                        let to_go = (ahead - i32::from(p.zone) + 1).max(0);
                        let length = (i32::from(g.ranks()) - i32::from(p.zone)).max(1);
                        let done = (length - to_go).clamp(0, length);
                        advance = gain * done * done / (length * length) / w.advance_share;
                    }
                    let at = role.index() * n + s;
                    squares[side][at] = term + advance * w.advance_middle_percent / 100;
                    squares_end[side][at] = term_end + advance;
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
        let (file_slider, bound): (Vec<bool>, Vec<bool>) = v
            .roles()
            .map(|r| {
                if v[r].royal || pawn[r.index()] {
                    (false, false)
                } else {
                    (slides_on_file(v, r), colour_bound(v, r))
                }
            })
            .unzip();
        let mut pawn_capture_files = [Vec::new(), Vec::new()];
        if let Some(mid) = g.square(i32::from(g.files()) / 2, i32::from(g.ranks()) / 2) {
            for side in Color::BOTH {
                let files = &mut pawn_capture_files[side];
                for slot in 0..pawns {
                    let set = &pawn_attacks[side][(slot * n + usize::from(mid)) * words..];
                    for t in g.all() {
                        let t_at = usize::from(t);
                        if set[t_at / 64] >> (t_at % 64) & 1 != 0 {
                            files.push(g.file(t) - g.file(mid));
                        }
                    }
                }
                files.sort_unstable();
                files.dedup();
            }
        }
        let cheapest_piece = cheapest(&|r| !v[r].royal && !pawn[r.index()]);
        // A piece (neither royal nor pawn) worth at most 1.5 times the cheapest one.
        let light = |r: Role| {
            !v[r].royal && !pawn[r.index()] && values[r.index()] * 2 <= cheapest_piece * 3
        };
        // No outposts where pieces are dropped: a pawn from the hand could attack any
        // square.
        let minor = v
            .roles()
            .zip(&file_slider)
            .map(|(r, &slides)| !v.drops && !slides && light(r))
            .collect();
        let drawish = if v.drops || v.bare_king {
            0
        } else {
            v.roles()
                .filter(|&r| light(r))
                .map(|r| values[r.index()])
                .max()
                .unwrap_or(0)
        };
        let heavy = v
            .setup
            .iter()
            .filter(|&&c| is_piece(c) && !v[role_of(c)].royal)
            .map(|&c| values[role_of(c).index()])
            .max()
            .unwrap_or(0)
            * 3
            / 4;
        let expected_moves = v
            .roles()
            .zip(&pawn)
            .map(|(r, &is_pawn)| (!v[r].royal && !is_pawn).then_some(empty_moves[r.index()] / 2))
            .collect();
        let goals = GoalTables::of_variant(v);
        GridEval {
            expected_moves,
            file_slider,
            bound,
            variant,
            values,
            pawn_slot,
            pawn_attacks,
            squares,
            squares_end,
            full_material,
            words,
            zone,
            pawn,
            minor,
            pawn_capture_files,
            drawish,
            heavy,
            weights,
            goals,
        }
    }

    /// The tables for `variant` with its pieces' values (the level's, else estimated).
    pub fn for_variant(variant: Arc<Variant>) -> GridEval {
        let values = variant.roles().map(|r| variant.value(r)).collect();
        let mut eval = GridEval::new(variant, values);
        let tables = SquareTables::of_variant(&eval.variant);
        eval.add_squares(&tables);
        eval
    }

    /// Adds `tables` (White's view) to the piece-square terms of both sides.
    pub fn add_squares(&mut self, tables: &SquareTables) {
        let g = self.variant.geometry;
        let n = g.squares();
        if tables.middle.len() != self.squares[0].len() || tables.end.len() != tables.middle.len() {
            return;
        }
        for side in Color::BOTH {
            for role in self.variant.roles() {
                for sq in g.all() {
                    let seen = white_view(g, side, sq);
                    let at = role.index() * n + usize::from(sq);
                    let from = role.index() * n + usize::from(seen);
                    self.squares[side][at] += tables.middle[from];
                    self.squares_end[side][at] += tables.end[from];
                }
            }
        }
    }

    /// The value of a role (0 for royals).
    pub fn value(&self, role: Role) -> i32 {
        self.values[role.index()]
    }

    /// The score of `pos` for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_with(pos, None)
    }

    /// The score of `pos` for the side to move, its pawns' part looked up in `cache` (and
    /// kept there) where there is one: the same score either way.
    pub fn evaluate_with(&self, pos: &Position, cache: Option<&mut PawnCache>) -> i32 {
        self.evaluate_parts(pos, cache).score
    }

    /// The score of `pos` for the side to move with what a fit of piece-square tables
    /// needs to know of it: how far into the middlegame it is and the lead's share kept.
    pub fn evaluate_parts(&self, pos: &Position, cache: Option<&mut PawnCache>) -> EvalParts {
        let w = &self.weights;
        let v = &*self.variant;
        let g = v.geometry;
        let n = g.squares();
        let mut material = [0; 2];
        // By side: its material but pawns.
        let mut pieces = [0; 2];
        // By side: the worth of its most valuable piece.
        let mut strongest = [0; 2];
        let mut placed = [0; 2];
        let mut placed_end = [0; 2];
        // By side: the squares round its royals, and how often enemy pieces attack them.
        let mut zones = [[0_u64; ZONE_WORDS]; 2];
        for side in Color::BOTH {
            for &royal in pos.royals(side) {
                let around = &self.zone[usize::from(royal) * self.words..][..self.words];
                for (z, a) in zones[side].iter_mut().zip(around) {
                    *z |= a;
                }
            }
        }
        // By side: its material (pieces in hand too, with drops); the key of where the
        // pawns stand.
        let mut pawn_key = 0;
        for side in Color::BOTH {
            for &sq in pos.pieces(side) {
                let c = pos.cell(sq);
                let role = role_of(c);
                let r = role.index();
                material[side] += self.values[r];
                if self.pawn[r] {
                    pawn_key ^= v.zobrist.square(sq, c, false);
                } else if !v[role].royal {
                    // A level may value a royal too; it is no piece to win or attack with.
                    pieces[side] += self.values[r];
                    strongest[side] = strongest[side].max(self.values[r]);
                }
            }
            if v.drops {
                for role in v.roles() {
                    material[side] +=
                        self.values[role.index()] * i32::from(pos.in_hand(side, role));
                }
            }
        }
        let mut fresh = None;
        let structure = match cache {
            Some(cache) => cache.find(pawn_key, || self.pawn_structure(pos, pawn_key)),
            None => fresh.insert(self.pawn_structure(pos, pawn_key)),
        };
        let pawns = &structure.pawns;
        // By side: the squares its pawns could capture on, where enemy pieces' moves do
        // not count as mobility.
        let pawn_attacked = &structure.attacked;
        let phase = (material[0] + material[1]).min(self.full_material);
        // Royal danger counts in the middlegame only.
        let middlegame = phase * 3 > self.full_material;
        // By side: the enemy's moves onto its royals' squares, and how many pieces make
        // them.
        let mut danger = [0; 2];
        let mut attackers = [0_usize; 2];
        // By side: how many of its file sliders stand on each file, and which colours of
        // square its colour-bound pieces stand on (two bits a role).
        let mut sliders = [[0_u8; MAX_FILES]; 2];
        let mut colours = [0_u64; 2];
        for side in Color::BOTH {
            let them = side.opponent();
            for &sq in pos.pieces(side) {
                let role = role_of(pos.cell(sq));
                let r = role.index();
                if self.file_slider[r]
                    && let Some(count) = sliders[side].get_mut(g.file(sq) as usize)
                {
                    *count += 1;
                }
                if self.bound[r] {
                    let colour = (g.file(sq) + g.rank(sq)) % 2;
                    if r < 32 {
                        colours[side] |= 1 << (2 * r as i32 + colour);
                    }
                    // Its own pawns on its colour hem it in (a bad bishop).
                    let hemmed = i32::from(pawns.on_colour[side][colour as usize]) * w.bound_pawns;
                    placed[side] -= hemmed;
                    placed_end[side] -= 2 * hemmed;
                }
                let at = role.index() * n + usize::from(sq);
                placed[side] += self.squares[side][at];
                placed_end[side] += self.squares_end[side][at];
                if let Some(expected) = self.expected_moves[role.index()] {
                    let counts = count_moves(
                        v,
                        pos,
                        sq,
                        &zones[them][..self.words],
                        &pawn_attacked[them][..self.words],
                    );
                    danger[them] += counts.into as i32;
                    attackers[them] += usize::from(counts.into > 0);
                    let moves = counts.moves as i32;
                    let active =
                        (moves - expected) * w.moves - (expected.min(3) - moves).max(0) * w.trapped;
                    placed[side] += active;
                    placed_end[side] += active;
                }
                if self.pawn[role.index()] {
                    placed[side] -= self.values[r] * (100 - w.pawn_middle_percent) / 100;
                }
                if self.minor[r] && self.outpost(pawns, &pawn_attacked[side], side, sq) {
                    placed[side] += w.outpost;
                    placed_end[side] += w.outpost;
                }
            }
        }
        for side in Color::BOTH {
            let mut files = 0;
            for (f, &count) in sliders[side].iter().enumerate() {
                if count > 0 && pawns.on_file[side][f] == 0 {
                    let open = pawns.on_file[side.opponent()][f] == 0;
                    files += i32::from(count) * if open { w.open_file } else { w.half_open_file };
                }
            }
            // Both colours of one role: the bits 0b11 at an even place.
            let both = colours[side] & (colours[side] >> 1) & 0x5555_5555_5555_5555;
            let pair = if both != 0 { w.bound_pair } else { 0 };
            placed[side] += files + pair;
            placed_end[side] += files + pair;
        }
        let (middle, end) = self.passed_pawns(pos, structure);
        let mut score = [0; 2];
        for side in Color::BOTH {
            // Attacks weigh more the more pieces join them.
            let mut danger = danger[side] * ATTACKERS_SHARE[attackers[side].min(7)] / 100;
            if strongest[side.opponent()] < self.heavy {
                danger = danger * w.royal_danger_queenless / 100;
            }
            let mut shelter = 0;
            if middlegame {
                for &royal in pos.royals(side) {
                    shelter += pawns.shelter(g, side, royal) * w.shelter;
                    shelter -= pawns.storm(g, side, royal) * w.storm;
                }
            } else {
                danger = 0;
            }
            // In 64 bits: a large board's terms times its material pass 2³¹.
            let full = i64::from(self.full_material);
            let tapered = (i64::from(middle[side] + placed[side]) * i64::from(phase)
                + i64::from(end[side] + placed_end[side]) * (full - i64::from(phase)))
                / full;
            let tapered = tapered.clamp(i64::from(i32::MIN / 8), i64::from(i32::MAX / 8)) as i32;
            score[side] = material[side]
                + tapered
                + scaled(
                    i64::from(shelter)
                        - i64::from(danger) * i64::from(w.royal_danger)
                        - i64::from(danger).pow(2) * i64::from(w.royal_danger_square) / 64,
                    phase,
                    self.full_material,
                );
        }
        if v.goals.any_end() {
            let goals = self.goals.terms(v, pos, &material);
            score[0] += goals[0];
            score[1] += goals[1];
        }
        let us = pos.to_move();
        let lead = score[us] - score[us.opponent()];
        let ahead = if lead > 0 { us } else { us.opponent() };
        let share = self.winning_share(pawns, &pieces, ahead);
        EvalParts {
            score: lead * share / 64 + w.tempo,
            middlegame: f64::from(phase) / f64::from(self.full_material),
            share,
        }
    }

    /// How much of its lead (in 64ths) the side `ahead` can hope to turn into a win: all
    /// of it, unless it has no pawns and is ahead in pieces by no more than a minor
    /// piece's worth (a rook against a minor piece, rook and minor against a rook); then
    /// almost nothing with at most a minor piece of its own, little where the other side
    /// has at most a minor piece, and a fifth otherwise.
    fn winning_share(&self, pawns: &Pawns, pieces: &[i32; 2], ahead: Color) -> i32 {
        let behind = ahead.opponent();
        if self.drawish == 0
            || pawns.count[ahead] > 0
            || pieces[ahead] - pieces[behind] > self.drawish
        {
            64
        } else if pieces[ahead] <= self.drawish {
            2
        } else if pieces[behind] <= self.drawish {
            4
        } else {
            14
        }
    }

    /// Whether `sq` is an outpost for `side`: from the middle of its own half (half the
    /// ranks less one from its edge: the fourth rank of eight) to two ranks short of the
    /// far edge, guarded by a pawn of `side` (`guarded`: its pawns' capture squares), and
    /// out of reach of every enemy pawn, now and later (none on a file it could capture
    /// from stands ahead of the square).
    fn outpost(&self, pawns: &Pawns, guarded: &[u64; ZONE_WORDS], side: Color, sq: Square) -> bool {
        let v = &*self.variant;
        let g = v.geometry;
        let s = usize::from(sq);
        if guarded[s / 64] >> (s % 64) & 1 == 0 {
            return false;
        }
        let rank = g.rank(sq);
        let ahead = g.ranks_ahead(side, rank);
        let advanced = i32::from(g.ranks()) - 1 - ahead;
        if ahead < 2 || 2 * advanced < i32::from(g.ranks()) - 2 {
            return false;
        }
        let them = side.opponent();
        let file = g.file(sq);
        self.pawn_capture_files[them].iter().all(|&step| {
            usize::try_from(file - step)
                .ok()
                .filter(|&f| f < MAX_FILES)
                .is_none_or(|f| !pawns.ahead(them, f, side, rank))
        })
    }

    /// The squares `side`'s pawns attack in `pos`, from `cache` where it holds them.
    pub(super) fn pawn_attacks(
        &self,
        pos: &Position,
        cache: &mut PawnCache,
        side: Color,
    ) -> [u64; ZONE_WORDS] {
        let v = &*self.variant;
        let mut key = 0;
        for colour in Color::BOTH {
            for &sq in pos.pieces(colour) {
                let c = pos.cell(sq);
                if self.pawn[role_of(c).index()] {
                    key ^= v.zobrist.square(sq, c, false);
                }
            }
        }
        cache.find(key, || self.pawn_structure(pos, key)).attacked[side]
    }

    /// What the pawns alone say of each side, with `key` (the key of where they stand):
    /// where they stand by file, the squares they could capture on, and their structure's
    /// worth in the middlegame and in the endgame (doubled and isolated pawns, connected
    /// ones, beside or just behind a pawn of their own on a file next to theirs, and
    /// central ones by advance), and which of them are passed.
    fn pawn_structure(&self, pos: &Position, key: u64) -> PawnStructure {
        let w = &self.weights;
        let v = &*self.variant;
        let g = v.geometry;
        let n = g.squares();
        let mut found = PawnStructure {
            key,
            pawns: Pawns::default(),
            attacked: [[0; ZONE_WORDS]; 2],
            middle: [0; 2],
            end: [0; 2],
            passed: [[0; ZONE_WORDS]; 2],
        };
        for side in Color::BOTH {
            for &sq in pos.pieces(side) {
                let r = role_of(pos.cell(sq)).index();
                if let Some(slot) = self.pawn_slot[r] {
                    found.pawns.add(side, g.file(sq), g.rank(sq));
                    let at = (slot * n + usize::from(sq)) * self.words;
                    let attacks = &self.pawn_attacks[side][at..][..self.words];
                    for (a, b) in found.attacked[side].iter_mut().zip(attacks) {
                        *a |= b;
                    }
                }
            }
        }
        let pawns = &found.pawns;
        if pawns.count == [0, 0] {
            return found;
        }
        let (middle, end) = (&mut found.middle, &mut found.end);
        let files = i32::from(g.files()).min(MAX_FILES as i32);
        let last = i32::from(g.ranks()) - 1;
        for side in Color::BOTH {
            let them = side.opponent();
            for &sq in pos.pieces(side) {
                if !self.pawn[role_of(pos.cell(sq)).index()] {
                    continue;
                }
                let (f, r) = (g.file(sq), g.rank(sq));
                if f >= files {
                    continue;
                }
                let beside = |f: i32| (0..files).contains(&f);
                let neighbours = [f - 1, f + 1];
                let mut term = 0;
                if neighbours
                    .iter()
                    .all(|&k| !beside(k) || pawns.on_file[side][k as usize] == 0)
                {
                    term -= w.isolated;
                }
                let behind = if side == Color::White { r - 1 } else { r + 1 };
                if neighbours
                    .iter()
                    .any(|&k| beside(k) && (pawns.at(side, k, r) || pawns.at(side, k, behind)))
                {
                    term += w.connected;
                }
                middle[side] += term;
                end[side] += term;
                if (2 * f - files + 1).abs() <= 2 {
                    middle[side] += w.centre_pawn * (last - g.ranks_ahead(side, r)).min(3);
                }
                // Passed: no enemy pawn ahead on its file or the files beside it.
                let passed = [f - 1, f, f + 1]
                    .iter()
                    .filter(|&&k| beside(k))
                    .all(|&k| !pawns.ahead(them, k as usize, side, r));
                if passed {
                    let s = usize::from(sq);
                    found.passed[side][s / 64] |= 1 << (s % 64);
                }
            }
            for f in 0..files as usize {
                let extra = i32::from(pawns.on_file[side][f]).saturating_sub(1).max(0);
                middle[side] -= extra * w.doubled;
                end[side] -= extra * w.doubled;
            }
        }
        found
    }

    /// The pawn structure's worth to each side, in the middlegame and in the endgame: the
    /// pawns' own terms (`structure`), and the passed pawns' (more the further on, more
    /// with nothing on the square ahead, and by the royals' distances from that square).
    fn passed_pawns(&self, pos: &Position, structure: &PawnStructure) -> ([i32; 2], [i32; 2]) {
        let w = &self.weights;
        let g = self.variant.geometry;
        let (mut middle, mut end) = (structure.middle, structure.end);
        let last = i32::from(g.ranks()) - 1;
        for side in Color::BOTH {
            let them = side.opponent();
            for (k, &word) in structure.passed[side].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let sq = Square::from_index(k * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    let (f, r) = (g.file(sq), g.rank(sq));
                    let advanced = last - g.ranks_ahead(side, r);
                    let progress = advanced * advanced;
                    let full = (last * last).max(1);
                    let ahead = if side == Color::White { r + 1 } else { r - 1 };
                    // Free to advance: nothing stands on the square ahead.
                    let free = g.square(f, ahead).is_some_and(|s| pos.cell(s) == EMPTY);
                    let free = i32::from(free) * w.passed_free;
                    middle[side] += (w.passed_middle + free) * progress / full;
                    end[side] += (w.passed_end + free) * progress / full;
                    // The royals' distance from the square ahead of it: the enemy's
                    // helps it, its own's hinders.
                    let steps = |royal: Option<&Square>| {
                        royal.map_or(5, |&k| {
                            ((g.file(k) - f).abs().max((g.rank(k) - ahead).abs())).min(5)
                        })
                    };
                    let near = steps(pos.royals(them).first()) * w.passed_their_royal
                        - steps(pos.royals(side).first()) * w.passed_own_royal;
                    end[side] += near * progress / full;
                }
            }
        }
        (middle, end)
    }
}

/// What the pawns alone say of a position (see [`GridEval::pawn_structure`]), kept by the
/// key of where they stand.
#[derive(Clone, Debug)]
struct PawnStructure {
    key: u64,
    pawns: Pawns,
    /// By side: the squares its pawns could capture on.
    attacked: [[u64; ZONE_WORDS]; 2],
    /// By side: the structure's worth in the middlegame and in the endgame, passed pawns
    /// aside.
    middle: [i32; 2],
    end: [i32; 2],
    /// By side: its passed pawns' squares.
    passed: [[u64; ZONE_WORDS]; 2],
}

/// Where `sq` of `side`'s piece stands as White sees it: Black's squares mirrored across
/// the middle rank.
pub fn white_view(g: crate::grid::Geometry, side: Color, sq: Square) -> Square {
    if side == Color::White {
        return sq;
    }
    g.square(g.file(sq), i32::from(g.ranks()) - 1 - g.rank(sq))
        .unwrap_or(sq)
}

/// Every piece type's worth by square on top of its value, in centipawns (see
/// [`crate::grid::PieceSquares`]): by role, then by square as White sees the board
/// (Black's pieces read them mirrored), one table for the middlegame and one for the
/// endgame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareTables {
    /// By role and square (role × squares + square), the middlegame's corrections.
    pub middle: Vec<i32>,
    /// The same for the endgame.
    pub end: Vec<i32>,
}

impl SquareTables {
    /// The tables the level gives its pieces (`squares`), zero where it gives none.
    pub fn of_variant(v: &Variant) -> SquareTables {
        let n = v.geometry.squares();
        let mut t = SquareTables {
            middle: vec![0; v.types.len() * n],
            end: vec![0; v.types.len() * n],
        };
        for role in v.roles() {
            if let Some(squares) = &v[role].squares {
                let at = role.index() * n;
                if squares.middle.len() == n && squares.end.len() == n {
                    t.middle[at..][..n].copy_from_slice(&squares.middle);
                    t.end[at..][..n].copy_from_slice(&squares.end);
                }
            }
        }
        t
    }
}

/// A score with the two numbers that scale its piece-square part: see
/// [`GridEval::evaluate_parts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalParts {
    /// The score for the side to move.
    pub score: i32,
    /// How far the position is into the middlegame: 1 with all the setup's material on
    /// the board, 0 with none.
    pub middlegame: f64,
    /// The share (in 64ths) of the lead the side ahead is given.
    pub share: i32,
}

/// Pawn structures found before, by the key of where the pawns stand: a search meets few
/// of them, each many times.
#[derive(Clone, Debug, Default)]
pub struct PawnCache {
    entries: Vec<Option<PawnStructure>>,
}

/// Entries of a [`PawnCache`] (a power of two).
const PAWN_CACHE: usize = 1 << 10;

impl PawnCache {
    /// The structure kept for `key`, or the one `find` finds, kept in its place.
    fn find(&mut self, key: u64, find: impl FnOnce() -> PawnStructure) -> &PawnStructure {
        if self.entries.is_empty() {
            self.entries = vec![None; PAWN_CACHE];
        }
        let slot = &mut self.entries[key as usize & (PAWN_CACHE - 1)];
        if !matches!(slot, Some(kept) if kept.key == key) {
            *slot = None;
        }
        slot.get_or_insert_with(find)
    }
}

/// `term · phase / full` without overflow (large boards hold much material, and a term
/// that squares the attacks on a royal can be large too).
fn scaled(term: i64, phase: i32, full: i32) -> i32 {
    let value = term.saturating_mul(i64::from(phase)) / i64::from(full.max(1));
    value.clamp(i64::from(i32::MIN / 4), i64::from(i32::MAX / 4)) as i32
}

/// Where each side's pawns stand, by file: how many, and the nearest and furthest
/// rank (as ranks are numbered, from White's side).
#[derive(Clone, Debug)]
struct Pawns {
    count: [u32; 2],
    /// By side: how many stand on squares of each colour ((file + rank) even, odd).
    on_colour: [[u8; 2]; 2],
    on_file: [[u8; MAX_FILES]; 2],
    lowest: [[i8; MAX_FILES]; 2],
    highest: [[i8; MAX_FILES]; 2],
}

impl Default for Pawns {
    fn default() -> Pawns {
        Pawns {
            count: [0; 2],
            on_colour: [[0; 2]; 2],
            on_file: [[0; MAX_FILES]; 2],
            lowest: [[i8::MAX; MAX_FILES]; 2],
            highest: [[i8::MIN; MAX_FILES]; 2],
        }
    }
}

impl Pawns {
    fn add(&mut self, side: Color, file: i32, rank: i32) {
        let Ok(f) = usize::try_from(file) else { return };
        if f >= MAX_FILES {
            return;
        }
        self.count[side] += 1;
        let colour = &mut self.on_colour[side][((file + rank) % 2) as usize];
        *colour = colour.saturating_add(1);
        self.on_file[side][f] += 1;
        let r = rank as i8;
        self.lowest[side][f] = self.lowest[side][f].min(r);
        self.highest[side][f] = self.highest[side][f].max(r);
    }

    /// Whether `side` has a pawn on `file`, `rank`: known only as far as the nearest and
    /// furthest of the file tell, which is exact for up to two pawns a file.
    fn at(&self, side: Color, file: i32, rank: i32) -> bool {
        let f = file as usize;
        self.on_file[side][f] > 0
            && (i32::from(self.lowest[side][f]) == rank || i32::from(self.highest[side][f]) == rank)
    }

    /// Whether `side` has a pawn on `file` ahead of `rank` as `mover` goes.
    fn ahead(&self, side: Color, file: usize, mover: Color, rank: i32) -> bool {
        if self.on_file[side][file] == 0 {
            return false;
        }
        if mover == Color::White {
            i32::from(self.highest[side][file]) > rank
        } else {
            i32::from(self.lowest[side][file]) < rank
        }
    }

    /// How many of `side`'s pawns stand on the three squares in front of the royal on
    /// `royal` or the three beyond them.
    fn shelter(&self, g: crate::grid::Geometry, side: Color, royal: Square) -> i32 {
        let r = g.rank(royal);
        let step = if side == Color::White { 1 } else { -1 };
        let mut count = 0;
        for k in front_files(g, royal) {
            if self.at(side, k as i32, r + step) || self.at(side, k as i32, r + 2 * step) {
                count += 1;
            }
        }
        count
    }

    /// How closely enemy pawns storm the royal of `side` on `royal`: on each of the three
    /// files in front of it, the nearest enemy pawn ahead (as far as the file's nearest
    /// and furthest pawns tell) counts 2 two ranks away, 1 one or three ranks away.
    fn storm(&self, g: crate::grid::Geometry, side: Color, royal: Square) -> i32 {
        let r = g.rank(royal);
        let them = side.opponent();
        let mut count = 0;
        for k in front_files(g, royal) {
            if self.on_file[them][k] == 0 {
                continue;
            }
            let distance = if side == Color::White {
                i32::from(self.lowest[them][k]) - r
            } else {
                r - i32::from(self.highest[them][k])
            };
            count += match distance {
                2 => 2,
                1 | 3 => 1,
                _ => 0,
            };
        }
        count
    }
}

/// The files of the three squares in front of a royal on `royal` (its own and those
/// beside it) that the board and the pawn tally have.
fn front_files(g: crate::grid::Geometry, royal: Square) -> impl Iterator<Item = usize> {
    let f = g.file(royal);
    (f - 1..=f + 1)
        .filter_map(|k| usize::try_from(k).ok())
        .filter(move |&k| k < MAX_FILES && k < usize::from(g.files()))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::grid::parse_fen;

    /// Chess, with textbook values (the level's own are tested elsewhere).
    pub(crate) fn chess() -> Arc<GridEval> {
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

    /// A chess FEN seen from the other side: ranks reversed, colours swapped.
    fn mirrored(fen: &str) -> String {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let swap = |t: &str| -> String {
            t.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let board: Vec<String> = fields[0].split('/').rev().map(swap).collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        format!("{} {side} - - 0 1", board.join("/"))
    }

    fn score(eval: &GridEval, fen: &str) -> i32 {
        eval.evaluate(&parse_fen(&eval.variant, fen).expect("a good FEN"))
    }

    #[test]
    fn the_evaluation_is_the_same_from_either_side() {
        let eval = chess();
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/5pk1/6p1/1P6/8/6P1/5PK1/8 b - - 0 1",
        ] {
            assert_eq!(score(&eval, fen), score(&eval, &mirrored(fen)), "{fen}");
        }
    }

    /// White's pawn structure in `fen` (middlegame, endgame).
    fn white_structure(eval: &GridEval, fen: &str) -> (i32, i32) {
        structure(eval, fen, Color::White)
    }

    /// `side`'s pawn structure in `fen` (middlegame, endgame).
    fn structure(eval: &GridEval, fen: &str, side: Color) -> (i32, i32) {
        let pos = parse_fen(&eval.variant, fen).expect("a good FEN");
        let (middle, end) = eval.passed_pawns(&pos, &eval.pawn_structure(&pos, 0));
        (middle[side], end[side])
    }

    #[test]
    fn a_huge_army_stays_inside_the_mate_scores() {
        use crate::grid::PieceType;
        use crate::grid::{Geometry, RoyalRule, Stalemate};
        use crate::search::grid::GridSearch;
        use crate::search::{MATE_BOUND, Searchable};
        let mut king = PieceType::new('K', "king", "K").expect("reads");
        king.royal = true;
        let queen = PieceType::new('Q', "queen", "Q").expect("reads");
        let g = Geometry::new(26, 26).expect("a board");
        let v = Arc::new(
            Variant::new(
                g,
                vec![king, queen],
                None,
                Stalemate::Draw,
                RoyalRule::Checkmate,
            )
            .expect("a variant"),
        );
        let mut pos = Position::empty(g.squares());
        let (k, q) = (Role::new(0), Role::new(1));
        let target = g.square(12, 12).expect("a square");
        pos.put(&v, target, piece(Color::Black, k), true);
        pos.put(
            &v,
            g.square(0, 0).expect("a square"),
            piece(Color::White, k),
            true,
        );
        for sq in g.all() {
            let near = (g.file(sq) - 12).abs() <= 2 && (g.rank(sq) - 12).abs() <= 2;
            if !near && pos.cell(sq) == EMPTY {
                pos.put(&v, sq, piece(Color::White, q), true);
            }
        }
        let eval = Arc::new(GridEval::for_variant(Arc::clone(&v)));
        let raw = eval.evaluate(&pos);
        assert!(raw > MATE_BOUND, "{raw}");
        let mut search = GridSearch::new(eval, pos.clone(), &[]);
        assert_eq!(search.evaluate(), MATE_BOUND - 1);
        // The same army as the level's own setup, each queen worth the most a value may
        // be: the tapering multiplies terms by millions of material without overflow.
        let mut setup = (*v).clone();
        setup.setup = pos.cells.clone();
        let eval = GridEval::new(Arc::new(setup), vec![0, 10_000]);
        assert!(eval.full_material > 6_000_000, "{}", eval.full_material);
        let raw = eval.evaluate(&pos);
        assert!(raw > MATE_BOUND, "{raw}");
    }

    #[test]
    fn a_passed_pawn_free_to_advance_gains() {
        let eval = chess_with(|w| w.passed_free = 49);
        let white = |fen: &str| white_structure(&eval, fen);
        // On b6 (five steps of seven done): 49 · 25 / 49 in both phases while b7 is
        // empty; nothing once Black's knight stands on it, or with its own rook there.
        assert_eq!(white("6k1/8/1P6/8/8/8/8/6K1 w - - 0 1"), (25, 25));
        assert_eq!(white("6k1/1n6/1P6/8/8/8/8/6K1 w - - 0 1"), (0, 0));
        assert_eq!(white("6k1/1R6/1P6/8/8/8/8/6K1 w - - 0 1"), (0, 0));
        // The same from Black's side, on b3.
        let black = |fen: &str| structure(&eval, fen, Color::Black);
        assert_eq!(black("6k1/8/8/8/8/1p6/8/6K1 w - - 0 1"), (25, 25));
        assert_eq!(black("6k1/8/8/8/8/1p6/1N6/6K1 w - - 0 1"), (0, 0));
    }

    #[test]
    fn pawns_are_scored_by_their_structure() {
        let eval = chess();
        // White's structure alone: a passed pawn on b5 against one with a pawn ahead on
        // its file (b7) or the file beside it (a6), and the further on the better.
        let white = |fen: &str| white_structure(&eval, fen);
        let passed = white("6k1/7p/8/1P6/8/8/8/6K1 w - - 0 1");
        assert!(passed.0 > 0 && passed.1 > passed.0, "{passed:?}");
        for opposed in [
            "6k1/1p6/8/1P6/8/8/8/6K1 w - - 0 1",
            "6k1/8/p7/1P6/8/8/8/6K1 w - - 0 1",
        ] {
            assert!(
                white(opposed).1 < passed.1,
                "{opposed}: {:?}",
                white(opposed)
            );
        }
        let further = white("6k1/7p/1P6/8/8/8/8/6K1 w - - 0 1");
        assert!(further.1 > passed.1, "b6 {further:?}, b5 {passed:?}");
        // Two pawns on one file are worth less than two on files side by side.
        let doubled = score(&eval, "6k1/8/8/8/8/3P4/3P4/6K1 w - - 0 1");
        let connected = score(&eval, "6k1/8/8/8/8/8/3PP3/6K1 w - - 0 1");
        assert!(
            connected > doubled,
            "connected {connected}, doubled {doubled}"
        );
        // A castled king behind its pawns is safer than one whose pawns have gone: its
        // shelter gains (the pawns pushed on also restrict the enemy's pieces, which the
        // rest of the evaluation rewards).
        let open = reweighed(&eval, |w| w.shelter = 0);
        let shelter = |fen: &str| score(&eval, fen) - score(&open, fen);
        let sheltered = shelter("r1bq1rk1/ppp2ppp/2n2n2/8/8/2N2N2/PPP2PPP/R1BQ1RK1 w - - 0 1");
        let bare = shelter("r1bq1rk1/ppp2ppp/2n2n2/8/5PPP/2N2N2/PPP5/R1BQ1RK1 w - - 0 1");
        assert!(sheltered > bare, "sheltered {sheltered}, bare {bare}");
    }

    #[test]
    fn centre_pawns_and_massed_attacks_on_a_royal_are_scored() {
        let eval = chess();
        let structure = |fen: &str| white_structure(&eval, fen);
        // A blocked pawn on e4 against one on a4: the same in the endgame, more in the
        // middlegame.
        let centre = structure("6k1/8/8/4p3/4P3/8/8/6K1 w - - 0 1");
        let edge = structure("6k1/8/8/p7/P7/8/8/6K1 w - - 0 1");
        assert_eq!(centre.1, edge.1);
        assert_eq!(
            centre.0 - edge.0,
            3 * eval.weights.centre_pawn,
            "{centre:?} {edge:?}"
        );
        // The square of the danger: many attacks on a royal cost more than their count
        // alone says, and none cost nothing.
        let linear = reweighed(&eval, |w| w.royal_danger_square = 0);
        let attacked = "r1b2rk1/pp3ppp/2n5/3q4/8/2NB1N1Q/PP3PPP/R4RK1 w - - 0 1";
        let quiet = "r1b2rk1/pp3ppp/2n5/3q4/8/2N2N2/PPQB1PPP/R4RK1 w - - 0 1";
        assert!(
            score(&eval, attacked) > score(&linear, attacked),
            "{} {}",
            score(&eval, attacked),
            score(&linear, attacked)
        );
        let gap = |fen: &str| score(&eval, fen) - score(&linear, fen);
        assert!(
            gap(attacked) > gap(quiet),
            "{} {}",
            gap(attacked),
            gap(quiet)
        );
    }

    /// Chess with every weight at 0 but those `only` sets (the advance table never
    /// vanishes: its share is at least 1).
    fn chess_with(only: impl FnOnce(&mut GridWeights)) -> GridEval {
        reweighed(&chess(), |weights| {
            for k in 0..GridWeights::NAMES.len() {
                weights.set(k, 0);
            }
            weights.pawn_middle_percent = 100;
            only(weights);
        })
    }

    /// `eval` with its weights as `change` leaves them.
    fn reweighed(eval: &GridEval, change: impl FnOnce(&mut GridWeights)) -> GridEval {
        let mut weights = eval.weights;
        change(&mut weights);
        GridEval::with_weights(Arc::clone(&eval.variant), eval.values.clone(), weights)
    }

    #[test]
    fn an_advance_share_of_0_counts_no_advance() {
        // What a pawn gains from a2 to a7, the only weight the advance's share.
        let gained = |share| {
            let named = GridWeights::NAMES
                .iter()
                .position(|&n| n == "advance_share");
            // Set as a level's `[evaluation]` sets it.
            let eval = chess_with(|w| w.set(named.expect("a weight"), share));
            score(&eval, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
                - score(&eval, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1")
        };
        // One step short of the zone, a share of 1 counts the whole of a queen's gain
        // over a pawn (as the endgame counts it: hundreds); a share of 10000 next to
        // nothing; a share of 0 nothing at all.
        assert!(gained(1) >= gained(10000) + 300, "{}", gained(1));
        assert_eq!(gained(0), gained(10000));
    }

    #[test]
    fn squares_an_enemy_pawn_guards_are_no_mobility() {
        let eval = chess_with(|w| w.moves = 1);
        // A pawn on d7 guards c6 and e6, two of the knight's squares; one on h7 guards
        // none of them. Nothing else differs (White's pawn keeps the lead unscaled).
        let guarded = score(&eval, "4k3/3p4/8/8/3N4/8/P7/4K3 w - - 0 1");
        let free = score(&eval, "4k3/7p/8/8/3N4/8/P7/4K3 w - - 0 1");
        assert_eq!(free - guarded, 2, "free {free}, guarded {guarded}");
    }

    #[test]
    fn a_piece_with_hardly_a_move_loses_more_than_its_mobility() {
        let eval = chess_with(|w| w.trapped = 10);
        // A bishop on a1 shut in by its own pawn on b2 has no move; with the pawn on h2
        // it has the long diagonal: it has three moves fewer than three.
        let shut = score(&eval, "4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1");
        let open = score(&eval, "4k3/8/8/8/8/8/7P/B3K3 w - - 0 1");
        // (Within one: the tapered sum is rounded once for all terms.)
        assert!((open - shut - 30).abs() <= 1, "open {open}, shut {shut}");
        // Its own knight on d4 leaves it two moves (one short); on h4, the whole
        // diagonal. The knight has at least three moves on either square.
        let cramped = score(&eval, "4k3/8/8/8/3N4/8/7P/B3K3 w - - 0 1");
        let free = score(&eval, "4k3/8/8/8/7N/8/7P/B3K3 w - - 0 1");
        assert!(
            (free - cramped - 10).abs() <= 1,
            "free {free}, cramped {cramped}"
        );
        // Without the weight, neither differs.
        let none = chess_with(|_| {});
        let shut = score(&none, "4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1");
        let open = score(&none, "4k3/8/8/8/8/8/7P/B3K3 w - - 0 1");
        assert!((open - shut).abs() <= 1, "open {open}, shut {shut}");
    }

    #[test]
    fn a_bishop_hemmed_in_by_its_own_pawns_loses() {
        let eval = chess_with(|w| w.bound_pawns = 5);
        // A bishop on c1 (a dark square) with its pawns on d2 and f4 (dark) against the
        // same with them on e2 and g4 (light): two pawns on its colour, 5 each in the
        // middlegame, 10 in the endgame, tapered between by the little material left.
        let fens = [
            "4k3/8/8/8/5P2/8/3P4/2B1K3 w - - 0 1",
            "4k3/8/8/8/6P1/8/4P3/2B1K3 w - - 0 1",
        ];
        let lost = score(&eval, fens[1]) - score(&eval, fens[0]);
        assert!((10..=20).contains(&lost), "{lost}");
        // Without the weight, nothing; and a knight is bound to no colour.
        let none = chess_with(|_| {});
        assert!((score(&none, fens[1]) - score(&none, fens[0])).abs() <= 1);
        let knight = fens.map(|f| f.replace("2B1K3", "2N1K3"));
        assert!((score(&eval, &knight[1]) - score(&eval, &knight[0])).abs() <= 1);
    }

    #[test]
    fn a_minor_piece_gains_on_an_outpost() {
        let eval = chess_with(|w| w.outpost = 40);
        // White's `piece` on `square`, its pawn on `guard` less the same with that pawn on
        // the h-file (guarding nothing there), Black's pawns on `extra`.
        let v = &eval.variant;
        let gain = |piece: char, square: &str, guard: &str, extra: &str| {
            let with_pawn = |pawn: &str| {
                let mut pos = parse_fen(v, "7k/8/8/8/8/8/8/4K3 w - - 0 1").expect("a good FEN");
                let mut put = |name: &str, letter: char| {
                    let sq = v.geometry.parse_square(name).expect("a square");
                    let role = v.role_of_letter(letter).expect("a chess piece");
                    let side = if letter.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    pos.put(v, sq, super::piece(side, role), true);
                };
                put(square, piece);
                put(pawn, 'P');
                for name in extra.split_whitespace() {
                    put(name, 'p');
                }
                eval.evaluate(&pos)
            };
            let unguarded = format!("h{}", &guard[1..]);
            with_pawn(guard) - with_pawn(&unguarded)
        };
        assert_eq!(gain('N', "d5", "e4", ""), 40);
        assert_eq!(gain('B', "d5", "c4", ""), 40);
        assert_eq!(gain('N', "d4", "c3", ""), 40);
        assert_eq!(gain('N', "d6", "e5", ""), 40);
        // A rook or a queen is no minor piece.
        assert_eq!(gain('R', "d5", "e4", ""), 0);
        assert_eq!(gain('Q', "d5", "e4", ""), 0);
        // A pawn on c7 or e6 can still come to attack d5; one on c4 has gone past it,
        // and one on a7 or d7 never attacks it.
        assert_eq!(gain('N', "d5", "e4", "c7"), 0);
        assert_eq!(gain('N', "d5", "e4", "e6"), 0);
        assert_eq!(gain('N', "d5", "e4", "c4 a7 d7"), 40);
        // Nearer its own side, or on the enemy's last two ranks, a square is no outpost.
        assert_eq!(gain('N', "d3", "e2", ""), 0);
        assert_eq!(gain('N', "d7", "e6", ""), 0);
        // Black's knight on d4, guarded by a pawn on e5: White's loss.
        let black = score(&eval, "4k3/8/8/4p3/3n4/8/8/4K3 w - - 0 1")
            - score(&eval, "4k3/8/8/7p/3n4/8/8/4K3 w - - 0 1");
        assert_eq!(black, -40);
    }

    #[test]
    fn a_pawn_is_worth_less_among_many_pieces() {
        let full = chess_with(|w| w.pawn_middle_percent = 100);
        let less = chess_with(|w| w.pawn_middle_percent = 60);
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        let missing = "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w - - 0 1";
        let pawn = |eval: &GridEval| score(eval, start) - score(eval, missing);
        assert_eq!(pawn(&full), 100);
        // Nearly all the material is on the board: nearly the middlegame's 60%.
        assert!((60..=63).contains(&pawn(&less)), "{}", pawn(&less));
        // With the pieces gone, a pawn is worth all of its value again.
        let bare = |eval: &GridEval| {
            score(eval, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1")
                - score(eval, "4k3/pppppppp/8/8/8/8/1PPPPPPP/4K3 w - - 0 1")
        };
        assert!(bare(&less) > 85, "{}", bare(&less));
    }

    #[test]
    fn pieces_are_scored_by_their_files_colours_and_royals() {
        let eval = chess();
        let role = |letter: char| {
            let v = &eval.variant;
            v.roles()
                .find(|&r| v[r].letter == letter)
                .expect("a chess type")
        };
        let sliders: Vec<char> = "PNBRQK"
            .chars()
            .filter(|&c| eval.file_slider[role(c).index()])
            .collect();
        let bound: Vec<char> = "PNBRQK"
            .chars()
            .filter(|&c| eval.bound[role(c).index()])
            .collect();
        assert_eq!((sliders, bound), (vec!['R'], vec!['B']));
        // A rook gains on a file without pawns of its own, more without any.
        let open = score(&eval, "4k3/pp3ppp/8/8/8/8/PP3PPP/3R2K1 w - - 0 1");
        let half = score(&eval, "4k3/pp1p1ppp/8/8/8/8/PP3PPP/3R2K1 w - - 0 1");
        let closed = score(&eval, "4k3/pp1p1ppp/8/8/8/8/PP1P1PPP/3R2K1 w - - 0 1");
        assert!(open > half, "open {open}, half-open {half}");
        // (White's extra d-pawn is worth more than the file it closes.)
        assert!(half - 100 < closed, "half-open {half}, closed {closed}");
        // Bishops on both colours against two on one.
        let pair = score(&eval, "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        let same = score(&eval, "4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1");
        assert!(pair > same + 20, "pair {pair}, one colour {same}");
        // In the endgame a central king is better; a passed pawn wants the enemy king
        // far from its path.
        let central = score(&eval, "7k/8/8/8/3K4/8/8/8 w - - 0 1");
        let cornered = score(&eval, "7k/8/8/8/8/8/8/K7 w - - 0 1");
        assert!(central > cornered, "central {central}, cornered {cornered}");
        let far = score(&eval, "k7/8/8/8/8/7P/8/K7 w - - 0 1");
        let near = score(&eval, "8/8/8/6k1/8/7P/8/K7 w - - 0 1");
        assert!(far > near + 40, "far {far}, near {near}");
    }

    #[test]
    fn a_lead_without_pawns_of_a_minor_piece_or_less_is_scaled_down() {
        let eval = chess();
        // A rook against a bishop: far less than the rook's lead in material.
        let rook_bishop = score(&eval, "4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1");
        assert!((0..60).contains(&rook_bishop), "{rook_bishop}");
        // A queen against a rook, and a rook against a bishop with a pawn beside it, are
        // worth their lead.
        let queen_rook = score(&eval, "4k3/8/8/3r4/8/8/8/Q3K3 w - - 0 1");
        assert!(queen_rook > 300, "{queen_rook}");
        let with_pawn = score(&eval, "4k3/8/8/3b4/8/8/P7/R3K3 w - - 0 1");
        assert!(with_pawn > 150, "{with_pawn}");
        // With the side behind to move, its small deficit and its tempo; and the scaling
        // reads the same from either side.
        let fen = "4k3/8/8/3b4/8/8/8/R3K3 b - - 0 1";
        let behind = score(&eval, fen) - eval.weights.tempo;
        assert!((-60..0).contains(&behind), "{behind}");
        assert_eq!(score(&eval, fen), score(&eval, &mirrored(fen)));
    }

    #[test]
    fn a_side_without_its_queen_attacks_a_royal_for_less() {
        let eval = chess();
        assert!(eval.weights.royal_danger_queenless < 100);
        let in_full = reweighed(&eval, |w| w.royal_danger_queenless = 100);
        // White's queen on h3 with a bishop and a knight round Black's king: the danger
        // counts in full.
        let queen = "r1b2rk1/pp3ppp/2n5/3q4/8/2NB1N1Q/PP3PPP/R4RK1 w - - 0 1";
        assert_eq!(score(&eval, queen), score(&in_full, queen));
        // A rook there instead: White has no piece of a queen's class left, and its
        // attack weighs less.
        let rook = "r1b2rk1/pp3ppp/2n5/3q4/8/2NB1N1R/PP3PPP/R5K1 w - - 0 1";
        assert!(
            score(&eval, rook) < score(&in_full, rook),
            "{} {}",
            score(&eval, rook),
            score(&in_full, rook)
        );
    }

    #[test]
    fn enemy_pawns_storming_a_royal_are_counted() {
        let eval = chess();
        let storm = |fen: &str, side: Color| {
            let pos = parse_fen(&eval.variant, fen).expect("a good FEN");
            eval.pawn_structure(&pos, 0).pawns.storm(
                eval.variant.geometry,
                side,
                pos.royals(side)[0],
            )
        };
        // Black's pawns on g3 (two ranks ahead of g1: 2) and h4 (three: 1); the one on
        // a4 is on no file in front of the king.
        let fen = "6k1/8/8/8/p6p/6p1/5P2/6K1 w - - 0 1";
        assert_eq!(storm(fen, Color::White), 3);
        // The same seen from Black's side, and none where no pawn comes near.
        assert_eq!(storm(&mirrored(fen), Color::Black), 3);
        assert_eq!(storm("6k1/6pp/8/8/8/8/5PPP/6K1 w - - 0 1", Color::White), 0);
    }
}
