import CCurl

/// Owns one libcurl easy handle and the memory libcurl borrows from it, freeing both once.
///
/// libcurl keeps pointers to the error buffer and to header lists instead of copying them, so
/// this class holds them for as long as the handle lives and releases them only after
/// `curl_easy_cleanup`. Not `Sendable`: a handle must be used by one thread at a time.
/// https://curl.se/libcurl/c/curl_easy_init.html
final class CurlEasy {
  /// libcurl's functions, loaded by `CurlLibrary`.
  let api: UnsafePointer<bw_curl_api>
  /// The `CURL *`, valid until `deinit`.
  let handle: UnsafeMutableRawPointer
  /// The request URL, only to name it in errors.
  let url: String
  /// `CURLOPT_ERRORBUFFER`: curl writes the detailed text of a failure here.
  private let errorBuffer: UnsafeMutablePointer<CChar>
  /// Lists handed to libcurl, which reads but does not copy them.
  private var borrowedLists: [CurlStringList] = []

  init(url: String) throws(NetError) {
    api = try CurlLibrary.api(url: url)
    guard let handle = api.pointee.easy_init() else {
      throw NetError.setup(url: url, message: "curl_easy_init failed (out of memory?)")
    }
    self.handle = handle
    self.url = url
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    try check(bw_curl_easy_setopt_pointer(api, handle, CURLOPT_ERRORBUFFER, errorBuffer), CURLOPT_ERRORBUFFER)
  }

  deinit {
    api.pointee.easy_cleanup(handle)
    errorBuffer.deinitialize(count: Int(CURL_ERROR_SIZE))
    errorBuffer.deallocate()
  }

  /// Sets a numeric or boolean option, which libcurl wants as a `long`.
  func set(_ option: CURLoption, _ value: Int) throws(NetError) {
    try check(bw_curl_easy_setopt_long(api, handle, option, value), option)
  }

  /// Sets a `curl_off_t` option such as `CURLOPT_MAXFILESIZE_LARGE`.
  func set(_ option: CURLoption, size value: Int64) throws(NetError) {
    try check(bw_curl_easy_setopt_off_t(api, handle, option, curl_off_t(value)), option)
  }

  /// Sets a string option; libcurl copies the string, so the Swift buffer may go away.
  func set(_ option: CURLoption, _ value: String) throws(NetError) {
    try check(bw_curl_easy_setopt_string(api, handle, option, value), option)
  }

  /// Sets a list option and keeps the list alive as long as this handle.
  func set(_ option: CURLoption, _ list: CurlStringList) throws(NetError) {
    borrowedLists.append(list)
    try check(bw_curl_easy_setopt_slist(api, handle, option, list.head), option)
  }

  /// Sets a context pointer such as `CURLOPT_WRITEDATA`.
  func set(_ option: CURLoption, context: UnsafeMutableRawPointer) throws(NetError) {
    try check(bw_curl_easy_setopt_pointer(api, handle, option, context), option)
  }

  /// Sets a write or header callback.
  func set(_ option: CURLoption, callback: bw_curl_data_callback) throws(NetError) {
    try check(bw_curl_easy_setopt_data_callback(api, handle, option, callback), option)
  }

  /// Sets `CURLOPT_XFERINFOFUNCTION`, which libcurl calls only once `CURLOPT_NOPROGRESS` is 0.
  func set(progress callback: bw_curl_xferinfo_callback) throws(NetError) {
    try check(bw_curl_easy_setopt_xferinfo_callback(api, handle, callback), CURLOPT_XFERINFOFUNCTION)
  }

  /// A numeric fact about the finished transfer, or nil when libcurl has none.
  func long(_ info: CURLINFO) -> Int? {
    var value = 0
    return bw_curl_easy_getinfo_long(api, handle, info, &value) == CURLE_OK ? value : nil
  }

  /// A string fact about the finished transfer, copied out of libcurl's memory.
  func string(_ info: CURLINFO) -> String? {
    var value: UnsafeMutablePointer<CChar>?
    guard bw_curl_easy_getinfo_string(api, handle, info, &value) == CURLE_OK, let value else { return nil }
    return String(cString: value)
  }

  /// curl's text for a failure: the error buffer, which names the cause ("Operation timed out
  /// after 1001 milliseconds…"), or the generic text of `code` when the buffer is empty.
  func message(for code: CURLcode) -> String {
    var text = String(cString: errorBuffer)
    while text.last?.isNewline == true { text.removeLast() }
    return text.isEmpty ? String(cString: api.pointee.easy_strerror(code)) : text
  }

  /// Turns a refused option into `NetError.setup` naming the option.
  private func check(_ code: CURLcode, _ option: CURLoption) throws(NetError) {
    guard code != CURLE_OK else { return }
    let name =
      api.pointee.easy_option_by_id(option)?.pointee.name.map { String(cString: $0) } ?? "\(option.rawValue)"
    let text = String(cString: api.pointee.easy_strerror(code))
    throw NetError.setup(url: url, message: "libcurl refused CURLOPT_\(name) (\(text))")
  }
}
