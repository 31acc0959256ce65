//! The coordinates on the board's edges, and the lines some boards carry: a palace where a
//! royal piece is held to a block of squares, a river between the halves a piece is held
//! to (xiangqi). The board itself and the camera are the shared view's, `ui::view`.

use crate::grid::Variant;
use crate::sim::{GameMode, GridMatch};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        coordinates.run_if(in_state(GameMode::Grid)),
    )
    .add_systems(Update, spawn_markings.run_if(in_state(GameMode::Grid)));
}

/// A line of the board's [`markings`].
#[derive(Component)]
struct BoardMark;

/// A line on the board, in board units (a square each, a1's lower-left corner at 0,0).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Mark {
    from: Vec2,
    to: Vec2,
    /// A river (drawn wider, in blue), not a palace's line.
    river: bool,
}

/// The squares of `region` (one flag per square index, `file + rank × files`) as a block
/// `(file0, rank0, file1, rank1)`, inclusive, when they fill one exactly.
fn block(region: &[bool], files: usize) -> Option<(usize, usize, usize, usize)> {
    let on: Vec<(usize, usize)> = region
        .iter()
        .enumerate()
        .filter(|(_, b)| **b)
        .map(|(i, _)| (i % files, i / files))
        .collect();
    let (f0, r0) = (on.iter().map(|p| p.0).min()?, on.iter().map(|p| p.1).min()?);
    let (f1, r1) = (on.iter().map(|p| p.0).max()?, on.iter().map(|p| p.1).max()?);
    ((f1 - f0 + 1) * (r1 - r0 + 1) == on.len()).then_some((f0, r0, f1, r1))
}

/// The board's lines: each royal type's palace (its region, a block narrower than the board:
/// outlined, and its diagonals through the corner squares' centres, as xiangqi draws them on
/// squares) and the river (the rank line between two halves a type is held to, one side's
/// half each, as xiangqi's elephants are).
fn markings(v: &Variant) -> Vec<Mark> {
    let (files, ranks) = (
        usize::from(v.geometry.files()),
        usize::from(v.geometry.ranks()),
    );
    let mut marks: Vec<Mark> = Vec::new();
    let mut add = |from: Vec2, to: Vec2, river: bool| {
        let mark = Mark { from, to, river };
        if !marks.contains(&mark) {
            marks.push(mark);
        }
    };
    for t in &v.types {
        let blocks = t.region.clone().map(|r| r.and_then(|r| block(&r, files)));
        if t.royal {
            for (f0, r0, f1, r1) in blocks
                .into_iter()
                .flatten()
                .filter(|b| b.2 - b.0 + 1 < files)
            {
                let [x0, y0, x1, y1] = [f0, r0, f1 + 1, r1 + 1].map(|n| n as f32);
                let corners = [
                    Vec2::new(x0, y0),
                    Vec2::new(x1, y0),
                    Vec2::new(x1, y1),
                    Vec2::new(x0, y1),
                ];
                for k in 0..4 {
                    add(corners[k], corners[(k + 1) % 4], false);
                }
                let half = Vec2::splat(0.5);
                add(corners[0] + half, corners[2] - half, false);
                add(
                    corners[1] + Vec2::new(-0.5, 0.5),
                    corners[3] + Vec2::new(0.5, -0.5),
                    false,
                );
            }
        } else if let [Some(a), Some(b)] = blocks {
            let whole = |blk: (usize, usize, usize, usize)| blk.0 == 0 && blk.2 == files - 1;
            let (low, high) = if a.1 <= b.1 { (a, b) } else { (b, a) };
            if whole(low) && whole(high) && low.1 == 0 && high.3 == ranks - 1 && low.3 + 1 == high.1
            {
                let y = high.1 as f32;
                add(Vec2::new(0.0, y), Vec2::new(files as f32, y), true);
            }
        }
    }
    marks
}

/// Draws the level's [`markings`] over the squares and under the pieces: again whenever
/// the level changes (its variant is another), gone when the grid match ends.
fn spawn_markings(
    mut commands: Commands,
    state: Res<GridMatch>,
    drawn: Query<Entity, With<BoardMark>>,
    mut drawn_for: Local<Option<(usize, usize)>>,
) {
    // The variant, and how many lines it has, as last drawn: nothing to do while both hold
    // (a mode left and entered again has despawned the lines).
    let variant = std::sync::Arc::as_ptr(&state.level.variant) as usize;
    if drawn_for.is_some_and(|(v, n)| v == variant && n == drawn.iter().len()) {
        return;
    }
    let marks = markings(&state.level.variant);
    *drawn_for = Some((variant, marks.len()));
    for entity in &drawn {
        commands.entity(entity).despawn();
    }
    for mark in marks {
        let along = mark.to - mark.from;
        let (width, colour) = if mark.river {
            (0.08, Color::srgb_u8(70, 110, 160))
        } else {
            (0.035, Color::srgb_u8(90, 70, 50))
        };
        commands.spawn((
            Name::new(if mark.river { "River" } else { "Palace line" }),
            BoardMark,
            DespawnOnExit(GameMode::Grid),
            Sprite {
                color: colour,
                custom_size: Some(Vec2::new(along.length() + width, width)),
                ..default()
            },
            Transform::from_translation(((mark.from + mark.to) / 2.0).extend(0.5))
                .with_rotation(Quat::from_rotation_z(along.y.atan2(along.x))),
        ));
    }
}
/// File letters and rank numbers round the board, drawn by egui.
fn coordinates(
    mut contexts: EguiContexts,
    state: Res<GridMatch>,
    camera: Single<(&Camera, &GlobalTransform)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, at) = *camera;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("grid coordinates"),
    ));
    let screen = |p: Vec2| camera.world_to_viewport(at, p.extend(0.0)).ok();
    let unit = screen(Vec2::ZERO)
        .zip(screen(Vec2::X))
        .map_or(40.0, |(a, b)| (b - a).length());
    let level = &state.level;
    let g = level.variant.geometry;
    let edge = egui::Color32::from_rgb(200, 200, 195);
    let font = egui::FontId::proportional((unit * 0.3).clamp(9.0, 18.0));
    for file in 0..i32::from(g.files()) {
        let name = g.name(g.square(file, 0).expect("on the board")).to_string();
        let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        for y in [-0.3, f32::from(g.ranks()) + 0.3] {
            if let Some(p) = screen(Vec2::new(file as f32 + 0.5, y)) {
                painter.text(
                    egui::pos2(p.x, p.y),
                    egui::Align2::CENTER_CENTER,
                    &letters,
                    font.clone(),
                    edge,
                );
            }
        }
    }
    for rank in 0..g.ranks() {
        for x in [-0.3, f32::from(g.files()) + 0.3] {
            if let Some(p) = screen(Vec2::new(x, f32::from(rank) + 0.5)) {
                painter.text(
                    egui::pos2(p.x, p.y),
                    egui::Align2::CENTER_CENTER,
                    (rank + 1).to_string(),
                    font.clone(),
                    edge,
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(name: &str) -> std::sync::Arc<Variant> {
        let level = crate::level::load(&crate::shipped::level(name)).expect("shipped");
        level.into_grid().expect("a grid level").variant
    }

    #[test]
    fn xiangqi_has_two_palaces_and_a_river_and_chess_nothing() {
        let marks = markings(&variant("xiangqi"));
        let rivers: Vec<&Mark> = marks.iter().filter(|m| m.river).collect();
        assert_eq!(rivers.len(), 1, "{marks:?}");
        assert_eq!(
            (rivers[0].from, rivers[0].to),
            (Vec2::new(0.0, 5.0), Vec2::new(9.0, 5.0))
        );
        // Two palaces: four edges and two diagonals each.
        assert_eq!(marks.len() - 1, 12, "{marks:?}");
        assert!(marks.contains(&Mark {
            from: Vec2::new(3.5, 0.5),
            to: Vec2::new(5.5, 2.5),
            river: false
        }));
        assert!(marks.contains(&Mark {
            from: Vec2::new(3.0, 10.0),
            to: Vec2::new(3.0, 7.0),
            river: false
        }));
        assert!(markings(&variant("chess")).is_empty());
    }
}
