import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall __complete selectors` and `bingwall __man`: hidden plumbing for the completion
/// scripts and the man page, left out of help, suggestions, completions and the man page.
enum CompleteCommand {
  /// How many pictures the scripts offer: the newest, so a tab press stays instant.
  static let selectorLimit = 200

  static let command = Command(
    spec: CommandSpec(
      name: "__complete", abstract: "Print words for the completion scripts.",
      subcommands: [
        CommandSpec(
          name: "selectors", abstract: "Print the ids, dates and keys of the newest stored pictures.",
          hidden: true)
      ],
      hidden: true),
    run: { invocation, context in
      guard invocation.path == ["__complete", "selectors"] else { return ExitCode.success }
      context.stdout.write(selectors(databaseFile: context.paths.databaseFile).map { $0 + "\n" }.joined())
      return ExitCode.success
    })

  /// Ids, dates and keys, newest first, each once; nothing when there is no history or it
  /// cannot be read, since a completion must never print errors into the user's command line.
  static func selectors(databaseFile: String) -> [String] {
    guard let store = try? HistoryStore.openExisting(path: databaseFile),
      let pictures = try? store.pictures(HistoryStore.Query(limit: selectorLimit))
    else { return [] }
    let rowIDs = pictures.map { String($0.rowID) }
    return (rowIDs + pictures.map(\.date.description) + pictures.map(\.selectorKey)).uniqued()
  }

  static let list = Flag("list", help: "Print the pages' file names, one a line.")
  static let pageName = Argument<String>(
    "page", help: "The page to print: bingwall-update.1.", optional: true)

  /// `bingwall __man NAME` prints one page of the manual, `bingwall __man --list` the file names
  /// of them all, and a bare `bingwall __man` bingwall(1): `make man`, `make dist` and
  /// `make deb` write each page from these, so they need nothing but the binary.
  static let man = Command(
    spec: CommandSpec(
      name: "__man", abstract: "Print a page of the manual (mdoc).", arguments: [pageName.spec],
      options: [list.spec], hidden: true),
    run: { invocation, context in
      if invocation[list] {
        context.stdout.write(Manual.pages().map { $0.name + "\n" }.joined())
        return ExitCode.success
      }
      let name = invocation[pageName] ?? "bingwall.1"
      guard let page = Manual.page(named: name, environment: context.environment) else {
        throw UsageError(
          "no page called '\(name)'", path: ["__man"], hint: "'bingwall __man --list' lists them")
      }
      context.stdout.write(page.text)
      return ExitCode.success
    })
}
