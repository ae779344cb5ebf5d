import FoundationEssentials
import Glibc

/// Sets the X11 root window with a tool that takes a flag per mode (feh, xwallpaper, nitrogen,
/// hsetroot), as its `FlagTool` says, and reads the picture back where the tool writes it down.
struct FlagToolBackend: WallpaperBackend {
  let tool: FlagTool
  var name: String { tool.name }
  var tools: [String] { [tool.name] }
  var need: SessionNeed { tool.need }
  var outputSource: OutputSource { .xrandr }
  var pictureScope: PictureScope { tool.scope }
  var modeTable: [WallpaperMode: String]? { tool.modeTable }
  /// Each draws on the X11 root window, which any bare X11 session shows.
  var fallback: DisplayServer? { .x11 }

  init(_ tool: FlagTool) {
    self.tool = tool
  }

  /// Root-window setters belong to no desktop; detection reaches them as the X11 fallbacks.
  func isDetected(in session: DesktopSession) -> Bool { false }

  /// xwallpaper reaches outputs, not monitors: a layout with a monitor drawn by `--setmonitor`
  /// gets one canvas over the root window instead.
  var scopeNote: String? {
    tool.perMonitor == .outputFlag
      ? "Where a monitor was drawn with xrandr --setmonitor, \(name) gets one canvas: its --output names"
        + " only outputs"
      : nil
  }

  func pictureScope(for outputs: [Output]) -> PictureScope {
    tool.perMonitor == .outputFlag && outputs.contains(where: \.isUserMonitor) ? .layout : pictureScope
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try run(tool.arguments(for: request), in: session)
    guard let record = tool.record, record.checkedAfterSetting else { return }
    let found = try current(in: session)
    // The tool writes the path as given (it is absolute); a differing one means another HOME or an
    // old version of the tool.
    if found != request.path {
      throw .didNotTake(
        backend: name, expected: request.path, found: found ?? "no picture in \(record.file(session))")
    }
  }

  /// Each monitor its picture, addressed as the tool addresses monitors (`FlagTool.PerMonitor`),
  /// then read back head by head where the tool writes them down.
  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
    guard tool.perMonitor != nil else {
      throw .misconfigured(backend: name, message: "\(name) sets one picture for every screen")
    }
    guard !requests.isEmpty, Set(requests.values.map(\.mode)).count == 1 else {
      throw .misconfigured(backend: name, message: "\(name) takes one mode for all the screens' pictures")
    }
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    // Xinerama numbers the heads as RandR lists its monitors (the primary first), so the list is
    // read again here, where the requests carry only names, as the pictures' plan read it.
    let monitors = try XRandRMonitors.outputs(in: session, backend: name).map(\.name)
    guard Set(monitors) == Set(requests.keys), monitors.count == requests.count else {
      throw .didNotTake(
        backend: name, expected: "a picture for each of " + requests.keys.sorted().joined(separator: ", "),
        found: "the monitors " + monitors.joined(separator: ", ") + " (the screens changed meanwhile)")
    }
    let ordered = monitors.map { (name: $0, request: requests[$0]!) }
    // One monitor is the whole root window. (nitrogen's --head=0 draws nothing where Xinerama
    // has a single head.)
    if ordered.count == 1 { return try set(ordered[0].request, in: session) }
    for (index, arguments) in tool.arguments(forEach: ordered).enumerated() {
      do {
        try run(arguments, in: session)
      } catch .toolFailed(let backend, let command, let status, let said) where index > 0 {
        // nitrogen sets one head a run: say which heads already show their new pictures.
        throw .toolFailed(
          backend: backend, command: command, status: status,
          stderr: said.trimmed() + "; "
            + "the new pictures are already on " + ordered.prefix(index).map(\.name).joined(separator: ", "))
      }
    }
    guard let record = tool.record, record.checkedAfterSetting else { return }
    let text = try? String(contentsOfFile: record.file(session), encoding: .utf8)
    let found = text.map(record.headPictures) ?? [:]
    for (head, monitor) in ordered.enumerated() where found[head] != monitor.request.path {
      throw .didNotTake(
        backend: name, expected: "\(monitor.request.path) on \(monitor.name)",
        found: found[head] ?? "no picture for head \(head) in \(record.file(session))")
    }
  }

  /// Runs the tool; a tool killed by SIGSYS is explained (a sandbox forbade a system call).
  private func run(_ arguments: [String], in session: DesktopSession) throws(DesktopError) {
    do {
      try session.run(arguments, backend: name)
    } catch .toolFailed(let backend, let command, let status, let said) where status == 128 + SIGSYS {
      throw .toolFailed(
        backend: backend, command: command, status: status,
        stderr: [said.trimmed(), SandboxedToolFailure.explain(tool: name, in: session)].filter { !$0.isEmpty }
          .joined(separator: "; "))
    }
  }

  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let record = tool.record,
      let text = try? String(contentsOfFile: record.file(session), encoding: .utf8)
    else { return nil }
    return record.picture(text)
  }
}
