#!/bin/sh
# make bench: start-up of --version and list against a FoundationEssentials hello world and the
# sqlite3 CLI, in the same run (see bench/README.md). BEFORE=path/to/old/bingwall adds a build to
# compare.
set -eu
cd "$(dirname "$0")/.."
exec python3 bench/startup_bench.py .build/release/bingwall ${BEFORE:-}
