import BingWallCLI

/// The one table of commands: parser, help, completions and the man page read it.
enum CommandTable {
  /// Only commands that work are listed; later features add theirs here.
  static let commands: [Command] = [
    UpdateCommand.command,
    ApplyCommand.command,
    RandomCommand.command,
    ListCommand.command,
    ShowCommand.command,
    SearchCommand.command,
    MarkCommand.favorite,
    MarkCommand.ban,
    PruneCommand.command,
    ExportCommand.command,
    ImportCommand.command,
    GalleryCommand.command,
    DoctorCommand.command,
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
    ScreenPicturesBenchCommand.command,
    GreeterPictureCommand.command,
  ]

  static let root = CommandSpec(
    name: "bingwall",
    abstract: "Fetch Bing's picture of the day, keep every one in a history, and set it as your wallpaper.",
    subcommands: commands.map(\.spec))

  /// The runner for a parsed path: the first word picks the command.
  static func command(for path: [String]) -> Command? {
    commands.first { $0.spec.name == path.first }
  }
}
