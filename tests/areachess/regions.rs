//! Legal regions, the nearest legal target, and the exact "any legal move?" decision.

use crate::support::{pos, pt};
use areachess::continuous::{
    Point, RegionPart, find_legal_move, has_legal_move, legal_region, nearest_target, resolve,
};

fn ray_towards(region: &areachess::continuous::LegalRegion, dir: Point) -> Vec<(f64, f64)> {
    region
        .parts
        .iter()
        .find_map(|p| match p {
            RegionPart::Ray {
                dir: d, intervals, ..
            } if d.distance(dir) < 1e-9 => Some(intervals.0.clone()),
            _ => None,
        })
        .expect("a ray in that direction")
}

#[test]
fn rook_region_runs_from_the_minimum_move_to_the_first_contact() {
    let p = pos("w;R@a1;N@e1;K@h3;k@h8");
    let region = legal_region(&p, 0);
    let east = ray_towards(&region, Point::X);
    assert_eq!(east.len(), 1);
    let (a, b) = east[0];
    assert!((a - 1.0).abs() < 1e-6);
    assert!((b - (pt("e1").x - pt("a1").x - 2.0)).abs() < 1e-5, "{b}");
    assert!(region.captures.is_empty());
}

#[test]
fn capturable_enemies_are_listed_and_plain_moves_stop_short_of_them() {
    let p = pos("w;R@a1;n@e1;K@h3;k@h8");
    let region = legal_region(&p, 0);
    assert_eq!(region.captures, vec![1]);
    let (_, b) = ray_towards(&region, Point::X)[0];
    let contact = pt("e1").x - pt("a1").x - (2.0 - 1e-6);
    assert!(b < contact && b > contact - 1e-6, "{b} vs {contact}");
}

#[test]
fn pinned_rook_region_keeps_only_what_still_shields_the_king() {
    let p = pos("w;K@e1;R@e2;r@e8;k@a8");
    let region = legal_region(&p, 1);
    // Sideways the rook shields until its disc leaves the attacker's strip, 2R off the file.
    for dir in [Point::X, -Point::X] {
        let side = ray_towards(&region, dir);
        assert_eq!(side.len(), 1, "{side:?}");
        assert!(
            (side[0].0 - 1.0).abs() < 1e-6 && (side[0].1 - 2.0).abs() < 1e-5,
            "{side:?}"
        );
    }
    assert!(!ray_towards(&region, Point::Y).is_empty());
    assert_eq!(region.captures, vec![2]);
}

#[test]
fn nearest_target_snaps_the_pointer_onto_the_line_and_stops_at_contact() {
    let p = pos("w;R@a1;N@e1;K@h3;k@h8");
    let t = nearest_target(&p, 0, pt("c1") + Point::new(0.0, 0.4)).expect("a target");
    assert!(t.point.distance(pt("c1")) < 1e-9, "{t:?}");
    assert!(resolve(&p, pt("a1"), t.point, None).applied().is_some());
}

#[test]
fn nearest_target_for_a_knight_lies_on_its_ring() {
    let p = pos("w;N@d4;K@h1;k@h8");
    let t = nearest_target(&p, 0, pt("d4") + Point::new(3.0, 0.1)).expect("a target");
    assert!((t.point.distance(pt("d4")) - 40f64.sqrt()).abs() < 1e-9);
    assert!(resolve(&p, pt("d4"), t.point, None).applied().is_some());
}

#[test]
fn nearest_target_inside_a_capturable_enemy_is_the_capture() {
    let p = pos("w;R@a1;n@e1;K@h3;k@h8");
    let t = nearest_target(&p, 0, pt("e1") + Point::new(0.3, 0.2)).expect("a target");
    assert_eq!(t.captures, Some(1));
}

#[test]
fn the_side_not_to_move_has_no_region() {
    let p = pos("w;R@a1;K@h3;k@h8");
    assert!(legal_region(&p, 2).is_empty());
}

#[test]
fn found_legal_moves_are_legal() {
    for text in [
        "w;K@e1;R@e2;r@e8;k@a8",
        "w;K@5,8.5;r@20,8.5;k@h8",
        "b;k@a8;R@h8;R@h5;K@e1",
    ] {
        let p = pos(text);
        let (i, to) = find_legal_move(&p).expect("a legal move");
        assert!(
            resolve(&p, p.pieces()[i].at, to, None).applied().is_some(),
            "{text}"
        );
    }
}

#[test]
fn mated_and_stalemated_sides_have_no_legal_move() {
    assert!(!has_legal_move(&pos("b;k@a8;R@h8;R@h7;K@e1")));
    assert!(!has_legal_move(&pos("b;k@a8;R@h7;R@3.8,1.5;K@e1")));
}

/// A piece dropped within 0.15 R of a square's centre lands on the centre, where it may;
/// further off, or where the centre is no landing, it lands where the region is nearest.
#[test]
fn a_drop_near_a_square_centre_lands_on_it() {
    use areachess::continuous::drop_target;
    let level = crate::support::classic();
    let pos = level.start.clone();
    let knight = pos.piece_at(pt("g1")).expect("the knight");
    let f3 = pt("f3");
    let near = Point::new(f3.x + 0.1, f3.y + 0.08);
    let target = drop_target(&pos, knight, near).expect("a target");
    assert_eq!(target.point, f3);
    // The ring's nearest point to the same pointer is not the centre.
    let ring = nearest_target(&pos, knight, near).expect("a target");
    assert_ne!(ring.point, f3);
    // Further than 0.15 R: no snap.
    let far = Point::new(f3.x + 0.2, f3.y);
    assert_ne!(drop_target(&pos, knight, far).expect("a target").point, f3);
    // A pawn snaps to e4 beside it; the knight is not snapped onto d2, a friend's square.
    let pawn = pos.piece_at(pt("e2")).expect("the pawn");
    let e4 = pt("e4");
    let beside = Point::new(e4.x + 0.05, e4.y - 0.1);
    assert_eq!(drop_target(&pos, pawn, beside).expect("a target").point, e4);
    let d2 = pt("d2");
    let on_friend = drop_target(&pos, knight, Point::new(d2.x + 0.1, d2.y));
    assert!(on_friend.is_none_or(|t| t.point != d2), "{on_friend:?}");
}
