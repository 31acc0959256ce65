//! Piece pictures in the window: each piece type's SVG source (see `crate::pictures` for
//! where it comes from, and for the pictures drawn from a grid piece's moves) rasterised
//! with resvg, on its side's rimmed disc, into one texture atlas per level.

use super::common::level::LevelSource;
use super::common::look::Flipped;
use crate::grid::PieceType;
use crate::level::Look;
use crate::pictures::{
    BODY, DARK_BODY, DARK_LINE, LINE, Source, built_in, continuous_source, grid_source, moves_svg,
    turns,
};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use resvg::{tiny_skia, usvg};
use std::path::{Path, PathBuf};

/// Pixels on each side of a drawn picture.
pub const PIXELS: u32 = 128;

/// Why a picture does not draw.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// The text has no `<svg>` element.
    #[error("not an SVG picture: no <svg> element")]
    NotSvg,
    /// The SVG reader refused it.
    #[error("{0}")]
    Svg(#[from] usvg::Error),
    /// No pixels could be had for it.
    #[error("no room for the picture")]
    NoRoom,
}

/// Draws a picture for White (`dark` false) or Black: `PIXELS`² straight-alpha RGBA bytes.
pub fn render(svg: &str, dark: bool) -> Result<Vec<u8>, PictureError> {
    let text = if dark {
        svg.replace(BODY, DARK_BODY).replace(LINE, DARK_LINE)
    } else {
        svg.to_string()
    };
    rasterize(&text, dark && turns(svg), PIXELS).map(|pixmap| straight_rgba(&pixmap))
}

/// The shape of a piece's token: a disc with a rim, the picture over it.
#[derive(Clone, Copy, Debug)]
pub struct Token {
    /// The face's radius inside the rim, the disc's being 50 (the picture frame's half).
    pub face: f32,
    /// The picture's scale on the disc.
    pub picture: f32,
}

/// Each side's face and rim colours, White's first.
pub const DISC: [(&str, &str); 2] = [(BODY, "#404047"), (DARK_BODY, "#ccccc7")];

/// Draws a piece's whole token for White (`dark` false) or Black in one texture: the rimmed
/// disc of its side and its picture (one layer to draw instead of three, and its edge
/// smoothed, which matters to a software renderer without multisampling).
pub fn render_token(svg: &str, dark: bool, token: Token) -> Result<Vec<u8>, PictureError> {
    token_pixmap(svg, dark, token, PIXELS).map(|pixmap| straight_rgba(&pixmap))
}

/// A piece's token for White (`dark` false) or Black, `pixels` on each side, as a
/// premultiplied pixmap to draw onto another (`render_token`'s, at any size).
pub fn token_pixmap(
    svg: &str,
    dark: bool,
    token: Token,
    pixels: u32,
) -> Result<tiny_skia::Pixmap, PictureError> {
    let picture = if dark {
        svg.replace(BODY, DARK_BODY).replace(LINE, DARK_LINE)
    } else {
        svg.to_string()
    };
    let start = picture.find("<svg").ok_or(PictureError::NotSvg)?;
    let (face, rim) = DISC[usize::from(dark)];
    let turn = if dark && turns(svg) {
        " rotate(180 50 50)"
    } else {
        ""
    };
    let offset = 50.0 * (1.0 - token.picture);
    let text = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"100\" \
         height=\"100\"><circle cx=\"50\" cy=\"50\" r=\"50\" fill=\"{rim}\"/>\
         <circle cx=\"50\" cy=\"50\" r=\"{}\" fill=\"{face}\"/>\
         <g transform=\"translate({offset} {offset}) scale({}){turn}\">{}</g></svg>",
        token.face,
        token.picture,
        &picture[start..]
    );
    rasterize(&text, false, pixels)
}

/// Draws SVG text into a square pixmap `pixels` on each side, turned round if `turned`.
fn rasterize(text: &str, turned: bool, pixels: u32) -> Result<tiny_skia::Pixmap, PictureError> {
    let tree = usvg::Tree::from_str(text, &sealed_options())?;
    let mut pixmap = tiny_skia::Pixmap::new(pixels, pixels).ok_or(PictureError::NoRoom)?;
    let size = tree.size();
    let scale = pixels as f32 / size.width().max(size.height());
    let transform = if turned {
        tiny_skia::Transform::from_row(-scale, 0.0, 0.0, -scale, pixels as f32, pixels as f32)
    } else {
        tiny_skia::Transform::from_scale(scale, scale)
    };
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Options that draw only what the SVG text holds: an `<image>` may carry its picture
/// inline (a `data:` address), but one naming a file or address is left out, so that a
/// level's picture cannot read the machine's files, wait on a pipe or swallow a device.
fn sealed_options() -> usvg::Options<'static> {
    usvg::Options {
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    }
}

/// Options for drawing SVG with words in it: egui's own font, standing for every family
/// (plotters asks for `sans-serif`), so that no system font is needed.
pub fn options_with_text() -> usvg::Options<'static> {
    // The font is read once; every drawing shares it.
    static FONTS: std::sync::OnceLock<(std::sync::Arc<usvg::fontdb::Database>, Option<String>)> =
        std::sync::OnceLock::new();
    let (fonts, family) = FONTS.get_or_init(|| {
        let mut fonts = usvg::fontdb::Database::new();
        fonts.load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
        let family = fonts
            .faces()
            .next()
            .and_then(|face| face.families.first().map(|(name, _)| name.clone()));
        if let Some(family) = &family {
            fonts.set_sans_serif_family(family.clone());
            fonts.set_serif_family(family.clone());
            fonts.set_monospace_family(family.clone());
        }
        (std::sync::Arc::new(fonts), family)
    });
    let mut options = sealed_options();
    if let Some(family) = family {
        options.font_family = family.clone();
    }
    options.fontdb = std::sync::Arc::clone(fonts);
    options
}

/// Draws an SVG picture at its own size: its width, height and RGBA bytes.
pub fn render_svg(
    svg: &str,
    options: &usvg::Options<'static>,
) -> Result<(u32, u32, Vec<u8>), PictureError> {
    let tree = usvg::Tree::from_str(svg, options)?;
    let size = tree.size().to_int_size();
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or(PictureError::NoRoom)?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok((size.width(), size.height(), straight_rgba(&pixmap)))
}

/// A pixmap's pixels as straight-alpha RGBA bytes.
pub fn straight_rgba(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
    pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect()
}

/// One piece type's tokens drawn for White and Black (`PIXELS`² RGBA each), and whether its
/// picture turns with the board (pictures of moves do; figures stay upright).
#[derive(Clone, Debug)]
pub struct Rendered {
    /// White's token, then Black's.
    pub side: [Vec<u8>; 2],
    /// Whether the picture is of moves.
    pub turns: bool,
}

/// Where one piece type's tokens lie in the atlas, and whether they turn with the board.
#[derive(Clone, Copy, Debug)]
pub struct Drawn {
    /// White's token's rectangle in the atlas, then Black's.
    pub side: [Rect; 2],
    /// Whether the picture is of moves.
    pub turns: bool,
}

/// Every token of a level in one texture, so that the renderer draws all the pieces in one
/// batch (with a software renderer each separate texture costs a draw of its own).
#[derive(Clone, Debug, Default)]
pub struct Tokens {
    /// The atlas.
    pub atlas: Handle<Image>,
    /// The atlas's size in pixels.
    pub size: Vec2,
    /// By type, where its tokens lie.
    pub drawn: Vec<Drawn>,
}

/// Transparent pixels round each token in the atlas, so that filtering does not bleed.
const PAD: u32 = 2;

/// Tokens per row of the atlas.
const COLUMNS: u32 = 8;

/// Lays the tokens out in one atlas texture.
pub fn tokens(rendered: &[Rendered], images: &mut Assets<Image>) -> Tokens {
    let cell = PIXELS + 2 * PAD;
    let count = (rendered.len() * 2).max(1) as u32;
    let rows = count.div_ceil(COLUMNS);
    let (width, height) = (COLUMNS * cell, rows * cell);
    let mut data = vec![0u8; (width * height * 4) as usize];
    let mut drawn = Vec::new();
    for (t, r) in rendered.iter().enumerate() {
        let mut rects = [Rect::default(); 2];
        for (s, rgba) in r.side.iter().enumerate() {
            let n = (t * 2 + s) as u32;
            let (x0, y0) = ((n % COLUMNS) * cell + PAD, (n / COLUMNS) * cell + PAD);
            for row in 0..PIXELS {
                let from = (row * PIXELS * 4) as usize;
                let to = (((y0 + row) * width + x0) * 4) as usize;
                let len = (PIXELS * 4) as usize;
                if let (Some(src), Some(dst)) =
                    (rgba.get(from..from + len), data.get_mut(to..to + len))
                {
                    dst.copy_from_slice(src);
                }
            }
            rects[s] = Rect::new(
                x0 as f32,
                y0 as f32,
                (x0 + PIXELS) as f32,
                (y0 + PIXELS) as f32,
            );
        }
        drawn.push(Drawn {
            side: rects,
            turns: r.turns,
        });
    }
    let atlas = Image::new(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    Tokens {
        atlas: images.add(atlas),
        size: Vec2::new(width as f32, height as f32),
        drawn,
    }
}

/// Draws a source's tokens for both sides.
fn draw(source: &Source, token: Token) -> Result<Rendered, PictureError> {
    Ok(Rendered {
        side: [
            render_token(&source.svg, false, token)?,
            render_token(&source.svg, true, token)?,
        ],
        turns: turns(&source.svg),
    })
}

/// Nothing to show: both sides transparent.
fn blank() -> Rendered {
    let empty = vec![0; (PIXELS * PIXELS * 4) as usize];
    Rendered {
        side: [empty.clone(), empty],
        turns: false,
    }
}

/// A grid piece type's tokens: its picture, or, if that does not draw (a broken SVG
/// file), the picture of its moves, with a warning naming the file.
pub fn draw_grid(piece: &PieceType, level_dir: &Path, token: Token) -> Rendered {
    let source = grid_source(piece, level_dir);
    draw(&source, token).unwrap_or_else(|e| {
        if let Some(file) = &source.file {
            warn!(
                "{}: {e}; drawing {}'s moves instead",
                file.display(),
                piece.name
            );
        }
        let moves = Source {
            svg: moves_svg(piece),
            file: None,
        };
        draw(&moves, token).unwrap_or_else(|_| blank())
    })
}

/// A continuous kind's tokens: its picture (see `crate::pictures::continuous_source`), or
/// the one built into the program if that does not draw.
pub fn draw_continuous(name: &str, look: &Look, level_dir: &Path, token: Token) -> Rendered {
    let source = continuous_source(name, look, level_dir);
    draw(&source, token).unwrap_or_else(|e| {
        if let Some(file) = &source.file {
            warn!("{}: {e}; using the built-in picture", file.display());
        }
        let built_in = Source {
            svg: built_in(look),
            file: None,
        };
        draw(&built_in, token).unwrap_or_else(|_| blank())
    })
}

/// The open level's tokens, and the level they were drawn for.
#[derive(Resource, Default)]
pub(super) struct Pictures {
    /// The level's mode, file and text.
    level: String,
    /// The atlas, and where each piece type's (grid) or kind's (continuous) tokens lie in
    /// it, in the level's order.
    pub(super) tokens: Tokens,
}

impl Pictures {
    /// The key of the open level of `mode`: its mode, file and text (the match changes
    /// with every move; the pictures only with the level).
    pub(super) fn key(mode: &str, source: Option<&LevelSource>) -> String {
        source.map_or(mode.to_string(), |s| {
            format!("{mode}\n{}\n{}", s.path.display(), s.text)
        })
    }

    /// Whether these are the pictures of the level `key` names.
    pub(super) fn are_for(&self, key: &str) -> bool {
        self.level == key
    }

    /// The pictures of the level `key` names, `rendered` laid out in one atlas.
    pub(super) fn new(key: String, rendered: &[Rendered], images: &mut Assets<Image>) -> Self {
        Pictures {
            level: key,
            tokens: tokens(rendered, images),
        }
    }
}

/// The folder of the open level, against which its pictures' files are read.
pub(super) fn level_dir(source: Option<&LevelSource>) -> PathBuf {
    source
        .and_then(|s| s.path.parent().map(Path::to_path_buf))
        .unwrap_or_default()
}

/// Marks a picture that stays upright when the board is turned (a figure, not a picture of
/// moves).
#[derive(Component)]
pub(super) struct Upright;

/// Turns upright pictures back round when the board is turned (both modes).
pub(super) fn keep_upright(
    flipped: Res<Flipped>,
    mut pictures: Query<&mut Transform, With<Upright>>,
) {
    let want = if flipped.0 {
        Quat::from_rotation_z(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    };
    for mut transform in &mut pictures {
        if transform.rotation != want {
            transform.rotation = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(betza: &str) -> PieceType {
        PieceType::new('X', "Test", betza).expect("Betza reads")
    }

    #[test]
    fn pictures_draw_something_in_both_colours() {
        let svg = moves_svg(&piece("BW"));
        for dark in [false, true] {
            let rgba = render(&svg, dark).expect("it draws");
            assert_eq!(rgba.len(), (PIXELS * PIXELS * 4) as usize);
            let inked = rgba.chunks(4).filter(|p| p[3] > 128).count();
            assert!(inked > 200, "{inked} pixels drawn");
            // Lines are dark on White's picture and light on Black's.
            let mean = rgba
                .chunks(4)
                .filter(|p| p[3] == 255)
                .map(|p| u32::from(p[0]))
                .sum::<u32>()
                / rgba.chunks(4).filter(|p| p[3] == 255).count() as u32;
            assert_eq!(mean > 128, dark, "mean red {mean}");
        }
    }

    /// How many of a drawing's pixels are solid red.
    fn red(rgba: &[u8]) -> usize {
        rgba.chunks(4)
            .filter(|p| p[0] > 200 && p[1] < 50 && p[2] < 50 && p[3] > 200)
            .count()
    }

    #[test]
    fn a_picture_draws_an_inline_image_but_never_reads_a_file_it_names() {
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let red_square = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" \
                          height=\"10\"><rect width=\"10\" height=\"10\" fill=\"#ff0000\"/></svg>";
        let file = scratch.path().join("red.svg");
        std::fs::write(&file, red_square).expect("the file is written");
        let with_image = |href: &str| {
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">\
                 <image href=\"{href}\" width=\"100\" height=\"100\"/></svg>"
            )
        };
        let escaped: String = red_square
            .chars()
            .map(|c| match c {
                '#' | '"' | '<' | '>' => format!("%{:02X}", u32::from(c)),
                _ => c.to_string(),
            })
            .collect();
        let inline = format!("data:image/svg+xml,{escaped}");
        let drawn = render(&with_image(&inline), false).expect("it draws");
        assert!(red(&drawn) > 1000, "the inline image is drawn");
        let named = file.to_str().expect("a UTF-8 path");
        for href in [
            named.to_string(),
            format!("file://{named}"),
            "/dev/zero".into(),
        ] {
            let drawn = render(&with_image(&href), false).expect("it draws");
            assert_eq!(red(&drawn), 0, "{href} is left out");
        }
    }

    #[test]
    fn a_picture_that_does_not_draw_gives_way_to_one_of_moves() {
        let scratch = tempfile::Builder::new()
            .prefix("areachess-broken-")
            .tempdir()
            .expect("a scratch folder");
        let dir = scratch.path();
        std::fs::write(
            dir.join("broken.svg"),
            "<svg xmlns=\"http://www.w3.org/2000/svg\"",
        )
        .expect("write");
        let mut piece = piece("N");
        piece.image = Some("broken.svg".into());
        assert!(grid_source(&piece, dir).file.is_some(), "the file is found");
        let drawn = draw_grid(
            &piece,
            dir,
            Token {
                face: 45.0,
                picture: 1.0,
            },
        );
        assert!(drawn.turns, "drawn from its moves instead");
        assert!(drawn.side.iter().all(|t| t.iter().any(|&a| a > 0)));
        // Laid out in an atlas, each token keeps its own rectangle.
        let mut images = Assets::<Image>::default();
        let laid = tokens(&[drawn.clone(), drawn], &mut images);
        assert_eq!(laid.drawn.len(), 2);
        let rects: Vec<Rect> = laid.drawn.iter().flat_map(|d| d.side).collect();
        for (i, a) in rects.iter().enumerate() {
            assert_eq!(a.size(), Vec2::splat(PIXELS as f32));
            for b in &rects[i + 1..] {
                assert!(a.intersect(*b).is_empty(), "{a:?} and {b:?} overlap");
            }
        }
        assert!(images.get(&laid.atlas).is_some());
    }

    #[test]
    fn a_kind_of_the_levels_own_shows_its_label_under_the_man() {
        let look = |label: &str| Look {
            kind: crate::continuous::Kind::from_letter('S').expect("a letter"),
            image: None,
            label: label.into(),
        };
        // Ink in the band the label is written in (67 to 79 of the 100-unit frame).
        let band = |rgba: &[u8]| {
            let rows = (67 * PIXELS / 100)..(79 * PIXELS / 100);
            rgba.chunks(4)
                .enumerate()
                .filter(|(i, p)| rows.contains(&(*i as u32 / PIXELS)) && p[3] > 128)
                .count()
        };
        for dark in [false, true] {
            let labelled = render(&built_in(&look("SC")), dark).expect("it draws");
            let bare = render(&built_in(&look("")), dark).expect("it draws");
            assert!(band(&labelled) > 100, "{} pixels", band(&labelled));
            assert_eq!(band(&bare), 0);
        }
    }

    #[test]
    fn black_sees_a_picture_of_moves_turned_round() {
        // A piece that steps forward or to its right: its marks are above and right of the
        // centre for White; Black's moves are White's turned round, so below and left.
        let svg = moves_svg(&piece("fWrW"));
        // The ink's extent: (leftmost, rightmost, top, bottom) in pixels.
        let extent = |rgba: &[u8]| {
            let inked: Vec<(u32, u32)> = rgba
                .chunks(4)
                .enumerate()
                .filter(|(_, p)| p[3] > 128)
                .map(|(i, _)| (i as u32 % PIXELS, i as u32 / PIXELS))
                .collect();
            let xs = inked.iter().map(|p| p.0);
            let ys = inked.iter().map(|p| p.1);
            (
                xs.clone().min().unwrap_or(0),
                xs.max().unwrap_or(0),
                ys.clone().min().unwrap_or(0),
                ys.max().unwrap_or(0),
            )
        };
        let centre = PIXELS / 2;
        let (left, right, top, bottom) = extent(&render(&svg, false).expect("it draws"));
        assert!(
            right > centre + 12 && left > centre - 12,
            "White's marks go right"
        );
        assert!(
            top < centre - 12 && bottom < centre + 12,
            "White's marks go up"
        );
        let (left, right, top, bottom) = extent(&render(&svg, true).expect("it draws"));
        assert!(
            left < centre - 12 && right < centre + 12,
            "Black's marks go left"
        );
        assert!(
            bottom > centre + 12 && top > centre - 12,
            "Black's marks go down"
        );
    }
}
