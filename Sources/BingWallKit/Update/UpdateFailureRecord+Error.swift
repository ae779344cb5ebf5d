import BingWallModel
import BingWallNet
import BingWallStore
import BingWallSystem

extension UpdateFailureRecord {
  /// The record of `error`, where it happens: its kind, host, status and source from the
  /// error's own cases, its text for people as `message`. `source` names the source whose
  /// request failed (a transfer of APOD's); `temporary`, when given, overrides the error's own
  /// word (`Update.isTemporary`).
  package init(_ error: any Error, source: Source? = nil, temporary: Bool? = nil) {
    let message = TerminalText.clean("\(error)")
    switch error {
    case let recordable as any RecordableFailure:
      self = recordable.failureRecord
    case let net as NetError:
      self.init(
        kind: .transport, host: RedactedURL.host(net.url),
        detail: TerminalText.clean(net.cause), message: message)
    case let download as DownloadError:
      switch download {
      case .serverError(let url, let status):
        self.init(kind: .httpStatus, host: RedactedURL.host(url), httpStatus: status, message: message)
      case .unusable(let key, let problems):
        self.init(
          kind: .picture,
          detail: TerminalText.clean("no size of \(key) is usable: \(problems.joined(separator: "; "))"),
          message: message)
      }
    case is StoreError:
      self.init(kind: .store, message: message)
    case is FileError:
      self.init(kind: .file, message: message)
    case is ConfigError:
      self.init(kind: .config, message: message)
    default:
      self.init(kind: .other, message: message)
    }
    if let source { self.source = source }
    if let temporary {
      self.temporary = temporary
    } else if !(error is any RecordableFailure) {
      self.temporary = Update.isTemporary(error)
    }
  }
}

extension NetError {
  /// The URL asked for.
  fileprivate var url: String {
    switch self {
    case .transport(let url, _, _), .tooLarge(let url, _), .write(let url, _), .setup(let url, _),
      .headersTooLarge(let url, _), .deadline(let url), .plainHTTP(let url, _),
      .redirectRefused(let url, _, _):
      url
    }
  }
}
