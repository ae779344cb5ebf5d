import BingWallSchedule
import BingWallSources
import BingWallSystem

/// Whether the last update failed, read from the scheduler journal's state, the record `status`
/// shows; an update that succeeds afterwards clears it.
///
/// A warning, not a problem: nothing stored is wrong and `--fix` can mend nothing (the network,
/// Bing, a source are outside), the pictures already stored stay, and the next update tries again
/// by itself. Like the other warnings, it leaves the exit status at 0.
enum DoctorUpdateCheck {
  static func run(_ context: Context) -> DoctorFinding? {
    let state = StateFile(stateDir: context.paths.stateDir).load()
    guard state.lastUpdateFailed, let attempt = state.lastUpdateAttempt else { return nil }
    let time = LocalTime(environment: context.environment).fields(of: attempt)
    let clock = "\(time.day) \(Self.twoDigits(time.hour)):\(Self.twoDigits(time.minute))"
    let count = state.failuresInARow
    let times = count > 1 ? " (\(count) updates in a row)" : ""
    return DoctorFinding(
      .update, .warning, subject: "last update",
      message:
        "failed at \(clock)\(times): \(state.lastFailure?.cause(naming: \.displayName) ?? "unknown error")",
      advice:
        "once the cause is mended, 'bingwall update' tries again (the next scheduled update does by itself)")
  }

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
