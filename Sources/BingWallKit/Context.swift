import BingWallBing
import BingWallNet
import BingWallSchedule
import BingWallSession
import BingWallSources
import BingWallSystem
import FoundationEssentials
import Glibc

/// Everything a command touches outside its own logic, in one value.
///
/// Use cases reach it through `Resources`; tests build one with buffers and fakes (see
/// Tests/BingWallTestSupport and the support targets above it).
package struct Context: Sendable {
  package var environment: [String: String]
  package var paths: Paths
  package var terminal: Terminal
  /// Makes the HTTP client, trusting the PEM file given instead of the system's certificate
  /// authorities when not nil. A factory, not a client: which file to trust is known only once
  /// the configuration is read (`Resources.http()`).
  var makeHTTPClient: @Sendable (_ caFile: String?) -> any HTTPClient
  var processes: any ProcessRunner
  /// The files the use cases read and write whole, list, move and remove: the disk
  /// (`LocalFileSystem`), or an in-memory one in a test of logic rather than of files.
  package var fileSystem: any FileSystem = LocalFileSystem()
  package var clock: any WallClock
  package var random: any RandomSource
  /// The network and the power now, off the system bus: `network` asks NetworkManager, `power`
  /// UPower; what is not asked, or not there, is unknown.
  var conditions: @Sendable (_ network: Bool, _ power: Bool) -> SessionConditions
  package var stdout: any TextOutput
  package var stderr: any TextOutput
  /// The bingwall binary this process runs, as a path resolved when it started: the daemon runs
  /// its updates as children of that path. Resolved once, at start, so that after a package
  /// upgrade replaced the file the children run the new binary; nil when it cannot be read.
  package var executable: String?
  /// What `-v` shows of the run, on stderr; off unless the command line asks (`BingWall.run`).
  package var trace: Trace = .off
  /// From now on, when SIGINT ends the process, write `notice` on stderr (clearing the line
  /// first when `clearLine`): `InterruptNotice` in the live process; nothing in the test
  /// context, so a test never changes the runner's own Ctrl-C.
  package var onInterrupt: @Sendable (_ notice: String, _ clearLine: Bool) -> Void = { _, _ in }
  /// bingwall's version, as it names itself to a server that asks who calls (Wikimedia).
  var version = "0"
  /// The sources of pictures of the day an update may ask, and `bingwall sources` lists: the
  /// standard registry; a test adds a source of its own.
  package var sources = SourceRegistry.standard

  init(
    environment: [String: String], paths: Paths, terminal: Terminal,
    makeHTTPClient: @escaping @Sendable (_ caFile: String?) -> any HTTPClient,
    processes: any ProcessRunner, clock: any WallClock, random: any RandomSource,
    conditions: @escaping @Sendable (_ network: Bool, _ power: Bool) -> SessionConditions,
    stdout: any TextOutput,
    stderr: any TextOutput, executable: String? = nil
  ) {
    self.environment = environment
    self.paths = paths
    self.terminal = terminal
    self.makeHTTPClient = makeHTTPClient
    self.processes = processes
    self.clock = clock
    self.random = random
    self.conditions = conditions
    self.stdout = stdout
    self.stderr = stderr
    self.executable = executable
  }

  /// The real process: its environment, terminal, libcurl, posix_spawn and clock.
  package static func live(userAgent: String) -> Context {
    let environment = ProcessEnvironment.current()
    let random = SystemRandom()
    var context = Context(
      environment: environment,
      paths: Paths(environment: environment),
      terminal: Terminal.detect(environment: environment),
      makeHTTPClient: { CurlHTTPClient(userAgent: userAgent, caFile: $0, random: random) },
      processes: PosixProcessRunner(),
      clock: SystemClock(),
      random: random,
      conditions: { SessionConditions.read(environment: environment, network: $0, power: $1) },
      stdout: FileDescriptorOutput(fileDescriptor: STDOUT_FILENO),
      stderr: FileDescriptorOutput(fileDescriptor: STDERR_FILENO),
      executable: Paths.runningExecutable())
    context.onInterrupt = { InterruptNotice.install($0, clearLine: $1) }
    if let slash = userAgent.lastIndex(of: "/") {
      context.version = String(userAgent[userAgent.index(after: slash)...])
    }
    return context
  }

  func flush() {
    stdout.flush()
    stderr.flush()
  }

  /// Flushes and returns the exit status, turned into 1 when stdout could not be written
  /// (`bingwall list --json > file` on a full disk must not look like success).
  package func finish(_ status: Int32) -> Int32 {
    Self.finish(status, stdout: stdout, stderr: stderr)
  }

  /// `finish` for a process that answers before it builds a context (`--version`).
  package static func finish(_ status: Int32, stdout: any TextOutput, stderr: any TextOutput) -> Int32 {
    stdout.flush()
    stderr.flush()
    guard let code = (stdout as? FileDescriptorOutput)?.writeError else { return status }
    stderr.error("cannot write the output: \(String(cString: strerror(code)))")
    stderr.flush()
    return status == ExitCode.success ? ExitCode.failure : status
  }
}
