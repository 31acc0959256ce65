#!/usr/bin/env python3
"""A match between two UCI engines, refereed by Fairy-Stockfish's rules (pyffish).

    python3 tools/uci_match.py [--variant chess] [--games 20] [--tc 10+0.1 | --movetime MS]
        [--first 'areachess uci'] [--second /usr/games/fairy-stockfish]
        [--second-option 'Skill Level=0'] [--openings tools/openings.txt | --opening-plies 4]
        [--concurrency 2] [--sprt ELO0 ELO1] [--seed 1] [--max-plies 400] [--pgn FILE]

By default areachess (`uci`, the release binary) plays Fairy-Stockfish. Colours alternate;
each pair of games shares an opening, so the games differ: the lines for the variant in the
--openings file (`VARIANT: move move ...`, taken in turn from a seeded shuffle), else a
random opening of --opening-plies plies. --concurrency N plays N games at once, each pair
of engines in its own processes (on this 2-core machine, 2 games at once use both cores;
give each engine the time it should have on one core). --sprt ELO0 ELO1 stops as soon as
the sequential probability ratio test accepts one of the hypotheses "the first engine is
ELO0 stronger" or "ELO1 stronger" (alpha = beta = 0.05), or after --games games.
Every move an engine names is checked against pyffish's legal moves; an illegal move, a
move never sent within the clock (time forfeit, with a 1 s grace for process start-up) or
a crash loses that game and is counted apart. A game ends where pyffish says it ends:
checkmate, stalemate as the variant scores it, an immediate end (bare king), or an optional
end (fifty-move rule, repetition, counting), which both sides are taken to claim.

One line per game (after a forfeit or an illegal move, an indented `at: position fen ...
moves ...` line gives the position to replay it from), then `score FIRST W draws D
SECOND L`, the first engine's points in percent, the counts of illegal moves and time
forfeits, the first engine's Elo difference with its 95% interval (`elo +35 (95% -40 to
+112)`, from the spread of the games' results), and each engine's longest think. With
--pgn FILE, every game is also written to FILE as it ends (PGN, moves in SAN from pyffish,
each engine move followed by its last reported score and depth as `{+0.35/12}`, from the
mover's side, `#3` a mate in three). Exit
status 1 if any engine made an illegal move or lost on time. Needs python3 and pyffish (`pip install pyffish`).
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
from pathlib import Path

import pyffish

import areachess_bin


class Engine:
    """A UCI engine process, read line by line on a thread of its own."""

    def __init__(self, command, options, name):
        self.name = name
        # The last `info ... score ...` line read, for the score of the move that follows.
        self.last_info = None
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
            if line.startswith("info") and " score " in line:
                self.last_info = line
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
    """One game; engines[0] has White. Returns (result, reason, moves, comments, fault):
    the moves played (the opening's first) and one comment per move, None for the
    opening's."""
    start = pyffish.start_fen(variant)
    moves = list(opening)
    comments = [None] * len(moves)
    clocks = [args.base, args.base]
    for e in engines:
        e.send("ucinewgame")
        e.send(f"setoption name UCI_Variant value {variant}")
        if not e.ready():
            return None, f"{e.name} did not answer isready", moves, comments, e.name
    while True:
        legal = pyffish.legal_moves(variant, start, moves)
        side = len(moves) % 2
        if not legal:
            check = pyffish.gives_check(variant, start, moves)
            result = pyffish.game_result(variant, start, moves)
            return score_of(result, side), "checkmate" if check else "stalemate", moves, comments, None
        ended, result = pyffish.is_immediate_game_end(variant, start, moves)
        if ended:
            return score_of(result, side), "immediate end", moves, comments, None
        ended, result = pyffish.is_optional_game_end(variant, start, moves)
        if ended:
            return score_of(result, side), "optional end", moves, comments, None
        if len(moves) >= args.max_plies:
            return 0.5, "max plies", moves, comments, None
        e = engines[side]
        # The start as a FEN: engines that know a variant by name may set it up otherwise.
        e.send(where(start, moves))
        if args.movetime:
            e.send(f"go movetime {args.movetime}")
            budget = args.movetime / 1000 + 1.0
        else:
            w, b = (int(c * 1000) for c in clocks)
            inc = int(args.inc * 1000)
            e.send(f"go wtime {w} btime {b} winc {inc} binc {inc}")
            budget = clocks[side] + 1.0
        began = time.monotonic()
        e.last_info = None
        answer = e.until("bestmove", budget)
        spent = time.monotonic() - began
        e.longest = max(getattr(e, "longest", 0.0), spent)
        if answer is None:
            fault = ("time", e.name, where(start, moves))
            return (0.0 if side == 0 else 1.0), f"{e.name} lost on time", moves, comments, fault
        if not args.movetime:
            clocks[side] = clocks[side] - spent + args.inc
        move = answer.split()[1] if len(answer.split()) > 1 else ""
        if move not in legal:
            fault = ("illegal", e.name, where(start, moves))
            return (0.0 if side == 0 else 1.0), f"{e.name} illegal {move}", moves, comments, fault
        moves.append(move)
        comments.append(score_comment(e.last_info))


def info_score(info):
    """(kind, value, depth) from a UCI info line's `score cp|mate VALUE` and `depth D`
    (depth "?" when missing), or None without a readable score."""
    if not info:
        return None
    words = info.split()
    try:
        depth = words[words.index("depth") + 1] if "depth" in words else "?"
        k = words.index("score")
        return words[k + 1], int(words[k + 2]), depth
    except (ValueError, IndexError):
        return None


def score_comment(info):
    """`+0.35/12` from a UCI info line's score and depth (`#3`, `#-2` for mates), or None."""
    found = info_score(info)
    if found is None:
        return None
    kind, value, depth = found
    if kind == "mate":
        return f"#{value}/{depth}"
    return f"{value / 100:+.2f}/{depth}"


def pgn_text(variant, opening_plies, moves, comments, result, reason, white, black, round_number):
    """The game as PGN: the variant's start FEN unless it is chess, SAN from pyffish."""
    start = pyffish.start_fen(variant)
    tags = [("Event", "uci_match"), ("Site", "?"), ("Round", str(round_number)),
            ("White", white), ("Black", black), ("Result", result)]
    if variant != "chess":
        tags += [("Variant", variant), ("FEN", start), ("SetUp", "1")]
    tags += [("Termination", reason), ("PlyCount", str(len(moves))),
             ("OpeningPlies", str(opening_plies))]
    sans = pyffish.get_san_moves(variant, start, moves) if moves else []
    words = []
    for ply, (san, comment) in enumerate(zip(sans, comments)):
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(san)
        if comment:
            words.append("{" + comment + "}")
    words.append(result)
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    head = "".join(f'[{name} "{value}"]\n' for name, value in tags)
    return head + "\n" + "\n".join(lines) + "\n\n"


def where(start, moves):
    """The position an engine was asked about, as the UCI line that set it up."""
    return f"position fen {start}" + (f" moves {' '.join(moves)}" if moves else "")


def random_opening(variant, plies, rng):
    """Up to `plies` random legal moves from the variant's start (fewer if the game ends)."""
    start = pyffish.start_fen(variant)
    moves = []
    for _ in range(plies):
        legal = pyffish.legal_moves(variant, start, moves)
        if not legal:
            break
        moves.append(rng.choice(sorted(legal)))
    return moves


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


def expected(elo_difference):
    """The share of the points an Elo difference stands for."""
    return 1.0 / (1.0 + 10.0 ** (-elo_difference / 400.0))


def elo_line(wins, draws, losses):
    """The first engine's Elo difference with its 95% interval, from the games' spread."""
    n = wins + draws + losses
    if n == 0:
        return "elo: no games"
    s = (wins + 0.5 * draws) / n
    var = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n
    se = math.sqrt(var / n)
    return f"elo {elo(s):+.0f} (95% {elo(s - 1.96 * se):+.0f} to {elo(s + 1.96 * se):+.0f})"


def sprt_llr(wins, draws, losses, elo0, elo1):
    """The log-likelihood ratio of "ELO1" against "ELO0" after these games, in the normal
    approximation engine testers use (the games' own spread of scores)."""
    n = wins + draws + losses
    if n == 0 or wins + losses == 0 and n < 2:
        return 0.0
    s = (wins + 0.5 * draws) / n
    var = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n
    var = max(var, 1e-3)
    s0, s1 = expected(elo0), expected(elo1)
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)


SPRT_ALPHA = SPRT_BETA = 0.05
SPRT_LOWER = math.log(SPRT_BETA / (1 - SPRT_ALPHA))
SPRT_UPPER = math.log((1 - SPRT_BETA) / SPRT_ALPHA)


def read_openings(path, variant, fail):
    """The openings for `variant` in the file: lines `VARIANT: move move ...` (# comments),
    each checked move by move against pyffish."""
    found = []
    try:
        text = Path(path).read_text()
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    start = pyffish.start_fen(variant)
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, colon, moves = line.partition(":")
        if not colon:
            fail(f"{path}:{number}:1: expected 'VARIANT: move move ...'")
        if name.strip() != variant:
            continue
        opening = []
        for word in moves.split():
            if word not in pyffish.legal_moves(variant, start, opening):
                column = line.index(word) + 1
                fail(f"{path}:{number}:{column}: '{word}' is not a legal move in {variant} here")
            opening.append(word)
        found.append(opening)
    if not found:
        fail(f"{path}: no openings for '{variant}'")
    return found


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
    p.add_argument("--openings", default=None, help="file of 'VARIANT: moves' lines")
    p.add_argument("--opening-plies", type=int, default=4)
    p.add_argument("--concurrency", type=int, default=1, help="games played at once")
    p.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"), default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-plies", type=int, default=400)
    p.add_argument("--binary", default=None)
    p.add_argument("--pgn", default=None, help="write every game to this PGN file")
    args = p.parse_args()
    base, _, inc = args.tc.partition("+")
    args.base, args.inc = float(base), float(inc or 0)

    def fail(message):
        sys.exit(f"uci_match: {message}")

    if args.concurrency < 1:
        fail("--concurrency must be at least 1")
    first = shlex.split(args.first) if args.first else [str(areachess_bin.find_binary(args.binary, fail)), "uci"]
    second = shlex.split(args.second)
    names = ["areachess" if not args.first else first[0], second[0].rsplit("/", 1)[-1]]
    rng = random.Random(args.seed)
    book = read_openings(args.openings, args.variant, fail) if args.openings else None
    if book:
        rng.shuffle(book)

    def opening_for(pair):
        if book:
            return list(book[pair % len(book)])
        return random_opening(args.variant, args.opening_plies, rng)

    openings = [opening_for(pair) for pair in range((args.games + 1) // 2)]
    try:
        pgn = open(args.pgn, "w") if args.pgn else None
    except OSError as e:
        fail(f"cannot write {args.pgn}: {e.strerror}")
    tally = {"wins": 0, "draws": 0, "losses": 0, "points": 0.0, "played": 0,
             "illegal": 0, "time": 0, "longest": [0.0, 0.0], "stop": None, "error": None}
    lock = threading.Lock()
    next_game = iter(range(args.games))

    def worker():
        engines = [Engine(first, args.first_option, names[0]), Engine(second, args.second_option, names[1])]
        try:
            while True:
                with lock:
                    if tally["stop"] or tally["error"]:
                        return
                    n = next(next_game, None)
                if n is None:
                    return
                first_white = n % 2 == 0
                seats = engines if first_white else engines[::-1]
                opening = openings[n // 2]
                white_points, reason, moves, comments, fault = play_game(seats, args.variant, opening, args)
                plies = len(moves)
                with lock:
                    if white_points is None:
                        tally["error"] = reason
                        return
                    mine = white_points if first_white else 1.0 - white_points
                    tally["points"] += mine
                    tally["played"] += 1
                    tally["wins"] += mine == 1.0
                    tally["draws"] += mine == 0.5
                    tally["losses"] += mine == 0.0
                    if fault:
                        tally[fault[0]] += 1
                    result = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[white_points]
                    print(f"game {n + 1} white {seats[0].name} black {seats[1].name} result {result} "
                          f"{reason} plies {plies}", flush=True)
                    if fault:
                        print(f"  at: {fault[2]}", flush=True)
                    if pgn:
                        pgn.write(pgn_text(args.variant, len(opening), moves, comments, result, reason,
                                           seats[0].name, seats[1].name, n + 1))
                        pgn.flush()
                    if args.sprt:
                        llr = sprt_llr(tally["wins"], tally["draws"], tally["losses"], *args.sprt)
                        if llr >= SPRT_UPPER:
                            tally["stop"] = f"H1 accepted: LLR {llr:.2f} >= {SPRT_UPPER:.2f}"
                        elif llr <= SPRT_LOWER:
                            tally["stop"] = f"H0 accepted: LLR {llr:.2f} <= {SPRT_LOWER:.2f}"
        finally:
            with lock:
                for k, e in enumerate(engines):
                    tally["longest"][k] = max(tally["longest"][k], getattr(e, "longest", 0.0))
            for e in engines:
                e.quit()

    threads = [threading.Thread(target=worker) for _ in range(min(args.concurrency, max(args.games, 1)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if tally["error"]:
        fail(tally["error"])
    wins, draws, losses, played = tally["wins"], tally["draws"], tally["losses"], tally["played"]
    print(f"score {names[0]} {wins} draws {draws} {names[1]} {losses}")
    print(f"{names[0]} {100 * tally['points'] / max(played, 1):.1f}% over {played} games; "
          f"illegal moves {tally['illegal']}, time forfeits {tally['time']}")
    print(elo_line(wins, draws, losses))
    if args.sprt:
        llr = sprt_llr(wins, draws, losses, *args.sprt)
        verdict = tally["stop"] or f"no decision: LLR {llr:.2f} within ({SPRT_LOWER:.2f}, {SPRT_UPPER:.2f})"
        print(f"sprt elo0 {args.sprt[0]:g} elo1 {args.sprt[1]:g}: {verdict}")
    print("longest think, from go to bestmove as this script saw it: "
          + ", ".join(f"{name} {1000 * t:.0f} ms" for name, t in zip(names, tally["longest"])))
    sys.exit(1 if tally["illegal"] or tally["time"] else 0)


if __name__ == "__main__":
    main()
