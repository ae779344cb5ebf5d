import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall list`: the history, newest first.
enum ListCommand: CommandDefinition {
  static let limit = Option<Int>(
    "limit", name: "n", kind: .integer(minimum: 0, maximum: nil),
    help: "Show at most n pictures; 0 shows all.",
    default: "20")
  static let market = CommonOptions.market
  static let sources = CommonOptions.source.repeated(
    help: "Only pictures this source showed; may be repeated.")
  static let favorites = Flag("favorites", help: "Only favourite pictures.")
  static let banned = Flag("banned", help: "Only banned pictures.")
  static let since = Option<CalendarDate>(
    "since", name: "date", kind: .date, help: "Only pictures shown on or after this date.")
  static let json = CommonOptions.json
  static let plain = Flag("plain", help: "Print the tab-separated lines a pipe gets, on a terminal too.")
  static let wide = Flag("wide", help: "Show each key whole in the table, however wide it gets.")
  static let options: [any OptionHandle] = [
    limit, market, sources, favorites, banned, since, json, plain, wide,
  ]

  static let spec = CommandSpec(
    name: "list", aliases: ["history"], abstract: "List stored pictures, newest first.",
    discussion: """
      On a terminal: a table of id, date, market or source, favourite mark (*), key and title; \
      'bingwall apply KEY' sets a picture again. A key too long to leave the title its room is \
      shortened in the middle (wikimedia:File:Mess…green).jpg); --wide shows it whole. Piped, or \
      with --plain: one tab-separated line per picture: id, date, market, favorite (1 or 0), key, \
      title, path, source. When more pictures match than --limit shows, stderr says so \
      ("20 of 132; --limit 0 for all").
      """,
    options: options.map(\.spec),
    examples: [
      CommandExample("list", "The 20 newest pictures"),
      CommandExample("list --favorites --limit 0", "Every favourite"),
      CommandExample("list --source apod", "NASA's pictures of the day you have"),
      CommandExample("list --since 2026-11-01 --json", "What came since the first of November, for a script"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context)
    let most = invocation[limit] ?? 20
    let query = HistoryStore.Query(
      limit: most, market: invocation[market],
      favoritesOnly: invocation[favorites], bannedOnly: invocation[banned], since: invocation[since],
      sources: sources.given(in: invocation) ?? [],
      // The table and the plain lines show no story or description: they are not read.
      fields: invocation[json] ? .all : .listed)
    let store = try resources.existingHistory()
    let pictures = try store?.pictures(query) ?? []
    PictureListText(
      json: invocation[json], quiet: invocation.quiet, context: context, plain: invocation[plain],
      wide: invocation[wide]
    )
    .write(pictures, empty: "No pictures stored yet; run 'bingwall update'.")
    // On stderr, piped too: a script reading stdout gets only the lines, and a person learns the
    // list stopped short.
    if let store, most > 0, pictures.count == most, !invocation.quiet {
      let total = try store.pictureCount(query)
      if total > pictures.count {
        context.stderr.write("\(pictures.count) of \(total); --limit 0 for all\n")
      }
    }
    return ExitCode.success
  }
}
