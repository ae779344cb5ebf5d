import CCurl

/// libcurl's process-wide state, set up once before the first handle exists.
///
/// `curl_global_init` must run exactly once and before any other thread uses libcurl. A static
/// `let` is initialised lazily under `swift_once`, so the first request, from whichever
/// thread, pays for it and every later one only reads the stored result. There is no matching
/// `curl_global_cleanup`: it is not thread-safe, and the process exit releases the same
/// resources; every easy handle is still freed by its owner (`CurlEasy`).
/// https://curl.se/libcurl/c/curl_global_init.html
enum CurlGlobal {
  /// The `CURLcode` of the one `curl_global_init` call, as its raw value.
  private static let initCode: UInt32 = bw_curl_global_init_default().rawValue

  /// The runtime library's version data, read once: `curl_version_info` is not documented
  /// as thread-safe in 7.88.
  static let version: (number: String, tls: String?) = {
    _ = initCode
    guard let info = bw_curl_version_info_now() else { return ("unknown", nil) }
    let number = info.pointee.version.map { String(cString: $0) } ?? "unknown"
    let tls = info.pointee.ssl_version.map { String(cString: $0) }
    return (number, tls)
  }()

  /// Runs `curl_global_init` on first use and reports a failure against `url`.
  static func ensureInitialized(url: String) throws(NetError) {
    guard initCode == CURLE_OK.rawValue else {
      let text = String(cString: curl_easy_strerror(CURLcode(rawValue: initCode)))
      throw NetError.setup(url: url, message: "libcurl could not initialise (\(text))")
    }
  }
}
