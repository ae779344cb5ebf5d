/// Why an update was held back by the conditions: the word `status --json`, the daemon and the
/// scheduler's state file keep (`skip_reason`), so its raw value never changes.
package enum UpdateHoldReason: String, Sendable, Hashable, CaseIterable, Codable {
  /// A metered connection, under `network.on_metered = skip`.
  case metered
  /// A battery below `power.min_battery`.
  case battery
}
