#!/usr/bin/env python3
"""Plays a continuous level against itself through `areachess bestmove` (each move applied
and checked by `areachess judge`), and when the engine reports a mate, probes the final
position with `judge`: every piece of the mated side toward a grid of points, and onto
every enemy. All must be refused.

    python3 tools/continuous_mate_check.py [--level L] [--white-depth D] [--black-depth D]
        [--games N] [--binary B]
"""
import argparse
import random
import subprocess
import sys


def run(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(args)}: {out.stderr}")
    return out.stdout.strip().splitlines()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="levels/area-of-competence.toml")
    ap.add_argument("--white-depth", default="3")
    ap.add_argument("--black-depth", default="1")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--opening", type=int, default=4, help="random candidate plies first")
    ap.add_argument("--binary", default="target/release/areachess")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    mates = 0
    for game in range(args.games):
        pos = None
        moves = []
        for ply in range(200):
            where = ["--position", pos] if pos else []
            if ply < args.opening:
                # A random opening: one of the engine's depth-1 choices is enough variety.
                line = run(args.binary, "bestmove", args.level, *where, "--nodes",
                           str(rng.randint(1, 200)))[-1]
            else:
                depth = args.white_depth if ply % 2 == 0 else args.black_depth
                line = run(args.binary, "bestmove", args.level, *where, "--depth", depth)[-1]
            if line.startswith("gameover"):
                break
            move = line.split()[1]
            judged = run(args.binary, "judge", args.level, *where, move)
            if not judged[0].startswith("ok"):
                sys.exit(f"judge refused the engine's move {move}: {judged[0]}")
            moves.append(move)
            pos = judged[-1]
        print(f"game {game + 1}: {line} after {len(moves)} plies")
        if line != "gameover checkmate":
            continue
        mates += 1
        side, *pieces = pos.split(";")
        mine = [p for p in pieces if (p[0].isupper()) == (side == "w")]
        theirs = [p for p in pieces if (p[0].isupper()) != (side == "w")]
        targets = [f"{x / 2},{y / 2}" for x in range(1, 46, 3) for y in range(1, 46, 3)]
        targets += [p.split("@")[1] for p in theirs]
        probes = [f"{p.split('@')[1]}->{t}" for p in mine for t in targets]
        refused = 0
        for start in range(0, len(probes), 200):
            for line in run(args.binary, "judge", args.level, "--position", pos,
                            *probes[start:start + 200])[:-1]:
                if line.startswith("ok"):
                    sys.exit(f"mated, yet judge accepts a move: {line} in {pos}")
                refused += 1
        print(f"  {pos}\n  judge refused all {refused} probes of the mated side")
    print(f"{mates} mates checked")


if __name__ == "__main__":
    main()
