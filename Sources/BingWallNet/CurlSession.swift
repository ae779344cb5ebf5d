import CCurl

/// The one libcurl multi handle a client sends all its requests through, so that they share
/// one connection cache: the pictures ride on the connection that brought the archive (one TCP
/// and TLS handshake for the whole update; over HTTP/2, as Bing serves, one connection
/// multiplexes every picture), and DNS answers and TLS sessions are reused too.
///
/// `@unchecked Sendable` because it moves between threads through `CurlHTTPClient`'s list of
/// idle sessions, under its lock; a session is only ever used by one caller at a time.
/// https://everything.curl.dev/transfers/conn/reuse
final class CurlSession: @unchecked Sendable {
  let api: UnsafePointer<bw_curl_api>
  let multi: CurlMulti
  /// Set once a multi call failed: libcurl no longer vouches for the handle's state, so the
  /// client drops the session instead of handing it to the next request.
  var isBroken = false

  /// The longest single sleep; libcurl wakes the loop sooner for its own timers and sockets.
  static let longestPoll = 1000

  init(api: UnsafePointer<bw_curl_api>) throws(CurlMulti.Failure) {
    self.api = api
    multi = try CurlMulti(api: api)
    try multi.set(CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX)
  }

  /// Runs one transfer to its end on the calling thread, alone on the multi.
  func run(_ transfer: CurlTransfer) throws(NetError) -> HTTPResponse {
    let code: CURLcode
    do throws(CurlMulti.Failure) {
      code = try runToEnd(transfer)
    } catch {
      multi.detachAll()
      isBroken = true
      throw NetError.setup(url: transfer.request.url, message: error.message)
    }
    return try transfer.finish(code)
  }

  /// Runs the transfers side by side to their ends on the calling thread; one that could not
  /// be made stays the failure it was.
  func runAll(_ transfers: [Result<CurlTransfer, NetError>]) -> [Result<HTTPResponse, NetError>] {
    var codes: [ObjectIdentifier: CURLcode] = [:]
    var running = 0
    do throws(CurlMulti.Failure) {
      for case .success(let transfer) in transfers {
        try multi.add(transfer)
        running += 1
      }
      while codes.count < running {
        try multi.perform()
        for done in multi.completed() { codes[ObjectIdentifier(done.transfer)] = done.code }
        if codes.count < running { try multi.poll(milliseconds: Self.longestPoll) }
      }
    } catch {
      multi.detachAll()
      isBroken = true
      return transfers.map { made in
        made.flatMap { .failure(NetError.setup(url: $0.request.url, message: error.message)) }
      }
    }
    return transfers.map { made in
      made.flatMap { transfer in
        Result { () throws(NetError) -> HTTPResponse in
          try transfer.finish(codes[ObjectIdentifier(transfer)] ?? CURLE_FAILED_INIT)
        }
      }
    }
  }

  private func runToEnd(_ transfer: CurlTransfer) throws(CurlMulti.Failure) -> CURLcode {
    try multi.add(transfer)
    while true {
      try multi.perform()
      if let done = multi.completed().first(where: { $0.transfer === transfer }) { return done.code }
      try multi.poll(milliseconds: Self.longestPoll)
    }
  }
}
