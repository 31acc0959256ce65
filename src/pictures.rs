//! Where a piece's picture comes from. Pictures are SVG files: the shipped ones in
//! `assets/pieces/`, named after the piece (`Dragon Horse` → `dragon-horse.svg`), or one a
//! level names with its piece's `image` key — a shipped picture's name (`image = "knight"`)
//! or an SVG file beside the level (`image = "art/my-piece.svg"`).
//!
//! A picture is drawn in the light side's two colours, [`BODY`] and [`LINE`]; the dark
//! side's picture swaps in [`DARK_BODY`] and [`DARK_LINE`]. A picture whose root element
//! has `class="turn"` (a picture of the piece's moves, as White sees them) is also turned
//! round (half a turn) for Black, whose moves are White's turned round.
//!
//! A grid piece with no picture of its own gets one drawn from its moves ([`moves_svg`]),
//! the same marks as its [`diagram`] in small: a line with an arrow for each way it rides
//! to the edge of the board (bent where the ride starts after a first step elsewhere), a
//! mark on each square it reaches nearer, and a diamond for the piece itself. The shapes
//! tell the kinds apart: solid or a filled dot for moves that also capture, dashed or a
//! ring for moves only, dotted or a cross for captures only, dash-dot or a triangle for
//! hops, a small square or a short-dashed line for first moves only.
//!
//! A continuous kind shows the level's `image`, else the shipped picture named after it,
//! else the classic figure of K Q R B N P, else the man with its label ([`labelled_man`]).
//!
//! This module makes SVG text only; the window draws it (`ui::pictures`).
//!
//! It stands below the level format, which asks it whether a piece's `image` names a
//! picture ([`is_file`], [`named`]) and keeps each declared continuous kind's
//! [`Look`].

use crate::continuous::Kind;
use crate::grid::PieceType;
use crate::grid::diagram::{Marks, SIZE, diagram};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// How a continuous kind is shown: its picture, if the level names one, and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    /// The kind.
    pub kind: Kind,
    /// Its `image`: a shipped picture's name or an SVG file relative to the level.
    pub image: Option<String>,
    /// Its label (by default its letter), written on a picture that says nothing else.
    pub label: String,
}

/// The light side's fill colour in picture sources.
pub const BODY: &str = "#f7f7f2";
/// The light side's line colour in picture sources.
pub const LINE: &str = "#1e1e22";
/// What [`BODY`] becomes for the dark side.
pub const DARK_BODY: &str = "#1f1f24";
/// What [`LINE`] becomes for the dark side.
pub const DARK_LINE: &str = "#d8d8d2";

/// Radius, in the picture's 100-unit frame, of the circle every picture keeps inside.
pub const ART_RADIUS: f32 = 42.0;

/// The picture file named `name` (`knight`: `knight.svg`): the user's own in the
/// library's `pictures/` folder, else the shipped one; `None` if neither has it.
pub fn named(name: &str) -> Option<PathBuf> {
    crate::library::first_file(
        [
            crate::library::user_pictures(),
            Some(crate::shipped::pieces()),
        ],
        &format!("{name}.svg"),
    )
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
/// when it is a file, and inside it: see [`crate::reading::inside`]), else the shipped
/// picture named after the piece. `None` when there is no such file; the app then draws
/// the piece's moves.
pub fn find(image: Option<&str>, name: &str, level_dir: &Path) -> Option<PathBuf> {
    let path = match image {
        Some(file) if is_file(file) => crate::reading::inside(level_dir, file).ok()?,
        Some(shipped) if !crate::reading::is_bare_name(shipped) => return None,
        Some(shipped) => return named(shipped),
        None => return named(&slug(name)),
    };
    crate::reading::is_file(&path).then_some(path)
}

/// A piece's picture source.
#[derive(Clone, Debug)]
pub struct Source {
    /// The SVG text.
    pub svg: String,
    /// The file it was read from; `None` when it was drawn from the piece's moves.
    pub file: Option<PathBuf>,
}

/// A grid piece's picture: the file its level or the shipped pictures give (see [`find`]), else one drawn from its moves.
pub fn grid_source(piece: &PieceType, level_dir: &Path) -> Source {
    let file = find(piece.image.as_deref(), &piece.name, level_dir);
    read_or(file, || moves_svg(piece))
}

/// The picture in `file` if there is one and it reads (a regular file of at most
/// [`crate::reading::IMAGE_BYTES`]), else the one `otherwise` makes.
fn read_or(file: Option<PathBuf>, otherwise: impl FnOnce() -> String) -> Source {
    file.and_then(|path| {
        let svg = crate::reading::text(&path, crate::reading::IMAGE_BYTES).ok()?;
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

/// A continuous kind's picture: the level's `image`, else the shipped picture named after
/// the kind (`name`), else the classic figure of K Q R B N P, else [`built_in`].
pub fn continuous_source(name: &str, look: &Look, level_dir: &Path) -> Source {
    let classic = look.kind.classic_name();
    let file = look
        .image
        .as_deref()
        .and_then(|image| find(Some(image), name, level_dir))
        .or_else(|| find(None, name, level_dir))
        .or_else(|| classic.and_then(|c| find(Some(c), c, level_dir)));
    read_or(file, || built_in(look))
}

/// The picture built into the program for a continuous kind: the classic figure of K Q R B
/// N P, or, for a kind of the level's own, the man with its label written under him.
pub fn built_in(look: &Look) -> String {
    let figure = match look.kind {
        Kind::KING => include_str!("../assets/pieces/king.svg"),
        Kind::QUEEN => include_str!("../assets/pieces/queen.svg"),
        Kind::ROOK => include_str!("../assets/pieces/rook.svg"),
        Kind::BISHOP => include_str!("../assets/pieces/bishop.svg"),
        Kind::KNIGHT => include_str!("../assets/pieces/knight.svg"),
        Kind::PAWN => include_str!("../assets/pieces/pawn.svg"),
        _ => return labelled_man(&look.label),
    };
    figure.to_string()
}

/// The man (`mann.svg`, a neutral figure) raised a little, with `label` under him in
/// [`LINE`]. Not turned round for Black, so that the label reads; the man's marks are the
/// same either way up.
pub fn labelled_man(label: &str) -> String {
    let man = include_str!("../assets/pieces/mann.svg");
    // The man's drawing, between his <svg> tag and its end.
    let inside = man
        .find('>')
        .zip(man.rfind("</svg>"))
        .map_or("", |(start, end)| &man[start + 1..end]);
    let letters: Vec<&str> = label.chars().filter_map(glyph).collect();
    // Letters 4 × 6 units drawn at twice that size, 3 apart, centred under the man.
    let advance = 11.0;
    let width = advance * letters.len() as f32 - 3.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"100\" height=\"100\">\n<g transform=\"translate(0 -8)\">{inside}</g>\n<g fill=\"none\" stroke=\"{LINE}\" stroke-width=\"1.1\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
    );
    for (n, d) in letters.iter().enumerate() {
        let x = 50.0 - width / 2.0 + advance * n as f32;
        let _ = writeln!(
            svg,
            "<path transform=\"translate({x} 67) scale(2)\" d=\"{d}\"/>"
        );
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}

/// A capital letter as strokes in a box 4 wide and 6 high (y down); `None` for any other
/// character (a label is A–Z).
fn glyph(c: char) -> Option<&'static str> {
    Some(match c {
        'A' => "M0 6 L0 2 L2 0 L4 2 L4 6 M0 3.5 L4 3.5",
        'B' => "M0 6 L0 0 L3 0 L4 1 L4 2 L3 3 L0 3 M3 3 L4 4 L4 5 L3 6 L0 6",
        'C' => "M4 1 L3 0 L1 0 L0 1 L0 5 L1 6 L3 6 L4 5",
        'D' => "M0 0 L0 6 L3 6 L4 5 L4 1 L3 0 Z",
        'E' => "M4 0 L0 0 L0 6 L4 6 M0 3 L3 3",
        'F' => "M4 0 L0 0 L0 6 M0 3 L3 3",
        'G' => "M4 1 L3 0 L1 0 L0 1 L0 5 L1 6 L3 6 L4 5 L4 3 L2 3",
        'H' => "M0 0 L0 6 M4 0 L4 6 M0 3 L4 3",
        'I' => "M1 0 L3 0 M2 0 L2 6 M1 6 L3 6",
        'J' => "M4 0 L4 5 L3 6 L1 6 L0 5",
        'K' => "M0 0 L0 6 M4 0 L0 4 M1.3 2.7 L4 6",
        'L' => "M0 0 L0 6 L4 6",
        'M' => "M0 6 L0 0 L2 3 L4 0 L4 6",
        'N' => "M0 6 L0 0 L4 6 L4 0",
        'O' => "M1 0 L3 0 L4 1 L4 5 L3 6 L1 6 L0 5 L0 1 Z",
        'P' => "M0 6 L0 0 L3 0 L4 1 L4 2 L3 3 L0 3",
        'Q' => "M1 0 L3 0 L4 1 L4 5 L3 6 L1 6 L0 5 L0 1 Z M2.5 4.5 L4 6",
        'R' => "M0 6 L0 0 L3 0 L4 1 L4 2 L3 3 L0 3 M2 3 L4 6",
        'S' => "M4 1 L3 0 L1 0 L0 1 L0 2 L1 3 L3 3 L4 4 L4 5 L3 6 L1 6 L0 5",
        'T' => "M0 0 L4 0 M2 0 L2 6",
        'U' => "M0 0 L0 5 L1 6 L3 6 L4 5 L4 0",
        'V' => "M0 0 L2 6 L4 0",
        'W' => "M0 0 L1 6 L2 3 L3 6 L4 0",
        'X' => "M0 0 L4 6 M4 0 L0 6",
        'Y' => "M0 0 L2 3 L4 0 M2 3 L2 6",
        'Z' => "M0 0 L4 0 L0 6 L4 6",
        _ => return None,
    })
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

/// How a square or a ride is reached, for its mark's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MarkKind {
    Both,
    Move,
    Capture,
    Hop,
    Initial,
}

impl MarkKind {
    fn of(m: Marks) -> MarkKind {
        if m.moves && m.captures {
            MarkKind::Both
        } else if m.moves {
            MarkKind::Move
        } else if m.captures {
            MarkKind::Capture
        } else if m.hops {
            MarkKind::Hop
        } else {
            MarkKind::Initial
        }
    }

    /// The SVG stroke attributes of a ride of this kind.
    fn line(self) -> &'static str {
        match self {
            MarkKind::Both => "",
            MarkKind::Move => r#" stroke-dasharray="7 5""#,
            MarkKind::Capture => r#" stroke-dasharray="0.5 6" stroke-linecap="round""#,
            MarkKind::Hop => r#" stroke-dasharray="6 3 1.5 3""#,
            MarkKind::Initial => r#" stroke-dasharray="3 3" stroke-width="2""#,
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
            let kind = reached.get(&s).copied().map(MarkKind::of);
            let mut at = s;
            let mut length = 0;
            while reached
                .get(&at)
                .copied()
                .map(MarkKind::of)
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
    let reach = |s: (i32, i32)| MarkKind::of(reached.get(&s).copied().unwrap_or_default());
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
        let _ = match MarkKind::of(m) {
            MarkKind::Both => writeln!(
                svg,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4.6\" fill=\"{LINE}\" stroke=\"none\"/>"
            ),
            MarkKind::Move => writeln!(
                svg,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4\" stroke-width=\"2.4\"/>"
            ),
            MarkKind::Capture => writeln!(
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
            MarkKind::Hop => writeln!(
                svg,
                "<path d=\"M{x:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} Z\" fill=\"{LINE}\" stroke-width=\"1\"/>",
                y - 5.0,
                x + 4.5,
                y + 3.8,
                x - 4.5,
                y + 3.8
            ),
            MarkKind::Initial => writeln!(
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
        let dir = crate::shipped::pieces();
        assert_eq!(
            find(Some("knight"), "Ma", here),
            Some(dir.join("knight.svg"))
        );
        assert_eq!(find(None, "Knight", here), Some(dir.join("knight.svg")));
        assert_eq!(find(Some("no-such-picture"), "Knight", here), None);
        assert_eq!(find(Some("nowhere.svg"), "Knight", here), None);
    }

    #[test]
    fn a_continuous_kind_shows_its_image_then_its_names_picture_then_its_figure() {
        let here = Path::new(".");
        let dir = crate::shipped::pieces();
        let kind = |c| Kind::from_letter(c).expect("a letter");
        let look = |c, image: Option<&str>| Look {
            kind: kind(c),
            image: image.map(str::to_string),
            label: c.to_string(),
        };
        let file = |name, look: &Look| continuous_source(name, look, here).file;
        // The level's image wins over the name.
        assert_eq!(
            file("Cardinal", &look('A', Some("archbishop"))),
            Some(dir.join("archbishop.svg"))
        );
        // Else the shipped picture named after the piece.
        assert_eq!(
            file("Chancellor", &look('C', None)),
            Some(dir.join("chancellor.svg"))
        );
        // Else a classic letter's figure, whatever the level calls it.
        assert_eq!(file("N", &look('N', None)), Some(dir.join("knight.svg")));
        assert_eq!(file("king", &look('K', None)), Some(dir.join("king.svg")));
        // Else the man with the label, drawn by the program.
        let scout = Look {
            label: "SC".into(),
            ..look('S', None)
        };
        let source = continuous_source("Scout", &scout, here);
        assert_eq!(source.file, None);
        assert_eq!(source.svg, labelled_man("SC"));
    }

    #[test]
    fn the_man_carries_his_label_upright() {
        let svg = labelled_man("SC");
        // The man's marks, then one path per letter.
        assert!(svg.contains("<circle"), "{svg}");
        assert_eq!(svg.matches("scale(2)").count(), 2, "{svg}");
        assert!(!turns(&svg), "Black reads the label too");
        // The letters are centred: S starts as far left of the middle as C ends right.
        assert!(svg.contains("translate(40.5 67)"), "{svg}");
        assert!(svg.contains("translate(51.5 67)"), "{svg}");
        assert_eq!(labelled_man("").matches("scale(2)").count(), 0);
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
}
