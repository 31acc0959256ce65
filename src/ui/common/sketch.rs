//! A continuous kind drawn and told in a panel: its movement and capture areas for a piece
//! of that kind alone in the middle of the board (its rectangle, without walls or holes) (the rules' own `continuous::area_shapes`,
//! asked of a position holding that piece and the two kings, placed off its lines), and
//! its rules in words with the level's lengths (the continuous inspector and the level
//! editor show them).

use super::look::square_shade;
use crate::continuous::area_shapes::{Area, capture_area, movement_area};
use crate::continuous::shapes::{Form, describe};
use crate::continuous::{Board, Color, Kind, Piece, Point, Position, Setup};
use bevy_egui::egui;
use std::sync::Arc;

/// What the inspector draws for a kind.
#[derive(Clone, Debug)]
pub struct Sketch {
    /// The board's width and height, in R.
    pub size: (f64, f64),
    /// Where the piece stands.
    pub at: Point,
    /// The radius of its disc.
    pub radius: f64,
    /// Where its disc may go (other pieces aside).
    pub movement: Vec<Area>,
    /// Where an enemy disc touching it could be captured.
    pub capture: Vec<Area>,
}

/// The areas of a White piece of `kind` alone (but for the kings, off its lines) in the
/// middle of `board`; `None` if the board is too small to hold them.
pub fn sketch(board: &Arc<Board>, kind: Kind) -> Option<Sketch> {
    // The kind's own shapes: on the rectangle, without the level's walls and holes.
    let mut plain = (**board).clone();
    plain.round = false;
    plain.walls.clear();
    plain.holes.clear();
    let board = &Arc::new(plain);
    let (w, h) = (board.width(), board.height());
    let at = Point::new(w / 2.0, h / 2.0);
    // The kings stand 3.5 squares across and 1.5 along from the piece: off its ranks,
    // files and diagonals and out of the knight's and king's reach.
    let off = Point::new(3.5 * board.square, 1.5 * board.square);
    let royal = board.kinds.iter().find(|s| s.royal)?.kind;
    let mut pieces = vec![Piece::new(Color::White, kind, at)];
    if !board.is_royal(kind) {
        pieces.push(Piece::new(Color::White, royal, at - off));
    }
    pieces.push(Piece::new(Color::Black, royal, at + off));
    let pos = Position::try_from(Setup {
        board: board.clone(),
        pieces,
        to_move: Color::White,
    })
    .ok()?;
    Some(Sketch {
        size: (w, h),
        at,
        radius: board.radius(kind),
        movement: movement_area(&pos, 0),
        capture: capture_area(&pos, 0),
    })
}

/// The kind's rules in words, from its shapes, with the board's lengths (in R).
pub fn words(board: &Board, kind: Kind) -> Vec<String> {
    let model = board.model_of(kind);
    let mut shapes = describe(&model);
    if let Some(first) = shapes.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    let mut out = vec![format!("{shapes}.")];
    let slides = model
        .shapes
        .iter()
        .any(|s| !matches!(s.reach, Form::Ring { .. }));
    let jumps = model
        .shapes
        .iter()
        .any(|s| matches!(s.reach, Form::Ring { .. }));
    if slides {
        out.push(format!(
            "A slide sweeps a strip {} wide and stops at the first disc it would touch; an \
             enemy there is captured (a capture-only slide captures an enemy overlapping its \
             strip).",
            strip_width(board.radius(kind))
        ));
    }
    if jumps {
        out.push(
            "A jump lands on its ring overlapping no friend and at most one enemy, which it \
             captures."
                .to_string(),
        );
    }
    if board.is_royal(kind) {
        out.push(
            "Royal: it must never stand where an enemy could capture it, and its slides may \
             leave a capture area it stands in but never enter one."
                .to_string(),
        );
    }
    let promotion = board.promotion_of(kind);
    if !promotion.is_empty() {
        let names: Vec<&str> = promotion.iter().map(|&k| board.name_of(k)).collect();
        out.push(format!(
            "Promotes when its disc touches the line {:.2}R before the far edge, to {}.",
            board.promotion_line,
            names.join(", ")
        ));
    }
    out.push(format!(
        "A move shorter than {:.2}R is void.",
        board.min_move
    ));
    out
}

/// A strip's width as the sketch writes it: 2R for a disc of radius R, else in R.
fn strip_width(radius: f64) -> String {
    if radius == crate::continuous::geometry::R {
        "2R".to_string()
    } else {
        format!("{:.2}R", 2.0 * radius)
    }
}

/// Blue: where the disc may go.
const MOVES: egui::Color32 = egui::Color32::from_rgba_premultiplied(30, 70, 160, 110);
/// Red: where an enemy touching it is captured.
pub const CAPTURES: egui::Color32 = egui::Color32::from_rgb(200, 40, 30);

/// Draws the sketch: the board's faint squares, the movement areas filled, the capture
/// areas outlined, the piece's disc.
pub fn draw(ui: &mut egui::Ui, board: &Board, sketch: &Sketch) {
    let (w, h) = sketch.size;
    let scale = 280.0 / w.max(h) as f32;
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(w as f32 * scale, h as f32 * scale),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let to_screen = |p: Point| {
        egui::pos2(
            rect.min.x + p.x as f32 * scale,
            rect.max.y - p.y as f32 * scale,
        )
    };
    let side = board.square as f32 * scale;
    for file in 0..board.files {
        for rank in 0..board.ranks {
            let min = egui::pos2(
                rect.min.x + file as f32 * side,
                rect.max.y - (rank + 1) as f32 * side,
            );
            let shade = square_shade((file + rank) % 2 == 0);
            painter.rect_filled(
                egui::Rect::from_min_size(min, egui::vec2(side, side)),
                0.0,
                shade,
            );
        }
    }
    for area in &sketch.movement {
        paint(&painter, area, Paint::Fill, scale, &to_screen);
    }
    for area in &sketch.capture {
        paint(&painter, area, Paint::Outline, scale, &to_screen);
    }
    painter.circle(
        to_screen(sketch.at),
        scale * sketch.radius as f32,
        egui::Color32::from_rgb(247, 247, 242),
        egui::Stroke::new(1.5, egui::Color32::from_rgb(30, 30, 34)),
    );
}

/// A strip's corners: its segment pushed out by its radius on both sides.
fn strip_corners(a: Point, b: Point, r: f64) -> [Point; 4] {
    let n = (b - a).normalize_or(Point::X).perp() * r;
    [a + n, b + n, b - n, a - n]
}

/// How an area is drawn: filled (movement) or outlined (capture).
#[derive(Clone, Copy, PartialEq)]
enum Paint {
    Fill,
    Outline,
}

/// Draws one area, filled in blue or outlined in red.
fn paint(
    painter: &egui::Painter,
    area: &Area,
    how: Paint,
    scale: f32,
    to_screen: &impl Fn(Point) -> egui::Pos2,
) {
    let line = egui::Stroke::new(1.5, CAPTURES);
    let disc = |centre: Point, radius: f64| {
        let (c, r) = (to_screen(centre), radius as f32 * scale);
        match how {
            Paint::Fill => painter.circle_filled(c, r, MOVES),
            Paint::Outline => painter.circle_stroke(c, r, line),
        };
    };
    match area {
        Area::Strip(capsule) => {
            let (a, b) = (capsule.segment.a, capsule.segment.b);
            let corners = strip_corners(a, b, capsule.radius).map(to_screen);
            if how == Paint::Fill {
                painter.add(egui::Shape::convex_polygon(
                    corners.to_vec(),
                    MOVES,
                    egui::Stroke::NONE,
                ));
            } else {
                painter.line_segment([corners[0], corners[1]], line);
                painter.line_segment([corners[3], corners[2]], line);
            }
            disc(b, capsule.radius);
        }
        Area::Disc {
            centre,
            ball,
            sectors,
            ..
        } if sectors.is_whole() => disc(*centre, ball.radius),
        Area::Annulus {
            centre,
            inner,
            outer,
            sectors,
        } if sectors.is_whole() => {
            if how == Paint::Fill {
                let middle = (inner + outer) as f32 / 2.0 * scale;
                let width = (outer - inner) as f32 * scale;
                painter.circle_stroke(to_screen(*centre), middle, egui::Stroke::new(width, MOVES));
            } else {
                disc(*centre, *inner);
                disc(*centre, *outer);
            }
        }
        // Cut to sectors: filled as a fan of thin triangles, outlined along its edge.
        Area::Disc { .. } | Area::Annulus { .. } => {
            for outline in area.outline() {
                let points: Vec<egui::Pos2> = outline.iter().map(|&p| to_screen(p)).collect();
                if how == Paint::Fill {
                    fill_fan(painter, area, &outline, to_screen);
                } else {
                    painter.add(egui::Shape::line(points, line));
                }
            }
        }
    }
}

/// Fills a sector area: each step of its outer edge with the matching inner point (the
/// centre for a disc), as convex quadrilaterals.
fn fill_fan(
    painter: &egui::Painter,
    area: &Area,
    outline: &[Point],
    to_screen: &impl Fn(Point) -> egui::Pos2,
) {
    let (outer, inner): (Vec<Point>, Vec<Point>) = match area {
        Area::Disc { centre, .. } => {
            let rim = &outline[1..outline.len() - 1];
            (rim.to_vec(), vec![*centre; rim.len()])
        }
        _ => {
            let n = (outline.len() - 1) / 2;
            let mut inner = outline[n..2 * n].to_vec();
            inner.reverse();
            (outline[..n].to_vec(), inner)
        }
    };
    for k in 1..outer.len().min(inner.len()) {
        let quad = [outer[k - 1], outer[k], inner[k], inner[k - 1]].map(to_screen);
        painter.add(egui::Shape::convex_polygon(
            quad.to_vec(),
            MOVES,
            egui::Stroke::NONE,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Arc<Board> {
        Arc::new(Board::new(8, 8))
    }

    fn inside(areas: &[Area], p: Point) -> bool {
        areas.iter().any(|a| a.distance(p) == 0.0)
    }

    #[test]
    fn a_rook_sweeps_its_rank_and_file_to_the_edges() {
        let b = board();
        let s = sketch(&b, Kind::ROOK).expect("a sketch");
        let up = s.at + Point::new(0.0, 3.0 * b.square);
        let across = s.at + Point::new(-3.0 * b.square, 0.0);
        let diagonal = s.at + Point::new(2.0 * b.square, 2.0 * b.square);
        assert!(inside(&s.movement, up) && inside(&s.movement, across));
        assert!(!inside(&s.movement, diagonal));
        // Nothing stands on its lines: it captures as far as it moves.
        assert!(inside(&s.capture, up) && !inside(&s.capture, diagonal));
    }

    #[test]
    fn a_knight_jumps_onto_a_ring_and_a_king_fills_a_disc() {
        let b = board();
        let s = sketch(&b, Kind::KNIGHT).expect("a sketch");
        assert!(!inside(&s.movement, s.at), "not its own square");
        assert!(inside(
            &s.movement,
            s.at + Point::new(b.knight_distance, 0.0)
        ));
        let s = sketch(&b, Kind::KING).expect("a sketch");
        assert!(inside(&s.movement, s.at + Point::new(0.0, b.king_reach)));
        assert!(!inside(
            &s.movement,
            s.at + Point::new(0.0, b.king_reach + 2.0)
        ));
    }

    #[test]
    fn a_pawn_moves_forward_and_captures_diagonally() {
        let b = board();
        let s = sketch(&b, Kind::PAWN).expect("a sketch");
        assert!(inside(&s.movement, s.at + Point::new(0.0, b.pawn_step)));
        assert!(!inside(&s.movement, s.at + Point::new(0.0, -b.pawn_step)));
        let ahead = s.at + Point::new(b.square, b.square);
        assert!(inside(&s.capture, ahead), "its forward diagonal");
        assert!(!inside(&s.movement, ahead), "where it does not move");
    }

    #[test]
    fn every_kind_has_a_sketch_and_words_with_the_boards_lengths() {
        let b = board();
        for kind in Kind::CLASSIC {
            assert!(sketch(&b, kind).is_some(), "{kind:?}");
            let text = words(&b, kind).join(" ");
            assert!(text.contains(&format!("{:.2}R", b.min_move)), "{text}");
        }
        assert!(words(&b, Kind::KNIGHT)[0].contains(&format!("{:.2}", b.knight_distance)));
        assert!(
            words(&b, Kind::PAWN)
                .join(" ")
                .contains("queen, rook, bishop, knight")
        );
    }
}
