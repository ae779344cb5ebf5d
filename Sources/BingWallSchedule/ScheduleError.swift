import BingWallSystem
import FoundationEssentials
import Glibc

/// A schedule that cannot be used as stored.
enum ScheduleError: Error, Equatable, Sendable {
  /// The daemon's state file is not the JSON it writes; `detail` says what is wrong.
  case unreadableState(source: String, detail: String)
}

extension ScheduleError: DescribedError {
  var description: String {
    switch self {
    case .unreadableState(let source, let detail):
      return "cannot read the daemon state \(source): \(detail); "
        + "delete it to start over (the next update and rotation then run at once)"
    }
  }
}
