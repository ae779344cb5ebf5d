/// An error's cause cut to one line of `status`: its first clause, each URL as its host, and no
/// longer than the room left on the line. `bingwall -v status` shows the cause whole.
///
/// "cannot fetch https://www.bing.com/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US: Failed
/// to connect to www.bing.com port 443 after 3 ms: Couldn't connect to server; nothing was
/// changed; …" becomes "cannot fetch www.bing.com: Couldn't connect to server" where the middle
/// does not fit.
enum ShortCause {
  /// Never cut below this many characters, however narrow the terminal.
  static let minimumWidth = 24

  static func text(_ cause: String, width: Int) -> String {
    var clause = Substring(cause)
    if let end = clause.firstRange(of: "; ") { clause = clause[..<end.lowerBound] }
    let words = clause.split(separator: " ", omittingEmptySubsequences: false).map(hostOnly)
    let width = max(width, minimumWidth)
    var text = words.joined(separator: " ")
    // "what failed: detail: the cause" too long: what failed, and the cause.
    let parts = text.split(separator: ": ", omittingEmptySubsequences: false)
    if text.count > width, parts.count >= 3 { text = String(parts.first!) + ": " + String(parts.last!) }
    return cut(text, to: width)
  }

  /// A word holding a URL with the URL replaced by its host (and port), without the user and
  /// password a URL may carry; any other word as it is.
  static func hostOnly(_ word: Substring) -> String {
    guard let scheme = word.firstRange(of: "://"),
      word[..<scheme.lowerBound].hasSuffix("http") || word[..<scheme.lowerBound].hasSuffix("https")
    else { return String(word) }
    let schemeStart = word[..<scheme.lowerBound].hasSuffix("https") ? 5 : 4
    let before = word[..<word.index(scheme.lowerBound, offsetBy: -schemeStart)]
    var rest = word[scheme.upperBound...]
    // What closes the sentence around the URL stays: "…/path: refused" keeps its colon.
    var after = ""
    while let last = rest.last, ":;,.)'\"".contains(last) {
      after = String(last) + after
      rest = rest.dropLast()
    }
    var host = rest.prefix { !"/?#".contains($0) }
    if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
    return String(before) + String(host) + after
  }

  /// `text` within `width` characters, cut at a word when one ends late enough, with "…".
  static func cut(_ text: String, to width: Int) -> String {
    guard text.count > width else { return text }
    let kept = text.prefix(width - 1)
    if let space = kept.lastIndex(of: " "), kept.distance(from: kept.startIndex, to: space) > width / 2 {
      return String(kept[..<space]) + "…"
    }
    return String(kept) + "…"
  }
}
