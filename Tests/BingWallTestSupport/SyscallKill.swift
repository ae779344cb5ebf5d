import Glibc

/// A SIGKILL at an exact moment of a real `bingwall` run: strace stops the process at the nth
/// call of a system call and kills it before the call runs (`-e inject=…:signal=SIGKILL:when=n`).
///
/// Deterministic where a timer is not: "after the rows are deleted and before the third file
/// goes" is the third `unlink`, whatever the machine's load.
package enum SyscallKill {
  /// The status `Sandbox.run` reports for a run killed so: strace dies of its tracee's signal,
  /// and Foundation's Process gives the signal's number (SIGKILL) as the status.
  package static let killedStatus: Int32 = SIGKILL

  /// The wrapper for `Sandbox.run(_:environment:under:)`: kill at the `occurrence`th call of any
  /// of `calls`, or, given `path`, of those calls on that file or folder (its descriptor too).
  ///
  /// strace counts per thread: a call made on several threads at once (the parallel fsyncs of
  /// the downloads) is counted on each, so such points say "the first of them", and a precise
  /// point names a call only one thread makes, or narrows it with `path`.
  package static func wrapper(killingAt occurrence: Int, of calls: [String], onPath path: String? = nil)
    -> [String]
  {
    let names = calls.joined(separator: ",")
    return ["/usr/bin/strace", "-f", "-qq", "-o", "/dev/null"] + (path.map { ["-P", $0] } ?? []) + [
      "-e", "trace=\(names)", "-e", "inject=\(names):signal=SIGKILL:when=\(occurrence)",
    ]
  }
}
