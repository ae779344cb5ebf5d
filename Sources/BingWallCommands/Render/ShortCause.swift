/// An error's cause as `status` and `doctor` say it: its first clause, each URL as its host.
/// Every word of that clause stays (a terminal wraps it); `bingwall -v status` shows the error
/// whole, with the advice after its first clause.
///
/// "cannot fetch https://www.bing.com/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US: Could
/// not resolve host: www.bing.com; nothing was changed" becomes "cannot fetch www.bing.com: Could
/// not resolve host: www.bing.com".
enum ShortCause {
  static func text(_ cause: String) -> String {
    var clause = Substring(cause)
    if let end = clause.firstRange(of: "; ") { clause = clause[..<end.lowerBound] }
    return clause.split(separator: " ", omittingEmptySubsequences: false).map(hostOnly).joined(separator: " ")
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
}
