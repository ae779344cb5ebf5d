import BingWallSystem

/// Where a request may be sent on by a redirect. libcurl follows no redirect by itself: a
/// transfer follows each one by hand (`CurlTransfer.followRedirect`), after this rule has said
/// yes, so a host the rule refuses is never sent anything.
///
/// For every request: at most `maximumHops` redirects, to `http` or `https` only, never from
/// `https` to `http`, and plain `http` only to this machine (`LoopbackHost`), the first request
/// included; `scope` then says which hosts a redirect may reach.
package enum RedirectScope: Sendable, Equatable {
  /// Any host: Bing's redirects between its hosts, a picture's CDN.
  case anyHost
  /// Only the host asked: a source's answer must come from the host it asked.
  case sameHost
}

/// Why a redirect was not followed.
package enum RedirectRefusal: Sendable, Equatable, CustomStringConvertible {
  /// More than `Redirects.maximumHops` in a row.
  case tooMany
  /// To another scheme than http or https (`file`, `ftp`).
  case scheme(String)
  /// From https down to plain http, where anyone on the path could change the answer.
  case downgrade
  /// Plain http to a host that is not this machine.
  case plainHTTP(host: String)
  /// To another host than the one asked, for a request that may not leave it.
  case otherHost(String)
  /// To something that is not a URL.
  case notAURL

  package var description: String {
    switch self {
    case .tooMany: "more than \(Redirects.maximumHops) redirects in a row"
    case .scheme(let scheme): "its scheme is \"\(TerminalText.clean(scheme))\", not http or https"
    case .downgrade: "it goes from https down to plain http"
    case .plainHTTP(let host):
      "plain http to \(TerminalText.clean(host)) would leave this machine unencrypted"
    case .otherHost(let host): "it goes to another host (\(TerminalText.clean(host))) than the one asked"
    case .notAURL: "it is not a URL"
    }
  }
}

/// The rule for each hop: the first request and every redirect.
package enum Redirects {
  /// Redirects followed in a row, at most.
  static let maximumHops = 5

  /// The statuses that send a request on, when they carry a `Location`.
  static let statuses: Set<Int> = [301, 302, 303, 307, 308]

  /// Why the first request, to `url`, may not be made: plain http to a host that is not this
  /// machine. Nil when it may; a URL this reader cannot split is left to libcurl, which
  /// refuses what it cannot parse.
  package static func refusal(first url: String) -> RedirectRefusal? {
    guard let target = URLTarget(url), target.scheme == "http", !LoopbackHost.contains(target.host) else {
      return nil
    }
    return .plainHTTP(host: target.host)
  }

  /// Why the hop from `current` to `next` may not be made, `hops` redirects after the request
  /// to `original`; nil when it may.
  static func refusal(
    from current: String, to next: String, original: String, scope: RedirectScope, hops: Int
  ) -> RedirectRefusal? {
    guard hops < maximumHops else { return .tooMany }
    guard let target = URLTarget(next) else { return .notAURL }
    guard target.scheme == "http" || target.scheme == "https" else { return .scheme(target.scheme) }
    guard !target.host.isEmpty else { return .notAURL }
    if target.scheme == "http" {
      if URLTarget(current)?.scheme == "https" { return .downgrade }
      if !LoopbackHost.contains(target.host) { return .plainHTTP(host: target.host) }
    }
    if scope == .sameHost, let asked = URLTarget(original)?.host, target.host != asked {
      return .otherHost(target.host)
    }
    return nil
  }
}

/// The scheme and host of an absolute URL, lower-cased, as a hop's check reads them: the URL
/// libcurl gives for a redirect (`CURLINFO_REDIRECT_URL`), which it has already parsed and
/// written out whole, or a request's own URL.
struct URLTarget: Equatable {
  let scheme: String
  /// The host without user, password or port: `example.org`, `127.0.0.1`, `[::1]`; empty for
  /// none (`file:///etc/passwd`).
  let host: String

  init?(_ url: String) {
    guard let separator = url.firstRange(of: "://") else { return nil }
    let scheme = url[..<separator.lowerBound]
    let isSchemeCharacter: (Character) -> Bool = {
      $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0))
    }
    guard !scheme.isEmpty, scheme.allSatisfy(isSchemeCharacter) else { return nil }
    let rest = url[separator.upperBound...]
    var authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
    // The host is what follows the last `@`: `http://127.0.0.1@192.0.2.1/` goes to 192.0.2.1.
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    var host = authority
    if authority.first == "[" {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      host = authority[...close]
    } else if let colon = authority.lastIndex(of: ":") {
      host = authority[..<colon]
    }
    self.scheme = scheme.lowercased()
    self.host = host.lowercased()
  }
}
