//! Overlays: the picked piece's legal region and landing ghost, capturable pieces, the
//! enemy's capture areas on request, check, and during a demonstration the region the last
//! move was chosen from.

use super::pick::{Pick, ShowThreats};
use crate::continuous::area_shapes::{Area, capture_area};
use crate::continuous::{LegalRegion, RegionPart, legal_region};
use crate::convert::to_bevy;
use crate::sim::ContinuousMatch;
use crate::sim::GameMode;
use crate::ui::common::demo::Demo;
use crate::ui::common::stage::Stage;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw_region, draw_last_move_region)
            .in_set(Stage::Overlays)
            .run_if(in_state(GameMode::Continuous)),
    );
}

fn draw_region(
    mut gizmos: Gizmos,
    state: Res<ContinuousMatch>,
    selection: Res<Pick>,
    threats: Res<ShowThreats>,
) {
    let pos = state.game.position();
    if threats.0 {
        let colour = Color::srgba(0.85, 0.3, 0.1, 0.6);
        for i in (0..pos.pieces().len()).filter(|&i| pos.pieces()[i].side != pos.to_move()) {
            for area in capture_area(pos, i) {
                draw_area(&mut gizmos, &area, colour);
            }
        }
    }
    // Rings about a disc, drawn as many times its radius as about one of radius R.
    let radius = |p: &crate::continuous::Piece| pos.board().radius(p.kind) as f32;
    let move_colour = Color::srgba(0.15, 0.55, 0.95, 0.9);
    let capture_colour = Color::srgb(0.9, 0.2, 0.15);
    if let Some(region) = &selection.region {
        draw_parts(&mut gizmos, region, move_colour);
        for &x in &region.captures {
            if let Some(p) = pos.pieces().get(x) {
                gizmos.circle_2d(to_bevy(p.at), 1.15 * radius(p), capture_colour);
            }
        }
    }
    let selected = selection.piece.and_then(|i| pos.pieces().get(i));
    if let Some(target) = selection.target {
        let r = selected.map_or(1.0, radius);
        gizmos.circle_2d(to_bevy(target.point), r, Color::srgba(0.1, 0.8, 0.3, 0.9));
    }
    if let Some(p) = selected {
        gizmos.circle_2d(
            to_bevy(p.at),
            1.08 * radius(p),
            Color::srgb(0.95, 0.75, 0.1),
        );
    }
    if state.game.in_check() {
        let king = &pos.pieces()[pos.king(pos.to_move())];
        gizmos.circle_2d(to_bevy(king.at), 1.25 * radius(king), capture_colour);
    }
}

/// During a demonstration, the region the last move was chosen from (computed once per
/// move, not per frame).
fn draw_last_move_region(
    mut gizmos: Gizmos,
    state: Res<ContinuousMatch>,
    demo: Res<Demo>,
    mut cache: Local<Option<(usize, LegalRegion)>>,
) {
    if !demo.showing() {
        return;
    }
    let played = state.game.played();
    let n = played.len();
    if cache.as_ref().map(|c| c.0) != Some(n) {
        *cache = n.checked_sub(1).and_then(|last| {
            let before = if last == 0 {
                state.game.start()
            } else {
                &played[last - 1].applied.position
            };
            let i = before.piece_at(played[last].request.from)?;
            Some((n, legal_region(before, i)))
        });
        if cache.is_none() {
            *cache = Some((n, LegalRegion::default()));
        }
    }
    let Some((_, region)) = cache.as_ref() else {
        return;
    };
    draw_parts(&mut gizmos, region, Color::srgba(0.55, 0.35, 0.95, 0.9));
}

/// Draws a legal region's rays, ring arcs and castling landings.
fn draw_parts(gizmos: &mut Gizmos, region: &LegalRegion, colour: Color) {
    for part in &region.parts {
        if let RegionPart::Castle { to } = part {
            gizmos.circle_2d(to_bevy(*to), 0.4, colour);
        }
        // A ray's stretch is a segment; a ring's an arc, drawn in short steps.
        let arc = matches!(part, RegionPart::Arcs { .. });
        for &(a, b) in part.stretches() {
            let steps = if arc {
                ((b - a) * 24.0).ceil().max(2.0) as usize
            } else {
                1
            };
            let points =
                (0..=steps).map(|k| to_bevy(part.point_at(a + (b - a) * k as f64 / steps as f64)));
            gizmos.linestrip_2d(points, colour);
        }
    }
}

/// Outlines an area: a strip's sides and end, a disc or a ring (or their sectors).
fn draw_area(gizmos: &mut Gizmos, area: &Area, colour: Color) {
    for line in area.outline() {
        gizmos.linestrip_2d(line.into_iter().map(to_bevy), colour);
    }
}
