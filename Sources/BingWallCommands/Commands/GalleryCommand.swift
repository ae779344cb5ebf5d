import BingWallCLI
import BingWallStore
import BingWallSystem

/// `bingwall gallery`: the whole history as one static HTML page, optionally opened in a browser.
enum GalleryCommand {
  static let output = Option<String>(
    "output", short: "o", name: "file", kind: .file,
    help: "Write the page to this file instead of $XDG_CACHE_HOME/bingwall/gallery.html.")
  static let open = Flag("open", help: "Open the page with xdg-open once it is written.")

  static let command = Command(
    spec: CommandSpec(
      name: "gallery", abstract: "Write a static HTML page of the whole history, newest first.",
      discussion: """
        One card per stored picture: the picture (loaded from its file as you scroll), title, date, \
        markets, caption, credit, a star for favourites, a discreet mark for banned pictures, and \
        the picture's page on Bing. The page is one file with its styles inline; it runs no script \
        and makes no request to any server (its Content-Security-Policy forbids both), and adapts \
        to phone-width windows and to dark mode. The default file is \
        $XDG_CACHE_HOME/bingwall/gallery.html (the folder is created when missing); --output's \
        folder must exist. An existing page is replaced atomically, and the page is private to \
        you (mode 0600). The path written is printed on stdout. An empty history still gives a \
        page, which says so. With --open the page is handed to xdg-open, which is \
        not waited for; without xdg-open that is an error (exit 1) and the page stays.
        """,
      options: [output.spec, open.spec]),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let environment = try CommandEnvironment(invocation, context)
    let target: String
    if let given = invocation[output] {
      target = Paths.absolute(given)
    } else {
      do {
        try Paths.ensureDirectory(context.paths.cacheDir)
      } catch {
        throw GalleryError.cannotWrite(
          path: context.paths.cacheDir + "/gallery.html", reason: error.description)
      }
      target = context.paths.cacheDir + "/gallery.html"
    }

    let count = try write(to: target, history: try environment.existingHistory(), context: context)
    if !invocation.quiet {
      context.stdout.write(TerminalText.clean(target) + "\n")
      if count == 0 { context.stderr.write("note: no pictures stored yet; run 'bingwall update'\n") }
    }
    if invocation[open] { try show(target, context) }
    return ExitCode.success
  }

  /// Streams the page into `target` atomically; returns how many cards it holds.
  static func write(to target: String, history: HistoryStore?, context: Context) throws -> Int {
    let file = try GalleryFile(target: target)
    do {
      file.buffer += GalleryPage.head.utf8
      let count =
        try history?.forEachPictureNewestFirst { picture in
          GalleryPage.appendCard(picture, to: &file.buffer)
          try file.flushIfFull()
        } ?? 0
      file.buffer += GalleryPage.end(count: count, writtenAt: Timestamp.iso8601(context.clock.now())).utf8
      try file.commit()
      return count
    } catch {
      file.discard()
      throw error
    }
  }

  /// Hands the page to xdg-open, detached: where no desktop is running, xdg-open starts the browser
  /// itself and waits for it to close, so waiting (and killing it at a timeout) would take the
  /// browser down with it.
  static func show(_ page: String, _ context: Context) throws {
    guard let opener = context.processes.locate("xdg-open", onPath: context.environment["PATH"]) else {
      throw GalleryError.openerMissing(page: page)
    }
    _ = try context.processes.startDetached(
      executable: opener, arguments: ["xdg-open", page], environment: context.environment, errorLog: nil)
  }
}
