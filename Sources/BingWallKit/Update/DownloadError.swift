import BingWallNet
import BingWallSystem
import FoundationEssentials
import Glibc

/// A picture that could not be downloaded as a usable image (update and doctor --fix).
enum DownloadError: TemporaryFailure, Equatable, Sendable {
  /// Every size tried was refused; `problems` says why, size by size.
  case unusable(key: String, problems: [String])
  /// The server answered "not now" (`HTTPResponse.isTemporaryFailure`: 5xx, 429, 408) on every
  /// attempt the retry loop allowed.
  case serverError(url: String, status: Int)

  /// A server's "not now" may pass; a picture no size of which is usable stays so.
  package var isTemporary: Bool {
    switch self {
    case .unusable: return false
    case .serverError: return true
    }
  }
}

extension DownloadError: DescribedError {
  package var description: String {
    switch self {
    case .unusable(let key, let problems):
      return "cannot download \(key): \(problems.joined(separator: "; ")); nothing was stored"
    case .serverError(let url, let status):
      return "\(url) answered HTTP \(status) on every attempt"
    }
  }
}

extension DownloadError: HintedError {
  package var hint: String? {
    guard case .serverError = self else { return nil }
    return "try again later"
  }
}

extension DownloadError: AlikeError {
  /// The failure without the picture: eight pictures each answered HTTP 404 at every size are
  /// one kind.
  package var kind: String {
    switch self {
    case .unusable(_, let problems): "unusable " + problems.joined(separator: "; ")
    case .serverError(_, let status): "serverError \(status)"
    }
  }
}
