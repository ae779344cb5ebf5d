import BingWallTestSupport
import Foundation
import Glibc
import Testing

@testable import BingWallSources
@testable import BingWallSystem

/// A folder source's walk, on real folders the tests make: what it takes, what it passes over,
/// and its bounds.
@Suite struct FolderScanTests {
  private func write(_ path: String, _ bytes: Int = 3) throws {
    let folder = (path as NSString).deletingLastPathComponent
    if access(folder, F_OK) != 0 {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    #expect(file >= 0)
    let bytes = [UInt8](repeating: 0xFF, count: bytes)
    #expect(Glibc.write(file, bytes, bytes.count) == bytes.count)
    close(file)
  }

  @Test func takesPicturesInNestedFoldersInEveryScriptAndPassesOverTheRest() throws {
    let folder = try TemporaryDirectory()
    let names = [
      "beach.jpg", "Fjord.JPEG", "a/b/c/deep.png", "日本語の写真.jpg", "ελληνικά.png", "العربية.jpeg",
      "हिन्दी.jpg", "한국어.jpg", "emoji 🌅.jpg",
    ]
    for name in names { try write(folder.file(name)) }
    try write(folder.file("notes.txt"))
    try write(folder.file("raw.cr2"))
    try write(folder.file("empty.jpg"), 0)
    try write(folder.file(".thumbnails/hidden.jpg"))
    #expect(mkfifo(folder.file("pipe.jpg"), 0o600) == 0)
    let scan = try FolderScan.scan(folder: folder.path)
    #expect(Set(scan.pictures.map(\.relativePath)) == Set(names))
    // notes.txt, raw.cr2, the empty JPEG and the FIFO; the hidden folder is not even counted.
    #expect(scan.passedOver == 4)
    #expect(scan.unreadable.isEmpty && scan.tooDeep == 0 && !scan.stoppedEarly)
    let beach = try #require(scan.pictures.first { $0.relativePath == "beach.jpg" })
    var status = stat()
    #expect(stat(folder.file("beach.jpg"), &status) == 0)
    #expect(beach.bytes == 3 && beach.inode == UInt64(status.st_ino))
  }

  @Test func aLinkCountsOnlyWhenItNamesAFileInsideTheFolder() throws {
    let folder = try TemporaryDirectory()
    try write(folder.file("pictures/real.jpg"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("pictures/inside.jpg"), withDestinationPath: "real.jpg")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("pictures/etc"), withDestinationPath: "/etc")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("pictures/passwd.jpg"), withDestinationPath: "/etc/passwd")
    try FileManager.default.createSymbolicLink(atPath: folder.file("pictures/loop"), withDestinationPath: ".")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("pictures/dangling.jpg"), withDestinationPath: "gone.jpg")
    let scan = try FolderScan.scan(folder: folder.file("pictures"))
    #expect(scan.pictures.map(\.relativePath) == ["inside.jpg", "real.jpg"])
    #expect(scan.passedOver == 4)
  }

  @Test func aFolderDeeperThanEightLevelsIsNotRead() throws {
    let folder = try TemporaryDirectory()
    let levels = (1...10).map { "d\($0)" }
    for depth in 0...10 {
      try write(folder.file((levels.prefix(depth) + ["at\(depth).jpg"]).joined(separator: "/")))
    }
    let scan = try FolderScan.scan(folder: folder.path)
    #expect(scan.pictures.count == FolderScan.maximumDepth + 1)
    #expect(scan.pictures.last?.relativePath.hasSuffix("at8.jpg") == true)
    #expect(scan.tooDeep == 1)
  }

  @Test func thousandsOfFilesAreListedInPathOrderAndTheBoundStopsTheWalk() throws {
    let folder = try TemporaryDirectory()
    for index in 0..<3000 { try write(folder.file("set\(index % 3)/\(String(format: "%05d", index)).jpg")) }
    let scan = try FolderScan.scan(folder: folder.path)
    #expect(scan.pictures.count == 3000)
    #expect(scan.pictures.map(\.relativePath) == scan.pictures.map(\.relativePath).sorted())
    let bounded = try FolderScan.scan(folder: folder.path, maximumEntries: 500)
    #expect(bounded.stoppedEarly)
    #expect(bounded.pictures.count < 500)
  }

  @Test func aMissingFolderIsOneError() {
    #expect(throws: FileError.self) { try FolderScan.scan(folder: "/nonexistent/walls") }
  }

  @Test func theFileNameMakesAReadableTitle() {
    #expect(FileNameTitle.readable("sunset_over-the_bay.jpg") == "Sunset over the bay")
    #expect(FileNameTitle.readable("Fjord 2024.png") == "Fjord 2024")
    #expect(FileNameTitle.readable("iPhone_photo.jpeg") == "iPhone photo")
    #expect(FileNameTitle.readable("日本語の写真.jpg") == "日本語の写真")
    #expect(
      FileNameTitle.readable("bad\u{1B}[31mname\u{202E}.jpg").unicodeScalars.allSatisfy {
        $0.value >= 0x20 && $0 != "\u{202E}"
      })
    #expect(
      FileNameTitle.readable(String(repeating: "a", count: 250) + ".jpg").count == FileNameTitle.maximumLength
        + 1)
  }
}
