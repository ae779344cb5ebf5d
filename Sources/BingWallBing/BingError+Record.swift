import BingWallModel
import BingWallNet
import BingWallSystem

extension BingError: RecordableFailure {
  /// A status as `http_status` with its host; an answer of the wrong shape as `answer`, what was
  /// wrong with it in a few words.
  package var failureRecord: UpdateFailureRecord {
    let message = TerminalText.clean(description)
    switch self {
    case .httpStatus(let url, let status, _):
      return UpdateFailureRecord(
        kind: .httpStatus, host: RedactedURL.host(url), httpStatus: status, temporary: isTemporary,
        message: message)
    case .emptyBody(_, let url), .nullBody(_, let url), .htmlPage(_, let url, _), .invalidJSON(_, let url, _),
      .notAnObject(_, let url, _), .noImages(_, let url), .imagesNotAList(_, let url, _),
      .noUsableImage(_, let url, _):
      return UpdateFailureRecord(
        kind: .answer, host: url.flatMap(RedactedURL.host), temporary: isTemporary, detail: answerProblem,
        message: message)
    case .unusableImage:
      return UpdateFailureRecord(
        kind: .answer, temporary: isTemporary, detail: answerProblem, message: message)
    }
  }

  /// What was wrong with the answer, to end "www.bing.com answered …".
  private var answerProblem: String {
    switch self {
    case .httpStatus(_, let status, _): "HTTP \(status)"
    case .emptyBody: "an empty body"
    case .nullBody: "'null' instead of pictures"
    case .htmlPage: "an HTML page instead of JSON"
    case .invalidJSON: "a body that is not valid JSON"
    case .notAnObject(_, _, let found): "\(found), not a JSON object"
    case .noImages: "with no pictures"
    case .imagesNotAList(_, _, let found): "with 'images' as \(found), not a list"
    case .noUsableImage(_, _, let skipped): "with \(skipped.count) pictures, none usable"
    case .unusableImage: "with an unusable picture"
    }
  }
}
