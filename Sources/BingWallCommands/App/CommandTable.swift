import BingWallCLI

/// The one table of commands: parser, help, completions and the man page read it.
enum CommandTable {
  /// Every command, the hidden plumbing (`__complete`, `__man`, `__greeter-picture`) too; help's
  /// groups pick the listed ones out by name, and the man pages follow this order.
  static let commands: [Command] = [
    UpdateCommand.command,
    ApplyCommand.command,
    RandomCommand.command,
    StepCommand.next,
    StepCommand.previous,
    ListCommand.command,
    ShowCommand.command,
    SearchCommand.command,
    MarkCommand.favorite,
    MarkCommand.unfavorite,
    MarkCommand.ban,
    PruneCommand.command,
    ExportCommand.command,
    ImportCommand.command,
    GalleryCommand.command,
    DoctorCommand.command,
    SourcesCommand.command,
    BackendsCommand.command,
    OutputsCommand.command,
    StatusCommand.command,
    DaemonCommand.command,
    ConfigCommand.command,
    AutostartCommand.command,
    GreeterCommand.command,
    CompletionsCommand.command,
    HelpCommand.command,
    CompleteCommand.command,
    CompleteCommand.man,
    GreeterPictureCommand.command,
  ]

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

  static let root = CommandSpec(
    name: "bingwall",
    abstract: "Fetch Bing's picture of the day, keep every one in a history, and set it as your wallpaper.",
    subcommands: commands.map(\.spec), examples: starters, groups: groups)

  /// The runner for a parsed path: the first word picks the command.
  static func command(for path: [String]) -> Command? {
    commands.first { $0.spec.name == path.first }
  }
}
