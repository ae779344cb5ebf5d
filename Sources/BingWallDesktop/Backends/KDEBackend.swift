import BingWallSystem

/// KDE Plasma: `plasma-apply-wallpaperimage` (Plasma 5.22+), else a Plasma script over D-Bus.
struct KDEBackend: WallpaperBackend {
  /// `--fill-mode` per mode (Plasma 6.2+); `auto` leaves the fill mode alone.
  static let modeTable: [WallpaperMode: String] = [
    .fill: "preserveAspectCrop", .fit: "preserveAspectFit", .stretch: "stretch", .center: "pad",
    .tile: "tile",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }
  /// The same modes as the image plugin stores them in `FillMode`: Qt's `Image.fillMode` numbers.
  static let fillModeNumbers: [WallpaperMode: Int] = [
    .stretch: 0, .fit: 1, .fill: 2, .tile: 3, .center: 6,
  ]
  static let applyTool = "plasma-apply-wallpaperimage"
  /// Ways to call `evaluateScript`, best first: Plasma 6's qdbus, Plasma 5's, plain D-Bus.
  static let scriptTools = ["qdbus6", "qdbus", "dbus-send"]
  static let configTools = ["kwriteconfig6", "kwriteconfig5"]

  let name = "kde"
  var ownsTheBackground: Bool { true }
  /// Alternatives, not a set: any one of them is enough (see `isAvailable`).
  let tools = [applyTool] + scriptTools
  let need = SessionNeed.sessionBus
  var outputSource: OutputSource { .kscreen }
  /// Each screen's desktop gets its own picture, through the script (`setEach`).
  var pictureScope: PictureScope { .eachOutput }

  init() {}

  func isAvailable(in session: DesktopSession) -> Bool {
    tools.contains { session.which($0) != nil }
  }

  /// Every name, since any one of them would do.
  func missingTool(in session: DesktopSession) -> MissingTool? {
    isAvailable(in: session) ? nil : MissingTool(anyOf: tools)
  }

  func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["kde"], orSession: ["plasma", "plasmawayland", "plasmax11", "kde-plasma"])
  }

  /// Uses `plasma-apply-wallpaperimage` when it can do all that is asked, else the script: where
  /// the tool predates `--fill-mode`, the script is the only way to set the mode.
  /// The colour scheme in `kdeglobals` names itself dark (`BreezeDark`), read with the
  /// kreadconfig that comes with kwriteconfig.
  func isDarkStyle(in session: DesktopSession) -> Bool {
    guard
      let tool = ["kreadconfig6", "kreadconfig5"].first(where: { session.which($0) != nil }),
      let scheme = try? session.run(
        [tool, "--file", "kdeglobals", "--group", "General", "--key", "ColorScheme"], backend: name)
    else { return false }
    return scheme.stdoutText.lowercased().contains("dark")
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let scriptTool = Self.scriptTools.first { session.which($0) != nil }
    guard session.which(Self.applyTool) != nil else {
      guard let scriptTool else {
        throw DesktopError.toolMissing(
          backend: name, tool: missingTool(in: session) ?? MissingTool(Self.applyTool))
      }
      return try evaluate(Self.script(for: request), with: scriptTool, in: session)
    }
    // The tool pastes the path raw into `'file://' + path` in a script of its own: a quote ends the
    // string (it refuses those), a backslash escapes, a line break is a syntax error, and `#`, `?`
    // and `%` make the URL name another file. Our script passes the picture as an escaped,
    // percent-encoded literal, so it takes any path; without a way to send it, saying so beats a
    // wrong picture or the tool's bare refusal.
    if !Self.toolTakesLiterally(request.path) {
      guard let scriptTool else {
        throw DesktopError.misconfigured(
          backend: name,
          message:
            "\(Self.applyTool) cannot set a picture whose path contains a quote, a backslash, #, ?, % or a"
            + " line break (\(TerminalText.clean(request.path))); install qdbus or dbus-send, or move the"
            + " picture folder")
      }
      return try evaluate(Self.script(for: request), with: scriptTool, in: session)
    }
    var arguments = [Self.applyTool]
    if let fillMode = Self.modeTable[request.mode] {
      if try knowsFillMode(in: session) {
        arguments += ["--fill-mode", fillMode]
      } else if let scriptTool {
        return try evaluate(Self.script(for: request), with: scriptTool, in: session)
      }
    }
    try session.run(arguments + [request.path], backend: name)
  }

  /// Each screen's desktop its own picture: a script that finds each desktop's screen by its
  /// place (`screenGeometry`) among the outputs kscreen-doctor lists, which is how Plasma's
  /// screen numbers meet output names. Without a script tool, or without the outputs, the first
  /// screen's picture goes on every desktop, cropped to each by Plasma.
  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
    let names = requests.keys.sorted()
    guard let first = names.first.flatMap({ requests[$0] }) else { return }
    let outputs = (try? outputSource.read(in: session, backend: name)) ?? []
    let placed = names.compactMap { name -> (x: Int, y: Int, uri: String)? in
      guard let output = outputs.first(where: { $0.name == name }), let request = requests[name] else {
        return nil
      }
      return (output.x, output.y, request.uri)
    }
    guard names.count > 1, placed.count == names.count,
      let scriptTool = Self.scriptTools.first(where: { session.which($0) != nil })
    else {
      return try set(WallpaperRequest(path: first.path, mode: .fill), in: session)
    }
    try evaluate(Self.script(forScreens: placed), with: scriptTool, in: session)
  }

  /// A Plasma desktop script that shows on each desktop the picture of the screen at its place
  /// (the first one's where none matches, as for a desktop on no screen), stretched: each was
  /// made at its screen's size.
  static func script(forScreens screens: [(x: Int, y: Int, uri: String)]) -> String {
    let entries = screens.map { "{x: \($0.x), y: \($0.y), image: \(javaScriptString($0.uri))}" }
    return [
      "var screens = [\(entries.joined(separator: ", "))];",
      "var all = desktops();",
      "for (var i = 0; i < all.length; i++) {",
      "  var desktop = all[i];",
      "  var image = screens[0].image;",
      "  var area = desktop.screen >= 0 ? screenGeometry(desktop.screen) : null;",
      "  for (var j = 0; area && j < screens.length; j++) {",
      "    if (screens[j].x == area.x && screens[j].y == area.y) image = screens[j].image;",
      "  }",
      "  desktop.wallpaperPlugin = \"org.kde.image\";",
      "  desktop.currentConfigGroup = [\"Wallpaper\", \"org.kde.image\", \"General\"];",
      "  desktop.writeConfig(\"Image\", image);",
      "  desktop.writeConfig(\"FillMode\", \(fillModeNumbers[.stretch]!));",
      "}",
    ].joined(separator: "\n") + "\n"
  }

  /// Whether `plasma-apply-wallpaperimage` would set exactly `path`: nothing its string or its URL
  /// reads as syntax (see `set`).
  static func toolTakesLiterally(_ path: String) -> Bool {
    !path.unicodeScalars.contains { scalar in
      scalar.value < 0x20 || scalar.value == 0x7f || scalar == "\u{2028}" || scalar == "\u{2029}"
        || "'\\#?%".unicodeScalars.contains(scalar)
    }
  }

  /// kwriteconfig writes the lock screen's picture; without it the desktop must stay untouched, so
  /// this runs before `set`.
  func checkLockScreen(in session: DesktopSession) throws(DesktopError) {
    _ = try configTool(in: session)
  }

  func configTool(in session: DesktopSession) throws(DesktopError) -> String {
    guard let tool = Self.configTools.first(where: { session.which($0) != nil }) else {
      throw DesktopError.toolMissing(backend: name, tool: MissingTool(anyOf: Self.configTools))
    }
    return tool
  }

  var setsLockPicture: Bool { true }

  /// Plasma's lock screen keeps its own picture in `kscreenlockerrc`.
  func setLockScreen(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError)
    -> Bool
  {
    let tool = try configTool(in: session)
    try session.run(
      [
        tool, "--file", "kscreenlockerrc", "--group", "Greeter", "--group", "Wallpaper", "--group",
        "org.kde.image", "--group", "General", "--key", "Image", request.uri,
      ], backend: name)
    return true
  }

  /// Whether this `plasma-apply-wallpaperimage` has `--fill-mode` (Plasma 6.2+): its help says so.
  func knowsFillMode(in session: DesktopSession) throws(DesktopError) -> Bool {
    let help = try session.run([Self.applyTool, "--help"], backend: name)
    return (help.stdoutText + help.stderrText).contains("--fill-mode")
  }

  func evaluate(_ script: String, with tool: String, in session: DesktopSession) throws(DesktopError) {
    let method = "org.kde.PlasmaShell.evaluateScript"
    if tool == "dbus-send" {
      // --print-reply waits for the answer, so an error from the script fails the call.
      try session.run(
        [
          tool, "--session", "--print-reply", "--dest=org.kde.plasmashell", "--type=method_call",
          "/PlasmaShell", method, "string:" + script,
        ], backend: name)
    } else {
      try session.run([tool, "org.kde.plasmashell", "/PlasmaShell", method, script], backend: name)
    }
  }

  /// A Plasma desktop script that shows the picture on every desktop, with the mode when one is asked.
  static func script(for request: WallpaperRequest) -> String {
    var lines = [
      "var image = \(javaScriptString(request.uri));",
      "var all = desktops();",
      "for (var i = 0; i < all.length; i++) {",
      "  var desktop = all[i];",
      "  desktop.wallpaperPlugin = \"org.kde.image\";",
      "  desktop.currentConfigGroup = [\"Wallpaper\", \"org.kde.image\", \"General\"];",
      "  desktop.writeConfig(\"Image\", image);",
    ]
    if let fillMode = fillModeNumbers[request.mode] {
      lines.append("  desktop.writeConfig(\"FillMode\", \(fillMode));")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as a double-quoted JavaScript string literal that cannot end early or break a line:
  /// quotes, backslashes and line terminators escaped, controls and `<` (as in `</script>`) as `\u`.
  static func javaScriptString(_ text: String) -> String {
    EscapedLiteral.quoted(text, quote: "\"", alsoEscaped: ["'"]) { scalar in
      scalar.value < 0x20 || scalar.value == 0x7f || scalar == "<" || scalar == "\u{2028}"
        || scalar == "\u{2029}"
    }
  }
}
