//! `areachess tune`: the grid evaluation's weights fitted to self-play games of one or
//! more levels (Texel's method, `areachess::search::texel`). It prints the error before
//! and after and each weight's old and new value; the engine's own weights stay as they
//! are until someone copies the new ones into `search/tuning.rs` and a match confirms them.

use areachess::failure::Failure;
use areachess::grid::Variant;
use areachess::level;
use areachess::reading;
use areachess::search::grid::SquareTables;
use areachess::search::texel::{self, Family, Sampling};
use areachess::search::tuning::GridWeights;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;

/// What `tune` was asked.
pub struct TuneArgs {
    /// The grid levels whose games give the positions (their weights are shared).
    pub levels: Vec<PathBuf>,
    /// How games are played.
    pub sampling: Sampling,
    /// The most rounds of the fit.
    pub rounds: u32,
    /// The weights to fit (none: all).
    pub only: Vec<String>,
    /// Labelled positions, one file per level, in place of self-play (none: self-play).
    pub positions: Vec<PathBuf>,
    /// Fit piece-square tables over this many passes instead of the weights.
    pub squares: Option<u32>,
    /// The tables' L2 weight.
    pub decay: f64,
}

/// Samples every level, fits the weights and prints the result.
pub fn tune(args: &TuneArgs, out: &mut impl Write) -> Result<(), Failure> {
    let which: Vec<usize> = if args.only.is_empty() {
        (0..GridWeights::NAMES.len()).collect()
    } else {
        args.only
            .iter()
            .map(|name| {
                GridWeights::NAMES
                    .iter()
                    .position(|n| n == name)
                    .ok_or_else(|| {
                        Failure::input(format!(
                            "--only {name}: no such weight; the weights are {}",
                            GridWeights::NAMES.join(", ")
                        ))
                    })
            })
            .collect::<Result<_, _>>()?
    };
    if !args.positions.is_empty() && args.positions.len() != args.levels.len() {
        return Err(Failure::input(format!(
            "--positions names {} files for {} levels: give one file per level, in the same order",
            args.positions.len(),
            args.levels.len()
        )));
    }
    let mut families = Vec::new();
    for (k, path) in args.levels.iter().enumerate() {
        let grid = level::load(path)?.into_grid().map_err(|e| {
            Failure::input(format!(
                "{}: {e} (tune fits the grid evaluation)",
                path.display()
            ))
        })?;
        if let Some(file) = args.positions.get(k) {
            let text = reading::text(file, reading::DATA_BYTES)
                .map_err(|e| Failure::input(format!("{}: {e}", file.display())))?;
            let samples = texel::read_positions(&grid.variant, &file.display().to_string(), &text)
                .map_err(Failure::input)?;
            if samples.is_empty() {
                return Err(Failure::input(format!(
                    "{}: no positions to fit (one a line: FEN;P, P White's expected score from 0 to 1)",
                    file.display()
                )));
            }
            writeln!(
                out,
                "{}: {} positions from {}",
                path.display(),
                samples.len(),
                file.display()
            )
            .map_err(Failure::write)?;
            families.push(Family {
                variant: grid.variant.clone(),
                samples,
            });
            continue;
        }
        let bar = ProgressBar::new(u64::from(args.sampling.games));
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:30} {pos}/{len} games of {msg} [{elapsed}, ~{eta} left]",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(path.display().to_string());
        let samples = texel::sample(&grid.variant, &grid.start, &args.sampling, |_| bar.inc(1));
        bar.finish_and_clear();
        writeln!(
            out,
            "{}: {} games, {} positions",
            path.display(),
            args.sampling.games,
            samples.len()
        )
        .map_err(Failure::write)?;
        families.push(Family {
            variant: grid.variant.clone(),
            samples,
        });
    }
    // The first level's weights: the engine's, with those its `[evaluation]` sets.
    let start = families.first().map_or(GridWeights::DEFAULT, |f| {
        GridWeights::of_variant(&f.variant)
    });
    if let Some(epochs) = args.squares {
        let fitted = texel::fit_squares(&families, start, epochs, args.decay, |epoch, error| {
            eprintln!("epoch {epoch}: error {error:.6}");
        });
        writeln!(out, "k {:.3}", fitted.k).map_err(Failure::write)?;
        writeln!(
            out,
            "error before {:.6} (held out {:.6}) after {:.6} (held out {:.6})",
            fitted.before.0, fitted.before.1, fitted.after.0, fitted.after.1
        )
        .map_err(Failure::write)?;
        for (family, tables) in families.iter().zip(&fitted.tables) {
            write_squares(out, &family.variant, tables)?;
        }
        return Ok(());
    }
    let fitted = texel::fit(&families, start, &which, args.rounds, |round, error| {
        eprintln!("round {round}: error {error:.6}");
    });
    writeln!(out, "k {:.3}", fitted.k).map_err(Failure::write)?;
    writeln!(
        out,
        "error before {:.6} after {:.6} ({} rounds)",
        fitted.before, fitted.after, fitted.rounds
    )
    .map_err(Failure::write)?;
    for (k, name) in GridWeights::NAMES.iter().enumerate() {
        let (old, new) = (start.get(k), fitted.weights.get(k));
        let mark = if old == new { "" } else { " *" };
        writeln!(out, "{name} {old} -> {new}{mark}").map_err(Failure::write)?;
    }
    // What to paste into the level: every weight the fit leaves away from the engine's.
    let own: Vec<usize> = (0..GridWeights::NAMES.len())
        .filter(|&k| fitted.weights.get(k) != GridWeights::DEFAULT.get(k))
        .collect();
    if !own.is_empty() {
        writeln!(out, "\n[evaluation]").map_err(Failure::write)?;
        for k in own {
            let (name, value) = (GridWeights::NAMES[k], fitted.weights.get(k));
            writeln!(out, "{name} = {value}").map_err(Failure::write)?;
        }
    }
    Ok(())
}

/// The tables as the level's `[pieces.X.squares]` sections, to copy into it: a row per
/// rank, the last rank first.
fn write_squares(out: &mut impl Write, v: &Variant, tables: &SquareTables) -> Result<(), Failure> {
    let g = v.geometry;
    let n = g.squares();
    for role in v.roles() {
        let at = role.index() * n;
        let (middle, end) = (&tables.middle[at..][..n], &tables.end[at..][..n]);
        if middle.iter().chain(end).all(|&x| x == 0) {
            continue;
        }
        let mut text = format!("\n[pieces.{}.squares]\n", v[role].letter);
        for (name, table) in [("middle", middle), ("end", end)] {
            text.push_str(&format!("{name} = [\n"));
            for rank in (0..i32::from(g.ranks())).rev() {
                let row: Vec<String> = (0..i32::from(g.files()))
                    .filter_map(|file| g.square(file, rank))
                    .map(|sq| format!("{:4}", table[usize::from(sq)]))
                    .collect();
                text.push_str(&format!("  [{}],\n", row.join(",")));
            }
            text.push_str("]\n");
        }
        write!(out, "{text}").map_err(Failure::write)?;
    }
    Ok(())
}
