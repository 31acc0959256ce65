//! Which files the program reads, and how much of each: regular files only, each up to a
//! cap for its kind, and a file that another file names only inside the naming file's
//! folder.
//!
//! | rule | decision |
//! | --- | --- |
//! | kinds of file | regular files only: a device, a FIFO, a socket or a folder is refused from its metadata, before it is opened, and the opened handle is checked again |
//! | size | each kind has a cap ([`LEVEL_BYTES`], …); a file is read through `take(cap + 1)`, and one byte past the cap refuses it |
//! | a file the user names (command line, the window's file field, UCI's `LevelFile`) | anywhere on the disk |
//! | a file another file names (a level's `urc` and `image`) | [`beside`]: relative to the naming file's folder, never absolute, never through a `..` that leaves that folder (checked on the words, and again once links are followed) |
//! | a shipped file (`<shipped>/levels/chess.toml`) | from the program's own memory ([`crate::shipped`]), never from a disk |
//! | a refused file | nothing of it is read, so nothing of it can appear in a message; the message says which file (as named) and why |

use std::fmt;
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// A level file's cap: the largest shipped level is tens of KiB; 4 MiB leaves room for any
/// level a person writes while keeping a hostile one from filling memory.
pub const LEVEL_BYTES: u64 = 4 << 20;
/// A URC file's cap (YAML pieces a level names): as large as a level may be.
pub const URC_BYTES: u64 = 4 << 20;
/// A piece picture's cap (SVG): the shipped ones are a few KiB.
pub const IMAGE_BYTES: u64 = 4 << 20;
/// A saved game's cap: a copy of its level (up to [`LEVEL_BYTES`]) plus moves and
/// captions; 16 MiB holds hundreds of thousands of moves.
pub const SAVE_BYTES: u64 = 16 << 20;
/// A PGN or Game Courier record's cap (a file or standard input): tens of MiB hold a large
/// game collection, of which the first game is read.
pub const RECORD_BYTES: u64 = 32 << 20;
/// A data file's cap (balance JSON to merge, positions to tune on): training sets of a
/// few million positions.
pub const DATA_BYTES: u64 = 512 << 20;

/// Why a file was not read.
#[derive(Clone, Debug)]
pub enum Refusal {
    /// The system could not open or read it (its own words).
    Io(Arc<std::io::Error>),
    /// A device, a FIFO, a socket or a folder.
    NotRegular,
    /// Larger than the cap, in bytes.
    TooLarge(u64),
    /// Not UTF-8 text.
    NotText,
    /// A file another file names by an absolute path.
    Absolute,
    /// A file another file names outside the naming file's folder.
    Outside,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Io(e) => write!(f, "{e}"),
            Refusal::NotRegular => write!(f, "not a regular file"),
            Refusal::TooLarge(cap) => write!(f, "larger than {cap} bytes"),
            Refusal::NotText => write!(f, "not UTF-8 text"),
            Refusal::Absolute => write!(
                f,
                "an absolute path (a file a file names is relative to it)"
            ),
            Refusal::Outside => write!(f, "outside the naming file's folder"),
        }
    }
}

impl std::error::Error for Refusal {}

impl From<std::io::Error> for Refusal {
    fn from(e: std::io::Error) -> Self {
        Refusal::Io(Arc::new(e))
    }
}

/// The text of the regular file at `path`, refused past `cap` bytes.
pub fn text(path: &Path, cap: u64) -> Result<String, Refusal> {
    String::from_utf8(bytes(path, cap)?).map_err(|_| Refusal::NotText)
}

/// The bytes of the regular file at `path`, refused past `cap` bytes.
pub fn bytes(path: &Path, cap: u64) -> Result<Vec<u8>, Refusal> {
    if crate::shipped::is_shipped(path) {
        let contents = crate::shipped::file(path).ok_or_else(|| {
            Refusal::from(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no such file is shipped",
            ))
        })?;
        if contents.len() as u64 > cap {
            return Err(Refusal::TooLarge(cap));
        }
        return Ok(contents.to_vec());
    }
    // Asked of the path before opening: opening a FIFO to read waits for a writer.
    if !std::fs::metadata(path)?.is_file() {
        return Err(Refusal::NotRegular);
    }
    let file = open(path)?;
    // The file opened may not be the one asked about (replaced in between).
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(Refusal::NotRegular);
    }
    if meta.len() > cap {
        return Err(Refusal::TooLarge(cap));
    }
    capped(file, cap)
}

/// Whether `path` is a file that [`bytes`] may read: a regular file on the disk, or a
/// shipped one (see [`crate::shipped`]).
pub fn is_file(path: &Path) -> bool {
    if crate::shipped::is_shipped(path) {
        crate::shipped::file(path).is_some()
    } else {
        path.is_file()
    }
}

/// The `.EXTENSION` files directly in `folder` (on the disk or shipped), sorted; none if
/// it cannot be read.
pub fn files_in(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = if crate::shipped::is_shipped(folder) {
        crate::shipped::files_in(folder)
    } else {
        std::fs::read_dir(folder)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.is_file())
            .collect()
    };
    out.retain(|path| path.extension().is_some_and(|e| e == extension));
    out.sort();
    out
}

/// Everything `input` gives (standard input, say), refused past `cap` bytes.
pub fn text_of(input: impl Read, cap: u64) -> Result<String, Refusal> {
    String::from_utf8(capped(input, cap)?).map_err(|_| Refusal::NotText)
}

/// Everything `input` gives, as bytes (a record in Latin-1, say), refused past `cap` bytes.
pub fn bytes_of(input: impl Read, cap: u64) -> Result<Vec<u8>, Refusal> {
    capped(input, cap)
}

/// Up to `cap` bytes of `input`; one more refuses it.
fn capped(input: impl Read, cap: u64) -> Result<Vec<u8>, Refusal> {
    let mut out = Vec::new();
    input.take(cap.saturating_add(1)).read_to_end(&mut out)?;
    if out.len() as u64 > cap {
        return Err(Refusal::TooLarge(cap));
    }
    Ok(out)
}

/// Opens a file to read without waiting on a FIFO put in place of the regular file just
/// checked (a regular file ignores the flag); where the flag's value is not known here,
/// the check of the path before opening stands alone.
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(all(
        any(target_os = "linux", target_os = "android"),
        any(
            target_arch = "x86_64",
            target_arch = "x86",
            target_arch = "aarch64",
            target_arch = "arm",
            target_arch = "riscv64"
        )
    ))]
    {
        use std::os::unix::fs::OpenOptionsExt;
        /// `O_NONBLOCK` on these architectures (others give it other values).
        const NONBLOCK: i32 = 0o4000;
        options.custom_flags(NONBLOCK);
    }
    options.open(path)
}

/// The file that the file `naming` names as `named`: `named` joined to `naming`'s folder,
/// if it is relative and stays inside that folder (no `..` that climbs out, no link that
/// leads out). Nothing is read; a file that does not exist yet is left for the read to
/// report.
pub fn beside(naming: &Path, named: &str) -> Result<PathBuf, Refusal> {
    inside(naming.parent().unwrap_or(Path::new("")), named)
}

/// The file `named` in `folder`, if it is relative and stays inside `folder` (see
/// [`beside`]).
pub fn inside(folder: &Path, named: &str) -> Result<PathBuf, Refusal> {
    let named = Path::new(named);
    let mut depth = 0usize;
    for part in named.components() {
        match part {
            Component::Prefix(_) | Component::RootDir => return Err(Refusal::Absolute),
            Component::CurDir => {}
            Component::ParentDir => depth = depth.checked_sub(1).ok_or(Refusal::Outside)?,
            Component::Normal(_) => depth += 1,
        }
    }
    let path = folder.join(named);
    // A link inside the folder may lead out of it: compare where both really are.
    let folder_now = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    if let (Ok(real_folder), Ok(real_path)) = (folder_now.canonicalize(), path.canonicalize())
        && !real_path.starts_with(&real_folder)
    {
        return Err(Refusal::Outside);
    }
    Ok(path)
}

/// Whether `name` is a bare name (no folder, no `..`, no root): `capablanca`, not
/// `../x` or `/etc/x`.
pub fn is_bare_name(name: &str) -> bool {
    let mut parts = Path::new(name).components();
    matches!(parts.next(), Some(Component::Normal(_)))
        && parts.next().is_none()
        && !name.contains(['/', '\\'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_file_stays_in_the_naming_files_folder() {
        let level = Path::new("levels/x.toml");
        assert_eq!(
            beside(level, "pieces.yaml").ok(),
            Some(PathBuf::from("levels/pieces.yaml"))
        );
        assert!(beside(level, "art/../pieces.yaml").is_ok());
        assert!(matches!(beside(level, "../x.yaml"), Err(Refusal::Outside)));
        assert!(matches!(beside(level, "a/../../x"), Err(Refusal::Outside)));
        assert!(matches!(
            beside(level, "/etc/passwd"),
            Err(Refusal::Absolute)
        ));
    }

    #[test]
    fn a_bare_name_has_no_folder() {
        assert!(is_bare_name("capablanca"));
        assert!(!is_bare_name("../capablanca"));
        assert!(!is_bare_name("a/b"));
        assert!(!is_bare_name(".."));
        assert!(!is_bare_name(""));
        assert!(!is_bare_name("/etc"));
    }

    #[test]
    fn input_past_the_cap_is_refused() {
        assert_eq!(text_of(&b"abc"[..], 3).ok().as_deref(), Some("abc"));
        assert!(matches!(
            text_of(&b"abcd"[..], 3),
            Err(Refusal::TooLarge(3))
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_unopened() {
        assert!(matches!(
            bytes(Path::new("/dev/zero"), 10),
            Err(Refusal::NotRegular)
        ));
        assert!(matches!(
            bytes(Path::new("/"), 10),
            Err(Refusal::NotRegular)
        ));
    }
}
