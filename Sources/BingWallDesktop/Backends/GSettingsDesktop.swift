import BingWallSystem

/// What one GNOME-family desktop keeps where: the values that make the one `GSettingsBackend` into
/// GNOME's, Cinnamon's, MATE's or Deepin's.
///
/// They share gsettings, the `picture-options` key and its mode names; they differ in schema, in
/// whether the picture is a URI or a path, in a dark-style copy and in the lock screen.
struct GSettingsDesktop: Sendable {
  /// How the picture key wants the picture.
  enum PictureForm: Sendable {
    /// A `file://` URI (`picture-uri`).
    case uri
    /// A plain absolute path (MATE's `picture-filename`).
    case path
  }

  /// What setting the lock screen picture means on this desktop.
  enum LockScreen: Sendable {
    /// The desktop has no lock screen picture of its own to set.
    case none
    /// The lock screen shows the desktop background, so setting one sets both.
    case sameAsDesktop
    /// Its own key, set to the picture in the same form as the desktop's.
    case key(schema: String, key: String)
    /// `key` for the screensavers that read it (Budgie's, Unity's); under GNOME Shell 3.36 and
    /// later none does: its lock screen is the desktop picture, blurred by the shell itself.
    case keyUnlessShell(schema: String, key: String)
  }

  /// The `XDG_CURRENT_DESKTOP` names of the desktops in GNOME's row whose lock screen is not
  /// GNOME Shell's.
  static let ownScreensavers: Set<String> = ["budgie", "budgie-desktop", "unity"]

  /// What `--lock-screen` says under GNOME Shell, where writing the screensaver key would do
  /// nothing.
  static let shellLockNote =
    "GNOME Shell's lock screen shows the desktop picture, blurred by the shell; there is no other picture to set"

  /// The backend name.
  let name: String
  /// The schema holding `picture-options` and the picture key.
  let schema: String
  let pictureKey: String
  let pictureForm: PictureForm
  /// A second picture key for dark style, set where the schema has it (GNOME 42+).
  let darkPictureKey: String?
  let lockScreen: LockScreen
  /// `XDG_CURRENT_DESKTOP` names that mean this desktop, lower-cased.
  let desktops: Set<String>
  /// `DESKTOP_SESSION` names that do, consulted only when `XDG_CURRENT_DESKTOP` is unset.
  let sessions: Set<String>
  /// Whether detection also asks for `schema` to be installed: where the desktop's name does not
  /// promise it (Deepin V23 has dropped the wrapped GNOME schema), auto must fall through to the
  /// next choice rather than pick a backend whose first `gsettings set` fails.
  var detectionNeedsSchema = false
  /// `picture-options` per mode; `auto` leaves the setting alone.
  var modeTable: [WallpaperMode: String] { Self.pictureOptions }

  /// `picture-options` for one picture over every monitor, in every schema of the family.
  static let spanned = "spanned"

  /// The GNOME names, which the other schemas copy.
  static let pictureOptions: [WallpaperMode: String] = [
    .fill: "zoom", .fit: "scaled", .stretch: "stretched", .center: "centered", .tile: "wallpaper",
  ]

  /// GNOME and the desktops built on its settings (Unity, Budgie, Pop, Ubuntu's session). With only
  /// `picture-uri`, a desktop in dark style would keep its old picture.
  static let gnome = GSettingsDesktop(
    name: "gnome", schema: "org.gnome.desktop.background", pictureKey: "picture-uri", pictureForm: .uri,
    darkPictureKey: "picture-uri-dark",
    lockScreen: .keyUnlessShell(schema: "org.gnome.desktop.screensaver", key: "picture-uri"),
    desktops: ["gnome", "unity", "budgie", "budgie-desktop", "pop", "ubuntu"],
    sessions: ["gnome", "ubuntu", "pop", "budgie-desktop"])

  /// Cinnamon: GNOME's keys under its own schema, without a dark-style key. Its screensaver shows
  /// the desktop background.
  static let cinnamon = GSettingsDesktop(
    name: "cinnamon", schema: "org.cinnamon.desktop.background", pictureKey: "picture-uri", pictureForm: .uri,
    darkPictureKey: nil, lockScreen: .sameAsDesktop, desktops: ["x-cinnamon", "cinnamon"],
    sessions: ["cinnamon", "cinnamon2d"])

  /// MATE, which takes a plain path where GNOME takes a URI.
  static let mate = GSettingsDesktop(
    name: "mate", schema: "org.mate.background", pictureKey: "picture-filename", pictureForm: .path,
    darkPictureKey: nil, lockScreen: .none, desktops: ["mate"], sessions: ["mate"])

  /// Deepin (DDE), through the GNOME schema its daemon mirrors. The least certain backend: V20 and
  /// V23 also offer D-Bus calls on their Appearance service (`com.deepin.daemon.Appearance`,
  /// `org.deepin.dde.Appearance1`), which differ between versions; the wrapped GNOME schema is the one
  /// interface both read.
  static let deepin: GSettingsDesktop = {
    var deepin = GSettingsDesktop(
      name: "deepin", schema: "com.deepin.wrap.gnome.desktop.background", pictureKey: "picture-uri",
      pictureForm: .uri, darkPictureKey: nil, lockScreen: .none, desktops: ["deepin", "dde"],
      sessions: ["deepin", "dde"])
    deepin.detectionNeedsSchema = true
    return deepin
  }()

  /// The picture of `request` as the picture key takes it.
  func value(for request: WallpaperRequest) -> String {
    value(for: request.path)
  }

  /// The picture at `path` in the key's form.
  func value(for path: String) -> String {
    pictureForm == .uri ? FileURI.make(path) : path
  }

  /// The path a stored picture value names, nil for an empty or foreign one.
  func path(fromStored value: String) -> String? {
    switch pictureForm {
    case .uri: return FileURI.path(of: value).flatMap { $0.isEmpty ? nil : $0 }
    case .path: return value.hasPrefix("/") ? value : nil
    }
  }
}
