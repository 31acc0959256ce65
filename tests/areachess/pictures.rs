//! Piece pictures: every piece of every shipped level has one in `assets/pieces/`, each
//! draws for both sides inside the disc it sits on, pictures of moves show the moves of the
//! pieces they are named after, and a level's `image` key is checked where it is written.
//!
//! `AREACHESS_BLESS=1 cargo test pictures` draws a picture of its moves for each shipped
//! piece that has none (and redraws stale pictures of moves); figures are drawn by hand.

use areachess::grid::PieceType;
use areachess::level::{self, LevelKind};
use areachess::pictures::{self, grid_source, moves_svg, turns};
use std::path::{Path, PathBuf};

use crate::support::{root, scratch, shipped_levels};

fn shipped_grid_pieces() -> Vec<(PathBuf, PieceType)> {
    let mut out = Vec::new();
    for path in shipped_levels() {
        let level = level::load(&path).expect("a shipped level loads");
        if let LevelKind::Grid(grid) = level.kind {
            for t in &grid.variant.types {
                out.push((path.clone(), t.clone()));
            }
        }
    }
    out
}

#[test]
fn every_shipped_piece_has_a_shipped_picture() {
    let bless = std::env::var_os("AREACHESS_BLESS").is_some();
    let dir = root().join("assets/pieces");
    let mut missing = Vec::new();
    for (level, t) in shipped_grid_pieces() {
        let level_dir = level.parent().expect("levels/");
        if t.image.is_none() {
            let path = dir.join(format!("{}.svg", pictures::slug(&t.name)));
            let drawn = moves_svg(&t);
            let stale = std::fs::read_to_string(&path).is_ok_and(|svg| turns(&svg) && svg != drawn);
            if bless && (!path.exists() || stale) {
                std::fs::write(&path, &drawn).expect("write the picture");
            } else if stale {
                missing.push(format!(
                    "{}: {} does not show {}'s moves ({})",
                    level.display(),
                    path.display(),
                    t.name,
                    t.betza
                ));
            }
        }
        let source = grid_source(&t, level_dir);
        if source.file.is_none() {
            missing.push(format!("{}: {} has no picture", level.display(), t.name));
        }
    }
    assert!(
        missing.is_empty(),
        "{}\n(AREACHESS_BLESS=1 cargo test pictures draws pictures of moves)",
        missing.join("\n")
    );
}

fn write_level(dir: &Path, image: &str) -> PathBuf {
    let path = dir.join("level.toml");
    let text = format!(
        "name = \"Pictures\"\nmode = \"grid\"\n\n[board]\nfiles = 4\nranks = 4\n\n\
         [pieces.K]\nname = \"King\"\nbetza = \"K\"\nroyal = true\n\n\
         [pieces.N]\nname = \"Jumper\"\nbetza = \"N\"\nimage = {image}\n\n\
         [rules]\nsetup = \"k3/4/4/N2K w - - 0 1\"\n"
    );
    std::fs::write(&path, text).expect("write the level");
    path
}

fn jumper(path: &Path) -> PieceType {
    let level = level::load(path).expect("the level loads");
    let LevelKind::Grid(grid) = level.kind else {
        panic!("a grid level")
    };
    grid.variant[grid.variant.role_of_label("N").expect("N")].clone()
}

#[test]
fn a_level_may_name_a_shipped_picture_or_its_own_file() {
    let scratch = scratch("pictures-named");
    let dir = scratch.path();
    let path = write_level(dir, "\"knight\"");
    let source = grid_source(&jumper(&path), dir);
    assert_eq!(
        source.file,
        Some(areachess::shipped::pieces().join("knight.svg"))
    );

    let own = std::fs::read_to_string(root().join("assets/pieces/bishop.svg")).expect("bishop");
    std::fs::create_dir_all(dir.join("art")).expect("art/");
    std::fs::write(dir.join("art/jumper.svg"), &own).expect("write the picture");
    let path = write_level(dir, "\"art/jumper.svg\"");
    let source = grid_source(&jumper(&path), dir);
    assert_eq!(source.file, Some(dir.join("art/jumper.svg")));
    assert_eq!(source.svg, own);
}

#[test]
fn a_piece_without_a_picture_is_drawn_from_its_moves() {
    let scratch = scratch("pictures-moves");
    let dir = scratch.path();
    let path = write_level(dir, "\"art/none.svg\"");
    // The file is missing: the loader says where.
    let errors = level::load(&path).expect_err("a missing picture file is an error");
    let text = errors.to_string();
    assert!(
        text.contains("level.toml:16:9: image \"art/none.svg\": no such file beside the level"),
        "{text}"
    );
    let piece = PieceType::new('N', "Jumper", "N").expect("N reads");
    let source = grid_source(&piece, dir);
    assert_eq!(source.file, None);
    assert!(turns(&source.svg));
    assert_eq!(source.svg, moves_svg(&piece));
}

#[test]
fn a_misspelt_picture_name_is_an_error_at_its_place() {
    let scratch = scratch("pictures-misspelt");
    let dir = scratch.path();
    let path = write_level(dir, "\"knigt\"");
    let text = level::load(&path).expect_err("no such picture").to_string();
    assert!(
        text.contains("level.toml:16:9: image \"knigt\": no shipped picture has that name"),
        "{text}"
    );
    let path = write_level(dir, "\"Knight!\"");
    let text = level::load(&path)
        .expect_err("not a picture name")
        .to_string();
    assert!(text.contains("level.toml:16:9:"), "{text}");
}

/// The continuous levels' own pieces show the pictures their levels name, the classic
/// letters their figures, and a piece with no picture the man with its label.
#[test]
fn every_continuous_piece_of_the_shipped_levels_finds_its_picture() {
    let expected = [
        ("continuous-capablanca", 'A', Some("archbishop.svg")),
        ("continuous-capablanca", 'C', Some("chancellor.svg")),
        ("continuous-capablanca", 'K', Some("king.svg")),
        ("continuous-amazon", 'A', Some("amazon.svg")),
        ("continuous-amazon", 'P', Some("pawn.svg")),
        ("continuous-fairies", 'H', Some("nightrider.svg")),
        ("continuous-fairies", 'S', None),
        ("continuous-fairies", 'W', None),
    ];
    for (name, letter, file) in expected {
        let path = root().join(format!("levels/{name}.toml"));
        let level = level::load(&path)
            .expect("a shipped level loads")
            .into_continuous()
            .expect("continuous");
        let kind = areachess::continuous::Kind::from_letter(letter).expect("a letter");
        assert!(level.board.has(kind), "{name}: {letter}");
        let look = level.look(kind);
        let source =
            pictures::continuous_source(level.board.name_of(kind), &look, &root().join("levels"));
        match file {
            Some(file) => assert_eq!(
                source.file,
                Some(areachess::shipped::pieces().join(file)),
                "{name}: {letter}"
            ),
            None => {
                assert_eq!(source.file, None, "{name}: {letter}");
                assert_eq!(source.svg, pictures::labelled_man(&look.label));
            }
        }
    }
}

/// Pictures drawn into pixels, as the window draws them.
#[cfg(feature = "gui")]
mod drawn {
    use crate::support::root;
    use areachess::pictures::{ART_RADIUS, turns};
    use areachess::ui::pictures::{PIXELS, render};

    /// Every shipped picture draws for both sides, inside the circle it keeps to (so the edge of
    /// the disc under it stays bare), and covers a fair part of it.
    #[test]
    fn every_shipped_picture_draws_inside_its_circle_for_both_sides() {
        let mut checked = 0;
        for entry in std::fs::read_dir(root().join("assets/pieces")).expect("assets/pieces") {
            let path = entry.expect("an entry").path();
            if path.extension().is_none_or(|x| x != "svg") {
                continue;
            }
            let svg = std::fs::read_to_string(&path).expect("read the picture");
            for dark in [false, true] {
                let rgba = render(&svg, dark).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let half = PIXELS as f32 / 2.0;
                let limit = ART_RADIUS / 100.0 * PIXELS as f32 + 1.0;
                let mut inside = 0;
                for (i, p) in rgba.chunks(4).enumerate() {
                    let (x, y) = (
                        (i as u32 % PIXELS) as f32 + 0.5,
                        (i as u32 / PIXELS) as f32 + 0.5,
                    );
                    let r = ((x - half).powi(2) + (y - half).powi(2)).sqrt();
                    if p[3] > 16 {
                        assert!(
                            r <= limit,
                            "{} draws at {x},{y}, {r:.1} px out (limit {limit:.1})",
                            path.display()
                        );
                        inside += 1;
                    }
                }
                assert!(
                    inside > 300,
                    "{} draws only {inside} pixels",
                    path.display()
                );
            }
            checked += 1;
        }
        assert!(checked >= 6, "{checked} pictures");
    }

    /// The hand-drawn figures fill with the side's colour and outline in the other; the dark
    /// side's swaps them.
    #[test]
    fn figures_take_each_sides_colours() {
        let svg = std::fs::read_to_string(root().join("assets/pieces/rook.svg")).expect("rook.svg");
        assert!(!turns(&svg), "a figure stays upright");
        let centre = |rgba: &[u8]| {
            let i = ((PIXELS / 2) * PIXELS + PIXELS / 2) as usize * 4;
            [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]]
        };
        let white = render(&svg, false).expect("it draws");
        let black = render(&svg, true).expect("it draws");
        assert_eq!(centre(&white), [0xf7, 0xf7, 0xf2, 255]);
        assert_eq!(centre(&black), [0x1f, 0x1f, 0x24, 255]);
    }

    #[test]
    fn a_broken_picture_file_does_not_draw() {
        assert!(render("<svg xmlns=\"http://www.w3.org/2000/svg\"", false).is_err());
        assert!(render("not svg at all", true).is_err());
    }
}
