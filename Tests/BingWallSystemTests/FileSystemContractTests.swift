import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// What `FileSystem` promises, asked of the disk (`LocalFileSystem` in a temporary folder) and of
/// the tests' `InMemoryFileSystem` alike: a test that runs in memory proves what the disk would do.
@Suite struct FileSystemContractTests {
  enum Kind: CaseIterable, Sendable { case disk, memory }

  /// A file system and an empty folder of it to work in.
  struct Place {
    let files: any FileSystem
    let base: String
    private let keep: TemporaryDirectory?

    init(_ kind: Kind) throws {
      switch kind {
      case .disk:
        let folder = try TemporaryDirectory()
        (files, base, keep) = (LocalFileSystem(), folder.path, folder)
      case .memory:
        let memory = InMemoryFileSystem()
        memory.addFolders("/work/base")
        (files, base, keep) = (memory, "/work/base", nil)
      }
    }
  }

  @Test(arguments: Kind.allCases) func filesAreReplacedWholeWithTheirModeAndNoLeftover(kind: Kind) throws {
    let place = try Place(kind)
    let files = place.files
    let file = place.base + "/config.toml"
    #expect(try files.contents(of: file) == nil)
    try files.writeAtomically(Array("one\n".utf8), to: file, mode: 0o640)
    try files.writeAtomically(Array("two\n".utf8), to: file, mode: 0o600)
    #expect(try files.contents(of: file) == Array("two\n".utf8))
    #expect(
      files.status(of: file, followingLinks: true)
        == FileStatus(
          kind: .file, size: 4, mode: 0o600, modified: files.status(of: file, followingLinks: true)!.modified)
    )
    #expect(try files.names(in: place.base) == ["config.toml"], "no temporary file is left")
    #expect(throws: FileError.system(operation: "read", path: file, errno: EFBIG)) {
      try files.contents(of: file, limit: 3)
    }
    #expect(throws: FileError.system(operation: "read", path: place.base, errno: EISDIR)) {
      try files.contents(of: place.base)
    }
    #expect(
      (try? files.writeAtomically([], to: place.base + "/none/x", mode: 0o600)) == nil, "no folder, no file")
  }

  @Test(arguments: Kind.allCases) func foldersAreMadeWithTheirModeAndListed(kind: Kind) throws {
    let place = try Place(kind)
    let files = place.files
    let folder = place.base + "/a/b/c"
    #expect(try files.names(in: folder) == nil)
    try files.makeFolder(folder, mode: 0o755)
    try files.makeFolder(folder, mode: 0o700)  // there already: left as it is
    #expect(files.status(of: folder, followingLinks: true)?.mode == 0o755)
    #expect(files.status(of: place.base + "/a", followingLinks: true)?.mode == 0o700, "parents are private")
    try files.writeAtomically(Array("x".utf8), to: folder + "/f", mode: 0o600)
    try files.makeFolder(folder + "/d")
    #expect(try files.names(in: folder)?.sorted() == ["d", "f"])
    #expect(throws: FileError.notADirectory(path: folder + "/f")) { try files.makeFolder(folder + "/f") }

    let temporary = try files.makeTemporaryFolder(in: place.base, prefix: "bingwall-config.")
    #expect(Paths.parent(of: temporary) == place.base)
    #expect(temporary.split(separator: "/").last!.hasPrefix("bingwall-config."))
    #expect(files.status(of: temporary, followingLinks: true)?.mode == 0o700)

    files.removeTree(place.base + "/a")
    #expect(!files.exists(place.base + "/a") && !files.exists(folder + "/f"))
  }

  @Test(arguments: Kind.allCases) func filesAreMovedRemovedAndLinksFollowed(kind: Kind) throws {
    let place = try Place(kind)
    let files = place.files
    let (one, two) = (place.base + "/one", place.base + "/two")
    try files.writeAtomically(Array("1".utf8), to: one, mode: 0o644)
    try files.writeAtomically(Array("2".utf8), to: two, mode: 0o644)
    try files.rename(one, to: two)
    #expect(try files.contents(of: two) == Array("1".utf8) && !files.exists(one))

    let link = place.base + "/link"
    try makeLink(link, to: two, in: files)
    #expect(files.status(of: link, followingLinks: false)?.kind == .link)
    #expect(files.status(of: link, followingLinks: true)?.kind == .file)
    #expect(files.destination(ofLink: link) == two && files.destination(ofLink: two) == nil)
    #expect(files.resolvingLinks(link) == files.resolvingLinks(two))
    #expect(try files.contents(of: link) == Array("1".utf8))

    try files.removeFile(link)
    #expect(files.exists(two), "removing a link leaves what it points to")
    try files.removeFile(link)  // gone already: nothing to do
    #expect(throws: Errno(ENOENT)) { try files.checkReadable(link) }
    #expect(files.isReadable(two))
    #expect((try? files.removeFile(place.base)) == nil, "a folder is not a file")
    try files.syncFolder(place.base)
  }

  private func makeLink(_ path: String, to target: String, in files: any FileSystem) throws {
    if let memory = files as? InMemoryFileSystem {
      memory.addLink(path, to: target)
    } else {
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }
  }

  /// `pread` looped: up to the count asked, from the offset, fewer only where the file ends.
  @Test func aPositionedReadStopsAtTheEndOfTheFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("ten")
    try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(try Syscall.read(descriptor, upTo: 64, at: 0) == Array("0123456789".utf8))
    #expect(try Syscall.read(descriptor, upTo: 3, at: 4) == Array("456".utf8))
    #expect(try Syscall.read(descriptor, upTo: 8, at: 20) == [])
    #expect(throws: Errno(EBADF)) { try Syscall.read(-1, upTo: 1, at: 0) }
  }
}
