/// A source's configured base URL, ready for a path.
enum Endpoint {
  /// `endpoint` without trailing slashes, so that a path starting with `/` never makes `//`.
  static func base(_ endpoint: String) -> String {
    var base = Substring(endpoint)
    while base.hasSuffix("/") { base.removeLast() }
    return String(base)
  }
}
