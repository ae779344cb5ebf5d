"""`bingwall update` against curl on the same loopback server, in one run.

Prints a table of median wall times and ratios, then peak RSS for a 200 MB and a 2 MB picture.
Usage: python3 bench/update_bench.py path/to/bingwall [runs]
"""

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fake_bing  # noqa: E402

BINARY = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5


def fresh_home():
    home = tempfile.mkdtemp(prefix="bingwall-bench-")
    return home, {"HOME": home, "PATH": os.environ["PATH"], "LANG": "C.UTF-8"}


def timed(command, env=None, cwd=None):
    start = time.monotonic()
    subprocess.run(command, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - start


def urls(base):
    listing = [base + "/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US&mbl=1"]
    for index, name in enumerate(fake_bing.NAMES):
        listing.append("%s/th?id=OHR.%s_EN-US%d_UHD.jpg" % (base, name, 1000 + index))
    return listing


def wall_times(base):
    results = {
        "bingwall update": [], "curl --parallel": [], "curl, archive then 6 at a time": [],
        "curl, one by one": [],
    }
    for _ in range(RUNS):
        home, env = fresh_home()
        env["BINGWALL_ENDPOINT"] = base
        results["bingwall update"].append(timed([BINARY, "update", "-q", "--no-apply"], env=env))
        shutil.rmtree(home)

        out = tempfile.mkdtemp(prefix="bingwall-bench-curl-")
        args = ["curl", "-s", "--parallel", "--parallel-immediate", "--parallel-max", "9"]
        for index, url in enumerate(urls(base)):
            args += ["-o", os.path.join(out, str(index)), url]
        results["curl --parallel"].append(timed(args))  # timed() discards curl's meter
        shutil.rmtree(out)

        # The floor for anything that must read the archive before it knows the picture URLs,
        # with bingwall's limit of six transfers at once.
        out = tempfile.mkdtemp(prefix="bingwall-bench-curl-")
        start = time.monotonic()
        listing = urls(base)
        subprocess.run(["curl", "-s", "-o", os.path.join(out, "archive"), listing[0]], check=True)
        args = ["curl", "-s", "--parallel", "--parallel-immediate", "--parallel-max", "6"]
        for index, url in enumerate(listing[1:]):
            args += ["-o", os.path.join(out, str(index)), url]
        subprocess.run(args, check=True, stderr=subprocess.DEVNULL)
        results["curl, archive then 6 at a time"].append(time.monotonic() - start)
        shutil.rmtree(out)

        out = tempfile.mkdtemp(prefix="bingwall-bench-curl-")
        start = time.monotonic()
        for index, url in enumerate(urls(base)):
            subprocess.run(["curl", "-s", "-o", os.path.join(out, str(index)), url], check=True)
        results["curl, one by one"].append(time.monotonic() - start)
        shutil.rmtree(out)
    return {name: statistics.median(values) for name, values in results.items()}


def peak_rss_kib(base):
    """Peak RSS of one `bingwall update` child, from its rusage (ru_maxrss is in KiB on Linux)."""
    home, env = fresh_home()
    env["BINGWALL_ENDPOINT"] = base
    process = subprocess.Popen([BINARY, "update", "-q", "--no-apply", "--days", "1"], env=env)
    _, status, usage = os.wait4(process.pid, 0)
    shutil.rmtree(home)
    if status != 0:
        raise SystemExit("bingwall update failed with status %d" % status)
    return usage.ru_maxrss


def main():
    folder = tempfile.mkdtemp(prefix="bingwall-bench-site-")
    server, base = fake_bing.start(folder, 4_000_000)
    try:
        medians = wall_times(base)
    finally:
        server.shutdown()
        shutil.rmtree(folder)
    floor = medians["curl --parallel"]
    sequential = medians["curl, one by one"]
    print("8 pictures of 4 MB + 1 archive, 50 ms before each response, median of %d runs" % RUNS)
    print("| what | wall time | vs curl --parallel | speed-up over one by one |")
    print("|---|---|---|---|")
    for name, seconds in medians.items():
        print("| %s | %.3f s | %.2fx | %.1fx |" % (name, seconds, seconds / floor, sequential / seconds))

    rss = {}
    for label, size in (("2 MB", 2_000_000), ("200 MB", 200_000_000)):
        folder = tempfile.mkdtemp(prefix="bingwall-bench-site-")
        server, base = fake_bing.start(folder, size, names=fake_bing.NAMES[:1])
        try:
            rss[label] = peak_rss_kib(base)
        finally:
            server.shutdown()
            shutil.rmtree(folder)
    print()
    print("| picture | peak RSS of bingwall update |")
    print("|---|---|")
    for label, kib in rss.items():
        print("| %s | %.1f MB |" % (label, kib / 1024))
    print("difference: %.1f MB (target: at most 8 MB)" % ((rss["200 MB"] - rss["2 MB"]) / 1024))
    bingwall = medians["bingwall update"]
    print("targets: within 1.3x of curl --parallel: %s; at least 3x faster than one by one: %s" % (
        "met" if bingwall <= 1.3 * floor else "NOT met", "met" if sequential >= 3 * bingwall else "NOT met"))


if __name__ == "__main__":
    main()
