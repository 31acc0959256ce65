#!/usr/bin/env bash
# Makes the pictures in docs/ again, from the window itself (play --screenshot and
# --drive under Xvfb with a software renderer), so that they follow the window when it
# changes. Needs xvfb-run and mesa-vulkan-drivers; uses the release build.
#
#   tools/pictures.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-${CARGO_TARGET_DIR:-target}/release/areachess}"
shot() {
    local out="$1"
    shift
    echo "docs/$out"
    xvfb-run -a -s "-screen 0 1280x800x24" "$bin" play "$@" --screenshot "docs/$out" \
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
