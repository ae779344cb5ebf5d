import CCurl

/// Owns one libcurl multi handle and the transfers attached to it, so that several run at once
/// on the calling thread.
///
/// The multi keeps a strong reference to every attached `CurlTransfer`: libcurl calls back into
/// a transfer (through an unretained pointer) until its handle leaves the multi, so the transfer
/// must live at least that long. `deinit` detaches whatever is still attached before
/// `curl_multi_cleanup`, which libcurl requires. Not `Sendable`: one thread drives it.
/// https://curl.se/libcurl/c/libcurl-multi.html
final class CurlMulti {
  /// A multi call that failed, with libcurl's code for why.
  struct Failure: Error {
    /// The libcurl function, e.g. `curl_multi_perform`.
    let call: String
    let code: CURLMcode
    /// libcurl's text for `code`.
    let text: String

    /// `curl_multi_perform failed (out of memory)`: for `NetError.setup` messages.
    var message: String { "\(call) failed (\(text))" }
  }

  private let api: UnsafePointer<bw_curl_api>
  /// The `CURLM *`, valid until `deinit`.
  private let handle: UnsafeMutableRawPointer
  /// The transfers inside the multi, by their easy handle, which is how libcurl names them.
  private var attached: [UnsafeMutableRawPointer: CurlTransfer] = [:]

  /// How many transfers are attached and not yet collected by `completed()`.
  var count: Int { attached.count }

  init(api: UnsafePointer<bw_curl_api>) throws(Failure) {
    self.api = api
    guard let handle = api.pointee.multi_init() else {
      throw Failure(call: "curl_multi_init", code: CURLM_OUT_OF_MEMORY, text: "out of memory")
    }
    self.handle = handle
  }

  deinit {
    detachAll()
    _ = api.pointee.multi_cleanup(handle)
  }

  /// Sets a numeric multi option, which libcurl wants as a `long`.
  func set(_ option: CURLMoption, _ value: Int) throws(Failure) {
    try check(bw_curl_multi_setopt_long(api, handle, option, value), "curl_multi_setopt")
  }

  /// Starts `transfer`; it stays alive and attached until `completed()` hands it back.
  func add(_ transfer: CurlTransfer) throws(Failure) {
    try check(api.pointee.multi_add_handle(handle, transfer.easy.handle), "curl_multi_add_handle")
    attached[transfer.easy.handle] = transfer
  }

  /// Detaches every transfer still attached, after a failed multi call: the multi outlives
  /// the call (`CurlSession`), and what failed must not come back in a later `completed()`.
  /// Returns them, so that their callers can be told.
  @discardableResult
  func detachAll() -> [CurlTransfer] {
    for easy in attached.keys { _ = api.pointee.multi_remove_handle(handle, easy) }
    defer { attached.removeAll() }
    return Array(attached.values)
  }

  /// Ends a `poll` another thread is in at once (or the next one it starts): the one call on a
  /// multi handle that libcurl allows from any thread at any time.
  /// https://curl.se/libcurl/c/curl_multi_wakeup.html
  func wakeup() {
    _ = api.pointee.multi_wakeup(handle)
  }

  /// Moves every attached transfer as far as it can go without waiting.
  func perform() throws(Failure) {
    var running: Int32 = 0
    try check(api.pointee.multi_perform(handle, &running), "curl_multi_perform")
  }

  /// Sleeps until a transfer's socket is ready, libcurl's own next timer is due, or
  /// `milliseconds` pass, whichever comes first. Unlike `curl_multi_wait` it also sleeps
  /// when nothing is attached, so a batch waiting only for a retry does not spin.
  func poll(milliseconds: Int) throws(Failure) {
    let timeout = Int32(clamping: max(0, milliseconds))
    try check(api.pointee.multi_poll(handle, nil, 0, timeout, nil), "curl_multi_poll")
  }

  /// The transfers that ended since the last call, detached, each with its final code.
  ///
  /// A transfer answered by a redirect it may follow (`CurlTransfer.followRedirect`) has not
  /// ended: it is attached again, asking its next URL, and comes back from a later call. Every
  /// driver of a multi collects through here, so every request follows redirects by one rule.
  func completed() -> [(transfer: CurlTransfer, code: CURLcode)] {
    var done: [(transfer: CurlTransfer, code: CURLcode)] = []
    var onwards: [CurlTransfer] = []
    var left: Int32 = 0
    while let message = api.pointee.multi_info_read(handle, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
      // Read the message before removing its handle, which frees it.
      let code = bw_curl_msg_result(message)
      _ = api.pointee.multi_remove_handle(handle, easy)
      guard let transfer = attached.removeValue(forKey: easy) else { continue }
      if transfer.followRedirect(after: code) {
        onwards.append(transfer)
      } else {
        done.append((transfer, code))
      }
    }
    for transfer in onwards {
      do throws(Failure) {
        try add(transfer)
      } catch {
        transfer.abandon(.setup(url: transfer.request.url, message: error.message))
        done.append((transfer, CURLE_OK))
      }
    }
    return done
  }

  private func check(_ code: CURLMcode, _ call: String) throws(Failure) {
    guard code == CURLM_OK else {
      throw Failure(call: call, code: code, text: String(cString: api.pointee.multi_strerror(code)))
    }
  }
}
