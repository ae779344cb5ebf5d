import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSchedule
@testable import BingWallSystem

/// KDE Plasma against stubs of `plasma-apply-wallpaperimage`, qdbus, dbus-send and kwriteconfig,
/// and the generated script against a real JavaScript engine where one is installed.
@Suite struct KDEBackendTests {
  static let path = "/home/u/Bing Pictures/ü.jpg"
  static let method = "org.kde.PlasmaShell.evaluateScript"
  /// What Plasma 6.2's tool prints for `--help`, cut to the line that matters.
  static let newHelp =
    #"[ "$1" = --help ] && echo '  --fill-mode <fill-mode>  How the wallpaper fills'; exit 0"#
  static let oldHelp = #"[ "$1" = --help ] && echo '  --help  Displays help on commandline options.'; exit 0"#

  let stubs: SettingsStubs
  let session: DesktopSession

  init() throws {
    stubs = try SettingsStubs()
    session = stubs.session(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
  }

  @Test(arguments: WallpaperMode.allCases)
  func plasma62GetsTheFillMode(mode: WallpaperMode) throws {
    try stubs.install("plasma-apply-wallpaperimage", Self.newHelp)
    try KDEBackend().set(WallpaperRequest(path: Self.path, mode: mode), in: session)
    if let fillMode = KDEBackend.modeTable[mode] {
      #expect(
        try stubs.calls() == [
          ["plasma-apply-wallpaperimage", "--help"],
          ["plasma-apply-wallpaperimage", "--fill-mode", fillMode, Self.path],
        ])
    } else {
      #expect(try stubs.calls() == [["plasma-apply-wallpaperimage", Self.path]])
    }
  }

  /// Plasma's colour scheme, from kreadconfig (a stand-in), says whether the dark variant is due;
  /// through the applier, a dark scheme gets the dimmed file, made whole (KDE scales it itself).
  @Test(arguments: [("BreezeDark", true), ("BreezeLight", false), ("", false)])
  func aDarkColourSchemeGetsTheDarkPicture(scheme: String, dark: Bool) throws {
    try stubs.install("kreadconfig5", "echo '\(scheme)'")
    try stubs.install("plasma-apply-wallpaperimage", Self.newHelp)
    #expect(KDEBackend().isDarkStyle(in: session) == dark)
    #expect(
      try stubs.calls().first == [
        "kreadconfig5", "--file", "kdeglobals", "--group", "General", "--key", "ColorScheme",
      ])
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: 64, height: 36)
    let pictures = ScreenPictures(folder: folder.file("screens"), maximumSize: nil, darkDim: 0.7)
    let outcome = try WallpaperApplier(
      session: session, backends: [KDEBackend()], requested: "kde", mode: .fill, lockScreen: false,
      screenPictures: { pictures.make($0) }
    ).apply(path: picture)
    #expect(outcome.path.hasSuffix("-whole-crop-dark.jpg") == dark, "\(outcome.path)")
    #expect(try stubs.calls().last?.last == outcome.path)
  }

  @Test func modeTableMatchesPlasmaNames() {
    #expect(
      KDEBackend.modeTable == [
        .fill: "preserveAspectCrop", .fit: "preserveAspectFit", .stretch: "stretch", .center: "pad",
        .tile: "tile",
      ])
  }

  /// Before 6.2 the tool has no `--fill-mode`: the script sets picture and mode instead.
  @Test func olderPlasmaSetsTheModeThroughTheScript() throws {
    try stubs.install("plasma-apply-wallpaperimage", Self.oldHelp)
    try stubs.install("qdbus")
    let request = WallpaperRequest(path: Self.path, mode: .fit)
    try KDEBackend().set(request, in: session)
    let script = KDEBackend.script(for: request)
    #expect(
      try stubs.calls() == [
        ["plasma-apply-wallpaperimage", "--help"],
        ["qdbus", "org.kde.plasmashell", "/PlasmaShell", Self.method, script],
      ])
    #expect(script.contains("desktop.writeConfig(\"FillMode\", 1);"))
    #expect(script.contains("\"file:///home/u/Bing%20Pictures/%C3%BC.jpg\""))
  }

  @Test func olderPlasmaWithoutDBusToolStillSetsThePicture() throws {
    try stubs.install("plasma-apply-wallpaperimage", Self.oldHelp)
    try KDEBackend().set(WallpaperRequest(path: Self.path, mode: .tile), in: session)
    #expect(
      try stubs.calls() == [
        ["plasma-apply-wallpaperimage", "--help"], ["plasma-apply-wallpaperimage", Self.path],
      ])
  }

  @Test(arguments: ["qdbus6", "qdbus"])
  func withoutTheApplyToolQDBusRunsTheScript(tool: String) throws {
    try stubs.install(tool)
    try stubs.install("dbus-send")
    let request = WallpaperRequest(path: Self.path, mode: .auto)
    try KDEBackend().set(request, in: session)
    #expect(
      try stubs.calls() == [
        [tool, "org.kde.plasmashell", "/PlasmaShell", Self.method, KDEBackend.script(for: request)]
      ])
    #expect(!KDEBackend.script(for: request).contains("FillMode"))
  }

  @Test func dbusSendIsTheLastResort() throws {
    try stubs.install("dbus-send")
    let request = WallpaperRequest(path: Self.path, mode: .center)
    try KDEBackend().set(request, in: session)
    let expected = [
      "dbus-send", "--session", "--print-reply", "--dest=org.kde.plasmashell", "--type=method_call",
      "/PlasmaShell", Self.method, "string:" + KDEBackend.script(for: request),
    ]
    #expect(try stubs.calls() == [expected])
    #expect(KDEBackend.script(for: request).contains("desktop.writeConfig(\"FillMode\", 6);"))
  }

  @Test func nothingInstalledIsToolMissing() throws {
    let backend = KDEBackend()
    #expect(!backend.isAvailable(in: session))
    let every = MissingTool(anyOf: ["plasma-apply-wallpaperimage"] + KDEBackend.scriptTools)
    #expect(throws: DesktopError.toolMissing(backend: "kde", tool: every)) {
      try backend.set(WallpaperRequest(path: Self.path, mode: .fill), in: session)
    }
    try stubs.install("dbus-send")
    #expect(backend.isAvailable(in: session))
    #expect(backend.need == .sessionBus)
  }

  /// Without a way to run the script, a path with `'` cannot be set: said with the fix.
  @Test func aPathWithASingleQuoteAndNoScriptToolIsRefusedClearly() throws {
    try stubs.install("plasma-apply-wallpaperimage", Self.newHelp)
    #expect {
      try KDEBackend().set(WallpaperRequest(path: "/pics/it's.jpg", mode: .auto), in: session)
    } throws: { error in
      guard case .misconfigured("kde", let message) = error as? DesktopError else { return false }
      return message.contains("contains a quote") && message.contains("/pics/it's.jpg")
        && message.contains("install qdbus or dbus-send")
    }
    #expect(try stubs.calls().isEmpty)
  }

  /// The tool refuses a `'` (see `plasmaRefusesASingleQuote` in the real suite); the script takes
  /// it, in auto mode as with a mode, and the tool is not even asked.
  ///
  /// So do the paths it would misread without refusing them: a backslash is an escape in its string,
  /// and `#`, `?` and `%` make its `file://` URL name another file.
  @Test(arguments: [
    (WallpaperMode.auto, "/pics/it's Bing's.jpg"), (.fill, "/pics/it's Bing's.jpg"), (.auto, "/pics/#1.jpg"),
    (.auto, "/pics/100%.jpg"), (.fill, "/pics/why?.jpg"), (.auto, "/pics/back\\slash.jpg"),
    (.auto, "/pics/line\nbreak.jpg"),
  ])
  func aPathTheToolWouldMisreadGoesThroughTheScript(mode: WallpaperMode, path: String) throws {
    try stubs.install("plasma-apply-wallpaperimage", Self.newHelp)
    try stubs.install("qdbus")
    let request = WallpaperRequest(path: path, mode: mode)
    try KDEBackend().set(request, in: session)
    #expect(
      try stubs.calls() == [
        ["qdbus", "org.kde.plasmashell", "/PlasmaShell", Self.method, KDEBackend.script(for: request)]
      ])
  }

  /// Paths that would end a quoted string, a line or a `<script>` element if pasted raw: each goes
  /// through qdbus as a script that a JavaScript engine runs without any of it escaping, and that
  /// configures exactly the picture asked for.
  @Test(arguments: [
    "/pics/it's.jpg", "/pics/back\\slash\\.jpg", "/pics/line\nbreak\r\n.jpg", "/pics/</script><b>.jpg",
    "/pics/\u{2028}\u{2029}.jpg", "/pics/'); evil(); ('.jpg", "/pics/\"; evil(); \".jpg",
    "/pics/${evil()}`.jpg",
    "/pics/Grüße 世界 🖼️.jpg",
  ])
  func hostilePathsCannotBreakOutOfTheScript(path: String) throws {
    try stubs.install("qdbus")
    let request = WallpaperRequest(path: path, mode: .stretch)
    try KDEBackend().set(request, in: session)
    let call = try #require(try stubs.calls().first)
    #expect(Array(call.prefix(4)) == ["qdbus", "org.kde.plasmashell", "/PlasmaShell", Self.method])
    let script = try #require(call.last)
    let desktops = try Self.runInFakePlasma(script)
    #expect(desktops.count == 2)
    for desktop in desktops {
      #expect(desktop.plugin == "org.kde.image")
      guard case .string(let image) = desktop.config["Wallpaper/org.kde.image/General/Image"] else {
        Issue.record("no Image in \(desktop.config)")
        continue
      }
      #expect(image == request.uri)
      #expect(FileURI.path(of: image) == path)
      #expect(desktop.config["Wallpaper/org.kde.image/General/FillMode"] == .number(0))
    }
  }

  @Test func toolFailureCarriesItsMessage() throws {
    try stubs.install("plasma-apply-wallpaperimage", "echo 'plasmashell is not running' >&2; exit 1")
    #expect {
      try KDEBackend().set(WallpaperRequest(path: Self.path, mode: .auto), in: session)
    } throws: { error in
      guard case .toolFailed("kde", _, 1, let stderr) = error as? DesktopError else { return false }
      return stderr.contains("not running")
    }
  }

  /// With plasmashell gone, Plasma 5.27's tool says why on stdout only and exits 255 (its words, as
  /// the real one printed them on a bus without plasmashell); the error must carry them.
  @Test func plasmashellGoneIsExplainedFromStdout() throws {
    try stubs.install(
      "plasma-apply-wallpaperimage",
      #"""
      [ "$1" = --help ] && { echo '  --help  Displays help on commandline options.'; exit 0; }
      echo 'An error occurred while attempting to set the Plasma wallpaper:'
      echo 'The name org.kde.plasmashell was not provided by any .service files'
      exit 255
      """#)
    let applier = WallpaperApplier(
      session: session, backends: [KDEBackend()], requested: "kde", mode: .auto, lockScreen: false)
    #expect {
      try applier.apply(path: Self.path)
    } throws: { error in
      guard let error = error as? DesktopError, case .toolFailed("kde", _, 255, _) = error else {
        return false
      }
      return error.description.hasPrefix(
        "kde: 'plasma-apply-wallpaperimage \(Self.path)' failed with status 255: ")
        && error.description.contains("An error occurred while attempting to set the Plasma wallpaper")
        && error.description.contains("org.kde.plasmashell was not provided")
    }
  }

  static func lockScreenCall(_ tool: String) -> [String] {
    [
      tool, "--file", "kscreenlockerrc", "--group", "Greeter", "--group", "Wallpaper", "--group",
      "org.kde.image", "--group", "General", "--key", "Image", "file:///home/u/Bing%20Pictures/%C3%BC.jpg",
    ]
  }

  @Test(arguments: [["kwriteconfig5"], ["kwriteconfig6"], ["kwriteconfig5", "kwriteconfig6"]])
  func lockScreenGoesToKScreenLocker(installed: [String]) throws {
    for tool in installed { try stubs.install(tool) }
    let done = try KDEBackend().setLockScreen(WallpaperRequest(path: Self.path, mode: .fill), in: session)
    #expect(done)
    #expect(try stubs.calls() == [Self.lockScreenCall(installed.last!)])
  }

  @Test func lockScreenWithoutKWriteConfigIsToolMissing() throws {
    let expected = DesktopError.toolMissing(
      backend: "kde", tool: MissingTool(anyOf: ["kwriteconfig6", "kwriteconfig5"]))
    #expect(throws: expected) {
      try KDEBackend().setLockScreen(WallpaperRequest(path: Self.path, mode: .fill), in: session)
    }
    #expect(expected.description.contains("neither 'kwriteconfig6' nor 'kwriteconfig5' is installed"))
  }

  /// `--lock-screen` without kwriteconfig: the failure comes before anything changed, so the desktop
  /// keeps its picture too; with kwriteconfig both are set, desktop first.
  @Test(arguments: [false, true])
  func lockScreenChecksItsToolBeforeTheDesktopChanges(kwriteconfig: Bool) throws {
    try stubs.install("plasma-apply-wallpaperimage", Self.newHelp)
    try stubs.install("qdbus")
    if kwriteconfig { try stubs.install("kwriteconfig5") }
    let applier = WallpaperApplier(
      session: session, backends: [KDEBackend()], requested: "kde", mode: .auto, lockScreen: true)
    if kwriteconfig {
      #expect(
        try applier.apply(path: Self.path) == .init(backend: "kde", path: Self.path, lockScreenSet: true))
      #expect(
        try stubs.calls() == [
          ["plasma-apply-wallpaperimage", Self.path], Self.lockScreenCall("kwriteconfig5"),
        ])
    } else {
      #expect(
        throws: DesktopError.toolMissing(
          backend: "kde", tool: MissingTool(anyOf: ["kwriteconfig6", "kwriteconfig5"]))
      ) {
        try applier.apply(path: Self.path)
      }
      #expect(try stubs.calls().isEmpty)
    }
  }

  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "KDE"], true), (["DESKTOP_SESSION": "plasma"], true),
    (["DESKTOP_SESSION": "/usr/share/wayland-sessions/plasmawayland"], true),
    (["XDG_CURRENT_DESKTOP": "LXQt"], false), ([:], false),
  ])
  func detection(environment: [String: String], detected: Bool) {
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: "/")
    #expect(KDEBackend().isDetected(in: session) == detected)
  }

  // MARK: The script, in a real JavaScript engine

  static let hostile = [
    "plain", "it's \"quoted\"", "back\\slash\\", "line\nbreak\r\n", "</script><b>", "\u{2028}\u{2029}",
    "\u{1}\u{7f}\t", "Grüße 世界 🖼️", "'); evil(); ('", "\"; evil(); \"",
  ]

  @Test(arguments: hostile)
  func javaScriptLiteralEvaluatesToTheSameString(text: String) throws {
    let literal = KDEBackend.javaScriptString(text)
    // Inside, every quote is escaped: drop escaped pairs and no quote may remain.
    let inside = String(literal.dropFirst().dropLast())
    let unescaped = inside.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(
      of: "\\\"", with: "")
    #expect(!unescaped.contains("\""))
    #expect(!literal.contains("\n") && !literal.contains("</"))
    let program = "process.stdout.write(JSON.stringify(\(literal)))"
    let output = try ExternalTool.run(["node", "-e", program])
    let decoded = try JSONDecoder().decode(String.self, from: output)
    #expect(decoded == text)
  }

  /// One fake desktop after the script ran: its wallpaper plugin and what it wrote, by group/key.
  struct FakeDesktop: Decodable, Equatable {
    var plugin: String
    var config: [String: JSONNumberOrString]
  }

  /// Runs `script` in node against fake desktops the way plasmashell would (one per entry of
  /// `screens`, that desktop's screen number; `places` the screens' top-left corners, by
  /// number), and returns what it configured; `evil()` throws, so a script that a path broke out
  /// of fails here.
  static func runInFakePlasma(
    _ script: String, screens: [Int] = [0, 1], places: [(x: Int, y: Int)] = [(0, 0), (1920, 0)]
  ) throws -> [FakeDesktop] {
    let corners = places.map { "{x: \($0.x), y: \($0.y), width: 1920, height: 1080}" }
    let harness = """
      var made = [];
      function evil() { throw new Error("a path broke out of its string"); }
      var places = [\(corners.joined(separator: ", "))];
      function screenGeometry(n) {
        if (n < 0 || n >= places.length) throw new Error("no screen " + n);
        return places[n];
      }
      function desktops() {
        return \(screens).map(function (screen) {
          var d = { screen: screen, config: {}, writeConfig: function (k, v) {
            this.config[this.currentConfigGroup.join("/") + "/" + k] = v; } };
          made.push(d);
          return d;
        });
      }
      \(script)
      process.stdout.write(JSON.stringify(made.map(function (d) {
        return { plugin: d.wallpaperPlugin, config: d.config }; })));
      """
    return try JSONDecoder().decode([FakeDesktop].self, from: ExternalTool.run(["node", "-e", harness]))
  }

  /// Runs the script against fake desktops the way plasmashell would, and reads what it configured.
  @Test(arguments: [WallpaperMode.auto, .fill, .stretch])
  func scriptConfiguresEveryDesktop(mode: WallpaperMode) throws {
    let request = WallpaperRequest(path: "/pics/a b/\"x\".jpg", mode: mode)
    let desktops = try Self.runInFakePlasma(KDEBackend.script(for: request))
    var config: [String: JSONNumberOrString] = [
      "Wallpaper/org.kde.image/General/Image": .string(request.uri)
    ]
    if let number = KDEBackend.fillModeNumbers[mode] {
      config["Wallpaper/org.kde.image/General/FillMode"] = .number(number)
    }
    #expect(
      desktops == [
        FakeDesktop(plugin: "org.kde.image", config: config),
        FakeDesktop(plugin: "org.kde.image", config: config),
      ])
  }

  /// Each screen's desktop gets the picture made for that screen, found by its place; a desktop
  /// on no screen (-1) gets the first, and every one is stretched, as each was made to size.
  @Test func eachScreensDesktopGetsItsOwnPicture() throws {
    let script = KDEBackend.script(forScreens: [
      (x: 1920, y: 0, uri: "file:///right.jpg"), (x: 0, y: 0, uri: "file:///left \"x\".jpg"),
    ])
    let desktops = try Self.runInFakePlasma(script, screens: [0, 1, -1])
    func config(_ uri: String) -> [String: JSONNumberOrString] {
      [
        "Wallpaper/org.kde.image/General/Image": .string(uri),
        "Wallpaper/org.kde.image/General/FillMode": .number(0),
      ]
    }
    #expect(
      desktops == [
        FakeDesktop(plugin: "org.kde.image", config: config("file:///left \"x\".jpg")),
        FakeDesktop(plugin: "org.kde.image", config: config("file:///right.jpg")),
        FakeDesktop(plugin: "org.kde.image", config: config("file:///right.jpg")),
      ])
  }

  /// setEach asks kscreen-doctor where the outputs are and hands the script to qdbus; the
  /// script, run on fake desktops at those places, gives each its output's picture. Without the
  /// outputs the first picture goes everywhere, cropped by Plasma.
  @Test func setEachPlacesThePicturesByKScreensOutputs() throws {
    try stubs.install("qdbus")
    try stubs.install("kscreen-doctor", "cat \(Fixtures.path("outputs/kscreen-doctor-plasma5.json"))")
    let requests = [
      "DP-2": WallpaperRequest(path: "/made/dp2.jpg", mode: .stretch),
      "HDMI-1": WallpaperRequest(path: "/made/hdmi1.jpg", mode: .stretch),
    ]
    try KDEBackend().setEach(requests, in: session)
    let calls = try stubs.calls()
    #expect(calls.first == ["kscreen-doctor", "-j"])
    let script = try #require(calls.last?.last)
    #expect(calls.last?.first == "qdbus")
    // The fixture's outputs: HDMI-1 at (0, 0), DP-2 at (1080, 240).
    let desktops = try Self.runInFakePlasma(script, screens: [0, 1], places: [(0, 0), (1080, 240)])
    #expect(
      desktops.map { $0.config["Wallpaper/org.kde.image/General/Image"] } == [
        .string("file:///made/hdmi1.jpg"), .string("file:///made/dp2.jpg"),
      ])

    try stubs.install("kscreen-doctor", "exit 1")
    try stubs.install("plasma-apply-wallpaperimage", Self.newHelp)
    stubs.clearCalls()
    try KDEBackend().setEach(requests, in: session)
    #expect(
      try stubs.calls().last == [
        "plasma-apply-wallpaperimage", "--fill-mode", "preserveAspectCrop", "/made/dp2.jpg",
      ])
  }
}

/// A JSON value that is an integer or a string, as the script writes them.
enum JSONNumberOrString: Decodable, Equatable {
  case number(Int)
  case string(String)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }
}
