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
@testable import BingWallSchedule
@testable import BingWallSystem

/// `bingwall daemon` and `status` as a user runs them: rotation, signals, single instance.
@Suite struct DaemonEndToEndTests {
  let bing: FakeBing
  let sandbox: Sandbox
  let calls: String
  let environment: [String: String]

  init() throws {
    bing = try FakeBing()
    sandbox = try Sandbox()
    calls = sandbox.folder.file("calls")
    let stub = sandbox.folder.file("set-wallpaper")
    try ExecutableScript.write("#!/bin/sh\necho \"$1\" >> '\(calls)'\n", to: stub)
    let runtime = sandbox.folder.file("run")
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    environment = [
      "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "command", "BINGWALL_COMMAND": "\(stub) {path}",
      "XDG_RUNTIME_DIR": runtime,
    ]
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    let seeded = try sandbox.run(["update", "--no-apply"], environment: environment)
    try #require(seeded.status == 0, "\(seeded.stderr)")
  }

  var applyCount: Int {
    ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n").count
  }

  /// Starts the daemon with its stderr in a file, for the log.
  func daemon(_ arguments: [String], extra: [String: String] = [:]) throws -> (Process, String) {
    let log = sandbox.folder.file("daemon-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Sandbox.binary)
    process.arguments = ["daemon"] + arguments
    process.environment = sandbox.baseEnvironment.merging(environment.merging(extra) { $1 }) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: log)
    try process.run()
    return (process, log)
  }

  /// Waits (bounded) for `condition`; a correctness bound, not a benchmark.

  func stop(_ process: Process) -> Double {
    let start = Date()
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    return Date().timeIntervalSince(start)
  }

  @Test func rotatesEverySecondAndStopsPromptly() throws {
    let (process, log) = try daemon(["--rotate", "1s", "--no-update"])
    #expect(eventually(within: 5) { applyCount >= 3 })
    let took = stop(process)
    #expect(process.terminationStatus == 0)
    // A correctness bound ("at once", not after the next rotation), relaxed under a sanitizer,
    // which slows every step of the rotation SIGTERM may interrupt (ThreadSanitizer: 1.06 s).
    #expect(took < (Sanitizer.name == nil ? 1.0 : 5.0))
    let text = try String(contentsOfFile: log, encoding: .utf8)
    #expect(text.contains("rotate: Applied"))
    #expect(text.contains("stopping"))
    // Timestamped: stderr is a file here, not the journal.
    #expect(text.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ started"#, options: .regularExpression) != nil)
  }

  @Test func aSecondDaemonIsRefused() throws {
    let (first, _) = try daemon(["--no-update"])
    defer { _ = stop(first) }
    #expect(
      eventually(within: 3) {
        (try? sandbox.run(["status", "--json"], environment: environment).stdout)?.contains(
          "\"running\": true") == true
      })
    let second = try sandbox.run(["daemon", "--no-update"], environment: environment)
    #expect(second.status == 1)
    #expect(
      second.stderr
        == "bingwall: error: bingwall daemon is already running (pid \(first.processIdentifier))\n"
        + "bingwall: hint: 'bingwall status' shows what it does\n")
  }

  /// A bad line is a warning in the daemon's log, at the start and at each reload, and the
  /// daemon runs on with the rest of the file.
  @Test func aBadConfigLineIsLoggedAndTheDaemonRunsOn() throws {
    try FileManager.default.createDirectory(
      atPath: sandbox.home + "/.config/bingwall", withIntermediateDirectories: true)
    try "mode = \"fil\"\n".write(toFile: sandbox.configFile, atomically: false, encoding: .utf8)
    let (process, log) = try daemon(["--no-update"])
    defer { _ = stop(process) }
    let text = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    #expect(eventually(within: 3) { text().contains("started") })
    #expect(
      text().contains(
        "bingwall: warning: \(sandbox.configFile):1: 'mode': 'fil' is not allowed (one of: auto, fill, fit, stretch, center, tile); line ignored: mode = \"auto\" (default)\n"
      ), "\(text())")
    #expect(text().contains("bingwall: hint: did you mean 'fill'?\n"))

    try "mode = \"fill\"\n[daemon]\nrotate = \"soon\"\n".write(
      toFile: sandbox.configFile, atomically: false, encoding: .utf8)
    kill(process.processIdentifier, SIGHUP)
    #expect(eventually(within: 5) { text().contains("reloaded the configuration") })
    #expect(
      text().contains(
        "bingwall: warning: \(sandbox.configFile):3: 'daemon.rotate': expected off or a duration such as 30m, 2h, 1d; line ignored: daemon.rotate = \"off\" (default)\n"
      ), "\(text())")
    #expect(process.isRunning)
  }

  @Test func usr1RotatesAtOnceAndHupReloads() throws {
    let (process, log) = try daemon(["--no-update"])
    defer { _ = stop(process) }
    #expect(
      eventually(within: 3) {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("started")
      })
    #expect(applyCount == 0)
    kill(process.processIdentifier, SIGUSR1)
    #expect(eventually(within: 2) { applyCount == 1 })

    try FileManager.default.createDirectory(
      atPath: sandbox.home + "/.config/bingwall", withIntermediateDirectories: true)
    try "[daemon]\nrotate = \"1s\"\n".write(toFile: sandbox.configFile, atomically: false, encoding: .utf8)
    kill(process.processIdentifier, SIGHUP)
    #expect(eventually(within: 5) { applyCount >= 3 })
    #expect(
      ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("reloaded the configuration"))
  }

  @Test func theNetworkDownKeepsItRunningAndStatusSaysSo() throws {
    // de-DE has no stored picture and no update ran yet, so one is due at once; nothing listens
    // on port 9.
    unlink(sandbox.home + "/.local/state/bingwall/scheduler.json")
    let (process, log) = try daemon(
      [], extra: ["BINGWALL_ENDPOINT": "http://127.0.0.1:9", "BINGWALL_MARKETS": "de-DE"])
    defer { _ = stop(process) }
    #expect(
      eventually(within: 15) {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("update failed")
      }
    )
    #expect(process.isRunning)
    let status = try sandbox.run(
      ["status", "--json"], environment: environment.merging(["BINGWALL_MARKETS": "de-DE"]) { $1 })
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    let last = try #require(object["last_update"] as? [String: Any])
    #expect(last["ok"] as? Bool == false)
    #expect((last["error"] as? String)?.contains("127.0.0.1") == true)
    #expect((object["daemon"] as? [String: Any])?["pid"] as? Int == Int(process.processIdentifier))
    #expect(object["next_update"] is String)
  }

  @Test func statusWithoutADaemon() throws {
    let result = try sandbox.run(["status"], environment: environment)
    #expect(result.status == 0)
    #expect(result.stdout.contains("daemon:       not running"))
    #expect(result.stdout.contains("last update:  today "))
    #expect(result.stdout.contains(", ok"))
    #expect(result.stdout.contains("current:      none set by bingwall"))
  }

  /// `status` shows the running daemon's own interval (`--rotate 5s`), not the config file's,
  /// and once the daemon is gone, no rotation at all.
  @Test func statusShowsTheDaemonsOwnRotationNotTheConfigs() throws {
    try FileManager.default.createDirectory(
      atPath: sandbox.home + "/.config/bingwall", withIntermediateDirectories: true)
    try "[daemon]\nrotate = \"30m\"\n".write(toFile: sandbox.configFile, atomically: false, encoding: .utf8)
    let (process, _) = try daemon(["--rotate", "5s", "--no-update"])
    var text = ""
    #expect(
      eventually(within: 5) {
        text = (try? sandbox.run(["status"], environment: environment).stdout) ?? ""
        return text.contains(" (daemon, every 5 s)\n")
      }, "\(text)")
    #expect(text.contains("daemon:       running (pid \(process.processIdentifier))\n"))
    let object = try #require(
      try JSONSerialization.jsonObject(
        with: Data(sandbox.run(["status", "--json"], environment: environment).stdout.utf8)) as? [String: Any]
    )
    #expect((object["schedule"] as? [String: Any])?["rotate_seconds"] as? Int == 5)
    _ = stop(process)
    let after = try sandbox.run(["status"], environment: environment).stdout
    #expect(after.contains("next rotate:  none (the daemon is not running: bingwall daemon)\n"), "\(after)")
  }

  /// An update stopped with Ctrl-C while it worked reads as interrupted, not as never run.
  @Test func anUpdateStoppedWithCtrlCIsInterrupted() throws {
    let hung = try FakeHTTPServer()
    hung.route("/HPImageArchive.aspx", FakeResponse.json("{}").delayed(60))
    let extra = ["BINGWALL_ENDPOINT": hung.baseURL, "BINGWALL_MARKETS": "de-DE"]
    // Spawned with default signal dispositions and an empty mask, as from a shell: Foundation's
    // Process would pass on this test process's mask, where the daemon's tests block SIGINT.
    let update = try DetachedProcess.spawn(
      executable: Sandbox.binary, arguments: [Sandbox.binary, "update"],
      environment: sandbox.baseEnvironment.merging(environment.merging(extra) { $1 }) { $1 })
    var text = ""
    #expect(
      eventually(within: 5) {
        text = (try? sandbox.run(["status"], environment: environment).stdout) ?? ""
        return text.contains("last update:  running now (pid \(update))\n")
      }, "\(text)")
    kill(update, SIGINT)
    var ended: Int32 = 0
    _ = waitpid(update, &ended, 0)
    let status = try sandbox.run(["status"], environment: environment).stdout
    #expect(status.contains(" ago, interrupted\n") || status.contains(", now, interrupted\n"), "\(status)")
  }

  @Test func sigtermDuringAHungUpdateStopsAtOnce() throws {
    let hung = try FakeHTTPServer()
    hung.route("/HPImageArchive.aspx", FakeResponse.json("{}").delayed(60))
    unlink(sandbox.home + "/.local/state/bingwall/scheduler.json")
    let (process, _) = try daemon(
      [], extra: ["BINGWALL_ENDPOINT": hung.baseURL, "BINGWALL_MARKETS": "de-DE"])
    #expect(eventually(within: 5) { hung.count(path: "/HPImageArchive.aspx") > 0 })
    // The hung request is the update child's, not the daemon's.
    let children = Self.children(of: process.processIdentifier)
    #expect(children.count == 1)
    let child = try #require(children.first)
    #expect(DetachedProcess.commandLine(of: child).dropFirst().prefix(2) == ["update", "--daemon-child"])
    let took = stop(process)
    #expect(process.terminationStatus == 0)
    // A sanitizer slows every step several times over (`make sanitize`).
    #expect(took < (Sanitizer.name == nil ? 1.0 : 5.0))
    // The daemon stopped its child and reaped it before it exited.
    #expect(kill(child, 0) == -1 && errno == ESRCH)
  }

  @Test func aCrashedUpdateChildIsOneFailedUpdateAndTheDaemonGoesOn() throws {
    let hung = try FakeHTTPServer()
    hung.route("/HPImageArchive.aspx", FakeResponse.json("{}").delayed(60))
    unlink(sandbox.home + "/.local/state/bingwall/scheduler.json")
    let extra = ["BINGWALL_ENDPOINT": hung.baseURL, "BINGWALL_MARKETS": "de-DE"]
    // Swift's backtracer catches the first SIGSEGV, even one sent by kill(2), prints a backtrace
    // and lets the process go on; without it the signal ends the child as a real crash would.
    // Under `make sanitize` the sanitizer would catch it too and exit with its own status.
    var crash = ["SWIFT_BACKTRACE": "enable=no"]
    for name in ["ASAN_OPTIONS", "TSAN_OPTIONS"] {
      let given = ProcessInfo.processInfo.environment[name].map { $0 + ":" } ?? ""
      crash[name] = given + "handle_segv=0"
    }
    let (process, log) = try daemon([], extra: extra.merging(crash) { $1 })
    defer { _ = stop(process) }
    #expect(eventually(within: 5) { hung.count(path: "/HPImageArchive.aspx") > 0 })
    let child = try #require(Self.children(of: process.processIdentifier).first)
    kill(child, SIGSEGV)
    let text = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    #expect(eventually(within: 10) { text().contains("next update at") })
    #expect(
      text().contains("bingwall: error: update failed: `bingwall update` was killed by signal 11 (SIGSEGV)"))
    #expect(process.isRunning)
    let status = try sandbox.run(["status", "--json"], environment: environment.merging(extra) { $1 })
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    let last = try #require(object["last_update"] as? [String: Any])
    #expect(last["ok"] as? Bool == false)
    #expect(last["error"] as? String == "`bingwall update` was killed by signal 11 (SIGSEGV)")
  }

  @Test func fetchesAndAppliesWhenDueInAChildAndNeverMapsLibcurl() throws {
    let alps = FakeBing.week(names: ["Alp", "Elk", "Bog", "Tor", "Ria", "Kar", "Ton", "Wad"]).map {
      var image = $0
      image.idMarket = "DE-DE"
      return image
    }
    try bing.publish(market: "de-DE", images: alps)
    for image in alps { try bing.serveJPEG(image) }
    // de-DE has no stored picture and no update ran yet: one is due at once.
    unlink(sandbox.home + "/.local/state/bingwall/scheduler.json")
    let (process, log) = try daemon([], extra: ["BINGWALL_MARKETS": "de-DE"])
    defer { _ = stop(process) }
    let text = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    #expect(eventually(within: 30) { text().contains("next update at") })
    #expect(text().contains("new picture: 2026-12-01  de-DE  Alp title"))
    #expect(applyCount == 1)
    #expect(process.isRunning)
    let status = try sandbox.run(
      ["status", "--json"], environment: environment.merging(["BINGWALL_MARKETS": "de-DE"]) { $1 })
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    #expect((object["last_update"] as? [String: Any])?["ok"] as? Bool == true)
    // Idle after an update that downloaded eight pictures: libcurl was never in the daemon.
    #expect(Self.children(of: process.processIdentifier).isEmpty)
    #expect(Self.curlMappings(of: process.processIdentifier) == [])
  }

  @Test func anIdleDaemonNeverMapsLibcurl() throws {
    let (process, log) = try daemon(["--rotate", "1h"])
    defer { _ = stop(process) }
    #expect(
      eventually(within: 10) {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("next update at")
      })
    #expect(Self.maps(of: process.processIdentifier).contains("libc.so"))  // read whole
    #expect(Self.curlMappings(of: process.processIdentifier) == [])
  }

  /// `/proc/PID/maps` whole: Foundation reads a /proc file only as far as its first page.
  static func maps(of pid: Int32) -> String {
    String(decoding: DetachedProcess.readProcFile("/proc/\(pid)/maps"), as: UTF8.self)
  }

  /// The lines of `/proc/PID/maps` that map libcurl: none for a daemon that never fetched.
  static func curlMappings(of pid: Int32) -> [String] {
    maps(of: pid).split(separator: "\n").map(String.init).filter { $0.contains("libcurl") }
  }

  /// The running children of `pid`, from every one of its threads (the update child is started
  /// from the thread that runs the step).
  static func children(of pid: Int32) -> [Int32] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task in
      ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
        .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
  }
}
