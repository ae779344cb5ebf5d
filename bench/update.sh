#!/bin/sh
# make bench: bingwall update against curl, on one loopback server (see bench/README.md).
set -eu
cd "$(dirname "$0")/.."
exec python3 bench/update_bench.py .build/release/bingwall "${RUNS:-5}"
