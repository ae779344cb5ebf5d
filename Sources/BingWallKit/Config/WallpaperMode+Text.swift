import BingWallDesktop

// config `mode` stores the mode by its name.
extension WallpaperMode: LosslessStringConvertible {
  package init?(_ description: String) { self.init(rawValue: description) }
  package var description: String { rawValue }
}
