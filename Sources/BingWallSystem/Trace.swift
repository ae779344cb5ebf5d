/// Where `-v` tells what a run does: the backend chosen and why, the screens read, each URL
/// fetched, each file written, the conditions checked. Each is one `bingwall: info: …` line on
/// stderr (`Diagnostic`); off, a line's text is never even built.
///
/// A value, not a global: the command line turns it on in the context, and the use cases hand
/// it down to the services that know what happened, which write to it without knowing where
/// it goes.
package struct Trace: Sendable {
  private let sink: (@Sendable (String) -> Void)?

  /// Tells nothing: without `-v`.
  package static let off = Trace(sink: nil)

  /// Tells each line to `sink`, as it is written (one `bingwall: info: …` line, no newline).
  package init(sink: (@Sendable (String) -> Void)?) {
    self.sink = sink
  }

  /// Writes each line to `output`. On a terminal the line under the cursor is cleared first: a
  /// progress bar drawn there is redrawn below at its next update instead of being run into.
  package init(_ output: any TextOutput, onTerminal: Bool) {
    let clear = onTerminal ? "\r\u{1b}[K" : ""
    self.init(sink: { output.write(clear + $0 + "\n") })
  }

  package var isOn: Bool { sink != nil }

  /// Tells `text` (cleaned for the terminal), when on.
  package func callAsFunction(_ text: @autoclosure () -> String) {
    guard let sink else { return }
    sink(Diagnostic.line(.info, text()))
  }
}
