"""What every benchmark module shares: whole-process timing, same-run interleaving, the row format.

A benchmark module is a script `bench/NAME_bench.py BINARY` run by bench/run.py. It prints its
results on stdout as lines `BENCHROW {json}` (see `emit`) and its progress on stderr. Timings
are whole processes started with posix_spawn and reaped with wait4, so each one carries its own
wall time, CPU time (user+sys) and peak RSS. Python 3.11 standard library only.
"""

import json
import os
import shutil
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# Everything a run makes and keeps (pictures, the hello world) lives here; the rest goes to
# `scratch()` folders under it, removed when the module ends.
CACHE = os.path.join(ROOT, ".build", "bench")


def progress(message):
    print("bench: " + message, file=sys.stderr, flush=True)


def runs(default):
    """RUNS from the environment (bench/run.py passes it through), else the module's default."""
    value = os.environ.get("RUNS")
    return max(1, int(value)) if value else default


def need(*tools):
    """Stops with a clear message when a command the benchmark needs is not installed."""
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        raise SystemExit("bench: missing %s (make deps installs the benchmarks' packages)" % ", ".join(missing))


def binary():
    if len(sys.argv) < 2:
        raise SystemExit("usage: %s path/to/bingwall" % sys.argv[0])
    path = os.path.abspath(sys.argv[1])
    if not os.access(path, os.X_OK):
        raise SystemExit("bench: %s is not an executable (make release builds it)" % path)
    return path


def scratch(prefix):
    """A fresh folder on the same file system as the build (fsync costs are the same for all)."""
    os.makedirs(os.path.join(CACHE, "tmp"), exist_ok=True)
    return tempfile.mkdtemp(prefix=prefix + "-", dir=os.path.join(CACHE, "tmp"))


def base_env(home, **extra):
    """A minimal environment with its own HOME: no user config, no desktop, no proxy."""
    env = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
    env.update(extra)
    return env


class Run:
    """One finished process (or sequence of processes): wall seconds, CPU seconds, peak RSS."""

    def __init__(self, wall, user, system, maxrss_kib, status):
        self.wall, self.user, self.system, self.maxrss_kib, self.status = wall, user, system, maxrss_kib, status

    @property
    def cpu(self):
        return self.user + self.system

    def then(self, other):
        """This run followed by another: times add up, peak RSS is the larger."""
        return Run(self.wall + other.wall, self.user + other.user, self.system + other.system,
                   max(self.maxrss_kib, other.maxrss_kib), self.status or other.status)


def spawn(argv, env=None, check=True, output=None):
    """Runs argv to completion as one child; its stdout and stderr go to /dev/null (or `output`).

    posix_spawn + wait4: the rusage is this child's alone, whatever else the module has run.
    """
    target = output or os.devnull
    actions = [(os.POSIX_SPAWN_OPEN, 1, target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
               (os.POSIX_SPAWN_DUP2, 1, 2)]
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], list(argv), env if env is not None else os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if check and code != 0:
        raise SystemExit("bench: %s exited with %d" % (" ".join(argv), code))
    return Run(wall, usage.ru_utime, usage.ru_stime, usage.ru_maxrss, code)


def interleaved(cases, count):
    """Runs each case `count` times, rotating the order every round so that noise from other
    work on the machine falls on every case alike. `cases` maps a label to a function returning
    a Run; returns label -> list of Runs."""
    labels = list(cases)
    results = {label: [] for label in labels}
    for round_ in range(count):
        shift = round_ % len(labels)
        for label in labels[shift:] + labels[:shift]:
            results[label].append(cases[label]())
    return results


def median(runs_, field="wall"):
    return statistics.median(getattr(run, field) for run in runs_)


def emit(what, value, unit, yardstick_label, yardstick, target="", met=None, ratio=None, note="", spread=None,
         ratio_spread=None):
    """One row of the final table, as a `BENCHROW` JSON line on stdout.

    value and yardstick are in `unit` ("s", "ms", "MB", "count"); the ratio is value/yardstick
    unless given; met is True, False, None (no target) or "noise" (the runs fall on both sides
    of the goal). spread and ratio_spread are (min, max) over the runs, when there were several.
    """
    if ratio is None and yardstick:
        ratio = value / yardstick
    row = {"what": what, "bingwall": value, "unit": unit, "yardstick_label": yardstick_label,
           "yardstick": yardstick, "ratio": ratio, "target": target, "met": met, "note": note,
           "spread": spread, "ratio_spread": ratio_spread}
    print("BENCHROW " + json.dumps(row, ensure_ascii=False), flush=True)


def verdict(samples, within):
    """True when every run meets the goal, False when none does, "noise" when the runs fall on
    both sides of it: a spread wider than the margin says so rather than yes or no."""
    passed = [within(sample) for sample in samples]
    if all(passed):
        return True
    if not any(passed):
        return False
    return "noise"


def compare(what, runs_, yardstick_runs, unit, yardstick_label, target, ratio_at_most=None, value_under=None,
            field="wall", scale=1):
    """A timed row from two lists of interleaved runs (round i of each ran back to back): the
    medians, the spread of bingwall's figure and of the round-by-round ratio, and the verdict
    on the goal, a ratio (`ratio_at_most`), a figure (`value_under`), both, or neither."""
    values = [getattr(run, field) * scale for run in runs_]
    yardsticks = [getattr(run, field) * scale for run in yardstick_runs]
    ratios = [value / yard for value, yard in zip(values, yardsticks) if yard]

    def within(round_):
        value, ratio = round_
        return ((ratio_at_most is None or ratio <= ratio_at_most)
                and (value_under is None or value < value_under))

    met = None
    if ratio_at_most is not None or value_under is not None:
        met = verdict(list(zip(values, ratios)), within)
    several = len(values) > 1
    emit(what, statistics.median(values), unit, yardstick_label, statistics.median(yardsticks), target, met,
         spread=(min(values), max(values)) if several else None,
         ratio_spread=(min(ratios), max(ratios)) if several and ratios else None)
