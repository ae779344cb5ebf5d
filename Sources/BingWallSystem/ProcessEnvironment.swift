import Glibc

/// The process's environment, read from `environ` directly.
///
/// `ProcessInfo.processInfo.environment` gives the same dictionary, but its first use sets up
/// the whole `ProcessInfo` (arguments, host, locks) and costs about a millisecond at every
/// start, a third of what `bingwall --version` takes (bench/README.md).
package enum ProcessEnvironment {
  /// Every `NAME=value` entry; for a name given twice the first wins, as `getenv` has it.
  package static func current() -> [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    var environment: [String: String] = [:]
    environment.reserveCapacity(count)
    // Last to first, so that the first of a repeated name is the one left.
    for index in stride(from: count - 1, through: 0, by: -1) {
      guard let pointer = environ[index] else { continue }
      let text = String(cString: pointer)
      guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
      environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    return environment
  }
}
