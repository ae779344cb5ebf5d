#!/bin/sh
# make bench: an idle bingwall daemon against a shell polling loop (see bench/README.md).
set -eu
cd "$(dirname "$0")/.."
exec python3 bench/daemon_bench.py .build/release/bingwall "${SECONDS_IDLE:-60}"
