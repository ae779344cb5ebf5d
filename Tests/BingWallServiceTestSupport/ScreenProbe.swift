import BingWallTestSupport
import Foundation

@testable import BingWallDesktop

/// Waiting for a desktop program to draw: it paints a moment after the setting changes, later still
/// on a loaded machine, so tests poll screenshots instead of sleeping a fixed time.
extension VirtualXServer {
  /// The probe colours of `StripedPicture` once they equal `expected`, or the last ones seen when
  /// `seconds` pass first (a failing expectation then shows them).
  package func probeColours(becoming expected: [UInt32]?, within seconds: Double = 15) throws -> [UInt32] {
    let deadline = Date().addingTimeInterval(seconds)
    var seen: [UInt32] = []
    repeat {
      seen = StripedPicture.probeColours(of: try screenshot())
      if seen == expected { return seen }
      Thread.sleep(forTimeInterval: 0.1)
    } while Date() < deadline
    return seen
  }
}

/// Probe colours as `RRGGBB` words, for a failure message.
package func hex(_ colours: [UInt32]?) -> String {
  (colours ?? []).map { String($0, radix: 16).leftPadded(to: 6) }.joined(separator: " ")
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
