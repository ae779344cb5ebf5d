import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall config path|show|keys|get KEY|set KEY VALUE|unset KEY|edit`.
enum ConfigCommand: CommandDefinition {
  /// The key as the user typed it: `get`, `set` and `unset` look it up by that name.
  static let keyArgument = Argument<String>(
    "key", kind: .configKey(ConfigSchema.keys.map(\.name)),
    help: "A config key, e.g. resolution or daemon.rotate; 'bingwall config keys' lists them.")
  static let valueArgument = Argument<String>(
    "value",
    kind: .configValue(
      ConfigSchema.keys.compactMap { key in key.choices.map { ConfigKeyChoices(key: key.name, values: $0) } }),
    help: "The new value.")

  /// Each subcommand with its run: the spec lists them, and the parsed path picks one from this list.
  static let subcommands: [Command] = [
    Command(spec: CommandSpec(name: "path", abstract: "Print the path of the config file."), run: runPath),
    Command(
      spec: CommandSpec(
        name: "show", abstract: "Print every key's effective value and where it came from.",
        discussion: """
          A line of the file that cannot be used is marked, and its key shows the default in \
          force instead.
          """,
        options: [CommonOptions.json.spec]), run: runShow),
    Command(
      spec: CommandSpec(
        name: "keys", abstract: "List every key with its type, default and meaning.",
        examples: [CommandExample("config keys", "Every key, its type and its default")]), run: runKeys),
    Command(
      spec: CommandSpec(
        name: "get", abstract: "Print one key's effective value.", arguments: [keyArgument.spec],
        examples: [CommandExample("config get mode", "One setting")]), run: runGet),
    Command(
      spec: CommandSpec(
        name: "set", abstract: "Check a value and write it to the config file.",
        discussion: """
          Arrays take a comma-separated list: 'bingwall config set markets de-DE,fr-FR'. \
          'bingwall config keys' lists every key, its type and the values it allows.
          """,
        arguments: [keyArgument.spec, valueArgument.spec]), run: runSet),
    Command(
      spec: CommandSpec(
        name: "unset", abstract: "Return a key to its default, taking its line out of the file.",
        arguments: [keyArgument.spec],
        examples: [CommandExample("config unset mode", "Back to the default mode")]), run: runUnset),
    Command(
      spec: CommandSpec(
        name: "edit", abstract: "Edit the config file in your editor, checked before it is saved.",
        discussion: """
          Opens a copy in $VISUAL, else $EDITOR, else vi; the variable may hold arguments \
          ('code --wait'), split at spaces and run without a shell. When you save, the copy is \
          checked: each bad line is shown and you may edit again. The file is replaced only by \
          a copy without errors. Needs a terminal.
          """), run: runEdit),
  ]

  static let spec = CommandSpec(
    name: "config", abstract: "Show or change the configuration.",
    discussion: """
      Settings come from the command line, then BINGWALL_* environment variables, then the \
      config file, then built-in defaults. 'config set' and 'config unset' edit the file in \
      place, keeping your other lines and comments.
      """,
    subcommands: subcommands.map(\.spec),
    examples: [
      CommandExample("config show", "Every setting, and where its value comes from"),
      CommandExample("config set mode fill", "Crop the picture to fill each screen from now on"),
      CommandExample("config set daemon.rotate 1h", "Let the daemon show another picture every hour"),
      CommandExample("config edit", "Edit the file in your editor; it is checked before it is saved"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    try Command.runSubcommand(of: invocation, context, among: subcommands)
  }

  static func runPath(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let location = ConfigLocation(configFile: invocation.configFile, context: context)
    context.stdout.write(location.path + "\n")
    return ExitCode.success
  }

  static func runShow(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let location = ConfigLocation(configFile: invocation.configFile, context: context)
    try ConfigShow.run(location, json: invocation[CommonOptions.json], context)
    return ExitCode.success
  }

  static func runKeys(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    context.stdout.write(
      ConfigShow.keys(ConfigSchema.keys(for: context.sources), width: context.terminal.width))
    return ExitCode.success
  }

  static func runGet(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let location = ConfigLocation(configFile: invocation.configFile, context: context)
    let key = invocation[keyArgument] ?? ""
    context.stdout.write(try location.load().setting(key).value.plain + "\n")
    return ExitCode.success
  }

  static func runSet(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let location = ConfigLocation(configFile: invocation.configFile, context: context)
    let line = try set(invocation[keyArgument] ?? "", invocation[valueArgument] ?? "", location, context)
    if !invocation.quiet { context.stdout.write(line + "\n") }
    return ExitCode.success
  }

  static func runUnset(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let location = ConfigLocation(configFile: invocation.configFile, context: context)
    let line = try unset(invocation[keyArgument] ?? "", location, context)
    if !invocation.quiet { context.stdout.write(line + "\n") }
    return ExitCode.success
  }

  static func runEdit(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let location = ConfigLocation(configFile: invocation.configFile, context: context)
    switch try ConfigEdit(location, context: context).run(prompter: TerminalPrompter(context: context)) {
    case .unchanged: context.stdout.write("No changes; \(location.path) is as it was.\n")
    case .saved: context.stdout.write("Saved \(location.path).\n")
    }
    return ExitCode.success
  }

  /// Writes the value; returns the line that confirms it (`ConfigChangeLine`).
  static func set(_ name: String, _ raw: String, _ location: ConfigLocation, _ context: Context) throws
    -> String
  {
    let key = try schemaKey(name)
    // A file broken elsewhere is reported, never overwritten; a bad line of this key is replaced.
    var document =
      try ConfigFile.readLeniently(location.path, in: location.fileSystem)
      ?? ConfigDocument(path: location.path)
    try document.checkProblems(except: key.name)
    let value = try Configuration.parse(raw, for: key, origin: ConfigError.commandLine)
    let before = document.value(of: key.name)
    try document.set(key, to: value)
    try ConfigFile.write(document.text, to: location.path, in: location.fileSystem)
    warnIfShadowed(key, context)
    return ConfigChangeLine.set(
      key, to: value, before: before,
      defaultValue: Configuration.defaultValue(of: key, environment: context.environment))
  }

  /// Takes the key's lines out of the file; every other byte stays. Nothing to do is no error.
  /// Returns the line that confirms it (`ConfigChangeLine`).
  static func unset(_ name: String, _ location: ConfigLocation, _ context: Context) throws -> String {
    let key = try schemaKey(name)
    // A file that does not set the key (or does not exist) is left as it is, untouched.
    let defaultValue = Configuration.defaultValue(of: key, environment: context.environment)
    guard var document = try ConfigFile.readLeniently(location.path, in: location.fileSystem) else {
      return ConfigChangeLine.unset(key, before: nil, defaultValue: defaultValue)
    }
    try document.checkProblems(except: key.name)
    let before = document.value(of: key.name)
    if try document.unset(key) {
      try ConfigFile.write(document.text, to: location.path, in: location.fileSystem)
    }
    warnIfShadowed(key, context)
    return ConfigChangeLine.unset(key, before: before, defaultValue: defaultValue)
  }

  static func schemaKey(_ name: String) throws(ConfigError) -> ConfigKeySpec {
    // The parser took only schema keys; this is for a caller that did not go through it.
    guard let key = ConfigSchema.key(named: name) else {
      throw ConfigError.unknownKey(origin: nil, key: name, suggestion: nil)
    }
    return key
  }

  static func warnIfShadowed(_ key: ConfigKeySpec, _ context: Context) {
    if let shadow = context.environment[key.environmentVariable], !shadow.isEmpty {
      context.stderr.warning("\(key.environmentVariable) is set and overrides '\(key.name)' from the file")
    }
  }
}
