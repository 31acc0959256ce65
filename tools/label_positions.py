#!/usr/bin/env python3
"""Quiet positions labelled by a stronger engine's evaluation, for `areachess tune --positions`.

    python3 tools/label_positions.py --variant chess --out chess.pos [--games 400]
        [--nodes 3000] [--depth 10] [--every 3] [--opening-plies 8] [--jobs 2] [--seed 1]
        [--first 'areachess uci'] [--labeller /usr/games/fairy-stockfish]
    python3 tools/label_positions.py --variant chess --out chess.pos --pgn games.pgn ...
    python3 tools/label_positions.py --variant chess --out chess.pos --self-play [--games 3000]
        [--nodes 4000] [--opening-plies 7]

Plays --games games of the variant, each side played by areachess or by the labeller
(drawn afresh for each side of each game, so the positions are of both engines' kinds),
each move searched --nodes nodes, after --opening-plies random legal moves. Of the
positions after the opening, one in --every (drawn at random) is sent to the labeller,
searched to --depth. It is kept when the side to move is not in check, the labeller's
best move is quiet (no capture, no promotion, no drop) and its score is no mate and within
±1500 centipawns. Each kept position is one line `FEN;P`: P is White's expected score,
1 / (1 + 10^(−cp/400)) from the labeller's centipawns cp for White. `tune` fits its own
logistic scale to these numbers, so the 400 only has to be the same for every line.

With --pgn, no game is played: the positions are those of the games in the PGN files
(uci_match.py's --pgn output, or any PGN of the variant whose moves pyffish writes the
same way), each game from its FEN tag or the variant's start, the first --opening-plies
plies skipped, and the same choice of one in --every and the same tests. Labelling the
games an engine lost shows the tuner the positions it actually meets.

With --self-play, the labeller plays both sides (each move searched --nodes nodes, after
--opening-plies random plies) and labels the positions by its own scores as it plays:
every position after the opening where the side to move is not in check, the move before
took nothing and gave no check, and the labeller's move is quiet, with the score of the
search that chose it (no mate, within ±1500); --depth and --every do not apply. Each
game's lines are written together, so a fit can hold whole games out. Positions from
games between areachess and the labeller teach a fit where areachess puts its pieces
before losing; these do not.

Games are refereed by pyffish, as in uci_match.py; --jobs games are played at once.
Needs python3 and pyffish.
"""

import argparse
import random
import re
import shlex
import sys
import threading

import pyffish

import areachess_bin
from uci_match import Engine, info_score, where


def board_part(fen):
    return fen.split()[0]


def piece_count(fen):
    return sum(ch.isalpha() for ch in board_part(fen).split("[")[0])


def quiet(variant, fen, move):
    """Neither a capture nor a promotion nor a drop."""
    if "@" in move:
        return False
    after = pyffish.get_fen(variant, fen, [move])
    if piece_count(after) != piece_count(fen):
        return False
    # A promotion names its piece after the two squares, or ends in `+` (shogi's).
    return not (move[-1].isalpha() or move.endswith("+"))


def label(labeller, fen, depth):
    """(centipawns for White, best move) from the labeller, or None."""
    labeller.send(f"position fen {fen}")
    labeller.last_info = None
    labeller.send(f"go depth {depth}")
    answer = labeller.until("bestmove", 60)
    found = info_score(labeller.last_info)
    if answer is None or found is None:
        return None
    kind, value, _ = found
    if kind != "cp" or abs(value) > 1500:
        return None
    white = value if fen.split()[1] == "w" else -value
    return white, answer.split()[1] if len(answer.split()) > 1 else ""


def read_texts(paths, fail):
    """Each file's (path, text), for `pgn_games`; `fail` is told of one that cannot be read."""
    texts = []
    for path in paths:
        try:
            with open(path) as f:
                texts.append((path, f.read()))
        except OSError as e:
            fail(f"cannot read {path}: {e.strerror}")
    return texts


def pgn_games(texts, variant):
    """Each game of the PGN texts, (path, text) pairs, as its tags (a dict) and the FENs of
    the positions its moves were made in (the last move's outcome left out), its SAN read back through
    pyffish: the legal move whose SAN is the one written, else the one
    whose SAN is it without check marks (a `+` that is part of a move, as shogi's
    promotion, is matched whole first)."""
    for path, text in texts:
        for chunk in re.split(r"\n(?=\[Event )", text):
            tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', chunk, re.M))
            if not tags:
                continue
            # A game without a Variant tag is chess, as PGN has it.
            if tags.get("Variant", "chess").lower() != variant:
                continue
            start = tags.get("FEN", pyffish.start_fen(variant))
            body = re.sub(r"^\[.*\]$", "", chunk, flags=re.M)
            body = re.sub(r"\{[^}]*\}|;[^\n]*", " ", body)
            fens = []
            fen = start
            for token in body.split():
                if re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", token):
                    continue
                token = token.rstrip("!?")
                legal = pyffish.legal_moves(variant, fen, [])
                found = read_san(variant, fen, token, legal)
                if len(found) != 1:
                    print(f"{path}: `{token}` read as {len(found)} moves; the game is cut there",
                          file=sys.stderr)
                    break
                fens.append(fen)
                fen = pyffish.get_fen(variant, fen, found[:1])
            yield tags, fens


def read_san(variant, fen, token, legal):
    """The legal moves of `fen` written `token`: first among those to the last square the
    token names (asking pyffish for every legal move's SAN is what reading costs), then,
    where that finds not exactly one, among all of them."""
    square = re.findall(r"[a-z]\d+", token)
    if square:
        near = [m for m in legal if re.findall(r"[a-z]\d+", m)[-1:] == square[-1:]]
        found = matching_san(variant, fen, token, near)
        if len(found) == 1:
            return found
    return matching_san(variant, fen, token, legal)


def matching_san(variant, fen, token, moves):
    """Those of `moves` whose SAN is `token`, else those whose SAN is it without check
    marks."""
    written = {m: pyffish.get_san(variant, fen, m) for m in moves}
    found = [m for m in moves if written[m] == token]
    if len(found) != 1:
        bare = token.rstrip("+#")
        found = [m for m in moves if written[m].rstrip("+#") == bare]
    return found


def label_game(labeller, args, rng, fens, out, lock):
    """Labels one in --every of the positions of a recorded game (`fens`, as `pgn_games`
    gives them) after the opening."""
    kept = 0
    for fen in fens[args.opening_plies:]:
        if rng.random() * args.every >= 1:
            continue
        if pyffish.gives_check(args.variant, fen, []):
            continue
        legal = pyffish.legal_moves(args.variant, fen, [])
        kept += keep_labelled(labeller, args, fen, legal, out, lock)
    return kept


def keep_labelled(labeller, args, fen, legal, out, lock):
    """Writes `FEN;P` for the position when the labeller's best move there is quiet and
    its score readable (see the module's docs); 1 if written, else 0."""
    found = label(labeller, fen, args.depth)
    if not (found and found[1] in legal and quiet(args.variant, fen, found[1])):
        return 0
    p = 1.0 / (1.0 + 10 ** (-found[0] / 400))
    with lock:
        out.write(f"{fen};{p:.4f}\n")
        out.flush()
    return 1


def searched_move(engine, start, moves, nodes):
    """The engine's move after `moves` from `start`, searched `nodes` nodes ("" if none)."""
    engine.send(where(start, moves))
    engine.send(f"go nodes {nodes}")
    answer = engine.until("bestmove", 60)
    return answer.split()[1] if answer and len(answer.split()) > 1 else ""


def random_opening(args, rng, start):
    """--opening-plies random legal moves from `start`, or None where the game ends first."""
    moves = []
    for _ in range(args.opening_plies):
        legal = pyffish.legal_moves(args.variant, start, moves)
        if not legal:
            return None
        moves.append(rng.choice(sorted(legal)))
    return moves


def one_game(players, labeller, args, rng, out, lock):
    start = pyffish.start_fen(args.variant)
    moves = random_opening(args, rng, start)
    if moves is None:
        return 0
    seats = [rng.choice(players), rng.choice(players)]
    for e in set(seats):
        e.send("ucinewgame")
        e.send(f"setoption name UCI_Variant value {args.variant}")
        e.ready()
    kept = 0
    while len(moves) < args.max_plies:
        legal = pyffish.legal_moves(args.variant, start, moves)
        if not legal:
            break
        if pyffish.is_optional_game_end(args.variant, start, moves)[0]:
            break
        if pyffish.is_immediate_game_end(args.variant, start, moves)[0]:
            break
        fen = pyffish.get_fen(args.variant, start, moves)
        if rng.random() * args.every < 1 and not pyffish.gives_check(args.variant, start, moves):
            kept += keep_labelled(labeller, args, fen, legal, out, lock)
        e = seats[len(moves) % 2]
        move = searched_move(e, start, moves, args.nodes)
        if move not in legal:
            break
        moves.append(move)
    return kept


def self_play_game(player, args, rng, out, lock):
    """One game the labeller plays against itself (--self-play), each move searched
    --nodes nodes: every position after the opening where the side to move is not in
    check, the move that led there neither took nor gave check, and the labeller's move
    is quiet, labelled by the score of that very search. The game's lines are written
    together, in the game's order."""
    start = pyffish.start_fen(args.variant)
    moves = random_opening(args, rng, start)
    if moves is None:
        return 0
    player.send("ucinewgame")
    player.send(f"setoption name UCI_Variant value {args.variant}")
    player.ready()
    lines = []
    settled = False
    # Positions are followed from FEN to FEN (pyffish would replay the whole game at every
    # call otherwise); a third repetition and the fifty-move rule end the game here.
    fen = pyffish.get_fen(args.variant, start, moves)
    seen = {}
    while len(moves) < args.max_plies:
        legal = pyffish.legal_moves(args.variant, fen, [])
        if not legal or pyffish.is_immediate_game_end(args.variant, fen, [])[0]:
            break
        fields = fen.split()
        key = " ".join(fields[:-2])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3 or (len(fields) >= 6 and fields[-2].isdigit() and int(fields[-2]) >= 100):
            break
        in_check = pyffish.gives_check(args.variant, fen, [])
        player.last_info = None
        move = searched_move(player, start, moves, args.nodes)
        if move not in legal:
            break
        found = info_score(player.last_info)
        if settled and not in_check and found and quiet(args.variant, fen, move):
            kind, value, _ = found
            if kind == "cp" and abs(value) <= 1500:
                white = value if fields[1] == "w" else -value
                lines.append(f"{fen};{1.0 / (1.0 + 10 ** (-white / 400)):.4f}\n")
        # The next position is settled unless this move took something or gives check.
        after = pyffish.get_fen(args.variant, fen, [move])
        settled = piece_count(after) == piece_count(fen) and not pyffish.gives_check(
            args.variant, after, []
        )
        fen = after
        moves.append(move)
    with lock:
        out.write("".join(lines))
        out.flush()
    return len(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="chess")
    p.add_argument("--out", required=True)
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--nodes", type=int, default=3000)
    p.add_argument("--depth", type=int, default=10)
    p.add_argument("--every", type=int, default=3)
    p.add_argument("--opening-plies", type=int, default=8)
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", default=None, help="areachess's command (default: the release binary, uci)")
    p.add_argument("--labeller", default="/usr/games/fairy-stockfish")
    p.add_argument("--binary", default=None)
    p.add_argument("--pgn", nargs="+", default=None, help="label the positions of these games instead of playing")
    p.add_argument("--self-play", action="store_true", help="the labeller plays both sides and labels by its own scores")
    args = p.parse_args()

    def fail(message):
        sys.exit(f"label_positions: {message}")

    if args.every < 1 or args.jobs < 1:
        fail("--every and --jobs must be at least 1")
    if args.pgn and args.self_play:
        fail("--pgn and --self-play: choose one")
    # The recorded games' files, read before any work, so that a bad one stops it.
    texts = read_texts(args.pgn or [], fail)
    # Recorded games need no player.
    first = None
    if not args.pgn and not args.self_play:
        first = shlex.split(args.first) if args.first else [str(areachess_bin.find_binary(args.binary, fail)), "uci"]
    labeller_command = shlex.split(args.labeller)
    try:
        out = open(args.out, "w")
    except OSError as e:
        fail(f"cannot write {args.out}: {e.strerror}")
    lock = threading.Lock()
    totals = {"games": 0, "kept": 0}
    # (number, recorded game or None to play one), taken in turn by the workers.
    if args.pgn:
        jobs = iter(enumerate(fens for _, fens in pgn_games(texts, args.variant)))
    else:
        jobs = iter((n, None) for n in range(args.games))

    def worker():
        if args.pgn:
            players = []
        elif args.self_play:
            players = [Engine(labeller_command, [], "labeller-player")]
        else:
            players = [Engine(first, [], "areachess"), Engine(labeller_command, [], "labeller-player")]
        labeller = Engine(labeller_command, [], "labeller")
        labeller.send(f"setoption name UCI_Variant value {args.variant}")
        try:
            while True:
                with lock:
                    n, game = next(jobs, (None, None))
                if n is None:
                    return
                rng = random.Random(args.seed * 1_000_003 + n)
                if args.self_play:
                    kept = self_play_game(players[0], args, rng, out, lock)
                elif game is None:
                    kept = one_game(players, labeller, args, rng, out, lock)
                else:
                    kept = label_game(labeller, args, rng, game, out, lock)
                with lock:
                    totals["games"] += 1
                    totals["kept"] += kept
                    print(f"game {n + 1}: {kept} positions", file=sys.stderr, flush=True)
        finally:
            for e in players + [labeller]:
                e.quit()

    threads = [threading.Thread(target=worker) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"{totals['games']} games, {totals['kept']} positions written to {args.out}")


if __name__ == "__main__":
    main()
