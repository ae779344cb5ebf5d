/// Sets a Wayland background through the swww daemon, with `swww img PATH --resize crop`.
///
/// The project was renamed awww; whichever of the two programs is installed is used, awww first.
/// The daemon (`awww-daemon` or `swww-daemon`) must already run: starting it is the compositor
/// config's job, and `img` fails with a clear message when it is not there. swww cannot tile;
/// `center` and `tile` both use `--resize no`, which shows the picture at its own size in the middle.
/// `--resize stretch` is recent; an older swww knows only no, crop and fit and fails (a tool failure).
public struct SwwwBackend: WallpaperBackend {
  /// The `--resize` value per mode; `auto` is `fill`.
  public static let modeTable: [WallpaperMode: String] = [
    .fill: "crop", .fit: "fit", .stretch: "stretch", .center: "no", .tile: "no",
  ]

  /// The programs, in the order we prefer them.
  public static let programs = ["awww", "swww"]

  public let name = "swww"
  public let need = SessionNeed.wayland

  public init() {}

  /// Both names, for listings; `isAvailable` needs only one of them.
  public var tools: [String] { Self.programs }

  public func isAvailable(in session: DesktopSession) -> Bool { program(in: session) != nil }

  public func isDetected(in session: DesktopSession) -> Bool { false }

  /// The installed program, awww before swww.
  public func program(in session: DesktopSession) -> String? {
    Self.programs.first { session.which($0) != nil }
  }

  public static func arguments(program: String, for request: WallpaperRequest) -> [String] {
    [program, "img", request.path, "--resize", modeTable[request.mode.explicit]!]
  }

  public func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    guard let program = program(in: session) else {
      throw .toolMissing(backend: name, tool: Self.programs.joined(separator: " or "))
    }
    try ToolPreflight.check(backend: name, tools: [program], need: need, in: session)
    try session.run(Self.arguments(program: program, for: request), backend: name)
  }
}
