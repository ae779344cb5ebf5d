import BingWallSystem
import FoundationEssentials
import Glibc

/// A picture that could not be downloaded as a usable image.
package enum DownloadError: Error, Equatable, Sendable {
  /// Every size tried was refused; `problems` says why, size by size.
  case unusable(key: String, problems: [String])
  /// The server failed (5xx, 429) on every attempt the retry policy and the deadline allowed.
  case serverError(url: String, status: Int)
}

extension DownloadError: CustomStringConvertible, LocalizedError {
  package var description: String {
    switch self {
    case .unusable(let key, let problems):
      return "cannot download \(key): \(problems.joined(separator: "; ")); nothing was stored"
    case .serverError(let url, let status):
      return "\(url) answered HTTP \(status) on every attempt; try again later"
    }
  }

  package var errorDescription: String? { description }
}
