import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall greeter`: a stored picture on the login screen. Run as root, since the greeters'
/// files are root's: the picture is copied to `/var/lib/bingwall/greeter.jpg` (readable by the
/// greeter's user) and each installed greeter's config names it, through the one line bingwall
/// owns (`MarkedSetting`), which `unset` puts back as it was.
///
/// `BINGWALL_GREETER_ROOT` puts every system path under another folder: for tests, which must
/// not touch the machine's `/etc`.
package struct LoginScreen {
  /// A greeter bingwall can set, where it keeps its picture.
  package struct Greeter: Sendable, Equatable {
    package var name: String
    /// The program whose presence says it is installed.
    var program: String
    /// The config file and the key, in the greeter's own terms.
    package var file: String
    var section: String
    var key: String
  }

  /// What `status` says of one greeter.
  package struct State: Sendable, Equatable {
    package var greeter: Greeter
    package var installed: Bool
    package var active: Bool
    /// The picture our line names, nil when bingwall has not set one.
    package var picture: String?
  }

  enum Failure: ExitStatusError, CustomStringConvertible, Equatable {
    case notRoot(String)
    case noGreeter(String)
    case gdm
    case noUser(String)
    case file(String)

    /// 69 when this machine has no greeter bingwall can set, as for a missing desktop; else 1.
    var exitStatus: Int32 {
      switch self {
      case .noGreeter, .gdm: return ExitCode.unavailable
      case .notRoot, .noUser, .file: return ExitCode.failure
      }
    }

    var description: String {
      switch self {
      case .notRoot(let what):
        return
          "greeter \(what) must run as root, as the greeters' files are root's: sudo bingwall greeter \(what)"
      case .noGreeter(let detail): return "no greeter bingwall can set is installed (\(detail))"
      case .gdm:
        return
          "GDM has no supported way to change its picture (gnome-shell #3877); bingwall changes nothing there"
      case .noUser(let name): return "no user called '\(name)' on this system"
      case .file(let message): return message
      }
    }
  }

  static let rootVariable = "BINGWALL_GREETER_ROOT"

  let context: Context
  /// The folder every system path is under: `/` but in tests.
  let root: String

  package init(context: Context) {
    self.context = context
    let configured = context.environment[Self.rootVariable] ?? ""
    root = configured.hasPrefix("/") ? String(configured.reversed().drop { $0 == "/" }.reversed()) : ""
  }

  /// The picture's place, as the greeters are told it (never under the test root).
  package static let picturePath = "/var/lib/bingwall/greeter.jpg"

  func onDisk(_ path: String) -> String { root + path }

  /// The greeters bingwall knows, SDDM's with the file of the theme its config names.
  var greeters: [Greeter] {
    var list = [
      Greeter(
        name: "lightdm-gtk-greeter", program: "/usr/sbin/lightdm-gtk-greeter",
        file: "/etc/lightdm/lightdm-gtk-greeter.conf", section: "greeter", key: "background"),
      Greeter(
        name: "slick-greeter", program: "/usr/sbin/slick-greeter", file: "/etc/lightdm/slick-greeter.conf",
        section: "Greeter", key: "background"),
    ]
    if let theme = sddmTheme() {
      list.append(
        Greeter(
          name: "sddm", program: "/usr/bin/sddm", file: "/usr/share/sddm/themes/\(theme)/theme.conf.user",
          section: "General", key: "background"))
    }
    return list
  }

  /// The theme SDDM shows when no config names one: Debian builds it with `Current=debian-theme`
  /// (what `sddm --example-config` prints), an alternatives link to the installed Debian theme.
  /// Upstream's default is SDDM's embedded theme, which has no folder to put a file in.
  static let debianDefaultTheme = "debian-theme"

  /// `[Theme] Current` of `/etc/sddm.conf` and `/etc/sddm.conf.d/*.conf` (the last one read wins,
  /// as SDDM reads them), else Debian's default when its folder is there; nil when neither, or
  /// for a name that is not a plain folder name.
  func sddmTheme() -> String? {
    var files = [onDisk("/etc/sddm.conf")]
    if let names = try? FileManager.default.contentsOfDirectory(atPath: onDisk("/etc/sddm.conf.d")) {
      files = names.filter { $0.hasSuffix(".conf") }.sorted().map { onDisk("/etc/sddm.conf.d/") + $0 } + files
    }
    var theme: String?
    for file in files {
      guard
        let text = (try? FileContents.read(file)).flatMap({ $0 }).map({ String(decoding: $0, as: UTF8.self) })
      else { continue }
      if let value = INILines(text).value("Current", inSection: "Theme") { theme = value }
    }
    if theme == nil, access(onDisk("/usr/share/sddm/themes/\(Self.debianDefaultTheme)"), F_OK) == 0 {
      theme = Self.debianDefaultTheme
    }
    guard let theme, !theme.isEmpty, !theme.contains("/"), theme != ".", theme != ".." else { return nil }
    return theme
  }

  /// The display manager `/etc/X11/default-display-manager` names (`lightdm`, `sddm`, `gdm3`).
  func displayManager() -> String? {
    guard let bytes = (try? FileContents.read(onDisk("/etc/X11/default-display-manager"))).flatMap({ $0 })
    else {
      return nil
    }
    let path = String(decoding: bytes, as: UTF8.self).trimmed()
    return path.split(separator: "/").last.map(String.init)
  }

  /// LightDM's greeter: `greeter-session` of `[Seat:*]`, Debian's default otherwise.
  func lightdmGreeter() -> String {
    let text = (try? FileContents.read(onDisk("/etc/lightdm/lightdm.conf"))).flatMap { $0 }.map {
      String(decoding: $0, as: UTF8.self)
    }
    return text.flatMap { INILines($0).value("greeter-session", inSection: "Seat:*") }
      ?? "lightdm-gtk-greeter"
  }

  package func status() -> [State] {
    let manager = displayManager()
    return greeters.map { greeter in
      let installed = access(onDisk(greeter.program), X_OK) == 0
      let active =
        greeter.name == "sddm" ? manager == "sddm" : manager == "lightdm" && lightdmGreeter() == greeter.name
      let text = (try? FileContents.read(onDisk(greeter.file))).flatMap { $0 }.map {
        String(decoding: $0, as: UTF8.self)
      }
      return State(
        greeter: greeter, installed: installed, active: active,
        picture: text.flatMap { MarkedSetting.value(greeter.key, in: $0) })
    }
  }

  /// Copies `picture` into place and names it in every installed greeter's config; returns the
  /// greeters set.
  package func set(picture: String) throws -> [State] {
    try requireRoot("set")
    let installed = status().filter(\.installed)
    guard !installed.isEmpty else {
      if displayManager() == "gdm3" || displayManager() == "gdm" { throw Failure.gdm }
      throw Failure.noGreeter("lightdm-gtk-greeter, slick-greeter or sddm with a theme in sddm.conf")
    }
    guard let bytes = try FileContents.read(picture, limit: 256 << 20) else {
      throw Failure.file("cannot read \(picture): it is gone")
    }
    let folder = onDisk(Paths.parent(of: Self.picturePath))
    try Paths.ensureDirectory(Paths.parent(of: folder))
    if mkdir(folder, 0o755) != 0, errno != EEXIST {
      throw FileError.system(operation: "create", path: folder, errno: errno)
    }
    chmod(folder, 0o755)
    // Readable by the greeter's own user (lightdm, sddm), which is not ours.
    try AtomicFile.write(Data(bytes), to: onDisk(Self.picturePath), mode: 0o644)
    for state in installed {
      let file = onDisk(state.greeter.file)
      let text = try FileContents.read(file).map { String(decoding: $0, as: UTF8.self) }
      let edited = MarkedSetting.set(
        state.greeter.key, to: Self.picturePath, inSection: state.greeter.section, of: text)
      try Paths.ensureDirectory(Paths.parent(of: file))
      try AtomicFile.write(Data(edited.utf8), to: file, mode: Self.mode(of: file))
    }
    return status().filter(\.installed)
  }

  /// Puts each greeter's line back as it was and removes the picture; returns the greeters undone.
  package func unset() throws -> [State] {
    try requireRoot("unset")
    var undone: [State] = []
    for state in status() where state.picture != nil {
      let file = onDisk(state.greeter.file)
      guard let text = try FileContents.read(file).map({ String(decoding: $0, as: UTF8.self) }),
        let restored = MarkedSetting.unset(text)
      else { continue }
      switch restored {
      case .noFile: unlink(file)
      case .text(let text): try AtomicFile.write(Data(text.utf8), to: file, mode: Self.mode(of: file))
      }
      undone.append(state)
    }
    unlink(onDisk(Self.picturePath))
    return undone
  }

  func requireRoot(_ what: String) throws {
    guard geteuid() == 0 else { throw Failure.notRoot(what) }
  }

  /// The file's mode, 0644 for a new one: a greeter's config is read by its own user.
  static func mode(of path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o644
  }
}
