//! A grid variant and its setup as a Fairy-Stockfish `variants.ini` section, where
//! Fairy-Stockfish can express it, so that a designer's variant plays in Fairy-Stockfish and
//! the programs built on it; else every reason it cannot, each naming the part of the level.
//! A level asks for it with `Level::to_fsf`, which refuses a continuous level ([`no_squares`]).
//!
//! | rule | decision |
//! | --- | --- |
//! | the board | at most 12 files and 10 ranks (Fairy-Stockfish's large boards) |
//! | pieces | every type a `customPieceN` with its Betza as Fairy-Stockfish reads it; the royal type is `king` (none: `king = -`); at most 25 custom types |
//! | Betza | only what both programs read alike (the subset `tools/ffish_betza.py` checks): leapers W F D N A H Z G and the camel (Fairy-Stockfish's `C`), K B R Q, riders in W, F and N directions, lame leaps of N A Z D, `p` and `g` on R B Q, `m c i e`, the one-letter directions and the pairs both read alike; anything else is named with the reason |
//! | pawns | the types that promote: `pawnTypes`, with one promotion zone and one list of choices for all of them; `i` moves from the squares the setup gives them (`doubleStepRegion…`); `e` gives `enPassantTypes` |
//! | castling | the king's and rook's types and files from the setup, the king's destination from its steps; Chess960 castling and dealt setups refused (Fairy-Stockfish has them as its UCI_Chess960 option) |
//! | royal capture | `extinctionValue = loss` on the royal types, which are then ordinary pieces |
//! | bare king | shatranj's extinction rule: every type, a count of one, claimed by the side to move; not together with royal capture |
//! | drops | `pieceDrops` and `capturesToHand`; the types that promote are written as Fairy-Stockfish's own `pawn` (they must move as it does) |
//! | counting | `countingRule`; the pawns and the types it counts are written as Fairy-Stockfish's own `pawn`, `rook`, `silver` (the khon) and `knight` (they must move as those do) |
//! | shogi | promoted forms (`promoted_from`), promotion from the zone and `shogi_drops` refused: Fairy-Stockfish has shogi and minishogi built in |
//! | the rest | stalemate's result, the move rule and repetition (never: a count too high to reach) |

use crate::betza::ast::{Atom, Behaviour, Betza, Modifier, Range, Term};
use crate::grid::rules::{Outcome, Walls};
use crate::grid::{CountingRule, RoyalRule, Stalemate, is_piece, role_of, side_of};
use crate::grid::{Fen, Position, Role, Variant};
use crate::play::Color;
use std::fmt::Write;

/// The squares `flags` marks, by name, as Fairy-Stockfish's region keys list them.
fn square_list(v: &Variant, flags: &[bool]) -> String {
    let names: Vec<String> = v
        .geometry
        .all()
        .filter(|&sq| flags[usize::from(sq)])
        .map(|sq| v.geometry.name(sq).to_string())
        .collect();
    names.join(" ")
}

/// The level's own goals as Fairy-Stockfish's keys.
fn goals(v: &Variant, out: &mut String) {
    let g = &v.goals;
    let word = |o: Outcome| match o {
        Outcome::Loss => "loss",
        Outcome::Win => "win",
        Outcome::Draw => "draw",
    };
    if g.checks.is_some() {
        let _ = writeln!(out, "checkCounting = true");
    }
    if g.checkmate == Outcome::Win {
        let _ = writeln!(out, "checkmateValue = win");
    }
    if g.must_capture {
        let _ = writeln!(out, "mustCapture = true");
    }
    if g.no_checks {
        let _ = writeln!(out, "checking = false");
    }
    if g.royal_stays_in_check {
        let _ = writeln!(out, "makpongRule = true");
    }
    match g.draw_odds {
        Some(Color::White) => {
            let _ = writeln!(out, "materialCounting = whitedrawodds");
        }
        Some(Color::Black) => {
            let _ = writeln!(out, "materialCounting = blackdrawodds");
        }
        None => {}
    }
    if let Some(flag) = &g.flag {
        let letter = v[flag.piece].letter.to_ascii_lowercase();
        let _ = writeln!(out, "flagPiece = {letter}");
        for (side, key) in [
            (Color::White, "flagRegionWhite"),
            (Color::Black, "flagRegionBlack"),
        ] {
            let region = square_list(v, &flag.region[side]);
            let _ = writeln!(out, "{key} = {}", or_dash(region));
        }
        if flag.answer {
            let _ = writeln!(out, "flagMove = true");
        }
    }
    if let Some(e) = &g.extinction {
        let types: String = if e.types.is_empty() {
            "*".into()
        } else {
            e.types
                .iter()
                .map(|&r| v[r].letter.to_ascii_lowercase())
                .collect()
        };
        let _ = writeln!(out, "extinctionValue = {}", word(e.outcome));
        let _ = writeln!(out, "extinctionPieceTypes = {types}");
        if e.left > 0 {
            let _ = writeln!(out, "extinctionPieceCount = {}", e.left);
        }
    }
}

/// Fairy-Stockfish's largest board.
const MOST_FILES: u8 = 12;
/// Fairy-Stockfish's largest board.
const MOST_RANKS: u8 = 10;
/// Fairy-Stockfish's custom piece slots.
const MOST_CUSTOM: usize = 25;
/// A repetition count no game reaches: a level without the repetition rule.
const NEVER: u32 = 1000;

/// Something in a level that Fairy-Stockfish cannot express.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unexpressible {
    /// The part of the level: `the board`, `piece A (Archbishop)`, `promotion`, …
    pub part: String,
    /// Why.
    pub why: String,
}

impl std::fmt::Display for Unexpressible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.part, self.why)
    }
}

/// What Fairy-Stockfish cannot express of a continuous level: the level itself.
pub fn no_squares() -> Vec<Unexpressible> {
    vec![Unexpressible {
        part: "the level".into(),
        why: "a continuous board has no squares; Fairy-Stockfish plays grid variants only".into(),
    }]
}

/// The variant `v` with the setup `start` as a `variants.ini` section named `name`, or
/// everything Fairy-Stockfish cannot express.
pub fn export(v: &Variant, start: &Position, name: &str) -> Result<String, Vec<Unexpressible>> {
    let mut problems = Vec::new();
    let mut fail = |part: String, why: String| problems.push(Unexpressible { part, why });
    let g = v.geometry;
    if g.files() > MOST_FILES || g.ranks() > MOST_RANKS {
        fail(
            "the board".into(),
            format!(
                "{}×{}: Fairy-Stockfish plays at most {MOST_FILES} files and {MOST_RANKS} ranks",
                g.files(),
                g.ranks()
            ),
        );
    }
    let mut out = String::new();
    let _ = writeln!(out, "[{name}]");
    let _ = writeln!(out, "maxFile = {}", g.files());
    let _ = writeln!(out, "maxRank = {}", g.ranks());
    let royals: Vec<Role> = v.roles().filter(|&r| v.is_royal(r)).collect();
    let king = match (v.royal_rule, royals.as_slice()) {
        (RoyalRule::Checkmate, [one]) => Some(*one),
        // No royal (extinction chess, antichess): no king, the goals end the game.
        (RoyalRule::Checkmate, []) => {
            let _ = writeln!(out, "king = -");
            None
        }
        (RoyalRule::Checkmate, many) => {
            fail(
                "royal pieces".into(),
                format!(
                    "{} royal types; Fairy-Stockfish's checkmate protects one king",
                    many.len()
                ),
            );
            None
        }
        (RoyalRule::Capture, _) => None,
    };
    // Counting counts Fairy-Stockfish's own pieces: the types it counts are written as
    // those, where they move as those do.
    // Counting and drops know Fairy-Stockfish's own pawn only (drops: not on the first or
    // last rank; a promoted one goes back to the hand as a pawn).
    let counting = v.counting.is_some() || v.drops;
    let counted = v.counting.map_or([None; 3], |c| [c.rook, c.khon, c.knight]);
    let mut custom = 0;
    // Each type's name among Fairy-Stockfish's pieces, for its mobility region.
    let mut names: Vec<Option<String>> = vec![None; v.types.len()];
    for role in v.roles() {
        let t = &v[role];
        let part = format!("piece {} ({})", t.letter, t.name);
        let letter = t.letter.to_ascii_lowercase();
        if t.across.is_some() {
            fail(
                format!("{part} across"),
                "moves that change with the square: Fairy-Stockfish has them for its xiangqi soldier only".into(),
            );
        }
        match fsf_betza(&t.betza) {
            Ok(betza) if Some(role) == king => {
                let _ = writeln!(out, "king = {letter}:{betza}");
                names[role.index()] = Some("King".into());
            }
            Ok(_) if counted.contains(&Some(role)) || (counting && is_pawn(v, role)) => {
                match builtin(v, role) {
                    Some(name) => {
                        let _ = writeln!(out, "{name} = {letter}");
                        let mut capital = name.to_string();
                        capital[..1].make_ascii_uppercase();
                        names[role.index()] = Some(capital);
                    }
                    None => fail(
                        part,
                        "Fairy-Stockfish's counting and drops know only its own pawn, rook, khon and knight; this type moves otherwise".into(),
                    ),
                }
            }
            Ok(betza) => {
                custom += 1;
                let _ = writeln!(out, "customPiece{custom} = {letter}:{betza}");
                names[role.index()] = Some(format!("CustomPiece{custom}"));
            }
            Err(why) => fail(part, why),
        }
    }
    for role in v.roles() {
        for (side, colour) in [(Color::White, "White"), (Color::Black, "Black")] {
            if let (Some(flags), Some(name)) = (&v[role].region[side], &names[role.index()]) {
                let squares = or_dash(square_list(v, flags));
                let _ = writeln!(out, "mobilityRegion{colour}{name} = {squares}");
            }
        }
    }
    if v.flying_royals {
        let _ = writeln!(out, "flyingGeneral = true");
    }
    if v.first_move_gates {
        fail(
            "rules.first_move_gates".into(),
            "Cambodian first moves: Fairy-Stockfish has them built into its cambodian variant only"
                .into(),
        );
    }
    if !v.petrify.is_empty() {
        fail(
            "rules.petrify".into(),
            "pieces that turn to stone: Fairy-Stockfish has them with a king that is not royal, which an exported level does not write".into(),
        );
    }
    if v.types.iter().any(|t| t.resets_move_rule.is_some()) {
        let letters: String = v
            .types
            .iter()
            .filter(|t| t.resets_move_rule())
            .map(|t| t.letter.to_ascii_lowercase())
            .collect();
        let _ = writeln!(out, "nMoveRuleTypes = {}", or_dash(letters));
    }
    if custom > MOST_CUSTOM {
        fail(
            "pieces".into(),
            format!("{custom} types besides the king; Fairy-Stockfish has {MOST_CUSTOM} slots"),
        );
    }
    let shogi_like = v
        .types
        .iter()
        .any(|t| t.promoted_from.is_some() || t.promotion.as_ref().is_some_and(|p| p.from_zone));
    if shogi_like || v.shogi_drops {
        fail(
            "shogi".into(),
            "promoted forms (+P), promotion from the zone and shogi's drop rules are not written out; Fairy-Stockfish has shogi and minishogi built in".into(),
        );
    }
    pawns(v, start, &mut out, &mut fail);
    castling(v, start, &mut out, &mut fail);
    if v.royal_rule == RoyalRule::Capture {
        let letters: String = royals
            .iter()
            .map(|&r| v[r].letter.to_ascii_lowercase())
            .collect();
        let _ = writeln!(out, "extinctionValue = loss");
        let _ = writeln!(out, "extinctionPieceTypes = {letters}");
        if v.bare_king {
            fail(
                "rules.bare_king".into(),
                "the bare-king rule together with royal capture: Fairy-Stockfish has one extinction rule"
                    .into(),
            );
        }
    } else if v.bare_king {
        let _ = writeln!(out, "extinctionValue = loss");
        let _ = writeln!(out, "extinctionClaim = true");
        let _ = writeln!(out, "extinctionPieceTypes = *");
        let _ = writeln!(out, "extinctionPieceCount = 1");
        let _ = writeln!(out, "extinctionOpponentPieceCount = 2");
    }
    let stalemate = match v.stalemate {
        Stalemate::Draw => "draw",
        Stalemate::Loss => "loss",
        Stalemate::Win | Stalemate::FewerPieces => "win",
    };
    let _ = writeln!(out, "stalemateValue = {stalemate}");
    if v.stalemate == Stalemate::FewerPieces {
        let _ = writeln!(out, "stalematePieceCount = true");
    }
    if (v.royal_rule == RoyalRule::Capture || v.bare_king) && v.goals.extinction.is_some() {
        fail(
            "rules.extinction".into(),
            "extinction together with royal capture or the bare-king rule: Fairy-Stockfish has one extinction rule"
                .into(),
        );
    }
    goals(v, &mut out);
    if let Some(walls) = v.walls {
        let rule = match walls {
            Walls::Past => "past",
            Walls::Anywhere => "static",
            Walls::Duck => "duck",
            Walls::Arrow => "arrow",
        };
        let _ = writeln!(out, "wallingRule = {rule}");
        for (side, key) in [
            (Color::White, "wallingRegionWhite"),
            (Color::Black, "wallingRegionBlack"),
        ] {
            if let Some(flags) = &v.wall_squares[side] {
                let _ = writeln!(out, "{key} = {}", or_dash(square_list(v, flags)));
            }
        }
    }
    if let Some(ex) = &v.explosions {
        if ex.spares.is_empty() {
            let _ = writeln!(out, "blastOnCapture = true");
            let list = |roles: &[Role]| -> String {
                roles
                    .iter()
                    .map(|&r| v[r].letter.to_ascii_lowercase())
                    .collect()
            };
            let _ = writeln!(out, "blastImmuneTypes = {}", or_dash(list(&ex.immune)));
            let _ = writeln!(
                out,
                "mutuallyImmuneTypes = {}",
                or_dash(list(&ex.not_alike))
            );
        } else {
            fail(
                "rules.explosions".into(),
                "explosions that spare some types: Fairy-Stockfish's spare only its own pawn, which an exported level does not use".into(),
            );
        }
    }
    if v.drops {
        let _ = writeln!(out, "pieceDrops = true");
        let _ = writeln!(out, "capturesToHand = {}", v.captures_to_hand);
        if v.hand_keeps_promotion {
            let _ = writeln!(out, "dropLoop = true");
        }
        if v.first_rank_drops {
            let _ = writeln!(out, "firstRankPawnDrops = true");
        }
        for (side, key) in [
            (Color::White, "dropRegionWhite"),
            (Color::Black, "dropRegionBlack"),
        ] {
            if let Some(flags) = &v.drop_squares[side] {
                let _ = writeln!(out, "{key} = {}", or_dash(square_list(v, flags)));
            }
        }
    }
    if let Some(c) = v.counting {
        let rule = match c.rule {
            CountingRule::Makruk => "makruk",
            CountingRule::Cambodian => "cambodian",
            CountingRule::Asean => "asean",
        };
        let _ = writeln!(out, "countingRule = {rule}");
    }
    let d = v.draws;
    let _ = writeln!(out, "nMoveRule = {}", d.move_rule);
    let folds = if d.repetition == 0 {
        NEVER
    } else {
        d.repetition
    };
    let _ = writeln!(out, "nFoldRule = {folds}");
    let fen = Fen {
        variant: v,
        position: start,
    };
    let _ = writeln!(out, "startFen = {fen}");
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

/// Whether pieces of `role` promote (Fairy-Stockfish's pawns, for counting).
fn is_pawn(v: &Variant, role: Role) -> bool {
    v[role].promotion.is_some()
}

/// The Fairy-Stockfish piece that moves as `role` does, among those its counting counts.
fn builtin(v: &Variant, role: Role) -> Option<&'static str> {
    [
        ("pawn", "mfW|cfF"),
        // With its double step and en passant, which the export writes as regions and types.
        ("pawn", "mfW|cefF|imfnD"),
        ("rook", "R"),
        ("silver", "FfW"),
        ("knight", "N"),
    ]
    .into_iter()
    .find(|(_, betza)| {
        crate::betza::parse(betza).is_ok_and(|b| crate::betza::model::chains(&b) == v[role].chains)
    })
    .map(|(name, _)| name)
}

/// The pawns' rules: which types promote, where, to what, whether they must, their first
/// moves' squares and en passant.
fn pawns(v: &Variant, setup: &Position, out: &mut String, fail: &mut impl FnMut(String, String)) {
    let promoting: Vec<Role> = v.roles().filter(|&r| v[r].promotion.is_some()).collect();
    let letters = |roles: &[Role]| -> String {
        roles
            .iter()
            .map(|&r| v[r].letter.to_ascii_lowercase())
            .collect()
    };
    let _ = writeln!(out, "pawnTypes = {}", or_dash(letters(&promoting)));
    let mut promotions = promoting.iter().filter_map(|&r| v[r].promotion.as_ref());
    if let Some(first) = promotions.next() {
        if promotions.any(|p| {
            p.zone != first.zone
                || p.squares != first.squares
                || p.to != first.to
                || p.black_to != first.black_to
                || p.optional != first.optional
                || p.captured_only != first.captured_only
        }) {
            fail(
                "promotion".into(),
                "the types that promote differ in zone or choices; Fairy-Stockfish gives all its pawns one".into(),
            );
        }
        let ranks = i32::from(v.geometry.ranks());
        let zone = i32::from(first.zone);
        let region = |from: i32, to: i32| {
            (from..=to)
                .map(|r| format!("*{}", r + 1))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let by_ranks = [region(ranks - zone, ranks - 1), region(0, zone - 1)];
        for (side, key) in [
            (Color::White, "promotionRegionWhite"),
            (Color::Black, "promotionRegionBlack"),
        ] {
            let squares = match &first.squares[side] {
                Some(flags) => or_dash(square_list(v, flags)),
                None => by_ranks[side].clone(),
            };
            let _ = writeln!(out, "{key} = {squares}");
        }
        match &first.black_to {
            None => {
                let _ = writeln!(out, "promotionPieceTypes = {}", letters(&first.to));
            }
            Some(black) => {
                let _ = writeln!(out, "promotionPieceTypesWhite = {}", letters(&first.to));
                let _ = writeln!(out, "promotionPieceTypesBlack = {}", letters(black));
            }
        }
        let _ = writeln!(out, "mandatoryPawnPromotion = {}", !first.optional);
        if first.captured_only {
            // Only captured pieces: no more of a type on the board than the setup has.
            let count = |side: Color, role: Role| {
                setup
                    .pieces(side)
                    .iter()
                    .filter(|&&sq| role_of(setup.cell(sq)) == role)
                    .count()
            };
            if first
                .to
                .iter()
                .any(|&r| count(Color::White, r) != count(Color::Black, r))
            {
                fail(
                    "promotion".into(),
                    "promotion to captured pieces with a setup that gives the sides different pieces; Fairy-Stockfish's limit is one for both".into(),
                );
            }
            let limits: Vec<String> = first
                .to
                .iter()
                .map(|&r| {
                    let letter = v[r].letter.to_ascii_lowercase();
                    format!("{letter}:{}", count(Color::White, r))
                })
                .collect();
            let _ = writeln!(out, "promotionLimit = {}", limits.join(" "));
        }
        if first.optional {
            // Ours may decline except on the last rank, where a pawn could never move again.
            let _ = writeln!(out, "immobilityIllegal = true");
        }
    }
    // `i` moves: from the squares where the setup puts pieces that have them.
    let initial = |role: Role| {
        v[role]
            .chains
            .iter()
            .any(|c| c.legs.iter().any(|l| l.modes.initial))
    };
    for side in Color::BOTH {
        // Where the level names those squares (`rules.double_step`), they.
        let squares: String = match &v.initial_squares[side] {
            Some(flags) => square_list(v, flags),
            None => {
                let flags: Vec<bool> = v
                    .geometry
                    .all()
                    .map(|sq| {
                        let cell = setup.cell(sq);
                        is_piece(cell) && side_of(cell) == side && initial(role_of(cell))
                    })
                    .collect();
                square_list(v, &flags)
            }
        };
        let key = match side {
            Color::White => "doubleStepRegionWhite",
            Color::Black => "doubleStepRegionBlack",
        };
        let _ = writeln!(out, "{key} = {}", or_dash(squares));
        if let Some(flags) = &v.en_passant_squares[side] {
            let key = match side {
                Color::White => "enPassantRegionWhite",
                Color::Black => "enPassantRegionBlack",
            };
            let _ = writeln!(out, "{key} = {}", or_dash(square_list(v, flags)));
        }
    }
    let en_passant: Vec<Role> = v
        .roles()
        .filter(|&r| {
            v[r].chains
                .iter()
                .any(|c| c.legs.iter().any(|l| l.modes.en_passant))
        })
        .collect();
    let _ = writeln!(out, "enPassantTypes = {}", or_dash(letters(&en_passant)));
}

/// Castling as Fairy-Stockfish places it: the king's and rook's types and files from the
/// setup, the king's destination files from its steps.
fn castling(
    v: &Variant,
    setup: &Position,
    out: &mut String,
    fail: &mut impl FnMut(String, String),
) {
    let Some(c) = v.castling else {
        let _ = writeln!(out, "castling = false");
        return;
    };
    if c.chess960 || v.shuffle.is_some() {
        fail(
            "castling".into(),
            "Chess960 castling and dealt setups: Fairy-Stockfish plays them with its UCI_Chess960 option and a FEN per game, not as a variants.ini section".into(),
        );
        return;
    }
    let g = v.geometry;
    // The rank of White's castling king in the setup, and the files of its pieces there.
    let white = |sq| {
        let cell = setup.cell(sq);
        is_piece(cell) && side_of(cell) == Color::White
    };
    let Some(rank) = g
        .all()
        .find(|&sq| white(sq) && role_of(setup.cell(sq)) == c.king)
        .map(|sq| g.rank(sq))
    else {
        fail(
            "castling".into(),
            "the setup has no king of White's to castle with".into(),
        );
        return;
    };
    let on_rank = |is: &dyn Fn(Role) -> bool| -> Vec<i32> {
        (0..i32::from(g.files()))
            .filter(|&f| {
                g.square(f, rank)
                    .is_some_and(|sq| white(sq) && is(role_of(setup.cell(sq))))
            })
            .collect()
    };
    let kings = on_rank(&|r| r == c.king);
    let rooks = on_rank(&|r| c.is_rook(r));
    let (Some(&king), Some(&left), Some(&right)) = (kings.first(), rooks.first(), rooks.last())
    else {
        fail(
            "castling".into(),
            "the setup has no rooks beside White's king to castle with".into(),
        );
        return;
    };
    let file = |f: i32| (b'a' + f as u8) as char;
    let (Some(up), Some(down)) = (c.steps(king, true), c.steps(king, false)) else {
        fail(
            "castling".into(),
            "a landing file on the wrong side of the king".into(),
        );
        return;
    };
    let _ = writeln!(out, "castling = true");
    let _ = writeln!(out, "castlingRank = {}", rank + 1);
    let _ = writeln!(
        out,
        "castlingKingPiece = {}",
        v[c.king].letter.to_ascii_lowercase()
    );
    let rook_letters: String = [c.rook]
        .into_iter()
        .chain(c.also)
        .map(|r| v[r].letter.to_ascii_lowercase())
        .collect();
    let _ = writeln!(out, "castlingRookPieces = {rook_letters}");
    let _ = writeln!(out, "castlingKingFile = {}", file(king));
    let _ = writeln!(out, "castlingKingsideFile = {}", file(king + up));
    let _ = writeln!(out, "castlingQueensideFile = {}", file(king - down));
    let _ = writeln!(out, "castlingRookKingsideFile = {}", file(right));
    let _ = writeln!(out, "castlingRookQueensideFile = {}", file(left));
}

/// `-` for an empty set, as Fairy-Stockfish writes one.
fn or_dash(text: String) -> String {
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

/// A piece's moves in Fairy-Stockfish's Betza, or why it reads them otherwise.
pub fn fsf_betza(betza: &Betza) -> Result<String, String> {
    let Betza::Modern(alternatives) = betza else {
        return Err("the old (a,r,f,b) notation is not Fairy-Stockfish Betza".into());
    };
    let mut out = String::new();
    for chain in alternatives.iter().flat_map(|a| &a.chains) {
        if !chain.rest.is_empty() {
            return Err(format!(
                "'{chain}': chained moves are not Fairy-Stockfish Betza"
            ));
        }
        out.push_str(&fsf_term(&chain.first)?);
    }
    Ok(out)
}

/// One term in Fairy-Stockfish's Betza, or why it reads it otherwise.
fn fsf_term(term: &Term) -> Result<String, String> {
    let written = term.to_string();
    let refuse = |why: &str| Err(format!("'{written}': {why}"));
    let atom = match term.atom {
        Atom::Custom(..) => return refuse("Fairy-Stockfish has no custom (x,y) atoms"),
        // The camel is Fairy-Stockfish's C.
        Atom::M => "C".to_string(),
        other => other.to_string(),
    };
    enum Shape {
        Straight,
        Compound,
        Oblique,
    }
    let shape = match term.atom {
        Atom::W | Atom::F | Atom::D | Atom::A | Atom::H | Atom::G | Atom::R | Atom::B => {
            Shape::Straight
        }
        Atom::K | Atom::Q => Shape::Compound,
        _ => Shape::Oblique,
    };
    // The modifiers as written, and the directions alone (to judge pairs).
    let mut letters = String::new();
    let mut directions = String::new();
    let (mut moves, mut initial) = (false, false);
    for &m in &term.modifiers {
        match m {
            Modifier::Direction('h') => {
                return refuse("a lone h: Fairy-Stockfish reads it as selecting nothing");
            }
            Modifier::Direction(c) => {
                directions.push(c);
                letters.push(c);
            }
            Modifier::Half(c) => match shape {
                Shape::Compound => {
                    return refuse(
                        "Fairy-Stockfish's h on a compound adds the sideways steps; ours does not",
                    );
                }
                _ => {
                    directions.push_str(&format!("{c}h"));
                    letters.push_str(&format!("{c}h"));
                }
            },
            Modifier::Sideways(c) => match shape {
                Shape::Oblique => {
                    directions.push_str(&format!("{c}s"));
                    letters.push_str(&format!("{c}s"));
                }
                _ => {
                    return refuse(
                        "Fairy-Stockfish reads fs, bs on a straight atom as a direction and sideways; ours as the half set less the direction",
                    );
                }
            },
            Modifier::Most(..) => {
                return refuse("single-step directions (f^) are not Fairy-Stockfish Betza");
            }
            Modifier::Same => {
                return refuse(
                    "s here means the previous leg's direction; Fairy-Stockfish reads sideways",
                );
            }
            Modifier::Behaviour(b) => match b {
                Behaviour::Move => {
                    moves = true;
                    letters.push('m');
                }
                Behaviour::Capture => letters.push('c'),
                Behaviour::Initial => {
                    initial = true;
                    letters.push('i');
                }
                Behaviour::EnPassant => letters.push('e'),
                Behaviour::Lame => {
                    if !matches!(term.atom, Atom::N | Atom::A | Atom::Z | Atom::D)
                        || term.range != Range::Default
                    {
                        return refuse("Fairy-Stockfish has lame leaps of N, A, Z and D only");
                    }
                    letters.push('n');
                }
                Behaviour::Cannon | Behaviour::Grasshopper => {
                    if !matches!(term.atom, Atom::R | Atom::B | Atom::Q) {
                        return refuse("Fairy-Stockfish hops along rook and bishop lines only");
                    }
                    letters.push_str(b.letters());
                }
                other => {
                    return refuse(&format!(
                        "'{}' is not Fairy-Stockfish Betza",
                        other.letters()
                    ));
                }
            },
        }
    }
    // Two directions at once: only the pairs both read alike.
    if directions.chars().filter(|c| "fblrv".contains(*c)).count() > 1 && !directions.contains('h')
    {
        let pair_ok = match shape {
            Shape::Straight => true,
            Shape::Oblique => matches!(directions.as_str(), "fb" | "bf" | "lr" | "rl"),
            Shape::Compound => false,
        };
        if !pair_ok {
            return refuse(&format!(
                "the direction pair {directions} picks other leaps in Fairy-Stockfish"
            ));
        }
    }
    if initial && !moves {
        return refuse("Fairy-Stockfish's i moves never capture");
    }
    let rides = match term.range {
        Range::Default => String::new(),
        Range::Unlimited if matches!(term.atom, Atom::W | Atom::F | Atom::N) => atom.clone(),
        Range::Steps(n)
            if matches!(
                term.atom,
                Atom::W | Atom::F | Atom::N | Atom::K | Atom::R | Atom::B | Atom::Q
            ) =>
        {
            n.to_string()
        }
        _ => return refuse("Fairy-Stockfish rides in W, F and N directions only"),
    };
    Ok(format!("{letters}{atom}{rides}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fsf(text: &str) -> Result<String, String> {
        fsf_betza(&crate::betza::parse(text).expect("reads"))
    }

    #[test]
    fn what_both_read_alike_is_written_for_fairy_stockfish() {
        for (ours, theirs) in [
            ("mfW|cefF|imfnD", "mfWcefFimfnD"),
            ("N", "N"),
            ("NN", "NN"),
            ("mRcpR", "mRcpR"),
            ("gQ", "gQ"),
            ("FfW", "FfW"),
            ("M", "C"),
            ("fhN", "fhN"),
            ("fbN", "fbN"),
            ("W3", "W3"),
            ("mfF|cefW|imfnA", "mfFcefWimfnA"),
        ] {
            assert_eq!(fsf(ours).as_deref(), Ok(theirs), "{ours}");
        }
    }

    #[test]
    fn what_fairy_stockfish_reads_otherwise_is_named() {
        for (ours, why) in [
            ("W-B", "chained moves"),
            ("(1,3)", "custom (x,y) atoms"),
            ("jR", "'j' is not"),
            ("oR", "'o' is not"),
            ("nH", "lame leaps of N, A, Z and D"),
            ("AA", "rides in W, F and N"),
            ("hN", "a lone h"),
            ("fhK", "h on a compound"),
            ("fsW", "straight atom"),
            ("frN", "direction pair"),
            ("iK", "i moves never capture"),
            ("pN", "hops along rook and bishop"),
        ] {
            let e = fsf(ours).expect_err(ours);
            assert!(e.contains(why), "{ours}: {e}");
        }
    }
}
