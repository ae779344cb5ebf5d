import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSchedule
@testable import BingWallSystem

/// TAB in the real bash, fish and zsh with the committed scripts: commands, options, values,
/// files, folders, and pictures from a history `update` really wrote.
@Suite struct ShellCompletionTests {
  let sandbox: Sandbox
  let shell: CompletionShell

  /// The lines every shell completes, with what each must offer (and, after `!`, must not).
  static let lines = [
    "bingwall ", "bingwall up", "bingwall update --m", "bingwall update --market ",
    "bingwall history --", "bingwall config ", "bingwall config get daemon.",
    "bingwall autostart enable --method ",
    "bingwall apply ", "bingwall --config no", "bingwall completions ", "bingwall update --mode ",
    "bingwall apply --market en-US ", "bingwall favorite latest ", "bingwall ban --",
    "bingwall unfavorite --",
    "bingwall config set mode ", "bingwall config set daemon.notify ",
    "bingwall config set resolution 1920x1",
    "bingwall config set daemon.rotate ", "bingwall help ", "bingwall help con", "bingwall help config ",
  ]

  init() throws {
    sandbox = try Sandbox()
    let work = sandbox.folder.file("work")
    try FileManager.default.createDirectory(atPath: work + "/pictures", withIntermediateDirectories: true)
    try Data("x".utf8).write(to: URL(fileURLWithPath: work + "/notes.toml"))
    shell = CompletionShell(home: sandbox.home, folder: work)

    // A real history: one picture fetched from the fake Bing.
    let bing = try FakeBing()
    let image = try #require(FakeBing.week(names: ["Lake"]).first)
    try bing.publish(market: "en-US", images: [image])
    try bing.serveJPEG(image, resolution: "1920x1080")
    let update = try sandbox.run(
      ["update", "--no-apply", "--resolution", "1920x1080"], environment: ["BINGWALL_ENDPOINT": bing.endpoint]
    )
    #expect(update.status == 0, "\(update.stderr)")
  }

  /// The checks every shell must pass, on its answers to `lines`.
  func check(_ answers: [[String]], shell name: String) {
    #expect(answers.count == Self.lines.count, "\(name): \(answers)")
    guard answers.count == Self.lines.count else { return }
    func offered(_ line: String) -> Set<String> {
      Set(answers[Self.lines.firstIndex(of: line)!].map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
    }
    let commands = offered("bingwall ")
    #expect(
      commands.isSuperset(of: ["update", "apply", "list", "history", "config", "completions", "help"]),
      "\(name)")
    #expect(!commands.contains { $0.hasPrefix("__") }, "\(name): \(commands)")
    #expect(!commands.contains("--quiet"), "\(name): options only after a dash")
    #expect(offered("bingwall up") == ["update"], "\(name)")
    #expect(offered("bingwall update --m") == ["--market"], "\(name)")
    let markets = offered("bingwall update --market ")
    #expect(markets.isSuperset(of: ["en-US", "de-DE", "ja-JP", "ROW"]), "\(name)")
    #expect(markets.count == Market.known.count, "\(name): \(markets.count)")
    let listOptions = offered("bingwall history --")
    #expect(listOptions.isSuperset(of: ["--limit", "--since", "--json", "--config", "--help"]), "\(name)")
    #expect(!listOptions.contains("--force"), "\(name): --force is update's")
    #expect(
      offered("bingwall config ") == ["path", "show", "keys", "get", "set", "unset", "edit"], "\(name)")
    // config set KEY <TAB>: the values that key takes, from the schema.
    #expect(offered("bingwall config set mode ") == Set(WallpaperMode.all), "\(name)")
    #expect(offered("bingwall config set daemon.notify ") == ["true", "false"], "\(name)")
    #expect(offered("bingwall config set resolution 1920x1") == ["1920x1200", "1920x1080"], "\(name)")
    #expect(offered("bingwall config set daemon.rotate ").isEmpty, "\(name): a duration is free text")
    // help <TAB>: the commands, then a command's subcommands.
    let topics = offered("bingwall help ")
    #expect(topics.isSuperset(of: ["update", "config", "autostart"]), "\(name): \(topics)")
    #expect(!topics.contains { $0.hasPrefix("__") }, "\(name): \(topics)")
    #expect(offered("bingwall help con") == ["config"], "\(name)")
    #expect(
      offered("bingwall help config ") == ["path", "show", "keys", "get", "set", "unset", "edit"], "\(name)")
    #expect(
      offered("bingwall config get daemon.") == [
        "daemon.rotate", "daemon.favorites_only", "daemon.notify", "daemon.tray",
      ],
      "\(name)")
    #expect(
      offered("bingwall autostart enable --method ") == ["systemd", "systemd-timer", "xdg", "cron"], "\(name)"
    )
    let apply = offered("bingwall apply ")
    #expect(apply.isSuperset(of: ["latest", "current", "1", "2026-12-01", "OHR.Lake"]), "\(name): \(apply)")
    // fish offers files once the word has a slash (tested in fish()).
    let files: Set<String> = name == "fish" ? [] : ["./notes.toml", "./pictures"]
    #expect(apply.isSuperset(of: files), "\(name): apply takes a file too")
    #expect(!apply.contains("notes.toml"), "\(name): a bare name would be read as a selector")
    #expect(offered("bingwall --config no") == ["notes.toml"], "\(name)")
    #expect(offered("bingwall completions ") == ["bash", "zsh", "fish"], "\(name)")
    #expect(offered("bingwall update --mode ").isEmpty, "\(name): update has no --mode")
    let afterValue = offered("bingwall apply --market en-US ")
    #expect(afterValue.contains("2026-12-01") && !afterValue.contains("en-GB"), "\(name): \(afterValue)")
    // favorite and ban take any number of selectors, never a file.
    let more = offered("bingwall favorite latest ")
    #expect(more.isSuperset(of: ["current", "1", "2026-12-01", "OHR.Lake"]), "\(name): \(more)")
    #expect(!more.contains("./notes.toml"), "\(name): \(more)")
    #expect(offered("bingwall ban --").isSuperset(of: ["--remove", "--market"]), "\(name)")
    // unfavorite is favorite --remove: it has no --remove of its own.
    #expect(offered("bingwall unfavorite --").contains("--market"), "\(name)")
    #expect(!offered("bingwall unfavorite --").contains("--remove"), "\(name)")
  }

  @Test func selectorsComeFromTheHistory() throws {
    let result = try sandbox.run(["__complete", "selectors"])
    #expect(result.status == 0)
    #expect(result.stdout == "1\n2026-12-01\nOHR.Lake\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func bash() throws {
    check(try shell.bash(Self.lines), shell: "bash")
    // --opt=value arrives in three words; the value is completed after the '='.
    let equals = try shell.bash(["bingwall update --market = en-G"])
    #expect(equals == [["en-GB"]])
    #expect(try shell.bash(["bingwall apply no"]) == [["./notes.toml"]])
  }

  @Test func fish() throws {
    check(try shell.fish(Self.lines), shell: "fish")
    #expect(try shell.fish(["bingwall update --market=en-G"]) == [["--market=en-GB"]])
    // apply reads a word without a '/' as a selector; files come once the word has one.
    #expect(try shell.fish(["bingwall apply ./"]).map(Set.init) == [["./notes.toml", "./pictures/"]])
  }

  @Test func zsh() throws {
    check(try shell.zsh(Self.lines), shell: "zsh")
  }

  /// No command takes a folder yet; a table with one shows the shells offer only folders.
  @Test func folderArgumentsOfferFolders() throws {
    let root = CommandSpec(
      name: "bingwall", abstract: "Sample.",
      subcommands: [
        CommandSpec(
          name: "export", abstract: "Export.",
          arguments: [ArgumentSpec("dir", kind: .directory, help: "Where.")])
      ])
    let scripts = sandbox.folder.file("sample")
    try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
    try BashCompletion.script(root: root).write(
      toFile: scripts + "/bingwall.bash", atomically: true, encoding: .utf8)
    try FishCompletion.script(root: root).write(
      toFile: scripts + "/bingwall.fish", atomically: true, encoding: .utf8)
    try ZshCompletion.script(root: root).write(
      toFile: scripts + "/_bingwall", atomically: true, encoding: .utf8)
    #expect(try shell.bash(["bingwall export "], script: scripts + "/bingwall.bash") == [["pictures"]])
    #expect(try shell.fish(["bingwall export "], script: scripts + "/bingwall.fish") == [["pictures/"]])
    #expect(try shell.zsh(["bingwall export "], folder: scripts).map(Set.init) == [["pictures"]])
  }
}
