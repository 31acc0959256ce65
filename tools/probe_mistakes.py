#!/usr/bin/env python3
"""Whether engines, given the same time, avoid the mistakes an engine made in its games.

    python3 tools/find_mistakes.py GAMES.pgn areachess --variant capablanca > MISTAKES.txt
    python3 tools/probe_mistakes.py MISTAKES.txt --variant capablanca
        --engine 'ours=areachess uci' --engine 'fsf2500=/usr/games/fairy-stockfish
        UCI_LimitStrength=true UCI_Elo=2500' [--ms 100,1000] [--least 150] [--level 150]
        [--judge /usr/games/fairy-stockfish] [--judge-ms 500]

Reads the mistakes find_mistakes.py listed (each a position, the move played, what it lost)
and keeps those that lost at least --least centipawns from a position the judge scored
within ±--level. Each engine (NAME=COMMAND, then any OPTION=VALUE to set, separated by
spaces) is asked for its move in each
position at each of the --ms times, its hash cleared first (`ucinewgame`); the judge scores
the position and every move chosen, and a choice counts as avoiding the mistake when it
loses less than 100 centipawns against the judge's best. One line per position, then per
engine and time how many positions it got right: where one engine avoids at 100 ms what
another needs ten times as long for, that engine's search or evaluation sees more per node.
Needs pyffish.
"""

import argparse
import re

import pyffish

from find_mistakes import Judge


class Engine(Judge):
    """A UCI engine asked for a move in one position at a time."""

    def choose(self, fen, ms):
        """The move chosen in `fen` after `ms` milliseconds, its score and depth (the
        first line's, where several are told)."""
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")
        score, move, depth = self.search(fen, [], ms)
        return move, score, depth


MISTAKE = re.compile(r"\s+ply (\d+): played (\S+), best (\S+): (-?\d+) -> (-?\d+) \((-?\d+)\)\s+(.*)$")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mistakes", help="find_mistakes.py's output")
    p.add_argument("--variant", default="chess")
    p.add_argument("--engine", action="append", required=True, help="NAME=COMMAND [OPTION=VALUE ...]")
    p.add_argument("--ms", default="100,1000", help="the times to ask at, comma-separated")
    p.add_argument("--least", type=int, default=150)
    p.add_argument("--level", type=int, default=150)
    p.add_argument("--judge", default="/usr/games/fairy-stockfish")
    p.add_argument("--judge-ms", type=int, default=500)
    args = p.parse_args()
    times = [int(t) for t in args.ms.split(",")]
    mistakes = []
    for line in open(args.mistakes):
        found = MISTAKE.match(line)
        if found and int(found[6]) >= args.least and abs(int(found[4])) <= args.level:
            mistakes.append((int(found[1]), found[2], int(found[6]), found[7].strip()))
    engines = []
    for spec in args.engine:
        name, rest = spec.split("=", 1)
        words = rest.split()
        options = [w for w in words if "=" in w]
        command = " ".join(w for w in words if "=" not in w)
        engines.append((name, Engine(command, args.variant, options)))
    judge = Engine(args.judge, args.variant)
    scores = {}

    def after(fen, move):
        if (fen, move) not in scores:
            scores[(fen, move)] = -judge.choose(pyffish.get_fen(args.variant, fen, [move]), args.judge_ms)[1]
        return scores[(fen, move)]

    right = {}
    for ply, played, lost, fen in mistakes:
        best = judge.choose(fen, args.judge_ms)[1]
        row = [f"ply {ply}: played {played} (lost {lost}), judge {best}"]
        for name, engine in engines:
            for ms in times:
                move, score, depth = engine.choose(fen, ms)
                judged = after(fen, move)
                avoided = best - judged < 100
                right.setdefault((name, ms), []).append(avoided)
                row.append(f"{name}@{ms}: {move} depth {depth} own {score} judged {judged} {'ok' if avoided else 'MISSED'}")
        print(" | ".join(row) + f"  {fen}", flush=True)
    for (name, ms), marks in right.items():
        print(f"{name} at {ms} ms: {sum(marks)} of {len(marks)} avoided")
    for _, engine in engines:
        engine.quit()
    judge.quit()


if __name__ == "__main__":
    main()
