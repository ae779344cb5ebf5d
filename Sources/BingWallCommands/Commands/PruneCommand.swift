import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall prune`: delete pictures by the retention policy, never a favourite or the current
/// wallpaper.
enum PruneCommand {
  static let keep = Option<Int>(
    "keep", name: "n", kind: .integer(minimum: 0, maximum: nil),
    help: "Keep the newest n pictures; 0 keeps any number.", default: "config 'retention.keep'"
  ).overriding(ConfigSchema.keep)
  static let olderThan = Option<Int>(
    "older-than", name: "days", kind: .integer(minimum: 0, maximum: nil),
    help: "Delete pictures last shown more than this many days ago; 0 keeps any age.",
    default: "config 'retention.max_age_days'"
  ).overriding(ConfigSchema.maxAgeDays)
  static let maxSize = Option<String>(
    "max-size", name: "size", help: "Delete the oldest pictures until the rest fit, e.g. 500MB or 2GB.",
    default: "config 'retention.max_size'"
  ).overriding(ConfigSchema.maxSize)
  static let dryRun = Flag("dry-run", help: "Only list what would be deleted and the space it would free.")
  static let json = CommonOptions.json
  static let options: [any OptionHandle] = [keep, olderThan, maxSize, dryRun, json]

  static let command = Command(
    spec: CommandSpec(
      name: "prune", abstract: "Delete pictures by the retention policy; favourites and the wallpaper stay.",
      discussion: """
        Each option replaces its [retention] config key for this run; with none given, the \
        config's policy applies (update applies it too, after every update). A picture goes when \
        any rule says so: it is not among the newest n, it was last shown more than the days \
        given ago, or it is among the oldest that must go for the rest to fit in the size \
        (powers of 1024: 2GB is 2 GiB). Favourites and the current wallpaper are never deleted. \
        Rows are deleted first, then files; a prune cut short leaves files that the next prune \
        removes. A pruned picture is not downloaded again while Bing still shows it (update \
        --force does). --json prints deleted (id, key, date, title, path, bytes), freed_bytes, \
        kept, kept_bytes and dry_run.
        """,
      options: options.map(\.spec)),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context, options: options)
    let policy = resources.configuration.retentionPolicy(now: context.clock.now())
    let isDry = invocation[dryRun]
    if policy.isEmpty {
      if !invocation.quiet {
        context.stderr.write(
          "No retention policy: give --keep, --older-than or --max-size, or set [retention] in the "
            + "config ('bingwall config set retention.keep 500'); nothing deleted.\n")
      }
      if invocation[json] { context.stdout.write(json(nil, dryRun: isDry).rendered() + "\n") }
      return ExitCode.success
    }
    guard let store = try resources.existingHistory() else {
      if invocation[json] { context.stdout.write(json(nil, dryRun: isDry).rendered() + "\n") }
      if !invocation.quiet { context.stderr.write("No pictures stored yet; nothing to prune.\n") }
      return ExitCode.success
    }
    let lock = try resources.historyLock { pid in
      WaitingText.announce(pid, for: "update", quiet: invocation.quiet, context: context)
    }
    defer { lock.release() }
    let outcome = try Pruner(resources: resources).run(policy, store: store, dryRun: isDry)
    for failure in outcome.undeletable {
      context.stderr.write(
        "warning: cannot delete \(TerminalText.clean(failure)); its row is gone, delete it by hand\n")
    }
    if invocation[json] {
      context.stdout.write(json(outcome, dryRun: isDry).rendered() + "\n")
    } else if !invocation.quiet {
      context.stdout.write(text(outcome))
    }
    return outcome.undeletable.isEmpty ? ExitCode.success : ExitCode.failure
  }

  /// One line per picture, then what it frees and what stays.
  static func text(_ outcome: Pruner.Outcome) -> String {
    let plan = outcome.plan
    let verb = outcome.dryRun ? "Would delete" : "Deleted"
    var lines = plan.removed.map { item in
      TerminalText.clean(
        "\(verb) \(item.date) \(item.key) (\(item.title)), \(HumanUnits.describe(bytes: item.bytes))")
    }
    if outcome.leftoversRemoved > 0 {
      lines.append("Removed \(outcome.leftoversRemoved) file(s) an interrupted prune left behind.")
    }
    let stay = "\(plan.keptCount) stay (\(HumanUnits.describe(bytes: plan.keptBytes)))"
    if plan.removed.isEmpty {
      lines.append("Nothing to delete; \(stay).")
    } else {
      let count = plan.removed.count == 1 ? "1 picture" : "\(plan.removed.count) pictures"
      let freed = outcome.dryRun ? "Would free" : "Freed"
      lines.append("\(freed) \(HumanUnits.describe(bytes: plan.removedBytes)) (\(count)); \(stay).")
    }
    if let over = plan.protectedBytesOverLimit {
      lines.append(
        "Favourites and the current wallpaper alone take \(HumanUnits.describe(bytes: over)), more than the size limit; "
          + "unmark some favourites ('bingwall favorite --remove') to meet it.")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func json(_ outcome: Pruner.Outcome?, dryRun: Bool) -> JSONOutput {
    let plan = outcome?.plan
    return .object([
      ("dry_run", .bool(dryRun)),
      ("deleted", json(plan?.removed ?? [])),
      ("freed_bytes", .integer(plan?.removedBytes ?? 0)),
      ("kept", .integer(Int64(plan?.keptCount ?? 0))),
      ("kept_bytes", .integer(plan?.keptBytes ?? 0)),
    ])
  }

  /// The pictures deleted, as `prune --json` and `update --json` (`pruned`) print them.
  static func json(_ items: [RetentionItem]) -> JSONOutput {
    .array(
      items.map { item in
        .object([
          ("id", .integer(item.id)), ("key", .string(item.key)), ("date", .string(item.date)),
          ("title", .string(item.title)), ("path", .string(item.path)), ("bytes", .integer(item.bytes)),
        ])
      })
  }
}
