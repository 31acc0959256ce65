//! What the program carries inside itself: the shipped levels and their demonstrations
//! (`levels/`), the piece pictures (`assets/pieces/`), the level and saved-game schemas
//! and the URC example. Nothing of them is read from the folder the program was built
//! in: an installed copy plays the same levels wherever it runs.
//!
//! Shipped files have paths under the folder [`ROOT`], `<shipped>` (`<shipped>/levels/
//! chess.toml`, `<shipped>/pieces/knight.svg`), which no real file shares: errors name
//! them that way, [`crate::reading`] reads them from memory, and a file a shipped level
//! names (`urc = "urc-pieces.yaml"`) is found beside it, in memory, as on a disk.
//!
//! | folder | what it holds |
//! | --- | --- |
//! | `<shipped>/levels` | the levels, `schema.json`, `saved-game.schema.json`, `urc-pieces.yaml` |
//! | `<shipped>/levels/demos` | the demonstrations (saved games) |
//! | `<shipped>/pieces` | the piece pictures, SVG |

use include_dir::{Dir, include_dir};
use std::path::{Component, Path, PathBuf};

/// The folder every shipped file is under: a name no file on a disk is given by accident,
/// and that says where the file came from when an error names it.
pub const ROOT: &str = "<shipped>";

/// `levels/` of the source tree, as it was when the program was built.
static LEVELS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/levels");
/// `assets/pieces/` of the source tree.
static PIECES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/pieces");

/// The folder of the shipped levels, `<shipped>/levels`.
pub fn levels() -> PathBuf {
    Path::new(ROOT).join("levels")
}

/// The folder of the shipped demonstrations, `<shipped>/levels/demos`.
pub fn demos() -> PathBuf {
    levels().join("demos")
}

/// The folder of the shipped piece pictures, `<shipped>/pieces`.
pub fn pieces() -> PathBuf {
    Path::new(ROOT).join("pieces")
}

/// The shipped level `levels/NAME.toml` as a path (whether or not there is one).
pub fn level(name: &str) -> PathBuf {
    levels().join(format!("{name}.toml"))
}

/// Whether `path` is under [`ROOT`] (a shipped file or folder, or one that would be).
pub fn is_shipped(path: &Path) -> bool {
    path.components().next() == Some(Component::Normal(ROOT.as_ref()))
}

/// The folder of the build tree a shipped folder was taken from, and the rest of the
/// path inside it, with `.` and `..` resolved on the words (`None` if the path is not
/// shipped, or climbs above its folder).
fn split(path: &Path) -> Option<(&'static Dir<'static>, PathBuf)> {
    let mut parts = path.components();
    if parts.next() != Some(Component::Normal(ROOT.as_ref())) {
        return None;
    }
    let dir = match parts.next()? {
        Component::Normal(top) if top == "levels" => &LEVELS,
        Component::Normal(top) if top == "pieces" => &PIECES,
        _ => return None,
    };
    let mut rest = PathBuf::new();
    for part in parts {
        match part {
            Component::Normal(name) => rest.push(name),
            Component::CurDir => {}
            Component::ParentDir => {
                if !rest.pop() {
                    return None;
                }
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some((dir, rest))
}

/// The contents of the shipped file at `path`, if there is one.
pub fn file(path: &Path) -> Option<&'static [u8]> {
    let (dir, rest) = split(path)?;
    dir.get_file(&rest).map(include_dir::File::contents)
}

/// The files directly in the shipped folder `path`, sorted (none if it is not one).
pub fn files_in(path: &Path) -> Vec<PathBuf> {
    let Some((dir, rest)) = split(path) else {
        return Vec::new();
    };
    let folder = if rest.as_os_str().is_empty() {
        Some(dir)
    } else {
        dir.get_dir(&rest)
    };
    let mut out: Vec<PathBuf> = folder
        .into_iter()
        .flat_map(|d| d.files())
        .filter_map(|f| f.path().file_name())
        .map(|name| path.join(name))
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_files_are_found_by_their_paths_and_nothing_climbs_out() {
        let chess = file(&level("chess")).expect("chess is shipped");
        assert!(
            std::str::from_utf8(chess)
                .expect("text")
                .contains("name = \"Chess\"")
        );
        assert!(file(&levels().join("demos/../chess.toml")).is_some());
        assert!(file(&levels().join("../pieces/knight.svg")).is_none());
        assert!(file(&levels().join("../../etc/passwd")).is_none());
        assert!(file(Path::new("levels/chess.toml")).is_none());
        assert!(file(&pieces().join("knight.svg")).is_some());
        let names = files_in(&levels());
        assert!(names.contains(&level("obento")) && !names.iter().any(|p| p.starts_with(demos())));
        assert!(files_in(&demos()).len() > 20);
    }
}
