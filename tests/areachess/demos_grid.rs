//! Captioned demonstrations of the grid levels, one or more per level (`levels/demos/`),
//! written and checked as those of `demos.rs` are: each caption's piece is the piece that
//! made that move, and a caption that says it captures is on a capture.

use crate::demos::bless_or_check;
use crate::support::root;
use areachess::grid::game::Game;
use areachess::grid::role_of;
use areachess::level;
use areachess::record::save;

/// One demonstration: level, file, moves, and captions (move number, the mover's letter,
/// whether it captures, the words).
type Demo = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [(usize, char, bool, &'static str)],
);

/// The seed a level that deals its setups (chess960) deals its demonstrations' start with.
const DEAL_SEED: u64 = 3;

const DEMOS: &[Demo] = &[
    (
        "shogi",
        "shogi-promotion-and-drops",
        &["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5", "B@f6"],
        &[
            (
                0,
                ' ',
                false,
                "Shogi: pieces you take join your hand, and pieces promote in the far three ranks.",
            ),
            (1, 'P', false, "A pawn step opens the bishop's diagonal."),
            (
                3,
                'B',
                true,
                "The bishop takes the bishop on h8 and promotes to a horse (+B), written b2h8+; it may also decline.",
            ),
            (
                4,
                'S',
                true,
                "The silver takes the horse: it joins Black's hand as a bishop again, not as a horse.",
            ),
            (
                5,
                'B',
                false,
                "Instead of moving, White drops the bishop it took on e5 (B@e5).",
            ),
            (
                6,
                'B',
                false,
                "Black drops its own bishop in the way on f6.",
            ),
        ],
    ),
    (
        "minishogi",
        "minishogi-promotion-by-capture",
        &[
            "a2a3", "e4e3", "a3a4", "e3e2", "a4a5+", "e2e1+", "R@c3", "R@c4",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Minishogi: shogi on 5x5, the promotion zone the far rank.",
            ),
            (
                5,
                'P',
                true,
                "The pawn takes the rook on the last rank and must promote there, to a tokin (+P), which moves as a gold.",
            ),
            (6, 'P', true, "Black's pawn does the same on e1."),
            (7, 'R', false, "White drops the rook it took on c3."),
            (8, 'R', false, "Black drops its rook on c4, face to face."),
        ],
    ),
    (
        "chess960",
        "chess960-castling-from-anywhere",
        &[
            "g2g3", "g7g6", "f1g2", "f8g7", "g1h1", "d8e6", "e2e4", "c8d6", "d2d3", "g8e8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Chess960: this game dealt the back rank BBNNRQKR, with the king on g1 between the rooks on e1 and h1.",
            ),
            (
                4,
                'Q',
                false,
                "Black's queen leaves f8 too: the squares between king and rook must be empty.",
            ),
            (
                5,
                'K',
                false,
                "White castles on the h-side: the king stays on g1, the rook comes to f1. It is written as the king taking its rook, g1h1.",
            ),
            (
                10,
                'K',
                false,
                "Black castles on the a-side: the king goes from g8 to c8, the rook from e8 to d8, wherever they started.",
            ),
        ],
    ),
    (
        "janus",
        "janus-castling-both-ways",
        &[
            "h2h4", "b8c6", "i1h3", "c8d6", "h1g3", "e7e6", "g1h2", "d8e7", "f2f4", "e8b8", "f1f2",
            "a7a6", "e1i1",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Janus chess: the janus (J) moves as bishop and knight, and the king castles a different distance each way.",
            ),
            (
                3,
                'J',
                false,
                "The janus leaps like a knight; it slides like a bishop too.",
            ),
            (
                4,
                'N',
                false,
                "Black's janus and knight have left b8 and c8: its king's way to the a-side is nearly clear.",
            ),
            (
                10,
                'K',
                false,
                "Black castles toward the a-file: the king goes three squares, to b8, and the rook lands on c8.",
            ),
            (
                13,
                'K',
                false,
                "White castles toward the j-file: the king goes four squares, to i1, and the rook lands on h1.",
            ),
        ],
    ),
    (
        "crazyhouse",
        "crazyhouse-drops",
        &[
            "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "g1f3", "a5c3", "d2c3", "P@e4", "Q@d8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Crazyhouse: a piece you take joins your hand, and instead of moving you may drop a piece from your hand on any empty square.",
            ),
            (
                3,
                'P',
                true,
                "White takes a pawn: it is White's now, in White's hand.",
            ),
            (
                8,
                'Q',
                true,
                "Black's queen takes the knight, which goes to Black's hand.",
            ),
            (9, 'P', true, "White takes the queen: a queen in hand."),
            (
                10,
                'P',
                false,
                "Black drops the pawn it took onto e4, attacking the knight.",
            ),
            (
                11,
                'Q',
                false,
                "White drops the queen on d8, guarded by the queen on d1 along the open file: checkmate.",
            ),
        ],
    ),
    (
        "berolina",
        "berolina-diagonal-pawns",
        &[
            "f2g3", "b8c6", "b2d4", "c6d4", "g2f3", "d4b3", "c1b2", "b3a1", "b2a1", "g8f6", "e2c4",
            "h7f5", "c2b3", "d7c6", "a1e5", "a7c5", "c4c5", "c6c5",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Berolina pawns move the other way round: one square diagonally forward (two from the start), and they capture straight ahead.",
            ),
            (
                1,
                'P',
                false,
                "A Berolina pawn steps diagonally forward onto an empty square.",
            ),
            (
                3,
                'P',
                false,
                "From its first square a pawn may step two squares diagonally, over an empty square.",
            ),
            (
                11,
                'P',
                false,
                "Another double step: e2 to c4, passing over d3.",
            ),
            (
                12,
                'P',
                false,
                "Black answers with a double diagonal step of its own, h7 to f5.",
            ),
            (
                17,
                'P',
                true,
                "A Berolina pawn captures straight forward: c4 takes the pawn on c5.",
            ),
            (
                18,
                'P',
                true,
                "And Black takes back the same way, straight down the c-file.",
            ),
        ],
    ),
    (
        "grasshopper",
        "grasshopper-hops",
        &["f2f4", "g6g5", "f4f7", "h7c2", "f7d7", "c2a2"],
        &[
            (
                0,
                ' ',
                false,
                "Each side has a row of grasshoppers (G). A grasshopper moves along queen lines, but only by hopping over the first piece in its way, landing on the square just beyond.",
            ),
            (
                1,
                'G',
                false,
                "The grasshopper hops over its own pawn on f3 and lands on f4, right behind it.",
            ),
            (
                3,
                'G',
                true,
                "It hops over the black pawn on f6 and lands on f7, capturing the grasshopper there: it captures by landing.",
            ),
            (
                4,
                'G',
                true,
                "A black grasshopper hops down a diagonal over the first piece in its way and captures on the square beyond, c2.",
            ),
            (
                5,
                'G',
                true,
                "Along the rank now: over the pawn on e7, capturing on d7.",
            ),
            (
                6,
                'G',
                true,
                "Hurdle b2, landing a2: a grasshopper never stops anywhere but right behind its hurdle.",
            ),
        ],
    ),
    (
        "nightrider",
        "nightrider-rides",
        &["g1d7", "b8d7", "b1e7", "g8e7", "e2e4", "e7h1"],
        &[
            (
                0,
                ' ',
                false,
                "The knights are nightriders (N): a nightrider repeats a knight's leap in one direction for as long as the squares it lands on are empty.",
            ),
            (
                1,
                'N',
                true,
                "Three leaps in a row, g1 to f3 to e5 to d7, where it captures the pawn.",
            ),
            (
                2,
                'N',
                true,
                "The black nightrider takes it with a single leap.",
            ),
            (
                3,
                'N',
                true,
                "Again three leaps along one line, b1 to c3 to d5 to e7, capturing.",
            ),
            (
                6,
                'N',
                true,
                "Black's nightrider rides three leaps back toward White's corner and takes the rook on h1.",
            ),
        ],
    ),
    (
        "hoppelpoppel",
        "hoppelpoppel-swapped-captures",
        &[
            "g1f3", "d7d5", "f3d5", "b8a6", "d5f7", "g8f7", "b1c3", "f7a2", "c1a2",
        ],
        &[
            (
                0,
                ' ',
                false,
                "In Hoppel-Poppel the knight (Knibis) moves as a knight but captures as a bishop, and the bishop (Biskni) moves as a bishop but captures as a knight.",
            ),
            (1, 'N', false, "The knibis moves like a knight."),
            (
                3,
                'N',
                true,
                "But it captures like a bishop: f3 takes d5 along the diagonal.",
            ),
            (5, 'N', true, "Another diagonal capture, d5 takes f7."),
            (
                6,
                'N',
                true,
                "Black's knibis takes back, also along a diagonal.",
            ),
            (
                8,
                'N',
                true,
                "The black knibis sweeps down the long diagonal to capture on a2.",
            ),
            (
                9,
                'B',
                true,
                "The biskni captures like a knight: c1 takes a2 with a knight's leap.",
            ),
        ],
    ),
    (
        "newzealand",
        "newzealand-swapped-captures",
        &[
            "g1f3", "a7a5", "f3f7", "h8f7", "b1a3", "c7c5", "a3a5", "f7f4", "a5a8", "b8a8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "In New Zealand chess the knight (Kniroo) moves as a knight but captures as a rook, and the rook (Rookni) moves as a rook but captures as a knight.",
            ),
            (1, 'N', false, "The kniroo moves like a knight."),
            (
                3,
                'N',
                true,
                "It captures like a rook: f3 takes f7 straight up the file.",
            ),
            (
                4,
                'R',
                true,
                "The rookni takes back with a knight's leap, h8 to f7.",
            ),
            (
                7,
                'N',
                true,
                "Another rook-like capture along the rank, a3 takes a5.",
            ),
            (8, 'R', false, "The rookni moves like a rook, f7 to f4."),
            (9, 'N', true, "The kniroo captures up the file on a8."),
            (
                10,
                'N',
                true,
                "And Black's kniroo takes it back along the eighth rank.",
            ),
        ],
    ),
    (
        "shako",
        "shako-cannons-and-elephants",
        &[
            "j1d1", "a9c7", "j2h4", "a10a3", "a1a3", "j9h7", "a3a5", "c7a5",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Shako on 10x10 adds cannons (C), which move as rooks but capture only by jumping exactly one piece, and elephants (E), which step one or two squares diagonally, jumping the first.",
            ),
            (
                1,
                'C',
                false,
                "Without capturing, a cannon slides like a rook.",
            ),
            (2, 'E', false, "An elephant jumps two squares diagonally."),
            (
                4,
                'C',
                true,
                "The cannon captures by jumping one piece, the black pawn on a8, and taking the pawn on a3.",
            ),
            (
                5,
                'C',
                true,
                "White's cannon takes back over its own elephant on a2: the hurdle may be of either side.",
            ),
            (
                8,
                'E',
                true,
                "The elephant captures with its two-square diagonal jump.",
            ),
        ],
    ),
    (
        "hasinu-demo",
        "hasinu-demo-fibnif-and-cardinal",
        &["f1g3", "b8c6", "c1b3", "c6g2"],
        &[
            (
                0,
                ' ',
                false,
                "Pieces written in Ħasínū notation: the fibnif (F) leaps as a knight forward and backward and steps diagonally; the cardinal (C) moves as bishop and knight.",
            ),
            (1, 'F', false, "The fibnif leaps forward like a knight."),
            (2, 'C', false, "The cardinal leaps as a knight."),
            (
                4,
                'C',
                true,
                "Now it slides as a bishop and captures on g2, and White has no answer: checkmate.",
            ),
        ],
    ),
    (
        "urc-demo",
        "urc-demo-leapers-and-hoppers",
        &[
            "e3d6", "g6d6", "d3e6", "d6d1", "b3d1", "b6a6", "e6h7", "h8h7", "d1b3", "a6b5", "b3g8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Pieces from the URC schema: wildebeest (W, knight and camel leaps), camel (C, a 3-1 leap), grasshopper (G, hops over the first piece, lands just beyond), archer (A).",
            ),
            (
                1,
                'W',
                true,
                "The wildebeest leaps like a camel, three squares and one across, and captures.",
            ),
            (
                2,
                'G',
                true,
                "The grasshopper hops over the piece on e6 and captures on d6, the square just beyond.",
            ),
            (
                3,
                'C',
                true,
                "The camel's long leap captures the black camel.",
            ),
            (
                4,
                'G',
                true,
                "The grasshopper hops over the pawn on d2 and lands on d1, taking the queen.",
            ),
            (
                5,
                'G',
                true,
                "White's grasshopper takes it back, hopping diagonally over the pawn on c2.",
            ),
            (
                6,
                'A',
                false,
                "The archer takes one straight step to an empty square.",
            ),
            (
                11,
                'G',
                true,
                "The grasshopper hops over the pawn on f7 and captures on g8: checkmate.",
            ),
        ],
    ),
    (
        "makruk",
        "makruk-met-khon-and-promotion",
        &["e1d2", "c8b7", "e3e4", "d6d5", "e4d5", "h6h5", "d5e6m"],
        &[
            (
                0,
                ' ',
                false,
                "Makruk, Thai chess: the met (M) steps one square diagonally, the khon (S) one square diagonally or straight forward, and pawns promote to a met on the sixth rank.",
            ),
            (1, 'M', false, "The met steps one square diagonally."),
            (
                2,
                'S',
                false,
                "The khon steps diagonally too (it could also step straight forward).",
            ),
            (
                5,
                'P',
                true,
                "The pawn captures diagonally forward, reaching the fifth rank.",
            ),
            (
                7,
                'P',
                true,
                "Capturing onto the sixth rank, the pawn promotes at once to a met.",
            ),
        ],
    ),
    (
        "shatranj",
        "shatranj-alfil-and-ferz",
        &[
            "c1a3", "b8c6", "d2d3", "g8f6", "e1d2", "c8e6", "g1f3", "f6g4", "d2e3",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Shatranj, the old game: the alfil (B) jumps exactly two squares diagonally, the ferz (Q) steps one square diagonally, and pawns move one square only.",
            ),
            (
                1,
                'B',
                false,
                "The alfil jumps two squares diagonally, over b2.",
            ),
            (3, 'P', false, "Pawns have no double step."),
            (5, 'Q', false, "The ferz steps one square diagonally."),
            (6, 'B', false, "Black's alfil jumps the same way."),
            (
                9,
                'Q',
                false,
                "The ferz steps on, one diagonal square at a time.",
            ),
        ],
    ),
    (
        "courier",
        "courier-old-pieces",
        &[
            "h1g1", "b8c6", "g3h4", "g5h4", "j1l3", "k8j6", "b1c3", "c8e6", "k1j3", "e6g4", "j3h4",
            "g4e2", "e1e2",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Courier chess on 12x8: the schleich (W) steps one square straight, the ferz (F) one diagonally, the alfil (E) jumps two diagonally, the mann (M) moves as a king, the courier (B) as a bishop.",
            ),
            (1, 'W', false, "The schleich steps one square sideways."),
            (3, 'F', false, "The ferz steps one square diagonally."),
            (5, 'E', false, "The alfil jumps two squares diagonally."),
            (
                10,
                'E',
                true,
                "Black's alfil captures with its two-square jump.",
            ),
            (12, 'E', true, "And again, taking the pawn on e2."),
            (
                13,
                'M',
                true,
                "The mann takes the alfil with a king's step.",
            ),
        ],
    ),
    (
        "grand",
        "grand-chancellor-and-pawns",
        &[
            "f2d1", "e9f10", "d3d5", "a8a6", "i3i4", "b8b6", "a3a5", "b6a5", "c3c5", "g8g6", "a1a5",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Grand chess on 10x10: rooks stand in the corners of the first rank, the other pieces on the second, with a chancellor (C, rook and knight) and an archbishop (A, bishop and knight).",
            ),
            (
                1,
                'C',
                false,
                "The chancellor leaps as a knight, here back to the first rank.",
            ),
            (
                3,
                'P',
                false,
                "Pawns may step two squares from their first rank.",
            ),
            (8, 'P', true, "A pawn captures diagonally."),
            (
                11,
                'R',
                true,
                "The rook in the corner uses the open file to take on a5.",
            ),
        ],
    ),
    (
        "capablanca",
        "capablanca-archbishop-and-chancellor",
        &[
            "h1g3", "c8d6", "g3g7", "d6h2", "g1h2", "h8i6", "g7e8", "f8e8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Capablanca chess on 10x8 adds the archbishop (A, bishop and knight) and the chancellor (C, rook and knight).",
            ),
            (1, 'C', false, "The chancellor leaps as a knight."),
            (2, 'A', false, "So does the archbishop."),
            (
                3,
                'C',
                true,
                "The chancellor slides as a rook up the g-file and captures.",
            ),
            (
                4,
                'A',
                true,
                "The archbishop slides as a bishop and captures on h2.",
            ),
            (
                7,
                'C',
                true,
                "The chancellor leaps as a knight onto e8 and takes the queen.",
            ),
            (8, 'K', true, "The king takes it back."),
        ],
    ),
    (
        "amazon",
        "amazon-queen-and-knight",
        &["d1e3", "d8e6", "e3e6", "d7e6"],
        &[
            (
                0,
                ' ',
                false,
                "Amazon chess: the queens are amazons (A), which move as a queen or as a knight.",
            ),
            (1, 'A', false, "The amazon leaps like a knight."),
            (2, 'A', false, "Black's amazon does the same."),
            (
                3,
                'A',
                true,
                "Then it slides like a queen along the file and captures the other amazon.",
            ),
        ],
    ),
    (
        "chess",
        "chess-en-passant-and-castling",
        &[
            "e2e4", "e7e6", "e4e5", "d7d5", "e5d6", "f8d6", "g1f3", "g8f6", "f1c4", "e8g8", "e1g1",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Orthodox chess: the moves most newcomers ask about, en passant and castling on both sides of the board.",
            ),
            (
                1,
                'P',
                false,
                "A pawn may step two squares from its first rank.",
            ),
            (
                4,
                'P',
                false,
                "Black's pawn steps two squares, passing d6, beside White's pawn on e5.",
            ),
            (
                5,
                'P',
                true,
                "En passant: White's pawn takes the d5 pawn as if it had stepped only to d6.",
            ),
            (
                10,
                'K',
                false,
                "Black castles: the king moves two squares toward the rook, and the rook jumps to its other side.",
            ),
            (
                11,
                'K',
                false,
                "White castles the same way on the king's side.",
            ),
        ],
    ),
    // caparandom's moves assume the setup dealt with DEAL_SEED = 3: back rank BNNRQKRACB,
    // i.e. bnnrqkracb/pppppppppp/10/10/10/10/PPPPPPPPPP/BNNRQKRACB w GDgd - 0 1.
    (
        "ai-wok",
        "ai-wok-promotion-to-ai-wok",
        &["e3e4", "d6d5", "e4d5", "f6f5", "d5d6a", "d8d6", "e1c2"],
        &[
            (
                0,
                ' ',
                false,
                "Ai-wok: Makruk with an ai-wok (A) in place of the met, moving as a rook, as a knight or one step diagonally; a pawn that reaches its sixth rank becomes one.",
            ),
            (
                1,
                'P',
                false,
                "Pawns start on the third rank and step one square at a time.",
            ),
            (
                3,
                'P',
                true,
                "The pawn takes diagonally forward, as in chess.",
            ),
            (
                5,
                'P',
                false,
                "On the sixth rank the pawn becomes an ai-wok, which checks the king on e8 with a knight's leap.",
            ),
            (
                6,
                'A',
                true,
                "Black's ai-wok slides down the file like a rook and takes it.",
            ),
            (7, 'A', false, "White's ai-wok leaps to c2 like a knight."),
        ],
    ),
    (
        "almost",
        "almost-chancellor-for-queen",
        &["e2e4", "d7d5", "e4d5", "d8d5", "d1c3", "d5c3", "d2c3"],
        &[
            (
                0,
                ' ',
                false,
                "Almost chess: chess with a chancellor (C), moving as a rook or a knight, in place of each queen.",
            ),
            (3, 'P', true, "White's pawn takes on d5."),
            (
                4,
                'C',
                true,
                "Black's chancellor slides down the d-file like a rook and takes the pawn back.",
            ),
            (
                5,
                'C',
                false,
                "White's chancellor leaps like a knight to c3, where it attacks the chancellor on d5.",
            ),
            (
                6,
                'C',
                true,
                "Black's chancellor takes it with a knight's leap.",
            ),
            (
                7,
                'P',
                true,
                "The pawn takes back, and the chancellors are off the board.",
            ),
        ],
    ),
    (
        "capahouse",
        "capahouse-drops-on-ten-files",
        &[
            "e2e3", "e7e6", "d1j7", "j8j7", "b1c3", "B@c4", "P@e2", "c4e2", "e1e2",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Capahouse: Capablanca chess on 10x8 with crazyhouse drops; a piece you take joins your hand, and you may drop it instead of moving.",
            ),
            (
                1,
                'P',
                false,
                "The pawn step opens the long diagonal of the bishop on d1.",
            ),
            (
                3,
                'B',
                true,
                "The bishop runs to j7 and takes a pawn, which goes to White's hand.",
            ),
            (
                4,
                'R',
                true,
                "The rook takes the bishop: Black now holds a bishop in hand.",
            ),
            (
                6,
                'B',
                false,
                "Black drops the bishop on c4, checking the king on f1 along the diagonal through d3 and e2.",
            ),
            (
                7,
                'P',
                false,
                "White drops the pawn it took on e2 to block the check.",
            ),
            (8, 'B', true, "The bishop takes that pawn, checking again."),
            (
                9,
                'Q',
                true,
                "The queen takes the bishop, which goes back to White's hand.",
            ),
        ],
    ),
    (
        "caparandom",
        "caparandom-castling-from-a-dealt-rank",
        &[
            "e2e4", "e7e5", "c1d3", "c8d6", "e1e2", "e8e7", "f1d1", "f8d8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Capablanca random chess: this game dealt the back rank BNNRQKRACB, the king on f1 between the rooks on d1 and g1.",
            ),
            (
                3,
                'N',
                false,
                "The knight leaves c1, the square the king castles to on the c-side.",
            ),
            (
                5,
                'Q',
                false,
                "The queen leaves e1: now only the rook on d1 stands between the king and c1.",
            ),
            (
                7,
                'K',
                false,
                "White castles on the c-side, written as the king taking its own rook, f1d1: the king goes to c1 and the rook stays on d1, beside it.",
            ),
            (8, 'K', false, "Black castles the same way, f8d8."),
        ],
    ),
    (
        "centaur",
        "centaur-leaps-and-castling",
        &[
            "i1h3", "i8h6", "h1g3", "h8g6", "f2f4", "f7f5", "g1e3", "g8e6", "f1i1", "f8i8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Centaur chess on 10x8: the chess army plus two centaurs (C), which move as a king or as a knight.",
            ),
            (
                1,
                'C',
                false,
                "The centaur leaves the corner with a knight's leap to h3.",
            ),
            (2, 'C', false, "Black's centaur does the same."),
            (
                7,
                'B',
                false,
                "The bishop comes out through f2: g1, h1 and i1 are now empty.",
            ),
            (
                9,
                'K',
                false,
                "White castles: the king goes three squares, from f1 to i1, and the rook from j1 lands beside it on h1.",
            ),
            (10, 'K', false, "Black castles the same way, to i8."),
        ],
    ),
    (
        "chancellor",
        "chancellor-leap-slide-and-castling",
        &[
            "f1e3", "f9e7", "e3e7", "d8e7", "g1h3", "g9h7", "g2g3", "g8g7", "h1g2", "h9g8", "e1g1",
            "e9g9",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Chancellor chess on 9x9: the chess army plus a chancellor (C), moving as a rook or a knight, beside the king.",
            ),
            (
                1,
                'C',
                false,
                "The chancellor leaps like a knight from f1 to e3.",
            ),
            (
                2,
                'C',
                false,
                "Black's chancellor leaps to e7, facing White's on the e-file with nothing between them.",
            ),
            (
                3,
                'C',
                true,
                "White's chancellor slides up the file like a rook and takes it.",
            ),
            (4, 'P', true, "The pawn on d8 takes back."),
            (
                9,
                'B',
                false,
                "With the bishop out, the squares between White's king and the rook on i1 are empty.",
            ),
            (
                11,
                'K',
                false,
                "White castles: the king goes two squares, to g1, and the rook from i1 lands on f1.",
            ),
            (12, 'K', false, "Black castles the same way."),
        ],
    ),
    (
        "chaturanga",
        "chaturanga-elephant-and-mantri",
        &["e2e3", "e7e6", "f1h3", "f8h6", "d1e2", "d8e7"],
        &[
            (
                0,
                ' ',
                false,
                "Chaturanga: the elephant (B) jumps exactly two squares diagonally, the mantri (Q) steps one square diagonally, and pawns never step twice.",
            ),
            (
                1,
                'P',
                false,
                "A pawn steps one square; there is no double step.",
            ),
            (
                3,
                'B',
                false,
                "The elephant jumps two squares diagonally, over the pawn on g2.",
            ),
            (
                4,
                'B',
                false,
                "Black's elephant jumps over g7 the same way.",
            ),
            (
                5,
                'Q',
                false,
                "The mantri steps one square diagonally, to e2.",
            ),
            (6, 'Q', false, "Black's mantri does the same."),
        ],
    ),
    (
        "embassy",
        "embassy-castling-toward-the-b-file",
        &[
            "d2d4", "d7d5", "b1c3", "b8c6", "c1f4", "c8f5", "d1d2", "d8d7", "e1b1", "e8b8", "g1h3",
            "g8h6",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Embassy chess on 10x8: the chancellor (C, rook and knight) and archbishop (A, bishop and knight) stand between the king and the king's bishop.",
            ),
            (
                7,
                'Q',
                false,
                "The queen leaves d1: b1, c1 and d1 are empty between the king and the rook.",
            ),
            (
                9,
                'K',
                false,
                "White castles toward the a-file: the king goes three squares, from e1 to b1, and the rook lands beside it on c1.",
            ),
            (10, 'K', false, "Black castles the same way, to b8."),
            (
                11,
                'A',
                false,
                "The archbishop leaps like a knight, from g1 to h3.",
            ),
            (12, 'A', false, "Black's archbishop does the same."),
        ],
    ),
    (
        "euroshogi",
        "euroshogi-forced-promotion-and-drops",
        &["c3c4", "f6f5", "b2g7+", "f8g7", "B@e4", "B@d5"],
        &[
            (
                0,
                ' ',
                false,
                "EuroShogi on 8x8: taken pieces join the taker's hand, and every move into, within or out of the far three ranks promotes.",
            ),
            (1, 'P', false, "A pawn step opens the bishop's diagonal."),
            (
                2,
                'P',
                false,
                "Black opens the diagonal of its bishop on g7 the same way.",
            ),
            (
                3,
                'B',
                true,
                "The bishop takes the bishop on g7 and, entering the far three ranks, must promote to a horse (b2g7+).",
            ),
            (
                4,
                'G',
                true,
                "The gold takes the horse, which goes to Black's hand as a plain bishop.",
            ),
            (
                5,
                'B',
                false,
                "White drops the bishop it took on e4, aiming at the pawns on f5 and c6.",
            ),
            (
                6,
                'B',
                false,
                "Black drops its bishop on d5 in the way, guarded by the pawn on d6.",
            ),
        ],
    ),
    (
        "fairy",
        "fairy-orthodox-start",
        &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
        &[
            (
                0,
                ' ',
                false,
                "Chess with fairy pieces: its silver, ferz, archbishop, chancellor and commoner appear only in positions set up from a FEN; from the usual start it is orthodox chess.",
            ),
            (
                3,
                'B',
                false,
                "The bishop aims at f7, the square only Black's king guards.",
            ),
            (5, 'Q', false, "The queen joins the attack on f7."),
            (
                7,
                'Q',
                true,
                "The queen takes on f7, guarded by the bishop: checkmate.",
            ),
        ],
    ),
    (
        "gardner",
        "gardner-promotion-on-five-ranks",
        &["a2a3", "b4a3", "c2c3", "a3b2", "d2d3", "b2c1q", "d1c1"],
        &[
            (
                0,
                ' ',
                false,
                "Gardner's minichess: chess on 5x5, with one empty rank between the pawns.",
            ),
            (
                1,
                'P',
                false,
                "Pawns step one square only; this one steps within reach of the pawn on b4.",
            ),
            (2, 'P', true, "Black's pawn takes it."),
            (
                4,
                'P',
                true,
                "The pawn takes again and stands on b2, one step from White's first rank.",
            ),
            (
                6,
                'P',
                true,
                "It takes the bishop on c1 and promotes to a queen on the spot.",
            ),
            (7, 'Q', true, "White's queen takes the new queen."),
        ],
    ),
    (
        "georgian",
        "georgian-amazon-and-no-en-passant",
        &["e2e4", "b8c6", "e4e5", "d7d5", "d1f3", "c6e5", "f3e5"],
        &[
            (
                0,
                ' ',
                false,
                "Georgian chess: the queen is an amazon (A), moving as a queen or a knight; nobody castles, and there is no en passant.",
            ),
            (
                4,
                'P',
                false,
                "Black's pawn steps two squares, past d6, beside White's pawn on e5: here it cannot be taken en passant.",
            ),
            (
                5,
                'A',
                false,
                "The amazon moves along a diagonal, as a queen does.",
            ),
            (
                6,
                'N',
                true,
                "The knight takes the pawn on e5 and attacks the amazon.",
            ),
            (
                7,
                'A',
                true,
                "The amazon takes the knight with a knight's leap.",
            ),
        ],
    ),
    (
        "gorogoro",
        "gorogoro-tokin-and-pawn-drops",
        &["c3c4", "d4d3", "c4c5+", "d6c5", "P@c4", "P@c2", "d1c2"],
        &[
            (
                0,
                ' ',
                false,
                "Goro goro shogi on 5x6: taken pieces join the taker's hand, and pawns and silvers may promote in the far two ranks.",
            ),
            (
                1,
                'P',
                true,
                "A shogi pawn takes straight ahead: the pawn on c4 goes to White's hand.",
            ),
            (2, 'P', true, "Black's pawn takes on d3 the same way."),
            (
                3,
                'P',
                false,
                "Entering the far two ranks the pawn may promote; it becomes a tokin (c4c5+), which moves as a gold, and gives check.",
            ),
            (
                4,
                'G',
                true,
                "The gold takes the tokin, which goes to Black's hand as a plain pawn.",
            ),
            (
                5,
                'P',
                false,
                "White drops its pawn on c4, attacking the gold.",
            ),
            (
                6,
                'P',
                false,
                "Black drops a pawn on c2 with check: a dropped pawn may check, only not mate.",
            ),
            (7, 'G', true, "The gold takes the pawn."),
        ],
    ),
    (
        "gothic",
        "gothic-castling-and-compound-pieces",
        &[
            "g1h3", "g8h6", "i1j3", "i8j6", "i2i3", "i7i6", "h1i2", "h8i7", "f1i1", "f8i8", "e1f3",
            "e8f6",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Gothic chess on 10x8: the chancellor (C) stands beside the queen and the archbishop (A) beside the king.",
            ),
            (
                1,
                'A',
                false,
                "The archbishop leaps like a knight, from g1 to h3.",
            ),
            (
                7,
                'B',
                false,
                "The bishop steps to i2: g1, h1 and i1 are now empty.",
            ),
            (
                9,
                'K',
                false,
                "White castles: the king goes three squares, from f1 to i1, and the rook from j1 lands beside it on h1.",
            ),
            (10, 'K', false, "Black castles the same way."),
            (
                11,
                'C',
                false,
                "The chancellor leaps like a knight, from e1 to f3.",
            ),
            (12, 'C', false, "Black's chancellor does the same."),
        ],
    ),
    (
        "judkins",
        "judkins-knight-promotion-and-drops",
        &["d1e3", "c6d4", "e3f5+", "e6f5", "P@f4", "N@b3", "a1b2"],
        &[
            (
                0,
                ' ',
                false,
                "Judkins shogi on 6x6: taken pieces join the taker's hand, and pieces promote in the far two ranks.",
            ),
            (
                1,
                'N',
                false,
                "The shogi knight leaps two squares forward and one aside, and only forward.",
            ),
            (
                3,
                'N',
                true,
                "It takes the pawn on f5; on the last two ranks a knight must promote, and as a promoted knight, moving as a gold, it checks the king.",
            ),
            (
                4,
                'G',
                true,
                "The gold takes it, and the knight goes to Black's hand as a plain knight.",
            ),
            (
                5,
                'P',
                false,
                "White drops the pawn it took on f4, attacking the gold.",
            ),
            (
                6,
                'N',
                false,
                "Black drops the knight on b3: it checks the king on a1 and attacks the silver on c1.",
            ),
            (7, 'K', false, "The king steps out of check to b2."),
        ],
    ),
    (
        "knightmate",
        "knightmate-royal-knight",
        &[
            "e2e4", "e7e5", "f1c4", "f8c5", "g2g3", "g7g6", "g1g2", "g8g7", "e1g1", "e8g8", "g1f3",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Knightmate: the royal piece (K) moves as a knight, and the men (M) beside the bishops move as kings but are not royal.",
            ),
            (
                7,
                'M',
                false,
                "The man steps one square, as a king does, clearing g1.",
            ),
            (
                9,
                'K',
                false,
                "The royal knight castles as a chess king: it goes to g1 and the rook from h1 to f1.",
            ),
            (10, 'K', false, "Black castles the same way."),
            (
                11,
                'K',
                false,
                "The royal knight moves with a knight's leap, to f3.",
            ),
        ],
    ),
    (
        "losalamos",
        "losalamos-promotion-without-bishops",
        &[
            "c2c3", "b5b4", "c3b4", "e5e4", "b4c5", "d6e5", "c5b6q", "c6b6",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Los Alamos chess: chess on 6x6 without bishops, and pawns step one square only.",
            ),
            (
                1,
                'P',
                false,
                "Even from its first rank a pawn steps one square.",
            ),
            (3, 'P', true, "White's pawn takes on b4."),
            (
                5,
                'P',
                true,
                "It takes again on c5 and checks the king, guarded by the queen on c1 along the emptied c-file.",
            ),
            (
                6,
                'K',
                false,
                "The king cannot take the guarded pawn, so it steps to e5.",
            ),
            (
                7,
                'P',
                true,
                "The pawn takes the knight on the last rank and promotes to a queen; with no bishops, it could be only a queen, rook or knight.",
            ),
            (8, 'Q', true, "Black's queen takes the new queen."),
        ],
    ),
    (
        "modern",
        "modern-minister-and-castling",
        &[
            "d1e3", "f9e7", "b1c3", "h9i7", "d2d4", "h8h6", "c1d2", "g9h8", "e1c1", "e9g9",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Modern chess on 9x9: the minister (M) moves as a bishop or a knight; White's stands on d1, Black's on f9, opposite the queens.",
            ),
            (
                1,
                'M',
                false,
                "The minister leaps like a knight, from d1 to e3.",
            ),
            (2, 'M', false, "Black's minister leaps from f9 to e7."),
            (
                9,
                'K',
                false,
                "White castles on the queen's side: the king goes two squares, to c1, and the rook from a1 lands on d1.",
            ),
            (
                10,
                'K',
                false,
                "Black castles on the other side: the king goes to g9 and the rook from i9 to f9.",
            ),
        ],
    ),
    (
        "nocastle",
        "nocastle-the-king-walks",
        &[
            "e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1f1", "e8f8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "No-castling chess: orthodox chess in which nobody may castle.",
            ),
            (
                5,
                'B',
                false,
                "With the bishop out, f1 and g1 are empty: in chess White could castle now.",
            ),
            (
                7,
                'K',
                false,
                "Here the king can only step; it walks to f1.",
            ),
            (8, 'K', false, "Black's king steps aside the same way."),
        ],
    ),
    (
        "okisakishogi",
        "okisakishogi-horse-queen-and-drops",
        &["c3c4", "h8h7", "b2i9+", "h10i9", "b1c3", "B@e5", "e1d2"],
        &[
            (
                0,
                ' ',
                false,
                "Okisaki shogi on 10x10: shogi with a queen beside the king and chess knights; taken pieces join the taker's hand.",
            ),
            (1, 'P', false, "A pawn step opens the bishop's diagonal."),
            (
                3,
                'B',
                true,
                "The bishop takes the bishop on i9 and chooses to promote to a horse (b2i9+); promotion is optional here.",
            ),
            (
                4,
                'S',
                true,
                "The silver takes the horse, which goes to Black's hand as a plain bishop.",
            ),
            (
                5,
                'N',
                false,
                "The knight leaps as a chess knight does, from b1 to c3.",
            ),
            (
                6,
                'B',
                false,
                "Black drops the bishop on e5, attacking the knight on c3.",
            ),
            (
                7,
                'Q',
                false,
                "The queen, which never promotes, steps diagonally to d2 and guards the knight.",
            ),
        ],
    ),
    (
        "opulent",
        "opulent-wizard-and-lion",
        &["b1c4", "b10c7", "b2b5", "i9i6", "b5b8", "c9b8"],
        &[
            (
                0,
                ' ',
                false,
                "Opulent chess on 10x10: the wizard (W) steps diagonally or leaps as a camel; the lion (L) steps diagonally or leaps two or three squares straight.",
            ),
            (
                1,
                'W',
                false,
                "The wizard leaps as a camel, one file across and three ranks up, from b1 to c4.",
            ),
            (2, 'W', false, "Black's wizard does the same."),
            (
                3,
                'L',
                false,
                "The lion leaps three squares straight up, over the pawn on b3.",
            ),
            (
                4,
                'L',
                false,
                "Black's lion leaps three squares the same way.",
            ),
            (
                5,
                'L',
                true,
                "The lion leaps three squares again and takes the pawn on b8.",
            ),
            (
                6,
                'B',
                true,
                "The bishop takes the lion; from now on a white pawn could promote to a lion, since pawns may only become pieces their side has lost.",
            ),
        ],
    ),
    (
        "paradigm",
        "paradigm-bishop-horse",
        &["f2f4", "c7c5", "f1g3", "c8d6", "g1f3", "d6f4", "g3f4"],
        &[
            (
                0,
                ' ',
                false,
                "Paradigm chess: each bishop (B) may also leap as a xiangqi horse, a knight's leap blocked by a piece on the square straight next to it.",
            ),
            (
                1,
                'P',
                false,
                "The pawn leaves f2, the square that blocked the bishop's horse leaps to e3 and g3.",
            ),
            (
                3,
                'B',
                false,
                "The bishop leaps like a knight, from f1 to g3 through the empty f2.",
            ),
            (
                4,
                'B',
                false,
                "Black's bishop leaps the same way, through c7, to d6.",
            ),
            (
                6,
                'B',
                true,
                "It slides along the diagonal, as a bishop, and takes the pawn on f4.",
            ),
            (
                7,
                'B',
                true,
                "White's bishop takes it back with a diagonal step.",
            ),
        ],
    ),
    (
        "raazuvaa",
        "raazuvaa-single-steps",
        &["e2e3", "e7e6", "g1f3", "g8f6", "f1e2", "f8e7", "e1f1"],
        &[
            (
                0,
                ' ',
                false,
                "Raazuvaa, the chess of the Maldives: pawns never step two squares, and nobody castles.",
            ),
            (
                1,
                'P',
                false,
                "Even on its first move a pawn steps only one square.",
            ),
            (2, 'P', false, "Black's pawn steps one square too."),
            (
                7,
                'K',
                false,
                "f1 and g1 are empty, but there is no castling: the king steps to f1.",
            ),
        ],
    ),
    (
        "tencubed",
        "tencubed-champion-and-wizard",
        &[
            "c3c5", "h8h6", "c1c3", "h10h8", "d1e4", "g10f7", "e4f7", "e8f7",
        ],
        &[
            (
                0,
                ' ',
                false,
                "TenCubed chess on 10x10: champions (C) step or jump straight and jump two diagonally; wizards (W) step diagonally or leap as camels.",
            ),
            (
                1,
                'P',
                false,
                "Pawns start on the third rank and may step two squares from it.",
            ),
            (
                3,
                'C',
                false,
                "The champion jumps two squares straight up, over the knight on c2.",
            ),
            (
                4,
                'C',
                false,
                "Black's champion jumps over its knight the same way.",
            ),
            (
                5,
                'W',
                false,
                "The wizard leaps as a camel, one file across and three ranks up, from d1 to e4.",
            ),
            (
                6,
                'W',
                false,
                "Black's wizard leaps to f7, a camel's leap from White's wizard.",
            ),
            (7, 'W', true, "White's wizard takes it with that leap."),
            (8, 'P', true, "The pawn takes back."),
        ],
    ),
    (
        "pocketknight",
        "pocketknight-drop-and-fork",
        &["e2e4", "e7e5", "N@d5", "N@f4", "d5c7", "e8e7", "c7a8"],
        &[
            (
                0,
                ' ',
                false,
                "Pocket knight: chess with one knight in each player's hand, to drop once on any empty square instead of a move.",
            ),
            (
                3,
                'N',
                false,
                "White drops its knight from the hand on d5 (N@d5).",
            ),
            (4, 'N', false, "Black drops its own knight on f4."),
            (
                5,
                'N',
                true,
                "The dropped knight takes the pawn on c7 with check, forking king and rook.",
            ),
            (
                7,
                'N',
                true,
                "It takes the rook, which leaves the game: taken pieces never go to a hand here.",
            ),
        ],
    ),
    (
        "yarishogi",
        "yarishogi-promotion-and-drop",
        &[
            "c3c4", "e7e6", "c4c5", "e6e5", "c5c6", "e5e4", "c6c7+", "b9c7", "P@c6",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Yari shogi on 7x9: most pieces reach forward like spears, and taken pieces join the taker's hand as in shogi.",
            ),
            (1, 'P', false, "Pawns step one square straight forward."),
            (
                7,
                'P',
                true,
                "Entering the far three ranks, the pawn takes on c7 and promotes to a yari silver (+P), written c6c7+.",
            ),
            (
                8,
                'N',
                true,
                "Black's yari knight takes it with a forward knight's leap; it joins Black's hand as a pawn.",
            ),
            (
                9,
                'P',
                false,
                "White drops the pawn it took on c6, a file where it has no other pawn.",
            ),
        ],
    ),
    (
        "sortofalmost",
        "sortofalmost-chancellor-against-queen",
        &["e2e4", "e7e5", "d1e3", "d8h4", "e3f5", "h4e4", "f5e3"],
        &[
            (
                0,
                ' ',
                false,
                "Sort of almost chess: White has a chancellor (C, rook and knight) where Black keeps its queen.",
            ),
            (
                3,
                'C',
                false,
                "The chancellor leaps as a knight from d1 to e3.",
            ),
            (4, 'Q', false, "Black's queen comes out to h4."),
            (5, 'C', false, "The chancellor leaps on to f5."),
            (6, 'Q', true, "The queen takes the pawn on e4 with check."),
            (
                7,
                'C',
                false,
                "The chancellor leaps back to e3, between the queen and the king.",
            ),
        ],
    ),
    (
        "chigorin",
        "chigorin-knights-against-bishops",
        &["e2e4", "e7e5", "g1f3", "f8c5", "f3e5", "c5f2", "e1e2"],
        &[
            (
                0,
                ' ',
                false,
                "Chigorin chess: White's four knights and chancellor against Black's four bishops and queen.",
            ),
            (3, 'N', false, "One of White's knights comes out to f3."),
            (4, 'B', false, "One of Black's bishops comes out to c5."),
            (5, 'N', true, "The knight takes the pawn on e5."),
            (6, 'B', true, "The bishop takes the pawn on f2 with check."),
            (
                7,
                'K',
                false,
                "The king steps to e2 rather than take the bishop, as it or the chancellor could.",
            ),
        ],
    ),
    (
        "gustav3",
        "gustav3-amazons-and-walls",
        &[
            "a1b3", "a8b6", "h1i3", "h8i6", "h2h3", "h7h6", "g1h2", "g8h7", "f1h1", "f8h8", "b3f7",
            "e8f7",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Gustav III's chess: an amazon (A, queen and knight) in each corner, and walls (*) that no piece may enter at both ends of the pawn ranks.",
            ),
            (
                1,
                'A',
                false,
                "The amazon leaps as a knight from a1 to b3, past the wall on a2.",
            ),
            (
                9,
                'K',
                false,
                "The king castles to the h-file, the rook from i1 landing on g1.",
            ),
            (10, 'K', false, "Black castles the same way."),
            (
                11,
                'A',
                true,
                "The amazon slides as a queen to take on f7, checking the king on h8 with a knight's leap.",
            ),
            (12, 'Q', true, "The queen takes the amazon."),
        ],
    ),
    (
        "omicron",
        "omicron-wizards-and-champions",
        &[
            "a1b4", "a10b7", "b2d4", "b9d7", "i2h4", "i9h7", "i3i4", "i8i7", "h2i3", "h9i8",
            "g2i2", "g9i9",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Omicron chess: a 10x8 field ringed by walls (*), with a wizard (W) on each open corner and champions (C) outside the rooks.",
            ),
            (
                1,
                'W',
                false,
                "The wizard leaps as a camel (3 and 1) out of its corner, over the wall and the pawns, to b4.",
            ),
            (2, 'W', false, "Black's wizard leaps out the same way."),
            (
                3,
                'C',
                false,
                "The champion leaps two squares diagonally, over the pawn on c3, to d4.",
            ),
            (
                11,
                'K',
                false,
                "The king castles on its own second rank to the i-file, the rook from j2 landing on h2.",
            ),
            (12, 'K', false, "Black castles the same way."),
        ],
    ),
    (
        "3check",
        "3check-the-third-check-wins",
        &[
            "e2e4", "d7d5", "f1b5", "c7c6", "b5c6", "b8c6", "d1h5", "a7a6", "h5f7",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Three-check chess: chess in which the side that gives a third check wins, mate or no mate.",
            ),
            (
                3,
                'B',
                false,
                "The bishop checks from b5: one check given, two to go (2+3 in the FEN).",
            ),
            (
                5,
                'B',
                true,
                "It takes on c6 with a second check, and is lost for it.",
            ),
            (
                9,
                'Q',
                true,
                "The queen takes on f7 with a third check: White wins, though the king could take her.",
            ),
        ],
    ),
    (
        "5check",
        "5check-counting-checks",
        &["e2e4", "d7d5", "f1b5", "c7c6", "b5c6", "b8c6"],
        &[
            (
                0,
                ' ',
                false,
                "Five-check chess: the side that gives a fifth check wins.",
            ),
            (
                3,
                'B',
                false,
                "A first check from b5: four still to give (4+5).",
            ),
            (
                5,
                'B',
                true,
                "A second check, paid for with the bishop: three still to give (3+5).",
            ),
            (
                6,
                'N',
                true,
                "The knight takes back; the count stays in the position.",
            ),
        ],
    ),
    (
        "kingofthehill",
        "kingofthehill-the-king-climbs-the-hill",
        &["e2e3", "e7e6", "e1e2", "e8e7", "e2d3", "e7d6", "d3d4"],
        &[
            (
                0,
                ' ',
                false,
                "King of the hill: a king that reaches one of the four centre squares (marked) wins.",
            ),
            (3, 'K', false, "White's king sets out."),
            (4, 'K', false, "Black's king sets out as well."),
            (
                7,
                'K',
                false,
                "White's king steps onto d4, the hill, unattacked: White wins.",
            ),
        ],
    ),
    (
        "racingkings",
        "racingkings-a-race-drawn",
        &[
            "h2g3", "a2b3", "g3f4", "b3c4", "f4e5", "c4b5", "e5d6", "b5a6", "d6d7", "a6b7", "d7d8",
            "b7b8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Racing kings: the first king on the eighth rank wins, and no move may give check.",
            ),
            (1, 'K', false, "White's king runs up the board."),
            (2, 'K', false, "Black's king runs beside it."),
            (
                11,
                'K',
                false,
                "White's king reaches d8 first, but Black's can still reach the eighth rank.",
            ),
            (
                12,
                'K',
                false,
                "It does: both kings are home, and the race is drawn.",
            ),
        ],
    ),
    (
        "misere",
        "misere-mated-and-winning",
        &["f2f3", "e7e5", "g2g4", "d8h4"],
        &[
            (
                0,
                ' ',
                false,
                "Misère chess: the side that is checkmated wins.",
            ),
            (
                3,
                'P',
                false,
                "White opens its king's diagonal, as in the fool's mate.",
            ),
            (
                4,
                'Q',
                false,
                "Black mates with the queen, and so loses: White wins.",
            ),
        ],
    ),
    (
        "armageddon",
        "armageddon-a-draw-for-black",
        &[
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Armageddon: chess in which every draw counts as a win for Black.",
            ),
            (
                4,
                'N',
                false,
                "The knights go out and back: the start position for the second time.",
            ),
            (
                8,
                'N',
                false,
                "The third time: a draw by repetition, and so a win for Black.",
            ),
        ],
    ),
    (
        "extinction",
        "extinction-the-last-queen",
        &["e2e4", "e7e5", "d1h5", "d8h4", "h5h4"],
        &[
            (
                0,
                ' ',
                false,
                "Extinction chess: no check; a side that loses every piece of one kind (its only queen, say) loses.",
            ),
            (3, 'Q', false, "White's queen comes out to h5."),
            (4, 'Q', false, "Black's queen comes out beside it."),
            (
                5,
                'Q',
                true,
                "White takes Black's only queen: queens are extinct on Black's side, and White wins.",
            ),
        ],
    ),
    (
        "kinglet",
        "kinglet-the-king-is-taken",
        &["f2f3", "e7e5", "e1f2", "d8h4", "a2a3", "h4f2"],
        &[
            (
                0,
                ' ',
                false,
                "Kinglet chess: no check; a side that loses all its pawns loses, and kings are ordinary pieces.",
            ),
            (3, 'K', false, "White's king steps to f2."),
            (
                4,
                'Q',
                false,
                "Black's queen attacks it, which is no check here.",
            ),
            (5, 'P', false, "White ignores it."),
            (
                6,
                'Q',
                true,
                "The queen takes the king, and the game goes on: only the pawns count.",
            ),
        ],
    ),
    (
        "threekings",
        "threekings-one-king-lost",
        &["g1f3", "a7a6", "f3g5", "a6a5", "g5f7", "a5a4", "f7h8"],
        &[
            (
                0,
                ' ',
                false,
                "Three kings chess: three kings a side and no check; the side that loses one king loses.",
            ),
            (
                5,
                'N',
                true,
                "The knight takes on f7 and attacks the king in the corner.",
            ),
            (
                7,
                'N',
                true,
                "It takes the king on h8: Black has two kings left, and White wins.",
            ),
        ],
    ),
    (
        "antichess",
        "antichess-forced-captures",
        &["e2e3", "b7b5", "f1b5", "c7c6", "b5c6", "b8c6"],
        &[
            (
                0,
                ' ',
                false,
                "Antichess: taking is compulsory, and the side that gives away every piece wins.",
            ),
            (2, 'P', false, "Black offers a pawn."),
            (
                3,
                'B',
                true,
                "White must take it: the bishop's capture is the only move.",
            ),
            (4, 'P', false, "Black offers another."),
            (5, 'B', true, "And White must take again."),
            (6, 'N', true, "Now Black must take the bishop."),
        ],
    ),
    (
        "giveaway",
        "giveaway-castling-king",
        &[
            "e2e4", "b7b6", "g2g3", "c8a6", "f1a6", "b8a6", "g1h3", "a6b4", "e1g1",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Giveaway chess: antichess with castling, the king an ordinary piece.",
            ),
            (5, 'B', true, "White's bishop must take the bishop on a6."),
            (6, 'N', true, "Black must take back."),
            (
                9,
                'K',
                false,
                "White castles: the king is no royal, and castles as in chess.",
            ),
        ],
    ),
    (
        "suicide",
        "suicide-forced-captures",
        &["e2e3", "b7b5", "f1b5", "c7c6", "b5c6", "b8c6"],
        &[
            (
                0,
                ' ',
                false,
                "Suicide chess: antichess in which a side with no move wins only with fewer pieces.",
            ),
            (
                3,
                'B',
                true,
                "Taking is compulsory: White's bishop must take on b5.",
            ),
            (5, 'B', true, "And again on c6."),
            (6, 'N', true, "Black must take the bishop."),
        ],
    ),
    (
        "codrus",
        "codrus-losing-the-king-wins",
        &["e2e3", "b7b5", "f1b5", "d7d6", "b5e8"],
        &[
            (
                0,
                ' ',
                false,
                "Codrus: captures are compulsory, and the side whose king is taken wins.",
            ),
            (
                3,
                'B',
                true,
                "White must take on b5, and its bishop now eyes Black's king.",
            ),
            (4, 'P', false, "Black opens the way to its king."),
            (
                5,
                'B',
                true,
                "White must take the king, and so loses: Black wins.",
            ),
        ],
    ),
    (
        "losers",
        "losers-mated-and-winning",
        &[
            "g2g3", "e7e5", "f2f4", "e5f4", "g3f4", "f8e7", "c2c3", "e7h4",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Losers chess: captures are compulsory, and being mated, stalemated or left with a lone king wins.",
            ),
            (4, 'P', true, "Black must take the pawn on f4."),
            (5, 'P', true, "White must take back."),
            (
                8,
                'B',
                false,
                "The bishop mates White from h4, and so White wins.",
            ),
        ],
    ),
    (
        "torpedo",
        "torpedo-double-steps-anywhere",
        &["e2e4", "d7d6", "a2a3", "d6d4", "e4d5"],
        &[
            (
                0,
                ' ',
                false,
                "Torpedo chess: a pawn may step two squares from any rank.",
            ),
            (
                4,
                'P',
                false,
                "Black's pawn steps two from d6 to d4, past White's pawn on e4.",
            ),
            (
                5,
                'P',
                true,
                "White takes it en passant on d5, as after any double step.",
            ),
        ],
    ),
    (
        "pawnsideways",
        "pawnsideways-a-step-aside",
        &["b2b4", "e7e5", "a2b2", "e5e4", "b4b5", "d7d5", "b2b4"],
        &[
            (
                0,
                ' ',
                false,
                "Pawn sideways chess: a pawn may also step one square sideways without taking.",
            ),
            (3, 'P', false, "The a-pawn steps sideways to b2."),
            (
                7,
                'P',
                false,
                "From its second rank it may step two again, to b4.",
            ),
        ],
    ),
    (
        "horde",
        "horde-the-pawn-wall",
        &["b5b6", "a7b6", "c5b6", "c7b6"],
        &[
            (
                0,
                ' ',
                false,
                "Horde chess: thirty-six white pawns and no king against Black's army; Black wins by taking them all.",
            ),
            (1, 'P', false, "A pawn of the horde advances."),
            (2, 'P', true, "Black takes it."),
            (
                3,
                'P',
                true,
                "Another takes back: the horde trades pawns for Black's.",
            ),
            (4, 'P', true, "Black takes again."),
        ],
    ),
    (
        "coregal",
        "coregal-the-royal-queen",
        &["d2d4", "e7e6", "c1g5", "f7f6"],
        &[
            (
                0,
                ' ',
                false,
                "Coregal chess: the queens are royal as well as the kings.",
            ),
            (
                3,
                'B',
                false,
                "The bishop attacks Black's queen: that is check.",
            ),
            (
                4,
                'P',
                false,
                "Black must answer it, here by blocking with a pawn.",
            ),
        ],
    ),
    (
        "checkshogi",
        "checkshogi-the-first-check-wins",
        &["c3c4", "d9c8", "b2g7"],
        &[
            (
                0,
                ' ',
                false,
                "Check shogi: shogi in which the first check wins.",
            ),
            (1, 'P', false, "White opens the bishop's diagonal."),
            (
                3,
                'B',
                true,
                "The bishop takes on g7 with check, and White wins at once.",
            ),
        ],
    ),
    (
        "clobber",
        "clobber-every-move-takes",
        &[
            "b1a1", "a3a4", "b5a5", "e3e4", "c2b2", "d6e6", "c4d4", "d2d3", "c6b6", "e1d1", "b3b4",
            "c5d5", "a5a4", "e4d4",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Clobber: every move takes an enemy stone beside it; whoever cannot move loses.",
            ),
            (1, 'P', true, "A white stone takes its neighbour."),
            (2, 'P', true, "Black takes back elsewhere."),
            (
                14,
                'P',
                true,
                "Black's last capture leaves White with no stone beside an enemy: White loses.",
            ),
        ],
    ),
    (
        "breakthrough",
        "breakthrough-a-pawn-gets-through",
        &[
            "h2g3", "f7f6", "g1h2", "f6e5", "b2a3", "g8f7", "h2h3", "d7e6", "a2b3", "e8d7", "e2d3",
            "e5d4", "e1e2", "c7c6", "g3g4", "d4e3", "d2c3", "e3d2", "b1b2", "d7d6", "d3e4", "d2e1",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Breakthrough: the first pawn to reach the far rank wins.",
            ),
            (
                12,
                'P',
                false,
                "Black's pawn slips past White's front line.",
            ),
            (18, 'P', false, "It reaches d2, one step from home."),
            (
                22,
                'P',
                false,
                "And steps to e1: Black breaks through and wins.",
            ),
        ],
    ),
    (
        "asean",
        "asean-a-pawn-chooses-a-rook",
        &[
            "a3a4", "b6b5", "a4b5", "a6a5", "b5b6", "a5a4", "b6b7", "a4a3", "b7a8r",
        ],
        &[
            (
                0,
                ' ',
                false,
                "ASEAN chess: makruk's army under chess's letters, the pawns on the third rank.",
            ),
            (3, 'P', true, "White's a-pawn takes on b5."),
            (
                9,
                'P',
                true,
                "On the last rank it takes the rook and becomes a rook itself: ASEAN pawns choose.",
            ),
        ],
    ),
    (
        "shatar",
        "shatar-the-bers-steps",
        &["d1d3", "d8d6", "d3e4", "d6e5"],
        &[
            (
                0,
                ' ',
                false,
                "Shatar: the d-pawns start met in the centre, and the queen is the bers (J).",
            ),
            (1, 'J', false, "The bers slides as a rook to d3."),
            (
                3,
                'J',
                false,
                "And steps one square diagonally to e4, as a ferz.",
            ),
        ],
    ),
    (
        "dragon",
        "dragon-the-dragon-dropped",
        &["g1f3", "g8f6", "D@g1", "b8c6", "g1h3"],
        &[
            (
                0,
                ' ',
                false,
                "Dragon chess: each side holds a dragon (D, bishop and knight) in hand.",
            ),
            (
                3,
                'D',
                false,
                "White puts the dragon on g1, left empty by the knight.",
            ),
            (5, 'D', false, "The dragon leaps out as a knight."),
        ],
    ),
    (
        "perfect",
        "perfect-castling-with-the-chancellor",
        &[
            "b2b3", "g8f6", "b1a3", "e7e6", "c1b2", "f8e7", "d1e3", "e8g8", "e1c1",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Perfect chess: chancellor, minister, queen and empress on the queen's side.",
            ),
            (3, 'M', false, "The minister leaps as a knight to a3."),
            (7, 'G', false, "The empress leaps as a knight to e3."),
            (8, 'K', false, "Black castles short, with the rook."),
            (
                9,
                'K',
                false,
                "White castles long, with the chancellor, which lands on d1.",
            ),
        ],
    ),
    (
        "legan",
        "legan-pawns-on-the-diagonal",
        &["g3f4", "b5c4", "f4e5", "d5e5"],
        &[
            (
                0,
                ' ',
                false,
                "Legan chess: the armies in opposite corners, pawns marching on the diagonal.",
            ),
            (1, 'P', false, "White's pawn steps diagonally toward a8."),
            (3, 'P', false, "And again, to e5."),
            (
                4,
                'P',
                true,
                "Black's pawn takes it sideways, toward Black's own goal corner.",
            ),
        ],
    ),
    (
        "troitzky",
        "troitzky-the-cut-corners",
        &["e3e5", "f8f6", "e5f6", "g9f7"],
        &[
            (
                0,
                ' ',
                false,
                "Troitzky chess: a 10x10 board with its corners cut away (*).",
            ),
            (
                1,
                'P',
                false,
                "The pawn steps two squares from its third rank.",
            ),
            (3, 'P', true, "It takes the pawn on f6."),
            (4, 'N', false, "A knight comes out."),
        ],
    ),
    (
        "xiangqi",
        "xiangqi-the-cannon-jumps",
        &["h3e3", "h10g8", "e3e7", "b10c8", "h1g3", "i10h10"],
        &[
            (
                0,
                ' ',
                false,
                "Xiangqi: generals (K) in their palaces, the river between the fifth and sixth ranks.",
            ),
            (1, 'C', false, "The cannon moves to the central file."),
            (2, 'N', false, "A horse comes out, its leg free."),
            (
                3,
                'C',
                true,
                "The cannon takes the soldier on e7, jumping the one soldier between.",
            ),
            (6, 'R', false, "The chariot comes out along the back rank."),
        ],
    ),
    (
        "minixiangqi",
        "minixiangqi-soldiers-step-sideways",
        &["a2b2", "g6f6", "b1b7", "a7b7"],
        &[
            (
                0,
                ' ',
                false,
                "Minixiangqi: xiangqi on 7x7 without advisors, elephants or river.",
            ),
            (1, 'P', false, "A soldier steps sideways from the start."),
            (
                3,
                'C',
                true,
                "The cannon takes the cannon on b7 over the soldier, with check.",
            ),
            (4, 'R', true, "The chariot takes it back."),
        ],
    ),
    (
        "manchu",
        "manchu-the-banner",
        &["a1a7", "b10c8", "a7c7"],
        &[
            (
                0,
                ' ',
                false,
                "Manchu chess: White's one banner (M) against Black's full xiangqi army.",
            ),
            (
                1,
                'M',
                true,
                "The banner takes the soldier on a7 as a cannon, over White's own soldier.",
            ),
            (3, 'M', true, "And the soldier on c7 as a chariot."),
        ],
    ),
    (
        "pawnback",
        "pawnback-a-pawn-steps-back",
        &["e2e4", "e7e5", "e4e3", "d7d5", "e3e2"],
        &[
            (
                0,
                ' ',
                false,
                "Pawn-back chess: a pawn may step straight back, but not onto its first rank.",
            ),
            (3, 'P', false, "White's pawn steps back to e3."),
            (
                5,
                'P',
                false,
                "And back again to e2, from where it may step two again.",
            ),
        ],
    ),
    (
        "dobutsu",
        "dobutsu-chicks-to-hand",
        &["b2b3", "b4b3", "C@b2"],
        &[
            (
                0,
                ' ',
                false,
                "Dobutsu shogi: lion (L), giraffe (G), elephant (E) and chick (C) on 3x4 squares.",
            ),
            (
                1,
                'C',
                true,
                "White's chick takes Black's, which goes to White's hand.",
            ),
            (
                2,
                'L',
                true,
                "Black's lion takes it back: the lion is not royal, but losing it loses.",
            ),
            (3, 'C', false, "White drops the chick it holds."),
        ],
    ),
    (
        "torishogi",
        "torishogi-the-swallow-becomes-a-goose",
        &["e4e5", "c4c3", "e5e6+", "d6e6", "S@e4"],
        &[
            (
                0,
                ' ',
                false,
                "Tori shogi: the birds on 7x7, the phoenix (K) as king and swallows (S) for pawns.",
            ),
            (1, 'S', true, "A swallow takes a swallow."),
            (
                3,
                'S',
                false,
                "Entering the last two ranks it must promote, to a goose (G).",
            ),
            (
                4,
                'F',
                true,
                "Black's falcon takes the goose, which goes to hand as a swallow.",
            ),
            (
                5,
                'S',
                false,
                "White drops a swallow: two may stand on one file.",
            ),
        ],
    ),
    (
        "placement",
        "placement-pieces-placed-first",
        &[
            "K@e1", "K@e8", "R@h1", "R@a8", "B@c1", "B@c8", "B@f1", "B@d8", "R@a1", "R@h8", "Q@d1",
            "Q@f8", "N@b1", "N@b8", "N@g1", "N@g8", "e2e4",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Placement chess: the pieces start in hand and are placed on the first rank.",
            ),
            (1, 'K', false, "White places its king on e1."),
            (
                3,
                'R',
                false,
                "A rook in the corner: with the king on e1 it may castle on that wing.",
            ),
            (
                7,
                'B',
                false,
                "The second bishop goes on a light square, the first being on a dark one.",
            ),
            (
                17,
                'P',
                false,
                "Everything placed, the game goes on as chess.",
            ),
        ],
    ),
    (
        "petrified",
        "petrified-the-queen-turns-to-stone",
        &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"],
        &[
            (
                0,
                ' ',
                false,
                "Petrified chess: a piece that takes, but a pawn, turns to stone where it took.",
            ),
            (3, 'P', true, "A pawn takes, and stays a pawn."),
            (
                4,
                'Q',
                true,
                "The queen takes on d5 and becomes a wall (*) there.",
            ),
            (5, 'N', false, "No piece may enter d5 again."),
        ],
    ),
    (
        "supply",
        "supply-one-board-of-four",
        &["h3e3", "h10g8", "e3e7", "b10c8"],
        &[
            (
                0,
                ' ',
                false,
                "Supply chess: one board of xiangqi's bughouse, with hands that its partner board fills.",
            ),
            (
                3,
                'C',
                true,
                "The cannon takes on e7; on this board alone the soldier goes to no hand.",
            ),
        ],
    ),
    (
        "cambodian",
        "cambodian-the-kings-leap",
        &["d1b2", "e8g7", "e3e4", "f6f5", "e1e3"],
        &[
            (
                0,
                ' ',
                false,
                "Ouk chatrang: makruk in which the king and the met each have a first move of their own.",
            ),
            (
                1,
                'K',
                false,
                "White's king leaps as a knight from d1 to b2.",
            ),
            (2, 'K', false, "Black's does the same, from e8 to g7."),
            (
                5,
                'M',
                false,
                "White's met jumps two squares ahead, from e1 to e3, once its pawn has moved.",
            ),
        ],
    ),
    (
        "jesonmor",
        "jesonmor-the-centre-held",
        &["e1d3", "e9g8", "d3e5", "h9i7"],
        &[
            (
                0,
                ' ',
                false,
                "Jeson Mor: nine knights a side; a knight on e5 that is still there after the other side's move wins.",
            ),
            (3, 'N', false, "White's knight lands on e5."),
            (4, 'N', false, "Black does not take it: White wins."),
        ],
    ),
    (
        "fox-and-hounds",
        "fox-and-hounds-the-fox-trapped",
        &[
            "e1f2", "f8e7", "f2g3", "e7f6", "g3f4", "h8g7", "f4g5", "d8e7", "g5h6", "f6g5",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Fox and hounds: the fox wins by reaching the far rank, the hounds by trapping it.",
            ),
            (1, 'F', false, "The fox runs for the far rank."),
            (9, 'F', false, "It slips to the edge on h6."),
            (
                10,
                'H',
                false,
                "A hound closes the last way out: the fox cannot move, and the hounds win.",
            ),
        ],
    ),
    (
        "clobber10",
        "clobber10-every-move-takes",
        &["b1a1", "a3a2", "a10a9", "a2a1"],
        &[
            (
                0,
                ' ',
                false,
                "Clobber on 10x10: every move takes an enemy stone beside it; whoever cannot move loses.",
            ),
            (1, 'P', true, "White takes the corner stone."),
            (2, 'P', true, "Black takes the white stone on a2."),
            (
                4,
                'P',
                true,
                "And takes again in the corner: no stone ever moves to an empty square.",
            ),
        ],
    ),
    (
        "atomic",
        "atomic-the-king-blown-up",
        &["c2c4", "h7h5", "d1a4", "b8a6", "a4d7"],
        &[
            (
                0,
                ' ',
                false,
                "Atomic chess: a capture blows up the taker and every piece around it but pawns.",
            ),
            (
                3,
                'Q',
                false,
                "The queen comes out to a4, eyeing d7 beside Black's king.",
            ),
            (
                5,
                'Q',
                true,
                "She takes on d7: the blast takes her, the bishop, the queen and the king on e8. White wins.",
            ),
        ],
    ),
    (
        "nocheckatomic",
        "nocheckatomic-the-king-blown-up",
        &["c2c4", "h7h5", "d1a4", "b8a6", "a4d7"],
        &[
            (
                0,
                ' ',
                false,
                "Atomic chess without checks: captures explode, and the king is an ordinary piece.",
            ),
            (
                5,
                'Q',
                true,
                "The queen's capture on d7 blows up Black's king beside it: White wins.",
            ),
        ],
    ),
    (
        "atomar",
        "atomar-kings-survive-the-blast",
        &["d2d3", "c7c6", "f2f3", "d8a5", "c1h6", "a5e1"],
        &[
            (
                0,
                ' ',
                false,
                "Atomar chess: captures explode, but kings survive every blast; a king must be taken.",
            ),
            (
                4,
                'Q',
                false,
                "Black's queen eyes White's king along the diagonal the d-pawn opened.",
            ),
            (5, 'B', false, "White does not see it."),
            (6, 'Q', true, "The queen takes the king itself: Black wins."),
        ],
    ),
    (
        "snailtrail",
        "snailtrail-walls-behind",
        &[
            "a1b2,b2a1",
            "g7f7,f7g7",
            "b2a3,a3b2",
            "f7f6,f6f7",
            "a3b4,b4a3",
            "f6f5,f5f6",
            "b4a4,a4b4",
            "f5g5,g5f5",
            "a4b3,b3a4",
            "g5g6,g6g5",
            "b3c3,c3b3",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Snail trail: each snail steps one square and leaves a wall where it stood.",
            ),
            (
                1,
                'P',
                false,
                "White's snail steps to b2; a wall rises on a1.",
            ),
            (
                10,
                'P',
                false,
                "Black's snail walls itself into the corner.",
            ),
            (
                11,
                'P',
                false,
                "White steps away: Black's snail has no empty square left, and loses.",
            ),
        ],
    ),
    (
        "joust",
        "joust-the-knight-fenced-in",
        &[
            "d4e2,e2d4",
            "e5d7,d7e5",
            "e2f4,f4e2",
            "d7b6,b6d7",
            "f4e6,e6f4",
            "b6a8,a8b6",
            "e6c7,c7e6",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Joust: two knights; each leaves a wall on the square it leaves, and neither may take.",
            ),
            (1, 'N', false, "White's knight jumps away, walling d4."),
            (6, 'N', false, "Black's knight runs into the corner."),
            (
                7,
                'N',
                false,
                "White's knight lands on c7: every square Black's knight could reach is walled or taken, and Black loses.",
            ),
        ],
    ),
    (
        "isolation",
        "isolation-step-and-wall",
        &["c1c2,c2c7", "d8d7,d7b2", "c2d3,d3e3", "d7d6,d6e6"],
        &[
            (
                0,
                ' ',
                false,
                "Isolation: move your pawn one square, then wall any empty square; whoever cannot move loses.",
            ),
            (
                1,
                'P',
                false,
                "White steps to c2 and walls c7, next to Black's pawn.",
            ),
            (2, 'P', false, "Black steps to d7 and walls b2."),
            (4, 'P', false, "Each wall narrows the other's way."),
        ],
    ),
    (
        "isolation7x7",
        "isolation7x7-walled-in",
        &[
            "d1e1,e1f7",
            "d7c6,c6g6",
            "e1e2,e2d6",
            "c6c7,c7b5",
            "e2d1,d1b2",
            "c7b7,b7c2",
            "d1c1,c1a2",
            "b7c6,c6f1",
            "c1b1,b1e4",
            "c6b7,b7c6",
            "b1a1,a1d3",
            "b7c7,c7b1",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Isolation on 7x7: move one square, then wall any empty square but the start squares.",
            ),
            (1, 'P', false, "White steps aside and walls f7."),
            (
                12,
                'P',
                false,
                "Black walls b1: White's pawn in the corner has no empty square left, and White loses.",
            ),
        ],
    ),
    (
        "duck",
        "duck-the-king-taken",
        &[
            "h2h4,h4f4",
            "c7c6,c6f6",
            "a2a4,a4f5",
            "h7h5,h5h3",
            "e2e4,e4b4",
            "e7e6,e6c4",
            "g2g3,g3e3",
            "f8b4,b4b6",
            "d2d3,d3g5",
            "e8e7,e7g2",
            "f2f4,f4e2",
            "f7f6,f6d5",
            "d1g4,g4f3",
            "b4e1,e1e2",
        ],
        &[
            (
                0,
                ' ',
                false,
                "Duck chess: after each move the player moves the duck (*) to another empty square; there is no check.",
            ),
            (
                1,
                'P',
                false,
                "White moves a pawn, then puts the duck on f4.",
            ),
            (
                8,
                'B',
                false,
                "Black's bishop comes to b4, aiming at White's king.",
            ),
            (
                13,
                'Q',
                false,
                "White's queen leaves d1 and the duck goes to f3: nothing now stands between the bishop and the king.",
            ),
            (14, 'B', true, "The bishop takes the king: Black wins."),
        ],
    ),
    (
        "amazons",
        "amazons-move-and-shoot",
        &["d1d5,d5g8", "d10d6,d6d9", "g1g4,g4i4", "g10h9,h9h5"],
        &[
            (
                0,
                ' ',
                false,
                "The Game of the Amazons: each amazon moves as a queen, then shoots an arrow (*) that walls a square.",
            ),
            (
                1,
                'Q',
                false,
                "White's amazon moves to d5 and shoots an arrow to g8.",
            ),
            (2, 'Q', false, "Black's moves to d6 and shoots to d9."),
            (
                4,
                'Q',
                false,
                "The board fills with arrows until one side cannot move.",
            ),
        ],
    ),
    (
        "makpong",
        "makpong-the-king-stays",
        &["f3f4", "e8f7", "g1f3", "a6a5", "f3e5", "d6e5"],
        &[
            (
                0,
                ' ',
                false,
                "Makpong: makruk in which a king in check may not step out of it.",
            ),
            (2, 'K', false, "Black's king steps up to f7."),
            (
                5,
                'N',
                false,
                "The knight checks from e5: the king may not move away, nor take it.",
            ),
            (6, 'P', true, "So a pawn must take the knight."),
        ],
    ),
    (
        "loop",
        "loop-drops",
        &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@d5"],
        &[
            (
                0,
                ' ',
                false,
                "Loop chess: crazyhouse in which a promoted piece taken goes to the hand as what it became.",
            ),
            (3, 'P', true, "White takes a pawn: it goes to White's hand."),
            (
                4,
                'Q',
                true,
                "Black's queen takes back; the pawn goes to Black's hand.",
            ),
            (7, 'P', false, "White drops the pawn it holds on d5."),
        ],
    ),
    (
        "chessgi",
        "chessgi-a-pawn-dropped-on-the-first-rank",
        &["e2e4", "d7d5", "e4d5", "g8f6", "g1f3", "f6d5", "P@g1"],
        &[
            (
                0,
                ' ',
                false,
                "Chessgi: loop chess in which pawns may be dropped on their own first rank too.",
            ),
            (3, 'P', true, "White takes a pawn into its hand."),
            (6, 'N', true, "Black's knight takes back."),
            (
                7,
                'P',
                false,
                "White drops its pawn on g1, its own first rank.",
            ),
        ],
    ),
];

#[test]
fn the_grid_demonstrations_replay_and_their_captions_name_the_moves() {
    for &(level_name, name, moves, captions) in DEMOS {
        let level_path = format!("levels/{level_name}.toml");
        let file = format!("levels/demos/{name}.toml");
        let l = level::load(&root().join(&level_path))
            .expect("loads")
            .into_grid()
            .expect("grid");
        let start = areachess::grid::shuffle::deal(&l.variant, &l.start, DEAL_SEED);
        let mut game = Game::new(l.variant.clone(), start);
        for m in moves {
            game.play_text(m).unwrap_or_else(|e| panic!("{file}: {e}"));
        }
        for &(n, letter, captures, words) in captions {
            assert!(words.len() < 240, "{file}: caption {n} is long");
            if n == 0 {
                continue;
            }
            let m = game.played()[n - 1];
            let before = game.position_before(n - 1);
            let role = m.dropped().unwrap_or_else(|| role_of(before.cell(m.from)));
            let mover = l.variant[role].letter;
            assert_eq!(mover, letter, "{file}: caption {n} names another piece");
            assert_eq!(m.kind.captures(), captures, "{file}: caption {n}: {words}");
        }
        let plain: Vec<(usize, &str)> = captions.iter().map(|&(n, _, _, w)| (n, w)).collect();
        bless_or_check(&file, &level_path, &save::AnyGame::Grid(game), &plain);
        let saved = save::load(&root().join(&file)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(saved.extras.captions.len(), captions.len(), "{file}");
    }
}
