//! Where levels are found by name: the shipped ones, inside the program
//! ([`crate::shipped`]), and the user's own library under the platform's data folder
//! (`~/.local/share/areachess` on Linux, `$XDG_DATA_HOME/areachess` where that is set).
//!
//! | rule | decision |
//! | --- | --- |
//! | a name (`chess`, `obento`, `mine`) | a shipped level first, then a shipped demonstration, then a level of the user's library, then a game of it; never a file of the working folder |
//! | a path (`levels/chess.toml`, `./mine.toml`, `/tmp/x.toml`: anything with a folder separator or a dot) | that file, wherever it is |
//! | a user's level named as a shipped one | the shipped level keeps the name; the user's is reached by its path, and listings leave it out |
//! | the user's library | `levels/`, `games/` and `pictures/` in the data folder, made when first written to |
//! | writing | never under [`crate::shipped::ROOT`]: the editor saves a shipped level's copy into `levels/` here |

use std::path::{Path, PathBuf};

/// The user's data folder, `areachess` in the platform's data folder; `None` where the
/// platform names none (no home folder).
pub fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "areachess").map(|dirs| dirs.data_dir().to_path_buf())
}

/// The user's levels, `levels/` in [`data_dir`].
pub fn user_levels() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("levels"))
}

/// The user's saved games, `games/` in [`data_dir`].
pub fn user_games() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("games"))
}

/// The user's piece pictures, `pictures/` in [`data_dir`]: `NAME.svg` there is the
/// picture of every piece named NAME (before the shipped one of that name).
pub fn user_pictures() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("pictures"))
}

/// Whether `text` names a file by its path rather than a level by its name: it holds a
/// folder separator or a dot (`levels/chess.toml`, `mine.toml`), or is empty.
pub fn is_path(text: &str) -> bool {
    text.is_empty() || text.contains(['/', '\\', '.'])
}

/// The file a level or game argument means: a path as given (see [`is_path`]), else the
/// file of that name (see the table above); `None` when no file has the name.
pub fn find(text: &str) -> Option<PathBuf> {
    if is_path(text) || crate::shipped::is_shipped(Path::new(text)) {
        return Some(PathBuf::from(text));
    }
    if !crate::reading::is_bare_name(text) {
        return None;
    }
    first_file(
        [
            Some(crate::shipped::levels()),
            Some(crate::shipped::demos()),
            user_levels(),
            user_games(),
        ],
        &format!("{text}.toml"),
    )
}

/// The level named `name` (a shipped one, else one of the user's library); `None` for a
/// path or an unknown name. A record's `Variant` is looked up this way.
pub fn level(name: &str) -> Option<PathBuf> {
    if is_path(name) || !crate::reading::is_bare_name(name) {
        return None;
    }
    first_file(
        [Some(crate::shipped::levels()), user_levels()],
        &format!("{name}.toml"),
    )
}

/// The file `file` in the first of `folders` that has it (on the disk or shipped); a
/// folder that is `None` (no library) is passed over.
pub fn first_file(
    folders: impl IntoIterator<Item = Option<PathBuf>>,
    file: &str,
) -> Option<PathBuf> {
    folders
        .into_iter()
        .flatten()
        .map(|dir| dir.join(file))
        .find(|path| crate::reading::is_file(path))
}

/// Why [`find`] found nothing, in words for the command line.
pub fn not_found(text: &str) -> String {
    let yours = user_levels().map_or_else(
        || "you have no library (no home folder)".to_string(),
        |dir| format!("nor in your library ({})", dir.display()),
    );
    format!(
        "no level or game is named '{text}': it is not shipped, {yours}; \
         a file in this folder is given by its path (./{text}.toml)"
    )
}

/// A file for a new level in the user's library: `STEM.toml` in [`user_levels`], else
/// `STEM-2.toml`, `STEM-3.toml` … (the first that is not taken); `None` without a library.
pub fn new_level_file(stem: &str) -> Option<PathBuf> {
    let dir = user_levels()?;
    (1..)
        .map(|n| match n {
            1 => dir.join(format!("{stem}.toml")),
            n => dir.join(format!("{stem}-{n}.toml")),
        })
        .find(|path| !path.exists())
}

/// Whether `path` is in the user's library (under [`data_dir`]), on the words.
pub fn is_users(path: &Path) -> bool {
    data_dir().is_some_and(|dir| path.starts_with(dir))
}

/// Every level by name, sorted: the shipped ones, then the user's whose names are not
/// shipped ones. Each file is listed, not read: a caller loads what it needs.
pub fn levels() -> Vec<(String, PathBuf)> {
    let shipped = levels_in(&crate::shipped::levels());
    let mut all = shipped.clone();
    if let Some(dir) = user_levels() {
        all.extend(
            levels_in(&dir)
                .into_iter()
                .filter(|(name, _)| !shipped.iter().any(|(n, _)| n == name)),
        );
    }
    all.sort();
    all
}

/// The `.toml` files of `dir` (on the disk or shipped) by their stems, sorted.
pub fn levels_in(dir: &Path) -> Vec<(String, PathBuf)> {
    crate::reading::files_in(dir, "toml")
        .into_iter()
        .filter_map(|path| {
            let stem = path.file_stem()?.to_str()?.to_string();
            Some((stem, path))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_find_shipped_levels_and_demonstrations_and_paths_stay_paths() {
        assert_eq!(find("chess"), Some(crate::shipped::level("chess")));
        assert_eq!(
            find("chess-en-passant-and-castling"),
            Some(crate::shipped::demos().join("chess-en-passant-and-castling.toml"))
        );
        assert_eq!(
            find("levels/chess.toml"),
            Some(PathBuf::from("levels/chess.toml"))
        );
        assert_eq!(find("chess.toml"), Some(PathBuf::from("chess.toml")));
        assert_eq!(find("no-such-level-anywhere"), None);
        assert_eq!(level("../chess"), None);
        assert_eq!(level("chess-en-passant-and-castling"), None);
        assert!(not_found("x").contains("./x.toml"));
    }

    #[test]
    fn every_shipped_level_is_listed_once_by_name() {
        let all = levels();
        let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
        assert!(names.contains(&"chess") && names.contains(&"obento"));
        assert!(
            !names.contains(&"schema"),
            "the schemas are JSON, not levels"
        );
        let mut unique = names.clone();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
    }
}
