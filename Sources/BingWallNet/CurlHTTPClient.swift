import BingWallSystem
import CCurl
import FoundationEssentials
import Glibc
import Synchronization

/// The real `HTTPClient`: libcurl, with TLS verification always on.
///
/// Requests go through a `CurlSession` (one multi handle, one connection cache) made at the
/// first request and kept, so an update's archive and pictures share a connection. A session
/// serves one caller at a time: a request takes an idle one (or makes one) and gives it back,
/// so requests one after another reuse connections, and requests from several threads at once
/// still run side by side. Proxies come from `http_proxy`, `https_proxy` and `no_proxy`, which
/// libcurl reads itself.
package final class CurlHTTPClient: HTTPClient {
  /// Sent as `User-Agent` with every request, e.g. `bingwall/0.1.0`.
  let userAgent: String
  /// The certificate authorities to trust instead of the system's, when set (`network.ca_file`,
  /// `CURL_CA_BUNDLE` or `SSL_CERT_FILE`: `TrustedAuthorities`).
  let caFile: String?
  /// Sessions no request is using. Made at the first request, so that creating a client does
  /// not load libcurl; more only when requests overlap.
  private let idle = Mutex<[CurlSession]>([])
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
      try session.run(CurlTransfer(request: request, userAgent: userAgent, caFile: caFile, sink: .memory))
    }
  }

  /// On one session, so that over HTTP/2 they share one connection: each waits for the first
  /// connection's ALPN answer (`CURLOPT_PIPEWAIT`, as `CurlBatch` does) rather than opening its own.
  package func getAll(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, NetError>] {
    guard let first = requests.first else { return [] }
    do throws(NetError) {
      return try withSession(url: first.url) { session throws(NetError) in
        var transfers: [Result<CurlTransfer, NetError>] = []
        for request in requests {
          transfers.append(
            Result { () throws(NetError) -> CurlTransfer in
              let transfer = try CurlTransfer(
                request: request, userAgent: userAgent, caFile: caFile, sink: .memory)
              if request.url.lowercased().hasPrefix("https:") { try transfer.easy.set(CURLOPT_PIPEWAIT, 1) }
              return transfer
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

  /// Runs `body` with a session of its own: an idle one, else a new one (loading libcurl at
  /// the first); the session is idle again afterwards, unless a multi call failed in it.
  private func withSession<Value>(url: String, _ body: (CurlSession) throws(NetError) -> Value)
    throws(NetError)
    -> Value
  {
    let session: CurlSession
    if let reused = idle.withLock({ $0.popLast() }) {
      session = reused
    } else {
      let api = try CurlLibrary.api(url: url)
      do throws(CurlMulti.Failure) {
        session = try CurlSession(api: api)
      } catch {
        throw NetError.setup(url: url, message: error.message)
      }
    }
    defer { if !session.isBroken { idle.withLock { $0.append(session) } } }
    return try body(session)
  }
}
