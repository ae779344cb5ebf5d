/// A tool a backend needs and does not find: one name, or alternatives any one of which would
/// do (`swww` or `awww`), each named to the user.
package struct MissingTool: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// At least one name.
  package let names: [String]

  package init(_ name: String) { names = [name] }

  /// Alternatives, in the order the user knows them.
  package init(anyOf names: [String]) { self.names = names }

  package init(stringLiteral name: String) { self.init(name) }

  /// `a or b`.
  package var description: String { names.joined(separator: " or ") }

  /// "'feh' is not installed"; for alternatives, "neither 'a' nor 'b' is installed", so the user
  /// sees every name the tool goes by.
  var notInstalled: String {
    let quoted = names.map { "'\($0)'" }
    switch quoted.count {
    case 0, 1: return "'\(description)' is not installed"
    case 2: return "neither \(quoted[0]) nor \(quoted[1]) is installed"
    default:
      return
        "none of \(quoted.dropLast().joined(separator: ", ")) or \(quoted[quoted.count - 1]) is installed"
    }
  }
}
