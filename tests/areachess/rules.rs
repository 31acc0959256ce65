//! One headless test per rule of docs/continuous-rules.md, each driving the Bevy app through messages.

use crate::support::{Sim, close, landed, pt, with_board};
use areachess::continuous::{Board, Color, Kind, Outcome, Point, Status};
use areachess::sim::MatchCommand;

/// A point `dx, dy` from a square centre, as move text.
fn off(square: &str, dx: f64, dy: f64) -> String {
    let p = pt(square) + Point::new(dx, dy);
    format!("{},{}", p.x, p.y)
}

/// Move text from a square to a point.
fn mv(from: &str, to: String) -> String {
    format!("{from}->{to}")
}

const S: f64 = 2.0 * std::f64::consts::SQRT_2;

#[test]
fn square_names_are_square_centres_of_side_two_root_two() {
    let e1 = pt("e1");
    assert!(close(e1, Point::new(4.5 * S, 0.5 * S)));
    assert!(close(pt("h8"), Point::new(7.5 * S, 7.5 * S)));
}

#[test]
fn touching_is_not_overlap() {
    let mut sim = Sim::at("w;R@a1;N@e1;K@h3;k@h8");
    let touching = pt("e1") - Point::new(2.0, 0.0);
    sim.legal(&format!("a1->{},{}", touching.x, touching.y));
}

/// Found by two computers playing: a king's slide whose end touches a pawn to within
/// rounding came to rest 6e-16 inside the touching distance. A landing that overlaps
/// another disc, however slightly, is refused; it is never played.
#[test]
fn a_landing_a_rounding_error_inside_another_disc_is_refused() {
    let mut sim = Sim::at(
        "w;k@e8;p@a5;p@4.242640687119286,14.777921061357855;p@d4;p@e6;p@f5;\
         p@14.902317469703801,7.725099528265721;p@h6;P@a4;P@4.242640687119286,7.899495836611665;\
         P@h5;K@e2;R@7.48528127423857,1.4142135623730951",
    );
    // The target is where the king's disc touches the black pawn on f3's corner, to the
    // last bit. The sweep and the overlap test share one touching distance, so they cannot
    // disagree there: the king touches the pawn first and takes it. (When they were two
    // numbers an ulp apart, the sweep let the king land 6e-16 inside the pawn's touching
    // distance; the landing is still checked, and such a move would be refused.)
    let outcome = sim.legal("e2->15.86786756094147,5.973611868785379");
    let taken = outcome
        .applied()
        .and_then(|a| a.captured)
        .expect("a capture");
    assert_eq!(taken.at, Point::new(14.902317469703801, 7.725099528265721));
}

#[test]
fn rook_stops_before_friendly_blocker() {
    let mut sim = Sim::at("w;R@a1;N@e1;K@h3;k@h8");
    assert_eq!(sim.refused("a1->g1"), "blocked");
    assert_eq!(sim.refused(&mv("a1", off("e1", -1.9, 0.0))), "blocked");
    let stop = areachess::continuous::nearest_target(sim.game().position(), 0, pt("g1"))
        .expect("the rook can move");
    assert!((stop.point.x - (pt("e1").x - 2.0)).abs() < 1e-5, "{stop:?}");
}

#[test]
fn slider_captures_first_enemy_contact_and_lands_on_its_centre() {
    let mut sim = Sim::at("w;R@a1;n@e1;K@h3;k@h8");
    let outcome = sim.play("a1->g1");
    assert!(matches!(outcome, Outcome::Capture(_)), "{outcome:?}");
    assert!(close(landed(&outcome), pt("e1")));
    assert_eq!(sim.piece_at("e1"), Some('R'));
    assert_eq!(sim.entities().len(), 3);
}

#[test]
fn target_inside_enemy_disc_captures_it() {
    let mut sim = Sim::at("w;R@a1;n@12.727922061357857,2.0;K@h3;k@h8");
    let outcome = sim.play("a1->12.727922061357857,2.3");
    assert!(matches!(outcome, Outcome::Capture(_)), "{outcome:?}");
    assert!(close(landed(&outcome), Point::new(4.5 * S, 2.0)));
}

#[test]
fn slider_cannot_capture_past_the_board_edge() {
    // The black queen sits on the edge beside the white queen's diagonal: reaching contact
    // would take the white queen's disc off the board.
    let mut sim =
        Sim::at("w;Q@8.46951003077995,10.980746868927728;q@21.03245770923489,1;K@a5;k@e8");
    let far = pt("8.46951003077995,10.980746868927728") + Point::new(1.0, -1.0).normalize() * 20.0;
    assert_eq!(
        sim.refused(&format!(
            "8.46951003077995,10.980746868927728->{},{}",
            far.x, far.y
        )),
        "off-board"
    );
}

#[test]
fn two_enemies_touched_at_once_is_ambiguous() {
    let mut sim = Sim::at("w;R@a3;n@10,8.0710678118654755;n@10,6.0710678118654755;K@h1;k@h8");
    assert_eq!(sim.refused("a3->h3"), "ambiguous-capture");
}

#[test]
fn move_shorter_than_r_is_too_short() {
    let mut sim = Sim::at("w;R@d4;K@h1;k@h8");
    assert_eq!(sim.refused(&mv("d4", off("d4", 0.9, 0.0))), "too-short");
    sim.legal(&mv("d4", off("d4", 1.0, 0.0)));
}

#[test]
fn every_disc_stays_wholly_on_the_board() {
    let mut sim = Sim::at("w;R@c1;K@h3;k@h8");
    assert_eq!(sim.refused("c1->0.5,1.4142135623730951"), "off-board");
    sim.legal("c1->1,1.4142135623730951");
}

#[test]
fn king_slides_anywhere_within_four_r() {
    let mut sim = Sim::at("w;K@d4;k@h8");
    sim.legal(&mv("d4", off("d4", 2.5, 3.0)));
    let mut sim = Sim::at("w;K@d4;k@h8");
    assert_eq!(
        sim.refused(&mv("d4", off("d4", 3.0, 3.0))),
        "outside-movement-area"
    );
}

#[test]
fn rook_moves_only_along_its_strips() {
    let mut sim = Sim::at("w;R@d4;K@h1;k@h8");
    assert_eq!(
        sim.refused(&mv("d4", off("d4", 3.0, 3.0))),
        "outside-movement-area"
    );
    sim.legal(&mv("d4", off("d4", 0.0, 5.0)));
}

#[test]
fn bishop_moves_only_along_diagonals() {
    let mut sim = Sim::at("w;B@d4;K@h1;k@a8");
    assert_eq!(
        sim.refused(&mv("d4", off("d4", 0.0, 5.0))),
        "outside-movement-area"
    );
    sim.legal(&mv("d4", off("d4", -3.0, 3.0)));
}

#[test]
fn queen_moves_as_rook_and_bishop() {
    let mut sim = Sim::at("w;Q@d4;K@h1;k@a8");
    sim.legal(&mv("d4", off("d4", 3.0, 3.0)));
    sim.legal("a8->a7");
    sim.legal(&format!(
        "{}->{}",
        off("d4", 3.0, 3.0),
        off("d4", 3.0, -2.0)
    ));
    assert_eq!(sim.refused("h1->g1"), "not-your-turn");
}

#[test]
fn a_move_lands_where_asked_or_is_refused() {
    // One tolerance for every length, rounding only (1e-9 R): off a rook's line, ...
    let mut sim = Sim::at("w;R@d4;K@h1;k@h8");
    let outcome = sim.legal(&mv("d4", off("d4", 5e-10, 5.0)));
    assert_eq!(landed(&outcome), pt("d4") + Point::new(5e-10, 5.0));
    let mut sim = Sim::at("w;R@d4;K@h1;k@h8");
    assert_eq!(
        sim.refused(&mv("d4", off("d4", 2e-4, 5.0))),
        "outside-movement-area"
    );
}

#[test]
fn a_king_move_beyond_its_reach_is_refused_not_shortened() {
    // 4.0002 from e8: refused, where it used to land 4 away on the same line.
    let mut sim = Sim::at("b;K@a1;R@a8;k@e8");
    assert_eq!(sim.refused("e8->12.728,17.213"), "outside-movement-area");
    // Exactly 4 away (to rounding) it lands on the point asked.
    let e8 = pt("e8");
    let to = e8 + Point::new(0.6, -0.8) * 4.0;
    let outcome = sim.legal(&format!("e8->{},{}", to.x, to.y));
    assert_eq!(landed(&outcome), to);
}

#[test]
fn a_knight_jump_off_its_ring_is_refused_not_projected() {
    let ring = 40f64.sqrt();
    let g1 = pt("g1");
    let at = |r: f64| g1 + Point::new(1.2f64.cos(), 1.2f64.sin()) * r;
    let mut sim = Sim::at("w;K@e1;N@g1;k@e8");
    let far = at(ring + 2e-4);
    assert_eq!(
        sim.refused(&format!("g1->{},{}", far.x, far.y)),
        "outside-movement-area"
    );
    let on = at(ring);
    let outcome = sim.legal(&format!("g1->{},{}", on.x, on.y));
    assert_eq!(landed(&outcome), on);
}

#[test]
fn a_pawn_step_past_its_length_is_refused_not_shortened() {
    let mut sim = Sim::at("w;K@e1;P@a3;k@e8");
    assert_eq!(
        sim.refused(&mv("a3", off("a3", 0.0, S + 2e-4))),
        "outside-movement-area"
    );
    sim.legal(&mv("a3", off("a3", 0.0, S)));
}

#[test]
fn knight_jumps_onto_its_ring_of_root_forty() {
    let ring = 40f64.sqrt();
    let mut sim = Sim::at("w;N@d4;K@h1;k@h8");
    sim.legal(&mv(
        "d4",
        off("d4", ring * 0.3f64.cos(), ring * 0.3f64.sin()),
    ));
    let mut sim = Sim::at("w;N@d4;K@h1;k@h8");
    assert_eq!(
        sim.refused(&mv("d4", off("d4", 4.0, 0.0))),
        "outside-movement-area"
    );
}

#[test]
fn knight_is_not_blocked_by_pieces_in_between() {
    let mut sim = Sim::new(crate::support::classic(), None);
    let outcome = sim.legal("b1->c3");
    assert!(close(landed(&outcome), pt("c3")));
}

#[test]
fn knight_landing_on_a_friend_is_friendly_overlap() {
    let mut sim = Sim::at("w;N@d4;P@e6;K@h1;k@h8");
    let target = pt("e6") + Point::new(0.5, 0.0);
    // A point on the ring overlapping e6: aim at the ring point nearest to it.
    let d = (target - pt("d4")).normalize() * 40f64.sqrt();
    let landing = pt("d4") + d;
    assert_eq!(
        sim.refused(&format!("d4->{},{}", landing.x, landing.y)),
        "friendly-overlap"
    );
}

#[test]
fn knight_captures_the_one_enemy_its_landing_overlaps() {
    let mut sim = Sim::at("w;N@d4;p@e6;K@h1;k@h8");
    let d = (pt("e6") + Point::new(0.7, 0.0) - pt("d4")).normalize() * 40f64.sqrt();
    let landing = pt("d4") + d;
    let outcome = sim.play(&format!("d4->{},{}", landing.x, landing.y));
    assert!(matches!(outcome, Outcome::Capture(_)), "{outcome:?}");
    assert!(close(landed(&outcome), pt("e6")));
}

#[test]
fn knight_landing_on_two_enemies_is_ambiguous() {
    let landing = pt("d4") + Point::new(40f64.sqrt(), 0.0);
    let pos = format!(
        "w;N@d4;p@{},{};p@{},{};K@h1;k@h8",
        landing.x,
        landing.y + 1.05,
        landing.x,
        landing.y - 1.05
    );
    let mut sim = Sim::at(&pos);
    assert_eq!(
        sim.refused(&format!("d4->{},{}", landing.x, landing.y)),
        "ambiguous-capture"
    );
}

#[test]
fn pawn_slides_two_squares_first_then_one() {
    let mut sim = Sim::new(crate::support::classic(), None);
    sim.legal("e2->e4");
    sim.legal("d7->d6");
    assert_eq!(
        sim.refused(&mv("e4", off("e4", 0.0, 1.5 * S))),
        "outside-movement-area"
    );
    sim.legal(&mv("e4", off("e4", 0.0, 1.2)));
}

#[test]
fn pawn_cannot_move_sideways_or_back() {
    let mut sim = Sim::at("w;P@d4;K@h1;k@h8");
    assert_eq!(sim.refused("d4->e4"), "outside-movement-area");
    assert_eq!(sim.refused("d4->d3"), "outside-movement-area");
}

#[test]
fn pawn_captures_enemy_touching_its_capture_area() {
    let mut sim = Sim::at("w;P@d4;n@e5;K@h1;k@h8");
    let outcome = sim.play("d4->e5");
    assert!(matches!(outcome, Outcome::Capture(_)), "{outcome:?}");
}

#[test]
fn enemy_in_pawn_movement_area_blocks_it_and_cannot_be_captured() {
    let pos = format!("w;P@d4;n@{};K@h1;k@h8", off("d5", 1.2, 0.0));
    let mut sim = Sim::at(&pos);
    assert_eq!(sim.refused(&mv("d4", off("d5", 1.2, 0.0))), "blocked");
    assert_eq!(sim.refused("d4->d5"), "blocked");
}

#[test]
fn pinned_piece_may_not_expose_its_king() {
    let mut sim = Sim::at("w;K@e1;R@e2;r@e8;k@a8");
    assert_eq!(sim.refused("e2->a2"), "king-exposed");
    sim.legal("e2->e5");
}

#[test]
fn king_may_not_move_into_a_capture_area() {
    let mut sim = Sim::at("w;K@e1;r@a3;k@h8");
    assert_eq!(sim.refused(&mv("e1", off("e1", 0.0, 3.9))), "king-exposed");
    sim.legal(&mv("e1", off("e1", 0.0, 3.4)));
}

#[test]
fn king_may_not_cross_a_capture_area() {
    // A longer reach than the default lets the king jump a rook's whole strip.
    let mut board = Board::default();
    board.king_reach = 6.5;
    board.prepare();
    let level = with_board(board);
    let mut sim = crate::support::Sim::new(level.clone(), Some("w;K@5,4.6;r@20,8.5;k@h8"));
    assert_eq!(sim.refused("5,4.6->5,10.6"), "king-exposed");
    let mut sim = crate::support::Sim::new(level, Some("w;K@5,4.6;r@20,8.5;k@h8"));
    sim.legal("5,4.6->5,6.0");
}

#[test]
fn king_in_check_may_leave_the_capture_area_it_stands_in() {
    let mut sim = Sim::at("w;K@5,8.5;r@20,8.5;k@h8");
    assert!(sim.game().in_check());
    assert_eq!(sim.refused("5,8.5->2,8.5"), "king-exposed");
    sim.legal("5,8.5->5,4.6");
}

// A king in check may leave the checking piece's area, but not by crossing another's.
// Each number below is worked by hand from the rules: a rook's strip is where a disc's
// centre lies less than 2R from its line, and a knight's ring band is where it lies
// between √40 − 2 and √40 + 2 (4.325 to 8.325) from the knight.

#[test]
fn king_in_check_from_a_slider_may_not_cross_a_knights_ring() {
    // The rook on 6,21.5 checks down x = 6. Going right along y = 16.26, the king passes
    // 8.26 from the knight on 8,8 (inside its band from x = 6.97 to 9.03) and ends 8.50
    // from it, outside: the path crosses the ring. Going left it only moves away.
    let start = "b;K@h1;N@8,8;k@6,16.26;R@6,21.5";
    let mut sim = Sim::at(start);
    assert!(sim.game().in_check());
    assert_eq!(sim.refused("6,16.26->10,16.26"), "king-exposed");
    sim.legal("6,16.26->2,16.26");
}

#[test]
fn king_in_check_from_a_slider_may_not_cross_another_rooks_strip() {
    // The rook on 4.5,20.2 checks along y = 20.2 (its strip holds y 18.2 to 22.2). Down to
    // y = 14.8000001 the king ends just clear of the rook on 1.5,16.8, whose strip (y 14.8
    // to 18.8) it crosses whole; the king was only touching that strip at the start.
    let mut sim = Sim::at("b;K@h1;R@1.5,16.8;k@16,18.8;R@4.5,20.2;r@4.5,12");
    assert!(sim.game().in_check());
    assert_eq!(sim.refused("16,18.8->16,14.8000001"), "king-exposed");
    // The black rook may take the checking one instead.
    let outcome = sim.play("4.5,12->4.5,20.2");
    assert!(matches!(outcome, Outcome::Capture(_)), "{outcome:?}");
}

#[test]
fn a_king_whose_only_escapes_cross_another_area_is_mated() {
    // As above without the black rook: leaving the checking rook's strip downward means
    // crossing the other rook's, upward the board ends, and sideways stays in check.
    let sim = Sim::at("b;K@h1;R@1.5,16.8;k@16,18.8;R@4.5,20.2");
    assert_eq!(
        sim.status(),
        Status::Checkmate {
            winner: Color::White
        }
    );
}

#[test]
fn king_in_check_from_a_knight_may_not_cross_another_knights_ring() {
    // The knight on 8,8 checks the king √40 above it. Straight up, the king leaves that
    // ring at y = 16.32 but passes 8.2 from the knight on 16.2,16.3 (inside its band for y
    // from 14.87 to 17.74), starting and ending 8.44 from it. Up and to the left it moves
    // away from both.
    let k = 8.0 + 40f64.sqrt();
    let start = format!("b;K@a1;N@8,8;N@16.2,16.3;k@8,{k}");
    let mut sim = Sim::at(&start);
    assert!(sim.game().in_check());
    assert_eq!(
        sim.refused(&format!("8,{k}->8,{}", k + 4.0)),
        "king-exposed"
    );
    sim.legal(&format!("8,{k}->5.2,17.1"));
    // Without the second knight the straight escape is legal.
    let mut sim = Sim::at(&format!("b;K@a1;N@8,8;k@8,{k}"));
    sim.legal(&format!("8,{k}->8,{}", k + 4.0));
}

#[test]
fn king_in_check_from_a_pawn_may_not_cross_a_knights_ring() {
    // The pawn on 10,10 captures up to 12.83,12.83: the king on 13.5,13.5 is 0.95 from that
    // end. Straight up it leaves the pawn's capsule but passes 8.2 from the knight on
    // 5.3,15.5 (inside its band for y from 14.07 to 16.93), starting and ending 8.44 from
    // it. To the right it moves away from both.
    let start = "b;K@a1;P@10,10;N@5.3,15.5;k@13.5,13.5";
    let mut sim = Sim::at(start);
    assert!(sim.game().in_check());
    assert_eq!(sim.refused("13.5,13.5->13.5,17.5"), "king-exposed");
    sim.legal("13.5,13.5->17.5,13.5");
    let mut sim = Sim::at("b;K@a1;P@10,10;k@13.5,13.5");
    sim.legal("13.5,13.5->13.5,17.5");
}

#[test]
fn king_may_not_capture_a_defended_piece() {
    let mut sim = Sim::at("w;K@e1;r@e2;r@e7;k@h8");
    assert_eq!(sim.refused("e1->e2"), "king-exposed");
    let mut sim = Sim::at("w;K@e1;r@e2;k@h8");
    let outcome = sim.play("e1->e2");
    assert!(matches!(outcome, Outcome::Capture(_)), "{outcome:?}");
}

#[test]
fn pawn_promotes_when_its_disc_touches_the_promotion_line() {
    let mut sim = Sim::at("w;P@d7;K@h1;k@a8");
    let outcome = sim.legal("d7->d8=N");
    assert_eq!(
        outcome.applied().and_then(|a| a.promotion),
        Some(Kind::KNIGHT)
    );
    assert_eq!(sim.piece_at("d8"), Some('N'));

    let mut sim = Sim::at("w;P@d7;K@h1;k@a8");
    let outcome = sim.legal("d7->d8");
    assert_eq!(
        outcome.applied().and_then(|a| a.promotion),
        Some(Kind::QUEEN)
    );

    let mut sim = Sim::at("w;P@9.9,17;K@h1;k@a8");
    let outcome = sim.legal("9.9,17->9.9,19.5");
    assert_eq!(outcome.applied().and_then(|a| a.promotion), None);
}

#[test]
fn castling_slides_the_king_two_squares_and_jumps_the_rook_beside_it() {
    let mut sim = Sim::at("w;K@e1;R@h1;R@a1;k@e8");
    sim.legal("e1->g1");
    assert_eq!(sim.piece_at("f1"), Some('R'));
    assert_eq!(sim.piece_at("g1"), Some('K'));
    let mut sim = Sim::at("w;K@e1;R@h1;R@a1;k@e8");
    sim.legal("e1->c1");
    assert_eq!(sim.piece_at("d1"), Some('R'));
}

#[test]
fn castling_is_refused_across_an_attacked_path() {
    let mut sim = Sim::at("w;K@e1;R@h1;r@f8;k@a8");
    assert_eq!(sim.refused("e1->g1"), "king-exposed");
}

#[test]
fn castling_is_refused_out_of_check() {
    let mut sim = Sim::at("w;K@e1;R@h1;r@e8;k@a8");
    assert_eq!(sim.refused("e1->g1"), "king-exposed");
}

#[test]
fn a_king_takes_an_enemy_on_its_castling_square() {
    // The queen on c1 checks along the first rank; e1->c1 names the castling square but
    // castling cannot be, so the king slides on and takes the queen.
    let mut sim = Sim::at("w;K@e1;R@a1;R@h1;q@c1;k@e8");
    let outcome = sim.play("e1->c1");
    assert!(matches!(outcome, Outcome::Capture(_)), "{outcome:?}");
    assert_eq!(sim.piece_at("c1"), Some('K'));
}

#[test]
fn castling_is_refused_with_a_piece_between() {
    let mut sim = Sim::at("w;K@e1;R@h1;B@f1;k@a8");
    assert_eq!(sim.refused("e1->g1"), "blocked");
}

#[test]
fn castling_needs_a_rook_that_has_not_moved() {
    let mut sim = Sim::at("w;K@e1;R@h1;k@a8");
    sim.legal("h1->h2");
    sim.legal("a8->a7");
    sim.legal("h2->h1");
    sim.legal("a7->a8");
    assert_eq!(sim.refused("e1->g1"), "outside-movement-area");
}

#[test]
fn checkmate_ends_the_game() {
    let mut sim = Sim::at("b;k@a8;R@h8;R@h7;K@e1");
    assert_eq!(
        sim.status(),
        Status::Checkmate {
            winner: Color::White
        }
    );
    assert_eq!(sim.refused("a8->a7"), "game-over");
}

#[test]
fn stalemate_is_a_draw() {
    let mut sim = Sim::at("b;k@a8;R@h7;R@3.8,1.5;K@e1");
    assert!(!sim.game().in_check());
    assert_eq!(sim.status(), Status::Stalemate { winner: None });
    assert_eq!(sim.refused("a8->a7"), "game-over");
}

#[test]
fn a_king_with_one_escape_is_not_mated() {
    // As the mate above, but the second rook stands lower: the king can step out of the
    // first rank's strip into the gap.
    let sim = Sim::at("b;k@a8;R@h8;R@h5;K@e1");
    assert_eq!(sim.status(), Status::Playing);
}

#[test]
fn resignation_and_agreed_draw_end_the_game_and_undo_reopens_it() {
    let mut sim = Sim::new(crate::support::classic(), None);
    sim.command(MatchCommand::Resign);
    assert_eq!(
        sim.status(),
        Status::Resigned {
            winner: Color::Black
        }
    );
    assert_eq!(sim.refused("e2->e4"), "game-over");
    sim.command(MatchCommand::Undo);
    sim.legal("e2->e4");
    sim.command(MatchCommand::AgreeDraw);
    assert_eq!(sim.status(), Status::DrawAgreed);
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut sim = Sim::new(crate::support::classic(), None);
    sim.legal("e2->e4");
    sim.legal("e7->e5");
    sim.command(MatchCommand::Undo);
    assert_eq!(sim.piece_at("e7"), Some('p'));
    assert_eq!(sim.game().position().to_move(), Color::Black);
    sim.command(MatchCommand::Redo);
    assert_eq!(sim.piece_at("e5"), Some('p'));
    sim.command(MatchCommand::Undo);
    sim.command(MatchCommand::Undo);
    assert_eq!(sim.piece_at("e2"), Some('P'));
    sim.command(MatchCommand::Restart);
    assert!(sim.game().played().is_empty());
}

#[test]
fn requests_name_a_piece_of_the_side_to_move() {
    let mut sim = Sim::new(crate::support::classic(), None);
    assert_eq!(sim.refused("e7->e5"), "not-your-turn");
    assert_eq!(sim.refused("e4->e5"), "no-piece");
}

#[test]
fn piece_entities_mirror_the_position_in_f32() {
    let mut sim = Sim::new(crate::support::classic(), None);
    let entities = sim.entities();
    assert_eq!(entities.len(), 32);
    let e2 = pt("e2");
    assert!(entities.iter().any(|(_, letter, t)| *letter == 'P'
        && (t.x - e2.x as f32).abs() < 1e-5
        && (t.y - e2.y as f32).abs() < 1e-5));
    sim.legal("e2->e4");
    sim.legal("d7->d5");
    sim.legal("e4->d5");
    let entities = sim.entities();
    assert_eq!(entities.len(), 31);
    let d5 = pt("d5");
    assert!(entities.iter().any(|(_, letter, t)| *letter == 'P'
        && (t.x - d5.x as f32).abs() < 1e-5
        && (t.y - d5.y as f32).abs() < 1e-5));
}

#[test]
fn knight_gives_check_from_its_ring() {
    let ring = 40f64.sqrt();
    let sim = Sim::at(&format!("b;k@e5;N@{};K@a1", off("e5", -ring, 0.0)));
    assert!(sim.game().in_check());
    let sim = Sim::at(&format!("b;k@e5;N@{};K@a1", off("e5", -ring - 2.5, 0.0)));
    assert!(!sim.game().in_check());
}

#[test]
fn pawn_gives_check_diagonally_not_straight() {
    let sim = Sim::at("b;k@e5;P@d4;K@a1");
    assert!(sim.game().in_check());
    let sim = Sim::at("b;k@e5;P@e3;K@a1");
    assert!(!sim.game().in_check());
}

#[test]
fn kings_keep_out_of_each_others_reach() {
    // A king's reach is 4R; it touches a disc whose centre is within 6R of its own.
    let mut sim = Sim::at("w;K@5,5;k@14.5,5");
    assert_eq!(sim.refused("5,5->8.7,5"), "king-exposed");
    sim.legal("5,5->8.3,5");
}

#[test]
fn pawn_double_step_is_blocked_by_a_piece_in_between() {
    let mut sim = Sim::at("w;P@e2;N@e3;K@a1;k@h8");
    assert_eq!(sim.refused("e2->e4"), "blocked");
}

#[test]
fn knight_landing_off_the_board_is_off_board() {
    let mut sim = Sim::at("w;N@b1;K@h1;k@h8");
    assert_eq!(
        sim.refused(&mv("b1", off("b1", 0.0, -40f64.sqrt()))),
        "off-board"
    );
}

#[test]
fn king_move_shorter_than_r_is_too_short() {
    let mut sim = Sim::at("w;K@d4;k@h8");
    assert_eq!(sim.refused(&mv("d4", off("d4", 0.6, 0.6))), "too-short");
}

#[test]
fn promotion_offers_the_levels_choices() {
    let mut board = Board::default();
    board.promotion = vec![Kind::KNIGHT, Kind::ROOK];
    let level = with_board(board);
    let mut sim = Sim::new(level.clone(), Some("w;P@d7;K@h1;k@a8"));
    let outcome = sim.legal("d7->d8");
    assert_eq!(
        outcome.applied().and_then(|a| a.promotion),
        Some(Kind::KNIGHT)
    );
    let mut sim = Sim::new(level, Some("w;P@d7;K@h1;k@a8"));
    let outcome = sim.legal("d7->d8=R");
    assert_eq!(
        outcome.applied().and_then(|a| a.promotion),
        Some(Kind::ROOK)
    );
}

/// Both games answer the same questions through `Play`: undo, redo, rewind and restart
/// move through the same history, and the move list is in each mode's notation.
#[test]
fn both_games_undo_redo_rewind_and_restart_through_play() {
    use areachess::play::{Color, Play};
    let level = |name: &str| {
        areachess::level::load(&crate::support::root().join("levels").join(name)).expect("loads")
    };
    let chess = level("chess.toml").into_grid().expect("grid");
    let mut grid = areachess::grid::game::Game::new(chess.variant.clone(), chess.start.clone());
    for m in ["e2e4", "e7e5", "g1f3"] {
        grid.play_text(m).expect("legal");
    }
    let aoc = level("area-of-competence.toml")
        .into_continuous()
        .expect("continuous");
    let mut continuous = areachess::continuous::Game::new(aoc.start.clone());
    for m in ["e2->e4", "e7->e5", "g1->f3"] {
        let request = areachess::continuous::notation::parse_move(&aoc.board, m).expect("a move");
        assert!(
            !matches!(continuous.play(request), Outcome::Illegal(_)),
            "{m}"
        );
    }
    assert_eq!(grid.move_list(), ["  1. e4      e5", "  2. Nf3     "]);
    assert_eq!(
        continuous.move_list(),
        ["  1. Pe2->e4 Pe7->e5", "  2. Ng1->f3 "]
    );
    let games: [&mut dyn Play; 2] = [&mut grid, &mut continuous];
    for game in games {
        assert_eq!((game.moves_played(), game.to_move()), (3, Color::Black));
        assert!(game.undo());
        assert_eq!((game.moves_played(), game.to_move()), (2, Color::White));
        game.rewind();
        assert_eq!(game.moves_played(), 0);
        assert!(game.redo() && game.redo());
        assert_eq!(game.moves_played(), 2);
        game.resign();
        assert_eq!(game.describe(), "Resigned: Black wins");
        assert!(game.undo(), "a resignation is taken back first");
        assert_eq!(game.moves_played(), 2);
        game.restart();
        assert_eq!(game.moves_played(), 0);
        assert!(!game.redo(), "a restart leaves nothing to redo");
        assert_eq!(game.describe(), "White to move");
    }
}

/// The continuous move list marks captures, checks and mates.
#[test]
fn the_continuous_move_list_marks_captures_checks_and_mates() {
    use areachess::play::Play;
    let mut game = areachess::continuous::Game::new(crate::support::pos("w;K@e1;R@a1;k@e8;n@a4"));
    let board = game.position().board_arc().clone();
    for m in ["a1->a4", "e8->d8", "a4->a8"] {
        let request = areachess::continuous::notation::parse_move(&board, m).expect("a move");
        assert!(game.play(request).applied().is_some(), "{m}");
    }
    assert_eq!(game.move_list(), ["  1. Ra1xa4  Ke8->d8", "  2. Ra4->a8+ "]);
}
