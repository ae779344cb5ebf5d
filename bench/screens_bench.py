"""Pictures for one screen: a UHD picture to its 2560x1440 attention crop plus the dark (0.7),
lock (blur sigma 20) and captioned variants, as four JPEG files.

- bingwall: `bingwall-bench screen-pictures FILE 2560x1440 FOLDER`, the release build's bench
  binary beside bingwall making them through the code an apply uses (libvips, in-process);
- yardstick: ImageMagick's `convert` doing the same four in one process (resize to cover, centre
  crop — it has no attention crop —, `-evaluate multiply 0.7`, `-blur 0x20`, `-annotate` on a
  shadow), each written with `-write`, quality 90.

A fresh folder per run, so nothing is reused from bingwall's cache. Whole processes,
interleaved, median wall time and peak RSS of RUNS (default 9).
Usage: python3 bench/screens_bench.py path/to/bingwall
"""

import os
import shutil

import common
import pictures

BINARY = common.binary()
# `make release` builds it beside bingwall; the command stays out of the binary a user runs.
BENCH = os.path.join(os.path.dirname(BINARY), "bingwall-bench")
RUNS = common.runs(9)
SIZE = "2560x1440"


def convert_argv(source, folder):
    out = lambda name: os.path.join(folder, name)
    return ["convert", source, "-resize", SIZE + "^", "-gravity", "center", "-extent", SIZE, "-quality", "90",
            "-write", out("crop.jpg"),
            "(", "+clone", "-evaluate", "multiply", "0.7", "-write", out("dark.jpg"), "+delete", ")",
            "(", "+clone", "-blur", "0x20", "-write", out("lock.jpg"), "+delete", ")",
            "-gravity", "southeast", "-pointsize", "36", "-fill", "#000000a0",
            "-annotate", "+62+62", "Lake Bled and its island, Slovenia",
            "-fill", "white", "-annotate", "+64+64", "Lake Bled and its island, Slovenia", out("caption.jpg")]


def main():
    common.need("convert")
    source = pictures.uhd()[0]
    home = common.scratch("screens")
    try:
        env = common.base_env(home)
        counter = [0]

        def fresh():
            counter[0] += 1
            folder = os.path.join(home, "out-%d" % counter[0])
            os.makedirs(folder)
            return folder

        common.progress("screens: crop + dark + lock + caption of a UHD picture, %d runs each, interleaved" % RUNS)
        results = common.interleaved({
            "bingwall": lambda: common.spawn([BENCH, "screen-pictures", source, SIZE, fresh()], env=env),
            "convert": lambda: common.spawn(convert_argv(source, fresh()), env=env),
        }, RUNS)
    finally:
        shutil.rmtree(home)
    common.compare("UHD picture to a 2560x1440 crop + dark + lock + caption (wall)", results["bingwall"],
                   results["convert"], "ms", "ImageMagick `convert`, the same four in one process",
                   "under 250 ms and at most 0.5x", ratio_at_most=0.5, value_under=250, scale=1000)
    common.compare("the same, peak RSS", results["bingwall"], results["convert"], "MB", "ImageMagick `convert`",
                   "under 80 MB", value_under=80, field="maxrss_kib", scale=1 / 1024)


if __name__ == "__main__":
    main()
