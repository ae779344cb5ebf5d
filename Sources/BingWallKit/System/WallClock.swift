import Foundation

/// The seam for the time of day, so schedules can be tested without sleeping.
public protocol WallClock: Sendable {
  func now() -> Date
}

/// The system's real-time clock.
public struct SystemClock: WallClock {
  public init() {}
  public func now() -> Date { Date() }
}
