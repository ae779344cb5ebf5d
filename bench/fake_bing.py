"""A loopback stand-in for Bing for the benchmarks: an 8-picture archive and its JPEGs.

Every response waits DELAY seconds before its headers, as a distant CDN would. HTTP/1.1 with
keep-alive, one thread per connection, files sent straight from disk.
"""

import http.server
import json
import os
import socketserver
import subprocess
import threading
import time
import urllib.parse

DELAY = 0.05
NAMES = ["Lake", "Fox", "Dune", "Reef", "Moor", "Fjord", "Mesa", "Delta"]
DAYS = ["20261201", "20261130", "20261129", "20261128", "20261127", "20261126", "20261125", "20261124"]


def make_jpeg(path, colour, size):
    """A real 3840x2160 JPEG from ImageMagick, grown to about `size` bytes with comment segments.

    Written piece by piece: a 200 MB picture must not sit in this process's memory, because a
    child forked from it would count that memory as its own peak RSS.
    """
    small = subprocess.run(
        ["convert", "-size", "3840x2160", "xc:" + colour, "jpeg:-"], check=True, capture_output=True
    ).stdout
    filler = bytes(65533)
    with open(path, "wb") as out:
        out.write(small[:2])
        missing = max(0, size - len(small))
        while missing > 4:
            chunk = min(65533, missing - 4)
            out.write(b"\xff\xfe" + (chunk + 2).to_bytes(2, "big") + filler[:chunk])
            missing -= chunk + 4
        out.write(small[2:])


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    folder = "."

    def log_message(self, *args):
        pass

    def do_GET(self):
        time.sleep(DELAY)
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/HPImageArchive.aspx":
            body = json.dumps(archive(query.get("mkt", "en-US"))).encode()
            self.reply(200, "application/json; charset=utf-8", len(body))
            self.wfile.write(body)
        elif url.path == "/th" and os.path.exists(os.path.join(self.folder, query.get("id", "-"))):
            path = os.path.join(self.folder, query["id"])
            self.reply(200, "image/jpeg", os.path.getsize(path))
            with open(path, "rb") as source:
                # sendfile(2): the kernel copies, without the GIL, so the server is not the limit.
                self.connection.sendfile(source)
        else:
            self.reply(404, "text/plain", 0)

    def reply(self, status, kind, length):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(length))
        self.end_headers()


def archive(market):
    images = []
    for index, (name, day) in enumerate(zip(NAMES, DAYS)):
        base = "/th?id=OHR.%s_EN-US%d" % (name, 1000 + index)
        images.append({
            "startdate": day, "fullstartdate": day + "0800", "enddate": day, "urlbase": base,
            "url": base + "_1920x1080.jpg", "copyright": "%s caption (© Photographer)" % name,
            "copyrightlink": "https://www.bing.com/search?q=" + name, "title": name + " title",
            "wp": True, "hsh": "h%d" % index,
        })
    return {"market": {"mkt": market}, "images": images}


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    # The default backlog of 5 drops the SYN of a 6th simultaneous connection, which then
    # waits a whole second to retry: that would time the server, not the clients.
    request_queue_size = 64


def start(folder, size, names=NAMES):
    """Writes the pictures into `folder` and serves them; returns (server, base URL)."""
    for index, name in enumerate(names):
        make_jpeg(os.path.join(folder, "OHR.%s_EN-US%d_UHD.jpg" % (name, 1000 + index)),
                  "#%02x%02x%02x" % (index * 30, 100, 200 - index * 20), size)
    Handler.folder = folder
    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d" % server.server_address[1]
