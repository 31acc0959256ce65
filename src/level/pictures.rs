//! Where a piece's picture comes from. Pictures are SVG files: the shipped ones in
//! `assets/pieces/`, named after the piece (`Dragon Horse` → `dragon-horse.svg`), or one a
//! level names with its piece's `image` key — a shipped picture's name (`image = "knight"`)
//! or an SVG file beside the level (`image = "art/my-piece.svg"`).
//!
//! A picture is drawn in the light side's two colours, [`BODY`] and [`LINE`]; the dark
//! side's picture swaps in [`DARK_BODY`] and [`DARK_LINE`]. A picture whose root element
//! has `class="turn"` (a picture of the piece's moves, as White sees them) is also turned
//! round (half a turn) for Black, whose moves are White's turned round.

use std::path::{Path, PathBuf};

/// The light side's fill colour in picture sources.
pub const BODY: &str = "#f7f7f2";
/// The light side's line colour in picture sources.
pub const LINE: &str = "#1e1e22";
/// What [`BODY`] becomes for the dark side.
pub const DARK_BODY: &str = "#1f1f24";
/// What [`LINE`] becomes for the dark side.
pub const DARK_LINE: &str = "#d8d8d2";

/// The folder of the shipped pictures: `$AREACHESS_ASSETS/pieces` if that variable is set,
/// else `assets/pieces` beside the program, else the one in the source tree it was built
/// from. `None` if none of them exists.
pub fn pictures_dir() -> Option<PathBuf> {
    let mut places = Vec::new();
    if let Some(root) = std::env::var_os("AREACHESS_ASSETS") {
        places.push(PathBuf::from(root));
    }
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
    {
        places.push(dir.join("assets"));
    }
    places.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"));
    places
        .into_iter()
        .map(|root| root.join("pieces"))
        .find(|dir| dir.is_dir())
}

/// A piece name as a picture's file name: lower case, each run of other characters than
/// ASCII letters and digits one `-` (`Dragon Horse` → `dragon-horse`).
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// Whether an `image` value names a file beside the level rather than a shipped picture.
pub fn is_file(image: &str) -> bool {
    image.len() > ".svg".len() && image.ends_with(".svg")
}

/// The SVG file of a piece's picture: the one its `image` names (relative to `level_dir`
/// when it is a file), else the shipped picture named after the piece. `None` when there is
/// no such file; the app then draws the piece's moves.
pub fn find(image: Option<&str>, name: &str, level_dir: &Path) -> Option<PathBuf> {
    let path = match image {
        Some(file) if is_file(file) => level_dir.join(file),
        Some(shipped) => pictures_dir()?.join(format!("{shipped}.svg")),
        None => pictures_dir()?.join(format!("{}.svg", slug(name))),
    };
    path.is_file().then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_join_words_with_one_dash() {
        assert_eq!(slug("Dragon Horse"), "dragon-horse");
        assert_eq!(slug("Short Rook"), "short-rook");
        assert_eq!(slug("Grasshopper-2"), "grasshopper-2");
        assert_eq!(slug("  Ħasínū  piece "), "as-n-piece");
        assert_eq!(slug("Knight"), "knight");
    }

    #[test]
    fn a_named_picture_is_looked_up_in_the_shipped_folder() {
        let here = Path::new(".");
        let dir = pictures_dir().expect("the source tree has assets/pieces");
        assert_eq!(
            find(Some("knight"), "Ma", here),
            Some(dir.join("knight.svg"))
        );
        assert_eq!(find(None, "Knight", here), Some(dir.join("knight.svg")));
        assert_eq!(find(Some("no-such-picture"), "Knight", here), None);
        assert_eq!(find(Some("nowhere.svg"), "Knight", here), None);
    }
}
