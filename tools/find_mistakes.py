#!/usr/bin/env python3
"""The moves that cost an engine most in the games it lost, as a stronger engine sees them.

    python3 tools/find_mistakes.py GAMES.pgn NAME [--variant chess] [--ms 200]
        [--from-ply 8] [--to-ply N] [--least 60] [--every-game]
        [--judge /usr/games/fairy-stockfish]

Reads the PGN (as `uci_match.py --pgn` writes it, in any variant Fairy-Stockfish knows:
its `Variant` and `FEN` tags are honoured, the SAN read through pyffish) and, for each game
lost by the player whose name contains NAME (every game of that player with
--every-game), asks the judge (a UCI engine told `UCI_Variant`, --ms milliseconds a
position) for its score before each of that player's moves from --from-ply on (up to
--to-ply) and after the move. A move is listed when it lost at least --least centipawns,
the judge's best move was another one, and the position was not already lost by more
than 400. Each line: the ply, the move played, the judge's choice, its score before and
after (from the mover's side), the loss, and the FEN. A summary follows: how many moves
were judged, their mean loss (each loss counted up to 500), and how many lost at least 60,
100, 150 and 300 centipawns, in all and where the judge scored the position within ±100
before. Needs pyffish (`pip install pyffish`).
"""

import argparse
import re
import shlex
import subprocess

import pyffish

MATE = 10000


class Judge:
    """A UCI engine asked for its score and best move in one position at a time: the
    command (with its arguments), the variant, and options as NAME=VALUE."""

    def __init__(self, command, variant, options=()):
        self.proc = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.send(f"setoption name UCI_Variant value {variant}")
        for option in options:
            name, value = option.split("=", 1)
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, start):
        for line in self.proc.stdout:
            if line.startswith(start):
                return line
        raise RuntimeError("the judge stopped")

    def analyse(self, fen, moves, ms):
        """The score for the side to move (mates as ±10000) and the best move."""
        score, move, _ = self.search(fen, moves, ms)
        return score, move

    def search(self, fen, moves, ms):
        """The score for the side to move (mates as ±10000), the best move and the depth
        reached: the last told of the first line, where several lines are told."""
        self.send(f"position fen {fen} moves {' '.join(moves)}".rstrip())
        self.send(f"go movetime {ms}")
        score, depth = 0, 0
        for line in self.proc.stdout:
            found = re.search(r" score (cp|mate) (-?\d+)", line)
            if found and (" multipv " not in line or " multipv 1 " in line):
                value = int(found.group(2))
                score = value if found.group(1) == "cp" else (MATE if value > 0 else -MATE)
                deep = re.search(r" depth (\d+)", line)
                depth = int(deep.group(1)) if deep else depth
            if line.startswith("bestmove"):
                return score, line.split()[1], depth
        raise RuntimeError("the judge stopped")

    def quit(self):
        self.send("quit")
        self.proc.wait()


def read_games(path, variant):
    """Each game's tags and its moves in UCI, read from the SAN through pyffish."""
    text = open(path).read()
    for block in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        if not tags:
            continue
        body = re.sub(r"\{[^}]*\}", "", re.sub(r"\[[^\]]*\]", "", block))
        words = [re.sub(r"^\d+\.+", "", w) for w in body.split()]
        sans = [w for w in words if w and w not in ("1-0", "0-1", "1/2-1/2", "*")]
        game_variant = tags.get("Variant", variant)
        fen = tags.get("FEN", pyffish.start_fen(game_variant))
        moves = []
        for san in sans:
            here = pyffish.get_fen(game_variant, fen, moves)
            legal = pyffish.legal_moves(game_variant, fen, moves)
            move = next((m for m in legal if pyffish.get_san(game_variant, here, m) == san), None)
            if move is None:
                break
            moves.append(move)
        yield tags, fen, moves


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pgn")
    p.add_argument("name")
    p.add_argument("--variant", default="chess")
    p.add_argument("--ms", type=int, default=200)
    p.add_argument("--from-ply", type=int, default=8)
    p.add_argument("--to-ply", type=int, default=10**6)
    p.add_argument("--least", type=int, default=60)
    p.add_argument("--every-game", action="store_true")
    p.add_argument("--judge", default="/usr/games/fairy-stockfish")
    args = p.parse_args()
    judge = Judge(args.judge, args.variant)
    losses, every_loss, games = [], [], 0
    for tags, fen, moves in read_games(args.pgn, args.variant):
        ours_white = args.name in tags.get("White", "")
        if not ours_white and args.name not in tags.get("Black", ""):
            continue
        if not args.every_game and tags.get("Result") != ("0-1" if ours_white else "1-0"):
            continue
        games += 1
        white_first = fen.split()[1] == "w"
        print(f"game {tags.get('Round', '?')} as {'White' if ours_white else 'Black'}")
        for ply in range(args.from_ply, min(args.to_ply, len(moves))):
            if ((ply % 2 == 0) == white_first) != ours_white:
                continue
            best, choice = judge.analyse(fen, moves[:ply], args.ms)
            if best < -400:
                continue
            move = moves[ply]
            if choice == move:
                every_loss.append(0)
                continue
            after = -judge.analyse(fen, moves[: ply + 1], args.ms)[0]
            loss = best - after
            every_loss.append(max(0, min(loss, 500)))
            if loss >= args.least:
                losses.append((loss, best))
                here = pyffish.get_fen(args.variant, fen, moves[:ply])
                print(f"  ply {ply}: played {move}, best {choice}: {best} -> {after} ({loss})  {here}")
    judge.quit()
    mean = sum(every_loss) / len(every_loss) if every_loss else 0
    print(f"{games} games, {len(every_loss)} moves judged, mean loss {mean:.1f}")
    for least in (60, 100, 150, 300):
        every = sum(1 for loss, _ in losses if loss >= least)
        level = sum(1 for loss, best in losses if loss >= least and abs(best) <= 100)
        print(f"lost at least {least}: {every} ({level} from a level position)")


if __name__ == "__main__":
    main()
