@testable import BingWallCLI
@testable import BingWallDesktop

/// Expected invocations written as the words the parser accepted: `["market": ["de-DE"]]`, a
/// flag as `[""]`. Given compares by word, so these equal what the parser made.
extension Invocation.Given: ExpressibleByStringLiteral {
  public init(stringLiteral word: String) {
    self.init(word: word, value: word)
  }
}

/// A backend written by its name, `"feh"`, as tests ask for one; a name the registry does not
/// hold stops the test.
extension BackendName: ExpressibleByStringLiteral {
  public init(stringLiteral name: String) {
    guard let backend = BackendName(name) else { preconditionFailure("no backend called '\(name)'") }
    self = backend
  }
}
