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
    abstract: "Mark pictures as favourites, for random --favorites and the daemon's --favorites rotation.")
  static let ban = command(
    .banned, name: "ban",
    abstract: "Ban pictures: random, the daemon's rotation and update never set them.")

  static func command(_ mark: PictureMark, name: String, abstract: String) -> Command {
    Command(
      spec: CommandSpec(
        name: name, abstract: abstract, arguments: [selectors.spec], options: [market.spec, remove.spec]),
      run: { invocation, context in try run(mark, invocation, context) })
  }

  /// Every selector is resolved before anything changes, so a typo in the third leaves the first two
  /// as they were.
  static func run(_ mark: PictureMark, _ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context)
    guard let history = try resources.existingHistory() else { throw HistoryError.empty }
    let pictures = try invocation.values(of: selectors).map { selector in
      try history.resolve(selector, market: invocation[market]?.code)
    }.uniqued(by: \.id)
    let value = !invocation[remove]
    try history.setMark(mark, to: value, pictureIDs: pictures.map(\.id))

    let current = try history.recentlyApplied(limit: 1).first
    for picture in pictures where !invocation.quiet {
      let said = TerminalText.clean("\(picture.date) \(picture.key) (\(picture.displayTitle))")
      context.stdout.write("\(verb(mark, value)) \(said)\n")
    }
    if mark == .banned, value, let current, pictures.contains(where: { $0.id == current }) {
      // Nothing automatic: the user may be about to pick the next one by hand.
      context.stderr.write(
        "note: the banned picture is still your wallpaper; run 'bingwall random' to set another\n")
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
