"""Peak RSS of `bingwall update` against the size of the picture: 2 MB, then 200 MB.

The loopback server (bench/fake_bing.py) serves a one-day archive whose picture is a real
3840x2160 JPEG grown with comment segments to 2 MB or 200 MB (bench/pictures.py). The peak RSS
is the child's ru_maxrss from wait4; the 2 MB figure, measured in the same run, is the yardstick.
A download that streams to disk costs the same memory for both. Median of RUNS (default 3).
Usage: python3 bench/memory_bench.py path/to/bingwall
"""

import os
import shutil

import common
import fake_bing
import pictures

BINARY = common.binary()
RUNS = common.runs(3)
SIZES = {"2 MB": 2_000_000, "200 MB": 200_000_000}
FLAT_MB = 8


def update(base):
    home = common.scratch("memory-home")
    try:
        return common.spawn([BINARY, "update", "-q", "--no-apply", "--market", "en-US", "--days", "1"],
                            env=common.base_env(home, BINGWALL_ENDPOINT=base))
    finally:
        shutil.rmtree(home)


def main():
    site = common.scratch("memory-site")
    servers = {}
    try:
        for label, size in SIZES.items():
            common.progress("memory: making a %s picture" % label)
            path = pictures.padded(os.path.join(site, label.replace(" ", "") + ".jpg"), "#336699", size)
            servers[label] = fake_bing.start([path])
        common.progress("memory: bingwall update of one picture, %d runs each size" % RUNS)
        results = common.interleaved({label: (lambda base=base: update(base))
                                      for label, (_, base) in servers.items()}, RUNS)
    finally:
        for server, _ in servers.values():
            server.shutdown()
        shutil.rmtree(site)
    small = common.median(results["2 MB"], "maxrss_kib") / 1024
    large = common.median(results["200 MB"], "maxrss_kib") / 1024
    common.emit("download peak RSS, one 200 MB picture", large, "MB", "bingwall, one 2 MB picture", small,
                "flat (at most %d MB more)" % FLAT_MB, large - small <= FLAT_MB)


if __name__ == "__main__":
    main()
