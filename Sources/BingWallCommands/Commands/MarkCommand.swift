import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall favorite SELECTOR...` and `bingwall ban SELECTOR...` (`--remove` takes the mark off):
/// one command shape for both marks.
enum MarkCommand {
  static let selectors = Argument<PictureSelector>(
    ArgumentSpec(
      "selector", kind: .selector,
      help: "latest, a picture id, a local date (YYYY-MM-DD) or a key such as OHR.SomePlace; one or more.",
      variadic: true))
  static let market = CommonOptions.marketOfDate
  static let remove = Flag("remove", help: "Take the mark off instead.")

  static let favorite = command(
    .favorite, name: "favorite",
    abstract: "Mark pictures as favourites, for random --favorites and the daemon's --favorites rotation.",
    examples: [
      CommandExample("favorite latest", "Mark the newest picture as a favourite"),
      CommandExample("favorite 2026-11-30 2026-12-01", "Mark the pictures of two days"),
      CommandExample("favorite --remove latest", "Take the mark off again"),
    ])
  static let ban = command(
    .banned, name: "ban",
    abstract: "Ban pictures: random, the daemon's rotation and update never set them.",
    examples: [
      CommandExample("ban latest", "Never show the newest picture again"),
      CommandExample("ban --remove 2026-11-30", "Let a day's picture be shown again"),
    ])

  static func command(_ mark: PictureMark, name: String, abstract: String, examples: [CommandExample])
    -> Command
  {
    Command(
      spec: CommandSpec(
        name: name, abstract: abstract, arguments: [selectors.spec], options: [market.spec, remove.spec],
        examples: examples),
      run: { invocation, context in try run(mark, invocation, context) })
  }

  static func run(_ mark: PictureMark, _ invocation: Invocation, _ context: Context) throws -> Int32 {
    let value = !invocation[remove]
    let outcome = try Mark(resources: try Resources(invocation, context)).run(
      mark, to: value, selectors: invocation.values(of: selectors), market: invocation[market]?.code)
    for picture in outcome.pictures where !invocation.quiet {
      let said = TerminalText.clean("\(picture.date) \(picture.key) (\(picture.displayTitle))")
      context.stdout.write("\(verb(mark, value)) \(said)\n")
    }
    if outcome.bannedCurrent {
      context.stderr.warning(
        "the banned picture is still your wallpaper",
        hint: "'bingwall random' or 'bingwall next' sets another")
    }
    return ExitCode.success
  }

  static func verb(_ mark: PictureMark, _ value: Bool) -> String {
    switch (mark, value) {
    case (.favorite, true): return "Favourite:"
    case (.favorite, false): return "No longer a favourite:"
    case (.banned, true): return "Banned:"
    case (.banned, false): return "No longer banned:"
    }
  }
}
