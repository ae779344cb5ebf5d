/// One X11 root-window setter that takes a flag per mode and the picture: what makes the one
/// `FlagToolBackend` into feh, xwallpaper, nitrogen or hsetroot.
struct FlagTool: Sendable {
  /// The backend name, which is also the program run.
  let name: String
  /// The flag per mode; `auto` is `fill`.
  let modeTable: [WallpaperMode: String]
  /// Words between the mode flag and the picture.
  let extraArguments: [String]
  let need: SessionNeed
  /// Where the tool writes down the picture it set, for tools that do.
  let record: PictureRecord?
  /// What one picture covers: the whole root window, given `spanArguments`, for the tools that
  /// can be told to ignore the monitors; the primary monitor's shape, each monitor scaling it,
  /// for the others.
  var scope: PictureScope = .everyOutput
  /// Words that make the tool draw one picture over the whole root window instead of once per
  /// monitor, for a canvas made for the layout.
  var spanArguments: [String] = []

  /// Sets the picture and writes `~/.fehbg` (a shell script that restores it) unless told
  /// `--no-fehbg`. We keep that file: it is the only place the choice can be read back from, and many
  /// window manager setups already run it at login.
  static let feh = FlagTool(
    name: "feh",
    modeTable: [
      .fill: "--bg-fill", .fit: "--bg-max", .stretch: "--bg-scale", .center: "--bg-center",
      .tile: "--bg-tile",
    ], extraArguments: [], need: .x11, record: .fehbg, scope: .layout, spanArguments: ["--no-xinerama"])

  /// A small setter with no state file to read back.
  static let xwallpaper = FlagTool(
    name: "xwallpaper",
    modeTable: [
      .fill: "--zoom", .fit: "--maximize", .stretch: "--stretch", .center: "--center", .tile: "--tile",
    ],
    extraArguments: [], need: .x11, record: nil, scope: .layout, spanArguments: ["--no-randr"])

  /// `--save` keeps the choice, so `nitrogen --restore` at login brings it back and we can read it
  /// back from `bg-saved.cfg`.
  static let nitrogen = FlagTool(
    name: "nitrogen",
    modeTable: [
      .fill: "--set-zoom-fill", .fit: "--set-zoom", .stretch: "--set-scaled", .center: "--set-centered",
      .tile: "--set-tiled",
    ], extraArguments: ["--save"], need: .x11, record: .nitrogenSavedConfig)

  /// No state file to read back. Its flag names mislead: `-fill` stretches the picture, and the
  /// cropping fill is `-cover`.
  static let hsetroot = FlagTool(
    name: "hsetroot",
    modeTable: [.fill: "-cover", .fit: "-full", .stretch: "-fill", .center: "-center", .tile: "-tile"],
    extraArguments: [], need: .x11, record: nil)

  /// The argument vector for `request`.
  func arguments(for request: WallpaperRequest) -> [String] {
    [name] + (request.spansOutputs ? spanArguments : []) + [modeTable[request.mode.explicit]!]
      + extraArguments
      + [request.path]
  }
}
