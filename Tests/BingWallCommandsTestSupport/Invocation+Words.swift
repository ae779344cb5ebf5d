import BingWallTestSupport

@testable import BingWallCLI

/// Expected invocations written as the words the parser accepted: `["market": ["de-DE"]]`, a
/// flag as `[""]`. Given compares by word, so these equal what the parser made.
extension Invocation.Given: ExpressibleByStringLiteral {
  public init(stringLiteral word: String) {
    self.init(word: word, value: word)
  }
}
