#!/usr/bin/env python3
"""The moves that cost an engine most in the chess games it lost, as a stronger engine sees them.

    python3 tools/find_mistakes.py GAMES.pgn NAME [--ms 200] [--from-ply 8] [--least 60]
        [--judge /usr/games/fairy-stockfish]

Reads the PGN (as `uci_match.py --pgn` writes it; chess only, read by python-chess) and,
for each game lost by the player whose name contains NAME, asks the judge (a UCI engine,
--ms milliseconds a position) for its score before each of that player's moves from
--from-ply on and after the move. A move is listed when it lost at least --least
centipawns, the judge's best move was another one, and the position was not already lost
by more than 400. Each line: the ply, the move played, the judge's choice, its score
before and after (from the mover's side), the loss, and the FEN. A summary follows: how
many moves were judged, and how many lost at least 60, 100, 150 and 300 centipawns, in
all and where the judge scored the position within ±100 before.
"""

import argparse

import chess
import chess.engine
import chess.pgn


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pgn")
    p.add_argument("name")
    p.add_argument("--ms", type=int, default=200)
    p.add_argument("--from-ply", type=int, default=8)
    p.add_argument("--least", type=int, default=60)
    p.add_argument("--judge", default="/usr/games/fairy-stockfish")
    args = p.parse_args()
    judge = chess.engine.SimpleEngine.popen_uci(args.judge)
    limit = chess.engine.Limit(time=args.ms / 1000)
    losses, judged, games = [], 0, 0
    with open(args.pgn) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            ours_white = args.name in game.headers.get("White", "")
            if not ours_white and args.name not in game.headers.get("Black", ""):
                continue
            if game.headers.get("Result") != ("0-1" if ours_white else "1-0"):
                continue
            games += 1
            board = game.board()
            print(f"game {game.headers.get('Round', '?')} as {'White' if ours_white else 'Black'}")
            for ply, move in enumerate(game.mainline_moves()):
                if (board.turn == chess.WHITE) == ours_white and ply >= args.from_ply:
                    judged += 1
                    before = judge.analyse(board, limit)
                    best = before["score"].pov(board.turn).score(mate_score=10000)
                    choice = before["pv"][0]
                    after_board = board.copy()
                    after_board.push(move)
                    after = judge.analyse(after_board, limit)["score"].pov(board.turn).score(mate_score=10000)
                    loss = best - after
                    if loss >= args.least and choice != move and best > -400:
                        losses.append((loss, best))
                        print(f"  ply {ply}: played {board.san(move)}, best {board.san(choice)}: "
                              f"{best} -> {after} ({loss})  {board.fen()}")
                board.push(move)
    judge.quit()
    print(f"{games} lost games, {judged} moves judged")
    for least in (60, 100, 150, 300):
        every = sum(1 for loss, _ in losses if loss >= least)
        level = sum(1 for loss, best in losses if loss >= least and abs(best) <= 100)
        print(f"lost at least {least}: {every} ({level} from a level position)")


if __name__ == "__main__":
    main()
