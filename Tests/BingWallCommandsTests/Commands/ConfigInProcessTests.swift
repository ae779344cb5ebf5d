import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSystem

/// `config` leads somewhere from every error: unset, keys, show on a broken file, --json, the
/// nearest allowed value, and a hint that names a command that works.
@Suite struct ConfigInProcessTests {
  /// A context whose config.toml holds `config` when given.
  static func context(config: String? = nil) throws -> InProcess {
    let run = try InProcess()
    if let config {
      try FileManager.default.createDirectory(
        atPath: run.home.file(".config/bingwall"), withIntermediateDirectories: true)
      try config.write(toFile: run.paths.configFile, atomically: false, encoding: .utf8)
    }
    return run
  }

  static func file(_ run: InProcess) throws -> String {
    try String(contentsOfFile: run.paths.configFile, encoding: .utf8)
  }

  static let sample = """
    # my settings
    markets = [
      "en-US",   # home
      "de-DE",
    ]
    mode = "fill"    # crop

    [daemon]
    rotate = "2h"
    notify = true

    """

  @Test func unsetTakesOutTheKeysLinesAndLeavesEveryOtherByte() throws {
    let run = try Self.context(config: Self.sample)
    run.environment["LANG"] = "de_DE.UTF-8"
    let markets = run.run(["config", "unset", "markets"])
    #expect(markets.status == 0, "\(markets.stderr)")
    // The default is the market LANG names.
    #expect(markets.stdout == "markets: de-DE (default; was en-US,de-DE)\n" && markets.stderr.isEmpty)
    #expect(
      try Self.file(run)
        == "# my settings\nmode = \"fill\"    # crop\n\n[daemon]\nrotate = \"2h\"\nnotify = true\n")
    #expect(run.run(["config", "unset", "daemon.rotate"]).status == 0)
    #expect(try Self.file(run) == "# my settings\nmode = \"fill\"    # crop\n\n[daemon]\nnotify = true\n")
    #expect(run.run(["config", "get", "daemon.rotate"]).stdout == "off\n")

    // The last line of a file, and the only one.
    let last = try Self.context(config: "mode = \"fill\"\n[pictures]\ncaption = true\n")
    #expect(last.run(["config", "unset", "pictures.caption"]).status == 0)
    #expect(try Self.file(last) == "mode = \"fill\"\n[pictures]\n")
    #expect(last.run(["config", "unset", "mode"]).status == 0)
    #expect(try Self.file(last) == "[pictures]\n")
  }

  /// A key set twice is unset twice: no line is left that sets it.
  @Test func unsetOfAKeySetTwiceTakesOutBothLines() throws {
    let run = try Self.context(config: "mode = \"fill\"\n# keep me\nmode = \"tile\"\n")
    let result = run.run(["config", "unset", "mode"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.file(run) == "# keep me\n")
    #expect(run.run(["config", "get", "mode"]).stdout == "auto\n")
  }

  @Test func unsetOfAKeyTheFileDoesNotSetChangesNothing() throws {
    let run = try Self.context(config: Self.sample)
    let result = run.run(["config", "unset", "resolution"])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(try Self.file(run) == Self.sample)
    let missing = try Self.context()
    #expect(missing.run(["config", "unset", "mode"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: missing.paths.configFile), "no file is created")
  }

  @Test func setAndUnsetPutRightABadLineOfTheirOwnKeyButNoOther() throws {
    let run = try Self.context(config: "resolution = \"4K\"  # big\nmode = \"fill\"\n")
    #expect(run.run(["config", "set", "resolution", "UHD"]).status == 0)
    #expect(try Self.file(run) == "resolution = \"UHD\"  # big\nmode = \"fill\"\n")

    let other = try Self.context(config: "resolution = \"4K\"\nmode = \"fill\"\n")
    let refused = other.run(["config", "unset", "mode"])
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("bingwall: error: \(other.paths.configFile):1: 'resolution': '4K'"))
    #expect(
      try Self.file(other) == "resolution = \"4K\"\nmode = \"fill\"\n", "a broken file is never rewritten")
    #expect(other.run(["config", "unset", "resolution"]).status == 0)
    #expect(try Self.file(other) == "mode = \"fill\"\n")
  }

  @Test func setAndUnsetConfirmInOneLine() throws {
    let run = try Self.context()
    func said(_ words: [String]) -> String {
      let result = run.run(["config"] + words)
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout
    }
    #expect(said(["set", "mode", "fit"]) == "mode: fit (was auto, the default)\n")
    #expect(said(["set", "mode", "fill"]) == "mode: fill (was fit)\n")
    #expect(said(["set", "mode", "fill"]) == "mode: fill (unchanged)\n")
    #expect(said(["unset", "mode"]) == "mode: auto (default; was fill)\n")
    #expect(said(["unset", "mode"]) == "mode: auto (default; unchanged)\n")
    #expect(said(["set", "mode", "auto"]) == "mode: auto (the default, unchanged)\n")
    // An array as `config set` takes it; the default follows LANG, so only its start is held.
    #expect(said(["set", "markets", "de-DE,fr-FR"]).hasPrefix("markets: de-DE,fr-FR (was "))
    #expect(said(["set", "markets", "en-GB"]) == "markets: en-GB (was de-DE,fr-FR)\n")
    #expect(said(["set", "mode", "fit", "-q"]) == "")
    #expect(try Self.file(run).contains("mode = \"fit\""))
    #expect(said(["unset", "mode", "--quiet"]) == "")
    #expect(!(try Self.file(run).contains("mode")))
  }

  @Test(arguments: [
    ("4K", "UHD"), ("2160p", "UHD"), ("1080p", "1920x1080"), ("3840x2400", "UHD"), ("UHDD", "UHD"),
  ])
  func aBadValueGetsTheNearestAllowed(_ typed: String, _ meant: String) throws {
    let run = try Self.context()
    let result = run.run(["config", "set", "resolution", typed])
    #expect(result.status == 64)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.stderr)")
    #expect(
      lines.first?.hasPrefix("bingwall: error: 'resolution': '\(typed)' is not allowed (one of: UHD,") == true
    )
    #expect(lines.last == "bingwall: hint: did you mean '\(meant)'?")
  }

  @Test func aPortraitSizeGetsAPortraitSuggestion() {
    #expect(Resolution.nearest(to: "1440x2560") == ["1080x1920"])
    #expect(Resolution.nearest(to: "sideways").isEmpty)
  }

  @Test func anUnknownKeyOnTheCommandLineNamesTheListOfKeys() throws {
    let run = try Self.context()
    let typo = run.run(["config", "set", "resolutoin", "UHD"])
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("bingwall: hint: did you mean 'resolution'?"), "\(typo.stderr)")
    let unknown = run.run(["config", "set", "wallpaper", "x"])
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.contains("bingwall: hint: 'bingwall config keys' lists every key"), "\(unknown.stderr)")
  }

  /// The warning names the file once, and its hint names commands that work on that very file.
  @Test func aBadKeyInTheFileSaysItsPathOnceAndTheHintWorks() throws {
    let run = try Self.context(config: "wallpaper = 1\n")
    let path = run.paths.configFile
    let list = run.run(["list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(
      list.stderr == """
        bingwall: warning: \(path):1: unknown key 'wallpaper'; line ignored
        bingwall: hint: 'bingwall config keys' lists every key; 'bingwall config edit' opens the file and checks it as you save

        """)
    #expect(run.run(["config", "keys"]).status == 0)
    #expect(run.run(["config", "show"]).status == 0)

    let state = DoctorChecks.configuration(configFile: nil, run.context())
    let finding = try #require(state.findings.first)
    #expect(finding.subject == "\(path):1")
    #expect(finding.message == "unknown key 'wallpaper'")
  }

  @Test func showMarksEachBadLineAndShowsTheDefaultsInForce() throws {
    let run = try Self.context(
      config: "resolution = \"4K\"\nmode = \"fill\"\nwallpaper = 1\n[deamon]\nrotate = \"1h\"\n")
    let path = run.paths.configFile
    let result = run.run(["config", "show"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == ConfigSchema.keys.count)
    #expect(
      lines.contains { $0.hasPrefix("resolution = \"UHD\"") && $0.hasSuffix("# default; line 1 ignored") })
    #expect(lines.contains { $0.hasPrefix("mode = \"fill\"") && $0.hasSuffix("# \(path):2") })
    #expect(lines.contains { $0.hasPrefix("daemon.rotate = \"off\"") && $0.hasSuffix("# default") })
    #expect(
      result.stderr == """
        bingwall: warning: \(path):1: 'resolution': '4K' is not allowed (one of: \(Resolution.known.joined(separator: ", ")))
        bingwall: hint: did you mean 'UHD'?
        bingwall: warning: \(path):3: unknown key 'wallpaper'
        bingwall: warning: \(path):4: unknown key '[deamon]'
        bingwall: hint: did you mean '[daemon]'?
        bingwall: warning: \(path):5: unknown key 'deamon.rotate'
        bingwall: hint: did you mean 'daemon.rotate'?
        bingwall: warning: 4 lines of \(path) ignored: every command goes on without them, their keys at the default, until the file is fixed
        bingwall: hint: 'bingwall config edit' opens the file and checks it as you save

        """)
  }

  /// A bad value is a warning, not a wall: every command but config reads the rest of the
  /// file, says once (even under --quiet) which line it ignored and the fix, and goes on.
  @Test func aBadValueIsAWarningAndTheCommandGoesOnWithTheRest() throws {
    let run = try Self.context(config: "mode = \"fil\"\nresolution = \"1920x1080\"\n")
    let path = run.paths.configFile
    let expected = """
      bingwall: warning: \(path):1: 'mode': 'fil' is not allowed (one of: auto, fill, fit, stretch, center, tile); line ignored: mode = "auto" (default)
      bingwall: hint: did you mean 'fill'?

      """
    for command in [["list", "--json"], ["list", "--quiet"]] {
      let result = run.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(result.stderr == expected, "\(command)")
    }
    let resources = try Resources(context: run.context(), configFile: nil)
    #expect(resources.configuration[ConfigSchema.resolution] == Resolution("1920x1080"), "the rest is read")
    #expect(resources.configuration[ConfigSchema.mode] == .auto)

    // An option over the key: the line is still said, with the value in force.
    run.environment["BINGWALL_MODE"] = "tile"
    let over = run.run(["list", "--json"])
    run.environment["BINGWALL_MODE"] = nil
    #expect(over.stderr.contains("; line ignored: mode = \"tile\" (BINGWALL_MODE)\n"), "\(over.stderr)")

    // config stays strict where it writes or reads one key for a script.
    let set = run.run(["config", "set", "resolution", "UHD"])
    #expect(set.status == 1)
    #expect(set.stderr.hasPrefix("bingwall: error: \(path):1: 'mode': 'fil' is not allowed"))
    #expect(run.run(["config", "get", "resolution"]).status == 1)
  }

  /// A line that is not TOML is left out like a bad value, naming its line; the lines after it
  /// are read.
  @Test func aSyntaxErrorSkipsItsLineWithAWarning() throws {
    let run = try Self.context(config: "mode = fill\nresolution = \"1920x1080\"\n")
    let path = run.paths.configFile
    let result = run.run(["list", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("bingwall: warning: \(path):1: ") == true, "\(result.stderr)")
    #expect(lines.first?.hasSuffix("; line ignored: mode = \"auto\" (default)") == true, "\(result.stderr)")
    let resources = try Resources(context: run.context(), configFile: nil)
    #expect(resources.configuration[ConfigSchema.resolution] == Resolution("1920x1080"))
  }

  /// doctor names every bad line, not the first only, and exits 1.
  @Test func doctorListsEveryBadLine() throws {
    let run = try Self.context(config: "mode = \"fil\"\nwallpaper = 1\nresolution = \"4K\"\n")
    let path = run.paths.configFile
    let state = DoctorChecks.configuration(configFile: nil, run.context())
    #expect(state.findings.map(\.subject) == ["\(path):1", "\(path):2", "\(path):3"])
    #expect(
      state.findings.map(\.message) == [
        "'mode': 'fil' is not allowed (one of: auto, fill, fit, stretch, center, tile)",
        "unknown key 'wallpaper'",
        "'resolution': '4K' is not allowed (one of: \(Resolution.known.joined(separator: ", ")))",
      ])
    #expect(
      state.findings.first?.advice.hasPrefix("did you mean 'fill'? correct it with 'bingwall config edit'")
        == true)
    #expect(!state.configLoaded, "--fix leaves the image folder alone")
    let doctor = run.run(["doctor"])
    #expect(doctor.status == 1, "\(doctor.stdout)\(doctor.stderr)")
    #expect(doctor.stderr.isEmpty, "the findings say it: \(doctor.stderr)")
  }

  @Test func showJSONGivesEveryKeyItsValueDefaultAndSource() throws {
    let run = try Self.context(config: "mode = \"fill\"\nresolution = \"4K\"\n")
    run.environment["BINGWALL_NETWORK_TIMEOUT"] = "9"
    let result = run.run(["config", "show", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["file"] as? String == run.paths.configFile)
    let settings = try #require(object["settings"] as? [String: [String: Any]])
    #expect(settings.count == ConfigSchema.keys.count)
    #expect(settings["mode"]?["value"] as? String == "fill")
    #expect(settings["mode"]?["source"] as? String == "file")
    #expect(settings["mode"]?["line"] as? Int == 1)
    #expect(settings["mode"]?["default"] as? String == "auto")
    #expect(settings["network.timeout"]?["value"] as? Int == 9)
    #expect(settings["network.timeout"]?["variable"] as? String == "BINGWALL_NETWORK_TIMEOUT")
    #expect(settings["markets"]?["value"] as? [String] == ["en-US"])
    #expect(settings["markets"]?["source"] as? String == "locale")
    #expect(settings["pictures.dark_dim"]?["value"] as? Double == 0.7)
    #expect(settings["resolution"]?["source"] as? String == "default")
    let problems = try #require(object["problems"] as? [[String: Any]])
    #expect(problems.count == 1)
    #expect(problems.first?["line"] as? Int == 2)
    #expect(problems.first?["key"] as? String == "resolution")
    #expect(problems.first?["hint"] as? String == "did you mean 'UHD'?")
  }

  @Test func keysListsEveryKeyWithItsTypeAndDefault() throws {
    let result = try Self.context().run(["config", "keys"])
    #expect(result.status == 0)
    for key in ConfigSchema.keys {
      #expect(
        result.stdout.contains("\n\(key.name)  (") || result.stdout.hasPrefix("\(key.name)  ("), "\(key.name)"
      )
    }
    #expect(result.stdout.contains("resolution  (string, default \"UHD\")\n"))
    #expect(result.stdout.contains("daemon.notify  (true or false, default false)\n"))
    #expect(result.stdout.contains("network.timeout  (integer, default 30)\n"))
    #expect(result.stdout.contains("    Values: auto, "))
    #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 })
  }

  @Test func editWithoutATerminalFailsAndSaysWhatWorks() throws {
    let run = try Self.context(config: "mode = \"fill\"\n")
    let result = run.run(["config", "edit"])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        bingwall: error: config edit needs a terminal: stdin is not one
        bingwall: hint: set keys with 'bingwall config set KEY VALUE', or edit \(run.paths.configFile) and check it with 'bingwall config show'

        """)
  }

  @Test func theEditorVariableIsSplitAtSpacesWithoutAShell() {
    #expect(
      EditorCommand(environment: ["VISUAL": "code  --wait", "EDITOR": "nano"]).arguments == [
        "code", "--wait",
      ])
    #expect(
      EditorCommand(environment: ["VISUAL": " ", "EDITOR": "emacs -nw"]).arguments == ["emacs", "-nw"])
    #expect(EditorCommand(environment: ["EDITOR": "vim; rm -rf x"]).arguments == ["vim;", "rm", "-rf", "x"])
    #expect(EditorCommand(environment: [:]).arguments == ["vi"])
  }
}
