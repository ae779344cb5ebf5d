import BingWallKit

/// `Waiting for another bingwall update (pid 4242) to finish…`, on stderr unless quiet: said when
/// a command must wait for the update lock that another process holds.
enum WaitingText {
  static func announce(_ pid: Int32?, for holder: String, quiet: Bool, context: Context) {
    guard !quiet else { return }
    let pidText = pid.map { " (pid \($0))" } ?? ""
    context.stderr.write("Waiting for another bingwall \(holder)\(pidText) to finish…\n")
  }
}
