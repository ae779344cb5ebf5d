import Foundation
import Glibc

/// Debian's nginx serving HTTPS with HTTP/2 on a free loopback port, as a child of the test: a
/// real server as Bing's CDN is one, where the fake server is ours.
///
/// Its own config file, `daemon off` and `master_process off` (one process, so the SIGKILL that
/// ends it leaves no worker behind), and pid, logs and temporary folders in its own folder: never
/// the system's service. The access log has one line per request with the connection's serial
/// number, the request's number on it and the protocol (`requests(atLeast:)`).
package final class NginxServer {
  /// One line of the access log.
  package struct Request: Equatable {
    /// nginx's serial number of the TCP connection (`$connection`): equal for requests that
    /// shared one connection, HTTP/2 streams included.
    package var connection: Int
    /// The request's number on its connection (`$connection_requests`), from 1.
    package var connectionRequests: Int
    /// `HTTP/2.0` or `HTTP/1.1` (`$server_protocol`).
    package var serverProtocol: String
    package var status: Int
    /// Path and query, as asked (`$request_uri`).
    package var uri: String
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package static let binary = "/usr/sbin/nginx"

  package let folder: TemporaryDirectory
  package let port: Int
  private let process: Process
  private var stopped = false

  /// `https://localhost:PORT`, the name the test CA's certificate is for.
  package var endpoint: String { "https://localhost:\(port)" }
  var accessLog: String { folder.file("access.log") }

  /// Starts nginx serving `root` through `locations`, the `location` blocks of its one server, with
  /// `certificate`'s server certificate. Tries another port when the one chosen was taken meanwhile.
  package init(certificate: TestCertificateAuthority, root: String, locations: String) throws {
    guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
      throw Failure(description: "\(Self.binary) is missing: 'make test-deps' installs Debian's nginx")
    }
    folder = try TemporaryDirectory()
    var lastError = ""
    for _ in 0..<5 {
      let port = try Self.freePort()
      let config = Self.config(
        folder: folder, port: port, certificate: certificate, root: root, locations: locations)
      try config.write(toFile: folder.file("nginx.conf"), atomically: false, encoding: .utf8)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.binary)
      // -e: the error log before the config is read, which would otherwise be /var/log/nginx's.
      process.arguments = [
        "-p", folder.path, "-e", folder.file("error.log"), "-c", folder.file("nginx.conf"),
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      if Self.waitUntilListening(port: port, process: process) {
        self.port = port
        self.process = process
        return
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      lastError = (try? String(contentsOfFile: folder.file("error.log"), encoding: .utf8)) ?? ""
    }
    throw Failure(description: "nginx did not start: \(lastError)")
  }

  deinit { stop() }

  /// Ends nginx. SIGKILL: a signal mask the test runner blocks is inherited, and nginx would
  /// never see a SIGQUIT.
  package func stop() {
    guard !stopped else { return }
    stopped = true
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// The access log's requests once it has at least `count` (or after 10 s, whatever it has):
  /// nginx logs a request after sending its last byte, so a client may have ended a moment before.
  package func requests(atLeast count: Int) -> [Request] {
    var requests: [Request] = []
    for _ in 0..<500 {
      requests = parsedLog()
      if requests.count >= count { break }
      usleep(20_000)
    }
    return requests
  }

  private func parsedLog() -> [Request] {
    let text = (try? String(contentsOfFile: accessLog, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", maxSplits: 4)
      guard fields.count == 5, let connection = Int(fields[0]), let number = Int(fields[1]),
        let status = Int(fields[3])
      else { return nil }
      return Request(
        connection: connection, connectionRequests: number, serverProtocol: String(fields[2]), status: status,
        uri: String(fields[4]))
    }
  }

  /// nginx 1.22's syntax: `listen … ssl http2` (`http2 on` came with 1.25.1).
  package static func config(
    folder: TemporaryDirectory, port: Int, certificate: TestCertificateAuthority, root: String,
    locations: String
  ) -> String {
    """
    daemon off;
    master_process off;
    pid \(folder.file("nginx.pid"));
    error_log \(folder.file("error.log")) notice;
    events { worker_connections 64; }
    http {
      log_format connections '$connection $connection_requests $server_protocol $status $request_uri';
      access_log \(folder.file("access.log")) connections;
      client_body_temp_path \(folder.file("client_body"));
      proxy_temp_path \(folder.file("proxy"));
      fastcgi_temp_path \(folder.file("fastcgi"));
      uwsgi_temp_path \(folder.file("uwsgi"));
      scgi_temp_path \(folder.file("scgi"));
      types { image/jpeg jpg; application/json json; text/html html; }
      default_type application/octet-stream;
      server {
        listen 127.0.0.1:\(port) ssl http2;
        server_name localhost;
        ssl_certificate \(certificate.serverCertificate);
        ssl_certificate_key \(certificate.serverKey);
        root \(root);
    \(locations)
      }
    }

    """
  }

  /// A loopback port nobody listens on now (the kernel's choice for port 0).
  static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw SystemCallError("socket") }
    defer { close(descriptor) }
    var address = Self.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw SystemCallError("bind to a free loopback port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// True once `port` accepts a connection; false when nginx exited first (a taken port) or after 10 s.
  private static func waitUntilListening(port: Int, process: Process) -> Bool {
    for _ in 0..<500 {
      guard process.isRunning else { return false }
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      var address = loopback(port: port)
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      close(descriptor)
      if connected { return true }
      usleep(20_000)
    }
    return false
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    return address
  }
}
