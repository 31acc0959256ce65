//! Judging one requested move: the outcome of sending a piece toward a target point.
//!
//! A requested target is first read against the piece's movement area (a target within
//! [`SNAP`] of it is projected onto it), then swept: the first disc the mover would touch
//! stops it (a friend blocks, an enemy is captured), then the resulting position is checked
//! for the mover's king.

use super::attack::{disc_capture_witness, is_attacked, ring_capture_witness};
use super::board::Board;
use super::geometry::{
    Disc, Point, SNAP, angle_of, overlaps_sweep_within, overlaps_within, sweep_contact_within,
};
use super::king_zones::{Near, Zones};
use super::piece::{Color, Kind, Piece};
use super::position::Position;
use super::reach::{slide_end, slide_limit};
use super::shapes::{Form, Modes, Sectors, Shape};
use std::fmt;

/// A move as requested: the point that picks the piece, the target, the promotion choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Request {
    /// A point inside the mover's disc.
    pub from: Point,
    /// The requested target.
    pub to: Point,
    /// The promotion choice, if the player gave one.
    pub promotion: Option<Kind>,
}

/// Why a requested move is illegal: a fixed vocabulary (docs/continuous-rules.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The piece belongs to the side not to move.
    NotYourTurn,
    /// No disc contains the starting point.
    NoPiece,
    /// The target is not in the piece's movement area.
    OutsideMovementArea,
    /// A friendly disc stands on the path before the target.
    Blocked,
    /// A knight's landing would overlap a friendly disc.
    FriendlyOverlap,
    /// The move would overlap two enemies at once.
    AmbiguousCapture,
    /// The centre would move less than the minimum move.
    TooShort,
    /// The disc would not lie wholly on the board.
    OffBoard,
    /// The mover's king would be capturable, or the king would cross a capture area.
    KingExposed,
    /// The game has ended.
    GameOver,
}

impl Reason {
    /// Every reason, in the vocabulary's order.
    pub const ALL: [Reason; 10] = [
        Reason::NotYourTurn,
        Reason::NoPiece,
        Reason::OutsideMovementArea,
        Reason::Blocked,
        Reason::FriendlyOverlap,
        Reason::AmbiguousCapture,
        Reason::TooShort,
        Reason::OffBoard,
        Reason::KingExposed,
        Reason::GameOver,
    ];

    /// The reason's word, as the command line prints it.
    pub fn word(self) -> &'static str {
        match self {
            Reason::NotYourTurn => "not-your-turn",
            Reason::NoPiece => "no-piece",
            Reason::OutsideMovementArea => "outside-movement-area",
            Reason::Blocked => "blocked",
            Reason::FriendlyOverlap => "friendly-overlap",
            Reason::AmbiguousCapture => "ambiguous-capture",
            Reason::TooShort => "too-short",
            Reason::OffBoard => "off-board",
            Reason::KingExposed => "king-exposed",
            Reason::GameOver => "game-over",
        }
    }

    /// A sentence for a person.
    pub fn explain(self) -> &'static str {
        match self {
            Reason::NotYourTurn => "it is the other side's turn",
            Reason::NoPiece => "there is no piece there",
            Reason::OutsideMovementArea => "the piece cannot move there",
            Reason::Blocked => "a piece or a wall is in the way",
            Reason::FriendlyOverlap => "the piece would overlap a friendly piece",
            Reason::AmbiguousCapture => "the piece would overlap two enemies at once",
            Reason::TooShort => "a move must be at least one radius long",
            Reason::OffBoard => "the piece would not be wholly on the board",
            Reason::KingExposed => "the king would be in check or cross an enemy capture area",
            Reason::GameOver => "the game is over",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A legal move, applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    /// The mover as it stood before the move.
    pub mover: Piece,
    /// Where its centre ends.
    pub to: Point,
    /// The captured piece, if any.
    pub captured: Option<Piece>,
    /// What a promoting pawn became.
    pub promotion: Option<Kind>,
    /// The castling rook's start and end, if the move castles.
    pub castling: Option<(Point, Point)>,
    /// The position after the move.
    pub position: Position,
}

/// The outcome of a requested move.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The piece moves to a point.
    Move(Box<Applied>),
    /// The piece captures another and lands on its centre.
    Capture(Box<Applied>),
    /// The move is refused.
    Illegal(Reason),
}

impl Outcome {
    /// The applied move, if legal.
    pub fn applied(&self) -> Option<&Applied> {
        match self {
            Outcome::Move(a) | Outcome::Capture(a) => Some(a),
            Outcome::Illegal(_) => None,
        }
    }
}

/// Where a move lands before the king's safety is asked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Landing {
    pub to: Point,
    pub captured: Option<usize>,
    /// Rook index and its landing point.
    pub castling: Option<(usize, Point)>,
    /// For a king: how far along its path it slides before landing or touching its victim.
    pub path: Option<(Point, f64)>,
}

impl Landing {
    fn plain(to: Point) -> Self {
        Landing {
            to,
            captured: None,
            castling: None,
            path: None,
        }
    }
}

/// Judges moving the piece whose disc contains `from` toward `to`, promoting to `promotion`
/// (the level's first choice when a promoting move names none).
pub fn resolve(pos: &Position, from: Point, to: Point, promotion: Option<Kind>) -> Outcome {
    let Some(i) = pos.piece_at(from) else {
        return Outcome::Illegal(Reason::NoPiece);
    };
    resolve_piece(pos, i, to, promotion)
}

/// Judges moving `pos.pieces()[i]` toward `to`.
///
/// Each of the piece's shapes judges the request on its own: its slides together (the
/// nearest one carries a plain move), each sector disc, each sector ring. The first shape
/// whose landing leaves the king safe decides; when none does, the most telling refusal is
/// given: one that names an obstacle over `too-short`, and `too-short` over
/// `outside-movement-area`. A classic piece has one kind of shape, so this is §2's answer.
pub fn resolve_piece(pos: &Position, i: usize, to: Point, promotion: Option<Kind>) -> Outcome {
    let piece = pos.pieces()[i];
    if piece.side != pos.to_move() {
        return Outcome::Illegal(Reason::NotYourTurn);
    }
    if !to.x.is_finite() || !to.y.is_finite() {
        return Outcome::Illegal(Reason::OutsideMovementArea);
    }
    let board = pos.board();
    // A request that castles castles; one that cannot (an enemy on the castling square, say)
    // is judged as any other move, and keeps castling's refusal if that fails too.
    let mut castling_refused = None;
    if let Some(sign) = castling_request(board, &piece, to) {
        match castling_landing(pos, i, sign) {
            Ok(landing) => return finish(pos, i, exact(board, landing, to), promotion),
            Err(reason) => castling_refused = Some(reason),
        }
    }
    let mut refusal: Option<Reason> = None;
    // A legal outcome that does not land where asked (a slide stopped short by the enemy
    // it captures, say) waits in case another shape lands exactly there.
    let mut fallback: Option<Outcome> = None;
    let mut judged = |landing: Result<Landing, Reason>| -> Option<Outcome> {
        let outcome = match landing {
            Ok(landing) => finish(pos, i, exact(board, landing, to), promotion),
            Err(reason) => Outcome::Illegal(reason),
        };
        match outcome {
            Outcome::Illegal(reason) => {
                if refusal.is_none_or(|r| telling(reason) > telling(r)) {
                    refusal = Some(reason);
                }
                None
            }
            legal if lands_as_asked(board, &legal, to) => Some(legal),
            legal => {
                fallback.get_or_insert(legal);
                None
            }
        }
    };
    // Slides come first among a piece's shapes, and are judged together.
    let shapes = board.shapes_of(piece.kind, piece.side, piece.moved);
    let slides = shapes
        .iter()
        .take_while(|s| matches!(s.reach, Form::Slide { .. }))
        .count();
    if slides > 0
        && let Some(outcome) = judged(slide(pos, i, &shapes[..slides], to))
    {
        return outcome;
    }
    for shape in &shapes[slides..] {
        let landing = match &shape.reach {
            Form::Slide { .. } => continue,
            Form::Disc { sectors, radius } => {
                disc_landing(pos, i, to, sectors, *radius, shape.modes)
            }
            Form::Ring { sectors, radius } => {
                ring_landing(pos, i, to, sectors, *radius, shape.modes)
            }
        };
        if let Some(outcome) = judged(landing) {
            return outcome;
        }
    }
    fallback.unwrap_or(Outcome::Illegal(
        castling_refused
            .or(refusal)
            .unwrap_or(Reason::OutsideMovementArea),
    ))
}

/// Whether a legal outcome lands where `to` asked: a plain move onto it, or the capture of
/// the piece whose disc holds it.
fn lands_as_asked(board: &Board, outcome: &Outcome, to: Point) -> bool {
    match outcome {
        Outcome::Move(a) => a.to.distance(to) <= SNAP,
        Outcome::Capture(a) => a
            .captured
            .is_some_and(|c| c.at.distance(to) <= board.radius(c.kind)),
        Outcome::Illegal(_) => false,
    }
}

/// How much a refusal tells: an obstacle or the king's danger most, a short move next, and
/// "cannot move there" least.
fn telling(reason: Reason) -> u8 {
    match reason {
        Reason::OutsideMovementArea => 0,
        Reason::TooShort => 1,
        _ => 2,
    }
}

/// The side (−1 toward the a-file, +1 toward the far file) a request castles to, if it is a
/// castling request: the level's castling king, unmoved, asking to travel exactly the
/// castling distance along its rank.
fn castling_request(board: &Board, piece: &Piece, to: Point) -> Option<f64> {
    let castling = board.castling?;
    let d = to - piece.at;
    (piece.kind == castling.king
        && !piece.moved
        && d.y.abs() <= SNAP
        && (d.x.abs() - board.castling_king_travel).abs() <= SNAP)
        .then(|| d.x.signum())
}

/// The first disc of `pieces` (other than `skip`) that the disc `mover` sliding along `u`
/// touches within `max`, with the distance.
pub(crate) fn first_contact(
    board: &Board,
    pieces: &[Piece],
    skip: usize,
    mover: Disc,
    u: Point,
    max: f64,
) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (j, q) in pieces.iter().enumerate() {
        if j == skip {
            continue;
        }
        let limit = best.map_or(max, |b| b.1);
        let touch = mover.contact(board.radius(q.kind));
        if let Some(t) = sweep_contact_within(mover.at, u, q.at, touch, limit)
            && best.is_none_or(|b| t < b.1)
        {
            best = Some((j, t));
        }
    }
    best
}

/// Whether two enemies of the mover are touched at the same first-contact distance.
fn ambiguous(board: &Board, pieces: &[Piece], mover: usize, u: Point, hit: (usize, f64)) -> bool {
    let m = board.disc(&pieces[mover]);
    let side = pieces[mover].side;
    pieces.iter().enumerate().any(|(j, q)| {
        j != mover
            && j != hit.0
            && q.side != side
            && sweep_contact_within(m.at, u, q.at, m.contact(board.radius(q.kind)), hit.1 + 1e-9)
                .is_some()
    })
}

/// The outcome of the piece's slides toward `to`. A target inside an enemy captures it
/// when a slide that captures touches it first, or when a capture-only slide's strip holds
/// it and no moving slide's does (the pawn's rule); an enemy in a move-only slide's strip
/// blocks it. Otherwise the nearest moving slide carries the piece toward `to`.
fn slide(pos: &Position, i: usize, shapes: &[Shape], to: Point) -> Result<Landing, Reason> {
    let pieces = pos.pieces();
    let board = pos.board();
    let mover = pieces[i];
    let me = board.disc(&mover);
    let o = mover.at;
    let inset = board.inset_for(me.radius);
    let slides = || {
        shapes.iter().filter_map(|s| match s.reach {
            Form::Slide { dir, length } => {
                Some((dir, length.is_finite().then(|| dir * length), s.modes))
            }
            _ => None,
        })
    };

    if let Some(x) = enemy_containing(board, pieces, mover, to) {
        for (u, end, modes) in slides() {
            if !(modes.moves && modes.captures) {
                continue;
            }
            let limit = slide_limit(inset, o, u, end);
            if let Some(hit) = first_contact(board, pieces, i, me, u, limit)
                && hit.0 == x
            {
                return stopped_by(pos, i, u, hit, true);
            }
        }
        let victim = pieces[x].at;
        let touch = me.contact(board.radius(pieces[x].kind));
        let strip_holds = |(u, end, _): (Point, Option<Point>, Modes)| {
            overlaps_sweep_within(victim, o, slide_end(inset, o, u, end), touch)
        };
        if slides().any(|s| !s.2.moves && strip_holds(s))
            && !slides().any(|s| s.2.moves && strip_holds(s))
        {
            return Ok(Landing {
                captured: Some(x),
                ..Landing::plain(victim)
            });
        }
        if slides().any(|s| s.2.moves && !s.2.captures && strip_holds(s)) {
            return Err(Reason::Blocked);
        }
    }

    let d = to - o;
    if d.length() < board.min_move {
        return Err(Reason::TooShort);
    }
    let (u, end, modes, t) = slides()
        .filter(|s| s.2.moves)
        .map(|(u, end, modes)| (u, end, modes, d.dot(u)))
        .max_by(|a, b| {
            a.3.total_cmp(&b.3)
                .then_with(|| reach_of(a.1).total_cmp(&reach_of(b.1)))
        })
        .ok_or(Reason::OutsideMovementArea)?;
    if t <= 0.0 || (d - u * t).length() > SNAP {
        return Err(Reason::OutsideMovementArea);
    }
    let longest = reach_of(end);
    if t > longest + SNAP {
        return Err(Reason::OutsideMovementArea);
    }
    along_ray(pos, i, u, t.min(longest), modes.captures)
}

/// How far a slide with this far end reaches (without one, as far as the board allows).
fn reach_of(end: Option<Point>) -> f64 {
    end.map_or(f64::INFINITY, Point::length)
}

/// The enemy of `mover` whose disc contains `p`.
fn enemy_containing(board: &Board, pieces: &[Piece], mover: Piece, p: Point) -> Option<usize> {
    pieces
        .iter()
        .position(|q| q.side != mover.side && q.at.distance(p) <= board.radius(q.kind))
}

/// A slide of length `t` along `u`: stops at the first disc, captures it if `may_capture`
/// and it is an enemy.
fn along_ray(
    pos: &Position,
    i: usize,
    u: Point,
    t: f64,
    may_capture: bool,
) -> Result<Landing, Reason> {
    // Only contacts the disc reaches while wholly on the board count.
    let board = pos.board();
    let me = board.disc(&pos.pieces()[i]);
    let exit = board.inset_for(me.radius).exit_distance(me.at, u);
    match first_contact(board, pos.pieces(), i, me, u, t.min(exit)) {
        Some(hit) => stopped_by(pos, i, u, hit, may_capture),
        None => free_slide(pos, i, u, t),
    }
}

/// A slide along `u` that touches `pieces[j]` first, at distance `tc`.
fn stopped_by(
    pos: &Position,
    i: usize,
    u: Point,
    (j, tc): (usize, f64),
    may_capture: bool,
) -> Result<Landing, Reason> {
    let pieces = pos.pieces();
    if pieces[j].side == pieces[i].side || !may_capture {
        return Err(Reason::Blocked);
    }
    if ambiguous(pos.board(), pieces, i, u, (j, tc)) {
        return Err(Reason::AmbiguousCapture);
    }
    Ok(Landing {
        captured: Some(j),
        path: Some((u, tc)),
        ..Landing::plain(pieces[j].at)
    })
}

/// A slide of length `t` along `u` that touches nothing on the way.
fn free_slide(pos: &Position, i: usize, u: Point, t: f64) -> Result<Landing, Reason> {
    let board = pos.board();
    let o = pos.pieces()[i].at;
    if t < board.min_move {
        return Err(Reason::TooShort);
    }
    let inset = board.inset_of(&pos.pieces()[i]);
    if t > inset.exit_distance(o, u) + 1e-9 {
        // Past the edge, or onto a wall, the disc would leave the board; short of both, a
        // wall stands in the way.
        let to = o + u * t;
        let walled = t <= inset.edge_distance(o, u) + 1e-9 && !inset.on_obstacle(to);
        return Err(if walled {
            Reason::Blocked
        } else {
            Reason::OffBoard
        });
    }
    Ok(Landing {
        path: Some((u, t)),
        ..Landing::plain(o + u * t)
    })
}

/// A straight slide toward `to` in any direction inside `sectors`, up to `radius` (the
/// king's): the first disc it touches stops it; an enemy there is captured if it may.
fn disc_landing(
    pos: &Position,
    i: usize,
    to: Point,
    sectors: &Sectors,
    radius: f64,
    modes: Modes,
) -> Result<Landing, Reason> {
    let pieces = pos.pieces();
    let board = pos.board();
    let mover = pieces[i];
    let me = board.disc(&mover);
    let d = to - mover.at;
    let dist = d.length();
    if dist < 1e-12 {
        return Err(Reason::TooShort);
    }
    let mut u = d / dist;
    if !sectors.is_whole() && !sectors.contains(angle_of(u)) {
        // A target inside an enemy that a slide inside the sectors strikes is a capture.
        let struck = enemy_containing(board, pieces, mover, to).and_then(|x| {
            let others = pieces
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i && j != x)
                .map(|(_, q)| board.disc(q));
            disc_capture_witness(board, me, radius, sectors, board.disc(&pieces[x]), others)
        });
        match struck {
            Some(contact) if modes.captures => u = (contact - mover.at).normalize(),
            _ => return Err(Reason::OutsideMovementArea),
        }
    }
    // Contacts count only within the reach; a target a little beyond it is pulled back.
    let exit = board.inset_for(me.radius).exit_distance(mover.at, u);
    if let Some(hit) = first_contact(board, pieces, i, me, u, dist.min(radius).min(exit)) {
        return stopped_by(pos, i, u, hit, modes.captures);
    }
    if dist > radius + SNAP || !modes.moves {
        return Err(Reason::OutsideMovementArea);
    }
    free_slide(pos, i, u, dist.min(radius))
}

fn castling_landing(pos: &Position, i: usize, sign: f64) -> Result<Landing, Reason> {
    let pieces = pos.pieces();
    let board = pos.board();
    let partner = board.castling.map_or(Kind::ROOK, |c| c.rook);
    let king = pieces[i];
    let me = board.disc(&king);
    let u = Point::new(sign, 0.0);
    let exit = board.inset_for(me.radius).exit_distance(king.at, u);
    let Some((j, tc)) = first_contact(board, pieces, i, me, u, exit) else {
        return Err(Reason::OutsideMovementArea);
    };
    let rook = pieces[j];
    if rook.side != king.side {
        return Err(Reason::Blocked);
    }
    if rook.kind != partner || rook.moved || (rook.at.y - king.at.y).abs() > 1e-9 {
        return Err(if tc < board.castling_king_travel {
            Reason::Blocked
        } else {
            Reason::OutsideMovementArea
        });
    }
    let to = king.at + u * board.castling_king_travel;
    let rook_to = to - u * board.castling_rook_offset;
    // The rook passes back along the king's line: no wall may stand in its way.
    if board.inset_of(&rook).obstacle_distance(rook.at, -u) + 1e-9 < rook.at.distance(rook_to) {
        return Err(Reason::Blocked);
    }
    // The king's landing must not touch the rook, and the rook must land between them.
    if tc < board.castling_king_travel
        || overlaps_within(rook_to, king.at, board.contact(&king, &rook))
    {
        return Err(Reason::Blocked);
    }
    Ok(Landing {
        to,
        captured: None,
        castling: Some((j, rook_to)),
        path: Some((u, board.castling_king_travel)),
    })
}

/// A jump onto the circle of `radius` about the piece, at an angle inside `sectors` (the
/// knight's). A target off the circle inside an enemy captures it if some landing inside
/// the sectors overlaps it and nothing else.
fn ring_landing(
    pos: &Position,
    i: usize,
    to: Point,
    sectors: &Sectors,
    radius: f64,
    modes: Modes,
) -> Result<Landing, Reason> {
    let pieces = pos.pieces();
    let board = pos.board();
    let jumper = pieces[i];
    let r = radius;
    let d = to - jumper.at;
    let dist = d.length();
    let on_ring = (dist - r).abs() <= SNAP;
    if !on_ring || (!sectors.is_whole() && !sectors.contains(angle_of(d))) {
        if modes.captures
            && let Some(x) = enemy_containing(board, pieces, jumper, to)
        {
            let others = pieces
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i && j != x)
                .map(|(_, q)| board.disc(q));
            let victim = board.disc(&pieces[x]);
            if ring_capture_witness(board, board.disc(&jumper), r, sectors, victim, others)
                .is_some()
            {
                return Ok(Landing {
                    captured: Some(x),
                    ..Landing::plain(pieces[x].at)
                });
            }
        }
        return Err(if dist < board.min_move {
            Reason::TooShort
        } else {
            Reason::OutsideMovementArea
        });
    }
    let q = jumper.at + d * (r / dist);
    if !board.inset_of(&jumper).contains(q) {
        return Err(Reason::OffBoard);
    }
    let mut enemy = None;
    for (j, p) in pieces.iter().enumerate() {
        if j == i || !overlaps_within(q, p.at, board.contact(&jumper, p)) {
            continue;
        }
        if p.side == jumper.side {
            return Err(Reason::FriendlyOverlap);
        }
        if enemy.replace(j).is_some() {
            return Err(Reason::AmbiguousCapture);
        }
    }
    match enemy {
        Some(_) if !modes.captures => Err(Reason::Blocked),
        Some(x) => Ok(Landing {
            captured: Some(x),
            ..Landing::plain(pieces[x].at)
        }),
        None if !modes.moves => Err(Reason::OutsideMovementArea),
        None => Ok(Landing::plain(q)),
    }
}

/// Removes rounding from a landing: a projection within [`SNAP`] of the requested target is
/// the target, and a landing within 1e-9 of a square centre is that centre.
fn exact(board: &Board, mut landing: Landing, requested: Point) -> Landing {
    if landing.captured.is_none() && landing.to.distance(requested) <= SNAP {
        landing.to = requested;
    }
    landing.to = board.snap_to_square(landing.to);
    if let Some((_, rook_to)) = landing.castling.as_mut() {
        *rook_to = board.snap_to_square(*rook_to);
    }
    landing
}

/// Applies a landing, promotes, and asks whether the mover's king is safe.
fn finish(pos: &Position, i: usize, landing: Landing, promotion: Option<Kind>) -> Outcome {
    let board = pos.board();
    let before = pos.pieces();
    let mover = before[i];

    let royal = board.is_royal(mover.kind);
    if royal && !king_path_is_safe(pos, i, &landing) {
        return Outcome::Illegal(Reason::KingExposed);
    }

    let mut promoted = None;
    let white = mover.side == Color::White;
    let choices = if board.promotes_disc_at(white, landing.to, board.radius(mover.kind)) {
        board.promotion_of(mover.kind)
    } else {
        &[]
    };
    if !choices.is_empty() {
        let Some(choice) = promotion else {
            // No choice named: the first choice that is legal there (one whose disc does
            // not fit may not be, where kinds differ in size), else the first's refusal.
            let mut refusal = None;
            for &choice in choices {
                match finish(pos, i, landing, Some(choice)) {
                    Outcome::Illegal(reason) => {
                        refusal.get_or_insert(reason);
                    }
                    legal => return legal,
                }
            }
            return Outcome::Illegal(refusal.unwrap_or(Reason::OutsideMovementArea));
        };
        if !choices.contains(&choice) {
            return Outcome::Illegal(Reason::OutsideMovementArea);
        }
        promoted = Some(choice);
    }

    let mut pieces = before.to_vec();
    pieces[i].at = landing.to;
    pieces[i].moved = true;
    if let Some(kind) = promoted {
        pieces[i].kind = kind;
    }
    let mut castling = None;
    if let Some((j, rook_to)) = landing.castling {
        castling = Some((pieces[j].at, rook_to));
        pieces[j].at = rook_to;
        pieces[j].moved = true;
    }
    let captured = landing.captured.map(|x| pieces.remove(x));
    let after_capture = |k: usize| match landing.captured {
        Some(x) if x < k => k - 1,
        _ => k,
    };
    let mover_index = after_capture(i);
    // A landing found by sweeping stops where the discs touch, and rounding could leave it
    // a hair inside another disc or past the edge: such a move is refused, never played.
    // A promoted piece keeps its centre and takes its new kind's disc, which must fit too.
    let rook_index = landing.castling.map(|(j, _)| after_capture(j));
    for m in std::iter::once(mover_index).chain(rook_index) {
        let moved = &pieces[m];
        if !board.inset_of(moved).contains(moved.at) {
            return Outcome::Illegal(Reason::OffBoard);
        }
        if pieces
            .iter()
            .enumerate()
            .any(|(k, p)| k != m && overlaps_within(moved.at, p.at, board.contact(moved, p)))
        {
            return Outcome::Illegal(Reason::Blocked);
        }
    }
    let king = if royal {
        mover_index
    } else {
        pieces
            .iter()
            .position(|p| p.side == mover.side && board.is_royal(p.kind))
            .unwrap_or(mover_index)
    };
    // Every landing's safety is decided here, a king's own too (its path was judged
    // against the zones): one test, so that a landing on the very edge of a capture area
    // cannot pass one test and fail another.
    if is_attacked(board, &pieces, king) {
        return Outcome::Illegal(Reason::KingExposed);
    }
    let applied = Box::new(Applied {
        mover,
        to: landing.to,
        captured,
        promotion: promoted,
        castling,
        position: Position::from_rules(pos.board_arc().clone(), pieces, mover.side.opponent()),
    });
    if applied.captured.is_some() {
        Outcome::Capture(applied)
    } else {
        Outcome::Move(applied)
    }
}

/// The "cannot cross" rule: along its path the king's disc may leave the capture areas it
/// stands in, but may not enter one. The path is tested exactly: attacked-ness can only
/// change where the path crosses a zone's boundary curve.
fn king_path_is_safe(pos: &Position, i: usize, landing: &Landing) -> bool {
    let Some((u, length)) = landing.path else {
        return true;
    };
    let board = pos.board();
    let king = pos.pieces()[i];
    let near = Near {
        centre: king.at + u * (0.5 * length),
        radius: 0.5 * length,
    };
    let zones = Zones::new(board, pos.pieces(), i, landing.captured, near);
    if landing.castling.is_some() && zones.attacked(king.at) {
        return false;
    }
    path_prefix_ok(&zones, king.at, u, length, landing.castling.is_some())
}

/// Whether the king's path `from + t·u`, `0 < t ≤ length`, obeys the "cannot cross" rule:
/// it enters no enemy's capture area, and leaves for good the ones it stood in (never
/// allowed when `strict`, as for castling). Judged enemy by enemy: leaving the checking
/// piece's area does not let it cross another's.
pub(crate) fn path_prefix_ok(
    zones: &Zones<'_>,
    from: Point,
    u: Point,
    length: f64,
    strict: bool,
) -> bool {
    zones.stretch(from, u, length, !strict).entered >= length
}
