import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// Opening a file someone else controls: each way it can stand for another file is refused before
/// a byte is read, and a FIFO is refused without waiting for a writer.
@Suite struct UntrustedFileTests {
  @Test func eachWayToStandForAnotherFileIsRefused() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("picture.jpg")
    try Data([0xFF, 0xD8, 0xFF, 0x00]).write(to: URL(fileURLWithPath: file))
    #expect(try UntrustedFile.read(file, limit: 4) == [0xFF, 0xD8, 0xFF, 0x00])

    func refusal(_ path: String, limit: Int = 1 << 20) -> UntrustedFile.Refusal? {
      do {
        _ = try UntrustedFile.read(path, limit: limit)
        return nil
      } catch {
        return error
      }
    }
    #expect(refusal(file, limit: 3) == .tooLarge(limit: 3))
    #expect(refusal(folder.file("none")) == .missing)
    try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: file)
    #expect(refusal(folder.file("link")) == .symbolicLink)
    #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
    #expect(refusal(folder.file("fifo")) == .notRegularFile)
    #expect(refusal(folder.path) == .notRegularFile)
    #expect(
      UntrustedFile.Refusal.notRegularFile.reason == "is not a regular file (a FIFO, a device or a folder)")
  }
}

/// KDE's nested groups, as KConfig writes them: one section, told from its parent's.
@Suite struct INILinesNestedGroupTests {
  @Test func aNestedGroupIsItsOwnSection() {
    let file = INILines(
      "[Greeter]\nImage=parent\n[Greeter][Wallpaper][org.kde.image][General]\nImage=file:///a.jpg\n[greeter] # note\nbackground=b\n"
    )
    #expect(file.value("Image", inSection: "Greeter") == "parent")
    #expect(file.value("Image", inSection: "Greeter][Wallpaper][org.kde.image][General") == "file:///a.jpg")
    #expect(file.value("background", inSection: "greeter") == "b")
    #expect(file.locate("Image", inSection: "Greeter][Wallpaper][org.kde.image][General").line == 3)
  }
}
