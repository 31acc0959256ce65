#!/usr/bin/env python3
"""Differential test of Betza letters: areachess's grid engine against Fairy-Stockfish (pyffish).

    python3 tools/ffish_betza.py [--positions N] [--seed S] [--binary PATH]
                                 [--piece BETZA]... [--known] [--files F] [--ranks R]
                                 [--show K] [--no-minimize] [--jobs J] [--list]

For every test piece (default: the PIECES list below, the letters on which the areachess
dialect and Fairy-Stockfish's Betza parser are meant to agree), both engines get the same
small variant: a royal king K, the test piece as letter A, and blockers, a knight N and a
pawn-like S (mfWcfF, which never promotes). Random positions are generated (two kings not
next to each other, one to three A of each colour, up to two N and four S of each colour,
side to move random) and the legal move sets are compared: Fairy-Stockfish's
`legal_moves` against `areachess moves LEVEL --fen FEN`. Positions in which the side not
to move is in check (areachess rejects them) are skipped and replaced, so N positions are
compared per piece.

Output: one line per piece, `fhN: 100 positions, all agree`, or the number of
disagreements followed by the first few (FEN, the moves only FSF lists, the moves only
areachess lists) and, unless --no-minimize, the first one reduced to a minimal position
(non-king pieces removed one at a time while a disagreement remains). Exit status 1 if any
piece disagrees anywhere, 2 on a usage or setup error or when areachess fails otherwise
(e.g. a Betza string it does not read: that piece is reported as an error).

--piece BETZA runs only that piece (repeatable); it may be any areachess Betza string, or
`AREACHESS=FSF` to give each engine its own spelling (e.g. `M=C`: FSF calls the camel C).
--known runs the KNOWN_DIFFERENCES list instead: letters the two read differently on
purpose or FSF does not support, each with the reason; these are expected to disagree.
--list prints both lists and exits.

How `i` (initial) is matched: FSF allows a piece's `i` moves when it stands on its
doubleStepRegion (set here to the second rank from its own side), whatever its history;
areachess allows them when the piece stands where the level's setup FEN puts the same
piece. So each position gets its own level file whose setup is the position itself with
every A that is not on its side's second rank replaced by a move-only dummy X (mfW, never
in a position): the A on the second rank count as unmoved, the others as moved, as in FSF.
The dummy keeps every square occupied and attacks nothing, so the setup is as legal as the
position.

The binary: --binary, else $AREACHESS_BIN, else $CARGO_TARGET_DIR/release/areachess, else
$HOME/.cache/areachess-target/release/areachess, else target/release/areachess. Needs
python3 (3.8+) and pyffish only.
"""

import argparse
import concurrent.futures
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import areachess_bin

try:
    import pyffish as sf
except ImportError:  # pragma: no cover - a message instead of a traceback
    sys.exit("ffish_betza: pyffish is not installed (pip install pyffish)")

ROOT = Path(__file__).resolve().parent.parent

# Pieces on which both engines should agree. An entry is an areachess Betza string, or
# (areachess, fsf) where FSF spells the same piece differently.
PIECES = [
    # Leapers and direction modifiers.
    "N", "fN", "bN", "lN", "rN", "vN", "fbN", "lrN", "aN",
    "fhN", "bhN", "lhN", "rhN", "fsN", "bsN",
    "fK", "bK", "lK", "vK", "frF", "flB", "fhR",
    "FfW", "WfF", "KN",
    "A", "D", "H", "Z", "G", ("M", "C"),
    # Move-only and capture-only, compounds, the separator.
    "mNcK", "mKcN", "mBcN", "cK", "mfW|cfF|N",
    # Riders, unlimited and counted.
    "fR", "fbR", "vR", "bB", "NN", "fNN", "bhNN", "W3", "fW2", "F2", "K3", "N2",
    # Lame leapers.
    "nN", "nA", "nD", "nZ", "fnN",
    # Grasshoppers and cannons.
    "gQ", "gR", "gB", "pR", "pB", "mRcpR", "mBcpB", "RcpRnN",
    # Initial moves (see the module docstring for how `i` is matched).
    "mfWcfFimfnD", "mfFcfeWimfnA", "mfWcfFimfW2", "WimfD", "KimN",
    # The pawns of levels/ as written there (FENs here never name an en passant square).
    "mfW|cefF|imfnD", "mfF|cefW|imfnA",
]

# Letters the two engines read differently or FSF does not support: expected to disagree.
KNOWN_DIFFERENCES = {
    "hN": "FSF reads a lone h as the pair 'hh', which selects no direction: no moves; "
          "areachess: h = r and l (the seed's 'horizontal')",
    "sN": "areachess s = 'same as previous' (chains; no effect on a single leg, so sN = N); "
          "FSF s = sideways (r and l)",
    "sR": "as sN: FSF sR = hR, areachess sR = R",
    "sK": "as sN: FSF sK = sideways W + all F",
    "fsW": "FSF splits fs on an orthogonal atom into f + s (the Xiangqi soldier); areachess "
           "(the seed: 'fh but not f') leaves nothing",
    "rsN": "FSF combines a vertical with a horizontal letter only, so rs = r + s (= sN); "
           "areachess rs = rh less r",
    "fhK": "FSF's fh on a compound's orthogonal part W picks (0,1) and (±1,0): sideways steps "
           "too; areachess fh = every leap with a forward component",
    "fhQ": "as fhK: FSF adds the sideways rook",
    "frN": "FSF fr on an oblique atom = the single leap 2 right 1 forward; areachess (seed: "
           "'most forward-right') = both leaps furthest along the diagonal",
    "rfN": "FSF rf = the single leap 1 right 2 forward; areachess rf = fr",
    "frK": "FSF fr on K = right W and forward-right F; areachess adds the forward W "
           "(all furthest along the diagonal)",
    "iK": "FSF has no initial captures (iK only moves); areachess iK also captures",
    "icN": "FSF drops initial captures entirely; areachess captures while unmoved",
    "nNN": "FSF ignores n on a rider (nNN = NN); areachess blocks each leap of the ride",
    "AA": "FSF has rider tables only for W, F and N directions: AA has no moves",
    "nH": "FSF has lame tables only for D, N, A, Z: nH has no moves",
    "jR": "j (jump) is not FSF Betza; FSF ignores it (jR = R)",
    "dK": "d (backstab) is not FSF Betza; FSF ignores it (dK = K)",
    "oR": "o (cylinder) is not FSF Betza; FSF ignores it (oR = R)",
    "qB": "q (bounce) is not FSF Betza; FSF ignores it (qB = B)",
    "W-B": "chains are not FSF Betza; FSF ignores '-' (W-B = WB)",
    "(1,3)": "custom atoms are not FSF Betza; FSF reads no atom",
}


def fail(message):
    print(f"ffish_betza: {message}", file=sys.stderr)
    sys.exit(2)


def find_binary(explicit):
    """The areachess binary, or exit 2 naming every place tried."""
    return areachess_bin.find_binary(explicit, fail)


def split_spelling(entry):
    """(areachess betza, fsf betza) of a list entry or a --piece argument."""
    if isinstance(entry, tuple):
        return entry
    if "=" in entry:
        ours, theirs = entry.split("=", 1)
        return ours, theirs
    return entry, entry


# --- positions ------------------------------------------------------------------------

class Position:
    """Pieces by (file, rank), 0-based from White's lower left; letters as in FEN."""

    def __init__(self, files, ranks, pieces, white_to_move):
        self.files = files
        self.ranks = ranks
        self.pieces = dict(pieces)
        self.white = white_to_move

    def placement(self, pieces=None):
        pieces = self.pieces if pieces is None else pieces
        rows = []
        for r in range(self.ranks - 1, -1, -1):
            row, empty = "", 0
            for f in range(self.files):
                c = pieces.get((f, r))
                if c is None:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                row += c
            if empty:
                row += str(empty)
            rows.append(row)
        return "/".join(rows)

    def fen(self, pieces=None):
        side = "w" if self.white else "b"
        return f"{self.placement(pieces)} {side} - - 0 1"

    def setup_fen(self):
        """The areachess setup: A off its side's second rank becomes the dummy X."""
        home = {"A": 1, "a": self.ranks - 2}
        pieces = {
            sq: ("X" if c == "A" else "x") if c in home and sq[1] != home[c] else c
            for sq, c in self.pieces.items()
        }
        return self.fen(pieces)

    def without(self, sq):
        pieces = dict(self.pieces)
        del pieces[sq]
        return Position(self.files, self.ranks, pieces, self.white)


def random_position(rng, files, ranks, initial):
    """Two kings apart, 1-3 A a side, 0-2 N and 0-4 S a side; `initial`: put about half
    the A on their side's second rank."""
    squares = [(f, r) for f in range(files) for r in range(ranks)]
    while True:
        wk, bk = rng.sample(squares, 2)
        if max(abs(wk[0] - bk[0]), abs(wk[1] - bk[1])) > 1:
            break
    pieces = {wk: "K", bk: "k"}

    def put(letter, candidates):
        free = [s for s in candidates if s not in pieces]
        if free:
            pieces[rng.choice(free)] = letter

    for letter, home in (("A", 1), ("a", ranks - 2)):
        for _ in range(rng.randint(1, 3)):
            if initial and rng.random() < 0.5:
                put(letter, [(f, home) for f in range(files)])
            else:
                put(letter, squares)
    for letter, most in (("N", 2), ("n", 2), ("S", 4), ("s", 4)):
        for _ in range(rng.randint(0, most)):
            put(letter, squares)
    return Position(files, ranks, pieces, rng.random() < 0.5)


# --- the two engines -------------------------------------------------------------------

def fsf_config(name, betza, files, ranks):
    return f"""
[{name}]
maxFile = {files}
maxRank = {ranks}
king = k
knight = n
customPiece1 = a:{betza}
customPiece2 = s:mfWcfF
customPiece3 = x:mfW
castling = false
doubleStepRegionWhite = *2
doubleStepRegionBlack = *{ranks - 1}
startFen = {Position(files, ranks, {(0, 0): "K", (files - 1, ranks - 1): "k"}, True).fen()}
"""


def fsf_moves(name, fen):
    return set(sf.legal_moves(name, fen, []))


def level_text(betza, files, ranks, setup):
    return f"""name = "Betza test"
mode = "grid"
[board]
files = {files}
ranks = {ranks}
[pieces.K]
betza = "K"
royal = true
[pieces.A]
betza = {json.dumps(betza)}
[pieces.N]
betza = "N"
[pieces.S]
betza = "mfWcfF"
[pieces.X]
betza = "mfW"
[rules]
setup = {json.dumps(setup)}
"""


class Areachess:
    """Runs `areachess moves`, one level file per position (its setup depends on it)."""

    def __init__(self, binary, workdir):
        self.binary = binary
        self.workdir = Path(workdir)
        self.ids = itertools.count()  # next() on it is atomic: threads may share it

    def moves(self, betza, pos):
        """The legal moves, or None if areachess rejects the FEN (side not to move in
        check). Raises RuntimeError on any other failure."""
        path = self.workdir / f"level{next(self.ids)}.toml"
        path.write_text(level_text(betza, pos.files, pos.ranks, pos.setup_fen()))
        try:
            proc = subprocess.run(
                [str(self.binary), "moves", str(path), "--fen", pos.fen()],
                capture_output=True, text=True, timeout=60,
            )
        finally:
            path.unlink(missing_ok=True)
        if proc.returncode == 2 and "not to move is in check" in proc.stderr:
            return None
        if proc.returncode != 0:
            raise RuntimeError(
                f"areachess failed ({proc.returncode}) on {betza!r}, FEN {pos.fen()}, "
                f"setup {pos.setup_fen()}: {proc.stderr.strip()}")
        return set(proc.stdout.split())


# --- comparing -------------------------------------------------------------------------

def compare(ac, name, betza, pos):
    """(fsf_only, areachess_only) or None when the position is skipped."""
    ours = ac.moves(betza, pos)
    if ours is None:
        return None
    theirs = fsf_moves(name, pos.fen())
    return theirs - ours, ours - theirs


def minimize(ac, name, betza, pos):
    """Remove non-king pieces one at a time while some disagreement remains."""
    changed = True
    while changed:
        changed = False
        for sq in sorted(pos.pieces, key=lambda s: (pos.pieces[s].upper() == "A", s)):
            if pos.pieces[sq] in "Kk":
                continue
            smaller = pos.without(sq)
            if not any(c in "Aa" for c in smaller.pieces.values()):
                continue
            result = compare(ac, name, betza, smaller)
            if result is not None and (result[0] or result[1]):
                pos = smaller
                changed = True
                break
    return pos, compare(ac, name, betza, pos)


def show_diff(pos, diff, indent="    "):
    lines = [f"{indent}FEN {pos.fen()}"]
    if pos.setup_fen() != pos.fen():
        lines.append(f"{indent}  (areachess setup {pos.setup_fen()})")
    lines.append(f"{indent}  only FSF:       {' '.join(sorted(diff[0])) or '-'}")
    lines.append(f"{indent}  only areachess: {' '.join(sorted(diff[1])) or '-'}")
    return "\n".join(lines)


def run_piece(ac, pool, index, ours, theirs, args):
    name = f"betzatest{index}"
    label = ours if ours == theirs else f"{ours} (FSF {theirs})"
    rng = random.Random(f"{args.seed}:{ours}")
    initial = "i" in ours
    compared, attempts, bad = 0, 0, []
    while compared < args.positions and attempts < args.positions * 20:
        batch = [random_position(rng, args.files, args.ranks, initial)
                 for _ in range(args.positions - compared)]
        attempts += len(batch)
        results = list(pool.map(lambda pos: ac.moves(ours, pos), batch))
        for pos, mine in zip(batch, results):
            if mine is None:
                continue
            compared += 1
            fsf = fsf_moves(name, pos.fen())
            if fsf != mine:
                bad.append((pos, (fsf - mine, mine - fsf)))
    if not bad:
        print(f"{label}: {compared} positions, all agree", flush=True)
        return True
    print(f"{label}: {compared} positions, {len(bad)} disagree", flush=True)
    if ours in KNOWN_DIFFERENCES:
        print(f"  known difference: {KNOWN_DIFFERENCES[ours]}")
    for pos, diff in bad[:args.show]:
        print(show_diff(pos, diff))
    if not args.no_minimize:
        small, diff = minimize(ac, name, ours, bad[0][0])
        print("  minimal:")
        print(show_diff(small, diff))
    sys.stdout.flush()
    return False


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=100,
                        help="positions compared per piece (default 100)")
    parser.add_argument("--seed", default="0", help="random seed (default 0)")
    parser.add_argument("--binary", help="the areachess binary")
    parser.add_argument("--piece", action="append", default=[],
                        help="a piece to test (repeatable): BETZA or AREACHESS=FSF")
    parser.add_argument("--known", action="store_true",
                        help="run the known differences instead of the agreeing list")
    parser.add_argument("--files", type=int, default=8, help="board files (default 8)")
    parser.add_argument("--ranks", type=int, default=8, help="board ranks (default 8)")
    parser.add_argument("--show", type=int, default=3,
                        help="disagreements shown per piece (default 3)")
    parser.add_argument("--no-minimize", action="store_true",
                        help="do not reduce the first disagreement to a minimal position")
    parser.add_argument("--jobs", type=int, default=min(8, os.cpu_count() or 1),
                        help="areachess processes at once")
    parser.add_argument("--list", action="store_true", help="print the piece lists and exit")
    args = parser.parse_args()

    if args.list:
        print("agreeing:", " ".join(e if isinstance(e, str) else "=".join(e) for e in PIECES))
        for betza, why in KNOWN_DIFFERENCES.items():
            print(f"known {betza}: {why}")
        return 0
    if not (3 <= args.files <= 12 and 4 <= args.ranks <= 10):
        fail("the board must be 3-12 files by 4-10 ranks (Fairy-Stockfish's large boards)")
    if args.positions < 1:
        fail("--positions must be at least 1")

    if args.piece:
        entries = [split_spelling(p) for p in args.piece]
    elif args.known:
        entries = [(b, b) for b in KNOWN_DIFFERENCES]
    else:
        entries = [split_spelling(p) for p in PIECES]

    binary = find_binary(args.binary)
    config = "".join(fsf_config(f"betzatest{i}", theirs, args.files, args.ranks)
                     for i, (_, theirs) in enumerate(entries))
    sf.load_variant_config(config)
    missing = [i for i in range(len(entries)) if f"betzatest{i}" not in sf.variants()]
    if missing:
        fail("Fairy-Stockfish did not load " +
             ", ".join(entries[i][1] for i in missing))

    ok, errors = True, False
    with tempfile.TemporaryDirectory(prefix="ffish_betza.") as tmp, \
            concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        ac = Areachess(binary, tmp)
        for i, (ours, theirs) in enumerate(entries):
            try:
                ok &= run_piece(ac, pool, i, ours, theirs, args)
            except RuntimeError as e:
                print(f"{ours}: error: {e}", flush=True)
                errors = True
    return 2 if errors else 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
