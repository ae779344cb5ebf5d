@testable import BingWallDesktop

/// A backend written by its name, `"feh"`, as tests ask for one; a name the registry does not
/// hold stops the test.
extension BackendName: ExpressibleByStringLiteral {
  public init(stringLiteral name: String) {
    guard let backend = BackendName(name) else { preconditionFailure("no backend called '\(name)'") }
    self = backend
  }
}
