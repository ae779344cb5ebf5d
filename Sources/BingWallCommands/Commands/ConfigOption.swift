import BingWallCLI
import BingWallKit

/// An option that sets a config key for one run: `--resolution` for `resolution`.
///
/// The option's value type is the key's, so what the command line gives is what the key holds.
struct ConfigOption<Handle: OptionHandle>: OptionHandle {
  let handle: Handle
  let key: ConfigKeySpec
  /// The option's value as the key holds it.
  let configValue: @Sendable (Handle.Value) -> ConfigValue

  var spec: OptionSpec { handle.spec }

  func given(in invocation: Invocation) -> Handle.Value? { handle.given(in: invocation) }
}

extension OptionHandle where Value: ConfigValueRepresentable {
  /// This option, standing in for `key` on the command line.
  func overriding(_ key: ConfigKey<Value>) -> ConfigOption<Self> {
    ConfigOption(handle: self, key: key.spec, configValue: \.configValue)
  }
}

extension OptionHandle where Value: ConfigText {
  /// This option, standing in for a key that may also be unset (`""`); the command line always
  /// sets it.
  func overriding(_ key: ConfigKey<Value?>) -> ConfigOption<Self> {
    ConfigOption(handle: self, key: key.spec, configValue: { Optional($0).configValue })
  }
}

/// What the override list needs of a `ConfigOption`, whatever its value type.
protocol ConfigOverriding {
  func override(in invocation: Invocation) -> Configuration.Override?
}

extension ConfigOption: ConfigOverriding {
  func override(in invocation: Invocation) -> Configuration.Override? {
    given(in: invocation).map { .init(key: key, value: configValue($0), option: "--" + spec.long) }
  }
}

extension [Configuration.Override] {
  /// The command line's say over config: one override per given option that stands in for a
  /// key; other options are passed over.
  static func given(in invocation: Invocation, among options: [any OptionHandle]) -> Self {
    options.compactMap { ($0 as? any ConfigOverriding)?.override(in: invocation) }
  }
}

extension Resources {
  /// The resources of a command: `--config` (or the usual lookup), with the command line's say
  /// over config from those of `options` that stand in for a key.
  init(_ invocation: Invocation, _ context: Context, options: [any OptionHandle] = []) throws {
    try self.init(
      context: context, configFile: invocation.configFile, overrides: .given(in: invocation, among: options))
  }
}
