import Glibc

/// The process's environment, read from `environ` directly.
///
/// `ProcessInfo.processInfo.environment` gives the same dictionary, but its first use sets up
/// the whole `ProcessInfo` (arguments, host, locks) and costs about a millisecond at every
/// start, a third of what `bingwall --version` takes (bench/README.md).
package enum ProcessEnvironment {
  /// Every `NAME=value` entry; for a name given twice the first wins, as `getenv` has it.
  package static func current() -> [String: String] {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(text[..<equals])
        if environment[name] == nil { environment[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return environment
  }
}
