"""A history of N pictures for the benchmarks, made fast: bingwall's schema, Python's rows.

bingwall itself creates and migrates the history (an update against a closed port, which then
fails), so the schema, indexes and search triggers are always the binary's own. The rows are
then inserted with Python's sqlite3: three markets, a picture every third of a day, titles and
captions from a word list (some accented, `Vatnajökull`), the search index filled by the schema's
triggers, every 50th picture a favourite. The files are hard links of one small whole JPEG, so
`doctor`'s size checks and `random`'s "is the file there" pass.

bench/run.py seeds one 100,000-picture history per run and hands it to the modules that need it
(BENCH_HISTORY_HOME); a module run alone seeds its own.
Usage: python3 bench/history_seed.py path/to/bingwall HOME [COUNT]
"""

import datetime
import os
import sqlite3
import subprocess
import sys
import time

import common

PICTURES = 100_000
WORDS = ["Lake", "Fox", "Dune", "Reef", "Moor", "Fjord", "Mesa", "Delta", "Aurora", "Glacier",
         "Canyon", "Harbour", "Island", "Forest", "Valley", "Desert", "Volcano", "Meadow", "Coast",
         "Tundra", "Vatnajökull", "Château", "Zürich", "Kraków", "Sevilla", "Kyoto", "Patagonia"]
MARKETS = ["en-US", "de-DE", "ja-JP"]
# The smallest whole JPEG bingwall accepts: SOI, a baseline frame header (1x1), EOI.
SMALL_JPEG = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffc0000b080001000101011100ffd9")
# ext4 allows 65,000 links to one file: a fresh original every 50,000.
LINKS_PER_FILE = 50_000


def database_path(home):
    return os.path.join(home, ".local/share/bingwall/history.db")


def name(i):
    return "%s%d" % (WORDS[i % len(WORDS)], i)


def seed(binary, home, count=PICTURES):
    """Fills HOME with a history of `count` pictures; returns the database's path."""
    started = time.monotonic()
    subprocess.run([binary, "update", "-q"], env=common.base_env(home, BINGWALL_ENDPOINT="http://127.0.0.1:9"),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    database = database_path(home)
    images = os.path.join(home, ".local/share/bingwall/images")
    os.makedirs(images, exist_ok=True)
    connection = sqlite3.connect(database)
    if connection.execute("PRAGMA user_version").fetchone()[0] == 0:
        raise SystemExit("bench: bingwall did not create its schema in " + database)
    newest = datetime.date(2026, 12, 1)
    rows = []
    for i in range(count):
        original = os.path.join(home, "small-%d.jpg" % (i // LINKS_PER_FILE))
        if i % LINKS_PER_FILE == 0:
            with open(original, "wb") as file:
                file.write(SMALL_JPEG)
        day = (newest - datetime.timedelta(days=i // 3)).isoformat()
        path = os.path.join(images, "%s_%s_UHD.jpg" % (day, name(i)))
        os.link(original, path)
        rows.append((i, day, path))
    with connection:
        connection.executemany(
            "INSERT INTO pictures (id, key, sha256, path, resolution, width, height, bytes, favorite, banned,"
            " added_at) VALUES (?, ?, ?, ?, 'UHD', 1, 1, ?, ?, 0, '2026-01-01T00:00:00Z')",
            ((i + 1, "OHR." + name(i), "%064x" % i, path, len(SMALL_JPEG), int(i % 50 == 0))
             for i, _, path in rows))
        connection.executemany(
            "INSERT INTO appearances (picture_id, market, date, bing_id, title, caption, credit, copyright,"
            " copyright_link, urlbase, hsh, wp, fullstartdate, first_seen, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'https://www.bing.com/search?q=x', ?, '', 1,"
            " '2026-01-01T08:00:00Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
            ((i + 1, MARKETS[i % 3], day, "OHR.%s_EN-US%d" % (name(i), i),
              "%s at dawn, day %d" % (WORDS[i % len(WORDS)], i),
              "%s seen from the %s, %s" % (WORDS[i % len(WORDS)], WORDS[(i * 7) % len(WORDS)],
                                          WORDS[(i * 3) % len(WORDS)]),
              "Photographer %d/Agency" % (i % 997), "Caption (© Photographer %d/Agency)" % (i % 997),
              "/th?id=OHR.%s_EN-US%d" % (name(i), i)) for i, day, _ in rows))
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    common.progress("history of %d pictures seeded in %.1f s" % (count, time.monotonic() - started))
    return database


def shared_or_own(binary, prefix):
    """The run's shared 100,000-picture history (BENCH_HISTORY_HOME), or a fresh one.
    Returns (home, database, whether the caller must remove home)."""
    shared = os.environ.get("BENCH_HISTORY_HOME")
    if shared and os.path.exists(database_path(shared)):
        return shared, database_path(shared), False
    home = common.scratch(prefix)
    return home, seed(binary, home), True


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit("usage: history_seed.py path/to/bingwall HOME [COUNT]")
    seed(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]),
         int(sys.argv[3]) if len(sys.argv) > 3 else PICTURES)
