/// Where a backend's desktop tells bingwall its screens: the compositor's or the X server's own
/// tool, run through the session like any backend tool (argv, timeout, bounded output).
package enum OutputSource: String, Sendable, Equatable {
  /// sway's IPC, `swaymsg -t get_outputs -r`.
  case sway
  /// `hyprctl monitors -j`.
  case hyprland
  /// sway's IPC where sway answers, else Hyprland's: tools such as swww that serve either.
  case wlroots
  /// RandR, `xrandr --listactivemonitors` (under a Wayland desktop, Xwayland's view of it).
  case xrandr
  /// `kscreen-doctor -j`.
  case kscreen
  /// A backend that knows no screens (`command`, `none`).
  case none

  /// The tools the source may run, for `doctor` and the error when none is installed.
  var tools: [String] {
    switch self {
    case .sway: return ["swaymsg"]
    case .hyprland: return ["hyprctl"]
    case .wlroots: return ["swaymsg", "hyprctl"]
    case .xrandr: return [XRandRMonitors.tool]
    case .kscreen: return ["kscreen-doctor"]
    case .none: return []
    }
  }

  /// The session's screens, in the tool's order, exactly one of them primary.
  package func read(in session: DesktopSession, backend: String) throws(OutputReadError) -> [Output] {
    switch self {
    case .none:
      throw .noTool("the \(backend) backend knows no screens")
    case .sway:
      guard let socket = SwaySocket.find(in: session) else {
        throw .noTool("no sway answers (SWAYSOCK is unset or dead)")
      }
      let ipc = SwaySocket.session(session, talkingTo: socket)
      return try SwayOutputs.parse(run(["swaymsg", "-t", "get_outputs", "-r"], in: ipc, backend: backend))
    case .hyprland:
      guard !(session.environment["HYPRLAND_INSTANCE_SIGNATURE"] ?? "").isEmpty else {
        throw .noTool("no Hyprland answers (HYPRLAND_INSTANCE_SIGNATURE is unset)")
      }
      return try HyprlandMonitors.parse(run(["hyprctl", "monitors", "-j"], in: session, backend: backend))
    case .wlroots:
      if SwaySocket.find(in: session) != nil {
        return try OutputSource.sway.read(in: session, backend: backend)
      }
      return try OutputSource.hyprland.read(in: session, backend: backend)
    case .xrandr:
      guard session.hasX11 else { throw .noTool("no X11 display (DISPLAY is not set) for xrandr to ask") }
      return XRandRMonitors.outputs(
        try run([XRandRMonitors.tool, "--listactivemonitors"], in: session, backend: backend))
    case .kscreen:
      return try KScreenOutputs.parse(run(["kscreen-doctor", "-j"], in: session, backend: backend))
    }
  }

  private func run(_ arguments: [String], in session: DesktopSession, backend: String) throws(OutputReadError)
    -> String
  {
    do {
      return try session.run(arguments, backend: backend).stdoutText
    } catch {
      throw .failed(error)
    }
  }
}
