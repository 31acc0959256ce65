//! `areachess balance`: the balance lab on the command line: self-play from a level's
//! setup on several threads with a progress bar and live tallies, the report in words,
//! the tallies as JSON, a page of SVG plots, and shards merged (`areachess::search::balance`
//! plays the games).

use super::rules::{continuous_game, grid_game};
use areachess::failure::Failure;
use areachess::level::{self, Level};
use areachess::search::balance::{BalanceSettings, Tallies, run};
use areachess::search::contest::{ContinuousContest, GridContest};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the tallies go besides the terminal.
pub struct Outputs {
    /// The tallies as JSON.
    pub json: Option<PathBuf>,
    /// A folder for the page of plots.
    pub report: Option<PathBuf>,
}

/// `areachess balance LEVEL`: plays the games and reports them.
pub fn balance(
    level_path: &Path,
    settings: &BalanceSettings,
    outputs: &Outputs,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let level: Level = level::load(level_path)?;
    let name = level.name.clone();
    let total = u64::from(settings.games)
        * if settings.values {
            1 + kinds_hint(&level)
        } else {
            1
        }
        / u64::from(settings.shard.1.max(1));
    let bar = ProgressBar::new(total.max(1));
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg} [{elapsed}, ~{eta} left]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let progress = |t: &Tallies, _left: usize| {
        bar.inc(1);
        bar.set_message(format!(
            "white {} draws {} black {}",
            t.white, t.draws, t.black
        ));
    };
    let tallies = if level.is_continuous() {
        let (_, start) = continuous_game(level, None, &[])?;
        run(&ContinuousContest, &start, &name, settings, progress)
    } else {
        let (level, start) = grid_game(level, None, &[])?;
        run(
            &GridContest::new(&level.variant),
            &start,
            &name,
            settings,
            progress,
        )
    }
    .map_err(Failure::input)?;
    bar.finish_and_clear();
    report(&tallies, outputs, out)
}

/// How many kinds a values run measures at most (for the progress bar's length): the
/// level's piece types.
fn kinds_hint(level: &Level) -> u64 {
    match &level.kind {
        level::LevelKind::Grid(g) => g.variant.types.len() as u64,
        level::LevelKind::Continuous(c) => c.board.kinds.len() as u64,
    }
}

/// `areachess balance --merge FILE...`: adds shards up and reports them.
pub fn merge(files: &[PathBuf], outputs: &Outputs, out: &mut impl Write) -> Result<(), Failure> {
    let mut sum = Tallies::default();
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| Failure::input(format!("{}: cannot read: {e}", file.display())))?;
        let tallies: Tallies = serde_json::from_str(&text).map_err(|e| {
            Failure::input(format!(
                "{}:{}:{}: not balance tallies: {e}",
                file.display(),
                e.line(),
                e.column()
            ))
        })?;
        sum.merge(&tallies)
            .map_err(|e| Failure::input(format!("{}: {e}", file.display())))?;
    }
    report(&sum, outputs, out)
}

/// The report in words on `out` (its last line `white W draws D black B games N`), and the
/// JSON and the page where asked.
fn report(tallies: &Tallies, outputs: &Outputs, out: &mut impl Write) -> Result<(), Failure> {
    if let Some(path) = &outputs.json {
        let text = serde_json::to_string_pretty(tallies)
            .map_err(|e| Failure::input(format!("the tallies as JSON: {e}")))?;
        write_file(path, &text)?;
    }
    if let Some(dir) = &outputs.report {
        page(tallies, dir)?;
    }
    let lines = words(tallies);
    for line in lines {
        writeln!(out, "{line}").map_err(Failure::write)?;
    }
    writeln!(
        out,
        "white {} draws {} black {} games {}",
        tallies.white, tallies.draws, tallies.black, tallies.games
    )
    .map_err(Failure::write)
}

/// The report's lines before the last.
fn words(t: &Tallies) -> Vec<String> {
    let percent = |x: f64| format!("{:.1}%", 100.0 * x);
    let mut lines = vec![format!(
        "level {} — {} games, {} ms a move",
        t.level, t.games, t.schedule.movetime_ms
    )];
    for (name, (share, low, high), count) in [
        ("white", t.shares()[0], t.white),
        ("draws", t.shares()[1], t.draws),
        ("black", t.shares()[2], t.black),
    ] {
        lines.push(format!(
            "{name:<6} {count:>5}  {:>6}  (95% {} to {})",
            percent(share),
            percent(low),
            percent(high)
        ));
    }
    if let Some((mean, [q1, median, q3])) = t.length_summary() {
        lines.push(format!(
            "length {mean:.1} plies on average; quartiles {q1}, {median}, {q3}"
        ));
    }
    if !t.endings.is_empty() {
        let ended: Vec<String> = t.endings.iter().map(|(r, n)| format!("{r} {n}")).collect();
        lines.push(format!("ended  {}", ended.join(", ")));
    }
    if !t.values.is_empty() {
        let measured = t.pawn.map(|p| t.measured_values(p)).unwrap_or_default();
        for (letter, h) in &t.values {
            let (score, _, _) = h.score();
            let value = match measured.get(letter).copied().flatten() {
                Some((v, low, high)) => format!("{v:.0} cp (95% {low:.0} to {high:.0})"),
                None => "—".to_string(),
            };
            lines.push(format!(
                "value  {letter} {:<12} measured {value}, estimated {} cp; a piece short scores {} over {} games",
                h.name,
                h.estimate,
                percent(score),
                h.games()
            ));
        }
    }
    lines
}

/// Writes `text` to `path` atomically, naming the file when it cannot.
fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| areachess::level::save::write_atomically(path, text.as_bytes()))
        .map_err(|e| Failure::input(format!("{}: cannot write: {e}", path.display())))
}

/// The page: `index.html` with the report's words and three SVG plots drawn by plotters:
/// the results with their intervals, the games' lengths, and the values.
fn page(t: &Tallies, dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::input(format!("{}: cannot create: {e}", dir.display())))?;
    let mut plots = vec![("results.svg", results_plot(t)?)];
    if !t.lengths.is_empty() {
        plots.push(("lengths.svg", lengths_plot(t)?));
    }
    if !t.values.is_empty() {
        plots.push(("values.svg", values_plot(t)?));
    }
    let mut html = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Balance</title></head><body>\n",
    );
    html.push_str(&format!("<h1>Balance: {}</h1>\n<pre>\n", escape(&t.level)));
    for line in words(t) {
        html.push_str(&escape(&line));
        html.push('\n');
    }
    html.push_str("</pre>\n");
    for (file, svg) in &plots {
        write_file(&dir.join(file), svg)?;
        html.push_str(&format!("<p><img src=\"{file}\" alt=\"{file}\"></p>\n"));
    }
    html.push_str("</body></html>\n");
    write_file(&dir.join("index.html"), &html)
}

/// Text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A plotting error in words.
fn plot_error(e: impl std::fmt::Display) -> Failure {
    Failure::input(format!("drawing the report: {e}"))
}

/// White's, the draws' and Black's shares as bars, each with its 95% interval.
fn results_plot(t: &Tallies) -> Result<String, Failure> {
    use plotters::prelude::*;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (480, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Results (95% intervals)", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(40)
            .build_cartesian_2d((0u32..2u32).into_segmented(), 0f64..100f64)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .bold_line_style(RGBColor(225, 225, 225))
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(0) => "White".to_string(),
                SegmentValue::CenterOf(1) => "Draws".to_string(),
                SegmentValue::CenterOf(2) => "Black".to_string(),
                _ => String::new(),
            })
            .y_desc("% of games")
            .draw()
            .map_err(plot_error)?;
        let shares = t.shares();
        let colours = [
            RGBColor(200, 200, 190),
            RGBColor(150, 150, 160),
            RGBColor(60, 60, 70),
        ];
        chart
            .draw_series((0u32..3).map(|k| {
                let (share, _, _) = shares[k as usize];
                Rectangle::new(
                    [
                        (SegmentValue::Exact(k), 0.0),
                        (SegmentValue::Exact(k + 1), 100.0 * share),
                    ],
                    colours[k as usize].filled(),
                )
            }))
            .map_err(plot_error)?;
        chart
            .draw_series((0u32..3).map(|k| {
                let (share, low, high) = shares[k as usize];
                ErrorBar::new_vertical(
                    SegmentValue::CenterOf(k),
                    100.0 * low,
                    100.0 * share,
                    100.0 * high,
                    RED.stroke_width(2),
                    10,
                )
            }))
            .map_err(plot_error)?;
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// A histogram of the games' lengths in plies.
fn lengths_plot(t: &Tallies) -> Result<String, Failure> {
    use plotters::prelude::*;
    let longest = t.lengths.iter().copied().max().unwrap_or(1).max(1);
    let width = (longest / 20).max(5);
    let buckets = longest / width + 1;
    let mut counts = vec![0u32; buckets as usize];
    for &l in &t.lengths {
        counts[(l / width) as usize] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (480, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Game lengths", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(40)
            .build_cartesian_2d(0u32..buckets * width, 0u32..most + 1)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .bold_line_style(RGBColor(225, 225, 225))
            .x_desc("plies")
            .y_desc("games")
            .draw()
            .map_err(plot_error)?;
        chart
            .draw_series(counts.iter().enumerate().map(|(k, &n)| {
                let x = k as u32 * width;
                Rectangle::new([(x, 0), (x + width, n)], RGBColor(90, 120, 170).filled())
            }))
            .map_err(plot_error)?;
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// Each kind's value measured by handicap games (with its interval) beside the estimate
/// from its moves, in centipawns.
fn values_plot(t: &Tallies) -> Result<String, Failure> {
    use plotters::prelude::*;
    let measured = t.pawn.map(|p| t.measured_values(p)).unwrap_or_default();
    let letters: Vec<char> = t.values.keys().copied().collect();
    let top = t
        .values
        .iter()
        .map(|(l, h)| {
            let m = measured
                .get(l)
                .copied()
                .flatten()
                .map_or(0.0, |(_, _, high)| high);
            m.max(f64::from(h.estimate))
        })
        .fold(100.0, f64::max)
        .min(5000.0)
        * 1.1;
    let n = letters.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (560, 320)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Values: measured (dark, 95% interval) and estimated (light)",
                ("sans-serif", 16),
            )
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(50)
            .build_cartesian_2d((0u32..n.saturating_sub(1)).into_segmented(), 0f64..top)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .bold_line_style(RGBColor(225, 225, 225))
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(k) => letters
                    .get(*k as usize)
                    .map_or(String::new(), char::to_string),
                _ => String::new(),
            })
            .y_desc("centipawns")
            .draw()
            .map_err(plot_error)?;
        let bar = |k: u32, value: f64, colour: RGBColor| {
            Rectangle::new(
                [
                    (SegmentValue::Exact(k), 0.0),
                    (SegmentValue::Exact(k + 1), value.clamp(0.0, top)),
                ],
                colour.filled(),
            )
        };
        chart
            .draw_series(letters.iter().enumerate().map(|(k, l)| {
                bar(
                    k as u32,
                    f64::from(t.values[l].estimate),
                    RGBColor(200, 210, 230),
                )
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(letters.iter().enumerate().filter_map(|(k, l)| {
                let (v, low, high) = measured.get(l).copied().flatten()?;
                Some(ErrorBar::new_vertical(
                    SegmentValue::CenterOf(k as u32),
                    low.clamp(0.0, top),
                    v.clamp(0.0, top),
                    high.clamp(0.0, top),
                    RGBColor(30, 50, 110).stroke_width(3),
                    14,
                ))
            }))
            .map_err(plot_error)?;
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}
