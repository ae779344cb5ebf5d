import BingWallCLI
import BingWallKit
import BingWallSystem

/// `config show [--json]` and `config keys`: the settings in force, and the schema they follow.
enum ConfigShow {
  /// Every key's effective value and source. A file with bad lines is still shown: each bad
  /// line is marked on stderr, and its key shows the default in force.
  static func run(_ location: ConfigLocation, json: Bool, _ context: Context) throws {
    let configuration = try location.load(lenient: true)
    let problems = configuration.document?.problems ?? []
    if json {
      context.stdout.write(document(configuration, file: location.path, problems: problems).rendered() + "\n")
    } else {
      context.stdout.write(text(configuration))
    }
    guard !problems.isEmpty else { return }
    for problem in problems {
      // A near word is worth its own line; the way to fix the file is said once, below.
      let guess = problem.hint.flatMap { $0.hasPrefix("did you mean") ? $0 : nil }
      context.stderr.warning(problem.description, hint: guess)
    }
    let lines = problems.count == 1 ? "1 line" : "\(problems.count) lines"
    context.stderr.warning(
      "\(lines) of \(location.path) ignored: every command goes on without "
        + (problems.count == 1 ? "it, its key" : "them, their keys")
        + " at the default, until the file is fixed",
      hint: "'bingwall config edit' opens the file and checks it as you save")
  }

  /// `key = value  # source`, aligned; a key whose line is ignored says so.
  static func text(_ configuration: Configuration) -> String {
    let rows = ConfigSchema.keys.map { key -> (String, String) in
      let setting = configuration.setting(key.name)
      var source = setting.source.description
      let ignored = (configuration.document?.problems(of: key.name) ?? []).compactMap(\.line)
      if !ignored.isEmpty {
        source += "; line \(ignored.map(String.init).joined(separator: ", ")) ignored"
      }
      return ("\(key.name) = \(setting.value.tomlLiteral)", source)
    }
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { assignment, source in
      assignment + String(repeating: " ", count: width - assignment.count) + "  # \(source)\n"
    }.joined()
  }

  /// `{"file": …, "settings": {KEY: {"value", "default", "source", …}}, "problems": […]}`.
  static func document(_ configuration: Configuration, file: String, problems: [ConfigError]) -> JSONOutput {
    let settings = ConfigSchema.keys.map { key -> (String, JSONOutput) in
      let setting = configuration.setting(key.name)
      var members: [(String, JSONOutput)] = [
        ("value", json(setting.value)), ("default", json(key.defaultValue)),
      ]
      switch setting.source {
      case .builtIn: members.append(("source", .string("default")))
      case .locale(let variable): members += [("source", .string("locale")), ("variable", .string(variable))]
      case .file(_, let line): members += [("source", .string("file")), ("line", .integer(Int64(line)))]
      case .environment(let variable):
        members += [("source", .string("environment")), ("variable", .string(variable))]
      case .commandLine(let option): members += [("source", .string("option")), ("option", .string(option))]
      }
      return (key.name, .object(members))
    }
    let marked = problems.map { problem -> JSONOutput in
      .object([
        ("line", problem.line.map { .integer(Int64($0)) } ?? .null), ("key", .optional(problem.key)),
        ("message", .string(problem.problem)), ("hint", .optional(problem.hint)),
      ])
    }
    return .object([("file", .string(file)), ("settings", .object(settings)), ("problems", .array(marked))])
  }

  static func json(_ value: ConfigValue) -> JSONOutput {
    switch value {
    case .string(let text): return .string(text)
    case .integer(let number): return .integer(Int64(number))
    case .number(let number): return .decimal(number)
    case .boolean(let flag): return .bool(flag)
    case .strings(let items): return .array(items.map(JSONOutput.string))
    }
  }

  /// Every key of `keys` (the schema with the context's sources): name, type and default on one line, then what it does and the
  /// values it takes.
  static func keys(_ keys: [ConfigKeySpec] = ConfigSchema.keys, width: Int) -> String {
    var out = ""
    for key in keys {
      out += "\(key.name)  (\(key.type.name), default \(key.defaultValue.tomlLiteral))\n"
      var lines = [key.help]
      if let allowed = key.allowed {
        // Every one: this is where a refusal of a long list (markets) sends the user.
        lines.append("Values: " + allowed.joined(separator: ", ") + ".")
      }
      for line in lines {
        let wrapped = Help.wrap(line, width: max(20, width - 4), indent: 0)
        out += wrapped.split(separator: "\n").map { "    " + $0 + "\n" }.joined()
      }
    }
    return out
  }
}
