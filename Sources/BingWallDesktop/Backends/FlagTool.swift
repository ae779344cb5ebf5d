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
  /// What one picture covers: each monitor its own, for the tools that can address one
  /// (`perMonitor`); the primary monitor's shape, each monitor scaling it, for the others.
  var scope: PictureScope { perMonitor == nil ? .everyOutput : .eachOutput }
  /// How it gives each monitor its own picture; nil where it cannot.
  var perMonitor: PerMonitor?
  /// Words that make the tool draw one picture over the whole root window instead of once per
  /// monitor, for a canvas made for the layout (where `perMonitor` cannot reach every monitor).
  var spanArguments: [String] = []

  /// The ways root-window setters address one monitor.
  enum PerMonitor: Sendable {
    /// One run with a picture per Xinerama head, in head order (feh).
    case picturesInHeadOrder
    /// One run per Xinerama head, `--head=N` (nitrogen, which keeps the other heads' pictures).
    case headFlag
    /// One run, `--output NAME` before each picture (xwallpaper). It names RandR outputs, not
    /// monitors: a monitor drawn with `xrandr --setmonitor` is "not found" (and the run still
    /// exits 0), so such a layout gets one canvas instead.
    case outputFlag
  }

  /// Sets the picture and writes `~/.fehbg` (a shell script that restores it) unless told
  /// `--no-fehbg`. We keep that file: it is the only place the choice can be read back from, and many
  /// window manager setups already run it at login.
  static let feh = FlagTool(
    name: "feh",
    modeTable: [
      .fill: "--bg-fill", .fit: "--bg-max", .stretch: "--bg-scale", .center: "--bg-center",
      .tile: "--bg-tile",
    ], extraArguments: [], need: .x11, record: .fehbg, perMonitor: .picturesInHeadOrder)

  /// A small setter with no state file to read back.
  static let xwallpaper = FlagTool(
    name: "xwallpaper",
    modeTable: [
      .fill: "--zoom", .fit: "--maximize", .stretch: "--stretch", .center: "--center", .tile: "--tile",
    ],
    extraArguments: [], need: .x11, record: nil, perMonitor: .outputFlag,
    spanArguments: ["--no-randr"])

  /// `--save` keeps the choice, so `nitrogen --restore` at login brings it back and we can read it
  /// back from `bg-saved.cfg`.
  static let nitrogen = FlagTool(
    name: "nitrogen",
    modeTable: [
      .fill: "--set-zoom-fill", .fit: "--set-zoom", .stretch: "--set-scaled", .center: "--set-centered",
      .tile: "--set-tiled",
    ], extraArguments: ["--save"], need: .x11, record: .nitrogenSavedConfig,
    perMonitor: .headFlag)

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

  /// The argument vectors that give each monitor its picture: `monitors` are the outputs'
  /// names and requests in Xinerama's order (RandR's: the primary first). Empty for a tool that
  /// cannot.
  func arguments(forEach monitors: [(name: String, request: WallpaperRequest)]) -> [[String]] {
    switch perMonitor {
    case nil:
      return []
    case .picturesInHeadOrder:
      // One mode for all: feh takes one; the pictures made per monitor are all set alike.
      guard let first = monitors.first else { return [] }
      return [
        [name, modeTable[first.request.mode.explicit]!] + extraArguments + monitors.map(\.request.path)
      ]
    case .headFlag:
      return monitors.enumerated().map { head, monitor in
        [name, "--head=\(head)", modeTable[monitor.request.mode.explicit]!] + extraArguments
          + [monitor.request.path]
      }
    case .outputFlag:
      return [
        [name]
          + monitors.flatMap { monitor in
            ["--output", monitor.name, modeTable[monitor.request.mode.explicit]!] + extraArguments
              + [monitor.request.path]
          }
      ]
    }
  }
}
