import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall show [SELECTOR]`: one picture (the one on screen by default) as a card; every field
/// with `-v` or `--json`.
enum ShowCommand: CommandDefinition {
  static let selector = Argument<PictureSelector>(
    "selector", kind: .selector, help: CommonOptions.selector.spec.help + " Default: current.", optional: true
  )
  static let market = CommonOptions.marketOfDate
  static let json = CommonOptions.json

  static let spec = CommandSpec(
    name: "show", abstract: "Show one stored picture: its title, story and file.",
    discussion: "With no selector, the picture on screen. With -v or --json, every stored field.",
    arguments: [selector.spec], options: [market.spec, json.spec],
    examples: [
      CommandExample("show", "The picture on screen: title, story, file"),
      CommandExample("show latest", "The newest picture: title, story, file, and how to set it"),
      CommandExample("show -v OHR.Lake", "Every stored field of a picture"),
      CommandExample("show 2026-11-30 --json", "A day's picture, as JSON"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context)
    guard let history = try resources.existingHistory() else { throw HistoryError.empty }
    let picture = try history.resolve(
      invocation[selector] ?? .current, market: invocation[market],
      sources: resources.configuration[ConfigSchema.sources], at: context.clock.now())
    if invocation[json] {
      context.stdout.write(picture.json.rendered() + "\n")
    } else if invocation.verbose {
      context.stdout.write(PictureCard.fields(picture))
    } else {
      context.stdout.write(PictureCard.text(picture, width: context.terminal.width))
    }
    return ExitCode.success
  }
}
