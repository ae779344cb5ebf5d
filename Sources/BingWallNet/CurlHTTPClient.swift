import BingWallSystem
import CCurl
import FoundationEssentials
import Glibc
import Synchronization

/// The real `HTTPClient`: libcurl, with TLS verification always on.
///
/// Every request goes through one `CurlSession` (one multi handle, one connection cache) made at
/// the first request and kept, whichever thread makes it: an update's archive, its other
/// sources, Bing's story and the pictures share one connection per host (over HTTP/2, as Bing
/// serves, one connection multiplexes them all), and requests from several threads at once
/// still run side by side. Proxies come from `http_proxy`, `https_proxy` and `no_proxy`, which
/// libcurl reads itself.
package final class CurlHTTPClient: HTTPClient {
  /// Sent as `User-Agent` with every request, e.g. `bingwall/0.1.0`.
  let userAgent: String
  /// The certificate authorities to trust instead of the system's, when set (`network.ca_file`,
  /// `CURL_CA_BUNDLE` or `SSL_CERT_FILE`: `TrustedAuthorities`).
  let caFile: String?
  /// The session every request uses. Made at the first request, so that creating a client does
  /// not load libcurl; made again after a multi call broke it.
  private let shared = Mutex<CurlSession?>(nil)
  /// Where the retries' jitter comes from: the context's random source.
  private let random: any RandomSource

  package init(userAgent: String, caFile: String? = nil, random: any RandomSource = SystemRandom()) {
    self.userAgent = userAgent
    self.caFile = caFile
    self.random = random
  }

  /// The version of the libcurl loaded at run time, e.g. `7.88.1`; loads libcurl.
  static var libraryVersion: String { CurlLibrary.version?.number ?? "not loaded" }

  /// The library and its TLS backend for `--version -v`, e.g. `libcurl 7.88.1 (OpenSSL/3.0.11)`,
  /// or why it cannot be loaded.
  package static var libraryDescription: String {
    guard let version = CurlLibrary.version else {
      return "libcurl: cannot load \(CurlLibrary.soname)"
    }
    return "libcurl \(version.number)" + (version.tls.map { " (\($0))" } ?? "")
  }

  package func get(_ request: HTTPRequest) throws(NetError) -> HTTPResponse {
    try withSession(url: request.url) { session throws(NetError) in
      try session.run(Self.memoryTransfer(request, userAgent: userAgent, caFile: caFile))
    }
  }

  /// A GET into memory. Over https it waits for the ALPN answer of a connection to the same host
  /// being made (`CURLOPT_PIPEWAIT`, as `CurlBatch` does) and, if it is HTTP/2, shares it rather
  /// than opening its own: requests that start together (the sources beside Bing's archive)
  /// then take one connection.
  private static func memoryTransfer(_ request: HTTPRequest, userAgent: String, caFile: String?)
    throws(NetError) -> CurlTransfer
  {
    let transfer = try CurlTransfer(request: request, userAgent: userAgent, caFile: caFile, sink: .memory)
    if request.url.lowercased().hasPrefix("https:") { try transfer.easy.set(CURLOPT_PIPEWAIT, 1) }
    return transfer
  }

  /// On the one session, so that over HTTP/2 they share one connection.
  package func getAll(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, NetError>] {
    guard let first = requests.first else { return [] }
    do throws(NetError) {
      return try withSession(url: first.url) { session throws(NetError) in
        var transfers: [Result<CurlTransfer, NetError>] = []
        for request in requests {
          transfers.append(
            Result { () throws(NetError) -> CurlTransfer in
              try Self.memoryTransfer(request, userAgent: userAgent, caFile: caFile)
            })
        }
        return session.runAll(transfers)
      }
    } catch {
      return requests.map { _ in .failure(error) }
    }
  }

  package func downloadAll(
    _ jobs: [DownloadJob], maxConcurrent: Int, retry: RetryPolicy, progress: (any DownloadProgress)?
  ) -> [Result<HTTPResponse, NetError>] {
    guard let first = jobs.first else { return [] }
    do throws(NetError) {
      return try withSession(url: first.request.url) { session in
        CurlBatch(
          jobs: jobs, session: session, userAgent: userAgent, caFile: caFile, maxConcurrent: maxConcurrent,
          retry: retry, random: random, progress: progress
        ).run()
      }
    } catch {
      return jobs.map { _ in .failure(error) }
    }
  }

  /// Runs `body` with the client's session, made (loading libcurl at the first) when there is
  /// none yet or the last one broke.
  private func withSession<Value>(url: String, _ body: (CurlSession) throws(NetError) -> Value)
    throws(NetError)
    -> Value
  {
    let session = try shared.withLock { current throws(NetError) -> CurlSession in
      if let current, !current.isBroken { return current }
      let api = try CurlLibrary.api(url: url)
      do throws(CurlMulti.Failure) {
        let made = try CurlSession(api: api)
        current = made
        return made
      } catch {
        throw NetError.setup(url: url, message: error.message)
      }
    }
    return try body(session)
  }
}
