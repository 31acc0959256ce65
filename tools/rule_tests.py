#!/usr/bin/env python3
"""Writes levels/tests/NAME.toml, the rule tests of each shipped level that has none
written by hand (a file without this tool's first line is never touched).

For a level that plays a Fairy-Stockfish variant, the counts come from Fairy-Stockfish
itself (pyffish): perft from the setup, and from a position a few random plies in, and
which moves are legal there (in coordinates and in SAN). For the others they are
recorded from areachess (`areachess perft`), which makes them regression tests only:
the file says so.

    tools/rule_tests.py [--again] [BINARY]    (needs pyffish: pip install pyffish)

Without --again only the levels with no tests yet get a file; with it, every file this
tool made is made again.
"""
import os
import random
import re
import subprocess
import sys
import tomllib

MARK = "# Made by tools/rule_tests.py"
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
AGAIN = "--again" in sys.argv[1:]
ARGS = [a for a in sys.argv[1:] if a != "--again"]
BIN = ARGS[0] if ARGS else os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "debug", "areachess")
# At most this many leaf nodes a perft case counts: quick in a debug build.
MOST_NODES = 60_000

try:
    import pyffish
except ImportError:
    sys.exit("rule_tests.py: needs pyffish (pip install pyffish)")


def ours(*args):
    out = subprocess.run([BIN, *args], capture_output=True, text=True, cwd=ROOT)
    return out.returncode, out.stdout


def our_perft(level, depth, fen=None, moves=()):
    args = ["perft", level, str(depth)]
    if fen:
        args += ["--fen", fen]
    code, out = ours(*args)
    if code != 0:
        return None
    return int(out.strip().splitlines()[-1].split()[-1])


def fsf_perft(variant, fen, moves, depth):
    if depth == 0:
        return 1
    legal = pyffish.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, moves + [m], depth - 1) for m in legal)


def deepest(count, most=3):
    """The deepest depth up to `most` whose count stays under MOST_NODES (a depth whose
    count would plainly pass it, by the branching so far, is not counted at all)."""
    best = None
    for depth in range(1, most + 1):
        if best and best[1] * max(best[1] ** (1 / best[0]), 1) > MOST_NODES:
            break
        n = count(depth)
        if n is None or n > MOST_NODES:
            break
        best = (depth, n)
    return best


def toml_list(items):
    return "[" + ", ".join('"%s"' % i for i in items) + "]"


def fsf_cases(stem, variant):
    fen = pyffish.start_fen(variant)
    cases = []
    start = deepest(lambda d: fsf_perft(variant, fen, [], d))
    if start is None:
        return None
    depth, nodes = start
    # Our setup must be Fairy-Stockfish's start; else the case names its FEN.
    mine = our_perft(stem, depth)
    position = None
    if mine != nodes:
        position = fen
        if our_perft(stem, depth, fen) is None:
            return None
    legal = sorted(pyffish.legal_moves(variant, fen, []))
    # SAN as areachess reads it; shogi's own notation (P-76) is written, not read.
    sans = [pyffish.get_san(variant, fen, m) for m in legal[:2]]
    sans = [s for s in sans if not re.search(r"-\d", s)]
    case = ['[[case]]', 'name = "perft %d from the start"' % depth]
    if position:
        case.append('position = "%s"' % position)
    case.append("perft = { depth = %d, nodes = %d }" % (depth, nodes))
    case.append("legal = %s" % toml_list(legal[:3] + sans))
    cases.append("\n".join(case))
    # A few random plies in, by a seed of the level's name: other rules come into play.
    rng = random.Random(stem)
    moves = []
    for _ in range(8):
        legal = pyffish.legal_moves(variant, fen, moves)
        if not legal:
            break
        moves.append(rng.choice(sorted(legal)))
    legal = sorted(pyffish.legal_moves(variant, fen, moves))
    if legal and pyffish.game_result(variant, fen, moves) == 0:
        mid = deepest(lambda d: fsf_perft(variant, fen, moves, d), 2)
        case = ['[[case]]', 'name = "%d random plies in"' % len(moves)]
        if position:
            case.append('position = "%s"' % position)
        case.append("moves = %s" % toml_list(moves))
        if mid:
            case.append("perft = { depth = %d, nodes = %d }" % mid)
        case.append("legal = %s" % toml_list(legal[:2]))
        case.append("check = %s" % ("true" if pyffish.gives_check(variant, fen, moves) else "false"))
        cases.append("\n".join(case))
    return cases


def recorded_cases(stem):
    start = deepest(lambda d: our_perft(stem, d))
    if start is None:
        return None
    code, out = ours("moves", stem)
    legal = sorted(out.split())[:3]
    return ["[[case]]\nname = \"perft %d from the start\"\nperft = { depth = %d, nodes = %d }\nlegal = %s"
            % (start[0], start[0], start[1], toml_list(legal))]


def main():
    known = set(pyffish.variants())
    made = kept = skipped = 0
    folder = os.path.join(ROOT, "levels")
    os.makedirs(os.path.join(folder, "tests"), exist_ok=True)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".toml"):
            continue
        stem = name[:-5]
        out = os.path.join(folder, "tests", name)
        if os.path.exists(out) and (AGAIN is False or not open(out).read().startswith(MARK)):
            kept += 1
            continue
        level = tomllib.load(open(os.path.join(folder, name), "rb"))
        if level.get("mode") == "continuous":
            skipped += 1
            print("%s: continuous, write its tests by hand" % stem)
            continue
        names = [n for n in level.get("fairy_stockfish", []) if n in known]
        if names:
            cases = fsf_cases(stem, names[0])
            source = "Fairy-Stockfish's variant '%s' (pyffish %s)" % (names[0], ".".join(map(str, pyffish.version())))
        else:
            cases = recorded_cases(stem)
            source = "areachess's own rules: a regression test, not an outside oracle"
        if not cases:
            skipped += 1
            print("%s: no cases (the setups differ or perft failed)" % stem)
            continue
        with open(out, "w") as f:
            f.write("%s from the counts of %s.\n" % (MARK, source))
            f.write("# Run: areachess test %s. Cases of your own: docs/testing.md.\n" % stem)
            for case in cases:
                f.write("\n" + case + "\n")
        made += 1
    print("made %d, kept %d, skipped %d" % (made, kept, skipped))


main()
