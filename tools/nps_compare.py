#!/usr/bin/env python3
"""Search speed side by side: nodes per second of areachess and another UCI engine on the
same chess middlegames, each searched for the same time with `go movetime`.

    python3 tools/nps_compare.py [--movetime 5000] [--variant chess]
        [--first 'areachess uci'] [--second /usr/games/fairy-stockfish] [--threads 1]

Each engine searches each position alone (one process at a time, one thread), from a fresh
`ucinewgame`. The figure kept is the last `info … nodes N … time T` before `bestmove`:
nodes over the engine's own time. One line per position, then the geometric mean of the
ratios first/second. Run it on a quiet machine: the figures are only as steady as it is.
Needs python3 only.
"""

import argparse
import math
import shlex
import subprocess
import sys

import areachess_bin

# Middlegames from well-known test suites: open, closed, tactical, with and without queens.
POSITIONS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 14",
    "2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 19",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r2q1rk1/pb2bppp/1pn1pn2/2pp4/3P4/1PNBPN2/PB3PPP/R2Q1RK1 w - - 0 11",
    "3r1rk1/p4ppp/1qp1b3/4P3/8/2P1B3/P1Q2PPP/R4RK1 w - - 0 20",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


def fail(message):
    print(f"nps_compare: {message}", file=sys.stderr)
    sys.exit(2)


def nps(command, variant, fen, movetime, threads):
    """Nodes, milliseconds and nodes per second of one search."""
    script = [
        "uci",
        f"setoption name UCI_Variant value {variant}",
        f"setoption name Threads value {threads}",
        "setoption name Hash value 64",
        "ucinewgame",
        "isready",
        f"position fen {fen}",
        f"go movetime {movetime}",
    ]
    proc = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, bufsize=1,
    )
    proc.stdin.write("\n".join(script) + "\n")
    proc.stdin.flush()
    last = None
    for line in proc.stdout:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words and "time" in words:
            last = words
        if words[:1] == ["bestmove"]:
            break
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait(timeout=30)
    if last is None:
        fail(f"{command[0]} printed no info line with nodes and time for {fen}")
    nodes = int(last[last.index("nodes") + 1])
    ms = max(1, int(last[last.index("time") + 1]))
    return nodes, ms, nodes * 1000 / ms


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--movetime", type=int, default=5000)
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--first", help="command line of the first engine (default: areachess uci)")
    ap.add_argument("--binary", help="the areachess binary (default: the release build)")
    ap.add_argument("--second", default="/usr/games/fairy-stockfish")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    first = (shlex.split(args.first) if args.first
             else [str(areachess_bin.find_binary(args.binary, fail)), "uci"])
    second = shlex.split(args.second)
    ratios = []
    print(f"{'position':<4} {'first nodes':>12} {'ms':>6} {'nps':>10}   "
          f"{'second nodes':>12} {'ms':>6} {'nps':>10}   ratio")
    for n, fen in enumerate(POSITIONS, 1):
        a = nps(first, args.variant, fen, args.movetime, args.threads)
        b = nps(second, args.variant, fen, args.movetime, args.threads)
        ratio = a[2] / b[2]
        ratios.append(ratio)
        print(f"{n:<4} {a[0]:>12} {a[1]:>6} {a[2]:>10.0f}   {b[0]:>12} {b[1]:>6} {b[2]:>10.0f}"
              f"   {ratio:.2f}")
    mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print(f"geometric mean first/second {mean:.2f} over {len(ratios)} positions, "
          f"{args.movetime} ms each")


if __name__ == "__main__":
    main()
