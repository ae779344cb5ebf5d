import BingWallCLI
import BingWallSources

/// bingwall(1): what bingwall is, where to start, the commands in their groups, and what every
/// command shares (global options, files, environment, exit status).
extension Manual {
  static func overviewPage(_ program: ManPage.Program) -> String {
    let root = CommandTable.root
    var page = Page()
    ManPage.header(
      &page, name: "bingwall", section: 1,
      summary: "fetch Bing's picture of the day, keep a history, set it as the wallpaper", program: program)
    page.macro("Sh SYNOPSIS")
    page.macro("Nm")
    page.macro("Op Fl qv")
    page.macro("Op Fl -config Ar file")
    page.macro("Ar command")
    page.macro("Op Ar options")
    page.macro("Op Ar arguments")
    page.macro("Nm")
    page.macro("Fl -version")
    page.macro("Nm")
    page.macro("Cm help")
    page.macro("Op Ar command")

    page.macro("Sh DESCRIPTION")
    page.prose(
      """
      The bingwall utility fetches Bing's picture of the day, keeps every picture it ever fetched \
      in a history, and sets one as the desktop background, on each screen in its shape.
      It works on GNOME, KDE Plasma, XFCE, Cinnamon, MATE, sway and many other desktops and \
      tools; see bingwall-backends(7).

      To start, three commands are enough:
      """)
    page.macro("Bl -tag -width Ds")
    for example in root.examples {
      page.macro(
        "It Nm "
          + Page.escapedArguments(example.line).split(separator: " ").map { "Cm \($0)" }.joined(
            separator: " "))
      page.text(example.comment + ".")
    }
    page.macro("El")
    page.prose(
      """
      Each command has a page of its own: bingwall-update(1) for update, and so on; \
      'bingwall help COMMAND' shows the same options in short.
      Settings come from the command line, then BINGWALL_* environment variables, then the \
      configuration file described in bingwall.conf(5), then built-in defaults.

      These options work before or after any command.
      Short flags may be packed (-qv), --opt=value and --opt value both work, and a double dash \
      ends the options.
      A mistyped command or option gets a suggestion, and -h or --help anywhere shows the \
      command's help.
      """)
    page.macro("Bl -tag -width Ds")
    for option in GlobalOptions.all { page.option(option, program) }
    page.macro("El")

    page.macro("Sh COMMANDS")
    for group in root.groupedSubcommands {
      if !group.title.isEmpty { page.macro("Ss " + group.title) }
      page.macro("Bl -tag -width Ds")
      for command in group.commands {
        page.macro("It Xr \(program.pageName(command)) 1")
        var text = command.abstract
        if !command.aliases.isEmpty {
          text += " Also called " + command.aliases.joined(separator: ", ") + "."
        }
        page.text(text)
      }
      page.macro("El")
    }

    page.macro("Sh SOURCES")
    page.prose(
      """
      Bing's picture of the day is fetched by default.
      The sources key of bingwall.conf(5), or --source of update, adds others; \
      'bingwall sources' shows which are on.
      EPOD (Earth Science Picture of the Day) is not among them: it has been offline since \
      October 2025.
      """)
    page.macro("Bl -tag -width Ds")
    for plugin in SourceRegistry.standard.plugins {
      let entry = plugin.profile
      page.macro("It Cm \(plugin.id.rawValue)")
      var text = entry.offers
      if let asks = entry.asks { text += " Asks for \(asks)" }
      text += " Terms: \(entry.terms)"
      page.text(text)
    }
    page.macro("El")

    for (title, text) in mainSections { page.section(title, text) }
    ManPage.examples(&page, CommandTable.tour)
    page.section("DIAGNOSTICS", diagnostics)
    ManPage.seeAlso(
      &page,
      root.visibleSubcommands.map { (program.pageName($0), 1) } + [
        ("bingwall.conf", 5), ("bingwall-backends", 7), ("systemd.timer", 5),
      ])
    return page.text
  }

  /// The hand-written sections after COMMANDS, as title and mdoc source.
  static let mainSections: [(String, String)] = [
    (
      "ENVIRONMENT",
      """
      .Bl -tag -width Ds
      .It Ev BINGWALL_CONFIG
      The configuration file to read instead of the default one.
      .It Ev BINGWALL_*
      Each configuration key has a variable of its own, which wins over the file; bingwall.conf(5) names them.
      BINGWALL_ENDPOINT points Bing's requests at a mirror or a test server, and \
      BINGWALL_SPOTLIGHT_ENDPOINT, BINGWALL_APOD_ENDPOINT, BINGWALL_WIKIMEDIA_ENDPOINT and \
      BINGWALL_EARTH_OBSERVATORY_ENDPOINT do the same for the other sources.
      .It Ev BINGWALL_AUTOSTART_EXEC
      The path autostart entries run instead of the running binary.
      .It Ev XDG_CONFIG_HOME , XDG_DATA_HOME , XDG_STATE_HOME , XDG_CACHE_HOME , XDG_RUNTIME_DIR
      Where the files below live; the XDG defaults apply when one is unset or not an absolute path.
      .It Ev XDG_CURRENT_DESKTOP , XDG_SESSION_DESKTOP , DESKTOP_SESSION , WAYLAND_DISPLAY , DISPLAY
      Read to find the desktop and its tool; see bingwall-backends(7).
      .It Ev SWAYSOCK
      sway's IPC socket; where it is unset or dead, the socket of a sway running in
      $XDG_RUNTIME_DIR is used (cron, timers and ssh logins see no SWAYSOCK).
      .It Ev DBUS_SESSION_BUS_ADDRESS
      The session bus; from cron or a timer without it, $XDG_RUNTIME_DIR/bus is used when it exists.
      .It Ev http_proxy , https_proxy , no_proxy
      Proxies for the requests.
      .It Ev CURL_CA_BUNDLE , SSL_CERT_FILE
      A file of certificate authorities to trust instead of the system's (the first one set), e.g. behind a proxy with its own CA; config network.ca_file, when set, wins over both.
      .It Ev NO_COLOR
      Disables colour.
      .It Ev LC_ALL , LANG
      Pick the default market.
      .El
      """
    ),
    (
      "FILES",
      """
      .Bl -tag -width Ds
      .It Pa $XDG_CONFIG_HOME/bingwall/config.toml
      The configuration file; see bingwall.conf(5).
      .It Pa $XDG_DATA_HOME/bingwall/history.db
      The history database.
      .It Pa $XDG_DATA_HOME/bingwall/images/
      The pictures, and the portrait files fetched for screens on their side \
      (NAME_1080x1920.jpg); config image_dir may move them.
      .It Pa $XDG_STATE_HOME/bingwall/update.lock
      Held by the running update; a second one waits.
      .It Pa $XDG_STATE_HOME/bingwall/scheduler.json
      The last update and its result, the failure streak, the last rotation.
      .It Pa $XDG_STATE_HOME/bingwall/screens.json
      What each screen was last given, for status.
      .It Pa $XDG_CACHE_HOME/bingwall/screens/
      The pictures made for the screens (crops, canvases, dark, lock and captioned looks); \
      never in the history, removed oldest first beyond pictures.cache_max_size.
      .It Pa /var/lib/bingwall/greeter.jpg
      The login screen's picture (bingwall greeter set, as root).
      .It Pa $XDG_RUNTIME_DIR/bingwall.lock
      Held by the running daemon, with its pid.
      .El
      """
    ),
    (
      "EXIT STATUS",
      """
      .Bl -tag -width Ds
      .It 0
      Success, including already up to date, and help or the version asked for.
      .It 1
      Failure: a bad response from Bing, a picture that is not a JPEG, a configuration file \
      that cannot be read, a selector that matches nothing, a search that finds nothing (as \
      grep), a wallpaper tool that failed, a second daemon.
      .It 64
      Usage error: no command, an unknown command or option, a bad value, a missing argument.
      .It 69
      No usable desktop backend in this session: no display, no session bus (or one that does not \
      answer), or the tool is not installed.
      .It 75
      Temporary failure: the network is unreachable, a timeout, HTTP 5xx or 429, a body cut \
      short; try later.
      An update that asked several sources exits 0 when each gave what it had (a video day \
      too), 75 when every one that failed may work later, and 1 when one failed for another \
      reason; the others' pictures are stored all the same.
      .El
      """
    ),
  ]

  /// After EXAMPLES, where mdoc(7) puts it.
  static let diagnostics = """
    Errors and warnings go to standard error, one line each; when there is a fix, it follows on a \
    line of its own:
    .Bd -literal -offset indent
    bingwall: error: unknown command 'updte'
    bingwall: hint: did you mean 'bingwall update'?
    .Ed
    .Pp
    With
    .Fl v ,
    lines starting with bingwall: info: say what a command does.
    The daemon's log, cron's mail and the journal carry the same lines.
    """
}
