//! Fairy pieces on the continuous board (docs/continuous-rules.md#pieces-from-betza): hand-computed judgements for each
//! shape kind and modifier, on the default 8×8 board (square side s = 2√2, R = 1).

use areachess::continuous::board::KindSpec;
use areachess::continuous::notation::{parse_point, parse_position};
use areachess::continuous::shapes::compile_text;
use areachess::continuous::{
    Board, Kind, Outcome, Point, Position, RegionPart, find_legal_move, legal_region, resolve,
};
use std::f64::consts::{FRAC_PI_2, SQRT_2};
use std::sync::Arc;

const S: f64 = 2.0 * SQRT_2;
/// The knight's ring, √5 squares.
const RING: f64 = 6.324_555_320_336_759;

/// The default board with these kinds added (letter, Betza, royal); a royal one takes
/// the king's place as the only royal kind.
fn board_with(kinds: &[(char, &str, bool)]) -> Arc<Board> {
    let mut board = Board::default();
    if kinds.iter().any(|k| k.2) {
        for spec in &mut board.kinds {
            spec.royal = false;
        }
    }
    for &(letter, betza, royal) in kinds {
        let kind = Kind::from_letter(letter).expect("a letter");
        board.kinds.retain(|s| s.kind != kind);
        board.kinds.push(KindSpec {
            kind,
            name: format!("piece {letter}"),
            royal,
            shapes: Some(compile_text(betza, board.square).expect("test Betza compiles")),
            promotion: None,
        });
    }
    board.prepare();
    Arc::new(board)
}

fn position(board: &Arc<Board>, text: &str) -> Position {
    parse_position(board.clone(), &[], text).expect("test POS is valid")
}

fn at(board: &Board, text: &str) -> Point {
    parse_point(board, text).expect("test point")
}

/// The outcome of moving the piece on `from` to `to` (square names or `x,y`).
fn judge(pos: &Position, from: &str, to: Point) -> Outcome {
    resolve(pos, at(pos.board(), from), to, None)
}

fn refusal(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Illegal(reason) => reason.word(),
        _ => "legal",
    }
}

fn moved_to(outcome: &Outcome) -> Point {
    match outcome {
        Outcome::Move(a) => a.to,
        other => panic!("expected a plain move, got {other:?}"),
    }
}

fn captured(outcome: &Outcome) -> Point {
    match outcome {
        Outcome::Capture(a) => a.captured.expect("a capture").at,
        other => panic!("expected a capture, got {other:?}"),
    }
}

/// The point `d` from `p` at angle `theta` (radians from +x).
fn polar(p: Point, d: f64, theta: f64) -> Point {
    p + Point::new(theta.cos(), theta.sin()) * d
}

#[test]
fn a_nightrider_slides_along_its_eight_strips_and_a_friend_blocks_one() {
    let board = board_with(&[('H', "NN", false)]);
    let b = &board;
    // b1 → c3 → d5 → e7 is one strip, direction (1, 2)/√5.
    let free = position(b, "w;H@b1;K@h1;k@h8");
    let d5 = at(b, "d5");
    assert_eq!(moved_to(&judge(&free, "b1", d5)), d5);
    // Anywhere along the strip, not only on squares: 1.5 leaps.
    let between = at(b, "b1") + Point::new(1.0, 2.0) * (1.5 * S);
    assert!(moved_to(&judge(&free, "b1", between)).distance(between) < 1e-9);
    // A hair off the strip is outside it.
    let off = between + Point::new(2.0, -1.0).normalize() * 0.01;
    assert_eq!(refusal(&judge(&free, "b1", off)), "outside-movement-area");
    // A friend on c3 blocks d5; an enemy there is captured instead.
    let blocked = position(b, "w;H@b1;N@c3;K@h1;k@h8");
    assert_eq!(refusal(&judge(&blocked, "b1", d5)), "blocked");
    let capture = position(b, "w;H@b1;n@c3;K@h1;k@h8");
    assert_eq!(captured(&judge(&capture, "b1", d5)), at(b, "c3"));
    // A friend whose disc comes within 2R of the strip's line blocks it; one 2.1R away
    // does not. The line through b1 and c3 has the unit normal (2, −1)/√5.
    let normal = Point::new(2.0, -1.0).normalize();
    let near = at(b, "c3") + normal * 1.9;
    let far = at(b, "c3") + normal * 2.1;
    for (friend, want) in [(near, "blocked"), (far, "legal")] {
        let text = format!("w;H@b1;N@{},{};K@h1;k@h8", friend.x, friend.y);
        assert_eq!(refusal(&judge(&position(b, &text), "b1", d5)), want);
    }
}

#[test]
fn a_forward_half_ring_lands_only_ahead() {
    let board = board_with(&[('S', "fN", false)]);
    let b = &board;
    let pos = position(b, "w;S@d4;K@h1;k@h8");
    let d4 = at(b, "d4");
    // Straight ahead, the knight's squares ahead, and just above the sideways line: in.
    for theta in [
        FRAC_PI_2,
        (2.0f64).atan2(1.0),
        0.01,
        std::f64::consts::PI - 0.01,
    ] {
        let to = polar(d4, RING, theta);
        assert!(
            moved_to(&judge(&pos, "d4", to)).distance(to) < 1e-9,
            "{theta}"
        );
    }
    // Behind and just below the sideways line: out.
    for theta in [-FRAC_PI_2, (-2.0f64).atan2(-1.0), -0.01] {
        let to = polar(d4, RING, theta);
        assert_eq!(
            refusal(&judge(&pos, "d4", to)),
            "outside-movement-area",
            "{theta}"
        );
    }
    // Black's forward is down the board.
    let black = position(b, "b;s@d5;K@h1;k@h8");
    let d5 = at(b, "d5");
    let down = polar(d5, RING, -FRAC_PI_2);
    assert!(moved_to(&judge(&black, "d5", down)).distance(down) < 1e-9);
    let up = polar(d5, RING, FRAC_PI_2);
    assert_eq!(refusal(&judge(&black, "d5", up)), "outside-movement-area");
}

#[test]
fn a_half_ring_captures_what_a_landing_inside_it_overlaps() {
    let board = board_with(&[('S', "fN", false)]);
    let b = &board;
    // An enemy on the knight's square ahead is captured, one behind is not.
    let pos = position(b, "w;S@d4;n@e6;n@c2;K@h1;k@h8");
    assert_eq!(captured(&judge(&pos, "d4", at(b, "e6"))), at(b, "e6"));
    assert_eq!(
        refusal(&judge(&pos, "d4", at(b, "c2"))),
        "outside-movement-area"
    );
    // An enemy on the ring 5° below the sideways line: a landing at 0° still overlaps it
    // (its disc spans about ±18° of the ring), so aiming at it captures.
    let d4 = at(b, "d4");
    let straddling = polar(d4, RING, -5f64.to_radians());
    let text = format!("w;S@d4;n@{},{};K@h1;k@h8", straddling.x, straddling.y);
    let pos = position(b, &text);
    assert_eq!(captured(&judge(&pos, "d4", straddling)), straddling);
    // At 40° below, no landing inside the half reaches it.
    let below = polar(d4, RING, -40f64.to_radians());
    let text = format!("w;S@d4;n@{},{};K@h1;k@h8", below.x, below.y);
    let pos = position(b, &text);
    assert_eq!(refusal(&judge(&pos, "d4", below)), "outside-movement-area");
}

#[test]
fn a_capture_only_slide_captures_across_its_strip_and_a_move_only_one_is_blocked() {
    // Moves as a rook, captures as a pawn does, diagonally one square every way.
    let board = board_with(&[('X', "mRcF", false)]);
    let b = &board;
    let pos = position(b, "w;X@d4;n@e5;n@d6;K@h1;k@h8");
    // The diagonal neighbour is captured; the enemy ahead blocks the rook's slide.
    assert_eq!(captured(&judge(&pos, "d4", at(b, "e5"))), at(b, "e5"));
    assert_eq!(refusal(&judge(&pos, "d4", at(b, "d6"))), "blocked");
    assert_eq!(refusal(&judge(&pos, "d4", at(b, "d8"))), "blocked");
    // An enemy just past the capsule's end, still overlapping it, is captured too.
    let beside = at(b, "e5") + Point::new(0.8, 0.8);
    let text = format!("w;X@d4;n@{},{};K@h1;k@h8", beside.x, beside.y);
    assert_eq!(captured(&judge(&position(b, &text), "d4", beside)), beside);
    // It never moves diagonally, and slides freely along the rank.
    assert_eq!(
        refusal(&judge(&pos, "d4", at(b, "c3"))),
        "outside-movement-area"
    );
    assert_eq!(moved_to(&judge(&pos, "d4", at(b, "a4"))), at(b, "a4"));
}

#[test]
fn a_wazir_slides_up_to_one_square_along_the_axes() {
    let board = board_with(&[('W', "W", false)]);
    let b = &board;
    let pos = position(b, "w;W@d4;K@h1;k@h8");
    let d4 = at(b, "d4");
    assert_eq!(moved_to(&judge(&pos, "d4", at(b, "d5"))), at(b, "d5"));
    let part = d4 + Point::new(-0.6 * S, 0.0);
    assert!(moved_to(&judge(&pos, "d4", part)).distance(part) < 1e-9);
    for to in [at(b, "d6"), at(b, "e5"), d4 + Point::new(0.0, 0.5)] {
        let want = if to.distance(d4) < 1.0 {
            "too-short"
        } else {
            "outside-movement-area"
        };
        assert_eq!(refusal(&judge(&pos, "d4", to)), want, "{to:?}");
    }
}

#[test]
fn a_forward_sector_king_slides_between_its_sectors_edges() {
    // fK: the forward half-disc from 22.5° to 157.5°, up to √2 squares.
    let board = board_with(&[('F', "fK", false)]);
    let b = &board;
    let pos = position(b, "w;F@d4;K@h1;k@h8");
    let d4 = at(b, "d4");
    for (degrees, want) in [
        (90.0, "legal"),
        (23.0, "legal"),
        (157.0, "legal"),
        (22.0, "outside-movement-area"),
        (0.0, "outside-movement-area"),
        (-90.0, "outside-movement-area"),
    ] {
        let to = polar(d4, 3.5, f64::to_radians(degrees));
        assert_eq!(refusal(&judge(&pos, "d4", to)), want, "{degrees}°");
    }
    assert_eq!(
        refusal(&judge(&pos, "d4", polar(d4, 4.1, FRAC_PI_2))),
        "outside-movement-area"
    );
}

#[test]
fn an_archbishop_blocked_on_its_diagonal_still_jumps_onto_its_ring() {
    let board = board_with(&[('A', "BN", false)]);
    let b = &board;
    let pos = position(b, "w;A@c1;P@d2;K@h1;k@h8");
    // The strip is blocked: the refusal names the blocker, not the ring's "cannot".
    assert_eq!(refusal(&judge(&pos, "c1", at(b, "e3"))), "blocked");
    assert_eq!(moved_to(&judge(&pos, "c1", at(b, "d3"))), at(b, "d3"));
    assert_eq!(moved_to(&judge(&pos, "c1", at(b, "b3"))), at(b, "b3"));
    assert_eq!(
        refusal(&judge(&pos, "c1", at(b, "c4"))),
        "outside-movement-area"
    );
    // Its region holds both: the jump's arcs and the open diagonal toward a3.
    let region = legal_region(&pos, 0);
    assert!(region.parts.iter().any(|p| matches!(
        p,
        RegionPart::Arcs { arcs, .. } if !arcs.is_empty()
    )));
    let up_left = Point::new(-1.0, 1.0).normalize();
    assert!(region.parts.iter().any(|p| matches!(
        p,
        RegionPart::Ray { dir, intervals, .. } if dir.distance(up_left) < 1e-12 && !intervals.is_empty()
    )));
}

#[test]
fn a_ring_gives_check_only_from_its_sectors() {
    let board = board_with(&[('S', "fN", false)]);
    let b = &board;
    // Black's scout on e6 looks down the board: d4 lies on its forward half.
    let pos = position(b, "w;K@d4;P@a2;s@e6;k@h8");
    assert_eq!(
        refusal(&judge(&pos, "a2", at(b, "a3"))),
        "king-exposed",
        "the king is in check"
    );
    // From c2 it looks away from d4: no check.
    let pos = position(b, "w;K@d4;P@a2;s@c2;k@h8");
    assert_eq!(refusal(&judge(&pos, "a2", at(b, "a3"))), "legal");
    // The king may not step onto the forward ring's arc, only off it.
    let pos = position(b, "w;K@d3;s@e6;k@h8");
    assert_eq!(refusal(&judge(&pos, "d3", at(b, "d4"))), "king-exposed");
}

#[test]
fn a_royal_wazir_may_not_slide_into_a_rooks_strip() {
    let board = board_with(&[('W', "W", true)]);
    let b = &board;
    let pos = position(b, "w;W@d4;r@a6;w@h8");
    // d5 is a square (2√2 > 2R) below the rook's rank: free. On the fifth rank it is not.
    assert_eq!(refusal(&judge(&pos, "d4", at(b, "d5"))), "legal");
    assert_eq!(refusal(&judge(&pos, "d4", at(b, "c4"))), "legal");
    let pos = position(b, "w;W@d4;r@a5;w@h8");
    assert_eq!(refusal(&judge(&pos, "d4", at(b, "d5"))), "king-exposed");
    // In check on the a-file, every slide right enters the b-file's strip, every slide up
    // stays in the a-file's: mate.
    let mated = position(b, "w;W@a1;r@a3;r@b8;w@h8");
    assert!(find_legal_move(&mated).is_none());
}

#[test]
fn a_piece_of_several_shapes_lands_where_asked_when_one_shape_can() {
    // K and N: the slide toward the knight's square e6 meets an enemy within the king's
    // reach, and would capture it; the jump lands on e6 itself, which was asked.
    let board = board_with(&[('X', "KN", false)]);
    let b = &board;
    let (d4, e6) = (at(b, "d4"), at(b, "e6"));
    let on_the_way = d4 + (e6 - d4).normalize() * 3.2;
    let text = format!("w;X@d4;n@{},{};K@h1;k@h8", on_the_way.x, on_the_way.y);
    let pos = position(b, &text);
    assert_eq!(moved_to(&judge(&pos, "d4", e6)), e6);
    // Aimed at the enemy itself, the slide captures it.
    assert_eq!(captured(&judge(&pos, "d4", on_the_way)), on_the_way);
    // Aimed past the ring in that direction, nothing lands there: the slide's capture is
    // what the request can mean.
    let beyond = d4 + (e6 - d4).normalize() * 7.5;
    assert_eq!(captured(&judge(&pos, "d4", beyond)), on_the_way);
}
