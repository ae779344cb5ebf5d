import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall next` and `bingwall previous` (`prev`): one day on from the picture on screen.
enum StepCommand {
  static let markets = CommonOptions.market
    .repeated(help: "Step through the pictures of this market (default: config 'markets').")
    .overriding(ConfigSchema.markets)
  static let options: [any OptionHandle] = [markets] + DesktopOptions.all

  static let discussion = """
    Pictures are in date order, each on the newest day it appeared in the markets; banned ones \
    are skipped. The screens are set as 'apply' sets them, and the line printed says where the \
    picture stands ('picture 7 of 8'). At either end nothing changes.
    """

  static let next = command(
    .newer, name: "next", aliases: [],
    abstract: "Set the picture of the day after the one on screen.",
    examples: [
      CommandExample("next", "Step one day towards today"),
      CommandExample("next --lock-screen", "Step forward, on the lock screen too"),
    ])
  static let previous = command(
    .older, name: "previous", aliases: ["prev"],
    abstract: "Set the picture of the day before the one on screen.",
    examples: [
      CommandExample("previous", "Step one day back"),
      CommandExample("previous --mode fit", "Step back, and show the whole picture"),
    ])

  static func command(
    _ direction: TimelineDirection, name: String, aliases: [String], abstract: String,
    examples: [CommandExample]
  ) -> Command {
    Command(
      spec: CommandSpec(
        name: name, aliases: aliases, abstract: abstract, discussion: discussion,
        options: options.map(\.spec), examples: examples),
      run: { invocation, context in try run(direction, invocation, context) })
  }

  static func run(_ direction: TimelineDirection, _ invocation: Invocation, _ context: Context) throws
    -> Int32
  {
    let outcome = try Step(resources: try Resources(invocation, context, options: options)).run(direction)
    for lost in outcome.missing { context.stderr.warning(RotateText.missing(lost)) }
    let place = "\(outcome.place.position) of \(outcome.place.count)"
    if let applied = outcome.applied {
      if !invocation.quiet { context.stdout.write(AppliedText.line(applied) + " (picture \(place))\n") }
      if let warning = AppliedText.warning(applied) { context.stderr.warning(warning) }
    } else if !invocation.quiet {
      let picture = outcome.picture
      let (none, end) = direction == .newer ? ("newer", "newest") : ("older", "oldest")
      context.stdout.write(
        TerminalText.clean(
          "No \(none) picture: the \(end) is \(picture.date) \(picture.id.key) (\(picture.displayTitle)), \(place)."
        )
          + "\n")
    }
    return ExitCode.success
  }
}
