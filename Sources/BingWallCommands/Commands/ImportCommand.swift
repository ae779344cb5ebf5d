import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall import PATH | --from PEER`: a bingwall export back into the history, or a folder of
/// JPEGs (or one JPEG) from another tool, with the sidecars that tool keeps beside them.
enum ImportCommand: CommandDefinition {
  static let path = Argument<String>(
    "path", kind: .file, help: "A bingwall export folder, a folder of JPEG files, or one JPEG file.",
    optional: true)
  static let from = Option<PeerFolder>(
    "from", name: "peer", kind: .choice(PeerFolder.names),
    help: "Import from that tool's default folder: " + PeerFolder.names.joined(separator: ", ") + ".")
  static let dryRun = Flag("dry-run", help: "Only list what would be imported, and as what.")
  static let sourceFilter = CommonOptions.source.repeated(
    help: "Only pictures this source showed (an export's; other files are Bing's); may be repeated.")

  static let spec = CommandSpec(
    name: "import", abstract: "Import pictures: a bingwall export, a folder of JPEGs or one JPEG.",
    discussion: """
      A folder made by 'bingwall export' comes back whole: favourites, bans, titles, captions and \
      dates. From any other folder every JPEG at its top is taken in, its date and market read \
      from its name as other Bing wallpaper tools write them; --from names such a tool and uses \
      its folder. Importing the same folder again adds nothing.
      """,
    reference: """
      A folder with bingwall-export.json (made by bingwall export) comes back exactly: \
      favourites, bans, every market appearance with its dates, titles, captions, credits and \
      links (not the apply history). Only the files that JSON names are read, and only inside \
      that folder: a path with a folder part, .., an absolute path or a symbolic link, a key \
      that is not OHR.Name, or a file whose sha256 differs refuses that picture.

      From any other folder every *.jpg and *.jpeg at the top level is imported, its date, \
      name, market and size read from its name as other Bing tools write them: Bing's own \
      OHR.Name_EN-US1234567890_1920x1080.jpg (and the older Name_EN-US..., without OHR.), with \
      a date in front as TTGBingWallPaper (20170808_Name_EN-US...), the GNOME Shell extension \
      (20260905-Name_JA-JP..._UHD.jpg, and before 2019 20190515-th?id=OHR.Name_...) and \
      mklein994's bing-wallpaper (2026-09-05_OHR.Name_...) put it, pybingwallpaper, Variety and \
      thejandroman's script (Bing's name), a bare date (20260103.jpg) and bingwall's own \
      names. The files of one name from several markets or at several sizes are one picture \
      with an appearance per market and day; its largest landscape file is kept and the \
      others are counted as already stored (a portrait size such as 768x1280 is the same \
      picture). Where a name says no date, the file's modification day is used. A picture \
      whose market is unknown is recorded with an empty market: list shows it by its date, \
      and --market never matches it.

      Sidecars are read, never imported: the GNOME extension's bing.json gives titles, \
      captions, credits and links, and its favourite and hidden marks become favourites and \
      bans; Variety's NAME.metadata.json gives the date (its headline) and the caption and \
      credit (its description, Bing's copyright line). They are \
      matched by the image id or the file name, read up to 16 MiB with the bounded JSON \
      reader; one that cannot be read is named on stderr and its pictures still come.

      --from PEER imports from that tool's default folder: neffo (the GNOME extension), \
      <Pictures>/BingWallpaper; variety, ~/.config/variety/Downloaded/Bing*; ttg, \
      <Pictures>/TTGBingWallPaper (a folder copied from a Mac); pybingwallpaper, \
      ~/MyBingWallpapers; mklein994, ~/.local/share/bing_wallpaper; thejandroman, \
      <Pictures>/bing-wallpapers. --dry-run lists \
      what would come, and as what, and changes nothing.

      Every file is checked as a whole JPEG of at most 256 MiB and named and recorded in one \
      step; one whose content is stored already, under any key, is skipped and counted, so a \
      second import of the same folder adds nothing. Files that are not JPEGs (nor known \
      sidecars) are named on stderr (not a JPEG: NAME) and make the exit status 1; the others \
      are still imported. Holds the same lock as update; a progress bar shows on a terminal.
      """,
    arguments: [path.spec], options: [from.spec, sourceFilter.spec, dryRun.spec],
    examples: [
      CommandExample("import ~/Pictures/Bing", "Bring back an export, or take in a folder of Bing JPEGs"),
      CommandExample(
        "import --from variety --dry-run", "See what Variety's Bing pictures would bring, and change nothing"),
      CommandExample("import ./beach.jpg", "Take in one JPEG file"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    var use = Import(resources: try Resources(invocation, context))
    use.sources = sourceFilter.given(in: invocation) ?? []
    let sources = try self.sources(invocation, context)
    let text = ImportText(stdout: context.stdout, stderr: context.stderr, quiet: invocation.quiet)
    if invocation[dryRun] {
      var refused = 0
      for source in sources {
        let (previews, refusals) = try use.preview(path: source)
        refused += refusals.count
        text.preview(previews, refusals: refusals, from: source)
      }
      return refused > 0 ? ExitCode.failure : ExitCode.success
    }
    if context.terminal.stderrIsTTY, !invocation.quiet {
      use.progress = ProgressBar(output: context.stderr, width: context.terminal.width)
    }
    use.onWait = { pid in WaitingText.announce(pid, for: "command", quiet: invocation.quiet, context: context)
    }
    var tally = ImportText.Tally()
    for source in sources {
      let outcome = try use.run(path: source)
      for event in outcome.events { text.event(event, tally: &tally) }
      if let fatal = outcome.fatal { throw fatal }
    }
    text.summary(tally)
    return tally.refused > 0 ? ExitCode.failure : ExitCode.success
  }

  /// PATH, or the folders of `--from PEER` that exist; both at once is a usage error, and a peer
  /// with none of its folders is one error line naming where it looked.
  static func sources(_ invocation: Invocation, _ context: Context) throws -> [String] {
    guard let peer = invocation[from] else {
      return [Paths.absolute(invocation[path] ?? ".")]
    }
    if invocation[path] != nil {
      throw UsageError("give a PATH or --from PEER, not both", path: ["import"])
    }
    let home = context.paths.home
    let folders = peer.folders(environment: context.environment, home: home, in: context.fileSystem)
    guard !folders.isEmpty else {
      throw ImportSourceError.noFolder(
        peer: peer.rawValue,
        looked: peer.looked(environment: context.environment, home: home, in: context.fileSystem))
    }
    return folders
  }
}

/// `import --from PEER` found none of the peer's folders.
enum ImportSourceError: Error, CustomStringConvertible {
  case noFolder(peer: String, looked: String)

  var description: String {
    switch self {
    case .noFolder(let peer, let looked):
      "no folder of \(peer)'s pictures: looked in \(looked); give the folder as PATH"
    }
  }
}
