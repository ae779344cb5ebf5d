import BingWallBus

/// What UPower says of the power: on battery or not, and the charge of the display device (the
/// laptop's batteries combined).
/// https://upower.freedesktop.org/docs/UPower.html
package struct PowerState: Sendable, Equatable {
  package var onBattery: Bool
  /// 0…100; nil when there is no battery (a desktop) or UPower does not know.
  package var percentage: Double?

  init(onBattery: Bool, percentage: Double?) {
    self.onBattery = onBattery
    self.percentage = percentage
  }

  static let destination = "org.freedesktop.UPower"
  static let path = "/org/freedesktop/UPower"
  static let displayDevice = "/org/freedesktop/UPower/devices/DisplayDevice"

  /// UPower's state on `bus`; nil when it is not there: unknown, which never stops an update.
  package static func read(_ bus: BusConnection) -> PowerState? {
    guard let onBattery = try? bus.boolean("OnBattery", of: destination, at: path, on: destination) else {
      return nil
    }
    let device = "org.freedesktop.UPower.Device"
    let present = (try? bus.boolean("IsPresent", of: device, at: displayDevice, on: destination)) ?? false
    let percentage =
      present ? try? bus.double("Percentage", of: device, at: displayDevice, on: destination) : nil
    return PowerState(onBattery: onBattery, percentage: percentage)
  }

  /// The same read without waiting, for the daemon (see `PropertyRead`); nil when the calls
  /// cannot be sent.
  static func ask(_ bus: BusConnection, deadline: ContinuousClock.Instant) -> PropertyRead<PowerState>? {
    let device = "org.freedesktop.UPower.Device"
    guard
      let onBattery = try? bus.ask("OnBattery", of: destination, at: path, on: destination, type: .boolean),
      let present = try? bus.ask("IsPresent", of: device, at: displayDevice, on: destination, type: .boolean),
      let percentage = try? bus.ask(
        "Percentage", of: device, at: displayDevice, on: destination, type: .double)
    else { return nil }
    return PropertyRead(answers: [onBattery, present, percentage], deadline: deadline) { answers in
      guard let onBattery = answers[0].boolean else { return nil }
      return PowerState(
        onBattery: onBattery, percentage: answers[1].boolean == true ? answers[2].double : nil)
    }
  }

  /// The signals that can change what `read` says: UPower's own properties and its display
  /// device's (not its devices coming and going).
  static let rules = [path, displayDevice].map {
    "type='signal',sender='\(destination)',path='\($0)',member='PropertiesChanged'"
  }
}
