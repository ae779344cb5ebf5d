import Glibc

/// What a tool killed by SIGSYS most likely ran into, for the error message.
///
/// xwallpaper locks itself in a seccomp sandbox before it connects to the X server; when the
/// connection fails, libxcb goes on to try TCP, a call the sandbox forbids, and the kernel kills it
/// with SIGSYS (status 159) before it can say "cannot open display". So the usual cause is a display
/// that is not there, and the display's socket tells whether it is.
enum SandboxedToolFailure {
  static func explain(tool: String, in session: DesktopSession) -> String {
    let value = session.environment["DISPLAY"] ?? ""
    if let display = DisplayName(value), display.host.isEmpty || display.host == "unix" {
      let socket = "/tmp/.X11-unix/X\(display.number)"
      var status = stat()
      if stat(socket, &status) != 0 {
        return "\(tool) is stopped this way when it cannot reach the X server, and no X server listens on"
          + " DISPLAY=\(value) (\(socket) does not exist); check DISPLAY"
      }
    }
    return "\(tool) is stopped this way when it cannot reach the X server on DISPLAY=\(value), or when its"
      + " sandbox does not know a system call of this system; check DISPLAY, or use another backend (feh)"
  }
}
