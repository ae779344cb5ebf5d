import BingWallNet
import BingWallSchedule
import BingWallSystem
import Synchronization

/// A one-line progress bar on a terminal's stderr: bytes across all pictures, the rate, the
/// pictures done, and the picture being fetched when it is the only one.
///
/// Only used when stderr is a TTY; it redraws in place and erases itself at the end.
final class ProgressBar: DownloadProgress {
  private let output: any TextOutput
  private let width: Int
  private let drawn = Mutex(false)

  init(output: any TextOutput, width: Int) {
    self.output = output
    self.width = max(40, width)
  }

  func update(_ snapshot: ProgressSnapshot) {
    if snapshot.isFinal {
      if drawn.withLock({ $0 }) { output.write("\r\u{1b}[K") }
      output.flush()
      return
    }
    drawn.withLock { $0 = true }
    output.write("\r\u{1b}[K" + Self.line(snapshot, width: width))
    output.flush()
  }

  /// `[#####-----] 12.3/40.1 MB  5.2 MB/s  3/8 done`, then `  Title` while one picture alone is
  /// coming; cut to the width.
  static func line(_ snapshot: ProgressSnapshot, width: Int) -> String {
    let megabyte = 1_048_576.0
    let received = Double(snapshot.totalReceived) / megabyte
    var amount = received.fixed(decimals: 1)
    var bar = ""
    if let total = snapshot.totalExpected, total > 0 {
      amount += "/" + (Double(total) / megabyte).fixed(decimals: 1)
      let filled = min(20, Int(Double(snapshot.totalReceived) / Double(total) * 20))
      bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "] "
    }
    let rate = (snapshot.bytesPerSecond / megabyte).fixed(decimals: 1) + " MB/s"
    let head = "\(bar)\(amount) MB  \(rate)  \(snapshot.finishedJobs)/\(snapshot.jobCount) done"
    // Never wider than the terminal: a wrapped line is not erased by the next redraw.
    guard !snapshot.label.isEmpty, width - head.count - 3 > 1 else {
      return TerminalText.fit(head, columns: width - 1)
    }
    return head + "  " + TerminalText.fit(TerminalText.clean(snapshot.label), columns: width - head.count - 3)
  }
}
