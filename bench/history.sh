#!/bin/sh
# make bench: search, prune --dry-run, doctor --quick and gallery on a 100,000-picture history,
# each against a yardstick measured in the same run (see bench/README.md).
set -eu
cd "$(dirname "$0")/.."
exec python3 bench/history_bench.py .build/release/bingwall "${RUNS:-11}"
