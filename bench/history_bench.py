"""Living with a 100,000-picture history: search, prune --dry-run, doctor --quick, gallery.

Each bingwall command runs as a whole process on one database file, next to a yardstick run in
the same session: the sqlite3 CLI answering the same question (the FTS query search makes, the
SELECT prune weighs, the quick_check doctor runs), and for the gallery page, Chromium painting it
(bench/gallery_paint.py). The metadata is seeded directly, the files are hard links of one small
JPEG, so doctor's size checks pass. Usage: python3 bench/history_bench.py path/to/bingwall [runs]
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
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 11
PICTURES = 100_000
HERE = os.path.dirname(os.path.abspath(__file__))
WORDS = ["Lake", "Fox", "Dune", "Reef", "Moor", "Fjord", "Mesa", "Delta", "Aurora", "Glacier",
         "Canyon", "Harbour", "Island", "Forest", "Valley", "Desert", "Volcano", "Meadow", "Coast",
         "Tundra", "Vatnajökull", "Château", "Zürich", "Kraków", "Sevilla", "Kyoto", "Patagonia"]
# The smallest whole JPEG bingwall accepts: SOI, a baseline frame header (1x1), EOI.
SMALL_JPEG = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffc0000b080001000101011100ffd9")


def build_history(home, env):
    """Creates the schema through bingwall itself, then fills it with generated rows."""
    # An update against a closed port creates and migrates the history, then fails (75).
    subprocess.run([BINARY, "update", "-q"], env=dict(env, BINGWALL_ENDPOINT="http://127.0.0.1:9"),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    database = os.path.join(home, ".local/share/bingwall/history.db")
    images = os.path.join(home, ".local/share/bingwall/images")
    os.makedirs(images, exist_ok=True)
    def original(i):
        """A fresh original every 50,000 links: ext4 allows 65,000 links to one file."""
        path = os.path.join(home, "small-%d.jpg" % (i // 50_000))
        if not os.path.exists(path):
            with open(path, "wb") as file:
                file.write(SMALL_JPEG)
        return path
    connection = sqlite3.connect(database)
    if connection.execute("PRAGMA user_version").fetchone()[0] == 0:
        raise SystemExit("bingwall did not create its schema in " + database)

    def name(i):
        return "%s%d" % (WORDS[i % len(WORDS)], i)

    def date(i):
        return connection.execute("SELECT date('2026-12-01', ?)", ("-%d days" % (i // 3),)).fetchone()[0]

    rows = []
    for i in range(PICTURES):
        day = date(i) if i % 3 == 0 else rows[-1][1]
        path = os.path.join(images, "%s_%s_UHD.jpg" % (day, name(i)))
        os.link(original(i), path)
        rows.append((i, day, path))
    with connection:
        connection.executemany(
            "INSERT INTO pictures (id, key, sha256, path, resolution, width, height, bytes, favorite, banned,"
            " added_at) VALUES (?, ?, ?, ?, 'UHD', 1, 1, ?, ?, 0, '2026-01-01T00:00:00Z')",
            ((i + 1, "OHR." + name(i), "%064x" % i, path, len(SMALL_JPEG), int(i % 50 == 0))
             for i, _, path in rows))
        markets = ["en-US", "de-DE", "ja-JP"]
        connection.executemany(
            "INSERT INTO appearances (picture_id, market, date, bing_id, title, caption, credit, copyright,"
            " copyright_link, urlbase, hsh, wp, fullstartdate, first_seen, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'https://www.bing.com/search?q=x', ?, '', 1,"
            " '2026-01-01T08:00:00Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
            ((i + 1, markets[i % 3], day, "OHR.%s_EN-US%d" % (name(i), i),
              "%s at dawn, day %d" % (WORDS[i % len(WORDS)], i),
              "%s seen from the %s, %s" % (WORDS[i % len(WORDS)], WORDS[(i * 7) % len(WORDS)], WORDS[(i * 3) % len(WORDS)]),
              "Photographer %d/Agency" % (i % 997), "Caption (© Photographer %d/Agency)" % (i % 997),
              "/th?id=OHR.%s_EN-US%d" % (name(i), i)) for i, day, _ in rows))
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return database


def median_time(command, env=None, runs=RUNS):
    times = []
    for _ in range(runs):
        start = time.monotonic()
        subprocess.run(command, env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.monotonic() - start)
    return statistics.median(times)


def has_command(name, env):
    done = subprocess.run([BINARY, name, "--help"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return done.returncode == 0


def row(what, seconds, yardstick, target=None):
    ratio = seconds / yardstick if yardstick else float("nan")
    verdict = ""
    if target is not None:
        verdict = "met" if target(seconds, ratio) else "NOT met"
    return "| %s | %.1f ms | %.2fx | %s |" % (what, seconds * 1000, ratio, verdict)


def main():
    home = tempfile.mkdtemp(prefix="bingwall-bench-history-")
    try:
        env = {"HOME": home, "PATH": os.environ["PATH"], "LANG": "C.UTF-8", "BINGWALL_BACKEND": "none"}
        started = time.monotonic()
        database = build_history(home, env)
        print("history of %d pictures seeded in %.1f s; median of %d whole-process runs" %
              (PICTURES, time.monotonic() - started, RUNS))
        print("| what | median wall time | ratio to the yardstick above it | target |")
        print("|---|---|---|---|")

        # search: the words index, newest first, 20 pictures (bingwall reads each picture whole).
        fts = ("SELECT p.id, p.key, p.path, a.date, a.title FROM appearances a"
               " JOIN (SELECT rowid AS id FROM appearances_words WHERE appearances_words MATCH '\"glacier\" *') m"
               " ON m.id = a.id JOIN pictures p ON p.id = a.picture_id ORDER BY a.date DESC, a.picture_id DESC"
               " LIMIT 20;")
        sqlite_search = median_time(["sqlite3", database, fts])
        print(row("sqlite3, the equivalent FTS5 query (yardstick)", sqlite_search, sqlite_search))
        search = median_time([BINARY, "search", "glacier", "--limit", "20"], env=env)
        print(row("bingwall search glacier --limit 20", search, sqlite_search, lambda s, r: r <= 3))
        accents = median_time([BINARY, "search", "vatnajokull", "--limit", "20"], env=env)
        print(row("bingwall search vatnajokull (accents folded)", accents, sqlite_search, lambda s, r: r <= 3))

        # prune --dry-run: every picture weighed, 99,000 listed.
        weigh = ("SELECT p.id, p.key, p.path, p.bytes, p.favorite, coalesce((SELECT max(date) FROM appearances"
                 " WHERE picture_id = p.id), substr(p.added_at, 1, 10)) AS date FROM pictures p"
                 " ORDER BY date DESC, p.id DESC;")
        sqlite_weigh = median_time(["sqlite3", database, weigh])
        print(row("sqlite3, the SELECT prune weighs (yardstick)", sqlite_weigh, sqlite_weigh))
        prune = median_time([BINARY, "prune", "--keep", "1000", "--dry-run"], env=env)
        print(row("bingwall prune --keep 1000 --dry-run", prune, sqlite_weigh, lambda s, r: s < 0.5))

        if has_command("doctor", env):
            quick = median_time(["sqlite3", database, "PRAGMA quick_check;"])
            print(row("sqlite3, PRAGMA quick_check (yardstick)", quick, quick))
            doctor = median_time([BINARY, "doctor", "--quick"], env=env)
            print(row("bingwall doctor --quick (no hashing)", doctor, quick, lambda s, r: s < 0.5))

        if has_command("gallery", env):
            page = os.path.join(home, "gallery.html")
            dump = ("SELECT p.id, p.path, a.date, a.market, a.title, a.caption, a.credit, a.copyright_link"
                    " FROM pictures p JOIN appearances a ON a.picture_id = p.id ORDER BY a.date DESC;")
            html = median_time(["sqlite3", "-html", database, dump], runs=3)
            print(row("sqlite3 -html, the same rows (yardstick)", html, html))
            gallery = median_time([BINARY, "gallery", "--output", page, "-q"], env=env, runs=3)
            print(row("bingwall gallery (%d cards)" % PICTURES, gallery, html, lambda s, r: s < 2))
            paint_script = os.path.join(HERE, "gallery_paint.py")
            if shutil.which("chromium") and os.path.exists(paint_script):
                tiny = os.path.join(home, "tiny.html")
                with open(tiny, "w") as file:
                    file.write("<!doctype html><meta charset=utf-8><title>t</title><p>one line of text</p>")

                def paint(path):
                    out = subprocess.run(["python3", paint_script, path, "--runs", "3"], capture_output=True,
                                         text=True, check=True)
                    return float(out.stdout.split()[0]) / 1000

                floor = paint(tiny)
                print(row("Chromium, first paint of a one-line page (yardstick)", floor, floor))
                first = paint(page)
                print(row("Chromium, first paint of the gallery page", first, floor, lambda s, r: s < 1))
        size = os.path.getsize(database)
        print("database: %.1f MB" % (size / 1048576))
    finally:
        shutil.rmtree(home)


if __name__ == "__main__":
    main()
