//! The continuous part of the level format: the board's lengths, the pieces in Betza
//! (docs/continuous-rules.md#pieces-from-betza), which kinds castle, and the setup.
//!
//! Its keys are listed in [`super::schema`].
//!
//! | question | decision |
//! | --- | --- |
//! | a letter the level does not declare | keeps its classic piece (docs/continuous-rules.md) (K Q R B N P) |
//! | a declared letter without `name` | the letter is its name, as in a grid level |
//! | royalty | K is royal unless some declared piece says `royal = true`; then exactly those are |
//! | a Betza that does not compile | reported at its character; the kind stays on the board without moves, so the setup is still checked |
//! | the default `[continuous] promotion` (Q R B N) | keeps only those that are not royal on this board |
//! | `[continuous] promotion` beside a declared `[pieces.P]` | refused: the list is the classic pawn's, and a declared pawn gives its own `promotion` |

use super::error::{Errors, LevelErrorKind, LevelErrors, SetupError};
use super::file::{
    ContinuousSection, LevelFile, ObstacleSection, PieceSection, board_size, castling_letter,
    check_image,
};
use super::modes::{ContinuousLevel, Level, LevelKind};
use crate::continuous::board::{Castling, KindSpec};
use crate::continuous::geometry::{Obstacle, Point, R};
use crate::continuous::notation::{NotationError, parse_fen, parse_position};
use crate::continuous::shapes::{Form, PieceShapes, compile_text};
use crate::continuous::{Board, Kind, Piece, Position, Setup};
use crate::pictures::Look;
use crate::play::Color;
use std::sync::Arc;
use toml::Spanned;

/// Reads a continuous level from its parsed file.
pub(super) fn read(raw: LevelFile, errors: &mut Errors<'_>) -> Result<Level, LevelErrors> {
    // The schema check refuses these already; a level read past it must not keep them.
    for (key, span) in [
        ("stalemate", raw.rules.stalemate.as_ref().map(Spanned::span)),
        ("royal", raw.rules.royal.as_ref().map(Spanned::span)),
        (
            "repetition",
            raw.rules.repetition.as_ref().map(Spanned::span),
        ),
        ("move_rule", raw.rules.move_rule.as_ref().map(Spanned::span)),
        (
            "insufficient_material",
            raw.rules.insufficient_material.as_ref().map(Spanned::span),
        ),
        ("bare_king", raw.rules.bare_king.as_ref().map(Spanned::span)),
        ("counting", raw.rules.counting.as_ref().map(Spanned::span)),
        ("drops", raw.rules.drops.as_ref().map(Spanned::span)),
        ("shuffle", raw.rules.shuffle.as_ref().map(Spanned::span)),
        (
            "shogi_drops",
            raw.rules.shogi_drops.as_ref().map(Spanned::span),
        ),
        (
            "perpetual_check_loses",
            raw.rules.perpetual_check_loses.as_ref().map(Spanned::span),
        ),
        (
            "captures_to_hand",
            raw.rules.captures_to_hand.as_ref().map(Spanned::span),
        ),
        (
            "pawn_drop_mate",
            raw.rules.pawn_drop_mate.as_ref().map(Spanned::span),
        ),
        (
            "hand_keeps_promotion",
            raw.rules.hand_keeps_promotion.as_ref().map(Spanned::span),
        ),
        (
            "first_rank_drops",
            raw.rules.first_rank_drops.as_ref().map(Spanned::span),
        ),
        ("checks", raw.rules.checks.as_ref().map(Spanned::span)),
        ("checkmate", raw.rules.checkmate.as_ref().map(Spanned::span)),
        ("flag", raw.rules.flag.as_ref().map(Spanned::span)),
        (
            "extinction",
            raw.rules.extinction.as_ref().map(Spanned::span),
        ),
        (
            "must_capture",
            raw.rules.must_capture.as_ref().map(Spanned::span),
        ),
        ("no_checks", raw.rules.no_checks.as_ref().map(Spanned::span)),
        (
            "royal_stays_in_check",
            raw.rules.royal_stays_in_check.as_ref().map(Spanned::span),
        ),
        ("draw_odds", raw.rules.draw_odds.as_ref().map(Spanned::span)),
        (
            "double_step",
            raw.rules.double_step.as_ref().map(Spanned::span),
        ),
        (
            "en_passant",
            raw.rules.en_passant.as_ref().map(Spanned::span),
        ),
        (
            "explosions",
            raw.rules.explosions.as_ref().map(Spanned::span),
        ),
        ("walls", raw.rules.walls.as_ref().map(Spanned::span)),
        ("must_drop", raw.rules.must_drop.as_ref().map(Spanned::span)),
        (
            "drop_checks",
            raw.rules.drop_checks.as_ref().map(Spanned::span),
        ),
        (
            "shatar_mate",
            raw.rules.shatar_mate.as_ref().map(Spanned::span),
        ),
        (
            "repetition_loses",
            raw.rules.repetition_loses.as_ref().map(Spanned::span),
        ),
        (
            "first_move_gates",
            raw.rules.first_move_gates.as_ref().map(Spanned::span),
        ),
        ("petrify", raw.rules.petrify.as_ref().map(Spanned::span)),
        (
            "san_check_marks",
            raw.rules.san_check_marks.as_ref().map(Spanned::span),
        ),
        (
            "bishops_apart",
            raw.rules.bishops_apart.as_ref().map(Spanned::span),
        ),
        (
            "shogi_pawn",
            raw.rules.shogi_pawn.as_ref().map(Spanned::span),
        ),
        (
            "pawns_per_file",
            raw.rules.pawns_per_file.as_ref().map(Spanned::span),
        ),
        (
            "flying_royals",
            raw.rules.flying_royals.as_ref().map(Spanned::span),
        ),
        (
            "drop_squares",
            raw.rules.drop_squares.as_ref().map(Spanned::span),
        ),
        (
            "wall_squares",
            raw.rules.wall_squares.as_ref().map(Spanned::span),
        ),
    ] {
        if let Some(span) = span {
            errors.at(span, LevelErrorKind::GridRuleInContinuous(key));
        }
    }
    let Some(mut board) = read_board(&raw, errors) else {
        return Err(LevelErrors(errors.found.clone()));
    };
    let looks = read_pieces(&raw, &mut board, errors);
    read_castling(&raw, &mut board, errors);
    board.prepare();
    check_min_move(&raw, &board, errors);
    let board = Arc::new(board);
    let setup = &raw.rules.setup;
    let start = if setup.get_ref().contains('@') {
        parse_position(board.clone(), &[], setup.get_ref())
            .map_err(SetupError::from)
            .and_then(|p| {
                // A POS setup is where every piece starts: all unmoved.
                let pieces = p
                    .pieces()
                    .iter()
                    .map(|q| Piece { moved: false, ..*q })
                    .collect();
                Position::try_from(Setup {
                    board: board.clone(),
                    pieces,
                    to_move: p.to_move(),
                })
                .map_err(SetupError::from)
            })
    } else {
        parse_fen(board.clone(), setup.get_ref()).map_err(SetupError::from)
    };
    let start = match start {
        Ok(pos) => Some(pos),
        Err(e) => {
            // A fault inside a FEN rank is placed at its character; any other at the string.
            match fen_column(&e) {
                Some(column) => errors.in_string(setup, column, LevelErrorKind::ContinuousSetup(e)),
                None => errors.at(setup.span(), LevelErrorKind::ContinuousSetup(e)),
            }
            None
        }
    };
    match start {
        Some(start) if errors.found.is_empty() => Ok(Level {
            name: raw.name.into_inner(),
            description: raw.description,
            fairy_stockfish: Vec::new(),
            kind: LevelKind::Continuous(ContinuousLevel {
                board,
                start,
                looks,
            }),
        }),
        _ => Err(LevelErrors(errors.found.clone())),
    }
}

/// The column inside the FEN of a fault that has one.
fn fen_column(e: &SetupError) -> Option<usize> {
    match e {
        SetupError::Notation(
            NotationError::FenRun { span, .. }
            | NotationError::FenLetter { span, .. }
            | NotationError::FenLong { span, .. }
            | NotationError::FenShort { span, .. },
        ) => Some(span.column),
        _ => None,
    }
}

/// The longest length a continuous level may give, in units of R: far past any board of
/// 26 squares of a sensible side, and small enough that sums and squares of lengths stay
/// exact to the tolerance the rules use.
pub const LONGEST_LENGTH: f64 = 1e6;

/// The longest `min_move`, in units of R: two radii, the distance between the centres of
/// two touching discs, which is as short as a capture can be; a longer `min_move` would
/// void a move while the same move capturing stands.
pub const LONGEST_MIN_MOVE: f64 = 2.0 * R;

/// The board's size and lengths, or `None` if its size is bad.
fn read_board(raw: &LevelFile, errors: &mut Errors<'_>) -> Option<Board> {
    let (files, ranks) = board_size(raw, errors)?;
    let mut board = Board::new(u32::from(files), u32::from(ranks));
    let default = ContinuousSection::default();
    let c = raw.continuous.as_ref().map_or(&default, Spanned::get_ref);
    let mut length = |v: &Option<Spanned<f64>>, what: &'static str, slot: &mut f64| {
        if let Some(v) = v {
            let x = *v.get_ref();
            if x.is_finite() && x > 0.0 && x <= LONGEST_LENGTH {
                *slot = x;
            } else {
                errors.at(v.span(), LevelErrorKind::Length { what, value: x });
            }
        }
    };
    length(&c.square, "square", &mut board.square);
    let square = board.square;
    board.pawn_step = square;
    board.pawn_first_step = 2.0 * square;
    board.pawn_capture = square;
    board.castling_king_travel = 2.0 * square;
    board.castling_rook_offset = square;
    length(&c.king_reach, "king_reach", &mut board.king_reach);
    length(
        &c.knight_distance,
        "knight_distance",
        &mut board.knight_distance,
    );
    length(&c.pawn_step, "pawn_step", &mut board.pawn_step);
    length(
        &c.pawn_first_step,
        "pawn_first_step",
        &mut board.pawn_first_step,
    );
    length(&c.pawn_capture, "pawn_capture", &mut board.pawn_capture);
    length(&c.min_move, "min_move", &mut board.min_move);
    length(
        &c.promotion_line,
        "promotion_line",
        &mut board.promotion_line,
    );
    length(
        &c.castling_king_travel,
        "castling_king_travel",
        &mut board.castling_king_travel,
    );
    length(
        &c.castling_rook_offset,
        "castling_rook_offset",
        &mut board.castling_rook_offset,
    );
    // Past half the board, pieces would promote in their own half, or where they start.
    let half_height = board.height() / 2.0;
    if let Some(v) = &c.promotion_line
        && board.promotion_line > half_height
    {
        errors.at(
            v.span(),
            LevelErrorKind::LengthAbove {
                what: "promotion_line",
                value: board.promotion_line,
                most: half_height,
                why: "half the board's height: a piece must not promote in its own half",
            },
        );
    }
    if let Some(v) = &c.min_move
        && board.min_move > LONGEST_MIN_MOVE
    {
        errors.at(
            v.span(),
            LevelErrorKind::LengthAbove {
                what: "min_move",
                value: board.min_move,
                most: LONGEST_MIN_MOVE,
                why: "two radii: a capture of a touching piece moves no further",
            },
        );
    }
    read_outline(c, &mut board, errors);
    Some(board)
}

/// The most corners a polygon wall may have, the most walls and holes a board may have
/// together, and the most polygon sides in all: every slide asks each of them, and a
/// king's safety meets their curves pair by pair, so their numbers bound a move's time
/// and memory.
pub const MOST_CORNERS: usize = 64;
/// See [`MOST_CORNERS`].
pub const MOST_OBSTACLES: usize = 64;
/// See [`MOST_CORNERS`].
pub const MOST_SIDES: usize = 256;

/// The board's shape, walls and holes.
fn read_outline(c: &ContinuousSection, board: &mut Board, errors: &mut Errors<'_>) {
    if let Some(shape) = &c.shape
        && shape.get_ref() == "round"
    {
        if board.files == board.ranks {
            board.round = true;
        } else {
            errors.at(
                shape.span(),
                LevelErrorKind::RoundNotSquare {
                    files: board.files,
                    ranks: board.ranks,
                },
            );
        }
    }
    let (mut count, mut sides) = (0, 0);
    for (key, list, into) in [
        ("walls", &c.walls, &mut board.walls),
        ("holes", &c.holes, &mut board.holes),
    ] {
        for (n, item) in list.iter().flat_map(|l| l.get_ref()).enumerate() {
            let what = format!("{key}[{n}]");
            let too_many = |errors: &mut Errors<'_>, why| {
                errors.at(
                    item.span(),
                    LevelErrorKind::Obstacle {
                        what: what.clone(),
                        why,
                    },
                );
            };
            count += 1;
            if count > MOST_OBSTACLES {
                return too_many(
                    errors,
                    "more than 64 walls and holes together: expected at most 64",
                );
            }
            let Some(o) = read_obstacle(&what, item, errors) else {
                continue;
            };
            if let Obstacle::Polygon { corners } = &o {
                sides += corners.len();
                if sides > MOST_SIDES {
                    return too_many(
                        errors,
                        "more than 256 polygon sides in all: expected at most 256",
                    );
                }
            }
            into.push(o);
        }
    }
}

/// One wall or hole, or `None` after reporting why not.
fn read_obstacle(
    what: &str,
    item: &Spanned<ObstacleSection>,
    errors: &mut Errors<'_>,
) -> Option<Obstacle> {
    let o = item.get_ref();
    let mut bad = |span: std::ops::Range<usize>, key: &str, why: &'static str| {
        let what = if key.is_empty() {
            what.to_string()
        } else {
            format!("{what}.{key}")
        };
        errors.at(span, LevelErrorKind::Obstacle { what, why });
        None
    };
    let place = |xy: &[f64]| match xy {
        [x, y]
            if [x, y]
                .iter()
                .all(|v| v.is_finite() && v.abs() <= LONGEST_LENGTH) =>
        {
            Some(Point::new(*x, *y))
        }
        _ => None,
    };
    const PLACE: &str = "expected [x, y]: two numbers, in units of R, at most 1e6 either way";
    match (&o.centre, &o.radius, &o.polygon) {
        (Some(centre), Some(radius), None) => {
            let Some(c) = place(centre.get_ref()) else {
                return bad(centre.span(), "centre", PLACE);
            };
            let r = *radius.get_ref();
            if !(r.is_finite() && r > 0.0 && r <= LONGEST_LENGTH) {
                return bad(
                    radius.span(),
                    "radius",
                    "expected a positive length, at most 1e6 (in units of R)",
                );
            }
            Some(Obstacle::Disc {
                centre: c,
                radius: r,
            })
        }
        (None, None, Some(polygon)) => {
            let corners = polygon.get_ref();
            if !(3..=MOST_CORNERS).contains(&corners.len()) {
                return bad(
                    polygon.span(),
                    "polygon",
                    "expected 3 to 64 corners, each [x, y]",
                );
            }
            match corners
                .iter()
                .map(|xy| place(xy))
                .collect::<Option<Vec<_>>>()
            {
                Some(corners) => Some(Obstacle::Polygon { corners }),
                None => bad(polygon.span(), "polygon", PLACE),
            }
        }
        _ => bad(
            item.span(),
            "",
            "expected a disc (centre and radius) or a polygon (polygon), and not both",
        ),
    }
}

/// Refuses a jump or a castling king's travel shorter than `min_move`: the rules void any
/// move shorter than it, so a shape whose every move is shorter cannot be played. The error
/// is at the piece's `betza`, or at the length that makes it short.
fn check_min_move(raw: &LevelFile, board: &Board, errors: &mut Errors<'_>) {
    let default = ContinuousSection::default();
    let c = raw.continuous.as_ref().map_or(&default, Spanned::get_ref);
    let min_move = board.min_move;
    let place = |kind: Kind, key: Option<&Spanned<f64>>| {
        raw.pieces
            .iter()
            .flat_map(|p| p.get_ref())
            .find(|(letter, _)| Kind::from_letter_str(letter.get_ref()) == Some(kind))
            .and_then(|(_, p)| p.betza.as_ref().map(Spanned::span))
            .or(c.min_move.as_ref().map(Spanned::span))
            .or(key.map(Spanned::span))
    };
    for spec in &board.kinds {
        let shortest = [false, true]
            .into_iter()
            .flat_map(|moved| board.shapes_of(spec.kind, Color::White, moved))
            .filter_map(|shape| match shape.reach {
                Form::Ring { radius, .. } => Some(radius),
                _ => None,
            })
            .fold(f64::INFINITY, f64::min);
        if shortest < min_move - 1e-9
            && let Some(span) = place(spec.kind, c.knight_distance.as_ref())
        {
            errors.at(
                span,
                LevelErrorKind::ShorterThanMinMove {
                    what: format!("piece {}'s jump", spec.kind.letter()),
                    length: shortest,
                    min_move,
                },
            );
        }
    }
    if board.castling.is_some() && board.castling_king_travel < min_move - 1e-9 {
        let span = (c.min_move.as_ref())
            .or(c.castling_king_travel.as_ref())
            .or(c.square.as_ref())
            .map_or(0..0, Spanned::span);
        errors.at(
            span,
            LevelErrorKind::ShorterThanMinMove {
                what: "castling_king_travel".to_string(),
                length: board.castling_king_travel,
                min_move,
            },
        );
    }
}

/// Puts the level's `[pieces]` on the board, each compiled on the board's square (so after
/// the lengths), then decides royalty and reads every promotion list; returns how the
/// declared pieces look.
fn read_pieces(raw: &LevelFile, board: &mut Board, errors: &mut Errors<'_>) -> Vec<Look> {
    let declared: Vec<(Kind, &Spanned<String>, &PieceSection)> = raw
        .pieces
        .iter()
        .flat_map(|p| p.get_ref())
        // The schema check has made sure each key is one upper-case letter.
        .filter_map(|(key, p)| Some((Kind::from_letter_str(key.get_ref())?, key, p)))
        .collect();
    let mut looks = Vec::new();
    for &(kind, key, p) in &declared {
        // The schema check has made sure a continuous piece has a `betza`.
        let Some(betza) = &p.betza else { continue };
        let shapes = compile_text(betza.get_ref(), board.square).unwrap_or_else(|e| {
            let column = e.column();
            let kind = LevelErrorKind::ContinuousBetza {
                text: betza.get_ref().clone(),
                error: e,
            };
            errors.in_string(betza, column, kind);
            PieceShapes::default()
        });
        let spec = KindSpec {
            kind,
            name: p.name.clone().unwrap_or_else(|| key.get_ref().clone()),
            royal: p.royal,
            shapes: Some(shapes),
            promotion: None,
        };
        if let Some(radius) = &p.radius {
            board.radii.retain(|(k, _)| *k != kind);
            board.radii.push((kind, piece_radius(radius, errors)));
        }
        match board.kinds.iter_mut().find(|s| s.kind == kind) {
            Some(classic) => *classic = spec,
            None => board.kinds.push(spec),
        }
        if let Some(image) = &p.image {
            check_image(errors, image);
        }
        looks.push(Look {
            kind,
            image: p.image.as_ref().map(|i| i.get_ref().clone()),
            // The schema check has made sure it is one to four letters A–Z.
            label: p
                .label
                .as_ref()
                .map_or_else(|| kind.letter().to_string(), |l| l.get_ref().clone()),
        });
    }
    let royal_declared = declared.iter().any(|(_, _, p)| p.royal);
    for spec in &mut board.kinds {
        if royal_declared {
            spec.royal &= spec.shapes.is_some();
        } else {
            spec.royal = spec.kind == Kind::KING;
        }
    }
    for &(kind, _, p) in &declared {
        let Some(promotion) = &p.promotion else {
            continue;
        };
        let to = promotion_list(&promotion.get_ref().to, board, errors);
        if to.is_empty() && promotion.get_ref().to.is_empty() {
            errors.at(promotion.span(), LevelErrorKind::NoPromotionTarget);
        }
        if let Some(spec) = board.kinds.iter_mut().find(|s| s.kind == kind) {
            spec.promotion = Some(to);
        }
    }
    let classic_pawn = board
        .kinds
        .iter()
        .any(|s| s.kind == Kind::PAWN && s.shapes.is_none());
    let c = raw.continuous.as_ref().map(Spanned::get_ref);
    match c.and_then(|c| c.promotion.as_ref()) {
        Some(list) if !classic_pawn => {
            errors.at(list.span(), LevelErrorKind::PawnPromotionDeclared);
        }
        Some(list) => {
            board.promotion = promotion_list(list.get_ref(), board, errors);
            if list.get_ref().is_empty() {
                errors.at(list.span(), LevelErrorKind::NoContinuousPromotion);
            }
        }
        None => {
            let royal: Vec<Kind> = board
                .kinds
                .iter()
                .filter(|s| s.royal)
                .map(|s| s.kind)
                .collect();
            board.promotion.retain(|k| !royal.contains(k));
        }
    }
    looks
}

/// The smallest and largest disc radius a kind may have, in units of R: a quarter of the
/// default disc to four times it.
pub const RADII: std::ops::RangeInclusive<f64> = 0.25..=4.0;

/// A kind's `radius`, or R with an error at the key when it is outside [`RADII`].
fn piece_radius(radius: &Spanned<f64>, errors: &mut Errors<'_>) -> f64 {
    let r = *radius.get_ref();
    if RADII.contains(&r) {
        return r;
    }
    errors.at(
        radius.span(),
        LevelErrorKind::Radius {
            value: r,
            least: *RADII.start(),
            most: *RADII.end(),
        },
    );
    R
}

/// The kinds a promotion list names: each a kind of this board that is not royal, or an
/// error at its letter.
fn promotion_list(
    letters: &[Spanned<String>],
    board: &Board,
    errors: &mut Errors<'_>,
) -> Vec<Kind> {
    let mut kinds = Vec::new();
    for letter in letters {
        let text = letter.get_ref();
        match Kind::from_letter_str(text).filter(|k| board.has(*k)) {
            Some(k) if board.is_royal(k) => {
                errors.at(
                    letter.span(),
                    LevelErrorKind::PromotionToRoyal(text.clone()),
                );
            }
            Some(k) => kinds.push(k),
            None => errors.at(letter.span(), LevelErrorKind::PromotionTarget(text.clone())),
        }
    }
    kinds
}

/// `[rules] castling`: which kind castles with which (both kinds of this board).
fn read_castling(raw: &LevelFile, board: &mut Board, errors: &mut Errors<'_>) {
    let Some(c) = &raw.rules.castling else {
        return;
    };
    let section = c.get_ref();
    let mut letter = |v: &Option<Spanned<String>>, default: &str, what: &'static str| {
        let find = |text: &str| Kind::from_letter_str(text).filter(|k| board.has(*k));
        castling_letter(errors, c.span(), v, default, what, find)
    };
    let king = letter(&section.king, "K", "king");
    let rook = letter(&section.rook, "R", "rook");
    if let (Some(king), Some(rook)) = (king, rook) {
        board.castling = Some(Castling { king, rook });
    }
}
