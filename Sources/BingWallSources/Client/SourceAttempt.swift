import BingWallModel
import BingWallNet
import BingWallSystem

/// One answer to one of `SourceRequests`, whatever its status.
struct SourceAnswer {
  var status: Int
  var body: [UInt8]
  /// The host asked (and, checked, the host that answered).
  var host: String
}

/// Why one of `SourceRequests` (or one API's requests for APOD's days) gave nothing.
struct SourceAttemptFailure: Error {
  /// One line naming the source.
  var line: String
  var isTemporary: Bool
  /// The host asked, to name the fallback in the final line; empty when unknown.
  var host: String
  /// True when api.nasa.gov refused the configured key.
  var isKeyProblem = false
  /// Why, in plain words, for `-v` (`SourceError.explanation`).
  var explanation: String?

  init(line: String, isTemporary: Bool, host: String, isKeyProblem: Bool = false) {
    self.line = line
    self.isTemporary = isTemporary
    self.host = host
    self.isKeyProblem = isKeyProblem
  }

  init(_ error: SourceError, host: String) {
    self.init(line: error.description, isTemporary: error.isTemporary, host: host)
    explanation = error.explanation
  }

  /// A status that is no answer, from the source named `name`.
  init(status: Int, name: String, host: String) {
    let temporary = HTTPResponse.isTemporaryFailure(status: status)
    self.init(
      line: "\(name): \(host) answered HTTP \(status)\(temporary ? "; try again later" : "")",
      isTemporary: temporary, host: host)
  }
}

/// The helpers of `SourceRequests`.
enum Attempt {
  /// The failure of a source whose every request failed: the first request's line (the source's
  /// own API, which matters most), and that the fallback failed too; temporary when any was.
  static func combined(_ failures: [SourceAttemptFailure], source: Source, name: String) -> SourceFailure {
    guard let first = failures.first else {
      return SourceFailure(source: source, isTemporary: true, description: "\(name) gave nothing")
    }
    var line = first.line
    if let last = failures.last, failures.count > 1 {
      line += last.host.isEmpty ? " (its fallback failed too)" : " (its fallback on \(last.host) failed too)"
    }
    return SourceFailure(
      source: source, isTemporary: failures.contains { $0.isTemporary }, description: line,
      explanation: failures.lazy.compactMap(\.explanation).first)
  }

  /// The host of a URL this client built; empty when it has none.
  static func host(of url: String) -> String {
    (try? RemoteURL(checking: url, policy: .loopbackHTTPAllowed))?.host ?? ""
  }

  /// A URL as a trace shows it: the value of a query item whose name says it is a key (`api_key`)
  /// masked, so that no line shows the user's key.
  static func shown(_ url: String) -> String {
    guard let mark = url.firstIndex(of: "?") else { return url }
    let items = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map {
      item -> String in
      guard let equals = item.firstIndex(of: "="), item[..<equals].lowercased().contains("key") else {
        return String(item)
      }
      return "\(item[..<equals])=REDACTED"
    }
    return "\(url[..<mark])?\(items.joined(separator: "&"))"
  }
}
