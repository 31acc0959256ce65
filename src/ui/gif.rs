//! `areachess gif`: a game or a level's demonstration as an animated GIF, drawn without a
//! window: the board, the pieces' tokens as the window draws them (their SVG pictures on
//! their sides' discs, rasterised by resvg), the last move marked, and under the board the
//! move and the demonstration's caption.
//!
//! | rule | decision |
//! | --- | --- |
//! | what it shows | a saved game or PGN: its moves; a level: its first demonstration (`levels/demos/`), else its setup alone |
//! | frames | one per position, the start first; the last held three times as long |
//! | size | `--size` is the board's side in pixels (the longer side on an oblong board); coordinates round it and two lines of words under it |
//! | words | the game's level and the move (`12. Nf3`), and the caption the demonstration has for it; drawn from the font egui ships, so no system font is needed |
//! | colours | each frame quantised to its own palette of 256 (NeuQuant) |

use super::common::opening::Opened;
use super::pictures::{Token, options_with_text, token_pixmap};
use crate::continuous::Board;
use crate::continuous::Game as ContinuousGame;
use crate::continuous::geometry::Obstacle;
use crate::failure::Failure;
use crate::grid::game::Game as GridGame;
use crate::level::{Level, LevelKind};
use crate::pictures::{built_in, continuous_source, grid_source, moves_svg};
use crate::play::Color;
use crate::record::save::{self, AnyGame};
use resvg::{tiny_skia, usvg};
use std::path::Path;
use std::sync::Arc;

/// What `gif` is asked for.
#[derive(Clone, Debug)]
pub struct GifSettings {
    /// The board's side in pixels.
    pub size: u32,
    /// How long each position shows, in milliseconds.
    pub delay_ms: u32,
}

/// The margin round the board for its coordinates, as a share of a square (at least 14 px).
const MARGIN: f32 = 0.45;
/// The height of the words under the board, in pixels per line.
const LINE: f32 = 20.0;
/// The light and dark squares, as the window draws them.
const SQUARES: [&str; 2] = ["#ede3cc", "#d6c7a8"];
/// The window's background.
const BACKGROUND: &str = "#1b1b1b";
/// A wall, as the window draws it.
const WALL: &str = "#5c5e66";

/// Writes the GIF of `input` (a saved game, a PGN or a level) to `out`.
pub fn gif(input: &Path, out: &Path, settings: &GifSettings) -> Result<(), Failure> {
    let opened = Opened::read(input)?;
    let (level, source, mut game, mut extras) = opened.into_parts();
    if game.is_none() {
        // A level: its first demonstration, if it has one.
        let wanted = save::hash(&source.text);
        if let Some(demo) = save::demos_beside(&source.path)
            .into_iter()
            .find(|d| d.hash == wanted)
            && let Ok(saved) = save::load(&demo.path)
        {
            game = Some(saved.game);
            extras = saved.extras;
        }
    }
    write(&level, &source.path, game.as_ref(), &extras, out, settings)
}

/// Writes the GIF of `game` (else the level's setup) to `out`; `level_path` is where the
/// level was read from (its pictures are found beside it), `extras` gives the captions.
pub(super) fn write(
    level: &Level,
    level_path: &Path,
    game: Option<&AnyGame>,
    extras: &save::Extras,
    out: &Path,
    settings: &GifSettings,
) -> Result<(), Failure> {
    let level_dir = level_path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let drawing = Drawing::new(level, &level_dir, settings.size)?;
    let frames = match game {
        Some(game) => frames(game),
        None => vec![Shown::start(level)],
    };
    let file = std::fs::File::create(out)
        .map_err(|e| Failure::input(format!("{}: cannot write: {e}", out.display())))?;
    let (width, height) = drawing.frame_size();
    let mut encoder = ::gif::Encoder::new(std::io::BufWriter::new(file), width, height, &[])
        .map_err(|e| Failure::input(format!("{}: {e}", out.display())))?;
    encoder
        .set_repeat(::gif::Repeat::Infinite)
        .map_err(|e| Failure::input(format!("{}: {e}", out.display())))?;
    let count = frames.len();
    for (k, shown) in frames.iter().enumerate() {
        let caption = extras.captions.get(&shown.ply).map(String::as_str);
        let mut rgba = drawing.draw(shown, caption)?;
        let mut frame = ::gif::Frame::from_rgba_speed(width, height, &mut rgba, 10);
        let hold = if k + 1 == count { 3 } else { 1 };
        frame.delay = u16::try_from(settings.delay_ms * hold / 10).unwrap_or(u16::MAX);
        encoder
            .write_frame(&frame)
            .map_err(|e| Failure::input(format!("{}: {e}", out.display())))?;
    }
    Ok(())
}

/// One frame's position: after how many moves, what stands where, the move that led to it.
struct Shown {
    ply: usize,
    pieces: Vec<Placed>,
    /// The last move, from and to, in board units (squares or R).
    last: Option<((f32, f32), (f32, f32))>,
    /// `12. Nf3`, or the level's name at the start.
    words: String,
}

/// A piece at a point of the board, in board units from its lower-left corner (a grid
/// square's centre, or a continuous piece's centre).
struct Placed {
    at: (f32, f32),
    /// Which token: the piece type's (grid) or kind's (continuous) number.
    kind: usize,
    side: Color,
}

impl Shown {
    /// The setup of a level with no game to show.
    fn start(level: &Level) -> Shown {
        let game = match &level.kind {
            LevelKind::Grid(g) => AnyGame::Grid(GridGame::new(g.variant.clone(), g.start.clone())),
            LevelKind::Continuous(c) => AnyGame::Continuous(ContinuousGame::new(c.start.clone())),
        };
        let mut shown = frames(&game).swap_remove(0);
        shown.words = level.name.clone();
        shown
    }
}

/// The frames of a game: the start and each position after a move.
fn frames(game: &AnyGame) -> Vec<Shown> {
    let written = game.game().written_moves();
    let (first, number) = game.game().first_move();
    let words = |ply: usize| {
        if ply == 0 {
            return "The start".to_string();
        }
        let k = ply - 1;
        let white_first = first == Color::White;
        let moved_white = k.is_multiple_of(2) == white_first;
        let move_number = number as usize + (k + usize::from(!white_first)) / 2;
        let dots = if moved_white { "." } else { "..." };
        format!(
            "{move_number}{dots} {}",
            written.get(k).map_or("", String::as_str)
        )
    };
    match game {
        AnyGame::Grid(g) => {
            let v = g.variant();
            let geometry = v.geometry;
            let centre = |sq: crate::grid::Square| {
                (
                    geometry.file(sq) as f32 + 0.5,
                    geometry.rank(sq) as f32 + 0.5,
                )
            };
            (0..=g.played().len())
                .map(|ply| {
                    let pos = g.position_before(ply);
                    let pieces = Color::BOTH
                        .into_iter()
                        .flat_map(|side| pos.pieces(side).iter().map(move |&sq| (side, sq)))
                        .map(|(side, sq)| Placed {
                            at: centre(sq),
                            kind: crate::grid::role_of(pos.cell(sq)).index(),
                            side,
                        })
                        .collect();
                    let last = ply
                        .checked_sub(1)
                        .map(|k| g.played()[k])
                        .map(|m| (centre(m.from), centre(m.to)));
                    Shown {
                        ply,
                        pieces,
                        last,
                        words: words(ply),
                    }
                })
                .collect()
        }
        AnyGame::Continuous(g) => {
            let board = g.start().board();
            let kinds: Vec<crate::continuous::Kind> = board.kinds.iter().map(|k| k.kind).collect();
            let point = |p: crate::continuous::Point| (p.x as f32, p.y as f32);
            (0..=g.played().len())
                .map(|ply| {
                    let pos = g.position_after(ply);
                    let pieces = pos
                        .pieces()
                        .iter()
                        .map(|p| Placed {
                            at: point(p.at),
                            kind: kinds.iter().position(|&k| k == p.kind).unwrap_or(0),
                            side: p.side,
                        })
                        .collect();
                    let last = ply.checked_sub(1).map(|k| {
                        let a = &g.played()[k].applied;
                        (point(a.mover.at), point(a.to))
                    });
                    Shown {
                        ply,
                        pieces,
                        last,
                        words: words(ply),
                    }
                })
                .collect()
        }
    }
}

/// What every frame of one level shares: the board's size, the tokens and the font.
struct Drawing {
    /// The board in its own units: squares (grid) or R (continuous).
    units: (f32, f32),
    /// The board's squares, files × ranks.
    squares: (u32, u32),
    /// Pixels per board unit.
    scale: f32,
    /// Pixels round the board.
    margin: f32,
    /// By token number, White's then Black's, each as many pixels wide as its piece.
    tokens: Vec<[tiny_skia::Pixmap; 2]>,
    /// The level's name, under every frame.
    name: String,
    options: usvg::Options<'static>,
    /// A continuous level's board, for its outline, walls and holes (none on a grid).
    continuous: Option<Arc<Board>>,
}

impl Drawing {
    fn new(level: &Level, level_dir: &Path, size: u32) -> Result<Drawing, Failure> {
        let size = size.clamp(64, 4096) as f32;
        let draw = |svg: &str, fallback: &dyn Fn() -> String, token: Token, pixels: u32| {
            let side = |dark| {
                token_pixmap(svg, dark, token, pixels)
                    .or_else(|_| token_pixmap(&fallback(), dark, token, pixels))
                    .map_err(|e| Failure::input(format!("drawing a piece: {e}")))
            };
            Ok::<_, Failure>([side(false)?, side(true)?])
        };
        let mut continuous = None;
        let (units, squares, tokens) = match &level.kind {
            LevelKind::Grid(g) => {
                let geometry = g.variant.geometry;
                let (files, ranks) = (u32::from(geometry.files()), u32::from(geometry.ranks()));
                let scale = size / files.max(ranks) as f32;
                let pixels = (scale * 0.84).round().max(4.0) as u32;
                let token = Token {
                    face: 50.0 * 0.38 / 0.42,
                    picture: 1.0,
                };
                let tokens = g
                    .variant
                    .types
                    .iter()
                    .map(|t| {
                        let source = grid_source(t, level_dir);
                        draw(&source.svg, &|| moves_svg(t), token, pixels)
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                ((files as f32, ranks as f32), (files, ranks), tokens)
            }
            LevelKind::Continuous(c) => {
                let board = &c.board;
                let units = (
                    board.files as f32 * board.square as f32,
                    board.ranks as f32 * board.square as f32,
                );
                let scale = size / units.0.max(units.1);
                let token = Token {
                    face: 50.0 * 0.93,
                    picture: 0.8,
                };
                let tokens = board
                    .kinds
                    .iter()
                    .map(|k| {
                        let look = c.look(k.kind);
                        let name = board.name_of(k.kind).to_string();
                        let source = continuous_source(&name, &look, level_dir);
                        // A disc drawn to its kind's radius.
                        let pixels =
                            (scale * 2.0 * board.radius(k.kind) as f32).round().max(4.0) as u32;
                        draw(&source.svg, &|| built_in(&look), token, pixels)
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                continuous = Some(board.clone());
                (units, (board.files, board.ranks), tokens)
            }
        };
        let scale = size / units.0.max(units.1);
        let square_px = size / squares.0.max(squares.1) as f32;
        let margin = (square_px * MARGIN).max(14.0).round();
        let options = options_with_text();
        Ok(Drawing {
            units,
            squares,
            scale,
            margin,
            tokens,
            name: level.name.clone(),
            options,
            continuous,
        })
    }

    /// The frame's width and height in pixels.
    fn frame_size(&self) -> (u16, u16) {
        let w = self.units.0 * self.scale + 2.0 * self.margin;
        let h = self.units.1 * self.scale + 2.0 * self.margin + 3.0 * LINE + 8.0;
        (w.round() as u16, h.round() as u16)
    }

    /// A board point (units from the lower-left corner) in frame pixels.
    fn pixel(&self, (x, y): (f32, f32)) -> (f32, f32) {
        (
            self.margin + x * self.scale,
            self.margin + (self.units.1 - y) * self.scale,
        )
    }

    /// One frame as RGBA bytes.
    fn draw(&self, shown: &Shown, caption: Option<&str>) -> Result<Vec<u8>, Failure> {
        let (w, h) = self.frame_size();
        let mut pixmap = tiny_skia::Pixmap::new(u32::from(w), u32::from(h))
            .ok_or_else(|| Failure::input("the frame is too large to draw"))?;
        let background = self.background_svg(shown, caption, w, h);
        let tree = usvg::Tree::from_str(&background, &self.options)
            .map_err(|e| Failure::input(format!("drawing a frame: {e}")))?;
        resvg::render(
            &tree,
            tiny_skia::Transform::identity(),
            &mut pixmap.as_mut(),
        );
        for piece in &shown.pieces {
            let Some(token) = self.tokens.get(piece.kind) else {
                continue;
            };
            let half = token[0].width() as f32 / 2.0;
            let (x, y) = self.pixel(piece.at);
            pixmap.draw_pixmap(
                (x - half).round() as i32,
                (y - half).round() as i32,
                token[piece.side.index()].as_ref(),
                &tiny_skia::PixmapPaint::default(),
                tiny_skia::Transform::identity(),
                None,
            );
        }
        Ok(pixmap
            .pixels()
            .iter()
            .flat_map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), 255]
            })
            .collect())
    }

    /// A continuous board's outline over its squares: the background outside a round
    /// board's rim and in the holes, the walls in slate grey.
    fn outline_svg(&self, svg: &mut String, w: u16, h: u16) {
        let Some(board) = &self.continuous else {
            return;
        };
        if board.round {
            let c = board.centre();
            let (x, y) = self.pixel((c.x as f32, c.y as f32));
            let r = board.outline_radius() as f32 * self.scale;
            // The whole frame less the disc, filled even-odd.
            svg.push_str(&format!(
                "<path fill-rule=\"evenodd\" fill=\"{BACKGROUND}\" d=\"M0 0H{w}V{h}H0Z \
                 M{:.2} {y:.2}a{r:.2} {r:.2} 0 1 0 {:.2} 0a{r:.2} {r:.2} 0 1 0 {:.2} 0Z\"/>",
                x - r,
                2.0 * r,
                -2.0 * r
            ));
        }
        for (list, colour) in [(&board.walls, WALL), (&board.holes, BACKGROUND)] {
            for obstacle in list {
                match obstacle {
                    Obstacle::Disc { centre, radius } => {
                        let (x, y) = self.pixel((centre.x as f32, centre.y as f32));
                        svg.push_str(&format!(
                            "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{:.2}\" fill=\"{colour}\"/>",
                            *radius as f32 * self.scale
                        ));
                    }
                    Obstacle::Polygon { corners } => {
                        let points: Vec<String> = corners
                            .iter()
                            .map(|c| {
                                let (x, y) = self.pixel((c.x as f32, c.y as f32));
                                format!("{x:.2},{y:.2}")
                            })
                            .collect();
                        svg.push_str(&format!(
                            "<polygon points=\"{}\" fill=\"{colour}\"/>",
                            points.join(" ")
                        ));
                    }
                }
            }
        }
    }

    /// The frame under the pieces: background, squares, the last move, coordinates, and
    /// the words under the board.
    fn background_svg(&self, shown: &Shown, caption: Option<&str>, w: u16, h: u16) -> String {
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
             <rect width=\"{w}\" height=\"{h}\" fill=\"{BACKGROUND}\"/>"
        );
        let (files, ranks) = self.squares;
        let side = (self.units.0 / files as f32) * self.scale;
        for rank in 0..ranks {
            for file in 0..files {
                let x = self.margin + file as f32 * side;
                let y = self.margin + (ranks - 1 - rank) as f32 * side;
                let colour = SQUARES[usize::from((file + rank) % 2 == 0)];
                svg.push_str(&format!(
                    "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{colour}\"/>",
                    side + 0.5,
                    side + 0.5
                ));
            }
        }
        self.outline_svg(&mut svg, w, h);
        if let Some((from, to)) = shown.last {
            let (a, b) = (self.pixel(from), self.pixel(to));
            let r = side * 0.47;
            for (x, y) in [a, b] {
                svg.push_str(&format!(
                    "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"none\" stroke=\"#e8b828\" stroke-width=\"{:.2}\"/>",
                    x - r,
                    y - r,
                    2.0 * r,
                    2.0 * r,
                    (side * 0.05).max(1.5)
                ));
            }
        }
        let font = (self.margin * 0.6).clamp(9.0, 16.0);
        for file in 0..files {
            let x = self.margin + (file as f32 + 0.5) * side;
            let y = self.margin + ranks as f32 * side + font + 2.0;
            let name = char::from_u32(u32::from('a') + file).unwrap_or('?');
            svg.push_str(&text(x, y, font, "middle", &name.to_string()));
        }
        for rank in 0..ranks {
            let x = self.margin / 2.0;
            let y = self.margin + (ranks - 1 - rank) as f32 * side + side / 2.0 + font / 3.0;
            svg.push_str(&text(x, y, font, "middle", &(rank + 1).to_string()));
        }
        let board_bottom = self.margin * 2.0 + self.units.1 * self.scale;
        let first = format!("{} — {}", self.name, shown.words);
        svg.push_str(&text(
            self.margin,
            board_bottom + LINE * 0.5,
            14.0,
            "start",
            &first,
        ));
        if let Some(caption) = caption {
            let room = ((f32::from(w) - 2.0 * self.margin) / 6.5) as usize;
            for (k, line) in wrap(caption, room.max(10), 2).iter().enumerate() {
                let y = board_bottom + LINE * (1.5 + k as f32);
                svg.push_str(&text(self.margin, y, 13.0, "start", line));
            }
        }
        svg.push_str("</svg>");
        svg
    }
}

/// A line of light text.
fn text(x: f32, y: f32, size: f32, anchor: &str, words: &str) -> String {
    let words = words
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!(
        "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size:.1}\" fill=\"#dcdcd4\" text-anchor=\"{anchor}\">{words}</text>"
    )
}

/// `words` in lines of at most `room` characters, broken between words, at most `lines`
/// of them (the last cut with an ellipsis if the words go on).
fn wrap(words: &str, room: usize, lines: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in words.split_whitespace() {
        let fits = current.chars().count() + 1 + word.chars().count() <= room;
        if current.is_empty() || fits {
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        } else {
            out.push(std::mem::take(&mut current));
            current.push_str(word);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    if out.len() > lines {
        let rest = out[lines - 1..].join(" ");
        out.truncate(lines - 1);
        out.push(rest);
    }
    out.into_iter().map(|line| shorten(&line, room)).collect()
}

/// `words` cut to `room` characters, with an ellipsis where cut.
fn shorten(words: &str, room: usize) -> String {
    if words.chars().count() <= room {
        return words.to_string();
    }
    let mut cut: String = words.chars().take(room.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_captions_wrap_onto_two_lines_then_are_cut() {
        assert_eq!(shorten("short", 10), "short");
        assert_eq!(shorten("a caption far too long", 10), "a caption…");
        assert_eq!(wrap("one two three", 20, 2), ["one two three"]);
        assert_eq!(wrap("one two three four", 9, 2), ["one two", "three fo…"]);
        assert_eq!(wrap("one two three", 9, 3), ["one two", "three"]);
    }

    #[test]
    fn a_demonstration_becomes_a_frame_per_position() {
        let demo = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("levels/demos/chess-en-passant-and-castling.toml");
        let saved = save::load(&demo).expect("the demonstration loads");
        let moves = saved.game.game().moves_played();
        let shown = frames(&saved.game);
        assert_eq!(shown.len(), moves + 1);
        assert_eq!(shown[0].pieces.len(), 32);
        assert!(shown[0].last.is_none() && shown[1].last.is_some());
        assert_eq!(shown[1].words, "1. e4");
        let out = std::env::temp_dir().join(format!("areachess-gif-{}.gif", std::process::id()));
        gif(
            &demo,
            &out,
            &GifSettings {
                size: 160,
                delay_ms: 200,
            },
        )
        .expect("a GIF");
        let bytes = std::fs::read(&out).expect("written");
        let _ = std::fs::remove_file(&out);
        assert!(bytes.starts_with(b"GIF89a"));
        // One image descriptor (0x2C after a graphic control block) per frame at least.
        let frames = bytes.windows(2).filter(|w| w == &[0x00, 0x2C]).count();
        assert!(
            frames > moves,
            "{frames} frames for {} positions",
            moves + 1
        );
    }

    /// The colour of the frame at a board point (R from the lower-left corner).
    fn colour_at(level: &str, at: (f32, f32)) -> [u8; 3] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let level = crate::level::load(&root.join(level)).expect("the level loads");
        let drawing = Drawing::new(&level, &root.join("levels"), 400).expect("drawn");
        let rgba = drawing.draw(&Shown::start(&level), None).expect("a frame");
        let (w, _) = drawing.frame_size();
        let (x, y) = drawing.pixel(at);
        let i = (y.round() as usize * usize::from(w) + x.round() as usize) * 4;
        [rgba[i], rgba[i + 1], rgba[i + 2]]
    }

    #[test]
    fn walls_holes_and_a_round_rim_are_drawn() {
        let s = 2.0 * std::f32::consts::SQRT_2;
        let hex = |h: &str| {
            let n = u32::from_str_radix(&h[1..], 16).expect("a colour");
            [(n >> 16) as u8, (n >> 8) as u8, n as u8]
        };
        let pillars = "levels/continuous-pillars.toml";
        assert_eq!(
            colour_at(pillars, (2.0 * s, 4.0 * s)),
            hex(WALL),
            "a pillar"
        );
        assert_eq!(
            colour_at(pillars, (4.0 * s, 4.0 * s)),
            hex(BACKGROUND),
            "the well"
        );
        assert_eq!(
            colour_at(pillars, (3.5 * s, 4.5 * s)),
            hex(SQUARES[0]),
            "d5"
        );
        let round = "levels/round-table.toml";
        assert_eq!(colour_at(round, (0.3, 0.3)), hex(BACKGROUND), "a corner");
        assert_eq!(
            colour_at(round, (6.5 * s, 0.3)),
            hex(SQUARES[1]),
            "g1, inside the rim"
        );
    }
}
