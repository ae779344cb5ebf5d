import Foundation

/// One request as the fake server received it, for tests to inspect afterwards.
package struct RecordedRequest: Sendable {
  package var method: String
  /// The request target exactly as sent, e.g. `/th?id=OHR.X_1920x1080.jpg`.
  package var target: String
  /// The target up to `?`, still percent-encoded, as routes match it.
  package var path: String
  /// Query items in order, percent-decoded (`+` is kept: it is not a space outside forms).
  package var queryItems: [(name: String, value: String)]
  /// `HTTP/1.1` or `HTTP/1.0`.
  package var version: String
  /// Header fields in order, names as sent.
  package var headers: [(name: String, value: String)]
  package var body: Data

  /// The query items by name; the last one wins when a name repeats.
  package var query: [String: String] {
    Dictionary(queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
  }

  /// The value of the last header with this name, compared without case.
  package func header(_ name: String) -> String? {
    headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// Parses the request line and header fields (the text before the blank line); nil when
  /// the request line is not `METHOD TARGET HTTP/x.y`.
  package static func parse(head: String) -> RecordedRequest? {
    var lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/") else { return nil }
    var headers: [(name: String, value: String)] = []
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers.append((name: String(line[..<colon]), value: value))
    }
    let target = String(requestLine[1])
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let queryText = parts.count > 1 ? parts[1] : ""
    let queryItems = queryText.split(separator: "&").map { item -> (name: String, value: String) in
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return (name: decode(pair[0]), value: pair.count > 1 ? decode(pair[1]) : "")
    }
    return RecordedRequest(
      method: String(requestLine[0]), target: target, path: String(parts[0]), queryItems: queryItems,
      version: String(requestLine[2]), headers: headers, body: Data())
  }

  /// Percent-decodes, keeping the raw text when it is not valid percent-encoding.
  private static func decode(_ text: Substring) -> String {
    String(text).removingPercentEncoding ?? String(text)
  }
}
