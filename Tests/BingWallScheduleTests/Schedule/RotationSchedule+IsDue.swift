import Foundation

@testable import BingWallSchedule
import BingWallServiceTestSupport
import BingWallTestSupport

extension RotationSchedule {
  /// Whether a rotation is due at `now`.
  func isDue(after lastRotation: Date?, now: Date) -> Bool {
    next(after: lastRotation, now: now) <= now
  }
}
