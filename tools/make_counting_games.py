#!/usr/bin/env python3
"""Writes tests/games/makruk-counting.txt: random Makruk games as Fairy-Stockfish plays and
counts them, for the test that replays them and compares areachess's FENs with these.

    python3 tools/make_counting_games.py [--games 8] [--seed 1] [--plies 400]

Each game is played by pyffish choosing uniformly among its legal moves until the game
ends (no legal move, or an optional end: Makruk's counting or repetition) or the ply limit.
Only games in which counting began are kept. The file gives, per game, its moves, and the
FEN Fairy-Stockfish writes after every ply where the count's limit changes, every tenth ply
once counting has begun, and the last ply; then how the game ended: `counting` when the
count had passed its limit, `over` for another end, `going` when the ply limit stopped it.
Needs python3 and pyffish only.
"""

import argparse
import random
from pathlib import Path

import pyffish as sf

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "games" / "makruk-counting.txt"


def limit_of(fen):
    """The counting limit Fairy-Stockfish writes in the en passant field (0: none)."""
    field = fen.split()[3]
    return int(field) if field.isdigit() else 0


def play(rng, plies):
    """One random game: (moves, [(ply, fen)], ending), or None when counting never began."""
    start = sf.start_fen("makruk")
    moves, shown, last_limit, began = [], [], 0, None
    ending = "going"
    for _ in range(plies):
        legal = sf.legal_moves("makruk", start, moves)
        if not legal:
            ending = "over"
            break
        moves.append(rng.choice(legal))
        fen = sf.get_fen("makruk", start, moves)
        limit = limit_of(fen)
        if limit and began is None:
            began = len(moves)
        if limit != last_limit or (began is not None and (len(moves) - began) % 10 == 0):
            shown.append((len(moves), fen))
        last_limit = limit
        if sf.is_optional_game_end("makruk", start, moves)[0]:
            fields = fen.split()
            counted = limit and int(fields[4]) > limit
            ending = "counting" if counted else "over"
            break
    if began is None:
        return None
    if not shown or shown[-1][0] != len(moves):
        shown.append((len(moves), sf.get_fen("makruk", start, moves)))
    return moves, shown, ending


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=400)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = [
        "# Random Makruk games as Fairy-Stockfish (pyffish) plays and counts them, written by",
        f"# tools/make_counting_games.py --games {args.games} --seed {args.seed} "
        f"--plies {args.plies}.",
        "# Per game: `moves ...`, then `fen PLY FEN` after that many plies, then `end HOW`.",
    ]
    kept = 0
    while kept < args.games:
        game = play(rng, args.plies)
        if game is None:
            continue
        moves, shown, ending = game
        kept += 1
        lines.append("")
        lines.append("moves " + " ".join(moves))
        lines.extend(f"fen {ply} {fen}" for ply, fen in shown)
        lines.append(f"end {ending}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {kept} games")


if __name__ == "__main__":
    main()
