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
  /// A value of the right type that the key does not allow. `origin` is `file:line` or a variable.
  case badValue(origin: String, key: String, message: String)
  /// A key bingwall does not know, in the file or on the command line (`origin` nil).
  case unknownKey(origin: String?, key: String, suggestion: String?)
  /// The same key twice in the file.
  case duplicateKey(path: String, line: Int, key: String, firstLine: Int)
  /// The file exists but cannot be read, or a file named explicitly does not exist.
  case unreadable(path: String, reason: String)

  /// 64 when the command line is at fault (`config set` with a bad key or value), 1 for the file.
  package var exitStatus: Int32 {
    switch self {
    case .unknownKey(nil, _, _): return ExitCode.usage
    case .badValue(let origin, _, _) where origin == "command line": return ExitCode.usage
    default: return ExitCode.failure
    }
  }
}

extension ConfigError: CustomStringConvertible, LocalizedError {
  package var description: String {
    switch self {
    case .syntax(let path, let line, let message):
      return "\(path):\(line): \(message)"
    case .wrongType(let path, let line, let key, let expected):
      return "\(path):\(line): '\(key)': expected \(expected)"
    case .badValue(let origin, let key, let message):
      let prefix = origin == "command line" ? "" : origin + ": "
      return "\(prefix)'\(key)': \(message)"
    case .unknownKey(let origin, let key, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; 'bingwall config show' lists every key"
      return "\(origin.map { $0 + ": " } ?? "")unknown key '\(key)'\(hint)"
    case .duplicateKey(let path, let line, let key, let firstLine):
      return "\(path):\(line): '\(key)' is already set on line \(firstLine); keep one"
    case .unreadable(let path, let reason):
      return "cannot read config \(path): \(reason)"
    }
  }

  package var errorDescription: String? { description }
}
