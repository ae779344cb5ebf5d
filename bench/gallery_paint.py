#!/usr/bin/env python3
"""First contentful paint of an HTML file in headless Chromium, in milliseconds.

    bench/gallery_paint.py PAGE.html [--runs N] [--window-size 1280,800] [--chromium PATH]

Starts `chromium --headless=new` (with --no-sandbox, which root needs) in a private profile,
speaks the DevTools protocol over --remote-debugging-pipe (file descriptors 3 and 4, one JSON
message per NUL byte), opens the page in a new tab and polls
`performance.getEntriesByType('paint')` until 'first-contentful-paint' is there. The time is
the entry's startTime: milliseconds from the start of the navigation. Each run is a fresh
browser; with --runs N the median is printed (and every run on stderr). Standard library only.
"""

import argparse
import json
import os
import pathlib
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time


class DevTools:
    """One Chromium with a DevTools pipe: send a command, read until its answer."""

    def __init__(self, chromium, window_size, profile):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def pipes_on_3_and_4():
            # The browser reads commands on fd 3 and writes answers on fd 4. Through a copy
            # first, in case one pipe end is itself 3 or 4.
            read, write = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.process = subprocess.Popen(
            [
                chromium, "--headless=new", "--no-sandbox", "--remote-debugging-pipe",
                f"--user-data-dir={profile}", f"--window-size={window_size}",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-sync", "--mute-audio",
                "about:blank",
            ],
            preexec_fn=pipes_on_3_and_4, pass_fds=(3, 4), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        for fd in (to_browser_read, from_browser_write):
            os.close(fd)
        self.next_id = 0
        self.pending = b""

    def command(self, method, params=None, session=None, timeout=30.0):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self.pending:
                raw, self.pending = self.pending.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self.next_id:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return answer.get("result", {})
            if time.monotonic() > deadline:
                raise TimeoutError(f"{method}: no answer within {timeout} s")
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self.pending += chunk

    def close(self):
        for fd in (self.to_browser, self.from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.process.poll() is None:
            # Its own session: the renderer and GPU processes go with it.
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


PAINTS = "JSON.stringify(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]))"


def first_contentful_paint(chromium, url, window_size, timeout):
    with tempfile.TemporaryDirectory(prefix="gallery-paint-") as profile:
        browser = DevTools(chromium, window_size, profile)
        try:
            target = browser.command("Target.createTarget", {"url": url})["targetId"]
            session = browser.command(
                "Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                result = browser.command(
                    "Runtime.evaluate", {"expression": PAINTS, "returnByValue": True},
                    session=session, timeout=timeout)
                entries = dict(json.loads(result.get("result", {}).get("value") or "[]"))
                if "first-contentful-paint" in entries:
                    return entries["first-contentful-paint"]
                time.sleep(0.02)
            raise TimeoutError(f"no first-contentful-paint within {timeout} s")
        finally:
            browser.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", help="the HTML file")
    parser.add_argument("--runs", type=int, default=1, help="fresh browsers to measure (median)")
    parser.add_argument("--window-size", default="1280,800", help="width,height in pixels")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    parser.add_argument(
        "--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"),
        help="the browser (default: chromium on PATH)")
    arguments = parser.parse_args()
    if not arguments.chromium:
        sys.exit("gallery_paint.py: chromium is not installed (Debian: apt-get install chromium)")
    page = pathlib.Path(arguments.page).resolve()
    if not page.is_file():
        sys.exit(f"gallery_paint.py: {page}: no such file")
    times = []
    for run in range(max(1, arguments.runs)):
        milliseconds = first_contentful_paint(
            arguments.chromium, page.as_uri(), arguments.window_size, arguments.timeout)
        print(f"run {run + 1}: {milliseconds:.1f} ms", file=sys.stderr)
        times.append(milliseconds)
    print(f"{statistics.median(times):.1f}")


if __name__ == "__main__":
    main()
