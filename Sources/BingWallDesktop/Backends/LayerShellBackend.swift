/// A setter that draws the wallpaper on a wlr-layer-shell surface of its own (a swaybg it
/// starts, a daemon it brings or the user's): it needs only a Wayland compositor that speaks the
/// protocol, so it is a fallback for any Wayland session, and it names each output.
protocol LayerShellBackend: WallpaperBackend {}

extension LayerShellBackend {
  var need: SessionNeed { .wayland }
  var fallback: DisplayServer? { .wayland }
  var pictureScope: PictureScope { .eachOutput }
}
