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

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    do {
      try session.run(tool.arguments(for: request), backend: name)
    } catch .toolFailed(let backend, let command, let status, let said) where status == 128 + SIGSYS {
      throw .toolFailed(
        backend: backend, command: command, status: status,
        stderr: [said.trimmed(), SandboxedToolFailure.explain(tool: name, in: session)].filter { !$0.isEmpty }
          .joined(separator: "; "))
    }
    guard let record = tool.record, record.checkedAfterSetting else { return }
    let found = try current(in: session)
    // The tool writes the path as given (it is absolute); a differing one means another HOME or an
    // old version of the tool.
    if found != request.path {
      throw .didNotTake(
        backend: name, expected: request.path, found: found ?? "no picture in \(record.file(session))")
    }
  }

  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let record = tool.record,
      let text = try? String(contentsOfFile: record.file(session), encoding: .utf8)
    else { return nil }
    return record.picture(text)
  }
}
