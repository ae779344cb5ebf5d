"""Living with a 100,000-picture history: search, prune --dry-run, doctor --quick, gallery.

Each bingwall command runs as a whole process on the history of bench/history_seed.py, next to
a yardstick run in the same session, interleaved: the sqlite3 CLI answering the same question
(the FTS query search makes, the SELECT prune weighs, the quick_check doctor runs, the rows the
gallery prints, as HTML) and, for the gallery page, Chromium's first paint of a one-line page
(bench/gallery_paint.py). Median of RUNS (default 11; gallery and paint 3).
Usage: python3 bench/history_bench.py path/to/bingwall
"""

import os
import shutil
import subprocess

import common
import history_seed

BINARY = common.binary()
RUNS = common.runs(11)
SLOW_RUNS = min(RUNS, 3)
SEARCH = ("SELECT p.id, p.key, p.path, a.date, a.title FROM appearances a"
          " JOIN (SELECT rowid AS id FROM appearances_words WHERE appearances_words MATCH '\"glacier\" *') m"
          " ON m.id = a.id JOIN pictures p ON p.id = a.picture_id ORDER BY a.date DESC, a.picture_id DESC"
          " LIMIT 20;")
WEIGH = ("SELECT p.id, p.key, p.path, p.bytes, p.favorite, coalesce((SELECT max(date) FROM appearances"
         " WHERE picture_id = p.id), substr(p.added_at, 1, 10)) AS date FROM pictures p"
         " ORDER BY date DESC, p.id DESC;")
DUMP = ("SELECT p.id, p.path, a.date, a.market, a.title, a.caption, a.credit, a.copyright_link"
        " FROM pictures p JOIN appearances a ON a.picture_id = p.id ORDER BY a.date DESC;")


def pair(label, bingwall, yardstick, runs):
    """bingwall's runs and the yardstick's, interleaved."""
    common.progress("history: %s, %d runs each, interleaved" % (label, runs))
    results = common.interleaved({"bingwall": bingwall, "yardstick": yardstick}, runs)
    return results["bingwall"], results["yardstick"]


def paint_ms(page):
    """Chromium's first contentful paint of `page`, one fresh browser (bench/gallery_paint.py)."""
    out = subprocess.run(["python3", os.path.join(common.HERE, "gallery_paint.py"), page, "--runs", "1"],
                         capture_output=True, text=True, check=True)
    return float(out.stdout.split()[0])


class Paint:
    """gallery_paint.py's figure dressed as a Run, so that it interleaves like the others."""

    def __init__(self, page):
        self.wall = paint_ms(page) / 1000


def main():
    common.need("sqlite3", "chromium")
    home, database, own = history_seed.shared_or_own(BINARY, "history-home")
    work = common.scratch("history-work")
    try:
        env = common.base_env(home, BINGWALL_BACKEND="none")

        def bw(*args):
            return lambda: common.spawn([BINARY] + list(args), env=env)

        def sq(*args):
            return lambda: common.spawn(["sqlite3"] + list(args), env=env)

        fts = "sqlite3 CLI, the FTS5 query search makes"
        b, y = pair("search glacier", bw("search", "glacier", "--limit", "20"), sq(database, SEARCH), RUNS)
        common.compare("`search glacier --limit 20`, 100,000 pictures", b, y, "ms", fts, "within 3x", ratio_at_most=3,
                       scale=1000)
        b, y = pair("search vatnajokull", bw("search", "vatnajokull", "--limit", "20"), sq(database, SEARCH), RUNS)
        common.compare("`search vatnajokull` (accents folded)", b, y, "ms", fts, "within 3x", ratio_at_most=3,
                       scale=1000)

        b, y = pair("prune", bw("prune", "--keep", "1000", "--dry-run"), sq(database, WEIGH), RUNS)
        common.compare("`prune --keep 1000 --dry-run` (99,000 listed)", b, y, "ms",
                       "sqlite3 CLI, the SELECT prune weighs", "under 500 ms", value_under=500, scale=1000)
        b, y = pair("doctor --quick", bw("doctor", "--quick"), sq(database, "PRAGMA quick_check;"), RUNS)
        common.compare("`doctor --quick` (sizes, no hashing)", b, y, "ms", "sqlite3 CLI, PRAGMA quick_check",
                       "under 400 ms", value_under=400, scale=1000)

        page = os.path.join(work, "gallery.html")
        b, y = pair("gallery", bw("gallery", "--output", page, "-q"), sq("-html", database, DUMP), SLOW_RUNS)
        common.compare("`gallery` (100,000 cards)", b, y, "ms", "sqlite3 -html, the same rows", "under 2000 ms",
                       value_under=2000, scale=1000)
        tiny = os.path.join(work, "tiny.html")
        with open(tiny, "w") as file:
            file.write("<!doctype html><meta charset=utf-8><title>t</title><p>one line of text</p>")
        b, y = pair("Chromium first paint", lambda: Paint(page), lambda: Paint(tiny), SLOW_RUNS)
        common.compare("Chromium, first paint of the gallery page", b, y, "ms",
                       "Chromium, first paint of a one-line page", "under 1000 ms", value_under=1000, scale=1000)
    finally:
        shutil.rmtree(work)
        if own:
            shutil.rmtree(home)


if __name__ == "__main__":
    main()
