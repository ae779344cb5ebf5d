"""`bingwall update` of all five sources at once against the durable curl floor, on one loopback server.

One server (HTTP/1.1, keep-alive, one thread per connection, 50 ms before every response, as
bench/fake_bing.py) answers everything at its real paths: Bing's 8-day archive, its model (the
story) and its 8 UHD JPEGs (bench/fake_bing.py), and the bodies of Windows Spotlight, NASA APOD,
Wikimedia Commons and NASA Earth Observatory, read from the project's own test fixtures
(Tests/Fixtures/sources, Tests/Fixtures/feeds) with their picture URLs rewritten to this server,
which serves a real picture at every other path: a 3840x2160 JPEG (a PNG for a `.png` path, as
APOD's is), no two the same bytes within an update. APOD's body gets the day asked for as its `date`.

bingwall runs `update -q --no-apply` on an empty history (a fresh HOME each time) with
BINGWALL_SOURCES=bing,spotlight,apod,wikimedia,earth-observatory and every source's endpoint at
the server. One untimed update first records what bingwall asks for: its metadata requests (the
archive's two pages, the model, each source's body) and its pictures. The yardstick fetches
exactly those: one `curl --parallel --parallel-immediate` for all the bodies at once, one for all
the pictures at once, then `sync` of the pictures (an fsync each): the floor of a client that
must read the bodies before it knows the picture URLs, and that puts a picture on disk before it
names it. Interleaved, RUNS times each (default 5); medians of wall time.
The server counts the connections each run opened: over HTTP/1.1 a client needs one per
transfer in flight, so that count is informative. Then the same update runs RUNS times against
bench/https_bench.py's nginx (HTTPS, HTTP/2, no delay) serving the same bodies and pictures from
one host, whose access log gives each update's connections: the target there is 1.
Usage: python3 bench/sources_bench.py path/to/bingwall
"""

import datetime
import glob
import hashlib
import os
import re
import shutil
import subprocess
import threading
import time
import urllib.parse

import common
import fake_bing
import https_bench
import pictures

BINARY = common.binary()
RUNS = common.runs(5)
SOURCES = "bing,spotlight,apod,wikimedia,earth-observatory"
FIXTURES = os.path.join(common.ROOT, "Tests", "Fixtures")
# The hosts whose URLs in the fixtures are pictures (as Tests/BingWallServiceTestSupport/FakeSources.swift).
PICTURE_HOSTS = ["res.public.onecdn.static.microsoft", "assets.science.nasa.gov", "apod.nasa.gov",
                 "upload.wikimedia.org", "eoimages.gsfc.nasa.gov"]
JSON = "application/json; charset=utf-8"
RSS = "application/rss+xml; charset=utf-8"
# Pictures for the sources beside Bing's eight, each its own bytes.
SOURCE_JPEGS = 6
SOURCE_COLOURS = ["#663399-#aaccaa", "#225588-#eebb66", "#447722-#ddaaee", "#993322-#aaddee",
                  "#335577-#eedd99", "#556611-#bbaadd"]


def source_pictures():
    """Six more real 3840x2160 JPEGs of about 2.4 MB and one 1280x1600 PNG of 256 colours, which
    ImageMagick writes as 16-bit RGB (about 3.5 MB: a full-colour plasma PNG would be 24 MB, far
    more than APOD serves; 16 bits a sample make its decode about twice an 8-bit one's), made once into
    bench/pictures.py's folder."""
    common.need("convert")
    os.makedirs(pictures.FOLDER, exist_ok=True)
    jpegs = [os.path.join(pictures.FOLDER, "source-%d.jpg" % index) for index in range(SOURCE_JPEGS)]
    png = os.path.join(pictures.FOLDER, "source-256.png")
    wanted = [(path, "3840x2160", SOURCE_COLOURS[index], ["-quality", "90"], "jpeg")
              for index, path in enumerate(jpegs)]
    wanted.append((png, "1280x1600", "#223344-#ddccbb", ["-colors", "256"], "png"))
    missing = [entry for entry in wanted if not os.path.exists(entry[0])]
    if missing:
        common.progress("making %d pictures for the sources in %s (once; later runs reuse them)"
                        % (len(missing), pictures.FOLDER))
    for path, size, colour, options, kind in missing:
        partial = path + ".part"
        seed = int(hashlib.sha256(os.path.basename(path).encode()).hexdigest()[:6], 16)
        subprocess.run(["convert", "-size", size, "-seed", str(seed), "plasma:" + colour] + options
                       + [kind + ":" + partial], check=True)
        os.rename(partial, path)
    return jpegs, png


def fixture(path):
    with open(os.path.join(FIXTURES, path), encoding="utf-8") as file:
        return file.read()


def rewritten(text, base):
    """`text` with every picture host's URL (plain and JSON-escaped) on this server."""
    escaped = base.replace("/", "\\/")
    for host in PICTURE_HOSTS:
        text = text.replace("https://" + host, base).replace("https:\\/\\/" + host, escaped)
    return text.replace("https://science.nasa.gov/wp-content/", base + "/wp-content/")


class Handler(fake_bing.Handler):
    """fake_bing's Bing, the four sources' bodies, and a picture at every other path."""
    bodies = {}
    apod = ""
    jpegs = []
    png = ""
    state = None

    def setup(self):
        super().setup()
        with self.state["lock"]:
            self.state["connections"] += 1
            self.number = self.state["connections"]

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        with self.state["lock"]:
            self.state["requests"].append((self.number, self.path))
        if url.path in (fake_bing.ARCHIVE_PATH, fake_bing.MODEL_PATH) or url.path == "/th":
            return super().do_GET()
        time.sleep(fake_bing.DELAY)
        body, kind = self.source_body(url.path)
        if body is not None:
            data = body.encode()
            self.reply(200, kind, len(data))
            self.wfile.write(data)
            return
        path = self.picture(url.path)
        self.reply(200, "image/png" if path.endswith(".png") else "image/jpeg", os.path.getsize(path))
        with open(path, "rb") as source:
            self.connection.sendfile(source)

    def source_body(self, path):
        if path in self.bodies:
            return self.bodies[path]
        day = re.fullmatch(r"/wp-json/wp/v2/apod-basic/(\d\d)(\d\d)(\d\d)", path)
        if day:
            dated = '"date": "20%s-%s-%s"' % day.groups()
            return re.sub(r'"date": *"[0-9-]+"', dated, self.apod, count=1), JSON
        if path.startswith("/api/rest_v1/feed/featured/"):
            return self.bodies["featured"]
        return None, None

    def picture(self, path):
        """The same file for the same path in every run; a different one for each path seen."""
        if path.lower().endswith(".png"):
            return self.png
        with self.state["lock"]:
            served = self.state["pictures"]
            if path not in served:
                served[path] = self.jpegs[len(served) % len(self.jpegs)]
            return served[path]


def start(bing_files):
    jpegs, png = source_pictures()
    state = {"lock": threading.Lock(), "connections": 0, "requests": [], "pictures": {}}
    handler = type("SourcesHandler", (Handler,), {
        "files": {fake_bing.picture_id(index): path for index, path in enumerate(bing_files)},
        "count": len(bing_files), "jpegs": jpegs, "png": png, "state": state})
    server = fake_bing.Server(("127.0.0.1", 0), handler)
    base = "http://127.0.0.1:%d" % server.server_address[1]
    handler.apod = rewritten(fixture("sources/apod/apod_2026-10-02-v2.json"), base)
    handler.bodies = {
        "/v4/api/selection": (rewritten(fixture("sources/spotlight/spotlight_2025-06-02-v4.json"), base), JSON),
        "/v3/Delivery/Placement": (rewritten(fixture("sources/spotlight/spotlight_2025-06-02-v3.json"), base), JSON),
        "featured": (rewritten(fixture("sources/wikimedia/featured-2026-06-24.json"), base), JSON),
        "/w/api.php": (rewritten(fixture("feeds/wikimedia_commons-potd-rss-2026-06-24.xml"), base), RSS),
        "/feed/earth-observatory/image-of-the-day":
            (rewritten(fixture("feeds/earth_observatory-iotd-handmade.xml"), base), RSS),
        "/feeds/image-of-the-day.rss": (rewritten(fixture("feeds/earth_observatory-old-iotd-handmade.xml"), base), RSS),
    }
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, base, state, handler


class Counter:
    """The requests and connections the server saw since the last call."""

    def __init__(self, state):
        self.state, self.requests, self.connections = state, 0, 0

    def since(self):
        with self.state["lock"]:
            requests = self.state["requests"][self.requests:]
            connections = self.state["connections"] - self.connections
            self.requests, self.connections = len(self.state["requests"]), self.state["connections"]
        return requests, connections


def environment(home, base, **extra):
    endpoints = {"BINGWALL_%s_ENDPOINT" % name: base for name in ("SPOTLIGHT", "APOD", "WIKIMEDIA",
                                                                     "EARTH_OBSERVATORY")}
    return common.base_env(home, BINGWALL_ENDPOINT=base, BINGWALL_SOURCES=SOURCES, **endpoints, **extra)


def bingwall(base, counter, connections):
    home = common.scratch("sources-home")
    try:
        run = common.spawn([BINARY, "update", "-q", "--no-apply", "--market", "en-US"],
                           env=environment(home, base))
    finally:
        shutil.rmtree(home)
    connections.append(counter.since()[1])
    return run


def is_picture(handler, path):
    url = urllib.parse.urlsplit(path)
    if url.path in (fake_bing.ARCHIVE_PATH, fake_bing.MODEL_PATH):
        return False
    return url.path == "/th" or handler.source_body(handler, url.path) == (None, None)


def check(base, counter, handler):
    """One untimed update: it must store Bing's 8 pictures and one of each other source, or the
    timings mean nothing. Returns what it asked for: (metadata URLs, picture URLs)."""
    home = common.scratch("sources-check")
    try:
        log = os.path.join(home, "update.log")
        run = common.spawn([BINARY, "update", "--no-apply", "--market", "en-US"], env=environment(home, base),
                           check=False, output=log)
        with open(log, errors="replace") as file:
            said = file.read()
        if run.status != 0:
            raise SystemExit("bench: bingwall update exited with %d:\n%s" % (run.status, said))
        stored = [path for path in glob.glob(os.path.join(home, ".local/share/bingwall/images/*"))
                  if path.lower().endswith((".jpg", ".png"))]
        requests, _ = counter.since()
    finally:
        shutil.rmtree(home)
    metadata = [base + path for _, path in requests if not is_picture(handler, path)]
    images = [base + path for _, path in requests if is_picture(handler, path)]
    if len(stored) != len(images) or len(images) < 12:
        raise SystemExit("bench: bingwall update stored %d pictures and asked for %d (not 8 + 4 or more):\n%s"
                         % (len(stored), len(images), said))
    return metadata, images


def curl_floor(metadata, images, counter, connections):
    """All the bodies at once, then all the pictures at once, then `sync` of the pictures."""
    out = common.scratch("sources-curl")
    try:
        head = ["curl", "-sSf", "--parallel", "--parallel-immediate", "--parallel-max", "50"]
        args = list(head)
        for index, url in enumerate(metadata):
            args += ["-o", os.path.join(out, "body-%d" % index), url]
        run = common.spawn(args)
        args = list(head)
        names = [os.path.join(out, "picture-%d" % index) for index in range(len(images))]
        for name, url in zip(names, images):
            args += ["-o", name, url]
        run = run.then(common.spawn(args)).then(common.spawn(["sync"] + names))
    finally:
        shutil.rmtree(out)
    connections.append(counter.since()[1])
    return run


# The sources' bodies and pictures in nginx (bench/https_bench.py's server): APOD's answer for
# each day asked, each source's pictures one file (the same bytes for Spotlight's four).
NGINX_LOCATIONS = r"""
        location = /v4/api/selection {{ try_files /spotlight-v4.json =404; }}
        location ~ ^/wp-json/wp/v2/apod-basic/(\d+)$ {{ default_type application/json; try_files /apod-$1.json =404; }}
        location ^~ /api/rest_v1/feed/featured/ {{ try_files /featured.json =404; }}
        location = /feed/earth-observatory/image-of-the-day {{ default_type application/rss+xml; try_files /eo.xml =404; }}
        location ^~ /creativeservice/ {{ try_files /pictures/spotlight.jpg =404; }}
        location ^~ /dynamicimage/ {{ default_type image/png; try_files /pictures/apod.png =404; }}
        location ^~ /wikipedia/ {{ try_files /pictures/wikimedia.jpg =404; }}
        location ^~ /content/ {{ try_files /pictures/earth.jpg =404; }}"""
NGINX_PICTURES = ("/th", "/creativeservice/", "/dynamicimage/", "/wikipedia/", "/content/")


def nginx_site(site, base):
    """The sources' files beside https_bench's Bing in `site`, their picture URLs on `base`."""
    bodies = {"spotlight-v4.json": "sources/spotlight/spotlight_2025-06-02-v4.json",
              "featured.json": "sources/wikimedia/featured-2026-06-24.json",
              "eo.xml": "feeds/earth_observatory-iotd-handmade.xml"}
    for name, path in bodies.items():
        with open(os.path.join(site, name), "w", encoding="utf-8") as file:
            file.write(rewritten(fixture(path), base))
    apod = rewritten(fixture("sources/apod/apod_2026-10-02-v2.json"), base)
    # APOD's day is New York's: the UTC days around now cover it.
    today = datetime.datetime.now(datetime.timezone.utc).date()
    for offset in range(-2, 2):
        day = today + datetime.timedelta(days=offset)
        with open(os.path.join(site, "apod-%s.json" % day.strftime("%y%m%d")), "w", encoding="utf-8") as file:
            file.write(re.sub(r'"date": *"[0-9-]+"', '"date": "%s"' % day.isoformat(), apod, count=1))
    jpegs, png = source_pictures()
    for name, path in (("spotlight.jpg", jpegs[0]), ("wikimedia.jpg", jpegs[1]), ("earth.jpg", jpegs[2]),
                       ("apod.png", png)):
        os.symlink(path, os.path.join(site, "pictures", name))


def over_http2(files):
    """One update of all five sources against nginx over HTTPS and HTTP/2 (no delay), RUNS times,
    and curl --http2 fetching the same bodies then the same pictures: the connections of each
    (nginx's `$connection`), and the protocols bingwall's requests used."""
    common.need("openssl")
    https_bench.nginx_path()
    folder = common.scratch("sources-https")
    nginx = None
    counts = {"bingwall": [], "curl": []}
    protocols = set()
    try:
        ca = https_bench.make_certificates(folder)
        https_bench.make_site(folder, files)
        port = https_bench.free_port()
        base = "https://localhost:%d" % port
        nginx_site(os.path.join(folder, "site"), base)
        anchor = "location = /th {{ try_files /pictures/$arg_id =404; }}"
        if anchor not in https_bench.CONFIG:
            raise SystemExit("bench: https_bench.CONFIG no longer serves /th as sources_bench expects")
        https_bench.CONFIG = https_bench.CONFIG.replace(anchor, anchor + NGINX_LOCATIONS)
        nginx = https_bench.start_nginx(folder, port)
        log = https_bench.AccessLog(os.path.join(folder, "access.log"))

        def logged(who):
            # nginx writes a request's line once its last byte is sent: a moment after the client ends.
            time.sleep(0.1)
            entries = log.new_lines()
            bad = [entry for entry in entries if entry[2] != 200]
            if bad or not entries:
                raise SystemExit("bench: %s over HTTP/2: %d requests, not 200: %s" % (who, len(entries), bad))
            counts[who].append(len({entry[0] for entry in entries}))
            return entries

        asked = []
        for _ in range(RUNS):
            home = common.scratch("sources-https-home")
            try:
                common.spawn([BINARY, "update", "-q", "--no-apply", "--market", "en-US"],
                             env=environment(home, base, SSL_CERT_FILE=ca))
            finally:
                shutil.rmtree(home)
            entries = logged("bingwall")
            asked = [entry[3].split(" ")[1] for entry in entries]
            for body in ("/v4/api/selection", "/wp-json/wp/v2/apod-basic/", "/api/rest_v1/feed/featured/",
                         "/feed/earth-observatory/", "/hp/api/model"):
                if not any(uri.startswith(body) for uri in asked):
                    raise SystemExit("bench: bingwall over HTTP/2 did not ask for %s: %s" % (body, asked))
            protocols.update(entry[1] for entry in entries)
        out = common.scratch("sources-https-curl")
        try:
            head = ["curl", "-sSf", "--http2", "--cacert", ca, "--parallel", "--parallel-max", "50"]
            for wanted in (False, True):
                args = list(head)
                for index, path in enumerate(uri for uri in asked if uri.startswith(NGINX_PICTURES) == wanted):
                    args += ["-o", os.path.join(out, "%s-%d" % (wanted, index)), base + path]
                common.spawn(args)
        finally:
            shutil.rmtree(out)
        logged("curl")
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait()
        shutil.rmtree(folder)
    return counts, protocols


def main():
    common.need("curl", "sync")
    files = pictures.uhd()
    server, base, state, handler = start(files)
    counter = Counter(state)
    connections = {"bingwall": [], "curl": []}
    try:
        metadata, images = check(base, counter, handler)
        common.progress("sources: bingwall (%d bodies, %d pictures) against curl, %d runs each, interleaved"
                        % (len(metadata), len(images), RUNS))
        results = common.interleaved({
            "bingwall": lambda: bingwall(base, counter, connections["bingwall"]),
            "curl+sync": lambda: curl_floor(metadata, images, counter, connections["curl"])}, RUNS)
    finally:
        server.shutdown()
    common.progress("sources: the same update over HTTPS and HTTP/2 against nginx, %d runs" % RUNS)
    http2, protocols = over_http2(files)
    common.compare("update of all five sources (Bing's 8 days and its story, Spotlight, APOD, Wikimedia, Earth "
                   "Observatory; %d bodies, %d pictures, 50 ms before each response)" % (len(metadata), len(images)),
                   results["bingwall"], results["curl+sync"], "s",
                   "curl: the same bodies at once, then the same pictures at once, then `sync` of them", "within 1.10x",
                   ratio_at_most=1.10)
    most = max(connections["bingwall"])
    common.emit("connections to the one host per update of all five sources (HTTP/1.1: one per transfer in "
                "flight; the most in %d runs)" % RUNS, most, "count", "curl, the same requests, three processes",
                max(connections["curl"]), "none (informative; over HTTP/2, the next row)", None)
    most = max(http2["bingwall"])
    common.emit("connections per update of all five sources on one host over HTTPS (%s in nginx's log; loopback "
                "nginx, no delay; the most in %d runs)" % ("/".join(sorted(protocols)), RUNS), most, "count",
                "curl --http2, the same bodies then the same pictures, two processes", max(http2["curl"]), "1",
                most == 1)


if __name__ == "__main__":
    main()
