//! The engine protocols over pipes, as a GUI drives them: UCI and XBoard. Each session is
//! the real binary; a test writes its lines and reads the answers until the one it waits
//! for.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A running engine session.
struct Session {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_areachess"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take().expect("stdin");
        let output = child.stdout.take().expect("stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        Session {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads");
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            // Generous: a debug build on a busy machine; the engine's own limits are small.
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no line starting '{prefix}' after {seen:#?}"),
            }
        }
    }

    fn quit(mut self, word: &str) {
        self.send(word);
        let status = self.child.wait().expect("the engine ends");
        assert!(status.success(), "{status}");
    }
}

/// The move of a `bestmove MOVE [ponder REPLY]` line.
fn best_of(line: &str) -> String {
    assert!(line.starts_with("bestmove "), "{line}");
    line.split_whitespace().nth(1).expect("a move").to_string()
}

/// The legal moves `areachess moves` lists after `moves`.
fn legal(level: &str, moves: &[&str]) -> Vec<String> {
    legal_in(level, None, moves)
}

/// The legal moves `areachess moves` lists in a FEN of a level (default: its setup), after
/// `moves`.
fn legal_in(level: &str, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut args = vec!["moves", level];
    if let Some(fen) = fen {
        args.extend(["--fen", fen]);
    }
    if !moves.is_empty() {
        args.push("--moves");
        args.extend(moves);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_areachess"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// Says `uci` and returns the `UCI_Variant` option line of the answer.
fn variant_option(e: &mut Session) -> String {
    e.send("uci");
    e.until("uciok")
        .into_iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .expect("the variant option")
}

#[test]
fn uci_names_its_variants_and_plays_a_legal_move_on_a_twelve_rank_board() {
    let mut e = Session::start(&["uci"]);
    let variants = variant_option(&mut e);
    for name in ["chess", "capablanca", "shako", "obento"] {
        assert!(variants.contains(&format!(" var {name}")), "{variants}");
    }
    e.send("setoption name UCI_Variant value obento");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines.iter().any(|l| l
            .starts_with("info string variant obento files 12 ranks 12 startpos otwsyiiyswto/")),
        "{lines:?}"
    );
    let played = ["e3e6", "a10a9"];
    e.send(&format!("position startpos moves {}", played.join(" ")));
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2 ")),
        "{lines:?}"
    );
    let best = best_of(lines.last().expect("a line"));
    assert!(
        legal("levels/obento.toml", &played).contains(&best),
        "{best}"
    );
    e.quit("quit");
}

#[test]
fn uci_says_what_was_wrong_and_keeps_its_last_good_position() {
    let mut e = Session::start(&["uci"]);
    e.send("uci");
    e.until("uciok");
    e.send("position startpos moves e2e4");
    for bad in [
        "frobnicate",
        "position fen 8/8 w",
        "position startpos moves e7e5 e2e5",
        "position sideways",
        "setoption name UCI_Variant value nowhere",
        "setoption name Hash value lots",
        "setoption name LevelFile value /no/such/level.toml",
        "setoption name Colour value blue",
    ] {
        e.send(bad);
        e.send("isready");
        let lines = e.until("readyok");
        assert!(
            lines.iter().any(|l| l.starts_with("info string ")),
            "{bad}: {lines:?}"
        );
    }
    // Still the position after 1. e4: Black to move. A word `go` cannot use is left out,
    // said, and the search goes on with the rest.
    e.send("go sideways 3 depth 1");
    let mut lines = e.until("bestmove");
    assert_eq!(
        lines[0],
        "info string go: unknown word 'sideways'; left out"
    );
    assert_eq!(lines[1], "info string go: unknown word '3'; left out");
    let best = lines.pop().expect("a line");
    assert!(
        legal("levels/chess.toml", &["e2e4"]).contains(&best_of(&best)),
        "{best}"
    );
    e.quit("quit");
}

#[test]
fn uci_follows_a_game_past_a_draw_by_rule_for_the_gui_to_claim() {
    let mut e = Session::start(&["uci"]);
    let shuffle = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "e2e4",
    ];
    e.send(&format!("position startpos moves {}", shuffle.join(" ")));
    e.send("go depth 1");
    let lines = e.until("bestmove");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    let best = best_of(lines.last().expect("a line"));
    assert!(
        legal("levels/chess.toml", &["e2e4"]).contains(&best),
        "{best}"
    );
    e.quit("quit");
}

#[test]
fn uci_answers_isready_while_thinking_and_stops_on_stop() {
    let mut e = Session::start(&["uci"]);
    e.send("uci");
    e.until("uciok");
    e.send("position startpos");
    e.send("go infinite");
    e.send("isready");
    e.until("readyok");
    e.send("stop");
    let best = e.until("bestmove").pop().expect("a line");
    assert!(legal("levels/chess.toml", &[]).contains(&best_of(&best)));
    e.quit("quit");
}

#[test]
fn uci_searches_on_two_threads_and_offers_its_options() {
    let mut e = Session::start(&["uci"]);
    e.send("uci");
    let options = e.until("uciok");
    for name in [
        "Threads",
        "Ponder",
        "MultiPV",
        "Hash",
        "Skill Level",
        "UCI_LimitStrength",
        "UCI_Elo",
    ] {
        assert!(
            options
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "{name} in {options:#?}"
        );
    }
    // Until told otherwise, the engine searches on every core the machine offers.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(
        options.iter().any(|l| l.starts_with(&format!(
            "option name Threads type spin default {} min 1 max",
            cores.min(64)
        ))),
        "{options:#?}"
    );
    e.send("setoption name Threads value 2");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 7");
    let lines = e.until("bestmove");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:#?}"
    );
    let best = lines
        .last()
        .expect("a line")
        .split_whitespace()
        .nth(1)
        .expect("a move")
        .to_string();
    assert!(
        legal("levels/chess.toml", &["e2e4", "e7e5"]).contains(&best),
        "{best}"
    );
    e.send("setoption name Threads value 0");
    let said = e.until("info string").pop().expect("a line");
    assert!(said.contains("Threads '0'"), "{said}");
    e.quit("quit");
}

#[test]
fn uci_plays_at_the_windows_strengths_by_skill_level_or_elo() {
    let depths = |e: &mut Session| -> Vec<u32> {
        e.send("position startpos moves e2e4");
        e.send("go depth 6");
        e.until("bestmove")
            .iter()
            .filter_map(|l| l.strip_prefix("info depth "))
            .filter_map(|l| l.split_whitespace().next()?.parse().ok())
            .collect()
    };
    let mut e = Session::start(&["uci"]);
    e.send("uci");
    let options = e.until("uciok");
    let elo = options
        .iter()
        .find(|l| l.starts_with("option name UCI_Elo"))
        .expect("UCI_Elo");
    let bound = |key: &str| -> i32 {
        elo.split_whitespace()
            .skip_while(|&w| w != key)
            .nth(1)
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("UCI_Elo's {key}: {elo}"))
    };
    let (lowest, highest) = (bound("min"), bound("max"));
    // Unbounded, the depth asked for is reached.
    assert_eq!(depths(&mut e).iter().max(), Some(&6));
    // Strength 1 searches one ply (and its captures), whatever the GUI allows.
    e.send("setoption name Skill Level value 1");
    assert_eq!(depths(&mut e).iter().max(), Some(&1));
    e.send("setoption name Skill Level value 6");
    assert_eq!(depths(&mut e).iter().max(), Some(&6));
    // The lowest rating is strength 1 again.
    e.send("setoption name UCI_LimitStrength value true");
    e.send(&format!("setoption name UCI_Elo value {lowest}"));
    assert_eq!(depths(&mut e).iter().max(), Some(&1));
    // Climbing the ratings, the search never gets shallower, and between strength 2's
    // two plies and the unbounded strengths there are rungs of fixed depth.
    let mut reached = Vec::new();
    for elo in (lowest..=highest).step_by(100).chain([highest]) {
        e.send(&format!("setoption name UCI_Elo value {elo}"));
        reached.push(*depths(&mut e).iter().max().expect("a depth"));
    }
    assert!(reached.windows(2).all(|w| w[0] <= w[1]), "{reached:?}");
    assert!(reached.iter().any(|&d| 2 < d && d < 6), "{reached:?}");
    assert_eq!(reached.last(), Some(&6));
    e.send(&format!("setoption name UCI_Elo value {}", lowest - 1));
    let said = e.until("info string").pop().expect("a line");
    assert!(said.contains("UCI_Elo"), "{said}");
    e.quit("quit");
}

#[test]
fn uci_ponders_until_the_guess_is_played_then_answers_in_its_time() {
    let mut e = Session::start(&["uci"]);
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 6");
    let best = e.until("bestmove").pop().expect("a line");
    // The reply it expects is offered to ponder on.
    let words: Vec<&str> = best.split_whitespace().collect();
    assert_eq!(words.get(2), Some(&"ponder"), "{best}");
    let (mine, guess) = (words[1].to_string(), words[3].to_string());
    assert!(
        legal("levels/chess.toml", &["e2e4", "e7e5", &mine]).contains(&guess),
        "{best}"
    );
    // Pondering on the guess: nothing is played while the opponent thinks, however
    // short the time the search will have.
    e.send(&format!("position startpos moves e2e4 e7e5 {mine} {guess}"));
    e.send("go ponder movetime 30");
    std::thread::sleep(Duration::from_millis(400));
    e.send("isready");
    let meanwhile = e.until("readyok");
    assert!(
        !meanwhile.iter().any(|l| l.starts_with("bestmove")),
        "{meanwhile:#?}"
    );
    e.send("ponderhit");
    let best = e.until("bestmove").pop().expect("a line");
    let played = best.split_whitespace().nth(1).expect("a move").to_string();
    assert!(legal("levels/chess.toml", &["e2e4", "e7e5", &mine, &guess]).contains(&played));
    // A ponder search that is stopped (the guess was wrong) answers at once.
    e.send("go ponder movetime 30");
    e.send("stop");
    e.until("bestmove");
    e.quit("quit");
}

#[test]
fn uci_go_before_any_position_searches_the_start() {
    let mut e = Session::start(&["uci", "levels/capablanca.toml"]);
    e.send("go depth 1");
    let lines = e.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string go before any position"))
    );
    let best = best_of(lines.last().expect("a line"));
    assert!(
        legal("levels/capablanca.toml", &[]).contains(&best),
        "{best}"
    );
    e.quit("quit");
}

/// The numbers of an `info string eval CP white CP middlegame F` line.
fn eval_of(line: &str) -> (i32, i32, f64) {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        [
            "info",
            "string",
            "eval",
            mover,
            "white",
            white,
            "middlegame",
            share,
        ] => (
            mover.parse().expect("a number"),
            white.parse().expect("a number"),
            share.parse().expect("a number"),
        ),
        _ => panic!("not an eval line: {line}"),
    }
}

/// The numbers of the engine's answer to `eval`.
fn eval_now(e: &mut Session) -> (i32, i32, f64) {
    e.send("eval");
    eval_of(e.until("info string eval").last().expect("a line"))
}

#[test]
fn uci_eval_scores_the_position_without_a_search() {
    let mut e = Session::start(&["uci", "levels/chess.toml"]);
    let (mover, white, share) = eval_now(&mut e);
    // The start: White to move, all the material on the board.
    assert_eq!(mover, white);
    assert_eq!(share, 1.0);
    e.send("position startpos moves e2e4");
    let (mover, white, _) = eval_now(&mut e);
    assert_eq!(
        mover, -white,
        "Black to move: its score is White's turned round"
    );
    // White a queen up, Black to move: far ahead for White, and past the middlegame.
    e.send("position fen 4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 b - - 0 1");
    let (mover, white, share) = eval_now(&mut e);
    assert!(
        white > 600 && mover == -white,
        "white {white}, mover {mover}"
    );
    assert!(share < 1.0, "{share}");
    // A bad position keeps the last good one, and eval scores that.
    e.send("position fen not-a-fen");
    e.send("eval");
    let lines = e.until("info string eval");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string position fen"))
    );
    assert_eq!(eval_of(lines.last().expect("a line")).1, white);
    e.quit("quit");
}

#[test]
fn xboard_answers_protover_and_replies_to_a_move() {
    let mut e = Session::start(&["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    let features = e.until("feature done=1");
    let first = &features[0];
    for f in ["setboard=1", "usermove=1", "ping=1", "variants=\""] {
        assert!(first.contains(f), "{first}");
    }
    assert!(
        first.contains("normal") && first.contains("obento"),
        "{first}"
    );
    e.send("new");
    e.send("sd 2");
    e.send("usermove e2e4");
    let reply = e.until("move ").pop().expect("a line");
    let m = reply["move ".len()..].to_string();
    assert!(
        legal("levels/chess.toml", &["e2e4"]).contains(&m),
        "{reply}"
    );
    e.send("ping 3");
    e.until("pong 3");
    e.quit("quit");
}

#[test]
fn xboard_analyzes_each_position_it_is_shown_and_plays_nothing() {
    let mut e = Session::start(&["xboard"]);
    e.send("xboard");
    e.send("protover 2");
    let features = e.until("feature done=1");
    assert!(
        features[0].contains("analyze=1") && features[0].contains("smp=1"),
        "{features:#?}"
    );
    e.send("new");
    e.send("cores 2");
    e.send("force");
    e.send("analyze");
    // Thinking output: depth, score, time, nodes, then the line.
    let first = e.until("1 ").pop().expect("a line");
    assert!(first.split_whitespace().count() >= 5, "{first}");
    e.send("usermove e2e4");
    e.send("ping 1");
    e.until("pong 1");
    // The new position is analysed: its lines are Black's moves.
    let line = e.until("3 ").pop().expect("a line");
    let pv: Vec<&str> = line.split_whitespace().skip(4).collect();
    assert!(
        legal("levels/chess.toml", &["e2e4"]).contains(&pv[0].to_string()),
        "{line}"
    );
    e.send("exit");
    e.send("ping 2");
    let after = e.until("pong 2");
    assert!(!after.iter().any(|l| l.starts_with("move ")), "{after:#?}");
    e.send("bad");
    e.until("Error");
    e.quit("quit");
}

/// The engine's move and the reply it expects, from the thinking output before `move`.
fn move_and_guess(lines: &[String]) -> (String, Option<String>) {
    let played = lines
        .last()
        .and_then(|l| l.strip_prefix("move "))
        .expect("a move")
        .to_string();
    let pv = lines
        .iter()
        .rev()
        .find(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.parse::<u32>().is_ok())
        })
        .map(|l| {
            l.split_whitespace()
                .skip(4)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    assert_eq!(pv.first(), Some(&played), "{lines:#?}");
    (played, pv.get(1).cloned())
}

#[test]
fn xboard_ponders_with_hard_and_answers_the_expected_reply_and_any_other() {
    let mut e = Session::start(&["xboard"]);
    e.send("protover 2");
    e.until("feature done=1");
    e.send("new");
    e.send("hard");
    e.send("post");
    e.send("sd 4");
    e.send("usermove e2e4");
    let (first, guess) = move_and_guess(&e.until("move "));
    let guess = guess.expect("a line of two moves or more at depth 4");
    // Pondering plays nothing until the opponent moves.
    e.send("ping 1");
    let quiet = e.until("pong 1");
    assert!(!quiet.iter().any(|l| l.starts_with("move ")), "{quiet:#?}");
    // The expected reply: the ponder search goes on, and its move answers.
    // The ponder search may have finished its depth before the ping was answered, so its
    // thinking output can come before `pong 1` and the move alone after the reply.
    e.send(&format!("usermove {guess}"));
    let mut pondered = quiet;
    pondered.extend(e.until("move "));
    let (second, next_guess) = move_and_guess(&pondered);
    let mut line = vec!["e2e4".to_string(), first, guess];
    assert!(
        legal(
            "levels/chess.toml",
            &line.iter().map(String::as_str).collect::<Vec<_>>()
        )
        .contains(&second),
        "{line:?} then {second}"
    );
    line.push(second);
    // Another reply than the expected one: the engine thinks afresh and answers it.
    let now: Vec<&str> = line.iter().map(String::as_str).collect();
    let other = legal("levels/chess.toml", &now)
        .into_iter()
        .find(|m| Some(m) != next_guess.as_ref())
        .expect("a legal reply");
    e.send(&format!("usermove {other}"));
    let (third, _) = move_and_guess(&e.until("move "));
    line.push(other);
    let now: Vec<&str> = line.iter().map(String::as_str).collect();
    assert!(
        legal("levels/chess.toml", &now).contains(&third),
        "{now:?} then {third}"
    );
    // `easy` stops pondering: after the next move nothing thinks on.
    e.send("easy");
    e.send("nopost");
    e.send("ping 2");
    e.until("pong 2");
    e.quit("quit");
}

#[test]
fn xboard_says_the_game_is_over_when_the_guis_move_mates_it() {
    let mut e = Session::start(&["xboard"]);
    e.send("protover 2");
    e.until("feature done=1");
    e.send("new");
    e.send("sd 2");
    // Fool's mate with the engine as White: Black's next move mates it.
    e.send("force");
    e.send("setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    e.send("playother");
    e.send("usermove d8h4");
    let lines = e.until("0-1");
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("0-1 {Black mates}")),
        "{lines:?}"
    );
    // And it does not try to move in a finished game.
    e.send("ping 7");
    let after = e.until("pong 7");
    assert!(!after.iter().any(|l| l.starts_with("move ")), "{after:?}");
    e.quit("quit");
}

#[test]
fn xboard_sets_up_a_variant_it_does_not_know_with_betza_pieces() {
    let mut e = Session::start(&["xboard"]);
    e.send("protover 2");
    e.until("feature done=1");
    e.send("new");
    e.send("variant shako");
    e.send("ping 1");
    let lines = e.until("pong 1");
    let setup = lines
        .iter()
        .find(|l| l.starts_with("setup ("))
        .expect("a setup line");
    assert!(setup.contains(") 10x10+0_fairy "), "{setup}");
    assert!(lines.iter().any(|l| l == "piece C& mRcpR"), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("piece K& K") && l.ends_with("O2")),
        "{lines:?}"
    );
    e.quit("quit");
}

#[test]
fn xboard_gets_obentos_bent_pieces_in_its_own_betza_and_is_told_what_it_cannot_check() {
    let mut e = Session::start(&["xboard"]);
    e.send("protover 2");
    e.until("feature done=1");
    e.send("new");
    e.send("variant obento");
    e.send("ping 1");
    let lines = e.until("pong 1");
    let piece = |letter: char| {
        let head = format!("piece {letter}& ");
        lines
            .iter()
            .find_map(|l| l.strip_prefix(head.as_str()))
            .unwrap_or_else(|| panic!("no piece {letter} in {lines:?}"))
            .to_string()
    };
    // XBoard's own pawn, and the triple step as three steps onto empty squares.
    assert_eq!(piece('P'), "fmWfceFifmnDifmafmafmW");
    // `fW-fB|bW-bB`: a step, then on as a bishop 45° either side.
    assert_eq!(piece('T'), "vWvyafsW");
    // The camel is XBoard's C; a castling king says how far it goes.
    assert_eq!(piece('W'), "FC");
    assert_eq!(piece('K'), "KO3");
    // Every type has its line: none was refused.
    assert_eq!(lines.iter().filter(|l| l.starts_with("piece ")).count(), 22);
    // Non-pawn promotions and a three-rank zone are beyond XBoard's fairy rules.
    let told = lines
        .iter()
        .find(|l| l.starts_with("tellusererror "))
        .expect("the user is told");
    assert!(
        told.contains("promote") && told.contains("Test Legality"),
        "{told}"
    );
    e.quit("quit");
}

#[test]
fn xboard_is_told_which_piece_it_cannot_be_given() {
    let mut e = Session::start(&["xboard"]);
    e.send("protover 2");
    e.until("feature done=1");
    e.send("new");
    e.send("variant urc-demo");
    e.send("ping 1");
    let lines = e.until("pong 1");
    // The URC demo's H hops like a grasshopper and then steps: XBoard's legs cannot.
    assert!(
        !lines.iter().any(|l| l.starts_with("piece H& ")),
        "{lines:?}"
    );
    let told = lines
        .iter()
        .find(|l| l.starts_with("tellusererror "))
        .expect("the user is told");
    assert!(told.contains("piece H (gQ-!sK)"), "{told}");
    e.quit("quit");
}

#[test]
fn xboard_refuses_bad_lines_and_goes_on() {
    let mut e = Session::start(&["xboard"]);
    e.send("protover 2");
    e.until("feature done=1");
    e.send("new");
    e.send("force");
    for (bad, answer) in [
        ("usermove e2e5", "Illegal move (not legal here): e2e5"),
        ("usermove zz", "Illegal move (not a move): zz"),
        ("variant nowhere", "Error (unknown variant): nowhere"),
        ("setboard 8/8 w", "Error (bad FEN): "),
        ("bogus", "Error (unknown command): bogus"),
        ("sd many", "Error (bad sd): many"),
        ("level 40", "Error (bad level): 40"),
    ] {
        e.send(bad);
        let line = e.until(answer).pop().expect("a line");
        assert!(line.starts_with(answer), "{bad}: {line}");
    }
    e.send("usermove e2e4");
    e.send("sd 1");
    e.send("go");
    e.until("move ");
    e.quit("quit");
}

/// What a session wrote, shared with the test.
#[derive(Clone, Default)]
struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("the sink").extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("the sink")).into_owned()
    }
}

/// The shipped levels, read once for all cases.
fn catalog() -> areachess::protocol::Catalog {
    static CATALOG: std::sync::OnceLock<areachess::protocol::Catalog> = std::sync::OnceLock::new();
    CATALOG
        .get_or_init(areachess::protocol::Catalog::library)
        .clone()
}

/// Lines a GUI might send, and lines no GUI would: known words with random arguments.
fn protocol_line() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let word = prop_oneof![
        Just("uci"),
        Just("isready"),
        Just("ucinewgame"),
        Just("position"),
        Just("startpos"),
        Just("fen"),
        Just("moves"),
        Just("go"),
        Just("depth"),
        Just("setoption"),
        Just("name"),
        Just("value"),
        Just("UCI_Variant"),
        Just("Hash"),
        Just("LevelFile"),
        Just("obento"),
        Just("e2e4"),
        Just("a10a11"),
        Just("new"),
        Just("variant"),
        Just("usermove"),
        Just("setboard"),
        Just("force"),
        Just("undo"),
        Just("remove"),
        Just("level"),
        Just("st"),
        Just("sd"),
        Just("time"),
        Just("ping"),
        Just("1"),
        Just("-7"),
        Just("99999999999999999999"),
        Just("8/8"),
        Just("w"),
        Just("Threads"),
        Just("Ponder"),
        Just("ponderhit"),
        Just("ponder"),
        Just("stop"),
        Just("Skill"),
        Just("Level"),
        Just("UCI_Elo"),
        Just("UCI_LimitStrength"),
        Just("analyze"),
        Just("exit"),
        Just("cores"),
    ]
    .prop_map(str::to_string);
    let junk = "[ -~]{0,12}";
    let token = prop_oneof![3 => word, 1 => junk];
    proptest::collection::vec(token, 0..8).prop_map(|t| t.join(" "))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, ..Default::default() })]

    /// No line stops a UCI session: after any of them it still answers isready.
    #[test]
    fn uci_survives_any_lines(lines in proptest::collection::vec(protocol_line(), 1..12)) {
        use areachess::protocol::{Output, uci::Uci};
        let sink = Sink::default();
        let mut session = Uci::new(Output::new(sink.clone()), catalog(), None);
        for line in &lines {
            // A search without limits would run until stopped: keep each one short.
            let line = if line.trim() == "go" { "go depth 1" } else { line.as_str() };
            if !session.command(line) {
                break;
            }
            session.command("stop");
        }
        session.command("stop");
        session.command("isready");
        proptest::prop_assert!(sink.text().ends_with("readyok\n"), "{}", sink.text());
    }

    /// No line stops an XBoard session: after any of them it still answers ping.
    #[test]
    fn xboard_survives_any_lines(lines in proptest::collection::vec(protocol_line(), 1..12)) {
        use areachess::protocol::{Output, xboard};
        let sink = Sink::default();
        let mut input: Vec<String> = vec!["force".into()];
        input.extend(lines.into_iter().filter(|l| l.trim() != "quit"));
        // Whatever it thinks about, it stops at once: a fixed depth of one.
        input.push("sd 1".into());
        input.push("force".into());
        input.push("ping 99".into());
        input.push("quit".into());
        let text = input.join("\n") + "\n";
        xboard::run(Output::new(sink.clone()), catalog(), None, std::io::Cursor::new(text.into_bytes()));
        proptest::prop_assert!(sink.text().contains("pong 99"), "{}", sink.text());
    }
}

/// UCI_Chess960 makes chess castle as Chess960 does, king takes rook, as Fairy-Stockfish
/// with the same option; XBoard's fischerandom is the chess960 level, castling `O-O`.
#[test]
fn chess960_under_uci_chess960_and_xboard_fischerandom() {
    let fen = "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1";
    let mut e = Session::start(&["uci"]);
    e.send("uci");
    let options = e.until("uciok");
    assert!(
        options
            .iter()
            .any(|l| l == "option name UCI_Chess960 type check default false"),
        "{options:#?}"
    );
    e.send("setoption name UCI_Variant value chess");
    e.send("setoption name UCI_Chess960 value true");
    e.send(&format!("position fen {fen} moves g1h1 g8h8"));
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("illegal") || l.contains("error")),
        "{lines:#?}"
    );
    let best = best_of(lines.last().expect("a line"));
    let after = legal_in("levels/chess960.toml", Some(fen), &["g1h1", "g8h8"]);
    assert!(after.contains(&best), "{best} in {after:?}");
    e.quit("quit");

    let mut x = Session::start(&["xboard"]);
    x.send("xboard");
    x.send("protover 2");
    let features = x.until("feature done=1");
    assert!(features[0].contains("fischerandom"), "{}", features[0]);
    x.send("variant fischerandom");
    x.send(&format!("setboard {fen}"));
    x.send("sd 2");
    x.send("usermove O-O");
    let reply = x.until("move ").pop().expect("a line");
    let m = reply["move ".len()..].to_string();
    let replies = legal_in("levels/chess960.toml", Some(fen), &["g1h1"]);
    assert!(
        replies.contains(&m) || (m.starts_with("O-O") && replies.contains(&"g8h8".to_string())),
        "{reply}"
    );
    x.quit("quit");
}

/// The `MOVE: COUNT` lines of a `go perft` answer, and its `Nodes searched` total.
fn perft_answer(lines: &[String]) -> (Vec<(String, u64)>, u64) {
    let counts = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| !m.contains(' '))
        .map(|(m, n)| (m.to_string(), n.parse().expect("a count")))
        .collect();
    let total = lines
        .last()
        .and_then(|l| l.strip_prefix("Nodes searched: "))
        .expect("the total")
        .parse()
        .expect("a number");
    (counts, total)
}

/// `go perft` answers as Stockfish does, in Fairy-Stockfish's notation, under the names
/// Fairy-Stockfish gives the variants (`normal`, `mini`).
#[test]
fn uci_counts_perft_as_stockfish_does_under_fairy_stockfishs_names() {
    let mut e = Session::start(&["uci"]);
    let variants = variant_option(&mut e);
    for name in [
        "chess",
        "normal",
        "fischerandom",
        "minishogi",
        "mini",
        "gothic",
    ] {
        assert!(
            variants.contains(&format!(" var {name} "))
                || variants.ends_with(&format!(" var {name}")),
            "{name}: {variants}"
        );
    }
    e.send("setoption name UCI_Variant value normal");
    e.send("position startpos moves e2e4");
    e.send("go perft 2");
    let (counts, total) = perft_answer(&e.until("Nodes searched"));
    assert_eq!(counts.len(), 20);
    assert_eq!(total, 600);
    assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), total);
    assert!(counts.contains(&("d7d5".to_string(), 31)), "{counts:?}");
    let mut moves: Vec<String> = counts.into_iter().map(|(m, _)| m).collect();
    moves.sort();
    assert_eq!(moves, legal("levels/chess.toml", &["e2e4"]));

    // Shogi's drops and `+` promotions, as Fairy-Stockfish writes them.
    e.send("setoption name UCI_Variant value mini");
    e.send("position fen rbsgk/4p/5/P4/KGSBR[Pp] w - - 0 1");
    e.send("go perft 1");
    let (counts, total) = perft_answer(&e.until("Nodes searched"));
    assert!(counts.iter().any(|(m, _)| m == "P@b3"), "{counts:?}");
    assert_eq!(total, counts.len() as u64);
    assert_eq!(
        counts.iter().map(|(m, _)| m.clone()).collect::<Vec<_>>(),
        legal_in(
            "levels/minishogi.toml",
            Some("rbsgk/4p/5/P4/KGSBR[Pp] w - - 0 1"),
            &[]
        )
    );
    e.send("position fen 4k/P4/5/5/4K w - - 0 1");
    e.send("go perft 1");
    let (counts, _) = perft_answer(&e.until("Nodes searched"));
    assert!(counts.iter().any(|(m, _)| m == "a4a5+"), "{counts:?}");
    assert!(!counts.iter().any(|(m, _)| m == "a4a5"), "{counts:?}");
    assert!(counts.iter().any(|(m, _)| m == "e1e2"), "{counts:?}");

    // A count too deep to finish ends on `stop`, partial and said to be.
    e.send("setoption name UCI_Variant value chess");
    e.send("position startpos");
    e.send("go perft 64");
    e.send("go depth 1");
    let refused = e.until("info string go: a perft is counting");
    assert!(
        !refused.iter().any(|l| l.starts_with("Nodes searched")),
        "{refused:?}"
    );
    e.send("stop");
    let lines = e.until("info string perft stopped");
    assert!(
        lines.iter().any(|l| l.starts_with("Nodes searched: ")),
        "{lines:?}"
    );
    e.send("go perft 0");
    let (_, total) = perft_answer(&e.until("Nodes searched"));
    assert_eq!(total, 20, "perft 0 is taken as 1");
    e.quit("quit");
}

/// At the end of the input a count is finished before the engine exits, as Stockfish's
/// perft, answered before it reads on, would be.
#[test]
fn uci_finishes_a_count_when_the_input_ends() {
    let out = Command::new(env!("CARGO_BIN_EXE_areachess"))
        .arg("uci")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(b"position startpos\ngo perft 3\n")?;
            child.wait_with_output()
        })
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\nNodes searched: 8902\n"), "{text}");
}
