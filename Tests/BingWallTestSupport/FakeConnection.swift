import Foundation

@testable import BingWallNet
@testable import BingWallSystem

/// Serves the requests arriving on one accepted socket, one after another (keep-alive).
///
/// Runs on its own thread; the thread closes the socket afterwards, as `run()`'s result says.
struct FakeConnection {
  /// How the connection ends.
  enum Ending: Equatable {
    /// Keep reading requests.
    case keepOpen
    /// An orderly close (FIN).
    case close
    /// An abortive close (RST).
    case reset
  }

  let socket: Int32
  let core: FakeServerCore
  /// Bytes received but not yet parsed: the start of the next request.
  private var buffer: [UInt8] = []

  init(socket: Int32, core: FakeServerCore) {
    self.socket = socket
    self.core = core
  }

  /// Answers requests until the client closes, a fault ends the connection or the server stops.
  mutating func run() -> Ending {
    while let request = readRequest() {
      core.record(request)
      let (response, extraDelay) = core.response(for: request)
      guard core.pause(extraDelay + response.delayBeforeHeaders) else { return .close }
      let ending = send(response, to: request)
      guard ending == .keepOpen else { return ending }
    }
    return .close
  }

  /// Reads one request with its Content-Length body; nil at end of stream or on garbage.
  private mutating func readRequest() -> RecordedRequest? {
    var scanned = 0
    while true {
      if let end = Self.endOfHead(in: buffer, from: scanned) {
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        guard var request = RecordedRequest.parse(head: head) else { return nil }
        let length = Int(request.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length {
          guard receive() else { return nil }
        }
        request.body = Data(buffer[..<length])
        buffer.removeFirst(length)
        return request
      }
      scanned = max(0, buffer.count - 3)
      guard buffer.count < 64 * 1024, receive() else { return nil }
    }
  }

  /// The offset of the blank line (`\r\n\r\n`) ending the head, searching from `start`.
  private static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in start...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index
    }
    return nil
  }

  /// Appends what the socket has; false at end of stream or on error (also after `stop()`).
  private mutating func receive() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffer.append(contentsOf: chunk[..<count])
        return true
      }
      if count < 0 && errno == EINTR { continue }
      return false
    }
  }

  private func keepsAlive(_ request: RecordedRequest) -> Bool {
    let connection = request.header("Connection")?.lowercased() ?? ""
    if connection.contains("close") || core.isStopping { return false }
    return request.version != "HTTP/1.0" || connection.contains("keep-alive")
  }

  /// Writes `response` with its fault; the result says whether to go on with this connection.
  private func send(_ response: FakeResponse, to request: RecordedRequest) -> Ending {
    if response.fault == .reset { return .reset }
    if response.fault == .endlessHeaders {
      guard sendAll("HTTP/1.1 200 OK\r\n") else { return .close }
      let value = String(repeating: "x", count: 1000)
      var line = 0
      while sendAll("X-Pad-\(line): \(value)\r\n") { line += 1 }
      return .close
    }
    guard let length = response.body.count else {
      return send(.text("fake server cannot read the body file\n", status: 500), to: request)
    }
    let keepAlive = keepsAlive(request)
    var chunkSize: Int?
    var pieceSize = 64 * 1024
    var interval = 0.0
    var limit = Int.max
    var ending: Ending = keepAlive ? .keepOpen : .close
    switch response.fault {
    case .slowBody(let chunkBytes, let pause):
      pieceSize = chunkBytes
      interval = pause
    case .truncate(let afterBytes):
      limit = afterBytes
      ending = .close
    case .resetAfter(let bodyBytes):
      limit = bodyBytes
      ending = .reset
    case .chunked(let size):
      chunkSize = max(1, size)
      pieceSize = max(1, size)
    case .reset, .endlessHeaders, nil:
      break
    }

    let status = response.status
    let hasBody = request.method != "HEAD" && status >= 200 && status != 204 && status != 304
    var head = "HTTP/1.1 \(status) \(FakeResponse.reasonPhrase(status))\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    if chunkSize != nil {
      if response.header("Transfer-Encoding") == nil { head += "Transfer-Encoding: chunked\r\n" }
    } else if response.header("Content-Length") == nil && status >= 200 && status != 204 {
      head += "Content-Length: \(length)\r\n"
    }
    if !keepAlive {
      head += "Connection: close\r\n"
    } else if request.version == "HTTP/1.0" {
      head += "Connection: keep-alive\r\n"
    }
    head += "\r\n"
    guard sendAll(head) else { return .close }
    guard hasBody else { return ending }

    var sent = 0
    let completed = response.body.forEachPiece(size: pieceSize) { whole in
      let piece = UnsafeRawBufferPointer(rebasing: whole.prefix(limit - sent))
      guard !piece.isEmpty else { return false }
      if interval > 0 { guard core.pause(interval) else { return false } }
      if chunkSize != nil {
        guard sendAll(String(piece.count, radix: 16) + "\r\n"), sendAll(piece), sendAll("\r\n") else {
          return false
        }
      } else {
        guard sendAll(piece) else { return false }
      }
      sent += piece.count
      return sent < limit
    }
    if limit != Int.max { return ending }
    guard completed else { return .close }
    if chunkSize != nil { guard sendAll("0\r\n\r\n") else { return .close } }
    return ending
  }

  private func sendAll(_ text: String) -> Bool {
    Array(text.utf8).withUnsafeBytes { sendAll($0) }
  }

  /// Sends every byte; `MSG_NOSIGNAL` so that a client gone mid-body gives EPIPE, not SIGPIPE.
  private func sendAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
      let count = Foundation.send(socket, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }
}
