//! The layout as docs/design.md describes it is the source tree's: every file under `src`
//! is listed there with the first sentence of its own `//!` opening, and each folder's
//! `mod.rs` declares every module beside it.

use crate::support::root;
use std::path::{Path, PathBuf};

/// Where the generated list starts and ends in docs/design.md.
const BEGIN: &str = "<!-- every source file: written by `AREACHESS_BLESS=1 cargo test layout` -->";
const END: &str = "<!-- end of every source file -->";

/// The `.rs` files under `dir`, sorted by path, a folder's `mod.rs` first.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                files.push(path);
            }
        }
    }
    let key = |p: &PathBuf| {
        let folder = p.parent().map(Path::to_path_buf).unwrap_or_default();
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
        let first = matches!(name.as_deref(), Some("mod.rs" | "lib.rs" | "main.rs"));
        (folder, !first, name)
    };
    files.sort_by_key(key);
    files
}

/// The first sentence of a file's `//!` opening, on one line.
fn opening_sentence(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a source file");
    let mut paragraph = String::new();
    for line in text.lines() {
        let Some(words) = line.strip_prefix("//!") else {
            break;
        };
        let words = words.trim();
        if words.is_empty() {
            if paragraph.is_empty() {
                continue;
            }
            break;
        }
        if !paragraph.is_empty() {
            paragraph.push(' ');
        }
        paragraph.push_str(words);
    }
    let end = paragraph
        .char_indices()
        .find(|&(k, c)| {
            c == '.'
                && paragraph[k + 1..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace)
        })
        .map_or(paragraph.len(), |(k, _)| k + 1);
    plain_links(&paragraph[..end]).replace('|', "\\|")
}

/// Rustdoc's links as plain code: ``[`Play`]`` and ``[`X`](path)`` become `` `Play` `` and
/// `` `X` ``.
fn plain_links(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(k) = rest.find("[`") {
        out.push_str(&rest[..k]);
        rest = &rest[k + 1..];
        let Some(close) = rest[1..].find('`').map(|c| c + 2) else {
            break;
        };
        out.push_str(&rest[..close]);
        rest = &rest[close..];
        if let Some(after) = rest.strip_prefix(']') {
            rest = after;
            if after.starts_with('(')
                && let Some(end) = after.find(')')
            {
                rest = &after[end + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The list docs/design.md holds: a row per source file with its opening sentence.
fn every_source_file() -> String {
    let mut out = format!("{BEGIN}\n\n| file | what it is for |\n| --- | --- |\n");
    for path in sources(&root().join("src")) {
        let shown = path.strip_prefix(root()).expect("under the root");
        let shown = shown.to_string_lossy().replace('\\', "/");
        out.push_str(&format!("| `{shown}` | {} |\n", opening_sentence(&path)));
    }
    out.push('\n');
    out.push_str(END);
    out
}

#[test]
fn every_source_file_opens_with_what_it_is_for() {
    for path in sources(&root().join("src")) {
        let sentence = opening_sentence(&path);
        assert!(
            sentence.len() > 20 && sentence.ends_with('.'),
            "{} should open with a `//!` sentence saying what it is for (found {sentence:?})",
            path.display()
        );
    }
}

#[test]
fn the_design_documents_list_of_files_is_the_source_trees() {
    let path = root().join("docs/design.md");
    let mut design = std::fs::read_to_string(&path).expect("docs/design.md");
    let list = every_source_file();
    if std::env::var_os("AREACHESS_BLESS").is_some()
        && let (Some(start), Some(end)) = (design.find(BEGIN), design.find(END))
    {
        design.replace_range(start..end + END.len(), &list);
        std::fs::write(&path, &design).expect("write docs/design.md");
    }
    assert!(
        design.contains(&list),
        "docs/design.md's list of source files is stale: run AREACHESS_BLESS=1 cargo test layout"
    );
}

#[test]
fn each_folder_declares_every_module_beside_its_mod_rs() {
    for path in sources(&root().join("src")) {
        let Some(folder) = path.parent() else {
            continue;
        };
        let wiring = ["mod.rs", "lib.rs"]
            .iter()
            .map(|name| folder.join(name))
            .find(|p| p.is_file());
        let Some(wiring) = wiring else { continue };
        if wiring == path || path.file_name().is_some_and(|n| n == "main.rs") {
            continue;
        }
        let module = path.file_stem().expect("a name").to_string_lossy();
        let text = std::fs::read_to_string(&wiring).expect("a mod.rs");
        let declared = text.lines().any(|line| {
            let line = line.trim();
            line.ends_with(&format!("mod {module};"))
        });
        assert!(
            declared,
            "{} does not declare `mod {module};`",
            wiring.display()
        );
    }
}
