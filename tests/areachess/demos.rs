//! The shipped demonstrations (`levels/demos/`): saved games that replay through the rules,
//! of levels exactly as shipped (so the app lists them with their level), showing what
//! they say they show (each continuous one by a check of its own). `AREACHESS_BLESS=1 cargo test demos` rewrites them from the moves
//! below.

use areachess::continuous::game::Played;
use areachess::continuous::notation::parse_move;
use areachess::continuous::{self, Color, Outcome};
use areachess::grid::MoveKind;
use areachess::grid::courier;
use areachess::grid::game::Game;
use areachess::level;
use areachess::record::save;

use crate::support::root;

fn text(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The continuous tour: a knight's jump, castling, a bishop stopped short of its own pawn,
/// overlap captures by queen, king and knight, and a promotion.
const TOUR_START: &str = "w;K@e1;R@h1;N@b1;B@c1;P@f4;Q@d1;P@b7;k@e8;r@a8;p@d7;p@f7;p@g7;n@g8";
const TOUR: [&str; 10] = [
    "b1->c3", "g8->f6", "e1->g1", "g7->g6", "c1->e3", "f6->e4", "d1->d7", "e8->d7", "b7->b8=Q",
    "e4->c3",
];

/// Capablanca on the continuous board: the archbishop lands straight ahead on the knight's
/// ring (no square there) and slides along a diagonal to the edge, the chancellor jumps out
/// and captures along a file, and the king castles three squares on ten files.
const CAPABLANCA: [&str; 15] = [
    "c1->7.0710678118654755,7.738768882709854",
    "e7->e5",
    "h1->i3",
    "i8->h6",
    "7.0710678118654755,7.738768882709854->1,13.80983669457533",
    "d8->e7",
    "i1->j3",
    "j7->j6",
    "h2->h4",
    "g7->g6",
    "g1->h2",
    "b8->c6",
    "f1->i1",
    "h6->g4",
    "i3->i7",
];

/// The amazon jumps over its own pawn onto the ring, takes on e5 with check and mates from
/// g7: the knight's ring checks the king, the queen's diagonal guards f8.
const AMAZON: [&str; 9] = [
    "d1->9.899494936611665,7.738768882709854",
    "b8->c6",
    "g1->f3",
    "e7->e5",
    "f3->e5",
    "c6->e5",
    "9.899494936611665,7.738768882709854->e5",
    "f8->e7",
    "e5->g7",
];

/// The nightrider's strip is stopped by its own wazir, which steps aside; the strip then
/// takes the queen three knight's leaps away. Each scout lands on its forward half ring,
/// White's straight ahead, Black's forward for Black (down the board), and each captures.
const FAIRIES_START: &str = "w;K@e1;H@b1;W@c3;S@f3;P@g2;P@h2;k@e8;q@d5;s@c6;p@f7;p@g7;p@h7;r@h8";
const FAIRIES: [&str; 11] = [
    "b1->5.760533964000108,4.450000116134739",
    "c6->12.548293386917138,12.394071525935669",
    "c3->d3",
    "h7->h6",
    "5.760533964000108,4.450000116134739->d5",
    "e8->d8",
    "f3->15.556349186104047,13.395623132202235",
    "12.548293386917138,12.394071525935669->d3",
    "e1->e2",
    "h8->h7",
    "15.556349186104047,13.395623132202235->g7",
];

const TOUR_CAPTIONS: &[(usize, &str)] = &[
    (
        0,
        "A tour of the continuous rules. Pieces are discs of radius R; a move that makes your disc overlap an enemy's captures it, and no move may be shorter than R.",
    ),
    (
        1,
        "The knight jumps onto a ring of radius √40·R round it, over whatever stands between.",
    ),
    (
        3,
        "Castling: the unmoved king slides two squares toward the unmoved rook, which jumps to the king's other side.",
    ),
    (
        5,
        "The bishop slides in its diagonal strip, a lane one disc wide; its own pawn further along the strip would stop it.",
    ),
    (
        7,
        "The queen slides up the file and captures the first disc it meets: it lands on the pawn's centre.",
    ),
    (
        8,
        "The king takes back: the queen stood within its reach of 4R, and no enemy could capture it there.",
    ),
    (
        9,
        "The pawn's disc touches the promotion line, one R before the far edge: it promotes, here to a queen.",
    ),
    (
        10,
        "The knight's landing overlaps exactly one enemy disc, so it captures that piece.",
    ),
];

const CAPABLANCA_CAPTIONS: &[(usize, &str)] = &[
    (
        0,
        "Capablanca on the continuous board: the archbishop (A) slides as a bishop and jumps as a knight, the chancellor (C) slides as a rook and jumps as a knight.",
    ),
    (
        1,
        "The archbishop jumps onto its knight's ring straight ahead, a point between squares that only the continuous board has.",
    ),
    (3, "The chancellor jumps as a knight over its own pawns."),
    (
        5,
        "The archbishop slides along a diagonal strip to the board's edge.",
    ),
    (
        13,
        "Castling on ten files: the king slides three squares toward the rook, which jumps to its other side.",
    ),
    (
        15,
        "The chancellor slides up the file as a rook and captures the first disc it meets.",
    ),
];

const AMAZON_CAPTIONS: &[(usize, &str)] = &[
    (
        0,
        "The amazon (A) is a queen and a knight in one: it slides in the queen's strips and jumps onto the knight's ring.",
    ),
    (
        1,
        "The amazon jumps over its own pawn onto the ring straight ahead, where no queen could go.",
    ),
    (
        7,
        "From the ring it captures on e5 with a slide: the knight the pawn was taken by.",
    ),
    (
        9,
        "Mate: the amazon's ring reaches the king, and its diagonal strip covers f8.",
    ),
];

const FAIRIES_CAPTIONS: &[(usize, &str)] = &[
    (
        0,
        "Fairy pieces in Betza on the continuous board: the nightrider (H, NN) slides along knight's angles, the scout (S, fN) jumps onto the forward half of a ring, the wazir (W) slides one square.",
    ),
    (
        1,
        "The nightrider's strip at a knight's angle is blocked by its own wazir: it stops short, in the same strip.",
    ),
    (
        2,
        "The black scout jumps onto the forward half of its ring: forward is down the board for Black.",
    ),
    (
        3,
        "The wazir slides one square sideways and opens the strip.",
    ),
    (
        5,
        "The nightrider slides on along the same strip and takes the queen three knight's leaps away.",
    ),
    (7, "The white scout lands on its ring, in its forward half."),
    (
        8,
        "A scout captures by landing on its ring over an enemy: the wazir is taken.",
    ),
    (11, "The white scout captures the pawn on g7 from its ring."),
];

/// Pillars and a well: knights leap over the pillars, a bishop comes to rest touching one,
/// and a bishop on the long diagonal stops where its disc touches the well.
const PILLARS: [&str; 9] = [
    "b1->c3",
    "g8->f6",
    "c3->b5",
    "f6->g4",
    "b2->b3",
    "e7->e6",
    "c1->b2",
    "f8->c5",
    "b2->10.406602424904,10.406602424904",
];

const PILLARS_CAPTIONS: &[(usize, &str)] = &[
    (
        0,
        "Two round pillars stand between the fourth and fifth ranks, at the corners of b4 and g4, and a small well in the middle: no disc may overlap, cross or land on them.",
    ),
    (
        3,
        "A knight leaps: from c3 to b5 its jump passes right over the west pillar.",
    ),
    (
        4,
        "The black knight leaps over the east pillar and lands on g4, its disc touching the pillar.",
    ),
    (
        8,
        "The bishop comes to c5 and rests against the west pillar.",
    ),
    (
        9,
        "On the long diagonal the white bishop slides until its disc touches the well: past d4, short of e5.",
    ),
];

/// The round table: rooks slide along their ranks until their discs touch the rim.
const ROUND: [&str; 6] = [
    "c4->c6",
    "j9->j7",
    "c3->4.43824953411,7.0710678118654755",
    "j10->29.50287596284,26.870057685088806",
    "d3->c5",
    "e9->e7",
];

const ROUND_CAPTIONS: &[(usize, &str)] = &[
    (
        0,
        "A round board: the disc inside twelve squares by twelve. The armies stand on files c to j, where the rim leaves room for eight abreast.",
    ),
    (
        3,
        "The rook slides left along the third rank until its disc touches the rim, short of where b3 would be.",
    ),
    (
        4,
        "Black's rook does the same on the tenth rank, to the right.",
    ),
    (5, "A knight's landing must lie wholly inside the rim too."),
];

/// Giants and dwarfs, from a set-up position: the giant queen's wide strip takes a knight
/// off its line, a dwarf pawn slips between two knights, and a pawn on the promotion line
/// becomes a rook because a queen would not fit beside the knight there.
const GIANTS_START: &str =
    "w;K@a1;Q@4,10;P@10,5;P@10,19;k@a8;r@h2;n@17,12.2;n@8.2,7;n@11.8,7;n@12.2,21.2";
const GIANTS: [&str; 5] = [
    "4,10->20,10",
    "h2->g2",
    "10,5->10,7.8",
    "g2->h2",
    "10,19->10,21=R",
];

const GIANTS_CAPTIONS: &[(usize, &str)] = &[
    (
        0,
        "Queens here are giants (radius 1.4 R) and pawns dwarfs (0.7 R); two discs overlap when their centres are closer than the sum of their radii.",
    ),
    (
        1,
        "The giant queen slides along its rank and takes the knight whose centre is 2.2 off its line: 1.4 + 1 = 2.4. A rook would have slid past it.",
    ),
    (
        3,
        "The dwarf pawn slips between two knights 1.8 either side of its file: 0.7 + 1 = 1.7 leaves room.",
    ),
    (
        5,
        "On the promotion line a queen would overlap the knight 2.21 away (1.4 + 1 = 2.4), so the pawn becomes a rook (1 + 1 = 2).",
    ),
];

const OBENTO_CAPTIONS: &[(usize, &str)] = &[(
    0,
    "Obento Chess on 12x12: twenty-two kinds of piece, among them bent riders that turn once on their way, pawns with a longer first step, and en passant.",
)];

/// A continuous game on the shipped level `path`, from `start` (a POS; `None`: the level's
/// setup), every move legal.
fn continuous_game(path: &str, start: Option<&str>, moves: &[&str]) -> save::AnyGame {
    let l = level::load(&root().join(path))
        .expect("loads")
        .into_continuous()
        .expect("continuous");
    let start = match start {
        Some(pos) => l.parse_position(pos).expect("a position"),
        None => l.start.clone(),
    };
    let mut game = continuous::Game::new(start);
    for m in moves {
        let request = parse_move(&l.board, m).expect("a move");
        let outcome = game.play(request);
        assert!(!matches!(outcome, Outcome::Illegal(_)), "{m}: {outcome:?}");
    }
    save::AnyGame::Continuous(game)
}

/// The moves of a game by one kind of piece (its upper-case letter), both sides'.
fn moved_by(game: &continuous::Game, letter: char) -> Vec<&Played> {
    game.played()
        .iter()
        .filter(|p| p.applied.mover.kind.letter() == letter)
        .collect()
}

/// The length of a move and its angle from the mover's right, in its side's view.
fn stride(p: &Played) -> (f64, f64) {
    let d = p.applied.to - p.applied.mover.at;
    let d = match p.applied.mover.side {
        Color::White => d,
        Color::Black => -d,
    };
    (d.length(), d.y.atan2(d.x))
}

fn shows_the_tour(g: &continuous::Game) {
    let played = g.played();
    assert!(
        played.iter().any(|p| p.applied.castling.is_some()),
        "castling"
    );
    assert!(
        played.iter().any(|p| p.applied.promotion.is_some()),
        "a promotion"
    );
    assert!(played.iter().filter(|p| p.capture).count() >= 3, "captures");
    assert!(!moved_by(g, 'N').is_empty(), "a knight's jump");
}

fn shows_capablanca(g: &continuous::Game) {
    let ring = 5f64.sqrt() * g.position().board().square;
    let archbishop = moved_by(g, 'A');
    assert!(
        archbishop
            .iter()
            .any(|p| (stride(p).0 - ring).abs() < 1e-9 && p.applied.to.x == p.applied.mover.at.x),
        "the archbishop lands straight ahead on its ring"
    );
    assert!(
        archbishop.iter().any(|p| {
            let d = p.applied.to - p.applied.mover.at;
            (d.x.abs() - d.y.abs()).abs() < 1e-9 && d.length() > ring
        }),
        "the archbishop slides along a diagonal"
    );
    assert!(
        moved_by(g, 'C').iter().any(|p| p.capture),
        "a chancellor captures"
    );
    let castling = g.played().iter().find(|p| p.applied.castling.is_some());
    let travel = castling.map(|p| stride(p).0);
    assert_eq!(
        travel.map(|t| (t / g.position().board().square).round()),
        Some(3.0),
        "the king castles three squares"
    );
}

fn shows_the_amazon(g: &continuous::Game) {
    let ring = 5f64.sqrt() * g.position().board().square;
    let amazon = moved_by(g, 'A');
    assert!(
        amazon
            .iter()
            .any(|p| !p.capture && (stride(p).0 - ring).abs() < 1e-9),
        "the amazon jumps onto its ring"
    );
    assert!(amazon.iter().filter(|p| p.capture).count() >= 2, "captures");
    assert_eq!(
        g.status(),
        areachess::play::Status::Checkmate {
            winner: Color::White
        }
    );
}

fn shows_the_fairies(g: &continuous::Game) {
    let square = g.position().board().square;
    let ring = 5f64.sqrt() * square;
    // The nightrider stops short, then takes along the same strip at a knight's angle.
    let nightrider = moved_by(g, 'H');
    let [short, long] = nightrider.as_slice() else {
        panic!("two nightrider moves: {nightrider:?}")
    };
    assert!(!short.capture && long.capture);
    let (length, angle) = stride(short);
    assert!(length < ring, "stopped before its own wazir");
    assert!((angle.tan() - 2.0).abs() < 1e-9, "along a knight's angle");
    assert!((stride(long).1 - angle).abs() < 1e-9, "on the same strip");
    // Every scout move, White's and Black's, lands on its ring in its side's forward half.
    let scouts = moved_by(g, 'S');
    assert_eq!(scouts.len(), 4);
    for p in &scouts {
        let (length, angle) = stride(p);
        if !p.capture {
            assert!((length - ring).abs() < 1e-9, "{p:?}");
        }
        assert!(angle > 0.0 && angle < std::f64::consts::PI, "{p:?}");
    }
    assert_eq!(scouts.iter().filter(|p| p.capture).count(), 2);
    // The wazir slides one square.
    let wazir = moved_by(g, 'W');
    assert_eq!(wazir.len(), 1);
    assert!((stride(wazir[0]).0 - square).abs() < 1e-9);
}

/// The shortest distance from `p` to a wall or hole of the game's board.
fn to_obstacle(g: &continuous::Game, p: areachess::continuous::Point) -> f64 {
    let board = g.position().board();
    board
        .walls
        .iter()
        .chain(&board.holes)
        .map(|o| o.distance(p))
        .fold(f64::INFINITY, f64::min)
}

fn shows_the_pillars(g: &continuous::Game) {
    let board = g.position().board();
    // Both knight moves jump over a pillar: their straight line passes through it.
    let knights = moved_by(g, 'N');
    assert_eq!(knights.len(), 4);
    let leaps = knights
        .iter()
        .filter(|p| {
            (0..=100).any(|k| {
                let t = f64::from(k) / 100.0;
                let q = p.applied.mover.at + (p.applied.to - p.applied.mover.at) * t;
                board.walls.iter().any(|w| w.covers(q))
            })
        })
        .count();
    assert_eq!(leaps, 2, "two leaps over a pillar");
    // Two bishops come to rest touching a wall or the well (a disc's radius away).
    let bishops = moved_by(g, 'B');
    let touching = bishops
        .iter()
        .filter(|p| (to_obstacle(g, p.applied.to) - 1.0).abs() < 1e-5)
        .count();
    assert_eq!(touching, 2, "{bishops:?}");
    assert!(board.holes.len() == 1 && board.walls.len() == 2);
}

fn shows_the_round_table(g: &continuous::Game) {
    let board = g.position().board();
    assert!(board.round);
    let rim = board.outline_radius() - 1.0;
    let rooks = moved_by(g, 'R');
    assert_eq!(rooks.len(), 2);
    for p in &rooks {
        let from_centre = p.applied.to.distance(board.centre());
        assert!((from_centre - rim).abs() < 1e-6, "{p:?}: {from_centre}");
    }
    for p in g.played() {
        assert!(p.applied.to.distance(board.centre()) <= rim + 1e-9, "{p:?}");
    }
}

fn shows_the_giants(g: &continuous::Game) {
    let board = g.position().board();
    assert_eq!(board.radius(continuous::Kind::QUEEN), 1.4);
    assert_eq!(board.radius(continuous::Kind::PAWN), 0.7);
    let played = g.played();
    // The queen's capture: the victim's centre off the queen's line by more than two
    // radii of R, less than the sum with the queen's.
    let taken = &played[0].applied;
    let victim = taken.captured.expect("the queen captures");
    let off = (victim.at.y - taken.mover.at.y).abs();
    assert!(off > 2.0 && off < 2.4, "{off}");
    // The pawn's slide: an enemy disc passes within 2 of its path (a pawn of radius R
    // would have touched it), but not within 1.7.
    let slip = &played[2];
    let (a, b) = (slip.applied.mover.at, slip.applied.to);
    let nearest = g
        .position_after(2)
        .pieces()
        .iter()
        .filter(|p| p.side == continuous::Color::Black)
        .map(|p| continuous::geometry::segment_distance(p.at, a, b))
        .fold(f64::INFINITY, f64::min);
    assert!(nearest > 1.7 && nearest < 2.0, "{nearest}");
    // The promotion: a rook, where a queen's disc would overlap a piece.
    let last = played.last().expect("moves");
    assert_eq!(last.applied.promotion, Some(continuous::Kind::ROOK));
    let to = last.applied.to;
    assert!(
        g.position()
            .pieces()
            .iter()
            .any(|p| p.at != to && p.at.distance(to) < 2.4 - 1e-6),
        "a queen would not fit"
    );
}

fn obento() -> save::AnyGame {
    let l = level::load(&root().join("levels/obento.toml"))
        .expect("loads")
        .into_grid()
        .expect("grid");
    let record = text("tests/games/obento-courier.txt");
    let moves = courier::read_record(&l.variant, &l.start, &record).expect("the record reads");
    let mut game = Game::new(l.variant.clone(), l.start.clone());
    for m in moves {
        assert!(game.play(m));
    }
    save::AnyGame::Grid(game)
}

/// Writes the demonstration `file` of `level_path` (its game and captions) when
/// `AREACHESS_BLESS` is set, and checks the shipped file is exactly that; returns the text.
pub fn bless_or_check(
    file: &str,
    level_path: &str,
    game: &save::AnyGame,
    captions: &[(usize, &str)],
) -> String {
    let extras = save::Extras {
        captions: captions.iter().map(|&(n, w)| (n, w.to_string())).collect(),
        ..save::Extras::default()
    };
    assert!(
        extras.captions.contains_key(&0),
        "{file}: a caption for the start"
    );
    let written = save::to_text_with(level_path, &text(level_path), game, &extras);
    if std::env::var_os("AREACHESS_BLESS").is_some() {
        std::fs::write(root().join(file), &written).expect("write the demo");
    }
    assert_eq!(
        text(file),
        written,
        "{file} is stale: AREACHESS_BLESS=1 cargo test demos"
    );
    written
}

#[test]
fn the_demonstrations_replay_and_show_what_they_say() {
    type Shows = fn(&continuous::Game);
    type Demo<'a> = (
        &'a str,
        &'a str,
        save::AnyGame,
        Option<Shows>,
        &'a [(usize, &'a str)],
    );
    let demos: [Demo; 8] = [
        (
            "levels/demos/area-of-competence-tour.toml",
            "levels/area-of-competence.toml",
            continuous_game("levels/area-of-competence.toml", Some(TOUR_START), &TOUR),
            Some(shows_the_tour),
            TOUR_CAPTIONS,
        ),
        (
            "levels/demos/continuous-capablanca-archbishop-chancellor-castling.toml",
            "levels/continuous-capablanca.toml",
            continuous_game("levels/continuous-capablanca.toml", None, &CAPABLANCA),
            Some(shows_capablanca),
            CAPABLANCA_CAPTIONS,
        ),
        (
            "levels/demos/continuous-amazon-jump-and-mate.toml",
            "levels/continuous-amazon.toml",
            continuous_game("levels/continuous-amazon.toml", None, &AMAZON),
            Some(shows_the_amazon),
            AMAZON_CAPTIONS,
        ),
        (
            "levels/demos/continuous-fairies-strips-and-half-rings.toml",
            "levels/continuous-fairies.toml",
            continuous_game(
                "levels/continuous-fairies.toml",
                Some(FAIRIES_START),
                &FAIRIES,
            ),
            Some(shows_the_fairies),
            FAIRIES_CAPTIONS,
        ),
        (
            "levels/demos/continuous-pillars-leaps-and-walls.toml",
            "levels/continuous-pillars.toml",
            continuous_game("levels/continuous-pillars.toml", None, &PILLARS),
            Some(shows_the_pillars),
            PILLARS_CAPTIONS,
        ),
        (
            "levels/demos/round-table-to-the-rim.toml",
            "levels/round-table.toml",
            continuous_game("levels/round-table.toml", None, &ROUND),
            Some(shows_the_round_table),
            ROUND_CAPTIONS,
        ),
        (
            "levels/demos/giants-and-dwarfs-sizes.toml",
            "levels/giants-and-dwarfs.toml",
            continuous_game("levels/giants-and-dwarfs.toml", Some(GIANTS_START), &GIANTS),
            Some(shows_the_giants),
            GIANTS_CAPTIONS,
        ),
        (
            "levels/demos/obento-bent-pieces-and-en-passant.toml",
            "levels/obento.toml",
            obento(),
            None,
            OBENTO_CAPTIONS,
        ),
    ];
    for (file, level_path, game, shows, captions) in demos {
        let written = bless_or_check(file, level_path, &game, captions);
        let _ = written;
        let saved = save::load(&root().join(file)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            saved.level_text,
            text(level_path),
            "{file}: the level as shipped"
        );
        match (saved.game, shows) {
            (save::AnyGame::Continuous(g), Some(shows)) => shows(&g),
            (save::AnyGame::Continuous(_), None) => panic!("{file}: nothing to check"),
            (save::AnyGame::Grid(g), _) => {
                let v = g.variant().clone();
                let moved: Vec<char> = (0..g.played().len())
                    .map(|n| {
                        let m = g.played()[n];
                        let cell = g.position_before(n).cell(m.from);
                        v[areachess::grid::role_of(cell)].letter
                    })
                    .collect();
                assert!(
                    moved.contains(&'O') && moved.contains(&'Y'),
                    "bent pieces: {moved:?}"
                );
                assert!(
                    g.played()
                        .iter()
                        .any(|m| matches!(m.kind, MoveKind::EnPassant { .. })),
                    "en passant"
                );
                assert!(
                    g.played().iter().any(|m| m.promotion.is_some()),
                    "a promotion"
                );
            }
        }
    }
}

/// A demonstration opens as the window opens it: its game loaded into the match, then
/// rewound, so that Next (redo) steps through every move from the start.
#[test]
fn a_loaded_demonstration_rewinds_to_its_start_and_redoes_every_move() {
    use areachess::play::Play;
    use areachess::sim::{GridMatch, LoadGame, MatchCommand, RulesPlugin};
    use bevy::prelude::*;
    let l = level::load(&root().join("levels/obento.toml"))
        .expect("loads")
        .into_grid()
        .expect("grid");
    let demo = obento();
    let n = demo.game().moves_played();
    assert!(n > 2, "{n}");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, RulesPlugin))
        .insert_resource(GridMatch::new(l));
    app.update();
    app.world_mut().write_message(LoadGame(demo));
    app.world_mut().write_message(MatchCommand::Rewind);
    app.update();
    let game = &app.world().resource::<GridMatch>().game;
    assert_eq!(game.moves_played(), 0);
    for k in 1..=n {
        app.world_mut().write_message(MatchCommand::Redo);
        app.update();
        let game = &app.world().resource::<GridMatch>().game;
        assert_eq!(game.moves_played(), k);
    }
    app.world_mut().write_message(MatchCommand::Redo);
    app.update();
    assert_eq!(
        app.world().resource::<GridMatch>().game.moves_played(),
        n,
        "nothing more to redo"
    );
}
