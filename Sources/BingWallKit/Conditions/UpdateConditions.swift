import BingWallModel
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

  /// What `-v` tells of each condition: whether it was checked, and what the bus answered;
  /// `conditions` is nil when nothing was asked of it.
  func traceLines(_ conditions: SessionConditions?) -> [String] {
    var network = "metered network: "
    if !asksNetwork {
      network += "not checked (network.on_metered = \(onMetered))"
    } else if let state = conditions?.network {
      network +=
        (state.metered ? "yes" : "no") + " (NetworkManager says \(Self.meteredName(state.meteredValue)))"
    } else {
      network += "unknown, NetworkManager did not answer; not held back"
    }
    var battery = "battery: "
    if !asksPower {
      battery += "not checked (power.min_battery = \(minBattery))"
    } else if let state = conditions?.power {
      if !state.onBattery {
        battery += "not in use, on mains power"
      } else if let charge = state.percentage {
        let percent = Int(charge.rounded(.down))
        let side = charge < Double(minBattery.percent) ? "below" : "not below"
        battery += "\(percent)%, \(side) power.min_battery (\(minBattery))"
      } else {
        battery += "in use, charge unknown; not held back"
      }
    } else {
      battery += "unknown, UPower did not answer; not held back"
    }
    return [network, battery]
  }

  /// NMMetered's name for its number, as NetworkManager's documentation spells it.
  static func meteredName(_ value: UInt32) -> String {
    switch value {
    case 1: "YES"
    case 2: "NO"
    case 3: "GUESS_YES"
    case 4: "GUESS_NO"
    default: "UNKNOWN"
    }
  }
}

/// An update held back by the conditions. `reason` is the word `status --json` and the state
/// file keep (`metered`, `battery`); `description` the line the user reads.
package enum ConditionSkip: Sendable, Equatable, CustomStringConvertible {
  /// NetworkManager says the connection is metered (`guess`: it guessed so, GUESS_YES).
  case metered(guess: Bool)
  case battery(percent: Int, minimum: Int)

  package var reason: UpdateHoldReason {
    switch self {
    case .metered: .metered
    case .battery: .battery
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
