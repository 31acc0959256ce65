//! Standard algebraic notation for grid moves, as Fairy-Stockfish writes it (so a record
//! reads the same in other chess tools): the piece's letter (none for a pawn), the mover's
//! file, rank or square where another piece of its type could go to the same square, `x`
//! for a capture, the target square, `=X` for a promotion, and `+` or `#` for check or
//! mate (of the king, as `marked_check` tells it); castling is `O-O` toward the higher
//! files and `O-O-O` toward the lower; a wall left follows after a comma (`Pb2,a1`,
//! `e4,e5`).

use super::cell::{is_piece, role_of};
use super::legal::legal_moves;
use super::movegen::{in_check, is_attacked};
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::rules::Role;
use super::variant::Variant;

/// Whether pieces of `role` are written without a letter: the pawn (`P`, promoting, with
/// moves that do not capture, all straight ahead), as Fairy-Stockfish writes its pawn.
/// A pawn that steps aside or back without capturing (Berolina's, pawn-back chess's) is
/// written with its letter, as Fairy-Stockfish writes its custom pieces (`Pg4`, `Pec4`);
/// so is one that takes as it moves (shogi's, `Pe6`).
fn is_pawn(v: &Variant, role: Role) -> bool {
    let t = &v[role];
    let legs = || t.chains.iter().flat_map(|c| &c.legs);
    let quiet = |leg: &&crate::betza::model::Leg| leg.modes.moves && !leg.modes.captures;
    let straight = legs()
        .filter(quiet)
        .all(|leg| leg.leaps.iter().all(|&(x, y)| x == 0 && y > 0));
    t.letter == 'P' && t.promotion.is_some() && legs().any(|leg| quiet(&leg)) && straight
}

/// The letter pieces of `role` are written with: their own, but for a promoted form that
/// moves exactly as a type that is none, which is written as that type, as shogi's
/// promoted small pieces are all written as the gold they move like (`Gxc2`, `Pi7=G`).
fn letter(v: &Variant, role: Role) -> char {
    let t = &v[role];
    let alike = t.promoted_from.and_then(|_| {
        v.types.iter().find(|o| {
            o.promoted_from.is_none()
                && o.promotion.is_none()
                && o.royal == t.royal
                && o.chains == t.chains
        })
    });
    let written = alike.unwrap_or(t);
    written
        .san_letter
        .unwrap_or(written.letter)
        .to_ascii_uppercase()
}

/// `m` (a legal move in `pos`) in standard algebraic notation.
pub fn san(v: &Variant, pos: &Position, m: Move) -> String {
    let mut pos = pos.clone();
    let mut legal = Vec::new();
    legal_moves(v, &mut pos, &mut legal);
    let mut out = written(v, &pos, m, &legal);
    let undo = pos.make(v, m);
    if marked_check(v, &pos) {
        let mut replies = Vec::new();
        legal_moves(v, &mut pos, &mut replies);
        out.push(if replies.is_empty() { '#' } else { '+' });
    }
    pos.unmake(v, m, &undo);
    out
}

/// Whether SAN marks the position's side to move as in check, as Fairy-Stockfish does: an
/// attack on its king, the castling type where a level has several royal types (coregal's
/// queens are royal but no king); never under atomic captures, whose kings it does not
/// count as checked.
fn marked_check(v: &Variant, pos: &Position) -> bool {
    if v.explosions.is_some() || !v.san_check_marks {
        return false;
    }
    let several = v.types.iter().filter(|t| t.royal).count() > 1;
    match v
        .castling
        .map(|c| c.king)
        .filter(|&k| several && v.is_royal(k))
    {
        Some(king) => {
            let us = pos.to_move();
            pos.royals(us)
                .iter()
                .any(|&r| role_of(pos.cell(r)) == king && is_attacked(v, pos, r, us.opponent()))
        }
        None => in_check(v, pos),
    }
}

/// `m` without its check mark, among the `legal` moves of `pos`, its wall after a comma: the
/// move is told from the others that leave the same wall.
fn written(v: &Variant, pos: &Position, m: Move, legal: &[Move]) -> String {
    let Some(wall) = m.wall else {
        return unmarked(v, pos, m, legal);
    };
    // Told from the moves that leave the same wall, as Fairy-Stockfish tells them.
    let bare = |m: &Move| Move { wall: None, ..*m };
    let moves: Vec<Move> = legal
        .iter()
        .filter(|o| o.wall == m.wall)
        .map(bare)
        .collect();
    format!(
        "{},{}",
        unmarked(v, pos, bare(&m), &moves),
        v.geometry.name(wall)
    )
}

/// `m` without its check mark, among the `legal` moves of `pos`.
fn unmarked(v: &Variant, pos: &Position, m: Move, legal: &[Move]) -> String {
    let g = v.geometry;
    match m.kind {
        // The wing is the rook's side (a Chess960 king may move the other way, or stay).
        MoveKind::Castle { .. } if m.castles_up() == Some(true) => "O-O".to_string(),
        MoveKind::Castle { .. } => "O-O-O".to_string(),
        MoveKind::Drop { role } => format!("{}@{}", v[role].letter, g.name(m.to)),
        _ => plain(v, pos, m, legal),
    }
}

/// A move other than castling, without its check mark.
fn plain(v: &Variant, pos: &Position, m: Move, legal: &[Move]) -> String {
    let g = v.geometry;
    let cell = pos.cell(m.from);
    let role = role_of(cell);
    let mut out = String::new();
    let from = g.name(m.from).to_string();
    let file: String = from.chars().take_while(char::is_ascii_lowercase).collect();
    let rank: String = from.chars().skip_while(char::is_ascii_lowercase).collect();
    if is_pawn(v, role) {
        if m.kind.captures() {
            out.push_str(&file);
        }
    } else {
        let written = letter(v, role);
        out.push(written);
        // The other pieces written with its letter that could make the same move to the
        // same square (promoting as it does, or not).
        let others: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|o| o.to == m.to && o.from != m.from && o.promotion == m.promotion)
            .filter(|o| {
                let cell = pos.cell(o.from);
                is_piece(cell) && letter(v, role_of(cell)) == written
            })
            .collect();
        if !others.is_empty() {
            let same_file = others.iter().any(|o| g.file(o.from) == g.file(m.from));
            let same_rank = others.iter().any(|o| g.rank(o.from) == g.rank(m.from));
            if !same_file {
                out.push_str(&file);
            } else if !same_rank {
                out.push_str(&rank);
            } else {
                out.push_str(&from);
            }
        }
    }
    if m.kind.captures() {
        out.push('x');
    }
    out.push_str(&g.name(m.to).to_string());
    if let Some(p) = m.promotion {
        out.push('=');
        out.push(letter(v, p));
    }
    out
}

/// The legal move of `pos` that `text` writes in standard algebraic notation (check marks
/// and annotations such as `!` or `?` may be left off or added).
pub fn read_san(v: &Variant, pos: &Position, text: &str) -> Option<Move> {
    let want = text
        .trim_end_matches(['+', '#', '!', '?'])
        .replace("0-0-0", "O-O-O")
        .replace("0-0", "O-O");
    let mut scratch = pos.clone();
    let mut legal = Vec::new();
    legal_moves(v, &mut scratch, &mut legal);
    legal
        .iter()
        .copied()
        .find(|&m| written(v, pos, m, &legal) == want)
}
