//! The program as installed: levels by name from any folder, the shipped ones from inside
//! the binary and the user's from the library under the data folder, and a name that
//! never reads a file of the working folder. Each test runs the binary from a scratch
//! folder with a HOME of its own.

use crate::support::scratch;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A user with an empty home and a scratch working folder.
struct User {
    _dir: tempfile::TempDir,
    home: PathBuf,
    work: PathBuf,
}

impl User {
    fn new(name: &str) -> User {
        let dir = scratch(name);
        let home = dir.path().join("home");
        let work = dir.path().join("work");
        std::fs::create_dir_all(&home).expect("home");
        std::fs::create_dir_all(&work).expect("work");
        User {
            _dir: dir,
            home,
            work,
        }
    }

    /// The user's level folder, `$XDG_DATA_HOME/areachess/levels`.
    fn levels(&self) -> PathBuf {
        self.home.join(".local/share/areachess/levels")
    }

    /// Writes a level into the user's library as `NAME.toml`.
    fn own_level(&self, name: &str, text: &str) -> PathBuf {
        std::fs::create_dir_all(self.levels()).expect("the library");
        let path = self.levels().join(format!("{name}.toml"));
        std::fs::write(&path, text).expect("written");
        path
    }

    /// Runs the binary in the working folder: exit code, stdout, stderr.
    fn run(&self, args: &[&str], stdin: &str) -> (i32, String, String) {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_areachess"))
            .args(args)
            .current_dir(&self.work)
            .env("HOME", &self.home)
            .env("XDG_DATA_HOME", self.home.join(".local/share"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
        child
            .stdin
            .take()
            .expect("piped")
            .write_all(stdin.as_bytes())
            .expect("written");
        let out = child.wait_with_output().expect("it ends");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

/// A small level: a rook and a king against a king on 5×5.
const MINE: &str = "name = \"Mine\"\nmode = \"grid\"\ndescription = \"A level of the user's own.\"\n\
[board]\nfiles = 5\nranks = 5\n[pieces.K]\nname = \"King\"\nbetza = \"K\"\nroyal = true\n\
[pieces.R]\nname = \"Rook\"\nbetza = \"R\"\n[rules]\nsetup = \"k4/5/5/5/1R2K w - - 0 1\"\n";

#[test]
fn shipped_levels_and_demonstrations_are_found_by_name_from_any_folder() {
    let user = User::new("library-shipped");
    let (code, out, err) = user.run(&["perft", "chess", "3"], "");
    assert_eq!((code, out.as_str()), (0, "nodes 8902\n"), "{err}");
    let (code, out, _) = user.run(&["check", "xiangqi", "chess-en-passant-and-castling"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("<shipped>/levels/xiangqi.toml: ok"), "{out}");
    // A PGN's Variant finds its shipped level wherever the PGN is read.
    std::fs::write(
        user.work.join("g.pgn"),
        "[Variant \"capablanca\"]\n\n1. e4 *\n",
    )
    .expect("written");
    let (code, out, err) = user.run(&["pgn", "--read", "g.pgn"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("level <shipped>/levels/capablanca.toml\n"),
        "{out}"
    );
    // The line it gives reads back as a LEVEL.
    let (code, out, _) = user.run(
        &["moves", "<shipped>/levels/capablanca.toml", "--from", "b1"],
        "",
    );
    assert_eq!((code, out.lines().count()), (0, 2), "{out}");
}

#[test]
fn a_level_of_the_users_library_is_found_by_name_and_offered_by_uci() {
    let user = User::new("library-own");
    let path = user.own_level("mine", MINE);
    let (code, by_name, err) = user.run(&["perft", "mine", "3"], "");
    assert_eq!(code, 0, "{err}");
    let (_, by_path, _) = user.run(&["perft", &path.display().to_string(), "3"], "");
    assert_eq!(by_name, by_path);
    let (code, out, _) = user.run(&["check", "mine"], "");
    assert_eq!(code, 0, "{out}");
    let (_, uci, _) = user.run(&["uci"], "uci\nquit\n");
    assert!(uci.contains(" var mine "), "{uci}");
    assert!(uci.contains(" var obento "), "{uci}");
}

#[test]
fn a_name_never_reads_a_file_of_the_working_folder() {
    let user = User::new("library-stray");
    std::fs::write(user.work.join("stray.toml"), MINE).expect("written");
    std::fs::write(user.work.join("stray"), MINE).expect("written");
    let (code, _, err) = user.run(&["perft", "stray", "1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no level or game is named 'stray'"), "{err}");
    assert!(
        err.contains("./stray.toml"),
        "the message says how to name the file: {err}"
    );
    // Given as a path, it is read.
    let (code, out, _) = user.run(&["perft", "./stray.toml", "1"], "");
    assert_eq!((code, out.starts_with("nodes ")), (0, true));
    // And a folder `levels/` in the working folder replaces no shipped level.
    std::fs::create_dir_all(user.work.join("levels")).expect("levels/");
    std::fs::write(user.work.join("levels/chess.toml"), MINE).expect("written");
    let (_, out, _) = user.run(&["perft", "chess", "1"], "");
    assert_eq!(out, "nodes 20\n");
}

#[test]
fn a_users_level_named_as_a_shipped_one_leaves_the_shipped_one_its_name() {
    let user = User::new("library-shadow");
    let own = user.own_level("chess", MINE);
    let (_, out, _) = user.run(&["perft", "chess", "1"], "");
    assert_eq!(out, "nodes 20\n", "the shipped chess");
    let (_, out, _) = user.run(&["perft", &own.display().to_string(), "1"], "");
    assert_ne!(out, "nodes 20\n", "the user's, by its path");
}

#[test]
fn the_version_names_the_commit_it_was_built_from() {
    let user = User::new("library-version");
    let (code, out, _) = user.run(&["--version"], "");
    assert_eq!(code, 0);
    let want = format!("areachess {} (commit ", env!("CARGO_PKG_VERSION"));
    assert!(
        out.starts_with(&want) && out.trim_end().ends_with(')'),
        "{out}"
    );
}

#[test]
fn a_shipped_file_is_never_written() {
    let path = areachess::shipped::level("chess");
    let err = areachess::record::save::write_atomically(&path, b"x").expect_err("refused");
    assert_eq!(err.kind(), std::io::ErrorKind::PermissionDenied);
    assert!(Path::new(&path).starts_with(areachess::shipped::ROOT));
    let text = areachess::reading::text(&path, areachess::reading::LEVEL_BYTES).expect("read");
    assert!(text.contains("name = \"Chess\""));
}
