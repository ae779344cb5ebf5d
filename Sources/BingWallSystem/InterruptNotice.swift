import Glibc

/// What a person who pressed Ctrl-C sees: the progress bar's line cleared, one line saying what
/// was kept, and then the default death by SIGINT, so the shell sees the status it expects
/// (130) and a script running bingwall stops too.
///
/// The handler may only do what is async-signal-safe: it writes bytes prepared beforehand with
/// write(2), and `SA_RESETHAND` puts the default action back before it raises the signal again.
package enum InterruptNotice {
  /// The bytes the handler writes, prepared by `install` (never freed: the handler may run at
  /// any moment until the process ends).
  nonisolated(unsafe) private static var notice: UnsafeMutableBufferPointer<UInt8>?

  /// From now on, SIGINT writes `line` (and a newline) on stderr, first clearing the terminal's
  /// line when `clearLine` (stderr is a terminal, where a progress bar may be drawn).
  /// Installed once; a later call changes nothing.
  package static func install(_ line: String, clearLine: Bool) {
    guard notice == nil else { return }
    let bytes = Array(((clearLine ? "\r\u{1b}[K" : "") + line + "\n").utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    notice = buffer
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      if let notice = InterruptNotice.notice, let base = notice.baseAddress {
        var offset = 0
        while offset < notice.count {
          let written = write(STDERR_FILENO, base + offset, notice.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      // Delivered once this handler returns (the signal is blocked while it runs), to the
      // default action SA_RESETHAND restored: the process ends as if never handled.
      raise(signal)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
    sigaction(SIGINT, &action, nil)
  }
}
