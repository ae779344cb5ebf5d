import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall search TEXT`: pictures whose title, caption or credit holds the text, in any market.
enum SearchCommand: CommandDefinition {
  static let text = Argument<String>(
    ArgumentSpec(
      "text",
      help: "Words to find (every one, as a word prefix, any case and accents), or Chinese or Japanese text.",
      variadic: true))
  static let limit = Option<Int>(
    "limit", name: "n", kind: .integer(minimum: 0, maximum: nil),
    help: "Show at most n pictures; 0 shows all.",
    default: "20")
  static let sources = CommonOptions.source.repeated(
    help: "Only pictures this source showed; may be repeated.")
  static let json = CommonOptions.json

  static let spec = CommandSpec(
    name: "search", abstract: "Find stored pictures by their titles, captions and credits, newest first.",
    discussion: """
      Each word must begin a word of the text, in any case and with or without accents; Chinese, \
      Japanese and Korean text matches anywhere. Output as for list. Exits 1 when nothing \
      matches, as grep does.
      """,
    reference: """
      Latin, Greek and Cyrillic text is matched word by word, each word as a prefix, ignoring \
      case and accents (a word typed without its accents still matches); Chinese, Japanese and \
      Korean text is matched as a substring, one character on. Output as for list. The exit \
      status is 0 when a picture matches and 1 when none does (or none is stored), as grep's.
      """,
    arguments: [text.spec], options: [limit.spec, sources.spec, json.spec],
    examples: [
      CommandExample("search lighthouse", "Pictures whose title, caption or credit name a lighthouse"),
      CommandExample("search national park --limit 5", "The five newest that have both words"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let text = invocation.values(of: self.text).joined(separator: " ")
    let list = PictureListText(json: invocation[json], quiet: invocation.quiet, context: context)
    let search = Search(resources: try Resources(invocation, context))
    switch try search.run(text, limit: invocation[limit] ?? 20, sources: sources.given(in: invocation) ?? [])
    {
    case .nothingStored:
      list.write([], empty: "No pictures stored yet; run 'bingwall update'.")
      return ExitCode.failure
    case .nothingToSearchFor:
      throw UsageError("'\(TerminalText.clean(text))' has no letter or digit to search for", path: ["search"])
    case .found(let pictures):
      list.write(pictures, empty: "Nothing stored matches that.")
      // As grep: 1 when nothing matches, so `bingwall search x && …` reads as it says.
      return pictures.isEmpty ? ExitCode.failure : ExitCode.success
    }
  }
}
