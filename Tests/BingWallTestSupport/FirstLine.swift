import Foundation

extension Process {
  /// Starts the process with stdout on a pipe, stdin and stderr on /dev/null, and returns the first
  /// line it prints: servers (Xvfb's `-displayfd`, dbus-daemon's `--print-address`) print it once
  /// they accept connections. Everything read when it ends first, which means it died.
  package func runUntilFirstLine() throws -> String {
    let output = Pipe()
    standardOutput = output
    standardError = FileHandle.nullDevice
    standardInput = FileHandle.nullDevice
    try run()
    var said = ""
    while !said.contains("\n") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      said += String(decoding: chunk, as: UTF8.self)
    }
    return said.split(separator: "\n").first.map(String.init) ?? said
  }
}
