import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallImage
@testable import BingWallKit
@testable import BingWallSystem

/// The screens' pictures' folder: made once and reused, named in letters sway accepts, and kept
/// under its size bound, oldest first.
@Suite struct ScreenPicturesCacheTests {
  static func source(in folder: TemporaryDirectory, named name: String) throws -> String {
    let path = folder.file(name)
    try TestJPEG.make(width: 64, height: 36).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aPictureIsMadeOnceAtTheScreensSizeAndReused() throws {
    let folder = try TemporaryDirectory()
    let source = try Self.source(in: folder, named: "my $(odd) picture.jpg")
    let pictures = ScreenPictures(folder: folder.file("screens"), maximumSize: nil)
    let output = Output(name: "DP-1", width: 30, height: 40)
    let made = try pictures.make(
      PictureRecipe(picture: PictureFile(path: source), outputs: [output], mode: .fill)
    ).get()
    #expect(made.hasPrefix(folder.file("screens") + "/my___odd__picture-"))
    #expect(made.hasSuffix("-30x40-crop-plain.jpg"))
    #expect(SwayBackend.isSafe(String(made.split(separator: "/").last!)))
    let first = try FileManager.default.attributesOfItem(atPath: made)[.systemFileNumber] as? Int
    #expect(
      try pictures.make(PictureRecipe(picture: PictureFile(path: source), outputs: [output], mode: .fill))
        .get() == made)
    let second = try FileManager.default.attributesOfItem(atPath: made)[.systemFileNumber] as? Int
    #expect(first == second, "made again instead of reused")
    let letterboxed = try pictures.make(
      PictureRecipe(picture: PictureFile(path: source), outputs: [output], mode: .fit)
    ).get()
    #expect(letterboxed.hasSuffix("-30x40-letterbox-plain.jpg"))
  }

  @Test func beyondTheBoundTheOldestGoFirstButNeverTheNewest() throws {
    let folder = try TemporaryDirectory()
    let source = try Self.source(in: folder, named: "a.jpg")
    let cache = folder.file("screens")
    let pictures = ScreenPictures(folder: cache, maximumSize: ByteCount("1K"))
    var made: [String] = []
    for (index, width) in [200, 210, 220].enumerated() {
      made.append(
        try pictures.make(
          PictureRecipe(
            picture: PictureFile(path: source), outputs: [Output(name: "M", width: width, height: 100)],
            mode: .fill)
        ).get())
      // Distinct modification times, oldest first.
      var times = [
        timespec(tv_sec: 1_000_000 + index, tv_nsec: 0), timespec(tv_sec: 1_000_000 + index, tv_nsec: 0),
      ]
      _ = utimensat(AT_FDCWD, made.last!, &times, 0)
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: cache).map { cache + "/" + $0 }
    #expect(left.contains(made[2]))
    #expect(!left.contains(made[0]))
  }

  @Test func aMissingSourceIsOneLineNamingIt() {
    let pictures = ScreenPictures(folder: "/nonexistent/screens", maximumSize: nil)
    let result = pictures.make(
      PictureRecipe(
        picture: PictureFile(path: "/nonexistent/a.jpg"), outputs: [Output(name: "M", width: 10, height: 10)],
        mode: .fill))
    guard case .failure(let problem) = result else {
      Issue.record("made a picture of a missing file")
      return
    }
    #expect(problem.description.contains("/nonexistent/a.jpg"))
  }

  /// One screen's variant is made from that screen's plain picture, which is made (and kept)
  /// first: the source is cut once for all of a screen's looks.
  @Test func aScreensVariantIsMadeFromItsPlainPicture() throws {
    let folder = try TemporaryDirectory()
    let source = try Self.source(in: folder, named: "a.jpg")
    var pictures = ScreenPictures(folder: folder.file("screens"), maximumSize: nil, darkDim: 0.5)
    pictures.caption = nil
    let output = Output(name: "DP-1", width: 48, height: 36)
    let dark = try pictures.make(
      PictureRecipe(picture: PictureFile(path: source), outputs: [output], mode: .fill, variant: .dark)
    ).get()
    #expect(dark.hasSuffix("-48x36-crop-dark.jpg"))
    let made = try FileManager.default.contentsOfDirectory(atPath: folder.file("screens")).sorted()
    #expect(made.count == 2 && made.contains { $0.hasSuffix("-48x36-crop-plain.jpg") }, "\(made)")
    let plain = try pictures.make(
      PictureRecipe(picture: PictureFile(path: source), outputs: [output], mode: .fill)
    ).get()
    let ratio =
      try TestPictures.luma(Image.open(jpeg: dark).inMemory("measure"))
      / TestPictures.luma(Image.open(jpeg: plain).inMemory("measure"))
    #expect(abs(ratio - 0.5) <= 0.03 * 0.5, "\(ratio)")
  }
}
