import BingWallCLI
import BingWallStore
import BingWallSystem

/// `bingwall import PATH`: a bingwall export back into the history, or a folder of JPEGs (or one
/// JPEG) from another tool.
enum ImportCommand {
  static let path = Argument<String>(
    "path", kind: .file, help: "A bingwall export folder, a folder of JPEG files, or one JPEG file.")

  static let command = Command(
    spec: CommandSpec(
      name: "import", abstract: "Import pictures: a bingwall export, a folder of JPEGs or one JPEG.",
      discussion: """
        A folder with bingwall-export.json (made by bingwall export) comes back exactly: \
        favourites, bans, every market appearance with its dates, titles, captions, credits and \
        links (not the apply history). Only the files that JSON names are read, and only inside \
        that folder: a path with a folder part, .., an absolute path or a symbolic link, a key \
        that is not OHR.Name, or a file whose sha256 differs refuses that picture.

        From any other folder every *.jpg and *.jpeg at the top level is imported. The date, \
        name and market come from names such as OHR.Name_EN-US1234567890_UHD.jpg (Bing), \
        20240130-Name_UHD.jpg (GNOME Shell's Bing extension), 20161205_Name.jpg (BingWallPaper) \
        and bingwall's own; otherwise the date is the file's modification day (local time). A \
        picture whose market is unknown is recorded with an empty market: list shows it by its \
        date, and --market never matches it.

        Every file is checked as a whole JPEG of at most 256 MiB and named and recorded in one \
        step; one whose content is stored already, under any key, is skipped and counted, so a \
        second import of the same folder adds nothing. Files that are not JPEGs are named on \
        stderr (not a JPEG: NAME) and make the exit status 1; the others are still imported. \
        Holds the same lock as update; a progress bar shows on a terminal.
        """,
      arguments: [path.spec]),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let environment = try CommandEnvironment(invocation, context)
    let source = Paths.absolute(invocation[path] ?? ".")
    let now = context.clock.now()
    let plan = try ImportPlan.make(path: source, now: now)
    for refusal in plan.refused { report(refusal, context) }

    let store = try environment.history()
    let lock = try environment.historyLock { pid in
      if !invocation.quiet {
        let holder = pid.map { " (pid \($0))" } ?? ""
        context.stderr.write("Waiting for another bingwall command\(holder) to finish…\n")
      }
    }
    defer { lock.release() }
    let images = environment.imageFolder
    try images.ensure()

    var progress: ImportProgress?
    if context.terminal.stderrIsTTY, !invocation.quiet, !plan.jobs.isEmpty {
      progress = ImportProgress(
        bar: ProgressBar(output: context.stderr, width: context.terminal.width), clock: context.clock,
        jobCount: plan.jobs.count, totalBytes: plan.jobs.reduce(0) { $0 + $1.size })
    }
    let importer = PictureImporter(store: store, images: images, now: now, progress: progress)
    var imported: [Int64] = []
    var duplicates = 0
    var refused = plan.refused.count
    var fatal: (any Error)?
    for job in plan.jobs {
      do {
        let file = try job.open()
        switch try importer.bring(
          file, expectedSHA256: job.expectedSHA256, describe: { job.describe(file, $0) })
        {
        case .imported(let id): imported.append(id)
        case .duplicate: duplicates += 1
        }
      } catch let error as TransferError {
        refused += 1
        progress?.finish()
        report(error, context)
      } catch {
        // The image folder or the history failed: nothing more can come in, but what did is
        // listed before the error.
        fatal = error
        break
      }
      progress?.fileDone(label: job.name)
    }
    progress?.finish()

    if !invocation.quiet {
      for id in imported {
        guard let picture = try store.picture(id: id) else { continue }
        context.stdout.write(
          TerminalText.clean("Imported \(picture.date) \(picture.key) (\(picture.displayTitle))") + "\n")
      }
      var summary = "Imported \(ExportCommand.count(imported.count, "picture"))"
      if duplicates > 0 { summary += "; \(duplicates) already stored" }
      if refused > 0 { summary += "; \(refused) refused" }
      context.stdout.write(summary + ".\n")
    }
    if let fatal { throw fatal }
    return refused > 0 ? ExitCode.failure : ExitCode.success
  }

  static func report(_ error: TransferError, _ context: Context) {
    context.stderr.write("error: \(TerminalText.clean(error.description))\n")
  }
}
