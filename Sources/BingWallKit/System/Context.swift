import Foundation

/// Everything a command touches outside its own logic, in one value.
///
/// Commands receive it; tests build one with buffers and fakes (see Tests/Support).
public struct Context: Sendable {
  public var environment: [String: String]
  public var paths: Paths
  public var terminal: Terminal
  public var http: any HTTPClient
  public var processes: any ProcessRunner
  public var clock: any WallClock
  public var stdout: any TextOutput
  public var stderr: any TextOutput

  public init(
    environment: [String: String], paths: Paths, terminal: Terminal, http: any HTTPClient,
    processes: any ProcessRunner, clock: any WallClock, stdout: any TextOutput, stderr: any TextOutput
  ) {
    self.environment = environment
    self.paths = paths
    self.terminal = terminal
    self.http = http
    self.processes = processes
    self.clock = clock
    self.stdout = stdout
    self.stderr = stderr
  }

  /// The real process: its environment, terminal, libcurl, posix_spawn and clock.
  public static func live() -> Context {
    let environment = ProcessInfo.processInfo.environment
    return Context(
      environment: environment,
      paths: Paths(environment: environment),
      terminal: Terminal.detect(environment: environment),
      http: CurlHTTPClient(userAgent: "bingwall/\(BingWall.version)"),
      processes: PosixProcessRunner(),
      clock: SystemClock(),
      stdout: FileDescriptorOutput(fileDescriptor: STDOUT_FILENO),
      stderr: FileDescriptorOutput(fileDescriptor: STDERR_FILENO))
  }

  public func flush() {
    stdout.flush()
    stderr.flush()
  }

  /// Flushes and returns the exit status, turned into 1 when stdout could not be written
  /// (`bingwall list --json > file` on a full disk must not look like success).
  public func finish(_ status: Int32) -> Int32 {
    flush()
    guard let code = (stdout as? FileDescriptorOutput)?.writeError else { return status }
    stderr.write("error: cannot write the output: \(String(cString: strerror(code)))\n")
    stderr.flush()
    return status == ExitCode.success ? ExitCode.failure : status
  }
}
