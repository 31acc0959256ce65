//! Overlays: the flag regions of a capture-the-flag level, an atomic capture's blast, the
//! last move, check, the picked piece and its destinations (rings for captures), and
//! during a demonstration every square the last mover could have gone to.

use super::pick::Pick;
use crate::grid::Square;
use crate::grid::game::Status;
use crate::sim::GameMode;
use crate::sim::GridMatch;
use crate::sim::grid::square_centre;
use crate::ui::common::demo::Demo;
use crate::ui::common::stage::Stage;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw_marks, draw_last_move_choices)
            .in_set(Stage::Overlays)
            .run_if(in_state(GameMode::Grid)),
    );
}

/// The flag regions, the last move, check, the picked piece and its destinations.
fn draw_marks(mut gizmos: Gizmos, state: Res<GridMatch>, pick: Res<Pick>) {
    let level = &state.level;
    let game = &state.game;
    let at = |sq: Square| square_centre(level, sq);
    if let Some(flag) = &level.variant.goals.flag {
        // White's region in light green, Black's in dark green; a square of both, both.
        for sq in level.variant.geometry.all() {
            for (side, size, colour) in [
                (
                    crate::play::Color::White,
                    0.86,
                    Color::srgba(0.45, 0.85, 0.45, 0.9),
                ),
                (
                    crate::play::Color::Black,
                    0.8,
                    Color::srgba(0.1, 0.45, 0.2, 0.9),
                ),
            ] {
                if crate::grid::goals::in_flag_region(flag, side, sq) {
                    gizmos.rect_2d(
                        Isometry2d::from_translation(at(sq)),
                        Vec2::splat(size),
                        colour,
                    );
                }
            }
        }
    }
    if let Some(&last) = game.played().last()
        && level.variant.explosions.is_some()
        && last.kind.captures()
    {
        // The blast of an atomic capture: the square and the eight around it.
        gizmos.rect_2d(
            Isometry2d::from_translation(at(last.to)),
            Vec2::splat(2.9),
            Color::srgba(0.95, 0.45, 0.1, 0.9),
        );
    }
    if let Some(&last) = game.played().last() {
        let colour = Color::srgba(0.95, 0.8, 0.2, 0.9);
        for sq in [last.from, last.to] {
            gizmos.rect_2d(
                Isometry2d::from_translation(at(sq)),
                Vec2::splat(0.94),
                colour,
            );
        }
    }
    let pos = game.position();
    let us = pos.to_move();
    if matches!(game.status(), Status::Playing | Status::Checkmate { .. })
        && crate::grid::in_check(&level.variant, pos)
    {
        for &royal in pos.royals(us) {
            gizmos.circle_2d(at(royal), 0.47, Color::srgb(0.9, 0.15, 0.1));
        }
    }
    if let Some(from) = pick.from {
        gizmos.rect_2d(
            Isometry2d::from_translation(at(from)),
            Vec2::splat(0.9),
            Color::srgb(0.1, 0.6, 0.95),
        );
    }
    // The squares a wall may go on, once its move's destination is chosen.
    for m in &pick.walls {
        if let Some(wall) = m.wall {
            gizmos.rect_2d(
                Isometry2d::from_translation(at(wall)),
                Vec2::splat(0.3),
                Color::srgb(0.45, 0.45, 0.5),
            );
        }
    }
    if let Some(m) = pick.walls.first() {
        gizmos.rect_2d(
            Isometry2d::from_translation(at(m.to)),
            Vec2::splat(0.9),
            Color::srgb(0.1, 0.6, 0.95),
        );
    }
    // The picked piece's destinations, or the squares a piece from the hand may go to.
    for m in &pick.moves {
        let to = m.target(&level.variant);
        let capture = m.kind.captures();
        if capture {
            gizmos.circle_2d(at(to), 0.45, Color::srgb(0.9, 0.2, 0.15));
            gizmos.circle_2d(at(to), 0.41, Color::srgb(0.9, 0.2, 0.15));
        } else {
            gizmos.circle_2d(at(to), 0.12, Color::srgb(0.1, 0.65, 0.3));
            gizmos.circle_2d(at(to), 0.08, Color::srgb(0.1, 0.65, 0.3));
        }
    }
}

/// During a demonstration, every square the last mover could have gone to (computed once
/// per move).
fn draw_last_move_choices(
    mut gizmos: Gizmos,
    state: Res<GridMatch>,
    demo: Res<Demo>,
    mut cache: Local<(usize, Vec<Square>)>,
) {
    if !demo.showing() {
        return;
    }
    let game = &state.game;
    let n = game.played().len();
    if cache.0 != n || (n > 0 && cache.1.is_empty()) {
        let squares = n.checked_sub(1).map_or_else(Vec::new, |last| {
            let from = game.played()[last].from;
            let mut before = game.position_before(last).clone();
            let mut list = Vec::new();
            crate::grid::legal_moves(&state.level.variant, &mut before, &mut list);
            let dropped = game.played()[last].dropped();
            list.iter()
                .filter(|m| match dropped {
                    Some(role) => m.dropped() == Some(role),
                    None => m.from == from && m.dropped().is_none(),
                })
                .map(|m| m.to)
                .collect()
        });
        *cache = (n, squares);
    }
    for &sq in &cache.1 {
        gizmos.circle_2d(
            square_centre(&state.level, sq),
            0.16,
            Color::srgba(0.55, 0.35, 0.95, 0.9),
        );
    }
}
