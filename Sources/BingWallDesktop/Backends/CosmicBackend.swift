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

  func missingTool(in session: DesktopSession) -> String? {
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
    var entry = (try? read(file)).flatMap(CosmicEntry.parse) ?? CosmicEntry(fields: CosmicEntry.defaults)
    entry["output"] = "\"all\""
    entry["source"] = "Path(\(path))"
    entry["filter_by_theme"] = "false"
    entry["scaling_mode"] = Self.modeTable[request.mode.explicit]
    do {
      try Paths.ensureDirectory(folder)
      try AtomicFile.write(Data(entry.rendered.utf8), to: file, mode: 0o644)
      try AtomicFile.write(Data("true".utf8), to: folder + "/same-on-all", mode: 0o644)
    } catch {
      throw .misconfigured(backend: name, message: "cannot write cosmic-bg's settings: \(error)")
    }
    let found = try current(in: session)
    guard found == request.path else {
      throw .didNotTake(backend: name, expected: request.path, found: found ?? "no picture in \(file)")
    }
  }

  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    let file = Self.folder(in: session) + "/all"
    guard let text = try read(file) else { return nil }
    return CosmicEntry.parse(text)?.picturePath
  }

  /// The file's text, nil when there is none; at most 64 KiB (an entry is a few lines).
  private func read(_ file: String) throws(DesktopError) -> String? {
    do {
      guard let bytes = try FileContents.read(file, limit: 64 << 10) else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    } catch {
      throw .misconfigured(backend: name, message: "cannot read cosmic-bg's settings: \(error)")
    }
  }
}
