import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// COSMIC at file level: Debian has no cosmic-bg, so these write cosmic-config's files, read
/// them back, and hold every other key (and every other field of `all`) byte for byte.
@Suite struct CosmicBackendTests {
  /// A home with `XDG_CONFIG_HOME` of its own and COSMIC's desktop name.
  final class Home {
    let folder: TemporaryDirectory
    let session: DesktopSession
    var keys: String { folder.file("config/cosmic/com.system76.CosmicBackground/v1") }

    init() throws {
      folder = try TemporaryDirectory()
      session = DesktopSession(
        environment: [
          "HOME": folder.path, "XDG_CONFIG_HOME": folder.file("config"), "XDG_CURRENT_DESKTOP": "COSMIC",
          "PATH": "/usr/bin:/bin",
        ], processes: PosixProcessRunner(), home: folder.path)
    }

    func write(_ key: String, _ text: String) throws {
      try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
      try text.write(toFile: keys + "/" + key, atomically: true, encoding: .utf8)
    }

    func read(_ key: String) throws -> String {
      try String(contentsOfFile: keys + "/" + key, encoding: .utf8)
    }
  }

  /// What cosmic-settings leaves after a user chose two pictures, one per output, and a slideshow
  /// rotation of an hour.
  static let allBefore = """
    (
        output: "all",
        source: Path("/usr/share/backgrounds/cosmic/orion_nebula_nasa_heic0601a.jpg"),
        filter_by_theme: true,
        rotation_frequency: 3600,
        filter_method: Linear,
        scaling_mode: Fit((0.2, 0.3, 0.4)),
        sampling_method: Random,
    )
    """
  static let outputBefore = """
    (output: "HDMI-A-1", source: Path("/home/u/left.png"), filter_by_theme: false, rotation_frequency: 900, filter_method: Lanczos, scaling_mode: Zoom, sampling_method: Alphanumeric)
    """

  @Test func isDetectedFromXDGCurrentDesktop() throws {
    let home = try Home()
    #expect(CosmicBackend().isDetected(in: home.session))
    let other = home.session.with(environment: ["XDG_CURRENT_DESKTOP": "GNOME"])
    #expect(!CosmicBackend().isDetected(in: other))
    #expect(BackendRegistry.names.contains("cosmic"))
  }

  @Test func aFreshHomeGetsTheEntryAndSameOnAll() throws {
    let home = try Home()
    try CosmicBackend().set(WallpaperRequest(path: "/p/lake.jpg", mode: .fill), in: home.session)
    let entry = try #require(CosmicEntry.parse(try home.read("all")))
    #expect(entry["output"] == "\"all\"")
    #expect(entry["source"] == "Path(\"/p/lake.jpg\")")
    #expect(entry["scaling_mode"] == "Zoom")
    #expect(entry["rotation_frequency"] == "900")
    #expect(entry.fields.map(\.name) == CosmicEntry.defaults.map(\.name))
    #expect(try home.read("same-on-all") == "true")
    #expect(try CosmicBackend().current(in: home.session) == "/p/lake.jpg")
  }

  /// The other keys go back byte for byte; of `all`, only what bingwall sets changes.
  @Test func everyOtherKeyAndFieldIsKept() throws {
    let home = try Home()
    try home.write("all", Self.allBefore)
    try home.write("output.HDMI-A-1", Self.outputBefore)
    try home.write("backgrounds", "[\"HDMI-A-1\"]")
    try home.write("same-on-all", "false")
    try CosmicBackend().set(WallpaperRequest(path: "/p/lake.jpg", mode: .stretch), in: home.session)

    #expect(try home.read("output.HDMI-A-1") == Self.outputBefore)
    #expect(try home.read("backgrounds") == "[\"HDMI-A-1\"]")
    #expect(try home.read("same-on-all") == "true")
    let entry = try #require(CosmicEntry.parse(try home.read("all")))
    let before = try #require(CosmicEntry.parse(Self.allBefore))
    #expect(entry.fields.map(\.name) == before.fields.map(\.name), "the file's order")
    for field in ["rotation_frequency", "filter_method", "sampling_method"] {
      #expect(entry[field] == before[field], "\(field)")
    }
    #expect(entry["filter_by_theme"] == "false")
    #expect(entry["scaling_mode"] == "Stretch")
    #expect(entry.picturePath == "/p/lake.jpg")
  }

  /// Quotes, backslashes and a line feed go in escaped and come back as they were, a combining
  /// mark right after one too (found by `make fuzz`: read by Character, the escape and the mark
  /// were one Character and no escape); a field a later cosmic-bg adds survives.
  @Test(arguments: [
    "/tmp/it's \"q\"/x.jpg", "/tmp/back\\slash\\.jpg", "/tmp/two\nlines.jpg", "/tmp/Grüße/世界.jpg",
    "/tmp/two\n\u{348}x.jpg", "/tmp/\"\u{301}q\\\u{301}.jpg",
  ])
  func hostilePathsRoundTrip(path: String) throws {
    let home = try Home()
    try home.write("all", "(output: \"all\", source: Path(\"/x.jpg\"), future_field: Some([1, (2, \"),\")]))")
    try CosmicBackend().set(WallpaperRequest(path: path, mode: .fit), in: home.session)
    #expect(try CosmicBackend().current(in: home.session) == path)
    let entry = try #require(CosmicEntry.parse(try home.read("all")))
    #expect(entry["future_field"] == "Some([1, (2, \"),\")])")
    #expect(entry["scaling_mode"] == "Fit((0.0, 0.0, 0.0))")
  }

  /// A control character RON may not read is refused before anything is written.
  @Test func aPathWithAControlCharacterIsRefused() throws {
    let home = try Home()
    try home.write("all", Self.allBefore)
    #expect(throws: DesktopError.self) {
      try CosmicBackend().set(WallpaperRequest(path: "/tmp/bell\u{7}.jpg", mode: .fill), in: home.session)
    }
    #expect(try home.read("all") == Self.allBefore)
  }

  /// An entry bingwall cannot read (cut short, a comment inside a value) is refused and left as
  /// it was; a colour source reads back as no picture.
  @Test(arguments: [
    "(output: \"all\", source: Color(Single((0.1, 0.2, 0.3))), filter_by_theme: true",
    "(output: \"all\", rotation_frequency: 900 // a, b\n, source: Path(\"/x.jpg\"))",
  ])
  func anEntryItCannotReadIsLeftAlone(text: String) throws {
    let home = try Home()
    try home.write("all", text)
    #expect(throws: DesktopError.self) {
      try CosmicBackend().set(WallpaperRequest(path: "/p/a.jpg", mode: .fill), in: home.session)
    }
    #expect(try home.read("all") == text)
    try home.write(
      "all",
      Self.outputBefore.replacingOccurrences(
        of: "Path(\"/home/u/left.png\")", with: "Color(Single((0.1, 0.2, 0.3)))"))
    #expect(try CosmicBackend().current(in: home.session) == nil)
  }

  /// A key kept in a dotfiles checkout stays a link, and the file keeps its mode.
  @Test func aLinkedEntryIsWrittenThroughItsLink() throws {
    let home = try Home()
    let real = home.folder.file("dotfiles-all")
    try Self.allBefore.write(toFile: real, atomically: true, encoding: .utf8)
    chmod(real, 0o600)
    try FileManager.default.createDirectory(atPath: home.keys, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: home.keys + "/all", withDestinationPath: real)
    try CosmicBackend().set(WallpaperRequest(path: "/p/a.jpg", mode: .fill), in: home.session)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: home.keys + "/all") == real)
    #expect(CosmicEntry.parse(try String(contentsOfFile: real, encoding: .utf8))?.picturePath == "/p/a.jpg")
    let mode = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }
}
