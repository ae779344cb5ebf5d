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

  /// The signals that can change what `read` says: UPower's own and its display device's.
  static let rules = [
    "type='signal',sender='\(destination)',path='\(path)'",
    "type='signal',sender='\(destination)',path='\(displayDevice)'",
  ]
}
