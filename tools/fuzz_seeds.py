#!/usr/bin/env python3
"""Seeds the fuzz corpora (fuzz/corpus/TARGET/) from the tests and the shipped files.

Each target's body is in fuzz/bodies.rs; where a body picks a level by the input's first
byte (fen, pos, moves, judge), the seeds carry that byte. Seeds are named by the hash of
their bytes, as libFuzzer names what it adds, so running this again adds nothing twice.

    python3 tools/fuzz_seeds.py            # from the repository's root
"""

import glob
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")

# The order of grid_levels() and continuous_levels() in fuzz/bodies.rs.
GRID = ["chess", "crazyhouse", "obento", "shogi", "chess960", "grand", "makruk"]
CONTINUOUS = ["area-of-competence", "continuous-fairies", "continuous-capablanca"]


def add(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def quoted_values(text, key):
    """The values of `key = "..."` lines, with TOML's escapes for backslash and quote."""
    for m in re.finditer(r'^\s*%s\s*=\s*"((?:[^"\\]|\\.)*)"' % key, text, re.M):
        yield m.group(1).replace('\\"', '"').replace("\\\\", "\\")


def main():
    os.chdir(ROOT)
    level_files = sorted(glob.glob("levels/*.toml") + glob.glob("levels/demos/*.toml"))
    level_files += sorted(glob.glob("tests/**/*.toml", recursive=True))
    for path in level_files:
        text = read(path)
        if "[game]" in text:
            add("saved", text)
        else:
            add("level", text)
        for betza in quoted_values(text, "betza"):
            add("betza", betza)
        for hasinu in quoted_values(text, "hasinu"):
            add("hasinu", hasinu)
        for setup in quoted_values(text, "setup"):
            stem = os.path.splitext(os.path.basename(path))[0]
            if stem in GRID:
                add("fen", bytes([GRID.index(stem)]) + setup.encode())
            if stem in CONTINUOUS:
                add("pos", bytes([CONTINUOUS.index(stem)]) + setup.encode())
        for pos in quoted_values(text, "pos"):
            add("pos", bytes([0]) + pos.encode())
        for solution in quoted_values(text, "solution"):
            add("judge", bytes([0]) + solution.encode())
    for path in sorted(glob.glob("levels/*.yaml") + glob.glob("tests/**/*.yaml", recursive=True)):
        add("urc", read(path))

    for path in sorted(glob.glob("tests/perft/*.txt")):
        stem = os.path.splitext(os.path.basename(path))[0]
        if stem not in GRID:
            continue
        for line in read(path).splitlines():
            if line.startswith("fen "):
                add("fen", bytes([GRID.index(stem)]) + line[4:].encode())

    for path in sorted(glob.glob("tests/games/*.txt")):
        stem = os.path.basename(path).split("-")[0]
        if stem not in GRID:
            continue
        for line in read(path).splitlines():
            if line.startswith("moves "):
                moves = line[6:].split()[:120]
                add("moves", bytes([GRID.index(stem)]) + "\n".join(moves).encode())

    add("moves", b"\x00e2e4\ne7e5\ng1f3\nb8c6\nf1b5\na7a6\ne1g1")
    add("moves", b"\x01e2e4\nd7d5\ne4d5\nd8d5\nP@e4")
    add("judge", b"\x00e2->e4\ne7->e5\ng1->f3")
    add("judge", b"\x001.5,2.25->1.5,9.75\nd7->d5")

    pgns = [
        '[Event "?"]\n[Variant "chess"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n',
        '[Variant "crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 *\n',
        '[Variant "area-of-competence"]\n\n1. e2->e4 e7->e5 {a comment} 2. g1->f3 (2. d2->d4) *\n',
        '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 2. e5 $1 Ke6 ; rest\n*\n',
    ]
    for pgn in pgns:
        add("pgn", pgn)

    add("balance", json.dumps({
        "level": "chess",
        "schedule": {"seed": 1, "games": 4, "movetime_ms": 20, "values": True},
        "games": 2, "white": 1, "draws": 1, "black": 0,
        "lengths": [40, 61], "endings": {"checkmate": 1, "repetition": 1},
        "values": {"N": {"name": "Knight", "estimate": 300, "wins": 0, "draws": 1, "losses": 1}},
        "pawn": "P", "played": [0, 1, 2, 3],
    }, indent=2))

    add("uci", "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 2\nisready\nquit\n")
    add("uci", "setoption name UCI_Variant value crazyhouse\nposition startpos\ngo movetime 20\nstop\nisready\n")
    add("uci", "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\ngo perft 2\ngo nodes 500\n")
    add("uci", "setoption name MultiPV value 3\nsetoption name Threads value 2\ngo infinite\nisready\nstop\n")
    add("xboard", "xboard\nprotover 2\nnew\nvariant capablanca\nforce\ne2e4\ngo\nping 7\n?\nquit\n")
    add("xboard", "xboard\nprotover 2\nnew\nsd 2\nusermove e2e4\nping 1\nsetboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nanalyze\nexit\n")
    add("xboard", "new\nlevel 40 5 0\ntime 3000\notim 3000\nst 1\nmemory 16\ncores 1\ngo\nforce\nundo\nremove\n")

    # `--drive` scripts: the string literals of the GUI tests that name a step, and a few more.
    for path in sorted(glob.glob("tests/**/*.rs", recursive=True)):
        for m in re.finditer(r'"((?:move|pixel|wait|click|press|key|type|over|shot|rclick)\b[^"\\]*)"', read(path)):
            add("drive", m.group(1))
    add("drive", "move e3; press; move e6; release; wait 20; shot a.png")
    add("drive", "pixel 640,400; click; key ctrl+z; key shift+left; type F2|mW; over 600")
    add("drive", "move 1.5,2.25; rclick; wait 3; key esc; key 7; key enter")

    total = sum(len(os.listdir(os.path.join(CORPUS, t))) for t in os.listdir(CORPUS))
    print(f"{total} seeds in {CORPUS}", file=sys.stderr)


if __name__ == "__main__":
    main()
