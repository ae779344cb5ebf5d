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
    return (pictures.map({ String($0.id) }) + pictures.map(\.date) + pictures.map(\.key)).uniqued()
  }

  /// `bingwall __man`: the man page, so `make man` can regenerate man/bingwall.1.
  static let man = Command(
    spec: CommandSpec(name: "__man", abstract: "Print the man page (mdoc).", hidden: true),
    run: { _, context in
      context.stdout.write(Manual.render(environment: context.environment))
      return ExitCode.success
    })
}
