//! The one place where the rules' f64 vectors (parry's glam) meet Bevy's f32 vectors (Bevy's
//! glam): rules compute in f64, pixels are drawn in f32.

use crate::continuous::Point;
use bevy::math::{Vec2, Vec3};

/// A rules point as a Bevy vector.
pub fn to_bevy(p: Point) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// A rules point as a translation at depth `z`.
pub fn to_translation(p: Point, z: f32) -> Vec3 {
    to_bevy(p).extend(z)
}

/// A Bevy vector as a rules point.
pub fn from_bevy(v: Vec2) -> Point {
    Point::new(f64::from(v.x), f64::from(v.y))
}
