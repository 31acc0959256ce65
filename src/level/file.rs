//! The level file as serde reads it: every table and key of the format on the structs below
//! ([`LevelFile`] and the tables inside it), whose doc comments say what each key means and
//! whose `schemars` attributes give its range, pattern, choices and default; [`super::schema`]
//! derives the JSON Schema from them. Beside them, the checks both modes' readers make alike:
//! the board's size, a castling letter, a piece's picture.

use super::error::{Errors, LevelErrorKind};
use crate::grid::values::{MAX_VALUE, MAX_WEIGHT, WEIGHT_NAMES};
use crate::notation::urc::UrcDefinition;
use crate::pictures;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

// What each key means is its doc comment: the schema's description, docs/levels.md's meaning and
// the message for a missing key. The `x-` extension keys are explained in `schema`.

/// Whether a boolean key is written and true (left out, it is false).
pub(super) fn is_on(key: &Option<Spanned<bool>>) -> bool {
    key.as_ref().is_some_and(|b| *b.get_ref())
}

/// A level file of areachess: a continuous (area of competence) or grid (Betza) chess variant.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "areachess level")]
pub(super) struct LevelFile {
    /// The level's title.
    #[schemars(with = "String")]
    pub(super) name: Spanned<String>,
    /// Which rules: area-of-competence chess or a square grid.
    #[schemars(with = "String", extend("enum" = ["continuous", "grid"]))]
    pub(super) mode: Spanned<String>,
    /// One paragraph for the level picker.
    #[serde(default)]
    pub(super) description: String,
    /// The names Fairy-Stockfish gives the variants this level plays exactly, as its
    /// `UCI_Variant` option lists them (`normal` for chess, `fischerandom` for Chess960);
    /// under UCI and XBoard the level is offered by each of them as well as by its own name.
    #[schemars(
        with = "Option<Vec<VariantName>>",
        length(min = 1),
        extend("x-mode" = "grid")
    )]
    pub(super) fairy_stockfish: Option<Spanned<Vec<Spanned<String>>>>,
    /// The board's size.
    pub(super) board: BoardSection,
    /// Rule lengths of continuous mode, in units of R; every key optional.
    #[schemars(with = "Option<ContinuousSection>", extend("x-mode" = "continuous"))]
    pub(super) continuous: Option<Spanned<ContinuousSection>>,
    /// The piece types: [pieces.X] where X is White's FEN letter (Black's is the lower case).
    /// A continuous level keeps the classic K Q R B N P for the letters it does not declare.
    #[schemars(
        with = "Option<BTreeMap<String, PieceSection>>",
        extend(
            "propertyNames" = {
                "pattern": "^[A-Z]$",
                "x-expected": "one upper-case letter A–Z (White's FEN letter)"
            },
            "minProperties" = 1,
            "x-required-in" = "grid"
        )
    )]
    pub(super) pieces: Option<Spanned<BTreeMap<Spanned<String>, PieceSection>>>,
    /// The computer opponent's evaluation weights for this level, by name, in place of the
    /// engine's own (docs/engine.md lists them; `areachess tune` fits them and prints this
    /// table); the weights it leaves out stay the engine's.
    #[schemars(with = "Option<EvaluationWeights>", extend("x-mode" = "grid"))]
    pub(super) evaluation: Option<Spanned<BTreeMap<String, Spanned<i64>>>>,
    /// The setup and rules.
    pub(super) rules: RulesSection,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct BoardSection {
    /// Files (columns), 1 to 26.
    #[schemars(with = "i64", range(min = 1, max = 26))]
    pub(super) files: Spanned<i64>,
    /// Ranks (rows), 1 to 26.
    #[schemars(with = "i64", range(min = 1, max = 26))]
    pub(super) ranks: Spanned<i64>,
}

#[derive(Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ContinuousSection {
    /// Side of a nominal square, in units of R (the disc radius).
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "2√2"))]
    pub(super) square: Option<Spanned<f64>>,
    /// How far the king slides.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "default" = 4))]
    pub(super) king_reach: Option<Spanned<f64>>,
    /// The radius of the knight's landing ring.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "√40"))]
    pub(super) knight_distance: Option<Spanned<f64>>,
    /// The longest pawn slide of a moved pawn.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "1 square"))]
    pub(super) pawn_step: Option<Spanned<f64>>,
    /// The longest pawn slide of an unmoved pawn.
    #[schemars(
        with = "Option<f64>",
        extend("exclusiveMinimum" = 0, "x-default" = "2 squares")
    )]
    pub(super) pawn_first_step: Option<Spanned<f64>>,
    /// Forward and sideways reach of the pawn's capture capsules.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "1 square"))]
    pub(super) pawn_capture: Option<Spanned<f64>>,
    /// The shortest legal move.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "default" = 1))]
    pub(super) min_move: Option<Spanned<f64>>,
    /// Distance of the promotion line from the far edge.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "default" = 1))]
    pub(super) promotion_line: Option<Spanned<f64>>,
    /// The classic pawn's promotion choices: letters of pieces of the level that are not royal
    /// (Q R B N or its own); the first is the default.
    #[schemars(
        with = "Option<Vec<PieceLetter>>",
        length(min = 1),
        extend("default" = ["Q", "R", "B", "N"])
    )]
    pub(super) promotion: Option<Spanned<Vec<Spanned<String>>>>,
    /// How far the king travels when castling.
    #[schemars(
        with = "Option<f64>",
        extend("exclusiveMinimum" = 0, "x-default" = "2 squares")
    )]
    pub(super) castling_king_travel: Option<Spanned<f64>>,
    /// Where the rook lands past the king's landing.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0, "x-default" = "1 square"))]
    pub(super) castling_rook_offset: Option<Spanned<f64>>,
    /// The board's outline: the whole rectangle, or the disc inscribed in a square board.
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["rectangle", "round"], "default" = "rectangle")
    )]
    pub(super) shape: Option<Spanned<String>>,
    /// Walls no disc may overlap, cross or land on: discs (`{ centre = [x, y], radius = r }`)
    /// and polygons (`{ polygon = [[x, y], …] }`, 3 to 64 corners), in units of R from the
    /// board's lower-left corner; at most 64 walls and holes together.
    #[schemars(with = "Option<Vec<ObstacleSection>>", length(max = 64))]
    pub(super) walls: Option<Spanned<Vec<Spanned<ObstacleSection>>>>,
    /// Holes in the board, written as walls are: played as walls, drawn as missing board.
    #[schemars(with = "Option<Vec<ObstacleSection>>", length(max = 64))]
    pub(super) holes: Option<Spanned<Vec<Spanned<ObstacleSection>>>>,
}

/// A wall or a hole of a continuous board: a disc (`centre` and `radius`) or a polygon.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ObstacleSection {
    /// A disc's centre, `[x, y]` in units of R from the board's lower-left corner.
    #[schemars(with = "Option<[f64; 2]>")]
    pub(super) centre: Option<Spanned<Vec<f64>>>,
    /// A disc's radius, in units of R.
    #[schemars(with = "Option<f64>", extend("exclusiveMinimum" = 0))]
    pub(super) radius: Option<Spanned<f64>>,
    /// A polygon's corners in order, each `[x, y]`: 3 to 64 of them.
    #[schemars(with = "Option<Vec<[f64; 2]>>", length(min = 3, max = 64))]
    pub(super) polygon: Option<Spanned<Vec<Vec<f64>>>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct RulesSection {
    /// The start position: a FEN (grid, or continuous with pieces on square centres) or a
    /// continuous POS.
    #[schemars(with = "String")]
    pub(super) setup: Spanned<String>,
    /// Which pieces castle. Grid: the king steps toward an unmoved rook, which lands on the
    /// square the king crossed last; a grid level castles only if it says so. Continuous: the
    /// king slides toward an unmoved rook, which lands beside it (docs/continuous-rules.md); K
    /// with R unless it says otherwise.
    #[schemars(with = "Option<CastlingSection>")]
    pub(super) castling: Option<Spanned<CastlingSection>>,
    /// What stalemate means for the stalemated side: a draw, a loss, a win, or
    /// "fewer-pieces-win": the side with fewer pieces on the board wins and equal numbers
    /// draw (suicide chess).
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["draw", "loss", "win", "fewer-pieces-win"], "default" = "draw", "x-mode" = "grid")
    )]
    pub(super) stalemate: Option<Spanned<String>>,
    /// Checkmate, or royal pieces may be left attacked and captured.
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["checkmate", "capture"], "default" = "checkmate", "x-mode" = "grid")
    )]
    pub(super) royal: Option<Spanned<String>>,
    /// The occurrence of one position (same side to move and rights) that draws: 0 for never,
    /// else 2 to 20.
    #[schemars(
        with = "Option<i64>",
        range(min = 0, max = 20),
        extend("default" = 3, "x-mode" = "grid")
    )]
    pub(super) repetition: Option<Spanned<i64>>,
    /// So many moves by each side without a capture or a move of a piece that promotes draw;
    /// 0 for never.
    #[schemars(
        with = "Option<i64>",
        range(min = 0, max = 1000),
        extend("default" = 50, "x-mode" = "grid")
    )]
    pub(super) move_rule: Option<Spanned<i64>>,
    /// Whether a position where neither side can give mate is drawn (as Fairy-Stockfish judges
    /// it).
    #[schemars(with = "Option<bool>", extend("default" = true, "x-mode" = "grid"))]
    pub(super) insufficient_material: Option<Spanned<bool>>,
    /// The bare-king rule of shatranj and courier: a side left with nothing but one piece (its
    /// bare king) loses, unless with its next move it bares the other side's king as well.
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) bare_king: Option<Spanned<bool>>,
    /// Makruk's, Cambodian or ASEAN counting, as Fairy-Stockfish has them: once no pawn is
    /// left and one side is nearly bare, the other must mate within a number of moves or
    /// the game is drawn. It counts the types lettered R (rook), S (khon; B under ASEAN's
    /// rules) and N (knight).
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["makruk", "cambodian", "asean"], "x-mode" = "grid")
    )]
    pub(super) counting: Option<Spanned<String>>,
    /// Drops, as in crazyhouse: a piece taken goes to the taker's hand (a promoted one as
    /// the type it was), and a move may put a piece from the hand on an empty square (a type
    /// that promotes not on its first rank nor in its promotion zone).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) drops: Option<Spanned<bool>>,
    /// Shogi's drop rules, with `drops`: a piece may be dropped wherever it could still move
    /// (its promotion zone too), not a pawn (the type lettered P) on a file where its side
    /// has an unpromoted pawn, and a pawn dropped to give mate loses the game.
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) shogi_drops: Option<Spanned<bool>>,
    /// With `drops`: whether a piece taken goes to the taker's hand (crazyhouse, shogi);
    /// with false it leaves the game, and the hands hold only what the setup gives them
    /// (pocket knight).
    #[schemars(with = "Option<bool>", extend("default" = true, "x-mode" = "grid"))]
    pub(super) captures_to_hand: Option<Spanned<bool>>,
    /// With `drops`: whether a promoted piece taken goes to the taker's hand as what it
    /// became (loop chess, chessgi) rather than as what it was (crazyhouse); FENs then mark
    /// no piece promoted (`~`).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) hand_keeps_promotion: Option<Spanned<bool>>,
    /// With `drops`: whether a type that promotes may be dropped on its side's first rank
    /// too (chessgi), still not in its promotion zone.
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) first_rank_drops: Option<Spanned<bool>>,
    /// With `shogi_drops`: what a mate given by dropping a pawn does for the side that
    /// dropped it: "loses" (shogi), or "wins" as any other mate (yari shogi).
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["loses", "wins"], "default" = "loses", "x-mode" = "grid")
    )]
    pub(super) pawn_drop_mate: Option<Spanned<String>>,
    /// Whether a repetition reached by one side giving check in every one of its moves
    /// since the first of the repeated positions loses for that side instead of drawing
    /// (shogi's perpetual check).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) perpetual_check_loses: Option<Spanned<bool>>,
    /// Each new game draws its setup: "chess960" rearranges the setup's first rank as
    /// Chess960 does (colour-bound pairs on both colours, the castling king between its
    /// rooks) and gives Black the mirror image. `setup` stays the level's own position
    /// (the orthodox one, for chess960), the one FENs and `startpos` mean.
    #[schemars(with = "Option<String>", extend("enum" = ["chess960"], "x-mode" = "grid"))]
    pub(super) shuffle: Option<Spanned<String>>,
    /// n-check: the side that gives this many checks wins (three-check: 3). Each side's
    /// checks still to give are written in FENs after the en-passant field, `3+3`.
    #[schemars(with = "Option<i64>", range(min = 1, max = 99), extend("x-mode" = "grid"))]
    pub(super) checks: Option<Spanned<i64>>,
    /// What being checkmated means for the mated side: "loss", or "win" (misère chess,
    /// losers chess).
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["loss", "win"], "default" = "loss", "x-mode" = "grid")
    )]
    pub(super) checkmate: Option<Spanned<String>>,
    /// Capture the flag: a side wins when a piece of the given type reaches its region
    /// (king of the hill, racing kings).
    #[schemars(with = "Option<FlagSection>", extend("x-mode" = "grid"))]
    pub(super) flag: Option<Spanned<FlagSection>>,
    /// Extinction: a side left with at most `left` pieces of one of the given types (or of
    /// all its pieces together, without `pieces`) meets `outcome`.
    #[schemars(with = "Option<ExtinctionSection>", extend("x-mode" = "grid"))]
    pub(super) extinction: Option<Spanned<ExtinctionSection>>,
    /// A side that can take must take (antichess, losers chess); which capture is its choice.
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) must_capture: Option<Spanned<bool>>,
    /// No move may give check (racing kings).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) no_checks: Option<Spanned<bool>>,
    /// In check, a royal piece may move only to take the one piece checking it; every
    /// other answer must block or take with another piece (makpong).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) royal_stays_in_check: Option<Spanned<bool>>,
    /// The side every draw by the rules (stalemate, repetition, the move rule, material)
    /// goes to as a win (armageddon: "black").
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["white", "black"], "x-mode" = "grid")
    )]
    pub(super) draw_odds: Option<Spanned<String>>,
    /// The squares from which a piece may make its `i` moves (a pawn's double step) whether
    /// it has moved or not, by side, as Fairy-Stockfish's doubleStepRegion (horde: White's
    /// first two ranks; torpedo: everywhere). A side not given keeps the rule that only a
    /// piece that has not moved makes them.
    #[schemars(with = "Option<RegionSection>", extend("x-mode" = "grid"))]
    pub(super) double_step: Option<Spanned<RegionSection>>,
    /// The squares on which each side may take en passant (horde: White on its sixth rank,
    /// Black on its third). A side not given takes en passant anywhere.
    #[schemars(with = "Option<RegionSection>", extend("x-mode" = "grid"))]
    pub(super) en_passant: Option<Spanned<RegionSection>>,
    /// Atomic captures: a capture explodes, removing the capturing piece and every piece
    /// on the eight squares around the one taken, of either side, but the types spared.
    #[schemars(with = "Option<ExplosionsSection>", extend("x-mode" = "grid"))]
    pub(super) explosions: Option<Spanned<ExplosionsSection>>,
    /// Walls every move leaves (FEN `*`; a move's text names the wall: `a1b2,b2a1`):
    /// "past" on the square the piece left (snail trail), "anywhere" on any empty square
    /// (isolation), "duck" the one wall moved to another empty square (duck chess),
    /// "arrow" on an empty square the moved piece could go to next (amazons). A level
    /// with walls has no royal piece.
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["past", "anywhere", "duck", "arrow"], "x-mode" = "grid")
    )]
    pub(super) walls: Option<Spanned<String>>,
    /// The squares each side's walls may go on (isolation: all but the two start squares).
    /// A side not given may wall any square.
    #[schemars(with = "Option<RegionSection>", extend("x-mode" = "grid"))]
    pub(super) wall_squares: Option<Spanned<RegionSection>>,
    /// With `drops`: the squares each side drops on, instead of the rules that keep pawns
    /// off some ranks (dragon chess: its first rank; dōbutsu shōgi: anywhere, even where
    /// a chick cannot move again). A side not given drops where those rules allow.
    #[schemars(with = "Option<RegionSection>", extend("x-mode" = "grid"))]
    pub(super) drop_squares: Option<Spanned<RegionSection>>,
    /// The flying general of xiangqi: no move may leave the two sides' royal pieces
    /// facing each other along a file or rank with nothing between them.
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) flying_royals: Option<Spanned<bool>>,
    /// With `drops`: while a side has pieces in hand and may drop one, it must drop
    /// (placement chess: the pieces are placed before any moves).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) must_drop: Option<Spanned<bool>>,
    /// With `drops`: the letter of the type a side must drop on squares of both colours
    /// (placement chess's bishops): no drop may leave too few squares of a colour for
    /// those still in hand.
    #[schemars(with = "Option<String>", regex(pattern = r"^[A-Z]$"), extend("x-mode" = "grid"))]
    pub(super) bishops_apart: Option<Spanned<String>>,
    /// With `shogi_drops`: the letter of the pawn whose drops shogi's rules limit (no more
    /// than `pawns_per_file` on a file, no mate by dropping one).
    #[schemars(
        with = "Option<String>",
        regex(pattern = r"^[A-Z]$"),
        extend("default" = "P", "x-mode" = "grid")
    )]
    pub(super) shogi_pawn: Option<Spanned<String>>,
    /// With `shogi_drops`: how many unpromoted pawns a side may have on one file before it
    /// may drop no other there (shogi: 1; tori shōgi: 2).
    #[schemars(
        with = "Option<i64>",
        range(min = 1, max = 26),
        extend("default" = 1, "x-mode" = "grid")
    )]
    pub(super) pawns_per_file: Option<Spanned<i64>>,
    /// The letters of the types a piece of which turns into a wall (FEN `*`) on the square
    /// where it takes (petrified chess); a royal one may not take at all.
    #[schemars(with = "Option<Vec<String>>", extend("x-mode" = "grid"))]
    pub(super) petrify: Option<Spanned<Vec<Spanned<String>>>>,
    /// Whether standard algebraic notation marks checks and mates (`+`, `#`); false as
    /// Fairy-Stockfish writes petrified chess, whose king is protected without being
    /// its king.
    #[schemars(with = "Option<bool>", extend("default" = true, "x-mode" = "grid"))]
    pub(super) san_check_marks: Option<Spanned<bool>>,
    /// With `drops`: whether a drop may give check (supply chess: no).
    #[schemars(with = "Option<bool>", extend("default" = true, "x-mode" = "grid"))]
    pub(super) drop_checks: Option<Spanned<bool>>,
    /// Shatar's rule on mates: a mate given by knights (N) alone wins for the mated side,
    /// and a mate is drawn unless one of the checks the mating side gave in a row up to
    /// it was given by a knight, rook or bers (N, R, J).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) shatar_mate: Option<Spanned<bool>>,
    /// Whether a repetition (by `repetition`'s count) that is no perpetual check loses for
    /// the side whose move made it, instead of drawing (tori shōgi).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) repetition_loses: Option<Spanned<bool>>,
    /// Cambodian chess's first moves: FENs list in their castling field the files of the
    /// first-rank pieces that may still make their `i` moves (`DEde`); a royal makes them
    /// only out of check, and loses them when an enemy rook (R) lands on its file or rank.
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) first_move_gates: Option<Spanned<bool>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ExplosionsSection {
    /// The letters of the types an explosion beside them leaves standing (atomic chess:
    /// pawns); one that takes or is taken still goes.
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) spares: Option<Spanned<Vec<Spanned<String>>>>,
    /// The letters of the types no explosion removes, not even one that takes (atomar:
    /// the king).
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) immune: Option<Spanned<Vec<Spanned<String>>>>,
    /// The letters of the types that may not take a piece of their own type (atomar:
    /// kings).
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) not_alike: Option<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct RegionSection {
    /// White's squares: squares (`d4`) and rectangles from one corner to the other
    /// (`a1-h2`).
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) white: Option<Spanned<Vec<Spanned<String>>>>,
    /// Black's squares, written the same way.
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) black: Option<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct FlagSection {
    /// The letter of the type that must reach the region.
    #[schemars(with = "String", regex(pattern = r"^[A-Z]$"))]
    pub(super) piece: Spanned<String>,
    /// White's region: squares (`d4`) and rectangles from one corner to the other
    /// (`a8-h8`). Without it, White has no flag to reach.
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) white: Option<Spanned<Vec<Spanned<String>>>>,
    /// Black's region, written the same way.
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) black: Option<Spanned<Vec<Spanned<String>>>>,
    /// Whether the other side moves once more before an arrival wins: the arrival wins if
    /// it still stands after that move (Jeson Mor). With a royal flag piece (racing kings)
    /// only Black answers, and only when its own can reach its region with that move: both
    /// there, the game is drawn.
    #[schemars(with = "Option<bool>", extend("default" = false))]
    pub(super) answer: Option<Spanned<bool>>,
    /// Whether a piece counts as arrived only while no enemy piece attacks it, judged
    /// before every move (dōbutsu shōgi: a lion on the far rank that could be taken has
    /// not won yet); both sides there draw.
    #[schemars(with = "Option<bool>", extend("default" = false))]
    pub(super) safe: Option<Spanned<bool>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ExtinctionSection {
    /// The letters of the types counted, each on its own. Without it, all of a side's
    /// pieces are counted together.
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) pieces: Option<Spanned<Vec<Spanned<String>>>>,
    /// The most pieces that may be left for the rule to apply (pieces in hand counted).
    #[schemars(with = "Option<i64>", range(min = 0, max = 99), extend("default" = 0))]
    pub(super) left: Option<Spanned<i64>>,
    /// What it means for the side it befalls: "loss" (extinction chess, horde), "win"
    /// (antichess: the side that has given away every piece wins), or "draw" (shatar: a
    /// bare king draws).
    #[schemars(
        with = "Option<String>",
        extend("enum" = ["loss", "win", "draw"], "default" = "loss")
    )]
    pub(super) outcome: Option<Spanned<String>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(extend("oneOf" = [
    { "required": ["betza"] },
    { "required": ["hasinu"] },
    { "required": ["urc"] }
]))]
pub(super) struct PieceSection {
    /// The piece's name.
    #[schemars(extend("x-default" = "the letter"))]
    pub(super) name: Option<String>,
    /// Its label: Game Courier's (grid), or the letters written on a continuous piece's
    /// picture when it has none of its own. White's; Black's is the lower case.
    #[schemars(
        with = "Option<String>",
        regex(pattern = r"^[A-Z]{1,4}$"),
        extend(
            "x-expected" = "one to four upper-case letters A–Z",
            "x-default" = "the letter"
        )
    )]
    pub(super) label: Option<Spanned<String>>,
    /// Its picture: a shipped one by name (`knight`), or an SVG file relative to the level.
    #[schemars(
        with = "Option<String>",
        // `[\s\S]`: any character, a line break too (as `pictures::is_file` takes it).
        regex(pattern = r"^([a-z0-9]+(-[a-z0-9]+)*|[\s\S]+\.svg)$"),
        extend(
            "x-expected" = "a shipped picture's name (lower case, words joined by '-') or an .svg file",
            "x-default" = "the shipped picture named after the piece, else (grid) one drawn from its moves or (continuous) the classic figure of K Q R B N P, else the man with its label"
        )
    )]
    pub(super) image: Option<Spanned<String>>,
    /// Its moves in Betza (docs/betza.md; on the continuous board, docs/continuous-rules.md).
    /// A grid piece has exactly one of betza, hasinu and urc.
    #[schemars(with = "Option<String>")]
    pub(super) betza: Option<Spanned<String>>,
    /// Its moves in Ħasínū notation.
    #[schemars(
        with = "Option<String>",
        extend(
            "x-mode" = "grid",
            "x-instead" = "a continuous piece gives its moves in `betza`"
        )
    )]
    pub(super) hasinu: Option<Spanned<String>>,
    /// Its URC definition: "FILE.yaml#id" (relative to the level) or an embedded table.
    #[schemars(
        with = "Option<UrcSource>",
        extend(
            "x-mode" = "grid",
            "x-instead" = "a continuous piece gives its moves in `betza`"
        )
    )]
    pub(super) urc: Option<Spanned<toml::Value>>,
    /// The radius of its disc, in units of R (continuous): overlap, blocking, the width of
    /// its strips and how near it comes to the edge and to walls follow it.
    #[schemars(
        with = "Option<f64>",
        range(min = 0.25, max = 4.0),
        extend("default" = 1, "x-mode" = "continuous")
    )]
    pub(super) radius: Option<Spanned<f64>>,
    /// Whether checkmate protects it (losing it loses). In a continuous level the king is
    /// royal unless some piece says `royal = true`; then exactly those are.
    #[serde(default)]
    pub(super) royal: bool,
    /// What it may become and where (continuous: on touching the promotion line).
    #[schemars(with = "Option<PromotionSection>")]
    pub(super) promotion: Option<Spanned<PromotionSection>>,
    /// Its worth in centipawns (a pawn is about 100) to the computer opponent.
    #[schemars(
        with = "Option<i64>",
        range(min = 0, max = MAX_VALUE),
        extend(
            "x-mode" = "grid",
            "x-default" = "estimated from its moves (`areachess check --values` shows it); 0 for a royal piece"
        )
    )]
    pub(super) value: Option<Spanned<i64>>,
    /// The letter of the type this one is the promoted form of, as shogi's promoted pieces
    /// are: FENs write it `+` and that letter (`+P`), a move promoting to it ends in `+`
    /// (`b2h8+`), and taken it goes to the hand as that type.
    #[schemars(
        with = "Option<PieceLetter>",
        extend("x-mode" = "grid")
    )]
    pub(super) promoted_from: Option<Spanned<String>>,
    /// Its worth by square on top of `value`, in centipawns, to the computer opponent: a
    /// table for the middlegame and one for the endgame, as `areachess tune --squares`
    /// fits them.
    #[schemars(with = "Option<SquaresSection>", extend("x-mode" = "grid"))]
    pub(super) squares: Option<Spanned<SquaresSection>>,
    /// The only squares it may move to and attack, by side (xiangqi's king and advisors
    /// in their palace, its elephants on their own half): squares (`d1`) and rectangles
    /// (`d1-f3`). A side not given goes anywhere. Only for pieces whose moves are single
    /// leaps (lame ones too).
    #[schemars(with = "Option<RegionSection>", extend("x-mode" = "grid"))]
    pub(super) region: Option<Spanned<RegionSection>>,
    /// The letter standard algebraic notation writes for it, where not its own (xiangqi's
    /// horse `H` and elephant `E`, as Fairy-Stockfish writes them); FENs keep its letter.
    #[schemars(
        with = "Option<String>",
        regex(pattern = r"^[A-Z]$"),
        extend("x-mode" = "grid")
    )]
    pub(super) san: Option<Spanned<String>>,
    /// Whether its moves start the move rule's count (`rules.move_rule`) again, as a
    /// capture does (pawn-back chess: false, since its pawns may step back).
    #[schemars(
        with = "Option<bool>",
        extend("x-default" = "true for a type that promotes", "x-mode" = "grid")
    )]
    pub(super) resets_move_rule: Option<Spanned<bool>>,
    /// Other moves it makes, instead of its own, where it stands on the given squares
    /// (xiangqi's soldier across the river: `fsW`).
    #[schemars(with = "Option<AcrossSection>", extend("x-mode" = "grid"))]
    pub(super) across: Option<Spanned<AcrossSection>>,
}

/// The moves a piece makes where it stands on some squares.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct AcrossSection {
    /// The moves, in Betza, of one leg each.
    #[schemars(with = "String")]
    pub(super) betza: Spanned<String>,
    /// White's squares where it makes them: squares and rectangles (`a6-i10`).
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) white: Option<Spanned<Vec<Spanned<String>>>>,
    /// Black's squares, written the same way.
    #[schemars(with = "Option<Vec<String>>")]
    pub(super) black: Option<Spanned<Vec<Spanned<String>>>>,
}

/// A piece's worth by square, in centipawns: each table one row per rank, the last rank
/// first (White's side at the bottom, as a diagram shows it), one number per file.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct SquaresSection {
    /// In the middlegame (with all the setup's material on the board).
    #[schemars(
        with = "Option<Vec<Vec<SquareWorth>>>",
        extend("x-default" = "0 on every square")
    )]
    pub(super) middle: Option<Spanned<Vec<Vec<i64>>>>,
    /// In the endgame (the evaluation blends the two by the material on the board).
    #[schemars(
        with = "Option<Vec<Vec<SquareWorth>>>",
        extend("x-default" = "0 on every square")
    )]
    pub(super) end: Option<Spanned<Vec<Vec<i64>>>>,
}

/// One square's worth in a `squares` table.
#[derive(JsonSchema)]
#[schemars(extend("x-expected" = "a whole number of centipawns"))]
#[expect(
    dead_code,
    reason = "a schema only: the reader checks the tables' shape against the board"
)]
struct SquareWorth(#[schemars(range(min = -MAX_VALUE, max = MAX_VALUE))] i64);

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct PromotionSection {
    /// The letters of the types it may become.
    #[schemars(with = "Vec<PieceLetter>", length(min = 1))]
    pub(super) to: Vec<Spanned<String>>,
    /// Black's choices where they are not White's (`to` is then White's only), as in
    /// armies that differ: the letters of the types a Black piece may become.
    #[schemars(
        with = "Option<Vec<PieceLetter>>",
        length(min = 1),
        extend("x-mode" = "grid")
    )]
    pub(super) black_to: Option<Vec<Spanned<String>>>,
    /// How many ranks at the far edge promote.
    #[schemars(
        with = "Option<i64>",
        range(min = 1, max = 26),
        extend(
            "default" = 1,
            "x-mode" = "grid",
            "x-instead" = "a continuous piece promotes on touching the line `[continuous] promotion_line`"
        )
    )]
    pub(super) zone: Option<Spanned<i64>>,
    /// The zone as squares, by side, instead of `zone` ranks (Legan chess: a corner):
    /// squares (`a8`) and rectangles (`a5-a8`). A side not given has `zone` ranks.
    #[schemars(
        with = "Option<RegionSection>",
        extend(
            "x-mode" = "grid",
            "x-instead" = "a continuous piece promotes on touching the line `[continuous] promotion_line`"
        )
    )]
    pub(super) squares: Option<Spanned<RegionSection>>,
    /// Whether a move into the zone may decline to promote before the last rank.
    #[serde(default)]
    #[schemars(extend(
        "x-mode" = "grid",
        "x-instead" = "a continuous piece promotes on touching the line `[continuous] promotion_line`"
    ))]
    pub(super) optional: bool,
    /// Whether it may become only a type of which its side has fewer on the board than in
    /// the setup (one that has been captured, as in Grand chess); with none, it may not
    /// move onto a rank where it must promote.
    #[serde(default)]
    #[schemars(extend(
        "x-mode" = "grid",
        "x-instead" = "a continuous piece may always become any of its promotion choices"
    ))]
    pub(super) captured_only: bool,
    /// Whether a move that starts in the zone may promote as well, wherever it ends (shogi:
    /// into, within and out of the zone).
    #[serde(default)]
    #[schemars(extend("x-mode" = "grid"))]
    pub(super) from_zone: bool,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct CastlingSection {
    /// The letter of the type that castles.
    #[schemars(with = "Option<String>", extend("default" = "K"))]
    pub(super) king: Option<Spanned<String>>,
    /// The letter of the type it castles with.
    #[schemars(with = "Option<String>", extend("default" = "R"))]
    pub(super) rook: Option<Spanned<String>>,
    /// The letter of a second type it may castle with, as with the rook (perfect chess:
    /// the chancellor), whichever of the two stands outermost on a wing.
    #[schemars(with = "Option<String>", extend("x-mode" = "grid"))]
    pub(super) also: Option<Spanned<String>>,
    /// How far the king steps toward the rook.
    #[schemars(
        with = "Option<i64>",
        range(min = 1, max = 25),
        extend(
            "default" = 2,
            "x-mode" = "grid",
            "x-instead" = "a continuous king travels `[continuous] castling_king_travel`"
        )
    )]
    pub(super) king_steps: Option<Spanned<i64>>,
    /// The file the king lands on when it castles toward the higher files, instead of
    /// `king_steps` (Janus: "i"); give `queenside` too. The rook lands beside it, inside.
    #[schemars(with = "Option<String>", extend("x-mode" = "grid"))]
    pub(super) kingside: Option<Spanned<String>>,
    /// The file the king lands on when it castles toward the lower files (Janus: "b").
    #[schemars(with = "Option<String>", extend("x-mode" = "grid"))]
    pub(super) queenside: Option<Spanned<String>>,
    /// Chess960 castling: from wherever king and rook start, the king lands on `kingside`
    /// or `queenside` (by default the files two in from each edge: g and c on eight
    /// files) and the rook beside it, inside; written as the king taking its own rook
    /// (`e1h1`), with the rooks' files as FEN castling rights (`HAha`).
    #[schemars(with = "Option<bool>", extend("default" = false, "x-mode" = "grid"))]
    pub(super) chess960: Option<Spanned<bool>>,
    /// With drops: the file of the first rank on which a dropped king gets the right to
    /// castle with the rooks in that rank's corners, and a rook dropped in a corner the
    /// right to castle with the king there (placement chess: "e").
    #[schemars(with = "Option<String>", extend("x-mode" = "grid"))]
    pub(super) drop_file: Option<Spanned<String>>,
}

/// A piece's letter, as promotion lists write it.
#[derive(JsonSchema)]
#[schemars(extend("x-expected" = "one piece letter"))]
#[expect(
    dead_code,
    reason = "a schema only: the readers keep the letter's span"
)]
pub(super) struct PieceLetter(#[schemars(regex(pattern = "^[A-Za-z]$"))] String);

/// A Fairy-Stockfish variant's name, as its `UCI_Variant` option writes it.
#[derive(JsonSchema)]
#[expect(dead_code, reason = "a schema only: the reader keeps each name's span")]
#[schemars(extend("x-expected" = "lower-case letters, digits and '-', at most 32"))]
pub(super) struct VariantName(#[schemars(regex(pattern = "^[a-z0-9][a-z0-9-]{0,31}$"))] String);

/// What a piece's `urc` holds.
#[derive(JsonSchema)]
#[serde(untagged)]
#[expect(
    dead_code,
    reason = "a schema only: the reader keeps the TOML value, to read it as URC itself"
)]
pub(super) enum UrcSource {
    /// A definition in a URC file: `"FILE.yaml#id"`, relative to the level.
    File(#[schemars(regex(pattern = "#"))] String),
    /// The definition itself.
    Embedded(UrcDefinition),
}

/// A level's `[evaluation]` table: the grid evaluation's weights by name.
pub(super) struct EvaluationWeights;

impl JsonSchema for EvaluationWeights {
    fn schema_name() -> Cow<'static, str> {
        "EvaluationWeights".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names = format!("^({})$", WEIGHT_NAMES.join("|"));
        let expected = format!("a weight's name: {}", WEIGHT_NAMES.join(", "));
        json_schema!({
            "type": "object",
            "propertyNames": { "pattern": names, "x-expected": expected },
            "additionalProperties": { "type": "integer", "minimum": 0, "maximum": MAX_WEIGHT }
        })
    }
}

/// A `[rules] castling` letter: the one written in `v`, else `default` (placed at the
/// whole `table`), as `find` reads it; an error at it when `find` finds nothing.
pub(super) fn castling_letter<T>(
    errors: &mut Errors<'_>,
    table: Range<usize>,
    v: &Option<Spanned<String>>,
    default: &str,
    what: &'static str,
    find: impl Fn(&str) -> Option<T>,
) -> Option<T> {
    let (text, span) = match v {
        Some(s) => (s.get_ref().as_str(), s.span()),
        None => (default, table),
    };
    let found = find(text);
    if found.is_none() {
        errors.at(
            span,
            LevelErrorKind::CastlingLetter {
                what,
                letter: text.to_string(),
            },
        );
    }
    found
}

/// The board's files and ranks, each 1 to 26, or errors at the bad ones.
pub(super) fn board_size(raw: &LevelFile, errors: &mut Errors<'_>) -> Option<(u8, u8)> {
    let mut size = |v: &Spanned<i64>, what: &'static str| {
        let n = *v.get_ref();
        if (1..=26).contains(&n) {
            Some(n as u8)
        } else {
            errors.at(v.span(), LevelErrorKind::BoardSize { what, value: n });
            None
        }
    };
    let files = size(&raw.board.files, "files");
    let ranks = size(&raw.board.ranks, "ranks");
    files.zip(ranks)
}

/// An error at a piece's `image` if it names no picture: no file beside the level (inside
/// its folder: see [`crate::reading::beside`]), or no shipped picture of that name.
pub(super) fn check_image(errors: &mut Errors<'_>, image: &Spanned<String>) {
    let name = image.get_ref();
    let kind = if pictures::is_file(name) {
        match crate::reading::beside(Path::new(errors.file), name) {
            // A saved game's copy of a level names no file: its picture is drawn instead.
            _ if !errors.follows => None,
            Ok(path) => {
                (!crate::reading::is_file(&path)).then(|| LevelErrorKind::NoImageFile(name.clone()))
            }
            Err(refusal) => Some(LevelErrorKind::ImageRefused {
                image: name.clone(),
                refusal,
            }),
        }
    } else {
        (!crate::reading::is_bare_name(name) || pictures::named(name).is_none())
            .then(|| LevelErrorKind::NoShippedImage(name.clone()))
    };
    if let Some(kind) = kind {
        errors.at(image.span(), kind);
    }
}
