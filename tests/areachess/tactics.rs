//! The continuous tactics suite (`tests/tactics/continuous.toml`): every entry's solution
//! meets its goal by the rules, and the engine's candidate moves hold a move that meets it.
//! How many the engine finds in a second is the benchmark's question
//! (`cargo bench --bench tactics`), not a test's.

use crate::support::{classic, pos, pt, root};
use areachess::continuous::notation::parse_move;
use areachess::continuous::{Point, Request};
use areachess::search::continuous::root_candidates;
use areachess::search::tactics::{Goal, Tactic, read_suite};

fn suite() -> Vec<Tactic> {
    let level = classic();
    let text = std::fs::read_to_string(root().join("tests/tactics/continuous.toml"))
        .expect("the suite is readable");
    read_suite(&level.board, level.setup(), &text).expect("the suite reads")
}

#[test]
fn the_suite_holds_mates_captures_saves_and_forks() {
    let suite = suite();
    for goal in ["mate", "mate-in-two", "capture", "save", "fork"] {
        let n = suite.iter().filter(|t| t.name.ends_with(goal)).count();
        assert!(n >= 9, "{n} {goal} entries");
    }
}

#[test]
fn every_solution_in_the_suite_meets_its_goal() {
    for tactic in suite() {
        assert!(
            tactic.solved_by(tactic.solution),
            "{}: {:?} does not meet {:?}",
            tactic.name,
            tactic.solution,
            tactic.goal
        );
    }
}

#[test]
fn only_a_move_that_meets_the_goal_counts() {
    let level = classic();
    let board = level.board.clone();
    let request = |text: &str| parse_move(&board, text).expect("a move");
    // The back rank: the rook mates on a8, checks elsewhere on the eighth rank only when
    // the king has no way out, and does nothing from a4; b2 is no rook move at all.
    let mate = Tactic {
        name: "back rank".into(),
        goal: Goal::Mate,
        position: pos("w;K@g1;R@a1;k@g8;p@f7;p@g7;p@h7"),
        solution: request("a1->a8"),
    };
    assert!(mate.solved_by(request("a1->a8")));
    assert!(!mate.solved_by(request("a1->a4")));
    assert!(!mate.solved_by(request("a1->b2")));
    // The queen on d4 is attacked by the rook on d8: up the file it stays attacked, to
    // the side it is out of reach.
    let save = Tactic {
        name: "save".into(),
        goal: Goal::Save(pt("d4")),
        position: pos("w;K@g1;Q@d4;k@g8;r@d8"),
        solution: request("d4->a4"),
    };
    assert!(save.solved_by(request("d4->a4")));
    assert!(!save.solved_by(request("d4->d6")));
    assert!(!save.solved_by(request("g1->h1")));
    // Black's king is shut in the corner by two rooks; taking the black rook with the
    // king leaves Black a few king and pawn moves, each answered by a rook's mate. Taking
    // it is no mate in one, and a quiet rook move lets the black rook check.
    let two = Tactic {
        name: "mate in two".into(),
        goal: Goal::MateInTwo,
        position: pos("w;k@1.648163833130261,21.55354573490996;\
                       p@15.26804964207486,6.393522842615069;\
                       r@7.006140820701115,16.662844396536165;\
                       K@8.949121290917198,14.545395013570488;\
                       R@17.58577416639448,16.894445576717988;\
                       R@13.064842370366124,18.92915257142149"),
        solution: request(
            "8.949121290917198,14.545395013570488->7.006140820701115,16.662844396536165",
        ),
    };
    assert!(two.solved_by(two.solution));
    // Any other goal is met by a forced mate too: the king takes the black rook, not the
    // piece the goal names.
    let capture = Tactic {
        goal: Goal::Capture(pt("a1")),
        ..two.clone()
    };
    assert!(capture.solved_by(two.solution));
    assert!(
        !Tactic {
            goal: Goal::Mate,
            ..two.clone()
        }
        .solved_by(two.solution)
    );
    assert!(!two.solved_by(request(
        "13.064842370366124,18.92915257142149->13.064842370366124,20.5"
    )));
}

/// The engine's root candidates (the list its search tries, fine checks that force nothing
/// left out) hold a move that meets each goal: a mate in one found or missed decides a
/// game, and the search can only choose among its candidates.
#[test]
fn the_root_candidates_hold_a_solution_of_every_tactic() {
    let mut missed = Vec::new();
    for tactic in suite() {
        let pos = &tactic.position;
        let (mut list, _) = root_candidates(pos);
        // The candidates nearest the suite's solution first: a mate in two takes long to
        // refute, and the solution is usually among them.
        let near = |c: &areachess::continuous::candidates::Candidate| {
            let from = pos.pieces()[c.piece].at;
            from.distance(tactic.solution.from) + c.to.distance(tactic.solution.to)
        };
        list.sort_by(|a, b| near(a).total_cmp(&near(b)));
        let found = list.iter().any(|c| {
            tactic.solved_by(Request {
                from: pos.pieces()[c.piece].at,
                to: c.to,
                promotion: c.promotion,
            })
        });
        if !found {
            missed.push(tactic.name.clone());
        }
    }
    assert!(
        missed.is_empty(),
        "no candidate meets the goal of {missed:?}"
    );
}

/// A king in check that a fan of rays finds shut in can still slip out through a sliver
/// between the rays: its candidates hold escapes there (once they held none, and the
/// engine took the check for a mate in two and let a free bishop go).
#[test]
fn a_king_in_check_finds_its_sliver_of_escape_among_the_candidates() {
    let start = pos("w;k@10.138550476551156,20.971552020278725;\
                     p@11.112568807063834,18.873711852125673;\
                     p@13.066135422523816,17.799295573717206;\
                     p@6.536727686514605,18.60660093774924;\
                     b@19.083156311756127,15.44118239545795;\
                     K@20.66703752313481,4.479438794800386;\
                     R@2.0652218836793406,13.666080555594794;\
                     R@16.845550927287462,8.288831901011886");
    let board = start.board_arc().clone();
    let check = parse_move(
        &board,
        "2.0652218836793406,13.666080555594794->2.0652218836793406,20.9385489640107",
    )
    .expect("a move");
    let outcome = areachess::continuous::resolve::resolve(&start, check.from, check.to, None);
    let after = outcome.applied().expect("legal").position.clone();
    let king = after.king(after.to_move());
    let mut list = Vec::new();
    areachess::continuous::candidates::candidates(&after, &mut list);
    let escapes: Vec<_> = list.iter().filter(|c| c.piece == king).collect();
    assert!(!escapes.is_empty(), "no king candidate");
    // The sliver that saves the king runs near (8.55, 18.73).
    let sliver = Point::new(8.55, 18.73);
    assert!(
        escapes.iter().any(|c| c.applied.to.distance(sliver) < 0.5),
        "{:?}",
        escapes.iter().map(|c| c.applied.to).collect::<Vec<_>>()
    );
}
