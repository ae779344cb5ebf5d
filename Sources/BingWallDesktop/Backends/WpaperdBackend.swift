import BingWallSystem

/// Sets a Wayland background through a running wpaperd: `wpaperctl set MONITOR PATH` for each
/// monitor the daemon draws on, as `wpaperctl all-wallpapers --json` lists them
/// (`[{"display": "DP-1", "path": "/a.jpg"}]`), which also reads the pictures back.
///
/// `wpaperctl` reports a monitor it cannot draw on by a line on stderr and exit status 0, so
/// every change is read back. wpaperd keeps its modes (and a slideshow's `duration`, which
/// would move on from our picture) in its own config, `~/.config/wpaperd/config.toml`, not on
/// the command line, so no mode is passed. The daemon is the user's, started by their
/// compositor config; without it `wpaperctl` fails with its own words.
struct WpaperdBackend: LayerShellBackend {
  let name = "wpaperd"
  let tools = ["wpaperctl"]
  var outputSource: OutputSource { .wlroots }

  init() {}

  func isDetected(in session: DesktopSession) -> Bool { false }

  func isRunning(in session: DesktopSession) -> Bool { session.runsForThisCompositor("wpaperd") }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    let monitors = try shown(in: session).map(\.display)
    guard !monitors.isEmpty else {
      throw .misconfigured(
        backend: name, message: "wpaperd draws on no monitor ('wpaperctl all-wallpapers' lists none)")
    }
    try setEach(Dictionary(uniqueKeysWithValues: monitors.map { ($0, request) }), in: session)
  }

  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    for (monitor, request) in requests.sorted(by: { $0.key < $1.key }) {
      try session.run(["wpaperctl", "set", monitor, request.path], backend: name)
    }
    let now = Dictionary(try shown(in: session).map { ($0.display, $0.path) }) { first, _ in first }
    for (monitor, request) in requests.sorted(by: { $0.key < $1.key }) where now[monitor] != request.path {
      throw .didNotTake(backend: name, expected: request.path, found: now[monitor] ?? "nothing on \(monitor)")
    }
  }

  /// The picture of the first monitor wpaperd lists.
  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    try shown(in: session).first.map(\.path)
  }

  /// What wpaperd draws, monitor by monitor; at most `Output.maximumCount` entries are read.
  private func shown(in session: DesktopSession) throws(DesktopError) -> [(display: String, path: String)] {
    let result = try session.run(["wpaperctl", "all-wallpapers", "--json"], backend: name)
    guard case .array(let items)? = try? JSONParser.parse(Array(result.stdoutText.utf8)) else {
      throw .toolFailed(
        backend: name, command: "wpaperctl all-wallpapers --json", status: 0,
        stderr: "no list of monitors: " + String(result.stdoutText.prefix(200)))
    }
    return items.prefix(Output.maximumCount).compactMap { item in
      guard case .object(let fields) = item, let display = fields["display"]?.stringValue,
        let path = fields["path"]?.stringValue
      else { return nil }
      return (display, path)
    }
  }
}
