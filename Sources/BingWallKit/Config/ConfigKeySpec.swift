import BingWallBing
import BingWallDesktop
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// One key of config.toml as the file, the environment and `config get/set` see it: its name,
/// type, default, what it allows, and its environment variable. `ConfigKey` is the typed handle
/// code reads it through.
package struct ConfigKeySpec: Sendable {
  /// Dotted for keys in a table: `daemon.rotate`.
  package var name: String
  package var type: ConfigType
  package var defaultValue: ConfigValue
  package var help: String
  /// A closed set for a string, or for each item of an array; normalised to this spelling.
  package var allowed: [String]?
  /// The allowed values nearest a refused item, beyond spelling: `UHD` for `4K`. Nil, or no
  /// answer, falls back to the closest spelling.
  var nearest: (@Sendable (String) -> [String])?
  /// Further checks beyond type and allowed set: nil when the value is fine, else why not.
  var check: (@Sendable (ConfigValue) -> String?)?
  /// Overrides the generated `BINGWALL_<NAME>` variable.
  var environmentOverride: String?

  /// The words the key takes, for completion and `config keys`: its closed set, or true and
  /// false; nil for free text, numbers, durations and sizes.
  package var choices: [String]? {
    allowed ?? (type == .boolean ? ["true", "false"] : nil)
  }

  /// `[daemon]` for `daemon.rotate`; nil for a top-level key.
  var section: String? {
    name.contains(".") ? String(name.split(separator: ".")[0]) : nil
  }

  /// The key within its section: `rotate` for `daemon.rotate`.
  var leaf: String { String(name.split(separator: ".").last ?? "") }

  /// `BINGWALL_DAEMON_ROTATE` for `daemon.rotate`; `BINGWALL_ENDPOINT` for the endpoint.
  package var environmentVariable: String {
    environmentOverride ?? "BINGWALL_" + name.uppercased().replacingEvery(".", with: "_")
  }

  /// Checks type, allowed set and rules; returns the value normalised, or why it is refused.
  func validate(_ value: ConfigValue) -> Result<ConfigValue, ConfigRefusal> {
    guard value.fits(type) else { return .failure(ConfigRefusal("expected \(type.phrase)")) }
    var value = value
    if let allowed {
      func normalise(_ item: String) -> String? {
        allowed.first { $0.equalsIgnoringCase(item) }
      }
      func refusal(_ item: String) -> ConfigRefusal {
        var guesses = nearest?(item) ?? []
        if guesses.isEmpty, let close = Suggestion.closest(to: item, in: allowed) { guesses = [close] }
        // A long list (markets) would bury the line: `config keys` shows it whole.
        let list =
          allowed.count <= 15
          ? " (one of: \(allowed.joined(separator: ", ")))"
          : "; 'bingwall config keys' lists the values of '\(name)'"
        return ConfigRefusal("'\(item)' is not allowed\(list)", suggestions: guesses)
      }
      switch value {
      case .string(let item):
        guard let known = normalise(item) else { return .failure(refusal(item)) }
        value = .string(known)
      case .strings(let items):
        var known: [String] = []
        for item in items {
          guard let match = normalise(item) else { return .failure(refusal(item)) }
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

  /// Checks one word an option gives for this key (`--mode fill`; `--market de-DE`, one item of
  /// an array) as `config set` checks a value: the word normalised, or why it is refused.
  package func check(optionWord word: String) -> Result<String, ConfigRefusal> {
    // One item of an array stands alone: `--market a,b` is a code with a comma, not two.
    guard let value = type == .strings ? .strings([word]) : type.parse(word) else {
      return .failure(ConfigRefusal("expected \(type.phrase), got '\(word)'"))
    }
    return validate(value).map(\.plain)
  }
}

/// Why a value was refused, in words for the error line, and the nearest allowed values.
package struct ConfigRefusal: Error, Equatable, Sendable {
  package var reason: String
  package var suggestions: [String]
  init(_ reason: String, suggestions: [String] = []) {
    self.reason = reason
    self.suggestions = suggestions
  }
}
