import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// One key of config.toml: its type, default, what it allows, and its environment variable.
package struct ConfigKey: Sendable {
  /// Dotted for keys in a table: `daemon.rotate`.
  package var name: String
  package var type: ConfigType
  package var defaultValue: ConfigValue
  package var help: String
  /// A closed set for a string, or for each item of an array; normalised to this spelling.
  package var allowed: [String]?
  /// Further checks beyond type and allowed set: nil when the value is fine, else why not.
  package var check: (@Sendable (ConfigValue) -> String?)?
  /// Overrides the generated `BINGWALL_<NAME>` variable.
  package var environmentOverride: String?

  /// `[daemon]` for `daemon.rotate`; nil for a top-level key.
  package var section: String? {
    name.contains(".") ? String(name.split(separator: ".")[0]) : nil
  }

  /// The key within its section: `rotate` for `daemon.rotate`.
  package var leaf: String { String(name.split(separator: ".").last ?? "") }

  /// `BINGWALL_DAEMON_ROTATE` for `daemon.rotate`; `BINGWALL_ENDPOINT` for the endpoint.
  package var environmentVariable: String {
    environmentOverride ?? "BINGWALL_" + name.uppercased().replacing(".", with: "_")
  }

  /// Checks type, allowed set and rules; returns the value normalised, or why it is refused.
  package func validate(_ value: ConfigValue) -> Result<ConfigValue, ConfigRefusal> {
    guard value.type == type else { return .failure(ConfigRefusal("expected \(type.phrase)")) }
    var value = value
    if let allowed {
      func normalise(_ item: String) -> String? {
        allowed.first { $0.equalsIgnoringCase(item) }
      }
      func refusal(_ item: String) -> String {
        let guess = Suggestion.closest(to: item, in: allowed).map { "; did you mean '\($0)'?" }
        let list = allowed.count <= 15 ? " (one of: \(allowed.joined(separator: ", ")))" : ""
        return "'\(item)' is not allowed\(list)\(guess ?? "")"
      }
      switch value {
      case .string(let item):
        guard let known = normalise(item) else { return .failure(ConfigRefusal(refusal(item))) }
        value = .string(known)
      case .strings(let items):
        var known: [String] = []
        for item in items {
          guard let match = normalise(item) else { return .failure(ConfigRefusal(refusal(item))) }
          known.append(match)
        }
        value = .strings(known)
      default:
        break
      }
    }
    if let problem = check?(value) { return .failure(ConfigRefusal(problem)) }
    return .success(value)
  }
}

/// Why a value was refused, in words for the error line.
package struct ConfigRefusal: Error, Equatable, Sendable {
  package var reason: String
  package init(_ reason: String) { self.reason = reason }
}

/// Every key config.toml may hold (the README lists them), in the order `config show` lists them.
package enum ConfigSchema {
  package static let keys: [ConfigKey] = [
    ConfigKey(
      name: "markets", type: .strings, defaultValue: .strings([Market.fallback]),
      help: "Bing markets to fetch, e.g. [\"en-US\", \"de-DE\"]; the default follows LANG.",
      allowed: Market.known,
      check: { $0.strings?.isEmpty == true ? "name at least one market" : nil }),
    ConfigKey(
      name: "resolution", type: .string, defaultValue: .string(Resolution.preferred),
      help: "Picture size to download; UHD falls back to 1920x1080 when missing.",
      allowed: Resolution.known),
    ConfigKey(
      name: "image_dir", type: .string, defaultValue: .string(""),
      help: "Folder for the pictures; empty means $XDG_DATA_HOME/bingwall/images.",
      check: { value in
        guard let path = value.string, !path.isEmpty else { return nil }
        return path.hasPrefix("/") || path.hasPrefix("~/") ? nil : "expected an absolute path"
      }),
    ConfigKey(
      name: "backend", type: .string, defaultValue: .string("auto"),
      help: "Wallpaper backend: auto, or a name from 'bingwall backends'.",
      allowed: BackendRegistry.names),
    ConfigKey(
      name: "command", type: .string, defaultValue: .string(""),
      help: "For backend \"command\": the program and its arguments; {path}, {uri} and {mode} are replaced."),
    ConfigKey(
      name: "mode", type: .string, defaultValue: .string("auto"),
      help: "How the picture fills the screen.", allowed: WallpaperMode.all),
    ConfigKey(
      name: "apply_on_update", type: .boolean, defaultValue: .boolean(true),
      help: "Set the newest picture as the wallpaper after an update."),
    ConfigKey(
      name: "lock_screen", type: .boolean, defaultValue: .boolean(false),
      help: "Also set the lock screen where the desktop has one."),
    ConfigKey(
      name: "daemon.rotate", type: .string, defaultValue: .string("off"),
      help: "How often the daemon shows another stored picture: off, or e.g. 30m, 2h, 1d.",
      check: { value in
        guard let text = value.string, text != "off" else { return nil }
        return HumanUnits.seconds(in: text) == nil ? "expected off or a duration such as 30m, 2h, 1d" : nil
      }),
    ConfigKey(
      name: "daemon.favorites_only", type: .boolean, defaultValue: .boolean(false),
      help: "Rotate through favourite pictures only."),
    ConfigKey(
      name: "daemon.notify", type: .boolean, defaultValue: .boolean(false),
      help: "Show a desktop notification when a new picture is applied."),
    ConfigKey(
      name: "retention.keep", type: .integer, defaultValue: .integer(0),
      help: "Keep the newest N pictures; 0 keeps all.",
      check: { ($0.integer ?? 0) < 0 ? "expected 0 or more" : nil }),
    ConfigKey(
      name: "retention.max_age_days", type: .integer, defaultValue: .integer(0),
      help: "Delete pictures older than this many days; 0 keeps all.",
      check: { ($0.integer ?? 0) < 0 ? "expected 0 or more" : nil }),
    ConfigKey(
      name: "retention.max_size", type: .string, defaultValue: .string(""),
      help: "Keep the image folder under this size, e.g. 2GB; empty means no limit.",
      check: { value in
        guard let text = value.string, !text.isEmpty else { return nil }
        return HumanUnits.bytes(in: text) == nil ? "expected a size such as 500MB or 2GB" : nil
      }),
    ConfigKey(
      name: "network.endpoint", type: .string, defaultValue: .string("https://www.bing.com"),
      help: "Base URL of Bing (or a mirror); every request goes there.",
      check: { value in
        guard let url = value.string else { return nil }
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), url.count > 8 else {
          return "expected an http:// or https:// URL"
        }
        return nil
      },
      environmentOverride: "BINGWALL_ENDPOINT"),
    ConfigKey(
      name: "network.timeout", type: .integer, defaultValue: .integer(30),
      help: "Seconds a request may take before it is abandoned.",
      check: { value in
        guard let seconds = value.integer else { return nil }
        return (1...3600).contains(seconds) ? nil : "expected between 1 and 3600 seconds"
      }),
  ]

  package static func key(named name: String) -> ConfigKey? {
    keys.first { $0.name == name }
  }

  /// The section names that exist: `daemon`, `retention`, `network`.
  package static var sections: [String] {
    var seen: [String] = []
    for key in keys { if let section = key.section, !seen.contains(section) { seen.append(section) } }
    return seen
  }
}
