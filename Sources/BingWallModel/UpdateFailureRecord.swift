/// Why an update failed, as one part of bingwall tells another: the journal keeps it in
/// `scheduler.json` (`last_failure`), `status` and `doctor` show it, and the daemon's update child
/// hands it to the daemon. Made from the error where it happens (`UpdateFailureRecord(error)` in
/// BingWallKit), so no reader ever parses a message back.
///
/// `message` is the error's text for people, whole; `cause` is the short form `status` shows,
/// built from the typed fields. A message may be reworded freely: nothing reads it but people.
package struct UpdateFailureRecord: Sendable, Equatable {
  /// What kind of thing failed; the raw value is the word the files and `status --json` keep.
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The transfer itself: no connection, a timeout, a refused redirect, the time limit.
    case transport
    /// A server answered with an HTTP status that is not a picture or a listing.
    case httpStatus = "http_status"
    /// Bing's archive answered 200 with a body that holds no usable picture.
    case answer
    /// A picture that no size of could be used.
    case picture
    /// A source other than Bing gave no picture (its answer, its API's refusal).
    case source
    /// The history (SQLite) could not be opened, read or written.
    case store
    /// A file or folder of bingwall's own (the state, a lock).
    case file
    /// The configuration could not be read.
    case config
    /// The daemon's update child crashed, was killed, outlived its limit or could not start.
    case child
    /// Anything else, and a failure recorded as text by a version before the records.
    case other
  }

  package var kind: Kind
  /// The host asked, without user or password (`www.bing.com`, `localhost:8080`), when a server
  /// was involved.
  package var host: String?
  /// The HTTP status a server answered, for `httpStatus`.
  package var httpStatus: Int?
  /// The source that failed, for `source` (and a transfer of that source's).
  package var source: Source?
  /// Whether a later try may succeed (`TemporaryFailure`).
  package var temporary: Bool
  /// The low-level reason in a few words, when there is one: curl's text, SQLite's, a body's
  /// problem ("an empty body").
  package var detail: String?
  /// The error's whole text, for people (`status -v`, `doctor`, `status --json`'s `error`).
  package var message: String

  package init(
    kind: Kind, host: String? = nil, httpStatus: Int? = nil, source: Source? = nil, temporary: Bool = false,
    detail: String? = nil, message: String
  ) {
    self.kind = kind
    self.host = host
    self.httpStatus = httpStatus
    self.source = source
    self.temporary = temporary
    self.detail = detail
    self.message = message
  }

  /// A failure known only by its text: what an older `scheduler.json` holds (`last_error`).
  package init(text: String) {
    self.init(kind: .other, message: text)
  }

  /// The cause in one clause, from the fields: "cannot fetch www.bing.com: Connection refused",
  /// "www.bing.com answered HTTP 503", "NASA APOD has a video for 2026-12-05, not a picture".
  /// A failure without the fields for a short form is its message, whole. `name` is a source's
  /// name in a sentence (its plug-in's), which the model does not know.
  package func cause(naming name: (Source) -> String) -> String {
    switch kind {
    case .transport:
      guard let host else { return detail ?? message }
      return "cannot fetch \(host)" + (detail.map { ": \($0)" } ?? "")
    case .httpStatus:
      guard let httpStatus else { return detail ?? message }
      return "\(host ?? source.map(name) ?? "the server") answered HTTP \(httpStatus)"
    case .answer:
      guard let detail else { return message }
      return "\(host ?? "the server") answered " + detail
    case .source:
      guard let detail else { return message }
      return "\(source.map(name) ?? "a source"): \(detail)"
    case .picture, .store, .file, .config, .child, .other:
      return detail ?? message
    }
  }
}

extension UpdateFailureRecord: Codable {
  private enum Keys: String, CodingKey {
    case kind, host, source, temporary, detail, message
    case httpStatus = "http_status"
  }

  /// Lenient, as the state file is: a kind or a source this version does not know (a later
  /// one's) reads as `other` or none, so a newer file still loads.
  package init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: Keys.self)
    let kind = try fields.decodeIfPresent(String.self, forKey: .kind).flatMap(Kind.init(rawValue:))
    self.init(
      kind: kind ?? .other,
      host: try fields.decodeIfPresent(String.self, forKey: .host),
      httpStatus: try fields.decodeIfPresent(Int.self, forKey: .httpStatus),
      source: try fields.decodeIfPresent(String.self, forKey: .source).flatMap(Source.init(rawValue:)),
      temporary: try fields.decodeIfPresent(Bool.self, forKey: .temporary) ?? false,
      detail: try fields.decodeIfPresent(String.self, forKey: .detail),
      message: try fields.decodeIfPresent(String.self, forKey: .message) ?? "unknown error")
  }

  package func encode(to encoder: any Encoder) throws {
    var fields = encoder.container(keyedBy: Keys.self)
    try fields.encode(kind.rawValue, forKey: .kind)
    try fields.encodeIfPresent(host, forKey: .host)
    try fields.encodeIfPresent(httpStatus, forKey: .httpStatus)
    try fields.encodeIfPresent(source?.rawValue, forKey: .source)
    try fields.encode(temporary, forKey: .temporary)
    try fields.encodeIfPresent(detail, forKey: .detail)
    try fields.encode(message, forKey: .message)
  }
}

/// An error that makes its own record: one whose type the use cases cannot see (Bing's
/// archive answers, the other sources' bodies). BingWallKit's `UpdateFailureRecord(_:)` asks it
/// first.
package protocol RecordableFailure: Error {
  /// This failure as a record, its message included.
  var failureRecord: UpdateFailureRecord { get }
}
