/// The variables of a graphical session that a run outside it needs to reach its display, and
/// what each may hold.
///
/// cron starts a job with HOME, LOGNAME, SHELL and PATH only; a systemd timer's service gets the
/// user manager's environment, which often has no display. `SessionFinder` reads these names, and
/// only these, from the user's own running processes. Each value must look like what such a
/// variable holds (a display name, an absolute path, a bus address); anything else is dropped,
/// so no odd process environment can steer a run.
package struct SessionVariables: Sendable, Equatable {
  /// What a variable may hold.
  package enum Kind: Sendable {
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

  /// The variables, in the order they are listed. XAUTHORITY goes only with DISPLAY; the desktop
  /// and compositor names let detection pick the desktop's own backend.
  package static let known: [(name: String, kind: Kind)] = [
    ("DISPLAY", .display), ("XAUTHORITY", .path), ("WAYLAND_DISPLAY", .nameOrPath),
    ("XDG_RUNTIME_DIR", .path), ("DBUS_SESSION_BUS_ADDRESS", .busAddress), ("XDG_CURRENT_DESKTOP", .word),
    ("SWAYSOCK", .path), ("HYPRLAND_INSTANCE_SIGNATURE", .word), ("NIRI_SOCKET", .path),
  ]

  /// The names and values, in `known`'s order.
  package var variables: [(name: String, value: String)]

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.variables.map(\.name) == rhs.variables.map(\.name)
      && lhs.variables.map(\.value) == rhs.variables.map(\.value)
  }

  package init(variables: [(name: String, value: String)] = []) {
    self.variables = variables
  }

  /// The known variables of `environment` whose values are what such a variable holds, in
  /// `known`'s order; XAUTHORITY only beside a DISPLAY.
  package init(valid environment: [String: String]) {
    variables = Self.known.compactMap { name, kind in
      guard let value = environment[name], !value.isEmpty, Self.isValid(value, kind) else { return nil }
      return (name, value)
    }
    if self["DISPLAY"] == nil { variables.removeAll { $0.name == "XAUTHORITY" } }
  }

  package subscript(name: String) -> String? { variables.first { $0.name == name }?.value }

  /// True when a run has a display to set the wallpaper on.
  package var hasDisplay: Bool { self["DISPLAY"] != nil || self["WAYLAND_DISPLAY"] != nil }

  static let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

  /// Whether `value` is what a variable of `kind` holds. Paths take any character but control
  /// characters and the backslash; the other kinds take only characters no shell or cron treats
  /// specially.
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
}
