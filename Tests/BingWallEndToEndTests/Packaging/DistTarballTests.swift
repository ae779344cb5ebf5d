import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

/// The tarball as a user downloads it: `make test-package` makes it with `make dist` and points
/// this suite at it (`BINGWALL_TEST_TARBALL`). Unpacked, it holds every icon as committed, at its
/// path below share/ (`icons/hicolor/...`), each in SHA256SUMS, which checks; every member is
/// root's, every folder 0755 and every icon 0644, whatever the umask of the machine that made it.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["BINGWALL_TEST_TARBALL"] != nil,
    "make test-package sets BINGWALL_TEST_TARBALL"))
struct DistTarballTests {
  @Test func holdsEveryIconAsCommittedAndSumsIt() throws {
    let tarball = try #require(ProcessInfo.processInfo.environment["BINGWALL_TEST_TARBALL"])
    let name = String(URL(fileURLWithPath: tarball).lastPathComponent.dropLast(".tar.gz".count))
    let scratch = try TemporaryDirectory()
    try ExternalTool.run(["tar", "-xzf", tarball, "-C", scratch.path])
    let root = scratch.file(name)

    let icons = CommittedIcons.all()
    #expect(icons.contains(CommittedIcons.scalable))
    #expect(icons.contains(CommittedIcons.bitmap48))
    for icon in icons {
      let packed = FileManager.default.contents(atPath: root + "/" + icon)
      #expect(packed != nil, "\(icon) is in the tarball")
      #expect(
        packed == FileManager.default.contents(atPath: CommittedIcons.path(icon)), "\(icon) as committed")
    }

    // sha256sum's lines: 64 hex digits, two spaces, the path.
    let sums = try String(contentsOfFile: root + "/SHA256SUMS", encoding: .utf8)
    let summed = Set(sums.split(separator: "\n").map { String($0.dropFirst(66)) })
    #expect(summed.isSuperset(of: icons), "SHA256SUMS lists every icon")
    try ExternalTool.run(["env", "-C", root, "sha256sum", "--check", "--strict", "--quiet", "SHA256SUMS"])

    // `tar -tv` lines: mode, owner/group, size, date, time, member.
    let members = try ExternalTool.text(["tar", "-tvzf", tarball, "--numeric-owner"]).split(separator: "\n")
    for member in members {
      let fields = member.split(separator: " ", omittingEmptySubsequences: true)
      let (mode, owner, path) = (fields[0], fields[1], fields.last.map(String.init) ?? "")
      #expect(owner == "0/0", "\(member)")
      if mode.hasPrefix("d") { #expect(mode == "drwxr-xr-x", "\(member)") }
      if path.hasPrefix(name + "/icons/") && !mode.hasPrefix("d") {
        #expect(mode == "-rw-r--r--", "\(member)")
      }
    }
  }
}
