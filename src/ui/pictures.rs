//! Piece pictures in the window: each piece type's SVG source (see `level::pictures` for
//! where it comes from) drawn, on its side's rimmed disc, into a texture per side.
//!
//! A grid piece with no picture of its own gets one drawn from its moves, the same marks
//! as the inspector's diagram in small: a line with an arrow for each way it rides to the
//! edge of the board (bent where the ride starts after a first step elsewhere), a mark on
//! each square it reaches nearer, and a diamond for the piece itself. The shapes tell the
//! kinds apart: solid or a filled dot for moves that also capture, dashed or a ring for
//! moves only, dotted or a cross for captures only, dash-dot or a triangle for hops, a
//! small square or a short-dashed line for first moves only.

use super::inspect::{Marks, SIZE, diagram};
use crate::continuous::Kind;
use crate::grid::variant::PieceType;
use crate::level::pictures::{self, BODY, DARK_BODY, DARK_LINE, LINE};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use resvg::{tiny_skia, usvg};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Pixels on each side of a drawn picture.
pub const PIXELS: u32 = 128;

/// Radius, in the picture's 100-unit frame, of the circle every picture keeps inside.
pub const ART_RADIUS: f32 = 42.0;

/// A piece's picture source.
#[derive(Clone, Debug)]
pub struct Source {
    /// The SVG text.
    pub svg: String,
    /// The file it was read from; `None` when it was drawn from the piece's moves.
    pub file: Option<PathBuf>,
}

/// A grid piece's picture: the file its level or the shipped pictures give (see
/// `level::pictures::find`), else one drawn from its moves.
pub fn grid_source(piece: &PieceType, level_dir: &Path) -> Source {
    let file = pictures::find(piece.image.as_deref(), &piece.name, level_dir);
    read_or(file, || moves_svg(piece))
}

/// The picture in `file` if there is one and it reads, else the one `otherwise` makes.
fn read_or(file: Option<PathBuf>, otherwise: impl FnOnce() -> String) -> Source {
    file.and_then(|path| {
        let svg = std::fs::read_to_string(&path).ok()?;
        Some(Source {
            svg,
            file: Some(path),
        })
    })
    .unwrap_or_else(|| Source {
        svg: otherwise(),
        file: None,
    })
}

/// A continuous piece's picture: the shipped file, else the copy built into the program.
pub fn continuous_source(kind: Kind) -> Source {
    let name = kind.name();
    let file = pictures::find(Some(name), name, Path::new("."));
    read_or(file, || built_in(kind).to_string())
}

/// The copy of a continuous kind's shipped picture built into the program.
fn built_in(kind: Kind) -> &'static str {
    match kind {
        Kind::King => include_str!("../../assets/pieces/king.svg"),
        Kind::Queen => include_str!("../../assets/pieces/queen.svg"),
        Kind::Rook => include_str!("../../assets/pieces/rook.svg"),
        Kind::Bishop => include_str!("../../assets/pieces/bishop.svg"),
        Kind::Knight => include_str!("../../assets/pieces/knight.svg"),
        Kind::Pawn => include_str!("../../assets/pieces/pawn.svg"),
    }
}

/// Whether a picture is of moves, to be turned round for Black and turned with the
/// board (its root element has `class="turn"`).
pub fn turns(svg: &str) -> bool {
    let Some(start) = svg.find("<svg") else {
        return false;
    };
    svg[start..]
        .split_once('>')
        .is_some_and(|(root, _)| root.contains("class=\"turn\""))
}

/// Draws a picture for White (`dark` false) or Black: `PIXELS`² straight-alpha RGBA bytes.
pub fn render(svg: &str, dark: bool) -> Result<Vec<u8>, String> {
    let text = if dark {
        svg.replace(BODY, DARK_BODY).replace(LINE, DARK_LINE)
    } else {
        svg.to_string()
    };
    rasterize(&text, dark && turns(svg))
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
pub fn render_token(svg: &str, dark: bool, token: Token) -> Result<Vec<u8>, String> {
    let picture = if dark {
        svg.replace(BODY, DARK_BODY).replace(LINE, DARK_LINE)
    } else {
        svg.to_string()
    };
    let start = picture
        .find("<svg")
        .ok_or("not an SVG picture: no <svg> element")?;
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
    rasterize(&text, false)
}

/// Draws SVG text into `PIXELS`² straight-alpha RGBA bytes, turned round if `turned`.
fn rasterize(text: &str, turned: bool) -> Result<Vec<u8>, String> {
    let tree = usvg::Tree::from_str(text, &usvg::Options::default()).map_err(|e| e.to_string())?;
    let mut pixmap = tiny_skia::Pixmap::new(PIXELS, PIXELS).ok_or("no room for the picture")?;
    let size = tree.size();
    let scale = PIXELS as f32 / size.width().max(size.height());
    let transform = if turned {
        tiny_skia::Transform::from_row(-scale, 0.0, 0.0, -scale, PIXELS as f32, PIXELS as f32)
    } else {
        tiny_skia::Transform::from_scale(scale, scale)
    };
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    Ok(pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect())
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
fn draw(source: &Source, token: Token) -> Result<Rendered, String> {
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

/// A continuous kind's tokens: the shipped picture, or the built-in one if that does not
/// draw.
pub fn draw_continuous(kind: Kind, token: Token) -> Rendered {
    let source = continuous_source(kind);
    draw(&source, token).unwrap_or_else(|e| {
        if let Some(file) = &source.file {
            warn!("{}: {e}; using the built-in picture", file.display());
        }
        let built_in = Source {
            svg: built_in(kind).to_string(),
            file: None,
        };
        draw(&built_in, token).unwrap_or_else(|_| blank())
    })
}

/// Marks a picture that stays upright when the board is turned (a figure, not a picture of
/// moves).
#[derive(Component)]
pub(super) struct Upright;

/// Turns upright pictures back round when the board is turned (both modes).
pub(super) fn keep_upright(
    flipped: Res<super::Flipped>,
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

/// How a square or a ride is reached, for its mark's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    Both,
    Move,
    Capture,
    Hop,
    Initial,
}

impl Reach {
    fn of(m: Marks) -> Reach {
        if m.moves && m.captures {
            Reach::Both
        } else if m.moves {
            Reach::Move
        } else if m.captures {
            Reach::Capture
        } else if m.hops {
            Reach::Hop
        } else {
            Reach::Initial
        }
    }

    /// The SVG stroke attributes of a ride of this kind.
    fn line(self) -> &'static str {
        match self {
            Reach::Both => "",
            Reach::Move => r#" stroke-dasharray="7 5""#,
            Reach::Capture => r#" stroke-dasharray="0.5 6" stroke-linecap="round""#,
            Reach::Hop => r#" stroke-dasharray="6 3 1.5 3""#,
            Reach::Initial => r#" stroke-dasharray="3 3" stroke-width="2""#,
        }
    }
}

/// The ways a piece rides: runs of reached squares straight to the diagram's edge, each
/// as its first square and step (offsets from the piece).
fn rides(reached: &HashMap<(i32, i32), Marks>) -> Vec<((i32, i32), (i32, i32))> {
    let half = SIZE / 2;
    let on = |(x, y): (i32, i32)| x.abs() <= half && y.abs() <= half;
    let steps = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut out = Vec::new();
    let mut starts: Vec<_> = reached.keys().copied().collect();
    starts.sort_unstable();
    for s in starts {
        for (dx, dy) in steps {
            if reached.contains_key(&(s.0 - dx, s.1 - dy)) {
                continue;
            }
            // A ride is one kind of reach all along; an oblique one starts at the piece.
            let oblique = dx.abs() + dy.abs() == 3;
            if oblique && s != (dx, dy) {
                continue;
            }
            let kind = reached.get(&s).copied().map(Reach::of);
            let mut at = s;
            let mut length = 0;
            while reached
                .get(&at)
                .copied()
                .map(Reach::of)
                .is_some_and(|k| Some(k) == kind)
            {
                length += 1;
                at = (at.0 + dx, at.1 + dy);
            }
            let to_edge = !on(at);
            if to_edge && length >= if oblique { 2 } else { 3 } {
                out.push((s, (dx, dy)));
            }
        }
    }
    out
}

/// Where a ride's path turns: at the piece for a straight ride; for a bent one, at its
/// first square, the one its first leg lands on.
fn bend((s, (dx, dy)): ((i32, i32), (i32, i32))) -> (i32, i32) {
    if (s.0 - dx, s.1 - dy) == (0, 0) {
        (0, 0)
    } else {
        s
    }
}

/// A picture of a grid piece's moves as White sees them (forward is up), in the shipped
/// pictures' colours and frame.
pub fn moves_svg(piece: &PieceType) -> String {
    let centre = (SIZE / 2, SIZE / 2);
    let reached: HashMap<(i32, i32), Marks> = diagram(piece)
        .into_iter()
        .filter(|&(s, m)| s != centre && m != Marks::default())
        .map(|((x, y), m)| ((x - centre.0, y - centre.1), m))
        .collect();
    let rides = rides(&reached);
    let mut on_rides = Vec::new();
    for &(s, (dx, dy)) in &rides {
        let mut at = s;
        while reached.contains_key(&at) {
            on_rides.push(at);
            at = (at.0 + dx, at.1 + dy);
        }
    }
    let mut dots: Vec<((i32, i32), Marks)> = reached
        .iter()
        .filter(|(s, _)| !on_rides.contains(s))
        .map(|(&s, &m)| (s, m))
        .collect();
    dots.sort_unstable_by_key(|&(s, _)| s);
    // The unit of one square: the farthest lone mark stays inside the frame.
    let farthest = dots
        .iter()
        .map(|&((x, y), _)| ((x * x + y * y) as f32).sqrt())
        .chain(
            rides
                .iter()
                .map(|&((x, y), _)| ((x * x + y * y) as f32).sqrt()),
        )
        .fold(1.0f32, f32::max);
    let unit = (ART_RADIUS - 7.0) / farthest.max(3.0);
    let point = |(x, y): (i32, i32)| (50.0 + x as f32 * unit, 50.0 - y as f32 * unit);

    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"100\" \
         height=\"100\" class=\"turn\">\n<!-- areachess: the {}'s moves, drawn from them: \
         forward is up; Black's picture is turned round, as Black's moves are. -->\n\
         <g fill=\"none\" stroke=\"{LINE}\" stroke-width=\"4\" stroke-linejoin=\"round\">\n",
        piece.name
    );
    let reach = |s: (i32, i32)| Reach::of(reached.get(&s).copied().unwrap_or_default());
    for &(s, (dx, dy)) in &rides {
        // Where the ride leaves the frame: from its start along its step to the circle.
        let (ux, uy) = (dx as f32, -(dy as f32));
        let norm = (ux * ux + uy * uy).sqrt();
        let (ux, uy) = (ux / norm, uy / norm);
        let bend = bend((s, (dx, dy)));
        let (bx, by) = point(bend);
        let (px, py) = (bx - 50.0, by - 50.0);
        let along = px * ux + py * uy;
        let reach_r = ART_RADIUS - 2.0;
        let t = -along
            + (along * along - (px * px + py * py) + reach_r * reach_r)
                .max(0.0)
                .sqrt();
        let (ex, ey) = (bx + ux * (t - 8.0), by + uy * (t - 8.0));
        let style = reach(s).line();
        if bend == (0, 0) {
            let _ = writeln!(svg, "<path d=\"M50 50 L{ex:.1} {ey:.1}\"{style}/>");
        } else {
            let _ = writeln!(
                svg,
                "<path d=\"M50 50 L{bx:.1} {by:.1} L{ex:.1} {ey:.1}\"{style}/>"
            );
        }
        // The arrowhead.
        let (tx, ty) = (bx + ux * t, by + uy * t);
        let (nx, ny) = (-uy, ux);
        let (cx, cy) = (tx - ux * 9.0, ty - uy * 9.0);
        let _ = writeln!(
            svg,
            "<path d=\"M{tx:.1} {ty:.1} L{:.1} {:.1} L{:.1} {:.1} Z\" fill=\"{LINE}\" stroke-width=\"1\"/>",
            cx + nx * 5.0,
            cy + ny * 5.0,
            cx - nx * 5.0,
            cy - ny * 5.0
        );
    }
    for (s, m) in dots {
        let (x, y) = point(s);
        let _ = match Reach::of(m) {
            Reach::Both => writeln!(
                svg,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4.6\" fill=\"{LINE}\" stroke=\"none\"/>"
            ),
            Reach::Move => writeln!(
                svg,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4\" stroke-width=\"2.4\"/>"
            ),
            Reach::Capture => writeln!(
                svg,
                "<path d=\"M{:.1} {:.1} L{:.1} {:.1} M{:.1} {:.1} L{:.1} {:.1}\" stroke-width=\"3\"/>",
                x - 4.0,
                y - 4.0,
                x + 4.0,
                y + 4.0,
                x - 4.0,
                y + 4.0,
                x + 4.0,
                y - 4.0
            ),
            Reach::Hop => writeln!(
                svg,
                "<path d=\"M{x:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} Z\" fill=\"{LINE}\" stroke-width=\"1\"/>",
                y - 5.0,
                x + 4.5,
                y + 3.8,
                x - 4.5,
                y + 3.8
            ),
            Reach::Initial => writeln!(
                svg,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"8\" height=\"8\" stroke-width=\"2.2\"/>",
                x - 4.0,
                y - 4.0
            ),
        };
    }
    // The piece itself.
    let _ = write!(
        svg,
        "<path d=\"M50 43 L57 50 L50 57 L43 50 Z\" fill=\"{BODY}\" stroke-width=\"2.5\"/>\n</g>\n</svg>\n"
    );
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(betza: &str) -> PieceType {
        PieceType::new('X', "Test", betza).expect("Betza reads")
    }

    #[test]
    fn riders_get_one_ride_per_direction_and_leapers_none() {
        let ride_count = |betza: &str| {
            let p = piece(betza);
            let reached: HashMap<_, _> = diagram(&p)
                .into_iter()
                .filter(|&(s, m)| s != (SIZE / 2, SIZE / 2) && m != Marks::default())
                .map(|((x, y), m)| ((x - SIZE / 2, y - SIZE / 2), m))
                .collect();
            rides(&reached)
        };
        assert_eq!(ride_count("R").len(), 4);
        assert_eq!(ride_count("Q").len(), 8);
        assert_eq!(ride_count("NN").len(), 8);
        assert!(ride_count("N").is_empty());
        assert!(ride_count("K").is_empty());
        // A short rook stops before the edge: marks, not rides.
        assert!(ride_count("R4").is_empty());
        // The Ship rides forward and back after a diagonal step: its path bends there.
        let ship = ride_count("fF-fR|bF-bR");
        assert_eq!(ship.len(), 4, "{ship:?}");
        assert!(ship.iter().all(|&(_, (dx, _))| dx == 0), "{ship:?}");
        assert!(ship.iter().all(|&ride| bend(ride) == ride.0), "{ship:?}");
        // The Osprey's paths bend where its two-step lands.
        let osprey = ride_count("fD-fB|bD-bB|rD-rB|lD-lB");
        assert_eq!(osprey.len(), 8, "{osprey:?}");
        for ride in osprey {
            let (x, y) = bend(ride);
            assert_eq!(x.abs() + y.abs(), 2, "{ride:?} bends at {x},{y}");
            assert!(x == 0 || y == 0, "{ride:?} bends at {x},{y}");
        }
        assert_eq!(bend(((0, 1), (0, 1))), (0, 0), "a rook's ride is straight");
    }

    #[test]
    fn a_pawns_picture_marks_its_kinds_of_move() {
        let svg = moves_svg(&piece("mfW|cefF|imfnD"));
        assert!(turns(&svg));
        // The step (ring), two captures (crosses), the double step (square), no rides.
        assert_eq!(svg.matches("<circle").count(), 1, "{svg}");
        assert_eq!(svg.matches("<rect").count(), 1, "{svg}");
        assert_eq!(svg.matches("<path d=\"M").count(), 2 + 1, "{svg}");
        assert!(!svg.contains("stroke-dasharray"), "{svg}");
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

    #[test]
    fn a_picture_that_does_not_draw_gives_way_to_one_of_moves() {
        let dir = std::env::temp_dir().join(format!("areachess-broken-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        std::fs::write(
            dir.join("broken.svg"),
            "<svg xmlns=\"http://www.w3.org/2000/svg\"",
        )
        .expect("write");
        let mut piece = piece("N");
        piece.image = Some("broken.svg".into());
        assert!(
            grid_source(&piece, &dir).file.is_some(),
            "the file is found"
        );
        let drawn = draw_grid(
            &piece,
            &dir,
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
        let _ = std::fs::remove_dir_all(&dir);
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
