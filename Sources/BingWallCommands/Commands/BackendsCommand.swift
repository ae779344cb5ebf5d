import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall backends`: every backend, whether it can work here, and which one is used.
enum BackendsCommand: CommandDefinition {
  static let options: [any OptionHandle] = [DesktopOptions.backend, CommonOptions.json]

  static let spec = CommandSpec(
    name: "backends", abstract: "List the wallpaper backends: available, detected, selected.",
    options: options.map(\.spec),
    examples: [
      CommandExample("backends", "Which backends work here, and which one is used"),
      CommandExample("backends --backend feh", "Whether feh would work here"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context, options: options)
    let requested = resources.configuration[ConfigSchema.backend]
    let statuses = BackendSelector.statuses(
      requested, from: resources.backends, in: resources.desktopSession)
    if invocation[CommonOptions.json] {
      let rows = statuses.map { status -> JSONOutput in
        .object([
          ("name", .string(status.name)), ("available", .bool(status.available)),
          ("detected", .bool(status.detected)), ("selected", .bool(status.selected)),
          ("tools", .array(status.tools.map(JSONOutput.string))),
          ("outputs", .string(status.outputSource.rawValue)),
          ("per_output", .bool(status.pictureScope == .eachOutput)),
          ("scope", .string(status.pictureScope.rawValue)),
          ("note", .string(status.note)),
        ])
      }
      context.stdout.write(JSONOutput.array(rows).rendered() + "\n")
      return ExitCode.success
    }
    func yes(_ flag: Bool) -> String { flag ? "yes" : "-" }
    var lines = ["BACKEND     AVAILABLE  DETECTED  SELECTED  NOTE"]
    for status in statuses {
      // Each cell at least one space wider than its text, so a long name never touches the next.
      func cell(_ text: String, _ width: Int) -> String { text.padded(to: max(width, text.count + 1)) }
      lines.append(
        cell(status.name, 12) + cell(yes(status.available), 11) + cell(yes(status.detected), 10)
          + cell(yes(status.selected), 10) + status.note)
    }
    lines.append("")
    lines.append(
      BackendSelector.verdict(
        requested, from: resources.backends, in: resources.desktopSession))
    context.stdout.write(lines.joined(separator: "\n") + "\n")
    return ExitCode.success
  }
}
