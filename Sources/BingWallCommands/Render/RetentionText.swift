import BingWallKit
import BingWallStore
import BingWallSystem

/// What the retention policy did, as `prune` and update's retention step say it.
enum RetentionText {
  /// `Deleted 3 pictures (7.2 MB) by the retention policy.`, or nil when it deleted nothing.
  static func summary(_ retention: Prune.Report) -> String? {
    let plan = retention.plan
    guard !plan.removed.isEmpty else { return nil }
    return "Deleted \(Counted.phrase(plan.removed.count, "picture")) "
      + "(\(HumanUnits.describe(bytes: plan.removedBytes))) by the retention policy."
  }

  /// Without the `warning: ` prefix: the row is gone, the file is not.
  static func undeletable(_ path: String) -> String {
    "cannot delete \(TerminalText.clean(path)); its row is gone, delete it by hand"
  }

  /// Without the `warning: ` prefix.
  static func failed(_ error: any Error) -> String {
    "the retention policy was not applied: \(TerminalText.clean("\(error)"))"
  }

  /// One line per picture, then what it frees and what stays: `prune`'s report.
  static func report(_ outcome: Prune.Report) -> String {
    let plan = outcome.plan
    let verb = outcome.dryRun ? "Would delete" : "Deleted"
    var lines = plan.removed.map { item in
      TerminalText.clean("\(verb) \(named(item)), \(HumanUnits.describe(bytes: item.bytes))")
    }
    if outcome.leftoversRemoved > 0 {
      lines.append("Removed \(outcome.leftoversRemoved) file(s) an interrupted prune left behind.")
    }
    let stay = "\(plan.keptCount) stay (\(HumanUnits.describe(bytes: plan.keptBytes)))"
    if plan.removed.isEmpty {
      lines.append("Nothing to delete; \(stay).")
    } else {
      let freed = outcome.dryRun ? "Would free" : "Freed"
      lines.append(
        "\(freed) \(HumanUnits.describe(bytes: plan.removedBytes)) (\(Counted.phrase(plan.removed.count, "picture"))); \(stay)."
      )
    }
    if let over = plan.protectedBytesOverLimit {
      lines.append(
        "Favourites and the current wallpaper alone take \(HumanUnits.describe(bytes: over)), more than the size limit; "
          + "unmark some favourites ('bingwall favorite --remove') to meet it.")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A picture named once: `2026-11-28 OHR.Reef (Reef title)`; a key that is the date (APOD's)
  /// or a title that repeats the key or the date is said once, not twice.
  static func named(_ item: RetentionItem) -> String {
    var words = [item.date.description]
    if item.key != item.date.description { words.append(item.key) }
    if !item.title.isEmpty, !words.contains(item.title) { words.append("(\(item.title))") }
    return words.joined(separator: " ")
  }

  /// `prune --json`: deleted, freed_bytes, kept, kept_bytes, dry_run.
  static func json(_ outcome: Prune.Report?, dryRun: Bool) -> JSONOutput {
    let plan = outcome?.plan
    return .object([
      ("dry_run", .bool(dryRun)),
      ("deleted", json(plan?.removed ?? [])),
      ("freed_bytes", .integer(plan?.removedBytes ?? 0)),
      ("kept", .integer(Int64(plan?.keptCount ?? 0))),
      ("kept_bytes", .integer(plan?.keptBytes ?? 0)),
    ])
  }

  /// The pictures deleted, as `prune --json` (`deleted`) and `update --json` (`pruned`) print them.
  static func json(_ items: [RetentionItem]) -> JSONOutput {
    .array(
      items.map { item in
        .object([
          ("id", .integer(item.id)), ("key", .string(item.key)), ("date", .string(item.date.description)),
          ("title", .string(item.title)), ("path", .string(item.path)), ("bytes", .integer(item.bytes)),
        ])
      })
  }
}
