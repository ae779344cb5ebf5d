import BingWallImage
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall greeter`: a stored picture on the login screen. Run as root, since the greeters'
/// files are root's: the picture is read and made again as its owner (`picture(_:user:)`),
/// checked and copied by root into `/var/lib/bingwall/greeter.jpg` (readable by the greeter's
/// user), and each installed
/// greeter's config names it, through the one line bingwall owns (`MarkedSetting`), which
/// `unset` puts back as it was.
///
/// `BINGWALL_GREETER_ROOT` puts every system path under another folder: for tests, which must
/// not touch the machine's `/etc`.
package struct LoginScreen {
  /// A greeter bingwall knows, where it keeps its picture.
  package struct Greeter: Sendable, Equatable {
    package var name: String
    /// The programs whose presence says it is installed (any one).
    var programs: [String]
    /// The config file and the key, in the greeter's own terms; an empty file for none.
    package var file: String
    var section: String
    var key: String
    /// What the key is set to: the picture's path, or its `file://` URL.
    var value: String = LoginScreen.picturePath
    /// Why bingwall cannot set it, nil when it can.
    package var unsettable: String? = nil
    /// The file is rewritten where it stands (`InPlaceFile`), not replaced: its folder is one
    /// the daily service may not write (`/etc` itself), so the unit makes the file alone
    /// writable (`writablePaths`).
    var writtenInPlace = false
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

  /// The files read and written: the context's.
  var files: any FileSystem { context.fileSystem }

  /// The text of the file at `path` under the root, nil when there is none or it cannot be read.
  func text(_ path: String) -> String? {
    (try? files.contents(of: onDisk(path))).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
  }

  /// The greeters bingwall knows: the ones it sets, then GDM, which it names but cannot set.
  var greeters: [Greeter] {
    let theme = sddmTheme()
    return [
      Greeter(
        name: "lightdm-gtk-greeter", programs: ["/usr/sbin/lightdm-gtk-greeter"],
        file: "/etc/lightdm/lightdm-gtk-greeter.conf", section: "greeter", key: "background"),
      Greeter(
        name: "slick-greeter", programs: ["/usr/sbin/slick-greeter"], file: "/etc/lightdm/slick-greeter.conf",
        section: "Greeter", key: "background"),
      Greeter(
        name: "sddm", programs: ["/usr/bin/sddm"],
        file: theme.map { "/usr/share/sddm/themes/\($0)/theme.conf.user" } ?? "", section: "General",
        key: "background",
        unsettable: theme == nil
          ? "no theme folder to put its picture in: sddm.conf names none, or SDDM's own built-in theme" : nil),
      plasmaLogin,
      Greeter(
        name: "gdm", programs: ["/usr/sbin/gdm3", "/usr/sbin/gdm"], file: "", section: "", key: "",
        unsettable: "GDM has no supported way to change its picture (gnome-shell #3877)"),
    ]
  }

  /// Plasma Login Manager (KDE's login screen since Plasma 6.6). Its wallpaper is drawn by
  /// `plasma-login-wallpaper` with the plugin `[Greeter] WallpaperPluginId` names (default
  /// `org.kde.image`), configured in the group `[Greeter][Wallpaper][<plugin>][General]`: for
  /// org.kde.image the key `Image`, a file URL (KDE/plasma-login-manager,
  /// src/frontend/wallpaper/wallpaperapp.cpp and src/frontend/kcm/kcm.cpp, which writes it;
  /// src/frontend/settings/plasmaloginsettingsdefaults.cpp has the default plugin).
  /// The file is `/etc/plasmalogin.conf`: the settings open it as their main file and add
  /// `/etc/plasmalogin.conf.d/*`, `/usr/lib/plasmalogin/defaults.conf` and
  /// `/usr/lib/plasmalogin/plasmalogin.conf.d/*` as further sources
  /// (src/frontend/settings/plasmaloginsettings.cpp), and KConfig reads its main file last, so
  /// its lines win over every drop-in; it is also the file System Settings saves. A drop-in in
  /// `/etc/plasmalogin.conf.d` would lose to the `Image` System Settings wrote there, so the
  /// file itself is written, in place: its folder is `/etc`, which the daily service may not
  /// write (`writablePaths`).
  var plasmaLogin: Greeter {
    let file = "/etc/plasmalogin.conf"
    var greeter = Greeter(
      name: "plasmalogin", programs: ["/usr/bin/plasmalogin"], file: file,
      section: "Greeter][Wallpaper][org.kde.image][General", key: "Image", value: "file://" + Self.picturePath
    )
    greeter.writtenInPlace = true
    let text = text(file)
    if let plugin = text.flatMap({ INILines($0).value("WallpaperPluginId", inSection: "Greeter") }),
      !plugin.isEmpty, plugin != "org.kde.image"
    {
      greeter.unsettable =
        "its wallpaper is '\(plugin)', not a picture (org.kde.image); choose 'Image' in System Settings, Login Screen"
    }
    return greeter
  }

  /// The theme SDDM shows when no config names one: Debian builds it with `Current=debian-theme`
  /// (what `sddm --example-config` prints), an alternatives link to the installed Debian theme.
  /// Upstream's default is SDDM's embedded theme, which has no folder to put a file in.
  static let debianDefaultTheme = "debian-theme"

  /// `[Theme] Current` of `/etc/sddm.conf` and `/etc/sddm.conf.d/*.conf` (the last one read wins,
  /// as SDDM reads them), else Debian's default when its folder is there; nil when neither, or
  /// for a name that is not a plain folder name.
  func sddmTheme() -> String? {
    var configs = ["/etc/sddm.conf"]
    if let names = try? files.names(in: onDisk("/etc/sddm.conf.d")) {
      configs = names.filter { $0.hasSuffix(".conf") }.sorted().map { "/etc/sddm.conf.d/" + $0 } + configs
    }
    var theme: String?
    for config in configs {
      guard let text = text(config) else { continue }
      if let value = INILines(text).value("Current", inSection: "Theme") { theme = value }
    }
    if theme == nil, files.exists(onDisk("/usr/share/sddm/themes/\(Self.debianDefaultTheme)")) {
      theme = Self.debianDefaultTheme
    }
    guard let theme, !theme.isEmpty, !theme.contains("/"), theme != ".", theme != ".." else { return nil }
    return theme
  }

  /// The display manager `/etc/X11/default-display-manager` names (`lightdm`, `sddm`, `gdm3`,
  /// Debian's way), else the unit systemd's `display-manager.service` links to (`gdm`,
  /// `plasmalogin`: Fedora's way).
  func displayManager() -> String? {
    if let path = text("/etc/X11/default-display-manager")?.trimmed() {
      return path.split(separator: "/").last.map(String.init)
    }
    guard let target = files.destination(ofLink: onDisk("/etc/systemd/system/display-manager.service")),
      let unit = target.split(separator: "/").last, unit.hasSuffix(".service")
    else { return nil }
    return String(unit.dropLast(".service".count))
  }

  /// Whether `manager` (as `displayManager` names it) shows `greeter`.
  func isShown(_ greeter: Greeter, by manager: String?) -> Bool {
    switch greeter.name {
    case "sddm", "plasmalogin": return manager == greeter.name
    case "gdm": return manager == "gdm3" || manager == "gdm"
    default: return manager == "lightdm" && lightdmGreeter() == greeter.name
    }
  }

  /// LightDM's greeter: `greeter-session` of `[Seat:*]`, Debian's default otherwise.
  func lightdmGreeter() -> String {
    return text("/etc/lightdm/lightdm.conf").flatMap {
      INILines($0).value("greeter-session", inSection: "Seat:*")
    }
      ?? "lightdm-gtk-greeter"
  }

  package func status() -> [State] {
    let manager = displayManager()
    return greeters.map { greeter in
      let installed = greeter.programs.contains { access(onDisk($0), X_OK) == 0 }
      let text = greeter.file.isEmpty ? nil : text(greeter.file)
      let value = text.flatMap { MarkedSetting.value(greeter.key, in: $0) }
      return State(
        greeter: greeter, installed: installed, active: isShown(greeter, by: manager),
        picture: value.map { $0.hasPrefix("file://") ? String($0.dropFirst("file://".count)) : $0 })
    }
  }

  /// Puts the picture `selector` names in `user`'s history on the login screen: read and made
  /// again as her, checked and copied by root into its own file, named in every installed
  /// greeter's config. Returns
  /// the greeters set and the picture.
  package func set(_ selector: PictureSelector, user: String?) throws -> (
    greeters: [State], picture: UserPicture
  ) {
    try requireRoot("set")
    let installed = status().filter { $0.installed && $0.greeter.unsettable == nil }
    guard !installed.isEmpty else {
      if status().contains(where: { $0.greeter.name == "gdm" && ($0.active || $0.installed) }) {
        throw Failure.gdm
      }
      throw Failure.noGreeter(
        "lightdm-gtk-greeter, slick-greeter, sddm with a theme in sddm.conf, or plasmalogin")
    }
    let picture = try self.picture(selector, user: user)
    try publish(picture)
    for state in installed {
      let file = onDisk(state.greeter.file)
      let text = try files.contents(of: file).map { String(decoding: $0, as: UTF8.self) }
      let edited = MarkedSetting.set(
        state.greeter.key, to: state.greeter.value, inSection: state.greeter.section, of: text)
      // The daily run finds its own line already there: nothing written, nothing to tear.
      guard edited != text else { continue }
      try write(edited, to: file, for: state.greeter)
    }
    return (status().filter { $0.installed && $0.greeter.unsettable == nil }, picture)
  }

  /// Publishes `picture` as it came, checked already (`PlainJPEG`): its bytes copied, never
  /// decoded, into root's own file, mode 0644 (the greeter's user reads it), atomically.
  func publish(_ picture: UserPicture) throws {
    let folder = onDisk(Paths.parent(of: Self.picturePath))
    try Paths.ensureDirectory(Paths.parent(of: folder))
    if mkdir(folder, 0o755) != 0, errno != EEXIST {
      throw FileError.system(operation: "create", path: folder, errno: errno)
    }
    chmod(folder, 0o755)
    try AtomicFile.write(picture.jpeg.bytes, to: onDisk(Self.picturePath), mode: 0o644)
  }

  /// Puts each greeter's line back as it was and removes the picture; returns the greeters undone.
  package func unset() throws -> [State] {
    try requireRoot("unset")
    var undone: [State] = []
    for state in status() where state.picture != nil && !state.greeter.file.isEmpty {
      let file = onDisk(state.greeter.file)
      guard let text = try files.contents(of: file).map({ String(decoding: $0, as: UTF8.self) }),
        let restored = MarkedSetting.unset(text)
      else { continue }
      switch restored {
      case .noFile: try? files.removeFile(file)
      case .text(let text): try write(text, to: file, for: state.greeter)
      }
      undone.append(state)
    }
    try? files.removeFile(onDisk(Self.picturePath))
    return undone
  }

  /// Writes a greeter's config: replaced atomically in its folder, or rewritten in place where
  /// the folder is not the service's to write (`Greeter.writtenInPlace`).
  func write(_ text: String, to file: String, for greeter: Greeter) throws {
    if greeter.writtenInPlace {
      do throws(FileError) {
        try InPlaceFile.write(Data(text.utf8), to: file, mode: mode(of: file))
      } catch {
        guard case .system(_, _, let code) = error, code == EROFS else { throw error }
        // The timer's sandbox makes writable only the files that were there at `greeter
        // enable`: a greeter installed since has a file it cannot create.
        throw Failure.file(
          "cannot write \(file): read-only to the login-screen timer, which was enabled before it existed; "
            + "run 'sudo bingwall greeter enable' again")
      }
    } else {
      try files.makeFolder(Paths.parent(of: file))
      try files.writeAtomically(Array(text.utf8), to: file, mode: mode(of: file))
    }
  }

  func requireRoot(_ what: String) throws {
    guard geteuid() == 0 else { throw Failure.notRoot(what) }
  }

  /// The file's mode, 0644 for a new one: a greeter's config is read by its own user.
  func mode(of path: String) -> mode_t {
    files.status(of: path, followingLinks: true)?.mode ?? 0o644
  }
}
