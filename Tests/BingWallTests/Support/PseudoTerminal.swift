import Foundation
import Glibc

/// A pseudo-terminal for a child that must see a terminal on stdin (`config edit`): the child
/// gets the slave side as stdin, stdout and stderr; the test reads what it shows and types
/// answers on the master side.
final class PseudoTerminal {
  let master: Int32
  let slave: FileHandle
  private var output = ""

  /// The pty calls, which Glibc's module declares only under _XOPEN_SOURCE: found in libc.
  private static func libc<Function>(_ name: String, as _: Function.Type) -> Function {
    unsafeBitCast(dlsym(nil, name)!, to: Function.self)
  }
  typealias OpenCall = @convention(c) (Int32) -> Int32
  typealias FileCall = @convention(c) (Int32) -> Int32
  typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  init() throws {
    let openpt = Self.libc("posix_openpt", as: OpenCall.self)
    let grantpt = Self.libc("grantpt", as: FileCall.self)
    let unlockpt = Self.libc("unlockpt", as: FileCall.self)
    let ptsname = Self.libc("ptsname", as: NameCall.self)
    master = openpt(O_RDWR | O_NOCTTY)
    guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
      throw SystemCallError("posix_openpt")
    }
    let descriptor = open(String(cString: name), O_RDWR | O_NOCTTY)
    guard descriptor >= 0 else { throw SystemCallError("open pts") }
    slave = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// What the terminal has shown so far, once `done` says it is enough, or the child has closed
  /// it; at most `timeout` seconds (a bound against a hang, not a timing assertion).
  func read(until done: (String) -> Bool = { _ in false }, timeout: Double = 30) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Date() < deadline {
      if done(output) { break }
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = Glibc.read(master, &buffer, buffer.count)
      // EIO: every slave descriptor is closed; the child is gone.
      if count <= 0 { break }
      output += String(decoding: buffer[..<count], as: UTF8.self)
    }
    return output
  }

  /// Types `text` as a person would.
  func type(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, text.utf8.count) }
  }

  deinit { close(master) }
}
