import BingWallSystem
import FoundationEssentials
import Glibc

/// Failures of a transfer itself, as opposed to an unwanted HTTP status.
package enum NetError: TemporaryFailure, Equatable, Sendable {
  /// libcurl failed; `code` is the `CURLcode`, `message` curl's own error text.
  case transport(url: String, code: Int32, message: String)
  /// The body grew past the request's `maxBytes`.
  case tooLarge(url: String, limit: Int64)
  /// Writing the body to its file failed with this `errno`.
  case write(url: String, errno: Int32)
  /// The request could not be set up (bad URL, libcurl refused an option).
  case setup(url: String, message: String)
  /// The response's header lines went past `limit` bytes: no server of ours sends that many.
  case headersTooLarge(url: String, limit: Int)
  /// The whole operation's time limit (`HTTPRequest.deadline`) ran out before this request ended.
  case deadline(url: String)
  /// The request is plain http to a host that is not this machine (`Redirects`): not sent.
  case plainHTTP(url: String, host: String)
  /// The server sent the request on to `location`, which `Redirects` refused: nothing was sent
  /// there.
  case redirectRefused(url: String, location: String, reason: RedirectRefusal)

  /// True when trying again later could succeed: no connection, timeouts, resets, cut-short bodies.
  package var isTemporary: Bool {
    switch self {
    case .transport(_, let code, _):
      // CURLE_COULDNT_RESOLVE_PROXY 5, COULDNT_RESOLVE_HOST 6, COULDNT_CONNECT 7,
      // PARTIAL_FILE 18, OPERATION_TIMEDOUT 28, GOT_NOTHING 52, SEND_ERROR 55, RECV_ERROR 56,
      // HTTP2 16, HTTP2_STREAM 92.
      return [5, 6, 7, 16, 18, 28, 52, 55, 56, 92].contains(code)
    case .deadline:
      return true
    case .tooLarge, .write, .setup, .headersTooLarge, .plainHTTP, .redirectRefused:
      return false
    }
  }
}

extension NetError: DescribedError {
  package var description: String {
    // The URL as the user may read it: no user name, password or secret query value.
    switch self {
    case .transport(let url, _, let message):
      return "cannot fetch \(RedactedURL.text(url)): \(message)\(isTemporary ? "; nothing was changed" : "")"
    case .tooLarge(let url, let limit):
      return "\(RedactedURL.text(url)) is larger than \(limit) bytes; refusing it"
    case .write(let url, let errno):
      return "cannot save \(RedactedURL.text(url)): \(String(cString: strerror(errno)))"
    case .headersTooLarge(let url, let limit):
      return "\(RedactedURL.text(url)) answered with more than \(limit) bytes of headers; refusing it"
    case .deadline(let url):
      return "cannot fetch \(RedactedURL.text(url)): the update's time limit ran out; what arrived is kept"
    case .setup(let url, let message):
      return "cannot request \(RedactedURL.text(url)): \(message)"
    case .plainHTTP(let url, _):
      return "cannot request \(RedactedURL.text(url)): \(cause); use https"
    case .redirectRefused(let url, _, _):
      return "cannot fetch \(RedactedURL.text(url)): \(cause)"
    }
  }
}

extension NetError: HintedError {
  package var hint: String? {
    switch self {
    case .transport: return isTemporary ? "check the network and try again later" : nil
    case .deadline: return "try again later"
    case .tooLarge, .write, .setup, .headersTooLarge, .plainHTTP, .redirectRefused: return nil
    }
  }
}

extension NetError: ExitStatusError {
  /// 75 when a later try may work, 1 otherwise.
  package var exitStatus: Int32 { isTemporary ? ExitCode.temporaryFailure : ExitCode.failure }
}

extension NetError: AlikeError {
  /// The failure without its URL: a refused connection to each of eight pictures is one kind.
  package var kind: String {
    switch self {
    case .transport(_, let code, let message): "transport \(code) \(message)"
    case .tooLarge(_, let limit): "tooLarge \(limit)"
    case .write(_, let errno): "write \(errno)"
    case .setup(_, let message): "setup \(message)"
    case .headersTooLarge(_, let limit): "headersTooLarge \(limit)"
    case .deadline: "deadline"
    case .plainHTTP(_, let host): "plainHTTP \(host)"
    case .redirectRefused(_, _, let reason): "redirectRefused \(reason)"
    }
  }
}
