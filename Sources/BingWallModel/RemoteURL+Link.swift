extension RemoteURL {
  /// `text` as a link a person opens (a picture's page, its licence), or nil when it is none: the
  /// one rule for a link read from a body, a sidecar, an export or the history, whose old rows may
  /// hold a relative path or a `javascript:` link. As an endpoint, it may be plain http only to a
  /// loopback host (a test server's pages).
  package init?(link text: String) {
    guard let url = try? RemoteURL(checking: text, policy: .loopbackHTTPAllowed) else { return nil }
    self = url
  }
}
