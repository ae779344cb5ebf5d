import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSchedule
@testable import BingWallSystem

/// The foundation's "done when", run through the real binary.
@Suite struct FoundationEndToEndTests {
  @Test func helpIsPrintedToStdout() throws {
    let sandbox = try Sandbox()
    for arguments in [
      ["--help"], ["help", "config"], ["config", "--help"], ["-h"], ["update", "--help", "--nonsense"],
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.stdout.hasPrefix("OVERVIEW: "), "\(arguments)")
      #expect(result.stdout.contains("USAGE: bingwall"), "\(arguments)")
      #expect(result.stderr.isEmpty, "\(arguments)")
    }
    let configHelp = try sandbox.run(["help", "config"])
    #expect(configHelp.stdout == (try sandbox.run(["config", "--help"])).stdout)
    #expect(configHelp.stdout.contains("SUBCOMMANDS:\n  path "))
  }

  /// A bare `bingwall` is a usage error (64, as bingwall(1)'s EXIT STATUS says) whose text is a
  /// few lines: where to start, and where to read more.
  @Test func bareCommandPrintsAShortUsage() throws {
    let result = try Sandbox().run([])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == Help.shortUsage(root: CommandTable.root, width: 80))
    #expect(result.stderr.split(separator: "\n").count <= 10)
    for line in [
      "bingwall update", "bingwall random", "bingwall autostart enable", "'bingwall --help'",
      "'man bingwall'",
    ] {
      #expect(result.stderr.contains(line), "\(line)")
    }
  }

  /// `--help` wins over an unknown option after it: the command's help, exit 0, nothing on stderr.
  @Test func helpWithAnUnknownOptionAfterItShowsTheHelp() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["update", "--help", "--nonsense"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout == (try sandbox.run(["update", "--help"])).stdout)
    #expect(result.stdout.hasPrefix("OVERVIEW: Fetch the newest pictures of the day"))
    // Without --help the same line is a usage error.
    #expect(try sandbox.run(["update", "--nonsense"]).status == 64)
  }

  @Test func unknownOptionIsAUsageError() throws {
    let result = try Sandbox().run(["--frobnicate"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "bingwall: error: unknown option '--frobnicate'\nbingwall: hint: see 'bingwall --help'\n"
    )
  }

  @Test func mistypedCommandIsCorrected() throws {
    let result = try Sandbox().run(["confg"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "bingwall: error: unknown command 'confg'\nbingwall: hint: did you mean 'bingwall config'?\n")
  }

  @Test func versionShowsTheLibrariesLoaded() throws {
    let sandbox = try Sandbox()
    let plain = try sandbox.run(["--version"])
    #expect(plain.status == 0)
    #expect(plain.stdout.hasPrefix("bingwall "))
    #expect(plain.stdout.split(separator: "\n").count == 1)
    let verbose = try sandbox.run(["-v", "--version"])
    let lines = verbose.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines.contains { $0.range(of: #"^libcurl 7\.\d+\.\d+"#, options: .regularExpression) != nil })
    #expect(lines.contains { $0.range(of: #"^SQLite 3\.\d+\.\d+"#, options: .regularExpression) != nil })
  }

  /// `--version` answers before the context is built (and the lone `--version` before the
  /// parser), yet a stdout that cannot be written is still exit 1 and one line.
  @Test(arguments: [["--version"], ["-v", "--version"], ["--version", "--quiet"]])
  func versionToAFullDiskFails(arguments: [String]) throws {
    let result = try Sandbox().run(arguments, under: ["/bin/sh", "-c", #"exec "$0" "$@" > /dev/full"#])
    #expect(result.status == 1)
    #expect(result.stderr == "bingwall: error: cannot write the output: No space left on device\n")
  }

  @Test func configSetThenGetRoundTrips() throws {
    let sandbox = try Sandbox()
    let set = try sandbox.run(["config", "set", "resolution", "1920x1080"])
    #expect(set.status == 0, "\(set.stderr)")
    let get = try sandbox.run(["config", "get", "resolution"])
    #expect(get.stdout == "1920x1080\n")
    var status = stat()
    #expect(stat(sandbox.home + "/.config/bingwall", &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
    let path = try sandbox.run(["config", "path"])
    #expect(path.stdout == sandbox.configFile + "\n")
    let show = try sandbox.run(["config", "show"])
    #expect(show.stdout.contains("resolution = \"1920x1080\""))
    #expect(show.stdout.contains("# \(sandbox.configFile):1\n"))
    #expect(show.stdout.contains("network.timeout = 30"))
  }

  @Test func badValuesAndKeysAreRefusedWithUsageStatus() throws {
    let sandbox = try Sandbox()
    let badValue = try sandbox.run(["config", "set", "resolution", "4K"])
    #expect(badValue.status == 64)
    #expect(badValue.stderr.hasPrefix("bingwall: error: 'resolution': '4K' is not allowed"))
    #expect(badValue.stderr.hasSuffix("\nbingwall: hint: did you mean 'UHD'?\n"))
    let badKey = try sandbox.run(["config", "set", "resolutoin", "UHD"])
    #expect(badKey.status == 64)
    #expect(badKey.stderr.contains("bingwall: hint: did you mean 'resolution'?"))
    let badType = try sandbox.run(["config", "set", "network.timeout", "soon"])
    #expect(badType.status == 64)
    #expect(badType.stderr == "bingwall: error: 'network.timeout': expected an integer, got 'soon'\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.configFile))
  }

  @Test func aBrokenConfigIsReportedAndNeverOverwritten() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: sandbox.home + "/.config/bingwall", withIntermediateDirectories: true)
    let broken = "# mine\nmarkets = [\"en-US\"]\n\n[daemon]\nrotate = 30m\n"
    try broken.write(toFile: sandbox.configFile, atomically: false, encoding: .utf8)
    let set = try sandbox.run(["config", "set", "resolution", "UHD"])
    #expect(set.status == 1)
    #expect(
      set.stderr == """
        bingwall: error: \(sandbox.configFile):5: 'daemon.rotate': expected a value; strings need quotes
        bingwall: hint: 'bingwall config edit' opens the file and checks it as you save

        """)
    #expect(try String(contentsOfFile: sandbox.configFile, encoding: .utf8) == broken)
    // show still shows, marking the line; setting the key of the bad line puts it right.
    let show = try sandbox.run(["config", "show"])
    #expect(show.status == 0)
    #expect(show.stderr.contains("config.toml:5:"))
    #expect(show.stdout.contains("daemon.rotate = \"off\""))
    #expect(show.stdout.contains("# default; line 5 ignored"))
    let fix = try sandbox.run(["config", "set", "daemon.rotate", "30m"])
    #expect(fix.status == 0, "\(fix.stderr)")
    #expect(
      try String(contentsOfFile: sandbox.configFile, encoding: .utf8)
        == "# mine\nmarkets = [\"en-US\"]\n\n[daemon]\nrotate = \"30m\"\n")
  }

  @Test func configSetKeepsCommentsAndTheFileMode() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: sandbox.home + "/.config/bingwall", withIntermediateDirectories: true)
    let original = "# my settings\nresolution = \"UHD\"  # big\n\n[daemon]\nnotify = true\n"
    try original.write(toFile: sandbox.configFile, atomically: false, encoding: .utf8)
    chmod(sandbox.configFile, 0o640)
    #expect(try sandbox.run(["config", "set", "resolution", "1366x768"]).status == 0)
    #expect(try sandbox.run(["config", "set", "daemon.rotate", "2h"]).status == 0)
    let text = try String(contentsOfFile: sandbox.configFile, encoding: .utf8)
    #expect(
      text == "# my settings\nresolution = \"1366x768\"  # big\n\n[daemon]\nnotify = true\nrotate = \"2h\"\n")
    var status = stat()
    #expect(stat(sandbox.configFile, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o640)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.home + "/.config/bingwall")
    #expect(leftovers == ["config.toml"])
  }

  @Test func configFlagAndVariableChooseTheFile() throws {
    let sandbox = try Sandbox()
    let other = sandbox.folder.file("other.toml")
    try "mode = \"tile\"\n".write(toFile: other, atomically: false, encoding: .utf8)
    #expect(try sandbox.run(["config", "get", "mode", "--config", other]).stdout == "tile\n")
    #expect(
      try sandbox.run(["config", "get", "mode"], environment: ["BINGWALL_CONFIG": other]).stdout == "tile\n")
    let missing = try sandbox.run(["--config", sandbox.folder.file("nope.toml"), "config", "show"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("nope.toml: no such file"))
    let environment = try sandbox.run(["config", "get", "mode"], environment: ["BINGWALL_MODE": "fit"])
    #expect(environment.stdout == "fit\n")
  }
}
