import Foundation

/// What the fake server answers to one request: status, headers, body and any fault to inject.
///
/// `Content-Length` is added from the body unless the headers already carry one (to lie about
/// the length) or the fault is `.chunked`.
package struct FakeResponse: Sendable {
  package var status: Int
  /// Sent in this order, names as given.
  package var headers: [(name: String, value: String)]
  package var body: FakeBody
  /// Seconds the server waits after reading the request before it sends anything.
  var delayBeforeHeaders: Double
  package var fault: FakeFault?

  package init(
    status: Int = 200, headers: [(name: String, value: String)] = [], body: FakeBody = .data(Data()),
    delayBeforeHeaders: Double = 0, fault: FakeFault? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delayBeforeHeaders = delayBeforeHeaders
    self.fault = fault
  }

  /// A JSON body, typed the way Bing types its archive answer.
  package static func json(_ text: String, status: Int = 200) -> FakeResponse {
    FakeResponse(
      status: status, headers: [("Content-Type", "application/json; charset=utf-8")],
      body: .data(Data(text.utf8)))
  }

  /// A plain-text body, e.g. an error page.
  package static func text(_ text: String, status: Int = 200) -> FakeResponse {
    FakeResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .data(Data(text.utf8)))
  }

  /// An HTML body, e.g. the "Object moved" page Bing has served in place of a picture.
  package static func html(_ text: String, status: Int = 200) -> FakeResponse {
    FakeResponse(
      status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: .data(Data(text.utf8)))
  }

  /// Raw bytes with the given type, e.g. a JPEG.
  package static func bytes(_ data: Data, contentType: String, status: Int = 200) -> FakeResponse {
    FakeResponse(status: status, headers: [("Content-Type", contentType)], body: .data(data))
  }

  /// A redirect to `location`, which may be relative or absolute.
  package static func redirect(to location: String, status: Int = 302) -> FakeResponse {
    FakeResponse(status: status, headers: [("Location", location)])
  }

  /// Only a status, with an empty body.
  package static func status(_ status: Int) -> FakeResponse {
    FakeResponse(status: status)
  }

  /// A copy with one more header.
  package func with(header name: String, _ value: String) -> FakeResponse {
    var copy = self
    copy.headers.append((name: name, value: value))
    return copy
  }

  /// A copy that waits `seconds` before the headers.
  package func delayed(_ seconds: Double) -> FakeResponse {
    var copy = self
    copy.delayBeforeHeaders = seconds
    return copy
  }

  /// A copy with `fault` injected.
  package func with(fault: FakeFault) -> FakeResponse {
    var copy = self
    copy.fault = fault
    return copy
  }

  /// The first header with this name, compared without case.
  package func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// The standard reason phrase, so status lines look like a real server's.
  static func reasonPhrase(_ status: Int) -> String {
    let phrases = [
      100: "Continue", 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content",
      206: "Partial Content", 301: "Moved Permanently", 302: "Found", 303: "See Other",
      304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
      401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
      408: "Request Timeout", 410: "Gone", 429: "Too Many Requests",
      431: "Request Header Fields Too Large", 500: "Internal Server Error", 501: "Not Implemented",
      502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
    return phrases[status] ?? "Status \(status)"
  }
}

/// A way for the fake server to misbehave while answering.
package enum FakeFault: Sendable, Equatable {
  /// Sends the body in pieces of `chunkBytes`, pausing `interval` seconds before each.
  case slowBody(chunkBytes: Int, interval: Double)
  /// Announces the full Content-Length, sends only `afterBytes` of the body, then closes
  /// cleanly (FIN): a body cut short.
  case truncate(afterBytes: Int)
  /// Reads the request, then resets the connection (close with SO_LINGER 0, so an RST)
  /// without sending a single byte of response.
  case reset
  /// Sends the headers and `bodyBytes` of the body, then resets the connection.
  case resetAfter(bodyBytes: Int)
  /// Uses `Transfer-Encoding: chunked` with chunks of `chunkSize` instead of Content-Length.
  case chunked(chunkSize: Int)
  /// Sends the status line, then header lines (`X-Pad-N: …`) for ever, until the client leaves.
  case endlessHeaders
}
