//! The square-grid engine: boards up to 26×26, pieces from compiled Betza, legal moves,
//! perft and FEN.
//!
//! - [`board`]: files, ranks, squares and their names.
//! - [`variant`]: a variant as data (piece types, promotion, castling, stalemate), checked.
//! - `tables`: per-square move tables built once per variant, forward (where a piece
//!   goes) and reverse (where a square is attacked from).
//! - [`position`]: what stands where, making and unmaking moves.
//! - [`counting`]: Makruk's and Cambodian counting.
//! - [`movegen`]: pseudo-legal and legal moves, attacks, perft.
//! - [`fen`]: FEN of any size, with obstacles: read without a board ([`WrittenFen`]), then
//!   set up on a level's board ([`WrittenFen::on`]).
//! - [`placement`]: a FEN's placement field in ranks, runs and letters, for both modes.
//! - [`notation`]: `e2e4`-style moves.
//! - [`game`]: a game with its history, undo and redo, and how it stands.
//! - [`courier`]: Game Courier notation (`P e3-e6`, `p e2-e1; f-e1`) and game records.
//! - [`diagram`]: a piece type's moves on a small empty board, each square marked by how
//!   the piece reaches it (the inspector's diagram, the pictures of moves).
//! - [`values`]: what each piece is worth, from the level or estimated from its moves
//!   (the search's evaluation and the inspector read it).
//!
//! # Decisions
//!
//! | rule | decision |
//! | --- | --- |
//! | orientation | Black's moves are White's turned 180° (as in Fairy-Stockfish) |
//! | several royal pieces | no move may leave any of them attacked; one attacked is check |
//! | deciding check | looked up backwards from the attacked square for lines and leaps, lame leaps, hoppers and bent riders (a step, then a ride); any other capture (chains, cylinders, bounces, jumping riders, a ride back over its own square) is found by generating its owner's moves, and then every move is played and tested |
//! | legal moves | a move is played and tested only where it may expose a royal: a pinned piece's, one entering or leaving a hopper's line, a royal's (a lone royal is lifted and its target tested), or every move where some capture is found by generating; in check by leaps and lines (one royal), a move that neither takes a checker nor enters a square between is refused untested, and the rest are tested; making and unmaking a move leaves the lists of pieces in their order, so a search does not depend on how many moves it tried |
//! | capturing one's own royal (`d`) | never legal under checkmate rules |
//! | castling king | the one piece of the castling type holding castling rights; rights come from the FEN |
//! | castling rook `K`, `Q` | the rook nearest the file where the setup keeps that wing's rook (its outermost on the king's rank), looking toward the king, as Fairy-Stockfish reads them; the outermost rook on that wing when the setup keeps none there; an error when there is none |
//! | a FEN with several faults | what reading it without a board refuses (fields, runs of `0`, characters, side, castling letters, square names, clocks) is reported first, the leftmost first; then what the level's board refuses |
//! | a side without a royal piece | a FEN (a setup, a saved game's start) is refused when the level has royal types and a side has none of them |
//! | castling path | every square between king, rook and their two landings is empty; the king's start, each square it crosses and its landing are not attacked |
//! | en passant | after an `i` move that passes over squares on a straight line (the first four are kept), an `e` capture landing on one of them takes the piece that passed |
//! | promotion | into the zone a promoting piece must choose (each choice is one move); `optional` adds the plain move before the last rank |
//! | halfmove clock | resets on captures and on moves of pieces that promote |
//! | obstacles | `*` boulder and `@` bomb in FEN; both block everyone, `y` flies over them, `x` captures them |

pub mod board;
pub mod counting;
pub mod courier;
pub mod diagram;
pub mod draws;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod placement;
pub mod position;
pub mod san;
pub mod shuffle;
pub(crate) mod tables;
pub mod values;
pub mod variant;
pub mod zobrist;

pub use board::{Geometry, Square};
pub use fen::{Fen, FenError, FenErrorKind, WrittenFen, parse_fen};
pub use movegen::{GameState, divide, game_state, in_check, is_attacked, legal_moves, perft};
pub use notation::move_text;
pub use position::{Move, MoveKind, Position};
pub use variant::{
    Castling, DrawRules, PieceSquares, PieceType, Promotion, Role, RoyalRule, Stalemate, Variant,
};
