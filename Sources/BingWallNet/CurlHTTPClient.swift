import BingWallSystem
import CCurl
import FoundationEssentials
import Glibc

/// The real `HTTPClient`: libcurl, with TLS verification always on and one easy handle per call.
///
/// Every call builds, runs and frees its own handles (a batch also its own multi handle), so
/// the client holds nothing but its user agent and is safe to share between threads. Proxies come from `http_proxy`, `https_proxy`
/// and `no_proxy`, which libcurl reads itself.
package final class CurlHTTPClient: HTTPClient {
  /// Sent as `User-Agent` with every request, e.g. `bingwall/0.1.0`.
  package let userAgent: String
  /// The certificate authorities to trust instead of the system's, when set (`caFile(in:)`).
  package let caFile: String?

  package init(userAgent: String, caFile: String? = nil) {
    self.userAgent = userAgent
    self.caFile = caFile
  }

  /// The CA bundle a user named the usual way, as the curl tool reads it: `CURL_CA_BUNDLE`, else
  /// `SSL_CERT_FILE` (behind a proxy with its own CA, or a test server's). nil for the system's.
  package static func caFile(in environment: [String: String]) -> String? {
    for name in ["CURL_CA_BUNDLE", "SSL_CERT_FILE"] {
      if let path = environment[name], !path.isEmpty { return path }
    }
    return nil
  }

  /// The version of the libcurl loaded at run time, e.g. `7.88.1`.
  package static var libraryVersion: String { CurlGlobal.version.number }

  /// The library and its TLS backend for `--version` output, e.g. `libcurl 7.88.1 (OpenSSL/3.0.11)`.
  package static var libraryDescription: String {
    let version = CurlGlobal.version
    return "libcurl \(version.number)" + (version.tls.map { " (\($0))" } ?? "")
  }

  package func get(_ request: HTTPRequest) throws(NetError) -> HTTPResponse {
    try CurlTransfer(request: request, userAgent: userAgent, caFile: caFile, sink: .memory).perform()
  }

  package func download(_ request: HTTPRequest, to fileDescriptor: Int32) throws(NetError) -> HTTPResponse {
    try CurlTransfer(
      request: request, userAgent: userAgent, caFile: caFile, sink: .fileDescriptor(fileDescriptor)
    )
    .perform()
  }

  package func downloadAll(
    _ jobs: [DownloadJob], maxConcurrent: Int, retry: RetryPolicy, progress: (any DownloadProgress)?
  ) -> [Result<HTTPResponse, NetError>] {
    let batch = CurlBatch(
      jobs: jobs, userAgent: userAgent, caFile: caFile, maxConcurrent: maxConcurrent, retry: retry,
      progress: progress)
    return batch.run()
  }
}
