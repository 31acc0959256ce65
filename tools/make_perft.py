#!/usr/bin/env python3
"""Writes a perft file (tests/perft/VARIANT.txt) for a level that plays a Fairy-Stockfish
variant, with counts from Fairy-Stockfish itself.

    python3 tools/make_perft.py [--fsf PATH] [--nodes N] [--seed S] VARIANT...

For each variant (a level levels/VARIANT.toml and a Fairy-Stockfish variant of that name):
the start position and two positions reached by random play (pyffish choosing among its
legal moves, seeded), each counted to the deepest depth whose count stays under --nodes
(default 150,000), at most 4. The counts come from Fairy-Stockfish's own `go perft` when the
binary (--fsf, default /usr/games/fairy-stockfish) knows the variant and agrees with pyffish
at depth 1; otherwise from pyffish 0.0.90's legal_moves, counted recursively (the same move
generator, as the Python binding). The file's header says which.

The result is compared with areachess by tests/areachess/perft.rs (`cargo test perft`).
Needs pyffish (`pip install pyffish`).
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.exit("make_perft: pyffish is not installed (pip install pyffish)")

ROOT = Path(__file__).resolve().parent.parent
MAX_DEPTH = 4


class Engine:
    """Fairy-Stockfish over UCI, for `go perft`."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        lines = self.until("uciok")
        combo = next((l for l in lines if "UCI_Variant" in l), "")
        self.variants = set(combo.split(" var ")[1:])
        self.version = next((l[8:] for l in lines if l.startswith("id name ")), path)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        for line in self.p.stdout:
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise RuntimeError("Fairy-Stockfish exited")

    def perft(self, variant, fen, depth):
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        last = self.until("Nodes searched")[-1]
        return int(last.split(":")[1])


def py_perft(variant, fen, moves, depth):
    """Leaf nodes `depth` plies below, by pyffish's legal moves."""
    legal = sf.legal_moves(variant, fen, moves, False)
    if depth == 1:
        return len(legal)
    return sum(py_perft(variant, fen, moves + [m], depth - 1) for m in legal)


def positions(variant, rng):
    """The start and two positions of random play (where the game is still on)."""
    start = sf.start_fen(variant)
    found = [("start position", start)]
    for plies in (12, 30):
        moves = []
        for _ in range(plies):
            legal = sf.legal_moves(variant, start, moves, False)
            if not legal or sf.is_immediate_game_end(variant, start, moves, False)[0]:
                break
            moves.append(rng.choice(sorted(legal)))
        if len(moves) == plies and sf.legal_moves(variant, start, moves, False):
            fen = sf.get_fen(variant, start, moves, False)
            found.append((f"after {plies} random plies (seeded)", fen))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    parser.add_argument("--nodes", type=int, default=150_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine = Engine(args.fsf) if Path(args.fsf).exists() else None
    for variant in args.variants:
        level = ROOT / "levels" / f"{variant}.toml"
        if not level.is_file() or variant not in sf.variants():
            sys.exit(f"make_perft: {variant}: needs levels/{variant}.toml and a pyffish variant")
        rng = random.Random(f"{args.seed}:{variant}")
        body, sources = [], set()
        for label, fen in positions(variant, rng):
            body += ["", f"# {label}", f"fen {fen}"]
            use_engine = (engine is not None and variant in engine.variants
                          and engine.perft(variant, fen, 1) == len(sf.legal_moves(variant, fen, [], False)))
            for depth in range(1, MAX_DEPTH + 1):
                if use_engine:
                    nodes = engine.perft(variant, fen, depth)
                    sources.add(engine.version)
                else:
                    if depth == 4:
                        break  # the recursion in Python is too slow past 3
                    nodes = py_perft(variant, fen, [], depth)
                    sources.add("pyffish 0.0.90 (legal_moves, counted recursively)")
                body.append(f"{depth} {nodes}")
                if nodes * 30 > args.nodes:
                    break
        head = [
            f"# Perft counts for levels/{variant}.toml: legal moves counted as Fairy-Stockfish counts",
            "# them (each promotion choice a move, castling one move). Format: `level FILE`, then per",
            "# position a `fen` line and `DEPTH NODES` lines. Counted by " + " and ".join(sorted(sources)),
            f"# (Fairy-Stockfish variant {variant}) with tools/make_perft.py --seed {args.seed}.",
            f"level {variant}.toml",
        ]
        out = ROOT / "tests" / "perft" / f"{variant}.txt"
        out.write_text("\n".join(head + body) + "\n")
        print(f"{out.relative_to(ROOT)}: {sum(1 for l in body if l.startswith('fen '))} positions, "
              f"{sum(1 for l in body if l[:1].isdigit())} counts")


if __name__ == "__main__":
    main()
