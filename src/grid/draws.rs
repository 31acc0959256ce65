//! Draws by rule: repetition, the move count, and material too weak to give mate (decided
//! as Fairy-Stockfish's `has_insufficient_material` does, for pieces read from Betza).

use super::board::Square;
use super::cell::role_of;
use super::mating::Mating;
use super::movegen::in_check;
use super::position::Position;
use super::rules::{RoyalRule, Stalemate};
use super::variant::Variant;
use crate::play::{Color, DrawRule};

/// Whether the level judges material at all: it has the rule, and a game is won by
/// checkmate only (under royal capture or a stalemate that wins, any piece may win).
fn material_rule(v: &Variant) -> bool {
    // With drops no piece leaves the game: there is always mating material.
    !v.drops
        && v.draws.insufficient_material
        && v.stalemate == Stalemate::Draw
        && v.royal_rule == RoyalRule::Checkmate
        && !v.mating.is_empty()
}

/// Whether neither side has the material to give mate, where the level has the rule.
pub fn insufficient_material(v: &Variant, pos: &Position) -> bool {
    material_rule(v) && Color::BOTH.into_iter().all(|c| cannot_mate(v, pos, c))
}

/// Whether side `c` has the material to give mate, as the level's material rule judges
/// (always, where the level has no such rule): a side out of time loses only to one that
/// has.
pub fn can_mate(v: &Variant, pos: &Position, c: Color) -> bool {
    !(material_rule(v) && cannot_mate(v, pos, c))
}

/// Whether side `c` cannot mate, whatever the other side does.
fn cannot_mate(v: &Variant, pos: &Position, c: Color) -> bool {
    let g = v.geometry;
    let colour = |sq: Square| ((g.file(sq) + g.rank(sq)) & 1) as usize;
    let mut colorbound_on = [false; 2];
    let mut unbound = false;
    let mut pieces = 0;
    let (mut our_colorbound, mut our_minor) = (false, false);
    for side in Color::BOTH {
        for &sq in pos.pieces(side) {
            match v.mating[role_of(pos.cell(sq)).index()] {
                Mating::Royal => continue,
                Mating::Able if side == c => return false,
                Mating::Able => unbound = true,
                Mating::Minor => {
                    unbound = true;
                    our_minor |= side == c;
                }
                Mating::Colorbound => {
                    colorbound_on[colour(sq)] = true;
                    our_colorbound |= side == c;
                }
            }
            pieces += 1;
        }
    }
    if our_colorbound && ((colorbound_on[0] && colorbound_on[1]) || unbound) {
        return false;
    }
    !(our_minor && pieces >= 2)
}

/// How many times the last of `positions` (a game's positions in order) has occurred
/// within its repetition window ([`Position::repetition_window`]), itself included.
pub fn occurrences(v: &Variant, positions: &[Position]) -> u32 {
    let Some(now) = positions.last() else {
        return 0;
    };
    let window = now.repetition_window(v).min(positions.len() - 1);
    let last = positions.len() - 1;
    let mut count = 1;
    for back in (2..=window).step_by(2) {
        if positions[last - back].key() == now.key() {
            count += 1;
        }
    }
    count
}

/// The rule that draws the game whose positions are `positions` (the current one last),
/// if one does: the material rule, then the move rule, then repetition.
pub fn drawn(v: &Variant, positions: &[Position]) -> Option<DrawRule> {
    let now = positions.last()?;
    if insufficient_material(v, now) {
        return Some(DrawRule::InsufficientMaterial);
    }
    let d = v.draws;
    if d.move_rule > 0 && now.halfmove() >= 2 * d.move_rule {
        return Some(DrawRule::MoveRule(d.move_rule));
    }
    if v.counting.is_some() && now.count().expired() {
        return Some(DrawRule::Counting);
    }
    if d.repetition > 0 && occurrences(v, positions) >= d.repetition {
        return Some(DrawRule::Repetition(d.repetition));
    }
    None
}

/// Under `rules.perpetual_check_loses`, the winner of a game that has just reached its
/// repetition count, if one side gave check in every one of its positions since the first
/// of the repeated ones (Fairy-Stockfish's reading): the side checked all along wins.
/// `None`: no repetition, no such rule, or no perpetual check (a draw).
pub fn perpetual_check(v: &Variant, positions: &[Position]) -> Option<Color> {
    let now = positions.last()?;
    let needed = v.draws.repetition;
    if !v.perpetual_check_loses || needed == 0 {
        return None;
    }
    let last = positions.len() - 1;
    let window = now.repetition_window(v).min(last);
    // The earliest occurrence the count needs.
    let mut seen = 1;
    let first = (2..=window).step_by(2).find_map(|back| {
        if positions[last - back].key() == now.key() {
            seen += 1;
        }
        (seen >= needed).then_some(last - back)
    })?;
    let checked_all = |from: usize| (from..=last).step_by(2).all(|k| in_check(v, &positions[k]));
    let us = now.to_move();
    if checked_all(first) {
        Some(us)
    } else if first < last && checked_all(first + 1) {
        Some(us.opponent())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::parse_fen;
    use std::path::Path;

    fn grid_level(name: &str) -> crate::level::GridLevel {
        crate::level::load(Path::new(&format!("levels/{name}.toml")))
            .expect("loads")
            .into_grid()
            .expect("a grid level")
    }

    fn level(name: &str) -> std::sync::Arc<Variant> {
        grid_level(name).variant
    }

    fn bare(v: &Variant, fen: &str) -> bool {
        insufficient_material(v, &parse_fen(v, fen).expect("a good FEN"))
    }

    #[test]
    fn chess_pieces_are_classified_as_fairy_stockfish_names_them() {
        let v = level("chess");
        let class = |l: char| v.mating[v.role_of_letter(l).expect("a letter").index()];
        assert_eq!(class('K'), Mating::Royal);
        assert_eq!(class('P'), Mating::Able);
        assert_eq!(class('N'), Mating::Minor);
        assert_eq!(class('B'), Mating::Colorbound);
        assert_eq!(class('R'), Mating::Able);
        assert_eq!(class('Q'), Mating::Able);
    }

    #[test]
    fn a_lone_minor_piece_cannot_mate() {
        let v = level("chess");
        assert!(bare(&v, "8/8/4k3/8/8/3K4/8/8 w - - 0 1"));
        assert!(bare(&v, "8/8/4k3/8/8/3KN3/8/8 w - - 0 1"));
        assert!(bare(&v, "8/8/4k3/8/8/3KB3/8/8 w - - 0 1"));
        // Bishops on one colour only, even on both sides.
        assert!(bare(&v, "8/8/4kb2/8/8/3KB3/8/8 w - - 0 1"));
    }

    #[test]
    fn mating_material_is_not_a_draw() {
        let v = level("chess");
        assert!(!bare(&v, "8/8/4k3/8/8/3K1R2/8/8 w - - 0 1"));
        assert!(!bare(&v, "8/8/4k3/8/8/3KP3/8/8 w - - 0 1"));
        // Two knights, or a knight with help from the other side, may still mate.
        assert!(!bare(&v, "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1"));
        assert!(!bare(&v, "8/8/4kn2/8/8/3KN3/8/8 w - - 0 1"));
        // Bishops on both colours.
        assert!(!bare(&v, "8/8/4k3/8/8/3KBB2/8/8 w - - 0 1"));
    }

    #[test]
    fn a_side_can_mate_unless_the_material_rule_says_it_cannot() {
        let v = level("chess");
        let can = |fen: &str, side| can_mate(&v, &parse_fen(&v, fen).expect("a good FEN"), side);
        // A lone knight cannot mate a bare king; with a black pawn to block, it may.
        assert!(!can("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", Color::White));
        assert!(can("8/8/4k3/4p3/8/3KN3/8/8 w - - 0 1", Color::White));
        assert!(!can("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", Color::Black));
        assert!(can("8/8/4k3/8/8/3K4/7P/8 w - - 0 1", Color::White));
        // Shatranj has no material rule: anything may win.
        let s = level("shatranj");
        let bare_king = parse_fen(&s, "8/8/4k3/8/8/3K4/8/8 w - - 0 1").expect("a good FEN");
        assert!(can_mate(&s, &bare_king, Color::White));
    }

    #[test]
    fn a_level_with_stalemate_as_a_loss_has_no_material_draw() {
        // Shatranj: a bare king loses by stalemate, so a lone alfil may still win.
        let v = level("shatranj");
        assert!(!bare(&v, "8/8/4k3/8/8/3KB3/8/8 w - - 0 1"));
    }

    #[test]
    fn repetition_counts_the_same_position_with_the_same_side_to_move() {
        let chess = grid_level("chess");
        let v = chess.variant;
        let mut positions = vec![chess.start];
        for m in [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ] {
            let mut next = positions.last().expect("a position").clone();
            let mv = crate::grid::game::Game::new(v.clone(), next.clone())
                .legal_moves()
                .into_iter()
                .find(|x| crate::grid::move_text(&v, *x) == m)
                .expect("a legal move");
            next.make(&v, mv);
            positions.push(next);
        }
        assert_eq!(occurrences(&v, &positions[..5]), 2);
        assert_eq!(drawn(&v, &positions[..5]), None);
        assert_eq!(occurrences(&v, &positions), 3);
        assert_eq!(drawn(&v, &positions), Some(DrawRule::Repetition(3)));
        // Not in between, where the other side is to move.
        assert_eq!(occurrences(&v, &positions[..4]), 1);
    }
}
