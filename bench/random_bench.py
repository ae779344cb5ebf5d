"""`bingwall random` on a 100,000-picture history against sqlite3 running the same SELECT.

Both are whole processes on the same database file, in one run. bingwall uses the `command`
backend with `true`, so the time is bingwall's own: start-up, config, the pick, the apply
record. Usage: python3 bench/random_bench.py path/to/bingwall [runs]
"""

import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

BINARY = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 21
PICTURES = 100_000


def build_history(home, env):
    """Creates the schema through bingwall itself, then fills it with generated rows."""
    # An update against a closed port creates and migrates the history, then fails (75).
    subprocess.run([BINARY, "update", "-q"], env=dict(env, BINGWALL_ENDPOINT="http://127.0.0.1:9"),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    database = os.path.join(home, ".local/share/bingwall/history.db")
    # Real files: bingwall refuses to apply a picture whose file has gone.
    pictures = os.path.join(home, "pictures")
    os.makedirs(pictures)
    for i in range(PICTURES):
        open(os.path.join(pictures, "%d.jpg" % i), "wb").close()
    connection = sqlite3.connect(database)
    if connection.execute("PRAGMA user_version").fetchone()[0] == 0:
        raise SystemExit("bingwall did not create its schema in " + database)
    with connection:
        connection.executemany(
            "INSERT INTO pictures (key, sha256, path, resolution, width, height, bytes, favorite, banned, added_at)"
            " VALUES (?, ?, ?, 'UHD', 3840, 2160, 4000000, ?, ?, '2026-01-01T00:00:00Z')",
            ((f"OHR.P{i}", f"{i:064x}", os.path.join(pictures, "%d.jpg" % i), int(i % 50 == 0), int(i % 97 == 0))
             for i in range(PICTURES)))
        connection.execute(
            "INSERT INTO appearances (picture_id, market, date, bing_id, title, caption, credit, copyright,"
            " copyright_link, urlbase, hsh, wp, fullstartdate, first_seen, updated_at)"
            " SELECT id, 'en-US', date('2026-01-01', '-' || id || ' days'), key || '_EN-US1', 'Title', 'Caption',"
            " 'Credit', 'Caption (© Credit)', '', '/th?id=' || key, '', 1, '2026-01-01T08:00:00Z',"
            " '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM pictures")
    connection.close()
    return database


def median_time(command, env=None):
    times = []
    for _ in range(RUNS):
        start = time.monotonic()
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.monotonic() - start)
    return statistics.median(times)


def main():
    home = tempfile.mkdtemp(prefix="bingwall-bench-random-")
    try:
        env = {"HOME": home, "PATH": os.environ["PATH"], "LANG": "C.UTF-8",
               "BINGWALL_BACKEND": "command", "BINGWALL_COMMAND": "true {path}"}
        database = build_history(home, env)
        # The pick bingwall makes, as one statement: eligible pictures, a random one.
        select = ("SELECT p.id, p.path FROM pictures p WHERE p.banned = 0 AND p.id NOT IN "
                  "(SELECT picture_id FROM applies ORDER BY id DESC LIMIT 10) ORDER BY random() LIMIT 1;")
        sqlite = median_time(["sqlite3", database, select])
        bingwall = median_time([BINARY, "random", "-q"], env=env)
        print("random pick on %d pictures, median of %d whole-process runs" % (PICTURES, RUNS))
        print("| what | wall time | ratio |")
        print("|---|---|---|")
        print("| sqlite3 with the equivalent SELECT | %.1f ms | 1.00x |" % (sqlite * 1000))
        print("| bingwall random (command backend: true) | %.1f ms | %.2fx |" % (bingwall * 1000, bingwall / sqlite))
        print("target: within 3x of sqlite3: %s" % ("met" if bingwall <= 3 * sqlite else "NOT met"))
    finally:
        shutil.rmtree(home)


if __name__ == "__main__":
    main()
