import Foundation

/// `bingwall apply [SELECTOR|FILE]`: set a stored picture, or any image file, as the wallpaper.
enum ApplyCommand {
  static let command = Command(
    spec: CommandSpec(
      name: "apply", abstract: "Set a stored picture, or an image file, as the wallpaper.",
      discussion: """
        The argument is a FILE when it contains a '/' (use ./name for a file here); otherwise it \
        selects a stored picture. Without an argument the newest picture is applied.
        """,
      arguments: [
        ArgumentSpec(
          "selector", kind: .selectorOrFile,
          help: CommonOptions.selector.help + " Or a path to an image file.",
          optional: true)
      ],
      options: [
        OptionSpec.value(
          "market", short: "m", name: "market", kind: .choice(Market.known),
          help: "The market to pick when several markets have the date asked for.")
      ] + DesktopOptions.all),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let environment = try CommandEnvironment(
      invocation, context, overrides: DesktopOptions.overrides(invocation))
    let argument = invocation.argument("selector") ?? "latest"
    if argument.contains("/") {
      let path = absolute(argument, context: context)
      var status = stat()
      guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else {
        throw FileError.system(operation: "read", path: path, errno: errno == 0 ? EISDIR : errno)
      }
      let outcome = try environment.applier.apply(path: path)
      if !invocation.quiet {
        context.stdout.write("Applied \(TerminalText.clean(path)) with \(outcome.backend)\n")
      }
      return ExitCode.success
    }
    guard let store = try environment.existingHistory() else { throw HistoryError.empty }
    let picture = try store.resolve(PictureSelector(parsing: argument), market: invocation.value("market"))
    let line = try environment.apply(picture, store: store, reason: "apply")
    if !invocation.quiet { context.stdout.write(line + "\n") }
    return ExitCode.success
  }

  static func absolute(_ path: String, context: Context) -> String {
    if path.hasPrefix("/") { return path }
    let here = FileManager.default.currentDirectoryPath
    return (here as NSString).appendingPathComponent(path)
  }
}
