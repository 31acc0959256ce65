#!/usr/bin/env python3
"""Differential test of areachess's grid move generator against Fairy-Stockfish (pyffish).

    python3 tools/ffish_diff.py [--games N] [--plies N] [--seed S] [--binary PATH] VARIANT...

For each variant (default: every level in levels/ with a `fairy_stockfish` key), N random
games are played with pyffish choosing uniformly among its legal moves. At every ply the
position's FEN (pyffish's get_fen) goes to `areachess moves levels/VARIANT.toml --fen FEN`
and the printed moves are compared, as a set, with pyffish's legal_moves. A disagreement
prints the variant, the FEN and the moves only one side has; the exit status is then 1.

A game stops when Fairy-Stockfish has no legal move (mate or stalemate, after comparing),
when it declares an optional end (fifty-move rule, repetition, Makruk's counting), or when
it declares an immediate end (Shatranj's and Courier's bare king: there Fairy-Stockfish lists
no moves at all, and so must areachess; that position is compared, then the game stops).

FENs go to areachess as Fairy-Stockfish writes them, Makruk's counting limit in the en
passant field included. Berolina FENs name two squares
in that field (the square passed over and the pawn that may be taken, e.g. d3c4); --single-ep
keeps only the square passed over, for an engine that reads one square.

Where a level knowingly leaves out a Fairy-Stockfish rule that changes the legal moves, the
reference is a variant of Fairy-Stockfish's own with that rule switched off (FSF_CONFIG;
none at present).

The binary: --binary, else $AREACHESS_BIN, else the first that exists of
target/release/areachess, $CARGO_TARGET_DIR/release/areachess and the release binary in
cargo's configured target directory (`cargo metadata`). Needs python3 and pyffish only.
"""

import argparse
import random
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import areachess_bin

try:
    import pyffish as sf
except ImportError:  # pragma: no cover - a message instead of a traceback
    sys.exit("ffish_diff: pyffish is not installed (pip install pyffish)")

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"

def fsf_levels():
    """The shipped levels that say which Fairy-Stockfish variants they play (their
    `fairy_stockfish` key), by file stem."""
    found = []
    for path in sorted(LEVELS.glob("*.toml")):
        with open(path, "rb") as f:
            if tomllib.load(f).get("fairy_stockfish"):
                found.append(path.stem)
    return found


VARIANTS = fsf_levels()

# Fairy-Stockfish variants matching a level where the built-in one has a rule the level
# leaves out (none at present: Grand's promotion to captured pieces is the level's too).
FSF_CONFIG = ""
FSF_NAME = {"chess960": "chess"}  # with pyffish's chess960 flag, the level's castling

MOVE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)(.*)$")


def fail(message):
    print(f"ffish_diff: {message}", file=sys.stderr)
    sys.exit(2)


def find_binary(explicit):
    """The areachess binary, or exit 2 naming every place tried."""
    return areachess_bin.find_binary(explicit, fail)


class Level:
    """What the comparison needs from a level file: its castling rule."""

    def __init__(self, variant):
        self.path = LEVELS / f"{variant}.toml"
        with open(self.path, "rb") as f:
            data = tomllib.load(f)
        castling = data.get("rules", {}).get("castling")
        self.castle_king = castling.get("king", "K") if castling else None
        self.castle_rook = castling.get("rook", "R") if castling else None
        self.king_steps = castling.get("king_steps", 2) if castling else None
        # Janus: the files the king lands on, toward the higher files and the lower.
        self.lands = (castling.get("kingside"), castling.get("queenside")) if castling else None
        # Chess960: castling written as the king taking its rook by both programs, FENs
        # with the rooks' files; each game starts from a dealt back rank.
        self.chess960 = bool(castling and castling.get("chess960"))


def chess960_start(rng, setup):
    """A shuffled start drawn with rng from the level's setup FEN: its first rank rearranged,
    bishops on both colours, the king between the rooks, Black the mirror image; castling
    rights as the rooks' files."""
    rows = setup.split()[0].split("[")[0].split("/")
    first = rows[-1]
    while True:
        rank = list(first)
        rng.shuffle(rank)
        bishops = [i for i, c in enumerate(rank) if c == "B"]
        rooks = [i for i, c in enumerate(rank) if c == "R"]
        king = rank.index("K")
        if (bishops[0] + bishops[1]) % 2 == 1 and rooks[0] < king < rooks[1]:
            break
    row = "".join(rank)
    files = "".join(chr(ord("a") + f) for f in (rooks[1], rooks[0]))
    middle = "/".join(rows[1:-1])
    return f"{row.lower()}/{middle}/{row} w {files.upper()}{files} - 0 1"


def board_of(fen):
    """{(file, rank): letter} from a FEN's placement field (files and ranks from 0)."""
    rows = fen.split()[0].split("[")[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank = len(rows) - 1 - i
        file = 0
        for count, letter in re.findall(r"(\d+)|([A-Za-z*])", row):
            if count:
                file += int(count)
            elif letter == "*":
                file += 1  # a wall square (Gustav III, Omicron): no piece, but a file
            else:
                board[(file, rank)] = letter
                file += 1
    return board


def square(file, rank):
    return f"{chr(ord('a') + file)}{rank + 1}"


def normalise_fsf(move, board, level):
    """FSF's move string in areachess's notation: from, to, lower-case promotion letter;
    castling as the king's destination (FSF writes king-takes-rook when that would
    otherwise be ambiguous)."""
    if "@" in move:
        return move.lower()  # a drop, P@e4, written alike (compared in lower case)
    m = MOVE.match(move)
    if not m:
        return move  # a kind of move areachess cannot write; it will show as a mismatch
    f1, r1, f2, r2, rest = m.groups()
    src = (ord(f1) - ord("a"), int(r1) - 1)
    dst = (ord(f2) - ord("a"), int(r2) - 1)
    mover, target = board.get(src), board.get(dst)
    if (
        level.castle_king
        and not level.chess960
        and mover
        and target
        and mover.upper() == level.castle_king
        and target.upper() == level.castle_rook
        and mover.isupper() == target.isupper()
        and src[1] == dst[1]
    ):
        step = 1 if dst[0] > src[0] else -1
        land = level.lands[0 if step > 0 else 1] if level.lands else None
        if land:
            dst = (ord(land) - ord("a"), src[1])
        else:
            dst = (src[0] + step * level.king_steps, src[1])
    return square(*src) + square(*dst) + rest.lower()


def engine_fen(fen, single_ep=False):
    """The FEN areachess reads: Fairy-Stockfish's as it is (Makruk's counting limit in the
    en passant field too, which the makruk level reads). With single_ep, a field of several
    squares (Berolina: the square passed over and the pawn's square) keeps only the empty
    square(s)."""
    fields = fen.split()
    if single_ep and len(fields) > 3 and fields[3] != "-":
        squares = re.findall(r"[a-z]\d+", fields[3])
        if len(squares) > 1:
            board = board_of(fen)
            empty = [s for s in squares if (ord(s[0]) - ord("a"), int(s[1:]) - 1) not in board]
            fields[3] = "".join(empty) or "-"
    return " ".join(fields)


def engine_moves(binary, level, fen):
    """(moves, error): the set areachess prints, or the reason it printed none."""
    try:
        out = subprocess.run(
            [str(binary), "moves", str(level.path), "--fen", fen],
            capture_output=True, text=True, timeout=60,
        )
    except subprocess.TimeoutExpired:
        return None, "timed out after 60 s"
    except OSError as e:
        return None, str(e)
    if out.returncode != 0:
        return None, f"exit code {out.returncode}: {out.stderr.strip()}"
    return {line.strip().lower() for line in out.stdout.splitlines() if line.strip()}, None


def run_variant(variant, args, binary):
    """Plays the games; returns the number of positions that disagree."""
    fsf = FSF_NAME.get(variant, variant)
    level = Level(variant)
    rng = random.Random(args.seed)
    c960 = level.chess960
    positions = bad = reported = 0
    for _ in range(args.games):
        start = chess960_start(rng, sf.start_fen(fsf)) if c960 else sf.start_fen(fsf)
        moves = []
        for _ in range(args.plies):
            fen = sf.get_fen(fsf, start, moves, c960)
            ended = sf.is_immediate_game_end(fsf, fen, [], c960)[0]
            legal = sf.legal_moves(fsf, fen, [], c960)
            board = board_of(fen)
            want = {normalise_fsf(m, board, level) for m in legal}
            got, error = engine_moves(binary, level, engine_fen(fen, args.single_ep))
            positions += 1
            if got != want:
                bad += 1
                if reported < args.max_report:
                    reported += 1
                    print(f"MISMATCH {variant}")
                    print(f"  fen: {fen}")
                    if error:
                        print(f"  areachess failed: {error}")
                    else:
                        print(f"  only in Fairy-Stockfish: {' '.join(sorted(want - got)) or '-'}")
                        print(f"  only in areachess:       {' '.join(sorted(got - want)) or '-'}")
                    sys.stdout.flush()
            if ended or not legal:
                break  # an end by a variant rule (bare king), checkmate or stalemate
            moves.append(rng.choice(legal))
            if sf.is_optional_game_end(fsf, start, moves, c960)[0]:
                break
    verdict = "all agree" if bad == 0 else f"{bad} disagree"
    more = f" ({bad - reported} not shown)" if bad > reported else ""
    print(f"{variant}: {args.games} games, {positions} positions, {verdict}{more}", flush=True)
    return bad


def main():
    parser = argparse.ArgumentParser(
        description="Compare areachess's legal moves with Fairy-Stockfish's on random games.")
    parser.add_argument("variants", nargs="*", metavar="VARIANT",
                        help="variants to test (default: every one of "
                             + ", ".join(VARIANTS) + " with a file in levels/)")
    parser.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    parser.add_argument("--plies", type=int, default=100, help="most plies per game (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--binary", help="the areachess binary (default: see the module doc)")
    parser.add_argument("--single-ep", action="store_true",
                        help="pass an en passant field of several squares (Fairy-Stockfish's "
                             "Berolina FENs) as its empty square only")
    parser.add_argument("--max-report", type=int, default=10,
                        help="mismatches printed in full per variant (default 10)")
    args = parser.parse_args()

    variants = args.variants or [v for v in VARIANTS if (LEVELS / f"{v}.toml").is_file()]
    for v in variants:
        if not (LEVELS / f"{v}.toml").is_file():
            fail(f"no level file {LEVELS / (v + '.toml')} for variant {v!r}")
    if FSF_CONFIG:
        sf.load_variant_config(FSF_CONFIG)
    known = set(sf.variants())
    for v in variants:
        if FSF_NAME.get(v, v) not in known:
            fail(f"Fairy-Stockfish does not know the variant {v!r}")
    binary = find_binary(args.binary)

    bad = sum(run_variant(v, args, binary) for v in variants)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
