//! A tool beside the engine, which never calls it (`areachess tune` runs it): fitting the
//! grid evaluation's weights to games (Texel's method). Self-play games give quiet
//! positions labelled with the games' results, and the weights are moved one at a time
//! for as long as the evaluation, read through a logistic curve, predicts those results
//! better (a smaller mean squared error).

use super::arena::Arena;
use super::engine::Searcher;
use super::grid::{GridEval, SquareTables, white_view};
use super::limits::Limits;
use super::searchable::Searchable;
use super::tuning::GridWeights;
use crate::grid::game::Game;
use crate::grid::{Position, Variant};
use crate::play::Color;
use crate::random::Rng;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

/// How the games that give the positions are played.
#[derive(Clone, Debug)]
pub struct Sampling {
    /// How many games.
    pub games: u32,
    /// The engine's nodes a move (a fixed count, so the games do not depend on the
    /// machine's speed).
    pub nodes: u64,
    /// Random plies first, so that the games differ.
    pub opening: u32,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// Games played at once.
    pub jobs: usize,
    /// The seed of the openings.
    pub seed: u64,
}

/// A quiet position and the result of its game, for White (1, ½ or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// White's points in the game it came from.
    pub result: f64,
}

/// Plays `sampling.games` self-play games of `variant` from `start` and keeps each position after the
/// opening in which the side to move is not in check and the engine's choice is quiet
/// (neither a capture nor a promotion), labelled with the game's result. `progress` is
/// told each finished game.
pub fn sample(
    variant: &Arc<Variant>,
    start: &Position,
    sampling: &Sampling,
    progress: impl Fn(u32) + Sync,
) -> Vec<Sample> {
    let eval = Arc::new(GridEval::for_variant(Arc::clone(variant)));
    let next = AtomicU32::new(0);
    let found = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..sampling.jobs.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(8);
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= sampling.games {
                        return;
                    }
                    let mut rng = Rng::new(
                        sampling.seed ^ (u64::from(n) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    );
                    let game = Game::new(Arc::clone(variant), start.clone());
                    let kept = one_game(game, &eval, &mut searcher, sampling, &mut rng);
                    if let Ok(mut all) = found.lock() {
                        all.extend(kept);
                    }
                    progress(n + 1);
                }
            });
        }
    });
    found.into_inner().unwrap_or_default()
}

/// One game's quiet positions with its result.
fn one_game(
    mut game: Game,
    eval: &Arc<GridEval>,
    searcher: &mut Searcher<crate::grid::Move>,
    sampling: &Sampling,
    rng: &mut Rng,
) -> Vec<Sample> {
    searcher.clear();
    let mut kept = Vec::new();
    let limits = Limits::nodes(sampling.nodes);
    for ply in 0..sampling.max_plies {
        if game.status().is_over() {
            break;
        }
        let chosen = if ply < sampling.opening {
            eval.pick(&game, false, rng)
        } else {
            let mut search = eval.search(&game);
            let report = searcher.search(&mut search, &limits, |_| {});
            if let Some(m) = report.best
                && !search.in_check()
                && !search.is_noisy(m)
            {
                kept.push(game.position().clone());
            }
            report.best
        };
        let Some(m) = chosen else { break };
        if !game.play(m) {
            break;
        }
    }
    let result = match game.status().winner() {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    };
    kept.into_iter()
        .map(|position| Sample { position, result })
        .collect()
}

/// Reads labelled positions, one a line: `FEN;P`, P White's expected score (0 to 1: a
/// game's result, or a stronger engine's evaluation through a logistic curve). Blank
/// lines and lines starting with `#` are skipped. An error names `file`, the line and
/// the column at fault.
pub fn read_positions(variant: &Variant, file: &str, text: &str) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line_number = k + 1;
        let trimmed = line.trim_end();
        if trimmed.trim_start().is_empty() || trimmed.trim_start().starts_with('#') {
            continue;
        }
        let Some((fen, label)) = trimmed.rsplit_once(';') else {
            return Err(format!(
                "{file}:{line_number}:1: expected `FEN;P`, P White's expected score from 0 to 1"
            ));
        };
        let label_column = fen.chars().count() + 2;
        let result = label
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|p| (0.0..=1.0).contains(p))
            .ok_or_else(|| {
                format!(
                    "{file}:{line_number}:{label_column}: `{}` is not a score from 0 to 1",
                    label.trim()
                )
            })?;
        let position = crate::grid::parse_fen(variant, fen)
            .map_err(|e| format!("{file}:{line_number}:{}: {}", e.span.column, e.kind))?;
        samples.push(Sample { position, result });
    }
    Ok(samples)
}

/// The positions of one variant, with the evaluation's piece values.
pub struct Family {
    /// The variant.
    pub variant: Arc<Variant>,
    /// Its positions.
    pub samples: Vec<Sample>,
}

/// The mean squared error of the predictions `1 / (1 + 10^(−k·e/400))` (e the evaluation
/// for White under `weights`, with the level's piece-square tables) against the results,
/// over every family's positions.
pub fn error(families: &[Family], weights: GridWeights, k: f64) -> f64 {
    let mut sum = 0.0;
    let mut count = 0usize;
    for family in families {
        let v = &family.variant;
        let values = v.roles().map(|r| v.value(r)).collect();
        let mut eval = GridEval::with_weights(Arc::clone(v), values, weights);
        eval.add_squares(&SquareTables::of_variant(v));
        for s in &family.samples {
            let mine = f64::from(eval.evaluate(&s.position));
            let white = if s.position.to_move() == Color::White {
                mine
            } else {
                -mine
            };
            sum += (s.result - predicted(k, white)).powi(2);
            count += 1;
        }
    }
    if count == 0 { 0.0 } else { sum / count as f64 }
}

/// The scale k that fits `weights`' evaluations best (a golden-section search over
/// 0.05 to 4).
pub fn fit_scale(families: &[Family], weights: GridWeights) -> f64 {
    best_scale(|k| error(families, weights, k))
}

/// The scale k from 0.05 to 4 where `error` is least (a golden-section search; the error
/// of a logistic fit has one minimum in k).
fn best_scale(error: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.05, 4.0);
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// White's expected score from the evaluation `white` (for White) at scale `k`.
fn predicted(k: f64, white: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * white / 400.0))
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// The weights.
    pub weights: GridWeights,
    /// The error with the weights it began from.
    pub before: f64,
    /// The error with the weights found.
    pub after: f64,
    /// The logistic scale, fitted to the starting weights.
    pub k: f64,
    /// Rounds of trying every weight.
    pub rounds: u32,
}

/// Moves each weight of `which` (indices into [`GridWeights::NAMES`]) up and down by a
/// step, keeping any change that lowers the error, round after round; a round without a
/// gain halves the steps, until they are 1 and a round gains nothing (or after
/// `most_rounds`). The scale k is fitted first and kept. `report` is told each round's
/// error.
pub fn fit(
    families: &[Family],
    start: GridWeights,
    which: &[usize],
    most_rounds: u32,
    mut report: impl FnMut(u32, f64),
) -> Fitted {
    let k = fit_scale(families, start);
    let before = error(families, start, k);
    let mut best = start;
    let mut best_error = before;
    let mut steps: Vec<i32> = (0..GridWeights::NAMES.len())
        .map(|i| (start.get(i).abs() / 4).max(4))
        .collect();
    let mut rounds = 0;
    while rounds < most_rounds {
        rounds += 1;
        let mut gained = false;
        for &i in which {
            for direction in [1, -1] {
                let mut trial = best;
                trial.set(i, best.get(i) + direction * steps[i]);
                if trial == best {
                    continue;
                }
                let e = error(families, trial, k);
                if e < best_error {
                    best = trial;
                    best_error = e;
                    gained = true;
                    break;
                }
            }
        }
        report(rounds, best_error);
        if !gained {
            if which.iter().all(|&i| steps[i] == 1) {
                break;
            }
            steps.iter_mut().for_each(|s| *s = (*s / 2).max(1));
        }
    }
    Fitted {
        weights: best,
        before,
        after: best_error,
        k,
        rounds,
    }
}

/// One position as a piece-square fit sees it: the evaluation for White without the
/// tables, how far into the middlegame it is, its label, and each piece's place in the
/// tables with its sign (White +, Black −) times the lead's share kept.
struct SquareSample {
    base: f64,
    middlegame: f64,
    result: f64,
    pieces: Vec<(usize, f64)>,
}

/// What a fit of piece-square tables found, for each family.
#[derive(Clone, Debug)]
pub struct FittedSquares {
    /// By family, the tables (rounded to centipawns).
    pub tables: Vec<SquareTables>,
    /// The error before and after, on the positions fitted and on those held out (the
    /// last tenth).
    pub before: (f64, f64),
    /// See `before`.
    pub after: (f64, f64),
    /// The logistic scale, fitted to the evaluation without tables.
    pub k: f64,
}

/// Fits piece-square tables on top of `weights` and no tables at all (gradient descent,
/// Adam, over `epochs` passes; `decay` the L2 weight on the tables per centipawn²; the
/// logistic scale k fitted first to the evaluation without tables), the last tenth of each
/// family's positions held out to show whether the tables generalise (positions of one
/// game are alike: keep each game's together). `report` is told each hundredth epoch's
/// error on the positions fitted.
pub fn fit_squares(
    families: &[Family],
    weights: GridWeights,
    epochs: u32,
    decay: f64,
    mut report: impl FnMut(u32, f64),
) -> FittedSquares {
    let mut sets = Vec::new();
    let mut sizes = Vec::new();
    for family in families {
        let v = &family.variant;
        let g = v.geometry;
        let n = g.squares();
        let values = v.roles().map(|r| v.value(r)).collect();
        let eval = GridEval::with_weights(Arc::clone(v), values, weights);
        let mut set = Vec::new();
        for s in &family.samples {
            let parts = eval.evaluate_parts(&s.position, None);
            let white = s.position.to_move() == Color::White;
            let base = f64::from(if white { parts.score } else { -parts.score });
            let share = f64::from(parts.share) / 64.0;
            let mut pieces = Vec::new();
            for side in Color::BOTH {
                let sign = if side == Color::White { share } else { -share };
                for &sq in s.position.pieces(side) {
                    let role = crate::grid::role_of(s.position.cell(sq));
                    pieces.push((
                        role.index() * n + usize::from(white_view(g, side, sq)),
                        sign,
                    ));
                }
            }
            set.push(SquareSample {
                base,
                middlegame: parts.middlegame,
                result: s.result,
                pieces,
            });
        }
        sizes.push(v.types.len() * n);
        sets.push(set);
    }
    // The scale k that fits the evaluation without tables best.
    let all = sets.iter().flatten();
    let count = all.clone().count().max(1) as f64;
    let k = best_scale(|k| {
        all.clone()
            .map(|s| (s.result - predicted(k, s.base)).powi(2))
            .sum::<f64>()
            / count
    });
    let scale = k * std::f64::consts::LN_10 / 400.0;
    // By family: middlegame then endgame parameters, with Adam's moments.
    let mut params: Vec<Vec<f64>> = sizes.iter().map(|&m| vec![0.0; 2 * m]).collect();
    let mut first: Vec<Vec<f64>> = params.clone();
    let mut second: Vec<Vec<f64>> = params.clone();
    let predict = |p: &[f64], m: usize, s: &SquareSample| {
        let mut z = s.base;
        for &(at, sign) in &s.pieces {
            z += sign * (s.middlegame * p[at] + (1.0 - s.middlegame) * p[m + at]);
        }
        1.0 / (1.0 + (-scale * z).exp())
    };
    let errors = |params: &[Vec<f64>]| {
        let (mut fit, mut held, mut nf, mut nh) = (0.0, 0.0, 0usize, 0usize);
        for ((set, p), &m) in sets.iter().zip(params).zip(&sizes) {
            let kept = set.len() - set.len() / 10;
            for (i, s) in set.iter().enumerate() {
                let e = (s.result - predict(p, m, s)).powi(2);
                if i >= kept {
                    held += e;
                    nh += 1;
                } else {
                    fit += e;
                    nf += 1;
                }
            }
        }
        (fit / nf.max(1) as f64, held / nh.max(1) as f64)
    };
    let before = errors(&params);
    let (rate, beta1, beta2) = (1.0, 0.9, 0.999);
    for epoch in 1..=epochs {
        for (f, set) in sets.iter().enumerate() {
            let m = sizes[f];
            let mut grad = vec![0.0; 2 * m];
            let kept = set.len() - set.len() / 10;
            let count = kept.max(1) as f64;
            for s in &set[..kept] {
                let p = predict(&params[f], m, s);
                let dz = 2.0 * (p - s.result) * p * (1.0 - p) * scale / count;
                for &(at, sign) in &s.pieces {
                    grad[at] += dz * sign * s.middlegame;
                    grad[m + at] += dz * sign * (1.0 - s.middlegame);
                }
            }
            let t = f64::from(epoch);
            for (j, g) in grad.iter_mut().enumerate() {
                *g += 2.0 * decay * params[f][j];
                first[f][j] = beta1 * first[f][j] + (1.0 - beta1) * *g;
                second[f][j] = beta2 * second[f][j] + (1.0 - beta2) * *g * *g;
                let mh = first[f][j] / (1.0 - beta1.powf(t));
                let vh = second[f][j] / (1.0 - beta2.powf(t));
                params[f][j] -= rate * mh / (vh.sqrt() + 1e-12);
            }
        }
        if epoch % 100 == 0 {
            report(epoch, errors(&params).0);
        }
    }
    let rounded: Vec<Vec<f64>> = params
        .iter()
        .map(|p| p.iter().map(|x| x.round()).collect())
        .collect();
    let after = errors(&rounded);
    let tables = rounded
        .iter()
        .zip(&sizes)
        .map(|(p, &m)| SquareTables {
            middle: p[..m].iter().map(|&x| x as i32).collect(),
            end: p[m..].iter().map(|&x| x as i32).collect(),
        })
        .collect();
    FittedSquares {
        tables,
        before,
        after,
        k,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> (Arc<Variant>, Position) {
        let level = crate::level::load(std::path::Path::new("levels/chess.toml"))
            .expect("chess loads")
            .into_grid()
            .expect("a grid level");
        (Arc::clone(&level.variant), level.start.clone())
    }

    #[test]
    fn self_play_gives_quiet_positions_labelled_with_results() {
        let (variant, start) = chess();
        let sampling = Sampling {
            games: 2,
            nodes: 200,
            opening: 4,
            max_plies: 40,
            jobs: 2,
            seed: 3,
        };
        let samples = sample(&variant, &start, &sampling, |_| {});
        assert!(samples.len() > 20, "{}", samples.len());
        assert!(samples.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
        let v = &variant;
        assert!(
            samples
                .iter()
                .all(|s| !crate::grid::in_check(v, &s.position))
        );
    }

    #[test]
    fn labelled_positions_are_read_and_errors_name_line_and_column() {
        let (variant, _) = chess();
        let text = "# a comment\n\n6k1/8/1P6/8/8/8/8/6K1 w - - 0 1;0.75\n6k1/8/8/8/8/1p6/8/6K1 b - - 0 1; 0\n";
        let samples = read_positions(&variant, "set.pos", text).expect("reads");
        assert_eq!(samples.len(), 2);
        assert_eq!(samples[0].result, 0.75);
        assert_eq!(samples[1].result, 0.0);
        assert_eq!(samples[1].position.to_move(), Color::Black);
        let no_label = read_positions(&variant, "set.pos", "\n6k1/8/8/8/8/8/8/6K1 w - - 0 1\n");
        assert!(no_label.is_err_and(|e| e.starts_with("set.pos:2:1:")));
        let bad_label = read_positions(&variant, "set.pos", "6k1/8/8/8/8/8/8/6K1 w - - 0 1;1.5");
        assert!(bad_label.is_err_and(|e| e.starts_with("set.pos:1:31:") && e.contains("1.5")));
        let bad_fen = read_positions(&variant, "set.pos", "6k1/8/8/8/8/8/8/6K1 x - - 0 1;1");
        assert!(
            bad_fen.is_err_and(|e| e.starts_with("set.pos:1:") && !e.starts_with("set.pos:1:1:"))
        );
    }

    #[test]
    fn a_fit_never_raises_the_error_and_finds_a_planted_weight() {
        // Positions whose results follow the side with more pawns further advanced: a
        // fit from no passed-pawn weight at all must find some.
        let (variant, _) = chess();
        let fens = [
            ("6k1/8/1P6/8/8/8/8/6K1 w - - 0 1", 1.0),
            ("6k1/8/8/8/8/1p6/8/6K1 w - - 0 1", 0.0),
            ("6k1/8/8/1P6/8/8/8/6K1 b - - 0 1", 1.0),
            ("6k1/8/8/8/1p6/8/8/6K1 b - - 0 1", 0.0),
            ("6k1/1P6/8/8/8/8/8/6K1 b - - 0 1", 1.0),
            ("6k1/8/8/8/8/8/1p6/6K1 w - - 0 1", 0.0),
        ];
        let samples = fens
            .iter()
            .map(|&(fen, result)| Sample {
                position: crate::grid::parse_fen(&variant, fen).expect("a good FEN"),
                result,
            })
            .collect();
        let families = [Family {
            variant: Arc::clone(&variant),
            samples,
        }];
        let start = GridWeights {
            passed_end: 0,
            passed_middle: 0,
            ..GridWeights::DEFAULT
        };
        let passed_end = GridWeights::NAMES
            .iter()
            .position(|&n| n == "passed_end")
            .expect("a weight");
        let fitted = fit(&families, start, &[passed_end], 30, |_, _| {});
        assert!(fitted.after <= fitted.before);
        assert!(fitted.weights.passed_end > 0, "{:?}", fitted.weights);
    }

    #[test]
    fn a_square_fit_finds_where_a_piece_stands_well() {
        // A white knight on d5 goes with a win, one on a1 with a draw: the tables must
        // come to favour d5 over a1 for White's knight, in both phases.
        let (variant, _) = chess();
        let mut samples = Vec::new();
        for k in 0..20 {
            let (fen, result) = if k % 2 == 0 {
                ("6k1/5ppp/8/3N4/8/8/5PPP/6K1 w - - 0 1", 0.9)
            } else {
                ("6k1/5ppp/8/8/8/8/5PPP/N5K1 w - - 0 1", 0.5)
            };
            samples.push(Sample {
                position: crate::grid::parse_fen(&variant, fen).expect("a good FEN"),
                result,
            });
        }
        let families = [Family {
            variant: Arc::clone(&variant),
            samples,
        }];
        let fitted = fit_squares(&families, GridWeights::DEFAULT, 300, 1e-8, |_, _| {});
        assert!(fitted.after.0 < fitted.before.0, "{fitted:?}");
        let tables = &fitted.tables[0];
        let g = variant.geometry;
        let n = g.squares();
        let knight = variant.role_of_letter('N').expect("a knight").index();
        let at = |name: &str| knight * n + usize::from(g.parse_square(name).expect("a square"));
        assert!(
            tables.middle[at("d5")] > tables.middle[at("a1")],
            "{tables:?}"
        );
        assert!(tables.end[at("d5")] > tables.end[at("a1")], "{tables:?}");
        // Squares no piece stood on stay at 0.
        assert_eq!(tables.middle[at("h8")], 0);
    }
}
