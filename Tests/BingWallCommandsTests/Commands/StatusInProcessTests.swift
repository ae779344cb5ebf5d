import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallNet
@testable import BingWallSchedule
@testable import BingWallSystem

/// `status` tells the truth: a schedule only where something carries it out, local times from
/// now in the context's `TZ`, an interrupted update, and an error cut to its cause.
@Suite struct StatusInProcessTests {
  /// Bing's next en-US picture is published at 2026-12-02T08:00:00Z (the stored one started at
  /// 2026-12-01T08:00:00Z); the update ran at 09:00 UTC, `status` runs at 11:10 UTC, in Tokyo
  /// (UTC+9 all year, so 18:00 and 20:10 there).
  static func updated() throws -> InProcess {
    let run = try FakeBingRun.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    run.clock.set(UTC.at("2026-12-01T11:10:00Z"))
    run.environment["TZ"] = "JST-9"
    return run
  }

  static func json(_ run: InProcess, _ arguments: [String] = ["status", "--json"]) throws -> [String: Any] {
    let result = run.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  @Test func withNothingToRunItNoScheduleIsPromisedAndTimesAreLocal() throws {
    let run = try Self.updated()
    let result = run.run(["status"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        current:      none set by bingwall
        last update:  today 18:00, 2 h 10 min ago, ok
        next update:  none (autostart off: bingwall autostart enable)
        next rotate:  off
        daemon:       not running
        autostart:    off

        """)
    // The same instant in another zone; --json stays UTC whatever TZ says.
    run.environment["TZ"] = "UTC+5"
    #expect(run.run(["status"]).stdout.contains("last update:  today 04:00, 2 h 10 min ago, ok\n"))
    let object = try Self.json(run)
    #expect((object["last_update"] as? [String: Any])?["at"] as? String == "2026-12-01T09:00:00Z")
    // The deadline stays, as it was; `schedule` says nothing runs it.
    #expect((object["next_update"] as? String)?.hasPrefix("2026-12-02T08:") == true)
    let schedule = try #require(object["schedule"] as? [String: Any])
    #expect(schedule["update_by"] is NSNull)
    #expect(schedule["next_update"] is NSNull)
  }

  @Test func aRotationInTheConfigWithoutADaemonIsNotPromised() throws {
    let run = try Self.updated()
    run.environment["BINGWALL_DAEMON_ROTATE"] = "30m"
    let text = run.run(["status"]).stdout
    #expect(text.contains("next rotate:  none (the daemon is not running: bingwall daemon)\n"), "\(text)")
  }

  @Test func bingwallsCronLineRunsTheUpdateThatFetchesTheNextPicture() throws {
    let run = try Self.updated()
    run.processes.stub("crontab") { _ in
      .exit(0, stdout: "MAILTO=me\n23 * * * * /opt/test/bin/bingwall update --quiet # bingwall autostart\n")
    }
    let text = run.run(["status"]).stdout
    // 08:23 UTC tomorrow: the first run after Bing publishes at 08:00.
    #expect(text.contains("next update:  tomorrow 17:23, in 21 h (cron, hourly)\n"), "\(text)")
    #expect(text.contains("autostart:    cron\n"))
    let schedule = try #require(try Self.json(run)["schedule"] as? [String: Any])
    #expect(schedule["update_by"] as? String == "cron")
    #expect(schedule["next_update"] as? String == "2026-12-02T08:23:00Z")
  }

  @Test func theSystemdTimerRunsItAtTheHourOrUpToTenMinutesLater() throws {
    let run = try Self.updated()
    // The units as `autostart enable --method systemd-timer` writes them, and the link
    // `systemctl enable` makes; systemd cannot be reached here, so the link says it is on.
    let folder = run.paths.configHome + "/systemd/user"
    try FileManager.default.createDirectory(
      atPath: folder + "/timers.target.wants", withIntermediateDirectories: true)
    try AutostartSystemdTimer.serviceText(executable: InProcess.executable, sandbox: .basic)
      .write(toFile: folder + "/" + AutostartSystemdTimer.serviceName, atomically: true, encoding: .utf8)
    try AutostartSystemdTimer.timerText.write(
      toFile: folder + "/" + AutostartSystemdTimer.timerName, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/timers.target.wants/" + AutostartSystemdTimer.timerName,
      withDestinationPath: "../" + AutostartSystemdTimer.timerName)
    let text = run.run(["status"]).stdout
    #expect(
      text.contains("next update:  tomorrow 17:00, in 20 h (systemd timer, up to 10 min later)\n"), "\(text)")
    #expect(text.contains("autostart:    systemd-timer\n"))

    // Without the link the units are written but not enabled: nothing runs the update, and the
    // report names the command that turns it on.
    try FileManager.default.removeItem(
      atPath: folder + "/timers.target.wants/" + AutostartSystemdTimer.timerName)
    let written = run.run(["status"]).stdout
    #expect(written.contains("autostart:    off\n"), "\(written)")
    #expect(
      written.contains(
        "systemd-timer: written, not enabled; run 'bingwall autostart enable --method systemd-timer' in "
          + "your desktop session"), "\(written)")
  }

  @Test func aDaemonAutostartWithNoDaemonRunningPromisesOnlyItsStart() throws {
    let run = try Self.updated()
    run.environment["BINGWALL_DAEMON_ROTATE"] = "30m"
    let folder = run.paths.configHome + "/autostart"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try AutostartXDG.entryText(executable: InProcess.executable)
      .write(toFile: folder + "/" + AutostartXDG.fileName, atomically: true, encoding: .utf8)
    let text = run.run(["status"]).stdout
    #expect(
      text.contains(
        """
        next update:  none until the daemon starts at login (autostart xdg)
        next rotate:  none until the daemon starts at login (autostart xdg)

        """), "\(text)")
  }

  @Test func theRunningDaemonsOwnIntervalsNotTheConfigs() throws {
    let run = try Self.updated()
    run.environment["BINGWALL_DAEMON_ROTATE"] = "30m"
    let lock = try #require(try FileLock(path: run.paths.lockFile, wait: false))
    defer { lock.release() }
    // As `bingwall daemon --rotate 5s` publishes it; it rotated 2 s ago.
    try DaemonSchedule(pid: getpid(), updates: true, markets: [Market(stored: "en-US")], rotateSeconds: 5)
      .save(to: DaemonSchedule.path(lockFile: run.paths.lockFile))
    _ = try StateFile(stateDir: run.paths.stateDir).change {
      $0.recordRotation(at: UTC.at("2026-12-01T11:09:58Z"))
    }
    let text = run.run(["status"]).stdout
    #expect(text.contains("next rotate:  today 20:10, in 3 s (daemon, every 5 s)\n"), "\(text)")
    #expect(text.contains("daemon:       running (pid \(getpid()))\n"))
    let object = try Self.json(run)
    let next = try #require(object["next_update"] as? String)
    let when = WhenText(now: UTC.at("2026-12-01T11:10:00Z"), zone: LocalTime(environment: ["TZ": "JST-9"]))
    #expect(text.contains("next update:  \(when.text(try #require(Timestamp.parse(next)))) (daemon)\n"))
    let schedule = try #require(object["schedule"] as? [String: Any])
    #expect(schedule["update_by"] as? String == "daemon")
    #expect(schedule["rotate_seconds"] as? Int == 5)
    #expect(schedule["next_rotation"] as? String == "2026-12-01T11:10:03Z")
    #expect(object["next_rotation"] as? String == "2026-12-01T11:10:03Z")

    // A daemon that fetches nothing, with nothing else to update.
    try DaemonSchedule(pid: getpid(), updates: false, markets: [Market(stored: "en-US")], rotateSeconds: nil)
      .save(to: DaemonSchedule.path(lockFile: run.paths.lockFile))
    let idle = run.run(["status"]).stdout
    #expect(
      idle.contains("next update:  none (the daemon runs with --no-update)\nnext rotate:  off\n"), "\(idle)")
  }

  @Test func anUpdateWhoseProcessIsGoneWasInterrupted() throws {
    let run = try Self.updated()
    // No process has this pid: pids stay below pid_max, at most 2^22.
    _ = try StateFile(stateDir: run.paths.stateDir).change {
      $0.recordUpdateStart(at: UTC.at("2026-12-01T11:00:00Z"), pid: 4_194_304)
    }
    #expect(run.run(["status"]).stdout.contains("last update:  today 20:00, 10 min ago, interrupted\n"))
    let last = try #require(try Self.json(run)["last_update"] as? [String: Any])
    #expect(last["interrupted_at"] as? String == "2026-12-01T11:00:00Z")
    #expect(last["at"] as? String == "2026-12-01T09:00:00Z")

    // The next update takes the mark away when it ends.
    #expect(run.run(["update", "--no-apply"]).status == 0)
    let state = StateFile(stateDir: run.paths.stateDir).load()
    #expect(state.updateStarted == nil && state.updatePID == nil)
    #expect(run.run(["status"]).stdout.contains("last update:  today 20:10, now, ok\n"))
  }

  /// The daemon, recording its reaped child's end, takes away the mark of a process that is
  /// gone, never that of an update running now (one started by hand as the child ended).
  @Test func theDaemonClearsOnlyAGoneUpdatesMark() throws {
    let run = try Self.updated()
    let file = StateFile(stateDir: run.paths.stateDir)
    let journal = SchedulerJournal(file: file, random: run.random)
    _ = try file.change { $0.recordUpdateStart(at: UTC.at("2026-12-01T11:00:00Z"), pid: getpid()) }
    try journal.recordUpdate(at: run.clock.now(), failure: nil, endingAnyStart: true)
    #expect(file.load().updatePID == getpid())
    _ = try file.change { $0.recordUpdateStart(at: UTC.at("2026-12-01T11:00:00Z"), pid: 4_194_304) }
    try journal.recordUpdate(at: run.clock.now(), failure: nil, endingAnyStart: true)
    #expect(file.load().updatePID == nil && file.load().updateStarted == nil)
  }

  /// An update that failed at 10:00 UTC (19:00 in Tokyo) because Bing's host had no address,
  /// as libcurl says it: the host at the end of the message too. Its retries end it 10:00 and a
  /// few seconds, so `status` at 11:10 says "1 h 9 min ago".
  static func failedToResolve() throws -> InProcess {
    let run = try Self.updated()
    run.clock.set(UTC.at("2026-12-01T10:00:00Z"))
    run.http.stub(
      "/HPImageArchive.aspx",
      .failure(
        .transport(
          url: "https://user:secret@bing.test/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US", code: 6,
          message: "Could not resolve host: bing.test")))
    #expect(run.run(["update", "--no-apply"]).status != 0)
    run.clock.set(UTC.at("2026-12-01T11:10:00Z"))
    return run
  }

  /// Piped, the cause is whole on one line: what failed and why, the host named once each.
  @Test func pipedTheCauseIsWholeOnOneLine() throws {
    let run = try Self.failedToResolve()
    let text = run.run(["status"]).stdout
    #expect(
      text.contains(
        "last update:  today 19:00, 1 h 9 min ago, failed: cannot fetch bing.test: Could not resolve host: bing.test\n"
      ), "\(text)")
    #expect(!text.contains("secret") && !text.contains("…"))
    let error = try #require((try Self.json(run)["last_update"] as? [String: Any])?["error"] as? String)
    #expect(error.hasSuffix(": Could not resolve host: bing.test; nothing was changed"), "\(error)")
    // -v: the error whole, with what comes after its first clause.
    #expect(
      run.run(["-v", "status"]).stdout.contains(
        "last update:  today 19:00, 1 h 9 min ago, failed: \(error)\n"))
  }

  /// On a terminal, a long value wraps at a word under the value column: nothing is cut.
  @Test func onATerminalALongValueWrapsUnderItsColumn() throws {
    let run = try Self.failedToResolve()
    let text = run.run(["status"]) {
      $0.terminal.stdoutIsTTY = true
      $0.terminal.width = 60
    }.stdout
    #expect(
      text == """
        current:      none set by bingwall
        last update:  today 19:00, 1 h 9 min ago, failed: cannot
                      fetch bing.test: Could not resolve host:
                      bing.test
        next update:  none (autostart off: bingwall autostart
                      enable)
        next rotate:  off
        daemon:       not running
        autostart:    off

        """, "\(text)")
    // A word longer than the column (the URL of `-v`) fills lines and goes on below.
    let verbose = run.run(["-v", "status"]) {
      $0.terminal.stdoutIsTTY = true
      $0.terminal.width = 40
    }.stdout
    #expect(
      verbose.contains(
        """
        last update:  today 19:00, 1 h 9 min
                      ago, failed: cannot fetch
                      https://bing.test/HPImageA
                      rchive.aspx?format=js&idx=
                      0&n=8&mkt=en-US: Could not
                      resolve host: bing.test;
                      nothing was changed
        next update:  none (autostart off:
                      bingwall autostart enable)

        """), "\(verbose)")
    for line in verbose.split(separator: "\n") { #expect(line.count <= 40, "\(line)") }
  }

  @Test func oneScreenIsNotNamedSeveralAre() throws {
    let run = try Self.updated()
    try ShownScreens(stateDir: run.paths.stateDir, files: LocalFileSystem()).save([
      .init(output: "screen", key: "OHR.Lake", source: "/p/lake.jpg", file: "/c/lake-1920x1080.jpg")
    ])
    #expect(run.run(["status"]).stdout.contains("screen:       OHR.Lake\n"))
  }
}

/// The pieces: times from now, cron's times, wrapping.
@Suite struct StatusTextTests {
  static let spans: [(Double, String)] = [
    (0, "now"), (40, "in 40 s"), (-40, "40 s ago"), (45 * 60 + 59, "in 45 min"),
    (2 * 3600 + 10 * 60 + 30, "in 2 h 10 min"), (-3 * 3600, "3 h ago"), (-15 * 3600 - 600, "15 h ago"),
    (47 * 3600, "in 47 h"), (-8 * 86_400 - 5, "8 days ago"),
  ]

  @Test(arguments: spans)
  func relative(seconds: Double, text: String) {
    #expect(WhenText.relative(.seconds(seconds)) == text)
  }

  @Test func daysInWordsAroundTodayAndDatesFurtherAway() {
    let when = WhenText(now: UTC.at("2026-12-31T20:00:00Z"), zone: LocalTime(environment: ["TZ": "JST-9"]))
    // 05:00 on 1 January in Tokyo: "today" is the new year there.
    #expect(when.clock(UTC.at("2026-12-31T20:00:00Z")) == "today 05:00")
    #expect(when.clock(UTC.at("2026-12-31T14:59:00Z")) == "yesterday 23:59")
    #expect(when.clock(UTC.at("2027-01-01T15:00:00Z")) == "tomorrow 00:00")
    #expect(when.clock(UTC.at("2026-12-29T09:14:00Z")) == "2026-12-29 18:14")
    #expect(when.text(UTC.at("2026-12-31T17:46:00Z")) == "today 02:46, 2 h 14 min ago")
  }

  @Test func cronTimesInTheLocalZone() throws {
    let schedule = try #require(
      CronSchedule(line: "23 * * * * /usr/bin/bingwall update --quiet # bingwall autostart"))
    #expect(schedule.isHourly)
    // India is 5 h 30 min ahead: minute 23 there is minute 53 in UTC.
    let india = LocalTime(environment: ["TZ": "IST-5:30"])
    #expect(
      schedule.next(atOrAfter: UTC.at("2026-12-01T11:10:00Z"), in: india) == UTC.at("2026-12-01T11:53:00Z"))
    #expect(
      schedule.next(atOrAfter: UTC.at("2026-12-01T11:53:00Z"), in: india) == UTC.at("2026-12-01T11:53:00Z"))
    let daily = try #require(CronSchedule(line: "0 7,19 * * * bingwall update"))
    #expect(!daily.isHourly)
    let utc = LocalTime(environment: ["TZ": "UTC0"])
    #expect(daily.next(atOrAfter: UTC.at("2026-12-01T19:00:01Z"), in: utc) == UTC.at("2026-12-02T07:00:00Z"))
    #expect(CronSchedule.values("*/15", in: 0...59) == [0, 15, 30, 45])
    #expect(CronSchedule.values("5/20", in: 0...59) == [5, 25, 45])
    #expect(CronSchedule.values("1-3,9", in: 0...23) == [1, 2, 3, 9])
    #expect(CronSchedule(line: "0 8 * * 1 bingwall update") == nil)
    #expect(CronSchedule.values("61", in: 0...59) == nil)
  }

  @Test(arguments: [
    (
      "cannot fetch bing.test: Could not resolve host: bing.test", 20,
      ["cannot fetch", "bing.test: Could not", "resolve host:", "bing.test"]
    ),
    ("a  b", 10, ["a b"]),
    ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
    ("x abcdefghij y", 4, ["x", "abcd", "efgh", "ij y"]),
    // Wide characters take two columns each.
    ("東京の夜景 night", 6, ["東京の", "夜景", "night"]),
    ("", 10, [""]),
  ])
  func wrapsAtWordsWithinTheColumns(text: String, width: Int, lines: [String]) {
    #expect(TerminalText.wrap(text, columns: width) == lines)
  }
}
