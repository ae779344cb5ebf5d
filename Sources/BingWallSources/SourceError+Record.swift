import BingWallModel
import BingWallSystem

extension SourceError: RecordableFailure {
  /// An API's HTTP status as `http_status`; anything else as `source`, its message naming the
  /// source.
  package var failureRecord: UpdateFailureRecord {
    let message = TerminalText.clean(description)
    if case .apiError(let source, .status(let status), _) = self {
      return UpdateFailureRecord(
        kind: .httpStatus, httpStatus: status, source: source, temporary: isTemporary, message: message)
    }
    return UpdateFailureRecord(kind: .source, source: source, temporary: isTemporary, message: message)
  }
}
