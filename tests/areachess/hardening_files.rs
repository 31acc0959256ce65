//! Which files a level, a saved game and a PGN may make the program read: a file a file
//! names stays in the naming file's folder, a PGN's `Variant` is a shipped level's name,
//! only regular files are read, and each up to its cap. What a refused file holds never
//! shows in a message.

use crate::support::scratch;
use areachess::level;
use areachess::reading;
use areachess::record::{game, save};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a stranger's file holds; no message may repeat it.
const SECRET: &str = "TOPSECRET";

/// The shipped URC demo level and its pieces.
fn urc_demo() -> (String, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let level = std::fs::read_to_string(root.join("urc-demo.toml")).expect("shipped");
    let pieces = std::fs::read_to_string(root.join("urc-pieces.yaml")).expect("shipped");
    (level, pieces)
}

/// The URC demo level with its pawn's reference (line 17) replaced by `reference`.
fn level_naming(reference: &str) -> String {
    let (level, _) = urc_demo();
    let old = "urc = \"urc-pieces.yaml#pawn\"";
    assert!(level.contains(old));
    level.replacen(old, &format!("urc = \"{reference}\""), 1)
}

/// A folder holding the URC demo's pieces and a level naming `reference` (`level.toml`).
fn folder_with_level(name: &str, reference: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = scratch(name);
    std::fs::write(dir.path().join("urc-pieces.yaml"), urc_demo().1).expect("written");
    let path = dir.path().join("level.toml");
    std::fs::write(&path, level_naming(reference)).expect("written");
    (dir, path)
}

/// A stranger's URC file: pieces whose ids are the secret.
fn plant_secret(dir: &Path, file: &str) -> PathBuf {
    let path = dir.join(file);
    let text = format!("{SECRET}:\n  name: \"{SECRET}\"\n  moves: []\n");
    std::fs::write(&path, text).expect("written");
    path
}

fn areachess(args: &[&str], stdin: Option<Vec<u8>>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_areachess"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || {
        // The program may stop reading early (past a cap): a broken pipe is its answer.
        let _ = input.write_all(&stdin.unwrap_or_default());
    });
    let out = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `areachess check PATH`: its exit code and everything it wrote.
fn check(path: &Path) -> (i32, String) {
    let (code, out, err) = areachess(&["check", &path.display().to_string()], None);
    (code, format!("{out}{err}"))
}

fn assert_no_secret(said: &str) {
    assert!(
        !said.to_uppercase().contains(SECRET),
        "a refused file's content shows: {said}"
    );
}

#[test]
fn a_urc_reference_by_absolute_path_is_refused_at_its_place() {
    let stranger = scratch("stranger");
    let secret = plant_secret(stranger.path(), "secret.yaml");
    let (_dir, level) = folder_with_level("absolute", &format!("{}#pawn", secret.display()));
    let (code, said) = check(&level);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("level.toml:17:7"), "{said}");
    assert!(said.contains("an absolute path"), "{said}");
    assert_no_secret(&said);
}

#[test]
fn a_urc_reference_climbing_out_of_the_levels_folder_is_refused() {
    let outer = scratch("climb");
    plant_secret(outer.path(), "secret.yaml");
    let inner = outer.path().join("levels");
    std::fs::create_dir(&inner).expect("made");
    let level = inner.join("level.toml");
    std::fs::write(&level, level_naming("../secret.yaml#pawn")).expect("written");
    let (code, said) = check(&level);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("level.toml:17:7"), "{said}");
    assert!(said.contains("outside the naming file's folder"), "{said}");
    assert_no_secret(&said);
}

#[cfg(unix)]
#[test]
fn a_urc_reference_through_a_link_out_of_the_folder_is_refused() {
    let stranger = scratch("linked");
    let secret = plant_secret(stranger.path(), "secret.yaml");
    let (dir, level) = folder_with_level("link", "link.yaml#pawn");
    std::os::unix::fs::symlink(&secret, dir.path().join("link.yaml")).expect("linked");
    let (code, said) = check(&level);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("outside the naming file's folder"), "{said}");
    assert_no_secret(&said);
}

#[test]
fn a_urc_reference_inside_the_folder_still_reads() {
    let (dir, level) = folder_with_level("inside", "art/../urc-pieces.yaml#pawn");
    std::fs::create_dir(dir.path().join("art")).expect("made");
    let (code, said) = check(&level);
    assert_eq!(code, 0, "{said}");
}

#[cfg(unix)]
#[test]
fn a_device_is_not_read_as_a_level() {
    let (code, said) = check(Path::new("/dev/zero"));
    assert_ne!(code, 0, "{said}");
    assert!(
        said.contains("/dev/zero:1:1: cannot read the file: not a regular file"),
        "{said}"
    );
}

/// A FIFO nobody writes to: opening it to read would wait for ever.
#[cfg(unix)]
fn fifo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let made = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    path
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_before_it_is_opened() {
    let (dir, level) = folder_with_level("fifo", "pipe.yaml#pawn");
    fifo(dir.path(), "pipe.yaml");
    let (code, said) = check(&level);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("pipe.yaml: not a regular file"), "{said}");
    let named = fifo(dir.path(), "named.toml");
    let (code, said) = check(&named);
    assert_ne!(code, 0, "{said}");
    assert!(said.contains("not a regular file"), "{said}");
}

#[cfg(unix)]
#[test]
fn uci_level_file_naming_a_device_is_refused() {
    let input = b"uci\nsetoption name LevelFile value /dev/zero\nquit\n".to_vec();
    let (_, out, err) = areachess(&["uci"], Some(input));
    assert!(
        out.contains("cannot load /dev/zero") && out.contains("not a regular file"),
        "{out}{err}"
    );
}

#[test]
fn a_level_larger_than_its_cap_is_refused_naming_the_cap() {
    let dir = scratch("large");
    let path = dir.path().join("large.toml");
    let file = std::fs::File::create(&path).expect("made");
    file.set_len(reading::LEVEL_BYTES + 1).expect("sized");
    let (code, said) = check(&path);
    assert_ne!(code, 0, "{said}");
    assert!(
        said.contains(&format!("larger than {} bytes", reading::LEVEL_BYTES)),
        "{said}"
    );
}

#[test]
fn standard_input_past_the_cap_is_refused() {
    let big = vec![b' '; reading::RECORD_BYTES as usize + 1];
    let (code, _, err) = areachess(&["pgn", "--read", "-"], Some(big));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("larger than {} bytes", reading::RECORD_BYTES)),
        "{err}"
    );
}

#[test]
fn a_saved_game_does_not_follow_its_level_path_elsewhere() {
    // The game was saved from a level beside a stranger's folder; the folder now holds a
    // secret under the name the level's pawn gives, and no longer that level.
    let stranger = scratch("saved");
    let level_path = stranger.path().join("level.toml");
    let level_text = level_naming("pieces.yaml#pawn");
    for file in ["pieces.yaml", "urc-pieces.yaml"] {
        std::fs::write(stranger.path().join(file), urc_demo().1).expect("written");
    }
    let path = level_path.display().to_string();
    let level = level::parse(&path, &level_text).expect("the level reads beside its pieces");
    let played = game::game(&level, None, &[] as &[&str]).expect("the start");
    let saved = save::to_text(&path, &level_text, &played);
    plant_secret(stranger.path(), "pieces.yaml");
    let error = save::parse("game.toml", &saved).expect_err("the pieces are not read");
    let said = error.to_string();
    assert!(said.contains("not read"), "{said}");
    assert_no_secret(&said);
    // While the file at the path holds the saved copy, the level is that file, and reads
    // beside it as it always did.
    std::fs::write(stranger.path().join("pieces.yaml"), urc_demo().1).expect("written");
    std::fs::write(&level_path, &level_text).expect("written");
    save::parse("game.toml", &saved).expect("the level file holds the copy");
}

/// A folder under the system's temporary folder whose name is lower case (a PGN's
/// `Variant` is read lower case), removed when dropped.
struct LowerCaseFolder(PathBuf);

impl Drop for LowerCaseFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_pgn_variant_is_a_level_name_not_a_path() {
    let dir = LowerCaseFolder(
        std::env::temp_dir()
            .canonicalize()
            .expect("a temporary folder")
            .join(format!("areachess-variant-{}", std::process::id())),
    );
    std::fs::create_dir_all(&dir.0).expect("made");
    std::fs::write(dir.0.join("secret.toml"), format!("{SECRET} = 1\n")).expect("written");
    let levels = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let up = "../".repeat(levels.components().count() - 1);
    let target = dir.0.join("secret").display().to_string();
    let variant = format!("{up}{}", target.trim_start_matches('/'));
    if variant.to_lowercase() != variant {
        return; // a temporary folder with capitals: the PGN could not name it anyway
    }
    let err = refused_variant(&dir.0.join("game.pgn"), &variant);
    assert_no_secret(&err);
}

/// Writes a one-move PGN whose `Variant` is `variant` to `pgn` and reads it: the error,
/// which refuses the tag at its line and column.
fn refused_variant(pgn: &Path, variant: &str) -> String {
    std::fs::write(
        pgn,
        format!("[Event \"?\"]\n[Variant \"{variant}\"]\n\n1. e4 *\n"),
    )
    .expect("written");
    let (code, _, err) = areachess(&["pgn", "--read", &pgn.display().to_string()], None);
    assert_eq!(code, 2, "{err}");
    let name = pgn.file_name().expect("a name").to_string_lossy();
    assert!(
        err.contains(&format!("{name}:2:1: Variant")),
        "{variant}: {err}"
    );
    assert!(err.contains("names no shipped level"), "{variant}: {err}");
    err
}

#[test]
fn a_pgn_variant_naming_no_level_is_refused_at_its_tag() {
    let dir = scratch("no-variant");
    for variant in [
        "nosuchvariant",
        "  chess  ",
        "chess.toml",
        "c".repeat(300).as_str(),
    ] {
        let err = refused_variant(&dir.path().join("g.pgn"), variant);
        assert!(!err.contains("cannot read"), "{variant}: {err}");
    }
}

#[test]
fn a_pgn_variant_naming_a_shipped_level_still_reads() {
    let dir = scratch("variant");
    let pgn = dir.path().join("game.pgn");
    std::fs::write(&pgn, "[Variant \"Capablanca\"]\n\n1. e4 *\n").expect("written");
    let (code, out, err) = areachess(&["pgn", "--read", &pgn.display().to_string()], None);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("level <shipped>/levels/capablanca.toml\n"),
        "{out}"
    );
}

#[test]
fn a_piece_image_outside_the_levels_folder_is_refused() {
    let outer = scratch("image");
    std::fs::write(outer.path().join("secret.svg"), "<svg/>").expect("written");
    let inner = outer.path().join("levels");
    std::fs::create_dir(&inner).expect("made");
    let chess =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/chess.toml"))
            .expect("shipped");
    let old = "[pieces.K]\n";
    assert!(chess.contains(old));
    for image in [
        "../secret.svg",
        &outer.path().join("secret.svg").display().to_string(),
    ] {
        let level = inner.join("level.toml");
        let text = chess.replacen(old, &format!("{old}image = \"{image}\"\n"), 1);
        std::fs::write(&level, text).expect("written");
        let (code, said) = check(&level);
        assert_eq!(code, 1, "{image}: {said}");
        assert!(said.contains(&format!("image \"{image}\"")), "{said}");
        assert!(
            areachess::pictures::find(Some(image), "King", &inner).is_none(),
            "{image} found"
        );
    }
}

#[cfg(feature = "gui")]
#[test]
fn a_gif_of_a_broken_saved_game_names_the_saved_games_fault() {
    let dir = scratch("gif-saved");
    let level_text = std::fs::read_to_string("levels/chess.toml").expect("the shipped level");
    let level = level::parse("levels/chess.toml", &level_text).expect("it reads");
    let played = game::game(&level, None, &["e2e4"]).expect("a legal move");
    let saved = save::to_text("levels/chess.toml", &level_text, &played);
    let gif = dir.path().join("x.gif");
    for (broken, says) in [
        (
            saved.replace("\"e2e4\"", "\"e2e5\""),
            "'e2e5' is not a legal move here",
        ),
        (
            saved.replacen("hash = \"fnv1a64:", "hash = \"fnv1a64:0", 1),
            "does not match its hash",
        ),
    ] {
        assert_ne!(broken, saved, "the file is broken");
        let path = dir.path().join("s.toml");
        std::fs::write(&path, &broken).expect("written");
        let (code, _, err) = crate::support::areachess(&[
            "gif",
            path.to_str().expect("utf-8"),
            gif.to_str().expect("utf-8"),
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(says), "{err}");
        assert!(
            err.contains(&format!("{}:", path.display())),
            "placed: {err}"
        );
        assert!(
            !err.contains("the level needs"),
            "not read as a level: {err}"
        );
        assert!(!gif.exists(), "nothing drawn");
    }
}
