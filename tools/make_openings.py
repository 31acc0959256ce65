#!/usr/bin/env python3
"""Writes the openings file that tools/uci_match.py plays from (tools/openings.txt).

    python3 tools/make_openings.py [--per-variant 50] [--plies 6] [--depth 10]
        [--margin 60] [--seed 1] [--engine /usr/games/fairy-stockfish] [--out FILE]
        [VARIANT ...]

For each variant (by default every one both this project's levels and Fairy-Stockfish
know), random openings of --plies plies are drawn, and Fairy-Stockfish searches each to
--depth; an opening is kept when its score lies within --margin centipawns of even, so
that a match from it tests the engines, not the opening. The file has one opening a line,
`VARIANT: move move ...` in the moves UCI uses, checked move by move with pyffish.
Needs python3, pyffish and a Fairy-Stockfish binary.
"""

import argparse
import random
import shlex
import sys
from pathlib import Path


from uci_match import Engine, random_opening

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ["chess", "capablanca", "grand", "shatranj", "courier", "makruk", "berolina", "shako"]


def score_of(engine, variant, moves, depth):
    """Fairy-Stockfish's score in centipawns for the side to move (mates as ±10000)."""
    line = f"position startpos moves {' '.join(moves)}" if moves else "position startpos"
    engine.send(line)
    engine.send(f"go depth {depth}")
    score = None
    while True:
        text = engine.until("", 60)
        if text is None:
            return None
        words = text.split()
        if "score" in words:
            k = words.index("score")
            kind, value = words[k + 1], int(words[k + 2])
            score = value if kind == "cp" else (10000 if value > 0 else -10000)
        if words and words[0] == "bestmove":
            return score


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variants", nargs="*", default=VARIANTS)
    p.add_argument("--per-variant", type=int, default=50)
    p.add_argument("--plies", type=int, default=6)
    p.add_argument("--depth", type=int, default=10)
    p.add_argument("--margin", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--engine", default="/usr/games/fairy-stockfish")
    p.add_argument("--out", default=str(ROOT / "tools" / "openings.txt"))
    args = p.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(shlex.split(args.engine), [], "fairy-stockfish")
    lines = [
        "# Balanced openings for tools/uci_match.py, written by tools/make_openings.py",
        f"# (--plies {args.plies} --depth {args.depth} --margin {args.margin} --seed {args.seed}):",
        "# random lines Fairy-Stockfish scores within the margin of even.",
    ]
    for variant in args.variants:
        engine.send(f"setoption name UCI_Variant value {variant}")
        engine.ready()
        kept, tried, seen = [], 0, set()
        while len(kept) < args.per_variant and tried < 20 * args.per_variant:
            tried += 1
            moves = random_opening(variant, args.plies, rng)
            if len(moves) < args.plies or tuple(moves) in seen:
                continue
            seen.add(tuple(moves))
            score = score_of(engine, variant, moves, args.depth)
            if score is not None and abs(score) <= args.margin:
                kept.append(moves)
        print(f"{variant}: {len(kept)} kept of {tried} tried", file=sys.stderr)
        lines += [f"{variant}: {' '.join(m)}" for m in kept]
    engine.quit()
    Path(args.out).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
