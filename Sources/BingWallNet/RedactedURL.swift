/// A URL as it may be shown (`-v`, a log): without the user and password of
/// `https://user:secret@proxy.example/…`, and without the value of a query item whose name
/// says it is a secret (`key`, `token`, `sig`, …). Bing's own URLs carry none, but an endpoint
/// pointed at a proxy or a mirror may.
package enum RedactedURL {
  /// What stands in for a value taken out.
  static let mask = "REDACTED"

  /// Words in a query item's name that mark its value a secret, compared without case.
  static let secretWords = ["key", "token", "secret", "pass", "pwd", "sig", "auth", "session", "credential"]

  /// `url` with its credentials taken out; its fragment too, which no server sees.
  package static func text(_ url: String) -> String {
    var rest = Substring(url)
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    var query: Substring?
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var text = withoutUserInfo(rest)
    if let query {
      let items = query.split(separator: "&", omittingEmptySubsequences: false).map(redacted)
      text += "?" + items.joined(separator: "&")
    }
    return text
  }

  /// The host of `url` and its port, without user and password (`www.bing.com`,
  /// `localhost:8080`); nil when `url` has no `scheme://`.
  package static func host(_ url: String) -> String? {
    guard let scheme = url.firstRange(of: "://") else { return nil }
    let authority = url[scheme.upperBound...].prefix { !"/?#".contains($0) }
    let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
    return host.isEmpty ? nil : String(host)
  }

  /// `scheme://user:pass@host/path` as `scheme://host/path`.
  private static func withoutUserInfo(_ url: Substring) -> String {
    guard let scheme = url.firstRange(of: "://") else { return String(url) }
    let authorityStart = scheme.upperBound
    let authorityEnd = url[authorityStart...].firstIndex(of: "/") ?? url.endIndex
    guard let at = url[authorityStart..<authorityEnd].lastIndex(of: "@") else { return String(url) }
    return String(url[..<authorityStart] + url[url.index(after: at)...])
  }

  /// One `name=value` of a query, its value masked when its name is a secret's.
  private static func redacted(_ item: Substring) -> String {
    guard let equals = item.firstIndex(of: "=") else { return String(item) }
    let name = item[..<equals].lowercased()
    guard secretWords.contains(where: name.contains) else { return String(item) }
    return item[...equals] + mask
  }
}
