import BingWallSession
import BingWallSystem

extension Resources {
  /// The daemon's ear on the system bus, for updates: the network coming back, the connection or
  /// the power changing (the power only while `power.min_battery` is set: a laptop's charge moves
  /// every few minutes, and nothing else needs to hear it), the machine waking. Nil without a
  /// system bus: the daemon then runs on its timer alone.
  package func sessionWatch() -> (any SessionEventSource)? {
    SessionWatch(
      environment: context.environment, power: UpdateConditions(configuration).asksPower, clock: context.clock
    )
  }
}
