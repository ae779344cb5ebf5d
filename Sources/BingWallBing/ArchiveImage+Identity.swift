import BingWallSystem
import FoundationEssentials
import Glibc

/// Turning a `urlbase` from the network into a safe path, picture id, key and name.
///
/// Everything here is a gate: the id and the key may become file names, the path is appended
/// to our endpoint. Each check refuses rather than repairs, and the refusal says why.
extension ArchiveImage {
  /// What `urlbase` yields once checked.
  struct Identity: Equatable {
    var bingID: String
    var key: String
    var name: String
    /// Relative: path and query only.
    var urlbase: String
  }

  /// The longest `urlbase` accepted; Bing's are under 100 characters.
  static let maximumURLBaseLength = 2048
  /// The longest picture id accepted: a key of at most 100 plus a generous market suffix.
  static let maximumIDLength = 150
  /// The longest key accepted, so that names with a date and resolution stay well inside
  /// the 255 bytes a file name may have.
  static let maximumKeyLength = 100
  /// Where pictures lived before `/th?id=`; the id is the last path component there.
  static let legacyPathPrefix = "/az/hprichbg/rb/"

  /// Checks `urlbase` and derives the picture's id, key and name from it.
  static func identity(urlbase raw: String) throws(SkippedImage.Reason) -> Identity {
    let urlbase = try relativeURLBase(raw)
    let id = try pictureID(relativeURLBase: urlbase)
    let (bingID, key, name) = try keyAndName(forID: id)
    return Identity(bingID: bingID, key: key, name: name, urlbase: urlbase)
  }

  /// `raw` reduced to a path and query that can follow our endpoint.
  ///
  /// An absolute `http(s)://host/…` or protocol-relative `//host/…` loses its host: every
  /// request goes to the configured endpoint. Anything else must start with `/`, so that no
  /// text can end up in the endpoint's authority (`https://www.bing.com@evil.example`), and
  /// may hold only characters that RFC 3986 allows in a path or query.
  static func relativeURLBase(_ raw: String) throws(SkippedImage.Reason) -> String {
    guard !raw.isEmpty else { throw .badURLBase(raw, why: "is empty") }
    guard raw.utf8.count <= maximumURLBaseLength else {
      throw .badURLBase(raw, why: "is longer than \(maximumURLBaseLength) bytes")
    }
    if let bad = raw.unicodeScalars.first(where: { !isURLCharacter($0) }) {
      throw .badURLBase(raw, why: "contains \(describe(bad)), which does not belong in a URL")
    }
    let lowered = raw.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || raw.hasPrefix("//") {
      guard let components = URLComponents(string: raw), components.host != nil else {
        throw .badURLBase(raw, why: "is not a valid URL")
      }
      let path = components.percentEncodedPath
      guard path.hasPrefix("/") else { throw .badURLBase(raw, why: "has no path") }
      return components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }
    guard raw.hasPrefix("/") else { throw .badURLBase(raw, why: "is not a path starting with '/'") }
    return raw
  }

  /// The `id` query item of a relative `urlbase`, or a legacy path's last component,
  /// percent-decoded but not yet checked.
  static func pictureID(relativeURLBase urlbase: String) throws(SkippedImage.Reason) -> String {
    let parts = urlbase.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts[0]
    var found: Substring?
    if parts.count > 1 {
      for item in parts[1].split(separator: "&") {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        if pair[0] == "id" {
          found = pair.count > 1 ? pair[1] : ""
          break
        }
      }
    }
    if found == nil, path.hasPrefix(legacyPathPrefix) {
      found = path.split(separator: "/", omittingEmptySubsequences: false).last
    }
    // A file named `th` for every picture is what naming by the path would give (docs/bing-endpoint.md).
    guard let found else { throw .noID(urlbase: urlbase) }
    guard let decoded = PercentEncoding.decoded(found, malformed: .refused) else {
      throw .unsafeID(String(found), why: "is not valid percent-encoding")
    }
    return decoded
  }

  /// Checks a picture id and strips its market suffix: `OHR.X_EN-US123` → key `OHR.X`,
  /// name `X`. An id without a suffix is its own key. An id without `OHR.` (legacy paths)
  /// gets it, so that one picture has one key across eras.
  ///
  /// The suffix is `_`, then letters and dashes with at least one letter (`EN-US`, `ROW`),
  /// then digits, at the very end. Refused: an empty name, any character outside
  /// `A-Z a-z 0-9 . _ -` (which covers `/`, `%`, spaces and anything non-ASCII), a name that
  /// does not start with a letter or digit (no `..`, no leading `-` that a tool would take for
  /// an option), and ids or keys over their length limits.
  static func keyAndName(forID rawID: String) throws(SkippedImage.Reason) -> (
    bingID: String, key: String, name: String
  ) {
    let id = rawID.hasPrefix("OHR.") ? rawID : "OHR." + rawID
    if let bad = id.unicodeScalars.first(where: { !isKeyCharacter($0) }) {
      throw .unsafeID(rawID, why: "contains \(describe(bad)); only A-Z a-z 0-9 . _ - are allowed")
    }
    guard id.count <= maximumIDLength else {
      throw .unsafeID(rawID, why: "is longer than \(maximumIDLength) characters")
    }
    let name = withoutMarketSuffix(String(id.dropFirst(4)))
    guard let first = name.unicodeScalars.first else {
      throw .unsafeID(rawID, why: "has no picture name")
    }
    guard isASCIILetter(first) || ("0"..."9").contains(first) else {
      throw .unsafeID(rawID, why: "has a name that does not start with a letter or digit")
    }
    let key = "OHR." + name
    guard key.count <= maximumKeyLength else {
      throw .unsafeID(rawID, why: "gives a key longer than \(maximumKeyLength) characters")
    }
    return (id, key, name)
  }

  /// `X_EN-US123` → `X`; text without such a suffix is returned whole.
  static func withoutMarketSuffix(_ text: String) -> String {
    marketSuffix(of: text).map { String($0.name) } ?? text
  }

  /// The market part of the id's suffix as Bing wrote it: `EN-US` in `OHR.X_EN-US123`, `ROW`
  /// in `OHR.X_ROW123`; nil when the id has no such suffix.
  ///
  /// It names the market whose picture was served, which a body without `market` (one asked
  /// for without `mbl=1`) says nowhere else: `_ROW…` answered for da-DK.
  var idMarket: String? { Self.marketSuffix(of: bingID).map(\.market) }

  /// `X_EN-US123` → (`X`, `EN-US`): the text before the last `_`, and the letters and dashes
  /// (at least one letter) between it and the trailing digits; nil without such a suffix.
  static func marketSuffix(of text: String) -> (name: Substring, market: String)? {
    guard let underscore = text.lastIndex(of: "_") else { return nil }
    let suffix = text[text.index(after: underscore)...].unicodeScalars
    guard let firstDigit = suffix.firstIndex(where: { ("0"..."9").contains($0) }) else { return nil }
    let market = suffix[..<firstDigit]
    let digits = suffix[firstDigit...]
    let isMarket =
      market.contains { isASCIILetter($0) } && market.allSatisfy { isASCIILetter($0) || $0 == "-" }
    guard isMarket, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
    return (text[..<underscore], String(String.UnicodeScalarView(market)))
  }

  /// RFC 3986 unreserved, reserved and `%`: printable ASCII without space, `"`, `<`, `>`,
  /// `\`, `^`, `` ` ``, `{`, `|`, `}` and `#` (a fragment would cut off the `_RES.jpg`).
  private static func isURLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value > 0x20, scalar.value < 0x7F else { return false }
    return !"\"<>\\^`{|}#".unicodeScalars.contains(scalar)
  }

  private static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isASCIILetter(scalar) || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_"
      || scalar == "-"
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// `'/'` for printable ASCII, `U+00E9` for anything else, so messages show no raw bytes.
  private static func describe(_ scalar: Unicode.Scalar) -> String {
    guard !(scalar.value > 0x20 && scalar.value < 0x7F) else { return "'\(scalar)'" }
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
