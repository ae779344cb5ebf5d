import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallNet
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// The shared gsettings layer: GVariant quoting and parsing against the real tool, the bus need,
/// and what happens when gsettings claims success without storing anything.
@Suite struct GSettingsTests {
  /// Strings that need every escape the GVariant text format has.
  static let awkwardStrings = [
    "/plain/path.jpg", "/with space/a b.jpg", "/it's/here.jpg", "/\"double\"/x.jpg", "/both ' and \"/x",
    "/back\\slash", "/line\nbreak\ttab", "/Grüße/世界/🖼️.jpg", "/ctrl\u{1}\u{7f}", "'zoom'", "",
  ]

  /// Whatever we pass to `gsettings set` comes back from `gsettings get` as the same string,
  /// and our parser reads gsettings' own printing of it.
  @Test(arguments: awkwardStrings)
  func quotedValueRoundTripsThroughRealGSettings(value: String) throws {
    let settings = try KeyfileSettings()
    let gsettings = GSettings(backend: "test")
    try gsettings.set("org.mate.background", "picture-filename", to: value, in: settings.session)
    let printed = try settings.raw("org.mate.background", "picture-filename")
    #expect(GSettings.parseString(printed) == value)
    #expect(try gsettings.string("org.mate.background", "picture-filename", in: settings.session) == value)
    #expect(settings.keyfile.contains("picture-filename="))
  }

  @Test(arguments: [
    ("'file:///a'", "file:///a"), ("\"it's\"", "it's"), ("'a\\'b'", "a'b"), ("\"a\\\"b\"", "a\"b"),
    ("'x\\\\y'", "x\\y"), ("'\\n\\t'", "\n\t"), ("'\\u00e9\\U0001f5bc'", "é🖼"), ("'ü'\n", "ü"),
    ("''", ""),
  ])
  func parsesGVariantStrings(text: String, expected: String) {
    #expect(GSettings.parseString(text) == expected)
  }

  @Test(arguments: ["", "\n", "42", "'unterminated", "'a'b'", "['a']", "'\\u12'", "@ms nothing"])
  func rejectsWhatIsNotOneString(text: String) {
    #expect(GSettings.parseString(text) == nil)
  }

  @Test func quoteEscapesQuotesBackslashesAndControls() {
    #expect(GSettings.quote("it's \\ \n\u{1}") == "'it\\'s \\\\ \\n\\u0001'")
  }

  @Test(arguments: [
    ([String: String](), SessionNeed.sessionBus), (["GSETTINGS_BACKEND": "dconf"], .sessionBus),
    (["GSETTINGS_BACKEND": ""], .sessionBus), (["GSETTINGS_BACKEND": "keyfile"], .nothing),
    (["GSETTINGS_BACKEND": "memory"], .nothing),
  ])
  func needsTheBusOnlyForDconf(environment: [String: String], need: SessionNeed) {
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: "/")
    #expect(GSettings.need(environment: environment) == need)
    #expect(GSettingsBackend(.gnome, session: session).need == need)
    #expect(GSettingsBackend(.cinnamon, session: session).need == need)
    #expect(GSettingsBackend(.mate, session: session).need == need)
    #expect(GSettingsBackend(.deepin, session: session).need == need)
  }

  @Test func withoutASessionTheBusIsNeeded() {
    #expect(GSettingsBackend(.gnome).need == .sessionBus)
  }

  static let backends: [any WallpaperBackend] = [
    GSettingsBackend(.gnome), GSettingsBackend(.cinnamon), GSettingsBackend(.mate), GSettingsBackend(.deepin),
  ]

  /// gsettings without a reachable dconf exits 0 and stores nothing; reading back must notice.
  @Test(arguments: backends.indices)
  func silentlyIgnoredSetThrowsDidNotTake(index: Int) throws {
    let backend = Self.backends[index]
    let stubs = try SettingsStubs()
    try stubs.install("gsettings")
    let request = WallpaperRequest(path: "/pictures/today.jpg", mode: .fill)
    #expect(throws: DesktopError.self) { try backend.set(request, in: stubs.session()) }
    do {
      try backend.set(request, in: stubs.session())
    } catch {
      guard case .didNotTake(let name, let expected, let found) = error else {
        Issue.record("expected didNotTake, got \(error)")
        return
      }
      #expect(name == backend.name)
      #expect(expected.hasSuffix("/pictures/today.jpg"))
      #expect(found == "nothing")
    }
    let sets = try stubs.calls().filter { $0.count > 1 && $0[1] == "set" }
    #expect(!sets.isEmpty)
  }

  /// The real gsettings does exactly that with a store that dies with the process (what it falls
  /// back to when dconf is missing): exit 0, nothing kept.
  @Test func realGSettingsWithAMemoryStoreThrowsDidNotTake() throws {
    let folder = try TemporaryDirectory()
    let session = DesktopSession(
      environment: ["PATH": "/usr/bin:/bin", "GSETTINGS_BACKEND": "memory", "HOME": folder.path],
      processes: PosixProcessRunner(), home: folder.path)
    #expect {
      try GSettingsBackend(.gnome).set(WallpaperRequest(path: "/today.jpg", mode: .fill), in: session)
    } throws: { error in
      guard case .didNotTake("gnome", "file:///today.jpg", let found) = error as? DesktopError else {
        return false
      }
      return found != "file:///today.jpg"
    }
  }

  /// A gsettings that stores something else than asked (another program racing us) is caught too.
  @Test func differentValueReadBackThrowsDidNotTake() throws {
    let stubs = try SettingsStubs()
    try stubs.install("gsettings", #"[ "$1" = get ] && echo "'file:///other.jpg'"; exit 0"#)
    let request = WallpaperRequest(path: "/mine.jpg", mode: .auto)
    #expect(
      throws: DesktopError.didNotTake(
        backend: "gnome", expected: "file:///mine.jpg", found: "file:///other.jpg")
    ) {
      try GSettingsBackend(.gnome).set(request, in: stubs.session())
    }
  }

  @Test(arguments: backends.indices)
  func missingGSettingsIsToolMissing(index: Int) throws {
    let backend = Self.backends[index]
    let stubs = try SettingsStubs()
    let session = stubs.session()
    #expect(backend.tools == ["gsettings"])
    #expect(!backend.isAvailable(in: session))
    #expect(throws: DesktopError.toolMissing(backend: backend.name, tool: "gsettings")) {
      try backend.set(WallpaperRequest(path: "/a.jpg", mode: .auto), in: session)
    }
    try stubs.install("gsettings")
    #expect(backend.isAvailable(in: session))
  }

  /// A failing gsettings (no such schema) surfaces with what it said.
  @Test func failingGSettingsIsToolFailed() throws {
    let stubs = try SettingsStubs()
    try stubs.install("gsettings", "echo 'No such schema “org.cinnamon.desktop.background”' >&2; exit 1")
    #expect {
      try GSettingsBackend(.cinnamon).set(WallpaperRequest(path: "/a.jpg", mode: .fit), in: stubs.session())
    } throws: { error in
      guard case .toolFailed(let backend, _, let status, let stderr) = error as? DesktopError else {
        return false
      }
      return backend == "cinnamon" && status == 1 && stderr.contains("No such schema")
    }
  }
}

/// gsettings prints in the locale's character set; the reads must not depend on the caller's locale.
@Suite struct GSettingsLocaleTests {
  @Test(arguments: [[:], ["LANG": "C"], ["LC_ALL": "POSIX", "LANG": "en_US.UTF-8"]])
  func readsNonASCIIUnderANonUTF8Locale(locale: [String: String]) throws {
    let settings = try KeyfileSettings()
    let session = DesktopSession(
      environment: settings.session.environment.merging(locale) { _, new in new },
      processes: PosixProcessRunner(), home: settings.folder.path)
    try GSettingsBackend(.mate).set(WallpaperRequest(path: "/Grüße/世界.jpg", mode: .auto), in: session)
    #expect(try GSettingsBackend(.mate).current(in: session) == "/Grüße/世界.jpg")
  }

  @Test(arguments: [["LANG": "de_DE.UTF-8"], ["LC_ALL": "C.utf8"], ["LC_CTYPE": "en_GB.UTF-8"]])
  func keepsAUTF8Locale(locale: [String: String]) {
    let session = DesktopSession(environment: locale, processes: PosixProcessRunner(), home: "/")
    #expect(GSettings.utf8(session).environment == locale)
  }

  @Test func forcesUTF8OtherwiseAndKeepsTheRest() {
    var session = DesktopSession(
      environment: ["LANG": "C", "PATH": "/x"], processes: PosixProcessRunner(), home: "/h")
    session.timeout = .seconds(3)
    let changed = GSettings.utf8(session)
    #expect(changed.environment == ["LANG": "C", "PATH": "/x", "LC_ALL": "C.UTF-8"])
    #expect(changed.timeout == .seconds(3))
    #expect(changed.home == "/h")
  }
}
