//! Build script: the commit the program is built from, for `areachess --version`; a
//! rebuild whenever a shipped file changes (the levels, demonstrations and pictures are
//! inside the binary: see src/shipped.rs); and the binary's relocations packed where the
//! system reads them.

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
    // Relative relocations packed (DT_RELR): the binary's 8.7 MB table of them becomes a few
    // KiB, nothing else changes. Only where the C library that will load the binary reads
    // them (glibc 2.36 and later, checked on this machine, which builds for itself) and
    // the linker writes them.
    if packs_relocations() {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}

/// Whether the program is built on Linux with glibc for this machine itself, by a glibc
/// that reads packed relative relocations (2.36 and later) and a linker that writes them.
fn packs_relocations() -> bool {
    let var = |name| std::env::var(name).unwrap_or_default();
    if var("TARGET") != var("HOST") || !var("TARGET").ends_with("-linux-gnu") {
        return false;
    }
    let output = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .output()
            .ok()
            .filter(|out| out.status.success())
            .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
            .unwrap_or_default()
    };
    // "glibc 2.36"
    let glibc = output("getconf", &["GNU_LIBC_VERSION"]);
    let version: Vec<u32> = glibc
        .trim()
        .trim_start_matches("glibc ")
        .split('.')
        .filter_map(|part| part.parse().ok())
        .collect();
    let reads = version.len() >= 2 && (version[0], version[1]) >= (2, 36);
    reads && output("ld", &["--help"]).contains("pack-relative-relocs")
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
