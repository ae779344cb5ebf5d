import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall favorite [SELECTOR...]` and `bingwall ban [SELECTOR...]` (`--remove` takes the mark
/// off), and `bingwall unfavorite [SELECTOR...]`, which is `favorite --remove`: one command shape for
/// both marks. With no selector they mark the picture on screen, as "keep this one" means.
enum MarkCommand {
  static let selectors = Argument<PictureSelector>(
    ArgumentSpec(
      "selector", kind: .selector,
      help:
        "current (the picture on screen, the default), latest, a picture id, a local date (YYYY-MM-DD) or a key such as OHR.SomePlace; one or more.",
      optional: true, variadic: true))
  static let market = CommonOptions.marketOfDate
  static let remove = Flag("remove", help: "Take the mark off instead.")

  static let favorite = command(
    .favorite, name: "favorite",
    abstract: "Mark pictures as favourites, for random --favorites and the daemon's --favorites rotation.",
    examples: [
      CommandExample("favorite", "Keep the picture on screen: mark it as a favourite"),
      CommandExample("favorite latest", "Mark the newest picture as a favourite"),
      CommandExample("favorite 2026-11-30 2026-12-01", "Mark the pictures of two days"),
      CommandExample("favorite --remove latest", "Take the mark off again"),
    ])
  static let unfavorite = command(
    .favorite, name: "unfavorite", removes: true,
    abstract: "Take the favourite mark off pictures: the same as favorite --remove.",
    examples: [
      CommandExample("unfavorite", "The picture on screen is no longer a favourite"),
      CommandExample("unfavorite 2026-11-30", "Nor is a day's picture"),
    ])
  static let ban = command(
    .banned, name: "ban",
    abstract: "Ban pictures: random, the daemon's rotation and update never set them.",
    examples: [
      CommandExample("ban", "Never show the picture on screen again"),
      CommandExample("ban latest", "Never show the newest picture again"),
      CommandExample("ban --remove 2026-11-30", "Let a day's picture be shown again"),
    ])

  /// `removes`: a command that only takes the mark off (`unfavorite`), so it has no `--remove`.
  static func command(
    _ mark: PictureMark, name: String, removes: Bool = false, abstract: String, examples: [CommandExample]
  ) -> Command {
    Command(
      spec: CommandSpec(
        name: name, abstract: abstract, arguments: [selectors.spec],
        options: removes ? [market.spec] : [market.spec, remove.spec], examples: examples),
      run: { invocation, context in try run(mark, removes: removes, invocation, context) })
  }

  static func run(_ mark: PictureMark, removes: Bool, _ invocation: Invocation, _ context: Context) throws
    -> Int32
  {
    let value = !removes && !invocation[remove]
    let named = invocation.values(of: selectors)
    let outcome = try Mark(resources: try Resources(invocation, context)).run(
      mark, to: value, selectors: named.isEmpty ? [.current] : named, market: invocation[market])
    for picture in outcome.pictures where !invocation.quiet {
      let said = TerminalText.clean("\(picture.date) \(picture.id.key) (\(picture.displayTitle))")
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
