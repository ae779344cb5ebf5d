import BingWallSession

/// Whether an update may use the network now: not over a metered connection
/// (`network.on_metered = skip`), not on a battery below `power.min_battery`; `update --force`
/// and the `allow` and `0%` settings lift each. What the bus does not know (no NetworkManager,
/// no UPower, no bus at all) never holds an update back.
///
/// Only updates are held: a rotation shows a stored picture and costs no download.
struct UpdateConditions: Sendable, Equatable {
  var onMetered: MeteredPolicy
  var minBattery: BatteryThreshold

  init(_ configuration: Configuration) {
    onMetered = configuration[ConfigSchema.onMetered]
    minBattery = configuration[ConfigSchema.minBattery]
  }

  /// Whether anything is to be asked of the bus at all: with both lifted, nothing is.
  var asksNetwork: Bool { onMetered == .skip }
  var asksPower: Bool { minBattery.percent > 0 }

  /// Why an update is held back under `conditions`, nil when it may run.
  func hold(_ conditions: SessionConditions) -> ConditionSkip? {
    if asksNetwork, let network = conditions.network, network.metered {
      return .metered(guess: network.meteredValue == 3)
    }
    if asksPower, let power = conditions.power, power.onBattery, let charge = power.percentage,
      charge < Double(minBattery.percent)
    {
      return .battery(percent: Int(charge.rounded(.down)), minimum: minBattery.percent)
    }
    return nil
  }
}

/// An update held back by the conditions. `reason` is the word `status --json` and the state
/// file keep (`metered`, `battery`); `description` the line the user reads.
package enum ConditionSkip: Sendable, Equatable, CustomStringConvertible {
  /// NetworkManager says the connection is metered (`guess`: it guessed so, GUESS_YES).
  case metered(guess: Bool)
  case battery(percent: Int, minimum: Int)

  package var reason: String {
    switch self {
    case .metered: "metered"
    case .battery: "battery"
    }
  }

  package var description: String {
    switch self {
    case .metered(let guess):
      "the connection is metered (NetworkManager says \(guess ? "GUESS_YES" : "YES")); "
        + "set network.on_metered = allow, or run update --force"
    case .battery(let percent, let minimum):
      "on battery at \(percent)%, below power.min_battery (\(minimum)%); plug in, or run update --force"
    }
  }
}
