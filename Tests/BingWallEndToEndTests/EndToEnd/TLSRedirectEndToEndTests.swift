import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Glibc
import Testing

@testable import BingWallSystem

/// An https endpoint, on a loopback TLS server whose certificate a test CA signs (bingwall trusts
/// it through `CURL_CA_BUNDLE`, as behind a proxy with its own CA): a redirect from it to plain
/// http is refused, and the http server never hears a thing.
@Suite struct TLSRedirectEndToEndTests {
  /// Python's TLS server: `Location` for the archive's path when given, else an empty archive.
  static let server = """
    import http.server, ssl, sys
    cert, key, location, port_file = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if location != "-":
                self.send_response(302); self.send_header("Location", location)
                self.send_header("Content-Length", "0"); self.end_headers()
            else:
                body = b'{"images":[]}'
                self.send_response(200); self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
        def log_message(self, *args): pass
    httpd = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    with open(port_file + ".tmp", "w") as f: f.write(str(httpd.server_address[1]))
    import os; os.rename(port_file + ".tmp", port_file)
    httpd.serve_forever()
    """

  /// A self-signed certificate for 127.0.0.1 (its own CA), and the TLS server started with it.
  static func start(in folder: TemporaryDirectory, location: String) throws -> (Process, String, String) {
    let cert = folder.file("cert.pem")
    let key = folder.file("key.pem")
    try ExternalTool.run([
      "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert,
    ])
    let script = folder.file("tls.py")
    try server.write(toFile: script, atomically: true, encoding: .utf8)
    let portFile = folder.file("port")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script, cert, key, location, portFile]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The server writes its port once it listens (renamed into place, so never half written).
    var port = ""
    for _ in 0..<250 where port.isEmpty {
      port = (try? String(contentsOfFile: portFile, encoding: .utf8)) ?? ""
      if port.isEmpty { usleep(20_000) }
    }
    return (process, "https://127.0.0.1:\(port)", cert)
  }

  @Test func aRedirectFromHTTPSToHTTPIsRefused() throws {
    let bing = try FakeBing()
    try bing.publish(market: "en-US", images: [FakeBing.week()[0]])
    let folder = try TemporaryDirectory()
    let plain = bing.endpoint + "/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US&mbl=1"
    let (server, endpoint, cert) = try Self.start(in: folder, location: plain)
    defer {
      // SIGKILL: a signal mask the test runner blocks is inherited, and SIGTERM would wait for ever.
      kill(server.processIdentifier, SIGKILL)
      server.waitUntilExit()
    }
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      ["update", "--no-apply"],
      environment: ["BINGWALL_ENDPOINT": endpoint, "CURL_CA_BUNDLE": cert, "BINGWALL_BACKEND": "none"])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("redirect") || result.stderr.contains("Protocol"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(bing.server.requests.isEmpty, "the plain http server was asked")
  }

  /// The control: the same server answering itself is reached (the CA bundle is honoured), and
  /// without the bundle the certificate is refused.
  @Test func theCABundleIsHonouredAndNeeded() throws {
    let folder = try TemporaryDirectory()
    let (server, endpoint, cert) = try Self.start(in: folder, location: "-")
    defer {
      // SIGKILL: a signal mask the test runner blocks is inherited, and SIGTERM would wait for ever.
      kill(server.processIdentifier, SIGKILL)
      server.waitUntilExit()
    }
    let sandbox = try Sandbox()
    let trusted = try sandbox.run(
      ["update", "--no-apply"], environment: ["BINGWALL_ENDPOINT": endpoint, "CURL_CA_BUNDLE": cert])
    #expect(trusted.status == 75, "\(trusted.stderr)")
    #expect(!trusted.stderr.contains("certificate"), "\(trusted.stderr)")
    let untrusted = try sandbox.run(["update", "--no-apply"], environment: ["BINGWALL_ENDPOINT": endpoint])
    #expect(untrusted.status != 0)
    #expect(untrusted.stderr.contains("certificate"), "\(untrusted.stderr)")
  }
}
