/// `[power] min_battery`: the charge below which an update on battery waits, written `20%`;
/// `0` (or `0%`, `off`) never waits.
struct BatteryThreshold: Sendable, Equatable, LosslessStringConvertible, ConfigText {
  /// 0…100.
  package let percent: Int

  init?(_ description: String) {
    let text = description.trimmed()
    if text == "off" {
      percent = 0
      return
    }
    let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let number = Int(digits), (0...100).contains(number) else { return nil }
    percent = number
  }

  package var description: String { "\(percent)%" }
}
