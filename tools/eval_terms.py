#!/usr/bin/env python3
"""What a labelled set of positions sees that areachess's evaluation does not, told by
Fairy-Stockfish's evaluation terms and by the pieces on the board.

    python3 tools/eval_terms.py POSITIONS --variant capablanca [--engine 'COMMAND']
        [--binary PATH] [--fsf /usr/games/fairy-stockfish] [--limit N] [--middlegame 0.6]
    python3 tools/eval_terms.py POSITIONS --variant capablanca --offsets
        [--held-out OTHER] [--level LEVEL --out NEW_LEVEL]
    python3 tools/eval_terms.py --games GAMES.pgn... --player NAME --variant capablanca
        [--from-ply 16] [--to-ply 90]

POSITIONS holds `FEN;P` lines, as tools/label_positions.py writes them (P: White's expected
score from a stronger engine's centipawns cp, 1 / (1 + 10^(−cp/400))). Each position is put
to areachess's UCI `eval` (its evaluation without a search, for White, and how far into the
middlegame it is) and to Fairy-Stockfish's `eval` (the table of its classical evaluation's
terms, White's and Black's, middlegame and endgame, as Fairy-Stockfish 11 prints it); each
term is tapered by areachess's middlegame share. A label is turned back into centipawns,
400 · log10(P / (1 − P)), and areachess's evaluation scaled by the k that fits the labels
best (as `areachess tune` fits it); the residual is the label less that.

It prints how closely each evaluation follows the labels, then per Fairy-Stockfish term its
spread, its correlation with the residual and the residual's slope on it (near 1: areachess
sees nothing of it; near 0: areachess sees it, or it does not matter to the labels), the
same for the middlegame positions alone (areachess's share above --middlegame), the
residual fitted to all terms at once, and fitted to the difference in each piece letter's
count (White's less Black's): how many centipawns more each piece is worth to the labels
than to areachess. A term with a large slope and correlation is one the evaluation lacks;
a piece with a large difference is valued apart from the labels. Positions are read in
order, the first --limit of them (all by default).

With --offsets, Fairy-Stockfish is not asked: each piece letter gets a middlegame and an
endgame offset (the pawn's middlegame one held at 0, the unit the rest is measured in),
fitted by Gauss-Newton to the labels as `areachess tune` fits, the evaluation plus each
letter's count difference times its offset, tapered by the middlegame share, through the
logistic of the k that fits best. It prints the error before and after, on POSITIONS and on
--held-out positions (fitted on neither), and the offsets; with --level and --out it writes
a copy of LEVEL whose `[pieces.X.squares]` tables have each letter's offsets added to every
entry of `middle` and `end` (a piece without tables gets none: give it tables of zeros
first), so that the build run from a directory holding the copy plays with them.

With --games, no labels are read: the positions are those of recorded games (PGN files as
`uci_match.py --pgn` writes them) where the player whose White or Black tag contains
--player is to move, from --from-ply to --to-ply, not in check. Both evaluations are read
from that player's side, Fairy-Stockfish's scaled by the k that brings it nearest
areachess's. Fairy-Stockfish's evaluation is no oracle, but a search prefers the positions
its own evaluation overrates, so where areachess stands above Fairy-Stockfish on average
(its optimism) the terms that both lean against the player and follow the optimism
(negative mean, negative correlation) are what its play gives away unseen. It prints the
means of both evaluations and of the optimism, then per term its mean from the player's
side, that mean scaled by k, and its correlation with the optimism. Needs pyffish to read
the moves (`pip install pyffish`).

areachess is the release binary found as the other tools find it (--binary,
$AREACHESS_BIN, the target directories), or any --engine command that speaks UCI with
`eval` (a build run from a directory holding other levels, through a script). Needs Fairy-Stockfish 11 (classical evaluation, Debian's
`fairy-stockfish`); nothing else beyond Python.
"""

import argparse
import math
import re
import sys

import areachess_bin
from find_mistakes import Judge

TERMS = [
    "Material", "Imbalance", "Pawns", "Knights", "Bishops", "Rooks", "Queens", "Mobility",
    "King safety", "Threats", "Passed", "Space", "Initiative",
]


def ask_ours(engine, fen):
    """areachess's evaluation for White and its middlegame share."""
    engine.send(f"position fen {fen}")
    engine.send("eval")
    line = engine.wait_for("info string")
    found = re.search(r"^info string eval -?\d+ white (-?\d+) middlegame ([\d.]+)", line)
    if not found:
        sys.exit(f"eval_terms.py: areachess answered `eval` with: {line.strip()} "
                 "(a build with UCI's eval is needed)")
    return int(found.group(1)), float(found.group(2))


def ask_fsf(engine, fen):
    """Fairy-Stockfish's terms, each (middlegame, endgame) totals in centipawns."""
    engine.send(f"position fen {fen}")
    engine.send("eval")
    terms = {}
    for line in engine.proc.stdout:
        if line.startswith("Total evaluation"):
            break
        cells = [c.strip() for c in line.split("|")]
        if len(cells) == 4 and cells[0] in TERMS:
            total = cells[3].split()
            terms[cells[0]] = tuple(0.0 if x == "----" else 100 * float(x) for x in total)
    else:
        raise RuntimeError("Fairy-Stockfish stopped")
    if len(terms) != len(TERMS):
        missing = ", ".join(t for t in TERMS if t not in terms)
        raise RuntimeError(f"Fairy-Stockfish's eval printed no {missing}: a classical evaluation is needed")
    return terms


def start_engines(command, args, fail):
    """areachess (`command`) and Fairy-Stockfish (--fsf), each told the variant."""
    try:
        return Judge(command, args.variant), Judge(args.fsf, args.variant)
    except OSError as e:
        fail(f"cannot start an engine: {e}")


def tapered(table, share):
    """Fairy-Stockfish's terms, in TERMS' order, each tapered by areachess's middlegame share."""
    return [share * table[t][0] + (1 - share) * table[t][1] for t in TERMS]


def logistic_error(ours, labels, k):
    """The mean squared error of the predictions 1 / (1 + 10^(−k·e/400)) against the labels."""
    return sum((p - 1 / (1 + 10 ** (-k * e / 400))) ** 2 for e, p in zip(ours, labels)) / len(ours)


def piece_letters(fens):
    """The piece letters of the positions, upper case, the king's left out."""
    return sorted({ch.upper() for fen in fens for ch in fen.split()[0].split("[")[0]
                   if ch.isalpha() and ch.upper() != "K"})


def shifted(ours, rows, offsets):
    """The evaluations with each position's `rows` entry times the offsets added."""
    return [e + sum(x * o for x, o in zip(row, offsets)) for e, row in zip(ours, rows)]


def label_centipawns(p):
    p = min(max(p, 1e-4), 1 - 1e-4)
    return 400 * math.log10(p / (1 - p))


def best_scale(ours, labels):
    """The k from 0.05 to 4 whose predictions 1 / (1 + 10^(−k·e/400)) fit the labels best."""
    def error(k):
        return logistic_error(ours, labels, k)
    lo, hi = 0.05, 4.0
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if error(a) < error(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def mean(xs):
    return sum(xs) / len(xs)


def spread(xs):
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / len(xs))


def correlation(xs, ys):
    mx, my = mean(xs), mean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0


def slope(xs, ys):
    mx, my = mean(xs), mean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx > 0 else 0.0


def least_squares(rows, ys):
    """Coefficients (the last for a constant) minimising the squared error of rows · c."""
    n = len(rows[0]) + 1
    a = [[0.0] * (n + 1) for _ in range(n)]
    for row, y in zip(rows, ys):
        x = list(row) + [1.0]
        for i in range(n):
            for j in range(n):
                a[i][j] += x[i] * x[j]
            a[i][n] += x[i] * y
    return solve(a)


def rms(xs):
    return math.sqrt(sum(x * x for x in xs) / len(xs))


def piece_counts(fen, letters):
    board = fen.split()[0].split("[")[0]
    counts = dict.fromkeys(letters, 0)
    for ch in board:
        if ch.upper() in counts:
            counts[ch.upper()] += 1 if ch.isupper() else -1
    return [counts[x] for x in letters]


def offset_rows(fens, shares, letters):
    """Per position: each letter's count difference tapered into (middlegame, endgame)."""
    rows = []
    for fen, share in zip(fens, shares):
        counts = piece_counts(fen, letters)
        rows.append([c * share for c in counts] + [c * (1 - share) for c in counts])
    return rows


def fit_offsets(ours, labels, rows, held):
    """The offsets (middlegame then endgame, by letter; the first held at 0) and k."""
    n = len(rows[0])
    free = [j for j in range(n) if j not in held]
    d = [0.0] * n
    k = best_scale(ours, labels)
    for _ in range(6):
        m = len(free)
        a = [[0.0] * (m + 1) for _ in range(m)]
        for e, p, row in zip(shifted(ours, rows, d), labels, rows):
            q = 1 / (1 + 10 ** (-k * e / 400))
            g = q * (1 - q) * math.log(10) * k / 400
            x = [g * row[j] for j in free]
            r = p - q
            for i in range(m):
                if x[i] == 0.0:
                    continue
                for j in range(m):
                    a[i][j] += x[i] * x[j]
                a[i][m] += x[i] * r
        step = solve(a)
        for j, s in zip(free, step):
            d[j] += s
        k = best_scale(shifted(ours, rows, d), labels)
    return d, k


def solve(a):
    """The solution of the augmented system a (n rows of n + 1), 0 where it is singular."""
    n = len(a)
    for i in range(n):
        a[i][i] += 1e-9
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                for c in range(col, n + 1):
                    a[r][c] -= f * a[col][c]
    return [a[i][n] / a[i][i] if abs(a[i][i]) > 1e-12 else 0.0 for i in range(n)]


def shift_level(level, out, offsets):
    """Writes `level` with `offsets[letter] = (middle, end)` added to its tables' entries."""
    lines, piece, part = [], None, None
    with open(level) as f:
        for line in f:
            header = re.match(r"\[pieces\.(\w+)\.squares\]", line)
            if header:
                piece = header.group(1).upper()
            elif line.startswith("["):
                piece = None
            if re.match(r"\s*middle\s*=", line):
                part = 0
            elif re.match(r"\s*end\s*=", line):
                part = 1
            if piece in offsets and part is not None and re.match(r"\s*\[\s*-?\d", line):
                shift = round(offsets[piece][part])
                numbers = [int(x) + shift for x in re.findall(r"-?\d+", line)]
                line = "  [" + ", ".join(f"{x:4d}" for x in numbers) + "],\n"
            lines.append(line)
    with open(out, "w") as f:
        f.write("".join(lines))


def read_positions(path, limit, fail):
    read = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            fen, sep, p = line.rpartition(";")
            if not sep:
                fail(f"{path}:{number}:1: expected `FEN;P`")
            try:
                read.append((fen, float(p)))
            except ValueError:
                fail(f"{path}:{number}:{len(fen) + 2}: expected `FEN;P`, P from 0 to 1")
            if limit and len(read) == limit:
                break
    if len(read) < 20:
        fail(f"{path}: {len(read)} positions; give at least 20")
    return read


def offsets_report(args, command, fail):
    positions = read_positions(args.positions, args.limit, fail)
    held_out = read_positions(args.held_out, args.limit, fail) if args.held_out else []
    try:
        engine = Judge(command, args.variant)
    except OSError as e:
        fail(f"cannot start areachess: {e}")
    sets = []
    for read in (positions, held_out):
        asked = [ask_ours(engine, fen) for fen, _ in read]
        sets.append(([e for e, _ in asked], [s for _, s in asked], [p for _, p in read], [f for f, _ in read]))
    engine.send("quit")
    ours, shares, labels, fens = sets[0]
    letters = piece_letters(fens)
    rows = offset_rows(fens, shares, letters)
    held = {letters.index("P")} if "P" in letters else {0}
    d, k = fit_offsets(ours, labels, rows, held)
    k0 = best_scale(ours, labels)
    after = shifted(ours, rows, d)
    print(f"{len(positions)} positions of {args.positions}: error {logistic_error(ours, labels, k0):.6f} "
          f"(k {k0:.3f}) -> {logistic_error(after, labels, k):.6f} (k {k:.3f})")
    if held_out:
        h_ours, h_shares, h_labels, h_fens = sets[1]
        h_rows = offset_rows(h_fens, h_shares, letters)
        h_after = shifted(h_ours, h_rows, d)
        print(f"{len(held_out)} held-out positions of {args.held_out}: error "
              f"{logistic_error(h_ours, h_labels, best_scale(h_ours, h_labels)):.6f} -> "
              f"{logistic_error(h_after, h_labels, best_scale(h_after, h_labels)):.6f}")
    n = len(letters)
    offsets = {x: (d[i], d[n + i]) for i, x in enumerate(letters)}
    print("offsets (middlegame, endgame) in centipawns of the evaluation:")
    print("  " + ", ".join(f"{x} {m:+.0f} {e:+.0f}" for x, (m, e) in offsets.items()))
    if args.level and args.out:
        shift_level(args.level, args.out, offsets)
        print(f"wrote {args.out}: {args.level} with the offsets added to its tables")


def games_report(args, command, fail):
    """The --games report: both evaluations over the positions of recorded games where
    --player is to move, from its side, and which of Fairy-Stockfish's terms follow
    areachess's optimism."""
    try:
        from label_positions import pgn_games, read_texts
    except ImportError:
        fail("--games needs pyffish to read the moves (pip install pyffish)")
    import pyffish
    texts = read_texts(args.games, fail)
    name = args.player.lower()
    ours_engine, fsf_engine = start_engines(command, args, fail)
    games, ours, terms = 0, [], []
    for tags, fens in pgn_games(texts, args.variant):
        sides = [c for c, tag in (("w", "White"), ("b", "Black")) if name in tags.get(tag, "").lower()]
        if len(sides) != 1:
            continue
        games += 1
        sign = 1 if sides[0] == "w" else -1
        for fen in fens[args.from_ply:args.to_ply]:
            if fen.split()[1] != sides[0] or pyffish.gives_check(args.variant, fen, []):
                continue
            white, share = ask_ours(ours_engine, fen)
            try:
                table = ask_fsf(fsf_engine, fen)
            except RuntimeError as e:
                fail(f"{e} (position {fen})")
            ours.append(sign * white)
            terms.append([sign * x for x in tapered(table, share)])
    for engine in (ours_engine, fsf_engine):
        engine.send("quit")
    if len(ours) < 20:
        fail(f"{len(ours)} positions of {args.player} in {games} games; give at least 20")
    totals = [sum(t) for t in terms]
    k = sum(o * t for o, t in zip(ours, totals)) / max(sum(t * t for t in totals), 1e-9)
    optimism = [o - k * t for o, t in zip(ours, totals)]
    print(f"{len(ours)} positions of {args.player} to move in {games} games "
          f"(plies {args.from_ply} to {args.to_ply}), from its side")
    print(f"areachess's evaluation: mean {mean(ours):+.1f}; Fairy-Stockfish's terms summed, "
          f"scaled by k {k:.3f}: mean {k * mean(totals):+.1f}")
    print(f"optimism (areachess less k times Fairy-Stockfish): mean {mean(optimism):+.1f}, "
          f"spread {spread(optimism):.1f}")
    print()
    print(f"{'term':12} {'mean':>7} {'mean*k':>7} {'corr':>7}")
    for j, term in enumerate(TERMS):
        xs = [t[j] for t in terms]
        print(f"{term:12} {mean(xs):+7.1f} {k * mean(xs):+7.1f} {correlation(xs, optimism):+7.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("positions", nargs="?")
    parser.add_argument("--variant", required=True)
    parser.add_argument("--engine", default=None)
    parser.add_argument("--binary", default=None)
    parser.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--middlegame", type=float, default=0.6)
    parser.add_argument("--offsets", action="store_true")
    parser.add_argument("--held-out", default=None)
    parser.add_argument("--level", default=None)
    parser.add_argument("--out", default=None)
    parser.add_argument("--games", nargs="+", default=None)
    parser.add_argument("--player", default=None)
    parser.add_argument("--from-ply", type=int, default=16)
    parser.add_argument("--to-ply", type=int, default=90)
    args = parser.parse_args()

    def fail(message):
        sys.exit(f"eval_terms.py: {message}")

    if (args.level is None) != (args.out is None) or (args.level and not args.offsets):
        fail("--level and --out go together, with --offsets")
    if (args.games is None) == (args.positions is None):
        fail("give POSITIONS or --games, one of them")
    if (args.games is None) != (args.player is None):
        fail("--games and --player go together")
    if args.games and args.offsets:
        fail("--offsets fits to POSITIONS, not to --games")
    command = args.engine or f"'{areachess_bin.find_binary(args.binary, fail)}' uci"
    if args.games:
        games_report(args, command, fail)
        return
    if args.offsets:
        offsets_report(args, command, fail)
        return
    read = read_positions(args.positions, args.limit, fail)
    ours_engine, fsf_engine = start_engines(command, args, fail)
    ours, shares, labels, terms = [], [], [], []
    for fen, p in read:
        white, share = ask_ours(ours_engine, fen)
        table = ask_fsf(fsf_engine, fen)
        ours.append(white)
        shares.append(share)
        labels.append(p)
        terms.append(tapered(table, share))
    for engine in (ours_engine, fsf_engine):
        engine.send("quit")

    k = best_scale(ours, labels)
    label_cp = [label_centipawns(p) for p in labels]
    scaled = [k * e for e in ours]
    residual = [y - e for y, e in zip(label_cp, scaled)]
    fsf_total = [sum(t) for t in terms]
    print(f"{len(read)} positions of {args.positions}; areachess's evaluation scaled by k {k:.3f}")
    print(f"labels against areachess:      correlation {correlation(label_cp, scaled):.4f}, "
          f"rms {rms(residual):.1f}")
    print(f"labels against Fairy-Stockfish: correlation {correlation(label_cp, fsf_total):.4f}, "
          f"rms {rms([y - t for y, t in zip(label_cp, fsf_total)]):.1f} (its terms summed)")
    middle = [i for i, s in enumerate(shares) if s > args.middlegame]
    print()
    print(f"{'term':12} {'spread':>7} {'corr':>7} {'slope':>7} {'corr, middlegame':>17}")
    for j, name in enumerate(TERMS):
        xs = [t[j] for t in terms]
        if spread(xs) == 0:
            continue
        mid = correlation([xs[i] for i in middle], [residual[i] for i in middle]) if len(middle) > 2 else 0.0
        print(f"{name:12} {spread(xs):7.1f} {correlation(xs, residual):+7.3f} "
              f"{slope(xs, residual):+7.3f} {mid:+17.3f}")
    coef = least_squares(terms, residual)
    fitted = [r - sum(c * x for c, x in zip(coef, t)) - coef[-1] for t, r in zip(terms, residual)]
    print()
    print(f"residual fitted to every term at once: rms {rms(residual):.1f} -> {rms(fitted):.1f}")
    print("  " + ", ".join(f"{name} {c:+.2f}" for name, c in zip(TERMS, coef)))
    letters = piece_letters([fen for fen, _ in read])
    counts = [piece_counts(fen, letters) for fen, _ in read]
    coef = least_squares(counts, residual)
    print()
    print("worth more to the labels than to areachess (centipawns a piece, scaled by k):")
    print("  " + ", ".join(f"{x} {c:+.0f}" for x, c in zip(letters, coef)))


if __name__ == "__main__":
    main()
