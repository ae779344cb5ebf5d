import BingWallSystem
import FoundationEssentials
import Glibc

/// What every completion script needs, read once from the command table, so the three scripts
/// agree with each other and with the parser.
struct CompletionModel {
  /// One command users can reach: the root, a command or a subcommand.
  struct Node {
    /// Command names from the root; `[]` is `bingwall` itself.
    var path: [String]
    var spec: CommandSpec
    /// What the parser accepts here: the command's own options and the global ones.
    var options: [OptionSpec]

    /// `bingwall/config/get`: one word that names the place, for the scripts' `case` labels.
    var key: String { (["bingwall"] + path).joined(separator: "/") }
  }

  /// How a value or an argument is completed, in the terms the shells offer.
  enum Completion: Equatable {
    case nothing
    case words([String])
    case files
    case directories
    case selectors
    case selectorsOrFiles
    /// The values of the config key named by the argument before.
    case configValues([ConfigKeyChoices])
    /// Command names, then the subcommands of the ones before (`help config set`).
    case commands

    init(_ kind: ValueKind) {
      switch kind {
      case .text, .integer, .date, .duration, .size: self = .nothing
      case .configValue(let keys): self = .configValues(keys)
      case .commandPath: self = .commands
      case .choice, .configKey, .languageRegion: self = .words(kind.choices ?? [])
      case .file: self = .files
      case .directory: self = .directories
      case .selector: self = .selectors
      case .selectorOrFile: self = .selectorsOrFiles
      }
    }
  }

  /// Every visible node, depth first, the root first.
  let nodes: [Node]

  init(root: CommandSpec) {
    var nodes: [Node] = []
    func visit(_ spec: CommandSpec, path: [String]) {
      let global = GlobalOptions.all.filter { global in !spec.options.contains { $0.long == global.long } }
      nodes.append(Node(path: path, spec: spec, options: spec.options + global))
      for child in spec.visibleSubcommands { visit(child, path: path + [child.name]) }
    }
    visit(root, path: [])
    self.nodes = nodes
  }

  /// Every spelling of an option that takes a value, over all commands.
  ///
  /// The scripts skip the word after these when they work out where the cursor is. One list
  /// serves every command because no option is a flag in one command and takes a value in another
  /// (`CompletionScriptTests` checks this).
  var valueOptionWords: [String] {
    var words: [String] = []
    for node in nodes {
      for option in node.options where option.takesValue {
        for word in Self.spellings(of: option) where !words.contains(word) { words.append(word) }
      }
    }
    return words
  }

  /// `--market` and `-m`.
  static func spellings(of option: OptionSpec) -> [String] {
    ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])
  }

  /// How the positional argument at `index` of `node` is completed.
  static func argument(_ node: Node, index: Int) -> Completion {
    let arguments = node.spec.arguments
    if index < arguments.count { return Completion(arguments[index].kind) }
    if let last = arguments.last, last.variadic { return Completion(last.kind) }
    return .nothing
  }

  /// `'text'` for bash, zsh and fish alike: a quote inside becomes `'\''` (fish: `\'`).
  static func quoted(_ text: String, fish: Bool = false) -> String {
    if fish {
      return "'"
        + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'")
        + "'"
    }
    return "'" + text.replacingEvery("'", with: "'\\''") + "'"
  }

  /// The note at the top of every generated script.
  static func header(comment: String, shell: String, file: String) -> String {
    """
    \(comment) \(shell) completion for bingwall(1).
    \(comment) Generated from bingwall's command table; do not edit. Regenerate with:
    \(comment)   swift run bingwall completions \(shell) > completions/\(file)

    """
  }

  /// A shell function that is one `case` on `subject`, as bash and zsh write every lookup of
  /// their scripts: the comment, the arms, then `after` (what runs when no arm returned) and a
  /// blank line.
  static func caseFunction(
    _ name: String, comment: String, on subject: String = "$1", arms: [String], after: [String] = []
  ) -> [String] {
    ["# " + comment, "\(name)() {", "  case \(subject) in"] + arms + ["  esac"] + after + ["}", ""]
  }

  /// `_bingwall_takes_value`, which bash and zsh share: whether an option word takes a value.
  /// `pattern` writes a case label as the shell does.
  func takesValueFunction(comment: String, pattern: ([String]) -> String) -> [String] {
    Self.caseFunction(
      "_bingwall_takes_value", comment: comment, arms: ["    \(pattern(valueOptionWords)) return 0 ;;"],
      after: ["  return 1"])
  }

  /// `_bingwall_name`, which bash and zsh share: the name of subcommand $2 of path $1, aliases
  /// resolved; `otherwise` is what it prints for a name that is no alias.
  func nameFunction(pattern: ([String]) -> String, print: String, otherwise: String) -> [String] {
    var arms: [String] = []
    for node in nodes {
      for child in node.spec.visibleSubcommands {
        for alias in child.aliases {
          arms.append("    \(pattern(["\(node.key)/\(alias)"])) \(print) \(child.name) ;;")
        }
      }
    }
    arms.append("    \(pattern(["*"])) \(print) \(otherwise) ;;")
    return Self.caseFunction(
      "_bingwall_name", comment: "The name of subcommand $2 of path $1, with aliases resolved.", on: "$1/$2",
      arms: arms)
  }

  /// The two shell functions bash and zsh share, `_bingwall_option_value` and
  /// `_bingwall_argument`: a `case` on "path:option" or "path:index" naming how a word is
  /// completed. Only the shells' case-pattern syntax and print command differ.
  func valueLookups(pattern: ([String]) -> String, print: String) -> [String] {
    var optionArms: [String] = []
    for node in nodes {
      for option in node.options where option.takesValue {
        let completion = Completion(option.kind)
        guard completion != .nothing else { continue }
        let labels = Self.spellings(of: option).map { "\(node.key):\($0)" }
        optionArms.append("    \(pattern(labels)) \(print) \(BashCompletion.describe(completion)) ;;")
      }
    }
    var argumentArms: [String] = []
    for node in nodes {
      for (index, argument) in node.spec.arguments.enumerated() {
        let completion = Completion(argument.kind)
        guard completion != .nothing else { continue }
        let label = argument.variadic ? "\(node.key):*" : "\(node.key):\(index)"
        argumentArms.append("    \(pattern([label])) \(print) \(BashCompletion.describe(completion)) ;;")
      }
    }
    let configArms = configValueKeys.map { keys in
      "    \(pattern([keys.key])) \(print) \(Self.quoted(keys.values.joined(separator: " "))) ;;"
    }
    return Self.caseFunction(
      "_bingwall_option_value", comment: "How the value of option $2 of the command at path $1 is completed.",
      on: "$1:$2", arms: optionArms)
      + Self.caseFunction(
        "_bingwall_argument",
        comment: "How argument number $2 (from 0) of the command at path $1 is completed.",
        on: "$1:$2", arms: argumentArms)
      + Self.caseFunction(
        "_bingwall_config_values", comment: "The values config key $1 takes, for 'config set KEY VALUE'.",
        arms: configArms)
  }

  /// The keys with values to complete, from the first argument that completes config values.
  var configValueKeys: [ConfigKeyChoices] {
    for node in nodes {
      for argument in node.spec.arguments {
        if case .configValue(let keys) = argument.kind { return keys }
      }
    }
    return []
  }
}
