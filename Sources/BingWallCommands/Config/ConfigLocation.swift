import BingWallCLI
import BingWallSchedule

/// Which config file a command reads: `--config`, else `BINGWALL_CONFIG`, else the XDG one.
struct ConfigLocation {
  var path: String
  /// Named by the user, so it must exist for reading.
  var explicit: Bool
  var environment: [String: String]

  init(invocation: Invocation, context: Context) {
    environment = context.environment
    if let flag = invocation.configFile {
      path = flag
      explicit = true
    } else {
      path = context.paths.configFile
      explicit = !(context.environment["BINGWALL_CONFIG"] ?? "").isEmpty
    }
  }

  func load(overrides: [Configuration.Override] = []) throws(ConfigError) -> Configuration {
    try Configuration.load(file: path, explicit: explicit, environment: environment, overrides: overrides)
  }
}
