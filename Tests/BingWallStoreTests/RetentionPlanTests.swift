import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallStore
@testable import BingWallSystem

/// The retention arithmetic alone: which of a newest-first list goes under each rule.
@Suite struct RetentionPlanTests {
  /// Ten pictures, one a day from 2026-12-10 back to 2026-12-01, of 100 bytes each; id 1 is the newest.
  static let items = (1...10).map { day in
    RetentionItem(
      id: Int64(day), key: "OHR.P\(day)", date: CalendarDate(year: 2026, month: 12, day: 11 - day)!,
      title: "",
      path: "/p/\(day).jpg", bytes: 100, favorite: day == 9)
  }

  static func removed(_ policy: RetentionPolicy, protected: Set<Int64> = []) -> [Int64] {
    RetentionPlan(items: items, policy: policy, protected: protected).removed.map(\.id)
  }

  @Test func anEmptyPolicyRemovesNothing() {
    #expect(Self.removed(RetentionPolicy()).isEmpty)
    #expect(RetentionPolicy().isEmpty)
  }

  @Test func keepCountsFavouritesButNeverRemovesThem() {
    #expect(Self.removed(RetentionPolicy(keep: 7)) == [8, 10])
    #expect(Self.removed(RetentionPolicy(keep: 7), protected: [10]) == [8])
  }

  @Test func ageRemovesWhatWasShownBeforeTheCutoff() {
    #expect(Self.removed(RetentionPolicy(shownBefore: "2026-12-03")) == [10])
    #expect(Self.removed(RetentionPolicy(shownBefore: "2026-12-05")) == [7, 8, 10])
  }

  @Test func sizeRemovesTheOldestRemovableUntilTheRestFit() {
    #expect(Self.removed(RetentionPolicy(maxBytes: 700)) == [7, 8, 10])
    #expect(Self.removed(RetentionPolicy(maxBytes: 699)) == [6, 7, 8, 10])
    let plan = RetentionPlan(items: Self.items, policy: RetentionPolicy(maxBytes: 150), protected: [1])
    #expect(plan.removed.count == 8)
    #expect(plan.protectedBytesOverLimit == 200)  // the favourite and the protected one
    #expect(plan.keptCount == 2)
    #expect(plan.keptBytes == 200)
    #expect(plan.removedBytes == 800)
  }

  /// What keep or age already removes no longer counts against the size: keep 8 removes 10 (9 is
  /// the favourite), leaving 900 bytes; 700 then needs two more, the oldest: 8 and 7.
  @Test func rulesCombineAsAUnion() {
    #expect(Self.removed(RetentionPolicy(keep: 8, maxBytes: 700)) == [7, 8, 10])
    #expect(
      Self.removed(RetentionPolicy(keep: 9, shownBefore: "2026-12-04", maxBytes: 600)) == [6, 7, 8, 10])
  }
}
