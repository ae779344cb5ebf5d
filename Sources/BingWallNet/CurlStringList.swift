import CCurl

/// Owns a `curl_slist`, such as the extra request headers, and frees it once.
///
/// Lists are given to a `CurlEasy`, which keeps them until after `curl_easy_cleanup`, because
/// libcurl reads the list during the transfer without copying it.
/// https://curl.se/libcurl/c/curl_slist_append.html
final class CurlStringList {
  private let api: UnsafePointer<bw_curl_api>
  /// The first node, or nil for an empty list (which libcurl accepts as "no list").
  private(set) var head: UnsafeMutablePointer<curl_slist>?

  /// Copies `strings` into a new list; nil when libcurl cannot allocate a node.
  init?(_ strings: [String], api: UnsafePointer<bw_curl_api>) {
    self.api = api
    for string in strings {
      guard let extended = api.pointee.slist_append(head, string) else {
        // deinit still runs for a failed class initialiser and frees what was built.
        return nil
      }
      head = extended
    }
  }

  deinit {
    api.pointee.slist_free_all(head)
  }
}
