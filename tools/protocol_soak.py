#!/usr/bin/env python3
"""A soak of the engine protocols: many UCI and XBoard sessions, each a random mix of good
commands, bad ones, bytes that are not UTF-8, cut lines, very long lines and an end of
input in the middle of a search. Every session must end by itself with exit code 0 within
its timeout, answer each `isready` with `readyok` and each `ping N` with `pong N`, and
print no panic. Prints a summary; each failure names the seed that repeats it:

    python3 tools/protocol_soak.py --sessions 1000 --seed 1
    python3 tools/protocol_soak.py --seed 1 --only 417      # one session again, verbose

Python 3, standard library only. Exits 1 when a session failed, 2 when it cannot run.
"""

import argparse
import collections
import concurrent.futures
import os
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from areachess_bin import ROOT, fail, find_binary  # noqa: E402

# What the engine reads at most in one line (src/protocol/session.rs, MAX_LINE_BYTES).
MAX_LINE_BYTES = 1 << 18

# Plies of each random legal line walked per variant, and how many lines per variant.
LINE_PLIES = 10
LINES_PER_VARIANT = 3


def shipped_variants(binary):
    """The grid levels the engine offers, as its `uci` answer lists them."""
    out = subprocess.run(
        [binary, "uci"], input=b"uci\nquit\n", capture_output=True, cwd=ROOT, timeout=60
    ).stdout.decode("utf-8", "replace")
    for line in out.splitlines():
        if line.startswith("option name UCI_Variant"):
            words = line.split()
            return sorted({words[k + 1] for k, w in enumerate(words[:-1]) if w == "var"})
    fail("the engine's `uci` answer offers no UCI_Variant")


def legal_lines(binary, variants, rng):
    """Random legal lines for each variant, walked with `areachess moves`."""
    lines = {}
    for variant in variants:
        level = str(ROOT / "levels" / f"{variant}.toml")
        found = []
        for _ in range(LINES_PER_VARIANT):
            played = []
            for _ in range(LINE_PLIES):
                args = [binary, "moves", level]
                if played:
                    args += ["--moves", *played]
                run = subprocess.run(args, capture_output=True, cwd=ROOT, timeout=60)
                legal = run.stdout.decode("utf-8", "replace").split()
                if run.returncode != 0 or not legal:
                    break
                played.append(rng.choice(legal))
            found.append(played)
        lines[variant] = found
    return lines


def random_bytes(rng, n):
    """`n` bytes of anything but a line end: high bytes, NUL, a lone CR, ASCII."""
    pool = list(range(0, 10)) + list(range(11, 256))
    return bytes(rng.choice(pool) for _ in range(n))


class Script:
    """The lines of one session, and the answers they oblige the engine to give."""

    def __init__(self):
        self.chunks = []
        self.lines = 0
        self.readies = 0
        self.pings = collections.Counter()

    def line(self, text):
        data = text if isinstance(text, bytes) else text.encode()
        self.chunks.append(data + b"\n")
        self.lines += 1

    def raw(self, data):
        """Bytes with no line end of their own: the next line continues them."""
        self.chunks.append(data)

    def data(self):
        return b"".join(self.chunks)


def hostile_line(rng, script, good):
    """One line a GUI should never send."""
    kind = rng.randrange(7)
    if kind == 0:
        script.line(random_bytes(rng, rng.randrange(1, 80)))
    elif kind == 1:
        # A good line cut short (never a sync point, whose count must hold, nor a table
        # size, which cut might ask for a gigabyte).
        if "memory" in good or "Hash" in good:
            good = "go depth 1"
        text = good.encode()
        script.line(text[: rng.randrange(0, max(1, len(text)))])
    elif kind == 2:
        # A line past the limit, or just within it.
        size = rng.choice([MAX_LINE_BYTES + 1, MAX_LINE_BYTES + 5000, MAX_LINE_BYTES - 10, 70000])
        script.line(b"x" * size)
    elif kind == 3:
        script.line("Caf\xe9 ist gut".encode("latin-1"))
    elif kind == 4:
        script.line(good + "\r")
    elif kind == 5:
        script.line(" ".join(rng.choice(["go", "-1", "moves", "fen", "value", "name", "zz", "999999999999999999999", "\t"]) for _ in range(rng.randrange(1, 9))))
    else:
        script.line(good.encode() + b"\x00\xff\xfe")


def uci_script(rng, variants, lines):
    """A UCI session's lines."""
    s = Script()
    s.line("uci")
    variant = "chess"
    ping = 0

    def moves():
        played = rng.choice(lines.get(variant) or [[]])
        return played[: rng.randrange(0, len(played) + 1)]

    for _ in range(rng.randrange(10, 60)):
        roll = rng.random()
        if roll < 0.12:
            s.line("isready")
            s.readies += 1
            continue
        if roll < 0.15:
            # `ping` is no UCI command: it is answered as one unknown.
            ping += 1
            s.line(f"ping {ping}")
            continue
        choice = rng.randrange(20)
        if choice == 0:
            variant = rng.choice(variants)
            good = f"setoption name UCI_Variant value {variant}"
        elif choice == 1:
            good = rng.choice(["position startpos", "position startpos moves " + " ".join(moves())])
        elif choice == 2:
            good = f"go depth {rng.randrange(1, 4)}"
        elif choice == 3:
            good = f"go movetime {rng.randrange(1, 40)}"
        elif choice == 4:
            good = f"go nodes {rng.randrange(1, 3000)}"
        elif choice == 5:
            good = f"go wtime {rng.randrange(0, 2000)} btime {rng.randrange(0, 2000)} winc 10 binc 10"
        elif choice == 6:
            good = rng.choice(["go infinite", "go ponder movetime 20", "go ponder depth 2"])
        elif choice == 7:
            good = rng.choice(["stop", "ponderhit", "ucinewgame", "eval", "debug on"])
        elif choice == 8:
            good = rng.choice([
                f"setoption name Hash value {rng.choice([1, 2, 4, 16])}",
                f"setoption name Threads value {rng.choice([1, 2])}",
                f"setoption name MultiPV value {rng.choice([1, 2, 3])}",
                f"setoption name Skill Level value {rng.randrange(1, 7)}",
                f"setoption name UCI_LimitStrength value {rng.choice(['true', 'false'])}",
                f"setoption name UCI_Elo value {rng.randrange(0, 3000)}",
                f"setoption name UCI_Chess960 value {rng.choice(['true', 'false'])}",
            ])
        elif choice == 9:
            good = rng.choice([
                "go movetime -5", "go depth 0", "go depth 99999", "go mate -1", "go mate 1000",
                "go wtime -1000 btime -1000", "go nodes -7", "go movestogo -3 wtime 100",
                "go wtime 9223372036854775807 winc 9223372036854775807",
                "go movetime 99999999999999999999", "go depth x", "go searchmoves e2e4",
            ])
        elif choice == 10:
            good = rng.choice([
                "setoption name Hash value 99999999", "setoption name Hash value -3",
                "setoption name Hash value 4097", "setoption name Threads value 0",
                "setoption name MultiPV value 1000", "setoption name UCI_Elo value -9",
                "setoption name Nope value 1", "setoption name UCI_Variant value nowhere",
                "setoption name LevelFile value /nonexistent/level.toml", "setoption",
            ])
        elif choice == 11:
            good = rng.choice([
                "position fen garbage", "position fen 8/8/8/8 w", "position startpos moves e2e5 zz",
                "position", "position fen", "position startpos moves " + "g1f3 g8f6 f3g1 f6g8 " * 30,
            ])
        else:
            good = None
        if good is None or rng.random() < 0.2:
            hostile_line(rng, s, good or "go depth 1")
        else:
            s.line(good)
    # The end: after a search (the input ends while it thinks), a quit, or nothing.
    end = rng.randrange(3)
    if end == 0:
        s.line(rng.choice(["go infinite", "go depth 30", "go ponder"]))
    elif end == 1:
        s.line("quit")
    elif rng.random() < 0.5:
        s.raw(b"go mov")  # a last line without its end
    return s


def xboard_script(rng, variants, lines):
    """An XBoard session's lines."""
    s = Script()
    s.line("xboard")
    s.line("protover 2")
    variant = "chess"
    played = []
    ping = 0

    def xboard_name(v):
        return {"chess": "normal", "chess960": "fischerandom"}.get(v, v)

    for _ in range(rng.randrange(10, 60)):
        roll = rng.random()
        if roll < 0.15:
            ping += 1
            s.line(f"ping {ping}")
            s.pings[str(ping)] += 1
            continue
        choice = rng.randrange(18)
        if choice == 0:
            variant = rng.choice(variants)
            played = list(rng.choice(lines.get(variant) or [[]]))
            good = f"variant {xboard_name(variant)}"
        elif choice == 1:
            good = "new"
            variant = "chess"
            played = list(rng.choice(lines.get(variant) or [[]]))
        elif choice == 2:
            good = (("usermove " if rng.random() < 0.7 else "") + played.pop(0)) if played else "force"
        elif choice == 3:
            good = rng.choice(["go", "force", "playother", "?", "analyze", "exit", "undo", "remove"])
        elif choice == 4:
            good = rng.choice(["st 1", f"sd {rng.randrange(1, 4)}", "level 40 5 0", "level 0 1:30 2",
                               f"time {rng.randrange(0, 3000)}", f"otim {rng.randrange(0, 3000)}"])
        elif choice == 5:
            good = rng.choice(["post", "nopost", "hard", "easy", "computer", "random",
                               "rating 2000 2100", "result 1-0 {White mates}", "accepted setboard"])
        elif choice == 6:
            good = rng.choice(["memory 16", "memory 1", "cores 1", "cores 2"])
        elif choice == 7:
            good = rng.choice([
                "st -5", "st 0", "st 99999999999999999999", "sd 0", "sd 1000", "level x y z",
                "level 40 abc 0", "level 40 5 -1", "level 40 5 nan", "time 9223372036854775807",
                "time garbage", "otim x", "memory 1000000", "memory 0", "memory -5",
                "cores 0", "cores 9999", "variant nowhere", "usermove zz", "usermove e2e5",
            ])
        elif choice == 8:
            good = rng.choice([
                "setboard garbage", "setboard 8/8/8/8/8/8/8/8 w - - 0 1",
                "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ])
        elif choice == 9:
            s.line("name Caf\xe9".encode("latin-1"))
            continue
        else:
            good = None
        if good is None or rng.random() < 0.2:
            hostile_line(rng, s, good or "go")
        else:
            s.line(good)
    end = rng.randrange(3)
    if end == 0:
        s.line("sd 30")
        s.line(rng.choice(["go", "analyze"]))
    elif end == 1:
        s.line("quit")
    return s


def run_session(binary, mode, script, timeout):
    """Runs one session; the problems found, none when it passed."""
    try:
        run = subprocess.run(
            [binary, mode], input=script.data(), capture_output=True, cwd=ROOT, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return ["hung: no end within the timeout"], ""
    out = run.stdout.decode("utf-8", "replace")
    err = run.stderr.decode("utf-8", "replace")
    problems = []
    if run.returncode != 0:
        problems.append(f"exit code {run.returncode}")
    if "panicked" in err:
        problems.append("panic: " + err.strip().splitlines()[0])
    answers = out.splitlines()
    readies = sum(1 for line in answers if line == "readyok")
    if readies != script.readies:
        problems.append(f"{script.readies} isready, {readies} readyok")
    pongs = collections.Counter(line[5:] for line in answers if line.startswith("pong "))
    if mode == "xboard" and pongs != script.pings:
        missing = script.pings - pongs
        problems.append(f"pings without pong: {sorted(missing)[:5]}")
    return problems, out


def session_seed(seed, k):
    return f"{seed}:{k}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", help="the areachess binary (default: the release build)")
    ap.add_argument("--sessions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds a session may take")
    ap.add_argument("--jobs", type=int, default=4, help="sessions run at once")
    ap.add_argument("--only", type=int, help="run session K of the seed alone and show it")
    args = ap.parse_args()
    binary = str(find_binary(args.bin, fail))
    started = time.monotonic()
    variants = shipped_variants(binary)
    lines = legal_lines(binary, variants, random.Random(args.seed))
    which = [args.only] if args.only is not None else range(args.sessions)

    def one(k):
        rng = random.Random(session_seed(args.seed, k))
        mode = "uci" if k % 2 == 0 else "xboard"
        script = (uci_script if mode == "uci" else xboard_script)(rng, variants, lines)
        problems, out = run_session(binary, mode, script, args.timeout)
        return k, mode, script, problems, out

    failures = []
    sent = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for k, mode, script, problems, out in pool.map(one, which):
            sent += script.lines
            if problems:
                failures.append((k, mode, problems))
                print(f"FAIL session {k} ({mode}, --seed {args.seed} --only {k}): {'; '.join(problems)}")
            if args.only is not None:
                sys.stdout.write(script.data().decode("utf-8", "replace")[:20000])
                print("--- answers ---")
                print(out[:20000])
    took = time.monotonic() - started
    print(f"sessions {len(which)}, lines sent {sent}, failures {len(failures)}, "
          f"seed {args.seed}, {took:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
