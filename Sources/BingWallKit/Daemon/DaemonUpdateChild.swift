import BingWallBing
import BingWallModel
import BingWallSchedule
import BingWallSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The daemon's update, run as a child process: `bingwall update --daemon-child`, the same
/// binary, so the daemon itself never loads libcurl nor holds a picture being downloaded, and a
/// child that crashes or hangs costs one failed update, not the daemon.
///
/// Locks: the daemon holds the per-user daemon lock (`Paths.lockFile`, `bingwall.lock` in the
/// runtime folder) for its whole life; the child takes the update lock (`update.lock` in the
/// state folder) as any `bingwall update` does. Two files, so the child never waits for its
/// parent; and the daemon's lock descriptor is close-on-exec and the process runner closes every
/// descriptor above 2 in the child, so the child never holds the daemon lock either (a child
/// outliving a killed daemon must not make the next daemon think one still runs).
///
/// The journal: the child records its result in `scheduler.json` exactly as an update by hand
/// does (`Update` through `environment.journal()`, under the update lock). The daemon
/// records only what the child could not: a child that crashed, was killed, timed out, could not
/// start, or ended before recording anything (a broken configuration) counts as a failed update,
/// so the backoff applies and `status` shows why.
///
/// The child's outcome: a record (`UpdateChildOutcome`) the child writes to a file the daemon
/// names (`--outcome-file`, `update-outcome.json` in the state folder), read once the child has
/// exited. What the child prints is logged, never read for meaning. A file rather than a pipe on
/// a descriptor of its own: the process runner closes every descriptor above 2 in a child (so no
/// child holds the daemon's lock), the outcome is read only after the exit anyway, and the
/// in-process tests run the real child code without a descriptor to hand.
package final class DaemonUpdateChild: Sendable {
  /// Extra time past the update's own time limit before the child is killed: the limit bounds
  /// the transfers, and setting the wallpaper and the retention policy come after them.
  static let margin: Duration = .seconds(60)

  /// How long a child may run: its own time limit (which starts once it holds the update lock),
  /// as long again for the wait for that lock (another update, bounded by the same limit), and
  /// the margin. A child that waited for a `bingwall update` run by hand is not killed for it.
  static func allowance(_ limits: NetworkLimits) -> Duration {
    limits.updateTimeLimit * 2 + margin
  }
  /// The most of each of the child's stdout and stderr the daemon reads, and the most lines of
  /// each it logs: the child cleans its text, but a daemon must stay small whatever it runs.
  static let outputLimit = 64 << 10
  static let lineLimit = 200
  static let stderrLineLimit = 20

  let context: Context
  let executable: String
  /// `--config FILE` as the daemon was given it, made absolute; nil for the usual lookup (the
  /// environment, BINGWALL_CONFIG included, passes through to the child).
  let configFile: String?
  let journal: SchedulerJournal
  let log: DaemonLog
  /// Where the child writes its outcome: beside the journal, in the state folder.
  var outcomeFile: String { context.paths.stateFile(.updateOutcome) }
  /// The stop of the child running now, if any; `stopping` refuses to start another.
  private let state = Mutex<(running: ProcessStop?, stopping: Bool)>((nil, false))

  package init(
    context: Context, executable: String, configFile: String?, journal: SchedulerJournal, log: DaemonLog
  ) {
    self.context = context
    self.executable = executable
    self.configFile = configFile.map { Paths.absolute($0) }
    self.journal = journal
    self.log = log
  }

  /// The child's argv: the daemon's configuration file, and the markets and resolution the
  /// daemon schedules for, so the child updates exactly what the daemon found due (a config edited
  /// since, without SIGHUP, does not change which markets are fetched), and the file its outcome
  /// goes to.
  /// `snapshot`, when given, is the daemon's copy of its configuration file as last loaded
  /// (`DaemonConfigSnapshot`), read instead of the file itself.
  func arguments(markets: [Market], resolution: Resolution, snapshot: String? = nil) -> [String] {
    var arguments = [executable, "update", "--daemon-child", "--outcome-file", outcomeFile, "--quiet"]
    if let config = snapshot ?? configFile { arguments += ["--config", config] }
    for market in markets { arguments += ["--market", market.code] }
    arguments += ["--resolution", resolution.name]
    return arguments
  }

  /// Runs one update child to its end, logs what it said, and makes sure the journal holds its
  /// result. Never throws: every failure is logged and recorded.
  package func run(markets: [Market], resolution: Resolution, limits: NetworkLimits, snapshot: String? = nil)
  {
    let stop = ProcessStop()
    defer { stop.markEnded() }
    let started = state.withLock { state in
      if state.stopping { return false }
      state.running = stop
      return true
    }
    guard started else { return }
    defer { state.withLock { $0.running = nil } }

    let before = journal.file.load()
    // An outcome left by a child that died after writing it is not this child's.
    try? context.fileSystem.removeFile(outcomeFile)
    let invocation = ProcessInvocation(
      arguments: arguments(markets: markets, resolution: resolution, snapshot: snapshot),
      environment: context.environment,
      timeout: Self.allowance(limits), stop: stop, outputLimit: Self.outputLimit)
    let result: ProcessResult
    do {
      result = try context.processes.run(invocation)
    } catch {
      finish(failure: "cannot start `bingwall update`: \(error)", recordedFailure: false)
      return
    }
    let outcome = UpdateChildOutcome.read(outcomeFile)
    try? context.fileSystem.removeFile(outcomeFile)
    // Stopped because the daemon is stopping: the update is abandoned, as before, unrecorded.
    if result.stopped { return }
    for line in Self.lines(result.stdout, limit: Self.lineLimit) { log.line(line) }
    // The child's diagnostics already speak in the daemon's voice; anything else it wrote on
    // stderr is named as the child's.
    for line in Self.lines(result.stderr, limit: Self.stderrLineLimit) {
      log.line(Diagnostic.parse(Substring(line)) == nil ? "bingwall update: " + line : line)
    }

    let after = journal.file.load()
    let recorded = Self.updateRecordChanged(from: before, to: after)
    if recorded { journal.forgetUnsaved() }
    let recordedFailure = recorded && after.lastFailure != nil
    if let ending = UpdateChildEnding(result, timeLimit: Self.allowance(limits)).failure {
      // Crashed or killed: a failure even when the child recorded a success before it died.
      finish(failure: ending, recordedFailure: recordedFailure)
    } else if !recorded {
      // Ended normally without a word in the journal: a configuration it could not load, or a
      // state file it could not write. Its outcome says which; without one, its exit status.
      record(outcome.map(\.failure) ?? Self.failure(exitStatus: result.status))
    }
  }

  /// What an update child that ended with `status` and reported nothing counts as: a success
  /// for 0, else a failure naming the status.
  static func failure(exitStatus status: Int32) -> UpdateFailureRecord? {
    guard status != 0 else { return nil }
    return UpdateFailureRecord(kind: .child, message: "`bingwall update` exited with status \(status)")
  }

  /// Ends the running child (SIGTERM, SIGKILL after the runner's grace) and waits until it is
  /// gone; no child starts after this. For the daemon's SIGTERM and SIGINT.
  package func stop() {
    let running = state.withLock { state in
      state.stopping = true
      return state.running
    }
    guard let running else { return }
    running.request()
    // The runner kills within half a second; the bound only keeps a wedged kernel from
    // keeping the daemon from exiting.
    _ = running.waitUntilEnded(within: .seconds(5))
  }

  private func finish(failure: String, recordedFailure: Bool) {
    log.error("update failed: " + failure)
    if !recordedFailure { record(UpdateFailureRecord(kind: .child, message: TerminalText.clean(failure))) }
  }

  private func record(_ failure: UpdateFailureRecord?) {
    do {
      // The child's end, recorded for it: its start mark goes too, or a crashed child would
      // read as interrupted.
      try journal.recordUpdate(at: context.clock.now(), failure: failure, endingAnyStart: true)
    } catch {
      log.warning("cannot save the update's result in \(journal.file.path): \(error)")
    }
  }

  /// Whether anything but the rotation (and the start mark) changed in the state: every recorded update sets the
  /// attempt's time and draws new jitter, so a record always shows.
  static func updateRecordChanged(from before: SchedulerState, to after: SchedulerState) -> Bool {
    var comparable = after
    comparable.lastRotation = before.lastRotation
    // The child marks its start before its end: only the end is a record.
    comparable.updateStarted = before.updateStarted
    comparable.updatePID = before.updatePID
    return comparable != before
  }

  /// Up to `limit` non-empty lines of `bytes`, cleaned of control characters.
  static func lines(_ bytes: Data, limit: Int) -> [String] {
    let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
    let cleaned = lines.lazy.map { TerminalText.clean(String($0)) }.filter { !$0.allSatisfy(\.isWhitespace) }
    return Array(cleaned.prefix(limit))
  }
}
