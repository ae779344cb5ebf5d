import BingWallKit

/// The one line `config set` and `config unset` confirm a change with, the new value first and
/// what it was after, so that a typo in the value shows at once:
///
///     mode: fit (was fill)
///     mode: fit (was fill, the default)
///     mode: fill (default; was fit)
///     mode: fit (unchanged)
enum ConfigChangeLine {
  /// After `config set KEY VALUE`; `before` is the file's value, nil when the file had none.
  /// `defaultValue` is the key's value when nothing sets it (`Configuration.defaultValue`).
  static func set(
    _ key: ConfigKeySpec, to value: ConfigValue, before: ConfigValue?, defaultValue: ConfigValue
  )
    -> String
  {
    let was: String
    if let before {
      was = before == value ? "unchanged" : "was \(shown(before))"
    } else {
      was =
        defaultValue == value ? "the default, unchanged" : "was \(shown(defaultValue)), the default"
    }
    return "\(key.name): \(shown(value)) (\(was))"
  }

  /// After `config unset KEY`; `before` is the value the file had, nil when it had none.
  static func unset(_ key: ConfigKeySpec, before: ConfigValue?, defaultValue: ConfigValue) -> String {
    let was = before.map { $0 == defaultValue ? "unchanged" : "was \(shown($0))" } ?? "unchanged"
    return "\(key.name): \(shown(defaultValue)) (default; \(was))"
  }

  /// A value as `config set` takes it: an array comma-separated, an empty text as `""`.
  static func shown(_ value: ConfigValue) -> String {
    switch value {
    case .strings(let items): return items.isEmpty ? "[]" : items.joined(separator: ",")
    case .string(let text) where text.isEmpty: return "\"\""
    default: return value.plain
    }
  }
}
