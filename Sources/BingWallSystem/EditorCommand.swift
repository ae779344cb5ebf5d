import FoundationEssentials
import Glibc

/// The editor a person chose, read as git and crontab read it: `VISUAL`, else `EDITOR`, else
/// `vi`. The variable may carry arguments (`code --wait`, `emacs -nw`): it is split at spaces
/// and tabs, with no quoting, and run as an argument vector, never by a shell.
package struct EditorCommand: Sendable, Equatable {
  /// The program, then its own arguments; the file is added last.
  package var arguments: [String]

  package init(environment: [String: String]) {
    for variable in ["VISUAL", "EDITOR"] {
      let words = Self.split(environment[variable] ?? "")
      if !words.isEmpty {
        arguments = words
        return
      }
    }
    arguments = ["vi"]
  }

  static func split(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
  }

  /// The program's name, for messages.
  package var program: String { arguments[0] }

  /// Runs the editor on `file` on this process's terminal (it inherits stdin, stdout and stderr
  /// and stays in the terminal's foreground group) and waits, however long the person takes.
  /// Returns its exit status, or 128 + the signal that ended it.
  ///
  /// Ctrl-C and Ctrl-\ go to the editor, which decides what they mean; bingwall ignores them
  /// while it waits, as git does, so that it is there to check the file afterwards.
  package func run(on file: String, environment: [String: String]) throws(ProcessError) -> Int32 {
    let argv = arguments + [file]
    if argv.contains(where: { $0.utf8.contains(0) }) { throw .spawnFailed(program: program, errno: EINVAL) }
    let envp = environment.map { "\($0.key)=\($0.value)" }.filter { !$0.utf8.contains(0) }
    let argvPointers = Self.cStrings(argv)
    let envPointers = Self.cStrings(envp)
    defer {
      Self.free(argvPointers, count: argv.count)
      Self.free(envPointers, count: envp.count)
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    var previousInterrupt = sigaction()
    var previousQuit = sigaction()
    sigaction(SIGINT, &ignore, &previousInterrupt)
    sigaction(SIGQUIT, &ignore, &previousQuit)
    defer {
      sigaction(SIGINT, &previousInterrupt, nil)
      sigaction(SIGQUIT, &previousQuit, nil)
    }

    var pid: pid_t = 0
    // posix_spawnp looks the program up on this process's PATH, as a shell would.
    let result = PosixProcessRunner.retryingBusy {
      posix_spawnp(&pid, argv[0], nil, &attributes, argvPointers, envPointers)
    }
    switch result {
    case 0: break
    case ENOENT, EACCES, ENOTDIR: throw .notFound(program: program)
    default: throw .spawnFailed(program: program, errno: result)
    }
    var status: Int32 = 0
    do throws(Errno) {
      _ = try Syscall.retryingInterrupts { waitpid(pid, &status, 0) }
    } catch {
      throw .spawnFailed(program: program, errno: error.code)
    }
    return PosixProcessRunner.status(fromWaitStatus: status)
  }

  private static func cStrings(_ strings: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    let pointers = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: strings.count + 1)
    for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
    pointers[strings.count] = nil
    return pointers
  }

  private static func free(_ pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int) {
    for index in 0..<count { Glibc.free(pointers[index]) }
    pointers.deallocate()
  }
}
