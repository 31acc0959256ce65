//! `areachess balance`: the balance lab on the command line: self-play from a level's
//! setup on several threads with a progress bar and live tallies, the report in words,
//! the tallies as JSON, a page of SVG plots, and shards merged (`areachess::search::balance_lab`
//! plays the games).

use super::rules::{continuous_game, grid_game};
use areachess::failure::Failure;
use areachess::level::{self, Level};
use areachess::reading;
use areachess::search::balance_lab::{BalanceSettings, Tallies, plots, run, words};
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
        let text = reading::text(file, reading::DATA_BYTES)
            .map_err(|e| Failure::input(format!("{}: cannot read: {e}", file.display())))?;
        let tallies: Tallies = serde_json::from_str(&text).map_err(|e| {
            // The place once, in front; serde's column is 0 at the start of a line.
            let said = e.to_string();
            let place = format!(" at line {} column {}", e.line(), e.column());
            Failure::input(format!(
                "{}:{}:{}: not balance tallies: {}",
                file.display(),
                e.line(),
                e.column().max(1),
                said.strip_suffix(&place).unwrap_or(&said)
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

/// Writes `text` to `path` atomically, naming the file when it cannot.
fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| areachess::record::save::write_atomically(path, text.as_bytes()))
        .map_err(|e| Failure::input(format!("{}: cannot write: {e}", path.display())))
}

/// The page: `index.html` with the report's words and three SVG plots drawn by plotters:
/// the results with their intervals, the games' lengths, and the values.
fn page(t: &Tallies, dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::input(format!("{}: cannot create: {e}", dir.display())))?;
    let plots = plots(t).map_err(Failure::input)?;
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
