//! Property tests: invariants of legal play from random positions.

use crate::support::classic;
use areachess::continuous::area_shapes::capture_area;
use areachess::continuous::attack::{attackers, can_capture, is_attacked};
use areachess::continuous::board::KindSpec;
use areachess::continuous::candidates::candidates;
use areachess::continuous::king_zones::{Near, Zones};
use areachess::continuous::legal_region::legal_region_towards;
use areachess::continuous::notation::{format_position, parse_position};
use areachess::continuous::reach::{Reach, reaches};
use areachess::continuous::shapes::compile_text;
use areachess::continuous::{
    Board, Color, Kind, LegalRegion, Outcome, Piece, Point, Position, RegionPart, Setup,
    has_legal_move, nearest_target, resolve,
};
use proptest::prelude::*;
use std::sync::Arc;

/// Fairy kinds the random boards draw from (docs/continuous-rules.md#pieces-from-betza): every shape kind with sectors,
/// limits and modes.
const FAIRIES: &[&str] = &[
    "BN", "RN", "QN", "NN", "fN", "ffN", "bN", "hN", "W", "F", "W3", "nN", "fK", "K", "mRcF",
    "mfWcfF", "vRrW", "lW", "(1,3)", "AD", "fNbW", "mQcN", "FfA", "cK", "mNcW",
];

/// Royal kinds for the boards whose royal piece is not the classic king.
const ROYALS: &[&str] = &["K", "W", "KN", "F", "mKcN"];

/// Radii a random board may give a kind (docs/continuous-rules.md#a-radius-per-kind).
const RADII: &[f64] = &[0.6, 1.3, 1.7];

/// The classic board, or a board with three random fairy kinds `X Y Z` and, half the time,
/// a fairy royal `J` in the king's place; on a fairy board, the royal kind, the rook and
/// the fairy kinds may each have a radius of their own.
fn boards() -> impl Strategy<Value = Arc<Board>> {
    let classic = classic().board;
    let fairy = (
        prop::collection::vec(0..FAIRIES.len(), 3),
        prop::option::of(0..ROYALS.len()),
        prop::collection::vec(prop::option::of(prop::sample::select(RADII)), 5),
    )
        .prop_map(|(kinds, royal, radii)| {
            let mut board = Board::default();
            let mut add = |letter: char, betza: &str, royal: bool| {
                let kind = Kind::from_letter(letter).expect("a letter");
                board.kinds.push(KindSpec {
                    kind,
                    name: betza.to_string(),
                    royal,
                    shapes: Some(compile_text(betza, board.square).expect("compiles")),
                    promotion: None,
                });
            };
            for (letter, k) in ['X', 'Y', 'Z'].into_iter().zip(kinds) {
                add(letter, FAIRIES[k], false);
            }
            if let Some(r) = royal {
                add('J', ROYALS[r], true);
            }
            if royal.is_some() {
                for spec in &mut board.kinds {
                    spec.royal = spec.kind == Kind::from_letter('J').expect("J");
                }
            }
            let royal = if royal.is_some() { 'J' } else { 'K' };
            for (letter, radius) in [royal, 'R', 'X', 'Y', 'Z'].into_iter().zip(radii) {
                if let Some(radius) = radius {
                    board
                        .radii
                        .push((Kind::from_letter(letter).expect("a letter"), radius));
                }
            }
            board.prepare();
            Arc::new(board)
        });
    prop_oneof![Just(classic), fairy]
}

/// Random legal-looking positions on the classic board or a fairy one: two royal pieces
/// and up to ten other discs anywhere, the side not to move not in check.
fn positions() -> impl Strategy<Value = Position> {
    boards().prop_flat_map(positions_on)
}

/// [`positions`] on the classic board only.
fn classic_positions() -> impl Strategy<Value = Position> {
    positions_on(classic().board)
}

fn positions_on(board: Arc<Board>) -> impl Strategy<Value = Position> {
    let (w, h) = (board.width(), board.height());
    let royal = board
        .kinds
        .iter()
        .find(|s| s.royal)
        .expect("a royal kind")
        .kind;
    let others: Vec<Kind> = board
        .kinds
        .iter()
        .filter(|s| !s.royal)
        .map(|s| s.kind)
        .collect();
    let piece = (
        0usize..others.len(),
        any::<bool>(),
        1.0..w - 1.0,
        1.0..h - 1.0,
        any::<bool>(),
    );
    (prop::collection::vec(piece, 2..12), any::<bool>()).prop_filter_map(
        "valid and not already in check",
        move |(raw, white_to_move)| {
            let mut pieces: Vec<Piece> = raw
                .into_iter()
                .enumerate()
                .map(|(n, (k, white, x, y, moved))| Piece {
                    side: if white { Color::White } else { Color::Black },
                    kind: match n {
                        0 | 1 => royal,
                        _ => others[k],
                    },
                    at: Point::new(x, y),
                    moved,
                })
                .collect();
            pieces[0].side = Color::White;
            pieces[1].side = Color::Black;
            let to_move = if white_to_move {
                Color::White
            } else {
                Color::Black
            };
            let pos = Position::try_from(Setup {
                board: board.clone(),
                pieces,
                to_move,
            })
            .ok()?;
            let waiting = pos.king(to_move.opponent());
            (!is_attacked(pos.board(), pos.pieces(), waiting)).then_some(pos)
        },
    )
}

/// A lone black king to move against two to four white pieces: often mated or stalemated.
fn cornered() -> impl Strategy<Value = Position> {
    let level = classic();
    let board = level.board.clone();
    let (w, h) = (board.width(), board.height());
    let attacker = (1usize..5, 1.0..w - 1.0, 1.0..h - 1.0);
    (
        (1.0..w - 1.0, 1.0..h - 1.0),
        (1.0..w - 1.0, 1.0..h - 1.0),
        prop::collection::vec(attacker, 2..5),
    )
        .prop_filter_map("valid", move |(black_king, white_king, attackers)| {
            let mut pieces = vec![
                Piece::new(
                    Color::Black,
                    Kind::KING,
                    Point::new(black_king.0, black_king.1),
                ),
                Piece::new(
                    Color::White,
                    Kind::KING,
                    Point::new(white_king.0, white_king.1),
                ),
            ];
            pieces.extend(attackers.into_iter().map(|(k, x, y)| Piece {
                moved: true,
                ..Piece::new(Color::White, Kind::CLASSIC[k], Point::new(x, y))
            }));
            Position::try_from(Setup {
                board: board.clone(),
                pieces,
                to_move: Color::Black,
            })
            .ok()
        })
}

/// Whether `p` lies on a part of the region, allowing the hair the region keeps clear of
/// its boundaries.
fn in_region(region: &LegalRegion, p: Point) -> bool {
    const HAIR: f64 = 1e-6;
    region.parts.iter().any(|part| match part {
        RegionPart::Ray {
            from,
            dir,
            intervals,
        } => {
            let t = (p - *from).dot(*dir);
            (p - (*from + *dir * t)).length() < 1e-9 && intervals.contains(t, HAIR)
        }
        RegionPart::Arcs {
            centre,
            radius,
            arcs,
        } => {
            let d = p - *centre;
            let phi = d.y.atan2(d.x);
            (d.length() - radius).abs() < 1e-9
                && arcs.iter().any(|&(a, b)| {
                    let rel = (phi - a).rem_euclid(std::f64::consts::TAU);
                    rel <= b - a + HAIR || rel >= std::f64::consts::TAU - HAIR
                })
        }
        RegionPart::Castle { to } => to.distance(p) < 1e-9,
    })
}

fn assert_sound(pos: &Position, mover_side: Color) {
    let again = Position::try_from(Setup {
        board: pos.board_arc().clone(),
        pieces: pos.pieces().to_vec(),
        to_move: pos.to_move(),
    });
    assert!(again.is_ok(), "discs overlap or leave the board: {again:?}");
    let king = pos.king(mover_side);
    assert!(
        !is_attacked(pos.board(), pos.pieces(), king),
        "the mover's king is capturable after its move"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn legal_moves_keep_discs_apart_on_the_board_and_the_king_safe(
        start in positions(),
        steps in prop::collection::vec((any::<prop::sample::Index>(), 0.0f64..1.0, 0.0f64..1.0), 1..6),
    ) {
        let mut pos = start;
        for (pick, fx, fy) in steps {
            let side = pos.to_move();
            let mine: Vec<usize> = (0..pos.pieces().len()).filter(|&i| pos.pieces()[i].side == side).collect();
            let i = mine[pick.index(mine.len())];
            let pointer = Point::new(fx * pos.board().width(), fy * pos.board().height());
            let Some(target) = nearest_target(&pos, i, pointer) else { continue };
            let outcome = resolve(&pos, pos.pieces()[i].at, target.aim, None);
            // The nearest legal target is legal, and a capture when it says so.
            prop_assert!(outcome.applied().is_some(), "nearest target {target:?} judged {outcome:?}");
            prop_assert_eq!(matches!(outcome, Outcome::Capture(_)), target.captures.is_some());
            let applied = outcome.applied().cloned().expect("checked above");
            assert_sound(&applied.position, side);
            pos = applied.position;
        }
    }

    #[test]
    fn no_legal_move_means_no_sampled_target_is_legal(
        pos in positions(),
        samples in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0), 60),
    ) {
        if !has_legal_move(&pos) {
            let side = pos.to_move();
            for i in (0..pos.pieces().len()).filter(|&i| pos.pieces()[i].side == side) {
                for &(fx, fy) in &samples {
                    let to = Point::new(fx * pos.board().width(), fy * pos.board().height());
                    let outcome = resolve(&pos, pos.pieces()[i].at, to, None);
                    prop_assert!(outcome.applied().is_none(), "declared no move, but {i} -> {to:?} is {outcome:?}");
                }
            }
        }
    }

    #[test]
    fn zone_spans_agree_with_point_tests_and_with_check(
        pos in positions(),
        angle in 0.0f64..std::f64::consts::TAU,
    ) {
        let side = pos.to_move();
        let k = pos.king(side);
        let o = pos.pieces()[k].at;
        let near = Near { centre: o, radius: 100.0 };
        let zones = Zones::new(pos.board(), pos.pieces(), k, None, near);
        let u = Point::new(angle.cos(), angle.sin());
        let hi = pos.board().inset_of(&pos.pieces()[k]).exit_distance(o, u);
        let spans = zones.spans(o, u, hi);
        for n in 0..200 {
            let t = hi * n as f64 / 200.0;
            if spans.0.iter().any(|&(a, b)| (t - a).abs() < 1e-7 || (t - b).abs() < 1e-7) {
                continue;
            }
            let p = o + u * t;
            // The king's disc never overlaps another: the zones are not asked there (and
            // behind a one-way slider they may say either).
            let king = &pos.pieces()[k];
            let board = pos.board();
            if pos.pieces().iter().enumerate().any(|(j, q)| j != k && q.at.distance(p) < board.contact(king, q) + 1e-6) {
                continue;
            }
            let mut moved = pos.pieces().to_vec();
            moved[k].at = p;
            let direct = is_attacked(pos.board(), &moved, k);
            prop_assert_eq!(spans.contains(t), zones.attacked(p), "t = {}", t);
            prop_assert_eq!(zones.attacked(p), direct, "t = {}", t);
        }
    }

    #[test]
    fn every_move_the_judge_accepts_lies_in_the_legal_region(
        pos in positions(),
        aims in prop::collection::vec((any::<prop::sample::Index>(), 0.0f64..1.0, 0.0f64..1.0), 24),
    ) {
        let side = pos.to_move();
        let mine: Vec<usize> = (0..pos.pieces().len()).filter(|&i| pos.pieces()[i].side == side).collect();
        for (pick, fa, ft) in aims {
            let i = mine[pick.index(mine.len())];
            let piece = pos.pieces()[i];
            let board = pos.board();
            let angle = fa * std::f64::consts::TAU;
            let shapes: Vec<Reach> = reaches(board, &piece).collect();
            let (dir, length) = match shapes[(ft * 997.0) as usize % shapes.len()] {
                Reach::Ring { radius, .. } => (Point::new(angle.cos(), angle.sin()), radius),
                Reach::Disc { radius, .. } => (Point::new(angle.cos(), angle.sin()), ft * radius),
                Reach::Slide { dir, end, .. } => {
                    (dir, ft * end.map_or(board.width(), |e| e.length()))
                }
            };
            let target = piece.at + dir * length;
            let outcome = resolve(&pos, piece.at, target, None);
            let Some(applied) = outcome.applied() else { continue };
            // A drawn fan samples directions; the exact ray through the target decides.
            let region = legal_region_towards(&pos, i, dir);
            match applied.captured {
                Some(victim) => {
                    let x = pos.pieces().iter().position(|p| p.at == victim.at).expect("victim on board");
                    prop_assert!(region.captures.contains(&x), "{:?} captures {:?} but the region lists {:?}", piece, victim, region.captures);
                }
                None if applied.castling.is_some() => {}
                None => {
                    let landed = applied.to;
                    prop_assert!(in_region(&region, landed), "{piece:?} -> {landed:?} is legal but not in its region {region:?}");
                }
            }
        }
    }

    #[test]
    fn capturable_pieces_lie_in_capture_areas(pos in positions()) {
        for a in 0..pos.pieces().len() {
            for t in 0..pos.pieces().len() {
                if pos.pieces()[a].side != pos.pieces()[t].side && can_capture(pos.board(), pos.pieces(), a, t) {
                    let areas = capture_area(&pos, a);
                    prop_assert!(
                        areas.iter().any(|area| area.overlaps_disc(pos.board().disc(&pos.pieces()[t]))),
                        "{:?} captures {:?} outside its capture area", pos.pieces()[a], pos.pieces()[t]
                    );
                }
            }
        }
    }

    #[test]
    fn pos_text_round_trips_exactly(raw in classic_positions()) {
        let level = classic();
        // POS carries no moved marks: a piece off its setup spot reads back as moved, so
        // only positions with exactly those marks can round-trip.
        let marked = raw.pieces().iter().map(|p| {
            let home = level.setup().iter().any(|s| s.side == p.side && s.kind == p.kind && s.at == p.at);
            Piece { moved: !home, ..*p }
        }).collect();
        let pos = Position::try_from(Setup { board: level.board.clone(), pieces: marked, to_move: raw.to_move() });
        prop_assume!(pos.is_ok());
        let pos = pos.expect("assumed");
        let text = format_position(&pos);
        let back = parse_position(level.board.clone(), level.setup(), &text).expect("own output reads back");
        prop_assert_eq!(back.to_move(), pos.to_move());
        prop_assert_eq!(back.pieces().len(), pos.pieces().len());
        for (a, b) in back.pieces().iter().zip(pos.pieces()) {
            prop_assert_eq!(a.moved, b.moved);
            prop_assert_eq!(a.at, b.at);
            prop_assert_eq!(a.kind, b.kind);
            prop_assert_eq!(a.side, b.side);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Every legal capture is a candidate (docs/engine.md). A capture is looked for here without
    /// the legal region: each piece of the side to move is sent at the centre of each
    /// enemy and at eight points inside its disc, and whatever the judge lets it take must
    /// be taken by some candidate of that piece.
    #[test]
    fn every_capture_the_judge_allows_is_a_candidate(pos in positions()) {
        let side = pos.to_move();
        let mut list = Vec::new();
        candidates(&pos, &mut list);
        for i in (0..pos.pieces().len()).filter(|&i| pos.pieces()[i].side == side) {
            for x in (0..pos.pieces().len()).filter(|&x| pos.pieces()[x].side != side) {
                let victim = pos.pieces()[x].at;
                let aims = std::iter::once(victim).chain((0..8).map(|k| {
                    let a = f64::from(k) * std::f64::consts::FRAC_PI_4;
                    victim + Point::new(a.cos(), a.sin()) * 0.9
                }));
                let takes = aims.into_iter().any(|aim| {
                    resolve(&pos, pos.pieces()[i].at, aim, None)
                        .applied()
                        .is_some_and(|a| a.captured.is_some_and(|c| c.at == victim))
                });
                if takes {
                    prop_assert!(
                        list.iter().any(|c| c.piece == i
                            && c.applied.captured.is_some_and(|v| v.at == victim)),
                        "{:?} can take {:?}, but no candidate does", pos.pieces()[i], pos.pieces()[x]
                    );
                }
            }
        }
    }
}

/// The enemies that could capture the royal `pieces[k]` were it standing at `p` instead.
fn attackers_at(pos: &Position, k: usize, p: Point) -> Vec<usize> {
    let mut moved = pos.pieces().to_vec();
    moved[k].at = p;
    attackers(pos.board(), &moved, k)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// The "cannot cross" rule (docs/continuous-rules.md), checked point by point along every plain king move
    /// the judge accepts, in check or not: the king's disc never touches the capture area
    /// of an enemy that did not already attack it, and never comes back into one it left.
    #[test]
    fn no_king_path_enters_an_enemy_capture_area(
        pos in prop_oneof![classic_positions(), cornered()],
        aims in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0), 24),
    ) {
        let k = pos.king(pos.to_move());
        let o = pos.pieces()[k].at;
        let reach = pos.board().king_reach;
        let standing = attackers_at(&pos, k, o);
        for (fa, fr) in aims {
            let angle = fa * std::f64::consts::TAU;
            let to = o + Point::new(angle.cos(), angle.sin()) * (reach * fr.sqrt());
            let Outcome::Move(applied) = resolve(&pos, o, to, None) else { continue };
            if applied.castling.is_some() {
                continue;
            }
            let mut left: Vec<usize> = Vec::new();
            for n in 1..=400 {
                let p = o + (applied.to - o) * (f64::from(n) / 400.0);
                let now = attackers_at(&pos, k, p);
                for e in &now {
                    prop_assert!(
                        standing.contains(e) && !left.contains(e),
                        "the king's path to {:?} enters the area of {:?} at {:?} (attacked at the start by {:?})",
                        applied.to, pos.pieces()[*e], p, standing
                    );
                }
                for e in &standing {
                    if !now.contains(e) && !left.contains(e) {
                        left.push(*e);
                    }
                }
            }
        }
    }
}

proptest! {
    // About one cornered king in forty has no move: enough cases to meet several per run.
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn a_king_declared_without_moves_has_none(
        pos in cornered(),
        samples in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0), 400),
    ) {
        if !has_legal_move(&pos) {
            let king = pos.pieces()[0].at;
            let reach = pos.board().king_reach;
            for &(u, v) in &samples {
                let to = king + Point::new((v * std::f64::consts::TAU).cos(), (v * std::f64::consts::TAU).sin()) * (reach * u.sqrt());
                let outcome = resolve(&pos, king, to, None);
                prop_assert!(outcome.applied().is_none(), "declared no move, but the king to {to:?} is {outcome:?}");
            }
            for j in 1..pos.pieces().len() {
                let outcome = resolve(&pos, king, pos.pieces()[j].at, None);
                prop_assert!(outcome.applied().is_none(), "declared no move, but the king takes {j}: {outcome:?}");
            }
        }
    }
}
