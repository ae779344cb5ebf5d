import BingWallTestSupport
import Testing

@testable import BingWallSystem

@Suite struct UniqueElementsTests {
  @Test func keepsTheFirstOfEachInOrder() {
    #expect(["en-US", "de-DE", "en-US", "ja-JP", "de-DE"].uniqued() == ["en-US", "de-DE", "ja-JP"])
    #expect([Int]().uniqued() == [])
  }

  @Test func dedupesByAKeyKeepingTheFirstElement() {
    let pairs = [(1, "a"), (2, "b"), (1, "c"), (3, "d"), (2, "e")]
    #expect(pairs.uniqued(by: \.0).map(\.1) == ["a", "b", "d"])
  }

  @Test func addSaysWhetherAValueWasNew() {
    var unique = UniqueElements<Int64>()
    let added = [unique.add(5), unique.add(5), unique.add(3)]
    #expect(added == [true, false, true])
    #expect(unique.elements == [5, 3])
    #expect(unique.count == 2)
  }
}
