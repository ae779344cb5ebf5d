import BingWallSystem
import Glibc

/// The desktop session's variables that the cron line carries, so `bingwall update` run by cron
/// reaches the display the user enabled it from.
///
/// cron starts jobs with HOME, LOGNAME, SHELL and PATH only: without DISPLAY (or WAYLAND_DISPLAY
/// and XDG_RUNTIME_DIR) every run stores the pictures and sets none. The values are written as
/// `NAME=value` words before the command, which sh exports to it. Each value must match what such
/// a variable holds (a display name, an absolute path, a bus address); anything else is refused
/// rather than escaped, so an odd environment can never put shell syntax into the crontab.
package struct AutostartCronSession: Sendable, Equatable {
  /// What a variable may hold.
  enum Kind: Sendable {
    /// `:0`, `:1.0`, `unix:0`, `localhost:10.0`.
    case display
    /// An absolute path.
    case path
    /// A name such as `wayland-0`, or an absolute path (WAYLAND_DISPLAY may be either).
    case nameOrPath
    /// A word of letters, digits and `:._-` (XDG_CURRENT_DESKTOP, HYPRLAND_INSTANCE_SIGNATURE).
    case word
    /// A D-Bus address: `unix:path=/run/user/1000/bus`, `unix:abstract=/tmp/dbus-x,guid=…`.
    case busAddress
  }

  /// The variables carried, in the order they are written. XAUTHORITY goes only with DISPLAY;
  /// the desktop and compositor names let detection pick the desktop's own backend.
  static let carried: [(name: String, kind: Kind)] = [
    ("DISPLAY", .display), ("XAUTHORITY", .path), ("WAYLAND_DISPLAY", .nameOrPath),
    ("XDG_RUNTIME_DIR", .path), ("DBUS_SESSION_BUS_ADDRESS", .busAddress), ("XDG_CURRENT_DESKTOP", .word),
    ("SWAYSOCK", .path), ("HYPRLAND_INSTANCE_SIGNATURE", .word), ("NIRI_SOCKET", .path),
  ]

  /// The names and values, in `carried`'s order.
  package var variables: [(name: String, value: String)]

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.variables.map(\.name) == rhs.variables.map(\.name)
      && lhs.variables.map(\.value) == rhs.variables.map(\.value)
  }

  package init(variables: [(name: String, value: String)] = []) {
    self.variables = variables
  }

  package subscript(name: String) -> String? { variables.first { $0.name == name }?.value }

  /// True when a run will have a display to set the wallpaper on.
  package var hasDisplay: Bool { self["DISPLAY"] != nil || self["WAYLAND_DISPLAY"] != nil }

  /// What this session gives the cron line. The session bus goes only when bingwall would not
  /// find it by itself (`$XDG_RUNTIME_DIR/bus`, or `/run/user/UID/bus`, which `SessionBus` tries).
  package static func capture(from environment: [String: String]) throws(AutostartError) -> Self {
    var variables: [(name: String, value: String)] = []
    for (name, kind) in carried {
      guard let value = environment[name], !value.isEmpty else { continue }
      if name == "XAUTHORITY", (environment["DISPLAY"] ?? "").isEmpty { continue }
      if name == "DBUS_SESSION_BUS_ADDRESS" {
        let runtime =
          (environment["XDG_RUNTIME_DIR"] ?? "").isEmpty
          ? "/run/user/\(getuid())" : environment["XDG_RUNTIME_DIR"]!
        if value == "unix:path=\(runtime)/bus" { continue }
      }
      guard isValid(value, kind) else {
        throw .unsafeVariable(name: name, value: value)
      }
      variables.append((name, value))
    }
    return Self(variables: variables)
  }

  static let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

  /// Whether `value` is what a variable of `kind` holds. Paths take the characters
  /// `AutostartCron.shellWord` can write (it quotes the rest), but no control character and no
  /// backslash; the other kinds take only characters no shell or cron treats specially.
  static func isValid(_ value: String, _ kind: Kind) -> Bool {
    switch kind {
    case .display:
      // host:display.screen, host empty, a name, or "unix".
      guard let colon = value.lastIndex(of: ":") else { return false }
      let host = value[..<colon]
      let number = value[value.index(after: colon)...]
      let parts = number.split(separator: ".", omittingEmptySubsequences: false)
      return host.allSatisfy { letters.contains($0) || "._-".contains($0) } && (1...2).contains(parts.count)
        && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    case .path:
      return value.hasPrefix("/") && value.count <= 4096
        && value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f && $0 != "\\" }
    case .nameOrPath:
      return value.hasPrefix("/")
        ? isValid(value, .path) : value.allSatisfy { letters.contains($0) || "._-".contains($0) }
    case .word:
      return value.count <= 256 && value.allSatisfy { letters.contains($0) || ":._-".contains($0) }
    case .busAddress:
      // The D-Bus spec's optionally-escaped characters, with `%` escapes and the separators.
      return value.count <= 1024 && value.allSatisfy { letters.contains($0) || "-_/.*:=,;%".contains($0) }
    }
  }

  /// The `NAME=value` words, each value one shell word (`AutostartCron.shellWord`).
  func assignments() throws(AutostartError) -> [String] {
    var words: [String] = []
    for (name, value) in variables { words.append(name + "=" + (try AutostartCron.shellWord(value))) }
    return words
  }

  /// The session a line of ours carries: the `NAME=value` words between the time fields and the
  /// program, unquoted as sh would. Nil for a line that is not in the form `AutostartCron.line`
  /// writes.
  package static func parse(line: String) -> Self? {
    var rest = Substring(line)
    for _ in 0..<5 {
      rest = rest.drop { $0 != " " }.drop { $0 == " " }
    }
    var variables: [(name: String, value: String)] = []
    while let equals = rest.firstIndex(of: "="), let space = rest.firstIndex(of: " "), equals < space {
      let name = String(rest[..<equals])
      // The program's path may hold a `=` too; the assignments end where the names do.
      guard carried.contains(where: { $0.name == name }) else { break }
      var value = ""
      var index = rest.index(after: equals)
      var quoted = false
      while index < rest.endIndex {
        let character = rest[index]
        let next = rest.index(after: index)
        if character == "\\", next < rest.endIndex, rest[next] == "%" {
          // cron's own layer, undone before sh reads the line: `\%` is a `%`.
          value.append("%")
          index = next
        } else if quoted {
          if character == "'" { quoted = false } else { value.append(character) }
        } else if character == "'" {
          quoted = true
        } else if character == "\\" {
          // `\'` between two quoted parts: the next character as it is.
          index = rest.index(after: index)
          guard index < rest.endIndex else { return nil }
          value.append(rest[index])
        } else if character == " " {
          break
        } else {
          value.append(character)
        }
        index = rest.index(after: index)
      }
      if quoted { return nil }
      variables.append((name, value))
      rest = rest[index...].drop { $0 == " " }
    }
    return Self(variables: variables)
  }

  /// What has gone since the line was written, each as a clause ("DISPLAY :1 has no X server
  /// (no /tmp/.X11-unix/X1)"); empty when every carried thing is still there.
  package func staleness() -> [String] {
    var found: [String] = []
    if let display = self["DISPLAY"], let colon = display.lastIndex(of: ":") {
      let host = display[..<colon]
      let number = display[display.index(after: colon)...].split(separator: ".").first.map(String.init) ?? ""
      if host.isEmpty || host == "unix" {
        let socket = "/tmp/.X11-unix/X" + number
        if !Self.isSocket(socket) { found.append("DISPLAY \(display) has no X server (no \(socket))") }
      } else {
        found.append(
          "DISPLAY \(display) is on \(host), a forwarded display (ssh -X) that is gone when that login ends")
      }
    }
    if let file = self["XAUTHORITY"], access(file, R_OK) != 0 {
      found.append("XAUTHORITY \(file) is gone")
    }
    if let runtime = self["XDG_RUNTIME_DIR"], !Self.isDirectory(runtime) {
      found.append("XDG_RUNTIME_DIR \(runtime) is gone")
    }
    if let wayland = self["WAYLAND_DISPLAY"] {
      let runtime = self["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
      let socket = wayland.hasPrefix("/") ? wayland : runtime + "/" + wayland
      if !Self.isSocket(socket) {
        found.append("WAYLAND_DISPLAY \(wayland) has no compositor (no \(socket))")
      }
    }
    if let address = self["DBUS_SESSION_BUS_ADDRESS"], address.hasPrefix("unix:path=") {
      let path = String(address.dropFirst("unix:path=".count).prefix { $0 != "," && $0 != ";" })
      if !Self.isSocket(path) { found.append("the session bus \(path) is gone") }
    }
    for name in ["SWAYSOCK", "NIRI_SOCKET"] {
      if let socket = self[name], !Self.isSocket(socket) { found.append("\(name) \(socket) is gone") }
    }
    return found.map { TerminalText.clean($0) }
  }

  static func isSocket(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }
}
