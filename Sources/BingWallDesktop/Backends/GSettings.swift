import BingWallSystem
import FoundationEssentials
import Glibc

/// The `gsettings` tool as `GSettingsBackend` uses it for GNOME, Cinnamon, MATE and Deepin: quoting,
/// reading back and probing keys.
///
/// Values go to `gsettings set` as GVariant text we quote ourselves: gsettings parses its argument,
/// so a raw `'zoom'` or a path with quotes would otherwise be read as syntax, not kept as text.
/// What `gsettings get` prints is GVariant text too and is parsed back with the escapes
/// `g_variant_print` writes (https://docs.gtk.org/glib/gvariant-text-format.html).
struct GSettings: Sendable {
  static let tool = "gsettings"

  /// The backend name errors carry.
  let backend: String

  /// dconf, the default settings backend, lives behind the session bus; any other one chosen with
  /// `GSETTINGS_BACKEND` (keyfile in tests, memory) works without a bus.
  static func need(environment: [String: String]) -> SessionNeed {
    let chosen = environment["GSETTINGS_BACKEND"] ?? ""
    return chosen.isEmpty || chosen == "dconf" ? .sessionBus : .nothing
  }

  /// Stores a string (or enum nick) under `schema` `key`.
  func set(_ schema: String, _ key: String, to value: String, in session: DesktopSession) throws(DesktopError)
  {
    try session.run([Self.tool, "set", schema, key, Self.quote(value)], backend: backend)
  }

  /// The string stored under `schema` `key`, or nil when gsettings printed something that is not one.
  func string(_ schema: String, _ key: String, in session: DesktopSession) throws(DesktopError) -> String? {
    let output = try Self.utf8(session).run([Self.tool, "get", schema, key], backend: backend).stdoutText
    return Self.parseString(output)
  }

  /// `session`, with a UTF-8 locale when its own is not one: gsettings prints in the locale's
  /// character set, and under cron's C locale a path such as `/Grüße` comes back as `/Gr??e`.
  static func utf8(_ session: DesktopSession) -> DesktopSession {
    let environment = session.environment
    let locale =
      [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty } ?? ""
    let normalized = locale.lowercased().replacing("-", with: "")
    if normalized.contains("utf8") { return session }
    var utf8Environment = environment
    utf8Environment["LC_ALL"] = "C.UTF-8"
    var copy = DesktopSession(environment: utf8Environment, processes: session.processes, home: session.home)
    copy.timeout = session.timeout
    return copy
  }

  /// Whether `schema` has `key`: older GNOME (before 42) lacks `picture-uri-dark`.
  func hasKey(_ schema: String, _ key: String, in session: DesktopSession) throws(DesktopError) -> Bool {
    let output = try session.run([Self.tool, "list-keys", schema], backend: backend).stdoutText
    return output.split(whereSeparator: \.isNewline).contains { $0 == key }
  }

  /// Sets `key` and reads it back, because gsettings exits 0 without storing anything when dconf
  /// cannot reach the session bus.
  func setVerified(_ schema: String, _ key: String, to value: String, in session: DesktopSession)
    throws(DesktopError)
  {
    try set(schema, key, to: value, in: session)
    let found = try string(schema, key, in: session)
    if found != value {
      throw DesktopError.didNotTake(backend: backend, expected: value, found: found ?? "nothing")
    }
  }

  /// `value` as a single-quoted GVariant string, with every character the parser would read as
  /// syntax escaped.
  static func quote(_ value: String) -> String {
    EscapedLiteral.quoted(value, quote: "'") { $0.value < 0x20 || $0.value == 0x7f }
  }

  /// The string a GVariant text value such as `'file:///a'` or `"it's"` holds; nil for anything else
  /// (an empty answer from a broken gsettings, a number, a list).
  static func parseString(_ text: String) -> String? {
    var scalars = text.unicodeScalars[...]
    while let last = scalars.last, last == "\n" || last == " " { scalars.removeLast() }
    guard let quote = scalars.first, quote == "'" || quote == "\"", scalars.count >= 2,
      scalars.last == quote
    else { return nil }
    scalars = scalars.dropFirst().dropLast()
    var result = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      if scalar == quote { return nil }  // An unescaped quote: not one string.
      guard scalar == "\\" else {
        result.append(scalar)
        continue
      }
      guard let escaped = scalars.popFirst() else { return nil }
      switch escaped {
      case "a": result.append("\u{7}")
      case "b": result.append("\u{8}")
      case "f": result.append("\u{c}")
      case "n": result.append("\n")
      case "r": result.append("\r")
      case "t": result.append("\t")
      case "v": result.append("\u{b}")
      case "u", "U":
        let digits = escaped == "u" ? 4 : 8
        guard scalars.count >= digits,
          let value = UInt32(String(String.UnicodeScalarView(scalars.prefix(digits))), radix: 16),
          let decoded = Unicode.Scalar(value)
        else { return nil }
        result.append(decoded)
        scalars = scalars.dropFirst(digits)
      default: result.append(escaped)  // \\, \' and \" stand for themselves.
      }
    }
    return String(result)
  }
}
