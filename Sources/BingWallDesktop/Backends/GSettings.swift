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
  ///
  /// dconf hands the write to dconf-service over the session bus after `gsettings` has decided to
  /// exit 0, so a bus that is gone (or a dconf that cannot write its database) shows only as a
  /// warning on stderr: that warning is the failure, whatever the status says.
  func set(_ schema: String, _ key: String, to value: String, in session: DesktopSession) throws(DesktopError)
  {
    let arguments = [Self.tool, "set", schema, key, Self.quote(value)]
    let result: ProcessResult
    do {
      result = try session.run(arguments, backend: backend)
    } catch .toolFailed(let backend, let command, let status, let said) {
      throw Self.busFailure(said, backend: backend, in: session)
        ?? .toolFailed(backend: backend, command: command, status: status, stderr: said)
    }
    let said = result.stderrText
    guard let warning = Self.commitFailure(in: said) else { return }
    throw Self.busFailure(warning, backend: backend, in: session)
      ?? .toolFailed(backend: backend, command: arguments.joined(separator: " "), status: 0, stderr: warning)
  }

  /// Asks dconf-service over the session bus whether it answers, before anything is set, when dconf
  /// is the store: with the bus gone, `gsettings set` exits 0 and prints its warning only now and
  /// then (it may exit before dconf's reply arrives), and a picture that is already set reads back
  /// fine. `gdbus` comes with `gsettings` (Debian's libglib2.0-bin, Fedora's glib2); without it the
  /// warning and the read back are all there is. The ping also starts dconf-service when needed.
  func checkStore(in session: DesktopSession) throws(DesktopError) {
    guard Self.need(environment: session.environment) == .sessionBus, session.which("gdbus") != nil else {
      return
    }
    do {
      try session.run(
        [
          "gdbus", "call", "--session", "--timeout", "5", "--dest", "ca.desrt.dconf", "--object-path",
          "/ca/desrt/dconf/Writer/user", "--method", "org.freedesktop.DBus.Peer.Ping",
        ], backend: backend)
    } catch .toolFailed(let backend, let command, let status, let said) {
      if let failure = Self.busFailure(said, backend: backend, in: session) { throw failure }
      if said.contains("ServiceUnknown") { throw .toolMissing(backend: backend, tool: "dconf-service") }
      throw .toolFailed(backend: backend, command: command, status: status, stderr: said)
    }
  }

  /// The reason in dconf's "failed to commit changes to dconf: REASON" warning, nil without one.
  static func commitFailure(in stderr: String) -> String? {
    let marker = "failed to commit changes to dconf"
    guard let found = stderr.firstRange(of: marker) else { return nil }
    let line = stderr[found.lowerBound...].prefix { !$0.isNewline }
    return String(line)
  }

  /// `sessionBusUnreachable` when `said` is GLib failing to reach the bus (its words for a missing or
  /// refusing socket, a malformed address, no address at all), else nil.
  static func busFailure(_ said: String, backend: String, in session: DesktopSession) -> DesktopError? {
    let busWords = [
      "Could not connect", "Error connecting", "Cannot autolaunch D-Bus", "Address element",
      "Unknown or unsupported transport", "The connection is closed",
    ]
    guard busWords.contains(where: { said.contains($0) }) else { return nil }
    let address = session.environment["DBUS_SESSION_BUS_ADDRESS"] ?? ""
    return .sessionBusUnreachable(
      backend: backend, address: address.isEmpty ? "(DBUS_SESSION_BUS_ADDRESS is unset)" : address, said: said
    )
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
    let normalized = locale.lowercased().replacingEvery("-", with: "")
    if normalized.contains("utf8") { return session }
    var utf8Environment = environment
    utf8Environment["LC_ALL"] = "C.UTF-8"
    return session.with(environment: utf8Environment)
  }

  /// Whether `schema` has `key`: older GNOME (before 42) lacks `picture-uri-dark`.
  func hasKey(_ schema: String, _ key: String, in session: DesktopSession) throws(DesktopError) -> Bool {
    let output = try session.run([Self.tool, "list-keys", schema], backend: backend).stdoutText
    return output.split(whereSeparator: \.isNewline).contains { $0 == key }
  }

  /// Whether `schema` is installed: `list-keys` fails for one that is not (and when gsettings is
  /// missing, which means no either).
  func hasSchema(_ schema: String, in session: DesktopSession) -> Bool {
    (try? session.run([Self.tool, "list-keys", schema], backend: backend)) != nil
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
