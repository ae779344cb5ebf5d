import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation

@testable import BingWallSchedule

extension RotationSchedule {
  /// Whether a rotation is due at `now`.
  func isDue(after lastRotation: Date?, now: Date) -> Bool {
    next(after: lastRotation, now: now) <= now
  }
}
