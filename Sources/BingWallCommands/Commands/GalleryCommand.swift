import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall gallery`: the whole history as one static HTML page, optionally opened in a browser.
enum GalleryCommand: CommandDefinition {
  static let output = Option<String>(
    "output", short: "o", name: "file", kind: .file,
    help: "Write the page to this file instead of $XDG_CACHE_HOME/bingwall/gallery.html.")
  static let open = Flag("open", help: "Open the page with xdg-open once it is written.")
  static let sources = CommonOptions.source.repeated(
    help: "Only pictures this source showed; may be repeated.")

  static let spec = CommandSpec(
    name: "gallery", abstract: "Write a static HTML page of the whole history, newest first.",
    discussion: """
      One card per picture with its title, date, caption, credit and marks. The page is one file, \
      private to you, that runs no script and loads nothing from the internet. It is written to \
      $XDG_CACHE_HOME/bingwall/gallery.html unless --output says otherwise.
      """,
    reference: """
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
    options: [output.spec, open.spec, sources.spec],
    examples: [
      CommandExample("gallery --open", "Write the page and open it in your browser"),
      CommandExample("gallery -o ~/bing.html", "Write it to a file of your choice"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context)
    let outcome = try Gallery.make(
      target: invocation[output].map { Paths.absolute($0) }, resources: resources,
      sources: sources.given(in: invocation) ?? [])
    if !invocation.quiet {
      context.stdout.write(TerminalText.clean(outcome.page) + "\n")
      if outcome.count == 0 {
        context.stderr.warning("no pictures stored yet", hint: "run 'bingwall update'")
      }
    }
    if invocation[open] { try Gallery.open(outcome.page, context: context) }
    return ExitCode.success
  }
}
