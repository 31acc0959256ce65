"""Finding the areachess binary for the tools in this folder (one search, shared)."""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def find_binary(explicit, fail):
    """The release binary: --binary, $AREACHESS_BIN, $CARGO_TARGET_DIR, target/, the
    project's usual ~/.cache/areachess-target, then cargo's configured target directory.
    Calls fail(message) (which must not return) naming every place tried."""
    if explicit or os.environ.get("AREACHESS_BIN"):
        path = Path(explicit or os.environ["AREACHESS_BIN"])
        if not path.is_file():
            source = "--binary" if explicit else "AREACHESS_BIN"
            fail(f"areachess binary {path} (from {source}) does not exist")
        return path
    tried = []
    if os.environ.get("CARGO_TARGET_DIR"):
        tried.append(Path(os.environ["CARGO_TARGET_DIR"]) / "release" / "areachess")
    tried.append(ROOT / "target" / "release" / "areachess")
    tried.append(Path.home() / ".cache" / "areachess-target" / "release" / "areachess")
    for path in tried:
        if path.is_file():
            return path
    if shutil.which("cargo"):
        try:
            meta = subprocess.run(
                ["cargo", "metadata", "--no-deps", "--format-version", "1", "--offline"],
                cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
            )
            path = Path(json.loads(meta.stdout)["target_directory"]) / "release" / "areachess"
            tried.append(path)
            if path.is_file():
                return path
        except (subprocess.SubprocessError, OSError, ValueError, KeyError):
            pass
    fail(
        "the areachess binary was not found; tried "
        + ", ".join(str(p) for p in tried)
        + ". Build it with `cargo build --release`, or pass --binary PATH or set AREACHESS_BIN."
    )


def fail(message):
    """Prints `message` on stderr and exits 2: a tool that cannot run."""
    print(message, file=sys.stderr)
    sys.exit(2)


def random_games_setup(description):
    """What each comparison of random games against Fairy-Stockfish starts with: its
    arguments (--games, --plies, --seed, --binary, and level names to keep to), pyffish,
    the binary's path and a random source seeded by --seed. Exits 2, saying why, when pyffish or the binary is
    missing."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary")
    ap.add_argument("levels", nargs="*", help="only these levels (file stems); default: all")
    args = ap.parse_args()
    try:
        import pyffish
    except ImportError:
        fail("pyffish is missing: pip install pyffish")
    return args, pyffish, str(find_binary(args.binary, fail)), random.Random(args.seed)
