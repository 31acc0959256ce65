//! The square-grid engine: boards up to 26×26, pieces from compiled Betza, legal moves,
//! perft and FEN.
//!
//! The modules import in one direction, each only from those listed before it:
//!
//! - [`board`]: files, ranks, squares and their names.
//! - [`rules`]: a variant's rules as plain data: roles and piece types, promotion,
//!   castling, stalemate, royal and draw rules, counting, shuffling.
//! - [`cell`]: what stands on a square, in one byte.
//! - `tables`: per-square move tables built once per variant, forward (where a piece
//!   goes) and reverse (where a square is attacked from).
//! - [`zobrist`]: the numbers a position's key is made of.
//! - [`mating`]: what each type can do toward mate (the material rule, shuffled setups).
//! - [`values`]: what each piece is worth, from the level or estimated from its moves
//!   (the search's evaluation and the inspector read it).
//! - [`variant`]: the rules checked and built: tables, keys, values and mating classes
//!   derived from them once.
//! - [`moves`]: a move as the engine plays it.
//! - [`castling`]: castling rights, their paths and landings, keys and FEN letters.
//! - [`counting`]: Makruk's and Cambodian counting.
//! - [`position`]: what stands where, making and unmaking moves.
//! - [`movegen`]: pseudo-legal moves and attacks.
//! - `checking`: making a move whole, with the check an n-check level counts.
//! - [`goals`]: the level's own ends (n-check, flag, extinction) and forced captures.
//! - [`legal`]: legal moves, perft, and how a position stands (mate, stalemate, bare king).
//! - [`placement`]: a FEN's placement field in ranks, runs and letters, for both modes.
//! - [`fen`]: FEN of any size, with obstacles: read without a board ([`WrittenFen`]), then
//!   set up on a level's board ([`WrittenFen::on`]); a level's setup ([`set_setup`]).
//! - [`draws`]: draws by rule: repetition, the move count, insufficient material.
//! - [`shuffle`]: Chess960's dealt setups, for any first rank.
//! - [`diagram`]: a piece type's moves on a small empty board, each square marked by how
//!   the piece reaches it (the inspector's diagram, the pictures of moves).
//! - [`notation`]: `e2e4`-style moves.
//! - [`san`]: standard algebraic notation, as Fairy-Stockfish writes it.
//! - [`game`]: a game with its history, undo and redo, and how it stands.
//! - [`courier`]: Game Courier notation (`P e3-e6`, `p e2-e1; f-e1`) and game records.
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
//! | a side without a royal piece | a FEN (a setup, a saved game's start) is refused when the level has royal types and a side has none of them, unless the level has an extinction rule (horde) |
//! | castling path | every square between king, rook and their two landings is empty; a royal king's start, each square it crosses and its landing are not attacked (a king that is not royal castles through attacks) |
//! | en passant | after an `i` move that passes over squares on a straight line (the first four are kept), an `e` capture landing on one of them takes the piece that passed |
//! | promotion | into the zone a promoting piece must choose (each choice is one move); `optional` adds the plain move before the last rank |
//! | halfmove clock | resets on captures and on moves of pieces that promote |
//! | obstacles | `*` boulder and `@` bomb in FEN; both block everyone, `y` flies over them, `x` captures them |

pub mod board;
pub mod castling;
pub mod cell;
mod checking;
pub mod counting;
pub mod courier;
pub mod diagram;
pub mod draws;
pub mod fen;
pub mod game;
pub mod goals;
pub mod legal;
pub mod mating;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod placement;
pub mod position;
pub mod rules;
pub mod san;
pub mod shuffle;
pub(crate) mod tables;
pub mod values;
pub mod variant;
pub mod zobrist;

pub use board::{Geometry, Square};
pub use castling::{Castles, CastlingRight, CastlingRook, Wing};
pub use cell::{BOMB, BOULDER, Cell, EMPTY, is_piece, piece, role_of, side_of};
pub use counting::Count;
pub use fen::{Fen, FenError, FenErrorKind, WrittenFen, parse_fen, set_setup};
pub use legal::{GameState, divide, divide_until, game_state, legal_moves, perft};
pub use movegen::{in_check, is_attacked};
pub use moves::{Move, MoveKind};
pub use notation::move_text;
pub use position::Position;
pub use rules::{
    Castling, Counting, CountingRule, DrawRules, MAX_TYPES, PieceSquares, PieceType, Promotion,
    Role, RoyalRule, Shuffle, Stalemate,
};
pub use variant::{Variant, VariantError};
