import BingWallSchedule
import BingWallSources
import BingWallSystem

/// Which config file a command reads: `--config`, else `BINGWALL_CONFIG`, else the XDG one.
package struct ConfigLocation {
  package var path: String
  /// Named by the user, so it must exist for reading.
  var explicit: Bool
  var environment: [String: String]
  /// The schema's keys, with the context's sources.
  var keys: [ConfigKeySpec]
  /// Where the file is read and written: the context's.
  package var fileSystem: any FileSystem

  package init(configFile: String?, context: Context) {
    environment = context.environment
    keys = ConfigSchema.keys(for: context.sources)
    fileSystem = context.fileSystem
    if let flag = configFile {
      path = flag
      explicit = true
    } else {
      path = context.paths.configFile
      explicit = !(context.environment["BINGWALL_CONFIG"] ?? "").isEmpty
    }
  }

  /// The effective configuration; `lenient` reads past the file's bad lines (`config show`).
  package func load(overrides: [Configuration.Override] = [], lenient: Bool = false) throws(ConfigError)
    -> Configuration
  {
    try Configuration.load(
      file: path, in: fileSystem, explicit: explicit, environment: environment, overrides: overrides,
      lenient: lenient, keys: keys)
  }
}
