#!/usr/bin/env python3
"""Our standard algebraic notation against Fairy-Stockfish's, move for move.

For every shipped grid level whose file stem is a Fairy-Stockfish variant, plays random
games with pyffish's legal moves (seeded), asks `areachess pgn LEVEL --moves ...` for the
game's PGN, and compares each SAN token with pyffish's `get_san_moves` (its SAN, asked
for by name: for the shogi variants its default is shogi's own). Then reads the PGN back
with `areachess pgn --read` and checks the moves come back the same. Prints one line
per level and the total last; exits 1 on any difference.

    pip install pyffish
    python3 tools/san_diff.py [--games 20] [--plies 120] [--seed 1] [--binary PATH] [LEVEL...]
"""

import subprocess
import sys
import tempfile
from pathlib import Path

from areachess_bin import ROOT, fail, random_games_setup


def our_sans(binary, level, moves):
    out = subprocess.run([binary, "pgn", level, "--moves", *moves], capture_output=True,
                         text=True, check=True).stdout
    body = out.split("\n\n", 1)[1]
    return [t for t in body.split() if not t.endswith(".") and t not in ("*", "1-0", "0-1", "1/2-1/2")], out


def read_back(binary, pgn_text):
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(pgn_text)
        name = f.name
    out = subprocess.run([binary, "pgn", "--read", name], capture_output=True, text=True)
    Path(name).unlink()
    if out.returncode != 0:
        return None, out.stderr.strip()
    return [l[5:] for l in out.stdout.splitlines() if l.startswith("move ")], ""


def main():
    args, sf, binary, rng = random_games_setup(__doc__.split("\n")[0])
    known = set(sf.variants())
    total = bad = 0
    for path in sorted((ROOT / "levels").glob("*.toml")):
        variant = path.stem
        if variant not in known or (args.levels and variant not in args.levels):
            continue
        start = sf.start_fen(variant)
        compared = differ = 0
        for game in range(args.games):
            moves = []
            for _ in range(args.plies):
                legal = sf.legal_moves(variant, start, moves)
                if not legal:
                    break
                moves.append(rng.choice(sorted(legal)))
                if sf.is_optional_game_end(variant, start, moves)[0]:
                    break
                # A dead position (neither side can mate) ends our game, as in chess;
                # Fairy-Stockfish leaves that to the GUI.
                if all(sf.has_insufficient_material(variant, start, moves)):
                    break
            # Our PGN writes SAN on every level; Fairy-Stockfish's SAN is asked for by name,
            # since its default is another notation for some (shogi's P-76).
            theirs = sf.get_san_moves(variant, start, moves, False, sf.NOTATION_SAN)
            try:
                ours, pgn = our_sans(binary, str(path), moves)
            except subprocess.CalledProcessError as e:
                print(f"{variant} game {game + 1}: areachess refused the game: {e.stderr.strip()}")
                differ += 1
                continue
            for k, (a, b) in enumerate(zip(ours, theirs)):
                compared += 1
                if a != b:
                    differ += 1
                    print(f"{variant} game {game + 1} ply {k + 1} ({moves[k]}): ours {a}, Fairy-Stockfish {b}")
                    break
            if len(ours) != len(theirs):
                differ += 1
                print(f"{variant} game {game + 1}: {len(ours)} moves written, {len(theirs)} played")
            back, why = read_back(binary, pgn)
            if back != moves:
                differ += 1
                print(f"{variant} game {game + 1}: the PGN does not read back: {why or back}")
        print(f"{variant}: {compared} moves compared, {differ} differences")
        total += compared
        bad += differ
    print(f"san_diff: {total} moves compared over {args.games} games a level, {bad} differences")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
