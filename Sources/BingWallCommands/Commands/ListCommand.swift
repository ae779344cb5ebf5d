import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall list`: the history, newest first.
enum ListCommand {
  static let limit = Option<Int>(
    "limit", name: "n", kind: .integer(minimum: 0, maximum: nil),
    help: "Show at most n pictures; 0 shows all.",
    default: "20")
  static let market = CommonOptions.market
  static let favorites = Flag("favorites", help: "Only favourite pictures.")
  static let banned = Flag("banned", help: "Only banned pictures.")
  static let since = Option<String>(
    "since", name: "date", kind: .date, help: "Only pictures shown on or after this date.")
  static let json = CommonOptions.json
  static let options: [any OptionHandle] = [limit, market, favorites, banned, since, json]

  static let command = Command(
    spec: CommandSpec(
      name: "list", aliases: ["history"], abstract: "List stored pictures, newest first.",
      discussion: """
        On a terminal: a table of id, date, market, favourite mark (*) and title. Piped: one \
        tab-separated line per picture: id, date, market, favorite (1 or 0), key, title, path.
        """,
      options: options.map(\.spec)),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context)
    let query = HistoryStore.Query(
      limit: invocation[limit] ?? 20, market: invocation[market]?.code,
      favoritesOnly: invocation[favorites], bannedOnly: invocation[banned], since: invocation[since])
    let pictures = try resources.existingHistory()?.pictures(query) ?? []
    write(
      pictures, json: invocation[json], quiet: invocation.quiet,
      empty: "No pictures stored yet; run 'bingwall update'.",
      context)
    return ExitCode.success
  }

  /// Pictures as `list` prints them, which `search` shares: JSON, a table on a terminal, else one
  /// tab-separated line each; `empty` on stderr when there are none on a terminal.
  static func write(_ pictures: [Picture], json: Bool, quiet: Bool, empty: String, _ context: Context) {
    if json {
      context.stdout.write(JSONOutput.array(pictures.map(\.json)).rendered() + "\n")
    } else if context.terminal.stdoutIsTTY {
      if pictures.isEmpty {
        if !quiet { context.stderr.write(empty + "\n") }
      } else {
        context.stdout.write(table(pictures, width: context.terminal.width))
      }
    } else {
      // One write for all the lines: a pipe reader gets them at once, for one system call.
      var lines = ""
      for picture in pictures {
        let fields = [
          String(picture.id), picture.date, picture.market, picture.favorite ? "1" : "0", picture.key,
          picture.displayTitle, picture.path,
        ]
        lines += fields.map { TerminalText.clean($0).replacingEvery("\t", with: " ") }.joined(separator: "\t")
        lines += "\n"
      }
      context.stdout.write(lines)
    }
  }

  static func table(_ pictures: [Picture], width: Int) -> String {
    let idWidth = max(2, pictures.map { String($0.id).count }.max() ?? 2)
    func pad(_ text: String, _ size: Int) -> String {
      text + String(repeating: " ", count: max(0, size - text.count))
    }
    var lines = [pad("ID", idWidth) + "  DATE        MARKET  FAV  TITLE"]
    let used = idWidth + 2 + 12 + 8 + 5
    for picture in pictures {
      let title = TerminalText.truncate(TerminalText.clean(picture.displayTitle), to: max(10, width - used))
      lines.append(
        pad(String(picture.id), idWidth) + "  " + pad(picture.date, 10) + "  " + pad(picture.market, 6) + "  "
          + (picture.favorite ? " *   " : "     ") + title)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
