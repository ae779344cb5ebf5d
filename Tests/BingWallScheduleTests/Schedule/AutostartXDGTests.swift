import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// The XDG autostart entry: its keys, the Desktop Entry quoting of Exec, and owning only our file.
@Suite struct AutostartXDGTests {
  let home = try! TemporaryDirectory()

  var method: AutostartXDG {
    AutostartXDG(
      AutostartEnvironment(
        configHome: home.file("config"), processes: ScriptedProcessRunner(), environment: [:]))
  }

  var entryPath: String { home.file("config/autostart/bingwall.desktop") }

  @Test func theEntryHasTheKeysDesktopsRead() throws {
    let lines = try AutostartXDG.entryText(executable: "/usr/bin/bingwall").split(separator: "\n")
    for expected in [
      "[Desktop Entry]", "Type=Application", "Name=bingwall", "Exec=/usr/bin/bingwall daemon",
      "TryExec=/usr/bin/bingwall", "X-GNOME-Autostart-enabled=true", "NoDisplay=true", "X-Bingwall=true",
    ] {
      #expect(lines.contains(Substring(expected)), "missing \(expected)")
    }
    #expect(lines.contains { $0.hasPrefix("Comment=") })
    #expect(!lines.contains { $0.hasPrefix("Hidden=") })
  }

  /// Written as the file holds them: the spec's quoting, then the string escaping that doubles every
  /// backslash.
  @Test(arguments: [
    ("/usr/bin/bingwall", "/usr/bin/bingwall"),
    ("/opt/my apps/bingwall", "\"/opt/my apps/bingwall\""),
    ("/opt/$HOME/bingwall", "\"/opt/\\\\$HOME/bingwall\""),
    ("/opt/say \"hi\"/bingwall", "\"/opt/say \\\\\"hi\\\\\"/bingwall\""),
    ("/opt/back\\slash/bingwall", "\"/opt/back\\\\\\\\slash/bingwall\""),
    ("/opt/`tick`/bingwall", "\"/opt/\\\\`tick\\\\`/bingwall\""),
    ("/opt/it's/bingwall", "\"/opt/it's/bingwall\""),
    ("/opt/a;b&c|d/bingwall", "\"/opt/a;b&c|d/bingwall\""),
    ("/opt/ünï/bingwall", "/opt/ünï/bingwall"),
  ])
  func execIsQuotedByTheDesktopEntrySpec(path: String, written: String) throws {
    #expect(try AutostartXDG.execArgument(path) == written)
  }

  @Test(arguments: ["/opt/100%/bingwall", "/opt/a\nb/bingwall", "/opt/a\tb/bingwall"])
  func pathsAnEntryCannotHoldAreRefused(path: String) {
    #expect(throws: AutostartError.self) { try AutostartXDG.execArgument(path) }
  }

  @Test func tryExecIsTheBarePathWithOnlyBackslashesEscaped() throws {
    let text = try AutostartXDG.entryText(executable: "/opt/my $apps\\x/bingwall")
    #expect(text.contains("\nTryExec=/opt/my $apps\\\\x/bingwall\n"))
  }

  @Test func enableTwiceThenDisableLeavesNothing() throws {
    let first = try method.enable(executable: "/usr/bin/bingwall")
    #expect(first.outcome == .enabled)
    #expect(first.actions == ["wrote \(entryPath)"])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: entryPath))
    #expect(try method.enable(executable: "/usr/bin/bingwall").outcome == .alreadyEnabled)
    #expect(try Data(contentsOf: URL(fileURLWithPath: entryPath)) == bytes)
    #expect(method.status() == AutostartStatus(method: "xdg", enabled: true, files: [entryPath]))
    #expect(try method.disable().outcome == .disabled)
    #expect(!FileManager.default.fileExists(atPath: entryPath))
    #expect(try method.disable().outcome == .alreadyDisabled)
  }

  @Test func anEntrySwitchedOffInTheDesktopIsOffAndEnableTurnsItOn() throws {
    _ = try method.enable(executable: "/usr/bin/bingwall")
    let text = try String(contentsOfFile: entryPath, encoding: .utf8)
    try text.replacingOccurrences(
      of: "X-GNOME-Autostart-enabled=true", with: "X-GNOME-Autostart-enabled=false"
    )
    .write(toFile: entryPath, atomically: false, encoding: .utf8)
    #expect(method.status().enabled == false)
    #expect(method.status().files == [entryPath])
    #expect(try method.enable(executable: "/usr/bin/bingwall").outcome == .updated)
    #expect(try String(contentsOfFile: entryPath, encoding: .utf8) == text)
    #expect(method.status().enabled)
  }

  @Test func anEntryTheUserWroteIsLeftAlone() throws {
    try FileManager.default.createDirectory(
      atPath: home.file("config/autostart"), withIntermediateDirectories: true)
    let own = "[Desktop Entry]\nType=Application\nName=My bingwall\nExec=bingwall daemon --rotate 1h\n"
    try own.write(toFile: entryPath, atomically: false, encoding: .utf8)
    #expect(throws: AutostartError.foreignFile(path: entryPath)) {
      try method.enable(executable: "/usr/bin/bingwall")
    }
    #expect(throws: AutostartError.foreignFile(path: entryPath)) { try method.disable() }
    #expect(try String(contentsOfFile: entryPath, encoding: .utf8) == own)
    #expect(method.status().enabled == false)
  }
}
