import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall random`: apply a random stored picture.
enum RandomCommand {
  static let favorites = Flag("favorites", help: "Pick among favourite pictures only.")
  static let market = CommonOptions.market.with(help: "Pick among pictures shown in this market.")
  static let dryRun = Flag("dry-run", help: "Print the pick without applying it.")
  static let seed = Option<Int>(
    "seed", name: "n", kind: .integer(minimum: 0, maximum: nil),
    help: "Seed the choice, to get the same pick again from the same history.")
  static let options: [any OptionHandle] = [favorites, market, dryRun, seed] + DesktopOptions.all

  static let command = Command(
    spec: CommandSpec(
      name: "random", abstract: "Set a random stored picture as the wallpaper.",
      discussion: """
        Never a banned picture or the current one, and none of the last min(10, n/2) applied, \
        so a small history still changes every time.
        """,
      options: options.map(\.spec)),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context, options: options)
    guard let store = try resources.existingHistory() else { throw HistoryError.empty }
    let query = HistoryStore.RandomQuery(
      favoritesOnly: invocation[favorites], market: invocation[market]?.code)
    guard try store.pictures(.init(limit: 1)).first != nil else { throw HistoryError.empty }
    var missing: [Picture] = []
    let picture: Picture?
    if let seed = invocation[seed] {
      var generator = SeededGenerator(seed: UInt64(seed))
      picture = try store.randomReadablePicture(query, using: &generator, missing: &missing)
    } else {
      var generator = SystemRandomNumberGenerator()
      picture = try store.randomReadablePicture(query, using: &generator, missing: &missing)
    }
    for lost in missing {
      context.stderr.write(
        TerminalText.clean("warning: skipped \(lost.key): its file \(lost.path) is gone") + "\n")
    }
    guard let picture else { throw HistoryError.nothingToPick }
    if invocation[dryRun] {
      context.stdout.write(
        TerminalText.clean("\(picture.id)\t\(picture.date)\t\(picture.key)\t\(picture.path)") + "\n")
      return ExitCode.success
    }
    AppliedText.announce(
      try Apply.picture(picture, store: store, reason: .random, resources: resources),
      quiet: invocation.quiet,
      context: context)
    return ExitCode.success
  }

  /// The daemon's rotation: a random pick through the same query as `bingwall random`, applied.
  /// Returns the line to log, or nil when there is nothing to pick yet.
  static func rotate(_ resources: Resources, favoritesOnly: Bool) throws -> String? {
    guard let store = try resources.existingHistory() else { return nil }
    var generator = SystemRandomNumberGenerator()
    var missing: [Picture] = []
    guard
      let picture = try store.randomReadablePicture(
        .init(favoritesOnly: favoritesOnly), using: &generator, missing: &missing)
    else {
      return nil
    }
    return AppliedText.logLine(
      try Apply.picture(picture, store: store, reason: .rotate, resources: resources))
  }
}
