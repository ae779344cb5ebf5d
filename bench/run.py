#!/usr/bin/env python3
"""`make bench`: runs every benchmark module and prints one Markdown table.

    python3 bench/run.py [path/to/bingwall]      (default .build/release/bingwall)

Each module (bench/NAME_bench.py) runs as its own process and prints `BENCHROW {json}` lines
(bench/common.py); everything else it says goes to stderr. The table (what | bingwall |
yardstick (same run) | ratio | target | met) and the machine it ran on are printed on stdout
and written to .build/bench-table.md, ready to paste into bench/README.md.

Environment:
  RUNS=N                  repetitions per measurement, for every module (each has its default)
  BENCH_ONLY=a,b          only these modules: update, https, sources, memory, startup, daemon, random, history, screens
  IDLE_SECONDS=N          how long the idle daemon is watched (default 20)
A module that fails becomes a row saying so, the others still run, and the exit status is 1.
Python 3.11 standard library only.
"""

import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import common  # noqa: E402

# In this order: the network ones first, the slow 100,000-picture ones last.
MODULES = ["update", "https", "sources", "memory", "startup", "daemon", "random", "history", "screens"]
NEED_HISTORY = {"random", "history"}
TABLE = os.path.join(ROOT, ".build", "bench-table.md")


def selected():
    only = os.environ.get("BENCH_ONLY", "").strip()
    if not only:
        return MODULES
    names = [name.strip() for name in only.split(",") if name.strip()]
    unknown = [name for name in names if name not in MODULES]
    if unknown:
        raise SystemExit("bench: unknown in BENCH_ONLY: %s (known: %s)" % (", ".join(unknown), ", ".join(MODULES)))
    return [name for name in MODULES if name in names]


def machine():
    models, count = [], 0
    with open("/proc/cpuinfo") as file:
        for line in file:
            key, _, value = line.partition(":")
            if key.strip() == "model name":
                count += 1
                models.append(value.strip())
    model = models[0] if models else platform.processor() or "unknown CPU"
    uname = os.uname()
    try:
        # The sources the binary is built from: the last commit that touched them, and whether
        # the worktree changes them (bench/ edits do not count).
        sources = ["--", "Sources", "Package.swift"]
        commit = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%h"] + sources, capture_output=True,
                                text=True, check=True).stdout.strip()
        if subprocess.run(["git", "-C", ROOT, "status", "--porcelain"] + sources, capture_output=True,
                          text=True, check=True).stdout.strip():
            commit += " with uncommitted changes"
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return ("started %s; %s %s %s; %s x %d; bingwall sources at %s; RUNS=%s"
            % (date, uname.sysname, uname.release, uname.machine, model, count, commit,
               os.environ.get("RUNS", "default")))


def run_module(name, binary, env):
    """Runs bench/NAME_bench.py; returns (rows, exit status)."""
    rows = []
    process = subprocess.Popen([sys.executable, os.path.join(HERE, name + "_bench.py"), binary], env=env,
                               stdout=subprocess.PIPE, text=True)
    for line in process.stdout:
        if line.startswith("BENCHROW "):
            rows.append(json.loads(line[len("BENCHROW "):]))
        else:
            sys.stderr.write(line)
    return rows, process.wait()


def figure(value, unit):
    if value is None:
        return "—"
    if unit == "s":
        return "%.3f s" % value
    if unit == "ms":
        return "%.1f ms" % value
    if unit == "MB":
        return "%.1f MB" % value
    if unit == "count":
        return "%d" % value
    return "%g %s" % (value, unit)


def table(rows):
    """The Markdown table: bingwall's median and, after it, the least and most of its runs; the
    ratio of the medians and the least and most of the round-by-round ratios; "noise" where the
    runs fall on both sides of the goal."""
    lines = ["| what | bingwall (median; least–most) | yardstick (same run) | ratio (least–most) | target | met |",
             "|---|---|---|---|---|---|"]
    for row in rows:
        yardstick = row.get("yardstick_label", "")
        if row.get("yardstick") is not None:
            yardstick += ": " + figure(row["yardstick"], row["unit"])
        value = figure(row.get("bingwall"), row.get("unit"))
        if row.get("spread"):
            low, high = row["spread"]
            bare = [figure(end, row["unit"]).split(" ")[0] for end in (low, high)]
            value += " (%s–%s)" % tuple(bare)
        ratio = "%.2fx" % row["ratio"] if row.get("ratio") is not None else "—"
        if row.get("ratio_spread"):
            ratio += " (%.2f–%.2f)" % tuple(row["ratio_spread"])
        met = {True: "yes", False: "**no**", None: "—", "noise": "noise: runs on both sides"}[row.get("met")]
        lines.append("| %s | %s | %s | %s | %s | %s |" % (row["what"], value, yardstick, ratio,
                                                         row.get("target") or "—", met))
    return "\n".join(lines)


def load_note(start, end):
    """The load averages, and a warning when the machine was busy: on two cores, a load of one
    is another process on the core the yardstick or bingwall wanted."""
    note = "load average %.2f at the start, %.2f at the end" % (start, end)
    if max(start, end) >= 1:
        note += "; **the machine was busy**: read the ratios with that in mind, or run again alone"
    return note


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/bingwall"))
    if not os.access(binary, os.X_OK):
        raise SystemExit("bench: %s is not an executable (make release builds it)" % binary)
    names = selected()
    about = machine()
    load_at_start = os.getloadavg()[0]
    started = time.monotonic()
    env = dict(os.environ)
    shared = None
    rows, failed = [], []
    try:
        if NEED_HISTORY & set(names):
            shared = common.scratch("history-100k")
            common.progress("seeding one 100,000-picture history for %s" % ", ".join(sorted(NEED_HISTORY & set(names))))
            done = subprocess.run([sys.executable, os.path.join(HERE, "history_seed.py"), binary, shared])
            if done.returncode != 0:
                raise SystemExit("bench: seeding the history failed")
            env["BENCH_HISTORY_HOME"] = shared
        for name in names:
            common.progress("%s (%.0f s so far)" % (name, time.monotonic() - started))
            module_rows, status = run_module(name, binary, env)
            rows += module_rows
            if status != 0:
                failed.append(name)
                rows.append({"what": "%s benchmark failed (exit %d; see above)" % (name, status), "unit": "",
                             "yardstick_label": "", "target": "", "met": False})
    finally:
        if shared:
            shutil.rmtree(shared, ignore_errors=True)
    text = "%s\n\nMachine: %s; %s. Took %.0f s.\n" % (table(rows), about, load_note(load_at_start, os.getloadavg()[0]),
                                                    time.monotonic() - started)
    os.makedirs(os.path.dirname(TABLE), exist_ok=True)
    with open(TABLE, "w") as file:
        file.write(text)
    print(text)
    common.progress("table written to %s" % os.path.relpath(TABLE))
    if failed:
        raise SystemExit("bench: failed: %s" % ", ".join(failed))


if __name__ == "__main__":
    main()
