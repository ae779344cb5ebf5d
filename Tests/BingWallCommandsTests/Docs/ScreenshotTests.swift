import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// The pictures of docs/images, made from the real tools: a headless sway read back by grim, the
/// gallery page in headless Chromium, and libvips's looks of one crop. `make screenshots` writes
/// them into docs/images (`BINGWALL_SCREENSHOTS` names the folder); `make test` makes each into a
/// temporary folder and checks it, so every picture the README shows is one the tools still make.
///
/// The pictures in them are scenes ImageMagick draws here (`Scene`), never a picture of Bing's,
/// whose pictures are licensed.
@Suite(.serialized) struct ScreenshotTests {
  /// What the README and docs may show, each made by one test below.
  /// (tray-menu.jpg is XfcePanelTrayTests', which opens the menu in a real panel.)
  static let names = ["screens.jpg", "gallery.jpg", "looks.jpg", "tray-menu.jpg"]
  /// `WIDTHxHEIGHT` of a picture, through ImageMagick.
  static func size(_ path: String) throws -> String {
    try ExternalTool.text(["identify", "-format", "%wx%h", path]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// A landscape and a portrait output of a real sway, each showing its own crop of one scene:
  /// the sun, off-centre in the scene, in both.
  @Test(.enabled(if: HeadlessSway.installed, "sway, swaybg and grim are not installed (make test-deps)"))
  func twoScreensEachWithItsOwnCrop() throws {
    let scratch = try TemporaryDirectory()
    let sway = try HeadlessSway(
      firstOutput: "resolution 640x360 position 0 140",
      moreOutputs: ["resolution 640x360 position 660 0 transform 90"])
    let scene = try sway.picture(named: "scene.jpg", from: Scene.draw(.dusk, in: scratch))
    let outcome = try ScreenPicturesRealTests.applier(
      sway, cache: try ScreenPicturesRealTests.cache(in: sway)
    )
    .apply(path: scene)
    #expect(outcome.screenProblem == nil)
    #expect(Set(outcome.screens.keys) == ["HEADLESS-1", "HEADLESS-2"])
    for output in ["HEADLESS-1", "HEADLESS-2"] {
      let shot = try sway.screenshot(output: output) { Scene.showsTheSun($0) }
      #expect(Scene.showsTheSun(shot), "no sun on \(output)")
    }
    let png = scratch.file("screens.png")
    _ = try ExternalTool.run([
      "env", "XDG_RUNTIME_DIR=\(sway.runtime)", "WAYLAND_DISPLAY=\(sway.waylandDisplay)", "grim", png,
    ])
    #expect(try Self.size(png) == "1020x640")
    let path = DocsScreenshot.destination("screens.jpg", scratch: scratch)
    try DocsScreenshot.publish(png, as: path, width: 1020)
    #expect(try DocsScreenshot.bytes(path) <= DocsScreenshot.largestFile)
  }

  /// The gallery page of a history of four scenes, as Chromium paints it.
  @Test(.enabled(if: ChromiumHeadless.installed, "chromium is not installed (make test-deps)"))
  func theGalleryInABrowser() throws {
    let scratch = try TemporaryDirectory()
    let run = try InProcess()
    try Paths.ensureDirectory(run.paths.dataDir)
    let store = try HistoryStore(path: run.paths.databaseFile)
    let pictures: [(Scene.Palette, String, String, String)] = [
      (.dusk, "2026-12-01", "Dusk over the western ridges", "Example Photographer"),
      (.dawn, "2026-11-30", "First light on the salt flats", "Example Agency"),
      (.night, "2026-11-29", "A clear night above the pass", "Example Photographer"),
      (.noon, "2026-11-28", "Midday haze in the high valley", "Example Agency"),
    ]
    for (index, (palette, date, title, credit)) in pictures.enumerated() {
      let path = try Scene.draw(palette, in: scratch, width: 1280, height: 720)
      try GalleryHistory.add(
        store, key: "OHR.Scene\(index)", date: date, title: title, link: "https://www.bing.com/", path: path,
        width: 1280, height: 720, credit: credit)
    }
    let page = run.home.file("gallery.html")
    let result = run.run(["gallery", "--output", page])
    #expect(result.status == 0, "\(result.stderr)")
    let png = scratch.file("gallery.png")
    // Headless Chromium may take its screenshot before a lazy picture is decoded (as
    // GalleryChromiumTests saw), so up to three tries; a picture that never loads fails all three.
    // The pictures are painted from their files: the scenes' ridges cover a good part of the page.
    var painted = false
    for _ in 1...3 where !painted {
      _ = try ChromiumHeadless.run(
        ["--screenshot=\(png)", "--window-size=1100,700", "--virtual-time-budget=5000", "--hide-scrollbars"],
        url: URL(fileURLWithPath: page).absoluteString)
      painted =
        try ImageMagick.share(of: Scene.Palette.dusk.far, in: png) > 0.01
        && ImageMagick.share(of: Scene.Palette.noon.far, in: png) > 0.01
    }
    #expect(painted, "the scenes are not on the page")
    #expect(try Self.size(png) == "1100x700")
    let path = DocsScreenshot.destination("gallery.jpg", scratch: scratch)
    try DocsScreenshot.publish(png, as: path, width: 1100)
    #expect(try DocsScreenshot.bytes(path) <= DocsScreenshot.largestFile)
  }

  /// One screen's crop with the caption, and its dark and lock looks, side by side, as an apply
  /// makes them with `pictures.caption`, `pictures.dark_dim` and `pictures.lock_blur`.
  @Test func theCaptionTheDarkAndTheLockLooks() throws {
    let scratch = try TemporaryDirectory()
    let scene = try Scene.draw(.dusk, in: scratch)
    let output = Output(name: "DOCS-1", width: 640, height: 400, primary: true)
    let plain = ScreenPictures(folder: scratch.file("screens"), maximumSize: nil, darkDim: 0.6, lockBlur: 12)
    var captioned = plain
    captioned.caption = ScreenPictures.caption(
      title: "Dusk over the western ridges", credit: "© Example Photographer")
    let made = try [
      captioned.make(PictureRecipe(picture: PictureFile(path: scene), outputs: [output], mode: .fill)),
      plain.make(
        PictureRecipe(picture: PictureFile(path: scene), outputs: [output], mode: .fill, variant: .dark)),
      plain.make(
        PictureRecipe(picture: PictureFile(path: scene), outputs: [output], mode: .fill, variant: .lock)),
    ].map { try $0.get() }
    for path in made { #expect(try Self.size(path) == "640x400") }
    let png = scratch.file("looks.png")
    _ = try ExternalTool.run(
      ["convert"] + made + ["-bordercolor", "white", "-border", "6", "+append", "-shave", "6x6", png])
    #expect(try Self.size(png) == "1944x400")
    let path = DocsScreenshot.destination("looks.jpg", scratch: scratch)
    try DocsScreenshot.publish(png, as: path, width: 1200)
    #expect(try DocsScreenshot.bytes(path) <= DocsScreenshot.largestFile)
  }

  /// Every picture under docs/images that README.md or a page of docs/ names exists, is small,
  /// and is one of the pictures this suite makes.
  @Test func theDocsShowOnlyPicturesThisSuiteMakes() throws {
    var named: Set<String> = []
    let pages =
      ["README.md"]
      + ((try? FileManager.default.contentsOfDirectory(atPath: PackageRoot.path("docs"))) ?? [])
      .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
    for page in pages {
      let text = try String(contentsOfFile: PackageRoot.path(page), encoding: .utf8)
      for match in text.matches(of: /\]\((?:docs\/)?images\/([A-Za-z0-9._-]+)\)/) {
        named.insert(String(match.1))
      }
    }
    #expect(named.count >= 2, "the README shows at least two pictures: \(named)")
    for name in named {
      #expect(Self.names.contains(name), "\(name) is made by no test of ScreenshotTests")
      let path = PackageRoot.path("docs/images/\(name)")
      #expect(FileManager.default.fileExists(atPath: path), "\(path) is missing: run make screenshots")
      #expect(try DocsScreenshot.bytes(path) <= DocsScreenshot.largestFile, "\(name) is over 300 KB")
    }
  }
}

/// A landscape ImageMagick draws: a sky graded to the horizon, a sun off-centre, two ridges.
/// Ours, so the docs may show it.
enum Scene {
  struct Palette {
    var sky: String
    var horizon: String
    var sun: String
    var far: String
    var near: String

    static let dusk = Palette(
      sky: "#2b3a67", horizon: "#f4a259", sun: "#ffe8a3", far: "#5b4e77", near: "#1d1e2c")
    static let dawn = Palette(
      sky: "#8fb8de", horizon: "#fbd1a2", sun: "#fff6d5", far: "#9c89b8", near: "#4a4e69")
    static let night = Palette(
      sky: "#0b132b", horizon: "#3a506b", sun: "#e0e1dd", far: "#1c2541", near: "#0b0c10")
    static let noon = Palette(
      sky: "#48cae4", horizon: "#caf0f8", sun: "#fffbe6", far: "#52796f", near: "#2f3e46")
  }

  /// The scene as a JPEG in `folder`, `width`x`height` (by default larger than a UHD picture's
  /// 1920x1080, which bingwall expects).
  static func draw(_ palette: Palette, in folder: TemporaryDirectory, width: Int = 2400, height: Int = 1350)
    throws
    -> String
  {
    let path = folder.file("scene-\(palette.horizon.dropFirst())-\(width).jpg")
    let x = { (share: Double) in Int(Double(width) * share) }
    let y = { (share: Double) in Int(Double(height) * share) }
    let far = [
      (0.0, 0.70), (0.16, 0.56), (0.27, 0.66), (0.42, 0.50), (0.57, 0.70), (0.73, 0.58), (0.88, 0.71),
      (1.0, 0.63),
    ]
    let near = [(0.0, 0.84), (0.21, 0.76), (0.47, 0.87), (0.68, 0.80), (1.0, 0.89)]
    let polygon = { (points: [(Double, Double)]) in
      "polygon 0,\(height) " + points.map { "\(x($0.0)),\(y($0.1))" }.joined(separator: " ")
        + " \(width),\(height)"
    }
    _ = try ExternalTool.run([
      "convert", "-size", "\(width)x\(height)", "gradient:\(palette.sky)-\(palette.horizon)",
      "-fill", palette.sun, "-draw", "circle \(x(0.7)),\(y(0.52)) \(x(0.7) + y(0.07)),\(y(0.52))",
      "-fill", palette.far, "-draw", polygon(far),
      "-fill", palette.near, "-draw", polygon(near),
      "-quality", "90", path,
    ])
    return path
  }

  /// Whether a screenshot shows the dusk scene's sun: pale yellow pixels, away from the edges.
  static func showsTheSun(_ shot: HeadlessSway.Screenshot) -> Bool {
    for y in stride(from: 4, to: shot.height - 4, by: 4) {
      for x in stride(from: 4, to: shot.width - 4, by: 4) {
        let colour = shot.colour(x: x, y: y)
        if colour >> 16 > 0xf0, colour >> 8 & 0xff > 0xd8, colour & 0xff > 0x90, colour & 0xff < 0xc0 {
          return true
        }
      }
    }
    return false
  }
}
