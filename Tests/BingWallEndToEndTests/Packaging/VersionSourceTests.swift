import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands

/// The version comes from one place: the newest git tag, else the VERSION file (a tarball has no
/// git), as `make version` says and `make release` compiles in; a build made without make
/// reports the fallback in CVersion's header, which must be the VERSION file's.
@Suite(.serialized) struct VersionSourceTests {
  static func file(_ path: String) throws -> String {
    try String(contentsOfFile: PackageRoot.path(path), encoding: .utf8)
  }

  @Test func aBuildWithoutMakeReportsTheVersionFile() throws {
    let version = try Self.file("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try Self.file("Sources/CVersion/version.h").contains("#define BINGWALL_VERSION \"\(version)\"\n"))
    #expect(BingWall.version == version)
    #expect(BingWall.commit.isEmpty)
  }

  /// `make version` in a clone of this repository: VERSION without a tag, the tag's version
  /// with one, then the commits since and a changed tree; and in an exported tree, no git at all.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: PackageRoot.path(".git"))))
  func makeTakesTheTagElseTheVersionFile() throws {
    let scratch = try TemporaryDirectory()
    let clone = scratch.file("clone")
    let git = ["git", "-C", clone, "-c", "user.name=test", "-c", "user.email=test@example.org"]
    func version(in folder: String) throws -> String {
      try ExternalTool.text(["make", "-s", "-C", folder, "version"])
    }
    try ExternalTool.run(["git", "clone", "-q", "--no-tags", PackageRoot.folder.path, clone])
    let file = try Self.file("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try version(in: clone) == file)

    try ExternalTool.run(git + ["tag", "-a", "v9.8.7", "-m", "9.8.7"])
    #expect(try version(in: clone) == "9.8.7")
    try ExternalTool.run(git + ["commit", "-q", "--allow-empty", "-m", "after the tag"])
    let hash = try ExternalTool.text(["git", "-C", clone, "rev-parse", "--short", "HEAD"])
    #expect(try version(in: clone) == "9.8.7-1-g\(hash)")
    try "changed\n".write(toFile: clone + "/VERSION", atomically: true, encoding: .utf8)
    #expect(try version(in: clone) == "9.8.7-1-g\(hash)-dirty")

    let exported = scratch.file("exported")
    try FileManager.default.createDirectory(atPath: exported, withIntermediateDirectories: true)
    let archive = scratch.file("tree.tar")
    try ExternalTool.run(["git", "-C", clone, "archive", "-o", archive, "HEAD"])
    try ExternalTool.run(["tar", "-xf", archive, "-C", exported])
    #expect(try version(in: exported) == file)
  }
}
