import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

/// The state file's JSON, with instants as ISO 8601 text so a person can read it next to the
/// history: `{"consecutive_failures": 0, "last_rotation": "2026-12-02T08:00:00Z", …}`.
///
/// Every field may be missing (an older or hand-made file): instants are then absent, the streak
/// 0 and the jitter `ScheduleJitter.middle`. Unknown fields are ignored, so a newer daemon's file
/// still reads. Instants are stored to the second, rounded down.
///
/// A failure is `last_failure`, an `UpdateFailureRecord`; its message is written as `last_error`
/// too, the text an older bingwall reads. A file with `last_error` alone (an older bingwall's)
/// loads as a record of kind `other` holding that text.
extension SchedulerState: Codable {
  private enum Keys: String, CodingKey {
    case lastUpdateAttempt = "last_update_attempt"
    case lastUpdateSuccess = "last_update_success"
    case consecutiveFailures = "consecutive_failures"
    case lastError = "last_error"
    case lastFailure = "last_failure"
    case lastRotation = "last_rotation"
    case lastSkip = "last_skip"
    case skipReason = "skip_reason"
    case wallpaperNotSet = "wallpaper_not_set"
    case wallpaperFile = "wallpaper_file"
    case jitter
    case updateStarted = "update_started"
    case updatePID = "update_pid"
  }

  private enum JitterKeys: String, CodingKey {
    case publication = "publication_seconds"
    case retry = "retry_seconds"
    case backoffShare = "backoff_share"
  }

  package init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: Keys.self)
    func instant(_ key: Keys) throws -> Date? {
      guard let text = try fields.decodeIfPresent(String.self, forKey: key) else { return nil }
      guard let date = Timestamp.parse(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: fields, debugDescription: "'\(text)' is not an instant like 2026-12-02T08:00:00Z")
      }
      return date
    }
    var jitter = ScheduleJitter.middle
    if fields.contains(.jitter), try !fields.decodeNil(forKey: .jitter) {
      let values = try fields.nestedContainer(keyedBy: JitterKeys.self, forKey: .jitter)
      jitter = ScheduleJitter(
        publication: try values.decodeIfPresent(Int.self, forKey: .publication) ?? jitter.publication,
        retry: try values.decodeIfPresent(Int.self, forKey: .retry) ?? jitter.retry,
        backoffShare: try values.decodeIfPresent(Double.self, forKey: .backoffShare) ?? jitter.backoffShare)
    }
    self.init(
      lastUpdateAttempt: try instant(.lastUpdateAttempt),
      lastUpdateSuccess: try instant(.lastUpdateSuccess),
      consecutiveFailures: try fields.decodeIfPresent(Int.self, forKey: .consecutiveFailures) ?? 0,
      lastFailure: try fields.decodeIfPresent(UpdateFailureRecord.self, forKey: .lastFailure)
        ?? fields.decodeIfPresent(String.self, forKey: .lastError).map(UpdateFailureRecord.init(text:)),
      lastRotation: try instant(.lastRotation),
      lastSkip: try instant(.lastSkip),
      // A word this version does not know (a later one's) reads as no reason, as an absent one.
      skipReason: try fields.decodeIfPresent(String.self, forKey: .skipReason).flatMap(UpdateHoldReason.init),
      wallpaperNotSet: try fields.decodeIfPresent(String.self, forKey: .wallpaperNotSet),
      wallpaperFile: try fields.decodeIfPresent(String.self, forKey: .wallpaperFile),
      jitter: jitter, updateStarted: try instant(.updateStarted),
      updatePID: try fields.decodeIfPresent(Int32.self, forKey: .updatePID))
  }

  package func encode(to encoder: any Encoder) throws {
    var fields = encoder.container(keyedBy: Keys.self)
    try fields.encodeIfPresent(lastUpdateAttempt.map(Timestamp.iso8601), forKey: .lastUpdateAttempt)
    try fields.encodeIfPresent(lastUpdateSuccess.map(Timestamp.iso8601), forKey: .lastUpdateSuccess)
    try fields.encode(consecutiveFailures, forKey: .consecutiveFailures)
    try fields.encodeIfPresent(lastFailure?.message, forKey: .lastError)
    try fields.encodeIfPresent(lastFailure, forKey: .lastFailure)
    try fields.encodeIfPresent(lastRotation.map(Timestamp.iso8601), forKey: .lastRotation)
    try fields.encodeIfPresent(lastSkip.map(Timestamp.iso8601), forKey: .lastSkip)
    try fields.encodeIfPresent(skipReason?.rawValue, forKey: .skipReason)
    try fields.encodeIfPresent(wallpaperNotSet, forKey: .wallpaperNotSet)
    try fields.encodeIfPresent(wallpaperFile, forKey: .wallpaperFile)
    try fields.encodeIfPresent(updateStarted.map(Timestamp.iso8601), forKey: .updateStarted)
    try fields.encodeIfPresent(updatePID, forKey: .updatePID)
    var values = fields.nestedContainer(keyedBy: JitterKeys.self, forKey: .jitter)
    try values.encode(jitter.publication, forKey: .publication)
    try values.encode(jitter.retry, forKey: .retry)
    try values.encode(jitter.backoffShare, forKey: .backoffShare)
  }

  /// The state file's bytes: pretty-printed JSON with sorted keys and a final newline.
  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Strings, integers and finite doubles cannot fail to encode.
    let data = try! encoder.encode(self)
    return data + Data("\n".utf8)
  }

  /// Reads what `encoded()` wrote; `source` (the file's path) names it in the error.
  static func decode(_ data: Data, source: String) throws(ScheduleError) -> SchedulerState {
    do {
      return try JSONDecoder().decode(SchedulerState.self, from: data)
    } catch let error as DecodingError {
      throw .unreadableState(source: source, detail: Self.explain(error))
    } catch {
      throw .unreadableState(source: source, detail: "\(error)")
    }
  }

  private static func explain(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      let detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
      return path.isEmpty ? "not JSON: \(detail)" : "'\(path)': \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
