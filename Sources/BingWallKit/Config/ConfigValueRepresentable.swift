import BingWallBing
import BingWallDesktop
import BingWallModel
import BingWallSystem

/// A Swift type a config key holds, and how it maps to and from the TOML value.
package protocol ConfigValueRepresentable: Sendable {
  static var configType: ConfigType { get }
  /// The value a validated config value holds; nil when it is of another type.
  init?(configValue: ConfigValue)
  var configValue: ConfigValue { get }
}

/// A value config.toml stores as one string: free text, or a name from a closed list.
package protocol ConfigText: ConfigValueRepresentable, LosslessStringConvertible {}

extension ConfigText {
  package static var configType: ConfigType { .string }

  package init?(configValue: ConfigValue) {
    guard let text = configValue.string else { return nil }
    self.init(text)
  }

  package var configValue: ConfigValue { .string(description) }
}

extension Array: ConfigValueRepresentable where Element: ConfigText {
  package static var configType: ConfigType { .strings }

  package init?(configValue: ConfigValue) {
    guard let items = configValue.strings else { return nil }
    var values: [Element] = []
    for item in items {
      guard let value = Element(item) else { return nil }
      values.append(value)
    }
    self = values
  }

  package var configValue: ConfigValue { .strings(map(\.description)) }
}

/// A value that may be absent, written as the empty string: `max_size = ""` is no limit.
extension Optional: ConfigValueRepresentable where Wrapped: ConfigText {
  package static var configType: ConfigType { .string }

  /// Nil for a value of another type or a string `Wrapped` refuses; `.some(nil)` for `""`.
  package init?(configValue: ConfigValue) {
    guard let text = configValue.string else { return nil }
    if text.isEmpty {
      self = .none
    } else {
      guard let value = Wrapped(text) else { return nil }
      self = .some(value)
    }
  }

  package var configValue: ConfigValue { .string(map(\.description) ?? "") }
}

/// A duration in whole seconds, written as people write it (`30m`, `1h30m`); zero is `off`.
extension Duration: ConfigValueRepresentable {
  package static var configType: ConfigType { .string }

  package init?(configValue: ConfigValue) {
    guard let text = configValue.string else { return nil }
    self.init(offOrHumanText: text)
  }

  package var configValue: ConfigValue { .string(offOrHumanText) }
}

extension Double: ConfigValueRepresentable {
  package static var configType: ConfigType { .number }
  package init?(configValue: ConfigValue) {
    guard let number = configValue.number else { return nil }
    self = number
  }
  package var configValue: ConfigValue { .number(self) }
}

extension Int: ConfigValueRepresentable {
  package static var configType: ConfigType { .integer }
  package init?(configValue: ConfigValue) {
    guard let number = configValue.integer else { return nil }
    self = number
  }
  package var configValue: ConfigValue { .integer(self) }
}

extension Bool: ConfigValueRepresentable {
  package static var configType: ConfigType { .boolean }
  package init?(configValue: ConfigValue) {
    guard let flag = configValue.boolean else { return nil }
    self = flag
  }
  package var configValue: ConfigValue { .boolean(self) }
}

extension String: ConfigText {}
extension Market: ConfigText {}
extension Source: ConfigText {}
extension Resolution: ConfigText {}
extension ByteCount: ConfigText {}
extension BackendName: ConfigText {}
extension WallpaperMode: ConfigText {}
