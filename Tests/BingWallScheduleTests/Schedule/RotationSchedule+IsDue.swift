import Foundation

@testable import BingWallSchedule
@testable import BingWallServiceTestSupport
@testable import BingWallTestSupport

extension RotationSchedule {
  /// Whether a rotation is due at `now`.
  func isDue(after lastRotation: Date?, now: Date) -> Bool {
    next(after: lastRotation, now: now) <= now
  }
}
