/// `bingwall prune`: the configured retention policy (with the command's overrides) applied to
/// the history, under the update lock.
package struct Prune {
  package enum Outcome: Sendable {
    /// No rule is set: nothing is deleted.
    case noPolicy
    /// No history yet: nothing to delete.
    case nothingStored
    case ran(Prune.Report)
  }

  var resources: Resources
  /// Told when the prune must wait for an update to finish, with its pid when known.
  package var onWait: (Int32?) -> Void = { _ in }

  package init(resources: Resources) { self.resources = resources }

  package func run(dryRun: Bool) throws -> Outcome {
    let policy = resources.configuration.retentionPolicy(now: resources.context.clock.now())
    if policy.isEmpty { return .noPolicy }
    guard let store = try resources.existingHistory() else { return .nothingStored }
    let lock = try resources.historyLock(onWait: onWait)
    defer { lock.release() }
    return .ran(try Prune(resources: resources).apply(policy, to: store, dryRun: dryRun))
  }
}
