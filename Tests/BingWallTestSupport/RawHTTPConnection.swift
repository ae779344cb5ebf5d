import Foundation

/// A bare TCP client that speaks HTTP/1.1 by hand, to test the fake server without libcurl.
///
/// Every read times out after `timeout` seconds, so a server that stops answering fails the
/// test instead of hanging it.
package final class RawHTTPConnection {
  /// A response as read off the wire.
  package struct Response {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: Data

    package func header(_ name: String) -> String? {
      headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
  }

  private let descriptor: Int32
  private var buffer: [UInt8] = []

  package init(port: Int, timeout: Double = 2) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw SystemCallError("socket") }
    var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      let error = SystemCallError("connect to 127.0.0.1:\(port)")
      close(descriptor)
      throw error
    }
  }

  deinit {
    close(descriptor)
  }

  /// Sends `text` as is; write "\r\n" line ends yourself.
  package func send(_ text: String) throws {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw SystemCallError("send") }
      offset += count
    }
  }

  /// Reads one response whose body has a Content-Length.
  package func readResponse() throws -> Response {
    while true {
      if let end = endOfHead() {
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        let headers = lines.compactMap { line -> (name: String, value: String)? in
          guard let colon = line.firstIndex(of: ":") else { return nil }
          return (
            String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
          )
        }
        var response = Response(
          status: statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0, headers: headers, body: Data())
        let length = Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < end + 4 + length { try receive() }
        response.body = Data(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
        return response
      }
      try receive()
    }
  }

  /// Reads exactly `count` bytes of whatever comes next.
  package func read(count: Int) throws -> Data {
    while buffer.count < count { try receive() }
    defer { buffer.removeFirst(count) }
    return Data(buffer[..<count])
  }

  /// True when the server has closed its side (the next read returns end of stream).
  package func isClosedByServer() throws -> Bool {
    guard buffer.isEmpty else { return false }
    var byte: UInt8 = 0
    let count = recv(descriptor, &byte, 1, 0)
    if count < 0 { throw SystemCallError("recv") }
    if count > 0 { buffer.append(byte) }
    return count == 0
  }

  private func endOfHead() -> Int? {
    guard buffer.count >= 4 else { return nil }
    return (0...(buffer.count - 4)).first { buffer[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) }
  }

  private func receive() throws {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count < 0 { throw SystemCallError("recv (timed out?)") }
    if count == 0 { throw SystemCallError("recv: connection closed", errno: ECONNRESET) }
    buffer.append(contentsOf: chunk[..<count])
  }
}
