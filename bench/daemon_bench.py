"""An idle `bingwall daemon` (rotation every hour, pictures up to date), watched beside `sleep`.

The history is brought up to date first (one `bingwall update` against bench/fake_bing.py), so
the daemon's next deadline is far away. Then `bingwall daemon --rotate 1h` and `sleep 3600` (the
yardstick: a process that does nothing) start together, settle SETTLE seconds, and are watched
side by side for IDLE_SECONDS (default 20): resident memory (VmRSS) at the end and voluntary
context switches during the watch, from /proc/PID/status.
Usage: python3 bench/daemon_bench.py path/to/bingwall
"""

import os
import shutil
import subprocess
import time

import common
import fake_bing
import pictures

BINARY = common.binary()
IDLE_SECONDS = float(os.environ.get("IDLE_SECONDS", "20"))
SETTLE = 3.0
TARGET_MB = 18


def status(pid):
    fields = {}
    with open("/proc/%d/status" % pid) as source:
        for line in source:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return fields


def kib(fields, name):
    return int(fields.get(name, "0 kB").split()[0])


def main():
    home = common.scratch("daemon-home")
    server, base = fake_bing.start(pictures.uhd())
    processes = []
    try:
        env = common.base_env(home, BINGWALL_ENDPOINT=base, BINGWALL_BACKEND="none", XDG_RUNTIME_DIR=home,
                              BINGWALL_MARKETS="en-US")
        subprocess.run([BINARY, "update", "-q"], env=env, check=True)
        common.progress("daemon: bingwall daemon and sleep, idle for %.0f s after %.0f s to settle"
                        % (IDLE_SECONDS, SETTLE))
        processes = [
            subprocess.Popen([BINARY, "daemon", "--rotate", "1h"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
            subprocess.Popen(["sleep", "3600"]),
        ]
        time.sleep(SETTLE)
        for process in processes:
            if process.poll() is not None:
                raise SystemExit("bench: %s exited early with %d" % (process.args[0], process.returncode))
        before = [int(status(p.pid)["voluntary_ctxt_switches"]) for p in processes]
        time.sleep(IDLE_SECONDS)
        after = [status(p.pid) for p in processes]
    finally:
        for process in processes:
            process.terminate()
            process.wait()
        server.shutdown()
        shutil.rmtree(home)
    rss = [kib(fields, "VmRSS") / 1024 for fields in after]
    anon = kib(after[0], "RssAnon") / 1024
    switches = [int(fields["voluntary_ctxt_switches"]) - b for fields, b in zip(after, before)]
    common.emit("idle daemon resident memory (of which private: %.1f MB)" % anon, rss[0], "MB", "sleep 3600",
                rss[1], "at most %d MB" % TARGET_MB, rss[0] <= TARGET_MB)
    common.emit("idle daemon voluntary context switches in %.0f s" % IDLE_SECONDS, switches[0], "count",
                "sleep 3600", switches[1], "0", switches[0] == 0)


if __name__ == "__main__":
    main()
