#!/usr/bin/env python3
"""Levels exported to Fairy-Stockfish against our own rules, move for move.

For every shipped level, runs `areachess export LEVEL --to fsf`. A level it refuses is
listed with its reasons (exit 1 is the promised answer there). An exported section is
loaded into pyffish, and along random games (seeded, moves drawn from our own legal
moves) the legal move lists of both programs are compared at every position: the export
must agree exactly. Prints one line per level and the totals last; exits 1 on any
disagreement.

    pip install pyffish
    python3 tools/fsf_export_diff.py [--games 20] [--plies 120] [--seed 1] [--binary PATH] [LEVEL...]
"""

import subprocess
import sys

from areachess_bin import ROOT, fail, random_games_setup


def main():
    args, sf, binary, rng = random_games_setup(__doc__.split("\n")[0])
    positions = disagreements = exported = refused = 0
    for path in sorted((ROOT / "levels").glob("*.toml")):
        if args.levels and path.stem not in args.levels:
            continue
        p = subprocess.run([binary, "export", str(path), "--to", "fsf"], capture_output=True, text=True)
        if p.returncode == 1:
            refused += 1
            reasons = [l.split(": ", 1)[1] for l in p.stderr.splitlines() if l.startswith(str(path))]
            print(f"{path.stem}: not exported: " + "; ".join(reasons))
            continue
        if p.returncode != 0:
            print(f"{path.stem}: export failed ({p.returncode}): {p.stderr.strip()}")
            disagreements += 1
            continue
        exported += 1
        name = p.stdout.splitlines()[0].strip()[1:-1]
        sf.load_variant_config(p.stdout)
        start = sf.start_fen(name)
        compared = differ = 0
        for game in range(args.games):
            moves = []
            for _ in range(args.plies):
                ours = subprocess.run([binary, "moves", str(path), "--moves", *moves],
                                      capture_output=True, text=True)
                if ours.returncode != 0:
                    break
                ours = sorted(ours.stdout.split())
                theirs = sorted(sf.legal_moves(name, start, moves))
                compared += 1
                if ours != theirs:
                    differ += 1
                    only_ours = sorted(set(ours) - set(theirs))[:4]
                    only_theirs = sorted(set(theirs) - set(ours))[:4]
                    print(f"  {path.stem} game {game + 1} after {' '.join(moves) or 'the start'}:"
                          f" only ours {only_ours}, only Fairy-Stockfish {only_theirs}")
                    break
                if not ours:
                    break
                moves.append(rng.choice(ours))
        print(f"{path.stem}: exported as [{name}]; {compared} positions compared, {differ} disagree")
        positions += compared
        disagreements += differ
    print(f"fsf_export_diff: {exported} levels exported, {refused} refused; {positions} positions"
          f" compared, {disagreements} disagree")
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
