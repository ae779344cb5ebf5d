"""The JPEGs the benchmarks serve, made with ImageMagick and kept in .build/bench/pictures/.

`uhd()` returns eight real 3840x2160 pictures of about 2.4 MB each (a plasma fractal at quality
90: detail everywhere, like a photograph, so the size comes from the pixels). They take a few
seconds each to make, so they are made once and reused by later runs. bingwall refuses a "UHD"
no larger than 1920x1080 and a JPEG whose size its pixels could not explain, so these pass every
check a real Bing picture passes.

`padded(path, size)` writes a real 3840x2160 JPEG grown to `size` bytes with comment segments:
for the download-memory benchmark, where the size is the point (2 MB against 200 MB).
"""

import os
import subprocess

import common

FOLDER = os.path.join(common.CACHE, "pictures")
COUNT = 8
# One colour pair per picture, so that no two are the same bytes (bingwall would notice).
COLOURS = ["#336699-#ccaa66", "#225522-#aaccee", "#884422-#eeddaa", "#113355-#66ccaa",
           "#555533-#ddbb88", "#224466-#eeeeff", "#aa5533-#553311", "#447744-#ccaa44"]


def uhd():
    """The eight UHD pictures, made when missing (two ImageMagick processes at a time)."""
    common.need("convert")
    os.makedirs(FOLDER, exist_ok=True)
    paths = [os.path.join(FOLDER, "uhd-%d.jpg" % index) for index in range(COUNT)]
    missing = [index for index, path in enumerate(paths) if not os.path.exists(path)]
    if missing:
        common.progress("making %d real 3840x2160 JPEGs in %s (once; later runs reuse them)"
                        % (len(missing), FOLDER))
    for start in range(0, len(missing), 2):
        running = []
        for index in missing[start:start + 2]:
            partial = paths[index] + ".part"
            command = ["convert", "-size", "3840x2160", "-seed", str(index + 1), "plasma:" + COLOURS[index],
                       "-quality", "90", "jpeg:" + partial]
            running.append((subprocess.Popen(command), partial, paths[index]))
        for process, partial, path in running:
            if process.wait() != 0:
                raise SystemExit("bench: convert failed making " + path)
            os.rename(partial, path)
    return paths


def padded(path, colour, size):
    """A real 3840x2160 JPEG from ImageMagick, grown to about `size` bytes with comment segments.

    Written piece by piece: a 200 MB picture must not sit in the benchmark's memory, because a
    child started from it could count that memory in its own peak RSS.
    """
    common.need("convert")
    small = subprocess.run(["convert", "-size", "3840x2160", "xc:" + colour, "jpeg:-"], check=True,
                           capture_output=True).stdout
    filler = bytes(65533)
    with open(path, "wb") as out:
        out.write(small[:2])
        missing = max(0, size - len(small))
        while missing > 4:
            chunk = min(65533, missing - 4)
            out.write(b"\xff\xfe" + (chunk + 2).to_bytes(2, "big") + filler[:chunk])
            missing -= chunk + 4
        out.write(small[2:])
    return path
