import BingWallSystem

/// Sets a Wayland background through the swww daemon, with `swww img PATH --resize crop`.
///
/// The project was renamed awww; whichever of the two programs is installed is used, awww first.
/// The daemon (`awww-daemon` or `swww-daemon`) must already run: starting it is the compositor
/// config's job, and `img` fails with a clear message when it is not there. `query` reads back
/// the picture of the first output. swww cannot tile;
/// `center` and `tile` both use `--resize no`, which shows the picture at its own size in the middle.
/// `--resize stretch` is recent; an older swww knows only no, crop and fit and fails (a tool failure).
///
/// `img --outputs NAME` sets one output; it brings its own daemon.
struct SwwwBackend: LayerShellBackend {
  /// The `--resize` value per mode; `auto` is `fill`.
  static let modeTable: [WallpaperMode: String] = [
    .fill: "crop", .fit: "fit", .stretch: "stretch", .center: "no", .tile: "no",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }

  /// The programs, in the order we prefer them.
  static let programs = ["awww", "swww"]
  /// Both names for an error, the one users know first.
  static let missingName = MissingTool(anyOf: ["swww", "awww"])

  let name = "swww"
  var outputSource: OutputSource { .wlroots }

  init() {}

  /// Both names, for listings; `isAvailable` needs only one of them.
  var tools: [String] { Self.programs }

  func isAvailable(in session: DesktopSession) -> Bool { program(in: session) != nil }

  func isDetected(in session: DesktopSession) -> Bool { false }

  /// Its daemon, by either name.
  func isRunning(in session: DesktopSession) -> Bool {
    ["awww-daemon", "swww-daemon"].contains(where: session.runsForThisCompositor)
  }

  /// Either name will do, so a missing tool is both of them.
  func missingTool(in session: DesktopSession) -> MissingTool? {
    program(in: session) == nil ? Self.missingName : nil
  }

  /// The installed program, awww before swww.
  func program(in session: DesktopSession) -> String? {
    Self.programs.first { session.which($0) != nil }
  }

  static func arguments(program: String, for request: WallpaperRequest) -> [String] {
    [program, "img", request.path, "--resize", modeTable[request.mode.explicit]!]
  }

  /// The picture the first output shows, from `awww query` (`DP-1: 1920x1080, scale: 1,
  /// currently displaying: image: /a/b.jpg`); nil when it shows a colour or says nothing we read.
  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let program = program(in: session) else { return nil }
    let result = try session.run([program, "query"], backend: name)
    return Self.picture(inQuery: result.stdoutText)
  }

  static func picture(inQuery text: String) -> String? {
    let marker = "currently displaying: image: "
    for line in text.split(separator: "\n") {
      guard let range = line.firstRange(of: marker) else { continue }
      let path = String(line[range.upperBound...])
      return path.hasPrefix("/") ? path : nil
    }
    return nil
  }

  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
    guard let program = program(in: session) else {
      throw .toolMissing(backend: name, tool: Self.missingName)
    }
    try ToolPreflight.check(backend: name, tools: [program], need: need, in: session)
    for (output, request) in requests.sorted(by: { $0.key < $1.key }) {
      try session.run(Self.arguments(program: program, for: request) + ["--outputs", output], backend: name)
    }
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    guard let program = program(in: session) else {
      throw .toolMissing(backend: name, tool: Self.missingName)
    }
    try ToolPreflight.check(backend: name, tools: [program], need: need, in: session)
    try session.run(Self.arguments(program: program, for: request), backend: name)
  }
}
