/// A typed handle on one config key: `configuration[ConfigSchema.markets]` is a `[Market]`.
///
/// The schema type comes from `Value`, so the key's TOML type and the Swift type read from it
/// cannot disagree.
package struct ConfigKey<Value: ConfigValueRepresentable>: Sendable {
  package let spec: ConfigKeySpec
  let defaultValue: Value

  init(
    _ name: String, default defaultValue: Value, help: String, allowed: [String]? = nil,
    nearest: (@Sendable (String) -> [String])? = nil, check: (@Sendable (ConfigValue) -> String?)? = nil,
    environmentOverride: String? = nil
  ) {
    self.defaultValue = defaultValue
    spec = ConfigKeySpec(
      name: name, type: Value.configType, defaultValue: defaultValue.configValue, help: help,
      allowed: allowed, nearest: nearest, check: check, environmentOverride: environmentOverride)
  }

  var name: String { spec.name }
}
