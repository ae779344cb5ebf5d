"""`bingwall update` of the 8-day window against the curl floor, on one loopback server, one run.

The server (bench/fake_bing.py) waits 50 ms before every response and serves eight real
3840x2160 JPEGs of about 2.4 MB (bench/pictures.py). The yardstick is the floor for any client
that must read the archive before it knows the picture URLs: one curl for the archive's two pages
at once (a first update asks for both), then one
`curl --parallel --parallel-immediate --parallel-max 8` for the 8 pictures. bingwall runs on an
empty history (a fresh HOME each time, so creating the history is part of its time). The two
are interleaved, RUNS times each (default 7); medians of wall time and of CPU time (user+sys of
the child processes, from wait4).
Usage: python3 bench/update_bench.py path/to/bingwall
"""

import glob
import os
import shutil
import subprocess

import common
import fake_bing
import pictures

BINARY = common.binary()
RUNS = common.runs(7)


def bingwall(base, story=True):
    """One update on an empty history; `story` also asks for Bing's model (network.story, the
    default), which the server answers after the same delay as every response."""
    home = common.scratch("update-home")
    try:
        return common.spawn([BINARY, "update", "-q", "--no-apply", "--market", "en-US"],
                            env=common.base_env(home, BINGWALL_ENDPOINT=base,
                                                BINGWALL_NETWORK_STORY="true" if story else "false"))
    finally:
        shutil.rmtree(home)


def curl_floor(base, durable=False):
    """The archive's two pages, then all 8 pictures at once: two curl processes, times added. `durable` adds
    coreutils' `sync FILE...` (an fsync of each picture): the floor for a client that, like
    bingwall, puts a picture on disk before it names it."""
    out = common.scratch("update-curl")
    try:
        listing = fake_bing.urls(base)
        archive = common.spawn(["curl", "-sSf", "--parallel", "--parallel-immediate",
                                "-o", os.path.join(out, "archive"), listing[0],
                                "-o", os.path.join(out, "older"), fake_bing.older_archive_url(base)])
        args = ["curl", "-sSf", "--parallel", "--parallel-immediate", "--parallel-max", "8"]
        names = [os.path.join(out, str(index)) for index in range(len(listing) - 1)]
        for name, url in zip(names, listing[1:]):
            args += ["-o", name, url]
        both = archive.then(common.spawn(args))
        return both.then(common.spawn(["sync"] + names)) if durable else both
    finally:
        shutil.rmtree(out)


def check(base):
    """One untimed update first: it must store all 8 pictures, or the timings mean nothing."""
    home = common.scratch("update-check")
    try:
        common.spawn([BINARY, "update", "-q", "--no-apply", "--market", "en-US"],
                     env=common.base_env(home, BINGWALL_ENDPOINT=base))
        stored = glob.glob(os.path.join(home, ".local/share/bingwall/images/*.jpg"))
        if len(stored) != 8:
            raise SystemExit("bench: bingwall update stored %d pictures, not 8" % len(stored))
        show = subprocess.run([BINARY, "show", "OHR.Lake"], env=common.base_env(home), capture_output=True,
                              text=True, check=True)
        if "The Lake at first light" not in show.stdout:
            raise SystemExit("bench: bingwall update did not store the story")
    finally:
        shutil.rmtree(home)


def main():
    common.need("curl")
    files = pictures.uhd()
    megabytes = sum(os.path.getsize(path) for path in files) / len(files) / 1e6
    server, base = fake_bing.start(files)
    try:
        check(base)
        common.progress("update: bingwall against curl, %d runs each, interleaved" % RUNS)
        results = common.interleaved({
            "bingwall": lambda: bingwall(base), "no story": lambda: bingwall(base, story=False),
            "curl": lambda: curl_floor(base),
            "curl+sync": lambda: curl_floor(base, durable=True)}, RUNS)
    finally:
        server.shutdown()
    floor = "curl: the archive, then all 8 pictures at once"
    ours = results["bingwall"]
    common.compare("update of the 8-day window (8 UHD JPEGs of %.1f MB, 50 ms before each response)" % megabytes,
                   ours, results["curl"], "s", floor, "within 1.15x", ratio_at_most=1.15)
    common.compare("update of the 8-day window, against the floor of a client that syncs what it keeps",
                   ours, results["curl+sync"], "s", floor + ", then `sync` of the 8 files", "none (informative)")
    common.compare("update with Bing's story (one more request, beside the downloads)", ours, results["no story"],
                   "s", "the same update without it (network.story = false)", "within 1.1x", ratio_at_most=1.1)
    common.compare("update CPU time (user+sys)", ours, results["curl"], "s", floor, "within 1.7x", ratio_at_most=1.7,
                   field="cpu")


if __name__ == "__main__":
    main()
