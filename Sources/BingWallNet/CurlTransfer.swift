import BingWallSystem
import CCurl
import FoundationEssentials
import Glibc

/// One GET set up on its own easy handle, with the callbacks that collect its result.
///
/// Kept apart from `CurlHTTPClient` so that a curl multi can drive several of these at once:
/// add `easy.handle` to the multi, keep the transfer alive until `CURLMSG_DONE`, then call
/// `finish(_:)` with the message's code (`CurlSession.run` does so for a single transfer).
///
/// Redirects are followed by hand, one hop at a time, on the same handle (`followRedirect`):
/// libcurl's own following would send the request to the next host before anyone could look at
/// it, and libcurl has no callback that can refuse a host. So each hop is decided by `Redirects`
/// before a byte goes to it, and a refused host is never sent anything.
///
/// The transfer is the callback context of its own handle, passed unretained: the handle
/// cannot outlive the transfer that owns it, so libcurl never calls back into freed memory.
/// Not `Sendable`; one thread drives it from set-up to `finish`.
final class CurlTransfer {
  /// Where the body goes.
  enum Sink {
    /// Into `HTTPResponse.body`.
    case memory
    /// Written with `write(2)` to this open descriptor, never held whole in memory.
    case fileDescriptor(Int32)
  }

  let request: HTTPRequest
  let easy: CurlEasy
  private let sink: Sink
  /// Told about every piece of body written to a file sink.
  var observer: (any BodyObserver)?
  private var body = Data()
  /// Body bytes accepted so far (written to the sink), counted by the write callback.
  private(set) var bodyBytes: Int64 = 0
  /// The length libcurl expects for the body being received, from its progress callback;
  /// 0 while unknown, and always 0 unless `reportProgress()` was called.
  private(set) var expectedBytes: Int64 = 0
  private var headers: [(name: String, value: String)] = []
  /// Header bytes received for this request, redirects included.
  private var headerBytes = 0
  /// Bing's headers take about 2 KiB; 256 KiB is any real server's and no hostile one's.
  static let maximumHeaderBytes = 256 * 1024
  /// Starts the disk writes of a file sink as the body arrives (each attempt has its own
  /// transfer, and its file starts empty).
  private var writeback: Writeback?
  /// Why a callback stopped the transfer, or a redirect was refused; libcurl itself only
  /// reports `CURLE_WRITE_ERROR`.
  private var failure: NetError?
  /// The URL asked now: the request's, then each redirect's.
  private(set) var currentURL: String
  /// Redirects followed so far.
  private(set) var hops = 0
  /// The status of the response being received, from its status line.
  private var responseStatus = 0
  /// Body bytes of redirect responses, read and dropped.
  private var droppedBytes = 0
  /// A redirect's body is a line or two of HTML; one larger than this is no redirect of ours.
  static let maximumRedirectBodyBytes = 1 << 20
  /// When this attempt must be over, redirects included.
  private var attemptEnd = ContinuousClock.now

  /// Configures a handle for `request`; throws `NetError.setup` if libcurl refuses an option.
  init(request: HTTPRequest, userAgent: String, caFile: String? = nil, sink: Sink) throws(NetError) {
    if case .plainHTTP(let host)? = Redirects.refusal(first: request.url) {
      throw NetError.plainHTTP(url: request.url, host: host)
    }
    self.request = request
    self.sink = sink
    currentURL = request.url
    if case .fileDescriptor(let fileDescriptor) = sink {
      writeback = Writeback(fileDescriptor: fileDescriptor)
    }
    easy = try CurlEasy(url: request.url)
    try configure(userAgent: userAgent)
    if let caFile { try easy.set(CURLOPT_CAINFO, caFile) }
  }

  /// Turns on libcurl's progress callback, which keeps `expectedBytes` up to date; without it
  /// libcurl skips the progress bookkeeping, so only a batch that shows progress asks for it.
  func reportProgress() throws(NetError) {
    try easy.set(CURLOPT_XFERINFODATA, context: Unmanaged.passUnretained(self).toOpaque())
    try easy.set(progress: { context, downloadTotal, _, _, _ in
      guard let context else { return 0 }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
      transfer.expectedBytes = Int64(downloadTotal)
      return 0  // non-zero would abort the transfer
    })
    try easy.set(CURLOPT_NOPROGRESS, 0)
  }

  /// Turns libcurl's final code and what the callbacks collected into the response or error.
  func finish(_ code: CURLcode) throws(NetError) -> HTTPResponse {
    if let failure { throw failure }
    if code == CURLE_FILESIZE_EXCEEDED, let limit = request.maxBytes {
      // The announced Content-Length was over the limit; nothing of the body was read.
      throw NetError.tooLarge(url: request.url, limit: limit)
    }
    guard code == CURLE_OK else {
      throw NetError.transport(
        url: request.url, code: Int32(bitPattern: code.rawValue), message: easy.message(for: code))
    }
    return HTTPResponse(
      status: easy.long(CURLINFO_RESPONSE_CODE) ?? 0, headers: headers,
      body: body, effectiveURL: easy.string(CURLINFO_EFFECTIVE_URL) ?? request.url, bodyBytes: bodyBytes)
  }

  /// After libcurl ended the request to `currentURL` with `code`: when the answer is a redirect
  /// that `Redirects` allows, points the handle at the next URL, with what is left of the
  /// attempt's time, and returns true: the caller attaches the handle again, and the request
  /// goes on to the next host only then. Otherwise returns false, and `finish` tells the
  /// outcome: the answer, or why the redirect was not followed.
  func followRedirect(after code: CURLcode) -> Bool {
    guard failure == nil, code == CURLE_OK, isRedirect else { return false }
    // libcurl's reading of the Location against the URL it answered: absolute, as it would have
    // followed it.
    guard let location = easy.string(CURLINFO_REDIRECT_URL) else {
      let written = headers.last { $0.name.equalsIgnoringCase("Location") }?.value ?? ""
      failure = .redirectRefused(url: request.url, location: written, reason: .notAURL)
      return false
    }
    if let refusal = Redirects.refusal(
      from: currentURL, to: location, original: request.url, scope: request.redirects, hops: hops)
    {
      failure = .redirectRefused(url: request.url, location: location, reason: refusal)
      return false
    }
    do throws(NetError) {
      try easy.set(CURLOPT_URL, location)
      let left = ContinuousClock.now.duration(to: attemptEnd).wholeMilliseconds
      try easy.set(CURLOPT_TIMEOUT_MS, max(1, left))
    } catch {
      failure = error
      return false
    }
    hops += 1
    currentURL = location
    headers.removeAll()
    responseStatus = 0
    return true
  }

  /// Ends the transfer with `error` (the multi could not take it back for its next hop).
  func abandon(_ error: NetError) {
    failure = error
  }

  /// Whether the response being received sends the request on: a redirect status with a
  /// `Location`. Its body is dropped, and `followRedirect` decides where it goes.
  private var isRedirect: Bool {
    Redirects.statuses.contains(responseStatus)
      && headers.contains { $0.name.equalsIgnoringCase("Location") }
  }

  /// The request's extra headers in libcurl's `Name: value` form, sorted for a stable order.
  ///
  /// CR, LF and NUL are refused: they would let a value smuggle in further headers. An empty
  /// value is written `Name;`, curl's spelling for "send this header empty" (`Name:` alone
  /// would remove the header instead).
  static func headerLines(_ headers: [String: String], url: String) throws(NetError) -> [String] {
    var lines: [String] = []
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      // Bytes, not Characters: "\r\n" is a single Character and would slip past a Character test.
      let nameIsToken = !name.isEmpty && !name.utf8.contains { $0 <= 32 || $0 == 58 || $0 == 127 }
      guard nameIsToken, !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
        throw NetError.setup(url: url, message: "invalid request header \(name.debugDescription)")
      }
      lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
    }
    return lines
  }

  private func configure(userAgent: String) throws(NetError) {
    try easy.set(CURLOPT_URL, request.url)
    // Threads other than the main one must not get SIGALRM from the resolver's timeout.
    try easy.set(CURLOPT_NOSIGNAL, 1)
    try easy.set(CURLOPT_USERAGENT, userAgent)
    // HTTP/2 where TLS can negotiate it (as Bing serves), HTTP/1.1 over plain http.
    try easy.set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
    try easy.set(CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeout.wholeMilliseconds)
    let now = ContinuousClock.now
    guard let milliseconds = request.attemptMilliseconds(now: now) else {
      throw NetError.deadline(url: request.url)
    }
    attemptEnd = now + .milliseconds(milliseconds)
    try easy.set(CURLOPT_TIMEOUT_MS, milliseconds)
    if let stall = request.stallTimeout {
      try easy.set(CURLOPT_LOW_SPEED_LIMIT, HTTPRequest.stallBytesPerSecond)
      try easy.set(CURLOPT_LOW_SPEED_TIME, stall.wholeSecondsRoundedUp)
    }
    // Always verified; there is deliberately no way to turn this off.
    try easy.set(CURLOPT_SSL_VERIFYPEER, 1)
    try easy.set(CURLOPT_SSL_VERIFYHOST, 2)
    // Redirects are followed by hand (`followRedirect`), each hop decided before it is made.
    try easy.set(CURLOPT_FOLLOWLOCATION, 0)
    try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
    if case .memory = sink {
      // JSON compresses well; images do not, and a file must hold the bytes as served.
      try easy.set(CURLOPT_ACCEPT_ENCODING, "")
    } else {
      // Pictures are megabytes: fewer, larger pieces mean fewer write(2) calls and wake-ups
      // (libcurl's default is 16 KiB; the curl tool reads 100 KiB at a time).
      try easy.set(CURLOPT_BUFFERSIZE, 256 * 1024)
    }
    if let maxBytes = request.maxBytes {
      // Refuses at once when Content-Length announces too much; the write callback
      // enforces the limit for bodies of unknown length.
      try easy.set(CURLOPT_MAXFILESIZE_LARGE, size: maxBytes)
    }
    let lines = try Self.headerLines(request.headers, url: request.url)
    if !lines.isEmpty {
      guard let list = CurlStringList(lines, api: easy.api) else {
        throw NetError.setup(url: request.url, message: "out of memory for request headers")
      }
      try easy.set(CURLOPT_HTTPHEADER, list)
    }
    let context = Unmanaged.passUnretained(self).toOpaque()
    try easy.set(CURLOPT_HEADERDATA, context: context)
    try easy.set(CURLOPT_WRITEDATA, context: context)
    try easy.set(CURLOPT_HEADERFUNCTION) { data, size, count, context in
      let length = size * count
      guard let data, let context else { return length }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
      // Any count other than `length` makes libcurl abort the transfer.
      return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }
    try easy.set(CURLOPT_WRITEFUNCTION) { data, size, count, context in
      let length = size * count
      guard let data, let context else { return length }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
      // Any count other than `length` makes libcurl abort with CURLE_WRITE_ERROR.
      return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }
  }

  /// Collects one header line. A status line starts a new response (after a redirect, a
  /// proxy's CONNECT or a 100 Continue), so only the final response's headers remain.
  /// Returns false, stopping the transfer, once the headers of this request (all its redirects
  /// together) pass `maximumHeaderBytes`: a server sending header lines for ever must not grow
  /// this array for ever.
  private func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
    headerBytes += bytes.count
    guard headerBytes <= Self.maximumHeaderBytes else {
      failure = .headersTooLarge(url: request.url, limit: Self.maximumHeaderBytes)
      return false
    }
    var line = String(decoding: bytes, as: UTF8.self)
    while line.last?.isNewline == true { line.removeLast() }
    if line.hasPrefix("HTTP/") {
      headers.removeAll()
      // `HTTP/1.1 302 Found`, `HTTP/2 302`.
      responseStatus = line.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
    } else if let first = line.first, first == " " || first == "\t", !headers.isEmpty {
      // An obsolete folded continuation of the previous header's value.
      let extra = line.trimmingBlanks()
      headers[headers.count - 1].value += " " + extra
    } else if let colon = line.firstIndex(of: ":") {
      let name = String(line[..<colon])
      let value = line[line.index(after: colon)...].trimmingBlanks()
      headers.append((name: name, value: value))
    }
    return true
  }

  /// Stores or writes one piece of the body; false stops the transfer, `failure` says why.
  private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
    if isRedirect {
      droppedBytes += bytes.count
      guard droppedBytes <= Self.maximumRedirectBodyBytes else {
        failure = .tooLarge(url: request.url, limit: Int64(Self.maximumRedirectBodyBytes))
        return false
      }
      return true
    }
    let count = Int64(bytes.count)
    if let limit = request.maxBytes, bodyBytes + count > limit {
      failure = .tooLarge(url: request.url, limit: limit)
      return false
    }
    switch sink {
    case .memory:
      body.append(contentsOf: bytes)
    case .fileDescriptor(let fileDescriptor):
      if let errno = Self.writeAll(bytes, to: fileDescriptor) {
        failure = .write(url: request.url, errno: errno)
        return false
      }
      observer?.receive(bytes)
    }
    bodyBytes += count
    writeback?.written(upTo: bodyBytes)
    return true
  }

  /// Writes all of `bytes`, retrying after signals and short writes; returns errno on failure.
  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32) -> Int32? {
    do throws(Errno) {
      try Syscall.writeAll(fileDescriptor, bytes)
      return nil
    } catch {
      return error.code
    }
  }
}
