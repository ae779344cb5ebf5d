import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallModel
import BingWallSystem

/// bingwall's manual, as git's: bingwall(1) for the overview, one page per command
/// (bingwall-update(1)...), bingwall.conf(5) for the configuration file and bingwall-backends(7)
/// for the desktops. Made from the command table, the configuration schema and the backend
/// registry, so that options, keys, backends and modes cannot drift from the program; the prose
/// around them is written here, in these files, by hand. `bingwall __man` prints them; `make man`
/// commits them.
enum Manual {
  /// The pages' date; change it when the prose changes. A release's pages have the release's
  /// date instead (`ManPage.date(epoch:)`).
  static let proseDate = "December 6, 2026"

  /// Every page of this build's version: bingwall(1) first, then the commands' in the table's
  /// order, then the configuration file's and the backends'. With `SOURCE_DATE_EPOCH` in
  /// `environment` (as `make dist` and `make deb` set it, from the commit) their date is that
  /// day's, else the prose's.
  static func pages(environment: [String: String] = [:]) -> [ManPage.Rendered] {
    let release = environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }.flatMap { ManPage.date(epoch: $0) }
    let program = self.program(date: release ?? proseDate)
    var pages = [ManPage.Rendered(name: "bingwall.1", text: overviewPage(program))]
    for command in CommandTable.root.visibleSubcommands {
      pages.append(
        ManPage.Rendered(
          name: program.pageName(command) + ".1", text: ManPage.commandPage(command, program: program)))
    }
    pages.append(ManPage.Rendered(name: "bingwall.conf.5", text: configurationPage(program)))
    pages.append(ManPage.Rendered(name: "bingwall-backends.7", text: backendsPage(program)))
    return pages
  }

  /// What every generated page says of bingwall in its words.
  static func program(date: String) -> ManPage.Program {
    ManPage.Program(
      name: "bingwall", version: BingWall.version, date: date,
      sharedOptions:
        "The global options of bingwall(1), --quiet, --verbose, --config and --help, work here too, "
        + "before or after the command.",
      languageRegionNote:
        " One of the codes bingwall.conf(5) lists under MARKETS.",
      references: commandReferences)
  }

  /// A command page's SEE ALSO: bingwall(1) and bingwall.conf(5), and bingwall-backends(7) for
  /// a command about the desktop or with an option for it.
  @Sendable static func commandReferences(_ command: CommandSpec) -> [(name: String, section: Int)] {
    var references: [(name: String, section: Int)] = [("bingwall", 1), ("bingwall.conf", 5)]
    let all = command.options + command.subcommands.flatMap(\.options)
    if ["backends", "outputs"].contains(command.name)
      || all.contains(where: { ["backend", "mode", "lock-screen"].contains($0.long) })
    {
      references.append(("bingwall-backends", 7))
    }
    return references
  }

  /// The page called `name` (`bingwall-update.1`), nil for none.
  static func page(named name: String, environment: [String: String] = [:]) -> ManPage.Rendered? {
    pages(environment: environment).first { $0.name == name }
  }

  /// A value for each key, as `config set` takes it: bingwall.conf(5)'s example line. Each is
  /// checked against the schema when the page is made, and a test holds every key to one.
  static let configExamples: [String: String] = [
    "markets": "it-IT,es-ES",
    "sources": "bing,apod,wikimedia",
    "resolution": "1920x1080",
    "image_dir": "~/Pictures/Bing",
    "backend": "feh",
    "command": "setbg --mode {mode} {path}",
    "mode": "fill",
    "apply_on_update": "false",
    "lock_screen": "true",
    "daemon.rotate": "30m",
    "daemon.favorites_only": "true",
    "daemon.notify": "true",
    "daemon.tray": "true",
    "retention.keep": "500",
    "retention.max_age_days": "365",
    "retention.max_size": "2GB",
    "pictures.cache_max_size": "500MB",
    "pictures.dark_dim": "0.6",
    "pictures.lock_blur": "20",
    "pictures.caption": "true",
    "screens.policy": "different",
    "screens.favorites_first": "true",
    "screens.pin": "HDMI-A-1=latest",
    "hooks.on_change": "wal -i {path}",
    "hooks.on_new": "notify-send 'New pictures'",
    "hooks.timeout": "10s",
    "network.endpoint": "https://bing.example.org",
    "network.timeout": "60",
    "network.ca_file": "/etc/ssl/certs/proxy-ca.pem",
    "network.contact": "me@example.org",
    "network.on_metered": "allow",
    "network.story": "false",
    "power.min_battery": "20%",
    "spotlight.endpoint": "https://spotlight.example.org",
    "apod.endpoint": "https://apod.example.org",
    "apod.api_key": "DEMO_KEY",
    "wikimedia.endpoint": "https://wikipedia.example.org",
    "earth_observatory.endpoint": "https://eo.example.org",
  ]

  static var configKeys: [ConfigKeyEntry] {
    ConfigSchema.keys.map { key in
      ConfigKeyEntry(
        name: key.name, help: key.help, typePhrase: key.type.phrase,
        defaultLiteral: key.defaultValue.tomlLiteral,
        allowed: key.allowed, environmentVariable: key.environmentVariable,
        example: exampleLine(key))
    }
  }

  /// `daemon.rotate = "30m"`: the key's example as a line of the file; empty when the table has
  /// none or the schema refuses it (which a test catches).
  static func exampleLine(_ key: ConfigKeySpec) -> String {
    guard let raw = configExamples[key.name],
      let value = try? Configuration.parse(raw, for: key, origin: "the manual")
    else { return "" }
    return "\(key.name) = \(value.tomlLiteral)"
  }

  static var backends: [BackendEntry] {
    let all = BackendRegistry.all(command: "", session: nil)
    func names(_ server: DisplayServer) -> String {
      all.filter { $0.fallback == server }.map(\.name).joined(separator: ", ")
    }
    return all.map { backend in
      let detection: String
      if let phrase = BackendManual.detectedBy[backend.name] {
        detection = "Chosen by auto for \(phrase)."
      } else if backend.fallback == .wayland {
        detection =
          "Chosen by auto under a Wayland compositor no desktop names when its daemon runs, else when "
          + "it is the first installed of \(names(.wayland))."
      } else if backend.fallback == .x11 {
        detection =
          "Chosen by auto on X11 when no desktop is named and it is the first installed of \(names(.x11))."
      } else if backend.isLastResort {
        detection = "Chosen by auto last, when nothing else fits."
      } else {
        detection = "Only when named: backend = \"\(backend.name)\"."
      }
      return BackendEntry(
        name: backend.name, sets: BackendManual.sets[backend.name] ?? "", detection: detection,
        tools: backend.tools, needs: needPhrase(backend.need), covers: backend.pictureScope.manualPhrase,
        darkPicture: backend.setsDarkPicture, lockPicture: backend.setsLockPicture,
        limitation: backend.limitation)
    }
  }

  static func needPhrase(_ need: SessionNeed) -> String {
    switch need {
    case .nothing: "nothing from the session"
    case .x11: "an X11 display (DISPLAY)"
    case .wayland: "a Wayland compositor (WAYLAND_DISPLAY)"
    case .display: "a display, X11 or Wayland"
    case .sessionBus: "the session's D-Bus"
    case .displayOrSessionBus: "a display or the session's D-Bus (so cron and timers work)"
    }
  }

  static var modeTable: ModeTable {
    ModeTable(
      modes: WallpaperMode.allCases.filter { $0 != .auto }.map(\.rawValue),
      rows: BackendRegistry.modeTables.map { row in
        (row.name, Dictionary(uniqueKeysWithValues: row.table.map { ($0.key.rawValue, $0.value) }))
      },
      screens: BackendRegistry.scopes.map { ($0.scope.manualPhrase, $0.names) },
      screenNotes: BackendRegistry.scopeNotes)
  }
}
