import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall search TEXT`: pictures whose title, caption or credit holds the text, in any market.
enum SearchCommand {
  static let text = Argument<String>(
    ArgumentSpec(
      "text",
      help: "Words to find (every one, as a word prefix, any case and accents), or Chinese or Japanese text.",
      variadic: true))
  static let limit = Option<Int>(
    "limit", name: "n", kind: .integer(minimum: 0, maximum: nil),
    help: "Show at most n pictures; 0 shows all.",
    default: "20")
  static let json = CommonOptions.json

  static let command = Command(
    spec: CommandSpec(
      name: "search", abstract: "Find stored pictures by their titles, captions and credits, newest first.",
      discussion: """
        Latin, Greek and Cyrillic text is matched word by word, each word as a prefix, ignoring \
        case and accents (a word typed without its accents still matches); Chinese, Japanese and \
        Korean text is matched as a substring, one character on. Output as for list.
        """,
      arguments: [text.spec], options: [limit.spec, json.spec]),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context)
    let query = invocation.values(of: text).joined(separator: " ")
    guard let history = try resources.existingHistory() else {
      ListCommand.write(
        [], json: invocation[json], quiet: invocation.quiet,
        empty: "No pictures stored yet; run 'bingwall update'.",
        context)
      return ExitCode.success
    }
    guard let pictures = try history.search(query, limit: invocation[limit] ?? 20) else {
      throw UsageError(
        "'\(TerminalText.clean(query))' has no letter or digit to search for", path: ["search"])
    }
    ListCommand.write(
      pictures, json: invocation[json], quiet: invocation.quiet, empty: "Nothing stored matches that.",
      context)
    return ExitCode.success
  }
}
