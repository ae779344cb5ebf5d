"""An idle `bingwall daemon` (rotation every hour, pictures up to date) watched for a minute.

Reads resident memory and voluntary context switches from /proc for the daemon and, in the same
run, for what peers do instead: a shell loop waking every second, and `sleep` (the floor).
Usage: python3 bench/daemon_bench.py path/to/bingwall [seconds]
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fake_bing  # noqa: E402

BINARY = os.path.abspath(sys.argv[1])
SECONDS = int(sys.argv[2]) if len(sys.argv) > 2 else 60


def status(pid):
    fields = {}
    with open("/proc/%d/status" % pid) as source:
        for line in source:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return fields


def watch(label, process, settle=2.0):
    time.sleep(settle)
    before = int(status(process.pid)["voluntary_ctxt_switches"])
    time.sleep(SECONDS)
    after = status(process.pid)
    process.terminate()
    process.wait()
    switches = int(after["voluntary_ctxt_switches"]) - before
    rss = int(after["VmRSS"].split()[0]) / 1024
    anon = int(after.get("RssAnon", "0 kB").split()[0]) / 1024
    return label, rss, anon, switches


def main():
    folder = tempfile.mkdtemp(prefix="bingwall-bench-site-")
    home = tempfile.mkdtemp(prefix="bingwall-bench-daemon-")
    server, base = fake_bing.start(folder, 100_000)
    try:
        env = {"HOME": home, "PATH": os.environ["PATH"], "LANG": "C.UTF-8", "BINGWALL_ENDPOINT": base,
               "BINGWALL_BACKEND": "none", "XDG_RUNTIME_DIR": home}
        subprocess.run([BINARY, "update", "-q"], env=env, check=True)
        rows = [
            watch("bingwall daemon --rotate 1h", subprocess.Popen(
                [BINARY, "daemon", "--rotate", "1h"], env=env, stderr=subprocess.DEVNULL)),
            watch("sh: while :; do sleep 1; done", subprocess.Popen(["sh", "-c", "while :; do sleep 1; done"])),
            watch("sleep 3600 (the floor)", subprocess.Popen(["sleep", "3600"])),
        ]
    finally:
        server.shutdown()
        shutil.rmtree(folder)
        shutil.rmtree(home)
    print("idle for %d s after 2 s to settle" % SECONDS)
    print("| process | resident memory | of which private (RssAnon) | voluntary context switches |")
    print("|---|---|---|---|")
    for label, rss, anon, switches in rows:
        print("| %s | %.1f MB | %.1f MB | %d |" % (label, rss, anon, switches))
    daemon = rows[0]
    print("targets: at most 20 MB resident: %s; at most 3 context switches: %s" % (
        "met" if daemon[1] <= 20 else "NOT met", "met" if daemon[3] <= 3 else "NOT met"))


if __name__ == "__main__":
    main()
