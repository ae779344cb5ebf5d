import BingWallNet
import BingWallSystem

/// A server certificate libcurl could not verify, with what to do about it: on a working desk
/// the usual cause is a proxy that inspects HTTPS with its own certificate authority, which
/// bingwall trusts once `network.ca_file` names it.
struct UntrustedCertificateError: Error, CustomStringConvertible, ExitStatusError, HintedError, AlikeError {
  /// CURLE_PEER_FAILED_VERIFICATION: the chain does not lead to a trusted CA, or the name differs.
  static let curlCode: Int32 = 60

  let underlying: NetError

  var description: String { underlying.description }

  var kind: String { "untrusted " + underlying.kind }

  var hint: String? {
    "if a proxy inspects HTTPS with its own certificate authority, name its PEM file in network.ca_file"
  }

  /// Trying later does not help: 1.
  var exitStatus: Int32 { ExitCode.failure }

  /// `error` with the advice when it is a certificate libcurl refused; else `error` itself.
  static func advised(_ error: any Error) -> any Error {
    guard let net = error as? NetError, case .transport(_, let code, _) = net, code == curlCode else {
      return error
    }
    return UntrustedCertificateError(underlying: net)
  }
}
