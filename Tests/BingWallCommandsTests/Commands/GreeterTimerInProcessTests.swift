import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallKit
@testable import BingWallSystem

/// `greeter enable` puts a daily root timer on the executable it finds: one that someone other
/// than root could replace is refused, or with `--force` taken with a warning.
@Suite(.enabled(if: geteuid() == 0, "greeter runs as root only; the tests run as root"))
struct GreeterTimerInProcessTests {
  typealias Machine = GreeterInProcessTests.Machine

  /// A copy of `true` in a folder of the test's own, under /tmp: writable by all, sticky or not.
  func ownBinary(_ folder: TemporaryDirectory) throws -> String {
    try FileManager.default.copyItem(atPath: "/usr/bin/true", toPath: folder.file("bingwall"))
    return folder.file("bingwall")
  }

  @Test func anExecutableOthersCouldReplaceIsRefused() throws {
    let machine = try Machine()
    let folder = try TemporaryDirectory()
    machine.run.environment["BINGWALL_AUTOSTART_EXEC"] = try ownBinary(folder)
    machine.run.processes.stub("systemctl") { _ in .exit(0) }
    let result = machine.run.run(["greeter", "enable", "--user", "root"])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("(mode 1777, writable by all)"), "\(result.stderr)")
    #expect(result.stderr.contains("or pass --force"), "\(result.stderr)")
    #expect(machine.run.processes.calls.isEmpty)
    #expect(
      !FileManager.default.fileExists(
        atPath: machine.root.file("etc/systemd/system/bingwall-greeter.service")))
  }

  @Test func forceWarnsAndInstalls() throws {
    let machine = try Machine()
    let folder = try TemporaryDirectory()
    let binary = try ownBinary(folder)
    machine.run.environment["BINGWALL_AUTOSTART_EXEC"] = binary
    machine.run.processes.stub("systemctl") { _ in .exit(0) }
    let result = machine.run.run(["greeter", "enable", "--user", "root", "--force", "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("bingwall: warning: root would run \(binary) every day"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
    let service = try machine.read("/etc/systemd/system/bingwall-greeter.service")
    #expect(service.contains("ExecStart=\(binary) greeter set --user root\n"))
  }

  @Test func aPathSystemdCannotRunIsRefusedEvenWithForce() throws {
    let machine = try Machine()
    machine.run.environment["BINGWALL_AUTOSTART_EXEC"] = "/opt/a\nb/bingwall"
    let result = machine.run.run(["greeter", "enable", "--user", "root", "--force"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("it contains '\\x0a', which systemd refuses"), "\(result.stderr)")
  }

  /// The installed greeter's config folder is made, as a sandboxed service cannot make it.
  @Test func aMissingConfigFolderOfAnInstalledGreeterIsMade() throws {
    let machine = try Machine()
    try FileManager.default.removeItem(atPath: machine.root.file("etc/lightdm"))
    machine.run.environment["BINGWALL_AUTOSTART_EXEC"] = "/usr/bin/true"
    machine.run.processes.stub("systemctl") { _ in .exit(0) }
    #expect(machine.run.run(["greeter", "enable", "--user", "root"]).status == 0)
    var info = stat()
    #expect(stat(machine.root.file("etc/lightdm"), &info) == 0)
    #expect(info.st_mode & 0o777 == 0o755)
  }
}

extension GreeterTimerInProcessTests {
  /// Every set of the greeters bingwall knows, from none to all five.
  static let greeterSets: [[String]] = (0..<32).map { mask in
    ["lightdm-gtk-greeter", "slick-greeter", "sddm", "plasmalogin", "gdm"].enumerated()
      .filter { mask & (1 << $0.offset) != 0 }.map(\.element)
  }

  /// The places the root unit may write: each greeter's own folder, or Plasma Login's file alone.
  static let greetersOwnPlaces: Set<String> = [
    "/etc/lightdm", "/usr/share/sddm/themes", "/etc/plasmalogin.conf",
  ]

  /// Folders no word of `ReadWritePaths=` may be.
  static let systemFolders: Set<String> = ["/", "/etc", "/usr", "/usr/share", "/var"]

  /// `greeter enable` on a machine with `present` installed (SDDM with a theme named, Plasma
  /// Login without its file yet): each word of `ReadWritePaths=` is absolute, not empty, not a
  /// system folder, a greeter's own folder or file; every greeter `set` would write is inside
  /// one; and the real `systemd-analyze verify` has nothing to say of a path.
  @Test(arguments: greeterSets)
  func theRootUnitWritesEachGreetersOwnPlaceAndNothingBroader(_ present: [String]) throws {
    let machine = try Machine(manager: nil, greeters: false)
    let programs = [
      "lightdm-gtk-greeter": "/usr/sbin/lightdm-gtk-greeter", "slick-greeter": "/usr/sbin/slick-greeter",
      "sddm": "/usr/bin/sddm", "plasmalogin": "/usr/bin/plasmalogin", "gdm": "/usr/sbin/gdm3",
    ]
    for name in present { try machine.write(programs[name]!, "#!/bin/sh\n", mode: 0o755) }
    if present.contains("sddm") {
      try machine.write("/etc/sddm.conf.d/10-theme.conf", "[Theme]\nCurrent=breeze\n")
      try FileManager.default.createDirectory(
        atPath: machine.root.file("usr/share/sddm/themes/breeze"), withIntermediateDirectories: true)
    }
    machine.run.environment["BINGWALL_AUTOSTART_EXEC"] = "/bin/true"
    machine.run.processes.stub("systemctl") { _ in .exit(0) }
    let result = machine.run.run(["greeter", "enable", "--user", "root", "-q"])
    #expect(result.status == 0, "\(result.stderr)")

    let folder = machine.root.file("etc/systemd/system")
    let service = try String(contentsOfFile: folder + "/bingwall-greeter.service", encoding: .utf8)
    let line = try #require(service.split(separator: "\n").first { $0.hasPrefix("ReadWritePaths=") })
    let words = line.dropFirst("ReadWritePaths=".count).split(
      separator: " ", omittingEmptySubsequences: false
    )
    .map(String.init)
    #expect(!words.isEmpty)
    var places: [String] = []
    for word in words {
      #expect(word.hasPrefix("-") && !word.contains("\""), "\(word) in \(line)")
      let path = String(word.dropFirst())
      #expect(path.hasPrefix("/"), "'\(word)' is not absolute: \(line)")
      #expect(!Self.systemFolders.contains(path), "\(word) opens a system folder: \(line)")
      #expect(Self.greetersOwnPlaces.contains(path), "\(word) is no greeter's own place: \(line)")
      places.append(path)
    }
    #expect(places.count == Set(places).count, "\(line)")

    let screen = LoginScreen(context: machine.run.context())
    for state in screen.status() where state.installed && state.greeter.unsettable == nil {
      let file = state.greeter.file
      #expect(places.contains { file == $0 || file.hasPrefix($0 + "/") }, "\(file) not writable: \(line)")
    }
    // A file written in place must be there for systemd to make it writable: enable made it.
    if present.contains("plasmalogin") {
      #expect(FileManager.default.fileExists(atPath: machine.root.file("etc/plasmalogin.conf")))
    }

    let verified = try ExternalTool.outputs([
      "env", "SYSTEMD_LOG_LEVEL=notice", "systemd-analyze", "verify", folder + "/bingwall-greeter.service",
      folder + "/bingwall-greeter.timer",
    ])
    #expect(!verified.stderr.contains("not absolute"), "\(verified.stderr)")
    #expect(!verified.stderr.contains("ReadWritePaths"), "\(verified.stderr)")
  }
}

/// Which entries on the way to an executable someone other than root could change.
@Suite struct ExecutableTrustTests {
  @Test func rootsOwnBinaryIsTrustedThroughTheUsrMergeLink() {
    #expect(ExecutableTrust.untrustedEntries(on: "/usr/bin/true") == [])
    #expect(ExecutableTrust.untrustedEntries(on: "/bin/true") == [])
  }

  @Test func everyUntrustedEntryIsNamedWithWhy() throws {
    let folder = try TemporaryDirectory()
    let group = folder.file("shared")
    try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: false)
    chmod(folder.path, 0o755)
    chmod(group, 0o775)
    let binary = group + "/bingwall"
    try FileManager.default.copyItem(atPath: "/usr/bin/true", toPath: binary)
    chown(binary, 65534, 65534)
    let found = ExecutableTrust.untrustedEntries(on: binary)
    let nobody = getpwuid(65534).map { String(cString: $0.pointee.pw_name) } ?? "uid 65534"
    // Above it, the temporary folder's own parents: /tmp, writable by all.
    #expect(found.first?.hasSuffix("(mode 1777, writable by all)") == true, "\(found)")
    #expect(
      found.suffix(2) == ["\(group) (mode 775, writable by its group)", "\(binary) (owned by \(nobody))"])
  }

  /// A link is followed: its own folder, then its target's, are checked.
  @Test func aLinkIsJudgedByBothEnds() throws {
    let folder = try TemporaryDirectory()
    let link = folder.file("bingwall")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/bin/true")
    let found = ExecutableTrust.untrustedEntries(on: link)
    #expect(found.count == 1 && found[0].hasSuffix("(mode 1777, writable by all)"), "\(found)")
    #expect(
      ExecutableTrust.untrustedEntries(on: folder.file("gone")).last?.hasSuffix("(No such file or directory)")
        == true)
  }
}
