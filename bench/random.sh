#!/bin/sh
# make bench: bingwall random on a 100,000-picture history against sqlite3 (see bench/README.md).
set -eu
cd "$(dirname "$0")/.."
exec python3 bench/random_bench.py .build/release/bingwall "${RUNS:-21}"
