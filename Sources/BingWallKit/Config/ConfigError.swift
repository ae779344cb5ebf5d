import BingWallSchedule
import BingWallSystem
import FoundationEssentials
import Glibc

/// A configuration that cannot be used: a broken file, a bad value, an unknown key.
package enum ConfigError: ExitStatusError, Equatable, Sendable {
  /// The file is not in bingwall's TOML subset at this line.
  case syntax(path: String, line: Int, message: String)
  /// A key holds a value of the wrong type.
  case wrongType(path: String, line: Int, key: String, expected: String)
  /// A value of the right type that the key does not allow. `origin` is `file:line` or a variable;
  /// `suggestions` the nearest allowed values.
  case badValue(origin: String, key: String, message: String, suggestions: [String] = [])
  /// A key bingwall does not know, in the file or on the command line (`origin` nil).
  case unknownKey(origin: String?, key: String, suggestion: String?)
  /// The same key twice in the file.
  case duplicateKey(path: String, line: Int, key: String, firstLine: Int)
  /// The file exists but cannot be read.
  case unreadable(path: String, reason: String)
  /// A file named explicitly (`--config`, `BINGWALL_CONFIG`) does not exist.
  case missing(path: String)

  /// 64 when the command line is at fault (`config set` with a bad key or value), 1 for the file.
  package var exitStatus: Int32 {
    switch self {
    case .unknownKey(let origin, _, _): return origin == nil ? ExitCode.usage : ExitCode.failure
    case .badValue(let origin, _, _, _): return origin == Self.commandLine ? ExitCode.usage : ExitCode.failure
    case .syntax, .wrongType, .duplicateKey, .unreadable, .missing: return ExitCode.failure
    }
  }

  /// The origin of a value typed on the command line (`config set`), which no message repeats.
  package static let commandLine = "command line"

  /// The 1-based line of the file the error is on; nil for one not about a line.
  package var line: Int? {
    switch self {
    case .syntax(_, let line, _), .wrongType(_, let line, _, _), .duplicateKey(_, let line, _, _):
      return line
    case .badValue(let origin, _, _, _), .unknownKey(let origin?, _, _):
      // `path:line` for a value in the file; a variable or the command line otherwise.
      guard let colon = origin.lastIndex(of: ":") else { return nil }
      return Int(origin[origin.index(after: colon)...])
    default:
      return nil
    }
  }

  /// Where it is: `FILE:LINE`, a variable, or nil for the command line.
  var location: String? {
    switch self {
    case .syntax(let path, let line, _), .wrongType(let path, let line, _, _),
      .duplicateKey(let path, let line, _, _):
      return "\(path):\(line)"
    case .badValue(let origin, _, _, _): return origin == Self.commandLine ? nil : origin
    case .unknownKey(let origin, _, _): return origin
    case .unreadable(let path, _), .missing(let path): return path
    }
  }

  /// What is wrong, without where: the description is `location: problem`.
  package var problem: String {
    switch self {
    case .syntax(_, _, let message):
      return message
    case .wrongType(_, _, let key, let expected):
      return "'\(key)': expected \(expected)"
    case .badValue(_, let key, let message, _):
      return "'\(key)': \(message)"
    case .unknownKey(_, let key, _):
      return "unknown key '\(key)'"
    case .duplicateKey(_, _, let key, let firstLine):
      return "'\(key)' is already set on line \(firstLine)"
    case .unreadable(_, let reason):
      return reason
    case .missing:
      return "no such file"
    }
  }

  /// The key the error is about, as the file or the command line spelt it; nil when the line
  /// holds no key that could be read.
  package var key: String? {
    switch self {
    case .wrongType(_, _, let key, _), .badValue(_, let key, _, _), .unknownKey(_, let key, _),
      .duplicateKey(_, _, let key, _):
      return key
    default:
      return nil
    }
  }
}

extension ConfigError: DescribedError, HintedError {
  package var description: String {
    switch self {
    case .unreadable(let path, _), .missing(let path): return "cannot read config \(path): \(problem)"
    default: break
    }
    return location.map { "\($0): \(problem)" } ?? problem
  }

  /// `did you mean 'UHD'?`, `… 'a' or 'b'?`, `… 'a', 'b' or 'c'?`; nil for no suggestion.
  package static func didYouMean(_ suggestions: [String]) -> String? {
    let quoted = suggestions.map { "'\($0)'" }
    guard let last = quoted.last else { return nil }
    let rest = quoted.dropLast().joined(separator: ", ")
    return "did you mean " + (rest.isEmpty ? last : rest + " or " + last) + "?"
  }

  /// The fix: the nearest allowed words, the list of keys, or the command that edits the file.
  package var hint: String? {
    let edit = "'bingwall config edit' opens the file and checks it as you save"
    switch self {
    case .unknownKey(let origin, _, let suggestion):
      if let suggestion { return "did you mean '\(suggestion)'?" }
      return origin == nil
        ? "'bingwall config keys' lists every key" : "'bingwall config keys' lists every key; " + edit
    case .badValue(_, _, _, let suggestions) where !suggestions.isEmpty:
      return Self.didYouMean(suggestions)
    case .badValue(let origin, _, _, _):
      return line == nil || origin == Self.commandLine ? nil : edit
    case .wrongType:
      return "'bingwall config keys' gives each key's type; " + edit
    case .syntax, .duplicateKey:
      return edit
    case .unreadable:
      return nil
    case .missing:
      return "create it with 'bingwall config set KEY VALUE', or name another"
    }
  }
}
