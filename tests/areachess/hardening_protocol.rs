//! The engine protocols under bad input: bytes that are not UTF-8, endless lines, errors
//! of several lines, tables too large, numbers out of range, the input ending while the
//! engine thinks. Each session is the real binary over pipes; a session never stops on a
//! bad line, and a soak of random sessions (a small one here, `tools/protocol_soak.py` for
//! a thousand) holds every `isready` and `ping` to its answer.

use crate::support;
use areachess::protocol::{MAX_HASH_MB, MAX_LINE_BYTES};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// Generous: a debug build on a busy machine. Only a hang ever waits this long.
const PATIENCE: Duration = Duration::from_secs(60);

/// A running engine session, whose input may be any bytes and may end.
struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut command = Command::new(env!("CARGO_BIN_EXE_areachess"));
        command.args(args);
        Engine::spawn(command)
    }

    /// The binary under a limit of `kib` KiB of address space (the shell's `ulimit -v`), as a
    /// small machine or a container would hold it.
    fn start_limited(kib: u64, args: &[&str]) -> Engine {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_areachess"))
            .args(args);
        Engine::spawn(command)
    }

    fn spawn(mut command: Command) -> Engine {
        let mut child = command
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take();
        let output = child.stdout.take().expect("stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).split(b'\n').map_while(Result::ok) {
                let line = String::from_utf8(line).expect("the engine writes UTF-8");
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn bytes(&mut self, bytes: &[u8]) {
        let input = self.input.as_mut().expect("the input is open");
        input.write_all(bytes).expect("the engine reads");
        input.flush().expect("the engine reads");
    }

    fn send(&mut self, line: &str) {
        self.bytes(format!("{line}\n").as_bytes());
    }

    /// Every line up to and including the first that is `last` or starts with it.
    fn until(&mut self, last: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => {
                    let done = line.starts_with(last);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no line starting '{last}' after {seen:#?}"),
            }
        }
    }

    /// Ends the input without a word, and waits for the engine to end by itself.
    fn close(&mut self) -> ExitStatus {
        drop(self.input.take());
        for _ in 0..PATIENCE.as_millis() / 10 {
            if let Some(status) = self.child.try_wait().expect("the engine runs") {
                return status;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("the engine did not end when its input did");
    }

    /// The lines not yet read, to the end of the output (once the engine has ended).
    fn rest(&self) -> Vec<String> {
        self.lines.iter().collect()
    }
}

/// The lines before `readyok` (or `pong`), each of which must carry `frame`.
fn all_framed(lines: &[String], frame: &str) -> bool {
    lines[..lines.len() - 1]
        .iter()
        .all(|l| l.starts_with(frame))
}

/// A UCI session, past `uciok`.
fn uci() -> Engine {
    let mut e = Engine::start(&["uci"]);
    e.send("uci");
    e.until("uciok");
    e
}

/// An XBoard session, past `feature done=1`.
fn xboard(args: &[&str]) -> Engine {
    let mut e = Engine::start(&[&["xboard"], args].concat());
    e.send("xboard");
    e.send("protover 2");
    e.until("feature done=1");
    e
}

// Finding 1: a line that is not UTF-8, or that never ends, costs that line only.

#[test]
fn uci_reads_on_past_a_line_that_is_not_utf8() {
    let mut e = uci();
    e.bytes(b"setoption name UCI_Variant value caf\xe9\n");
    let lines = e.until("info string unknown variant");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("info string unknown variant 'caf\u{fffd}'")
    );
    e.send("isready");
    e.until("readyok");
    e.send("go depth 1");
    e.until("bestmove");
    assert!(e.close().success());
}

#[test]
fn xboard_reads_on_past_a_name_in_latin1() {
    let mut e = xboard(&[]);
    e.bytes(b"name Caf\xe9\n");
    e.send("ping 7");
    let lines = e.until("pong");
    assert_eq!(lines, ["pong 7"]);
    assert!(e.close().success());
}

#[test]
fn uci_skips_a_line_longer_than_the_limit_and_says_so() {
    let mut e = uci();
    e.send("isready");
    e.until("readyok");
    // Twice the limit, sent in pieces as a pipe delivers it.
    for _ in 0..8 {
        e.bytes(&vec![b'a'; MAX_LINE_BYTES / 4]);
    }
    e.bytes(b"\nisready\n");
    let lines = e.until("readyok");
    assert_eq!(
        lines,
        [
            format!("info string line 3: longer than {MAX_LINE_BYTES} bytes; ignored"),
            "readyok".to_string()
        ]
    );
    // A line just within the limit is read (and, here, not understood).
    let mut within = b"b".repeat(MAX_LINE_BYTES);
    within.push(b'\n');
    e.bytes(&within);
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines[0].starts_with("info string unknown command 'bbbb"),
        "{lines:?}"
    );
    assert!(e.close().success());
}

#[test]
fn xboard_skips_a_line_longer_than_the_limit_and_says_so() {
    let mut e = xboard(&[]);
    let mut long = b"usermove ".repeat(MAX_LINE_BYTES / 4);
    long.push(b'\n');
    e.bytes(&long);
    e.send("ping 1");
    let lines = e.until("pong");
    assert_eq!(
        lines,
        [
            format!("Error (line too long): line 3: longer than {MAX_LINE_BYTES} bytes; ignored"),
            "pong 1".to_string()
        ]
    );
    assert!(e.close().success());
}

#[test]
fn a_last_line_without_its_end_is_still_obeyed() {
    let mut e = uci();
    e.bytes(b"isready");
    // Its end is the input's end.
    assert!(e.close().success());
    assert_eq!(e.rest(), ["readyok"]);
}

// Finding 2: an error of several lines keeps each line in the protocol's frame.

/// A copy of the chess level with two unknown keys: an error of two lines.
fn level_with_two_errors(dir: &std::path::Path) -> std::path::PathBuf {
    let chess = std::fs::read_to_string(support::root().join("levels/chess.toml"))
        .expect("the chess level");
    let path = dir.join("two-errors.toml");
    std::fs::write(
        &path,
        format!("first_unknown = 1\nsecond_unknown = 2\n{chess}"),
    )
    .expect("the scratch folder takes a file");
    path
}

#[test]
fn uci_frames_every_line_of_a_level_error() {
    let dir = support::scratch("proto-levelfile");
    let path = level_with_two_errors(dir.path());
    let mut e = uci();
    e.send(&format!(
        "setoption name LevelFile value {}",
        path.display()
    ));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(lines.len() >= 3, "an error of two lines: {lines:#?}");
    assert!(all_framed(&lines, "info string "), "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.contains("second_unknown")),
        "{lines:#?}"
    );
    assert!(e.close().success());
}

#[test]
fn xboard_frames_every_line_of_a_level_error() {
    let dir = support::scratch("proto-xboard-level");
    let path = level_with_two_errors(dir.path());
    let mut e = Engine::start(&["xboard", &path.display().to_string()]);
    e.send("ping 1");
    let lines = e.until("pong");
    assert!(lines.len() >= 3, "an error of two lines: {lines:#?}");
    assert!(
        all_framed(&lines, "Error (cannot load level): "),
        "{lines:#?}"
    );
    assert!(e.close().success());
}

// Finding 3: one table size limit, refused alike, and the old table freed first.

#[test]
fn uci_refuses_a_hash_above_the_limit_and_keeps_its_table() {
    let mut e = uci();
    for value in [
        &(MAX_HASH_MB + 1).to_string(),
        "0",
        "-1",
        "99999999999999999999999",
    ] {
        e.send(&format!("setoption name Hash value {value}"));
        e.send("isready");
        let lines = e.until("readyok");
        assert_eq!(
            lines[0],
            format!("info string Hash '{value}': expected a whole number from 1 to {MAX_HASH_MB}")
        );
    }
    assert!(e.close().success());
}

#[test]
fn xboard_refuses_memory_above_the_limit_as_uci_refuses_hash() {
    let mut e = xboard(&[]);
    for value in ["1000000", &(MAX_HASH_MB + 1).to_string(), "0", "-5", "lots"] {
        e.send(&format!("memory {value}"));
        e.send("ping 2");
        let lines = e.until("pong");
        assert_eq!(
            lines,
            [
                format!(
                    "Error (bad memory): {value}: expected MiB from 1 to {MAX_HASH_MB}; the table keeps its size"
                ),
                "pong 2".to_string()
            ]
        );
    }
    assert!(e.close().success());
}

/// The most memory the process `pid` has held at once, in MiB (Linux's `VmHWM`).
#[cfg(target_os = "linux")]
fn peak_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM");
    let kib: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a number of kB");
    kib / 1024
}

#[cfg(target_os = "linux")]
#[test]
fn a_new_hash_frees_the_old_table_before_making_the_new_one() {
    const MB: usize = 256;
    let mut e = uci();
    for mb in [MB, MB - 1] {
        e.send(&format!("setoption name Hash value {mb}"));
    }
    e.send("isready");
    e.until("readyok");
    let peak = peak_mib(e.child.id());
    // Both tables at once would be twice MB; one table and the rest of the engine is far
    // below one and a half.
    assert!(
        peak < (MB as u64) * 3 / 2,
        "peak {peak} MiB: both tables held at once"
    );
    assert!(peak >= (MB as u64) - 1, "peak {peak} MiB: no table made");
    assert!(e.close().success());
}

#[cfg(target_os = "linux")]
#[test]
fn a_table_the_machine_cannot_give_is_refused_and_the_session_goes_on() {
    // Under 2 GiB of address space a table of 4 GiB cannot be had: the allocator says no,
    // and the engine keeps the table it had instead of aborting.
    const LIMIT_KIB: u64 = 2 << 20;
    let mut e = Engine::start_limited(LIMIT_KIB, &["uci"]);
    e.send("uci");
    e.until("uciok");
    e.send(&format!("setoption name Hash value {MAX_HASH_MB}"));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines.iter().any(|l| l
            == &format!(
                "info string Hash {MAX_HASH_MB}: the machine could not give {MAX_HASH_MB} MiB; the table has 64 MiB"
            )),
        "{lines:#?}"
    );
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    assert!(e.until("bestmove ").last().expect("a bestmove").len() > 9);
    // The most threads beside a large table: the search takes one a core (each more would
    // cost an allocator's arena of address space, and once ran the machine out mid-search).
    e.send("setoption name Hash value 1024");
    e.send("setoption name Threads value 64");
    e.send("isready");
    let lines = e.until("readyok");
    let cores = areachess::search::cores();
    if cores < 64 {
        let said =
            format!("info string Threads 64: this machine runs {cores} at once, so {cores} search");
        assert!(lines.contains(&said), "{lines:#?}");
    }
    e.send("go movetime 300");
    assert!(e.until("bestmove ").last().expect("a bestmove").len() > 9);
    assert!(e.close().success());

    let mut e = Engine::start_limited(LIMIT_KIB, &["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    e.until("feature done=1");
    e.send(&format!("memory {MAX_HASH_MB}"));
    e.send("ping 5");
    let lines = e.until("pong 5");
    assert!(
        lines.iter().any(|l| l.starts_with("Error (memory): ")
            && l.ends_with("the machine could not give 4096 MiB; the table has 64 MiB")),
        "{lines:#?}"
    );
    assert!(e.close().success());
}

// Finding 4: numbers out of range are refused or taken as the nearest end, and said so.

#[test]
fn uci_go_takes_a_negative_movetime_as_zero_and_says_so() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go movetime -5");
    let lines = e.until("bestmove");
    assert_eq!(
        lines[0],
        "info string go: 'movetime -5' is below 0: taken as 0"
    );
    assert_ne!(lines.last().map(String::as_str), Some("bestmove (none)"));
    for (go, note) in [
        ("go depth 0", "'depth 0' is below 1: taken as 1"),
        ("go depth 1000", "'depth 1000' is above 100: taken as 100"),
        ("go mate -1 depth 2", "'mate -1' is below 1: taken as 1"),
        ("go nodes -7", "'nodes -7' is below 1: taken as 1"),
    ] {
        e.send(go);
        if go == "go depth 1000" {
            e.send("stop");
        }
        let lines = e.until("bestmove");
        assert_eq!(lines[0], format!("info string go: {note}"), "{go}");
    }
    assert!(e.close().success());
}

#[test]
fn uci_go_takes_an_endless_clock_as_the_longest_and_says_so() {
    let mut e = uci();
    e.send("position startpos moves e2e4");
    e.send("go wtime 1000 btime 1000 winc 9223372036854775807 binc 9223372036854775807");
    // An increment this long lets the engine think for days: it is stopped.
    e.send("stop");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info string go: 'binc")),
        "{lines:#?}"
    );
    e.send("go movetime 99999999999999999999");
    e.send("stop");
    let lines = e.until("bestmove");
    assert_eq!(
        lines[0],
        "info string go: 'movetime 99999999999999999999' is above 1000000000: taken as 1000000000"
    );
    // A word it cannot use is left out, and the search still ends in a bestmove.
    e.send("go depth x sideways nodes 2000");
    let lines = e.until("bestmove");
    assert_eq!(
        lines[..2],
        [
            "info string go: 'depth x': expected a whole number; left out",
            "info string go: unknown word 'sideways'; left out"
        ]
    );
    assert!(lines.last().expect("a bestmove").len() > "bestmove ".len());
    assert!(e.close().success());
}

#[test]
fn xboard_refuses_clocks_it_cannot_keep() {
    let mut e = xboard(&[]);
    for (line, error) in [
        // Ten times this overflowed, and the session panicked.
        (
            "time 9223372036854775807",
            "Error (bad time): 9223372036854775807",
        ),
        ("st 99999999999999", "Error (bad st): 99999999999999"),
        ("st -5", "Error (bad st): -5"),
        ("sd 0", "Error (bad sd): 0"),
        ("level 40 garbage 0", "Error (bad level): 40 garbage 0"),
        ("level 40 5 -1", "Error (bad level): 40 5 -1"),
        ("otim x", "Error (bad otim): x"),
    ] {
        e.send(line);
        e.send("ping 3");
        let lines = e.until("pong");
        assert_eq!(lines.len(), 2, "{line}: {lines:?}");
        assert!(lines[0].starts_with(error), "{line}: {lines:?}");
    }
    // The clock still plays.
    e.send("time 500");
    e.send("usermove e2e4");
    let lines = e.until("move ");
    assert!(lines.last().is_some_and(|l| l.starts_with("move ")));
    assert!(e.close().success());
}

#[test]
fn uci_refuses_a_position_with_too_many_moves_and_keeps_the_last() {
    let mut e = uci();
    e.send("position startpos moves e2e4");
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(2501);
    e.send(&format!("position startpos moves {}", shuffle.trim_end()));
    e.send("isready");
    let lines = e.until("readyok");
    assert_eq!(
        lines[0],
        "info string position: 10004 moves; at most 10000 are taken"
    );
    // The position kept is the last good one: Black to move after 1. e4.
    e.send("go depth 1");
    let best = e.until("bestmove").pop().expect("bestmove");
    let reply = best.split_whitespace().nth(1).expect("a move").to_string();
    assert!(
        reply.ends_with('6') || reply.ends_with('5'),
        "Black's move: {best}"
    );
    assert!(e.close().success());
}

#[test]
fn uci_refuses_a_garbage_fen_and_keeps_the_last_position() {
    let mut e = uci();
    e.send("position startpos moves e2e4");
    for garbage in [
        "position fen garbage",
        "position fen 8/8/8/8 w",
        "position fen",
    ] {
        e.send(garbage);
        e.send("isready");
        let lines = e.until("readyok");
        assert!(
            lines.len() >= 2 && all_framed(&lines, "info string position"),
            "{garbage}: {lines:#?}"
        );
    }
    e.send("go depth 1");
    let best = e.until("bestmove").pop().expect("bestmove");
    let reply = best.split_whitespace().nth(1).expect("a move").to_string();
    assert!(reply.ends_with('6') || reply.ends_with('5'), "{best}");
    assert!(e.close().success());
}

#[test]
fn uci_refuses_options_out_of_range() {
    let mut e = uci();
    for (option, answer) in [
        (
            "Threads value 0",
            "Threads '0': expected a whole number from 1 to 64",
        ),
        (
            "MultiPV value 33",
            "MultiPV '33': expected a whole number from 1 to 32",
        ),
        (
            "Skill Level value 99",
            "Skill Level '99': expected a whole number from 1 to 6",
        ),
        (
            "UCI_Chess960 value maybe",
            "UCI_Chess960 'maybe': expected true or false",
        ),
    ] {
        e.send(&format!("setoption name {option}"));
        e.send("isready");
        let lines = e.until("readyok");
        assert_eq!(lines[0], format!("info string {answer}"));
    }
    assert!(e.close().success());
}

// Finding 5: the input ending while the engine thinks ends it; it answers while it thinks.

#[test]
fn a_session_ends_when_asked_even_inside_a_node_that_takes_minutes() {
    // Seventy-eight eight-leg rook chains a side on the largest board: each candidate move
    // is judged by walking every enemy chain, so one move generation takes minutes, and
    // the search, which stops between nodes, cannot stop inside it.
    let dir = tempfile::tempdir().expect("a scratch folder");
    let rows = |letter: &str| vec![letter.repeat(26); 3].join("/");
    let setup = format!(
        "k{}/{}/{}/{}",
        "x".repeat(25),
        vec!["x".repeat(26); 2].join("/"),
        vec!["26"; 20].join("/"),
        rows("X").replacen(&"X".repeat(26), &format!("{}K", "X".repeat(25)), 1)
    );
    let level = dir.path().join("chains.toml");
    std::fs::write(
        &level,
        format!(
            "name = \"Chains\"\nmode = \"grid\"\n[board]\nfiles = 26\nranks = 26\n\
             [pieces.K]\nbetza = \"K\"\nroyal = true\n[pieces.X]\nbetza = \"R-R-R-R-R-R-R-R\"\n\
             [rules]\nsetup = \"{setup} w - - 0 1\"\n"
        ),
    )
    .expect("written");
    areachess::level::load(&level).expect("the level loads");
    // Stopped, it is given up after a grace: the answer comes without a move, and the
    // session goes on answering.
    let mut e = Engine::start(&["uci", level.to_str().expect("utf-8")]);
    e.send("go depth 2");
    std::thread::sleep(Duration::from_millis(500));
    e.send("stop");
    assert_eq!(
        e.until("bestmove").pop().expect("a line"),
        "bestmove (none)"
    );
    e.send("isready");
    e.until("readyok");
    e.send("quit");
    assert!(e.close().success());
    for (protocol, think) in [
        ("uci", &["go depth 2"][..]),
        ("xboard", &["xboard", "sd 2", "go"]),
    ] {
        let mut e = Engine::start(&[protocol, level.to_str().expect("utf-8")]);
        for line in think {
            e.send(line);
        }
        std::thread::sleep(Duration::from_millis(500));
        e.send("quit");
        assert!(e.close().success(), "{protocol}");
    }
}

#[test]
fn uci_ends_cleanly_when_its_input_ends_mid_search() {
    for go in ["go infinite", "go ponder", "go depth 60"] {
        let mut e = uci();
        e.send("setoption name Threads value 2");
        e.send(go);
        e.send("isready");
        e.until("readyok");
        assert!(e.close().success(), "{go}");
    }
}

#[test]
fn xboard_ends_cleanly_when_its_input_ends_mid_search() {
    for think in [
        &["st 1000", "go"][..],
        &["analyze"],
        &["hard", "sd 60", "go"],
    ] {
        let mut e = xboard(&[]);
        for line in think {
            e.send(line);
        }
        e.send("ping 9");
        assert_eq!(e.until("pong").last().map(String::as_str), Some("pong 9"));
        assert!(e.close().success(), "{think:?}");
    }
}

#[test]
fn uci_answers_isready_while_it_thinks() {
    let mut e = uci();
    e.send("go infinite");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:#?}"
    );
    e.send("stop");
    e.until("bestmove");
    assert!(e.close().success());
}

#[test]
fn xboard_answers_every_ping_while_it_thinks() {
    let mut e = xboard(&[]);
    e.send("st 1000");
    e.send("go");
    for n in 1..=5 {
        e.send(&format!("ping {n}"));
        assert_eq!(
            e.until("pong").last().map(String::to_string),
            Some(format!("pong {n}"))
        );
    }
    e.send("?");
    e.until("move ");
    assert!(e.close().success());
}

// The soak, small: random sessions of good and bad lines, with a fixed seed.

/// A small deterministic random source (SplitMix64).
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }
}

const UCI_LINES: &[&str] = &[
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "setoption name UCI_Variant value makruk",
    "setoption name UCI_Variant value minishogi",
    "setoption name UCI_Variant value chess",
    "setoption name Hash value 2",
    "setoption name Threads value 1",
    "setoption name MultiPV value 2",
    "setoption name Skill Level value 3",
    "go depth 2",
    "go movetime 10",
    "go nodes 500",
    "go wtime 300 btime 300 winc 5 binc 5",
    "go infinite",
    "go ponder movetime 10",
    "ponderhit",
    "stop",
    "eval",
    "go movetime -5",
    "go depth 99999",
    "go wtime 9223372036854775807 winc 9223372036854775807",
    "setoption name Hash value 4097",
    "setoption name Nope value 1",
    "position fen garbage",
    "position startpos moves e2e5",
];

const XBOARD_LINES: &[&str] = &[
    "new",
    "variant makruk",
    "variant normal",
    "force",
    "go",
    "playother",
    "usermove e2e4",
    "e7e5",
    "st 1",
    "sd 2",
    "level 40 5 0",
    "time 300",
    "otim 300",
    "undo",
    "remove",
    "?",
    "post",
    "hard",
    "easy",
    "analyze",
    "exit",
    "memory 2",
    "cores 1",
    "setboard garbage",
    "st -5",
    "time 9223372036854775807",
    "memory 4097",
    "level x y z",
    "usermove zz",
];

/// One random session's bytes, with how many `isready` and which `ping` it sends.
fn random_session(dice: &mut Dice, xboard: bool) -> (Vec<u8>, usize, Vec<String>) {
    let mut bytes = Vec::new();
    let mut readies = 0;
    let mut pings = Vec::new();
    let good = if xboard { XBOARD_LINES } else { UCI_LINES };
    if xboard {
        bytes.extend_from_slice(b"xboard\nprotover 2\n");
    } else {
        bytes.extend_from_slice(b"uci\n");
    }
    for k in 0..10 + dice.below(30) {
        match dice.below(10) {
            0 if xboard => {
                pings.push(k.to_string());
                bytes.extend_from_slice(format!("ping {k}\n").as_bytes());
            }
            0 => {
                readies += 1;
                bytes.extend_from_slice(b"isready\n");
            }
            1 => {
                let noise: Vec<u8> = (0..1 + dice.below(40))
                    .map(|_| (dice.next() % 256) as u8)
                    .filter(|&b| b != b'\n')
                    .collect();
                bytes.extend_from_slice(&noise);
                bytes.push(b'\n');
            }
            2 => {
                let line = dice.pick(good);
                bytes.extend_from_slice(&line.as_bytes()[..dice.below(line.len())]);
                bytes.push(b'\n');
            }
            3 if dice.below(4) == 0 => {
                bytes.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 1));
                bytes.push(b'\n');
            }
            _ => {
                bytes.extend_from_slice(dice.pick(good).as_bytes());
                bytes.extend_from_slice(if dice.below(5) == 0 { b"\r\n" } else { b"\n" });
            }
        }
    }
    // The input ends while the engine thinks.
    bytes.extend_from_slice(if xboard {
        b"sd 40\ngo\n"
    } else {
        b"go infinite\n"
    });
    (bytes, readies, pings)
}

/// Runs a session on `bytes` (the input then ends); its exit status and its lines.
fn run_session(mode: &str, bytes: Vec<u8>) -> (ExitStatus, Vec<String>) {
    let mut e = Engine::start(&[mode]);
    let mut input = e.input.take().expect("stdin");
    // The whole input from a thread, so that the engine answers while it reads.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    writer.join().expect("the writer");
    let status = e.close();
    (status, e.rest())
}

#[test]
fn a_small_soak_of_random_sessions_never_stops_a_session_early() {
    let mut dice = Dice(76);
    for session in 0..30 {
        let xboard = session % 2 == 1;
        let (bytes, readies, pings) = random_session(&mut dice, xboard);
        let (status, lines) = run_session(if xboard { "xboard" } else { "uci" }, bytes);
        assert!(status.success(), "session {session}: {status}");
        let answered = lines.iter().filter(|l| *l == "readyok").count();
        assert_eq!(answered, readies, "session {session}: isready and readyok");
        let pongs: Vec<String> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("pong "))
            .map(str::to_string)
            .collect();
        assert_eq!(pongs, pings, "session {session}: ping and pong");
    }
}
