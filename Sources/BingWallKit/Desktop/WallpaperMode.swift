/// How a picture fills the screen: the values of `mode` and `--mode`.
public enum WallpaperMode {
  /// `auto` leaves a desktop's own scaling setting alone; tools that need a flag get `fill`.
  public static let all: [String] = ["auto", "fill", "fit", "stretch", "center", "tile"]
}
