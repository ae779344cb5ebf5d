"""Start-up: `bingwall --version` and `bingwall list --limit 20`, each against a yardstick.

- `--version` against a FoundationEssentials hello world compiled in this run into .build/bench/
  with `swiftc -O -static-stdlib`, the way the release binary is built (`make release`): the
  floor of a Swift program using the same half of Foundation with the same static runtime;
  the same program built with `swiftc -O` alone (shared Swift libraries) is an informative row;
- `list --limit 20` against the sqlite3 CLI reading the same 20 rows from the same file (a
  history of 1,000 pictures, bench/history_seed.py).

Whole processes, bingwall and yardstick interleaved, median wall time of RUNS (default 41).
Usage: python3 bench/startup_bench.py path/to/bingwall
"""

import os
import shutil
import subprocess

import common
import history_seed

BINARY = common.binary()
RUNS = common.runs(41)
HELLO = 'import FoundationEssentials\nprint("hello \\(Date.now.timeIntervalSince1970 > 0)")\n'
LIST_QUERY = ("SELECT p.id, a.date, a.market, p.favorite, p.key, a.title, p.path FROM appearances a"
              " JOIN pictures p ON p.id = a.picture_id ORDER BY a.date DESC, a.picture_id DESC LIMIT 20;")


def hello_world(name, flags):
    """The hello world compiled with `swiftc -O` and `flags` into .build/bench/NAME."""
    common.need("swiftc")
    os.makedirs(common.CACHE, exist_ok=True)
    source = os.path.join(common.CACHE, "hello.swift")
    program = os.path.join(common.CACHE, name)
    with open(source, "w") as file:
        file.write(HELLO)
    common.progress("startup: compiling the FoundationEssentials hello world (%s)" % " ".join(["swiftc", "-O"] + flags))
    subprocess.run(["swiftc", "-O"] + flags + [source, "-o", program], check=True, cwd=common.CACHE)
    return program


def main():
    common.need("sqlite3")
    hello = hello_world("hello", [])
    static_hello = hello_world("hello-static", ["-static-stdlib"])
    home = common.scratch("startup-home")
    try:
        env = common.base_env(home)
        database = history_seed.seed(BINARY, home, 1000)
        common.progress("startup: --version and list, %d runs each, interleaved" % RUNS)
        results = common.interleaved({
            "version": lambda: common.spawn([BINARY, "--version"], env=env),
            "hello": lambda: common.spawn([hello], env=env),
            "static hello": lambda: common.spawn([static_hello], env=env),
            "list": lambda: common.spawn([BINARY, "list", "--limit", "20"], env=env),
            "sqlite3": lambda: common.spawn(["sqlite3", database, LIST_QUERY], env=env),
        }, RUNS)
    finally:
        shutil.rmtree(home)
    common.compare("`bingwall --version`", results["version"], results["static hello"], "ms",
                   "FoundationEssentials hello world (swiftc -O -static-stdlib, as the release build)", "within 1.5x",
                   ratio_at_most=1.5, scale=1000)
    common.compare("`bingwall --version`, against shared Swift libraries", results["version"], results["hello"], "ms",
                   "FoundationEssentials hello world (swiftc -O)", "none (informative)", scale=1000)
    common.compare("`bingwall list --limit 20`", results["list"], results["sqlite3"], "ms",
                   "sqlite3 CLI, the same 20 rows", "within 2x", ratio_at_most=2, scale=1000)


if __name__ == "__main__":
    main()
