/// `[network] on_metered`: whether an update downloads over a metered connection (a phone's
/// hotspot, a connection marked metered in NetworkManager).
enum MeteredPolicy: String, Sendable, CaseIterable, LosslessStringConvertible, ConfigText {
  /// Wait for an unmetered connection; the daemon tries again when the connection changes.
  case skip
  /// Download anyway.
  case allow

  init?(_ description: String) { self.init(rawValue: description) }
  package var description: String { rawValue }
}
