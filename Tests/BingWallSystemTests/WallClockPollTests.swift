import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// The one poll loop, on the test clock: its pauses move the clock on instead of sleeping.
@Suite struct WallClockPollTests {
  @Test func returnsTheFirstValueWithoutWaiting() {
    let clock = TestClock()
    #expect(clock.poll(timeout: .seconds(5), every: .milliseconds(50)) { 42 } == 42)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func checksUntilAValueComes() {
    let clock = TestClock()
    var calls = 0
    let value = clock.poll(timeout: .seconds(5), every: .milliseconds(50)) { () -> String? in
      calls += 1
      return calls == 4 ? "done" : nil
    }
    #expect(value == "done")
    #expect(clock.sleeps == [.milliseconds(50), .milliseconds(50), .milliseconds(50)])
  }

  @Test func givesUpOnceTheTimeoutHasPassedOnTheMonotonicClock() {
    let clock = TestClock()
    let start = clock.monotonicNow()
    var calls = 0
    let value = clock.poll(timeout: .seconds(1), every: .milliseconds(300)) { () -> Int? in
      calls += 1
      return nil
    }
    #expect(value == nil)
    // 0.3, 0.3, 0.3 and the last 0.1: checked at 0, 0.3, 0.6, 0.9 and once more at 1.0.
    #expect(calls == 5)
    #expect(abs(start.duration(to: clock.monotonicNow()).seconds - 1) < 1e-9)
  }

  @Test func anErrorEndsThePollAtOnce() {
    struct Broken: Error {}
    let clock = TestClock()
    #expect(throws: Broken.self) {
      try clock.poll(timeout: .seconds(5), every: .milliseconds(50)) { () throws(Broken) -> Int? in
        throw Broken()
      }
    }
    #expect(clock.sleeps.isEmpty)
  }

  @Test func settingTheWallClockDoesNotMoveTheMonotonicClock() {
    let clock = TestClock()
    let start = clock.monotonicNow()
    clock.set(clock.now() + 3600)
    #expect(clock.monotonicNow() == start)
    clock.advance(2)
    #expect(start.duration(to: clock.monotonicNow()) == .seconds(2))
  }
}
