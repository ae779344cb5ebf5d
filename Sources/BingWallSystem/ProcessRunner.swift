import FoundationEssentials
import Glibc

/// A child process to start: an argument vector, never a shell string.
package struct ProcessInvocation: Sendable, Equatable {
  /// `arguments[0]` is the program: a path, or a name looked up on the environment's PATH.
  var arguments: [String]
  /// The child's whole environment.
  var environment: [String: String]
  /// What the child reads on stdin.
  var input: ProcessInput
  /// How long before the child is killed (SIGTERM, then SIGKILL).
  var timeout: Duration
  /// Ends the child early, as its timeout would, when another thread asks (the daemon stopping).
  var stop: ProcessStop?
  /// The most bytes of each of stdout and stderr kept; the rest is read and dropped, so a child
  /// that prints without end neither stalls nor fills our memory.
  var outputLimit: Int
  /// Whether the child gets pipes of ours or this process's terminal.
  var streams: ProcessStreams

  package init(
    arguments: [String], environment: [String: String], input: ProcessInput = .none,
    timeout: Duration = .seconds(10), stop: ProcessStop? = nil, outputLimit: Int = .max,
    streams: ProcessStreams = .captured
  ) {
    self.arguments = arguments
    self.environment = environment
    self.input = input
    self.timeout = timeout
    self.stop = stop
    self.outputLimit = outputLimit
    self.streams = streams
  }

  /// A program that works with the person at this terminal (an editor): it gets the terminal
  /// and is waited for however long they take.
  package static func onTerminal(arguments: [String], environment: [String: String]) -> ProcessInvocation {
    ProcessInvocation(arguments: arguments, environment: environment, streams: .terminal)
  }
}

/// Where a child's stdin, stdout and stderr lead.
package enum ProcessStreams: Sendable, Equatable {
  /// stdin as the invocation's `input` says; stdout and stderr captured into the result.
  case captured
  /// This process's own stdin, stdout and stderr, inherited: the child stays in the terminal's
  /// foreground group, and is waited for with no timeout (the invocation's input, timeout,
  /// stop and output limit do not apply; the result holds no output). Ctrl-C and Ctrl-\ go to
  /// the child, which decides what they mean; bingwall ignores them while it waits, as git
  /// does for its editor, so that it is still there when the child ends.
  case terminal
}

/// What a child reads on stdin.
package enum ProcessInput: Sendable, Equatable {
  /// /dev/null.
  case none
  /// These bytes, through a pipe closed after them.
  case bytes(Data)
  /// This file, opened read-only here: for a tool that hands its stdin on as a file descriptor
  /// (gdbus, to the wallpaper portal, which wants the picture's own file, not a pipe).
  case file(String)

  /// What goes through the pipe: empty but for `.bytes`.
  var bytes: Data {
    if case .bytes(let data) = self { data } else { Data() }
  }
}

/// How a child ended and what it printed.
package struct ProcessResult: Sendable, Equatable {
  /// The exit status, or 128 + signal number when a signal ended it.
  package var status: Int32
  package var stdout: Data
  package var stderr: Data
  /// True when the child outlived its timeout and was killed.
  package var timedOut: Bool
  /// True when the child was ended through the invocation's `ProcessStop`.
  package var stopped: Bool = false

  init(status: Int32, stdout: Data, stderr: Data, timedOut: Bool) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.timedOut = timedOut
  }

  package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// The seam through which bingwall starts other programs.
package protocol ProcessRunner: Sendable {
  /// Runs the child to completion (or its timeout). Throws only when it cannot be started.
  func run(_ invocation: ProcessInvocation) throws(ProcessError) -> ProcessResult
  /// The file that running `program` would execute when looked up on `path` (a PATH value), or nil
  /// when there is none: how backends ask "is this tool installed here".
  func locate(_ program: String, onPath path: String?) -> String?
  /// Starts `executable` (an absolute path) with `arguments` as its argv and exactly `environment`,
  /// detached so it outlives bingwall (swaybg draws only while it runs); returns its pid. Its stderr
  /// goes to `errorLog` (created or emptied) when given, so a caller can read what it said at start.
  func startDetached(
    executable: String, arguments: [String], environment: [String: String], errorLog: String?
  )
    throws(ProcessError) -> pid_t
}

/// A child process could not be started at all.
package enum ProcessError: Error, Equatable, Sendable {
  /// The program was not found on PATH or is not executable.
  case notFound(program: String)
  /// `posix_spawn` or a pipe failed with this `errno`.
  case spawnFailed(program: String, errno: Int32)
  /// The file meant for its stdin cannot be opened, or is not a regular file (`EINVAL`).
  case inputUnreadable(path: String, errno: Int32)
}

extension ProcessError: HintedError {
  package var hint: String? {
    guard case .notFound = self else { return nil }
    return "install it or adjust PATH"
  }
}

extension ProcessError: DescribedError {
  package var description: String {
    switch self {
    case .notFound(let program):
      return "cannot run '\(program)': not found on PATH"
    case .spawnFailed(let program, let errno):
      return "cannot run '\(program)': \(String(cString: strerror(errno)))"
    case .inputUnreadable(let path, let errno):
      return errno == EINVAL
        ? "cannot hand \(path) to the tool: it is not a regular file"
        : "cannot read \(path): \(String(cString: strerror(errno)))"
    }
  }
}
