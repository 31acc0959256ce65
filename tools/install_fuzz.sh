#!/usr/bin/env bash
# Installs what fuzzing needs: the nightly toolchain (libFuzzer's sanitizer flags need it)
# and cargo-fuzz. Run once; tools/fuzz.sh then runs the targets in fuzz/.
set -euo pipefail
if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
cargo +nightly fuzz --version
