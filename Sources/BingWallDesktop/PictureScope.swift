/// What one picture set by a backend covers, which decides the shape bingwall makes it in.
package enum PictureScope: String, Sendable, CaseIterable {
  /// Each screen its own picture (`setEach`), made at the screen's size: sway, swaybg, XFCE,
  /// KDE, Hyprland, swww, wpaperd, feh, nitrogen, xwallpaper.
  case eachOutput = "each"
  /// One picture over the whole layout (the X root window, GNOME's `spanned`): made as one
  /// canvas, each screen's crop at its place.
  case layout
  /// One picture shown on every screen, each scaling it itself: made at the primary screen's
  /// shape, so that screen stretches nothing.
  case everyOutput = "every"
  /// The file is given as it is and the desktop scales it.
  case asIs = "as-is"

  /// What the man page says the backends of this scope are given with fill or fit.
  package var manualPhrase: String {
    switch self {
    case .eachOutput: "each screen a picture of its own, made at its size"
    case .layout: "one canvas as large as the layout, each screen's picture at its place"
    case .everyOutput: "one picture at the primary screen's shape, which every screen scales"
    case .asIs: "the file as it is"
    }
  }

  /// What `bingwall outputs` says of a backend with this scope.
  package func sentence(backend: String) -> String {
    switch self {
    case .eachOutput: "\(backend) gives each output a picture of its own, made at its size."
    case .layout: "\(backend) sets one picture across every output, made as one canvas of them all."
    case .everyOutput: "\(backend) shows one picture on every output, made at the primary output's shape."
    case .asIs: "\(backend) sets the picture as it is on every output."
    }
  }
}
