#!/usr/bin/env bash
# Makes the pictures in docs/ again, from the window itself (play --screenshot and
# --drive under Xvfb with a software renderer), so that they follow the window when it
# changes. Needs xvfb-run and mesa-vulkan-drivers; uses the release build.
#
#   tools/pictures.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-${CARGO_TARGET_DIR:-target}/release/areachess}"
# A data folder of its own for each picture: the games the window keeps are never the
# user's, and no picture offers to resume the one before.
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
shot() {
    local out="$1"
    shift
    echo "docs/$out"
    rm -rf "$data/areachess"
    XDG_DATA_HOME="$data" xvfb-run -a -s "-screen 0 1280x800x24" "$bin" play "$@" --screenshot "docs/$out" \
        >/dev/null 2>&1
}

# The continuous board after 1. e4 e5 2. Qh5 Nc6, White's queen picked and the pointer
# on g6: the lines it may stop on (blue), the discs it can capture (red rings: e5, f7,
# h7) and where it would land (the green ghost).
shot legal-region.png area-of-competence --after-frames 30 --drive \
    "move e2; click; move e4; click; wait 30; move e7; click; move e5; click; wait 30; move d1; click; move h5; click; wait 30; move b8; click; move c6; click; wait 30; move h5; click; move g6; wait 10"
# Both modes at the start.
shot area-of-competence.png area-of-competence --after-frames 60
shot obento.png obento --after-frames 60
# Against the computer: Black thinking.
shot playing-the-computer.png area-of-competence --black computer --after-frames 30 --drive \
    "move e2; click; move e4; click; wait 40"
# The level editor on a copy of chess, its knight chosen: the form, and the diagram of
# where the piece goes.
shot editor.png chess --after-frames 30 --drive \
    "pixel 913,734; press; release; wait 20; pixel 870,706; press; release; wait 30; pixel 120,251; press; release; wait 20; pixel 600,790; wait 3"
# The balance lab: 10 games of chess at 20 ms a move, the results and the game lengths
# (its window dragged taller first).
shot balance-lab.png chess --after-frames 30 --drive \
    "pixel 913,734; press; release; wait 20; pixel 996,706; press; release; wait 20; pixel 839,552; press; release; wait 10; pixel 501,455; wait 2; press; wait 2; pixel 503,600; wait 2; pixel 505,735; wait 2; release; wait 5; pixel 117,123; press; release; wait 5; key ctrl+a; type 10; key enter; wait 5; pixel 238,123; press; release; wait 5; key ctrl+a; type 20; key enter; wait 5; pixel 62,164; press; release; wait 1500; pixel 600,790; wait 3"
# The analysis of a grid game: three lines in SAN and the evaluation graph of the game.
shot analysis.png chess-en-passant-and-castling --after-frames 30 --drive \
    "pixel 850,210; click; wait 10; pixel 879,261; wait 2; press; release; wait 240; pixel 989,231; wait 2; press; release; wait 5; pixel 822,232; wait 2; press; release; wait 150; pixel 600,790; wait 3"
# The evaluation graph of 24 continuous moves between two computers, its swings marked.
shot evaluation-graph.png tests/games/continuous-24-moves.toml --after-frames 30 --drive \
    "pixel 850,231; click; wait 10; pixel 879,282; wait 2; press; release; wait 600; pixel 835,252; wait 2; press; release; wait 120; pixel 600,790; wait 3"
