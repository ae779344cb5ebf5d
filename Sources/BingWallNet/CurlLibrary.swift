import CCurl

/// libcurl, opened the first time a command uses the network, and its process-wide set-up.
///
/// Linking libcurl would make every start of bingwall load it and the ~40 libraries behind it
/// (OpenSSL, GnuTLS through librtmp, Kerberos, LDAP, libssh2, nghttp2…): about 11 ms and
/// several megabytes of mapped pages for `list`, `show`, `status`, every TAB press and the
/// daemon, none of which touches the network. So the library is opened with dlopen and its
/// functions are resolved once into `api`, under `swift_once` (a static `let`), by whichever
/// thread asks first.
///
/// `curl_global_init` runs once, right after the library is opened and before any handle
/// exists. There is no matching `curl_global_cleanup`: it is not thread-safe, and the process
/// exit releases the same resources; every handle is still freed by its owner.
/// https://curl.se/libcurl/c/curl_global_init.html
enum CurlLibrary {
  /// The shared object Debian's `libcurl4` package installs (the OpenSSL flavour).
  static let soname = "libcurl.so.4"

  /// The resolved functions, or why libcurl cannot be used. `nonisolated(unsafe)` because a
  /// pointer is not `Sendable`: the table is written once, before `swift_once` publishes it,
  /// and only read after.
  nonisolated(unsafe) private static let loaded: Result<UnsafePointer<bw_curl_api>, LoadFailure> = load()

  private struct LoadFailure: Error {
    let message: String
  }

  /// The function table, once libcurl is open and initialised; a `NetError.setup` naming `url`
  /// and saying what to install when it is not.
  static func api(url: String) throws(NetError) -> UnsafePointer<bw_curl_api> {
    switch loaded {
    case .success(let api): return api
    case .failure(let failure): throw NetError.setup(url: url, message: failure.message)
    }
  }

  /// The runtime library's version and TLS backend, e.g. ("7.88.1", "OpenSSL/3.0.11"); nil
  /// when libcurl cannot be loaded.
  static let version: (number: String, tls: String?)? = {
    guard case .success(let api) = loaded, let info = bw_curl_version_info_now(api) else { return nil }
    let number = info.pointee.version.map { String(cString: $0) } ?? "unknown"
    let tls = info.pointee.ssl_version.map { String(cString: $0) }
    return (number, tls)
  }()

  /// The text of a failure code, from the library; only called once the library is loaded.
  static func describe(_ code: CURLcode) -> String {
    guard case .success(let api) = loaded else { return "libcurl error \(code.rawValue)" }
    return String(cString: api.pointee.easy_strerror(code))
  }

  private static func load() -> Result<UnsafePointer<bw_curl_api>, LoadFailure> {
    // Never freed: the table serves every handle until the process exits.
    let table = UnsafeMutablePointer<bw_curl_api>.allocate(capacity: 1)
    if let failure = bw_curl_load(soname, table) {
      let detail = String(cString: failure)
      return .failure(
        LoadFailure(message: "cannot load \(soname) (\(detail)); install Debian's libcurl4 package"))
    }
    let code = bw_curl_global_init_default(table)
    guard code == CURLE_OK else {
      let text = String(cString: table.pointee.easy_strerror(code))
      return .failure(LoadFailure(message: "libcurl could not initialise (\(text))"))
    }
    return .success(UnsafePointer(table))
  }
}
