import BingWallCommandsTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallBing
@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// The typed layer over the parser: handles read the values the parser accepted, as the types
/// commands use, and options that stand in for config keys become overrides.
@Suite struct TypedOptionTests {
  let parser = CommandLineParser(root: CommandTable.root)

  func invocation(_ words: [String]) throws -> Invocation {
    guard case .run(let invocation) = try parser.parse(words) else {
      Issue.record("\(words) did not parse to a run")
      return Invocation(path: [])
    }
    return invocation
  }

  @Test func valuesComeBackTyped() throws {
    let update = try invocation([
      "update", "-m", "de-de", "--market", "ROW", "--days", "3", "-r", "uhd", "--force",
    ])
    #expect(update[UpdateCommand.markets.handle] == [Market("de-DE")!, Market("ROW")!])
    #expect(update[UpdateCommand.resolution.handle] == Resolution("UHD"))
    #expect(update[UpdateCommand.days] == 3)
    #expect(update[UpdateCommand.force])
    #expect(!update[UpdateCommand.noApply])
  }

  @Test func absentOptionsAreNilOrEmpty() throws {
    let update = try invocation(["update"])
    #expect(update[UpdateCommand.markets.handle].isEmpty)
    #expect(update[UpdateCommand.days] == nil)
    #expect(!update[UpdateCommand.json])
    #expect([Configuration.Override].given(in: update, among: UpdateCommand.options).isEmpty)
  }

  @Test func argumentsAndGlobalOptions() throws {
    let show = try invocation(["-q", "show", "2026-01-02", "--config", "/x.toml"])
    #expect(show[ShowCommand.selector] == PictureSelector(parsing: "2026-01-02"))
    #expect(show.quiet)
    #expect(!show.verbose)
    #expect(show.configFile == "/x.toml")
    let get = try invocation(["config", "get", "daemon.rotate"])
    #expect(get[ConfigCommand.keyArgument] == "daemon.rotate")
  }

  @Test func givenOptionsOverrideTheirKeysOnly() throws {
    let apply = try invocation([
      "apply", "--market", "en-GB", "--backend", "FEH", "--mode", "fit", "--lock-screen",
    ])
    let overrides = [Configuration.Override].given(in: apply, among: ApplyCommand.options)
    #expect(overrides.map(\.key.name) == ["backend", "mode", "lock_screen"])
    #expect(overrides.map(\.value) == [.string("feh"), .string("fit"), .boolean(true)])
    #expect(overrides.map(\.option) == ["--backend", "--mode", "--lock-screen"])

    let update = try invocation(["update", "-m", "de-DE", "-m", "fr-FR", "-r", "1920x1080"])
    let fetched = [Configuration.Override].given(in: update, among: UpdateCommand.options)
    #expect(fetched.map(\.key.name) == ["markets", "resolution"])
    #expect(fetched.map(\.value) == [.strings(["de-DE", "fr-FR"]), .string("1920x1080")])

    let daemon = try invocation(["daemon", "--rotate", "2h", "--favorites", "--no-update"])
    let daemonOverrides = [Configuration.Override].given(in: daemon, among: DaemonCommand.options)
    #expect(daemonOverrides.map(\.key.name) == ["daemon.rotate", "daemon.favorites_only"])
    #expect(daemonOverrides.map(\.option) == ["--rotate", "--favorites"])
  }

  @Test func overridesReachTheTypedKeys() throws {
    let update = try invocation(["update", "-m", "ja-jp", "-r", "1366x768"])
    let configuration = try Configuration.load(
      file: "/nonexistent", in: InMemoryFileSystem(), explicit: false, environment: [:],
      overrides: .given(in: update, among: UpdateCommand.options))
    #expect(configuration[ConfigSchema.markets] == [Market("ja-JP")!])
    #expect(configuration[ConfigSchema.resolution] == Resolution("1366x768"))
    #expect(configuration.setting(ConfigSchema.markets.name).source == .commandLine(option: "--market"))
    #expect(configuration[ConfigSchema.backend] == .auto)
    #expect(configuration[ConfigSchema.mode] == .auto)
  }

  /// In the words `config set` uses for the key, naming the option as typed.
  @Test func aBadRotateOrSizeIsRefusedByTheParser() {
    #expect(
      throws: UsageError(
        "'--rotate': expected off or a duration such as 30m, 2h, 1d", path: ["daemon"])
    ) { try parser.parse(["daemon", "--rotate", "soon"]) }
    #expect(
      throws: UsageError("'--max-size': expected a size such as 500MB or 2GB", path: ["prune"])
    ) { try parser.parse(["prune", "--max-size", "2XB"]) }
  }

  /// Durations and sizes come back as values, and reach their keys in the spelling config reads.
  @Test func durationsAndSizesAreValues() throws {
    let daemon = try invocation(["daemon", "--rotate", "90m"])
    #expect(daemon[DaemonCommand.rotateEvery.handle] == .seconds(5400))
    let rotate = [Configuration.Override].given(in: daemon, among: DaemonCommand.options)
    #expect(rotate.map(\.value) == [.string("1h30m")])
    let off = try invocation(["daemon", "--rotate", "off"])
    #expect(off[DaemonCommand.rotateEvery.handle] == .zero)
    #expect(
      [Configuration.Override].given(in: off, among: DaemonCommand.options).map(\.value) == [.string("off")])

    let prune = try invocation(["prune", "--max-size", "1.5G"])
    #expect(prune[PruneCommand.maxSize.handle] == ByteCount(bytes: 1536 << 20))
    let size = [Configuration.Override].given(in: prune, among: PruneCommand.options)
    #expect(size.map(\.value) == [.string("1536M")])
    let configuration = try Configuration.load(
      file: "/nonexistent", in: InMemoryFileSystem(), explicit: false, environment: [:], overrides: size)
    #expect(configuration[ConfigSchema.maxSize] == ByteCount(bytes: 1536 << 20))
  }
}
