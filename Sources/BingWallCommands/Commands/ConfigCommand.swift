import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall config path|show|get KEY|set KEY VALUE`.
enum ConfigCommand {
  /// The key as the user typed it: `get` and `set` look it up by that name.
  static let keyArgument = Argument<String>(
    "key", kind: .configKey(ConfigSchema.keys.map(\.name)),
    help: "A config key, e.g. resolution or daemon.rotate.")
  static let valueArgument = Argument<String>("value", help: "The new value.")

  /// Real command lines for help's and the man page's EXAMPLES (a test parses each).
  static let examples: [CommandExample] = [
    CommandExample("config show", "Every setting, and where its value comes from"),
    CommandExample("config get mode", "One setting"),
    CommandExample("config set mode fill", "Crop the picture to fill each screen from now on"),
    CommandExample("config set daemon.rotate 1h", "Let the daemon show another picture every hour"),
  ]

  static let command = Command(
    spec: CommandSpec(
      name: "config", abstract: "Show or change the configuration.",
      discussion: """
        Settings come from the command line, then BINGWALL_* environment variables, then the \
        config file, then built-in defaults. 'config set' edits the file in place, keeping your \
        other lines and comments.
        """,
      subcommands: [
        CommandSpec(name: "path", abstract: "Print the path of the config file."),
        CommandSpec(name: "show", abstract: "Print every key's effective value and where it came from."),
        CommandSpec(name: "get", abstract: "Print one key's effective value.", arguments: [keyArgument.spec]),
        CommandSpec(
          name: "set", abstract: "Check a value and write it to the config file.",
          discussion: "Arrays take a comma-separated list: 'bingwall config set markets de-DE,fr-FR'.",
          arguments: [keyArgument.spec, valueArgument.spec]),
      ], examples: examples),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let location = ConfigLocation(configFile: invocation.configFile, context: context)
    switch invocation.path.dropFirst().first {
    case "path":
      context.stdout.write(location.path + "\n")
    case "show":
      try show(try location.load(), context)
    case "get":
      let key = invocation[keyArgument] ?? ""
      context.stdout.write(try location.load().setting(key).value.plain + "\n")
    case "set":
      try set(invocation[keyArgument] ?? "", invocation[valueArgument] ?? "", location, context)
    default:
      preconditionFailure("config subcommand not handled: \(invocation.path)")
    }
    return ExitCode.success
  }

  static func show(_ configuration: Configuration, _ context: Context) throws {
    let rows = ConfigSchema.keys.map { key -> (String, String) in
      let setting = configuration.setting(key.name)
      return ("\(key.name) = \(setting.value.tomlLiteral)", setting.source.description)
    }
    let width = rows.map(\.0.count).max() ?? 0
    for (assignment, source) in rows {
      context.stdout.write(
        assignment + String(repeating: " ", count: width - assignment.count) + "  # \(source)\n")
    }
  }

  static func set(_ name: String, _ raw: String, _ location: ConfigLocation, _ context: Context) throws {
    guard let key = ConfigSchema.key(named: name) else {
      throw ConfigError.unknownKey(origin: nil, key: name, suggestion: nil)
    }
    // A broken file is reported, never overwritten.
    var document = try ConfigFile.read(location.path) ?? ConfigDocument(path: location.path)
    let value = try Configuration.parse(raw, for: key, origin: "command line")
    try document.set(key, to: value)
    // A config kept in a dotfiles folder and linked here: write the file the link points to,
    // so the link stays a link.
    let target = URL(fileURLWithPath: location.path).resolvingSymlinksInPath().path
    let folder = Paths.parent(of: target)
    try Paths.ensureDirectory(folder)
    var mode: mode_t = 0o644
    var status = stat()
    if stat(target, &status) == 0 { mode = status.st_mode & 0o7777 }
    try AtomicFile.write(Data(document.text.utf8), to: target, mode: mode)
    for warning in key.warnings?(value) ?? [] { context.stderr.warning(warning) }
    if let shadow = context.environment[key.environmentVariable], !shadow.isEmpty {
      context.stderr.warning("\(key.environmentVariable) is set and overrides '\(key.name)' from the file")
    }
  }
}
