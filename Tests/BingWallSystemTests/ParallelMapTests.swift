import Testing

@testable import BingWallSystem

@Suite struct ParallelMapTests {
  @Test func everyElementIsMappedInOrder() {
    for count in [0, 1, 2, 3, 1001] {
      let elements = Array(0..<count)
      #expect(ParallelMap.map(elements, threads: 2) { $0 * 3 + 1 } == elements.map { $0 * 3 + 1 })
      #expect(ParallelMap.map(elements, threads: 7) { String($0) } == elements.map { String($0) })
    }
  }

  @Test func oneThreadIsAPlainMap() {
    #expect(ParallelMap.map(["a", "b"], threads: 1) { $0.uppercased() } == ["A", "B"])
  }
}
