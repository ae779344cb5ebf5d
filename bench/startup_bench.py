"""Start-up of `bingwall --version` and `list --limit 20`, against yardsticks in the same run.

The yardsticks: a FoundationEssentials hello world built here with swiftc (the floor of a Swift
program that uses the same Foundation half as bingwall), and the sqlite3 CLI reading the same
20 rows. Extra binaries given after the first (an older build, for a before/after) are timed in
the same run. Medians of N whole-process runs (wall time), with a fresh HOME holding a history
of 20 pictures written by bingwall itself.
The history holds the 8 pictures of the fake week, so `list --limit 20` prints 8.
Usage: python3 bench/startup_bench.py path/to/bingwall [other/bingwall ...]
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = int(os.environ.get("RUNS", "41"))
BINARIES = [os.path.abspath(b) for b in sys.argv[1:]]


def median_ms(argv, env):
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def rss_mb(argv, env):
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, env=env, capture_output=True, text=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024


def main():
    work = tempfile.mkdtemp(prefix="bingwall-startup-")
    try:
        hello = os.path.join(work, "hello")
        with open(hello + ".swift", "w") as source:
            source.write("import FoundationEssentials\nprint(\"hello \\(Date.now.timeIntervalSince1970 > 0)\")\n")
        subprocess.run(["swiftc", "-O", hello + ".swift", "-o", hello], check=True)
        home = os.path.join(work, "home")
        os.makedirs(home)
        env = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/data", XDG_STATE_HOME=home + "/state",
                   XDG_CONFIG_HOME=home + "/config")
        db = fill_history(BINARIES[0], env, home)
        rows = ["| what | median wall time | ratio to yardstick | peak RSS |", "|---|---|---|---|"]
        floor = median_ms([hello], env)
        rows.append("| FoundationEssentials hello world (yardstick) | %.1f ms | 1.00x | %.1f MB |"
                    % (floor, rss_mb([hello], env)))
        for binary in BINARIES:
            t = median_ms([binary, "--version"], env)
            rows.append("| %s --version | %.1f ms | %.2fx | %.1f MB |"
                        % (label(binary), t, t / floor, rss_mb([binary, "--version"], env)))
        query = ("SELECT p.id, a.date, a.market, a.title FROM appearances a JOIN pictures p "
                 "ON p.id = a.picture_id ORDER BY a.date DESC LIMIT 20;")
        sqlite_t = median_ms(["sqlite3", db, query], env)
        rows.append("| sqlite3 CLI, the same rows (yardstick) | %.1f ms | 1.00x | %.1f MB |"
                    % (sqlite_t, rss_mb(["sqlite3", db, query], env)))
        for binary in BINARIES:
            t = median_ms([binary, "list", "--limit", "20"], env)
            rows.append("| %s list --limit 20 | %.1f ms | %.2fx | %.1f MB |"
                        % (label(binary), t, t / sqlite_t, rss_mb([binary, "list", "--limit", "20"], env)))
        print("\n".join(rows))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def label(binary):
    return os.path.relpath(binary)


def fill_history(binary, env, home):
    """The 8 pictures of bench/fake_bing.py's week through a real `bingwall update`."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fake_bing  # noqa: E402
    folder = tempfile.mkdtemp(prefix="bingwall-startup-site-")
    server, base = fake_bing.start(folder, 20_000)
    try:
        subprocess.run([binary, "update", "--no-apply", "--quiet", "--market", "en-US"],
                       env=dict(env, BINGWALL_ENDPOINT=base), check=True, capture_output=True)
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    return home + "/data/bingwall/history.db"


if __name__ == "__main__":
    main()
