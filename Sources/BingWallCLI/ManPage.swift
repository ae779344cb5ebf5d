import BingWallSystem
import FoundationEssentials
import Glibc

/// The man page `bingwall(1)` in mdoc, generated from the command table, `ConfigSchema` and the
/// backends' mode tables so its option lists, keys and modes cannot drift from the program;
/// the prose around them is written here by hand.
package enum ManPage {
  /// The page's date; change it when the prose changes. A release's page has the release's
  /// date instead (`date(epoch:)`).
  static let proseDate = "December 2, 2026"

  /// `December 5, 2026` for a time in seconds since 1970 (UTC), as mdoc's `.Dd` writes dates;
  /// nil for a time gmtime cannot take.
  package static func date(epoch: Int) -> String? {
    var seconds = time_t(epoch)
    var parts = tm()
    guard gmtime_r(&seconds, &parts) != nil else { return nil }
    let months = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    return "\(months[Int(parts.tm_mon)]) \(parts.tm_mday), \(Int(parts.tm_year) + 1900)"
  }

  /// What the CONFIGURATION section says of one key; built from the configuration schema, which
  /// lives above this target.
  package struct ConfigKeyEntry: Sendable {
    var name: String
    var help: String
    var typePhrase: String
    var defaultLiteral: String
    var allowed: [String]?
    var environmentVariable: String

    package init(
      name: String, help: String, typePhrase: String, defaultLiteral: String, allowed: [String]?,
      environmentVariable: String
    ) {
      self.name = name
      self.help = help
      self.typePhrase = typePhrase
      self.defaultLiteral = defaultLiteral
      self.allowed = allowed
      self.environmentVariable = environmentVariable
    }
  }

  /// The MODES table: the explicit modes as columns, and each backend's own setting per mode.
  package struct ModeTable: Sendable {
    var modes: [String]
    var rows: [(backend: String, settings: [String: String])]
    /// What the backends are given with fill or fit, and which backends: one phrase each.
    var screens: [(phrase: String, backends: [String])]
    /// Sentences (without their full stop) on backends whose share depends on the screens.
    var screenNotes: [String]

    package init(
      modes: [String], rows: [(backend: String, settings: [String: String])],
      screens: [(phrase: String, backends: [String])] = [], screenNotes: [String] = []
    ) {
      self.modes = modes
      self.rows = rows
      self.screens = screens
      self.screenNotes = screenNotes
    }
  }

  /// The page; `version` goes in its footer (`.Os`), `date` (nil: the prose's) in its header.
  package static func render(
    root: CommandSpec, configKeys: [ConfigKeyEntry], modeTable: ModeTable, version: String,
    date: String? = nil
  ) -> String {
    var page = Page()
    page.macro("Dd \(date ?? proseDate)")
    page.macro("Dt BINGWALL 1")
    page.macro("Os bingwall \(version)")
    page.macro("Sh NAME")
    page.macro("Nm bingwall")
    page.macro("Nd fetch Bing's picture of the day, keep a history, set it as the wallpaper")
    synopsis(&page, root: root)
    description(&page)
    commands(&page, root: root)
    modes(&page, table: modeTable)
    configuration(&page, keys: configKeys)
    for (title, text) in sections { page.section(title, text) }
    return page.text
  }

  static func synopsis(_ page: inout Page, root: CommandSpec) {
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
  }

  static func description(_ page: inout Page) {
    page.macro("Sh DESCRIPTION")
    page.prose(
      """
      The bingwall utility fetches Bing's picture of the day, keeps every picture it ever fetched \
      in a SQLite history, and sets one as the desktop background on Linux.
      It reads its settings from the command line, then BINGWALL_* environment variables, then \
      the configuration file, then built-in defaults.

      Global options work before or after the command.
      Short flags may be packed (-qv), --opt=value and --opt value both work, and a double dash \
      ends the options.
      A mistyped command or option gets a suggestion.
      Help and the version go to standard output; diagnostics go to standard error.
      """)
    page.macro("Bl -tag -width Ds")
    for option in GlobalOptions.all { page.option(option) }
    page.macro("El")
  }

  /// One subsection per command, and per subcommand, with every option.
  static func commands(_ page: inout Page, root: CommandSpec) {
    page.macro("Sh COMMANDS")
    func visit(_ command: CommandSpec, path: [String]) {
      page.macro("Ss " + (path + [command.name]).joined(separator: " "))
      var usage = "Nm"
      for word in path + [command.name] { usage += " Cm \(word)" }
      page.macro(usage)
      for item in synopsisItems(of: command) { page.macro(item) }
      page.macro("Pp")
      page.text(command.abstract)
      if !command.aliases.isEmpty {
        page.text("Also called " + command.aliases.joined(separator: ", ") + ".")
      }
      if !command.discussion.isEmpty { page.prose(command.discussion) }
      if !command.arguments.isEmpty || !command.options.isEmpty {
        page.macro("Bl -tag -width Ds")
        for argument in command.arguments {
          page.macro("It Ar \(argument.name)" + (argument.variadic ? " ..." : ""))
          page.text(argument.help + valuesNote(argument.kind))
        }
        for option in command.options { page.option(option) }
        page.macro("El")
      }
      for child in command.visibleSubcommands { visit(child, path: path + [command.name]) }
    }
    for command in root.visibleSubcommands { visit(command, path: []) }
  }

  /// The synopsis after the command words, one macro line each: `Op Fl m Ar market`.
  static func synopsisItems(of command: CommandSpec) -> [String] {
    var items: [String] = []
    for option in command.options {
      var item = "Fl " + (option.short.map { String($0) } ?? "-" + option.long)
      if let valueName = option.valueName { item += " Ar \(valueName)" }
      items.append("Op \(item)")
    }
    for argument in command.arguments {
      let item = "Ar \(argument.name)" + (argument.variadic ? " ..." : "")
      items.append(argument.optional ? "Op \(item)" : item)
    }
    if !command.visibleSubcommands.isEmpty { items.append("Ar subcommand") }
    return items
  }

  /// ` Values: a, b.` for closed sets, long ones included: the page is the reference.
  static func valuesNote(_ kind: ValueKind) -> String {
    switch kind {
    case .choice(let values):
      return " Values: " + values.joined(separator: ", ") + "."
    case .languageRegion(let listed):
      return " Values: " + listed.joined(separator: ", ")
        + "; any other code of the form ll-CC is accepted with a warning."
    default:
      return ""
    }
  }

  static func modes(_ page: inout Page, table: ModeTable) {
    page.macro("Sh MODES")
    page.prose(
      """
      The mode (--mode, config mode) says how the picture fills the screen: fill covers the \
      screen and crops what sticks out, fit shows the whole picture with bars, stretch distorts it \
      to cover the screen, center shows it at its own size, tile repeats it.
      The default, auto, leaves a desktop's own scaling setting alone and gives tools that need a \
      flag fill.
      Each backend's setting per mode:
      """)
    let shown = table.modes
    // Each column as wide as its widest cell, so that no two cells run together.
    let columns =
      [["backend"] + table.rows.map(\.backend)]
      + shown.map { mode in
        [mode] + table.rows.map { $0.settings[mode] ?? "-" }
      }
    let widest = columns.map { column in column.max { $0.count < $1.count } ?? "" }
    page.macro("Bl -column " + widest.map { "\"\($0)\"" }.joined(separator: " "))
    page.macro("It Em backend Ta " + shown.map { "Em \($0)" }.joined(separator: " Ta "))
    for (name, settings) in table.rows {
      let cells = shown.map { "\\&" + (settings[$0] ?? "-") }
      page.macro("It \(name) Ta " + cells.joined(separator: " Ta "))
    }
    page.macro("El")
    page.prose(
      """
      The command backend passes the mode's name in {mode}; none sets nothing and keeps the \
      history only.
      'bingwall backends' shows which backends are available, detected and selected here.
      """)
    guard !table.screens.isEmpty else { return }
    page.prose(
      """
      With fill or fit, and libvips installed, bingwall makes the picture for the screens \
      ('bingwall outputs') and asks the backend to stretch it, which then distorts nothing:
      """)
    page.macro("Bl -bullet -width Ds")
    for (phrase, backends) in table.screens {
      page.macro("It")
      page.text(
        phrase.prefix(1).uppercased() + phrase.dropFirst() + ": " + backends.joined(separator: ", ") + ".")
    }
    page.macro("El")
    if !table.screenNotes.isEmpty {
      page.prose(table.screenNotes.map { $0 + "." }.joined(separator: " "))
    }
  }

  static func configuration(_ page: inout Page, keys: [ConfigKeyEntry]) {
    page.macro("Sh CONFIGURATION")
    page.prose(
      """
      The configuration file is a strict subset of TOML: strings, integers, decimals (0.7), booleans, arrays of \
      strings, [section] tables, dotted keys and # comments.
      Every error names the file, the line and the key, and unknown keys are errors, so a typo \
      never silently resets a setting.
      'bingwall config set' checks a value and rewrites the file atomically, keeping other lines \
      and comments.
      Every key has an environment variable; arrays in variables are comma-separated.
      """)
    page.macro("Bl -tag -width Ds")
    for key in keys {
      page.macro("It Cm \(key.name)")
      var text = "\(key.help) Type: \(key.typePhrase)."
      text += " Default: \(key.defaultLiteral)."
      if let allowed = key.allowed, allowed.count <= 20 {
        text += " Values: \(allowed.joined(separator: ", "))."
      }
      page.text(text + " Environment variable:")
      page.macro("Ev \(key.environmentVariable) .")
    }
    page.macro("El")
  }

  /// The hand-written sections after CONFIGURATION, as title and paragraphs of mdoc source.
  static let sections: [(String, String)] = [
    (
      "ENVIRONMENT",
      """
      .Bl -tag -width Ds
      .It Ev BINGWALL_CONFIG
      The configuration file to read instead of the default one.
      .It Ev BINGWALL_ENDPOINT
      Replaces the Bing base URL for every request; tests and mirrors use it.
      .It Ev BINGWALL_AUTOSTART_EXEC
      The path autostart entries run instead of the running binary.
      .It Ev XDG_CONFIG_HOME , XDG_DATA_HOME , XDG_STATE_HOME , XDG_RUNTIME_DIR
      Where the files below live; the XDG defaults apply when one is unset or not an absolute path.
      .It Ev XDG_CURRENT_DESKTOP , XDG_SESSION_DESKTOP , DESKTOP_SESSION , WAYLAND_DISPLAY , DISPLAY
      Read by backend auto to find the desktop and its tool.
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
      .It Ev LANG
      Picks the default market.
      .El
      """
    ),
    (
      "FILES",
      """
      .Bl -tag -width Ds
      .It Pa $XDG_CONFIG_HOME/bingwall/config.toml
      The configuration file.
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
      Success, including already up to date.
      .It 1
      Failure: a bad response from Bing, a picture that is not a JPEG, a broken configuration \
      file, a selector that matches nothing, a wallpaper tool that failed, a second daemon.
      .It 64
      Usage error: an unknown option, a bad value, a missing argument.
      .It 69
      No usable desktop backend in this session: no display, no session bus (or one that does not \
      answer), or the tool is not installed.
      .It 75
      Temporary failure: the network is unreachable, a timeout, HTTP 5xx or 429, a body cut \
      short; try later.
      .El
      """
    ),
    (
      "EXAMPLES",
      """
      The first run fetches Bing's 8-day window and sets the newest picture:
      .Dl $ bingwall update
      Fetch hourly from cron, quietly:
      .Dl 0 * * * * bingwall update --quiet
      Or let systemd run it hourly with a user timer:
      .Dl $ bingwall autostart enable --method systemd-timer
      Refresh when Bing publishes and show another stored picture every 30 minutes:
      .Dl $ bingwall daemon --rotate 30m
      Pick the markets to fetch, then fetch one more for today only:
      .Dl $ bingwall config set markets en-US,de-DE
      .Dl $ bingwall update -m ja-JP --days 1
      Set the picture of a day, or a file of your own:
      .Dl $ bingwall apply 2026-11-30
      .Dl $ bingwall apply ./my.jpg
      """
    ),
    (
      "SEE ALSO",
      """
      .Xr feh 1 ,
      .Xr gsettings 1 ,
      .Xr sqlite3 1 ,
      .Xr systemctl 1 ,
      .Xr systemd.timer 5
      """
    ),
  ]
}

/// mdoc source being written: macro lines, and text lines escaped so that nothing in them is
/// read as a request.
struct Page {
  private(set) var lines: [String] = []

  var text: String { lines.joined(separator: "\n") + "\n" }

  mutating func macro(_ line: String) { lines.append("." + line) }

  /// Text, one sentence per line as mdoc wants, wrapped at 80 bytes.
  mutating func text(_ text: String) {
    for sentence in Self.sentences(text) {
      let wrapped = Help.wrap(sentence, width: 78, indent: 0).split(separator: "\n").map(String.init)
      for (index, line) in wrapped.enumerated() {
        // A line ending in "." inside a sentence ("e.g.") would read as the end of one.
        let inside = index < wrapped.count - 1 && ".?!".contains(line.last ?? " ")
        lines.append(Self.escaped(line) + (inside ? "\\&" : ""))
      }
    }
  }

  /// Paragraphs separated by blank lines become `.Pp`-separated text.
  mutating func prose(_ text: String) {
    let paragraphs = text.components(separatedBy: "\n\n")
    for (index, paragraph) in paragraphs.enumerated() {
      if index > 0 || !(lines.last ?? "").hasPrefix(".S") { macro("Pp") }
      self.text(paragraph.replacingEvery("\n", with: " "))
    }
  }

  mutating func option(_ option: OptionSpec) {
    var head = "It"
    if let short = option.short { head += " Fl \(short) ," }
    head += " Fl -\(option.long)"
    if let valueName = option.valueName { head += " Ar \(valueName)" }
    macro(head)
    var text = option.help + ManPage.valuesNote(option.kind)
    if option.repeatable && option.takesValue { text += " May be repeated." }
    if let defaultDescription = option.defaultDescription { text += " Default: \(defaultDescription)." }
    self.text(text)
  }

  /// Hand-written mdoc: lines starting with `.` are macros, the others text to escape and wrap.
  mutating func section(_ title: String, _ source: String) {
    macro("Sh \(title)")
    for line in source.split(separator: "\n").map(String.init) {
      if line.hasPrefix(".") { lines.append(line) } else { text(line) }
    }
  }

  /// Breaks after `. ` before a capital letter: mdoc starts each sentence on a new line.
  static func sentences(_ text: String) -> [String] {
    var result: [String] = []
    var current = ""
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      current.append(character)
      if ".?!:".contains(character), index + 2 < characters.count, characters[index + 1] == " ",
        characters[index + 2].isUppercase
      {
        result.append(current)
        current = ""
        index += 2
        continue
      }
      index += 1
    }
    if !current.trimmingBlanks().isEmpty { result.append(current) }
    return result.map { $0.trimmingBlanks() }
  }

  /// Backslashes as `\e`, and `\&` before a leading `.` or `'` so the line stays text.
  static func escaped(_ line: String) -> String {
    let text = line.replacingEvery("\\", with: "\\e")
    return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
  }
}
