import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall prune`: delete pictures by the retention policy, never a favourite or the current
/// wallpaper.
enum PruneCommand: CommandDefinition {
  static let keep = Option<Int>(
    "keep", name: "n", kind: .integer(minimum: 0, maximum: nil),
    help: "Keep the newest n pictures; 0 keeps any number.", default: "config 'retention.keep'"
  ).overriding(ConfigSchema.keep)
  static let olderThan = Option<Int>(
    "older-than", name: "days", kind: .integer(minimum: 0, maximum: nil),
    help: "Delete pictures last shown more than this many days ago; 0 keeps any age.",
    default: "config 'retention.max_age_days'"
  ).overriding(ConfigSchema.maxAgeDays)
  static let maxSize = Option<ByteCount>(
    "max-size", name: "size", kind: .size,
    help: "Delete the oldest pictures until the rest fit, e.g. 500MB or 2GB.",
    default: "config 'retention.max_size'"
  ).overriding(ConfigSchema.maxSize)
  static let dryRun = Flag("dry-run", help: "Only list what would be deleted and the space it would free.")
  static let json = CommonOptions.json
  static let options: [any OptionHandle] = [keep, olderThan, maxSize, dryRun, json]

  static let spec = CommandSpec(
    name: "prune", abstract: "Delete pictures by the retention policy; favourites and the wallpaper stay.",
    discussion: """
      Without options, the retention policy of your configuration applies (update applies it too); \
      each option replaces one of its rules for this run. A picture goes when any rule says so. \
      Favourites and the current wallpaper are never deleted.
      """,
    reference: """
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
    options: options.map(\.spec),
    examples: [
      CommandExample("prune --dry-run", "See what the retention policy would delete"),
      CommandExample("prune --keep 500", "Keep the newest 500 pictures, and every favourite"),
      CommandExample("prune --max-size 2GB", "Delete the oldest pictures until the rest fit in 2 GiB"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    var prune = Prune(resources: try Resources(invocation, context, options: options))
    let quiet = invocation.quiet
    prune.onWait = { pid in WaitingText.announce(pid, for: "update", quiet: quiet, context: context) }
    let isDry = invocation[dryRun]
    let ran: Prune.Report?
    switch try prune.run(dryRun: isDry) {
    case .noPolicy:
      if !quiet {
        context.stderr.write(
          "No retention policy: give --keep, --older-than or --max-size, or set [retention] in the "
            + "config ('bingwall config set retention.keep 500'); nothing deleted.\n")
      }
      ran = nil
    case .nothingStored:
      if !quiet { context.stderr.write("No pictures stored yet; nothing to prune.\n") }
      ran = nil
    case .ran(let outcome):
      for failure in outcome.undeletable {
        context.stderr.warning(RetentionText.undeletable(failure))
      }
      if !invocation[json], !quiet { context.stdout.write(RetentionText.report(outcome)) }
      ran = outcome
    }
    if invocation[json] { context.stdout.write(RetentionText.json(ran, dryRun: isDry).rendered() + "\n") }
    return (ran?.undeletable ?? []).isEmpty ? ExitCode.success : ExitCode.failure
  }
}
