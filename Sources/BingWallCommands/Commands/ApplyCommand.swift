import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall apply [SELECTOR|FILE]`: set a stored picture, or any image file, as the wallpaper.
enum ApplyCommand: CommandDefinition {
  /// A selector, or a path when it has a `/`: read as the word typed, to tell which.
  static let target = Argument<String>(
    "selector", kind: .selectorOrFile,
    help: CommonOptions.selector.spec.help + " Or a path to an image file.",
    optional: true)
  static let market = CommonOptions.marketOfDate
  static let options: [any OptionHandle] = [market] + DesktopOptions.all

  static let spec = CommandSpec(
    name: "apply", abstract: "Set a stored picture, or an image file, as the wallpaper.",
    discussion: """
      The argument is a FILE when it contains a '/' (use ./name for a file here); otherwise it \
      selects a stored picture. Without an argument the newest picture is applied. A JPEG or \
      PNG file is cut for each screen, as a stored picture is.
      """,
    arguments: [target.spec], options: options.map(\.spec),
    examples: [
      CommandExample("apply", "Set the newest stored picture"),
      CommandExample("apply 2026-11-30", "Set the picture of a day"),
      CommandExample(
        "apply ./beach.jpg --mode fit", "Set a file of your own, whole, with bars where it does not fill"),
      CommandExample("apply latest --lock-screen", "Put the newest picture on the lock screen too"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context, options: options)
    let argument = invocation[target] ?? "latest"
    let outcome: Apply.Outcome
    if argument.contains("/") {
      outcome = try Apply.file(Paths.absolute(argument), resources: resources)
    } else {
      guard let store = try resources.existingHistory() else { throw HistoryError.empty }
      let picture = try store.resolve(
        PictureSelector(parsing: argument), market: invocation[market],
        sources: resources.configuration[ConfigSchema.sources], at: context.clock.now())
      outcome = try Apply.picture(picture, store: store, reason: .apply, resources: resources)
    }
    AppliedText.announce(outcome, quiet: invocation.quiet, context: context)
    return ExitCode.success
  }
}
