import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall show SELECTOR`: every field of one picture.
enum ShowCommand {
  static let selector = CommonOptions.selector
  static let market = CommonOptions.marketOfDate
  static let json = CommonOptions.json

  /// Real command lines for help's and the man page's EXAMPLES (a test parses each).
  static let examples: [CommandExample] = [
    CommandExample("show latest", "Everything about the newest picture"),
    CommandExample("show 2026-11-30 --json", "A day's picture, as JSON"),
  ]

  static let command = Command(
    spec: CommandSpec(
      name: "show", abstract: "Show every field of one stored picture.",
      arguments: [selector.spec], options: [market.spec, json.spec], examples: examples),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context)
    guard let history = try resources.existingHistory() else { throw HistoryError.empty }
    let picture = try history.resolve(invocation[selector] ?? .latest, market: invocation[market]?.code)
    if invocation[json] {
      context.stdout.write(picture.json.rendered() + "\n")
      return ExitCode.success
    }
    guard case .object(let members) = picture.json else { return ExitCode.failure }
    let width = members.map(\.0.count).max() ?? 0
    for (name, value) in members {
      let text: String
      switch value {
      case .string(let string): text = string
      case .integer, .decimal: text = value.rendered()
      case .bool(let flag): text = flag ? "yes" : "no"
      case .null: text = name == "last_applied" ? "never" : "-"
      case .array(let items):
        text = items.compactMap { if case .string(let s) = $0 { s } else { nil } }.joined(separator: " ")
      case .object: text = ""
      }
      context.stdout.write(
        name + ":" + String(repeating: " ", count: width - name.count + 1) + TerminalText.clean(text) + "\n")
    }
    return ExitCode.success
  }
}
