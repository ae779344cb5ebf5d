import BingWallSystem

/// Why a tool's list of screens could not be read.
package enum OutputReadError: ExitStatusError, Equatable, CustomStringConvertible {
  /// The tool ran and printed something that is not its list of screens.
  case unexpected(tool: String, what: String)
  /// No tool that lists screens runs here.
  case noTool(String)
  /// The tool failed; its own words.
  case failed(DesktopError)

  /// 69 when nothing here can list the screens (no compositor, no tool), as a missing desktop;
  /// the tool's own status class when it failed; 1 when it printed nonsense.
  package var exitStatus: Int32 {
    switch self {
    case .unexpected: return ExitCode.failure
    case .noTool: return ExitCode.unavailable
    case .failed(let error): return error.exitStatus
    }
  }

  package var description: String {
    switch self {
    case .unexpected(let tool, let what):
      return "\(tool) printed no list of screens bingwall can read: \(what)"
    case .noTool(let why): return why
    case .failed(let error): return error.description
    }
  }

  /// The objects of the JSON list `text` is, one per screen (`what` names them in the error
  /// when it is no list); an entry that is no object is left out.
  static func entries(_ text: String, tool: String, listOf what: String) throws(OutputReadError)
    -> [[String: JSONValue]]
  {
    guard case .array(let entries) = try json(text, tool: tool) else {
      throw .unexpected(tool: tool, what: "the answer is not a list of \(what)")
    }
    return entries.compactMap { entry in
      guard case .object(let fields) = entry else { return nil }
      return fields
    }
  }

  /// `text` as JSON, or the error that names `tool`.
  static func json(_ text: String, tool: String) throws(OutputReadError) -> JSONValue {
    do {
      return try JSONParser.parse(Array(text.utf8))
    } catch {
      throw .unexpected(tool: tool, what: error.description)
    }
  }
}
