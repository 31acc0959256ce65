//! The files the Debian package installs beside the binary that are made from the program
//! itself, kept in `assets/linux/` so that `cargo deb` finds them: a man page per command
//! from the command line's own definition (clap_mangen), shell completions for bash, zsh
//! and fish (clap_complete), and the icon's PNG sizes drawn from its SVG. The test below
//! fails when one is stale; `AREACHESS_BLESS=1 cargo test packaging` rewrites them.

#[cfg(test)]
mod tests {
    use crate::cli::Cli;
    use clap::CommandFactory;
    use std::path::{Path, PathBuf};

    /// Where the generated files live, from the package's root.
    const DIR: &str = "assets/linux";

    /// The command line as the pages show it: the version without the commit, so that the
    /// pages change with the interface, not with every commit.
    fn command() -> clap::Command {
        Cli::command().version(env!("CARGO_PKG_VERSION"))
    }

    /// Every generated file: its path under the package root and its bytes.
    fn generated() -> Vec<(PathBuf, Vec<u8>)> {
        let mut out = Vec::new();
        let root = command();
        let mut page = Vec::new();
        clap_mangen::Man::new(root.clone())
            .render(&mut page)
            .expect("the page renders");
        out.push((Path::new(DIR).join("man/areachess.1"), page));
        for sub in root.get_subcommands() {
            // clap names commands by &'static str; a test may keep the few it makes.
            let name: &'static str =
                Box::leak(format!("areachess-{}", sub.get_name()).into_boxed_str());
            let mut page = Vec::new();
            clap_mangen::Man::new(sub.clone().name(name).version(env!("CARGO_PKG_VERSION")))
                .render(&mut page)
                .expect("the page renders");
            out.push((Path::new(DIR).join(format!("man/{name}.1")), page));
        }
        for (shell, file) in [
            (clap_complete::Shell::Bash, "areachess.bash"),
            (clap_complete::Shell::Zsh, "_areachess"),
            (clap_complete::Shell::Fish, "areachess.fish"),
        ] {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command(), "areachess", &mut script);
            out.push((Path::new(DIR).join("completions").join(file), script));
        }
        #[cfg(feature = "gui")]
        for side in [32u32, 48, 64, 128, 256] {
            let pixels = areachess::ui::icon::rgba(side).expect("the icon draws");
            let mut png = Vec::new();
            let mut encoder = png::Encoder::new(&mut png, side, side);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            encoder
                .write_header()
                .and_then(|mut w| w.write_image_data(&pixels))
                .expect("the PNG encodes");
            out.push((Path::new(DIR).join(format!("icons/{side}.png")), png));
        }
        out
    }

    /// docs/cli.md's list of subcommands, from their own help: the lines between its
    /// markers.
    fn subcommand_table() -> String {
        let mut out = String::from("| command | what it does |\n| --- | --- |\n");
        for sub in command().get_subcommands() {
            let about = sub
                .get_about()
                .map(|a| a.to_string().replace('|', "\\|").replace('\n', " "))
                .unwrap_or_default();
            out.push_str(&format!("| [`{0}`](#{0}) | {about} |\n", sub.get_name()));
        }
        out
    }

    #[test]
    fn the_command_reference_lists_every_subcommand() {
        const BEGIN: &str =
            "<!-- subcommands: written by `AREACHESS_BLESS=1 cargo test packaging` -->\n";
        const END: &str = "<!-- end of subcommands -->";
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md");
        let text = std::fs::read_to_string(&path).expect("docs/cli.md");
        let start = text.find(BEGIN).expect("the opening marker") + BEGIN.len();
        let end = start + text[start..].find(END).expect("the closing marker");
        let table = subcommand_table();
        if std::env::var_os("AREACHESS_BLESS").is_some() && text[start..end] != table {
            let mut new = text.clone();
            new.replace_range(start..end, &table);
            std::fs::write(&path, new).expect("written");
            return;
        }
        assert_eq!(
            text[start..end],
            table,
            "docs/cli.md's subcommands are stale: run AREACHESS_BLESS=1 cargo test packaging"
        );
    }

    #[test]
    fn the_packages_man_pages_completions_and_icons_are_current() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let bless = std::env::var_os("AREACHESS_BLESS").is_some();
        let mut stale = Vec::new();
        for (path, bytes) in generated() {
            let file = root.join(&path);
            if std::fs::read(&file).ok().as_deref() == Some(bytes.as_slice()) {
                continue;
            }
            if bless {
                std::fs::create_dir_all(file.parent().expect("a folder")).expect("the folder");
                std::fs::write(&file, &bytes).expect("written");
            } else {
                stale.push(path.display().to_string());
            }
        }
        assert!(
            stale.is_empty(),
            "stale: {} (run AREACHESS_BLESS=1 cargo test packaging)",
            stale.join(", ")
        );
        // Every subcommand has its page, and no page is left of a removed one.
        let pages: Vec<String> = std::fs::read_dir(root.join(DIR).join("man"))
            .expect("the pages")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            pages.len(),
            command().get_subcommands().count() + 1,
            "{pages:?}"
        );
    }
}
