/// The names of the signals that end processes, for messages: "killed by signal 11 (SIGSEGV)"
/// tells a user more than "status 139".
package enum SignalName {
  private static let names: [Int32: String] = [
    1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS",
    8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE",
    14: "SIGALRM", 15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ", 31: "SIGSYS",
  ]

  /// `SIGSEGV` for 11; nil for a signal without a name here.
  package static func name(_ signal: Int32) -> String? { names[signal] }

  /// `signal 11 (SIGSEGV)`; `signal 40` for one without a name here.
  package static func describe(_ signal: Int32) -> String {
    "signal \(signal)" + (name(signal).map { " (\($0))" } ?? "")
  }
}
