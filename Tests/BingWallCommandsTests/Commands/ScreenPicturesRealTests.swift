import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSystem

/// Each screen its own picture, for real: a headless sway with a landscape and a portrait output,
/// libvips making the crops, grim reading each output back. The test picture is a red disc on
/// blue: on a screen of another shape a stretched picture shows an ellipse, a crop a disc.
@Suite(.enabled(if: HeadlessSway.installed, "sway, swaybg and grim are not installed (make test-deps)"))
struct ScreenPicturesRealTests {
  /// A 1600x900 JPEG of a red disc of radius 150 at (`x`, 450) on blue, readable by sway's user.
  static func disc(at x: Int, in sway: HeadlessSway) throws -> String {
    let source = sway.folder.file("disc.jpg")
    _ = try ExternalTool.run([
      "convert", "-size", "1600x900", "xc:#0000ff", "-fill", "#ff0000", "-draw",
      "circle \(x),450 \(x + 150),450",
      "-quality", "95", source,
    ])
    return try sway.picture(named: "disc.jpg", from: source)
  }

  /// The red pixels' bounding box, or nil when there are none.
  static func redBox(_ shot: HeadlessSway.Screenshot) -> (width: Int, height: Int, touchesEdge: Bool)? {
    var minX = Int.max
    var maxX = -1
    var minY = Int.max
    var maxY = -1
    for y in 0..<shot.height {
      for x in 0..<shot.width {
        let colour = shot.colour(x: x, y: y)
        guard colour >> 16 > 0xc0, colour & 0xff < 0x40 else { continue }
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    let touches = minX == 0 || minY == 0 || maxX == shot.width - 1 || maxY == shot.height - 1
    return (maxX - minX + 1, maxY - minY + 1, touches)
  }

  static func applier(
    _ sway: HeadlessSway, cache: String, backend: any WallpaperBackend = SwayBackend()
  ) -> WallpaperApplier {
    let session = DesktopSession(
      environment: sway.environment(home: sway.folder.path), processes: PosixProcessRunner(),
      home: sway.folder.path)
    let pictures = ScreenPictures(folder: cache, maximumSize: nil)
    return WallpaperApplier(
      session: session, backends: [backend], requested: BackendName(backend.name)!, mode: .fill,
      lockScreen: false,
      screenPictures: { pictures.make($0) })
  }

  /// The cache folder, made first and open to sway's user (whose swaybg reads the crops).
  static func cache(in sway: HeadlessSway) throws -> String {
    let folder = sway.pictures + "/screens"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
    return folder
  }

  /// The disc is off-centre, where a centred portrait crop would cut it in half: the attention
  /// crop keeps it whole, and both outputs show it round.
  ///
  /// Through sway's own swaybg (`sway`), and through ours under a compositor that draws nothing
  /// (`swaybg`, one process with a group per output).
  @Test(arguments: ["sway", "swaybg"])
  func eachOutputShowsItsOwnCropWithTheDiscWholeAndRound(backend: String) throws {
    let sway = try HeadlessSway(
      drawsOwnBackground: backend == "sway", moreOutputs: ["resolution 320x240 transform 90"])
    let picture = try Self.disc(at: 1250, in: sway)
    let setter: any WallpaperBackend = backend == "sway" ? SwayBackend() : SwaybgBackend()
    let outcome = try Self.applier(sway, cache: try Self.cache(in: sway), backend: setter).apply(
      path: picture)

    #expect(outcome.screenProblem == nil)
    #expect(Set(outcome.screens.keys) == ["HEADLESS-1", "HEADLESS-2"])
    for (output, size) in [("HEADLESS-1", "320x240"), ("HEADLESS-2", "240x320")] {
      let made = try #require(outcome.screens[output]?.file)
      #expect(made.hasSuffix("-\(size)-crop-plain.jpg"))
      let shot = try sway.screenshot(output: output) { Self.redBox($0) != nil }
      guard let box = Self.redBox(shot) else {
        Issue.record("no red on \(output)")
        continue
      }
      #expect(!box.touchesEdge, "the disc is cut on \(output): \(box)")
      #expect(abs(box.width - box.height) <= 3, "an ellipse on \(output): \(box)")
    }
  }

  /// Without the crops (no maker), sway's `stretch` squeezes the disc on the portrait output:
  /// proof that the round disc above comes from the crop.
  @Test func theSamePictureStretchedIsAnEllipse() throws {
    let sway = try HeadlessSway(moreOutputs: ["resolution 320x240 transform 90"])
    let picture = try Self.disc(at: 800, in: sway)
    let session = DesktopSession(
      environment: sway.environment(home: sway.folder.path), processes: PosixProcessRunner(),
      home: sway.folder.path)
    try SwayBackend().set(WallpaperRequest(path: picture, mode: .stretch), in: session)
    let shot = try sway.screenshot(output: "HEADLESS-2") { Self.redBox($0) != nil }
    guard let box = Self.redBox(shot) else {
      Issue.record("no red on HEADLESS-2")
      return
    }
    #expect(box.height > box.width * 2, "\(box)")
  }

  /// `different`: the primary output shows the picture being set, the other its own other
  /// picture, each still cropped to its output (the portrait one's disc round).
  @Test func differentGivesTheOtherOutputAnotherPicture() throws {
    let sway = try HeadlessSway(moreOutputs: ["resolution 320x240 transform 90"])
    let red = try Self.disc(at: 800, in: sway)
    let greenSource = sway.folder.file("green.jpg")
    _ = try ExternalTool.run(["convert", "-size", "1600x900", "xc:#00ff00", "-quality", "95", greenSource])
    let green = try sway.picture(named: "green.jpg", from: greenSource)
    let outcome = try Self.applier(sway, cache: try Self.cache(in: sway)).apply(
      PictureFile(path: red), assignment: ScreenAssignment(others: [PictureFile(path: green)]))

    #expect(outcome.screenProblem == nil)
    #expect(outcome.screens.mapValues(\.source.path) == ["HEADLESS-1": red, "HEADLESS-2": green])
    let first = try sway.screenshot(output: "HEADLESS-1") { Self.redBox($0) != nil }
    #expect(Self.redBox(first).map { abs($0.width - $0.height) <= 3 } == true)
    let second = try sway.screenshot(output: "HEADLESS-2") {
      $0.colour(x: $0.width / 2, y: $0.height / 2) >> 8 & 0xff > 0xc0
    }
    let middle = second.colour(x: second.width / 2, y: second.height / 2)
    #expect(middle >> 8 & 0xff > 0xc0 && middle >> 16 < 0x40, "HEADLESS-2 shows \(String(middle, radix: 16))")
    #expect(Self.redBox(second) == nil)
  }

  /// The portrait output reads the picture's portrait file (Bing's `_1080x1920`, yellow here)
  /// instead of cropping a sliver of the landscape one; the landscape output still shows the disc.
  @Test func thePortraitOutputShowsThePortraitFile() throws {
    let sway = try HeadlessSway(moreOutputs: ["resolution 320x240 transform 90"])
    let red = try Self.disc(at: 800, in: sway)
    let portraitSource = sway.folder.file("portrait.jpg")
    _ = try ExternalTool.run([
      "convert", "-size", "1080x1920", "xc:#ffff00", "-quality", "95", portraitSource,
    ])
    let portrait = try sway.picture(named: "portrait.jpg", from: portraitSource)
    let outcome = try Self.applier(sway, cache: try Self.cache(in: sway)).apply(
      PictureFile(path: red, portrait: portrait))

    #expect(outcome.screenProblem == nil)
    #expect(
      outcome.screens.mapValues(\.source.path) == ["HEADLESS-1": red, "HEADLESS-2": red],
      "the same picture on both")
    let first = try sway.screenshot(output: "HEADLESS-1") { Self.redBox($0) != nil }
    #expect(Self.redBox(first).map { abs($0.width - $0.height) <= 3 } == true)
    let second = try sway.screenshot(output: "HEADLESS-2") {
      $0.colour(x: $0.width / 2, y: $0.height / 2) & 0xff < 0x40
    }
    #expect(second.width < second.height)
    let middle = second.colour(x: second.width / 2, y: second.height / 2)
    #expect(
      middle >> 16 > 0xc0 && middle >> 8 & 0xff > 0xc0 && middle & 0xff < 0x40,
      "HEADLESS-2 shows \(String(middle, radix: 16))")
  }
}
