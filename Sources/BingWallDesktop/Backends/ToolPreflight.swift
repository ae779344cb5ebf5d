/// The checks every tool backend makes before it runs anything, so the error names the real cause.
///
/// Without them a missing `DISPLAY` shows up as feh's "Can't open X display", which says nothing
/// about cron or a systemd service lacking the session's environment.
enum ToolPreflight {
  /// Throws `toolMissing` for the first of `tools` not on PATH, then `sessionMissing` when `need` is
  /// not met. The tool comes first: installing it is the fix that does not depend on where we run.
  static func check(
    backend: String, tools: [String], need: SessionNeed, in session: DesktopSession
  ) throws(DesktopError) {
    if let absent = tools.first(where: { session.which($0) == nil }) {
      throw .toolMissing(backend: backend, tool: MissingTool(absent))
    }
    if let why = session.missing(need) { throw .sessionMissing(backend: backend, what: why) }
  }
}
