import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall random`: apply a random stored picture.
enum RandomCommand: CommandDefinition {
  static let favorites = Flag("favorites", help: "Pick among favourite pictures only.")
  static let market = CommonOptions.market.with(help: "Pick among pictures shown in this market.")
  static let dryRun = Flag("dry-run", help: "Print the pick without applying it.")
  static let seed = Option<Int>(
    "seed", name: "n", kind: .integer(minimum: 0, maximum: nil),
    help: "Seed the choice, to get the same pick again from the same history.")
  static let options: [any OptionHandle] = [favorites, market, dryRun, seed] + DesktopOptions.all

  static let spec = CommandSpec(
    name: "random", abstract: "Set a random stored picture as the wallpaper.",
    discussion: """
      Never a banned picture or the current one, nor one of the last few shown, so even a small \
      history changes every time.
      """,
    reference: """
      Never a banned picture or the current one, and none of the last min(10, n/2) applied, \
      so a small history still changes every time.
      """,
    options: options.map(\.spec),
    examples: [
      CommandExample("random", "Set a stored picture picked at random"),
      CommandExample("random --favorites", "Pick among your favourites only"),
      CommandExample("random --dry-run", "Say what it would pick, and set nothing"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    var request = Rotate.Request(reason: .random)
    request.favoritesOnly = invocation[favorites]
    request.market = invocation[market]
    request.seed = invocation[seed].map(UInt64.init)
    request.dryRun = invocation[dryRun]
    let outcome = try Rotate(resources: try Resources(invocation, context, options: options)).run(request)
    for lost in outcome.missing { context.stderr.warning(RotateText.missing(lost)) }
    if outcome.alreadyShown {
      if !invocation.quiet { context.stdout.write(RotateText.alreadyShown(outcome, request: request) + "\n") }
    } else if let applied = outcome.applied {
      AppliedText.announce(applied, quiet: invocation.quiet, context: context)
    } else {
      let picture = outcome.picture
      context.stdout.write(
        TerminalText.clean("\(picture.rowID)\t\(picture.date)\t\(picture.id.key)\t\(picture.path)") + "\n")
    }
    return ExitCode.success
  }
}
