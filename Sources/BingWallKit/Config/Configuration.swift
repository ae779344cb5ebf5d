import BingWallBing
import BingWallDesktop
import BingWallModel
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// The effective settings: command line over environment over config file over defaults.
package struct Configuration: Sendable {
  /// Where a setting's value came from, as `config show` prints it.
  package enum Source: Sendable, Equatable, CustomStringConvertible {
    case builtIn
    /// The default market taken from the locale variable named.
    case locale(variable: String)
    case file(path: String, line: Int)
    case environment(variable: String)
    case commandLine(option: String)

    package var description: String {
      switch self {
      case .builtIn: return "default"
      case .locale(let variable): return "default, from \(variable)"
      case .file(let path, let line): return "\(path):\(line)"
      case .environment(let variable): return variable
      case .commandLine(let option): return option
      }
    }
  }

  package struct Setting: Sendable, Equatable {
    package var value: ConfigValue
    package var source: Source
  }

  /// A value given on the command line for a key, e.g. `--market de-DE` for `markets`.
  package struct Override: Sendable {
    var key: ConfigKeySpec
    var value: ConfigValue
    var option: String

    package init(key: ConfigKeySpec, value: ConfigValue, option: String) {
      self.key = key
      self.value = value
      self.option = option
    }
  }

  /// The config file consulted (it may not exist).
  let file: String
  /// The parsed file, or nil when there is none.
  package let document: ConfigDocument?
  private var settings: [String: Setting]

  /// Loads every layer of `keys` (the schema with the context's sources, `ConfigSchema.keys(for:)`).
  /// A file named explicitly (`--config`, `BINGWALL_CONFIG`) must exist.
  ///
  /// `lenient` reads past the file's bad lines (see `ConfigDocument.lenient`), whose keys keep
  /// their defaults, and keeps them in `problems`: every command but `config` reads the file so,
  /// and says what it ignored (`ignoredLines`). Strict, the first bad line is thrown: for
  /// `config get`, and for the checks of `config set`, `unset` and `edit`. A file that cannot be
  /// read as text, a bad environment variable or option is thrown either way.
  ///
  /// An empty `file` is no file: the defaults, the environment and the overrides.
  static func load(
    file: String, in fileSystem: any FileSystem, explicit: Bool, environment: [String: String],
    overrides: [Override] = [], lenient: Bool = false, keys: [ConfigKeySpec] = ConfigSchema.keys
  ) throws(ConfigError) -> Configuration {
    let document =
      file.isEmpty
      ? nil
      : lenient
        ? try ConfigFile.readLeniently(file, in: fileSystem) : try ConfigFile.read(file, in: fileSystem)
    if document == nil && explicit {
      throw ConfigError.missing(path: file)
    }
    var settings: [String: Setting] = [:]
    for key in keys {
      settings[key.name] = Setting(value: key.defaultValue, source: .builtIn)
    }
    if let market = localeMarket(environment) {
      settings[ConfigSchema.markets.name] = Setting(
        value: [market.market].configValue, source: .locale(variable: market.variable))
    }
    for entry in document?.entries ?? [] {
      settings[entry.key] = Setting(value: entry.value, source: .file(path: file, line: entry.line))
    }
    for key in keys {
      guard let raw = environment[key.environmentVariable], !raw.isEmpty else { continue }
      let value = try parse(raw, for: key, origin: key.environmentVariable)
      settings[key.name] = Setting(value: value, source: .environment(variable: key.environmentVariable))
    }
    for override in overrides {
      let key = override.key
      switch key.validate(override.value) {
      case .success(let value):
        settings[key.name] = Setting(value: value, source: .commandLine(option: override.option))
      case .failure(let refusal):
        throw ConfigError.badValue(
          origin: ConfigError.commandLine, key: override.option, message: refusal.reason,
          suggestions: refusal.suggestions)
      }
    }
    return Configuration(file: file, document: document, settings: settings)
  }

  /// The lines of the file left out, read leniently, in file order; empty otherwise.
  package var problems: [ConfigError] { document?.problems ?? [] }

  /// One warning per line of the file left out, saying what is in force instead, and its fix:
  /// `FILE:2: 'mode': 'fil' is not allowed (…); line ignored: mode = "auto" (default)`.
  package var ignoredLines: [(warning: String, hint: String?)] {
    problems.map { problem in
      var consequence = "line ignored"
      if case .duplicateKey = problem {
        // The first line of the key stays in force; nothing else to say.
      } else if let name = problem.key ?? problem.line.flatMap({ document?.rejectedKey(atLine: $0) }),
        ConfigSchema.key(named: name) != nil
      {
        let setting = setting(name)
        consequence += ": \(name) = \(setting.value.tomlLiteral) (\(setting.source))"
      }
      return ("\(problem.description); \(consequence)", problem.hint)
    }
  }

  /// Reads a value typed by a person (environment, `config set`) for `key`, validated.
  package static func parse(_ raw: String, for key: ConfigKeySpec, origin: String) throws(ConfigError)
    -> ConfigValue
  {
    guard let value = key.type.parse(raw) else {
      throw ConfigError.badValue(
        origin: origin, key: key.name, message: "expected \(key.type.phrase), got '\(raw)'")
    }
    switch key.validate(value) {
    case .success(let normalised): return normalised
    case .failure(let refusal):
      throw ConfigError.badValue(
        origin: origin, key: key.name, message: refusal.reason, suggestions: refusal.suggestions)
    }
  }

  /// The value `key` has when neither the file nor a variable sets it: its built-in default,
  /// or for `markets` the market the locale names.
  package static func defaultValue(of key: ConfigKeySpec, environment: [String: String]) -> ConfigValue {
    guard key.name == ConfigSchema.markets.name, let market = localeMarket(environment) else {
      return key.defaultValue
    }
    return [market.market].configValue
  }

  /// The market a locale variable names, looking where POSIX does: LC_ALL, then LANG.
  static func localeMarket(_ environment: [String: String]) -> (market: Market, variable: String)? {
    for variable in ["LC_ALL", "LANG"] {
      guard let value = environment[variable], !value.isEmpty else { continue }
      return Market.fromLocale(value).flatMap(Market.init).map { ($0, variable) }
    }
    return nil
  }

  /// The setting of the key a person named (`config get KEY`); code reads typed keys instead.
  package func setting(_ key: String) -> Setting {
    // Every schema key has a setting; asking for another is a programming error.
    guard let setting = settings[key] else { preconditionFailure("no config key '\(key)'") }
    return setting
  }

  /// The effective value of a key: `configuration[ConfigSchema.markets]`.
  package subscript<Value>(key: ConfigKey<Value>) -> Value {
    // Every layer validated the value against the key, so it has the key's type.
    Value(configValue: setting(key.name).value) ?? key.defaultValue
  }

  // MARK: - Values derived from a key

  /// The Bing base URL without a trailing slash.
  var endpoint: String {
    var url = self[ConfigSchema.endpoint]
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }

  /// The image folder: `image_dir` with `~` expanded, else the XDG default.
  func imageDir(paths: Paths) -> String {
    let configured = self[ConfigSchema.imageDir]
    guard !configured.isEmpty else { return paths.defaultImageDir }
    if configured.hasPrefix("~/") { return paths.home + configured.dropFirst(1) }
    return configured
  }
}

/// Reading and writing config.toml, through the context's file system.
package enum ConfigFile {
  /// The parsed file, or nil when it does not exist.
  package static func read(_ path: String, in fileSystem: any FileSystem) throws(ConfigError)
    -> ConfigDocument?
  {
    try contents(path, in: fileSystem).map { text throws(ConfigError) in
      try ConfigDocument(parsing: text, path: path)
    }
  }

  /// The file parsed past its bad lines (kept in `problems`), or nil when it does not exist.
  /// Throws only when it cannot be read as text at all.
  package static func readLeniently(_ path: String, in fileSystem: any FileSystem) throws(ConfigError)
    -> ConfigDocument?
  {
    try contents(path, in: fileSystem).map { ConfigDocument.lenient(parsing: $0, path: path) }
  }

  /// The file's text, or nil when it does not exist.
  package static func contents(_ path: String, in fileSystem: any FileSystem) throws(ConfigError) -> String? {
    let read: [UInt8]?
    do {
      read = try fileSystem.contents(of: path)
    } catch .system(_, _, let errno) where errno == EISDIR {
      throw ConfigError.unreadable(path: path, reason: "it is a folder")
    } catch {
      throw ConfigError.unreadable(path: path, reason: String(cString: strerror(error.errno ?? EIO)))
    }
    guard let data = read else { return nil }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw ConfigError.syntax(path: path, line: 1, message: "the file is not UTF-8 text")
    }
    return text
  }

  /// Replaces the file with `text` at once (`AtomicFile`), keeping its mode. A config kept in a
  /// dotfiles folder and linked here: the file the link points to is written, so the link stays
  /// a link.
  package static func write(_ text: String, to path: String, in fileSystem: any FileSystem) throws(FileError)
  {
    let target = fileSystem.resolvingLinks(path)
    try fileSystem.makeFolder(Paths.parent(of: target))
    let mode = fileSystem.status(of: target, followingLinks: true)?.mode ?? 0o644
    try fileSystem.writeAtomically(Array(text.utf8), to: target, mode: mode)
  }
}
