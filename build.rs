//! Build script: the commit the program is built from, for `areachess --version`, and a
//! rebuild whenever a shipped file changes (the levels, demonstrations and pictures are
//! inside the binary: see src/shipped.rs).

use std::path::Path;
use std::process::Command;

fn main() {
    // `include_dir!` cannot tell Cargo which files it read: a change under these folders
    // must rebuild the crate, or the binary would carry the old files.
    for folder in ["levels", "assets"] {
        println!("cargo:rerun-if-changed={folder}");
    }
    println!("cargo:rerun-if-env-changed=AREACHESS_COMMIT");
    let commit = std::env::var("AREACHESS_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(git_commit)
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=AREACHESS_COMMIT={commit}");
}

/// The checked-out commit, short, when the source is a git clone with git at hand; the
/// files that change with it are watched so that a new commit gives a new version line.
fn git_commit() -> Option<String> {
    let git = Path::new(".git");
    if !git.is_dir() {
        return None;
    }
    println!("cargo:rerun-if-changed=.git/HEAD");
    let head = std::fs::read_to_string(git.join("HEAD")).ok()?;
    if let Some(reference) = head.strip_prefix("ref: ") {
        let file = git.join(reference.trim());
        if file.is_file() {
            println!("cargo:rerun-if-changed={}", file.display());
        } else if git.join("packed-refs").is_file() {
            println!("cargo:rerun-if-changed=.git/packed-refs");
        }
    }
    let out = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()?;
    let commit = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !commit.is_empty()).then_some(commit)
}
