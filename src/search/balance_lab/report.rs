//! The balance lab's report, shared by `areachess balance` and the window's Balance panel:
//! the tallies in words, and SVG plots drawn by plotters (the results with their 95%
//! intervals, the games' lengths, each kind's value measured and estimated).

use super::selfplay::Tallies;

/// The report's lines before the last.
pub fn words(t: &Tallies) -> Vec<String> {
    let percent = |x: f64| format!("{:.1}%", 100.0 * x);
    let mut lines = vec![format!(
        "level {} — {} games, {} ms a move",
        t.level, t.games, t.schedule.movetime_ms
    )];
    match t.shares() {
        Some(shares) => {
            for ((name, count), (share, low, high)) in
                [("white", t.white), ("draws", t.draws), ("black", t.black)]
                    .into_iter()
                    .zip(shares)
            {
                lines.push(format!(
                    "{name:<6} {count:>5}  {:>6}  (95% {} to {})",
                    percent(share),
                    percent(low),
                    percent(high)
                ));
            }
        }
        // No share of no games: a percentage and an interval would be made up.
        None => lines.push("no games from the setup".to_string()),
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
            let value = match measured.get(letter).copied().flatten() {
                Some((v, low, high)) => format!("{v:.0} cp (95% {low:.0} to {high:.0})"),
                None => "—".to_string(),
            };
            let short = match h.score() {
                Some((score, _, _)) => format!(
                    "a piece short scores {} over {} games",
                    percent(score),
                    h.games()
                ),
                None => "no games a piece short".to_string(),
            };
            lines.push(format!(
                "value  {letter} {:<12} measured {value}, estimated {} cp; {short}",
                h.name, h.estimate,
            ));
        }
    }
    lines
}

/// The plots a run's tallies call for, each with its file name: the results always, the
/// lengths once a game has ended, the values when they were measured.
pub fn plots(t: &Tallies) -> Result<Vec<(&'static str, String)>, String> {
    let mut plots = vec![("results.svg", results_plot(t)?)];
    if !t.lengths.is_empty() {
        plots.push(("lengths.svg", lengths_plot(t)?));
    }
    if !t.values.is_empty() {
        plots.push(("values.svg", values_plot(t)?));
    }
    Ok(plots)
}

/// A plotting error in words.
fn plot_error(e: impl std::fmt::Display) -> String {
    format!("drawing the report: {e}")
}

/// White's, the draws' and Black's shares as bars, each with its 95% interval.
fn results_plot(t: &Tallies) -> Result<String, String> {
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
        // Without games there are no bars and no intervals: the axes alone.
        let shares = t.shares().unwrap_or_default();
        let drawn = if t.shares().is_some() { 0u32..3 } else { 0..0 };
        let colours = [
            RGBColor(200, 200, 190),
            RGBColor(150, 150, 160),
            RGBColor(60, 60, 70),
        ];
        chart
            // An empty bar is left out: a rectangle of no height is not valid SVG.
            .draw_series(
                drawn
                    .clone()
                    .filter(|&k| shares[k as usize].0 > 0.0)
                    .map(|k| {
                        let (share, _, _) = shares[k as usize];
                        Rectangle::new(
                            [
                                (SegmentValue::Exact(k), 0.0),
                                (SegmentValue::Exact(k + 1), 100.0 * share),
                            ],
                            colours[k as usize].filled(),
                        )
                    }),
            )
            .map_err(plot_error)?;
        chart
            .draw_series(drawn.map(|k| {
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
fn lengths_plot(t: &Tallies) -> Result<String, String> {
    use plotters::prelude::*;
    // In 64 bits: lengths read from a file may be near `u32::MAX`, and a bucket's end past it.
    let longest = u64::from(t.lengths.iter().copied().max().unwrap_or(1).max(1));
    let width = (longest / 20).max(5);
    let buckets = longest / width + 1;
    let mut counts = vec![0u32; buckets as usize];
    for &l in &t.lengths {
        counts[(u64::from(l) / width) as usize] += 1;
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
            .build_cartesian_2d(0u64..buckets * width, 0u32..most.saturating_add(1))
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
            .draw_series(
                counts
                    .iter()
                    .enumerate()
                    .filter(|&(_, &n)| n > 0)
                    .map(|(k, &n)| {
                        let x = k as u64 * width;
                        Rectangle::new([(x, 0), (x + width, n)], RGBColor(90, 120, 170).filled())
                    }),
            )
            .map_err(plot_error)?;
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// Each kind's value measured by handicap games (with its interval) beside the estimate
/// from its moves, in centipawns.
fn values_plot(t: &Tallies) -> Result<String, String> {
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
