import BingWallSystem
import FoundationEssentials
import Glibc

/// COSMIC: cosmic-bg reads its settings from cosmic-config's folder,
/// `$XDG_CONFIG_HOME/cosmic/com.system76.CosmicBackground/v1/`, one file per key, and watches
/// it, so writing the files is the whole change (no tool, no restart).
///
/// The picture goes into key `all` (the entry every output shows) and `same-on-all` is set to
/// `true`, so an output with an entry of its own shows it too; every other key (`backgrounds`,
/// `output.NAME`) is left as it was, and of `all` only the output, source, theme filter and
/// scaling mode change: the rotation frequency, filter and sampling method keep their text.
/// Each file is written atomically (temporary file, fsync, rename), since cosmic-bg may read
/// it at any moment. Read back from the same file.
struct CosmicBackend: WallpaperBackend {
  /// cosmic-bg's `ScalingMode` per mode. It cannot centre or tile: both letterbox on black.
  static let modeTable: [WallpaperMode: String] = [
    .fill: "Zoom", .fit: "Fit((0.0, 0.0, 0.0))", .stretch: "Stretch", .center: "Fit((0.0, 0.0, 0.0))",
    .tile: "Fit((0.0, 0.0, 0.0))",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }

  static let application = "com.system76.CosmicBackground"

  let name = "cosmic"
  /// Files only: cosmic-bg picks them up whoever writes them, from cron too.
  let need = SessionNeed.nothing
  var tools: [String] { [] }

  init() {}

  /// The folder of cosmic-bg's keys in this session.
  static func folder(in session: DesktopSession) -> String {
    let configured = session.environment["XDG_CONFIG_HOME"] ?? ""
    let base = configured.hasPrefix("/") ? configured : session.home + "/.config"
    return base + "/cosmic/\(application)/v1"
  }

  /// Where cosmic-bg runs or has left its settings.
  func isAvailable(in session: DesktopSession) -> Bool {
    session.which("cosmic-bg") != nil || access(Paths.parent(of: Self.folder(in: session)), F_OK) == 0
  }

  func missingTool(in session: DesktopSession) -> MissingTool? {
    isAvailable(in: session) ? nil : "cosmic-bg"
  }

  func isDetected(in session: DesktopSession) -> Bool { session.isDesktop(["cosmic"]) }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    guard request.path.hasPrefix("/"), let path = CosmicEntry.literal(request.path) else {
      throw .misconfigured(
        backend: name, message: "cannot name \(TerminalText.clean(request.path)) in cosmic-bg's settings")
    }
    let folder = Self.folder(in: session)
    let file = folder + "/all"
    // An entry bingwall cannot read is the user's to mend: never replaced by one of ours.
    var entry = CosmicEntry(fields: CosmicEntry.defaults)
    if let text = try SettingsFileWrite.read(file, backend: name, limit: 64 << 10) {
      guard let parsed = CosmicEntry.parse(text) else {
        throw .misconfigured(
          backend: name,
          message: "\(file) is not an entry bingwall can read; mend or remove it, then try again")
      }
      entry = parsed
    }
    entry.show(literal: path, scaling: Self.modeTable[request.mode.explicit])
    try SettingsFileWrite.write(entry.rendered, to: file, backend: name)
    try SettingsFileWrite.write("true", to: folder + "/same-on-all", backend: name)
    let found = try current(in: session)
    guard found == request.path else {
      throw .didNotTake(backend: name, expected: request.path, found: found ?? "no picture in \(file)")
    }
  }

  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    let file = Self.folder(in: session) + "/all"
    // At most 64 KiB: an entry is a few lines.
    guard let text = try SettingsFileWrite.read(file, backend: name, limit: 64 << 10) else { return nil }
    return CosmicEntry.parse(text)?.picturePath
  }
}
