"""An idle `bingwall daemon` (rotation every hour, pictures up to date), watched beside `sleep`.

The history is brought up to date first (one `bingwall update` against bench/fake_bing.py), so
the daemon's next deadline is far away. Then `bingwall daemon --rotate 1h` and `sleep 3600` (the
yardstick: a process that does nothing) start together, settle SETTLE seconds, and are watched
side by side for IDLE_SECONDS (default 20): resident memory (VmRSS) at the end and voluntary
context switches during the watch, from /proc/PID/status.

A second daemon is watched the same way on a system bus of its own (a private dbus-daemon) with
python3-dbusmock's NetworkManager, UPower and logind on it: the daemon listens for their signals,
so this is the idle cost of the sd-bus connection, with `power.min_battery` set so UPower is
listened to as well.
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


DBUSMOCK = "/usr/lib/python3/dist-packages/dbusmock/templates/upower.py"


def mock_system_bus(folder):
    """A dbus-daemon on a socket in `folder` with dbusmock's NetworkManager, UPower and logind;
    returns (processes, address), or None when dbusmock is not installed."""
    if not os.path.exists(DBUSMOCK) or not shutil.which("dbus-daemon") or not shutil.which("gdbus"):
        return None
    address = "unix:path=" + os.path.join(folder, "system_bus")
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=" + address],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=address)
    processes = [bus]
    for template, name, path in [("networkmanager", "org.freedesktop.NetworkManager", "/org/freedesktop/NetworkManager"),
                                 ("upower", "org.freedesktop.UPower", "/org/freedesktop/UPower"),
                                 ("logind", "org.freedesktop.login1", "/org/freedesktop/login1")]:
        processes.append(subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--system", "--template", template],
                                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.time() + 30
        while subprocess.run(["gdbus", "call", "--system", "--dest", name, "--object-path", path, "--method",
                              "org.freedesktop.DBus.Peer.Ping"], env=env, capture_output=True).returncode != 0:
            if time.time() > deadline:
                raise SystemExit("bench: dbusmock %s did not start" % template)
            time.sleep(0.05)
    return processes, address


def main():
    home = common.scratch("daemon-home")
    server, base = fake_bing.start(pictures.uhd())
    processes = []
    services = []
    try:
        env = common.base_env(home, BINGWALL_ENDPOINT=base, BINGWALL_BACKEND="none", XDG_RUNTIME_DIR=home,
                              BINGWALL_MARKETS="en-US")
        subprocess.run([BINARY, "update", "-q"], env=env, check=True)
        common.progress("daemon: bingwall daemon and sleep, idle for %.0f s after %.0f s to settle"
                        % (IDLE_SECONDS, SETTLE))
        mocks = mock_system_bus(home)
        processes = [
            subprocess.Popen([BINARY, "daemon", "--rotate", "1h"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
            subprocess.Popen(["sleep", "3600"]),
        ]
        if mocks:
            services, address = mocks
            # Its own runtime folder: one daemon per user, by the lock there.
            runtime = os.path.join(home, "run-bus")
            os.makedirs(runtime)
            processes.append(subprocess.Popen(
                [BINARY, "daemon", "--rotate", "1h"],
                env=dict(env, DBUS_SYSTEM_BUS_ADDRESS=address, XDG_RUNTIME_DIR=runtime,
                         BINGWALL_POWER_MIN_BATTERY="20%"),
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            # And with its panel menu and notifications on, on a session bus of its own.
            menu_runtime = os.path.join(home, "run-menu")
            os.makedirs(menu_runtime, mode=0o700)
            session = "unix:path=" + os.path.join(menu_runtime, "bus")
            services.append(subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                              "--address=" + session],
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            time.sleep(0.5)
            processes.append(subprocess.Popen(
                [BINARY, "daemon", "--rotate", "1h"],
                env=dict(env, DBUS_SYSTEM_BUS_ADDRESS=address, DBUS_SESSION_BUS_ADDRESS=session,
                         XDG_RUNTIME_DIR=menu_runtime, BINGWALL_DAEMON_TRAY="true", BINGWALL_DAEMON_NOTIFY="true"),
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(SETTLE)
        for process in processes:
            if process.poll() is not None:
                raise SystemExit("bench: %s exited early with %d" % (process.args[0], process.returncode))
        before = [int(status(p.pid)["voluntary_ctxt_switches"]) for p in processes]
        time.sleep(IDLE_SECONDS)
        after = [status(p.pid) for p in processes]
    finally:
        for process in processes + services:
            process.terminate()
            process.wait()
        server.shutdown()
        shutil.rmtree(home)
    rss = [kib(fields, "VmRSS") / 1024 for fields in after]
    # The private part (heap, stacks) beside the pages of the binary and the libraries, which
    # every process of the same files shares.
    anon = [kib(fields, "RssAnon") / 1024 for fields in after]
    switches = [int(fields["voluntary_ctxt_switches"]) - b for fields, b in zip(after, before)]
    common.emit("idle daemon resident memory (of which private: %.1f MB)" % anon[0], rss[0], "MB", "sleep 3600",
                rss[1], "at most %d MB" % TARGET_MB, rss[0] <= TARGET_MB)
    common.emit("idle daemon voluntary context switches in %.0f s" % IDLE_SECONDS, switches[0], "count",
                "sleep 3600", switches[1], "0", switches[0] == 0)
    if len(after) > 2:
        common.emit("idle daemon on a system bus with NetworkManager, UPower and logind, resident memory (of which "
                    "private: %.1f MB)" % anon[2], rss[2], "MB", "sleep 3600", rss[1], "at most %d MB" % TARGET_MB, rss[2] <= TARGET_MB)
        common.emit("idle daemon on that bus, voluntary context switches in %.0f s" % IDLE_SECONDS, switches[2],
                    "count", "sleep 3600", switches[1], "0", switches[2] == 0)
    if len(after) > 3:
        common.emit("idle daemon with its panel menu and notifications on, resident memory (of which private: "
                    "%.1f MB)" % anon[3], rss[3], "MB", "sleep 3600", rss[1], "at most %d MB" % TARGET_MB, rss[3] <= TARGET_MB)
        common.emit("idle daemon with its panel menu, voluntary context switches in %.0f s" % IDLE_SECONDS,
                    switches[3], "count", "sleep 3600", switches[1], "0", switches[3] == 0)


if __name__ == "__main__":
    main()
