#!/usr/bin/env python3
"""A match between two UCI engines, refereed by Fairy-Stockfish's rules (pyffish).

    python3 tools/uci_match.py [--variant chess] [--games 20] [--tc 10+0.1 | --movetime MS]
        [--first 'areachess uci'] [--second /usr/games/fairy-stockfish]
        [--second-option 'Skill Level=0'] [--opening-plies 4] [--seed 1] [--max-plies 400]

By default areachess (`uci`, the release binary) plays Fairy-Stockfish. Colours alternate;
each pair of games shares a random opening of --opening-plies plies, so the games differ.
Every move an engine names is checked against pyffish's legal moves; an illegal move, a
move never sent within the clock (time forfeit, with a 1 s grace for process start-up) or
a crash loses that game and is counted apart. A game ends where pyffish says it ends:
checkmate, stalemate as the variant scores it, an immediate end (bare king), or an optional
end (fifty-move rule, repetition, counting), which both sides are taken to claim.

One line per game, then `score FIRST W draws D SECOND L`, the first engine's points in
percent, the counts of illegal moves and time forfeits, the first engine's Elo difference
with its 95% interval (`elo +35 (95% -40 to +112)`, from the spread of the games'
results), and each engine's longest think. Exit status 1 if any engine
made an illegal move or lost on time. Needs python3 and pyffish (`pip install pyffish`).
"""

import argparse
import math
import random
import shlex
import subprocess
import sys
import threading
import queue
import time

import pyffish

import areachess_bin


class Engine:
    """A UCI engine process, read line by line on a thread of its own."""

    def __init__(self, command, options, name):
        self.name = name
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        self.until("uciok", 30)
        for name_value in options:
            name, _, value = name_value.partition("=")
            self.send(f"setoption name {name.strip()} value {value.strip()}")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def until(self, prefix, seconds):
        """The first line starting with prefix, or None after `seconds` or at the end."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            if line.startswith(prefix):
                return line

    def ready(self):
        self.send("isready")
        return self.until("readyok", 30) is not None

    def quit(self):
        self.send("quit")
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def play_game(engines, variant, opening, args):
    """One game; engines[0] has White. Returns (result, reason, plies, fault)."""
    start = pyffish.start_fen(variant)
    moves = list(opening)
    clocks = [args.base, args.base]
    for e in engines:
        e.send("ucinewgame")
        e.send(f"setoption name UCI_Variant value {variant}")
        if not e.ready():
            return None, f"{e.name} did not answer isready", len(moves), e.name
    while True:
        legal = pyffish.legal_moves(variant, start, moves)
        side = len(moves) % 2
        if not legal:
            check = pyffish.gives_check(variant, start, moves)
            result = pyffish.game_result(variant, start, moves)
            return score_of(result, side), "checkmate" if check else "stalemate", len(moves), None
        ended, result = pyffish.is_immediate_game_end(variant, start, moves)
        if ended:
            return score_of(result, side), "immediate end", len(moves), None
        ended, result = pyffish.is_optional_game_end(variant, start, moves)
        if ended:
            return score_of(result, side), "optional end", len(moves), None
        if len(moves) >= args.max_plies:
            return 0.5, "max plies", len(moves), None
        e = engines[side]
        line = f"position startpos moves {' '.join(moves)}" if moves else "position startpos"
        e.send(line)
        if args.movetime:
            e.send(f"go movetime {args.movetime}")
            budget = args.movetime / 1000 + 1.0
        else:
            w, b = (int(c * 1000) for c in clocks)
            inc = int(args.inc * 1000)
            e.send(f"go wtime {w} btime {b} winc {inc} binc {inc}")
            budget = clocks[side] + 1.0
        began = time.monotonic()
        answer = e.until("bestmove", budget)
        spent = time.monotonic() - began
        e.longest = max(getattr(e, "longest", 0.0), spent)
        if answer is None:
            return (0.0 if side == 0 else 1.0), f"{e.name} lost on time", len(moves), ("time", e.name)
        if not args.movetime:
            clocks[side] = clocks[side] - spent + args.inc
        move = answer.split()[1] if len(answer.split()) > 1 else ""
        if move not in legal:
            return (0.0 if side == 0 else 1.0), f"{e.name} illegal {move}", len(moves), ("illegal", e.name)
        moves.append(move)


def score_of(result, side):
    """White's points from pyffish's result for the side to move (mate value, 0 a draw)."""
    if result == 0:
        return 0.5
    mover_wins = result > 0
    white_to_move = side == 0
    return 1.0 if mover_wins == white_to_move else 0.0


def elo(share):
    """The Elo difference a share of the points means (clamped short of 0 and 1)."""
    share = min(max(share, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / share - 1.0)


def elo_line(wins, draws, losses):
    """The first engine's Elo difference with its 95% interval, from the games' spread."""
    n = wins + draws + losses
    if n == 0:
        return "elo: no games"
    s = (wins + 0.5 * draws) / n
    var = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n
    se = math.sqrt(var / n)
    return f"elo {elo(s):+.0f} (95% {elo(s - 1.96 * se):+.0f} to {elo(s + 1.96 * se):+.0f})"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="chess")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--tc", default="10+0.1", help="base+increment in seconds")
    p.add_argument("--movetime", type=int, default=0, help="ms a move instead of a clock")
    p.add_argument("--first", default=None, help="first engine command (default: areachess uci)")
    p.add_argument("--first-option", action="append", default=[])
    p.add_argument("--second", default="/usr/games/fairy-stockfish")
    p.add_argument("--second-option", action="append", default=[])
    p.add_argument("--opening-plies", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-plies", type=int, default=400)
    p.add_argument("--binary", default=None)
    args = p.parse_args()
    base, _, inc = args.tc.partition("+")
    args.base, args.inc = float(base), float(inc or 0)

    def fail(message):
        sys.exit(f"uci_match: {message}")

    first = shlex.split(args.first) if args.first else [str(areachess_bin.find_binary(args.binary, fail)), "uci"]
    second = shlex.split(args.second)
    names = ["areachess" if not args.first else first[0], second[0].rsplit("/", 1)[-1]]
    engines = [Engine(first, args.first_option, names[0]), Engine(second, args.second_option, names[1])]
    rng = random.Random(args.seed)
    points = 0.0
    wins = draws = losses = 0
    faults = {"illegal": 0, "time": 0}
    opening = []
    for n in range(args.games):
        if n % 2 == 0:
            opening = []
            start = pyffish.start_fen(args.variant)
            for _ in range(args.opening_plies):
                legal = pyffish.legal_moves(args.variant, start, opening)
                if not legal:
                    break
                opening.append(rng.choice(sorted(legal)))
        first_white = n % 2 == 0
        seats = engines if first_white else engines[::-1]
        white_points, reason, plies, fault = play_game(seats, args.variant, opening, args)
        if white_points is None:
            fail(reason)
        mine = white_points if first_white else 1.0 - white_points
        points += mine
        wins += mine == 1.0
        draws += mine == 0.5
        losses += mine == 0.0
        if fault:
            faults[fault[0]] += 1
        result = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[white_points]
        print(f"game {n + 1} white {seats[0].name} black {seats[1].name} result {result} {reason} plies {plies}", flush=True)
    for e in engines:
        e.quit()
    print(f"score {names[0]} {wins} draws {draws} {names[1]} {losses}")
    print(f"{names[0]} {100 * points / max(args.games, 1):.1f}% over {args.games} games; "
          f"illegal moves {faults['illegal']}, time forfeits {faults['time']}")
    print(elo_line(wins, draws, losses))
    print("longest think, from go to bestmove as this script saw it: "
          + ", ".join(f"{e.name} {1000 * getattr(e, 'longest', 0.0):.0f} ms" for e in engines))
    sys.exit(1 if faults["illegal"] or faults["time"] else 0)


if __name__ == "__main__":
    main()
