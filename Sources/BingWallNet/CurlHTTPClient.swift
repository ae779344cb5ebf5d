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

  package init(userAgent: String) {
    self.userAgent = userAgent
  }

  /// The version of the libcurl loaded at run time, e.g. `7.88.1`.
  package static var libraryVersion: String { CurlGlobal.version.number }

  /// The library and its TLS backend for `--version` output, e.g. `libcurl 7.88.1 (OpenSSL/3.0.11)`.
  package static var libraryDescription: String {
    let version = CurlGlobal.version
    return "libcurl \(version.number)" + (version.tls.map { " (\($0))" } ?? "")
  }

  package func get(_ request: HTTPRequest) throws(NetError) -> HTTPResponse {
    try CurlTransfer(request: request, userAgent: userAgent, sink: .memory).perform()
  }

  package func download(_ request: HTTPRequest, to fileDescriptor: Int32) throws(NetError) -> HTTPResponse {
    try CurlTransfer(request: request, userAgent: userAgent, sink: .fileDescriptor(fileDescriptor)).perform()
  }

  package func downloadAll(
    _ jobs: [DownloadJob], maxConcurrent: Int, retry: RetryPolicy, progress: (any DownloadProgress)?
  ) -> [Result<HTTPResponse, NetError>] {
    let batch = CurlBatch(
      jobs: jobs, userAgent: userAgent, maxConcurrent: maxConcurrent, retry: retry, progress: progress)
    return batch.run()
  }
}
