#!/usr/bin/env python3
"""Hostile inputs against the release binary: every kind of file and text the program
reads (levels, URC YAML, Betza and Ħasínū strings, FENs and POSes, PGN, Game Courier
records, saved games, balance tallies, tuning positions, numeric options, `play --drive`
scripts) and UCI and XBoard sessions, each case built in a fresh folder of its own and run
with a 10 s wall limit and a 2 GiB address-space limit. Each run is classified:

    PANIC     stderr says "panicked", or exit code 101
    SIGNAL    killed by a signal (abort, stack overflow, segfault)
    TIMEOUT   still running at the wall limit (a reader blocked on a FIFO shows so)
    OOM       an allocation failure (Rust's "memory allocation of N bytes failed")
    LEAK      the output holds the marker planted only in files outside what the input
              may read (/tmp/hostile-secret and the case folder's `outside` files)
    NOPLACE   an error about a file input that does not name the file with LINE:COLUMN
              where the documentation promises one (or names a place outside the file)
    SILENT    exit 0 on clearly bad input
    WRONG     a documented promise not kept: a required answer missing from the output
              (an outside reference refused for another reason than being outside, ...)
    PROTOCOL  a UCI/XBoard session broke a rule: an `isready` without `readyok`, a
              `ping N` without `pong N`, a `go` without `bestmove`, an unframed line,
              the session ending before `quit`, or not ending with exit 0 after it
    OK        none of the above

Usage:

    python3 tools/hostile.py                      # every case
    python3 tools/hostile.py --only uci,xboard    # kinds (comma separated)
    python3 tools/hostile.py --name betza-chain   # cases whose name contains a text
    python3 tools/hostile.py --list               # the cases, without running them

Prints a table (kind, case, verdict; the command and the first 300 bytes of output for
every case that is not OK), writes the same to OUT/report.json, and keeps each failing
case's folder in OUT/cases/NAME/ with `rerun.sh` (and `stdin.bin` or `session.txt`).
Exits 1 when any case is not OK, 2 when it cannot run. Python 3, standard library only.
"""

import argparse
import json
import os
import queue
import random
import re
import resource
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"
DEFAULT_BINARY = Path.home() / ".cache" / "at-release" / "release" / "areachess"

MARKER = "leaked_marker_XYZ"
SECRET_DIR = Path("/tmp/hostile-secret")
# Climbs to the root from any case folder (`..` at the root stays there).
UP = "../" * 32
WALL = 10.0
MEMORY = 2 << 30
# A plain command using this much is flagged (a table of 1 GiB is asked for only by name).
MEMORY_ALARM_KIB = 1 << 20

# What Rust prints when an allocation fails (then it aborts).
OOM_RE = re.compile(r"memory allocation of \d+ bytes failed|out of memory|failed to allocate|"
                    r"Cannot allocate memory", re.I)

VERDICTS = ["PANIC", "SIGNAL", "TIMEOUT", "OOM", "LEAK", "NOPLACE", "SILENT", "WRONG",
            "PROTOCOL", "OK"]


# ----------------------------------------------------------------------------- cases

class Fifo:
    """A FIFO to create in the case folder."""


class Dir:
    """A folder to create in the case folder."""


class Link:
    """A symbolic link to `target` (as written: relative links stay relative)."""

    def __init__(self, target):
        self.target = target


class Case:
    """One hostile input.

    args      the command line after the binary; paths are relative to the case folder,
              which is the working directory
    files     {relative path: str | bytes | Fifo() | Dir() | Link(target)}
    stdin     bytes for standard input (None: none)
    expect    "refuse" (exit 0 is SILENT), "accept" (an exit other than 0 is WRONG), or
              "any" (only crashes, hangs, leaks and places count)
    place     the file name an error must name as NAME:LINE:COLUMN (None: no such check)
    placeless a regex: error messages matching it may name the file without a place
    leak      whether the marker in the output is a leak (False where the docs allow
              reading the file that holds it)
    says      a regex the output must match (else WRONG)
    session   for "uci"/"xboard": a list of (line bytes, expect) pairs, see Session
    """

    def __init__(self, kind, name, args, files=None, stdin=None, expect="refuse",
                 place=None, placeless=None, leak=True, says=None, session=None,
                 proto=None, note="", timeout=WALL, big_memory=False, post=None):
        self.kind = kind
        self.name = name
        self.args = [str(a) for a in args]
        self.files = files or {}
        self.stdin = stdin
        self.expect = expect
        self.place = place
        self.placeless = placeless
        self.leak = leak
        self.says = says
        self.session = session
        self.proto = proto
        self.note = note
        self.timeout = timeout
        self.big_memory = big_memory
        # post(folder) -> None, or what the run did wrong to the folder (WRONG)
        self.post = post


def tq(text):
    """`text` as a TOML basic string."""
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def shipped(name):
    return (LEVELS / name).read_text(encoding="utf-8")


def shipped_levels():
    return sorted(p.name for p in LEVELS.glob("*.toml"))


# A small grid level with a king each side and one probe piece X.
def grid_level(probe_lines, setup="4k3/8/8/8/8/8/8/X3K3 w - - 0 1", files=8, ranks=8,
               rules_extra="", extra_pieces="", head_extra=""):
    return (
        'name = "Hostile"\n'
        'mode = "grid"\n'
        f"{head_extra}"
        "\n[board]\n"
        f"files = {files}\n"
        f"ranks = {ranks}\n"
        "\n[pieces.K]\n"
        'name = "King"\n'
        'betza = "K"\n'
        "royal = true\n"
        "\n[pieces.X]\n"
        'name = "Probe"\n'
        f"{probe_lines}\n"
        f"{extra_pieces}"
        "\n[rules]\n"
        f"setup = {tq(setup)}\n"
        f"{rules_extra}"
    )


def continuous_level(extra="", setup="4k3/8/8/8/8/8/8/R3K3 w", pieces="", files=8, ranks=8):
    return (
        'name = "Hostile continuous"\n'
        'mode = "continuous"\n'
        "\n[board]\n"
        f"files = {files}\n"
        f"ranks = {ranks}\n"
        f"{extra}"
        f"{pieces}"
        "\n[rules]\n"
        f"setup = {tq(setup)}\n"
    )


def fen_row(pieces, files):
    """A FEN rank from a list of piece letters or None (empty)."""
    out, run = [], 0
    for p in pieces[:files]:
        if p is None:
            run += 1
        else:
            if run:
                out.append(str(run))
                run = 0
            out.append(p)
    if run:
        out.append(str(run))
    return "".join(out)


def full_board_fen(files=26, ranks=26, white="Q", black="q", gap=0):
    """A board of `files`×`ranks` full of riders (the kings in the corners), with `gap`
    empty ranks in the middle."""
    rows = []
    half = (ranks - gap) // 2
    for r in range(ranks):  # the last rank first
        if r < half:
            row = [black] * files
        elif r >= ranks - half:
            row = [white] * files
        else:
            row = [None] * files
        if r == 0:
            row[0] = "k"
        if r == ranks - 1:
            row[files - 1] = "K"
        rows.append(fen_row(row, files))
    return "/".join(rows) + " w - - 0 1"


def many_piece_level(files=26, ranks=26, gap=0, rider="Q"):
    return grid_level(
        f'betza = "{rider}"', setup=full_board_fen(files, ranks, "X", "x", gap),
        files=files, ranks=ranks)


# A URC file of pieces and a level that names it.
URC_GOOD = shipped("urc-pieces.yaml") if (LEVELS / "urc-pieces.yaml").exists() else ""


def urc_level(reference, inline=None):
    """A chess level whose pawn comes from `urc = reference` (line 14, column 7 is the
    string) or from an inline [pieces.P.urc] table."""
    pawn = f"urc = {tq(reference)}" if inline is None else ""
    text = (
        'name = "URC hostile"\n'                      # 1
        'mode = "grid"\n'                             # 2
        "\n"                                          # 3
        "[board]\n"                                   # 4
        "files = 8\n"                                 # 5
        "ranks = 8\n"                                 # 6
        "\n"                                          # 7
        "[pieces.K]\n"                                # 8
        'name = "King"\n'                             # 9
        'betza = "K"\n'                               # 10
        "royal = true\n"                              # 11
        "\n"                                          # 12
        "[pieces.P]\n"                                # 13
        f"{pawn}\n"                                   # 14
        'promotion = { to = ["R"] }\n'                # 15
        "\n"
        "[pieces.R]\n"
        'name = "Rook"\n'
        'betza = "R"\n'
    )
    if inline is not None:
        text += "\n[pieces.P.urc]\n" + inline + "\n"
    text += '\n[rules]\nsetup = "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1"\n'
    return text


def level_with_image(image, level="chess.toml"):
    text = shipped(level)
    old = "[pieces.K]\n"
    return text.replace(old, f"{old}image = {tq(image)}\n", 1)


def fnv1a64(text):
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"fnv1a64:{h:016x}"


def saved_game(level_text, start, moves, path="levels/chess.toml", extra="", hash_=None,
               fmt="1", moves_raw=None):
    moves_toml = moves_raw if moves_raw is not None else "[" + ", ".join(tq(m) for m in moves) + "]"
    return (
        f"format = {fmt}\n\n[level]\npath = {tq(path)}\n"
        f"hash = {tq(hash_ or fnv1a64(level_text))}\n"
        f"text = {tq(level_text)}\n\n[game]\nstart = {tq(start)}\nmoves = {moves_toml}\n"
        f"{extra}"
    )


CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def shuffle_moves(n):
    return [SHUFFLE[k % 4] for k in range(n)]


# ----------------------------------------------------------------------------- running

def limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def child_env():
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "AREACHESS_BLESS")}
    env["RUST_BACKTRACE"] = "0"
    # The window's data directory (game in progress) stays inside the case folder.
    return env


def materialize(folder, files):
    for rel, content in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Fifo):
            os.mkfifo(path)
        elif isinstance(content, Dir):
            path.mkdir(exist_ok=True)
        elif isinstance(content, Link):
            os.symlink(content.target, path)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(content.encode("utf-8"))


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_plain(case, binary, folder):
    """Runs the case's command; reaps it with wait4 to learn its peak resident memory."""
    env = child_env()
    env["XDG_DATA_HOME"] = str(folder / ".data")
    start = time.monotonic()
    proc = subprocess.Popen(
        [binary] + case.args, cwd=folder, env=env, preexec_fn=limits,
        start_new_session=True,
        stdin=subprocess.PIPE if case.stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    chunks = {"out": [], "err": []}

    def drain(pipe, key):
        for chunk in iter(lambda: pipe.read(65536), b""):
            chunks[key].append(chunk)

    readers = [threading.Thread(target=drain, args=(proc.stdout, "out"), daemon=True),
               threading.Thread(target=drain, args=(proc.stderr, "err"), daemon=True)]
    for r in readers:
        r.start()
    if case.stdin is not None:
        def feed():
            try:
                proc.stdin.write(case.stdin)
            except OSError:
                pass  # the program stopped reading (past a cap, say): its answer
            try:
                proc.stdin.close()
            except OSError:
                pass
        threading.Thread(target=feed, daemon=True).start()
    timed_out = False
    status, usage = None, None
    deadline = start + case.timeout
    while True:
        pid, st, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            status, usage = st, ru
            break
        if time.monotonic() > deadline:
            timed_out = True
            kill_group(proc)
            _, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(0.005)
    proc.returncode = os.waitstatus_to_exitcode(status)
    kill_group(proc)  # threads or children left behind
    for r in readers:
        r.join(5)
    return {"rc": proc.returncode, "out": b"".join(chunks["out"]), "err": b"".join(chunks["err"]),
            "timed_out": timed_out, "elapsed": time.monotonic() - start, "problems": [],
            "maxrss_kib": usage.ru_maxrss if usage else 0}


class Session:
    """Drives a UCI or XBoard session one line at a time, waiting for each answer that a
    line calls for, as a GUI does. `case.session` is a list of (bytes, expect) where
    expect is None, or a regex (str) the answer must match (waited for up to a few
    seconds; counted, so a second `isready` needs a second `readyok`). A UCI `go` waits for
    its `bestmove`; when none comes in 3 s a `stop` is sent, and then it must come."""

    def __init__(self, case, binary, folder):
        self.case = case
        env = child_env()
        env["XDG_DATA_HOME"] = str(folder / ".data")
        self.proc = subprocess.Popen(
            [binary] + case.args, cwd=folder, env=env, preexec_fn=limits,
            start_new_session=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, bufsize=0)
        self.lines = []
        self.cond = threading.Condition()
        self.err = bytearray()
        self.raw = bytearray()
        threading.Thread(target=self.read_out, daemon=True).start()
        threading.Thread(target=self.read_err, daemon=True).start()
        self.wanted = {}  # regex -> answers needed so far
        self.problems = []
        self.sent = []

    def read_out(self):
        buf = b""
        while True:
            chunk = self.proc.stdout.read(65536)
            if not chunk:
                break
            self.raw += chunk
            buf += chunk
            *done, buf = buf.split(b"\n")
            with self.cond:
                self.lines.extend(d.decode("utf-8", "replace") for d in done)
                self.cond.notify_all()
        with self.cond:
            if buf:
                self.lines.append(buf.decode("utf-8", "replace"))
            self.lines.append(None)  # the end
            self.cond.notify_all()

    def read_err(self):
        while True:
            chunk = self.proc.stderr.read(65536)
            if not chunk:
                break
            if len(self.err) < 1 << 20:
                self.err += chunk

    def count(self, regex):
        rx = re.compile(regex)
        return sum(1 for line in self.lines if line is not None and rx.search(line))

    def wait(self, regex, need, seconds):
        deadline = time.monotonic() + seconds
        with self.cond:
            while True:
                if self.count(regex) >= need:
                    return True
                if self.lines and self.lines[-1] is None:
                    return False
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.cond.wait(min(left, 0.2))

    def ended(self):
        with self.cond:
            return bool(self.lines) and self.lines[-1] is None

    def send(self, data):
        if self.proc.poll() is not None or self.ended():
            return False
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            return False
        self.sent.append(data)
        return True

    def expect(self, regex, seconds, what):
        self.wanted[regex] = self.wanted.get(regex, 0) + 1
        if not self.wait(regex, self.wanted[regex], seconds):
            self.problems.append(f"no answer /{regex}/ to {what}")
            return False
        return True

    def run(self, deadline):
        uci = self.case.proto == "uci"
        quit_sent = False
        for data, expect in self.case.session:
            if time.monotonic() > deadline:
                self.problems.append("the session did not finish within the wall limit")
                return
            if not self.send(data):
                self.problems.append(
                    f"the session ended before quit (at line {len(self.sent) + 1}: "
                    f"{data[:60]!r})")
                return
            word = data.strip()
            if word == b"quit":
                quit_sent = True
                break
            left = max(0.5, deadline - time.monotonic() - 1)
            if expect == "bestmove":
                rx = r"^bestmove\b"
                self.wanted[rx] = self.wanted.get(rx, 0) + 1
                if not self.wait(rx, self.wanted[rx], min(3.0, left)):
                    self.send(b"stop\n")
                    if not self.wait(rx, self.wanted[rx], min(3.0, left)):
                        self.problems.append(f"no bestmove to {data[:80]!r} (after stop)")
            elif expect:
                self.expect(expect, min(5.0, left), repr(data[:80]))
        if not quit_sent:
            # A last sign of life, then quit.
            probe = (b"isready\n", r"^readyok$") if uci else (b"ping 424242\n", r"^pong 424242$")
            if not self.send(probe[0]):
                self.problems.append("the session ended before quit")
                return
            self.expect(probe[1], 5.0, "the last probe")
            if not self.send(b"quit\n"):
                self.problems.append("the session ended before quit")
                return
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=max(1.0, min(5.0, deadline - time.monotonic())))
        except subprocess.TimeoutExpired:
            self.problems.append("still running 5 s after quit")


UCI_FRAME = re.compile(r"^(info|bestmove|readyok|id|option|uciok)( |$)")
XB_FRAME = re.compile(
    r"^(feature |move |pong |Error \(|Illegal move|#|tellusererror |telluser |tellopponent |"
    r"tellothers |tellall |tellics |askuser |setup |piece |highlight |hint: |resign|RESIGN|"
    r"offer draw|1-0|0-1|1/2-1/2|\d)")


def run_session(case, binary, folder):
    start = time.monotonic()
    s = Session(case, binary, folder)
    timed_out = False
    try:
        s.run(start + case.timeout)
    finally:
        if s.proc.poll() is None:
            try:
                s.proc.wait(timeout=2)  # a crash under way (an abort printing) ends by itself
            except subprocess.TimeoutExpired:
                # Still running at the end of its time (or 5 s after quit): a hang.
                timed_out = True
                kill_group(s.proc)
                s.proc.wait()
    # Readers finish once the pipes close.
    deadline = time.monotonic() + 2
    while not s.ended() and time.monotonic() < deadline:
        time.sleep(0.02)
    rc = s.proc.returncode
    frame = UCI_FRAME if case.proto == "uci" else XB_FRAME
    unframed = [l for l in s.lines if l is not None and l.rstrip("\r") != "" and not frame.search(l)]
    blank = [l for l in s.lines if l is not None and l.strip() == ""]
    if unframed:
        s.problems.append(f"{len(unframed)} unframed line(s), first: {unframed[0][:120]!r}")
    if blank and not (s.lines[-1] is None and len(blank) == 1 and s.lines[-2] == ""):
        s.problems.append(f"{len(blank)} blank line(s)")
    if rc not in (0, None) and rc > 0:
        s.problems.append(f"exit code {rc} after the session")
    kill_group(s.proc)
    return {"rc": rc, "out": bytes(s.raw), "err": bytes(s.err), "timed_out": timed_out,
            "elapsed": time.monotonic() - start, "problems": s.problems,
            "sent": b"".join(s.sent)}


PLACE_RE = r":(\d+):(\d+):"


def check_place(case, err_text, folder):
    """None when the errors are placed as promised, else what is wrong."""
    # The name as a whole word of a path: `s.toml` is not the end of `chess.toml`.
    name = r"(?<![\w.-])" + re.escape(case.place)
    lines = [l for l in err_text.splitlines() if l.strip()]
    placed = [l for l in lines if re.search(name + PLACE_RE, l)]
    if not placed:
        if case.placeless and re.search(case.placeless, err_text):
            return None
        if not lines:
            return "nothing on stderr"
        return f"no `{case.place}:LINE:COLUMN:` in the error"
    # The place lies inside the file (a line past the end by one is the end of the file).
    path = folder / case.place
    try:
        if path.is_file() and not path.is_symlink() and path.stat().st_size < 64 << 20:
            data = path.read_bytes()
            text = data.decode("utf-8", "replace")
            if text.startswith("\ufeff"):
                text = text[1:]
            rows = text.split("\n")
            for l in placed:
                m = re.search(name + PLACE_RE, l)
                line, col = int(m.group(1)), int(m.group(2))
                if line < 1 or col < 1:
                    return f"place {line}:{col} is not a place"
                if line > len(rows) + 1:
                    return f"place {line}:{col} is past the file's {len(rows)} lines"
                if line <= len(rows) and col > len(rows[line - 1].rstrip("\r")) + 2:
                    return (f"place {line}:{col} is past line {line}'s "
                            f"{len(rows[line - 1])} characters")
    except OSError:
        pass
    return None


def classify(case, res, folder):
    out = res["out"].decode("utf-8", "replace")
    err = res["err"].decode("utf-8", "replace")
    both = out + "\n" + err
    rc = res["rc"]
    if res["timed_out"]:
        extra = ("; " + "; ".join(res["problems"])) if res["problems"] else ""
        return "TIMEOUT", f"still running after {case.timeout:.0f} s{extra}"
    if rc is not None and rc < 0:
        sig = -rc
        name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
        if OOM_RE.search(err):
            return "OOM", f"killed by {name} after an allocation failure"
        if "overflowed its stack" in err:
            return "SIGNAL", f"{name}: stack overflow"
        return "SIGNAL", f"killed by {name}"
    if "panicked" in err or rc == 101:
        if OOM_RE.search(err) or "capacity overflow" in err:
            return "OOM", "panicked on an allocation"
        m = re.search(r"panicked at [^\n]*\n?[^\n]*", err)
        return "PANIC", m.group(0) if m else f"exit code {rc}"
    if re.search(r"memory allocation of \d+ bytes failed", err):
        return "OOM", "allocation failure"
    if res.get("maxrss_kib", 0) >= MEMORY_ALARM_KIB and not case.big_memory:
        return "OOM", f"peak resident memory {res['maxrss_kib'] // 1024} MiB (under the 2 GiB limit)"
    if case.leak and MARKER.lower() in both.lower():
        return "LEAK", "the planted marker is in the output"
    if res["problems"]:
        return "PROTOCOL", "; ".join(res["problems"])
    if case.expect == "refuse" and rc == 0:
        return "SILENT", "exit 0 on bad input"
    if case.expect == "accept" and rc != 0:
        return "WRONG", f"exit {rc} on good input"
    if case.says and not re.search(case.says, both):
        return "WRONG", f"the output lacks /{case.says}/"
    if case.post:
        why = case.post(folder)
        if why:
            return "WRONG", why
    if case.place and rc not in (0, None):
        why = check_place(case, err, folder)
        if why:
            return "NOPLACE", why
    return "OK", ""


def copy_case(src, dst):
    """Moves a case folder (FIFOs and links as they are)."""
    if dst.exists():
        shutil.rmtree(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    os.rename(src, dst)


def command_line(case, binary):
    return " ".join(shlex.quote(a if len(a) < 200 else a[:60] + f"...<{len(a)} chars>")
                    for a in [binary] + case.args)


def write_rerun(case, binary, folder, res):
    lines = ["#!/bin/sh", "# Reruns this case as hostile.py ran it (cwd: this folder).",
             'cd "$(dirname "$0")" || exit 2', "ulimit -v 2097152"]
    cmd = " ".join(shlex.quote(a) for a in [binary] + case.args)
    if len(cmd) > 100_000:
        (folder / "args.json").write_text(json.dumps(case.args))
        cmd = ('python3 -c \'import json,os,sys; a=json.load(open("args.json")); '
               f'os.execv(sys.argv[1], [sys.argv[1]]+a)\' {shlex.quote(binary)}')
    if case.session is not None:
        (folder / "session.txt").write_bytes(res.get("sent", b""))
        lines.append(f"timeout 20 {cmd} < session.txt")
    elif case.stdin is not None:
        (folder / "stdin.bin").write_bytes(case.stdin)
        lines.append(f"timeout 20 {cmd} < stdin.bin")
    else:
        lines.append(f"timeout 20 {cmd}")
    path = folder / "rerun.sh"
    path.write_text("\n".join(lines) + "\n")
    path.chmod(0o755)


# ----------------------------------------------------------------------------- secrets

def plant_secrets():
    """Files outside every case folder that no input may read; each holds the marker
    where a reader's error message would repeat it."""
    SECRET_DIR.mkdir(parents=True, exist_ok=True)
    (SECRET_DIR / "lv").mkdir(exist_ok=True)
    files = {
        "secret.toml": f"{MARKER} = 1\n",
        # The brief's YAML: first line the marker (a YAML error would quote it).
        "secret.yaml": f"{MARKER}\npawn: [\n",
        # A piece file whose pawn, if read, is refused naming the marker.
        "pieces.yaml": f"pawn:\n  name: \"{MARKER}\"\n  symbol: \"P\"\n  moves:\n"
                       f"    - type: {MARKER}\n      vectors: [[0, 1]]\n",
        "secret.svg": f"<{MARKER}>\n",
        "secret.pgn": f"[Event \"{MARKER}\"]\n[White \"{MARKER}\"]\n\n1. {MARKER} *\n",
        "secret.json": f"{{\"{MARKER}\": 1}}\n",
        "lv/level.toml": f"{MARKER} = 1\n",
        "lv/pieces.yaml": f"pawn:\n  name: \"{MARKER}\"\n  moves:\n    - type: {MARKER}\n",
        "secret.txt": f"{MARKER}\n",
    }
    for rel, text in files.items():
        (SECRET_DIR / rel).write_text(text)
    # A FIFO outside: a reader that opens it waits for ever (TIMEOUT shows the open).
    fifo = SECRET_DIR / "fifo.png"
    if fifo.exists() and not stat.S_ISFIFO(fifo.lstat().st_mode):
        fifo.unlink()
    if not fifo.exists():
        os.mkfifo(fifo)


def outside_files():
    """The case-local secrets: beside the case folder's `lv/` level folder."""
    return {
        "secret.yaml": f"{MARKER}\npawn: [\n",
        "pieces.yaml": f"pawn:\n  name: \"{MARKER}\"\n  symbol: \"P\"\n  moves:\n"
                       f"    - type: {MARKER}\n      vectors: [[0, 1]]\n",
        "secret.svg": f"<{MARKER}>\n",
        "secret.toml": f"{MARKER} = 1\n",
    }


# ----------------------------------------------------------------------------- kinds

def level_cases():
    K = "level"
    cases = []

    def check(name, text, expect="refuse", place="lv.toml", extra_files=None, args=None,
              says=None, leak=True, note=""):
        files = {"lv.toml": text} if isinstance(text, (str, bytes)) else {}
        files.update(extra_files or {})
        cases.append(Case(K, name, args or ["check", "lv.toml"], files, expect=expect,
                          place=place, says=says, leak=leak, note=note))

    chess = shipped("chess.toml")
    # Board sizes.
    for v in ["27", "0", "-1", "1e3", "nan", "inf", "-inf", '"8"', "8.0", "99999999999999999999",
              "9223372036854775807", "-9223372036854775808", "[8]", "{ n = 8 }", "true"]:
        check(f"files={v}", chess.replace("files = 8", f"files = {v}", 1))
        check(f"ranks={v}", chess.replace("ranks = 8", f"ranks = {v}", 1))
    check("files=0x8", chess.replace("files = 8", "files = 0x8", 1), expect="any")
    check("files=+8", chess.replace("files = 8", "files = +8", 1), expect="any")
    # Full boards.
    for (f, r, gap) in [(26, 26, 0), (26, 26, 2), (26, 26, 10), (1, 26, 0), (26, 1, 0), (2, 2, 0), (1, 2, 0)]:
        text = many_piece_level(f, r, gap)
        check(f"full-{f}x{r}-gap{gap}", text, expect="any")
    full = many_piece_level(26, 26, 2)
    spaced = many_piece_level(26, 26, 10)
    for args in (["perft", "lv.toml", "2"], ["moves", "lv.toml"],
                 ["bestmove", "lv.toml", "--depth", "2"], ["bestmove", "lv.toml", "--movetime", "500"],
                 ["export", "lv.toml", "--to", "fsf"], ["check", "--values", "lv.toml"],
                 ["match", "lv.toml", "--white", "random", "--black", "greedy", "--games", "1", "--max-plies", "4"],
                 ["pgn", "lv.toml"]):
        check("full-26x26-" + args[0] + ("-" + args[-1] if args[0] == "bestmove" else ""),
              full, expect="any", args=args, place=None if args[0] == "export" else "lv.toml")
    check("spaced-26x26-bestmove-depth3", spaced, expect="any",
          args=["bestmove", "lv.toml", "--depth", "3"])
    check("spaced-26x26-perft2", spaced, expect="any", args=["perft", "lv.toml", "2"])
    check("full-27x27", many_piece_level(27, 27, 0).replace("files = 27", "files = 27"))
    # 26 files of distinct piece types, dealt by the Chess960 shuffle.
    letters = [c for c in "ABCDEFGHIJLMNOPQRSTUVWYZ"]  # 24 besides K and X
    extra = "".join(f'\n[pieces.{c}]\nname = "P{c}"\nbetza = "{["B", "R", "N", "F", "W", "D"][i % 6]}"\n'
                    for i, c in enumerate(letters))
    back = letters[:12] + ["K"] + letters[12:24] + ["X"]
    setup = (fen_row([c.lower() for c in back], 26) + "/" + "/".join(["26"] * 24) + "/" +
             fen_row(back, 26) + " w - - 0 1")
    shuffle_text = grid_level('betza = "B"', setup=setup, files=26, ranks=26,
                              rules_extra='shuffle = "chess960"\n', extra_pieces=extra)
    check("shuffle-26-distinct-match", shuffle_text, expect="any",
          args=["match", "lv.toml", "--white", "random", "--black", "random", "--games", "2",
                "--max-plies", "2"])
    allb = grid_level('betza = "B"', files=26, ranks=26, rules_extra='shuffle = "chess960"\n',
                      setup=fen_row(["x"] * 12 + ["k"] + ["x"] * 13, 26) + "/" + "/".join(["26"] * 24)
                      + "/" + fen_row(["X"] * 12 + ["K"] + ["X"] * 13, 26) + " w - - 0 1")
    check("shuffle-26-bishops-match", allb, expect="any",
          args=["match", "lv.toml", "--white", "random", "--black", "random", "--games", "2",
                "--max-plies", "2"])
    # Missing and wrong keys.
    for key in ["name", "mode", "files", "ranks", "setup"]:
        lines = [l for l in chess.splitlines() if not l.startswith(key + " =")]
        check(f"missing-{key}", "\n".join(lines) + "\n")
    check("missing-board", chess.replace("[board]\nfiles = 8\nranks = 8\n", ""))
    check("missing-rules", chess.split("[rules]")[0])
    check("missing-pieces", re.sub(r"\[pieces\.[A-Z]\][^\[]*", "", chess.split("[rules]")[0]) +
          '[rules]\nsetup = "8/8/8/8/8/8/8/8 w - - 0 1"\n')
    for v in ['"hex"', '"GRID"', "1", '""', '"grid\\u0000"', '["grid"]']:
        check(f"mode={v}", chess.replace('mode = "grid"', f"mode = {v}", 1))
    check("duplicate-name", chess.replace('mode = "grid"', 'mode = "grid"\nname = "again"', 1))
    check("duplicate-board", chess + "\n[board]\nfiles = 8\n")
    check("duplicate-piece", chess.replace("[rules]", '[pieces.K]\nname = "K2"\nbetza = "K"\n\n[rules]', 1))
    check("duplicate-dotted", chess.replace("[board]\n", "[board]\nfiles.x = 1\n", 1))
    for letter in ["AB", "k", "1", '""', '"Ħ"', '"K "', '"\\u0000"', "Z.Z"]:
        check(f"piece-letter-{letter}",
              chess.replace("[rules]", f'[pieces.{letter}]\nname = "odd"\nbetza = "W"\n\n[rules]', 1))
    # All 26 letters as pieces.
    allp = "".join(f'\n[pieces.{chr(65 + i)}]\nname = "L{i}"\nbetza = "W"\n'
                   for i in range(26) if chr(65 + i) != "K")
    check("all-26-letters", grid_level('betza = "W"', extra_pieces=allp.replace("[pieces.X]\nname = \"L23\"\nbetza = \"W\"\n", "")),
          expect="any")
    # Deep nesting (100k) in many shapes; each within the 4 MiB cap.
    n = 100_000
    check("deep-array-100k", chess + "\nx = " + "[" * n + "]" * n + "\n")
    check("deep-inline-table-100k", chess + "\nx = " + "{a=" * n + "1" + "}" * n + "\n")
    check("deep-dotted-key-100k", chess + "\n" + ".".join(["a"] * n) + " = 1\n")
    check("deep-table-header-100k", chess + "\n[" + ".".join(["a"] * n) + "]\n")
    check("deep-array-table-header-100k", chess + "\n[[" + ".".join(["a"] * n) + "]]\n")
    check("deep-array-in-betza", chess.replace('betza = "N"', 'betza = ' + "[" * n + "]" * n, 1))
    check("deep-array-unclosed-100k", chess + "\nx = " + "[" * n + "\n")
    check("deep-inline-unclosed-100k", chess + "\nx = " + "{a=" * n + "\n")
    check("deep-array-of-tables-100k", chess + "".join("\n[[x]]" for _ in range(n)) + "\n")
    check("many-unknown-keys-100k", chess + "\n" + "".join(f"k{i} = 1\n" for i in range(n)))
    check("many-pieces-unknown-keys", chess.replace("[pieces.N]\n", "[pieces.N]\n" + "".join(
        f"z{i} = 1\n" for i in range(20000)), 1))
    check("deep-array-10k", chess + "\nx = " + "[" * 10000 + "]" * 10000 + "\n")
    check("deep-array-1k", chess + "\nx = " + "[" * 1000 + "]" * 1000 + "\n")
    # Bytes.
    check("bom", "\ufeff" + chess, expect="any")
    check("crlf", chess.replace("\n", "\r\n"), expect="accept")
    check("cr-only", chess.replace("\n", "\r"))
    check("nul-in-comment", chess.replace("# Chess as", "# Chess\x00 as", 1))
    check("nul-in-string", chess.replace('name = "Chess"', 'name = "Ch\x00ess"', 1))
    check("nul-escaped-in-name", chess.replace('name = "Chess"', 'name = "Ch\\u0000ess"', 1), expect="any")
    check("nul-escaped-in-betza", chess.replace('betza = "N"', 'betza = "N\\u0000"', 1))
    check("nul-escaped-in-setup", chess.replace("w KQkq", "w\\u0000KQkq", 1))
    check("latin1-in-comment", chess.encode("utf-8").replace(b"# Chess as", b"# Ch\xe9ss as", 1))
    check("latin1-in-string", chess.encode("utf-8").replace(b'"Chess"', b'"Ch\xe9ss"', 1))
    check("surrogate-escape", chess.replace('name = "Chess"', 'name = "\\ud800"', 1))
    check("escape-past-unicode", chess.replace('name = "Chess"', 'name = "\\U00110000"', 1))
    check("utf16le", b"\xff\xfe" + chess.encode("utf-16-le"))
    check("utf16be", b"\xfe\xff" + chess.encode("utf-16-be"))
    check("del-char", chess.replace('name = "Chess"', 'name = "Ch\x7fess"', 1))
    check("bidi-override-name", chess.replace('name = "Chess"', 'name = "\u202eChess"', 1), expect="any")
    check("truncated-mid-string", chess[: chess.index('"Orthodox') + 20])
    check("truncated-in-array", chess[: chess.index("middle = [") + 40])
    check("unterminated-multiline", chess + '\nx = """abc\n')
    # Very long strings.
    big = "x" * (3 << 20)
    check("name-3MiB", chess.replace('name = "Chess"', f'name = "{big}"', 1), expect="any")
    check("description-3MiB", chess.replace('description = "', f'description = "{big}', 1), expect="any")
    check("setup-3MiB", chess.replace('setup = "', f'setup = "{big}', 1))
    check("key-1MiB", chess + "\n" + "k" * (1 << 20) + " = 1\n")
    check("comment-lines-3MiB", chess + ("#" * 1000 + "\n") * 3000, expect="accept")
    pad = (4 << 20) - len(chess.encode()) - 1
    check("exactly-4MiB", chess + "#" * (pad - 1) + "\n", expect="accept")
    check("4MiB-plus-1", chess + "#" * pad + "\n\n", says="larger than 4194304 bytes")
    # Values.
    for key, vals in {
        "value": ["10001", "-1", "nan", "1e308", "99999999999999999999", '"100"'],
        "zone": ["0", "9", "-1", "99999999999999999999", "nan"],
        "king_steps": ["0", "8", "-1", "4294967298", "nan"],
    }.items():
        for v in vals:
            if key == "value":
                text = chess.replace('betza = "N"', f'betza = "N"\nvalue = {v}', 1)
            elif key == "zone":
                text = chess.replace("zone = 1", f"zone = {v}", 1)
            else:
                text = chess.replace("king_steps = 2", f"king_steps = {v}", 1)
            check(f"{key}={v}", text)
    for v in ["1", "21", "-1", "4294967299", "nan", '"3"']:
        check(f"repetition={v}", chess.replace('stalemate = "draw"', f'stalemate = "draw"\nrepetition = {v}', 1))
    for v in ["1001", "-1", "18446744073709551615", "inf"]:
        check(f"move_rule={v}", chess.replace('stalemate = "draw"', f'stalemate = "draw"\nmove_rule = {v}', 1))
    check("counting=x", chess.replace('stalemate = "draw"', 'stalemate = "draw"\ncounting = "x"', 1))
    check("shuffle=x", chess.replace('stalemate = "draw"', 'stalemate = "draw"\nshuffle = "chess961"', 1))
    check("promotion-to-10k", chess.replace('to = ["Q", "R", "B", "N"]', "to = [" + ", ".join(['"Q"'] * 10000) + "]", 1),
          expect="any")
    check("promotion-to-empty", chess.replace('to = ["Q", "R", "B", "N"]', "to = []", 1))
    check("promotion-to-self", chess.replace('to = ["Q", "R", "B", "N"]', 'to = ["P"]', 1), expect="any")
    check("promotion-to-nested", chess.replace('to = ["Q", "R", "B", "N"]', 'to = [["Q"]]', 1))
    check("kingside=z", chess.replace("king_steps = 2 }", 'king_steps = 2, kingside = "z", queenside = "c" }', 1))
    check("kingside=empty", chess.replace("king_steps = 2 }", 'king_steps = 2, kingside = "", queenside = "" }', 1))
    check("kingside=aa", chess.replace("king_steps = 2 }", 'king_steps = 2, kingside = "aa", queenside = "b" }', 1))
    check("castling-king=X", chess.replace('king = "K", rook = "R"', 'king = "X", rook = "R"', 1))
    check("castling-king=rook", chess.replace('king = "K", rook = "R"', 'king = "R", rook = "R"', 1), expect="any")
    check("evaluation-unknown", chess + "\n[evaluation]\nnot_a_weight = 1\n")
    for v in ["10001", "-1", "nan", "1e999", "99999999999999999999", "{}"]:
        check(f"evaluation-tempo={v}", chess + f"\n[evaluation]\ntempo = {v}\n")
    # Piece-square tables.
    rows8 = "[" + ", ".join(["0"] * 8) + "]"
    for name, table in [
        ("squares-nan", "[" + ", ".join(["[" + ", ".join(["nan"] * 8) + "]"] * 8) + "]"),
        ("squares-10001", "[" + ", ".join([rows8] * 7 + ["[10001, 0, 0, 0, 0, 0, 0, 0]"]) + "]"),
        ("squares-1M-wide", "[" + ", ".join(["[" + ", ".join(["0"] * 100000) + "]"] * 8) + "]"),
        ("squares-100k-rows", "[" + ", ".join([rows8] * 100000) + "]"),
        ("squares-nested", "[" + ", ".join(["[[0]]"] * 8) + "]"),
        ("squares-empty", "[]"),
        ("squares-huge-int", "[" + ", ".join([rows8] * 7 + ["[9223372036854775807, 0, 0, 0, 0, 0, 0, 0]"]) + "]"),
        ("squares-float", "[" + ", ".join([rows8] * 7 + ["[0.5, 0, 0, 0, 0, 0, 0, 0]"]) + "]"),
    ]:
        check(name, chess.replace("[pieces.Q]\n", f"[pieces.Q.squares]\nmiddle = {table}\n\n[pieces.Q]\n", 1))
    # Continuous lengths.
    aoc = shipped("area-of-competence.toml")
    for key in ["square", "king_reach", "knight_distance", "min_move", "promotion_line"]:
        for v in ["0", "-1", "nan", "inf", "1e7", "1e-300", "5e-324", "-0.0", '"1"']:
            m = re.search(rf"^{key} = .*$", aoc, re.M)
            text = aoc[: m.start()] + f"{key} = {v}" + aoc[m.end():]
            # Any finite length above 0 is allowed (min_move at most 2, promotion_line at
            # most half the board): the tiny ones load.
            check(f"continuous-{key}={v}", text, expect="any" if v in ("1e-300", "5e-324") else "refuse")
    for key in ["pawn_step", "pawn_first_step", "pawn_capture", "castling_king_travel", "castling_rook_offset"]:
        for v in ["1e-300", "1e6", "1e300", "nan"]:
            check(f"continuous-{key}={v}", aoc.replace("min_move = 1.0", f"min_move = 1.0\n{key} = {v}", 1),
                  expect="any" if v in ("1e-300", "1e6") else "refuse")
    for v in ["[]", '["K"]', '["Z"]', "[" + ", ".join(['"Q"'] * 5000) + "]", '"Q"']:
        check(f"continuous-promotion={v[:20]}", aoc.replace('promotion = ["Q", "R", "B", "N"]', f"promotion = {v}", 1),
              expect="any" if v.count('"Q"') > 1 else "refuse")
    # Tiny continuous lengths that load: what does a search do on them?
    tiny = aoc.replace("square = 2.8284271247461903", "square = 1e-300", 1)
    check("continuous-square-tiny-bestmove", tiny, expect="any",
          args=["bestmove", "lv.toml", "--movetime", "300"])
    huge = aoc.replace("square = 2.8284271247461903", "square = 1e6", 1)
    check("continuous-square-1e6-bestmove", huge, expect="any",
          args=["bestmove", "lv.toml", "--movetime", "300"])
    # Continuous boards full of discs.
    check("continuous-26x26-full", continuous_level(setup=full_board_fen(26, 26, "R", "r"), files=26, ranks=26))
    check("continuous-26x26-256discs", continuous_level(
        setup="w;" + ";".join(["K@a1", "k@z26"] + [f"{'R' if i % 2 else 'r'}@{chr(98 + i % 24)}{2 + i // 24}" for i in range(254)]),
        files=26, ranks=26), expect="any", args=["bestmove", "lv.toml", "--movetime", "500"])
    check("continuous-pos-nan", continuous_level(setup="w;K@nan,nan;k@e8"))
    check("continuous-pos-inf", continuous_level(setup="w;K@inf,1;k@e8"))
    check("continuous-pos-1e308", continuous_level(setup="w;K@1e308,1e308;k@e8"))
    check("continuous-pos-overlap-all", continuous_level(setup="w;" + ";".join(["K@e1"] + ["R@e1"] * 100 + ["k@e8"])))
    check("continuous-betza-W1000", continuous_level(pieces='\n[pieces.A]\nname = "A"\nbetza = "W1000"\n',
                                                     setup="w;K@e1;A@d4;k@e8"), expect="any",
          args=["bestmove", "lv.toml", "--movetime", "300"])
    check("continuous-betza-far-leap", continuous_level(pieces='\n[pieces.A]\nname = "A"\nbetza = "(1000,999)"\n',
                                                        setup="w;K@e1;A@d4;k@e8"), expect="any",
          args=["bestmove", "lv.toml", "--movetime", "300"])
    check("continuous-betza-chain", continuous_level(pieces='\n[pieces.A]\nname = "A"\nbetza = "R-R"\n',
                                                     setup="w;K@e1;A@d4;k@e8"))
    check("continuous-betza-NN", continuous_level(pieces='\n[pieces.A]\nname = "A"\nbetza = "NN"\n',
                                                  setup="w;K@e1;A@d4;k@e8"), expect="any",
          args=["bestmove", "lv.toml", "--movetime", "300"])
    check("continuous-hasinu", continuous_level(pieces='\n[pieces.A]\nname = "A"\nhasinu = "n4dO"\n',
                                                setup="w;K@e1;A@d4;k@e8"))
    check("continuous-grid-key", aoc + "\n[pieces.P]\nname = \"P\"\nbetza = \"fW\"\npromoted_from = \"Q\"\n")
    # A level as a folder, the level itself through links.
    cases.append(Case(K, "level-is-folder", ["check", "lv"], {"lv": Dir()}, place="lv",
                      placeless=r"lv: "))
    cases.append(Case(K, "level-link-to-dev-zero", ["check", "z.toml"], {"z.toml": Link("/dev/zero")},
                      place="z.toml", says="not a regular file"))
    cases.append(Case(K, "level-link-loop", ["check", "a.toml"], {"a.toml": Link("b.toml"), "b.toml": Link("a.toml")},
                      place="a.toml"))
    cases.append(Case(K, "level-dev-stdin", ["check", "/dev/stdin"], stdin=chess.encode(), place="/dev/stdin"))
    cases.append(Case(K, "level-proc-self-mem", ["check", "/proc/self/mem"], place="/proc/self/mem"))
    cases.append(Case(K, "level-fifo-moves", ["moves", "f.toml"], {"f.toml": Fifo()}, place="f.toml"))
    # The protocols say they cannot load it and go on with chess (exit 0 at the end of input).
    cases.append(Case(K, "level-fifo-uci-arg", ["uci", "f.toml"], {"f.toml": Fifo()}, place="f.toml",
                      expect="any", says=r"cannot load f\.toml: f\.toml:1:1: cannot read the file: not a regular file"))
    cases.append(Case(K, "level-fifo-xboard-arg", ["xboard", "f.toml"], {"f.toml": Fifo()}, place="f.toml",
                      expect="any", says=r"Error \(cannot load level\): f\.toml:1:1: .*not a regular file"))
    cases.append(Case(K, "level-fifo-gif", ["gif", "f.toml", "o.gif", "--size", "64"], {"f.toml": Fifo()},
                      place="f.toml", placeless=r"f\.toml"))
    cases.append(Case(K, "level-fifo-export", ["export", "f.toml", "--to", "fsf"], {"f.toml": Fifo()}, place="f.toml"))
    cases.append(Case(K, "level-fifo-tune", ["tune", "f.toml", "--games", "1"], {"f.toml": Fifo()}, place="f.toml"))
    cases.append(Case(K, "level-fifo-balance", ["balance", "f.toml", "--games", "1"], {"f.toml": Fifo()}, place="f.toml"))
    cases.append(Case(K, "level-fifo-match", ["match", "f.toml", "--white", "random", "--black", "random"],
                      {"f.toml": Fifo()}, place="f.toml"))
    # (`play` on a FIFO is not run: without a display it is refused for that, before reading.)
    # Mutations of every shipped level.
    cases += mutation_cases()
    return cases


def mutation_cases():
    """Each shipped level with one line changed: a number made huge, not a number, or of
    another type; a string made a number; a line doubled; a required key removed. Sampled
    to cover each key and mutation, seeded."""
    rng = random.Random(7)
    found = {}
    for name in shipped_levels():
        text = shipped(name)
        lines = text.split("\n")
        depth = 0
        table = ""
        for i, line in enumerate(lines):
            stripped = line.strip()
            header = re.match(r"^\[([^\[\]]+)\]$", stripped)
            if depth == 0 and header:
                table = header.group(1).strip()
            if depth == 0:
                m = re.match(r"^([A-Za-z_][\w-]*)\s*=\s*(.+?)\s*(#.*)?$", stripped)
                if m and not stripped.startswith("#"):
                    key, value = m.group(1), m.group(2)
                    found.setdefault(key, []).append((name, i, key, value, table))
            depth += line.count("[") - line.count("]") if "=" in line and line.rstrip().endswith("[") or depth else 0
            if depth < 0:
                depth = 0
    numeric_bad = ["nan", "inf", "-inf", "1e308", "9223372036854775807", "-9223372036854775808",
                   "99999999999999999999", '"x"', "[1]", "{a = 1}"]
    string_bad = ["1", "[]", "{}", "true", '"' + "\\u0000" * 3 + '"', '"' + "x" * 200000 + '"']
    bool_bad = ['"true"', "1", "tru"]
    required = {("", "name"), ("", "mode"), ("board", "files"), ("board", "ranks"), ("rules", "setup")}
    out = []
    for key, places in sorted(found.items()):
        name, i, key, value, table = rng.choice(places)
        if re.match(r"^-?\d", value):
            muts = numeric_bad
        elif value.startswith('"'):
            muts = string_bad
        elif value in ("true", "false"):
            muts = bool_bad
        else:
            muts = ['"x"', "1"]
        chosen = rng.sample(muts, min(len(muts), 4))
        lines = shipped(name).split("\n")
        for mut in chosen:
            new = lines[:]
            new[i] = (re.sub(r"=\s*.+$", lambda _m: "= " + mut, lines[i], count=1)
                      if "#" not in lines[i] else f"{key} = {mut}")
            expect = "refuse"
            if value.startswith('"') and mut.startswith('"') and key in ("name", "description", "label"):
                expect = "any"
            if key in ("label",) and mut.startswith('"x'):
                expect = "any"
            label = mut if len(mut) < 24 else mut[:12] + f"..{len(mut)}"
            out.append(Case("level", f"mut-{name[:-5]}-{key}-{i + 1}={label}", ["check", "lv.toml"],
                            {"lv.toml": "\n".join(new)}, expect=expect, place="lv.toml",
                            note=f"levels/{name} line {i + 1}"))
        # The line doubled (a duplicate key), and removed.
        new = lines[:]
        new.insert(i, lines[i])
        out.append(Case("level", f"mut-{name[:-5]}-{key}-{i + 1}-doubled", ["check", "lv.toml"],
                        {"lv.toml": "\n".join(new)}, place="lv.toml"))
        new = lines[:]
        del new[i]
        out.append(Case("level", f"mut-{name[:-5]}-{key}-{i + 1}-removed", ["check", "lv.toml"],
                        {"lv.toml": "\n".join(new)}, expect="refuse" if (table, key) in required else "any",
                        place="lv.toml"))
    # Truncations of each shipped level at a random byte.
    for name in shipped_levels():
        data = shipped(name).encode()
        cut = rng.randrange(1, len(data))
        out.append(Case("level", f"mut-{name[:-5]}-cut-{cut}", ["check", "lv.toml"],
                        {"lv.toml": data[:cut]}, expect="any", place="lv.toml"))
    return out


def betza_cases():
    K = "betza"
    cases = []

    def probe(name, betza, expect="any", args=None, files=26, ranks=26, setup=None, says=None):
        setup = setup or (f"k25/26/26/26/26/26/26/26/26/26/26/26/12X13/26/26/26/26/26/26/26/26/26/26/26/26/K25 w - - 0 1"
                          if files == 26 else "4k3/8/8/8/3X4/8/8/4K3 w - - 0 1")
        text = grid_level(f"betza = {tq(betza)}", setup=setup, files=files, ranks=ranks)
        cases.append(Case(K, name, args or ["perft", "lv.toml", "2"], {"lv.toml": text},
                          expect=expect, place="lv.toml", says=says))

    probe("100KB", "W" * 100_000, "refuse", says="1024")
    probe("1025-exact-col", "W" * 1025, "refuse", args=["check", "lv.toml"])
    probe("deep-parens-1000", "(" * 1000 + "1,2" + ")" * 1000, "refuse")
    probe("deep-brackets-1000", "[" * 1000 + "W" + "]" * 1000, "refuse")
    probe("deep-braces-500", "{" * 500 + "W" + "}" * 500, "refuse")
    probe("parens-100KB", "(" * 100_000, "refuse")
    # Chains within the 1024-character limit on the largest board (each is compiled into
    # tables for every square; the first ones run into the wall limit while loading).
    for atom, link, legs in [("R", "-", 300), ("jjQ", "-", 100), ("oQ", "-", 200), ("gQ", "-", 200),
                             ("pQ", "+", 200), ("N", "-", 300), ("R", "-", 8), ("Q", "+", 8), ("Q", "+", 4)]:
        text = link.join([atom] * legs)
        text = text[: 1024 - (1024 % 1)] if len(text) > 1024 else text
        if len(text) > 1024:
            text = text[:1024].rstrip("-+!/")
            while text and not text[-1].isalpha():
                text = text[:-1]
        probe(f"chain-{atom}{link}x{legs}", text)
    probe("chain-i-legs", "-".join(["iR"] * 300)[:1020].rstrip("-i"))
    probe("chain-s-legs", "W" + "-!sW" * 250)
    probe("alternatives-500", "|".join(["R"] * 500))
    probe("compound-1000", "WFDNAHMZGKBRQ" * 78)
    probe("R1000", "R1000")
    probe("Q1000-chain", "-".join(["Q1000"] * 150))
    probe("R1001", "R1001", "refuse")
    probe("W-huge-count", "W99999999999999999999", "refuse")
    probe("W-count-u32-wrap", "W4294967297", "refuse")
    probe("W-neg", "W-1", "refuse")
    probe("WW3", "WW3", "refuse")
    probe("superscript-count", "R\u00b2", "refuse")
    probe("arabic-digit-count", "R\u0663", "refuse")
    probe("fullwidth-digit-count", "R\uff13", "refuse")
    probe("leap-25-25", "(25,25)")
    probe("leap-26-0", "(26,0)")
    probe("leap-1e6", "(1000000,1)", "any")
    probe("leap-u64", "(99999999999999999999,1)", "refuse")
    probe("leap-i32-min", "(-2147483648,1)", "any")
    probe("leap-neg", "(-1,-2)")
    probe("leap-00", "(0,0)", "refuse")
    probe("leap-3", "(1,2,3)", "refuse")
    probe("leap-empty", "()", "refuse")
    probe("leap-comma", "(,)", "refuse")
    probe("leap-arabic", "(\u0661,\u0662)", "refuse")
    probe("leap-rider-25", "(25,24)0")
    probe("leap-rider-count", "(1,2)1000")
    probe("old-negative", "(1,0,-1,-1)")
    probe("old-huge", "(1,0,99999999999,1)", "any")
    probe("old-i64", "(1,0,9223372036854775807,-9223372036854775808)", "any")
    probe("old-200-tuples", ":".join(["(1,1,1,1)"] * 100)[:1024].rstrip(":(0123456789,"), "any")
    probe("old-semicolons", "(1,0,1,1);;;;;;", "any")
    probe("all-modifiers", "fbrlvhmcjgoyqxdienpR", "refuse")
    probe("doubled-modifiers-200", "m" * 200 + "R", "refuse")
    probe("hbar-1024", "\u0126" * 1024, "refuse")
    probe("hbar-1025", "\u0126" * 1025, "refuse")
    probe("nul", "K\x00", "refuse")
    probe("bars-1000", "|" * 1000, "refuse")
    probe("dashes-1000", "-" * 1000, "refuse")
    probe("trailing-link", "K-", "refuse")
    probe("jjj", "jjjR", "refuse")
    probe("o-on-leaper-chain", "oN-oN-oN-oN-oN-oN-oN-oN-oN-oN", "any")
    probe("q-bounce-riders", "qB-qB-qB-qB-qB-qB-qB-qB", "any")
    probe("empty", "", "refuse")
    probe("space", " ", "refuse")
    probe("combining", "R\u0301", "refuse")
    # The chains on the engine: a search from a position with these pieces.
    for betza in ["R-R-R-R-R-R-R-R", "Q+Q+Q+Q+Q+Q", "oQ-oQ-oQ-oQ-oQ", "jjQ-jjQ-jjQ-jjQ"]:
        probe(f"search-{betza}", betza, "any", args=["bestmove", "lv.toml", "--depth", "2"])
        probe(f"uci-{betza}", betza, "any", args=["bestmove", "lv.toml", "--movetime", "300"])
    # Exactly at the limit: 1024 characters of a valid chain.
    legs = "-".join(["W"] * 512)[:1023]
    probe("chain-W-1023", legs)
    return cases


def hasinu_cases():
    K = "hasinu"
    cases = []

    def probe(name, text, expect="refuse", args=None, mode="grid"):
        if mode == "grid":
            level = grid_level(f"hasinu = {tq(text)}", setup="4k3/8/8/8/3X4/8/8/4K3 w - - 0 1")
        else:
            level = continuous_level(pieces=f'\n[pieces.A]\nname = "A"\nhasinu = {tq(text)}\n',
                                     setup="w;K@e1;A@d4;k@e8")
        cases.append(Case(K, name, args or ["perft", "lv.toml", "2"], {"lv.toml": level},
                          expect=expect, place="lv.toml"))

    probe("nested-10k-m", "m(" * 10000 + "n4dO" + ")" * 10000)
    probe("nested-10k-parens", "(" * 10000 + "2,1" + ")" * 10000)
    probe("nested-500-parens", "(" * 500 + "n4dO" + ")" * 500)
    probe("nested-300-m", "m(" * 300 + "n4dO" + ")" * 300)
    probe("nested-32-m", "m(" * 32 + "n4dO" + ")" * 32, "any")
    probe("nested-33-m", "m(" * 33 + "n4dO" + ")" * 33)
    probe("open-10k", "m(" * 10000)
    probe("close-10k", ")" * 10000)
    probe("braces-10k", "{" * 10000)
    probe("turns-20", " &t ".join(["1×4dD"] * 20))
    probe("turns-12", " &t ".join(["1×4dD"] * 12), "any")
    probe("rider-turns-8", " &t ".join(["n8d"] * 8), "any")
    probe("rider-turns-6", " &t ".join(["n4dO"] * 6), "any")
    probe("distances-turns", " &t ".join(["{1,2,3,4,5,6,7}×8d"] * 6))
    probe("and-1000", " & ".join(["1×4dD"] * 1000))
    probe("and-200", " & ".join(["1×4dD"] * 200), "any")
    probe("list-1000", "{" + ",".join(str(i) for i in range(1, 1000)) + "}×4dO")
    probe("list-200", "{" + ",".join(str(i) for i in range(1, 200)) + "}×4dO", "any")
    probe("count-huge", "99999999999999999999×4dO")
    probe("count-u32-wrap", "4294967297×4dO")
    probe("count-zero", "0×4dO")
    probe("count-25", "25×4dO", "any")
    probe("list-zero", "{0}×4dO")
    probe("list-empty", "{}×4dO")
    probe("leap-huge", "(99999999999999999999, 1)")
    probe("leap-zero", "(0, 0)")
    probe("leap-neg", "(-1, 2)", "any")
    probe("leap-1e6", "(1000000, 1)", "any")
    probe("leap-parts-garbage", "(1,2)zzz")
    for t in ["&t999999999", "&t-45", "&t1e9", "&t45.5", "&t99999999999999999999", "&t0", "&t360"]:
        probe(f"turn-{t[2:]}", f"1×4dD {t} n4dO", "any")
    probe("promote-unclosed", "n4dO & promote(")
    probe("promote-empty", "n4dO & promote()", "any")
    probe("promote-odd", "n4dO & promote(x, \u0126, , , )", "any")
    probe("promote-1000", "n4dO & promote(" + ", ".join(["Q"] * 300) + ")", "any")
    probe("royal-royal", "royal(royal(royal())) & 1×8d", "any")
    probe("backslash-end", "n4dO & \\")
    probe("backslashes", "\\\\\\\\", "refuse")
    probe("embedded-betza-1000", "\\" + "W-" * 500 + "W")
    probe("embedded-betza-chain", "\\" + "-".join(["Q"] * 100), "any")
    probe("embedded-nul", "\\K\x00")
    probe("x-for-times", "1x4dD", "any")
    probe("times-1024", "×" * 1024)
    probe("a-1025", "a" * 1025)
    probe("times-1100", "×" * 1100)
    probe("comment", "// hello")
    probe("star", "*")
    probe("empty", "")
    probe("space", "   ")
    probe("amp", "&")
    probe("amps", "&&&&&&&&")
    probe("amp-t", "&t")
    probe("rtl", "\u202e1×4dD")
    probe("combining", "1\u0301×4dD", "any")
    probe("superscript", "\u00b2×4dO")
    probe("arabic-digit", "\u0662×4dO")
    probe("fullwidth-digit", "\uff12×4dO")
    probe("nul", "n4dO\x00")
    probe("unsupported-all", "i(n4dO) & burn(n4dO) & INF & group(1) & function()")
    probe("continuous", "n4dO", mode="continuous")
    return cases


def urc_cases():
    K = "urc"
    cases = []

    def lv(name, yaml=None, ref="u.yaml#pawn", files=None, expect="refuse", args=None, says=None,
           inline=None, leak=True, place="lv/lv.toml"):
        fs = dict(outside_files())
        fs["lv/lv.toml"] = urc_level(ref, inline)
        if yaml is not None:
            fs["lv/u.yaml"] = yaml
        fs.update(files or {})
        cases.append(Case(K, name, args or ["check", "lv/lv.toml"], fs, expect=expect,
                          place=place, says=says, leak=leak))

    pawn = ("pawn:\n  name: P\n  symbol: P\n  moves:\n"
            "    - {type: slide, directions: [[0, 1]], range: 1, move_only: true}\n"
            "    - {type: leap, vectors: [[1, 1], [-1, 1]], capture_only: true}\n")
    lv("good", pawn, expect="accept")
    # Billion laughs.
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    prev = "a"
    for c in "bcdefghi":
        laughs += f"{c}: &{c} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
        prev = c
    lv("billion-laughs-unused", laughs + pawn)
    lv("billion-laughs-in-vectors", laughs + pawn.replace("[[1, 1], [-1, 1]]", "*i"))
    lv("billion-laughs-in-description", laughs + pawn.replace("symbol: P", "symbol: P\n  description: *i"))
    lv("billion-laughs-as-piece", laughs + "pawn: *i\n")
    lv("billion-laughs-mapping", "a: &a {x: 1, y: 1}\n" + "".join(
        f"{c}: &{c} {{" + ", ".join(f"k{j}: *{p}" for j in range(10)) + "}\n"
        for p, c in zip("abcdefgh", "bcdefghi")) + "pawn: *i\n")
    lv("merge-keys-twice", "base: &b {name: P, symbol: P, moves: [{type: leap, vectors: [[0, 1]]}]}\n"
       "pawn:\n  <<: *b\n  <<: *b\n", "any")
    lv("recursive-alias", "pawn: &p\n  name: P\n  symbol: P\n  moves: [*p]\n")
    lv("alias-undefined", "pawn: *nope\n")
    lv("alias-10k", "a: &a [0, 1]\npawn:\n  name: P\n  symbol: P\n  moves:\n    - type: leap\n      vectors: [" +
       ", ".join(["*a"] * 10000) + "]\n", "any")
    # Nesting.
    n = 100_000
    lv("deep-flow-seq-100k", "pawn: " + "[" * n + "]" * n + "\n")
    lv("deep-flow-map-100k", "pawn: " + "{a: " * n + "1" + "}" * n + "\n")
    lv("deep-unclosed-100k", "pawn: " + "[" * n + "\n")
    lv("deep-block-2000", "".join(" " * i + f"k{i}:\n" for i in range(2000)) + "pawn: 1\n")
    lv("deep-block-seq-5000", "".join(" " * i + "-\n" for i in range(0, 5000, 1))[:3_000_000])
    lv("deep-in-unknown-key", pawn + "other: " + "[" * n + "]" * n + "\n")
    lv("deep-vectors", pawn.replace("[[1, 1], [-1, 1]]", "[" * 10000 + "1" + "]" * 10000))
    # Numbers.
    for name, v in [("1e400", "1e400"), ("u64", "99999999999999999999"), ("i64min", "-9223372036854775808"),
                    ("nan", ".nan"), ("inf", ".inf"), ("26", "26"), ("hex", "0x19"), ("float", "1.5"),
                    ("u32wrap", "4294967297"), ("neg-zero", "-0")]:
        lv(f"vector-{name}", pawn.replace("[[1, 1], [-1, 1]]", f"[[{v}, 1]]"),
           "any" if name in ("hex",) else "refuse")
    for name, v in [("u64", "18446744073709551616"), ("inf", ".inf"), ("nan", ".nan"), ("neg", "-1"),
                    ("zero", "0"), ("1000", "1000"), ("1001", "1001"), ("u32wrap", "4294967297"), ("str", "far")]:
        lv(f"range-{name}", pawn.replace("range: 1,", f"range: {v},"), "any" if name == "1000" else "refuse")
    hop = ("pawn:\n  name: P\n  symbol: P\n  moves:\n    - type: hopper\n      directions: [[0, 1], [1, 0]]\n"
           "      hurdle_count: {h}\n      land_distance: {l}\n")
    for h, l in [(13, 13), (12, 13), (4294967297, 1), (1, 4294967296), (0, 1), (-1, 1), (25, 1), (1, 25)]:
        lv(f"hopper-{h}-{l}", hop.format(h=h, l=l), "any" if h + l <= 26 and h > 0 and l > 0 else "refuse")
    lv("value-nan", pawn.replace("symbol: P", "symbol: P\n  value: .nan"), "any")
    lv("value-1e309", pawn.replace("symbol: P", "symbol: P\n  value: 1e309"), "any")
    lv("vectors-10k", pawn.replace("[[1, 1], [-1, 1]]", "[" + ", ".join(["[1, 1]"] * 10000) + "]"), "any")
    lv("moves-2000", "pawn:\n  name: P\n  symbol: P\n  moves:\n" +
       "".join(f"    - {{type: slide, directions: [[0, 1]], range: {i % 999 + 1}}}\n" for i in range(2000)), "any")
    lv("moves-all-25", "pawn:\n  name: P\n  symbol: P\n  moves:\n    - {type: leap, vectors: [" +
       ", ".join(f"[{x}, {y}]" for x in range(-25, 26) for y in range(-25, 26) if x or y) + "]}\n", "any")
    # Syntax and bytes.
    lv("tags-binary", "pawn: !!binary aGVsbG8=\n")
    lv("tags-custom", "pawn: !python/object:os.system {name: P}\n")
    lv("duplicate-keys", pawn + pawn)
    lv("multi-docs", pawn + "---\n" + pawn, "any")
    lv("doc-end-only", "...\n")
    lv("empty", "")
    lv("comment-only", "# nothing\n")
    lv("bom", "\ufeff" + pawn, "any")
    lv("crlf", pawn.replace("\n", "\r\n"), "accept")
    lv("tabs", pawn.replace("  ", "\t"))
    lv("latin1", pawn.encode().replace(b"name: P", b"name: P\xe9", 1))
    lv("nul", pawn.replace("name: P", "name: P\x00", 1))
    lv("utf16", b"\xff\xfe" + pawn.encode("utf-16-le"))
    lv("4MiB-plus-1", pawn + "#" * ((4 << 20) - len(pawn)) + "\n", says="larger than 4194304")
    lv("long-key-1MiB", pawn + "k" * (1 << 20) + ": 1\n")
    lv("unknown-type", pawn.replace("type: leap", "type: teleport"))
    lv("move-and-capture-only", pawn.replace("capture_only: true", "capture_only: true, move_only: true"))
    lv("symbol-long", pawn.replace("symbol: P", "symbol: " + "P" * 10000))
    lv("symbol-zwj", pawn.replace("symbol: P", "symbol: \"\u200d\""))
    lv("symbol-zwsp", pawn.replace("symbol: P", "symbol: \"\u200b\""))
    lv("symbol-combining-alone", pawn.replace("symbol: P", "symbol: \"\u0301\""))
    lv("symbol-nbsp", pawn.replace("symbol: P", "symbol: \"\u00a0\""))
    lv("en-passant-no-capture", pawn.replace("capture_only: true", "capture_only: false") +
       "  special_rules:\n    en_passant: true\n")
    lv("promotion-rank-huge", pawn + "  special_rules:\n    promotion:\n      rank: 99999999999999999999\n      options: [rook]\n")
    lv("promotion-rank-0", pawn + "  special_rules:\n    promotion:\n      rank: 0\n      options: [rook]\n", "any")
    lv("promotion-options-10k", pawn + "  special_rules:\n    promotion:\n      rank: 8\n      options: [" +
       ", ".join(["rook"] * 10000) + "]\n", "any")
    # References.
    g = {"lv/u.yaml": pawn}
    for name, ref in [
        ("absolute", "/tmp/hostile-secret/pieces.yaml#pawn"),
        ("absolute-missing", "/tmp/hostile-secret/none.yaml#pawn"),
        ("dotdot", "../pieces.yaml#pawn"),
        ("dotdot-missing", "../none.yaml#pawn"),
        ("dotdot-deep", UP + "tmp/hostile-secret/pieces.yaml#pawn"),
        ("dotdot-through-sub", "sub/../../pieces.yaml#pawn"),
        ("dotdot-after-missing", "nosuch/../../pieces.yaml#pawn"),
        ("dot-slashes", ".//./u.yaml#pawn"),
        ("backslash", "..\\pieces.yaml#pawn"),
        ("tilde", "~/pieces.yaml#pawn"),
        ("file-url", "file:///tmp/hostile-secret/pieces.yaml#pawn"),
        ("percent", "%2e%2e/pieces.yaml#pawn"),
        ("empty-id", "u.yaml#"),
        ("no-id", "u.yaml"),
        ("no-file", "#pawn"),
        ("two-hashes", "u.yaml#pawn#x"),
        ("id-dotdot", "u.yaml#../pawn"),
        ("long-path", "a/" * 3000 + "u.yaml#pawn"),
        ("long-name", "a" * 5000 + ".yaml#pawn"),
        ("nul-path", "u.yaml\x00x#pawn"),
        ("dev-zero", "/dev/zero#pawn"),
        ("proc-self", "/proc/self/environ#pawn"),
        ("the-level-itself", "lv.toml#pawn"),
        ("folder-itself", ".#pawn"),
        ("empty", ""),
    ]:
        fs = dict(g)
        fs["lv/sub"] = Dir()
        expect = "any" if name in ("dot-slashes",) else "refuse"
        says = r"outside the naming file's folder|absolute path" if name in (
            "absolute", "absolute-missing", "dotdot", "dotdot-missing", "dotdot-deep", "dotdot-through-sub",
            "dev-zero", "proc-self") else None
        lv(f"ref-{name}", None, ref=ref, files=fs, expect=expect, says=says)
    for name, target, extra in [
        ("link-out-abs", "/tmp/hostile-secret/pieces.yaml", {}),
        ("link-out-rel", "../pieces.yaml", {}),
        ("link-chain-out", "l2.yaml", {"lv/l2.yaml": Link("../pieces.yaml")}),
        ("link-loop", "l2.yaml", {"lv/l2.yaml": Link("l.yaml")}),
        ("link-dev-zero", "/dev/zero", {}),
        ("link-fifo", "f.yaml", {"lv/f.yaml": Fifo()}),
        ("link-dir", "/tmp/hostile-secret", {}),
        ("link-missing-out", "/tmp/hostile-secret/none.yaml", {}),
    ]:
        fs = {"lv/l.yaml": Link(target)}
        fs.update(extra)
        # A link to a missing file outside is left for the read to report (no such file).
        lv(f"ref-{name}", None, ref="l.yaml#pawn", files=fs,
           says=r"outside the naming file's folder" if name in ("link-out-abs", "link-out-rel", "link-chain-out",
                                                                "link-dir") else None)
    lv("ref-fifo", None, ref="f.yaml#pawn", files={"lv/f.yaml": Fifo()}, says="not a regular file")
    lv("ref-dir", None, ref="d.yaml#pawn", files={"lv/d.yaml": Dir()})
    lv("ref-linked-folder-out", None, ref="s/pieces.yaml#pawn", files={"lv/s": Link("/tmp/hostile-secret")},
       says=r"outside the naming file's folder")
    lv("ref-linked-folder-up", None, ref="s/pieces.yaml#pawn", files={"lv/s": Link("..")},
       says=r"outside the naming file's folder")
    # The same references through the engines that load a level.
    for args in (["uci", "lv/lv.toml"], ["xboard", "lv/lv.toml"], ["perft", "lv/lv.toml", "1"],
                 ["gif", "lv/lv.toml", "o.gif", "--size", "64"], ["export", "lv/lv.toml", "--to", "fsf"]):
        # The protocols say so and go on with chess (exit 0 at the end of input).
        lv(f"ref-dotdot-via-{args[0]}", None, ref="../pieces.yaml#pawn", files=g, args=args,
           says=r"outside the naming file's folder", expect="any" if args[0] in ("uci", "xboard") else "refuse")
    # Inline tables.
    inline_base = ('name = "P"\nsymbol = "P"\nmoves = [ { type = "leap", vectors = [[0, 1]] } ]\n')
    for name, text, expect in [
        ("good", inline_base, "accept"),
        ("nan", inline_base.replace("[[0, 1]]", "[[nan, 1]]"), "refuse"),
        ("float", inline_base.replace("[[0, 1]]", "[[0.5, 1]]"), "refuse"),
        ("huge", inline_base.replace("[[0, 1]]", "[[9223372036854775807, 1]]"), "refuse"),
        ("deep", inline_base.replace("[[0, 1]]", "[" * 50000 + "]" * 50000), "refuse"),
        ("unknown-key", inline_base + "teleport = true\n", "refuse"),
        ("range-inf", 'name = "P"\nsymbol = "P"\nmoves = [ { type = "slide", directions = [[0, 1]], range = inf } ]\n', "refuse"),
        ("range-neg", 'name = "P"\nsymbol = "P"\nmoves = [ { type = "slide", directions = [[0, 1]], range = -5 } ]\n', "refuse"),
        ("moves-empty", 'name = "P"\nsymbol = "P"\nmoves = []\n', "refuse"),
        ("symbol-empty", inline_base.replace('symbol = "P"', 'symbol = ""'), "refuse"),
    ]:
        lv(f"inline-{name}", None, inline=text, expect=expect)
    return cases


def image_cases():
    K = "image"
    cases = []

    def img(name, image, files=None, args=None, expect="refuse", says=None):
        fs = dict(outside_files())
        fs["lv/lv.toml"] = level_with_image(image)
        fs.update(files or {})
        if name == "big":
            # `check` looks for the picture, it does not read it (levels.md); the drawing
            # refuses it past its cap and draws another.
            expect = "any"
        for a in (args or [["check", "lv/lv.toml"], ["gif", "lv/lv.toml", "o.gif", "--size", "64", "--delay", "10"]]):
            cases.append(Case(K, f"{name}-{a[0]}", a, fs, expect=expect if a[0] == "check" else "any",
                              place="lv/lv.toml", says=says if a[0] == "check" else None))

    img("absolute", "/tmp/hostile-secret/secret.svg", says="absolute path")
    img("absolute-missing", "/tmp/hostile-secret/none.svg", says="absolute path")
    img("dotdot", "../secret.svg", says="outside")
    img("dotdot-missing", "../none.svg", says="outside")
    img("dev-zero", "/dev/zero")
    img("dev-zero-svg", "/dev/zero.svg")
    img("link-dev-zero", "z.svg", {"lv/z.svg": Link("/dev/zero")})
    img("fifo", "f.svg", {"lv/f.svg": Fifo()})
    img("link-fifo", "l.svg", {"lv/l.svg": Link("f.svg"), "lv/f.svg": Fifo()})
    img("dir", "d.svg", {"lv/d.svg": Dir()})
    img("link-out", "l.svg", {"lv/l.svg": Link("../secret.svg")}, says="outside")
    img("link-out-abs", "l.svg", {"lv/l.svg": Link("/tmp/hostile-secret/secret.svg")}, says="outside")
    img("linked-folder-out", "s/secret.svg", {"lv/s": Link("/tmp/hostile-secret")}, says="outside")
    img("big", "b.svg", {"lv/b.svg": "<svg xmlns='http://www.w3.org/2000/svg'>" + " " * (4 << 20) + "</svg>"})
    img("name-with-slash", "pieces/king")
    img("png", "x.png", {"lv/x.png": b"\x89PNG\r\n\x1a\n"})
    img("empty", "")
    img("nul", "k\x00.svg")
    img("long", "a" * 5000 + ".svg")
    # Pictures that load: what the drawing makes of them (gif draws every piece).
    svg = "<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' viewBox='{vb}'>{body}</svg>"
    entity = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">' +
              "".join(f'<!ENTITY {c} "' + f"&{p};" * 10 + '">' for p, c in zip("abcdefgh", "bcdefghi")) +
              "]><svg xmlns='http://www.w3.org/2000/svg'><text>&i;</text></svg>")
    for name, body in [
        ("svg-billion-laughs", entity),
        ("svg-huge-size", svg.format(w="1e38", h="1e38", vb="0 0 1e38 1e38", body="<rect width='1e38' height='1e38'/>")),
        ("svg-zero-viewbox", svg.format(w="0", h="0", vb="0 0 0 0", body="<circle r='5'/>")),
        ("svg-nan", svg.format(w="NaN", h="NaN", vb="NaN NaN NaN NaN", body="<circle r='NaN'/>")),
        ("svg-deep-groups", svg.format(w="10", h="10", vb="0 0 10 10", body="<g>" * 100000 + "</g>" * 100000)),
        ("svg-deep-use", svg.format(w="10", h="10", vb="0 0 10 10",
                                    body="<defs><g id='a0'><rect width='1' height='1'/></g>" + "".join(
                                        f"<g id='a{i + 1}'>" + f"<use href='#a{i}'/>" * 10 + "</g>" for i in range(30)) +
                                    "</defs><use href='#a30'/>")),
        ("svg-use-cycle", svg.format(w="10", h="10", vb="0 0 10 10", body="<g id='a'><use href='#b'/></g><g id='b'><use href='#a'/></g>")),
        ("svg-external-image", svg.format(w="10", h="10", vb="0 0 10 10",
                                          body="<image href='/tmp/hostile-secret/secret.svg' width='10' height='10'/>"
                                               "<image href='../secret.svg' width='10' height='10'/>"
                                               "<image href='/dev/zero' width='10' height='10'/>")),
        ("svg-filter-blur", svg.format(w="10", h="10", vb="0 0 10 10",
                                       body="<filter id='f'><feGaussianBlur stdDeviation='1e9'/></filter><rect width='10' height='10' filter='url(#f)'/>")),
        ("svg-huge-stroke", svg.format(w="10", h="10", vb="0 0 10 10",
                                       body="<path d='M0 0 L10 10' stroke='black' stroke-width='1e30' stroke-dasharray='1e-30'/>")),
        ("svg-many-points", svg.format(w="10", h="10", vb="0 0 10 10",
                                       body="<path d='M0 0 " + "L1 1 L9 9 " * 200000 + "'/>")),
        ("svg-text-huge-font", svg.format(w="10", h="10", vb="0 0 10 10", body="<text font-size='1e30'>" + "W" * 1000 + "</text>")),
        ("svg-href-outside-fifo", svg.format(w="10", h="10", vb="0 0 10 10",
                                             body="<image href='/tmp/hostile-secret/fifo.png' width='10' height='10'/>")),
        ("svg-href-dev-zero", svg.format(w="10", h="10", vb="0 0 10 10",
                                         body="<image href='/dev/zero' width='10' height='10'/>")),
        ("svg-href-inside-fifo", svg.format(w="10", h="10", vb="0 0 10 10",
                                            body="<image href='f.png' width='10' height='10'/>")),
        ("svg-href-dotdot-fifo", svg.format(w="10", h="10", vb="0 0 10 10",
                                            body="<image href='../outside.png' width='10' height='10'/>")),
        ("svg-not-xml", "<svg><<<<"),
        ("svg-latin1", b"<svg xmlns='http://www.w3.org/2000/svg'><text>\xe9</text></svg>"),
    ]:
        fs = {"lv/p.svg": body, "lv/f.png": Fifo(), "outside.png": Fifo()}
        img(name, "p.svg", fs, expect="any")
    return cases


def fen_cases():
    K = "fen"
    cases = []
    chess = "levels/chess.toml"

    def run(name, args, expect="refuse", files=None, says=None):
        cases.append(Case(K, name, args, files or {}, expect=expect, says=says))

    L = str(LEVELS / "chess.toml")
    ZH = str(LEVELS / "crazyhouse.toml")
    MK = str(LEVELS / "makruk.toml")
    SH = str(LEVELS / "shogi.toml")
    AOC = str(LEVELS / "area-of-competence.toml")
    base = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    bad = {
        "empty": "",
        "space": " ",
        "no-kings": "8/8/8/8/8/8/8/8 w - - 0 1",
        "26-files": "26/26/26/26/26/26/26/4K3 w - - 0 1",
        "z-file": "z7/8/8/8/8/8/8/4K2k w - - 0 1",
        "huge-run": "99999999999999999999/8/8/8/8/8/8/4K2k w - - 0 1",
        "zero-run": "0k7/8/8/8/8/8/8/4K3 w - - 0 1",
        "9-ranks": base + "/8 w - - 0 1",
        "7-ranks": "/".join(base.split("/")[1:]) + " w - - 0 1",
        "9-files": base.replace("RNBQKBNR", "RNBQKBNRR") + " w - - 0 1",
        "halfmove-u64": base + " w KQkq - 99999999999999999999 1",
        "halfmove-neg": base + " w KQkq - -1 1",
        "fullmove-huge": base + " w KQkq - 0 18446744073709551616",
        "fullmove-limit": base + " w KQkq - 0 1000001",
        "fullmove-zero": base + " w KQkq - 0 0",
        "ep-e99": base + " w KQkq e99 0 1",
        "ep-z9": base + " w KQkq z9 0 1",
        "ep-a0": base + " w KQkq a0 0 1",
        "ep-huge": base + " w KQkq e99999999999999999999 0 1",
        "castling-twice": base + " w KQkqKQkq - 0 1",
        "castling-all-files": base + " w ABCDEFGHabcdefgh - 0 1",
        "castling-1000": base + " w " + "K" * 1000 + " - 0 1",
        "side-x": base + " x KQkq - 0 1",
        "fields-extra": base + " w KQkq - 0 1 extra extra extra",
        "fullwidth-digit": base.replace("8/8/8/8", "\uff18/8/8/8") + " w KQkq - 0 1",
        "arabic-digit": base.replace("8/8/8/8", "\u0668/8/8/8") + " w KQkq - 0 1",
        "superscript-digit": base.replace("8/8/8/8", "\u2078/8/8/8") + " w KQkq - 0 1",
        "roman-numeral": base.replace("8/8/8/8", "\u2167/8/8/8") + " w KQkq - 0 1",
        "arabic-counter": base + " w KQkq - \u0660 \u0661",
        "promoted-on-chess": base.replace("Q", "Q~") + " w KQkq - 0 1",
        "plus-on-chess": base.replace("Q", "+Q") + " w KQkq - 0 1",
        "pocket-on-chess": base + "[Qq] w KQkq - 0 1",
        "obstacles-full": "k*******/********/********/********/********/********/********/K******* w - - 0 1",
        "bombs-full": "k@@@@@@@/@@@@@@@@/@@@@@@@@/@@@@@@@@/@@@@@@@@/@@@@@@@@/@@@@@@@@/K@@@@@@@ w - - 0 1",
        "100k": "8/" * 50000 + " w - - 0 1",
        "slashes": "/" * 10000 + " w",
        "nul": base + " w KQkq -\x01 0 1",
        "rtl": "\u202e" + base + " w KQkq - 0 1",
        "tab-separated": base + "\tw\tKQkq\t-\t0\t1",
    }
    for name, fen in bad.items():
        expect = "any" if name in ("obstacles-full", "bombs-full", "tab-separated", "fields-extra",
                                   "castling-twice", "castling-all-files", "castling-1000", "fullmove-zero") else "refuse"
        run(f"perft-{name}", ["perft", L, "2", "--fen", fen], expect)
    for name in ("26-files", "huge-run", "halfmove-u64", "fullwidth-digit", "arabic-digit", "100k", "obstacles-full"):
        run(f"moves-{name}", ["moves", L, "--fen", bad[name]],
            "any" if name == "obstacles-full" else "refuse")
        run(f"bestmove-{name}", ["bestmove", L, "--fen", bad[name], "--depth", "3"],
            "any" if name == "obstacles-full" else "refuse")
        run(f"pgn-{name}", ["pgn", L, "--fen", bad[name]], "any" if name == "obstacles-full" else "refuse")
    # Crazyhouse pockets.
    for name, pocket in [("100k-pawns", "P" * 100000), ("count-1e9", "1000000000P"), ("count-after", "P1000000000"),
                         ("unclosed", "QQ"), ("nested", "[Q]"), ("plus", "+P"), ("tilde", "~"),
                         ("256-pawns", "P" * 256), ("200-queens", "Q" * 200), ("digits", "99999999999999999999"),
                         ("all-letters", "QRBNPqrbnp" * 20)]:
        fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[" + pocket + ("" if name == "unclosed" else "]") + " w KQkq - 0 1"
        run(f"pocket-{name}", ["perft", ZH, "1", "--fen", fen],
            "any" if name in ("200-queens", "all-letters") else "refuse")
    run("pocket-50-queens-bestmove", ["bestmove", ZH, "--depth", "3", "--fen",
                                      "k7/8/8/8/8/8/8/7K[" + "Q" * 50 + "q" * 50 + "] w - - 0 1"], "any")
    run("pocket-120-pieces-perft2", ["perft", ZH, "2", "--fen",
                                     "k7/8/8/8/8/8/8/7K[" + "QRBNP" * 12 + "qrbnp" * 12 + "] w - - 0 1"], "any")
    run("makruk-counting-huge", ["perft", MK, "1", "--fen", "8/8/8/4k3/8/8/1R2K3/8 b - 99999999 7 90"])
    run("makruk-counting-u64", ["perft", MK, "1", "--fen", "8/8/8/4k3/8/8/1R2K3/8 b - 32 18446744073709551617 90"])
    run("shogi-plus-plus", ["perft", SH, "1", "--fen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/++P8/1B5R1/LNSGKGSNL[-] w 0 1"])
    run("shogi-hand-1000", ["perft", SH, "1", "--fen", "4k4/9/9/9/9/9/9/9/4K4[" + "P" * 1000 + "] w 0 1"])
    # Moves and --from.
    # Long games: chess without draws by rule, so that a knight shuffle goes on.
    norep = {"norep.toml": shipped("chess.toml").replace(
        'stalemate = "draw"', 'stalemate = "draw"\nrepetition = 0\nmove_rule = 0', 1)}
    run("moves-10000-shuffle", ["moves", "norep.toml", "--moves"] + shuffle_moves(10000), "any", norep)
    run("moves-20000-shuffle", ["moves", "norep.toml", "--moves"] + shuffle_moves(20000), "any", norep)
    run("bestmove-10000-shuffle", ["bestmove", "norep.toml", "--depth", "4", "--moves"] + shuffle_moves(10000),
        "any", norep)
    run("pgn-10000-shuffle", ["pgn", "norep.toml", "--moves"] + shuffle_moves(10000), "any", norep)
    run("moves-9-shuffle-threefold", ["moves", L, "--moves"] + shuffle_moves(9), "refuse")
    for sq in ["zz99", "", "a0", "a99999999999999999999", "\u0661\u0662", "e", "1"]:
        run(f"from-{sq or 'empty'}", ["moves", L, "--from", sq])
    for mv in ["e2e4e4", "e2e9", "e7e8qq", "P@e4", "O-O-O-O", "e2e4=", "a1a1", "z26z26", "e2\u0664", "\x01"]:
        # `=` after a move is read as declining a promotion (documented).
        run(f"move-{mv}", ["moves", L, "--moves", mv], "any" if mv == "e2e4=" else "refuse")
    # Continuous: POS and moves.
    pos_bad = {
        "nan": "w;K@nan,nan;k@e8",
        "inf": "w;K@inf,1;k@e8",
        "huge": "w;K@1e308,1e308;k@e8",
        "tiny": "w;K@1e-320,1e-320;k@e8",
        "neg-zero": "w;K@-0,-0;k@e8",
        "300-discs": "w;" + ";".join(["K@e1", "k@e8"] + [f"P@{0.5 + (i % 40) * 0.55},{3 + (i // 40) * 0.55}" for i in range(300)]),
        "100k": "w;K@e1;k@e8;" + "P@a2;" * 20000,
        "no-sep": "wK@e1k@e8",
        "empty-items": "w;;;;;;K@e1;;;k@e8",
        "arabic": "w;K@\u0661,\u0661;k@e8",
        "fullwidth": "w;K@\uff11,\uff11;k@e8",
        "letters": "w;K@a,b;k@e8",
        "three-coords": "w;K@1,2,3;k@e8",
        "hex-float": "w;K@0x1p3,1;k@e8",
        "underscore": "w;K@1_0,1;k@e8",
    }
    for name, pos in pos_bad.items():
        run(f"judge-pos-{name}", ["judge", AOC, "--position", pos, "e2->e4"],
            "any" if name in ("tiny", "neg-zero", "empty-items", "hex-float") else "refuse")
        if name in ("nan", "300-discs", "100k", "arabic"):
            run(f"bestmove-pos-{name}", ["bestmove", AOC, "--position", pos, "--movetime", "200"], "refuse")
            run(f"pgn-pos-{name}", ["pgn", AOC, "--position", pos], "refuse")
    for name, mv in [("nan", "e2->nan,nan"), ("huge", "e2->1e308,1e308"), ("promo-many", "e2->e4=QQQQ"),
                     ("promo-empty", "e2->e4="), ("arrows", "e2->->e4"), ("bare", "->"),
                     ("arabic", "e2->\u0665,\u0665"), ("long", "e2->" + "1" * 100000 + ",1"),
                     ("subnormal", "e2->5e-324,5e-324")]:
        run(f"judge-move-{name}", ["judge", AOC, mv], "any")
    run("judge-20000-moves", ["judge", AOC] + ["e2->e4", "e7->e5"] * 10000, "any")
    run("judge-20000-illegal", ["judge", AOC] + ["a1->h8"] * 20000, "any")
    run("bestmove-continuous-moves-2000", ["bestmove", AOC, "--movetime", "100", "--moves"] +
        ["g1->f3", "g8->f6", "f3->g1", "f6->g8"] * 500, "any")
    run("replay-fen-26", ["replay", L, "-", "--fen", bad["26-files"]], "refuse")
    return cases


def pgn_cases():
    K = "pgn"
    cases = []

    def pgn(name, data, expect="refuse", place="g.pgn", files=None, placeless=None, says=None, leak=True,
            args=None):
        fs = {"g.pgn": data}
        fs.update(files or {})
        cases.append(Case(K, name, args or ["pgn", "--read", "g.pgn"], fs, expect=expect, place=place,
                          placeless=placeless or r"no game in|larger than|not a regular",
                          says=says, leak=leak))

    head = '[Event "?"]\n[Result "*"]\n\n'
    pgn("good", head + "1. e4 e5 2. Nf3 *\n", "accept")
    pgn("latin1-comment", head.encode() + b"1. e4 {caf\xe9} e5 *\n", "accept")
    pgn("utf16le-bom", b"\xff\xfe" + (head + "1. e4 *\n").encode("utf-16-le"))
    pgn("utf16be-bom", b"\xfe\xff" + (head + "1. e4 *\n").encode("utf-16-be"))
    pgn("utf16le-nobom", (head + "1. e4 *\n").encode("utf-16-le"))
    pgn("utf32", b"\xff\xfe\x00\x00" + (head + "1. e4 *\n").encode("utf-32-le"))
    pgn("double-bom", "\ufeff\ufeff" + head + "1. e4 *\n", "any")
    pgn("bom-only", "\ufeff")
    pgn("empty", "")
    pgn("blank", "\n\n  \n")
    pgn("star-only", "*", "any")
    pgn("cr-only", (head + "1. e4 e5 *\n").replace("\n", "\r"), "any")
    n = 100_000
    pgn("nested-variations-100k", head + "1. e4 " + "(1. d4 " * n + ")" * n + " *\n")
    pgn("nested-variations-101", head + "1. e4 " + "(1. d4 " * 101 + ")" * 101 + " *\n")
    pgn("nested-variations-100", head + "1. e4 " + "(1. d4 " * 100 + ")" * 100 + " *\n", "any")
    pgn("close-100k", head + "1. e4 " + ")" * n + " *\n")
    pgn("open-100k", head + "1. e4 " + "(" * n)
    pgn("comments-in-variations-deep", head + "1. e4 " + "({" * 50000 + "\n")
    pgn("variations-100k-flat", head + "1. e4 " + "(1. d4) " * n + "*\n", "any")
    moves = " ".join(f"{i // 4 + 1}. Nf3 Nf6 Ng1 Ng8" for i in range(0, 4 * 250000, 4))
    pgn("moves-1M", head + moves + " *\n")
    pgn("moves-20001-words", head + " ".join(["Nf3"] * 20001) + " *\n")
    pgn("comment-30MB", head + "1. e4 {" + "x" * (30 << 20) + "} *\n", "accept")
    pgn("comment-unclosed-30MB", head + "1. e4 {" + "x" * (30 << 20))
    pgn("comment-nuls", head.encode() + b"1. e4 {\x00\x01\x02\xff\xfe} *\n", "any")
    pgn("record-32MiB-plus-1", head + "{" + "x" * (32 << 20) + "}\n", says="larger than")
    pgn("semicolon-comment", head + "1. e4 ; rest {{{{ ((( \n e5 *\n", "accept")
    pgn("percent-escape", "% " + "x" * 1000 + "\n" + head + "1. e4 *\n", "any")
    pgn("tag-no-end", '[Event "abc\n\n1. e4 *\n')
    pgn("tag-no-bracket", '[Event "abc"\n\n1. e4 *\n')
    pgn("tag-only-open", "[Event\n")
    pgn("tag-only-bracket", "[\n")
    pgn("tag-20000", '[Event "' + "x" * 20000 + '"]\n\n1. e4 *\n')
    pgn("tag-16384-line", '[Event "' + "x" * (16384 - 10) + '"]\n\n1. e4 *\n', "any")
    pgn("tags-300", "".join(f'[T{i} "x"]\n' for i in range(300)) + "\n1. e4 *\n")
    pgn("tag-escaped-quote", '[Event "a\\"b\\\\"]\n\n1. e4 *\n', "any")
    pgn("tag-backslash-end", '[Event "abc\\"]\n\n1. e4 *\n')
    pgn("tag-value-nul", b'[Event "a\x00b"]\n\n1. e4 *\n')
    pgn("tag-name-long", "[" + "T" * 20000 + ' "x"]\n\n1. e4 *\n')
    pgn("tag-name-utf8", '[\u0126\u0126 "x"]\n\n1. e4 *\n', "any")
    pgn("tags-unclosed-many", '[Event "x"\n' * 1000)
    for name, variant, says in [
        ("outside-deep", UP + "tmp/hostile-secret/secret", "names no shipped level"),
        ("outside-abs", "/tmp/hostile-secret/secret", "names no shipped level"),
        ("dotdot", "..", "names no shipped level"),
        ("dot", ".", "names no shipped level"),
        ("empty", "", None),
        ("unknown-bare", "nosuchvariant", None),
        ("sub-dotdot", "levels/../chess", "names no shipped level"),
        ("backslash", "..\\..\\secret", None),  # PGN escapes: the name becomes "....secret"
        ("long", "c" * 16000, None),
        ("toml-ext", "chess.toml", None),
        ("spaces", "  chess  ", None),
    ]:
        pgn(f"variant-{name}", f'[Variant "{variant}"]\n\n1. e4 *\n', "any" if name in ("spaces", "empty") else "refuse",
            files=outside_files(), says=says)
    # A levels/ folder in the working directory with hostile members.
    for name, member in [("fifo", Fifo()), ("zero", Link("/dev/zero")), ("dir", Dir()),
                         ("big", 'name = "b"\n' + "#" * (4 << 20) + "\n"),
                         ("loop", Link("loop.toml"))]:
        pgn(f"variant-cwd-levels-{name}", f'[Variant "{name}"]\n\n1. e4 *\n',
            files={f"levels/{name}.toml": member, "levels/chess.toml": shipped("chess.toml")},
            placeless=r"no game in|larger than|not a regular|levels/" + name + r"\.toml:1:1: cannot read")
    for nag in ["$99999", "$256", "$-1", "$", "$18446744073709551616", "$0", "$255", "$\u0661"]:
        pgn(f"nag-{nag}", head + f"1. e4 {nag} *\n", "any" if nag in ("$0", "$255") else "refuse")
    for name, text in [
        ("fen-garbage", '[SetUp "1"]\n[FEN "garbage"]\n\n1. e4 *\n'),
        ("fen-100k", '[SetUp "1"]\n[FEN "' + "8/" * 5000 + '"]\n\n1. e4 *\n'),
        ("fen-26-files", '[SetUp "1"]\n[FEN "26/26/26/26/26/26/26/26 w - - 0 1"]\n\n1. e4 *\n'),
        ("fen-fullwidth", '[FEN "\uff18/8/8/8/8/8/8/4K2k w - - 0 1"]\n\n1. Kd1 *\n'),
        ("pos-on-chess", '[POS "w;K@e1;k@e8"]\n\n1. e4 *\n'),
        ("pos-nan-continuous", '[Variant "area-of-competence"]\n[POS "w;K@nan,nan;k@e8"]\n\n1. e2->e4 *\n'),
        ("setup-no-fen", '[SetUp "1"]\n\n1. e4 *\n'),
        ("result-2-0", head + "1. e4 2-0\n"),
        ("result-twice", head.replace("*", "1-0") + "1. e4 1-0 1-0\n"),
        ("movenum-huge", head + "99999999999999999999. e4 *\n"),
        ("movenum-dots", head + "1" + "." * 10000 + " e4 *\n"),
        ("movenum-neg", head + "-1. e4 *\n"),
        ("movenum-arabic", head + "\u0661. e4 *\n"),
        ("annotation-long", head + "1. e4" + "!" * 250 + " *\n"),
        ("annotation-257", head + "1. e4" + "!" * 260 + " *\n"),
        ("checks-many", head + "1. e4+++++ *\n"),
        ("mate-check", head + "1. Nf3#+ *\n"),
        ("castle-4", head + "1. O-O-O-O *\n"),
        ("castle-zero", head + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n"),
        ("drop-on-chess", head + "1. P@e4 *\n"),
        ("promo-twice", head + "1. e8=Q=Q *\n"),
        ("ep-suffix", head + "1. e4 d5 2. e5 f5 3. exf6e.p. *\n"),
        ("word-nul", head.encode() + b"1. e4\x00 *\n"),
        ("word-latin1", head.encode() + b"1. \xe94 *\n"),
        ("games-10k", (head + "1. e4 *\n\n") * 10000),
        ("unicode-pieces", head + "1. \u2658f3 *\n"),
        ("continuous-20k-moves", '[Variant "area-of-competence"]\n\n' + " ".join(["g1->f3 g8->f6 f3->g1 f6->g8"] * 5001) + " *\n"),
        ("continuous-far-point", '[Variant "area-of-competence"]\n\n1. e2->1e308,1e308 *\n'),
    ]:
        # Move numbers are read past; a POS tag on a grid game, and SetUp without FEN, are
        # not clearly wrong.
        pgn(name, text, "any" if name in ("annotation-long", "castle-zero", "games-10k", "ep-suffix",
                                          "unicode-pieces", "movenum-huge", "pos-on-chess",
                                          "setup-no-fen") else "refuse")
    pgn("stdin-dash", None, args=["pgn", "--read", "-"], expect="accept", place=None)
    cases[-1].stdin = (head + "1. e4 *\n").encode()
    cases[-1].files = {}
    for name, target in [("dev-zero", "/dev/zero"), ("fifo", "f.pgn"), ("dir", "."), ("dev-stdin", "/dev/stdin")]:
        c = Case(K, f"read-{name}", ["pgn", "--read", target], {"f.pgn": Fifo()}, place=target,
                 placeless=r"not a regular file|Is a directory", stdin=b"" if name == "dev-stdin" else None)
        cases.append(c)
    # gif reads PGN too.
    pgn("gif-nested-101", head + "1. e4 " + "(1. d4 " * 101 + ")" * 101 + " *\n",
        args=["gif", "g.pgn", "o.gif", "--size", "64", "--delay", "10"])
    pgn("gif-variant-outside", f'[Variant "{UP}tmp/hostile-secret/secret"]\n\n1. e4 *\n',
        args=["gif", "g.pgn", "o.gif", "--size", "64", "--delay", "10"])
    return cases


def courier_cases():
    K = "courier"
    cases = []
    L = str(LEVELS / "chess.toml")
    OB = str(LEVELS / "obento.toml")

    def rec(name, data, expect="refuse", level=L, placeless=None, args=None):
        cases.append(Case(K, name, args or ["replay", level, "r.txt"], {"r.txt": data}, expect=expect,
                          place="r.txt", placeless=placeless or r"r\.txt: move \d+: .*the game is over|larger than|not UTF-8"))

    rec("good", "1. P e2-e4\n1... p e7-e5\n", "accept")
    rec("garbage", "\x00\x01\x02garbage\n")
    rec("latin1", b"1. P e2-e4 \xe9\n")
    rec("moves-1M", "".join(["N g1-f3\nn g8-f6\nN f3-g1\nn f6-g8\n"] * 250000))
    rec("parts-1000", "P e2-e4" + "; Q-e4" * 1000 + "\n")
    rec("label-long", "P" * 100000 + " e2-e4\n")
    rec("movenum-huge", "99999999999999999999. P e2-e4\n", "any")
    rec("movenum-dots", "1" + "." * 100000 + " P e2-e4\n")
    rec("square-huge", "P e2-e99999999999999999999\n")
    rec("square-arabic", "P e2-e\u0664\n")
    rec("ep-removal-far", "P e2-e4; @-z99\n")
    rec("nul", "P e2-e4\x00\n")
    rec("one-line-100k-moves", " ".join(["N g1-f3 n g8-f6 N f3-g1 n f6-g8"] * 25000) + "\n")
    rec("obento-promo-garbage", "P e3-e6; F-e6; F-e6; F-e6\n", level=OB)
    rec("crlf", "1. P e2-e4\r\n1... p e7-e5\r\n", "accept")
    cases.append(Case(K, "stdin-33MiB", ["replay", L, "-"], stdin=b"P e2-e4\n" + b" " * (33 << 20),
                      says="larger than"))
    cases.append(Case(K, "record-fifo", ["replay", L, "f.txt"], {"f.txt": Fifo()}, place="f.txt",
                      placeless="not a regular file"))
    cases.append(Case(K, "record-dev-zero", ["replay", L, "/dev/zero"], place="/dev/zero",
                      placeless="not a regular file"))
    return cases


def saved_cases():
    K = "saved"
    cases = []
    chess = shipped("chess.toml")

    def sv(name, text, expect="refuse", files=None, args=None, placeless=None, says=None):
        fs = dict(outside_files())
        fs["s.toml"] = text
        fs.update(files or {})
        cases.append(Case(K, name, args or ["check", "s.toml"], fs, expect=expect, place="s.toml",
                          placeless=placeless or r"s\.toml: (cannot read|larger than|not a regular)", says=says))

    good = saved_game(chess, CHESS_START, ["e2e4", "e7e5"])
    sv("good", good, "accept")
    sv("good-gif", good, "accept", args=["gif", "s.toml", "o.gif", "--size", "64", "--delay", "10"])
    norep = chess.replace('stalemate = "draw"', 'stalemate = "draw"\nrepetition = 0\nmove_rule = 0', 1)
    sv("moves-19999-norep", saved_game(norep, CHESS_START, shuffle_moves(19999)), "accept")
    sv("moves-20000-norep", saved_game(norep, CHESS_START, shuffle_moves(20000)), "accept")
    sv("moves-20001", saved_game(norep, CHESS_START, shuffle_moves(20001)))
    sv("moves-1M-strings", saved_game(norep, CHESS_START, [], moves_raw="[" + ", ".join(['"e2e4"'] * 1000000) + "]"))
    for key in ["18446744073709551616", "-1", "01", "1e3", "", "99999999999999999999", "\u0661", "3"]:
        sv(f"caption-{key or 'empty'}", good + f"\n[game.captions]\n{tq(key)} = \"x\"\n")
    sv("caption-10MB", good + "\n[game.captions]\n0 = \"" + "x" * (10 << 20) + "\"\n", "any")
    sv("captions-100k", good + "\n[game.captions]\n" + "".join(f'"{i}" = "x"\n' for i in range(100000)))
    for fmt in ["2", "0", "-1", "1.0", '"1"', "99999999999999999999", "nan"]:
        sv(f"format-{fmt}", saved_game(chess, CHESS_START, ["e2e4"], fmt=fmt))
    sv("hash-mismatch", saved_game(chess, CHESS_START, ["e2e4"], hash_="fnv1a64:0000000000000000"))
    sv("hash-mismatch-gif", saved_game(chess, CHESS_START, ["e2e4"], hash_="fnv1a64:0000000000000000"),
       args=["gif", "s.toml", "o.gif", "--size", "64", "--delay", "10"], says="does not match its hash")
    sv("moves-illegal-gif", saved_game(chess, CHESS_START, ["e2e5"]),
       args=["gif", "s.toml", "o.gif", "--size", "64", "--delay", "10"], says="not a legal move")
    sv("hash-malformed", saved_game(chess, CHESS_START, ["e2e4"], hash_="fnv1a64:xyz"))
    sv("hash-long", saved_game(chess, CHESS_START, ["e2e4"], hash_="fnv1a64:" + "0" * 100000))
    sv("text-not-level", saved_game("garbage = 1\n", CHESS_START, ["e2e4"]))
    sv("text-5MiB", saved_game(chess + "#" * (5 << 20) + "\n", CHESS_START, ["e2e4"]), "any")
    sv("text-deep", saved_game(chess + "\nx = " + "[" * 100000 + "]" * 100000 + "\n", CHESS_START, ["e2e4"]))
    sv("text-nul", saved_game(chess.replace("# Chess as", "# Chess\x00 as"), CHESS_START, ["e2e4"]))
    sv("save-16MiB-plus-1", good + "#" * (16 << 20) + "\n", says="larger than")
    # The level's path.
    urc_text = urc_level("pieces.yaml#pawn")
    for name, path, fs in [
        ("path-fifo", "f.toml", {"f.toml": Fifo(), "pieces.yaml": URC_GOOD}),
        ("path-dev-zero", "/dev/zero", {}),
        ("path-dir", ".", {}),
        ("path-link-fifo", "l.toml", {"l.toml": Link("f.toml"), "f.toml": Fifo()}),
        ("path-outside-abs", "/tmp/hostile-secret/lv/level.toml", {}),
        ("path-outside-rel", UP + "tmp/hostile-secret/lv/level.toml", {}),
        ("path-missing", "nope/level.toml", {}),
        ("path-long", "a/" * 3000 + "x.toml", {}),
        ("path-empty", "", {}),
    ]:
        sv(name, saved_game(urc_text, "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1", ["e2e4"], path=path),
           files=fs)
    # Start and moves.
    for name, start in [("start-garbage", "garbage"), ("start-100k", "8/" * 50000),
                        ("start-pos-on-grid", "w;K@e1;k@e8"), ("start-26-files", "26/26/26/26/26/26/26/26 w - - 0 1")]:
        sv(name, saved_game(chess, start, ["e2e4"]))
    for name, raw in [("moves-string", '"e2e4"'), ("moves-ints", "[1, 2]"), ("moves-nested", "[[\"e2e4\"]]"),
                      ("moves-deep", "[" * 10000 + "]" * 10000), ("moves-illegal", '["e2e5"]'),
                      ("moves-nul", '["e2e4\\u0000"]')]:
        sv(name, saved_game(chess, CHESS_START, [], moves_raw=raw))
    # Ended, clock, players.
    sv("ended-unknown", good + 'ended = "xyz"\n')
    sv("ended-time-no-clock", good + 'ended = "time"\n')
    mate = saved_game(chess, CHESS_START, ["f2f3", "e7e5", "g2g4", "d8h4"], extra='ended = "resigned"\n')
    sv("ended-after-mate", mate)
    for name, clock in [("control-0+0", 'control = "0+0"\nwhite = 1.0\nblack = 1.0'),
                        ("control-nan", 'control = "nan+0"\nwhite = 1.0\nblack = 1.0'),
                        ("control-inf", 'control = "inf+0"\nwhite = 1.0\nblack = 1.0'),
                        ("control-1e999", 'control = "1e999+0"\nwhite = 1.0\nblack = 1.0'),
                        ("control-1e300", 'control = "1e300+0"\nwhite = 1.0\nblack = 1.0'),
                        ("control-neg", 'control = "-5+3"\nwhite = 1.0\nblack = 1.0'),
                        ("control-inc-neg", 'control = "5+-3"\nwhite = 1.0\nblack = 1.0'),
                        ("control-three", 'control = "5+3+1"\nwhite = 1.0\nblack = 1.0'),
                        ("white-nan", 'control = "5+3"\nwhite = nan\nblack = 1.0'),
                        ("white-inf", 'control = "5+3"\nwhite = inf\nblack = 1.0'),
                        ("white-neg", 'control = "5+3"\nwhite = -1.0\nblack = 1.0'),
                        ("white-1e308", 'control = "5+3"\nwhite = 1e308\nblack = 1.0'),
                        ("white-string", 'control = "5+3"\nwhite = "1"\nblack = 1.0')]:
        sv(f"clock-{name}", good + "\n[clock]\n" + clock + "\n")
        if name in ("control-1e300", "white-nan"):
            # gif reads saved games too: its refusal must be the saved game's problem.
            sv(f"clock-{name}-gif", good + "\n[clock]\n" + clock + "\n",
               args=["gif", "s.toml", "o.gif", "--size", "64", "--delay", "10"],
               says=r"time control|clock\.white")
    for name, player in [("computer-0", "computer:0"), ("computer-huge", "computer:99999999999999999999"),
                         ("alien", "alien"), ("empty", ""), ("computer-6", "computer:6")]:
        sv(f"player-{name}", good + f'\n[players]\nwhite = "{player}"\n')
    # Continuous games.
    aoc = shipped("area-of-competence.toml")
    aoc_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    for name, mv in [("nan", "e2->nan,nan"), ("huge", "e2->1e308,1e308"), ("grid-move", "e2e4")]:
        sv(f"continuous-move-{name}", saved_game(aoc, aoc_start, [mv], path="levels/area-of-competence.toml"))
    sv("continuous-20000-moves", saved_game(aoc, aoc_start, ["g1->f3", "g8->f6", "f3->g1", "f6->g8"] * 5000,
                                            path="levels/area-of-competence.toml"), "any")
    return cases


def balance_cases():
    K = "balance"
    cases = []

    def one(k=0, schedule=4, **over):
        d = {"level": "Chess", "schedule": {"seed": 1, "games": schedule, "movetime_ms": 5, "values": False},
             "games": 1, "white": 1, "draws": 0, "black": 0, "lengths": [40], "endings": {"checkmate": 1},
             "values": {}, "pawn": "P", "played": [k]}
        d.update(over)
        return d

    def merge(name, texts, expect="refuse", says=None, extra_args=None, files=None):
        fs = {}
        names = []
        for i, t in enumerate(texts):
            fname = f"t{i}.json"
            fs[fname] = t if isinstance(t, (str, bytes)) else json.dumps(t)
            names.append(fname)
        fs.update(files or {})
        # A refusal names the file (`FILE: entry ...`, or the reader's words after FILE).
        # A JSON reader's error is placed (FILE:LINE:COLUMN, columns from 1); a tally that
        # does not hold together is named by its entry.
        cases.append(Case(K, name, ["balance", "--merge"] + names + (extra_args or []), fs, expect=expect,
                          says=says or (r"t\d+\.json" if expect == "refuse" else None),
                          place=names[0] if len(names) == 1 else None,
                          placeless=r"t\d+\.json: (entry|cannot|game \d+|the tallies)"))

    merge("good", [one(0), one(1)], "accept", says="white 2 draws 0 black 0 games 2")
    for key, v in [("games", -1), ("white", -1), ("games", 1e400), ("games", 2 ** 64), ("games", 1.5),
                   ("white", 2 ** 63), ("lengths", [-1]), ("lengths", [2 ** 64]), ("lengths", [1e308]),
                   ("played", [-1]), ("played", [4]), ("played", [0, 0]), ("played", [2 ** 64]),
                   ("pawn", "PP"), ("pawn", ""), ("level", ""), ("endings", {"checkmate": -1}),
                   ("endings", {"checkmate": 2}), ("endings", {"x" * 10000: 1}), ("endings", {"checkmate": 2 ** 64})]:
        d = one(0)
        d[key] = v
        label = json.dumps(v)[:20]
        # Not checked by --merge as documented: a level's name, the names of endings.
        merge(f"{key}={label}", [d], "any" if key in ("level",) or (key == "endings" and "x" * 10 in label)
              else "refuse")
    for key, v in [("games", 0), ("games", 100001), ("games", -1), ("movetime_ms", 0),
                   ("movetime_ms", 2 ** 64), ("seed", -1), ("values", "yes")]:
        d = one(0)
        d["schedule"][key] = v
        merge(f"schedule.{key}={v}", [d], "any" if key == "movetime_ms" and v == 0 else "refuse")
    text = json.dumps(one(0))
    merge("deep-100k", ['{"level": ' + "[" * 100000 + "]" * 100000 + "}"])
    # Unknown keys are passed over (the tallies are written by the program).
    merge("deep-in-unknown", [text[:-1] + ', "x": ' + "[" * 100000 + "]" * 100000 + "}"], "any")
    merge("deep-200", [text[:-1] + ', "x": ' + "[" * 200 + "]" * 200 + "}"], "any")
    merge("nan-literal", [text.replace('"games": 1,', '"games": NaN,')])
    merge("bom", ["\ufeff" + text], "any")
    merge("latin1", [text.encode().replace(b'"Chess"', b'"Ch\xe9ss"')])
    merge("trailing-garbage", [text + "garbage"])
    merge("empty", [""])
    merge("null", ["null"])
    merge("array", ["[]"])
    merge("duplicate-key", [text[:-1] + ', "games": 1}'])
    merge("level-10MB", [json.dumps(one(0, level="x" * (10 << 20)))], "any")
    big = one(0, schedule=100000)
    big.update(games=100000, white=100000, lengths=[40] * 100000, endings={"checkmate": 100000},
               played=list(range(100000)))
    merge("played-100k", [big], "accept")
    merge("same-file-twice", [one(0), one(0)])
    merge("levels-differ", [one(0), one(1, level="Other")])
    merge("200-files", [one(k, schedule=200) for k in range(200)], "accept")
    merge("values-huge", [one(0, values={"N": {"name": "Knight", "estimate": 2 ** 64, "wins": 0, "draws": 0, "losses": 0}})])
    merge("values-deep", [one(0, values={"N": {"name": "Knight", "estimate": 1, "wins": 0, "draws": 0,
                                                "losses": 0, "x": [[[[[[[[[[]]]]]]]]]]}})])
    # Where the tallies are written: never a path outside the case folder (a write that
    # renames a temporary file over the target replaces a device node; as root, over
    # /dev/null, that would break the machine).
    merge("json-into-new-folder", [one(0)], "accept", extra_args=["--json", "new/deeper/t.json"],
          says="games 1")
    merge("report-is-file", [one(0)], "refuse", says="t0.json", extra_args=["--report", "t0.json"])

    def still(path, kind):
        def post(folder):
            mode = (folder / path).lstat().st_mode
            if not kind(mode):
                return f"--json replaced {path} (a {'link' if kind is stat.S_ISLNK else 'FIFO'}) with a regular file"
            return None
        return post

    cases.append(Case(K, "json-to-stdout-link", ["balance", "--merge", "t0.json", "--json", "so.json"],
                      {"t0.json": json.dumps(one(0)), "so.json": Link("/proc/self/fd/1")}, expect="accept",
                      says=r'"level": "Chess"', post=still("so.json", stat.S_ISLNK),
                      note="as `--json /dev/stdout` would be"))
    cases.append(Case(K, "json-through-link", ["balance", "--merge", "t0.json", "--json", "l.json"],
                      {"t0.json": json.dumps(one(0)), "l.json": Link("target.json"), "target.json": "{}"},
                      expect="accept", post=still("l.json", stat.S_ISLNK)))
    cases.append(Case(K, "json-to-fifo", ["balance", "--merge", "t0.json", "--json", "f.json"],
                      {"t0.json": json.dumps(one(0)), "f.json": Fifo()}, expect="any",
                      post=still("f.json", stat.S_ISFIFO), timeout=5,
                      note="writing into a FIFO nobody reads may wait; replacing it is the fault"))
    for name, target, fs in [("fifo", "f.json", {"f.json": Fifo()}), ("dev-zero", "/dev/zero", {}),
                             ("dir", ".", {}), ("link-fifo", "l.json", {"l.json": Link("f.json"), "f.json": Fifo()})]:
        cases.append(Case(K, f"merge-{name}", ["balance", "--merge", target], fs, says="not a regular file"))
    return cases


def tune_cases():
    K = "tune"
    cases = []
    L = str(LEVELS / "chess.toml")
    good = [f"{CHESS_START};0.5", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.6"]

    def pos(name, lines, expect="refuse", extra=None, data=None):
        text = data if data is not None else "\n".join(lines) + "\n"
        cases.append(Case(K, name, ["tune", L, "--positions", "p.txt", "--rounds", "1"] + (extra or []),
                          {"p.txt": text}, expect=expect, place="p.txt",
                          placeless=r"not a regular|larger than|no positions|p\.txt"))

    pos("good", good, "accept")
    for name, bad in [("nan", f"{CHESS_START};nan"), ("inf", f"{CHESS_START};inf"), ("neg", f"{CHESS_START};-0.5"),
                      ("above-1", f"{CHESS_START};1.5"), ("empty-score", f"{CHESS_START};"), ("no-fen", ";0.5"),
                      ("no-semicolon", CHESS_START), ("bad-fen", "garbage;0.5"), ("huge-score", f"{CHESS_START};1e999"),
                      ("line-1MB", "x" * (1 << 20) + ";0.5"), ("two-semicolons", f"{CHESS_START};0.5;0.5"),
                      ("arabic-score", f"{CHESS_START};\u0660.5"), ("nul", f"{CHESS_START};0.5\x00")]:
        pos(f"line-{name}", good + [bad])
    pos("latin1", None, data=("\n".join(good) + "\n").encode() + b"\xe9;0.5\n")
    pos("crlf", None, "accept", data="\r\n".join(good) + "\r\n")
    pos("comments-only", ["# nothing", ""], "refuse")
    pos("empty", None, "refuse", data="")
    pos("squares-1", good, "accept", extra=["--squares", "1"])
    cases.append(Case(K, "positions-fifo", ["tune", L, "--positions", "f.txt"], {"f.txt": Fifo()}, place="f.txt",
                      placeless="not a regular file"))
    cases.append(Case(K, "positions-dev-zero", ["tune", L, "--positions", "/dev/zero"], place="/dev/zero",
                      placeless="not a regular file"))
    cases.append(Case(K, "positions-count-mismatch", ["tune", L, L, "--positions", "p.txt"],
                      {"p.txt": "\n".join(good) + "\n"}))
    cases.append(Case(K, "only-unknown-weight", ["tune", L, "--positions", "p.txt", "--only", "zzz"],
                      {"p.txt": "\n".join(good) + "\n"}))
    return cases


def option_cases():
    K = "options"
    cases = []
    L = str(LEVELS / "chess.toml")
    AOC = str(LEVELS / "area-of-competence.toml")
    vals = ["0", "-1", "1e99", "nan", "18446744073709551616", "", "inf", "-0", "0x10", "\u0665"]

    def opt(name, args, expect="refuse", says=None):
        # `play` refused for want of a display is no answer: the refusal must name the option.
        if args[0] == "play" and expect == "refuse" and says is None:
            says = r"--(after-frames|strength|time|white|black|drive)|player '|time control|unexpected argument"
        cases.append(Case(K, name, args, expect=expect, says=says))

    for v in vals + ["16", "99999999999999999999"]:
        opt(f"perft-depth={v}", ["perft", L, v], "any" if v in ("0", "-0") else "refuse")
    specs = [
        ("bestmove", "--depth", [L], ["0", "101"]),
        ("bestmove", "--movetime", [L], ["0", "86400001"]),
        ("bestmove", "--nodes", [L], ["0", "1000000000001"]),
        ("bench", "--depth", [], ["0", "101"]),
        ("match", "--games", [L, "--white", "random", "--black", "random", "--max-plies", "2"], ["0", "100001"]),
        ("match", "--movetime", [L, "--white", "random", "--black", "random", "--max-plies", "2"], ["0"]),
        ("match", "--max-plies", [L, "--white", "random", "--black", "random"], ["0", "100001"]),
        ("match", "--opening", [L, "--white", "random", "--black", "random", "--max-plies", "2"], ["1001"]),
        ("match", "--seed", [L, "--white", "random", "--black", "random", "--max-plies", "2"], []),
        ("balance", "--games", [L, "--movetime", "1", "--max-plies", "2"], ["0", "100001"]),
        ("balance", "--movetime", [L, "--games", "1", "--max-plies", "2"], ["0", "86400001"]),
        ("balance", "--jobs", [L, "--games", "1", "--movetime", "1", "--max-plies", "2"], ["0", "1025"]),
        ("balance", "--max-plies", [L, "--games", "1", "--movetime", "1"], ["0"]),
        ("tune", "--games", [L, "--nodes", "1", "--max-plies", "2", "--rounds", "0"], ["0"]),
        ("tune", "--nodes", [L, "--games", "1", "--max-plies", "2", "--rounds", "0"], ["0", "1000000000001"]),
        ("tune", "--rounds", [L, "--games", "1", "--nodes", "1", "--max-plies", "2"], ["100001"]),
        ("tune", "--squares", [L, "--games", "1", "--nodes", "1", "--max-plies", "2"], ["0", "100001"]),
        ("tune", "--decay", [L, "--games", "1", "--nodes", "1", "--max-plies", "2", "--squares", "1"], ["-0.5", "1.5", "1e-400"]),
        ("tune", "--jobs", [L, "--games", "1", "--nodes", "1", "--max-plies", "2"], ["0"]),
        ("gif", "--size", [L, "o.gif"], ["63", "4097"]),
        ("gif", "--delay", [L, "o.gif", "--size", "64"], ["9", "60001"]),
        ("play", "--after-frames", [L, "--screenshot", "o.png"], ["100001"]),
        ("play", "--strength", [L, "--white", "computer"], ["6"]),
    ]
    for cmd, flag, rest, extra_vals in specs:
        for v in ["-1", "1e99", "nan", "18446744073709551616", "", "inf"] + extra_vals:
            valid_zero = (flag in ("--opening", "--rounds") and v in ("0", "-0"))
            if cmd == "play" and v == "":
                continue
            expect = "any" if valid_zero or flag == "--seed" and v in ("0",) else "refuse"
            if flag == "--decay" and v == "1e-400":
                expect = "any"  # reads as 0, which is in range
            opt(f"{cmd}{flag}={v}", [cmd] + rest[:1] + [flag, v] + rest[1:] if rest else [cmd, flag, v], expect)
    for v in ["0/0", "1/0", "0/1", "2/1", "1/18446744073709551616", "-1/2", "1/2/3", "1/", "/", "", "1", "\u0661/\u0662"]:
        opt(f"balance--shard={v}", ["balance", L, "--games", "1", "--movetime", "1", "--max-plies", "2", "--shard", v])
    # Clocks: --time on match (no window needed) and on play (refused before a window).
    for v in ["0+0", "nan+0", "inf+0", "1e300+0", "1e999+0", "-1+0", "5+-1", "5+nan", "5+1e300", "5",
              "+", "", "5+3+1", "99999999999999999999+0", "0x5+0", "\u0665+\u0663"]:
        opt(f"match--time={v}", ["match", L, "--white", "random", "--black", "random", "--games", "1",
                                 "--max-plies", "4", "--time", v])
        opt(f"play--time={v}", ["play", L, "--time", v])
    for v in ["1e-300+0", "0.0001+0", "0.05+1e-300", "5 + 3"]:
        who = "random" if " " in v else "engine"
        opt(f"match--time={v}", ["match", L, "--white", who, "--black", who, "--games", "1",
                                 "--max-plies", "4", "--time", v], "any")
    for p in ["engine:0", "engine:100", "engine@0", "engine@600001", "engine@99999999999999999999", "engine:-1",
              "computer:6", "computer:0", "random:1", "ENGINE", "", "engine:", "engine@", "engine:\u0665",
              "computer:18446744073709551617"]:
        opt(f"match-player={p or 'empty'}", ["match", L, "--white", p, "--black", "random", "--games", "1",
                                             "--max-plies", "2"])
        opt(f"play-player={p or 'empty'}", ["play", L, "--white", p])
    opt("play-strength-no-computer", ["play", L, "--strength", "3"])
    opt("play-resume-none", ["play", "--resume"], "refuse", says=r".")  # without a display: refused for that
    opt("match-continuous-time-tiny", ["match", AOC, "--white", "engine", "--black", "engine", "--games", "1",
                                       "--max-plies", "4", "--time", "0.0001+0"], "any")
    opt("export-to-x", ["export", L, "--to", "xyz"])
    opt("perft-no-depth", ["perft", L])
    opt("bestmove-fen-and-position", ["bestmove", L, "--fen", CHESS_START, "--position", "w;K@e1;k@e8"])
    opt("bestmove-position-on-grid", ["bestmove", L, "--position", "w;K@e1;k@e8"])
    opt("bestmove-fen-on-continuous", ["bestmove", AOC, "--fen", CHESS_START])
    opt("judge-on-grid", ["judge", L, "e2->e4"])
    opt("perft-on-continuous", ["perft", AOC, "1"])
    # The protocols say they cannot load it and go on with chess.
    opt("uci-on-continuous", ["uci", AOC], "any", says="cannot load")
    return cases


def drive_cases():
    K = "drive"
    cases = []
    L = str(LEVELS / "chess.toml")

    def drv(name, script, extra=None):
        cases.append(Case(K, name, ["play", L] + (extra or []) + ["--drive", script], expect="refuse",
                          says=r"step|script|drive|--drive"))

    for name, script in [
        ("wait-216001", "wait 216001"),
        ("wait-neg", "wait -1"),
        ("wait-1e99", "wait 1e99"),
        ("wait-u64", "wait 18446744073709551616"),
        ("wait-nan", "wait nan"),
        ("wait-empty", "wait"),
        ("over-216001", "over 216001"),
        ("pixel-100001", "pixel 100001,0"),
        ("pixel-nan", "pixel nan,nan"),
        ("pixel-inf", "pixel inf,0"),
        ("pixel-one", "pixel 5"),
        ("move-129", "move " + "a" * 129),
        ("move-far", "move 100001,0"),
        ("move-nan", "move nan,1"),
        ("move-1e999", "move 1e999,0"),
        ("type-4097", "type " + "a" * 4097),
        ("unknown", "dance"),
        ("key-ctrl-only", "key ctrl+"),
        ("key-f99", "key f99"),
        ("key-unicode", "key \u0126"),
        ("key-empty", "key"),
        ("arabic-wait", "wait \u0665"),
        ("step-127k", "wait 1;" * 18000 + "dance"),
        ("many-bad-steps", ";".join(["dance"] * 10000)),
        ("wait-fullwidth", "wait \uff15"),
    ]:
        drv(name, script)
    drv("with-screenshot-bad", "wait 216001", ["--screenshot", "o.png", "--after-frames", "1"])
    return cases


# ----------------------------------------------------------------------------- sessions

def session_lines(proto, lines):
    """(bytes, expect) for each line, inferring the answers a line calls for."""
    out = []
    for line in lines:
        if isinstance(line, tuple):
            data, expect = line
            out.append((data if isinstance(data, bytes) else data.encode(), expect))
            continue
        data = line.encode() if isinstance(line, str) else line
        if not data.endswith(b"\n"):
            data += b"\n"
        word = data.strip()
        expect = None
        if len(data) > 262144:
            pass  # skipped by the engine as too long (it says so): no answer due
        elif word == b"isready":
            expect = r"^readyok$"
        elif word == b"uci" and proto == "uci":
            expect = r"^uciok$"
        elif proto == "xboard" and re.fullmatch(rb"ping -?\d+", word):
            expect = r"^pong " + re.escape(word.split()[1].decode()) + r"$"
        elif proto == "uci" and word.split(b" ")[:1] == [b"go"] and re.fullmatch(rb"[ -~]*", word):
            expect = "bestmove"
        elif proto == "xboard" and word == b"protover 2":
            expect = r"^feature .*done=1"
        out.append((data, expect))
    return out


def uci_cases():
    K = "uci"
    cases = []
    rng = random.Random(11)

    def sess(name, lines, args=None, files=None, says=None, leak=True, timeout=WALL):
        cases.append(Case(K, name, args or ["uci"], files or {}, expect="any",
                          session=session_lines("uci", ["uci", "isready"] + lines), proto="uci",
                          says=says, leak=leak, timeout=timeout))

    garbage = bytes(rng.randrange(256) for _ in range(65536))
    sess("binary-garbage", [(garbage, None), "", "isready", "go depth 1"])
    sess("binary-no-newlines", [(garbage.replace(b"\n", b""), None), "\nisready", "go depth 1"])
    sess("line-1MB", [("x" * (1 << 20) + "\n").encode(), "isready", "go depth 1"],
         says=r"longer than 262144")
    sess("line-1MB-go", [("go " + "depth 1 " * 150000 + "\n").encode(), "isready", "go depth 1"])
    sess("line-exactly-262144", [("info " + "x" * (262144 - 5)).encode() + b"\n", "isready"])
    sess("many-lines", [(b"isready\n" * 20000, None), "isready"])
    sess("nul-bytes", [(b"is\x00ready\n", None), (b"go\x00depth 1\n", None), "isready", "go depth 1"])
    sess("cr-only", [(b"isready\risready\r", None), "isready"])
    sess("tabs", [(b"go\tdepth\t1\n", "bestmove"), "isready"])
    for v in ["4096", "4095", "2048", "2047", "1500"]:
        sess(f"hash-{v}", [f"setoption name Hash value {v}", "isready", "go depth 2", "isready"],
             says=r"info string Hash" if v in ("4096", "4095", "2048", "2047") else None)
    sess("hash-4096-then-1", ["setoption name Hash value 4096", "setoption name Hash value 1",
                              "isready", "go depth 3"])
    sess("hash-4096-threads-64", ["setoption name Threads value 64", "setoption name Hash value 4096",
                                  "isready", "go depth 4"])
    sess("threads-64-hash-1024", ["setoption name Threads value 64", "setoption name Hash value 1024",
                                  "isready", "go movetime 500"])
    for v in ["0", "-1", "1e99", "nan", "18446744073709551616", "", "4096 4096", "\u0665", "4097"]:
        # An empty value is read as the option `Hash value` (unknown): said, not refused as a size.
        sess(f"hash-bad-{v or 'empty'}", [f"setoption name Hash value {v}", "isready", "go depth 1"],
             says=r"info string Hash" if v else r"info string (Hash|unknown option)")
    for opt, v in [("MultiPV", "0"), ("MultiPV", "33"), ("MultiPV", "32"), ("Threads", "0"), ("Threads", "65"),
                   ("Skill Level", "0"), ("Skill Level", "7"), ("UCI_Elo", "0"), ("UCI_Elo", "99999999999"),
                   ("UCI_LimitStrength", "maybe"), ("UCI_Chess960", "2"), ("Ponder", "")]:
        sess(f"option-{opt}-{v or 'empty'}".replace(" ", "_"),
             [f"setoption name {opt} value {v}", "isready", "go depth 2"])
    sess("setoption-no-name", ["setoption", "setoption name", "setoption value 5", "setoption name Hash value",
                               "isready", "go depth 1"])
    sess("multipv-32-deep", ["setoption name MultiPV value 32", "go depth 4"])
    sess("limitstrength-min", ["setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1",
                               "go depth 2", "go wtime 100 btime 100"])
    for go in ["go foo", "go depth", "go depth x", "go movetime -5", "go wtime 99999999999999999999999 btime 1",
               "go depth 0", "go mate 0", "go mate -1", "go nodes 0", "go searchmoves e2e4 zzzz depth 2",
               "go movestogo -1 wtime 100", "go infinite searchmoves", "go ponder", "go depth 1 depth 2",
               "go wtime 0 btime 0", "go wtime -1000 btime -1000", "go movetime 0", "go nodes 1",
               "go infinite", "go movetime nan", "go depth 1e3", "go depth \u0665", "go mate 99999999999999999999",
               "go binc 99999999999999999999 winc 99999999999999999999 wtime 1 btime 1"]:
        sess("go-" + re.sub(r"[^\w]+", "_", go[3:])[:40], [go, "isready"])
    sess("go-twice-while-thinking", [("go infinite\n", None), ("go depth 1\n", None), "isready", ("stop\n", "bestmove")])
    sess("stop-without-go", ["stop", "ponderhit", "isready"])
    sess("ucinewgame-while-thinking", [("go infinite\n", None), "ucinewgame", "ucinewgame", "isready", ("stop\n", "bestmove")])
    sess("position-while-thinking", [("go infinite\n", None), "position startpos moves e2e4", "isready", ("stop\n", "bestmove")])
    sess("setoption-while-thinking", [("go infinite\n", None), "setoption name Hash value 4096",
                                      "setoption name UCI_Variant value obento", "isready", ("stop\n", "bestmove")])
    sess("eof-mid-search", ["go infinite", (b"", None)])
    mv = " ".join(shuffle_moves(20000))
    sess("position-20k-moves", [f"position startpos moves {mv}", "isready", "go depth 2"])
    mv = " ".join(shuffle_moves(10000))
    sess("position-10k-moves", [f"position startpos moves {mv}", "isready", "go depth 3", "eval"])
    sess("position-fen-100k", ["position fen " + "8/" * 40000, "isready", "go depth 1"])
    sess("position-fen-pocket", ["position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[" + "Q" * 1000 + "] w KQkq - 0 1",
                                 "isready", "go depth 1"])
    sess("position-fen-26", ["position fen 26/26/26/26/26/26/26/26 w - - 0 1", "isready", "go depth 1"])
    sess("position-garbage", ["position", "position fen", "position startpos moves", "position startpos moves e2e4 e2e4",
                              "position moves e2e4", "isready", "go depth 1"])
    sess("position-mate-then-go", ["position startpos moves f2f3 e7e5 g2g4 d8h4", "go depth 3", "eval",
                                   "go infinite"])
    sess("position-stalemate-go", ["position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go movetime 100"])
    for v in [UP + "tmp/hostile-secret/secret", "/etc/passwd", "chess/../chess", "levels/chess", "CHESS",
              "chess.toml", "../chess", "", "\u0126", "fifo", "zero", "dir"]:
        sess("variant-" + (slug(v)[-30:] or "empty"),
             [f"setoption name UCI_Variant value {v}", "isready", "go depth 1"],
             files={"levels/fifo.toml": Fifo(), "levels/zero.toml": Link("/dev/zero"), "levels/dir.toml": Dir(),
                    "levels/chess.toml": shipped("chess.toml")})
    # LevelFile: any file the user names may be read (so the secret's own words may show).
    for name, target, fs, leak in [
        ("secret-abs", "/tmp/hostile-secret/secret.toml", {}, False),
        ("dev-zero", "/dev/zero", {}, True),
        ("fifo", "f.toml", {"f.toml": Fifo()}, True),
        ("link-fifo", "l.toml", {"l.toml": Link("f.toml"), "f.toml": Fifo()}, True),
        ("dir", ".", {}, True),
        ("dev-stdin", "/dev/stdin", {}, True),
        ("proc-fd0", "/proc/self/fd/0", {}, True),
        ("missing", "nope.toml", {}, True),
        ("spaces", "my level.toml", {"my level.toml": shipped("chess.toml")}, True),
        ("empty", "", {}, True),
        ("big", "b.toml", {"b.toml": shipped("chess.toml") + "#" * (4 << 20)}, True),
        ("urc-outside", "lv/lv.toml", dict(outside_files(), **{"lv/lv.toml": urc_level("../pieces.yaml#pawn")}), True),
        ("urc-fifo", "lv/lv.toml", {"lv/lv.toml": urc_level("f.yaml#pawn"), "lv/f.yaml": Fifo()}, True),
        ("two-errors-deep", "d.toml", {"d.toml": shipped("chess.toml") + "\nx = " + "[" * 100000 + "]" * 100000}, True),
        ("full-26x26", "full.toml", {"full.toml": many_piece_level(26, 26, 2)}, True),
        ("continuous", str(LEVELS / "area-of-competence.toml"), {}, True),
    ]:
        sess(f"levelfile-{name}", [f"setoption name LevelFile value {target}", "isready", "go depth 1"],
             files=fs, leak=leak)
    sess("full-26x26-arg-go", ["go depth 2", "go movetime 300", "eval"], args=["uci", "full.toml"],
         files={"full.toml": many_piece_level(26, 26, 2)})
    sess("spaced-26x26-arg-go", ["go depth 3", "go movetime 500"], args=["uci", "sp.toml"],
         files={"sp.toml": many_piece_level(26, 26, 10)})
    sess("chain-rider-level-go", ["go depth 2"], args=["uci", "c.toml"],
         files={"c.toml": grid_level('betza = "R-R-R-R-R-R-R-R"', setup=full_board_fen(26, 26, "X", "x", 20),
                                     files=26, ranks=26)})
    sess("uci-repeated", ["uci"] * 200)
    sess("debug-register", ["debug on", "register later", "register name x code y", "debug", "isready", "go depth 1"])
    sess("eval-garbage", ["eval now please", "position fen 8/8/8/8/8/8/8/8 w - - 0 1", "eval", "isready"])
    sess("ponder-flow", ["position startpos moves e2e4", "go ponder wtime 1000 btime 1000", "ponderhit",
                         "isready"])
    sess("latin1-name", [b"setoption name Hash value 1\xe9\n", b"\xff\xfe\xfd\n", "isready", "go depth 1"])
    sess("chess960-switch-loop", ["setoption name UCI_Chess960 value true", "setoption name UCI_Chess960 value false"] * 50
         + ["isready", "go depth 1"])
    sess("variant-switch-loop", [f"setoption name UCI_Variant value {v}" for v in
                                 ["obento", "grand", "shogi", "crazyhouse", "chess"] * 10] + ["isready", "go depth 1"])
    return cases


def xboard_cases():
    K = "xboard"
    cases = []
    rng = random.Random(13)

    def sess(name, lines, args=None, files=None, says=None, leak=True):
        cases.append(Case(K, name, args or ["xboard"], files or {}, expect="any",
                          session=session_lines("xboard", ["xboard", "protover 2", "ping 1"] + lines),
                          proto="xboard", says=says, leak=leak))

    garbage = bytes(rng.randrange(256) for _ in range(65536))
    sess("binary-garbage", [(garbage, None), "", "ping 2"])
    sess("line-1MB", [("x" * (1 << 20) + "\n").encode(), "ping 2"], says=r"Error \(line too long\)")
    sess("many-pings", [f"ping {i}" for i in range(2, 2000)])
    sess("pings-in-one-write", [("".join(f"ping {i}\n" for i in range(2, 5000)).encode(), None), "ping 5000"])
    sess("ping-odd", ["ping", "ping -5", "ping 99999999999999999999", "ping x", "ping 2"])
    for v in ["4096", "2048", "0", "-1", "99999999999999999999", "nan", "4097"]:
        sess(f"memory-{v}", [f"memory {v}", "ping 2", "new", "sd 2", ("go\n", r"^move "), "ping 3"],
             says=r"Error \((bad )?memory\)")
    for v in [UP + "tmp/hostile-secret/secret", "../chess", "/etc/passwd", "normal/../x", "", "fischerandom",
              "capablanca", "fifo", "zero"]:
        sess("variant-" + (slug(v)[-30:] or "empty"), [f"variant {v}", "ping 2", "new", "ping 3"],
             files={"levels/fifo.toml": Fifo(), "levels/zero.toml": Link("/dev/zero"),
                    "levels/chess.toml": shipped("chess.toml")})
    sess("setboard-garbage", ["setboard garbage", "setboard", "setboard " + "8/" * 40000,
                              "setboard 26/26/26/26/26/26/26/26 w - - 0 1", "ping 2"])
    sess("usermove-garbage", ["new", "force", "usermove zzzz", "usermove", "e2e4e4", "usermove e2e4", "usermove e2e4",
                              "ping 2"])
    sess("usermove-after-mate", ["new", "force", "f2f3", "e7e5", "g2g4", "d8h4", "e2e4", "ping 2"])
    for cmd in ["st 0", "st 1e99", "st -1", "st 99999999999999999999", "sd 0", "sd 999", "sd -1", "level 0 0 0",
                "level 40 5:99 0", "level 40 99999999999999999999 0", "level 40 5 3601", "level x y z",
                "time -1", "time 99999999999", "otim nan", "cores 0", "cores 65", "cores 1e9", "time nan"]:
        sess("clock-" + re.sub(r"[^\w]+", "_", cmd), ["new", cmd, "force", "ping 2"])
    sess("go-time-zero", ["new", "time 0", "otim 0", ("go\n", r"^move "), "ping 2"])
    sess("go-time-negative", ["new", "time -100", ("go\n", r"^move "), "ping 2"])
    sess("go-time-huge", ["new", "level 0 1 0", "time 1", "otim 1", ("go\n", r"^move "), "ping 2"])
    sess("go-sd1", ["new", "sd 1", ("go\n", r"^move "), "ping 2"])
    sess("go-ping-while-thinking", ["new", "st 3", "go", "ping 2", ("?\n", r"^move "), "ping 3"])
    sess("analyze-undo-beyond", ["new", "force", "analyze", "undo", "undo", "remove", "usermove e2e4", "ping 2",
                                 "exit", "ping 3"])
    sess("undo-1000", ["new", "force"] + ["undo"] * 1000 + ["ping 2"])
    sess("remove-1000", ["new", "force"] + ["remove"] * 1000 + ["ping 2"])
    sess("hard-ponder", ["new", "hard", "sd 2", ("e2e4\n", r"^move "), "ping 2", "easy", "force", "ping 3"])
    sess("question-idle", ["new", "force", "?", "?", "ping 2"])
    sess("latin1-name", [b"name Caf\xe9\n", b"\xff\xfe\xfd\n", "ping 2"])
    sess("eof-mid-search", ["new", "st 100", "go", (b"", None)])
    # `new` is chess: the big board is asked for by its variant name (the file's stem).
    sess("full-26x26-go-st1", ["new", "variant full", "ping 2", "st 1", ("go\n", r"^move "), "ping 3"],
         args=["xboard", "full.toml"], files={"full.toml": many_piece_level(26, 26, 2)})
    sess("variant-full-26x26", ["variant full", "ping 2", "new", "ping 3"], args=["xboard", "full.toml"],
         files={"full.toml": many_piece_level(26, 26, 2)})
    sess("levelfile-like-arg-fifo", ["ping 2"], args=["xboard", "f.toml"], files={"f.toml": Fifo()})
    sess("post-analyze-26x26", ["new", "variant full", "post", "analyze", "ping 2", "exit", "ping 3"],
         args=["xboard", "full.toml"], files={"full.toml": many_piece_level(26, 26, 2)})
    return cases


KINDS = {
    "level": level_cases,
    "betza": betza_cases,
    "hasinu": hasinu_cases,
    "urc": urc_cases,
    "image": image_cases,
    "fen": fen_cases,
    "pgn": pgn_cases,
    "courier": courier_cases,
    "saved": saved_cases,
    "balance": balance_cases,
    "tune": tune_cases,
    "options": option_cases,
    "drive": drive_cases,
    "uci": uci_cases,
    "xboard": xboard_cases,
}


# ----------------------------------------------------------------------------- main

def slug(text):
    return re.sub(r"[^\w]+", "_", text)


def safe_name(kind, name):
    return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", f"{kind}-{name}")[:120]


def gui_build(binary):
    """Whether `play` exists with a window (a build without the `gui` feature refuses it)."""
    try:
        out = subprocess.run([binary, "play", "--help"], capture_output=True, timeout=20)
        return out.returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=str(DEFAULT_BINARY))
    ap.add_argument("--out", default="/tmp/hostile")
    ap.add_argument("--only", help="kinds to run, comma separated: " + ", ".join(KINDS))
    ap.add_argument("--name", help="only cases whose name contains this text")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("--quiet", action="store_true", help="print only the cases that are not OK")
    args = ap.parse_args()

    kinds = list(KINDS)
    if args.only:
        kinds = [k.strip() for k in args.only.split(",") if k.strip()]
        unknown = [k for k in kinds if k not in KINDS]
        if unknown:
            print(f"unknown kind(s) {', '.join(unknown)}; kinds: {', '.join(KINDS)}", file=sys.stderr)
            sys.exit(2)
    cases = []
    for k in kinds:
        cases += KINDS[k]()
    if args.name:
        cases = [c for c in cases if args.name in c.name]
    seen = {}
    for c in cases:
        key = safe_name(c.kind, c.name)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            c.name += f"-{seen[key]}"
    if args.list:
        for c in cases:
            print(f"{c.kind:8} {c.name}")
        print(f"{len(cases)} cases")
        return
    binary = args.binary
    if not os.path.isfile(binary) or not os.access(binary, os.X_OK):
        print(f"areachess binary {binary} does not exist (build it, or pass --binary)", file=sys.stderr)
        sys.exit(2)
    if "drive" in kinds and not gui_build(binary):
        print("this build has no window (`play` refused): the drive cases are skipped", file=sys.stderr)
        cases = [c for c in cases if c.kind != "drive"]

    plant_secrets()
    out = Path(args.out)
    tmp = out / "tmp"
    for sub in (out / "cases", tmp):
        if sub.exists():
            shutil.rmtree(sub)
    tmp.mkdir(parents=True)
    results = []
    started = time.monotonic()
    for n, case in enumerate(cases, 1):
        folder = tmp / safe_name(case.kind, case.name)
        folder.mkdir(parents=True)
        materialize(folder, case.files)
        try:
            if case.session is not None:
                res = run_session(case, binary, folder)
            else:
                res = run_plain(case, binary, folder)
            verdict, detail = classify(case, res, folder)
        except Exception as e:  # the harness itself: say so, go on
            res = {"rc": None, "out": b"", "err": repr(e).encode(), "elapsed": 0.0, "problems": []}
            verdict, detail = "WRONG", f"harness error: {e!r}"
        output = (res["out"] + b"\n--- stderr ---\n" + res["err"]) if res["err"] else res["out"]
        excerpt = output[:300].decode("utf-8", "replace")
        if verdict in ("PANIC", "SIGNAL", "OOM"):
            # The crash message is at the end of stderr.
            excerpt = (res["out"][:150] + b"\n--- stderr (end) ---\n" + res["err"][-250:]).decode("utf-8", "replace")
        if verdict == "LEAK":
            idx = output.lower().find(MARKER.lower().encode())
            excerpt = output[max(0, idx - 150): idx + 150].decode("utf-8", "replace")
        entry = {"kind": case.kind, "name": case.name, "verdict": verdict, "detail": detail,
                 "exit": res["rc"], "seconds": round(res["elapsed"], 2),
                 "command": command_line(case, binary), "cwd": str(out / "cases" / safe_name(case.kind, case.name)),
                 "note": case.note, "output": excerpt}
        if verdict != "OK":
            dest = out / "cases" / safe_name(case.kind, case.name)
            try:
                write_rerun(case, binary, folder, res)
                copy_case(folder, dest)
            except OSError as e:
                entry["detail"] += f" (case not kept: {e})"
        else:
            shutil.rmtree(folder, ignore_errors=True)
        results.append(entry)
        if not args.quiet or verdict != "OK":
            print(f"{n:4}/{len(cases)} {case.kind:8} {case.name[:60]:60} {verdict:8} {res['elapsed']:6.2f}s", flush=True)
            if verdict != "OK":
                print(f"      {detail}")
                print(f"      $ (cd {entry['cwd']} && {entry['command'][:400]})")
                for line in excerpt.splitlines()[:8]:
                    print(f"      | {line[:200]}")
    shutil.rmtree(tmp, ignore_errors=True)
    elapsed = time.monotonic() - started
    counts = {}
    for r in results:
        counts.setdefault(r["kind"], {}).setdefault(r["verdict"], 0)
        counts[r["kind"]][r["verdict"]] += 1
    print()
    print(f"{'kind':10} {'cases':>5}  verdicts")
    for k in kinds:
        if k in counts:
            total = sum(counts[k].values())
            print(f"{k:10} {total:5}  " + ", ".join(f"{v} {counts[k][v]}" for v in VERDICTS if v in counts[k]))
    bad = [r for r in results if r["verdict"] != "OK"]
    print(f"\n{len(results)} cases in {elapsed:.0f} s; {len(bad)} not OK")
    report = {"binary": binary, "seconds": round(elapsed, 1), "cases": len(results),
              "not_ok": len(bad), "counts": counts, "results": results}
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    print(f"report: {out / 'report.json'}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
