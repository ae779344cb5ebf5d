"""`bingwall random` on a 100,000-picture history against sqlite3 running the same pick.

Both are whole processes on the same database file (bench/history_seed.py), interleaved, median
of RUNS (default 21). bingwall uses the `command` backend with `true`, so the time is bingwall's
own: start-up, config, the pick, the apply record. The yardstick is the pick as one statement:
eligible pictures (not banned, not among the recent applies), `ORDER BY random() LIMIT 1`.
Usage: python3 bench/random_bench.py path/to/bingwall
"""

import shutil

import common
import history_seed

BINARY = common.binary()
RUNS = common.runs(21)
SELECT = ("SELECT p.id, p.path FROM pictures p WHERE p.banned = 0 AND p.id NOT IN "
          "(SELECT picture_id FROM applies ORDER BY id DESC LIMIT 10) ORDER BY random() LIMIT 1;")


def main():
    common.need("sqlite3")
    home, database, own = history_seed.shared_or_own(BINARY, "random-home")
    try:
        env = common.base_env(home, BINGWALL_BACKEND="command", BINGWALL_COMMAND="true {path}")
        common.progress("random: bingwall random and sqlite3, %d runs each, interleaved" % RUNS)
        results = common.interleaved({
            "bingwall": lambda: common.spawn([BINARY, "random", "-q"], env=env),
            "sqlite3": lambda: common.spawn(["sqlite3", database, SELECT], env=env),
        }, RUNS)
    finally:
        if own:
            shutil.rmtree(home)
    common.compare("`bingwall random` (command backend: true), 100,000 pictures", results["bingwall"],
                   results["sqlite3"], "ms", "sqlite3 CLI, the same pick (ORDER BY random())", "within 3x",
                   ratio_at_most=3, scale=1000)


if __name__ == "__main__":
    main()
