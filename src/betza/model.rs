//! The compiled move model: each term becomes a [`Leg`] (its leaps, how far it goes, what
//! it may do to what it meets), and [`destinations`] walks single legs on a board. This is
//! the reference the grid engine's tables and the piece inspector are checked against.
//!
//! | letter | meaning in a leg |
//! | --- | --- |
//! | `m` / `c` | only to empty squares / only captures (both, or neither: either) |
//! | `i` | only while the piece has not moved |
//! | `j` / `jj` | a rider may pass over one / any number of pieces (not landing on them) |
//! | `g` | slides to the first piece within range and lands on the square just beyond it |
//! | `p` | slides to the first piece (the screen), then on past it: empty squares beyond are moves, the next piece a capture |
//! | `n` | a leaper is blocked by a piece on its path: straight along the longer side first, then diagonally (`nN` is the Xiangqi horse) |
//! | `d` | may capture friendly pieces |
//! | `x` / `y` | may capture obstacles / passes over obstacles |
//! | `o` | the board wraps left–right (a cylinder); a ride stops when it comes back to its start |
//! | `q` | a ride that would leave the board turns back off that edge, once |

use super::ast::{Atom, Betza, Mode, Modifier, Range, Term};
use super::directions::{Leap, parts, select};

/// What a leg may do, from its mode modifiers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modes {
    /// May end on an empty square.
    pub moves: bool,
    /// May end by capturing.
    pub captures: bool,
    /// Pieces a rider may pass over: 0, 1, or `u8::MAX` for any number.
    pub jumps: u8,
    /// `g`: lands just beyond the first piece.
    pub grasshopper: bool,
    /// `p`: lands anywhere beyond exactly one piece.
    pub cannon: bool,
    /// `n`: a leap is blocked by a piece on its path.
    pub lame: bool,
    /// `i`: only while unmoved.
    pub initial: bool,
    /// `e`: may capture en passant.
    pub en_passant: bool,
    /// `o`: the board wraps left–right.
    pub cylinder: bool,
    /// `y`: passes over obstacles.
    pub fly: bool,
    /// `q`: bounces once off an edge.
    pub bounce: bool,
    /// `x`: may capture obstacles.
    pub destroy: bool,
    /// `d`: may capture friendly pieces.
    pub backstab: bool,
    /// `s`: continues in the previous leg's direction.
    pub same_direction: bool,
}

/// One term, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// The leaps, in the mover's orientation.
    pub leaps: Vec<Leap>,
    /// How many times a leap repeats: `None` for without limit.
    pub range: Option<u16>,
    /// What the leg may do.
    pub modes: Modes,
}

/// Compiles one term.
pub fn leg(term: &Term) -> Leg {
    let mut leaps: Vec<Leap> = parts(term.atom)
        .iter()
        .flat_map(|(base, _)| select(base, &term.modifiers))
        .collect();
    leaps.sort_unstable();
    leaps.dedup();
    let range = match term.range {
        Range::Default if rides(term.atom) => None,
        Range::Default => Some(1),
        Range::Steps(n) => Some(n),
        Range::Unlimited => None,
    };
    let mut modes = Modes::default();
    let (mut only_move, mut only_capture) = (false, false);
    for m in &term.modifiers {
        match m {
            Modifier::Mode(Mode::Move) => only_move = true,
            Modifier::Mode(Mode::Capture) => only_capture = true,
            Modifier::Mode(Mode::Jump) => modes.jumps = modes.jumps.max(1),
            Modifier::Mode(Mode::JumpMany) => modes.jumps = u8::MAX,
            Modifier::Mode(Mode::Grasshopper) => modes.grasshopper = true,
            Modifier::Mode(Mode::Cannon) => modes.cannon = true,
            Modifier::Mode(Mode::Lame) => modes.lame = true,
            Modifier::Mode(Mode::Initial) => modes.initial = true,
            Modifier::Mode(Mode::EnPassant) => modes.en_passant = true,
            Modifier::Mode(Mode::Cylinder) => modes.cylinder = true,
            Modifier::Mode(Mode::Fly) => modes.fly = true,
            Modifier::Mode(Mode::Bounce) => modes.bounce = true,
            Modifier::Mode(Mode::Destroy) => modes.destroy = true,
            Modifier::Mode(Mode::Backstab) => modes.backstab = true,
            Modifier::Same => modes.same_direction = true,
            _ => {}
        }
    }
    // Both letters, or neither, allow both.
    modes.moves = only_move || !only_capture;
    modes.captures = only_capture || !only_move;
    Leg {
        leaps,
        range,
        modes,
    }
}

/// The single-leg moves of a Betza piece: every term written on its own (`mBcK` is two),
/// leaving out chains. `None` for the old notation and for pieces with chains, which the
/// next part of this module's issue compiles.
pub fn single_legs(betza: &Betza) -> Option<Vec<Leg>> {
    let Betza::Modern(alternatives) = betza else {
        return None;
    };
    let mut out = Vec::new();
    for alt in alternatives {
        for chain in &alt.chains {
            if !chain.rest.is_empty() {
                return None;
            }
            out.push(leg(&chain.first));
        }
    }
    Some(out)
}

/// What stands on a square, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nothing.
    Empty,
    /// One of the mover's side.
    Friend,
    /// One of the other side.
    Enemy,
    /// A boulder or bomb: neutral, blocks everyone.
    Obstacle,
}

/// How a destination is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reach {
    /// A move to an empty square.
    Move,
    /// A capture of what stands there.
    Capture,
}

/// A board for [`destinations`]: `files × ranks` squares, `(0, 0)` at the mover's lower
/// left, and what stands on each.
pub struct Board<'a> {
    /// Number of files.
    pub files: i32,
    /// Number of ranks.
    pub ranks: i32,
    /// What stands on `(file, rank)`.
    pub at: &'a dyn Fn(i32, i32) -> Occupant,
}

/// Every square the legs reach from `from`, with how, sorted and without repeats.
/// `unmoved` enables `i` legs.
pub fn destinations(
    legs: &[Leg],
    board: &Board<'_>,
    from: (i32, i32),
    unmoved: bool,
) -> Vec<((i32, i32), Reach)> {
    let mut out = Vec::new();
    for leg in legs {
        if leg.modes.initial && !unmoved {
            continue;
        }
        for &leap in &leg.leaps {
            walk(leg, leap, board, from, &mut out);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Follows one leap of one leg as far as it goes.
fn walk(
    leg: &Leg,
    leap: Leap,
    board: &Board<'_>,
    from: (i32, i32),
    out: &mut Vec<((i32, i32), Reach)>,
) {
    let m = leg.modes;
    let limit = leg.range.map_or(i32::MAX, i32::from);
    let mut here = from;
    let mut step = leap;
    let mut bounced = false;
    let mut passed = 0u8;
    let mut screened = false;
    let mut k = 0;
    while k < limit {
        k += 1;
        if m.lame && !path_clear(step, board, here) {
            return;
        }
        let Some((next, turned)) = advance(here, step, board, m, bounced) else {
            return;
        };
        if turned.is_some() {
            bounced = true;
        }
        if let Some(s) = turned {
            step = s;
        }
        here = next;
        if here == from {
            return; // Around the cylinder, or bounced straight back.
        }
        let occupant = (board.at)(here.0, here.1);
        if m.grasshopper {
            if occupant != Occupant::Empty {
                // Land just beyond the hurdle, whatever the range.
                if let Some((land, _)) = advance(here, step, board, m, bounced)
                    && land != from
                {
                    land_on(land, board, m, out);
                }
                return;
            }
            continue;
        }
        if m.cannon && !screened {
            if occupant != Occupant::Empty {
                screened = true;
            }
            continue;
        }
        match occupant {
            Occupant::Empty => {
                if m.moves {
                    out.push((here, Reach::Move));
                }
            }
            Occupant::Obstacle if m.fly => {}
            other => {
                let capturable = match other {
                    Occupant::Enemy => true,
                    Occupant::Friend => m.backstab,
                    Occupant::Obstacle => m.destroy,
                    Occupant::Empty => false,
                };
                if capturable && m.captures {
                    out.push((here, Reach::Capture));
                }
                if m.cannon || passed >= m.jumps {
                    return;
                }
                passed = passed.saturating_add(1);
            }
        }
    }
}

/// Lands a grasshopper: empty squares are moves, capturable pieces captures.
fn land_on(at: (i32, i32), board: &Board<'_>, m: Modes, out: &mut Vec<((i32, i32), Reach)>) {
    match (board.at)(at.0, at.1) {
        Occupant::Empty if m.moves => out.push((at, Reach::Move)),
        Occupant::Enemy if m.captures => out.push((at, Reach::Capture)),
        Occupant::Friend if m.captures && m.backstab => out.push((at, Reach::Capture)),
        Occupant::Obstacle if m.captures && m.destroy => out.push((at, Reach::Capture)),
        _ => {}
    }
}

/// One step: the square reached and, if the step turned off an edge, the new step.
fn advance(
    here: (i32, i32),
    step: Leap,
    board: &Board<'_>,
    m: Modes,
    bounced: bool,
) -> Option<((i32, i32), Option<Leap>)> {
    let (mut x, mut y) = (here.0 + step.0, here.1 + step.1);
    let mut turned = None;
    if m.cylinder {
        x = x.rem_euclid(board.files);
    }
    let off = |x: i32, y: i32| x < 0 || x >= board.files || y < 0 || y >= board.ranks;
    if off(x, y) {
        if !m.bounce || bounced {
            return None;
        }
        // Turn back off whichever edge the step crosses.
        let mut s = step;
        if x < 0 || x >= board.files {
            s.0 = -s.0;
        }
        if y < 0 || y >= board.ranks {
            s.1 = -s.1;
        }
        let (bx, by) = (reflect(x, board.files), reflect(y, board.ranks));
        if off(bx, by) {
            return None;
        }
        x = bx;
        y = by;
        turned = Some(s);
    }
    Some(((x, y), turned))
}

/// A coordinate past an edge, mirrored back onto the board (edge squares are not repeated).
fn reflect(v: i32, size: i32) -> i32 {
    if v < 0 {
        -v
    } else if v >= size {
        2 * (size - 1) - v
    } else {
        v
    }
}

/// Whether the squares a lame leap passes are empty: straight along the longer side,
/// then diagonally.
fn path_clear(leap: Leap, board: &Board<'_>, from: (i32, i32)) -> bool {
    let (dx, dy) = leap;
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let (long, short) = (ax.max(ay), ax.min(ay));
    let mut here = from;
    for k in 1..long {
        let straight = k <= long - short;
        here = if ax >= ay {
            (here.0 + sx, here.1 + if straight { 0 } else { sy })
        } else {
            (here.0 + if straight { 0 } else { sx }, here.1 + sy)
        };
        let inside = here.0 >= 0 && here.0 < board.files && here.1 >= 0 && here.1 < board.ranks;
        if inside && (board.at)(here.0, here.1) != Occupant::Empty {
            return false;
        }
    }
    true
}

/// Whether an atom's parts ride by default.
pub fn rides(atom: Atom) -> bool {
    parts(atom).iter().all(|(_, rides)| *rides)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::parse;
    use std::collections::HashMap;

    /// A 9×9 board with the given occupants; the mover stands on the centre (4,4).
    fn on_board(
        text: &str,
        pieces: &[((i32, i32), Occupant)],
        unmoved: bool,
    ) -> Vec<((i32, i32), Reach)> {
        let legs = single_legs(&parse(text).expect("valid")).expect("single legs");
        let map: HashMap<(i32, i32), Occupant> = pieces.iter().copied().collect();
        let at = |x: i32, y: i32| map.get(&(x, y)).copied().unwrap_or(Occupant::Empty);
        let board = Board {
            files: 9,
            ranks: 9,
            at: &at,
        };
        destinations(&legs, &board, (4, 4), unmoved)
    }

    fn squares(v: &[((i32, i32), Reach)], reach: Reach) -> Vec<(i32, i32)> {
        v.iter().filter(|d| d.1 == reach).map(|d| d.0).collect()
    }

    use Occupant::{Enemy, Friend, Obstacle};
    use Reach::{Capture, Move};

    #[test]
    fn a_leaper_reaches_its_leaps() {
        let d = on_board("W", &[], false);
        assert_eq!(squares(&d, Move), vec![(3, 4), (4, 3), (4, 5), (5, 4)]);
    }

    #[test]
    fn a_rider_stops_at_the_first_piece_capturing_an_enemy() {
        let d = on_board("R", &[((4, 6), Enemy), ((1, 4), Friend)], false);
        assert_eq!(
            squares(&d, Move),
            vec![
                (2, 4),
                (3, 4),
                (4, 0),
                (4, 1),
                (4, 2),
                (4, 3),
                (4, 5),
                (5, 4),
                (6, 4),
                (7, 4),
                (8, 4)
            ]
        );
        assert_eq!(squares(&d, Capture), vec![(4, 6)]);
    }

    #[test]
    fn move_only_and_capture_only_split_a_piece() {
        let d = on_board(
            "mBcK",
            &[((5, 5), Enemy), ((4, 5), Enemy), ((6, 6), Enemy)],
            false,
        );
        assert_eq!(squares(&d, Capture), vec![(4, 5), (5, 5)]);
        assert!(!squares(&d, Move).contains(&(5, 5)));
        assert!(squares(&d, Move).contains(&(3, 5)));
        assert!(!squares(&d, Move).contains(&(4, 3)), "c K does not move");
    }

    #[test]
    fn counted_range_and_initial_only() {
        let d = on_board("ifW2", &[], true);
        assert_eq!(squares(&d, Move), vec![(4, 5), (4, 6)]);
        assert!(on_board("ifW2", &[], false).is_empty());
    }

    #[test]
    fn jumping_riders_pass_one_or_many_pieces() {
        let pieces = [((4, 6), Enemy), ((4, 7), Enemy)];
        let up = |d: Vec<((i32, i32), Reach)>| -> Vec<((i32, i32), Reach)> {
            d.into_iter().filter(|(s, _)| s.0 == 4 && s.1 > 4).collect()
        };
        assert_eq!(
            up(on_board("jR", &pieces, false)),
            vec![((4, 5), Move), ((4, 6), Capture), ((4, 7), Capture)]
        );
        assert_eq!(
            up(on_board("jjR", &pieces, false)),
            vec![
                ((4, 5), Move),
                ((4, 6), Capture),
                ((4, 7), Capture),
                ((4, 8), Move)
            ]
        );
    }

    #[test]
    fn a_grasshopper_lands_just_beyond_the_first_piece() {
        let d = on_board(
            "gQ",
            &[((4, 6), Friend), ((6, 6), Enemy), ((7, 7), Enemy)],
            false,
        );
        assert_eq!(squares(&d, Move), vec![(4, 7)]);
        assert_eq!(squares(&d, Capture), vec![(7, 7)]);
    }

    #[test]
    fn a_cannon_captures_over_one_screen() {
        let d = on_board(
            "mRcpR",
            &[((4, 6), Friend), ((4, 8), Enemy), ((6, 4), Enemy)],
            false,
        );
        assert_eq!(squares(&d, Capture), vec![(4, 8)]);
        assert!(squares(&d, Move).contains(&(4, 5)));
        assert!(!squares(&d, Move).contains(&(4, 7)), "c p R does not move");
        assert!(
            !squares(&d, Capture).contains(&(6, 4)),
            "nothing to hop over on the right"
        );
    }

    #[test]
    fn a_lame_knight_is_blocked_by_the_square_beside_it() {
        let d = on_board("nN", &[((4, 5), Friend)], false);
        let moves = squares(&d, Move);
        assert!(!moves.contains(&(3, 6)) && !moves.contains(&(5, 6)));
        assert!(moves.contains(&(6, 5)) && moves.contains(&(3, 2)));
        assert_eq!(moves.len(), 6);
    }

    #[test]
    fn backstab_captures_friends() {
        let d = on_board("dK", &[((4, 5), Friend)], false);
        assert_eq!(squares(&d, Capture), vec![(4, 5)]);
        assert!(squares(&on_board("K", &[((4, 5), Friend)], false), Capture).is_empty());
    }

    #[test]
    fn obstacles_block_unless_destroyed_or_flown_over() {
        let rock = [((4, 6), Obstacle)];
        let up = |d: &[((i32, i32), Reach)]| -> Vec<((i32, i32), Reach)> {
            d.iter()
                .copied()
                .filter(|(s, _)| s.0 == 4 && s.1 > 4)
                .collect()
        };
        assert_eq!(up(&on_board("R", &rock, false)), vec![((4, 5), Move)]);
        assert_eq!(
            up(&on_board("xR", &rock, false)),
            vec![((4, 5), Move), ((4, 6), Capture)]
        );
        assert_eq!(
            up(&on_board("yR", &rock, false)),
            vec![((4, 5), Move), ((4, 7), Move), ((4, 8), Move)]
        );
    }

    #[test]
    fn a_cylinder_rider_wraps_round_the_files() {
        let friend = [((6, 4), Friend)];
        let row = |d: &[((i32, i32), Reach)]| -> Vec<(i32, i32)> {
            d.iter().map(|d| d.0).filter(|s| s.1 == 4).collect()
        };
        assert_eq!(
            row(&on_board("R", &friend, false)),
            vec![(0, 4), (1, 4), (2, 4), (3, 4), (5, 4)]
        );
        assert_eq!(
            row(&on_board("oR", &friend, false)),
            vec![(0, 4), (1, 4), (2, 4), (3, 4), (5, 4), (7, 4), (8, 4)]
        );
    }

    #[test]
    fn a_bouncing_bishop_turns_off_an_edge_once() {
        let legs = single_legs(&parse("qB").expect("valid")).expect("single");
        let at = |_: i32, _: i32| Occupant::Empty;
        let board = Board {
            files: 9,
            ranks: 9,
            at: &at,
        };
        let d = destinations(&legs, &board, (4, 1), false);
        let down_left: Vec<(i32, i32)> = d
            .iter()
            .map(|d| d.0)
            .filter(|s| s.0 < 4 && (s.1 <= 1 || s.0 + s.1 <= 3))
            .collect();
        assert_eq!(down_left, vec![(0, 3), (1, 2), (2, 1), (3, 0)]);
    }

    #[test]
    fn chains_and_the_old_notation_are_not_single_legs() {
        assert!(single_legs(&parse("K-N").expect("valid")).is_none());
        assert!(single_legs(&parse("(1,0,1,1)").expect("valid")).is_none());
    }
}
