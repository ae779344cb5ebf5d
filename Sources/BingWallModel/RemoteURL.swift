import BingWallSystem

/// A URL that a source's body named (a picture, a page, a licence), checked before anything may
/// use it: absolute, `https` (or `http` to a loopback host, when the caller's endpoint is a test
/// server it set up), a plain host, and nothing but printable ASCII.
///
/// The text is kept exactly as the body wrote it, so that it is fetched as the source meant; what
/// the check refuses (`file:`, `javascript:`, `data:`, a relative path, `https://a@b`, a space
/// or a control character) is never fetched, shown as a link, or made into a path.
package struct RemoteURL: Sendable, Hashable, CustomStringConvertible {
  /// The URL as the body wrote it, without surrounding white space.
  package let text: String
  /// The host, lower-cased (`upload.wikimedia.org`, `127.0.0.1`, `[::1]`).
  package let host: String

  /// Which schemes a body may name.
  package enum Policy: Sendable, Equatable {
    /// `https` only: every real source.
    case httpsOnly
    /// `https`, and `http` to `localhost`, `127.x.x.x` or `[::1]`: a loopback test server or a
    /// local mirror that the caller configured as the source's endpoint.
    case loopbackHTTPAllowed
  }

  /// Why a URL was refused.
  package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing at all.
    case empty
    /// Longer than `maximumLength` bytes.
    case tooLong(bytes: Int)
    /// A space, a control character, a backslash, a quote or angle bracket, or a character
    /// outside ASCII (a body percent-encodes those).
    case badCharacter
    /// No `scheme://`: a relative path such as `/image/x.jpg` or `image.jpg`.
    case notAbsolute
    /// A scheme other than `https` (`file`, `javascript`, `data`, `ftp`, `microsoft-edge`).
    case scheme(String)
    /// `http` to a host other than a loopback one, or `http` when the caller allows none.
    case plainHTTP(host: String)
    /// A user name or password before the host (`https://www.bing.com@example.org/`), which
    /// makes the host something else than it reads.
    case userInfo
    /// No host, or one with characters no host name has.
    case badHost

    package var description: String {
      switch self {
      case .empty: "it is empty"
      case .tooLong(let bytes): "it is \(bytes) bytes long (at most \(RemoteURL.maximumLength))"
      case .badCharacter: "it holds a space, a control character or a character outside ASCII"
      case .notAbsolute: "it is not an absolute URL"
      case .scheme(let scheme): "its scheme is '\(scheme)', not https"
      case .plainHTTP(let host): "it is plain http to \(host), not https"
      case .userInfo: "it names a user before the host"
      case .badHost: "its host is missing or malformed"
      }
    }
  }

  /// The longest URL accepted. Picture URLs are a few hundred bytes; Wikimedia's, of long
  /// percent-encoded file names, stay well under 2,000.
  package static let maximumLength = 4096

  /// The URL `text` names, checked under `policy`.
  package init(checking text: String, policy: Policy) throws(Problem) {
    let trimmed = Self.trimmed(text)
    guard !trimmed.isEmpty else { throw .empty }
    let bytes = Array(trimmed.utf8)
    guard bytes.count <= Self.maximumLength else { throw .tooLong(bytes: bytes.count) }
    guard bytes.allSatisfy(Self.isAllowed) else { throw .badCharacter }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      Self.isScheme(bytes[..<colon])
    else { throw .notAbsolute }
    let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    guard scheme == "https" || scheme == "http" else { throw .scheme(scheme) }
    let rest = bytes[(colon + 1)...]
    guard rest.starts(with: "//".utf8) else { throw .notAbsolute }
    let authorityStart = rest.startIndex + 2
    let authorityEnd =
      rest[authorityStart...].firstIndex(where: {
        $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      }) ?? rest.endIndex
    let authority = rest[authorityStart..<authorityEnd]
    guard !authority.contains(UInt8(ascii: "@")) else { throw .userInfo }
    guard let host = Self.host(of: authority) else { throw .badHost }
    if scheme == "http" {
      guard policy == .loopbackHTTPAllowed, LoopbackHost.contains(host) else { throw .plainHTTP(host: host) }
    }
    self.text = trimmed
    self.host = host
  }

  package var description: String { text }

  /// `text` without ASCII white space at either end (a body's `" https://…\n"`).
  private static func trimmed(_ text: String) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }

  /// Printable ASCII but the characters that are never part of a URL as written and could end a
  /// quoted attribute or start markup: space, `"`, `<`, `>`, `\`, `` ` ``, `{`, `}`, `|`, `^`.
  private static func isAllowed(_ byte: UInt8) -> Bool {
    guard byte > 0x20, byte < 0x7F else { return false }
    return !"\"<>\\`{}|^".utf8.contains(byte)
  }

  /// RFC 3986's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
  private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, isLetter(first) else { return false }
    return bytes.allSatisfy {
      isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
        || $0 == UInt8(ascii: ".")
    }
  }

  /// The authority's host, lower-cased, after its port (digits only) is taken off; nil when it
  /// is empty or not a host name, an IPv4 address or a bracketed IPv6 address.
  private static func host(of authority: ArraySlice<UInt8>) -> String? {
    var host = authority
    if host.first == UInt8(ascii: "[") {
      guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return nil }
      let inside = host[(host.startIndex + 1)..<close]
      guard !inside.isEmpty,
        inside.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
      else { return nil }
      guard port(host[(close + 1)...]) else { return nil }
      host = host[...close]
    } else {
      if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
        guard port(host[colon...]) else { return nil }
        host = host[..<colon]
      }
      guard !host.isEmpty,
        host.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
      else { return nil }
    }
    return String(decoding: host, as: UTF8.self).lowercased()
  }

  /// Nothing, or `:` and at most five digits.
  private static func port(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first else { return true }
    let digits = bytes.dropFirst()
    return first == UInt8(ascii: ":") && digits.count <= 5 && digits.allSatisfy(isDigit)
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }
}
