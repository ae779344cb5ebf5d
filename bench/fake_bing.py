"""A loopback stand-in for Bing for the benchmarks: an 8-picture archive and its JPEGs.

Every response waits DELAY seconds before its headers, as a distant CDN would. HTTP/1.1 with
keep-alive, one thread per connection, files sent straight from disk with sendfile(2).
The archive and the picture names are also what bench/https_bench.py gives nginx to serve.
"""

import http.server
import json
import os
import socketserver
import threading
import time
import urllib.parse

DELAY = 0.05
NAMES = ["Lake", "Fox", "Dune", "Reef", "Moor", "Fjord", "Mesa", "Delta"]
DAYS = ["20261201", "20261130", "20261129", "20261128", "20261127", "20261126", "20261125", "20261124"]
ARCHIVE_PATH = "/HPImageArchive.aspx"
MODEL_PATH = "/hp/api/model"


def urlbase(index):
    return "/th?id=OHR.%s_EN-US%d" % (NAMES[index], 1000 + index)


def picture_id(index):
    """The `id` query value of picture `index` at UHD, as bingwall asks for it
    ({endpoint}{urlbase}_UHD.jpg, Sources/BingWallBing/ImageURL.swift)."""
    return "OHR.%s_EN-US%d_UHD.jpg" % (NAMES[index], 1000 + index)


def archive(market="en-US", count=len(NAMES)):
    images = []
    for index in range(count):
        name, day, base = NAMES[index], DAYS[index], urlbase(index)
        images.append({
            "startdate": day, "fullstartdate": day + "0800", "enddate": day, "urlbase": base,
            "url": base + "_1920x1080.jpg", "copyright": "%s caption (© Photographer)" % name,
            "copyrightlink": "https://www.bing.com/search?q=" + name, "title": name + " title",
            "wp": True, "hsh": "h%d" % index,
        })
    return {"market": {"mkt": market}, "images": images}


def model(count=len(NAMES)):
    """Bing's home-page model in its real shape (MediaContents[].ImageContent), a story per
    picture: what `update` asks for beside the archive (network.story)."""
    contents = []
    for index in range(count):
        name = NAMES[index]
        contents.append({
            "ImageContent": {
                "Headline": "The %s at first light" % name,
                "Title": name + " title",
                "Description": ("A few sentences about the %s, as Bing writes them. " % name) * 6,
                "Copyright": "© Photographer",
                "QuickFact": {"MainText": "A fact about the %s." % name, "LinkUrl": "", "LinkText": ""},
                "Image": {"Url": urlbase(index) + "_1920x1080.jpg&rf=LaDigue_1920x1080.jpg",
                          "Wallpaper": urlbase(index) + "_1920x1200.jpg", "Downloadable": True},
            },
            "Ssd": DAYS[index] + "_0800",
            "FullDateString": DAYS[index],
        })
    return {"MediaContents": contents}


def older_archive_url(base):
    """The archive's older page (idx=7), which bingwall asks for beside the recent one on a first
    update (Sources/BingWallKit/Update/Update+OlderPage.swift); this server answers every idx with
    the same 8 days, so it adds no picture."""
    return base + ARCHIVE_PATH + "?format=js&idx=7&n=8&mkt=en-US&mbl=1"


def urls(base, count=len(NAMES)):
    """The archive URL bingwall asks for (ArchiveRequest.swift), then the pictures' URLs."""
    listing = [base + ARCHIVE_PATH + "?format=js&idx=0&n=8&mkt=en-US&mbl=1"]
    return listing + ["%s/th?id=%s" % (base, picture_id(index)) for index in range(count)]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    files = {}
    count = len(NAMES)

    def log_message(self, *args):
        pass

    def do_GET(self):
        time.sleep(DELAY)
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == ARCHIVE_PATH:
            body = json.dumps(archive(query.get("mkt", "en-US"), self.count)).encode()
            self.reply(200, "application/json; charset=utf-8", len(body))
            self.wfile.write(body)
        elif url.path == MODEL_PATH:
            body = json.dumps(model(self.count)).encode()
            self.reply(200, "application/json; charset=utf-8", len(body))
            self.wfile.write(body)
        elif url.path == "/th" and query.get("id") in self.files:
            path = self.files[query["id"]]
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


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    # The default backlog of 5 drops the SYN of a 6th simultaneous connection, which then
    # waits a whole second to retry: that would time the server, not the clients.
    request_queue_size = 64


def start(pictures):
    """Serves the archive of len(pictures) days and the given JPEG files as their UHD pictures;
    returns (server, base URL). Stop it with server.shutdown()."""
    handler = type("BoundHandler", (Handler,), {
        "files": {picture_id(index): path for index, path in enumerate(pictures)}, "count": len(pictures)})
    server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d" % server.server_address[1]
