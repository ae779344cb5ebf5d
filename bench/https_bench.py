"""`bingwall update` over HTTPS and HTTP/2 against a local nginx, beside curl, in one run.

nginx (Debian's nginx-light) runs as this script's child with its own configuration in a scratch
folder: one process (`daemon off; master_process off;`), `listen 127.0.0.1:PORT ssl http2`, a
certificate for localhost and 127.0.0.1 signed by a test CA made here with openssl, serving the
same archive as bench/fake_bing.py at /HPImageArchive.aspx and the eight real 3840x2160 JPEGs of
bench/pictures.py at /th?id=OHR.<Name>_EN-US<n>_UHD.jpg. nginx cannot wait 50 ms before a
response without extra modules, so there is no delay: this measures TLS, HTTP/2 and the
client's own work on loopback.

bingwall is pointed at it with BINGWALL_ENDPOINT=https://localhost:PORT and SSL_CERT_FILE=ca.pem.
The yardstick is `curl --http2 --cacert ca.pem` fetching the archive, then all 8 pictures with
`--parallel --parallel-max 8` (without --parallel-immediate, so curl multiplexes them on one
connection). Interleaved, RUNS times each (default 7); medians of wall and CPU time (wait4).
nginx's access log names each request's connection (`$connection`), which gives the number of
connections each update opened.
Usage: python3 bench/https_bench.py path/to/bingwall
"""

import json
import os
import shutil
import socket
import subprocess
import time

import common
import fake_bing
import pictures

BINARY = common.binary()
RUNS = common.runs(7)

CONFIG = """daemon off;
master_process off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 256; }}
http {{
    types {{ image/jpeg jpg; application/json json; }}
    default_type application/octet-stream;
    log_format bench '$connection $connection_requests $server_protocol $status $body_bytes_sent "$request"';
    access_log {dir}/access.log bench;
    client_body_temp_path {dir}/temp/body;
    proxy_temp_path {dir}/temp/proxy;
    fastcgi_temp_path {dir}/temp/fastcgi;
    uwsgi_temp_path {dir}/temp/uwsgi;
    scgi_temp_path {dir}/temp/scgi;
    sendfile on;
    server {{
        {listen}
        server_name localhost;
        ssl_certificate {dir}/server.pem;
        ssl_certificate_key {dir}/server.key;
        root {dir}/site;
        location = /HPImageArchive.aspx {{ try_files /archive.json =404; }}
        location = /hp/api/model {{ try_files /model.json =404; }}
        location = /th {{ try_files /pictures/$arg_id =404; }}
    }}
}}
"""


def nginx_path():
    for candidate in (shutil.which("nginx"), "/usr/sbin/nginx"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise SystemExit("bench: missing nginx (apt-get install nginx-light; make deps installs it)")


def make_certificates(folder):
    """A test CA, and a certificate for localhost and 127.0.0.1 that it signs."""
    def openssl(*args):
        subprocess.run(["openssl"] + list(args), check=True, cwd=folder, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)

    curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl("req", "-x509", *curve, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=bingwall bench CA", "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    openssl("req", *curve, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost")
    with open(os.path.join(folder, "server.ext"), "w") as file:
        file.write("subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\nbasicConstraints=CA:FALSE\n"
                   "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "2", "-extfile", "server.ext")
    return os.path.join(folder, "ca.pem")


def make_site(folder, files):
    site = os.path.join(folder, "site")
    os.makedirs(os.path.join(site, "pictures"))
    with open(os.path.join(site, "archive.json"), "w") as file:
        json.dump(fake_bing.archive("en-US", len(files)), file, ensure_ascii=False)
    with open(os.path.join(site, "model.json"), "w") as file:
        json.dump(fake_bing.model(len(files)), file, ensure_ascii=False)
    for index, path in enumerate(files):
        os.symlink(path, os.path.join(site, "pictures", fake_bing.picture_id(index)))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def has_ipv6_loopback():
    try:
        with open("/proc/net/if_inet6") as file:
            return any(line.startswith("0" * 31 + "1") for line in file)
    except OSError:
        return False


def start_nginx(folder, port):
    listen = "listen 127.0.0.1:%d ssl http2;" % port
    if has_ipv6_loopback():
        # Where /etc/hosts names ::1 localhost too, clients try it first.
        listen += "\n        listen [::1]:%d ssl http2;" % port
    for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        os.makedirs(os.path.join(folder, "temp", name))
    config = os.path.join(folder, "nginx.conf")
    with open(config, "w") as file:
        file.write(CONFIG.format(dir=folder, listen=listen))
    nginx = subprocess.Popen([nginx_path(), "-p", folder + "/", "-c", config, "-e", os.path.join(folder, "error.log")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if nginx.poll() is not None:
            raise SystemExit("bench: nginx exited with %d: %s" % (nginx.returncode, nginx.stderr.read().decode()))
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return nginx
        except OSError:
            time.sleep(0.05)
    nginx.kill()
    raise SystemExit("bench: nginx did not start listening on port %d" % port)


class AccessLog:
    """The lines nginx logged since the last call: (connection, protocol, status, request)."""

    def __init__(self, path):
        self.path, self.offset = path, 0

    def new_lines(self):
        with open(self.path) as file:
            file.seek(self.offset)
            text = file.read()
            self.offset = file.tell()
        entries = []
        for line in text.splitlines():
            connection, _, protocol, status, _, request = line.split(" ", 5)
            entries.append((connection, protocol, int(status), request.strip('"')))
        return entries


def main():
    common.need("openssl", "curl")
    nginx_path()
    files = pictures.uhd()
    folder = common.scratch("https")
    nginx = None
    try:
        ca = make_certificates(folder)
        make_site(folder, files)
        port = free_port()
        nginx = start_nginx(folder, port)
        log = AccessLog(os.path.join(folder, "access.log"))
        base = "https://localhost:%d" % port
        listing = fake_bing.urls(base)
        connections = {"bingwall": [], "curl": []}
        protocols = {"bingwall": set(), "curl": set()}

        def logged(who):
            entries = log.new_lines()
            bad = [entry for entry in entries if entry[2] != 200]
            # Both ask for the archive's older page too (a first update); bingwall also for Bing's
            # model (network.story), beside the pictures.
            expected = len(listing) + 1 + (1 if who == "bingwall" else 0)
            if bad or len(entries) != expected:
                raise SystemExit("bench: %s made %d requests to nginx (%d not 200), not %d: %s"
                                 % (who, len(entries), len(bad), expected, entries))
            connections[who].append(len({entry[0] for entry in entries}))
            protocols[who].update(entry[1] for entry in entries)

        def bingwall():
            home = common.scratch("https-home")
            try:
                run = common.spawn([BINARY, "update", "-q", "--no-apply", "--market", "en-US"],
                                   env=common.base_env(home, BINGWALL_ENDPOINT=base, SSL_CERT_FILE=ca))
            finally:
                shutil.rmtree(home)
            logged("bingwall")
            return run

        def curl():
            out = common.scratch("https-curl")
            try:
                head = ["curl", "-sSf", "--http2", "--cacert", ca]
                run = common.spawn(head + ["--parallel", "-o", os.path.join(out, "archive"), listing[0],
                                           "-o", os.path.join(out, "older"), fake_bing.older_archive_url(base)])
                args = head + ["--parallel", "--parallel-max", "8"]
                for index, url in enumerate(listing[1:]):
                    args += ["-o", os.path.join(out, str(index)), url]
                run = run.then(common.spawn(args))
            finally:
                shutil.rmtree(out)
            logged("curl")
            return run

        common.progress("https: nginx on %s; bingwall and curl, %d runs each, interleaved" % (base, RUNS))
        results = common.interleaved({"bingwall": bingwall, "curl": curl}, RUNS)
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait()
        shutil.rmtree(folder)
    label = "curl --http2: the archive, then all 8 at once (--parallel, multiplexed)"
    seen = "/".join(sorted(protocols["bingwall"]))
    wall = common.median(results["bingwall"])
    curl_wall = common.median(results["curl"])
    common.emit("update over HTTPS (%s in nginx's log; loopback nginx, no delay)" % seen, wall, "s", label,
                curl_wall, "none (informative)", None)
    cpu = common.median(results["bingwall"], "cpu")
    curl_cpu = common.median(results["curl"], "cpu")
    common.emit("update CPU time over HTTPS (user+sys)", cpu, "s", label, curl_cpu, "none (informative)", None)
    most, fewest = max(connections["bingwall"]), min(connections["bingwall"])
    common.emit("connections per update (HTTPS)" + ("" if most == fewest else ", the most in %d runs" % RUNS), most,
                "count", "curl, two processes", max(connections["curl"]), "1", most == 1)


if __name__ == "__main__":
    main()
