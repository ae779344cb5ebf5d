import BingWallCLI
import BingWallKit

/// An option that sets a config key for one run: `--resolution` for `resolution`.
///
/// The option's value type is the key's, so what the command line gives is what the key holds,
/// and its word passes the key's check (`ValueCheck.configKey`) as the parser reads it.
struct ConfigOption<Handle: OptionHandle>: OptionHandle {
  let handle: Handle
  let key: ConfigKeySpec
  /// The option's value as the key holds it.
  let configValue: @Sendable (Handle.Value) -> ConfigValue
  let spec: OptionSpec

  init(handle: Handle, key: ConfigKeySpec, configValue: @escaping @Sendable (Handle.Value) -> ConfigValue) {
    self.handle = handle
    self.key = key
    self.configValue = configValue
    spec = handle.spec.checked(by: key)
  }

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

extension Option {
  /// This option, its word checked as `config set` checks `key`'s values, where it picks among
  /// what a key holds without setting it (`list --market`, `search --source`).
  func checked(by key: ConfigKeySpec) -> Option {
    var copy = self
    copy.spec = spec.checked(by: key)
    return copy
  }
}

extension OptionSpec {
  /// The spec with `key`'s check (a flag has no word to check).
  func checked(by key: ConfigKeySpec) -> OptionSpec {
    var copy = self
    if copy.takesValue { copy.check = .configKey(key) }
    return copy
  }
}

extension ValueCheck {
  /// The check `config set` applies to `key`, for an option's word: the same refusals, the
  /// same nearest values.
  static func configKey(_ key: ConfigKeySpec) -> ValueCheck {
    ValueCheck(key.name) { word in
      switch key.check(optionWord: word) {
      case .success(let word):
        return .success(word)
      case .failure(let refusal):
        return .failure(ValueProblem(refusal.reason, hint: ConfigError.didYouMean(refusal.suggestions)))
      }
    }
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
  ///
  /// Each line of the file left out is a warning on stderr, with its fix, even under --quiet:
  /// cron mails what an update prints, and nobody reads it otherwise. `saysIgnoredLines` false
  /// leaves them to the caller (the daemon logs them; its update children say nothing).
  init(
    _ invocation: Invocation, _ context: Context, options: [any OptionHandle] = [],
    saysIgnoredLines: Bool = true
  ) throws {
    try self.init(
      context: context, configFile: invocation.configFile, overrides: .given(in: invocation, among: options))
    guard saysIgnoredLines else { return }
    for line in configuration.ignoredLines { context.stderr.warning(line.warning, hint: line.hint) }
  }
}
