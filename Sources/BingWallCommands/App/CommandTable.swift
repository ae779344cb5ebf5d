import BingWallCLI

/// The one table of commands: parser, help, completions and the man page read it.
enum CommandTable {
  /// Every command by name, the hidden plumbing (`__complete`, `__man`, `__greeter-picture`) too,
  /// each made only when asked for; help's groups pick the listed ones out by name, and the man
  /// pages follow this order. A test checks each name is its command's.
  static let rows: [(name: String, make: @Sendable () -> Command)] = [
    ("update", { UpdateCommand.command }),
    ("apply", { ApplyCommand.command }),
    ("random", { RandomCommand.command }),
    ("next", { StepCommand.next }),
    ("previous", { StepCommand.previous }),
    ("list", { ListCommand.command }),
    ("show", { ShowCommand.command }),
    ("search", { SearchCommand.command }),
    ("favorite", { MarkCommand.favorite }),
    ("unfavorite", { MarkCommand.unfavorite }),
    ("ban", { MarkCommand.ban }),
    ("prune", { PruneCommand.command }),
    ("export", { ExportCommand.command }),
    ("import", { ImportCommand.command }),
    ("gallery", { GalleryCommand.command }),
    ("doctor", { DoctorCommand.command }),
    ("sources", { SourcesCommand.command }),
    ("backends", { BackendsCommand.command }),
    ("outputs", { OutputsCommand.command }),
    ("status", { StatusCommand.command }),
    ("daemon", { DaemonCommand.command }),
    ("config", { ConfigCommand.command }),
    ("autostart", { AutostartCommand.command }),
    ("greeter", { GreeterCommand.command }),
    ("completions", { CompletionsCommand.command }),
    ("help", { HelpCommand.command }),
    ("__complete", { CompleteCommand.command }),
    ("__man", { CompleteCommand.man }),
    ("__greeter-picture", { GreeterPictureCommand.command }),
  ]

  /// Every command, made.
  static let commands: [Command] = rows.map { $0.make() }

  /// The groups top-level help and bingwall(1) list the commands in, in this order: what a
  /// person runs by hand, their history, bingwall running without them, setting it up.
  static let groups: [CommandGroup] = [
    CommandGroup("Everyday", ["update", "apply", "random", "next", "previous", "status"]),
    CommandGroup(
      "The history",
      ["list", "show", "search", "favorite", "unfavorite", "ban", "prune", "export", "import", "gallery"]),
    CommandGroup("Running by itself", ["autostart", "daemon"]),
    CommandGroup(
      "Set-up", ["config", "sources", "doctor", "backends", "outputs", "greeter", "completions", "help"]),
  ]

  /// What a newcomer needs first: top-level help, a bare `bingwall` and bingwall(1) start with
  /// these.
  static let starters: [CommandExample] = [
    CommandExample("update", "Fetch the newest pictures and set today's"),
    CommandExample("random", "Set another of your pictures, at random"),
    CommandExample("autostart enable", "Keep the wallpaper fresh by itself"),
  ]

  /// bingwall(1)'s EXAMPLES: a short tour, from the first run to running by itself.
  static let tour: [CommandExample] = [
    CommandExample("update", "The first run fetches Bing's last 15 days and sets the newest picture"),
    CommandExample("apply 2026-11-30", "Set the picture of a day again"),
    CommandExample("apply ~/Pictures/beach.jpg", "Set a file of your own"),
    CommandExample("random --favorites", "Set one of your favourites, picked at random"),
    CommandExample(
      "daemon --rotate 30m", "Refresh when Bing publishes, and show another stored picture every 30 minutes"),
    CommandExample("autostart enable", "Keep it all going by itself from the next login"),
  ]

  static let name = "bingwall"
  static let abstract =
    "Fetch Bing's picture of the day, keep every one in a history, and set it as your wallpaper."

  static let root = CommandSpec(
    name: name, abstract: abstract, subcommands: commands.map(\.spec), examples: starters, groups: groups)

  /// The root to parse `arguments` with: when the first word names a command, a root of that
  /// command alone, so that running one command builds its own options and not the table's
  /// (making every command's options was a third of what `list` cost at start: their generic
  /// types' metadata, bench/README.md); else the whole table. A parse that fails is done again
  /// on the whole table, whose words the error may need. `help` takes command names, which the
  /// parser checks against the table: it always has it whole.
  static func root(parsing arguments: [String]) -> CommandSpec {
    guard let word = arguments.first, word != HelpCommand.spec.name,
      let row = rows.first(where: { $0.name == word })
    else { return root }
    return CommandSpec(name: name, abstract: abstract, subcommands: [row.make().spec])
  }

  /// The runner for a parsed path: the first word picks the command.
  static func command(for path: [String]) -> Command? {
    rows.first { $0.name == path.first }?.make()
  }
}
